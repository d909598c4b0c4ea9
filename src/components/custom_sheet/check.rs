//! The rules a custom sheet's author declares (`[[rule]]`), measured on
//! what is drawn, and the words that print over each other.
//!
//! The rules are measured on the drawing's own items, in its coordinates,
//! as they go on paper: the same items the page holds, before they are
//! moved onto the sheet, tiled or imposed (the checker's page rules hold
//! the paper: fit, safe area, lines, text). A tiled board repeats a cell on
//! two pieces, and an imposed one on every copy; the drawing holds each
//! once.

use std::collections::BTreeMap;

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Mm, Point, Rect};
use crate::input::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::tag::Tag;

use super::compose::{copies, drawn};
use super::layout::{CustomSheet, Face, GridDraw, GridShape, Rule, RuleKind, rule_name};

/// Each grid copy's lattice, as drawn: cells by (col, row), or the
/// positions of its lines or dots.
#[derive(Default)]
struct Drawn {
    /// Cells: (col, row) → the cell's box (square) or centre (hex), and its
    /// line width.
    cells: BTreeMap<(u32, u32), (Rect, Mm)>,
    /// Vertical lines or dot columns, x.
    xs: Vec<f64>,
    /// Horizontal lines or dot rows, y.
    ys: Vec<f64>,
    /// The width of its lines.
    width: Mm,
}

fn box_of(item: &Item) -> Option<Rect> {
    match &item.shape {
        // The geometry, not the ink: a cell is its lines' centres.
        Shape::Rect(r) => Some(*r),
        Shape::Polyline { points, .. } => points
            .iter()
            .map(|p| Rect::new(p.x.0, p.y.0, 0.0, 0.0))
            .reduce(|a, b| a.union(&b)),
        Shape::Circle { centre, radius } => Some(Rect {
            x: centre.x - *radius,
            y: centre.y - *radius,
            w: *radius * 2.0,
            h: *radius * 2.0,
        }),
        Shape::Line { from, to } => Some(Rect::from_corners(*from, *to)),
        _ => item.bbox(),
    }
}

fn push_unique(v: &mut Vec<f64>, x: f64) {
    if !v.iter().any(|&y| (y - x).abs() < 1e-6) {
        v.push(x);
    }
}

/// What grid `index` draws, per copy.
fn lattices(items: &[Item], index: u32) -> BTreeMap<u32, Drawn> {
    let mut out: BTreeMap<u32, Drawn> = BTreeMap::new();
    for item in items {
        let width = item.style.stroke.as_ref().map_or(Mm::ZERO, |s| s.width);
        match &item.tag {
            Tag::GridCell { grid, copy, col, row } if *grid == index => {
                if let Some(b) = box_of(item) {
                    out.entry(*copy).or_default().cells.insert((*col, *row), (b, width));
                }
            }
            Tag::GridLine { grid, copy } if *grid == index => {
                let d = out.entry(*copy).or_default();
                d.width = width;
                if let Shape::Line { from, to } = &item.shape {
                    if (from.x.0 - to.x.0).abs() < 1e-9 {
                        push_unique(&mut d.xs, from.x.0);
                    } else if (from.y.0 - to.y.0).abs() < 1e-9 {
                        push_unique(&mut d.ys, from.y.0);
                    }
                }
            }
            Tag::GridPoint { grid, copy } if *grid == index => {
                let d = out.entry(*copy).or_default();
                if let Shape::Circle { centre, .. } = &item.shape {
                    push_unique(&mut d.xs, centre.x.0);
                    push_unique(&mut d.ys, centre.y.0);
                }
            }
            _ => {}
        }
    }
    for d in out.values_mut() {
        d.xs.sort_by(f64::total_cmp);
        d.ys.sort_by(f64::total_cmp);
    }
    out
}

