//! Icons inside text: a word written `:ball:` in a card's text is drawn as a
//! small picture in the line, about one em wide, so that a rule reads at a
//! glance. A small set is bundled (drawn here, in the text's ink, or in their
//! own colours where the colour is the meaning: a referee's cards are yellow
//! and red); a card template adds its own SVG files by name.
//!
//! Text is cut into [`Piece`]s; [`width`] measures a text with its icons,
//! [`wrap`] breaks it into lines and [`line`] draws one line as scene items.

use std::collections::BTreeMap;
use std::sync::Arc;

use resvg::usvg;

use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::item::{Item, PathCmd, Shape, Symbol, TextRun};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::text::Align;

pub use crate::markdown::icon_marks::{BUNDLED, Piece, is_icon_name, marked, marked_icon, pieces};

/// An icon's advance in the line, in ems: the art is a square a little
/// narrower, with air on both sides.
const ADVANCE_EM: f64 = crate::font::ICON_ADVANCE_EM;
/// The art's side, in ems: as tall as a capital and a half, so that it
/// reads beside the letters without crowding the lines above and below.
const ART_EM: f64 = 0.95;
/// How far the art reaches below the baseline, in ems (a descender's depth).
const BELOW_EM: f64 = 0.15;
/// The side of the square the art is drawn in, in its own units.
const ART: f64 = 10.0;

/// A referee's yellow card.
const YELLOW: Color = Color::rgb(0xf1, 0xc4, 0x0f);
/// A referee's red card.
const RED: Color = Color::rgb(0xd6, 0x28, 0x28);
/// A coin's gold.
const GOLD: Color = Color::rgb(0xd4, 0xa0, 0x17);
/// White, for the ball's patches between its black ones.
const WHITE: Color = Color::rgb(0xff, 0xff, 0xff);

/// An icon's advance at `size_pt`.
pub fn advance(size_pt: f64) -> Mm {
    Mm::from_pt(size_pt * ADVANCE_EM)
}

/// The width of `text` set in `face` at `size_pt`, each icon one advance.
pub fn width(text: &str, face: FontFace, size_pt: f64) -> Mm {
    pieces(text)
        .iter()
        .map(|p| match p {
            Piece::Text(t) => face.measure(t, size_pt),
            Piece::Icon(_) => advance(size_pt),
        })
        .fold(Mm::ZERO, |a, b| a + b)
}

/// `text` broken into lines no wider than `width` (greedy, at spaces; a
/// line break in the text starts a new line); `None` when a word (or an
/// icon) is wider than the line on its own.
pub fn wrap(text: &str, face: FontFace, size_pt: f64, width_mm: Mm) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut current = String::new();
        for word in paragraph.split_whitespace() {
            if width(word, face, size_pt) > width_mm + Mm(1e-9) {
                return None;
            }
            let joined = if current.is_empty() {
                word.to_string()
            } else {
                format!("{current} {word}")
            };
            if width(&joined, face, size_pt) <= width_mm + Mm(1e-9) {
                current = joined;
            } else {
                lines.push(std::mem::replace(&mut current, word.to_string()));
            }
        }
        lines.push(current);
    }
    // Blank lines at the end of a cell add nothing but height.
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    Some(lines)
}

/// The icons a text may use: the bundled ones and a template's own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IconSet {
    /// Each own icon's art in a square of side [`ART`], by name.
    own: BTreeMap<String, Vec<Item>>,
}

impl IconSet {
    /// Whether `name` is an icon of the set (an own icon may replace a
    /// bundled one of the same name).
    pub fn knows(&self, name: &str) -> bool {
        self.own.contains_key(name) || BUNDLED.iter().any(|(n, _)| *n == name)
    }

    /// Every name the set knows, own ones first.
    pub fn names(&self) -> Vec<String> {
        let own = self.own.keys().cloned();
        own.chain(
            BUNDLED
                .iter()
                .map(|(n, _)| n.to_string())
                .filter(|n| !self.own.contains_key(n)),
        )
        .collect()
    }

    /// The first `:name:` of `text` the set does not know, with the known
    /// name nearest it (a typo's fix).
    pub fn unknown(&self, text: &str) -> Option<(String, Option<String>)> {
        pieces(text).into_iter().find_map(|p| match p {
            Piece::Icon(name) if !self.knows(name) => {
                let near = crate::diag::nearest(name, &self.names()).map(str::to_string);
                Some((name.to_string(), near))
            }
            _ => None,
        })
    }

