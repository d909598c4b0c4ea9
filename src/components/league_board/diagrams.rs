//! The league mat's rule-sheet diagrams: the strategy track, the stripes, and
//! the stripes set up with both line-ups and the ball.

use crate::color::Color;
use crate::components::league_board::compose::{self as league, Geometry, LINES, TRACK};
use crate::components::league_board::layout::League;
use crate::compose::diagrams::{INK, counter, number, window};
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{Tag, Team};
use crate::text::{Align, TextStyle};

/// The games' letters for the lines, in [`crate::scene::tag::Line`] order
/// (defence, midfield, attack): diagrams carry letters, not words, so one
/// drawing serves every language.
const LINE_LETTERS: [&str; 3] = ["D", "M", "A"];

/// Between two boxes of the track.
const TRACK_GAP: Mm = Mm(2.0);
/// A box's frame.
const BOX_LINE: Mm = Mm(0.5);
/// A box's number, and how far above the box it is centred: over the box,
/// as on the mat, so no token ever hides the number the text cites.
const NUMBER_PT: f64 = 7.0;
const NUMBER_LIFT: Mm = Mm(2.5);
/// Where the example's two tokens stand: on 2 and 4, which cut the track
/// into three ranges of two.
const TOKENS: [u8; 2] = [2, 4];
/// A token's radius, as a fraction of a box: the shipped token (15 mm) in
/// the shipped box (18 mm).
const TOKEN_RADIUS: f64 = 15.0 / 18.0 / 2.0;
/// The ranges' tints of the home side's colour, from the first range to the
/// last: the full colour, then lighter ones.
const RANGE_TINTS: [f64; 3] = [0.0, 0.35, 0.65];
/// From the boxes to the ranges' bar, the bar's height, and the room left
/// under it.
const BAR_GAP: Mm = Mm(2.0);
const BAR_HEIGHT: Mm = Mm(5.0);
const BELOW_BAR: Mm = Mm(1.0);
/// A range's letter, and its baseline above the bar's bottom.
const RANGE_LETTER_PT: f64 = 8.0;
const RANGE_LETTER_LIFT: Mm = Mm(1.2);

/// A stripe's letter, in points.
const STRIPE_LETTER_PT: f64 = 9.0;

/// A strategy track with its two tokens, and the three ranges they make.
pub fn track(l: &League, width: Mm) -> (Vec<Item>, Mm) {
    let b = l
        .board
        .track_box
        .min((width - TRACK_GAP * f64::from(TRACK - 1)) / f64::from(TRACK));
    let home = l.style.team_a_colour;
    let top = NUMBER_LIFT * 2.0;
    let mut items = Vec::new();
    for n in 1..=TRACK {
        let r = Rect {
            x: (b + TRACK_GAP) * f64::from(n - 1),
            y: top,
            w: b,
            h: b,
        };
        items.push(Item::new(
            Shape::Rect(r),
            Style {
                stroke: Some(Stroke::solid(BOX_LINE, l.style.line_colour)),
                fill: Some(Color::WHITE),
            },
            Tag::TrackBox { coach: Team::Home, n },
        ));
        items.push(number(
            n as usize,
            Point {
                x: r.centre().x,
                y: r.y - NUMBER_LIFT,
            },
            (l.fonts.bold, NUMBER_PT),
            l.style.line_colour,
        ));
        if TOKENS.contains(&n) {
            items.push(counter(r.centre(), b * TOKEN_RADIUS, home));
        }
    }
    // The ranges: 1 to the first token, on to the second, the rest.
    let ends = TOKENS.iter().copied().chain([TRACK]);
    let starts = [0].into_iter().chain(TOKENS).map(|t| t + 1);
    for (k, (from, to)) in starts.zip(ends).enumerate() {
        let x0 = (b + TRACK_GAP) * f64::from(from - 1);
        let x1 = (b + TRACK_GAP) * f64::from(to - 1) + b;
        let bar = Rect {
            x: x0,
            y: top + b + BAR_GAP,
            w: x1 - x0,
            h: BAR_HEIGHT,
        };
        items.push(Item::new(
            Shape::Rect(bar),
            Style::filled(home.mix(Color::WHITE, RANGE_TINTS[k])),
            Tag::Decoration,
        ));
        // White on the full colour, ink on the tints.
        let ink = if k == 0 { Color::WHITE } else { INK };
        let at = Point {
            x: bar.centre().x,
            y: bar.bottom() - RANGE_LETTER_LIFT,
        };
        items.push(TextStyle::new(l.fonts.bold, RANGE_LETTER_PT, ink).label(LINE_LETTERS[k], at, Align::Centre));
    }
    (items, top + b + (BAR_GAP + BAR_HEIGHT + BELOW_BAR))
}

/// The mat's stripes with their card places, scaled to the column, lettered
/// D/M/A in each side's colour on the outermost place.
pub fn stripes(l: &League, width: Mm) -> (Vec<Item>, Mm) {
    let mut parts = stripes_parts(l, width);
    parts.items.extend(parts.letters);
    (parts.items, parts.height)
}

