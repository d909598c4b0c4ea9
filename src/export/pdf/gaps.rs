//! What printpdf 0.12 cannot do, done around it: the one place the exporter
//! reaches past printpdf's API (into the lopdf document it makes, and a file
//! writer of its own). Each gap below was measured against printpdf 0.12.8,
//! the version in Cargo.lock, by building the shipped layouts (the main job
//! and `--paper a4|letter|a3`: 2,469 files) with the workaround removed and
//! comparing every file with `scripts/compare_outputs.py`, or, where removing
//! it has no plain-printpdf alternative, by its source:
//!
//! 1. **Ids from a process-wide counter.** `FontId::new` (and so `add_font`)
//!    and the trailer's `/ID` come from one static counter, so a PDF's bytes
//!    would depend on what the process built before it; the font's subset
//!    tag (`XXXXXX+DejaVuSans`) is its id's first six characters. Fonts are
//!    registered under ids made from their glyphs ([`used_glyphs`]), and
//!    [`file`] writes an `/ID` hashed from the content. Measured: with
//!    `add_font`, 505 of the 2,469 files differ.
//! 2. **A document held whole.** printpdf keeps every page's operations until
//!    `to_lopdf_document`, and lopdf's writer needs every stream's bytes in
//!    memory and keeps its object writer private. Pages go through printpdf
//!    a run at a time ([`Document::runs`]), each batch's objects renumbered
//!    into one file as they are written ([`Merge`], [`file::Writer`]), and
//!    each picture's bytes are read from its file only as its stream is
//!    written ([`lazy_pictures`]). Measured on a deck of 1,000 pages: peak
//!    memory 28 MB in batches, 105 MB as one document.
//! 3. **Fonts subset per call.** `to_lopdf_document` subsets each font to the
//!    glyphs of the pages it is given, and the first batch's fonts serve all
//!    pages: every batch gets a page showing every glyph of the document
//!    ([`glyph_page`]), never written. Measured: without it, the 31 files of
//!    more than one batch differ.
//! 4. **No Form XObject from operations.** `FormXObject` takes finished
//!    content bytes, and printpdf's operation encoder (with its glyph
//!    remapping) is private. Each symbol is drawn on a page of its own, which
//!    [`pages_to_forms`] turns into a Form XObject. Measured by the source.
//! 5. **Pictures re-encoded.** printpdf's image XObject holds decoded pixels
//!    and encodes them again; an `ExternalXObject` is written as it is given.
//!    A JPEG is embedded as its file (DCTDecode), a PNG as its compressed
//!    rows (FlateDecode with the PNG predictor) ([`picture_stream`]).
//!    Measured by the source.
//! 6. **Print boxes.** printpdf writes a TrimBox equal to the MediaBox and no
//!    BleedBox, and its `Rect` is written as `[x y width height]`, not as the
//!    corners a PDF box is: [`set_print_boxes`] sets both. Measured: no
//!    shipped layout has a trim box (removing it changes none of the files);
//!    `tests/it/pdf_writer.rs` reads an offset trim box back.
//! 7. **Document information that claims too much.** printpdf always writes
//!    an empty `/GTS_PDFXVersion` (a PDF/X claim to preflight tools), 1970
//!    dates, and empty author, subject, keywords and identifier, and has no
//!    viewer preferences or `/Lang`: [`set_print_intent`]. Measured: without
//!    it, 505 files differ (every PDF).

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use printpdf::{
    DictItem, ExternalStream, ExternalXObject, FontId, Op, ParsedFont, PdfDocument, PdfFont, PdfFontHandle, PdfPage,
    PdfSaveOptions, Pt, TextItem, XObject,
};

use super::draw::{self, Fonts};
use super::file;
use super::image::{flate_image, image_dict, name};
use super::press::{self, Press};
use crate::font::FontFace;
use crate::geom::Mm;
use crate::print::Flip;
use crate::scene::item::{Item, Shape, Symbol};
use crate::scene::page::{Document, Run};
use crate::scene::picture::{Picture, PictureData};

