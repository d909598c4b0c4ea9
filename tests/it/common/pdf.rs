//! PDF files read back with lopdf: a small content-stream interpreter that
//! reports painted paths and text origins in page millimetres, the page's
//! MediaBox, the fonts the pages embed, and the text lopdf extracts.

use super::geom::{MM_PER_PT, MmRect};

/// A PDF affine matrix `[a b c d e f]`: (x, y) → (a·x + c·y + e, b·x + d·y + f).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Matrix(pub [f64; 6]);

impl Matrix {
    /// The identity.
    pub const IDENTITY: Matrix = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    /// `self` applied first, then `then` (PDF's `self × then`).
    pub fn then(&self, then: &Matrix) -> Matrix {
        let [a, b, c, d, e, f] = self.0;
        let [na, nb, nc, nd, ne, nf] = then.0;
        Matrix([
            a * na + b * nc,
            a * nb + b * nd,
            c * na + d * nc,
            c * nb + d * nd,
            e * na + f * nc + ne,
            e * nb + f * nd + nf,
        ])
    }

    /// Maps a point.
    pub fn apply(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// How much the matrix scales lengths (the square root of its determinant).
    pub fn scale(&self) -> f64 {
        let [a, b, c, d, _, _] = self.0;
        (a * d - b * c).abs().sqrt()
    }
}

/// A painted path, in page millimetres (origin top left, y down).
#[derive(Clone, Debug)]
pub struct PdfPath {
    /// Subpaths: their points (curve control points included) and whether each
    /// was closed (`h`, `re`, or a closing paint operator).
    pub subpaths: Vec<(Vec<(f64, f64)>, bool)>,
    /// Whether any segment was a Bézier curve.
    pub has_curves: bool,
    /// Whether the path came from an `re` operator.
    pub from_re: bool,
    /// The paint operator (`S`, `s`, `f`, `F`, `f*`, `B`, `B*`, `b`, `b*`).
    pub paint: String,
    /// The line width in millimetres on the page.
    pub line_width: f64,
    /// The stroke colour (`RG`), if one was set.
    pub stroke_rgb: Option<[f64; 3]>,
    /// The fill colour (`rg`), if one was set.
    pub fill_rgb: Option<[f64; 3]>,
}

impl PdfPath {
    /// Whether the paint operator strokes the path.
    pub fn strokes(&self) -> bool {
        matches!(self.paint.as_str(), "S" | "s" | "B" | "B*" | "b" | "b*")
    }

    /// Whether the paint operator fills the path.
    pub fn fills(&self) -> bool {
        matches!(self.paint.as_str(), "f" | "F" | "f*" | "B" | "B*" | "b" | "b*")
    }

    /// The rectangle this path draws, when it is one axis-aligned rectangle:
    /// an `re`, or one closed subpath of four straight corners (`m l l l h`,
    /// optionally with the first corner repeated).
    pub fn as_rect(&self) -> Option<MmRect> {
        if self.has_curves || self.subpaths.len() != 1 {
            return None;
        }
        let (pts, closed) = &self.subpaths[0];
        // Filling closes a subpath implicitly; `s` and `b` close it before stroking.
        let closes = *closed || self.fills() || self.paint == "s";
        let mut pts = pts.clone();
        if pts.len() == 5 && dist(pts[0], pts[4]) < 1e-6 {
            pts.pop();
        }
        if !closes || pts.len() != 4 {
            return None;
        }
        let eps = 1e-4;
        let axis = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < eps || (p.1 - q.1).abs() < eps;
        if !(0..4).all(|i| axis(pts[i], pts[(i + 1) % 4])) {
            return None;
        }
        let xs = pts.iter().map(|p| p.0);
        let ys = pts.iter().map(|p| p.1);
        let (x0, x1) = (
            xs.clone().fold(f64::INFINITY, f64::min),
            xs.fold(f64::NEG_INFINITY, f64::max),
        );
        let (y0, y1) = (
            ys.clone().fold(f64::INFINITY, f64::min),
            ys.fold(f64::NEG_INFINITY, f64::max),
        );
        // Four corners: every point is on a corner of the box, and all four differ.
        let on_corner = pts.iter().all(|p| {
            ((p.0 - x0).abs() < eps || (p.0 - x1).abs() < eps) && ((p.1 - y0).abs() < eps || (p.1 - y1).abs() < eps)
        });
        let distinct = (0..4).all(|i| ((i + 1)..4).all(|j| dist(pts[i], pts[j]) > eps));
        (on_corner && distinct).then_some(MmRect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        })
    }
}

