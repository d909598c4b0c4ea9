//! Banknotes: a tinted note with a guilloche rosette and a wave border drawn
//! from parametric curves, the value large, the bank and currency, and the
//! note's own serial number twice; a back with a larger rosette. Imposed N-up
//! with crop marks and duplex backs.

use crate::components::banknotes::layout::{Banknotes, Denomination, Labels};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose};
use crate::text::{self, Align};

/// Points along an epitrochoid (a spirograph curve): a circle of radius `r`
/// rolling outside one of radius `big`, the pen at `d` from its centre.
/// `big / r` is a whole number, so the curve closes after one turn.
pub fn epitrochoid(centre: Point, big: f64, r: f64, d: f64, scale: f64, turn: f64, steps: usize) -> Vec<Point> {
    (0..=steps)
        .map(|i| {
            let t = std::f64::consts::TAU * i as f64 / steps as f64;
            let k = (big + r) / r;
            let x = (big + r) * t.cos() - d * (k * t).cos();
            let y = (big + r) * t.sin() - d * (k * t).sin();
            let (s, c) = turn.sin_cos();
            centre.offset(Mm((x * c - y * s) * scale), Mm((x * s + y * c) * scale))
        })
        .collect()
}

fn mix(a: Color, b: Color, t: f64) -> Color {
    let m = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
    Color::rgb(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b))
}

/// A rosette of overlaid epitrochoids, `radius` across at most.
fn rosette(centre: Point, radius: Mm, colour: Color) -> Vec<Item> {
    let line = Style::stroked(Stroke::solid(Mm(0.15), colour));
    // big = 5r with the pen well outside the rolling circle: six broad,
    // overlapping petals that read as engraving.
    let (big, r, d) = (5.0, 1.0, 3.0);
    let scale = radius.0 / (big + r + d);
    (0..6)
        .map(|k| {
            let turn = std::f64::consts::PI / 18.0 * k as f64;
            Item::new(
                Shape::Polyline {
                    points: epitrochoid(centre, big, r, d, scale * (1.0 - 0.05 * k as f64), turn, 720),
                    closed: true,
                },
                line.clone(),
                Tag::Guilloche,
            )
        })
        .collect()
}

/// Two interleaved sine waves running round the note, inside its edge.
fn border(area: Rect, colour: Color) -> Vec<Item> {
    let line = Style::stroked(Stroke::solid(Mm(0.15), colour));
    let mut out = Vec::new();
    for phase in [0.0, std::f64::consts::PI] {
        let mut points = Vec::new();
        let perimeter = 2.0 * (area.w.0 + area.h.0);
        let steps = (perimeter * 4.0) as usize;
        for i in 0..=steps {
            let s = perimeter * i as f64 / steps as f64;
            let wave = 1.2 * (s / 2.0 + phase).sin();
            // Walk the rectangle, the wave across the edge.
            let (p, (nx, ny)) = if s < area.w.0 {
                (
                    Point {
                        x: area.x + Mm(s),
                        y: area.y,
                    },
                    (0.0, 1.0),
                )
            } else if s < area.w.0 + area.h.0 {
                (
                    Point {
                        x: area.right(),
                        y: area.y + Mm(s - area.w.0),
                    },
                    (-1.0, 0.0),
                )
            } else if s < 2.0 * area.w.0 + area.h.0 {
                (
                    Point {
                        x: area.right() - Mm(s - area.w.0 - area.h.0),
                        y: area.bottom(),
                    },
                    (0.0, -1.0),
                )
            } else {
                (
                    Point {
                        x: area.x,
                        y: area.bottom() - Mm(s - 2.0 * area.w.0 - area.h.0),
                    },
                    (1.0, 0.0),
                )
            };
            points.push(p.offset(Mm(nx * (1.5 + wave)), Mm(ny * (1.5 + wave))));
        }
        out.push(Item::new(
            Shape::Polyline { points, closed: true },
            line.clone(),
            Tag::Guilloche,
        ));
    }
    out
}

fn txt(s: &str, face: FontFace, size: f64, at: Point, align: Align, colour: Color, tag: Tag) -> Item {
    Item::new(
        Shape::Text(text::line(s, face, size, at, align)),
        Style::filled(colour),
        tag,
    )
}

