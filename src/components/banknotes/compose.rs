//! Banknotes: a tinted note with a guilloche rosette and a wave border drawn
//! from parametric curves, the value large, the bank and currency, and the
//! note's own serial number twice; a back with a larger rosette. Imposed N-up
//! with crop marks and duplex backs.

use crate::components::banknotes::layout::{Banknotes, Denomination, Labels, Note};
use std::sync::Arc;

use crate::color::Color;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::item::{Item, PathCmd, Shape, Symbol};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose, imposed};
use crate::text::{Align, TextStyle};

/// The engraved lines of the rosette and border: as fine as a printer holds,
/// so the overlaid curves read as engraving rather than a fill.
const ENGRAVING: Mm = Mm(0.15);
/// The rosette's curves (big, r, d): `big = 5r` with the pen well outside the
/// rolling circle, six broad overlapping petals.
pub const ROSETTE_CURVE: (f64, f64, f64) = (5.0, 1.0, 3.0);
/// How many curves the rosette overlays...
const ROSETTE_CURVES: usize = 6;
/// ...each turned this much from the last (10°)...
const ROSETTE_TURN: f64 = std::f64::consts::PI / 18.0;
/// ...and shrunk by this share of the whole, so they do not coincide.
const ROSETTE_SHRINK: f64 = 0.05;
/// How far a drawn curve may stray from the true one: 0.05 mm, a third of
/// the engraved line's width and about a 600 dpi printer's dot. The curves
/// are drawn as cubic Béziers that follow the true curve's tangents, so they
/// are smooth at any magnification, and as few as this allows: finer
/// drawing only makes the file larger.
pub const CURVE_ERROR: f64 = 0.05;
/// The border wave's amplitude, in mm.
const WAVE_AMPLITUDE: f64 = 1.2;
/// The border wave's length, in mm per radian (a full wave every 4π mm,
/// about 12.6 mm): several waves along each edge.
const WAVE_MM_PER_RADIAN: f64 = 2.0;
/// The border wave's mean distance in from the border's rectangle, in mm.
const WAVE_INSET: f64 = 1.5;
/// The border's rectangle stands in this far from the trim: the ink of its
/// line (its corners reach the rectangle) keeps the border a cut that strays
/// leaves even ([`crate::sheet::cut::SAFE_BORDER`]; at 2 mm, a cut 1 mm
/// off showed 1 mm of ground on one side and 3 mm on the other).
const BORDER_INSET: Mm = Mm(crate::sheet::cut::SAFE_BORDER.0 + ENGRAVING.0 / 2.0);
/// How far the front's ground fades to white: a pale tint the text reads on.
const FRONT_TINT: f64 = 0.82;
/// How far the front's ink darkens the denomination's colour.
const FRONT_DEEP: f64 = 0.25;
/// The back's ground: a stronger tint than the front, so the sides differ.
const BACK_TINT: f64 = 0.55;
/// The back's ink: darker than the front's, to hold on the stronger ground.
const BACK_DEEP: f64 = 0.35;
/// The front rosette's centre, as shares of the note's width and height:
/// left of the middle, leaving the right to the value.
const ROSETTE_AT: (f64, f64) = (0.27, 0.48);
/// The front rosette's radius, as a share of the note's height.
const ROSETTE_RADIUS: f64 = 0.32;
/// The back rosette's radius: larger, alone in the middle.
const BACK_ROSETTE_RADIUS: f64 = 0.36;
/// Text stands this far in from the note's left and right edges.
const TEXT_INSET: Mm = Mm(7.0);
/// The large value, in pt: read at a glance across the table.
const VALUE_PT: f64 = 26.0;
/// The large value's baseline, as a share of the note's height.
const VALUE_BASELINE: f64 = 0.62;
/// The small values in the top corners, in pt.
const CORNER_VALUE_PT: f64 = 9.0;
/// The baseline of the top line (corner values and bank).
const TOP_BASELINE: Mm = Mm(9.5);
/// The bank's name, in pt.
const BANK_PT: f64 = 8.0;
/// The bank's name is centred a little right of the middle, clear of the
/// rosette.
const BANK_AT: f64 = 0.52;
/// The currency line under the large value, in pt...
const CURRENCY_PT: f64 = 7.5;
/// ...and its drop below the value's baseline.
const CURRENCY_DROP: Mm = Mm(5.0);
/// The serial numbers, in pt: small but readable for checking.
const SERIAL_PT: f64 = 6.5;
/// The serials' baseline above the bottom edge.
const SERIAL_RISE: Mm = Mm(6.0);
/// The corner values' boxes, as a share of the note's width each: the bank's
/// name has the top line between them.
const CORNER_SHARE: f64 = 0.18;
/// The gap between the two serials' boxes, and between the bank's name and
/// the corners.
const TEXT_GAP: Mm = Mm(4.0);
/// The back's value, in pt.
const BACK_VALUE_PT: f64 = 20.0;
/// The back's caption, in pt: in the note's deep colour, which a press
/// prints in more than one ink, so no smaller than 8 pt (smaller coloured
/// text blurs by any misregistration: `target-text`).
const BACK_CAPTION_PT: f64 = 8.0;
/// The back caption's baseline above the bottom edge.
const BACK_CAPTION_RISE: Mm = Mm(5.5);

