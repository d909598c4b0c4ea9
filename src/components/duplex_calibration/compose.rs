//! The duplex calibration sheet: on the front, three targets with rulers; on
//! the back, a heavy cross where each target's back should land. Held to the
//! light, the rulers read the printer's shift directly as the `back_offset`
//! to enter (the rulers' numbers are signed for the chosen flip).

use crate::components::duplex_calibration::layout::{Calibration, Text};
use crate::compose::heading::Heading;
use crate::font::{FontFace, Fonts};
use crate::geom::{Mm, Paper, Point, Rect, Size};
use crate::print::Duplex;
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{Face, Tag};
use crate::sheet::marks::circle_path;
use crate::text::{Align, TextStyle};

/// Half the span of a ruler, in mm.
const RULER_SPAN: f64 = 5.0;
/// How far the rulers sit from their target's centre.
const RULER_GAP: Mm = Mm(9.0);
/// Space between the title and the steps.
const HEADING_GAP: Mm = Mm(4.0);
/// The front's fine lines (target, ticks): thin enough to read a quarter
/// millimetre against the back's cross.
const FINE_LINE: Mm = Mm(0.15);
/// The back's cross: heavy, so it shows through the paper.
const HEAVY_LINE: Mm = Mm(0.6);
/// Radius of the ring at a target's centre.
const TARGET_RING: Mm = Mm(1.5);
/// Half the length of a target's cross on the front.
const TARGET_ARM: Mm = Mm(6.0);
/// Half the length of the back's cross: shorter than the front's, so both
/// show when held to the light.
const BACK_ARM: Mm = Mm(4.0);
/// Tick lengths: every 2 mm (numbered), every whole millimetre, every half.
const TICK_NUMBERED: Mm = Mm(3.0);
const TICK_MM: Mm = Mm(2.0);
const TICK_HALF: Mm = Mm(1.2);
/// Size of the rulers' numbers: small, as they sit 2 mm apart.
const NUMBER_PT: f64 = 6.0;
/// Space between a numbered tick's end and its number, under the x ruler.
const NUMBER_GAP: Mm = Mm(0.8);
/// How much lower every other number of the x ruler sits, so neighbours 2 mm
/// apart never touch.
const NUMBER_STAGGER: Mm = Mm(2.6);
/// Where the y ruler's numbers start right of the ruler: past the numbered
/// tick, with the same gap as under the x ruler.
const Y_NUMBER_OFFSET: Mm = Mm(3.8);
/// Size of the rulers' axis letters ("x", "y").
const AXIS_PT: f64 = 7.0;
/// Where the "x" sits: left of the ruler's start, and down from the ruler.
const X_LETTER_OFFSET: (Mm, Mm) = (Mm(3.0), Mm(2.5));
/// Where the "y" sits: right of the ruler, and above its start.
const Y_LETTER_OFFSET: (Mm, Mm) = (Mm(1.0), Mm(2.0));

/// Where the targets are, as fractions of the page: the centre and two
/// opposite quadrants, so a skewed back shows as unequal readings.
const TARGETS: [(f64, f64); 3] = [(0.5, 0.55), (0.25, 0.35), (0.75, 0.8)];

/// Composes the front and back pages.
pub fn compose(c: &Calibration) -> Document {
    // The sheet turns as the sheets it calibrates do: a printer's shift is
    // read in the frame of pages of the same orientation.
    let paper = Paper {
        size: c.page.paper,
        orientation: c.orientation,
    };
    let size = paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(c.page.margin);
    let ink = Style::filled(c.colour);
    let mut front = Vec::new();
    let mut heading = Heading::new(safe, (&c.title, Text::KEY.title), ink, Fonts::DEJAVU, &mut front);
    heading.bold(&c.sheet, Text::KEY.sheet, &mut front);
    heading.skip(HEADING_GAP);
    for (i, step) in c.steps.iter().enumerate() {
        heading.paragraph(&format!("{}. {step}", i + 1), Text::KEY.steps, &mut front);
    }
    let signs = ruler_signs(&c.duplex, size);
    let mut back = Vec::new();
    for (fx, fy) in TARGETS {
        let centre = Point {
            x: size.w * fx,
            y: size.h * fy,
        };
        front.extend(target(c, centre, signs));
        // Back: a heavy cross where this target's back lands.
        let at = c.duplex.back_of_point(centre, size);
        back.push(Item::new(
            Shape::Path(cross(at, BACK_ARM)),
            Style::stroked(Stroke::solid(HEAVY_LINE, c.colour)),
            Tag::CalibrationTarget { face: Face::Back },
        ));
    }
    let mut doc = Document::new(
        c.title.clone(),
        vec![Page::new(size, safe, front), Page::new(size, safe, back)],
    );
    doc.duplex = Some(c.duplex.flip);
    doc
}

