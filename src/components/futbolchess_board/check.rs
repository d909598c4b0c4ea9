//! Rules for the Futbolchess board, measured from the scene: the goal is two
//! board squares side by side behind the goal line, centred on grid lines (so
//! the columns are even); both bands run the length of the board; each area
//! holds the goalkeeper and both central defenders in front of its goal; the
//! placement zones are tinted over exactly the squares the rules give them;
//! the kick-off rings are where the rules put the ball; and every tint and
//! mark has its entry in the legend.

use std::collections::BTreeMap;

use crate::check::grid::{self, Grid};
use crate::check::measure::{Measured, TOLERANCE, find, same};
use crate::color::Color;
use crate::components::futbolchess_board::compose::{canvas, content_size};
use crate::components::futbolchess_board::layout::{Board, Futbolchess, Legend, Style};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::Rect;
use crate::input::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::tag::{End, Side, Tag, Zone};
use crate::sheet::place::pieces_note;

/// The goal's width in squares.
pub const GOAL: u32 = 2;
/// The fewest squares an area needs: the goalkeeper and two central defenders.
pub const AREA_SQUARES: u32 = 3;
/// The forwards' front part of their half, as a share of its rows (rounded
/// up): the rules' "two rows nearest the halfway line" on the 6-row halves,
/// bands included.
pub const FRONT_SHARE: f64 = 1.0 / 3.0;

/// What to do when the board is too big for the sheet.
pub fn fit_hint(p: &Futbolchess) -> String {
    let b = &p.board;
    let note = pieces_note(&canvas(p), &p.page, p.tiling.as_ref());
    note + &grid::fit_hint(content_size(p), b.columns, b.rows, b.pitch, &p.page, p.tiling.is_some())
}

/// Markings the board needs, by tag class: (class, name, count, layout key).
const MARKINGS: [(&str, &str, usize, &str); 7] = [
    ("halfway-line", "halfway line", 1, Board::KEY.rows),
    ("kick-off", "kick-off rings", 2, Board::KEY.rows),
    ("centre-circle", "centre circle", 1, Board::KEY.centre_circle),
    ("penalty-area", "areas", 2, Board::KEY.area),
    ("goal", "goals", 2, Board::KEY.goal),
    ("band", "bands", 2, Board::KEY.columns),
    ("outline", "outline", 1, Style::KEY.outline_width),
];

/// Checks the composed board.
pub fn check(source: &Source, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(g) = grid::squares(source, doc, Board::KEY.pitch, &mut out) else {
        return out;
    };
    for (class, name, expected, key) in MARKINGS {
        let n = find(doc, |t| t.class() == class).len();
        if n != expected {
            out.push(
                Finding::error(
                    Code::MarkingCount,
                    format!("the board has {n} {name}; it needs {expected}"),
                    source.locate(key),
                )
                .with_hint("see layouts/futbolchess/board.toml for the shipped values"),
            );
        }
    }
    goal_squares(source, doc, &g, &mut out);
    bands(source, doc, &g, &mut out);
    areas(source, doc, &g, &mut out);
    kick_off(source, doc, &g, &mut out);
    zones(source, doc, &g, &mut out);
    legend(source, doc, &g, &mut out);
    out
}

fn on_grid_line(g: &Grid, x: crate::geom::Mm) -> bool {
    let k = (x - g.origin.x).0 / g.pitch.0;
    (k - k.round()).abs() * g.pitch.0 <= TOLERANCE
}

fn bands(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    for (item, m) in find(doc, |t| matches!(t, Tag::Band { .. })) {
        let (Tag::Band { side }, Measured::Rect(r)) = (&item.tag, m) else {
            continue;
        };
        let col = match side {
            Side::Left => 0.0,
            Side::Right => g.cols as f64 - 1.0,
        };
        let want = g.at(col, 0.0);
        let ok = same(r.x, want.x) && same(r.y, want.y) && same(r.w, g.pitch) && same(r.h, g.pitch * g.rows as f64);
        if !ok {
            out.push(
                Finding::error(
                    Code::Band,
                    format!("the {} band is not the whole outer column", side.name()),
                    source.locate(Board::KEY.columns),
                )
                .with_hint("the bands are the outer columns, from goal line to goal line"),
            );
        }
    }
}

