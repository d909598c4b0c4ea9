//! SVG export with the `svg` crate: one file per page, sized in millimetres with
//! a viewBox in millimetres, so one user unit is one millimetre on paper.
//!
//! Each item's tag becomes its attributes (`class`, `id` where it names one
//! thing, and its data), so a reader can find the squares or the penalty spot
//! without guessing; which tag gives what is the tag's business, not this file's.

use std::io;

use svg::Node;
use svg::node::Blob;
use svg::node::element::{self as el, Element};

use crate::geom::{MM_PER_PT, Point};
use crate::scene::item::{Item, PathCmd, Shape, Symbol, TextRun};
use crate::scene::page::{Document, Page};
use crate::scene::picture::{Picture, PictureData};
use crate::scene::style::Style;

/// Formats a millimetre value at a fixed precision (a thousandth of a
/// millimetre), without trailing zeros: short, and the same on every machine.
pub fn num(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

fn pair(p: Point) -> String {
    format!("{},{}", num(p.x.0), num(p.y.0))
}

/// A path's `d` attribute, in millimetres.
pub fn path_data(cmds: &[PathCmd]) -> String {
    let d: Vec<String> = cmds
        .iter()
        .map(|c| match c {
            PathCmd::MoveTo(p) => format!("M{}", pair(*p)),
            PathCmd::LineTo(p) => format!("L{}", pair(*p)),
            PathCmd::CubicTo(a, b, c) => format!("C{} {} {}", pair(*a), pair(*b), pair(*c)),
            PathCmd::Close => "Z".to_string(),
        })
        .collect();
    d.join(" ")
}

/// The cut file of a page cut by a machine (print then cut): an SVG the size
/// of the page, in millimetres, holding only the page's cut paths (hairlines
/// in the red cutting software reads as cut lines), each where the page
/// prints it, so that the machine's marks place them on the printed sheet.
pub fn cut_file(page: &Page, title: &str) -> String {
    let (w, h) = (num(page.size.w.0), num(page.size.h.0));
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\">\n"
    ));
    out.push_str(&format!("<title>{}</title>\n", escape(title)));
    out.push_str("<g id=\"cut\" fill=\"none\" stroke=\"#ff0000\" stroke-width=\"0.1\">\n");
    for (i, cut) in page.cuts.iter().enumerate() {
        out.push_str(&format!("<path id=\"cut-{}\" d=\"{}\"/>\n", i + 1, path_data(cut)));
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Writes every page of a document as an SVG file's text.
pub fn export(doc: &Document) -> io::Result<Vec<String>> {
    (0..doc.page_count()).map(|i| export_page(doc, i)).collect()
}

/// Writes page `index` of a document as an SVG file's text. Fails only when
/// a picture left in its file cannot be read again as it was.
pub fn export_page(doc: &Document, index: usize) -> io::Result<String> {
    export_page_as(doc, index, TextAs::Text)
}

/// How an SVG sets its words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextAs {
    /// As `<text>` in the font's family, with a generic fallback: small and
    /// selectable, and right wherever the family is installed (DejaVu Sans
    /// is on most Linux systems, not on Windows or macOS).
    #[default]
    Text,
    /// As the outlines of the letters (`--outline-text`): the same letters
    /// in every viewer, font or no font, in a larger file; the words stay in
    /// each path's `aria-label`.
    Outlines,
}