/// The sign of each ruler's numbers, so that the reading is the offset to
/// enter: a printer that shifts its backs by `s` needs `back_offset = -s`.
/// Along the axis the turn mirrors, the shift shows reversed from the front
/// (the ruler counts as it goes); along the other it shows as it is (the
/// ruler counts against it).
pub fn ruler_signs(duplex: &Duplex, page: Size) -> (f64, f64) {
    if duplex.swaps_left_right(page) {
        (1.0, -1.0)
    } else {
        (-1.0, 1.0)
    }
}

/// A cross of two strokes, each `arm` either side of `at`.
fn cross(at: Point, arm: Mm) -> Vec<PathCmd> {
    vec![
        PathCmd::MoveTo(at.offset(-arm, Mm::ZERO)),
        PathCmd::LineTo(at.offset(arm, Mm::ZERO)),
        PathCmd::MoveTo(at.offset(Mm::ZERO, -arm)),
        PathCmd::LineTo(at.offset(Mm::ZERO, arm)),
    ]
}

/// One front target at `centre`: a fine cross and ring, the x ruler below and
/// the y ruler to the right, their numbers signed by `signs`, and their
/// letters.
fn target(c: &Calibration, centre: Point, signs: (f64, f64)) -> Vec<Item> {
    let fine = Style::stroked(Stroke::solid(FINE_LINE, c.colour));
    let mut cmds = circle_path(centre, TARGET_RING);
    cmds.extend(cross(centre, TARGET_ARM));
    let mut items = vec![Item::new(
        Shape::Path(cmds),
        fine.clone(),
        Tag::CalibrationTarget { face: Face::Front },
    )];
    // Ticks every 0.5 mm.
    for k in -(RULER_SPAN as i32 * 2)..=(RULER_SPAN as i32 * 2) {
        items.extend(ruler_step(c, centre, k, signs, &fine));
    }
    let axis = TextStyle::new(FontFace::SansBold, AXIS_PT, c.colour);
    items.push(axis.label(
        "x",
        centre.offset(-Mm(RULER_SPAN) - X_LETTER_OFFSET.0, RULER_GAP + X_LETTER_OFFSET.1),
        Align::Right,
    ));
    items.push(axis.label(
        "y",
        centre.offset(RULER_GAP + Y_LETTER_OFFSET.0, -Mm(RULER_SPAN) - Y_LETTER_OFFSET.1),
        Align::Left,
    ));
    items
}

/// Tick `k` (in half millimetres from the centre) of both rulers, and their
/// numbers every 2 mm.
fn ruler_step(c: &Calibration, centre: Point, k: i32, (sx, sy): (f64, f64), fine: &Style) -> Vec<Item> {
    let d = Mm(k as f64 / 2.0);
    let long = k % 2 == 0;
    let len = if k % 4 == 0 {
        TICK_NUMBERED
    } else if long {
        TICK_MM
    } else {
        TICK_HALF
    };
    let xt = centre.offset(d, RULER_GAP);
    let yt = centre.offset(RULER_GAP, d);
    let mut items = vec![
        Item::new(
            Shape::Line {
                from: xt,
                to: xt.offset(Mm::ZERO, len),
            },
            fine.clone(),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Line {
                from: yt,
                to: yt.offset(len, Mm::ZERO),
            },
            fine.clone(),
            Tag::Decoration,
        ),
    ];
    if k % 4 == 0 {
        let v = k / 2;
        let label = |s: f64| format!("{}", (v as f64 * s) as i32);
        let number = TextStyle::new(FontFace::Sans, NUMBER_PT, c.colour);
        let cap = FontFace::Sans.cap_height(NUMBER_PT);
        // Every other label a row lower, so neighbours 2 mm apart never touch.
        let stagger = if k % 8 == 0 { Mm::ZERO } else { NUMBER_STAGGER };
        items.push(number.label(
            &label(sx),
            xt.offset(Mm::ZERO, TICK_NUMBERED + cap + NUMBER_GAP + stagger),
            Align::Centre,
        ));
        items.push(number.label(&label(sy), yt.offset(Y_NUMBER_OFFSET, cap / 2.0), Align::Left));
    }
    items
}