fn areas(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    for (item, m) in find(doc, |t| matches!(t, Tag::PenaltyArea(_))) {
        let (Some(end), Measured::Rect(r)) = (item.tag.end(), m) else {
            continue;
        };
        let (w, d) = ((r.w.0 / g.pitch.0).round() as u32, (r.h.0 / g.pitch.0).round() as u32);
        let touches = match end {
            crate::scene::tag::End::Top => same(r.y, g.goal_line(end)),
            crate::scene::tag::End::Bottom => same(r.bottom(), g.goal_line(end)),
        };
        let centred = same(r.centre().x, g.centre_x());
        let covers_goal = w >= GOAL;
        if w * d < AREA_SQUARES || !covers_goal || !touches || !centred {
            out.push(
                Finding::error(
                    Code::AreaSize,
                    format!(
                        "the {} area ({w} x {d} squares) does not hold the goalkeeper and both central defenders in front of the goal",
                        end.name()
                    ),
                    source.locate(Board::KEY.area),
                )
                .with_hint(format!("an area needs at least {AREA_SQUARES} squares, as wide as the goal, centred on it; the shipped one is [4, 2]")),
            );
        }
    }
}

fn goal_square_finding(source: &Source, code: Code, message: String, key: &str, hint: &str) -> Finding {
    Finding::error(code, message, source.locate(key)).with_hint(hint)
}

/// Each goal is two board squares (so a counter fits in each), side by side,
/// centred on the goal line's middle and behind it.
fn goal_squares(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    const SQUARE: &str = "a goal square is a board square behind the goal line, so a counter (the keeper) fits in it";
    for end in End::BOTH {
        let mut squares: Vec<Rect> = find(doc, |t| matches!(t, Tag::GoalSquare { end: e, .. } if *e == end))
            .into_iter()
            .filter_map(|(_, m)| if let Measured::Rect(r) = m { Some(r) } else { None })
            .collect();
        squares.sort_by(|a, b| a.x.0.total_cmp(&b.x.0));
        let [left, right] = squares[..] else {
            let message = format!(
                "the {} goal has {} squares; the game's has {GOAL}",
                end.name(),
                squares.len()
            );
            let hint = format!("set {} = {GOAL}", Board::KEY.goal);
            out.push(goal_square_finding(
                source,
                Code::GoalSize,
                message,
                Board::KEY.goal,
                &hint,
            ));
            continue;
        };
        if let Some(r) = [left, right]
            .iter()
            .find(|r| !same(r.w, g.pitch) || !same(r.h, g.pitch))
        {
            let message = format!(
                "a square of the {} goal is {} x {}; the board's squares are {}",
                end.name(),
                r.w,
                r.h,
                g.pitch
            );
            out.push(goal_square_finding(
                source,
                Code::GoalSize,
                message,
                Board::KEY.goal,
                SQUARE,
            ));
            continue;
        }
        let line = g.goal_line(end);
        let behind = [left, right].iter().all(|r| match end {
            End::Top => same(r.bottom(), line),
            End::Bottom => same(r.y, line),
        });
        let even = format!(
            "the {GOAL} squares are centred between grid lines only on a board with an even number of columns; the shipped board has 8"
        );
        let problem = if !same(left.right(), right.x) || !same(left.y, right.y) {
            Some(("are not side by side", Board::KEY.goal, SQUARE))
        } else if !same((left.x + right.right()) / 2.0, g.centre_x()) || !on_grid_line(g, left.x) {
            Some((
                "are not centred between the grid lines",
                Board::KEY.columns,
                even.as_str(),
            ))
        } else if !behind {
            Some(("are not against the goal line, behind it", Board::KEY.goal, SQUARE))
        } else {
            None
        };
        if let Some((problem, key, hint)) = problem {
            let message = format!("the {} goal's squares {problem}", end.name());
            out.push(goal_square_finding(source, Code::GoalCentre, message, key, hint));
        }
    }
}

