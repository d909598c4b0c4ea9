//! Rules for the league mat, measured from the scene: each side's three
//! stripes facing the other side's stripes they play against, ball places
//! level; in every stripe its card places, each the named deck's card, with
//! no card laid over another covering that one's stats; a ball place in each
//! stripe that no card covers; each coach's track of boxes 1 to 6 in a row;
//! a goals tally for each coach and one tally of balls, as long as the
//! longest match.

use std::collections::BTreeMap;

use crate::check::measure::{TOLERANCE, same};
use crate::components::league_board::compose::{TRACK, facing};
use crate::components::league_board::layout::{Board, Cards, League};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::input::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::tag::{Count, Line, Tag, Team};

/// The most balls the rules let a match run to: every tally needs as many
/// boxes.
pub const MOST_BALLS: u32 = 7;
/// The most cards the rules let a stripe take: every line needs as many
/// places.
pub const MOST_CARDS: u32 = 6;

/// A card place as drawn.
struct Place {
    /// Whose stripe and which.
    id: (Team, Line),
    /// Its number in the line.
    n: u8,
    /// On the page.
    page: Rect,
    /// From the place's own coordinates onto the page.
    t: Transform,
    /// In its own coordinates, where the card's top-left corner is the
    /// place's (turned with it).
    own: Rect,
}

/// What the mat shows, measured on the page in drawing order.
#[derive(Default)]
struct Mat {
    stripes: BTreeMap<(Team, Line), Rect>,
    spots: Vec<((Team, Line), Point, Mm)>,
    /// Card places in drawing order.
    places: Vec<Place>,
    tracks: Vec<(Team, u8, Rect)>,
    tallies: Vec<(Option<Team>, Count, u8)>,
}

fn measure(doc: &Document) -> Mat {
    let mut m = Mat::default();
    let Some(page) = doc.pages.first() else {
        return m;
    };
    page.walk(&mut |item: &Item, t: &Transform| match (&item.tag, &item.shape) {
        (Tag::Stripe { team, line }, Shape::Rect(r)) => {
            m.stripes.insert((*team, *line), t.apply_rect(r));
        }
        (Tag::BallSpot { team, line }, Shape::Circle { centre, radius }) => {
            m.spots.push(((*team, *line), t.apply(*centre), *radius));
        }
        (Tag::CardPlace { team, line, n }, Shape::Rect(r)) => {
            m.places.push(Place {
                id: (*team, *line),
                n: *n,
                page: t.apply_rect(r),
                t: *t,
                own: *r,
            });
        }
        (Tag::TrackBox { coach, n }, Shape::Rect(r)) => m.tracks.push((*coach, *n, t.apply_rect(r))),
        (Tag::Tally { coach, count, n }, _) => m.tallies.push((*coach, *count, *n)),
        _ => {}
    });
    m
}

/// Checks the composed mat.
pub fn check(source: &Source, l: &League, doc: &Document) -> Vec<Finding> {
    let m = measure(doc);
    let mut out = Vec::new();
    stripes(source, &m, &mut out);
    places(source, l, &m, &mut out);
    stats_in_sight(source, l, &m, &mut out);
    ball_spots(source, &m, &mut out);
    for coach in Team::BOTH {
        track(source, l, &m, coach, &mut out);
    }
    tallies(source, l, &m, &mut out);
    out
}

fn stripe_error(source: &Source, message: String) -> Finding {
    Finding::error(Code::StripeOrder, message, source.locate(Cards::KEY.line_step))
        .with_hint("each side's defence, midfield and attack in a column, each beside the stripe it plays against: home defence and away attack, the midfields, home attack and away defence")
}

/// Each side's three stripes in a column, midfield between defence and
/// attack, each beside the other side's stripe it faces, touching across
/// the middle with its ball place level with that stripe's.
fn stripes(source: &Source, m: &Mat, out: &mut Vec<Finding>) {
    for team in Team::BOTH {
        for line in Line::ALL {
            if !m.stripes.contains_key(&(team, line)) {
                out.push(stripe_error(
                    source,
                    format!("the mat has no {line:?} stripe for the {team:?} side"),
                ));
            }
        }
        let col: Vec<Rect> = Line::ALL
            .iter()
            .filter_map(|l| m.stripes.get(&(team, *l)).copied())
            .collect();
        if col.len() == 3 {
            let in_column = col.iter().all(|r| same(r.x, col[0].x) && same(r.w, col[0].w));
            let mid = |r: &Rect| r.centre().y.0;
            let between = (mid(&col[0]) - mid(&col[1])) * (mid(&col[2]) - mid(&col[1])) < 0.0;
            if !in_column || !between {
                out.push(stripe_error(
                    source,
                    format!(
                        "the {team:?} side's stripes are not one column with the midfield between defence and attack"
                    ),
                ));
            }
        }
    }
    let spot = |id: (Team, Line)| m.spots.iter().find(|s| s.0 == id).map(|s| s.1);
    for line in Line::ALL {
        let (home, away) = ((Team::Home, line), (Team::Away, facing(line)));
        let (Some(h), Some(a)) = (m.stripes.get(&home), m.stripes.get(&away)) else {
            continue;
        };
        let side_by_side = h.bottom().min(a.bottom()) - h.y.max(a.y);
        let touch = (same(h.right(), a.x) || same(a.right(), h.x)) && side_by_side.0 > TOLERANCE;
        let level = match (spot(home), spot(away)) {
            (Some(p), Some(q)) => same(p.y, q.y),
            _ => true, // `ball_spots` reports a missing place
        };
        if !touch || !level {
            out.push(stripe_error(
                source,
                format!(
                    "the home {line:?} stripe does not face the away {:?} stripe: {}",
                    facing(line),
                    if touch {
                        "their ball places are not level, so the ball does not cross straight over"
                    } else {
                        "they do not touch across the middle"
                    }
                ),
            ));
        }
    }
}