/// A curve drawn as cubic Béziers from `t0` to `t1`: `at(t)` gives the
/// point and the tangent (the derivative in `t`) of the true curve, and
/// each Bézier joins two of its points along their tangents (a Hermite
/// cubic, so the pieces meet without a corner). A piece `first` long in `t`
/// is halved until it stays within [`CURVE_ERROR`] of the curve, measured at
/// its eighths. The path goes on from wherever it stands: a caller starts
/// it with a `MoveTo` at `at(t0)`.
pub fn smooth_curve(at: &dyn Fn(f64) -> (Point, (f64, f64)), t0: f64, t1: f64, first: f64) -> Vec<PathCmd> {
    let mut out = Vec::new();
    let mut t = t0;
    while t1 - t > 1e-12 {
        let mut h = first.min(t1 - t);
        loop {
            let (p0, d0) = at(t);
            let (p1, d1) = at(t + h);
            let c0 = p0.offset(Mm(d0.0 * h / 3.0), Mm(d0.1 * h / 3.0));
            let c1 = p1.offset(Mm(-d1.0 * h / 3.0), Mm(-d1.1 * h / 3.0));
            let strays = (1..8).any(|i| {
                let u = f64::from(i) / 8.0;
                let b = bezier(p0, c0, c1, p1, u);
                b.distance(at(t + h * u).0).0 > CURVE_ERROR
            });
            if !strays || h < 1e-9 {
                out.push(PathCmd::CubicTo(c0, c1, p1));
                break;
            }
            h /= 2.0;
        }
        t += h;
    }
    out
}

/// The point at `u` (0 to 1) of a cubic Bézier.
pub fn bezier(p0: Point, c0: Point, c1: Point, p1: Point, u: f64) -> Point {
    let v = 1.0 - u;
    let (a, b, c, d) = (v * v * v, 3.0 * v * v * u, 3.0 * v * u * u, u * u * u);
    Point::new(
        a * p0.x.0 + b * c0.x.0 + c * c1.x.0 + d * p1.x.0,
        a * p0.y.0 + b * c0.y.0 + c * c1.y.0 + d * p1.y.0,
    )
}