/// The distance between two points.
fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// A text-showing operator (`Tj`, `TJ`, `'`, `"`) and where its text starts.
///
/// The origin is where the text matrix stands at the operator: it is not moved
/// on by the width of the text shown, so a second show with no move in between
/// reports the first one's origin. The text rise (`Ts`) is not followed.
#[derive(Clone, Debug)]
pub struct PdfText {
    /// The start of the baseline, in page millimetres (origin top left, y down).
    pub origin: (f64, f64),
    /// The font's resource name (`Tf`).
    pub font: String,
    /// The font size operand of `Tf` (in text space units).
    pub size: f64,
    /// Where each string of the show starts, in page millimetres: the strings
    /// of a `TJ` array one by one, each after the glyphs and numbers before
    /// it (for the rule sheets' justified lines, each word's start). Empty
    /// when the font's widths are not in the file (a standard font).
    pub starts: Vec<(f64, f64)>,
    /// Where the show leaves the text position, in page millimetres: past
    /// every glyph's width as the font's `/W` or `/Widths` gives it (what a
    /// viewer advances by) and every `TJ` number. `None` when the widths are
    /// not in the file. Character and word spacing (`Tc`, `Tw`) and
    /// horizontal scaling (`Tz`) are not followed.
    pub end: Option<(f64, f64)>,
}

/// One page read back from its content stream.
#[derive(Clone, Debug)]
pub struct PdfPage {
    /// MediaBox width in millimetres.
    pub width_mm: f64,
    /// MediaBox height in millimetres.
    pub height_mm: f64,
    /// Every painted path, in drawing order.
    pub paths: Vec<PdfPath>,
    /// Every text-showing operator, in drawing order.
    pub texts: Vec<PdfText>,
    /// Every `cm` operand, in order, as written.
    pub cms: Vec<Matrix>,
}

impl PdfPage {
    /// The paths that are axis-aligned rectangles, with the path they came from.
    pub fn rects(&self) -> Vec<(MmRect, &PdfPath)> {
        self.paths.iter().filter_map(|p| p.as_rect().map(|r| (r, p))).collect()
    }
}

/// Loads a PDF, panicking with a clear message when lopdf cannot read it.
pub fn load_pdf(bytes: &[u8]) -> lopdf::Document {
    lopdf::Document::load_mem(bytes).unwrap_or_else(|e| panic!("lopdf cannot read the PDF: {e}"))
}

/// A numeric operand (integer or real), panicking on anything else.
fn num(o: &lopdf::Object) -> f64 {
    o.as_float()
        .unwrap_or_else(|e| panic!("expected a number, got {o:?}: {e}")) as f64
}

/// Every operand as a number.
fn nums(ops: &[lopdf::Object]) -> Vec<f64> {
    ops.iter().map(num).collect()
}

/// The MediaBox of a page, looked up through the page tree.
pub fn media_box(doc: &lopdf::Document, page_id: lopdf::ObjectId) -> [f64; 4] {
    let mut id = page_id;
    loop {
        let dict = doc.get_dictionary(id).expect("a page dictionary");
        if let Ok(mb) = dict.get(b"MediaBox") {
            let (_, mb) = doc.dereference(mb).unwrap();
            let v = nums(mb.as_array().expect("MediaBox is an array"));
            assert_eq!(v.len(), 4, "MediaBox has four numbers");
            return [v[0], v[1], v[2], v[3]];
        }
        id = dict
            .get(b"Parent")
            .and_then(|p| p.as_reference())
            .expect("no MediaBox on the page or its parents");
    }
}

