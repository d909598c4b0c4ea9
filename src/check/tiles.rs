//! Rules for tiled boards, read from the pieces as composed: the pieces'
//! regions must reassemble the whole board with the promised overlap; every
//! join must carry three registration marks on both pieces at the same places
//! of the board, and a cut line on the piece laid on top only; and cuts should
//! follow grid lines and pass between words.

use std::borrow::Cow;

use crate::check::measure::{Measured, TOLERANCE, locate, measure};
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Point, Rect};
use crate::input::source::Source;
use crate::layout::tiling::Tiling;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::tag::Tag;

/// One piece as printed.
#[derive(Clone, Debug)]
pub struct Piece<'a> {
    /// Column and row.
    pub col: u32,
    /// Row.
    pub row: u32,
    /// The region of the board it shows, in board coordinates.
    pub region: Rect,
    /// How far the board is moved onto the page.
    pub offset: (Mm, Mm),
    /// The page it is on.
    pub page: &'a Page,
    /// The board's items.
    pub items: &'a [Item],
}

/// The pieces of a tiled document, in page order.
pub fn pieces(doc: &Document) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    for page in &doc.pages {
        for item in &page.items {
            if let (
                Tag::Tile { col, row },
                Shape::Group {
                    transform,
                    clip: Some(region),
                    items,
                },
            ) = (&item.tag, &item.shape)
            {
                out.push(Piece {
                    col: *col,
                    row: *row,
                    region: *region,
                    offset: (Mm(transform.m[4]), Mm(transform.m[5])),
                    page,
                    items,
                });
            }
        }
    }
    out
}

/// The board as composed, before it was put on paper. Every piece of a tiled
/// document holds the whole board, so the first piece's items are the board.
pub fn board_view(doc: &Document) -> Cow<'_, Document> {
    match pieces(doc).first() {
        None => Cow::Borrowed(doc),
        Some(p) => Cow::Owned(Document::new(
            doc.title.clone(),
            vec![Page::new(p.page.size, p.page.safe_area, p.items.to_vec())],
        )),
    }
}

/// Checks a tiled document; `overlap` is what the layout asked for.
pub fn check(source: &Source, doc: &Document, overlap: Mm) -> Vec<Finding> {
    let pieces = pieces(doc);
    let Some(first) = pieces.first() else {
        return Vec::new();
    };
    let board = first
        .items
        .iter()
        .filter_map(Item::bbox)
        .reduce(|a, b| a.union(&b))
        .unwrap_or_default();

    // The regions along each axis, from the first row and the first column.
    let mut xs: Vec<(Mm, Mm)> = pieces
        .iter()
        .filter(|p| p.row == 0)
        .map(|p| (p.region.x, p.region.right()))
        .collect();
    let mut ys: Vec<(Mm, Mm)> = pieces
        .iter()
        .filter(|p| p.col == 0)
        .map(|p| (p.region.y, p.region.bottom()))
        .collect();
    xs.sort_by(|a, b| a.0.0.total_cmp(&b.0.0));
    ys.sort_by(|a, b| a.0.0.total_cmp(&b.0.0));
    let mut out = coverage(source, &pieces, board, &xs, &ys, overlap);
    let cuts_x: Vec<Mm> = xs.iter().skip(1).map(|r| r.0).collect();
    let cuts_y: Vec<Mm> = ys.iter().skip(1).map(|r| r.0).collect();
    out.extend(registration(source, &pieces));
    out.extend(cut_lines(source, &pieces));
    out.extend(cuts_on_grid(source, first.items, &cuts_x, &cuts_y));
    out.extend(cuts_through_text(source, first.items, &cuts_x, &cuts_y));
    out
}