/// The square where the ball starts when the side defending `end` kicks off:
/// against the halfway line in its half, the central square on the kicker's
/// right (the page's left for the top side, which faces down).
fn kick_off_square(g: &Grid, end: End) -> Rect {
    let (c, half) = (g.cols as f64 / 2.0, g.rows as f64 / 2.0);
    let (c0, r0) = match end {
        End::Top => (c - 1.0, half - 1.0),
        End::Bottom => (c, half),
    };
    Rect::from_corners(g.at(c0, r0), g.at(c0 + 1.0, r0 + 1.0))
}

/// Each half's kick-off ring stands in its square, as the rules say, and
/// fits inside it.
fn kick_off(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    for (item, m) in find(doc, |t| matches!(t, Tag::KickOff(_))) {
        let (Some(end), Measured::Circle(centre, radius)) = (item.tag.end(), m) else {
            continue;
        };
        let square = kick_off_square(g, end);
        let want = square.centre();
        if !same(centre.x, want.x) || !same(centre.y, want.y) || radius.0 * 2.0 > g.pitch.0 {
            out.push(
                Finding::error(
                    Code::MarkingPlace,
                    format!(
                        "the {} half's kick-off ring is not inside the central square on the kicker's right of the centre spot",
                        end.name()
                    ),
                    source.locate(Board::KEY.rows),
                )
                .with_hint("the ball starts on the central square of the kicking side's half on its right, against the halfway line; the rules say so"),
            );
        }
    }
}

/// The box holding a measured leaf's geometry (lines by their ends, without
/// their width: a hatching reaches its zone's edges, not beyond).
fn extent(m: &Measured) -> Option<Rect> {
    match m {
        Measured::Rect(r) => Some(*r),
        Measured::Circle(c, r) => Some(Rect::from_corners(c.offset(-*r, -*r), c.offset(*r, *r))),
        Measured::Line(a, b) => Some(Rect::from_corners(*a, *b)),
        Measured::Points(ps) => ps.iter().map(|p| Rect::from_corners(*p, *p)).reduce(|a, b| a.union(&b)),
        Measured::Other(b) => *b,
    }
}

/// What a leaf is painted with, as a legend's swatch must repeat it: a
/// fill, or a line's colour and whether it is dashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ink {
    Fill(Color),
    Line(Color, bool),
}

impl Ink {
    fn of(item: &Item) -> Option<Ink> {
        let line = item
            .style
            .stroke
            .as_ref()
            .map(|s| Ink::Line(s.color, !s.dash.is_empty()));
        match item.shape {
            Shape::Line { .. } => line,
            _ => item.style.fill.map(Ink::Fill).or(line),
        }
    }

    /// Its colour, whatever paints it.
    fn colour(self) -> Color {
        match self {
            Ink::Fill(c) | Ink::Line(c, _) => c,
        }
    }

    fn describe(self) -> String {
        match self {
            Ink::Fill(c) => format!("filled {}", c.hex()),
            Ink::Line(c, dashed) => format!("{} {}", if dashed { "dashed" } else { "lines" }, c.hex()),
        }
    }
}

/// The rectangle each zone's tint must cover in the half at `end`, from the
/// measured grid and area: the midfielders' the whole half off the bands,
/// the area its marking, the forwards' the front rows of the half from
/// band to band.
fn zone_want(g: &Grid, doc: &Document, zone: Zone, end: End) -> Option<Rect> {
    let (cols, rows) = (g.cols as f64, g.rows as f64);
    let half = rows / 2.0;
    let front = (half * FRONT_SHARE).ceil();
    let span = |c0: f64, c1: f64, r0: f64, r1: f64| Some(Rect::from_corners(g.at(c0, r0), g.at(c1, r1)));
    match (zone, end) {
        (Zone::Midfield, End::Top) => span(1.0, cols - 1.0, 0.0, half),
        (Zone::Midfield, End::Bottom) => span(1.0, cols - 1.0, half, rows),
        (Zone::Front, End::Top) => span(0.0, cols, half - front, half),
        (Zone::Front, End::Bottom) => span(0.0, cols, half, half + front),
        (Zone::Area, _) => find(doc, |t| *t == Tag::PenaltyArea(end))
            .first()
            .and_then(|(_, m)| if let Measured::Rect(r) = m { Some(*r) } else { None }),
    }
}