/// [`export_page`], its words set as `text_as` says.
pub fn export_page_as(doc: &Document, index: usize, text_as: TextAs) -> io::Result<String> {
    let page = &*doc.page(index);
    let (w, h) = (page.size.w.0, page.size.h.0);
    let mut root = el::SVG::new()
        .set("width", format!("{}mm", num(w)))
        .set("height", format!("{}mm", num(h)))
        .set("viewBox", format!("0 0 {} {}", num(w), num(h)));
    if let Some(lang) = &doc.lang {
        // The svg crate escapes `&`, `<` and `>` in attributes, not quotes.
        root.assign("xml:lang", xml_chars(lang).replace('"', "\u{FFFD}"));
    }
    let title = if doc.page_count() > 1 {
        format!("{} ({}/{})", doc.title, index + 1, doc.page_count())
    } else {
        doc.title.clone()
    };
    root.append(el::Title::new(xml_chars(&title)));
    let mut cx = Cx {
        text_as,
        ..Cx::default()
    };
    // Art placed many times is written once, at the top, and each placement
    // is a `<use>` of it (`href`, and `xlink:href` for SVG 1.1 readers).
    let symbols = page_symbols(page);
    if !symbols.is_empty() {
        root.assign("xmlns:xlink", "http://www.w3.org/1999/xlink");
        let mut defs = el::Definitions::new();
        for symbol in symbols {
            let mut g = el::Group::new().set("id", symbol.id.clone());
            for child in &symbol.items {
                g.append(element(child, &mut cx));
            }
            defs.append(g);
        }
        root.append(defs);
    }
    for item in &page.items {
        root.append(element(item, &mut cx));
    }
    if let Some(e) = cx.error {
        return Err(e);
    }
    Ok(format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{root}\n"))
}

/// What writing a page's elements carries along: the clip paths numbered so
/// far, and the first picture that could not be read.
#[derive(Default)]
struct Cx {
    clips: usize,
    error: Option<io::Error>,
    text_as: TextAs,
}

/// Every symbol placed on `page`, once each, those placed inside a symbol
/// before it (a `<use>` refers to what is defined before it).
fn page_symbols(page: &Page) -> Vec<&Symbol> {
    fn go<'a>(items: &'a [Item], out: &mut Vec<&'a Symbol>) {
        for item in items {
            match &item.shape {
                Shape::Group { items, .. } => go(items, out),
                Shape::Use { symbol, .. } if !out.iter().any(|s| s.id == symbol.id) => {
                    go(&symbol.items, out);
                    out.push(symbol);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    go(&page.items, &mut out);
    out
}

fn matrix(m: &[f64; 6]) -> String {
    let m: Vec<String> = m.iter().map(|v| num(*v)).collect();
    format!("matrix({})", m.join(" "))
}

fn paint(mut e: Element, style: &Style) -> Element {
    e.assign(
        "fill",
        style.fill.map(|c| c.hex()).unwrap_or_else(|| "none".to_string()),
    );
    if let Some(s) = &style.stroke {
        e.assign("stroke", s.color.hex());
        e.assign("stroke-width", num(s.width.0));
        if !s.dash.is_empty() {
            let d: Vec<String> = s.dash.iter().map(|d| num(d.0)).collect();
            e.assign("stroke-dasharray", d.join(" "));
        }
    }
    e
}

fn tagged(mut e: Element, item: &Item) -> Element {
    for (name, value) in item.tag.attributes() {
        e.assign(name, value);
    }
    e
}

fn element(item: &Item, cx: &mut Cx) -> Box<dyn Node> {
    let e: Element = match &item.shape {
        Shape::Line { from, to } => el::Line::new()
            .set("x1", num(from.x.0))
            .set("y1", num(from.y.0))
            .set("x2", num(to.x.0))
            .set("y2", num(to.y.0))
            .into(),
        Shape::Polyline { points, closed } => {
            let pts: Vec<String> = points.iter().map(|p| pair(*p)).collect();
            if *closed {
                el::Polygon::new().set("points", pts.join(" ")).into()
            } else {
                el::Polyline::new().set("points", pts.join(" ")).into()
            }
        }
        Shape::Rect(r) => el::Rectangle::new()
            .set("x", num(r.x.0))
            .set("y", num(r.y.0))
            .set("width", num(r.w.0))
            .set("height", num(r.h.0))
            .into(),
        Shape::Circle { centre, radius } => el::Circle::new()
            .set("cx", num(centre.x.0))
            .set("cy", num(centre.y.0))
            .set("r", num(radius.0))
            .into(),
        Shape::Path(cmds) => el::Path::new().set("d", path_data(cmds)).into(),
        Shape::Image { rect, picture } => el::Image::new()
            .set("x", num(rect.x.0))
            .set("y", num(rect.y.0))
            .set("width", num(rect.w.0))
            .set("height", num(rect.h.0))
            .set("preserveAspectRatio", "none")
            .set("href", data_url(picture, cx))
            .into(),
        Shape::Text(run) => return Box::new(text(run, item, cx.text_as)),
        Shape::Use { symbol, transform } => {
            let href = format!("#{}", symbol.id);
            let mut u = el::Use::new().set("href", href.clone()).set("xlink:href", href);
            if !transform.is_identity() {
                u = u.set("transform", matrix(&transform.m));
            }
            return Box::new(tagged(u.into(), item));
        }
        Shape::Group { transform, clip, items } => {
            let mut g = el::Group::new();
            if !transform.is_identity() {
                g = g.set("transform", matrix(&transform.m));
            }
            if let Some(c) = clip {
                cx.clips += 1;
                let id = format!("clip-{}", cx.clips);
                let path = el::ClipPath::new().set("id", id.clone()).add(
                    el::Rectangle::new()
                        .set("x", num(c.x.0))
                        .set("y", num(c.y.0))
                        .set("width", num(c.w.0))
                        .set("height", num(c.h.0)),
                );
                g = g.add(el::Definitions::new().add(path));
                g = g.set("clip-path", format!("url(#{id})"));
            }
            for child in items {
                g.append(element(child, cx));
            }
            return Box::new(tagged(g.into(), item));
        }
    };
    Box::new(tagged(paint(e, &item.style), item))
}

/// A line of text: one `<text>` at the run's origin, in the run's face. A
/// justified run places each word itself ([`placed_words`]) instead of
/// asking for `word-spacing` or `textLength`: renderers differ on those
/// (librsvg applies neither and leaves the line short, resvg spreads
/// `textLength` over the letters), but every one starts a `<tspan>` where its
/// `x` says.
fn text(run: &TextRun, item: &Item, text_as: TextAs) -> Blob {
    if run.font.loaded().is_some() || text_as == TextAs::Outlines {
        return outlined(run, item);
    }
    let mut t = Element::new("text");
    t.assign("x", num(run.origin.x.0));
    t.assign("y", num(run.origin.y.0));
    // A viewer without the family falls back to its own sans-serif, not to
    // its default serif (whose wider words overrun the measured lines).
    t.assign("font-family", format!("{}, sans-serif", run.font.family()));
    t.assign("font-size", num(run.size_pt * MM_PER_PT));
    t.assign(
        "fill",
        item.style.fill.map(|c| c.hex()).unwrap_or_else(|| "#000000".into()),
    );
    t.assign("xml:space", "preserve");
    // The PDF sets every glyph at its advance, with no kerning and no
    // ligatures, and so were the widths measured. Browsers honour both
    // properties; resvg only the first, and only as a style (usvg ignores
    // the attribute); librsvg neither. Where they are ignored a word is a
    // little narrower, but it still starts at its own x.
    t.assign("style", "font-kerning:none;font-variant-ligatures:none");
    if run.font.is_bold() {
        t.assign("font-weight", "bold");
    }
    if run.font.is_italic() {
        t.assign("font-style", "oblique");
    }
    let t = tagged(t, item);
    let content = if run.word_gap.0 == 0.0 {
        escape(&run.text)
    } else {
        placed_words(run)
    };
    // The svg crate writes every child element on a line of its own, and in
    // a text whose spaces are preserved those line breaks would be spaces.
    // So the crate writes the start tag (attributes sorted and escaped as on
    // every other element) and the content goes in as it is.
    let empty = t.to_string();
    let open = empty.strip_suffix("/>").unwrap_or(&empty);
    Blob::new(format!("{open}>{content}</text>"))
}

/// A run in a font read from a file, as the outlines of its glyphs: a
/// browser, librsvg and resvg draw a path alike, where each would look for
/// the font's name among its own (and an `@font-face` is honoured by
/// browsers only). The words stay readable and searchable in `aria-label`.
fn outlined(run: &TextRun, item: &Item) -> Blob {
    struct Pen<'a> {
        d: &'a mut String,
        x: f64,
        y: f64,
        k: f64,
    }
    impl Pen<'_> {
        fn at(&mut self, x: f32, y: f32) -> String {
            format!(
                "{},{}",
                num(self.x + f64::from(x) * self.k),
                num(self.y - f64::from(y) * self.k)
            )
        }
    }
    impl ttf_parser::OutlineBuilder for Pen<'_> {
        fn move_to(&mut self, x: f32, y: f32) {
            let p = self.at(x, y);
            self.d.push_str(&format!("M{p}"));
        }
        fn line_to(&mut self, x: f32, y: f32) {
            let p = self.at(x, y);
            self.d.push_str(&format!("L{p}"));
        }
        fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
            let (a, b) = (self.at(x1, y1), self.at(x, y));
            self.d.push_str(&format!("Q{a} {b}"));
        }
        fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
            let (a, b, c) = (self.at(x1, y1), self.at(x2, y2), self.at(x, y));
            self.d.push_str(&format!("C{a} {b} {c}"));
        }
        fn close(&mut self) {
            self.d.push('Z');
        }
    }
    let face = run.font.face();
    let k = run.size_pt * MM_PER_PT / f64::from(face.units_per_em());
    let mut d = String::new();
    let mut pen = run.origin.x.0;
    for c in run.text.chars() {
        let gid = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        let mut b = Pen {
            d: &mut d,
            x: pen,
            y: run.origin.y.0,
            k,
        };
        face.outline_glyph(gid, &mut b);
        pen += f64::from(face.glyph_hor_advance(gid).unwrap_or(0)) * k;
        if c == ' ' {
            pen += run.word_gap.0;
        }
    }
    let mut p = Element::new("path");
    p.assign("d", d);
    p.assign("aria-label", xml_chars(&run.text));
    p.assign(
        "fill",
        item.style.fill.map(|c| c.hex()).unwrap_or_else(|| "#000000".into()),
    );
    Blob::new(tagged(p, item).to_string())
}