/// Every piece in line with its row and column, the pieces covering the
/// board, and neighbours sharing exactly the overlap strip.
fn coverage(
    source: &Source,
    pieces: &[Piece<'_>],
    board: Rect,
    xs: &[(Mm, Mm)],
    ys: &[(Mm, Mm)],
    overlap: Mm,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in pieces {
        let col = xs.get(p.col as usize);
        let row = ys.get(p.row as usize);
        let aligned = col.is_some_and(|c| same(c.0, p.region.x) && same(c.1, p.region.right()))
            && row.is_some_and(|r| same(r.0, p.region.y) && same(r.1, p.region.bottom()));
        if !aligned {
            out.push(
                Finding::error(
                    Code::TileCover,
                    format!(
                        "piece at row {}, column {} is out of line with its row and column",
                        p.row + 1,
                        p.col + 1
                    ),
                    Location::file(&source.path),
                )
                .with_hint("this is a bug in the tiling, not in the layout"),
            );
        }
    }
    for (axis, ranges, lo, hi) in [
        ("across", xs, board.x, board.right()),
        ("down", ys, board.y, board.bottom()),
    ] {
        let covered = ranges.first().is_some_and(|f| f.0.0 <= lo.0 + TOLERANCE)
            && ranges.last().is_some_and(|l| l.1.0 >= hi.0 - TOLERANCE);
        if !covered {
            out.push(
                Finding::error(
                    Code::TileCover,
                    format!("the pieces do not cover the whole board {axis}"),
                    Location::file(&source.path),
                )
                .with_hint("this is a bug in the tiling, not in the layout"),
            );
        }
        for w in ranges.windows(2) {
            let shared = w[0].1 - w[1].0;
            if (shared.0 - overlap.0).abs() > TOLERANCE {
                out.push(
                    Finding::error(
                        Code::TileOverlap,
                        format!("two pieces {axis} overlap by {shared} instead of {overlap}"),
                        source.locate(Tiling::KEY.overlap),
                    )
                    .with_hint(
                        "neighbouring pieces must share exactly the overlap strip, or the board reassembles wrong",
                    ),
                );
            }
        }
    }

    out
}

/// Two neighbouring pieces: `first` to the left of or above `second`, which
/// is cut along `at` (a board coordinate) and laid on top.
struct Join<'p, 'a> {
    first: &'p Piece<'a>,
    second: &'p Piece<'a>,
    /// A vertical line between columns, or a horizontal one between rows.
    vertical: bool,
    at: Mm,
}

impl Join<'_, '_> {
    /// `vertical` or `horizontal`, for messages.
    fn direction(&self) -> &'static str {
        if self.vertical { "vertical" } else { "horizontal" }
    }

    /// Where a point of the board lies along the join's line.
    fn along(&self, p: Point) -> Mm {
        if self.vertical { p.y } else { p.x }
    }

    /// Whether a point of the board lies on the join's line.
    fn on_line(&self, p: Point) -> bool {
        same(if self.vertical { p.x } else { p.y }, self.at)
    }

    /// The stretch of the board the join runs along.
    fn span(&self) -> (Mm, Mm) {
        let r = self.first.region;
        if self.vertical {
            (r.y, r.bottom())
        } else {
            (r.x, r.right())
        }
    }
}

/// Every pair of pieces side by side or one above the other.
fn joins<'p, 'a>(pieces: &'p [Piece<'a>]) -> Vec<Join<'p, 'a>> {
    let mut out = Vec::new();
    for first in pieces {
        for second in pieces {
            if first.row == second.row && first.col + 1 == second.col {
                out.push(Join {
                    first,
                    second,
                    vertical: true,
                    at: second.region.x,
                });
            }
            if first.col == second.col && first.row + 1 == second.row {
                out.push(Join {
                    first,
                    second,
                    vertical: false,
                    at: second.region.y,
                });
            }
        }
    }
    out
}

/// A piece's name in messages: its number, from 1, row by row.
fn name(p: &Piece<'_>, columns: u32) -> String {
    format!(
        "piece {} (row {}, column {})",
        p.row * columns + p.col + 1,
        p.row + 1,
        p.col + 1
    )
}