/// Writes a document as a PDF file into `out`, and returns its length in
/// bytes. Fails when writing fails, or when a picture left in its file can
/// no longer be read as it was checked.
///
/// The pages go through printpdf a run at a time ([`Document::runs`]): its
/// document holds every page's drawing operations until it is serialised
/// (about 30 KB a card), so a long deck is written in batches, each to the
/// file before the next is made, and memory holds one batch whatever the
/// document's length (and, for a document made on demand, one run of its
/// pages: its runs are made twice, once for the glyphs and symbols it uses,
/// once to be written). Each batch's objects are renumbered into the one file as they are written
/// ([`Merge`]). Every batch is given the whole document's glyphs (on a page
/// that is then left out), so that each subsets the fonts alike and the
/// first batch's fonts serve every page.
pub(super) fn write(doc: &Document, out: &mut dyn std::io::Write, press: Option<&Press<'_>>) -> std::io::Result<u64> {
    let glyphs = used_glyphs(doc);
    let symbols = symbols(doc);
    let inks = press.map(|p| p.separation);
    let version = press.map_or(PDF_VERSION, |p| p.pdfx.standard.pdf_version());
    let mut file = file::Writer::new(out, version)?;
    let mut merge = Merge::new(&mut file);
    // printpdf's defaults: fonts subset, unknown operations skipped. Its
    // `optimize` is read only by its own writer, and `image_optimization`
    // only for its image XObjects, which the pictures are not (5 above).
    let options = PdfSaveOptions::default();
    // A document of no pages is still one (empty) batch: the file needs its
    // page tree.
    let none = [];
    let runs = doc
        .runs()
        .map(|(_, run)| run)
        .chain((doc.page_count() == 0).then_some(Run::Held(&none)));
    for (k, run) in runs.enumerate() {
        let first = k == 0;
        let mut pdf = PdfDocument::new(&doc.title);
        pdf.metadata.info.producer = "pitchprint".to_string();
        pdf.metadata.info.creator = "pitchprint".to_string();
        let fonts = register_fonts(&mut pdf, &glyphs);
        let pages = &run[..];
        let pictures = register_pictures(&mut pdf, pages, if first { &symbols[..] } else { &[] }, press)?;
        let mut pdf_pages: Vec<PdfPage> = pages.iter().map(|page| draw::page_ops(page, &fonts, inks)).collect();
        let real = pdf_pages.len();
        pdf_pages.push(glyph_page(&glyphs, &fonts));
        // Each symbol's art goes on a page of its own after the document's
        // (in the first batch), so that printpdf writes its content with the
        // fonts and pictures it uses; those pages then become the Form
        // XObjects the document's pages draw ([`pages_to_forms`]).
        if first {
            pdf_pages.extend(symbols.iter().map(|symbol| {
                let mut ops = Vec::new();
                for item in &symbol.items {
                    draw::item_ops(item, &fonts, inks, &mut ops);
                }
                PdfPage::new(printpdf::Mm(1.0), printpdf::Mm(1.0), ops)
            }));
        }
        let mut warnings = Vec::new();
        let mut lo = pdf.with_pages(pdf_pages).to_lopdf_document(&options, &mut warnings);
        if first {
            pages_to_forms(&mut lo, &symbols);
            set_print_intent(&mut lo, doc);
            if let Some(press) = press {
                press::set_pdfx(&mut lo, doc, press);
            }
        }
        set_print_boxes(&mut lo, pages);
        lo.compress();
        let lazy = lazy_pictures(&mut lo, &pictures);
        let kept: Vec<lopdf::ObjectId> = lo.get_pages().into_values().take(real).collect();
        merge.batch(&lo, &kept, &lazy, first)?;
    }
    let (root, info) = merge.finish()?;
    file.finish(root, info)
}

/// A page showing every glyph the document uses, in each face: printpdf
/// subsets a font to the glyphs of the pages it is given, and this page
/// makes that every glyph in every batch. It is never written.
fn glyph_page(glyphs: &[Glyphs], fonts: &Fonts) -> PdfPage {
    let mut ops = Vec::new();
    for g in glyphs {
        let Some(id) = fonts.id(g.face) else { continue };
        ops.push(Op::StartTextSection);
        ops.push(Op::SetFont {
            font: PdfFontHandle::External(id.clone()),
            size: Pt(10.0),
        });
        ops.push(Op::ShowText {
            items: vec![TextItem::Text(g.chars.iter().collect())],
        });
        ops.push(Op::EndTextSection);
    }
    PdfPage::new(printpdf::Mm(1.0), printpdf::Mm(1.0), ops)
}

