//! PDF export with printpdf: fonts embedded and subset, every length exact.
//!
//! Each page starts with one transform that maps the scene's millimetres (origin
//! top left, y down) onto PDF points (origin bottom left, y up). After it, every
//! coordinate, line width and font size is written in millimetres as the scene
//! holds it, so nothing is converted item by item; text gets a text matrix that
//! turns it upright again.
//!
//! printpdf draws its ids from a process-wide counter, which would make a PDF's
//! bytes depend on what else the process built before. So fonts get ids derived
//! from the glyphs they carry, and the trailer's /ID is a hash of the content:
//! the same scene always gives the same bytes.

use std::collections::hash_map::DefaultHasher;

use super::pdf_file;
use std::hash::{Hash, Hasher};

use std::collections::BTreeMap;
use std::sync::Arc;

use printpdf::{
    Color as PdfColor, CurTransMat, DictItem, ExternalStream, ExternalXObject, FontId, LineDashPattern, LinePoint, Op,
    PaintMode, ParsedFont, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Point as PdfPoint, Polygon,
    PolygonRing, Pt, Rgb, TextItem, TextMatrix, WindingOrder, XObject, XObjectId, XObjectTransform,
};

use crate::font::FontFace;
use crate::geom::{KAPPA, MM_PER_PT, Mm, Point};
use crate::print::Flip;
use crate::scene::color::Color;
use crate::scene::item::{Item, PathCmd, Shape, Symbol};
use crate::scene::page::Document;
use crate::scene::picture::{Picture, PictureData};
use crate::scene::style::Stroke;

/// Writes a document as a PDF file into `out`, and returns its length in
/// bytes. Fails when writing fails, or when a picture left in its file can
/// no longer be read as it was checked.
pub fn write(doc: &Document, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.producer = "pitchprint".to_string();
    pdf.metadata.info.creator = "pitchprint".to_string();

    let fonts = register_fonts(&mut pdf, doc);
    let pictures = register_pictures(&mut pdf, doc);
    let symbols = symbols(doc);
    let mut pages: Vec<PdfPage> = doc
        .pages
        .iter()
        .map(|page| {
            let mut ops = vec![Op::SetTransformationMatrix {
                matrix: CurTransMat::Raw([
                    (1.0 / MM_PER_PT) as f32,
                    0.0,
                    0.0,
                    (-1.0 / MM_PER_PT) as f32,
                    0.0,
                    page.size.h.to_pt() as f32,
                ]),
            }];
            for item in &page.items {
                item_ops(item, &fonts, &mut ops);
            }
            PdfPage::new(
                printpdf::Mm(page.size.w.0 as f32),
                printpdf::Mm(page.size.h.0 as f32),
                ops,
            )
        })
        .collect();
    // Each symbol's art goes on a page of its own after the document's, so
    // that printpdf writes its content with the fonts and pictures it uses
    // (and subsets the fonts for its glyphs too); those pages then become
    // the Form XObjects the document's pages draw ([`pages_to_forms`]).
    pages.extend(symbols.iter().map(|symbol| {
        let mut ops = Vec::new();
        for item in &symbol.items {
            item_ops(item, &fonts, &mut ops);
        }
        PdfPage::new(printpdf::Mm(1.0), printpdf::Mm(1.0), ops)
    }));

    let options = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        // Keep images as they are: no silent JPEG re-encoding.
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let pdf = pdf.with_pages(pages);
    let mut lo = pdf.to_lopdf_document(&options, &mut warnings);
    pages_to_forms(&mut lo, &symbols);
    set_print_boxes(&mut lo, doc);
    set_print_intent(&mut lo, doc);
    lo.compress();
    let lazy = lazy_pictures(&mut lo, &pictures);
    pdf_file::write(&lo, &lazy, out)
}

