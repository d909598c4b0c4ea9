//! The scene in printpdf's words: each item becomes printpdf drawing
//! operations ([`Op`]), in plain printpdf and nothing else.
//!
//! Each page starts with one transform that maps the scene's millimetres
//! (origin top left, y down) onto PDF points (origin bottom left, y up).
//! After it, every coordinate, line width and font size is written in
//! millimetres as the scene holds it, so nothing is converted item by item;
//! text gets a text matrix that turns it upright again.

use printpdf::{
    Cmyk, Color as PdfColor, CurTransMat, FontId, LineDashPattern, LinePoint, Op, PaintMode, PdfFontHandle, PdfPage,
    Point as PdfPoint, Polygon, PolygonRing, Pt, Rgb, TextItem, TextMatrix, WindingOrder, XObjectId, XObjectTransform,
};

use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{KAPPA, MM_PER_PT, Mm, Point};
use crate::print::separation::{Role, Separation};
use crate::scene::item::{Item, PathCmd, Shape, Symbol};
use crate::scene::picture::Picture;
use crate::scene::style::Stroke;

/// The fonts a document uses, each under an id made from its glyphs.
pub(super) struct Fonts {
    /// Each face under the id it is registered by.
    pub(super) ids: Vec<(FontFace, FontId)>,
}

impl Fonts {
    /// The id `face` is registered under.
    pub(super) fn id(&self, face: FontFace) -> Option<&FontId> {
        self.ids.iter().find(|(f, _)| *f == face).map(|(_, id)| id)
    }
}

/// The XObject name of a picture: from its hash, so the same picture is one
/// object however often it is drawn, and the name is the same on every run.
pub(super) fn picture_id(p: &Picture) -> XObjectId {
    XObjectId(format!("Im{}", p.id))
}

/// A page's drawing operations: one transform from the scene's millimetres
/// (y down) to PDF points (y up), then every item.
pub(super) fn page_ops(page: &crate::scene::page::Page, fonts: &Fonts, inks: Inks<'_>) -> PdfPage {
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
        item_ops(item, fonts, inks, &mut ops);
    }
    ops.shrink_to_fit();
    PdfPage::new(
        printpdf::Mm(page.size.w.0 as f32),
        printpdf::Mm(page.size.h.0 as f32),
        ops,
    )
}

/// How a text of `size_pt` is separated.
fn text_role(size_pt: f64) -> Role {
    if size_pt < crate::print::separation::SMALL_TEXT_PT {
        Role::SmallText
    } else {
        Role::Text
    }
}

/// How colours are written: as the layouts' sRGB, or separated into a
/// press's four inks.
pub(super) type Inks<'a> = Option<&'a Separation>;

fn pdf_color(c: Color, role: Role, inks: Inks<'_>) -> PdfColor {
    match inks {
        None => PdfColor::Rgb(Rgb {
            r: c.r as f32 / 255.0,
            g: c.g as f32 / 255.0,
            b: c.b as f32 / 255.0,
            icc_profile: None,
        }),
        Some(sep) => {
            let [cy, m, y, k] = sep.solid(c, role).map(|v| f32::from(v) / 255.0);
            PdfColor::Cmyk(Cmyk {
                c: cy,
                m,
                y,
                k,
                icc_profile: None,
            })
        }
    }
}

fn pt(p: Point) -> PdfPoint {
    // Under the page transform one unit is one millimetre.
    PdfPoint {
        x: Pt(p.x.0 as f32),
        y: Pt(p.y.0 as f32),
    }
}

fn set_stroke(s: &Stroke, inks: Inks<'_>, ops: &mut Vec<Op>) {
    let role = if s.width <= crate::print::separation::THIN_LINE {
        Role::ThinLine
    } else {
        Role::Area
    };
    ops.push(Op::SetOutlineColor {
        col: pdf_color(s.color, role, inks),
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
            scale_x: Some(a),
            scale_y: Some(d),
            ..XObjectTransform::default()
        },
    });
    if turned {
        ops.push(Op::RestoreGraphicsState);
    }
}

/// The drawing operations of one item (and of the items inside it).
pub(super) fn item_ops(item: &Item, fonts: &Fonts, inks: Inks<'_>, ops: &mut Vec<Op>) {
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
                item_ops(child, fonts, inks, ops);
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
                col: pdf_color(item.style.fill.unwrap_or(Color::BLACK), text_role(run.size_pt), inks),
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
                ops.push(Op::SetFillColor {
                    col: pdf_color(fill, Role::Area, inks),
                });
            }
            if let Some(stroke) = &item.style.stroke {
                set_stroke(stroke, inks, ops);
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