/// One face the document draws text in: its glyphs (as characters), the
/// font parsed once, and its id.
struct Glyphs {
    face: FontFace,
    chars: Vec<char>,
    id: FontId,
    parsed: ParsedFont,
}

/// Every face the document uses with its characters, each under an id made
/// from them: DejaVu's faces in their order, then any font read from a file,
/// by its content, so the same document embeds them in the same order and
/// under the same names.
fn used_glyphs(doc: &Document) -> Vec<Glyphs> {
    let mut used: BTreeMap<FontFace, Vec<char>> = BTreeMap::new();
    for (_, pages) in doc.runs() {
        for page in pages.iter() {
            page.walk(&mut |item, _| {
                if let Shape::Text(run) = &item.shape {
                    used.entry(run.font).or_default().extend(run.text.chars());
                }
            });
        }
        // A long document's characters are kept as a set, not a list of every
        // letter it prints.
        for chars in used.values_mut() {
            chars.sort_unstable();
            chars.dedup();
        }
    }
    let mut out = Vec::new();
    for (face, mut chars) in used {
        if chars.is_empty() {
            continue;
        }
        chars.sort_unstable();
        chars.dedup();
        // Six capitals from the glyph set: the subset tag PDF readers expect.
        let mut h = siphasher::sip::SipHasher13::new_with_keys(0, 0);
        (face, &chars).hash(&mut h);
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
        out.push(Glyphs {
            face,
            chars,
            id: FontId(tag),
            parsed,
        });
    }
    out
}

fn register_fonts(pdf: &mut PdfDocument, glyphs: &[Glyphs]) -> Fonts {
    let mut ids = Vec::new();
    for g in glyphs {
        pdf.resources
            .fonts
            .map
            .insert(g.id.clone(), PdfFont::new(g.parsed.clone()));
        ids.push((g.face, g.id.clone()));
    }
    Fonts { ids }
}

/// The batches of one document joined into one file: each batch's objects
/// are renumbered as they are met and written at once; what the batches
/// share (the fonts, the XObjects by name, the page tree, the catalog) is
/// gathered and written at the end under ids reserved at the start.
struct Merge<'w, 'o> {
    file: &'w mut file::Writer<'o>,
    /// Reserved ids: catalog, page tree, document information, and the
    /// shared resource dictionaries (fonts, XObjects, graphics states,
    /// shadings).
    catalog: u32,
    tree: u32,
    info: u32,
    shared: [u32; 4],
    /// The shared dictionaries' entries, gathered batch by batch (the first
    /// batch's fonts serve all).
    dicts: [lopdf::Dictionary; 4],
    /// The pages, in order.
    kids: Vec<lopdf::Object>,
    /// The first batch's catalog and information, renumbered.
    catalog_dict: lopdf::Dictionary,
    info_dict: lopdf::Dictionary,
}

/// The keys of the shared resource dictionaries, in [`Merge::shared`]'s order.
const SHARED: [&[u8]; 4] = [b"Font", b"XObject", b"ExtGState", b"Shading"];

/// One batch's renumbering: old id to new, and the objects met but not yet
/// written.
struct Renumber {
    ids: std::collections::HashMap<lopdf::ObjectId, u32>,
    queue: Vec<lopdf::ObjectId>,
}

impl Renumber {
    fn id(&mut self, old: lopdf::ObjectId, file: &mut file::Writer<'_>) -> u32 {
        if let Some(id) = self.ids.get(&old) {
            return *id;
        }
        let id = file.reserve();
        self.ids.insert(old, id);
        self.queue.push(old);
        id
    }

    /// `object` with its references renumbered (and their objects queued).
    fn object(&mut self, object: &lopdf::Object, file: &mut file::Writer<'_>) -> lopdf::Object {
        use lopdf::Object;
        match object {
            Object::Reference(r) => Object::Reference((self.id(*r, file), 0)),
            Object::Array(items) => Object::Array(items.iter().map(|o| self.object(o, file)).collect()),
            Object::Dictionary(d) => Object::Dictionary(self.dict(d, file)),
            Object::Stream(s) => {
                let mut stream = s.clone();
                stream.dict = self.dict(&s.dict, file);
                Object::Stream(stream)
            }
            other => other.clone(),
        }
    }

