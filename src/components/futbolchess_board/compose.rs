//! The Futbolchess board: squares with the bands, areas, halfway line, centre
//! circle and two-square goals, the placement zones of the roles tinted.

use crate::components::futbolchess_board::layout::{self, Futbolchess};
use crate::compose::frame::{Frame, FrameKeys, goal};
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Side, Tag};
use crate::sheet::place::place_or_tile;
use crate::sheet::tile::Canvas;

/// Where the frame's items come from in this layout.
const FRAME_KEYS: FrameKeys = FrameKeys {
    title: layout::Text::KEY.title,
    title_size: layout::Text::KEY.title_size,
    caption: layout::Text::KEY.caption,
    caption_size: layout::Text::KEY.caption_size,
    scale_bar: layout::Text::KEY.scale_bar,
    goal_depth: layout::Board::KEY.goal_depth,
    marking_width: layout::Style::KEY.marking_width,
};

/// The centre spot's radius, in squares: a dot that marks the kick-off
/// without covering the corners of the four central squares.
const CENTRE_SPOT_RADIUS: f64 = 0.1;
/// The dashed marks where the wingers' part of each band begins never print
/// thinner than this, however fine the grid: a hairline dash disappears.
const WING_MARK_MIN_WIDTH: Mm = Mm(0.3);
/// Their dash (on, off): short, so they read as the edge of a zone and not
/// as a line of the pitch.
const WING_MARK_DASH: [Mm; 2] = [Mm(1.5), Mm(1.2)];

/// The frame around the board: title, goals, caption, scale bar.
fn frame(p: &Futbolchess) -> Frame<'_> {
    Frame {
        keys: FRAME_KEYS,
        text: &p.text,
        colour: p.style.text_colour,
        goal_depth: p.board.goal_depth,
        outline_width: p.style.outline_width,
    }
}

fn board_size(p: &Futbolchess) -> Size {
    Size {
        w: p.board.pitch * p.board.columns as f64,
        h: p.board.pitch * p.board.rows as f64,
    }
}

/// The size of everything the board puts on the page, for fit hints.
pub fn content_size(p: &Futbolchess) -> Size {
    frame(p).measure(board_size(p)).size
}

/// Composes the board and puts it on paper (one sheet, or tiled).
pub fn compose(p: &Futbolchess) -> Document {
    Document::new(if p.text.title.is_empty() {
            "Futbolchess".to_string()
        } else {
            p.text.title.clone()
        }, place_or_tile(&canvas(p), &p.page, p.tiling.as_ref()))
}

/// Where the board lies in the canvas and how its rows are shared out among
/// the roles: what every part of the drawing, and the setup diagram, measure
/// from. Counts are in squares, as floats, so fractions of a square can be
/// asked for.
pub(crate) struct Grid {
    /// The top-left corner of square (0, 0).
    pub(crate) origin: Point,
    /// The side of a square.
    pub(crate) pitch: Mm,
    /// Squares across.
    pub(crate) cols: f64,
    /// Squares from goal line to goal line.
    pub(crate) rows: f64,
    /// Each area's width and depth.
    pub(crate) area: (f64, f64),
}

impl Grid {
    /// The board `p` with square (0, 0) at `origin`.
    pub(crate) fn new(p: &Futbolchess, origin: Point) -> Grid {
        let b = &p.board;
        Grid {
            origin,
            pitch: b.pitch,
            cols: b.columns as f64,
            rows: b.rows as f64,
            area: (b.area.0 as f64, b.area.1 as f64),
        }
    }

    /// The point `c` squares across and `r` squares down from the corner.
    pub(crate) fn at(&self, c: f64, r: f64) -> Point {
        Point {
            x: self.origin.x + self.pitch * c,
            y: self.origin.y + self.pitch * r,
        }
    }

    /// The rectangle from corner (`c0`, `r0`) to corner (`c1`, `r1`).
    pub(crate) fn rect(&self, c0: f64, r0: f64, c1: f64, r1: f64) -> Rect {
        Rect::from_corners(self.at(c0, r0), self.at(c1, r1))
    }