/// Reads every page's content stream: tracks `q`/`Q`/`cm` to keep the current
/// transformation matrix, collects painted paths (`m`/`l`/`c`/`v`/`y`/`h`/`re`
/// with their paint operator) and text origins (`Tm`, `Td`, `TD`, `T*`), and maps
/// every point to page millimetres with the origin at the top left, y down.
///
/// Followed through `q`/`Q`: the matrix, the line width (`w`), the RGB stroke
/// and fill colours (`RG`, `rg`; other colour operators are ignored and leave
/// the colour as it was) and the text state (`Tf`, `TL`). A Form XObject
/// (`Do`) is entered as a viewer draws it: its content, under its `/Matrix`,
/// inside `q`…`Q`, so art drawn once and placed many times is read at every
/// place.
pub fn read_pdf(bytes: &[u8]) -> Vec<PdfPage> {
    let doc = load_pdf(bytes);
    doc.get_pages()
        .values()
        .map(|&page_id| read_page(&doc, page_id))
        .collect()
}

/// The part of the graphics state the reader follows, saved by `q` and
/// restored by `Q`. The text state (font, size, leading) belongs to it too
/// (ISO 32000-1, 8.4.1), so a `Tf` inside `q`…`Q` ends with the `Q`.
#[derive(Clone)]
struct GState {
    ctm: Matrix,
    line_width: f64,
    stroke_rgb: Option<[f64; 3]>,
    fill_rgb: Option<[f64; 3]>,
    font: String,
    size: f64,
    leading: f64,
}

/// The subpath a new segment extends: the current one, or, when that one is
/// closed (`h`, `re`), a new one starting where the closed one started (ISO
/// 32000-1, 8.5.2.1: after `h`, a further segment begins a new subpath).
fn open_subpath<'a>(subpaths: &'a mut Vec<(Vec<(f64, f64)>, bool)>, op: &str) -> &'a mut Vec<(f64, f64)> {
    let (start, closed) = match subpaths.last() {
        Some((pts, closed)) => (pts[0], *closed),
        None => panic!("{op} without m"),
    };
    if closed {
        subpaths.push((vec![start], false));
    }
    &mut subpaths.last_mut().expect("a subpath").0
}

/// A page's resource dictionary, written in the page or referred to.
pub fn page_resources(doc: &lopdf::Document, page_id: lopdf::ObjectId) -> Option<lopdf::Dictionary> {
    let (own, ids) = doc.get_page_resources(page_id).ok()?;
    own.cloned()
        .or_else(|| ids.first().and_then(|id| doc.get_dictionary(*id).ok()).cloned())
}

/// The XObject a `Do` names, from a resource dictionary.
fn xobject<'a>(
    doc: &'a lopdf::Document,
    resources: Option<&'a lopdf::Dictionary>,
    name: &[u8],
) -> Option<&'a lopdf::Stream> {
    let xobjects = resources?.get(b"XObject").ok()?;
    let xobjects = doc.dereference(xobjects).ok()?.1.as_dict().ok()?;
    let (_, form) = doc.dereference(xobjects.get(name).ok()?).ok()?;
    form.as_stream().ok()
}

/// `ops` with every `Do` of a Form XObject replaced by `q`, the form's
/// `/Matrix` as a `cm`, the form's own operations (its forms inlined in
/// turn) and `Q`. Image XObjects stay as they are.
pub fn inline_forms(
    doc: &lopdf::Document,
    ops: Vec<lopdf::content::Operation>,
    resources: Option<&lopdf::Dictionary>,
    depth: usize,
) -> Vec<lopdf::content::Operation> {
    use lopdf::content::Operation;
    assert!(depth < 16, "Form XObjects nested too deep (a form that draws itself?)");
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        let form = (op.operator == "Do")
            .then(|| op.operands.first().and_then(|o| o.as_name().ok()))
            .flatten()
            .and_then(|name| xobject(doc, resources, name))
            .filter(|s| s.dict.get(b"Subtype").and_then(lopdf::Object::as_name).ok() == Some(b"Form"));
        let Some(form) = form else {
            out.push(op);
            continue;
        };
        let content = form.decompressed_content().unwrap_or_else(|_| form.content.clone());
        let inner = lopdf::content::Content::decode(&content)
            .unwrap_or_else(|e| panic!("cannot decode a form's content stream: {e}"))
            .operations;
        let own = match form.dict.get(b"Resources") {
            Ok(r) => doc.dereference(r).ok().and_then(|(_, r)| r.as_dict().ok()).cloned(),
            Err(_) => resources.cloned(),
        };
        out.push(Operation::new("q", vec![]));
        if let Ok(m) = form.dict.get(b"Matrix").and_then(lopdf::Object::as_array) {
            out.push(Operation::new("cm", m.clone()));
        }
        out.extend(inline_forms(doc, inner, own.as_ref(), depth + 1));
        out.push(Operation::new("Q", vec![]));
    }
    out
}