/// Both pieces of every join carry three registration marks on its line:
/// beyond each end (so the line is set) and within it (so a bent or
/// stretched piece shows), at the same places of the board.
fn registration(source: &Source, pieces: &[Piece<'_>]) -> Vec<Finding> {
    let columns = pieces.iter().map(|p| p.col + 1).max().unwrap_or(1);
    let mut out = Vec::new();
    let mut report = |message: String| {
        out.push(
            Finding::error(Code::TileRegistration, message, Location::file(&source.path))
                .with_hint("this is a bug in the tiling, not in the layout"),
        );
    };
    for join in joins(pieces) {
        let (lo, hi) = join.span();
        let on_join = |p: &Piece<'_>| -> Vec<Point> {
            registration_marks(p)
                .into_iter()
                .map(|m| Point {
                    x: m.x - p.offset.0,
                    y: m.y - p.offset.1,
                })
                .filter(|b| join.on_line(*b))
                .collect()
        };
        let (a, b) = (on_join(join.first), on_join(join.second));
        for (piece, marks) in [(join.first, &a), (join.second, &b)] {
            let before = marks.iter().any(|m| join.along(*m).0 < lo.0 - TOLERANCE);
            let after = marks.iter().any(|m| join.along(*m).0 > hi.0 + TOLERANCE);
            let within = marks
                .iter()
                .any(|m| join.along(*m).0 > lo.0 + TOLERANCE && join.along(*m).0 < hi.0 - TOLERANCE);
            if marks.len() < 3 || !(before && after && within) {
                report(format!(
                    "{} has {} registration mark(s) on its {} join at {}; it needs three, beyond both ends and in the middle",
                    name(piece, columns),
                    marks.len(),
                    join.direction(),
                    join.at,
                ));
            }
        }
        let matched =
            |xs: &[Point], ys: &[Point]| xs.iter().all(|m| ys.iter().any(|n| same(m.x, n.x) && same(m.y, n.y)));
        if !matched(&a, &b) || !matched(&b, &a) {
            report(format!(
                "{} and {} put the registration marks of their {} join at {} on different places of the board",
                name(join.first, columns),
                name(join.second, columns),
                join.direction(),
                join.at,
            ));
        }
    }
    out
}

/// Only the piece laid on top is cut: it carries a cut line along the whole
/// join, and the piece underneath none on the join's line (cutting there
/// would take off the strip the other piece is glued on).
fn cut_lines(source: &Source, pieces: &[Piece<'_>]) -> Vec<Finding> {
    let columns = pieces.iter().map(|p| p.col + 1).max().unwrap_or(1);
    let mut out = Vec::new();
    for join in joins(pieces) {
        let (lo, hi) = join.span();
        let lines_on = |p: &Piece<'_>| -> Vec<(Mm, Mm)> {
            cut_marks(p)
                .into_iter()
                .map(|(a, b)| {
                    let board = |q: Point| Point {
                        x: q.x - p.offset.0,
                        y: q.y - p.offset.1,
                    };
                    (board(a), board(b))
                })
                .filter(|(a, b)| join.on_line(*a) && join.on_line(*b))
                .map(|(a, b)| (join.along(a).min(join.along(b)), join.along(a).max(join.along(b))))
                .collect()
        };
        let covers = lines_on(join.second)
            .iter()
            .any(|(a, b)| a.0 <= lo.0 + TOLERANCE && b.0 >= hi.0 - TOLERANCE);
        if !covers {
            out.push(
                Finding::error(
                    Code::TileCutLine,
                    format!(
                        "{} has no cut line along its {} join at {}",
                        name(join.second, columns),
                        join.direction(),
                        join.at
                    ),
                    Location::file(&source.path),
                )
                .with_hint("this is a bug in the tiling, not in the layout"),
            );
        }
        if !lines_on(join.first).is_empty() {
            out.push(
                Finding::error(
                    Code::TileCutLine,
                    format!(
                        "{} has a cut line on its {} join at {}, which would cut off the strip {} is glued on",
                        name(join.first, columns),
                        join.direction(),
                        join.at,
                        name(join.second, columns)
                    ),
                    Location::file(&source.path),
                )
                .with_hint("this is a bug in the tiling, not in the layout"),
            );
        }
    }
    out
}