fn zone_finding(source: &Source, message: String, hint: &str) -> Finding {
    Finding::error(Code::ZoneTint, message, source.locate(Board::KEY.zones)).with_hint(hint)
}

/// The placement zones' tints, when the board has them: each covers exactly
/// the squares the rules give its roles, and no two zones (bands included)
/// share an ink.
fn zones(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    let tints = find(doc, |t| matches!(t, Tag::ZoneTint { .. }));
    if tints.is_empty() {
        return;
    }
    // Each colour with the zones painted in it, in the order first seen: a
    // hatching in the colour of a tint would read as that tint.
    let mut inks: Vec<(Color, Vec<&str>)> = Vec::new();
    let mut add = |ink: Ink, name: &'static str| {
        let at = match inks.iter().position(|(c, _)| *c == ink.colour()) {
            Some(at) => at,
            None => {
                inks.push((ink.colour(), Vec::new()));
                inks.len() - 1
            }
        };
        if !inks[at].1.contains(&name) {
            inks[at].1.push(name);
        }
    };
    for (item, _) in find(doc, |t| matches!(t, Tag::Band { .. })) {
        if let Some(ink) = Ink::of(item) {
            add(ink, "bands");
        }
    }
    for zone in Zone::ALL {
        for end in End::BOTH {
            let leaves: Vec<&(&Item, Measured)> = tints
                .iter()
                .filter(|(i, _)| i.tag == Tag::ZoneTint { zone, end })
                .collect();
            let name = format!("{} zone of the {} half", zone.name(), end.name());
            for ink in leaves.iter().filter_map(|(i, _)| Ink::of(i)) {
                add(ink, zone.name());
            }
            let got = leaves.iter().filter_map(|(_, m)| extent(m)).reduce(|a, b| a.union(&b));
            let want = zone_want(g, doc, zone, end);
            let matches = match (got, want) {
                (Some(a), Some(b)) => [(a.x, b.x), (a.y, b.y), (a.right(), b.right()), (a.bottom(), b.bottom())]
                    .iter()
                    .all(|(p, q)| same(*p, *q)),
                _ => false,
            };
            if !matches {
                out.push(zone_finding(
                    source,
                    format!("the {name} is not tinted over the squares the rules give it"),
                    "midfielders: every square of the half off the bands; area: the area; forwards: the third of the half before the halfway line, bands included",
                ));
            }
        }
    }
    for (colour, users) in inks.iter().filter(|(_, u)| u.len() > 1) {
        out.push(zone_finding(
            source,
            format!(
                "the {} share one tint ({}): a player cannot tell them apart",
                users.join(" and "),
                colour.hex()
            ),
            "give each zone its own colour in [style]",
        ));
    }
}

/// One entry of the legend as printed: the inks of its swatch, its words and
/// the box it takes.
struct Entry {
    inks: Vec<Ink>,
    words: String,
    extent: Option<Rect>,
}

fn entries(doc: &Document) -> BTreeMap<u8, Entry> {
    let mut out: BTreeMap<u8, Entry> = BTreeMap::new();
    for (item, m) in find(doc, |t| matches!(t, Tag::Legend { .. })) {
        let Tag::Legend { entry } = item.tag else { continue };
        let e = out.entry(entry).or_insert(Entry {
            inks: Vec::new(),
            words: String::new(),
            extent: None,
        });
        match &item.shape {
            Shape::Text(run) => e.words = format!("{} {}", e.words, run.text).trim().to_string(),
            _ => e.inks.extend(Ink::of(item)),
        }
        let b = extent(&m);
        e.extent = match (e.extent, b) {
            (Some(a), Some(b)) => Some(a.union(&b)),
            (a, b) => a.or(b),
        };
    }
    out
}