/// Interprets one page's content stream (see [`read_pdf`]).
fn read_page(doc: &lopdf::Document, page_id: lopdf::ObjectId) -> PdfPage {
    let mb = media_box(doc, page_id);
    let content = doc.get_page_content(page_id);
    let ops = lopdf::content::Content::decode(&content)
        .unwrap_or_else(|e| panic!("cannot decode the content stream: {e}"))
        .operations;
    let resources = page_resources(doc, page_id);
    let ops = inline_forms(doc, ops, resources.as_ref(), 0);
    // PDF space (pt, y up) → page millimetres (top left, y down).
    let to_page = |(x, y): (f64, f64)| ((x - mb[0]) * MM_PER_PT, (mb[3] - y) * MM_PER_PT);
    let widths = font_widths(doc, page_id);

    let mut gs = GState {
        ctm: Matrix::IDENTITY,
        line_width: 1.0,
        stroke_rgb: None,
        fill_rgb: None,
        font: String::new(),
        size: 0.0,
        leading: 0.0,
    };
    let mut stack: Vec<GState> = Vec::new();
    let mut subpaths: Vec<(Vec<(f64, f64)>, bool)> = Vec::new();
    let mut has_curves = false;
    let mut from_re = false;
    let mut paths = Vec::new();
    let mut texts = Vec::new();
    let mut cms = Vec::new();
    let (mut tm, mut tlm) = (Matrix::IDENTITY, Matrix::IDENTITY);

    for op in &ops {
        let o = &op.operands;
        // Points in user space, mapped through the CTM in force now.
        let user = |x: f64, y: f64, gs: &GState| to_page(gs.ctm.apply((x, y)));
        match op.operator.as_str() {
            "q" => stack.push(gs.clone()),
            "Q" => gs = stack.pop().expect("Q without q"),
            "cm" => {
                let v = nums(o);
                let m = Matrix([v[0], v[1], v[2], v[3], v[4], v[5]]);
                cms.push(m);
                gs.ctm = m.then(&gs.ctm);
            }
            "w" => gs.line_width = num(&o[0]),
            "RG" => {
                let v = nums(o);
                gs.stroke_rgb = Some([v[0], v[1], v[2]]);
            }
            "rg" => {
                let v = nums(o);
                gs.fill_rgb = Some([v[0], v[1], v[2]]);
            }
            "m" => {
                let v = nums(o);
                subpaths.push((vec![user(v[0], v[1], &gs)], false));
            }
            "l" => {
                let v = nums(o);
                let p = user(v[0], v[1], &gs);
                open_subpath(&mut subpaths, "l").push(p);
            }
            "c" => {
                let v = nums(o);
                let pts = [user(v[0], v[1], &gs), user(v[2], v[3], &gs), user(v[4], v[5], &gs)];
                open_subpath(&mut subpaths, "c").extend(pts);
                has_curves = true;
            }
            "v" | "y" => {
                let v = nums(o);
                let pts = [user(v[0], v[1], &gs), user(v[2], v[3], &gs)];
                open_subpath(&mut subpaths, "v/y").extend(pts);
                has_curves = true;
            }
            "h" => {
                if let Some(last) = subpaths.last_mut() {
                    last.1 = true;
                }
            }
            "re" => {
                let v = nums(o);
                let (x, y, w, h) = (v[0], v[1], v[2], v[3]);
                let pts = vec![
                    user(x, y, &gs),
                    user(x + w, y, &gs),
                    user(x + w, y + h, &gs),
                    user(x, y + h, &gs),
                ];
                subpaths.push((pts, true));
                from_re = true;
            }
            paint @ ("S" | "s" | "f" | "F" | "f*" | "B" | "B*" | "b" | "b*") => {
                // s, b and b* are h followed by S, B and B*.
                if matches!(paint, "s" | "b" | "b*")
                    && let Some(last) = subpaths.last_mut()
                {
                    last.1 = true;
                }
                paths.push(PdfPath {
                    subpaths: std::mem::take(&mut subpaths),
                    has_curves,
                    from_re,
                    paint: paint.to_string(),
                    line_width: gs.line_width * gs.ctm.scale() * MM_PER_PT,
                    stroke_rgb: gs.stroke_rgb,
                    fill_rgb: gs.fill_rgb,
                });
                has_curves = false;
                from_re = false;
            }
            "n" => {
                // End of a path used only as a clip (or discarded): not painted.
                subpaths.clear();
                has_curves = false;
                from_re = false;
            }
            "BT" => {
                tm = Matrix::IDENTITY;
                tlm = Matrix::IDENTITY;
            }
            "Tf" => {
                gs.font = String::from_utf8_lossy(o[0].as_name().expect("a font name")).into_owned();
                gs.size = num(&o[1]);
            }
            "TL" => gs.leading = num(&o[0]),
            "Tm" => {
                let v = nums(o);
                tm = Matrix([v[0], v[1], v[2], v[3], v[4], v[5]]);
                tlm = tm;
            }
            "Td" | "TD" => {
                let v = nums(o);
                if op.operator == "TD" {
                    gs.leading = -v[1];
                }
                tlm = Matrix([1.0, 0.0, 0.0, 1.0, v[0], v[1]]).then(&tlm);
                tm = tlm;
            }
            "T*" => {
                tlm = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, -gs.leading]).then(&tlm);
                tm = tlm;
            }
            show @ ("Tj" | "TJ" | "'" | "\"") => {
                if show != "Tj" && show != "TJ" {
                    tlm = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, -gs.leading]).then(&tlm);
                    tm = tlm;
                }
                let origin = to_page(tm.then(&gs.ctm).apply((0.0, 0.0)));
                // Text space moved on by `tx` along the baseline, on the page.
                let at = |tx: f64| {
                    to_page(
                        Matrix([1.0, 0.0, 0.0, 1.0, tx, 0.0])
                            .then(&tm)
                            .then(&gs.ctm)
                            .apply((0.0, 0.0)),
                    )
                };
                let (starts, end) = match widths.get(&gs.font) {
                    Some(w) => {
                        let (starts, tx) = w.advance(show, o, gs.size);
                        (starts.into_iter().map(at).collect(), Some(at(tx)))
                    }
                    None => (Vec::new(), None),
                };
                texts.push(PdfText {
                    origin,
                    font: gs.font.clone(),
                    size: gs.size,
                    starts,
                    end,
                });
            }
            _ => {}
        }
    }
    PdfPage {
        width_mm: (mb[2] - mb[0]) * MM_PER_PT,
        height_mm: (mb[3] - mb[1]) * MM_PER_PT,
        paths,
        texts,
        cms,
    }
}