/// Cuts follow grid lines, where the board has a grid (a warning: a cut
/// across squares still reassembles).
fn cuts_on_grid(source: &Source, board: &[Item], cuts_x: &[Mm], cuts_y: &[Mm]) -> Vec<Finding> {
    let mut out = Vec::new();
    let (grid_x, grid_y) = grid_lines(board);
    if !grid_x.is_empty() {
        for (vertical, cuts, grid) in [(true, cuts_x, &grid_x), (false, cuts_y, &grid_y)] {
            for c in cuts {
                if !grid.iter().any(|g| same(*g, *c)) {
                    let inside = if vertical {
                        c.0 > grid_x[0].0 && c.0 < grid_x[grid_x.len() - 1].0
                    } else {
                        c.0 > grid_y[0].0 && c.0 < grid_y[grid_y.len() - 1].0
                    };
                    if inside {
                        out.push(
                            Finding::warning(
                                Code::TileCut,
                                format!("a cut at {c} crosses the board's squares"),
                                source.locate(Tiling::KEY.overlap),
                            )
                            .with_hint("a smaller overlap or a bigger paper lets every cut follow a grid line"),
                        );
                    }
                }
            }
        }
    }
    out
}

fn same(a: Mm, b: Mm) -> bool {
    (a.0 - b.0).abs() <= TOLERANCE
}

/// The centres of the registration marks on a piece's page.
fn registration_marks(p: &Piece<'_>) -> Vec<Point> {
    let mut out = Vec::new();
    p.page.walk(&mut |item, t| {
        if item.tag == Tag::RegistrationMark
            && let Measured::Other(Some(b)) = measure(item, t)
        {
            out.push(b.centre());
        }
    });
    out
}

/// The ends of the cut lines on a piece's page.
fn cut_marks(p: &Piece<'_>) -> Vec<(Point, Point)> {
    let mut out = Vec::new();
    p.page.walk(&mut |item, t| {
        if let (Tag::CutMark, Shape::Line { from, to }) = (&item.tag, &item.shape) {
            out.push((t.apply(*from), t.apply(*to)));
        }
    });
    out
}

/// A cut through a line of words leaves half of it on each piece (a warning:
/// the board still reassembles, but reads badly at the seam).
fn cuts_through_text(source: &Source, board: &[Item], cuts_x: &[Mm], cuts_y: &[Mm]) -> Vec<Finding> {
    let mut out = Vec::new();
    for item in board {
        let (Shape::Text(run), Some(b)) = (&item.shape, item.bbox()) else {
            continue;
        };
        let crossed = cuts_x
            .iter()
            .find(|c| b.x.0 < c.0 && c.0 < b.right().0)
            .map(|c| ("vertical", *c))
            .or_else(|| {
                cuts_y
                    .iter()
                    .find(|c| b.y.0 < c.0 && c.0 < b.bottom().0)
                    .map(|c| ("horizontal", *c))
            });
        if let Some((direction, c)) = crossed {
            out.push(
                Finding::warning(
                    Code::TileCut,
                    format!("the {direction} cut at {c} runs through the words \"{}\"", run.text),
                    locate(source, item.source.as_deref()),
                )
                .with_hint("move the words off the cut, or change the overlap or the paper so the cut falls elsewhere"),
            );
        }
    }
    out
}

/// The board's grid lines, from its squares.
fn grid_lines(items: &[Item]) -> (Vec<Mm>, Vec<Mm>) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for item in items {
        if let (Tag::Cell { .. }, Shape::Rect(r)) = (&item.tag, &item.shape) {
            xs.extend([r.x, r.right()]);
            ys.extend([r.y, r.bottom()]);
        }
    }
    for v in [&mut xs, &mut ys] {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        v.dedup_by(|a, b| same(*a, *b));
    }
    (xs, ys)
}