    /// Adds the icon `name` drawn by the SVG document `svg`; why not, when
    /// it cannot be read or draws nothing the set can print.
    pub fn add_svg(&mut self, name: &str, svg: &[u8]) -> Result<(), String> {
        let tree = usvg::Tree::from_data(svg, &usvg::Options::default())
            .map_err(|e| format!("it is not an SVG file ({e})"))?;
        let mut items = Vec::new();
        svg_items(tree.root(), &mut items);
        if items.is_empty() {
            return Err("it draws no shape filled or stroked in a plain colour".into());
        }
        let size = tree.size();
        let scale = ART / f64::from(size.width().max(size.height()));
        let dx = (ART - f64::from(size.width()) * scale) / 2.0;
        let dy = (ART - f64::from(size.height()) * scale) / 2.0;
        let fit = Transform::scale(scale, scale).then(&Transform::translate(Mm(dx), Mm(dy)));
        let art = vec![Item::new(
            Shape::Group {
                transform: fit,
                clip: None,
                items,
            },
            Style::default(),
            Tag::Decoration,
        )];
        self.own.insert(name.to_string(), art);
        Ok(())
    }

    /// The icon `name` drawn in a line of text at `size_pt`, its advance
    /// starting at `pen` on the baseline: a square of art centred in the
    /// advance, reaching a descender's depth below the baseline. `None` for
    /// a name the set does not know.
    fn placed(&self, name: &str, ink: Color, pen: Point, size_pt: f64) -> Option<Item> {
        let art = self.art(name, ink)?;
        let side = Mm::from_pt(size_pt * ART_EM);
        let left = pen.x + (advance(size_pt) - side) / 2.0;
        let top = pen.y + Mm::from_pt(size_pt * BELOW_EM) - side;
        let place = Transform::scale(side.0 / ART, side.0 / ART).then(&Transform::translate(left, top));
        let symbol = Arc::new(Symbol::new(&format!("icon-{}", symbol_name(name)), art));
        Some(symbol.placed(place, Tag::Decoration))
    }

    /// The art of `name` in a square of side [`ART`], its plain parts in
    /// `ink`.
    fn art(&self, name: &str, ink: Color) -> Option<Vec<Item>> {
        match self.own.get(name) {
            Some(items) => Some(items.clone()),
            None => bundled(name, ink),
        }
    }
}

/// The paths of an SVG group as scene items, in the SVG's own units: each
/// filled or stroked in a plain colour (gradients and patterns are left
/// out: an icon prints flat).
fn svg_items(group: &usvg::Group, out: &mut Vec<Item>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => svg_items(g, out),
            usvg::Node::Path(p) if p.is_visible() => {
                let t = p.abs_transform();
                let map = |pt: usvg::tiny_skia_path::Point| {
                    let (mut x, mut y) = (pt.x, pt.y);
                    (x, y) = (t.sx * x + t.kx * y + t.tx, t.ky * x + t.sy * y + t.ty);
                    Point::new(f64::from(x), f64::from(y))
                };
                let mut cmds = Vec::new();
                let mut last = Point::new(0.0, 0.0);
                for seg in p.data().segments() {
                    use usvg::tiny_skia_path::PathSegment as S;
                    let cmd = match seg {
                        S::MoveTo(a) => PathCmd::MoveTo(map(a)),
                        S::LineTo(a) => PathCmd::LineTo(map(a)),
                        S::QuadTo(c, a) => {
                            // A quadratic Bézier as the cubic that draws it.
                            let (c, a) = (map(c), map(a));
                            let third = |from: Point| Point {
                                x: from.x + (c.x - from.x) * (2.0 / 3.0),
                                y: from.y + (c.y - from.y) * (2.0 / 3.0),
                            };
                            PathCmd::CubicTo(third(last), third(a), a)
                        }
                        S::CubicTo(c1, c2, a) => PathCmd::CubicTo(map(c1), map(c2), map(a)),
                        S::Close => PathCmd::Close,
                    };
                    last = match cmd {
                        PathCmd::MoveTo(a) | PathCmd::LineTo(a) | PathCmd::CubicTo(_, _, a) => a,
                        PathCmd::Close => last,
                    };
                    cmds.push(cmd);
                }
                let colour = |paint: &usvg::Paint| match paint {
                    usvg::Paint::Color(c) => Some(Color::rgb(c.red, c.green, c.blue)),
                    _ => None,
                };
                let fill = p.fill().and_then(|f| colour(f.paint()));
                let stroke = p.stroke().and_then(|s| {
                    let scale = ((t.sx * t.sy - t.kx * t.ky).abs()).sqrt();
                    colour(s.paint()).map(|c| Stroke::solid(Mm(f64::from(s.width().get() * scale)), c))
                });
                if fill.is_some() || stroke.is_some() {
                    out.push(Item::new(Shape::Path(cmds), Style { stroke, fill }, Tag::Decoration));
                }
            }
            _ => {}
        }
    }
}