/// An epitrochoid (a spirograph curve): a circle of radius `r` rolling
/// outside one of radius `big`, the pen at `d` from its centre, drawn at
/// `scale` mm a unit, turned by `turn` about `centre`, as a closed path.
/// `big / r` is a whole number, so the curve closes after one turn.
pub fn epitrochoid(centre: Point, big: f64, r: f64, d: f64, scale: f64, turn: f64) -> Vec<PathCmd> {
    let at = epitrochoid_at(centre, big, r, d, scale, turn);
    let mut path = vec![PathCmd::MoveTo(at(0.0).0)];
    // A sixteenth of a turn at most: the adaptive halving does the rest.
    path.extend(smooth_curve(
        &at,
        0.0,
        std::f64::consts::TAU,
        std::f64::consts::TAU / 16.0,
    ));
    path.push(PathCmd::Close);
    path
}

/// The epitrochoid's point and tangent at `t`, on the page.
pub fn epitrochoid_at(
    centre: Point,
    big: f64,
    r: f64,
    d: f64,
    scale: f64,
    turn: f64,
) -> impl Fn(f64) -> (Point, (f64, f64)) {
    let (a, k) = (big + r, (big + r) / r);
    let (sn, cs) = turn.sin_cos();
    move |t| {
        let (x, y) = (a * t.cos() - d * (k * t).cos(), a * t.sin() - d * (k * t).sin());
        let (dx, dy) = (
            -a * t.sin() + d * k * (k * t).sin(),
            a * t.cos() - d * k * (k * t).cos(),
        );
        let turned = |x: f64, y: f64| ((x * cs - y * sn) * scale, (x * sn + y * cs) * scale);
        let (px, py) = turned(x, y);
        (centre.offset(Mm(px), Mm(py)), turned(dx, dy))
    }
}

/// A rosette of overlaid epitrochoids, `radius` across at most.
fn rosette(centre: Point, radius: Mm, colour: Color) -> Vec<Item> {
    let line = Style::stroked(Stroke::solid(ENGRAVING, colour));
    let (big, r, d) = ROSETTE_CURVE;
    let scale = radius.0 / (big + r + d);
    (0..ROSETTE_CURVES)
        .map(|k| {
            let turn = ROSETTE_TURN * k as f64;
            let shrink = scale * (1.0 - ROSETTE_SHRINK * k as f64);
            Item::new(
                Shape::Path(epitrochoid(centre, big, r, d, shrink, turn)),
                line.clone(),
                Tag::Guilloche,
            )
        })
        .collect()
}

/// Two interleaved sine waves running round the note, inside its edge: each
/// edge drawn on its own, from corner to corner, as smooth curves; the wave
/// turns each corner with one short diagonal.
fn border(area: Rect, colour: Color) -> Vec<Item> {
    let line = Style::stroked(Stroke::solid(ENGRAVING, colour));
    let (w, h) = (area.w.0, area.h.0);
    // Each edge: where it starts along the perimeter, its start, its length,
    // its direction and the inward normal the wave moves along.
    let edges = [
        (0.0, Point { x: area.x, y: area.y }, w, (1.0, 0.0), (0.0, 1.0)),
        (
            w,
            Point {
                x: area.right(),
                y: area.y,
            },
            h,
            (0.0, 1.0),
            (-1.0, 0.0),
        ),
        (
            w + h,
            Point {
                x: area.right(),
                y: area.bottom(),
            },
            w,
            (-1.0, 0.0),
            (0.0, -1.0),
        ),
        (
            2.0 * w + h,
            Point {
                x: area.x,
                y: area.bottom(),
            },
            h,
            (0.0, -1.0),
            (1.0, 0.0),
        ),
    ];
    let mut out = Vec::new();
    for phase in [0.0, std::f64::consts::PI] {
        let mut path = Vec::new();
        for (s0, start, length, (dx, dy), (nx, ny)) in edges {
            let at = |s: f64| {
                let angle = (s0 + s) / WAVE_MM_PER_RADIAN + phase;
                let off = WAVE_INSET + WAVE_AMPLITUDE * angle.sin();
                let slope = WAVE_AMPLITUDE / WAVE_MM_PER_RADIAN * angle.cos();
                let p = start.offset(Mm(dx * s + nx * off), Mm(dy * s + ny * off));
                (p, (dx + nx * slope, dy + ny * slope))
            };
            let corner = at(0.0).0;
            path.push(if path.is_empty() {
                PathCmd::MoveTo(corner)
            } else {
                PathCmd::LineTo(corner)
            });
            // A quarter of a wave at most.
            path.extend(smooth_curve(
                &at,
                0.0,
                length,
                WAVE_MM_PER_RADIAN * std::f64::consts::FRAC_PI_2,
            ));
        }
        path.push(PathCmd::Close);
        out.push(Item::new(Shape::Path(path), line.clone(), Tag::Guilloche));
    }
    out
}