/// The glyph widths of one font, as a viewer reads them to advance the text.
struct Widths {
    /// Whether codes are two bytes (a Type0 font, `Identity-H`) or one.
    two_byte: bool,
    /// Width of each code, in thousandths of the font size.
    by_code: std::collections::HashMap<u32, f64>,
    /// The width of a code the table leaves out (`/DW`, `/MissingWidth`).
    default: f64,
}

impl Widths {
    /// How far a show operator moves the text along its baseline, in text
    /// space units, and where each of its strings starts.
    fn advance(&self, show: &str, operands: &[lopdf::Object], size: f64) -> (Vec<f64>, f64) {
        let items: Vec<&lopdf::Object> = match show {
            "TJ" => operands[0].as_array().expect("TJ takes an array").iter().collect(),
            _ => operands.last().into_iter().collect(),
        };
        let (mut starts, mut tx) = (Vec::new(), 0.0);
        for item in items {
            match item {
                lopdf::Object::String(bytes, _) => {
                    starts.push(tx);
                    let codes: Vec<u32> = if self.two_byte {
                        bytes
                            .chunks(2)
                            .map(|c| u32::from(c[0]) << 8 | u32::from(*c.get(1).unwrap_or(&0)))
                            .collect()
                    } else {
                        bytes.iter().map(|b| u32::from(*b)).collect()
                    };
                    for c in codes {
                        tx += self.by_code.get(&c).copied().unwrap_or(self.default) / 1000.0 * size;
                    }
                }
                // A number moves the next glyph left by thousandths of the size.
                n => tx -= num(n) / 1000.0 * size,
            }
        }
        (starts, tx)
    }
}