/// A justified run's words, each in a `<tspan>` at the x where the PDF sets
/// it ([`TextRun::words`]), with the spaces between them kept as text, so
/// the line still reads, selects and searches as it did. The last word is
/// anchored at its end instead, where the line ends: where a renderer still
/// kerns or joins a ligature inside it, its start moves, not the line's
/// right edge. (Not when a space follows it: the space would belong to the
/// anchored stretch and pull the word left.)
pub fn placed_words(run: &TextRun) -> String {
    let words = run.words();
    let anchor_last = !run.text.ends_with(' ');
    let mut k = 0;
    let parts: Vec<String> = run
        .text
        .split(' ')
        .map(|w| {
            // `words` yields the non-empty pieces between spaces, in order.
            let Some(&(x, _)) = words.get(k).filter(|_| !w.is_empty()) else {
                return escape(w);
            };
            k += 1;
            if k == words.len() && anchor_last {
                let end = x + run.font.measure(w, run.size_pt);
                format!("<tspan x=\"{}\" text-anchor=\"end\">{}</tspan>", num(end.0), escape(w))
            } else {
                format!("<tspan x=\"{}\">{}</tspan>", num(x.0), escape(w))
            }
        })
        .collect();
    parts.join(" ")
}

/// Text content escaped for XML (attribute values are the svg crate's).
fn escape(s: &str) -> String {
    xml_chars(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `s` with every character XML 1.0 forbids (most controls, `U+FFFE`,
/// `U+FFFF`) written as `U+FFFD`, the replacement character: the checker
/// refuses such text before anything is written, but whatever reaches this
/// writer still makes a well-formed file.
fn xml_chars(s: &str) -> String {
    s.chars()
        .map(|c| {
            if crate::font::chars::xml_allowed(c) {
                c
            } else {
                '\u{FFFD}'
            }
        })
        .collect()
}

/// A picture as a data URL: its JPEG or PNG file, as it is (empty, with the
/// error kept, when its file can no longer be read as it was).
fn data_url(picture: &Picture, cx: &mut Cx) -> String {
    let (kind, file) = match &picture.data {
        PictureData::Jpeg(file) => ("jpeg", file),
        PictureData::Png(png) => ("png", &png.file),
    };
    match file.read() {
        Ok(bytes) => format!("data:image/{kind};base64,{}", base64(&bytes)),
        Err(e) => {
            cx.error.get_or_insert(e);
            String::new()
        }
    }
}

/// Standard base64 (RFC 4648, with padding), for pictures in data URLs.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
