//! Rules for the league board, measured from the scene: six stripes side by
//! side in the game's order with the ball's place inside each, each coach's
//! track of boxes 1 to 6 in order, and tallies 1 to the number of balls.

use crate::code::Code;
use crate::check::measure::{Measured, TOLERANCE, find, same};
use crate::components::league_board::compose::{STRIPES, TRACK};
use crate::components::league_board::layout::{Board, League};
use crate::diag::Finding;
use crate::geom::Rect;
use crate::layout::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::{Count, Line, Tag, Team};

/// Checks the composed board.
pub fn check(source: &Source, l: &League, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let stripes = stripes(source, doc, &mut out);
    ball_spots(source, doc, &stripes, &mut out);
    for coach in Team::BOTH {
        track(source, l, doc, coach, &mut out);
        tallies(source, l, doc, coach, &mut out);
    }
    out
}

/// The stripes, left to right: six in the game's order, side by side.
fn stripes(source: &Source, doc: &Document, out: &mut Vec<Finding>) -> Vec<((Team, Line), Rect)> {
    let mut stripes: Vec<((Team, Line), Rect)> = find(doc, |t| matches!(t, Tag::Stripe { .. }))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::Stripe { team, line }, Measured::Rect(r)) => Some(((*team, *line), r)),
            _ => None,
        })
        .collect();
    stripes.sort_by(|a, b| a.1.x.0.total_cmp(&b.1.x.0));
    let order: Vec<(Team, Line)> = stripes.iter().map(|s| s.0).collect();
    if order != STRIPES {
        out.push(
            Finding::error(
                Code::StripeOrder,
                format!("the pitch has {} stripes in the order {order:?}; the game needs six, each side's facing the other's", stripes.len()),
                source.locate(Board::KEY.stripe_width),
            )
            .with_hint("home defence, away attack, home midfield, away midfield, home attack, away defence"),
        );
    }
    for w in stripes.windows(2) {
        if !same(w[0].1.right(), w[1].1.x) || !same(w[0].1.y, w[1].1.y) || !same(w[0].1.h, w[1].1.h) {
            out.push(
                Finding::error(
                    Code::StripeOrder,
                    "the stripes do not lie side by side across the whole pitch",
                    source.locate(Board::KEY.stripe_width),
                )
                .with_hint("this is a bug in the board, not in the layout"),
            );
            break;
        }
    }
    stripes
}

/// One place for the ball inside each stripe, of that stripe's side and line.
fn ball_spots(source: &Source, doc: &Document, stripes: &[((Team, Line), Rect)], out: &mut Vec<Finding>) {
    let spots: Vec<((Team, Line), crate::geom::Point)> = find(doc, |t| matches!(t, Tag::BallSpot { .. }))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::BallSpot { team, line }, Measured::Circle(c, _)) => Some(((*team, *line), c)),
            _ => None,
        })
        .collect();
    for (id, r) in stripes {
        let inside = spots
            .iter()
            .filter(|(sid, c)| sid == id && r.contains_point(*c))
            .count();
        if inside != 1 {
            out.push(
                Finding::error(
                    Code::BallSpot,
                    format!("stripe {id:?} has {inside} place(s) for the ball; it needs one"),
                    source.locate(Board::KEY.ball_spot),
                )
                .with_hint("every stripe shows where the ball token stands"),
            );
        }
    }
}

/// The coach's strategy track: boxes 1 to [`TRACK`] in a row, all the
/// layout's size.
fn track(source: &Source, l: &League, doc: &Document, coach: Team, out: &mut Vec<Finding>) {
    let boxes: Vec<(u8, Rect)> = find(doc, |t| matches!(t, Tag::TrackBox { coach: c, .. } if *c == coach))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::TrackBox { n, .. }, Measured::Rect(r)) => Some((*n, r)),
            _ => None,
        })
        .collect();
    let mut ns: Vec<u8> = boxes.iter().map(|b| b.0).collect();
    ns.sort_unstable();
    let in_order = boxes.windows(2).all(|w| (w[0].0 < w[1].0) == (w[0].1.x.0 < w[1].1.x.0));
    let equal = boxes.iter().all(|b| {
        (b.1.w.0 - l.board.track_box.0).abs() <= TOLERANCE && (b.1.h.0 - l.board.track_box.0).abs() <= TOLERANCE
    });
    if ns != (1..=TRACK).collect::<Vec<u8>>() || !in_order || !equal {
        out.push(
            Finding::error(
                Code::TrackBoxes,
                format!(
                    "coach {}'s strategy track is not boxes 1 to {TRACK} in a row of equal squares",
                    coach.index() + 1
                ),
                source.locate(Board::KEY.track_box),
            )
            .with_hint("this is a bug in the board, not in the layout"),
        );
    }
}

/// The coach's tallies of goals and balls: boxes 1 to the number of balls.
fn tallies(source: &Source, l: &League, doc: &Document, coach: Team, out: &mut Vec<Finding>) {
    for count in Count::BOTH {
        let mut ns: Vec<u8> = find(
            doc,
            |t| matches!(t, Tag::Tally { coach: c, count: k, .. } if *c == coach && *k == count),
        )
        .into_iter()
        .filter_map(|(item, _)| {
            if let Tag::Tally { n, .. } = item.tag {
                Some(n)
            } else {
                None
            }
        })
        .collect();
        ns.sort_unstable();
        if ns != (1..=l.board.balls as u8).collect::<Vec<u8>>() {
            out.push(
                Finding::error(
                    Code::Tally,
                    format!(
                        "coach {}'s tally of {} has boxes {ns:?}, not 1 to {}",
                        coach.index() + 1,
                        count.name(),
                        l.board.balls
                    ),
                    source.locate(Board::KEY.balls),
                )
                .with_hint("this is a bug in the board, not in the layout"),
            );
        }
    }
}