/// The widths of every font on a page that carries them, by resource name:
/// a Type0 font's `/W` (and `/DW`) from its descendant, a simple font's
/// `/FirstChar` and `/Widths`.
fn font_widths(doc: &lopdf::Document, page_id: lopdf::ObjectId) -> std::collections::HashMap<String, Widths> {
    let deref = |o: &lopdf::Object| doc.dereference(o).expect("a resolvable object").1.clone();
    let mut out = std::collections::HashMap::new();
    for (name, font) in doc.get_page_fonts(page_id).unwrap_or_default() {
        let name = String::from_utf8_lossy(&name).into_owned();
        let subtype = font
            .get(b"Subtype")
            .and_then(lopdf::Object::as_name)
            .unwrap_or_default();
        let mut by_code = std::collections::HashMap::new();
        if subtype == b"Type0" {
            let Ok(arr) = font.get(b"DescendantFonts").map(deref) else {
                continue;
            };
            let cid = deref(&arr.as_array().expect("DescendantFonts is an array")[0]);
            let cid = cid.as_dict().expect("a CIDFont dictionary");
            let w: Vec<lopdf::Object> = cid
                .get(b"W")
                .map(deref)
                .and_then(|w| w.as_array().cloned())
                .unwrap_or_default();
            let mut i = 0;
            while i + 1 < w.len() {
                let first = num(&w[i]) as u32;
                if let lopdf::Object::Array(list) = deref(&w[i + 1]) {
                    for (k, v) in list.iter().enumerate() {
                        by_code.insert(first + k as u32, num(&deref(v)));
                    }
                    i += 2;
                } else {
                    // `first last width`: one width for a range of codes.
                    let (last, v) = (num(&w[i + 1]) as u32, num(&w[i + 2]));
                    by_code.extend((first..=last).map(|c| (c, v)));
                    i += 3;
                }
            }
            let default = cid.get(b"DW").map(|o| num(&deref(o))).unwrap_or(1000.0);
            out.insert(
                name,
                Widths {
                    two_byte: true,
                    by_code,
                    default,
                },
            );
        } else if let (Ok(first), Ok(list)) = (font.get(b"FirstChar"), font.get(b"Widths").map(deref)) {
            let first = num(&deref(first)) as u32;
            for (k, v) in list.as_array().expect("Widths is an array").iter().enumerate() {
                by_code.insert(first + k as u32, num(&deref(v)));
            }
            let default = font
                .get(b"FontDescriptor")
                .map(deref)
                .ok()
                .and_then(|d| {
                    d.as_dict()
                        .ok()
                        .and_then(|d| d.get(b"MissingWidth").ok().map(|o| num(&deref(o))))
                })
                .unwrap_or(0.0);
            out.insert(
                name,
                Widths {
                    two_byte: false,
                    by_code,
                    default,
                },
            );
        }
    }
    out
}

/// One font in a page's resources, with what it embeds.
#[derive(Clone, Debug)]
pub struct PdfFont {
    /// The resource name (`/F1`).
    pub resource: String,
    /// The font dictionary's `/Subtype`.
    pub subtype: String,
    /// The font dictionary's `/BaseFont`.
    pub base_font: String,
    /// For a Type0 font, the descendant CIDFont's `/BaseFont`.
    pub descendant_base_font: Option<String>,
    /// Which font file the descriptor holds (`FontFile`, `FontFile2`, `FontFile3`).
    pub font_file_key: Option<String>,
    /// The embedded program's length once decompressed.
    pub program_len: usize,
}