/// The note's ground out to the bleed, in `tint`.
fn ground(b: &Banknotes, tint: Color) -> Item {
    let (w, h) = (b.size.w, b.size.h);
    let bleed = b.print.bleed;
    Item::new(
        Shape::Rect(Rect {
            x: -bleed,
            y: -bleed,
            w: w + bleed * 2.0,
            h: h + bleed * 2.0,
        }),
        Style::filled(tint),
        Tag::Decoration,
    )
}

/// A denomination's engraving, the same on each of its notes: the tinted
/// ground, the wave border and the rosette, drawn once as a symbol.
fn front_ornament(b: &Banknotes, d: &Denomination) -> Arc<Symbol> {
    let (w, h) = (b.size.w, b.size.h);
    let tint = d.colour.mix(Color::WHITE, FRONT_TINT);
    let mut items = vec![ground(b, tint)];
    items.extend(border(Rect::new(0.0, 0.0, w.0, h.0).inset(BORDER_INSET), d.colour));
    items.extend(rosette(
        Point {
            x: w * ROSETTE_AT.0,
            y: h * ROSETTE_AT.1,
        },
        h * ROSETTE_RADIUS,
        d.colour,
    ));
    Arc::new(Symbol::new("note-front", items))
}

/// A note's front: its denomination's engraving placed, then its words and
/// its own serial number.
fn front(b: &Banknotes, d: &Denomination, ornament: &Arc<Symbol>, serial: &str) -> Vec<Item> {
    let (w, h) = (b.size.w, b.size.h);
    let deep = d.colour.mix(Color::BLACK, FRONT_DEEP);
    let mut items = vec![ornament.placed(Transform::IDENTITY, Tag::Decoration)];
    let value = d.value.to_string();
    // Every text has its box: the value and currency right of the rosette,
    // the corners and the bank's name sharing the top line, the serials a
    // half of the bottom line each.
    let right_of_rosette = w * ROSETTE_AT.0 + h * ROSETTE_RADIUS;
    let corner_w = w * CORNER_SHARE;
    let value_at = Point {
        x: w - TEXT_INSET,
        y: h * VALUE_BASELINE,
    };
    let big = TextStyle::new(b.fonts.bold, VALUE_PT, deep);
    items.push(big.label(&value, value_at, Align::Right).within(big.line_box(
        right_of_rosette,
        w - TEXT_INSET,
        value_at.y,
    )));
    let corner = TextStyle::new(b.fonts.bold, CORNER_VALUE_PT, deep);
    for (x, align, x0) in [
        (TEXT_INSET, Align::Left, TEXT_INSET),
        (w - TEXT_INSET, Align::Right, w - TEXT_INSET - corner_w),
    ] {
        let room = corner.line_box(x0, x0 + corner_w, TOP_BASELINE);
        items.push(corner.label(&value, Point { x, y: TOP_BASELINE }, align).within(room));
    }
    let bank_at = Point {
        x: w * BANK_AT,
        y: TOP_BASELINE,
    };
    let bank = TextStyle::new(b.fonts.bold, BANK_PT, b.ink);
    let bank_room = bank.line_box(
        TEXT_INSET + corner_w + TEXT_GAP,
        w - TEXT_INSET - corner_w - TEXT_GAP,
        TOP_BASELINE,
    );
    items.push(
        bank.label(&b.bank.to_uppercase(), bank_at, Align::Centre)
            .from_key(Labels::KEY.bank)
            .within(bank_room),
    );
    let currency_at = Point {
        x: w - TEXT_INSET,
        y: h * VALUE_BASELINE + CURRENCY_DROP,
    };
    let currency = TextStyle::new(b.fonts.regular, CURRENCY_PT, b.ink);
    items.push(
        currency
            .label(
                &crate::i18n::amount_with_currency(&value.to_string(), &b.currency),
                currency_at,
                Align::Right,
            )
            .from_key(Labels::KEY.currency)
            .within(currency.line_box(right_of_rosette, w - TEXT_INSET, currency_at.y)),
    );
    let serial_style = TextStyle::new(b.fonts.regular, SERIAL_PT, b.ink);
    let half = w / 2.0;
    for (x, align, x0, x1) in [
        (TEXT_INSET, Align::Left, TEXT_INSET, half - TEXT_GAP / 2.0),
        (w - TEXT_INSET, Align::Right, half + TEXT_GAP / 2.0, w - TEXT_INSET),
    ] {
        let at = Point { x, y: h - SERIAL_RISE };
        items.push(
            serial_style
                .item(serial, at, align, Tag::Serial)
                .from_key(Note::KEY.serial_prefix)
                .within(serial_style.line_box(x0, x1, at.y)),
        );
    }
    items
}

