//! The league board's rule-sheet diagrams: the strategy track and the stripes.

use std::collections::BTreeSet;

use crate::components::league_board::compose as league;
use crate::compose::diagrams::{INK, counter, number, window};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{Tag, Team};
use crate::text::{self, Align};

/// A strategy track with its two tokens, and the three ranges they make.
pub fn track(l: &crate::components::league_board::layout::League, width: Mm) -> (Vec<Item>, Mm) {
    let gap = Mm(2.0);
    let b = l.board.track_box.min((width - gap * 5.0) / 6.0);
    let tokens: BTreeSet<u8> = [2, 4].into();
    let colours = [
        l.style.team_a_colour,
        l.style.team_a_colour.mix(Color::WHITE, 0.35),
        l.style.team_a_colour.mix(Color::WHITE, 0.65),
    ];
    let letters = ["D", "M", "A"];
    let mut items = Vec::new();
    for n in 1..=6u8 {
        let r = Rect {
            x: (b + gap) * (n - 1) as f64,
            y: Mm::ZERO,
            w: b,
            h: b,
        };
        items.push(Item::new(
            Shape::Rect(r),
            Style {
                stroke: Some(Stroke::solid(Mm(0.5), l.style.line_colour)),
                fill: Some(Color::WHITE),
            },
            Tag::TrackBox { coach: Team::Home, n },
        ));
        items.push(number(
            n as usize,
            r.corners()[0].offset(Mm(2.5), Mm(3.0)),
            7.0,
            l.style.line_colour,
        ));
        if tokens.contains(&n) {
            items.push(counter(r.centre(), b * 0.38, l.style.team_a_colour));
        }
    }
    // The ranges: 1 to the first token, on to the second, the rest.
    let ranges = [(1u8, 2u8), (3, 4), (5, 6)];
    for (k, (from, to)) in ranges.iter().enumerate() {
        let x0 = (b + gap) * (*from - 1) as f64;
        let x1 = (b + gap) * (*to - 1) as f64 + b;
        let bar = Rect {
            x: x0,
            y: b + Mm(2.0),
            w: x1 - x0,
            h: Mm(5.0),
        };
        items.push(Item::new(Shape::Rect(bar), Style::filled(colours[k]), Tag::Decoration));
        let run = text::line(
            letters[k],
            FontFace::SansBold,
            8.0,
            Point {
                x: bar.centre().x,
                y: bar.bottom() - Mm(1.2),
            },
            Align::Centre,
        );
        items.push(Item::new(
            Shape::Text(run),
            Style::filled(if k == 0 { Color::WHITE } else { INK }),
            Tag::Label,
        ));
    }
    (items, b + Mm(8.0))
}

/// The league pitch's six stripes, scaled to the column, lettered D/M/A.
pub fn stripes(l: &crate::components::league_board::layout::League, width: Mm) -> (Vec<Item>, Mm) {
    let canvas = league::canvas(l);
    let stripes: Vec<Rect> = canvas
        .items
        .iter()
        .filter(|i| matches!(i.tag, Tag::Stripe { .. }))
        .filter_map(Item::bbox)
        .collect();
    let Some(area) = stripes.iter().copied().reduce(|a, b| a.union(&b)) else {
        return (Vec::new(), Mm::ZERO);
    };
    let kept: Vec<Item> = canvas
        .items
        .iter()
        .filter(|i| !matches!(i.tag, Tag::Label))
        .cloned()
        .collect();
    let (group, t, h) = window(&kept, area, width);
    let mut items = vec![group];
    for (k, (team, line)) in league::STRIPES.iter().enumerate() {
        let r = t.apply_rect(&stripes[k]);
        let letter = ["D", "M", "A"][line.index()];
        let colour = match team {
            Team::Home => l.style.team_a_colour,
            Team::Away => l.style.team_b_colour,
        };
        let run = text::line(
            letter,
            FontFace::SansBold,
            9.0,
            Point {
                x: r.centre().x,
                y: r.y + Mm(5.0),
            },
            Align::Centre,
        );
        items.push(Item::new(Shape::Text(run), Style::filled(colour), Tag::Label));
    }
    (items, h)
}