impl Drawn {
    /// Columns and rows of cells.
    fn count(&self) -> (u32, u32) {
        if self.cells.is_empty() {
            (
                self.xs.len().saturating_sub(1) as u32,
                self.ys.len().saturating_sub(1) as u32,
            )
        } else {
            (
                self.cells.keys().map(|k| k.0 + 1).max().unwrap_or(0),
                self.cells.keys().map(|k| k.1 + 1).max().unwrap_or(0),
            )
        }
    }

    /// The pitches between neighbouring cells (or lines): every one, so
    /// the caller can see whether they agree.
    fn pitches(&self, (shape, flat): (GridShape, bool)) -> Vec<((u32, u32), f64)> {
        if self.cells.is_empty() {
            let mut out = Vec::new();
            for (i, w) in self.xs.windows(2).enumerate() {
                out.push(((i as u32, 0), w[1] - w[0]));
            }
            for (i, w) in self.ys.windows(2).enumerate() {
                out.push(((0, i as u32), w[1] - w[0]));
            }
            return out;
        }
        match shape {
            GridShape::Square => self
                .cells
                .iter()
                .flat_map(|(k, (r, _))| [(*k, r.w.0), (*k, r.h.0)])
                .collect(),
            // A hex's width across its flats is the distance between the
            // centres of neighbours in a row (pointy), or in a column (flat:
            // its height).
            GridShape::Hex => self
                .cells
                .iter()
                .map(|(k, (r, _))| (*k, if flat { r.h.0 } else { r.w.0 }))
                .collect(),
        }
    }
}

/// The drawn centre of a named shape's first copy, in its group's own
/// coordinates (the copy's offset taken off): a circle's centre, the
/// middle of anything else's box. An arc draws no centre: its circle's is
/// the one it was placed by.
fn centre_of(items: &[Item], s: &CustomSheet, name: &str) -> Option<Point> {
    let index = s.shapes.iter().position(|sh| sh.name.as_deref() == Some(name))?;
    let shape = &s.shapes[index];
    let mine: Vec<&Item> = items
        .iter()
        .filter(|i| matches!(i.tag, Tag::SheetShape { shape, copy: 0 } if shape as usize == index))
        .collect();
    let (dx, dy) = *copies(s, shape.group.as_deref()).first()?;
    if let super::layout::Form::Arc { centre, .. } = &shape.form {
        return (!mine.is_empty()).then_some(*centre);
    }
    let drawn = match mine.as_slice() {
        [one] => match &one.shape {
            Shape::Circle { centre, .. } => Some(*centre),
            _ => box_of(one).map(|b| b.centre()),
        },
        _ => mine
            .iter()
            .filter_map(|i| box_of(i))
            .reduce(|a, b| a.union(&b))
            .map(|b| b.centre()),
    }?;
    Some(Point {
        x: drawn.x - dx,
        y: drawn.y - dy,
    })
}

fn fail(source: &Source, rule: &Rule, message: String, hint: impl Into<String>) -> Finding {
    Finding::error(Code::SheetRule, message, source.locate(&rule.key)).with_hint(hint)
}

fn mm(v: f64) -> String {
    crate::layout::resolve::show((v * 1000.0).round() / 1000.0)
}

/// Every declared rule, measured on the drawing; and words printed over
/// each other on the sheets.
pub fn check(s: &CustomSheet, source: &Source, doc: &Document) -> Vec<Finding> {
    let items = drawn(s, Face::Front);
    let mut out = Vec::new();
    for rule in &s.rules {
        out.extend(measure_rule(s, source, rule, &items));
    }
    out.extend(overlaps(source, doc));
    out
}