    /// The rows of one half: the halfway line's row.
    pub(crate) fn half(&self) -> f64 {
        self.rows / 2.0
    }

    /// The rows of the forwards' front part: the third of their half nearest
    /// the halfway line, in whole rows (2 of the shipped board's 6).
    pub(crate) fn front_rows(&self) -> f64 {
        (self.half() / 3.0).ceil()
    }

    /// The area at `end`: centred on the goal, on the goal line.
    pub(crate) fn area_rect(&self, end: End) -> Rect {
        let (aw, ad) = self.area;
        let left = (self.cols - aw) / 2.0;
        match end {
            End::Top => self.rect(left, 0.0, left + aw, ad),
            End::Bottom => self.rect(left, self.rows - ad, left + aw, self.rows),
        }
    }

    /// The midfielders' zone and the forwards' front part of the half at
    /// `end`, inside the bands: the midfield from the area to the front part,
    /// the front part up to the halfway line.
    fn zones(&self, end: End) -> (Rect, Rect) {
        let (cols, rows, half, ad) = (self.cols, self.rows, self.half(), self.area.1);
        let front_rows = self.front_rows();
        match end {
            End::Top => (
                self.rect(1.0, ad, cols - 1.0, half - front_rows),
                self.rect(1.0, half - front_rows, cols - 1.0, half),
            ),
            End::Bottom => (
                self.rect(1.0, half + front_rows, cols - 1.0, rows - ad),
                self.rect(1.0, half, cols - 1.0, half + front_rows),
            ),
        }
    }
}

/// The board in its own coordinates.
pub fn canvas(p: &Futbolchess) -> Canvas {
    let frame = frame(p);
    let block = frame.measure(board_size(p));
    let b = &p.board;
    let s = &p.style;
    let g = Grid::new(p, block.board_origin);
    let board = g.rect(0.0, 0.0, g.cols, g.rows);
    let marking = Stroke::solid(s.marking_width, s.marking_colour);
    let mut items = Vec::new();
    if b.zones {
        items.extend(zone_tints(p, &g));
    }
    items.extend(bands(p, &g));
    items.extend(squares(p, &g));
    items.extend(band_marks(p, &g, &marking));
    items.extend(markings(p, &g, &marking));
    for end in End::BOTH {
        items.extend(goal(
            board,
            end,
            b.pitch * b.goal as f64,
            b.goal_depth,
            Some(s.goal_fill),
            s.grid_colour,
            &marking,
            &FRAME_KEYS,
        ));
    }
    items.push(
        Item::new(
            Shape::Rect(board),
            Style::stroked(Stroke::solid(s.outline_width, s.marking_colour)),
            Tag::Outline,
        )
        .from_key(layout::Style::KEY.outline_width),
    );
    Canvas::new(items, frame.labels(&block, board), frame.words()).with_cuts(
        (0..=b.columns).map(|k| g.origin.x + g.pitch * k as f64).collect(),
        (0..=b.rows).map(|k| g.origin.y + g.pitch * k as f64).collect(),
    )
}

/// The placement zones of the roles, lightest first: the midfield and front
/// zones inside the bands, then the areas; the bands are tinted next.
fn zone_tints(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    let s = &p.style;
    let board_zones = layout::Board::KEY.zones;
    let mut items = Vec::new();
    for end in End::BOTH {
        let (mid, front) = g.zones(end);
        for (zone, fill) in [
            (mid, s.midfield_fill),
            (front, s.attack_fill),
            (g.area_rect(end), s.area_fill),
        ] {
            items.push(Item::new(Shape::Rect(zone), Style::filled(fill), Tag::Decoration).from_key(board_zones));
        }
    }
    items
}

