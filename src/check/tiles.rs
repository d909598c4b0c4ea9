//! Rules for tiled boards, read from the pieces as composed: the pieces'
//! regions must reassemble the whole board with the promised overlap, every cut
//! must carry registration marks on both pieces at the same board position, and
//! cuts should follow grid lines.

use std::borrow::Cow;

use crate::check::measure::{Measured, TOLERANCE, measure};
use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Point, Rect};
use crate::layout::source::Source;
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
    out.extend(registration(source, &pieces, &cuts_x, &cuts_y));
    out.extend(cuts_on_grid(source, first.items, &cuts_x, &cuts_y));
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

/// Both pieces at a cut carry registration marks at the cut's board position.
fn registration(source: &Source, pieces: &[Piece<'_>], cuts_x: &[Mm], cuts_y: &[Mm]) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in pieces {
        let marks: Vec<Point> = registration_marks(p);
        let to_board = |m: Point| Point {
            x: m.x - p.offset.0,
            y: m.y - p.offset.1,
        };
        let mut wanted: Vec<(bool, Mm)> = Vec::new();
        for (i, c) in cuts_x.iter().enumerate() {
            if p.col as usize == i || p.col as usize == i + 1 {
                wanted.push((true, *c));
            }
        }
        for (j, c) in cuts_y.iter().enumerate() {
            if p.row as usize == j || p.row as usize == j + 1 {
                wanted.push((false, *c));
            }
        }
        for (vertical, cut) in wanted {
            let n = marks
                .iter()
                .map(|m| to_board(*m))
                .filter(|b| if vertical { same(b.x, cut) } else { same(b.y, cut) })
                .count();
            if n < 2 {
                out.push(
                    Finding::error(
                        Code::TileRegistration,
                        format!(
                            "piece at row {}, column {} has {n} registration mark(s) on its {} cut at {cut}; it needs two",
                            p.row + 1,
                            p.col + 1,
                            if vertical { "vertical" } else { "horizontal" },
                        ),
                        Location::file(&source.path),
                    )
                    .with_hint("this is a bug in the tiling, not in the layout"),
                );
            }
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
