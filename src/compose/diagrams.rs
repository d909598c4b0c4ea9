//! Pieces every rule-sheet diagram shares: a window cut from a board's own
//! canvas (moved and scaled to a column, line widths kept), numbered steps,
//! counters, and the inks. Each board's diagrams live in its component's
//! folder, so a board and its rules cannot disagree: there is one geometry.
//!
//! Diagrams carry no words, only numbers and the games' letters (A, B, D, M),
//! so one drawing serves every language.

use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::text::{self, Align};

/// The ink of a diagram's lines and pieces.
pub const INK: Color = Color::rgb(0x1b, 0x1b, 0x1b);
/// A diagram counter's ring: as heavy as a board's markings at diagram scale.
const COUNTER_RING: Mm = Mm(0.4);
/// The ink of the ball's path.
pub const PATH: Color = Color::rgb(0xc6, 0x28, 0x28);
/// The ink of the other side's pieces.
pub const OTHER: Color = Color::rgb(0x1f, 0x4f, 0xa8);

/// Items of a board's canvas inside `window` (board coordinates), moved and
/// scaled so the window is `width` wide at the origin, and clipped to it.
pub fn window(items: &[Item], window: Rect, width: Mm) -> (Item, Transform, Mm) {
    let k = (width.0 / window.w.0).min(1.0);
    let t = Transform::translate(-window.x, -window.y).then(&Transform::scale(k, k));
    let kept: Vec<Item> = items
        .iter()
        .filter(|i| !matches!(i.tag, Tag::Label | Tag::ScaleBar))
        .cloned()
        .map(|i| i.mapped(&t))
        .collect();
    let h = window.h * k;
    let clip = Rect {
        x: Mm::ZERO,
        y: Mm::ZERO,
        w: window.w * k,
        h,
    };
    let group = Item::new(
        Shape::Group {
            transform: Transform::IDENTITY,
            clip: Some(clip),
            items: kept,
        },
        Style::default(),
        Tag::Decoration,
    );
    (group, t, h)
}

/// `item` with every text run in it `k` times its size, its baseline's
/// left end kept where the window put it: a figure whose words belong to
/// the picture (a custom sheet's numbered squares, which the rules refer
/// to) shows them at the picture's scale, as the frames they sit in are.
pub fn texts_scaled(mut item: Item, k: f64) -> Item {
    item.shape = match item.shape {
        Shape::Text(mut run) => {
            run.size_pt *= k;
            run.width = run.width * k;
            run.word_gap = run.word_gap * k;
            run.ascent = run.ascent * k;
            run.descent = run.descent * k;
            Shape::Text(run)
        }
        Shape::Group { transform, clip, items } => Shape::Group {
            transform,
            clip,
            items: items.into_iter().map(|i| texts_scaled(i, k)).collect(),
        },
        other => other,
    };
    item
}

/// Step `n` of a play in `bold`, centred on `at`.
pub fn number(n: usize, at: Point, (bold, size): (FontFace, f64), colour: Color) -> Item {
    let run = text::line(
        &n.to_string(),
        bold,
        size,
        at.offset(Mm::ZERO, bold.cap_height(size) / 2.0),
        Align::Centre,
    );
    Item::new(Shape::Text(run), Style::filled(colour), Tag::Label)
}

/// A counter of radius `r` at `at`, ringed in ink.
pub fn counter(at: Point, r: Mm, fill: Color) -> Item {
    Item::new(
        Shape::Circle { centre: at, radius: r },
        Style {
            stroke: Some(Stroke::solid(COUNTER_RING, INK)),
            fill: Some(fill),
        },
        Tag::Decoration,
    )
}