/// A rule about a grid (cells, pitch, clearance), measured on every copy drawn.
fn grid_rule(s: &CustomSheet, source: &Source, rule: &Rule, items: &[Item], tol: f64) -> Vec<Finding> {
    let mut out = Vec::new();
    let grid = rule.grid.map(|g| (g, &s.grids[g]));
    let Some((index, g)) = grid else { return out };
    let drawn = lattices(items, index as u32);
    if drawn.is_empty() {
        out.push(fail(
            source,
            rule,
            format!(
                "the grid \"{}\" is not drawn, so its {} cannot be measured",
                g.name,
                rule_name(rule.kind)
            ),
            if g.draw == GridDraw::None {
                "draw it (draw = \"cells\", \"lines\" or \"points\")".to_string()
            } else {
                "put it in no group, or repeat its group with a [[repeat]]".to_string()
            },
        ));
        return out;
    }
    for (copy, d) in &drawn {
        let which = if drawn.len() > 1 {
            format!(" (copy {})", copy + 1)
        } else {
            String::new()
        };
        match rule.kind {
            RuleKind::Cells => {
                let (cols, rows) = d.count();
                let want = rule.cells.unwrap_or((cols, rows));
                let whole = d.cells.is_empty() || d.cells.len() == (cols * rows) as usize;
                if (cols, rows) != want || !whole {
                    out.push(fail(
                        source,
                        rule,
                        format!(
                            "the grid \"{}\"{which} draws {cols} x {rows} cells{}; the rule says {} x {}",
                            g.name,
                            if whole { String::new() } else { format!(" with {} missing", (cols * rows) as usize - d.cells.len()) },
                            want.0,
                            want.1
                        ),
                        format!(
                            "draw the grid's {}.count = [{}, {}], or, if the grid is right, write count = [{cols}, {rows}] in the rule",
                            g.key, want.0, want.1
                        ),
                    ));
                }
            }
            RuleKind::Pitch => {
                let pitches = d.pitches((g.shape, g.flat));
                let Some(first) = pitches.first().map(|p| p.1) else {
                    continue;
                };
                let want = rule.pitch.map_or(first, |p| p.0);
                if let Some((at, worst)) = pitches
                    .iter()
                    .map(|(k, p)| (*k, p))
                    .max_by(|a, b| (a.1 - want).abs().total_cmp(&(b.1 - want).abs()))
                    && (worst - want).abs() > tol
                {
                    out.push(fail(
                        source,
                        rule,
                        format!(
                            "the grid \"{}\"{which} is not drawn on one {} mm pitch: at column {}, row {} it measures {} mm",
                            g.name,
                            mm(want),
                            at.0 + 1,
                            at.1 + 1,
                            mm(*worst)
                        ),
                        format!(
                            "draw every cell of the grid {} mm ({}.pitch), or, if the drawing is right, correct the rule's pitch",
                            mm(want),
                            g.key
                        ),
                    ));
                }
            }
            RuleKind::Clearance => {
                let Some(counter) = rule.counter else { continue };
                let pitches = d.pitches((g.shape, g.flat));
                let Some(pitch) = pitches.iter().map(|p| p.1).reduce(f64::min) else {
                    continue;
                };
                let width = d.cells.values().map(|c| c.1).next().unwrap_or(d.width);
                let room = pitch - width.0 - counter.0;
                if room + 1e-9 < rule.min.0 {
                    let need = counter.0 + rule.min.0 + width.0;
                    out.push(fail(
                        source,
                        rule,
                        format!(
                            "a {} mm counter leaves {} mm in a cell of the grid \"{}\"{which} ({} mm between the inner edges of its {} mm lines); the rule asks for {} mm",
                            mm(counter.0),
                            mm(room),
                            g.name,
                            mm(pitch - width.0),
                            mm(width.0),
                            mm(rule.min.0)
                        ),
                        format!(
                            "make the pitch at least {} mm, or the counters at most {} mm",
                            mm(need),
                            mm(pitch - width.0 - rule.min.0)
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    out
}

/// A zone's size in its grid's cells.
fn zone_rule(s: &CustomSheet, source: &Source, rule: &Rule, items: &[Item], tol: f64) -> Vec<Finding> {
    let mut out = Vec::new();
    let (Some(zi), Some((cols, rows))) = (rule.zone, rule.cells) else {
        return out;
    };
    let z = &s.zones[zi];
    let g = &s.grids[z.grid];
    let mine: Vec<&Item> = items
        .iter()
        .filter(|i| matches!(i.tag, Tag::SheetZone { zone, copy: 0 } if zone as usize == zi))
        .filter(|i| !matches!(i.shape, Shape::Text(_)))
        .collect();
    let Some(area) = mine.iter().filter_map(|i| box_of(i)).reduce(|a, b| a.union(&b)) else {
        out.push(fail(
            source,
            rule,
            format!("the zone \"{}\" is not drawn", z.name),
            "put it in no group, or repeat its group with a [[repeat]]",
        ));
        return out;
    };
    let (w, h) = match g.shape {
        GridShape::Square => (area.w.0 / g.pitch.0, area.h.0 / g.pitch.0),
        GridShape::Hex => {
            // Cells of a hex zone, counted: on a pointy grid the rows are
            // its distinct centres down, the columns the cells of its first
            // row; on a flat one the same turned, columns the distinct
            // centres across.
            let centres: Vec<Point> = mine.iter().filter_map(|i| box_of(i)).map(|b| b.centre()).collect();
            let (lines, along): (Vec<f64>, Vec<f64>) = centres
                .iter()
                .map(|c| if g.flat { (c.x.0, c.y.0) } else { (c.y.0, c.x.0) })
                .map(|(a, b)| ((a * 1e3).round() / 1e3, b))
                .unzip();
            let mut distinct: Vec<f64> = Vec::new();
            for l in &lines {
                push_unique(&mut distinct, *l);
            }
            let first = distinct.iter().copied().fold(f64::INFINITY, f64::min);
            let in_first = lines
                .iter()
                .zip(&along)
                .filter(|(l, _)| (**l - first).abs() < 1e-6)
                .count();
            if g.flat {
                (distinct.len() as f64, in_first as f64)
            } else {
                (in_first as f64, distinct.len() as f64)
            }
        }
    };
    let off = (w - f64::from(cols)).abs().max((h - f64::from(rows)).abs()) * g.pitch.0;
    if off > tol {
        out.push(fail(
            source,
            rule,
            format!(
                "the zone \"{}\" covers {} x {} cells of \"{}\"; the rule says {cols} x {rows}",
                z.name,
                mm(w),
                mm(h),
                g.name
            ),
            format!("set {}.span = [{cols}, {rows}]", z.key),
        ));
    }
    out
}

/// A named shape's centre.
fn point_rule(s: &CustomSheet, source: &Source, rule: &Rule, items: &[Item], tol: f64) -> Vec<Finding> {
    let mut out = Vec::new();
    let (Some(name), Some(want)) = (&rule.of, rule.at) else {
        return out;
    };
    match centre_of(items, s, name) {
        None => out.push(fail(
            source,
            rule,
            format!("the shape \"{name}\" is not drawn"),
            "put it in no group, or repeat its group with a [[repeat]]",
        )),
        Some(c) => {
            let off = c.distance(want).0;
            if off > tol {
                out.push(fail(
                    source,
                    rule,
                    format!(
                        "the centre of \"{name}\" is at [{}, {}] mm, {} mm from where the rule puts it, [{}, {}] mm",
                        mm(c.x.0),
                        mm(c.y.0),
                        mm(off),
                        mm(want.x.0),
                        mm(want.y.0)
                    ),
                    "move the shape, or correct the rule's at",
                ));
            }
        }
    }
    out
}

fn measure_rule(s: &CustomSheet, source: &Source, rule: &Rule, items: &[Item]) -> Vec<Finding> {
    let tol = rule.tolerance.0 + 1e-9;
    match rule.kind {
        RuleKind::Cells | RuleKind::Pitch | RuleKind::Clearance => grid_rule(s, source, rule, items, tol),
        RuleKind::Zone => zone_rule(s, source, rule, items, tol),
        RuleKind::Point => point_rule(s, source, rule, items, tol),
    }
}

/// The most texts compared pairwise for overlaps.
const MAX_COMPARED: usize = 2000;

/// The most pages searched for words over words: an imposed sheet repeats
/// its first page's drawing, a tiled board its pieces.
const MAX_PAGES_COMPARED: usize = 4;

/// A text as drawn: its place in the drawing order, the item and the box
/// of its ink that shows.
type ShownText<'a> = (usize, &'a Item, Rect);

/// The texts of `page` in the order they are drawn, each with that order and
/// the part of its ink box its clips keep (a text a clip hides whole is left
/// out), and the boxes the filled rectangles drawn among them hide, with
/// their order.
fn shown_texts(page: &Page) -> (Vec<ShownText<'_>>, Vec<(usize, Rect)>) {
    let mut texts = Vec::new();
    let mut covers = Vec::new();
    let mut order = 0;
    page.walk_clipped(&mut |item, t, clip| {
        order += 1;
        let kept = |b: Rect| match clip {
            Some(c) => clipped(&b, &c),
            None => Some(b),
        };
        match &item.shape {
            Shape::Text(run) if texts.len() < MAX_COMPARED => {
                if let Some(b) = crate::check::ink::ink(run, t).and_then(kept) {
                    texts.push((order, item, b));
                }
            }
            Shape::Rect(r) if item.style.fill.is_some() && t.m[1].abs() < 1e-12 && t.m[2].abs() < 1e-12 => {
                covers.extend(kept(t.apply_rect(r)).map(|b| (order, b)));
            }
            _ => {}
        }
    });
    (texts, covers)
}

/// The part of `b` inside `c`, if it has an area.
fn clipped(b: &Rect, c: &Rect) -> Option<Rect> {
    let (x0, x1) = (b.x.max(c.x), b.right().min(c.right()));
    let (y0, y1) = (b.y.max(c.y), b.bottom().min(c.bottom()));
    (x1.0 > x0.0 && y1.0 > y0.0).then(|| Rect::from_corners(Point { x: x0, y: y0 }, Point { x: x1, y: y1 }))
}

/// Words that print over other words on the sheets as printed: two lines
/// of text whose ink boxes cross, the frame's title, caption and scale-bar
/// words among them. Only what shows counts: the part of a word a clip
/// keeps (a tiled piece shows its own region of the board, not the words
/// of the board beyond it), and not where a filled shape drawn after the
/// first word and before the second hides it (a glue strip's words stand
/// on a white box over the board's). Each pair is said once, on the first
/// page it is on.
fn overlaps(source: &Source, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut said: Vec<(String, String)> = Vec::new();
    for page in doc.pages.iter().take(MAX_PAGES_COMPARED) {
        let (texts, covers) = shown_texts(page);
        for (n, (i, a, ra)) in texts.iter().enumerate() {
            for (j, b, rb) in &texts[n + 1..] {
                let (x0, x1) = (ra.x.max(rb.x), ra.right().min(rb.right()));
                let (y0, y1) = (ra.y.max(rb.y), ra.bottom().min(rb.bottom()));
                if (x1 - x0).0 <= 0.05 || (y1 - y0).0 <= 0.05 {
                    continue;
                }
                let both = Rect::from_corners(Point { x: x0, y: y0 }, Point { x: x1, y: y1 });
                if covers.iter().any(|(k, c)| i < k && k < j && c.contains_rect(&both)) {
                    continue;
                }
                let words = |i: &Item| match &i.shape {
                    Shape::Text(r) => r.text.clone(),
                    _ => String::new(),
                };
                let pair = (words(a), words(b));
                if said.contains(&pair) {
                    continue;
                }
                // Blamed on the drawing's own text when one of the two is
                // (the frame's words are where the layout's [text] puts them).
                let key = a.source.as_deref().or(b.source.as_deref());
                out.push(
                    Finding::warning(
                        Code::LabelOverlap,
                        format!("\"{}\" prints over \"{}\"", pair.0, pair.1),
                        crate::check::measure::locate(source, key),
                    )
                    .with_hint("move one of them, or make its box smaller so its words shrink"),
                );
                said.push(pair);
                if out.len() >= 10 {
                    return out;
                }
            }
        }
    }
    out
}