/// Every font in every page's resources.
pub fn pdf_fonts(bytes: &[u8]) -> Vec<PdfFont> {
    let doc = load_pdf(bytes);
    let name = |o: &lopdf::Object| String::from_utf8_lossy(o.as_name().expect("a name")).into_owned();
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let fonts = doc.get_page_fonts(page_id).expect("the page's fonts");
        for (resource, font) in fonts {
            let subtype = font.get(b"Subtype").map(name).unwrap_or_default();
            let base_font = font.get(b"BaseFont").map(name).unwrap_or_default();
            // Type0 fonts keep their descriptor on the descendant CIDFont.
            let (descriptor_holder, descendant_base_font) = if subtype == "Type0" {
                let arr = font.get_deref(b"DescendantFonts", &doc).expect("DescendantFonts");
                let first = arr.as_array().expect("an array").first().expect("one descendant");
                let (_, d) = doc.dereference(first).unwrap();
                let d = d.as_dict().expect("a CIDFont dictionary");
                (d, Some(d.get(b"BaseFont").map(name).unwrap_or_default()))
            } else {
                (font, None)
            };
            let mut font_file_key = None;
            let mut program_len = 0;
            if let Ok(desc) = descriptor_holder.get_deref(b"FontDescriptor", &doc) {
                let desc = desc.as_dict().expect("a FontDescriptor dictionary");
                for key in ["FontFile", "FontFile2", "FontFile3"] {
                    if let Ok(obj) = desc.get_deref(key.as_bytes(), &doc) {
                        let stream = obj.as_stream().expect("a font file stream");
                        let data = if stream.dict.has(b"Filter") {
                            stream.decompressed_content().expect("the font program decompresses")
                        } else {
                            stream.content.clone()
                        };
                        font_file_key = Some(key.to_string());
                        program_len = data.len();
                    }
                }
            }
            out.push(PdfFont {
                resource: String::from_utf8_lossy(&resource).into_owned(),
                subtype,
                base_font,
                descendant_base_font,
                font_file_key,
                program_len,
            });
        }
    }
    out
}

/// Whether a font name carries a subset tag: six capital letters and `+`.
pub fn has_subset_tag(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() > 7 && b[..6].iter().all(u8::is_ascii_uppercase) && b[6] == b'+'
}

/// The text lopdf extracts from every page (it decodes through ToUnicode).
/// lopdf reads a page's own content stream only, so the forms a page draws
/// (art drawn once and placed many times) are put in their places first:
/// the text a viewer shows and copies.
pub fn pdf_text(bytes: &[u8]) -> String {
    let doc = with_forms_inlined(bytes);
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages)
        .unwrap_or_else(|e| panic!("lopdf cannot extract the text: {e}"))
}

/// The text of each page, as [`pdf_text`] reads it, page by page.
pub fn pdf_page_texts(bytes: &[u8]) -> Vec<String> {
    let doc = with_forms_inlined(bytes);
    doc.get_pages()
        .keys()
        .map(|&n| {
            doc.extract_text(&[n])
                .unwrap_or_else(|e| panic!("lopdf cannot extract the text of page {n}: {e}"))
        })
        .collect()
}

/// The PDF with every page's forms put in their places.
fn with_forms_inlined(bytes: &[u8]) -> lopdf::Document {
    let mut doc = load_pdf(bytes);
    for page_id in doc.get_pages().into_values() {
        let ops = lopdf::content::Content::decode(&doc.get_page_content(page_id))
            .unwrap_or_else(|e| panic!("cannot decode the content stream: {e}"))
            .operations;
        let resources = page_resources(&doc, page_id);
        let operations = inline_forms(&doc, ops, resources.as_ref(), 0);
        let content = lopdf::content::Content { operations }
            .encode()
            .expect("the page's content encodes again");
        doc.change_page_content(page_id, content)
            .expect("the page's content is replaced");
    }
    doc
}

/// A name from the catalog's `/ViewerPreferences`.
pub fn viewer_pref(doc: &lopdf::Document, key: &str) -> Option<String> {
    let catalog = doc.catalog().unwrap();
    let prefs = catalog.get(b"ViewerPreferences").ok()?;
    let prefs = match prefs {
        lopdf::Object::Reference(id) => doc.get_dictionary(*id).unwrap(),
        other => other.as_dict().unwrap(),
    };
    prefs
        .get(key.as_bytes())
        .ok()
        .map(|v| String::from_utf8_lossy(v.as_name().unwrap()).into_owned())
}
