//! The scene as PDF drawing operators, written into a `pdf-writer`
//! content stream.
//!
//! Each page starts with one transform that maps the scene's millimetres
//! (origin top left, y down) onto PDF points (origin bottom left, y up).
//! After it, every coordinate, line width and font size is written in
//! millimetres as the scene holds it, so nothing is converted item by item;
//! text gets a text matrix that turns it upright again. What a page refers
//! to (fonts, pictures, symbols) is asked of the document ([`Resources`]),
//! which names it and writes it when first met.

use std::io;
use std::sync::Arc;

use pdf_writer::{Content, Name, Str};

use super::font::Subset;
use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{KAPPA, MM_PER_PT, Mm, Point};
use crate::print::separation::{Role, Separation};
use crate::scene::item::{Item, PathCmd, Shape, Symbol, TextRun};
use crate::scene::picture::Picture;
use crate::scene::style::Stroke;

/// What the drawing refers to by name, named (and written) by the document.
pub(super) trait Resources {
    /// The face `face` as the document embeds it.
    fn font(&mut self, face: FontFace) -> &mut Subset;
    /// The XObject name of `picture`, written when first met.
    fn picture(&mut self, picture: &Arc<Picture>) -> io::Result<String>;
    /// The XObject name of `symbol`'s form, written when first met.
    fn symbol(&mut self, symbol: &Arc<Symbol>) -> io::Result<String>;
}

/// How colours are written: as the layouts' sRGB, or separated into a
/// press's four inks.
pub(super) type Inks<'a> = Option<&'a Separation>;

/// A page's content: one transform from the scene's millimetres (y down)
/// to PDF points (y up), then every item.
pub(super) fn page(page: &crate::scene::page::Page, res: &mut dyn Resources, inks: Inks<'_>) -> io::Result<Content> {
    let mut content = Content::new();
    let k = (1.0 / MM_PER_PT) as f32;
    content.transform([k, 0.0, 0.0, -k, 0.0, page.size.h.to_pt() as f32]);
    for item in &page.items {
        item_ops(item, res, inks, &mut content)?;
    }
    Ok(content)
}

/// How a text of `size_pt` is separated.
fn text_role(size_pt: f64) -> Role {
    if size_pt < crate::print::separation::SMALL_TEXT_PT {
        Role::SmallText
    } else {
        Role::Text
    }
}

/// A colour as the fill or the stroke colour: `rg`/`RG` at home, `k`/`K`
/// separated.
fn set_color(c: Color, role: Role, inks: Inks<'_>, stroke: bool, content: &mut Content) {
    match inks {
        None => {
            let [r, g, b] = [c.r, c.g, c.b].map(|v| f32::from(v) / 255.0);
            if stroke {
                content.set_stroke_rgb(r, g, b);
            } else {
                content.set_fill_rgb(r, g, b);
            }
        }
        Some(sep) => {
            let [cy, m, y, k] = sep.solid(c, role).map(|v| f32::from(v) / 255.0);
            if stroke {
                content.set_stroke_cmyk(cy, m, y, k);
            } else {
                content.set_fill_cmyk(cy, m, y, k);
            }
        }
    }
}

fn set_stroke(s: &Stroke, inks: Inks<'_>, content: &mut Content) {
    let role = if s.width <= crate::print::separation::THIN_LINE {
        Role::ThinLine
    } else {
        Role::Area
    };
    set_color(s.color, role, inks, true, content);
    content.set_line_width(s.width.0 as f32);
    if !s.dash.is_empty() {
        content.set_dash_pattern(s.dash.iter().map(|d| d.0 as f32), 0.0);
    }
}

fn xy(p: Point) -> (f32, f32) {
    // Under the page transform one unit is one millimetre.
    (p.x.0 as f32, p.y.0 as f32)
}

/// Appends a shape's outline to the current path; false for a shape that has
/// none (text, pictures, groups).
fn outline(shape: &Shape, content: &mut Content) -> bool {
    let move_to = |c: &mut Content, p: Point| {
        let (x, y) = xy(p);
        c.move_to(x, y);
    };
    let line_to = |c: &mut Content, p: Point| {
        let (x, y) = xy(p);
        c.line_to(x, y);
    };
    let curve_to = |c: &mut Content, a: Point, b: Point, p: Point| {
        let ((x1, y1), (x2, y2), (x3, y3)) = (xy(a), xy(b), xy(p));
        c.cubic_to(x1, y1, x2, y2, x3, y3);
    };
    match shape {
        Shape::Line { from, to } => {
            move_to(content, *from);
            line_to(content, *to);
        }
        Shape::Polyline { points, closed } => {
            let Some((first, rest)) = points.split_first() else {
                return true;
            };
            move_to(content, *first);
            for p in rest {
                line_to(content, *p);
            }
            if *closed {
                content.close_path();
            }
        }
        Shape::Rect(r) => {
            let [a, b, c, d] = r.corners();
            move_to(content, a);
            for p in [b, c, d] {
                line_to(content, p);
            }
            content.close_path();
        }
        Shape::Circle { centre, radius } => {
            // Four quarter arcs, each a cubic Bézier.
            let (cx, cy, r) = (centre.x.0, centre.y.0, radius.0);
            let k = r * KAPPA;
            let p = Point::new;
            move_to(content, p(cx + r, cy));
            curve_to(content, p(cx + r, cy + k), p(cx + k, cy + r), p(cx, cy + r));
            curve_to(content, p(cx - k, cy + r), p(cx - r, cy + k), p(cx - r, cy));
            curve_to(content, p(cx - r, cy - k), p(cx - k, cy - r), p(cx, cy - r));
            curve_to(content, p(cx + k, cy - r), p(cx + r, cy - k), p(cx + r, cy));
            content.close_path();
        }
        Shape::Path(cmds) => {
            for cmd in cmds {
                match cmd {
                    PathCmd::MoveTo(q) => move_to(content, *q),
                    PathCmd::LineTo(q) => line_to(content, *q),
                    PathCmd::CubicTo(a, b, c) => curve_to(content, *a, *b, *c),
                    PathCmd::Close => {
                        content.close_path();
                    }
                }
            }
        }
        Shape::Text(_) | Shape::Image { .. } | Shape::Group { .. } | Shape::Use { .. } => return false,
    }
    true
}