/// The image objects whose bytes stay out of the document until the file is
/// written ([`pdf_file::write`] reads them then), each found by the mark
/// [`register_pictures`] left on it, which goes.
fn lazy_pictures<'a>(
    lo: &mut lopdf::Document,
    pictures: &BTreeMap<String, &'a Picture>,
) -> BTreeMap<lopdf::ObjectId, pdf_file::Lazy<'a>> {
    let mut lazy = BTreeMap::new();
    for (id, object) in lo.objects.iter_mut() {
        let lopdf::Object::Stream(stream) = object else {
            continue;
        };
        let Some(name) = stream.dict.remove(LAZY_MARK) else {
            continue;
        };
        let picture = name
            .as_name()
            .ok()
            .and_then(|n| pictures.get(std::str::from_utf8(n).unwrap_or_default()));
        if let Some(picture) = picture {
            lazy.insert(*id, pdf_file::Lazy { picture });
        }
    }
    lazy
}

/// The key that marks an image stream whose bytes are its picture's file.
const LAZY_MARK: &[u8] = b"PitchprintPicture";

/// Every symbol the document places, once each, in the order first placed
/// (symbols placed inside symbols included).
fn symbols(doc: &Document) -> Vec<Arc<Symbol>> {
    fn go(items: &[Item], out: &mut Vec<Arc<Symbol>>) {
        for item in items {
            match &item.shape {
                Shape::Group { items, .. } => go(items, out),
                Shape::Use { symbol, .. } if !out.iter().any(|s| s.id == symbol.id) => {
                    out.push(symbol.clone());
                    go(&symbol.items, out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for page in &doc.pages {
        go(&page.items, &mut out);
    }
    out
}

/// How far a form's bounding box (a clip) reaches past its items' boxes:
/// glyphs may ink a little outside the text's box.
const FORM_MARGIN: Mm = Mm(5.0);

/// Turns the last pages, one for each symbol, into Form XObjects: each
/// page's content stream gets the form's dictionary (its box, the page's
/// resources) and joins the document's XObjects under the symbol's id, and
/// the page leaves the page tree.
fn pages_to_forms(lo: &mut lopdf::Document, symbols: &[Arc<Symbol>]) {
    use lopdf::Object;
    let all: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    let Some(first) = all.len().checked_sub(symbols.len()) else {
        return;
    };
    let forms = &all[first..];
    for (symbol, page_id) in symbols.iter().zip(forms) {
        let Ok(page) = lo.get_dictionary(*page_id) else {
            continue;
        };
        let (Ok(contents), Ok(resources)) = (
            page.get(b"Contents").and_then(Object::as_reference),
            page.get(b"Resources").and_then(Object::as_reference),
        ) else {
            continue;
        };
        let xobjects = lo
            .get_dictionary(resources)
            .and_then(|r| r.get(b"XObject"))
            .and_then(Object::as_reference);
        let bbox = symbol
            .items
            .iter()
            .filter_map(Item::bbox)
            .reduce(|a, b| a.union(&b))
            .unwrap_or(crate::geom::Rect::new(0.0, 0.0, 0.0, 0.0))
            .inset(-FORM_MARGIN);
        if let Ok(Object::Stream(stream)) = lo.get_object_mut(contents) {
            let dict = &mut stream.dict;
            dict.set("Type", Object::Name(b"XObject".to_vec()));
            dict.set("Subtype", Object::Name(b"Form".to_vec()));
            let corners = [bbox.x, bbox.y, bbox.right(), bbox.bottom()];
            dict.set(
                "BBox",
                Object::Array(corners.iter().map(|v| Object::Real(v.0 as f32)).collect()),
            );
            dict.set("Resources", Object::Reference(resources));
        }
        if let Ok(Object::Dictionary(d)) = xobjects.and_then(|x| lo.get_object_mut(x)) {
            d.set(symbol.id.as_bytes(), Object::Reference(contents));
        }
        lo.delete_object(*page_id);
    }
    let root = lo.trailer.get(b"Root").and_then(Object::as_reference);
    let tree = root
        .and_then(|r| lo.get_dictionary(r))
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference);
    if let Ok(Object::Dictionary(tree)) = tree.and_then(|t| lo.get_object_mut(t)) {
        if let Ok(Object::Array(kids)) = tree.get_mut(b"Kids") {
            kids.retain(|k| k.as_reference().map_or(true, |id| !forms.contains(&id)));
        }
        tree.set("Count", Object::Integer(first as i64));
    }
}

/// Sets TrimBox and BleedBox on the pages that are one finished piece (printpdf
/// writes a TrimBox equal to the MediaBox and no BleedBox).
fn set_print_boxes(lo: &mut lopdf::Document, doc: &Document) {
    let ids: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    for (page, id) in doc.pages.iter().zip(ids) {
        let h = page.size.h;
        let pdf_box = |r: &crate::geom::Rect| {
            lopdf::Object::Array(
                [
                    r.x.to_pt(),
                    (h - r.bottom()).to_pt(),
                    r.right().to_pt(),
                    (h - r.y).to_pt(),
                ]
                .into_iter()
                .map(|v| lopdf::Object::Real(v as f32))
                .collect(),
            )
        };
        if let Ok(dict) = lo.get_object_mut(id).and_then(|o| o.as_dict_mut()) {
            if let Some(trim) = &page.trim {
                dict.set("TrimBox", pdf_box(trim));
            }
            if let Some(bleed) = &page.bleed {
                dict.set("BleedBox", pdf_box(bleed));
            }
        }
    }
}

/// What a viewer and a preflight tool read before printing: the print dialog
/// opens at 100 % (`/PrintScaling /None`: a board shrunk to fit the page no
/// longer fits its counters), and the document information claims nothing it
/// is not. printpdf writes an empty `/GTS_PDFXVersion` (which preflight
/// tools read as a PDF/X claim, though the colours are RGB) and 1970 dates
/// (it has no clock, and neither may we): both go. The dialog is also told
/// how to turn the sheets (`/Duplex`, by the paper's edge as the backs were
/// placed, or `/Simplex`), and the document's language (`/Lang`) is given for
/// screen readers and hyphenation.
fn set_print_intent(lo: &mut lopdf::Document, doc: &Document) {
    let info = lo.trailer.get(b"Info").and_then(lopdf::Object::as_reference).ok();
    if let Some(dict) = info.and_then(|id| lo.get_object_mut(id).and_then(|o| o.as_dict_mut()).ok()) {
        for key in ["GTS_PDFXVersion", "CreationDate", "ModDate"] {
            dict.remove(key.as_bytes());
        }
        // Empty strings say nothing; leave them out.
        for key in ["Author", "Subject", "Keywords", "Identifier"] {
            let empty = dict
                .get(key.as_bytes())
                .and_then(lopdf::Object::as_str)
                .is_ok_and(<[u8]>::is_empty);
            if empty {
                dict.remove(key.as_bytes());
            }
        }
    }
    let root = lo.trailer.get(b"Root").and_then(lopdf::Object::as_reference).ok();
    if let Some(catalog) = root.and_then(|id| lo.get_object_mut(id).and_then(|o| o.as_dict_mut()).ok()) {
        let mut prefs = lopdf::Dictionary::new();
        prefs.set("PrintScaling", lopdf::Object::Name(b"None".to_vec()));
        let duplex: &[u8] = match doc.duplex {
            None => b"Simplex",
            Some(Flip::LongEdge) => b"DuplexFlipLongEdge",
            Some(Flip::ShortEdge) => b"DuplexFlipShortEdge",
        };
        prefs.set("Duplex", lopdf::Object::Name(duplex.to_vec()));
        catalog.set("ViewerPreferences", lopdf::Object::Dictionary(prefs));
        if let Some(lang) = &doc.lang {
            catalog.set("Lang", lopdf::Object::string_literal(lang.as_str()));
        }
    }
}

/// The fonts a document uses, each under an id made from its glyphs.
struct Fonts {
    ids: Vec<(FontFace, FontId)>,
}

impl Fonts {
    fn id(&self, face: FontFace) -> Option<&FontId> {
        self.ids.iter().find(|(f, _)| *f == face).map(|(_, id)| id)
    }
}

fn register_fonts(pdf: &mut PdfDocument, doc: &Document) -> Fonts {
    let mut ids = Vec::new();
    // DejaVu's faces in their order, then any font read from a file, by its
    // content: the same document embeds them in the same order.
    let mut faces = std::collections::BTreeSet::new();
    for page in &doc.pages {
        page.walk(&mut |item, _| {
            if let Shape::Text(run) = &item.shape {
                faces.insert(run.font);
            }
        });
    }
    for face in faces {
        let mut used: Vec<char> = Vec::new();
        for page in &doc.pages {
            page.walk(&mut |item, _| {
                if let Shape::Text(run) = &item.shape
                    && run.font == face
                {
                    used.extend(run.text.chars());
                }
            });
        }
        if used.is_empty() {
            continue;
        }
        used.sort_unstable();
        used.dedup();
        // Six capitals from the glyph set: the subset tag PDF readers expect.
        let mut h = DefaultHasher::new();
        (face, &used).hash(&mut h);
        let mut n = h.finish();
        let tag: String = (0..6)
            .map(|_| {
                let c = (b'A' + (n % 26) as u8) as char;
                n /= 26;
                c
            })
            .collect();
        let mut warnings = Vec::new();
        let Some(parsed) = ParsedFont::from_bytes(face.data(), 0, &mut warnings) else {
            continue;
        };
        let id = FontId(tag);
        pdf.resources.fonts.map.insert(id.clone(), PdfFont::new(parsed));
        ids.push((face, id));
    }
    Fonts { ids }
}

/// The XObject name of a picture: from its hash, so the same picture is one
/// object however often it is drawn, and the name is the same on every run.
fn picture_id(p: &Picture) -> XObjectId {
    XObjectId(format!("Im{}", p.id))
}

/// Embeds every picture once, as its own compressed data: a JPEG's bytes
/// (DCTDecode), a PNG's compressed rows (FlateDecode with the PNG
/// predictor); nothing is decoded or re-encoded on the way into the PDF.
/// Returns the pictures by id: the bytes of a file's own are read only when
/// the file is written.
fn register_pictures<'a>(pdf: &mut PdfDocument, doc: &'a Document) -> BTreeMap<String, &'a Picture> {
    let mut pictures = BTreeMap::new();
    for page in &doc.pages {
        page.walk(&mut |item, _| {
            if let Shape::Image { picture, .. } = &item.shape {
                let id = picture_id(picture);
                if pdf.resources.xobjects.map.contains_key(&id) {
                    return;
                }
                pictures.insert(picture.id.clone(), picture.as_ref());
                pdf.resources.xobjects.map.insert(
                    id,
                    XObject::External(ExternalXObject {
                        stream: picture_stream(picture),
                        width: None,
                        height: None,
                        dpi: None,
                    }),
                );
            }
        });
    }
    pictures
}

fn name(n: &str) -> DictItem {
    DictItem::Name(n.as_bytes().to_vec())
}

/// An image XObject's dictionary entries common to every picture.
fn image_dict(width: u32, height: u32, colours: u8) -> BTreeMap<String, DictItem> {
    let space = if colours == 1 { "DeviceGray" } else { "DeviceRGB" };
    BTreeMap::from([
        ("Type".to_string(), name("XObject")),
        ("Subtype".to_string(), name("Image")),
        ("Width".to_string(), DictItem::Int(i64::from(width))),
        ("Height".to_string(), DictItem::Int(i64::from(height))),
        ("ColorSpace".to_string(), name(space)),
        ("BitsPerComponent".to_string(), DictItem::Int(8)),
    ])
}

/// A stream of zlib-compressed PNG rows (each row led by its filter byte):
/// `/Predictor 15` tells the reader to undo whichever PNG filter each row
/// names, as a PNG decoder does.
fn flate_image(width: u32, height: u32, colours: u8, rows: Vec<u8>) -> ExternalStream {
    let mut dict = image_dict(width, height, colours);
    dict.insert("Filter".to_string(), name("FlateDecode"));
    let parms = BTreeMap::from([
        ("Predictor".to_string(), DictItem::Int(15)),
        ("Colors".to_string(), DictItem::Int(i64::from(colours))),
        ("BitsPerComponent".to_string(), DictItem::Int(8)),
        ("Columns".to_string(), DictItem::Int(i64::from(width))),
    ]);
    dict.insert("DecodeParms".to_string(), DictItem::Dict { map: parms });
    ExternalStream {
        dict,
        content: rows,
        compress: false,
    }
}

/// A picture's image stream; a PNG's alpha becomes its soft mask (`/SMask`,
/// an image of one grey sample a pixel), so what lies under it shows. A
/// stream whose bytes are the picture's file as it is (a JPEG, or a PNG's
/// rows) is left empty and marked: its bytes are copied from the file when
/// the PDF is written.
fn picture_stream(picture: &Picture) -> ExternalStream {
    let (w, h) = (picture.width, picture.height);
    let mark = |mut stream: ExternalStream| {
        stream
            .dict
            .insert(String::from_utf8_lossy(LAZY_MARK).into_owned(), name(&picture.id));
        stream
    };
    match &picture.data {
        PictureData::Jpeg(_) => {
            let mut dict = image_dict(w, h, 3);
            dict.insert("Filter".to_string(), name("DCTDecode"));
            mark(ExternalStream {
                dict,
                content: Vec::new(),
                compress: false,
            })
        }
        PictureData::Png(png) => match &png.planes {
            None => mark(flate_image(w, h, png.colours, Vec::new())),
            Some(planes) => {
                let mut stream = flate_image(w, h, png.colours, planes.colour.clone());
                let mask = flate_image(w, h, 1, planes.alpha.clone());
                stream
                    .dict
                    .insert("SMask".to_string(), DictItem::Stream { stream: mask });
                stream
            }
        },
    }
}

fn pdf_color(c: Color) -> PdfColor {
    PdfColor::Rgb(Rgb {
        r: c.r as f32 / 255.0,
        g: c.g as f32 / 255.0,
        b: c.b as f32 / 255.0,
        icc_profile: None,
    })
}

fn pt(p: Point) -> PdfPoint {
    // Under the page transform one unit is one millimetre.
    PdfPoint {
        x: Pt(p.x.0 as f32),
        y: Pt(p.y.0 as f32),
    }
}

fn set_stroke(s: &Stroke, ops: &mut Vec<Op>) {
    ops.push(Op::SetOutlineColor {
        col: pdf_color(s.color),
    });
    ops.push(Op::SetOutlineThickness {
        pt: Pt(s.width.0 as f32),
    });
    if !s.dash.is_empty() {
        let pattern: Vec<f32> = s.dash.iter().map(|d| d.0 as f32).collect();
        ops.push(Op::SetLineDashPattern {
            dash: LineDashPattern::new(0.0, &pattern),
        });
    }
}

fn paint_mode(item: &Item) -> Option<PaintMode> {
    match (item.style.fill.is_some(), item.style.stroke.is_some()) {
        (true, true) => Some(PaintMode::FillStroke),
        (true, false) => Some(PaintMode::Fill),
        (false, true) => Some(PaintMode::Stroke),
        (false, false) => None,
    }
}

/// The outline of a shape as rings of points (Bézier handles flagged).
fn rings(shape: &Shape) -> Vec<(Vec<LinePoint>, bool)> {
    let p = |q: Point| LinePoint {
        p: pt(q),
        bezier: false,
    };
    let h = |q: Point| LinePoint { p: pt(q), bezier: true };
    match shape {
        Shape::Line { from, to } => vec![(vec![p(*from), p(*to)], false)],
        Shape::Polyline { points, closed } => vec![(points.iter().map(|q| p(*q)).collect(), *closed)],
        Shape::Rect(r) => vec![(r.corners().iter().map(|q| p(*q)).collect(), true)],
        Shape::Circle { centre, radius } => {
            let (cx, cy, r) = (centre.x.0, centre.y.0, radius.0);
            let k = r * KAPPA;
            let pts = vec![
                p(Point::new(cx + r, cy)),
                h(Point::new(cx + r, cy + k)),
                h(Point::new(cx + k, cy + r)),
                p(Point::new(cx, cy + r)),
                h(Point::new(cx - k, cy + r)),
                h(Point::new(cx - r, cy + k)),
                p(Point::new(cx - r, cy)),
                h(Point::new(cx - r, cy - k)),
                h(Point::new(cx - k, cy - r)),
                p(Point::new(cx, cy - r)),
                h(Point::new(cx + k, cy - r)),
                h(Point::new(cx + r, cy - k)),
                p(Point::new(cx + r, cy)),
            ];
            vec![(pts, true)]
        }
        Shape::Path(cmds) => {
            let mut out: Vec<(Vec<LinePoint>, bool)> = Vec::new();
            for cmd in cmds {
                match cmd {
                    PathCmd::MoveTo(q) => out.push((vec![p(*q)], false)),
                    PathCmd::LineTo(q) => {
                        if let Some(last) = out.last_mut() {
                            last.0.push(p(*q));
                        }
                    }
                    PathCmd::CubicTo(a, b, c) => {
                        if let Some(last) = out.last_mut() {
                            last.0.extend([h(*a), h(*b), p(*c)]);
                        }
                    }
                    PathCmd::Close => {
                        if let Some(last) = out.last_mut() {
                            last.1 = true;
                        }
                    }
                }
            }
            out
        }
        Shape::Text(_) | Shape::Image { .. } | Shape::Group { .. } | Shape::Use { .. } => Vec::new(),
    }
}

/// The text of a run for TJ: as it is, or for a justified line each space
/// followed by an offset that widens it (PDF word spacing does not apply to
/// the two-byte codes of embedded fonts). The spaces stay in the text, so a
/// reader extracting it sees words.
fn text_items(run: &crate::scene::item::TextRun) -> Vec<TextItem> {
    if run.word_gap.0 == 0.0 {
        return vec![TextItem::Text(run.text.clone())];
    }
    // TJ numbers are thousandths of the font size; negative moves right.
    let size = Mm::from_pt(run.size_pt).0;
    let offset = -(run.word_gap.0 / size * 1000.0) as f32;
    let mut items = Vec::new();
    let mut word = String::new();
    for c in run.text.chars() {
        word.push(c);
        if c == ' ' {
            items.push(TextItem::Text(std::mem::take(&mut word)));
            items.push(TextItem::Offset(offset));
        }
    }
    if !word.is_empty() {
        items.push(TextItem::Text(word));
    }
    items
}

/// A placed symbol: its form drawn under the placement's transform, `q cm
/// /Id Do Q`, the `cm` written by printpdf from a scale and a move (units are
/// mm here, as everywhere under the page's transform); a turn needs a `cm`
/// of its own around it.
fn use_ops(symbol: &Symbol, transform: &crate::geom::Transform, ops: &mut Vec<Op>) {
    // The form's content is in the symbol's own coordinates.
    let [a, b, c, d, e, f] = transform.m.map(|v| v as f32);
    let turned = b != 0.0 || c != 0.0;
    if turned {
        ops.push(Op::SaveGraphicsState);
        ops.push(Op::SetTransformationMatrix {
            matrix: CurTransMat::Raw([a, b, c, d, e, f]),
        });
    }
    let (a, d, e, f) = if turned { (1.0, 1.0, 0.0, 0.0) } else { (a, d, e, f) };
    ops.push(Op::UseXobject {
        id: XObjectId(symbol.id.clone()),
        transform: XObjectTransform {
            no_auto_scale: true,
            translate_x: Some(Pt(e)),
            translate_y: Some(Pt(f)),
            // A scale of exactly 1 is not written.
            scale_x: ((a - 1.0).abs() > 0.0).then_some(a),
            scale_y: ((d - 1.0).abs() > 0.0).then_some(d),
            ..XObjectTransform::default()
        },
    });
    if turned {
        ops.push(Op::RestoreGraphicsState);
    }
}

fn item_ops(item: &Item, fonts: &Fonts, ops: &mut Vec<Op>) {
    match &item.shape {
        Shape::Group { transform, clip, items } => {
            ops.push(Op::SaveGraphicsState);
            if !transform.is_identity() {
                ops.push(Op::SetTransformationMatrix {
                    matrix: CurTransMat::Raw(transform.m.map(|v| v as f32)),
                });
            }
            if let Some(c) = clip {
                let ring = c
                    .corners()
                    .iter()
                    .map(|q| LinePoint {
                        p: pt(*q),
                        bezier: false,
                    })
                    .collect();
                ops.push(Op::DrawPolygon {
                    polygon: Polygon {
                        rings: vec![PolygonRing { points: ring }],
                        mode: PaintMode::Clip,
                        winding_order: WindingOrder::NonZero,
                    },
                });
            }
            for child in items {
                item_ops(child, fonts, ops);
            }
            ops.push(Op::RestoreGraphicsState);
        }
        Shape::Use { symbol, transform } => use_ops(symbol, transform, ops),
        Shape::Image { rect, picture } => {
            // The image space's unit square, flipped upright onto the rectangle
            // (the page's own transform turns y down).
            ops.push(Op::SaveGraphicsState);
            ops.push(Op::SetTransformationMatrix {
                matrix: CurTransMat::Raw([
                    rect.w.0 as f32,
                    0.0,
                    0.0,
                    -(rect.h.0 as f32),
                    rect.x.0 as f32,
                    rect.bottom().0 as f32,
                ]),
            });
            ops.push(Op::UseXobject {
                id: picture_id(picture),
                transform: XObjectTransform {
                    no_auto_scale: true,
                    ..XObjectTransform::default()
                },
            });
            ops.push(Op::RestoreGraphicsState);
        }
        Shape::Text(run) => {
            let Some(id) = fonts.id(run.font) else { return };
            ops.push(Op::SaveGraphicsState);
            ops.push(Op::SetFillColor {
                col: pdf_color(item.style.fill.unwrap_or(Color::BLACK)),
            });
            ops.push(Op::StartTextSection);
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(id.clone()),
                size: Pt(Mm::from_pt(run.size_pt).0 as f32),
            });
            // Flip y back so glyphs stand upright under the page's y-down transform.
            ops.push(Op::SetTextMatrix {
                matrix: TextMatrix::Raw([1.0, 0.0, 0.0, -1.0, run.origin.x.0 as f32, run.origin.y.0 as f32]),
            });
            ops.push(Op::ShowText { items: text_items(run) });
            ops.push(Op::EndTextSection);
            ops.push(Op::RestoreGraphicsState);
        }
        shape => {
            let Some(mode) = paint_mode(item) else { return };
            ops.push(Op::SaveGraphicsState);
            if let Some(fill) = item.style.fill {
                ops.push(Op::SetFillColor { col: pdf_color(fill) });
            }
            if let Some(stroke) = &item.style.stroke {
                set_stroke(stroke, ops);
            }
            let rings = rings(shape);
            let all_closed = rings.iter().all(|r| r.1);
            if matches!(mode, PaintMode::Stroke) && !all_closed {
                // Open lines are stroked one by one: a polygon would close them.
                for (points, closed) in rings {
                    ops.push(Op::DrawLine {
                        line: printpdf::Line {
                            points,
                            is_closed: closed,
                        },
                    });
                }
            } else {
                ops.push(Op::DrawPolygon {
                    polygon: Polygon {
                        rings: rings.into_iter().map(|(points, _)| PolygonRing { points }).collect(),
                        mode,
                        winding_order: WindingOrder::NonZero,
                    },
                });
            }
            ops.push(Op::RestoreGraphicsState);
        }
    }
}