    fn dict(&mut self, d: &lopdf::Dictionary, file: &mut file::Writer<'_>) -> lopdf::Dictionary {
        let mut out = lopdf::Dictionary::new();
        for (k, v) in d {
            out.set(k.clone(), self.object(v, file));
        }
        out
    }
}

impl<'w, 'o> Merge<'w, 'o> {
    fn new(file: &'w mut file::Writer<'o>) -> Merge<'w, 'o> {
        let catalog = file.reserve();
        let tree = file.reserve();
        let info = file.reserve();
        let shared = [file.reserve(), file.reserve(), file.reserve(), file.reserve()];
        Merge {
            file,
            catalog,
            tree,
            info,
            shared,
            dicts: Default::default(),
            kids: Vec::new(),
            catalog_dict: lopdf::Dictionary::new(),
            info_dict: lopdf::Dictionary::new(),
        }
    }

    /// Writes the objects of one batch the pages `kept` need, renumbered,
    /// and gathers its shared entries.
    fn batch(
        &mut self,
        lo: &lopdf::Document,
        kept: &[lopdf::ObjectId],
        lazy: &BTreeMap<lopdf::ObjectId, file::Lazy<'_>>,
        first: bool,
    ) -> std::io::Result<()> {
        use lopdf::Object;
        let mut r = Renumber {
            ids: std::collections::HashMap::new(),
            queue: Vec::new(),
        };
        // The batch's own page tree and shared dictionaries are the file's.
        let root = lo.trailer.get(b"Root").and_then(Object::as_reference).ok();
        let catalog = root.and_then(|id| lo.get_dictionary(id).ok());
        if let Some(tree) = catalog.and_then(|c| c.get(b"Pages").and_then(Object::as_reference).ok()) {
            r.ids.insert(tree, self.tree);
        }
        let resources = kept
            .first()
            .and_then(|p| lo.get_dictionary(*p).ok())
            .and_then(|p| p.get(b"Resources").and_then(Object::as_reference).ok())
            .and_then(|id| lo.get_dictionary(id).ok());
        let mut batch_dicts: [Option<&lopdf::Dictionary>; 4] = [None; 4];
        for (k, key) in SHARED.iter().enumerate() {
            if let Some(id) = resources.and_then(|d| d.get(key).and_then(Object::as_reference).ok()) {
                r.ids.insert(id, self.shared[k]);
                batch_dicts[k] = lo.get_dictionary(id).ok();
            }
        }
        for page in kept {
            let id = r.id(*page, self.file);
            self.kids.push(Object::Reference((id, 0)));
        }
        // A name already shared keeps its first object (the fonts are the
        // first batch's: every batch subsets them alike).
        for (k, dict) in batch_dicts.iter().enumerate() {
            if k == 0 && !first {
                continue;
            }
            for (name, value) in dict.iter().flat_map(|d| d.iter()) {
                if !self.dicts[k].has(name) {
                    let value = r.object(value, self.file);
                    self.dicts[k].set(name.clone(), value);
                }
            }
        }
        if first {
            if let Some(c) = catalog {
                self.catalog_dict = r.dict(c, self.file);
            }
            let info = lo.trailer.get(b"Info").and_then(Object::as_reference).ok();
            if let Some(i) = info.and_then(|id| lo.get_dictionary(id).ok()) {
                self.info_dict = r.dict(i, self.file);
            }
        }
        while let Some(old) = r.queue.pop() {
            let id = r.ids[&old];
            let Ok(object) = lo.get_object(old) else {
                // A dangling reference: written as null, as readers take it.
                self.file.object(id, &Object::Null)?;
                continue;
            };
            match (lazy.get(&old), object) {
                (Some(picture), Object::Stream(stream)) => {
                    let dict = r.dict(&stream.dict, self.file);
                    self.file.picture(id, &dict, picture)?;
                }
                _ => {
                    let object = r.object(object, self.file);
                    self.file.object(id, &object)?;
                }
            }
        }
        Ok(())
    }