/// A text run: `BT /Fn size Tf 1 0 0 -1 x y Tm <codes> Tj ET`, or for a
/// justified line a `TJ` whose offset after each space widens it (PDF word
/// spacing does not apply to the two-byte codes of embedded fonts). The
/// spaces stay in the text, so a reader extracting it sees words.
fn text(run: &TextRun, fill: Color, res: &mut dyn Resources, inks: Inks<'_>, content: &mut Content) {
    let size = Mm::from_pt(run.size_pt).0;
    let font = res.font(run.font);
    content.save_state();
    set_color(fill, text_role(run.size_pt), inks, false, content);
    content.begin_text();
    content.set_font(Name(font.name().as_bytes()), size as f32);
    // Flip y back so glyphs stand upright under the page's y-down transform.
    let (x, y) = xy(run.origin);
    content.set_text_matrix([1.0, 0.0, 0.0, -1.0, x, y]);
    if run.word_gap.0 == 0.0 {
        content.show(Str(&font.encode(&run.text)));
    } else {
        // TJ numbers are thousandths of the font size; negative moves right.
        let offset = -(run.word_gap.0 / size * 1000.0) as f32;
        let mut shown = content.show_positioned();
        let mut items = shown.items();
        let mut words = run.text.split_inclusive(' ').peekable();
        while let Some(word) = words.next() {
            items.show(Str(&font.encode(word)));
            if word.ends_with(' ') && words.peek().is_some() {
                items.adjust(offset);
            }
        }
    }
    content.end_text();
    content.restore_state();
}

/// The drawing operators of one item (and of the items inside it).
pub(super) fn item_ops(item: &Item, res: &mut dyn Resources, inks: Inks<'_>, content: &mut Content) -> io::Result<()> {
    match &item.shape {
        Shape::Group { transform, clip, items } => {
            content.save_state();
            if !transform.is_identity() {
                content.transform(transform.m.map(|v| v as f32));
            }
            if let Some(c) = clip {
                outline(&Shape::Rect(*c), content);
                content.clip_nonzero();
                content.end_path();
            }
            for child in items {
                item_ops(child, res, inks, content)?;
            }
            content.restore_state();
        }
        Shape::Use { symbol, transform } => {
            // The form's content is in the symbol's own coordinates.
            let name = res.symbol(symbol)?;
            content.save_state();
            content.transform(transform.m.map(|v| v as f32));
            content.x_object(Name(name.as_bytes()));
            content.restore_state();
        }
        Shape::Image { rect, picture } => {
            // The image space's unit square, flipped upright onto the
            // rectangle (the page's own transform turns y down).
            let name = res.picture(picture)?;
            content.save_state();
            content.transform([
                rect.w.0 as f32,
                0.0,
                0.0,
                -(rect.h.0 as f32),
                rect.x.0 as f32,
                rect.bottom().0 as f32,
            ]);
            content.x_object(Name(name.as_bytes()));
            content.restore_state();
        }
        Shape::Text(run) => text(run, item.style.fill.unwrap_or(Color::BLACK), res, inks, content),
        shape => {
            let (fill, stroke) = (item.style.fill, item.style.stroke.as_ref());
            if fill.is_none() && stroke.is_none() {
                return Ok(());
            }
            content.save_state();
            if let Some(fill) = fill {
                set_color(fill, Role::Area, inks, false, content);
            }
            if let Some(stroke) = stroke {
                set_stroke(stroke, inks, content);
            }
            outline(shape, content);
            // The scene's fills are non-zero, as SVG's default; a subpath is
            // closed only where the scene closes it.
            match (fill.is_some(), stroke.is_some()) {
                (true, true) => content.fill_nonzero_and_stroke(),
                (true, false) => content.fill_nonzero(),
                _ => content.stroke(),
            };
            content.restore_state();
        }
    }
    Ok(())
}