/// A filled shape of the art.
fn filled(shape: Shape, colour: Color) -> Item {
    Item::new(shape, Style::filled(colour), Tag::Decoration)
}

/// An outlined shape of the art, `width` in the art's units.
fn outlined(shape: Shape, width: f64, colour: Color) -> Item {
    Item::new(shape, Style::stroked(Stroke::solid(Mm(width), colour)), Tag::Decoration)
}

/// A card of the referee's, upright, in `colour` with an `ink` edge.
fn referee_card(colour: Color, ink: Color) -> Vec<Item> {
    let card = Shape::Rect(Rect::new(2.2, 0.6, 5.6, 8.8));
    vec![Item::new(
        card,
        Style {
            stroke: Some(Stroke::solid(Mm(0.5), ink)),
            fill: Some(colour),
        },
        Tag::Decoration,
    )]
}

/// The points of a regular polygon of `n` corners round `(cx, cy)`, the
/// first straight up.
fn polygon(n: usize, (cx, cy): (f64, f64), r: f64) -> Vec<Point> {
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
            Point::new(cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// The bundled icon `name`, drawn in a square of side [`ART`], its plain
/// parts in `ink`.
fn bundled(name: &str, ink: Color) -> Option<Vec<Item>> {
    let line = |a: (f64, f64), b: (f64, f64), w: f64| {
        outlined(
            Shape::Line {
                from: Point::new(a.0, a.1),
                to: Point::new(b.0, b.1),
            },
            w,
            ink,
        )
    };
    let circle = |r: f64| Shape::Circle {
        centre: Point::new(5.0, 5.0),
        radius: Mm(r),
    };
    Some(match name {
        "ball" => {
            // A white ball, a black pentagon at its heart and five spokes
            // out to the seams: the football everyone draws.
            let mut items = vec![
                filled(circle(4.6), WHITE),
                filled(
                    Shape::Polyline {
                        points: polygon(5, (5.0, 5.0), 1.8),
                        closed: true,
                    },
                    ink,
                ),
            ];
            let inner = polygon(5, (5.0, 5.0), 1.8);
            let outer = polygon(5, (5.0, 5.0), 4.6);
            items.extend(
                inner
                    .iter()
                    .zip(&outer)
                    .map(|(a, b)| line((a.x.0, a.y.0), (b.x.0, b.y.0), 0.6)),
            );
            items.push(outlined(circle(4.6), 0.7, ink));
            items
        }
        "goal" => {
            // The posts and crossbar, and the net behind them.
            let mut items: Vec<Item> = (1..4)
                .map(|i| line((1.0 + 2.0 * i as f64, 2.0), (1.0 + 2.0 * i as f64, 9.0), 0.3))
                .collect();
            items.extend((1..4).map(|i| line((1.0, 2.0 + 1.75 * i as f64), (9.0, 2.0 + 1.75 * i as f64), 0.3)));
            items.push(outlined(
                Shape::Polyline {
                    points: vec![
                        Point::new(1.0, 9.5),
                        Point::new(1.0, 1.5),
                        Point::new(9.0, 1.5),
                        Point::new(9.0, 9.5),
                    ],
                    closed: false,
                },
                1.0,
                ink,
            ));
            items
        }
        "yellow" => referee_card(YELLOW, ink),
        "red" => referee_card(RED, ink),
        "die" => {
            // A die showing five.
            let mut items = vec![outlined(Shape::Rect(Rect::new(1.0, 1.0, 8.0, 8.0)), 0.8, ink)];
            for (x, y) in [(3.0, 3.0), (7.0, 3.0), (5.0, 5.0), (3.0, 7.0), (7.0, 7.0)] {
                items.push(filled(
                    Shape::Circle {
                        centre: Point::new(x, y),
                        radius: Mm(0.85),
                    },
                    ink,
                ));
            }
            items
        }
        "coin" => vec![
            filled(circle(4.6), GOLD),
            outlined(circle(4.6), 0.7, ink),
            outlined(circle(3.2), 0.4, ink),
        ],
        "clock" => vec![
            outlined(circle(4.4), 0.8, ink),
            line((5.0, 5.0), (5.0, 2.0), 0.8),
            line((5.0, 5.0), (7.2, 6.2), 0.8),
        ],
        "pass" => vec![
            line((0.8, 5.0), (7.0, 5.0), 1.1),
            filled(
                Shape::Polyline {
                    points: vec![Point::new(9.6, 5.0), Point::new(5.8, 2.2), Point::new(5.8, 7.8)],
                    closed: true,
                },
                ink,
            ),
        ],
        "scissors" => scissors(ink),
        _ => return None,
    })
}

/// Two finger rings on the left, two blades crossing to the right: the mark
/// the tiled sheets print on their cut lines, drawn so that a game's own
/// font need not have U+2702.
fn scissors(ink: Color) -> Vec<Item> {
    let ring = |y: f64| {
        outlined(
            Shape::Circle {
                centre: Point::new(2.3, y),
                radius: Mm(1.5),
            },
            0.7,
            ink,
        )
    };
    let blade = |from: (f64, f64), to: (f64, f64)| {
        outlined(
            Shape::Line {
                from: Point::new(from.0, from.1),
                to: Point::new(to.0, to.1),
            },
            0.9,
            ink,
        )
    };
    vec![
        ring(2.6),
        ring(7.4),
        blade((3.5, 3.5), (9.6, 6.6)),
        blade((3.5, 6.5), (9.6, 3.4)),
    ]
}

/// A laid-out run of text that may hold icon marks ([`marked`]) as scene
/// items: the runs of text between them, each where the run's own glyph
/// advances and word gaps put it, and each icon's art in its place. A run
/// without marks is one item, as it was.
pub fn run_items(run: TextRun, ink: Color, tag: &Tag) -> Vec<Item> {
    if !run.text.chars().any(|c| crate::font::ICON_MARKS.contains(&c)) {
        return vec![Item::new(Shape::Text(run), Style::filled(ink), tag.clone())];
    }
    let set = IconSet::default();
    // Where the pen stands before the `i`th byte of the run's text: the
    // advances before it and a word gap for each space before it.
    let x_at = |i: usize| {
        let before = &run.text[..i];
        run.origin.x + run.font.measure(before, run.size_pt) + run.word_gap * before.matches(' ').count() as f64
    };
    let mut items = Vec::new();
    let mut start = 0;
    let flush = |from: usize, to: usize, items: &mut Vec<Item>| {
        if to > from {
            let text = &run.text[from..to];
            let mut part = crate::text::line(
                text,
                run.font,
                run.size_pt,
                Point {
                    x: x_at(from),
                    y: run.origin.y,
                },
                Align::Left,
            );
            part.word_gap = run.word_gap;
            part.width = x_at(to) - x_at(from);
            items.push(Item::new(Shape::Text(part), Style::filled(ink), tag.clone()));
        }
    };
    for (i, c) in run.text.char_indices() {
        let Some(name) = marked_icon(c) else { continue };
        flush(start, i, &mut items);
        items.extend(set.placed(
            name,
            ink,
            Point {
                x: x_at(i),
                y: run.origin.y,
            },
            run.size_pt,
        ));
        start = i + c.len_utf8();
    }
    flush(start, run.text.len(), &mut items);
    items
}

/// One line of text with its icons, as scene items: the text's runs in
/// `face` at `size_pt` in `ink`, each icon's art in a square on the
/// baseline. `at` is the baseline's left, middle or right as `align` says.
pub fn line(
    set: &IconSet,
    text: &str,
    (face, size_pt, ink): (FontFace, f64, Color),
    at: Point,
    align: Align,
    tag: &Tag,
) -> Vec<Item> {
    let total = width(text, face, size_pt);
    let mut x = match align {
        Align::Left => at.x,
        Align::Centre => at.x - total / 2.0,
        Align::Right => at.x - total,
    };
    let mut items = Vec::new();
    for piece in pieces(text) {
        match piece {
            Piece::Text(t) => {
                let run = crate::text::line(t, face, size_pt, Point { x, y: at.y }, Align::Left);
                x += run.width;
                items.push(Item::new(Shape::Text(run), Style::filled(ink), tag.clone()));
            }
            Piece::Icon(name) => {
                items.extend(set.placed(name, ink, Point { x, y: at.y }, size_pt));
                x += advance(size_pt);
            }
        }
    }
    items
}

/// `name` as a symbol's id may hold it: letters, digits and `-`.
fn symbol_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}