    /// Writes what the batches share, and returns the catalog's and the
    /// document information's ids.
    fn finish(self) -> std::io::Result<(u32, u32)> {
        use lopdf::Object;
        for (id, dict) in self.shared.iter().zip(self.dicts) {
            self.file.object(*id, &Object::Dictionary(dict))?;
        }
        let mut tree = lopdf::Dictionary::new();
        tree.set("Type", Object::Name(b"Pages".to_vec()));
        tree.set("Count", Object::Integer(self.kids.len() as i64));
        tree.set("Kids", Object::Array(self.kids));
        self.file.object(self.tree, &Object::Dictionary(tree))?;
        let mut catalog = self.catalog_dict;
        catalog.set("Type", Object::Name(b"Catalog".to_vec()));
        catalog.set("Pages", Object::Reference((self.tree, 0)));
        self.file.object(self.catalog, &Object::Dictionary(catalog))?;
        self.file.object(self.info, &Object::Dictionary(self.info_dict))?;
        Ok((self.catalog, self.info))
    }
}

/// The image objects whose bytes stay out of the document until the file is
/// written ([`file::Writer::picture`] reads them then), each found by the mark
/// [`register_pictures`] left on it, which goes.
fn lazy_pictures<'a>(
    lo: &mut lopdf::Document,
    pictures: &BTreeMap<String, &'a Picture>,
) -> BTreeMap<lopdf::ObjectId, file::Lazy<'a>> {
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
            lazy.insert(*id, file::Lazy { picture });
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
    for (_, run) in doc.runs() {
        for page in run.iter() {
            go(&page.items, &mut out);
        }
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
fn set_print_boxes(lo: &mut lopdf::Document, pages: &[crate::scene::page::Page]) {
    let ids: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    for (page, id) in pages.iter().zip(ids) {
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

/// The version every file says in its header: the one its newest key needs.
/// That is `/Duplex` in the viewer preferences every file has (PDF 1.7),
/// above `/PrintScaling` (1.6), `/Lang`, soft masks and transparency (1.4),
/// and the print boxes (1.3). A reader that trusts the header (a print
/// shop's preflight) otherwise ignores or refuses what a 1.3 file may not
/// hold.
const PDF_VERSION: &str = "1.7";

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

/// Embeds every picture of `pages` and `symbols` once, as its own
/// compressed data: a JPEG's bytes (DCTDecode), a PNG's compressed rows
/// (FlateDecode with the PNG predictor); nothing is decoded or re-encoded on
/// the way into the PDF. Returns the pictures by id: the bytes of a file's
/// own are read only when the file is written.
fn register_pictures<'a>(
    pdf: &mut PdfDocument,
    pages: &'a [crate::scene::page::Page],
    symbols: &'a [Arc<Symbol>],
    press: Option<&Press<'_>>,
) -> std::io::Result<BTreeMap<String, &'a Picture>> {
    let mut found = Vec::new();
    for page in pages {
        pictures_in(&page.items, &mut found);
    }
    for symbol in symbols {
        pictures_in(&symbol.items, &mut found);
    }
    let mut pictures = BTreeMap::new();
    for picture in found {
        let id = draw::picture_id(picture);
        if pdf.resources.xobjects.map.contains_key(&id) {
            continue;
        }
        // A separated picture is made now, whole; a picture as it is, only
        // as it is written.
        let stream = match press {
            Some(press) => press::picture_stream(picture, press)?,
            None => {
                pictures.insert(picture.id.clone(), picture.as_ref());
                picture_stream(picture)
            }
        };
        pdf.resources.xobjects.map.insert(
            id,
            XObject::External(ExternalXObject {
                stream,
                width: None,
                height: None,
                dpi: None,
            }),
        );
    }
    Ok(pictures)
}

/// Every picture drawn by `items`, inside groups and placed symbols too.
fn pictures_in<'a>(items: &'a [Item], out: &mut Vec<&'a Arc<Picture>>) {
    for item in items {
        match &item.shape {
            Shape::Image { picture, .. } => out.push(picture),
            Shape::Group { items, .. } => pictures_in(items, out),
            Shape::Use { symbol, .. } => pictures_in(&symbol.items, out),
            _ => {}
        }
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