/// The line-ups of the set-up picture, in [`LINES`] order (attack,
/// midfield, defence), the goalkeeper counted in the defence: the home side
/// in a 4-4-2, the away side in a 4-3-3.
pub const SETUP_LINE_UPS: [(Team, [u8; 3]); 2] = [(Team::Home, [2, 4, 5]), (Team::Away, [3, 3, 5])];

/// A laid card's band: the top of the card in its side's colour, as the
/// deck's cards have their heading.
const CARD_BAND: f64 = 0.2;
/// A laid card's outline.
const CARD_LINE: Mm = Mm(0.25);

/// The mat set up for the first ball: each side's eleven laid in its
/// stripes as the rules lay them (the attack first, then the midfield, then
/// the defence; in each line the first card next to the ball, each next one
/// over it one place out), the ball counter on the home midfield's place.
pub fn setup(l: &League, width: Mm) -> (Vec<Item>, Mm) {
    let Stripes {
        mut items,
        letters,
        t,
        g,
        height: h,
    } = stripes_parts(l, width);
    for (team, counts) in SETUP_LINE_UPS {
        let onto = match team {
            Team::Home => t,
            Team::Away => g.turn().then(&t),
        };
        let colour = match team {
            Team::Home => l.style.team_a_colour,
            Team::Away => l.style.team_b_colour,
        };
        for (k, line) in LINES.iter().enumerate() {
            for n in 1..=counts[k] {
                let place = g.place(k, n);
                let band = Rect {
                    h: place.h * CARD_BAND,
                    ..place
                };
                // The card, its band, then its outline over the band, so
                // that each card of a line shows where it starts.
                items.push(Item::new(
                    Shape::Rect(onto.apply_rect(&place)),
                    Style::filled(Color::WHITE),
                    Tag::LaidCard { team, line: *line, n },
                ));
                items.push(Item::new(
                    Shape::Rect(onto.apply_rect(&band)),
                    Style::filled(colour),
                    Tag::Decoration,
                ));
                items.push(Item::new(
                    Shape::Rect(onto.apply_rect(&place)),
                    Style::stroked(Stroke::solid(CARD_LINE, INK)),
                    Tag::Decoration,
                ));
            }
        }
    }
    // The home midfield is the middle line of the home column.
    let spot = g.spot_centre(1);
    let r = g.spot / 2.0;
    let ball = t.apply_rect(&Rect {
        x: spot.x - r,
        y: spot.y - r,
        w: r * 2.0,
        h: r * 2.0,
    });
    items.push(counter(ball.centre(), ball.w / 2.0, Color::WHITE));
    items.extend(letters);
    (items, h)
}

/// The stripes drawn to a width, in parts.
struct Stripes {
    /// The drawing, scaled (one group).
    items: Vec<Item>,
    /// The lines' letters, apart, to be drawn over whatever is laid on the
    /// places.
    letters: Vec<Item>,
    /// From the mat to the drawing.
    t: Transform,
    /// The mat's geometry.
    g: Geometry,
    /// The drawing's height.
    height: Mm,
}

/// The stripes scaled to `width`, in parts.
fn stripes_parts(l: &League, width: Mm) -> Stripes {
    let g = Geometry::new(l);
    let canvas = league::canvas(l);
    let area = Rect {
        x: Mm::ZERO,
        y: g.band,
        w: g.width(),
        h: g.cards,
    };
    // Words drawn at their own size would not fit the scaled places.
    let kept: Vec<Item> = canvas.items.iter().filter_map(without_words).collect();
    let (group, t, h) = window(&kept, area, width);
    let mut letters = Vec::new();
    for team in Team::BOTH {
        let (colour, onto) = match team {
            Team::Home => (l.style.team_a_colour, t),
            Team::Away => (l.style.team_b_colour, g.turn().then(&t)),
        };
        for (k, line) in LINES.iter().enumerate() {
            let place = g.place(k, g.places);
            let (top, bottom) = g.in_sight(k);
            // The outermost place's part that no other card covers.
            let free = Rect {
                x: place.x,
                y: top,
                w: place.w - g.step,
                h: bottom - top,
            };
            let r = onto.apply_rect(&free);
            let at = r
                .centre()
                .offset(Mm::ZERO, l.fonts.bold.cap_height(STRIPE_LETTER_PT) / 2.0);
            letters.push(TextStyle::new(l.fonts.bold, STRIPE_LETTER_PT, colour).label(
                LINE_LETTERS[line.index()],
                at,
                Align::Centre,
            ));
        }
    }
    Stripes {
        items: vec![group],
        letters,
        t,
        g,
        height: h,
    }
}

/// `item` without the words and dashed guides in it, at any depth (drawn at
/// their own size, they would crowd the scaled places); `None` for those.
fn without_words(item: &Item) -> Option<Item> {
    let guide = matches!(item.tag, Tag::Decoration)
        && item.style.fill.is_none()
        && item.style.stroke.as_ref().is_some_and(|s| !s.dash.is_empty());
    match &item.shape {
        _ if guide || matches!(item.tag, Tag::Label | Tag::ScaleBar) => None,
        Shape::Group { transform, clip, items } => Some(Item {
            shape: Shape::Group {
                transform: *transform,
                clip: *clip,
                items: items.iter().filter_map(without_words).collect(),
            },
            ..item.clone()
        }),
        _ => Some(item.clone()),
    }
}