/// The two bands: the outer columns, from goal line to goal line.
fn bands(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    Side::BOTH
        .into_iter()
        .map(|side| {
            let c = match side {
                Side::Left => 0.0,
                Side::Right => g.cols - 1.0,
            };
            Item::new(
                Shape::Rect(g.rect(c, 0.0, c + 1.0, g.rows)),
                Style::filled(p.style.band_fill),
                Tag::Band { side },
            )
            .from_key(layout::Board::KEY.columns)
        })
        .collect()
}

/// One tagged rectangle per square.
fn squares(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    let grid = Stroke::solid(p.style.grid_width, p.style.grid_colour);
    let mut items = Vec::new();
    for row in 0..p.board.rows {
        for col in 0..p.board.columns {
            let r = g.rect(col as f64, row as f64, col as f64 + 1.0, row as f64 + 1.0);
            items.push(
                Item::new(Shape::Rect(r), Style::stroked(grid.clone()), Tag::Cell { col, row })
                    .from_key(layout::Board::KEY.pitch)
                    .styled_by(layout::Style::KEY.grid_width),
            );
        }
    }
    items
}

/// The bands' inner edges, and where the wingers' part of each band begins
/// (in front of the area; behind it only the full-backs stand).
fn band_marks(p: &Futbolchess, g: &Grid, marking: &Stroke) -> Vec<Item> {
    let s = &p.style;
    let (cols, rows, ad) = (g.cols, g.rows, g.area.1);
    let edge = |x: f64| {
        Item::new(
            Shape::Line {
                from: g.at(x, 0.0),
                to: g.at(x, rows),
            },
            Style::stroked(marking.clone()),
            Tag::Decoration,
        )
        .from_key(layout::Board::KEY.columns)
        .styled_by(layout::Style::KEY.marking_width)
    };
    let mut items = vec![edge(1.0), edge(cols - 1.0)];
    let dashed = Style::stroked(Stroke {
        width: s.grid_width.max(WING_MARK_MIN_WIDTH),
        color: s.marking_colour,
        dash: WING_MARK_DASH.to_vec(),
    });
    for y in [ad, rows - ad] {
        for (x0, x1) in [(0.0, 1.0), (cols - 1.0, cols)] {
            items.push(
                Item::new(
                    Shape::Line {
                        from: g.at(x0, y),
                        to: g.at(x1, y),
                    },
                    dashed.clone(),
                    Tag::Decoration,
                )
                .from_key(layout::Board::KEY.area),
            );
        }
    }
    items
}

/// The halfway line, the areas' outlines, the centre circle and spot.
fn markings(p: &Futbolchess, g: &Grid, marking: &Stroke) -> Vec<Item> {
    let b = &p.board;
    let half = g.half();
    let mut items = vec![
        Item::new(
            Shape::Line {
                from: g.at(0.0, half),
                to: g.at(g.cols, half),
            },
            Style::stroked(marking.clone()),
            Tag::HalfwayLine,
        )
        .from_key(layout::Board::KEY.rows)
        .styled_by(layout::Style::KEY.marking_width),
    ];
    for end in End::BOTH {
        items.push(
            Item::new(
                Shape::Rect(g.area_rect(end)),
                Style::stroked(marking.clone()),
                Tag::PenaltyArea(end),
            )
            .from_key(layout::Board::KEY.area)
            .styled_by(layout::Style::KEY.marking_width),
        );
    }
    let centre = g.at(g.cols / 2.0, half);
    items.push(
        Item::new(
            Shape::Circle {
                centre,
                radius: b.pitch * b.centre_circle,
            },
            Style::stroked(marking.clone()),
            Tag::CentreCircle,
        )
        .from_key(layout::Board::KEY.centre_circle)
        .styled_by(layout::Style::KEY.marking_width),
    );
    items.push(
        Item::new(
            Shape::Circle {
                centre,
                radius: b.pitch * CENTRE_SPOT_RADIUS,
            },
            Style::filled(p.style.marking_colour),
            Tag::CentreSpot,
        )
        .from_key(layout::Board::KEY.rows),
    );
    items
}