/// Every stripe has places 1 to `places` (at least the most cards a stripe
/// takes), each a card of the deck, in one line inside the stripe.
fn places(source: &Source, l: &League, m: &Mat, out: &mut Vec<Finding>) {
    let card = l.deck.face.size;
    let want = l.cards.places.max(MOST_CARDS);
    for (&id, stripe) in &m.stripes {
        let mine: Vec<&Place> = m.places.iter().filter(|p| p.id == id).collect();
        let mut ns: Vec<u8> = mine.iter().map(|p| p.n).collect();
        ns.sort_unstable();
        let count_ok = ns == (1..=want).map(|n| n as u8).collect::<Vec<u8>>();
        let sized = mine.iter().all(|p| same(p.page.w, card.w) && same(p.page.h, card.h));
        let lined = mine
            .iter()
            .all(|p| same(p.page.y, mine[0].page.y) && stripe.contains_rect(&p.page));
        if !count_ok {
            out.push(
                Finding::error(
                    Code::CardPlace,
                    format!(
                        "the {:?} {:?} stripe has {} card place(s); a stripe takes up to {MOST_CARDS} cards, the goalkeeper included in the defence",
                        id.0,
                        id.1,
                        ns.len()
                    ),
                    source.locate(Cards::KEY.places),
                )
                .with_hint(format!("set {} = {MOST_CARDS}", Cards::KEY.places)),
            );
        } else if !sized || !lined {
            out.push(
                Finding::error(
                    Code::CardPlace,
                    format!(
                        "the {:?} {:?} stripe's places are not {} x {} cards of {} in one line inside the stripe",
                        id.0, id.1, card.w, card.h, l.deck.name
                    ),
                    source.locate(Cards::KEY.step),
                )
                .with_hint("this is a bug in the mat, not in the layout"),
            );
        }
    }
}

/// No place drawn over another (a card laid on it) covers the stats of the
/// card beneath: every number the game reads stays in sight.
fn stats_in_sight(source: &Source, l: &League, m: &Mat, out: &mut Vec<Finding>) {
    let face = l.deck.face;
    let mut reported = std::collections::BTreeSet::new();
    for (i, p) in m.places.iter().enumerate() {
        let stats = p.t.apply_rect(&Rect {
            x: p.own.x + face.stats.x,
            y: p.own.y + face.stats.y,
            w: face.stats.w,
            h: face.stats.h,
        });
        let Some(over) = m.places[i + 1..].iter().find(|q| overlaps(&q.page, &stats)) else {
            continue;
        };
        let (id, n, over_id, over_n) = (p.id, p.n, over.id, over.n);
        let along = over_id == id;
        if !reported.insert(along) {
            continue;
        }
        let (key, hint) = if along {
            let need = face.size.w - face.stats.x;
            (
                Cards::KEY.step,
                format!(
                    "set {} = {} or more: the stats column starts {} from the card's right edge",
                    Cards::KEY.step,
                    need.0,
                    need
                ),
            )
        } else {
            let need = face.stats.y + face.stats.h;
            (
                Cards::KEY.line_step,
                format!(
                    "set {} = {} or more: the stats column ends {} below the card's top",
                    Cards::KEY.line_step,
                    need.0,
                    need
                ),
            )
        };
        out.push(
            Finding::error(
                Code::CardStats,
                format!(
                    "a card on place {over_n} of the {:?} {:?} stripe covers the stats of the card on place {n} of the {:?} {:?} stripe",
                    over_id.0, over_id.1, id.0, id.1
                ),
                source.locate(key),
            )
            .with_hint(hint),
        );
    }
}

/// Whether two rectangles share some area (touching does not count).
fn overlaps(a: &Rect, b: &Rect) -> bool {
    let x = a.right().min(b.right()) - a.x.max(b.x);
    let y = a.bottom().min(b.bottom()) - a.y.max(b.y);
    x.0 > TOLERANCE && y.0 > TOLERANCE
}