/// What a player must be told about, by its tag: its name and the legend
/// key that explains it (the bands, each zone's tint, the goal, the kick-off
/// rings).
fn told(t: &Tag) -> Option<(&'static str, &'static str)> {
    let k = Legend::KEY;
    match t {
        Tag::Band { .. } => Some(("bands", k.bands)),
        Tag::ZoneTint {
            zone: Zone::Midfield, ..
        } => Some(("midfielders' tint", k.midfielders)),
        Tag::ZoneTint { zone: Zone::Area, .. } => Some(("areas' hatching", k.keeper_area)),
        Tag::ZoneTint { zone: Zone::Front, .. } => Some(("forwards' hatching", k.forwards)),
        Tag::Goal(_) => Some(("goal", k.goal_squares)),
        Tag::KickOff(_) => Some(("kick-off ring", k.kick_off)),
        _ => None,
    }
}

/// Each thing a player must be told about that the board draws, with the
/// ink it is painted in and the legend key that explains it.
fn explained(doc: &Document) -> Vec<(&'static str, Ink, &'static str)> {
    let mut out: Vec<(&'static str, Ink, &'static str)> = Vec::new();
    for (item, _) in find(doc, |t| told(t).is_some()) {
        if let (Some((name, key)), Some(ink)) = (told(&item.tag), Ink::of(item))
            && !out.iter().any(|(n, _, _)| *n == name)
        {
            out.push((name, ink, key));
        }
    }
    out
}

/// Every tint and mark has a legend entry (a swatch in its ink, and words),
/// and the legend lies clear of the board, the goals and itself.
fn legend(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    let entries = entries(doc);
    for (name, ink, key) in explained(doc) {
        let ok = entries.values().any(|e| e.inks.contains(&ink) && !e.words.is_empty());
        if !ok {
            out.push(
                Finding::error(
                    Code::Legend,
                    format!("the board's {name} ({}) has no entry in the legend", ink.describe()),
                    source.locate(key),
                )
                .with_hint(format!(
                    "give {key} its words, such as \"@futbolchess.legend_{}\"",
                    key.rsplit('.').next().unwrap_or(key)
                )),
            );
        }
    }
    let board = Rect::from_corners(g.at(0.0, 0.0), g.at(g.cols as f64, g.rows as f64));
    let mut taken: Vec<(String, Rect)> = vec![("the board".into(), board)];
    for (_, m) in find(doc, |t| matches!(t, Tag::Label | Tag::ScaleBar)) {
        if let Some(b) = extent(&m) {
            taken.push(("the words under the board".into(), b));
        }
    }
    for (item, m) in find(doc, |t| matches!(t, Tag::Goal(_))) {
        if let (Some(end), Some(r)) = (item.tag.end(), extent(&m)) {
            taken.push((format!("the {} goal", end.name()), r));
        }
    }
    for (n, e) in &entries {
        let Some(b) = e.extent else { continue };
        if let Some((what, _)) = taken.iter().find(|(_, r)| overlap(&b, r)) {
            out.push(
                Finding::error(
                    Code::Legend,
                    format!("legend entry {} (\"{}\") overlaps {what}", n + 1, e.words),
                    source.locate(Legend::KEY.size),
                )
                .with_hint(format!(
                    "shorten its words or lower {} (now {} pt)",
                    Legend::KEY.size,
                    doc_size(doc, *n)
                )),
            );
        }
        taken.push((format!("legend entry {}", n + 1), b));
    }
}

/// Whether two boxes share more than an edge.
fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x.0 < b.right().0 - TOLERANCE
        && b.x.0 < a.right().0 - TOLERANCE
        && a.y.0 < b.bottom().0 - TOLERANCE
        && b.y.0 < a.bottom().0 - TOLERANCE
}

/// The size of the words of legend entry `n`, for the hint.
fn doc_size(doc: &Document, n: u8) -> f64 {
    find(doc, |t| *t == Tag::Legend { entry: n })
        .iter()
        .find_map(|(i, _)| {
            if let Shape::Text(run) = &i.shape {
                Some(run.size_pt)
            } else {
                None
            }
        })
        .unwrap_or(0.0)
}