fn front(b: &Banknotes, d: &Denomination, serial: &str) -> Vec<Item> {
    let (w, h) = (b.size.w, b.size.h);
    let bleed = b.print.bleed;
    let tint = mix(d.colour, Color::WHITE, 0.82);
    let deep = mix(d.colour, Color::BLACK, 0.25);
    let mut items = vec![Item::new(
        Shape::Rect(Rect {
            x: -bleed,
            y: -bleed,
            w: w + bleed * 2.0,
            h: h + bleed * 2.0,
        }),
        Style::filled(tint),
        Tag::Decoration,
    )];
    items.extend(border(Rect::new(0.0, 0.0, w.0, h.0).inset(Mm(2.0)), d.colour));
    items.extend(rosette(
        Point {
            x: w * 0.27,
            y: h * 0.48,
        },
        h * 0.32,
        d.colour,
    ));
    let value = d.value.to_string();
    items.push(txt(
        &value,
        FontFace::SansBold,
        26.0,
        Point {
            x: w - Mm(7.0),
            y: h * 0.62,
        },
        Align::Right,
        deep,
        Tag::Label,
    ));
    for (x, align) in [(Mm(7.0), Align::Left), (w - Mm(7.0), Align::Right)] {
        items.push(txt(
            &value,
            FontFace::SansBold,
            9.0,
            Point { x, y: Mm(9.5) },
            align,
            deep,
            Tag::Label,
        ));
    }
    items.push(
        txt(
            &b.bank.to_uppercase(),
            FontFace::SansBold,
            8.0,
            Point {
                x: w * 0.52,
                y: Mm(9.5),
            },
            Align::Centre,
            b.ink,
            Tag::Label,
        )
        .from_key(Labels::KEY.bank),
    );
    items.push(
        txt(
            &format!("{value} {}", b.currency),
            FontFace::Sans,
            7.5,
            Point {
                x: w - Mm(7.0),
                y: h * 0.62 + Mm(5.0),
            },
            Align::Right,
            b.ink,
            Tag::Label,
        )
        .from_key(Labels::KEY.currency),
    );
    items.push(txt(
        serial,
        FontFace::Sans,
        6.5,
        Point {
            x: Mm(7.0),
            y: h - Mm(6.0),
        },
        Align::Left,
        b.ink,
        Tag::Serial,
    ));
    items.push(txt(
        serial,
        FontFace::Sans,
        6.5,
        Point {
            x: w - Mm(7.0),
            y: h - Mm(6.0),
        },
        Align::Right,
        b.ink,
        Tag::Serial,
    ));
    items
}

fn back(b: &Banknotes, d: &Denomination) -> Vec<Item> {
    let (w, h) = (b.size.w, b.size.h);
    let bleed = b.print.bleed;
    let mut items = vec![Item::new(
        Shape::Rect(Rect {
            x: -bleed,
            y: -bleed,
            w: w + bleed * 2.0,
            h: h + bleed * 2.0,
        }),
        Style::filled(mix(d.colour, Color::WHITE, 0.55)),
        Tag::Decoration,
    )];
    items.extend(border(Rect::new(0.0, 0.0, w.0, h.0).inset(Mm(2.0)), Color::WHITE));
    let c = Point { x: w / 2.0, y: h / 2.0 };
    items.extend(rosette(c, h * 0.36, Color::WHITE));
    let deep = mix(d.colour, Color::BLACK, 0.35);
    items.push(txt(
        &d.value.to_string(),
        FontFace::SansBold,
        20.0,
        c.offset(Mm::ZERO, FontFace::SansBold.cap_height(20.0) / 2.0),
        Align::Centre,
        deep,
        Tag::Label,
    ));
    items.push(
        txt(
            &b.back,
            FontFace::Sans,
            6.5,
            Point {
                x: w / 2.0,
                y: h - Mm(5.5),
            },
            Align::Centre,
            deep,
            Tag::Label,
        )
        .from_key(Labels::KEY.back),
    );
    items
}

/// Every note of the run, denomination by denomination, with its serial.
pub fn notes(b: &Banknotes) -> Vec<(String, Art)> {
    b.denominations
        .iter()
        .flat_map(|d| {
            (0..d.count).map(move |k| {
                let serial = b.serial(d.value, k);
                let art = Art {
                    front: front(b, d, &serial),
                    back: back(b, d),
                };
                (serial, art)
            })
        })
        .collect()
}

/// Composes and imposes the run.
pub fn compose(b: &Banknotes) -> Document {
    let arts: Vec<Art> = notes(b).into_iter().map(|(_, a)| a).collect();
    Document {
        title: b.bank.clone(),
        pages: impose(&arts, b.size, &b.print),
    }
}