/// One place for the ball inside each stripe, which no card lies over.
fn ball_spots(source: &Source, m: &Mat, out: &mut Vec<Finding>) {
    for (id, r) in &m.stripes {
        let inside: Vec<&(_, Point, Mm)> = m.spots.iter().filter(|s| s.0 == *id && r.contains_point(s.1)).collect();
        let covered = inside.iter().any(|s| {
            let disc = Rect {
                x: s.1.x - s.2,
                y: s.1.y - s.2,
                w: s.2 * 2.0,
                h: s.2 * 2.0,
            };
            m.places.iter().any(|p| overlaps(&p.page, &disc))
        });
        if inside.len() != 1 || covered {
            let what = if covered {
                "a card lies over it".to_string()
            } else {
                format!("it has {} place(s) for the ball; it needs one", inside.len())
            };
            out.push(
                Finding::error(
                    Code::BallSpot,
                    format!("the {:?} {:?} stripe's ball place: {what}", id.0, id.1),
                    source.locate(Board::KEY.ball_spot),
                )
                .with_hint("every stripe shows where the ball token stands, clear of the cards"),
            );
        }
    }
}

/// The coach's strategy track: boxes 1 to [`TRACK`] in a row, in order one
/// way or the other (the away track is turned), all the layout's size.
fn track(source: &Source, l: &League, m: &Mat, coach: Team, out: &mut Vec<Finding>) {
    let mut boxes: Vec<(u8, Rect)> = m.tracks.iter().filter(|b| b.0 == coach).map(|b| (b.1, b.2)).collect();
    boxes.sort_by_key(|b| b.0);
    let ns: Vec<u8> = boxes.iter().map(|b| b.0).collect();
    let dx: Vec<f64> = boxes.windows(2).map(|w| w[1].1.x.0 - w[0].1.x.0).collect();
    let in_order = dx.iter().all(|d| *d > 0.0) || dx.iter().all(|d| *d < 0.0);
    let in_row = boxes.iter().all(|b| same(b.1.y, boxes[0].1.y));
    let size = l.board.track_box.0;
    let equal = boxes
        .iter()
        .all(|b| (b.1.w.0 - size).abs() <= TOLERANCE && (b.1.h.0 - size).abs() <= TOLERANCE);
    if ns != (1..=TRACK).collect::<Vec<u8>>() || !in_order || !in_row || !equal {
        out.push(
            Finding::error(
                Code::TrackBoxes,
                format!("the {coach:?} coach's strategy track is not boxes 1 to {TRACK} in a row of equal squares"),
                source.locate(Board::KEY.track_box),
            )
            .with_hint("this is a bug in the mat, not in the layout"),
        );
    }
}

/// A goals tally for each coach and one shared tally of balls, each of
/// boxes 1 to the most balls, which is at least the rules' [`MOST_BALLS`].
fn tallies(source: &Source, l: &League, m: &Mat, out: &mut Vec<Finding>) {
    let balls = l.board.balls;
    let expected: Vec<(Option<Team>, Count)> = vec![
        (Some(Team::Home), Count::Goals),
        (Some(Team::Away), Count::Goals),
        (None, Count::Balls),
    ];
    let mut found: BTreeMap<(Option<Team>, Count), Vec<u8>> = BTreeMap::new();
    for (coach, count, n) in &m.tallies {
        found.entry((*coach, *count)).or_default().push(*n);
    }
    let name = |(coach, count): (Option<Team>, Count)| match coach {
        Some(c) => format!("the {c:?} coach's tally of {}", count.name()),
        None => format!("the shared tally of {}", count.name()),
    };
    let want: Vec<u8> = (1..=balls).map(|n| n as u8).collect();
    for id in &expected {
        let mut ns = found.get(id).cloned().unwrap_or_default();
        ns.sort_unstable();
        if ns != want {
            out.push(
                Finding::error(
                    Code::Tally,
                    format!("{} has boxes {ns:?}, not 1 to {balls}", name(*id)),
                    source.locate(Board::KEY.balls),
                )
                .with_hint("this is a bug in the mat, not in the layout"),
            );
        }
    }
    for id in found.keys().filter(|id| !expected.contains(id)) {
        out.push(
            Finding::error(
                Code::Tally,
                format!(
                    "the mat has {}, but the balls played are one count both coaches share",
                    name(*id)
                ),
                source.locate(Board::KEY.balls),
            )
            .with_hint("this is a bug in the mat, not in the layout"),
        );
    }
    if balls < MOST_BALLS {
        out.push(
            Finding::error(
                Code::Tally,
                format!("the tallies have {balls} boxes, but a match may run to {MOST_BALLS} balls"),
                source.locate(Board::KEY.balls),
            )
            .with_hint(format!("set {} = {MOST_BALLS} or more", Board::KEY.balls)),
        );
    }
}
