//! What board checkers share: the grid measured from the printed squares, and
//! the advice for a board too big for its paper.

use crate::check::measure::{Measured, TOLERANCE, find};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::floor_to;
use crate::geom::{Mm, Orientation, Paper, PaperSize, Point, Rect, Size};
use crate::input::source::Source;
use crate::print::{OrientationChoice, PageSpec};
use crate::scene::page::Document;
use crate::scene::tag::{End, Tag};

/// A board's grid as measured from its printed squares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// Top-left corner of the first square.
    pub origin: Point,
    /// The side of a square.
    pub pitch: Mm,
    /// Squares across.
    pub cols: u32,
    /// Squares down.
    pub rows: u32,
    /// How many squares were printed.
    pub count: usize,
}

impl Grid {
    /// The point at grid position (`col`, `row`), in squares.
    pub fn at(&self, col: f64, row: f64) -> Point {
        Point {
            x: self.origin.x + self.pitch * col,
            y: self.origin.y + self.pitch * row,
        }
    }

    /// The y of the goal line at `end`.
    pub fn goal_line(&self, end: End) -> Mm {
        match end {
            End::Top => self.origin.y,
            End::Bottom => self.origin.y + self.pitch * self.rows as f64,
        }
    }

    /// The x of the board's middle.
    pub fn centre_x(&self) -> Mm {
        self.origin.x + self.pitch * (self.cols as f64 / 2.0)
    }
}

/// Measures the printed squares: their count and extent, and whether they lie
/// on one grid of equal squares (`cell-pitch` otherwise). `None` when the
/// board has no first square to measure from. `pitch_key` is the layout key
/// that sets the squares' side.
pub fn squares(source: &Source, doc: &Document, pitch_key: &str, out: &mut Vec<Finding>) -> Option<Grid> {
    let cells: Vec<(u32, u32, Rect)> = find(doc, |t| matches!(t, Tag::Cell { .. }))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::Cell { col, row }, Measured::Rect(r)) => Some((*col, *row, r)),
            _ => None,
        })
        .collect();
    let cols = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let rows = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    let first = cells.iter().find(|c| c.0 == 0 && c.1 == 0)?;
    let pitch = first.2.w;
    let origin = Point {
        x: first.2.x,
        y: first.2.y,
    };
    let mut worst = (Mm::ZERO, 0, 0);
    for (col, row, r) in &cells {
        let dev = [
            r.w - pitch,
            r.h - pitch,
            r.x - (origin.x + pitch * *col as f64),
            r.y - (origin.y + pitch * *row as f64),
        ]
        .into_iter()
        .map(Mm::abs)
        .fold(Mm::ZERO, Mm::max);
        if dev.0 > worst.0.0 {
            worst = (dev, *col, *row);
        }
    }
    if worst.0.0 > TOLERANCE {
        out.push(
            Finding::error(
                Code::CellPitch,
                format!(
                    "the squares are not on one {pitch} grid: square at column {}, row {} is off by {}",
                    worst.1 + 1,
                    worst.2 + 1,
                    worst.0
                ),
                source.locate(pitch_key),
            )
            .with_hint(
                "every square must be the same size, edge to edge; this is a bug if the layout only sets board.pitch",
            ),
        );
    }
    Some(Grid {
        origin,
        pitch,
        cols,
        rows,
        count: cells.len(),
    })
}

/// A sheet's size less the printer-safe margin on every side.
fn safe_size(paper: Paper, margin: Mm) -> Size {
    let s = paper.page_size();
    Size {
        w: s.w - margin * 2.0,
        h: s.h - margin * 2.0,
    }
}

/// What to do when a board of `columns` x `rows` squares of `pitch`, whose
/// page content is `content`, does not fit its paper.
pub fn fit_hint(content: Size, columns: u32, rows: u32, pitch: Mm, page: &PageSpec, tiling: bool) -> String {
    let fits = |paper: PaperSize| {
        [Orientation::Portrait, Orientation::Landscape].into_iter().any(|o| {
            let allowed = match page.orientation {
                OrientationChoice::Fixed(f) => f == o,
                OrientationChoice::Auto => true,
            };
            allowed
                && content.fits_in(safe_size(
                    Paper {
                        size: paper,
                        orientation: o,
                    },
                    page.margin,
                ))
        })
    };
    let bigger = PaperSize::ALL.into_iter().find(|&paper| fits(paper));
    // Everything but the squares keeps its size when the pitch changes.
    let fixed = Size {
        w: content.w - pitch * columns as f64,
        h: content.h - pitch * rows as f64,
    };
    let safe = safe_size(
        Paper {
            size: page.paper,
            orientation: Orientation::Portrait,
        },
        page.margin,
    );
    let max_pitch = floor_to(
        ((safe.w - fixed.w) / columns as f64).min((safe.h - fixed.h) / rows as f64),
        0.5,
    );
    let mut hint = String::new();
    if !tiling {
        hint.push_str("turn tiling on (`[tiling] enabled = true`) to split the board across sheets, ");
    }
    if let Some(paper) = bigger {
        hint.push_str(&format!(
            "print on bigger paper (--paper {}, or page.paper = \"{}\"), or ",
            paper.name(),
            paper.name()
        ));
    }
    if max_pitch.0 > 0.0 {
        hint.push_str(&format!(
            "set board.pitch to at most {max_pitch} to fit {}",
            page.paper.name()
        ));
    } else {
        hint.push_str("use bigger paper");
    }
    hint
}