/// A denomination's back, the same on each of its notes (nothing on it is
/// the note's own): drawn once as a symbol.
fn back(b: &Banknotes, d: &Denomination) -> Arc<Symbol> {
    let (w, h) = (b.size.w, b.size.h);
    let mut items = vec![ground(b, d.colour.mix(Color::WHITE, BACK_TINT))];
    items.extend(border(Rect::new(0.0, 0.0, w.0, h.0).inset(BORDER_INSET), Color::WHITE));
    let c = Point { x: w / 2.0, y: h / 2.0 };
    items.extend(rosette(c, h * BACK_ROSETTE_RADIUS, Color::WHITE));
    let deep = d.colour.mix(Color::BLACK, BACK_DEEP);
    let value = TextStyle::new(b.fonts.bold, BACK_VALUE_PT, deep);
    let value_at = c.offset(Mm::ZERO, b.fonts.bold.cap_height(BACK_VALUE_PT) / 2.0);
    items.push(
        value
            .label(&d.value.to_string(), value_at, Align::Centre)
            .within(value.line_box(TEXT_INSET, w - TEXT_INSET, value_at.y)),
    );
    let caption_at = Point {
        x: w / 2.0,
        y: h - BACK_CAPTION_RISE,
    };
    let caption = TextStyle::new(b.fonts.regular, BACK_CAPTION_PT, deep);
    items.push(
        caption
            .label(&b.back, caption_at, Align::Centre)
            .from_key(Labels::KEY.back)
            .within(caption.line_box(TEXT_INSET, w - TEXT_INSET, caption_at.y)),
    );
    Arc::new(Symbol::new("note-back", items))
}

/// Every note of the run, denomination by denomination, with its serial.
pub fn notes(b: &Banknotes) -> Vec<(String, Art)> {
    b.denominations
        .iter()
        .flat_map(|d| {
            // The art every note of the denomination shares, made once.
            let ornament = front_ornament(b, d);
            let back = back(b, d);
            (0..d.count).map(move |k| {
                let serial = b.serial(d.value, k);
                let art = Art {
                    front: front(b, d, &ornament, &serial),
                    back: vec![back.placed(Transform::IDENTITY, Tag::Decoration)],
                    cut: Vec::new(),
                };
                (serial, art)
            })
        })
        .collect()
}

/// Composes and imposes the run.
pub fn compose(b: &Banknotes) -> Document {
    let arts: Vec<Art> = notes(b).into_iter().map(|(_, a)| a).collect();
    imposed(b.bank.clone(), impose(arts, b.size, &b.print), &b.print)
}
