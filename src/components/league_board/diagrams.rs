//! The league mat's rule-sheet diagrams: the strategy track and the stripes.

use crate::components::league_board::compose::{self as league, Geometry, LINES, TRACK};
use crate::components::league_board::layout::League;
use crate::compose::diagrams::{INK, counter, number, window};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
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
            NUMBER_PT,
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
        items.push(TextStyle::new(FontFace::SansBold, RANGE_LETTER_PT, ink).label(LINE_LETTERS[k], at, Align::Centre));
    }
    (items, top + b + (BAR_GAP + BAR_HEIGHT + BELOW_BAR))
}

/// The mat's stripes with their card places, scaled to the column, lettered
/// D/M/A in each side's colour on the outermost place.
pub fn stripes(l: &League, width: Mm) -> (Vec<Item>, Mm) {
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
    let mut items = vec![group];
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
            let at = r.centre().offset(Mm::ZERO, FontFace::SansBold.cap_height(STRIPE_LETTER_PT) / 2.0);
            items.push(TextStyle::new(FontFace::SansBold, STRIPE_LETTER_PT, colour).label(
                LINE_LETTERS[line.index()],
                at,
                Align::Centre,
            ));
        }
    }
    (items, h)
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
