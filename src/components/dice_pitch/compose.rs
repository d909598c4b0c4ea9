//! The dice-football pitch: a 10 x 18 board of squares with its markings and
//! goals, a title above and a caption with a scale bar below, centred on one sheet.

use crate::components::dice_pitch::layout::{self, DicePitch};
use crate::compose::frame::{Frame, FrameKeys, goal};
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Tag};
use crate::sheet::place::place_or_tile;
use crate::sheet::tile::Canvas;

/// Where the frame's items come from in this layout.
const FRAME_KEYS: FrameKeys = FrameKeys {
    title: layout::Text::KEY.title,
    title_size: layout::Text::KEY.title_size,
    caption: layout::Text::KEY.caption,
    caption_size: layout::Text::KEY.caption_size,
    scale_bar: layout::Text::KEY.scale_bar,
    scale_bar_label: layout::Text::KEY.scale_bar_label,
    goal_depth: layout::Board::KEY.goal_depth,
    marking_width: layout::Style::KEY.marking_width,
};

/// Kick-off spot radius as a fraction of the pitch: big enough to read as a
/// place the ball can stand, small enough to leave the four squares' corners.
const CENTRE_SPOT_RADIUS: f64 = 0.2;
const PENALTY_SPOT_RADIUS: f64 = 0.12;
/// Corner triangle legs as a fraction of the pitch: half the corner square.
const CORNER_LEG: f64 = 0.5;
/// Centre circle radius in squares (decoration only).
const CENTRE_CIRCLE_RADIUS: f64 = 1.5;
/// The frame around the pitch: title, goals, caption, scale bar.
fn frame(p: &DicePitch) -> Frame<'_> {
    Frame {
        keys: FRAME_KEYS,
        text: &p.text,
        colour: p.style.text_colour,
        goal_depth: p.board.goal_depth,
        outline_width: p.style.outline_width,
        fonts: p.fonts,
    }
}

fn board_size(p: &DicePitch) -> Size {
    Size {
        w: p.board.pitch * p.board.columns as f64,
        h: p.board.pitch * p.board.rows as f64,
    }
}

/// The size of everything the pitch puts on the page, for fit hints.
pub fn content_size(p: &DicePitch) -> Size {
    frame(p).measure(board_size(p)).size
}

/// Composes the pitch and puts it on paper: one sheet when it fits, else
/// tiled when the layout allows it.
pub fn compose(p: &DicePitch) -> Document {
    let canvas = canvas(p);
    Document::new(
        if p.text.title.is_empty() {
            "dice football pitch".to_string()
        } else {
            p.text.title.clone()
        },
        place_or_tile(&canvas, &p.page, p.tiling.as_ref()),
    )
}

/// Where the board lies in the canvas: what every part of the drawing measures from.
struct Grid {
    /// The top-left corner of square (0, 0).
    origin: Point,
    /// The side of a square.
    pitch: Mm,
    /// Squares across.
    cols: u32,
    /// Squares from goal to goal.
    rows: u32,
}

impl Grid {
    /// The point `c` squares across and `r` squares down from the corner.
    fn at(&self, c: f64, r: f64) -> Point {
        Point {
            x: self.origin.x + self.pitch * c,
            y: self.origin.y + self.pitch * r,
        }
    }

    /// An area `w` x `d` squares on the goal line at `end`, centred: with 10
    /// columns a 6-wide area leaves 2 on each side.
    fn area(&self, end: End, (w, d): (u32, u32)) -> Rect {
        let left = (self.cols as f64 - w as f64) / 2.0;
        let top = match end {
            End::Top => 0.0,
            End::Bottom => self.rows as f64 - d as f64,
        };
        Rect::from_corners(self.at(left, top), self.at(left + w as f64, top + d as f64))
    }
}

/// The pitch in its own coordinates, with the grid lines a tiling may cut along.
pub fn canvas(p: &DicePitch) -> Canvas {
    let frame = frame(p);
    let block = frame.measure(board_size(p));
    let b = &p.board;
    let s = &p.style;
    let g = Grid {
        origin: block.board_origin,
        pitch: b.pitch,
        cols: b.columns,
        rows: b.rows,
    };
    let board = Rect::from_origin_size(g.origin, board_size(p));
    let marking = Stroke::solid(s.marking_width, s.marking_colour);
    let mut items = Vec::new();
    if let Some(bg) = s.background {
        items.push(
            Item::new(Shape::Rect(board), Style::filled(bg), Tag::Decoration).from_key(layout::Style::KEY.background),
        );
    }
    items.extend(area_tints(p, &g));
    items.extend(squares(p, &g));
    if b.corner_triangles {
        items.extend(corner_triangles(p, &g, &marking));
    }
    items.extend(lines_and_areas(p, &g, board, &marking));
    items.extend(spots(p, &g, &marking));
    for end in End::BOTH {
        let width = b.pitch * b.goal_area.0 as f64;
        items.extend(goal(
            board,
            end,
            width,
            b.goal_depth,
            s.goal_fill,
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
        (0..=g.cols).map(|k| g.at(k as f64, 0.0).x).collect(),
        (0..=g.rows).map(|k| g.at(0.0, k as f64).y).collect(),
    )
}

/// The tints under the penalty and goal areas, drawn first so the grid shows
/// over them.
fn area_tints(p: &DicePitch, g: &Grid) -> Vec<Item> {
    let (b, s) = (&p.board, &p.style);
    let mut items = Vec::new();
    for end in End::BOTH {
        for (fill, area) in [(s.penalty_area_fill, b.penalty_area), (s.goal_area_fill, b.goal_area)] {
            if let Some(fill) = fill {
                items.push(Item::new(
                    Shape::Rect(g.area(end, area)),
                    Style::filled(fill),
                    Tag::Decoration,
                ));
            }
        }
    }
    items
}

/// One tagged rectangle per square.
fn squares(p: &DicePitch, g: &Grid) -> Vec<Item> {
    let grid = Stroke::solid(p.style.grid_width, p.style.grid_colour);
    let mut items = Vec::new();
    for row in 0..g.rows {
        for col in 0..g.cols {
            let r = Rect::from_origin_size(g.at(col as f64, row as f64), Size { w: g.pitch, h: g.pitch });
            items.push(
                Item::new(Shape::Rect(r), Style::stroked(grid.clone()), Tag::Cell { col, row })
                    .from_key(layout::Board::KEY.pitch)
                    .styled_by(layout::Style::KEY.grid_width),
            );
        }
    }
    items
}

/// The four corner triangles, each a square of its own in the game.
fn corner_triangles(p: &DicePitch, g: &Grid, marking: &Stroke) -> Vec<Item> {
    let (cols, rows) = (g.cols, g.rows);
    let leg = g.pitch * CORNER_LEG;
    let corners = [
        (0, 0, 1.0, 1.0),
        (cols - 1, 0, -1.0, 1.0),
        (cols - 1, rows - 1, -1.0, -1.0),
        (0, rows - 1, 1.0, -1.0),
    ];
    corners
        .into_iter()
        .map(|(col, row, dx, dy)| {
            // The right angle sits on the board's corner; the legs run along its edges.
            let apex = g.at(
                if dx > 0.0 { 0.0 } else { cols as f64 },
                if dy > 0.0 { 0.0 } else { rows as f64 },
            );
            let points = vec![apex, apex.offset(leg * dx, Mm::ZERO), apex.offset(Mm::ZERO, leg * dy)];
            let style = Style {
                stroke: Some(marking.clone()),
                fill: p.style.corner_fill,
            };
            Item::new(
                Shape::Polyline { points, closed: true },
                style,
                Tag::CornerTriangle { col, row },
            )
            .from_key(layout::Board::KEY.corner_triangles)
            .styled_by(layout::Style::KEY.marking_width)
        })
        .collect()
}

/// The halfway line and the outlines of both ends' areas.
fn lines_and_areas(p: &DicePitch, g: &Grid, board: Rect, marking: &Stroke) -> Vec<Item> {
    let b = &p.board;
    let halfway_y = g.at(0.0, g.rows as f64 / 2.0).y;
    let mut items = vec![
        Item::new(
            Shape::Line {
                from: Point {
                    x: board.x,
                    y: halfway_y,
                },
                to: Point {
                    x: board.right(),
                    y: halfway_y,
                },
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
                Shape::Rect(g.area(end, b.penalty_area)),
                Style::stroked(marking.clone()),
                Tag::PenaltyArea(end),
            )
            .from_key(layout::Board::KEY.penalty_area)
            .styled_by(layout::Style::KEY.marking_width),
        );
        items.push(
            Item::new(
                Shape::Rect(g.area(end, b.goal_area)),
                Style::stroked(marking.clone()),
                Tag::GoalArea(end),
            )
            .from_key(layout::Board::KEY.goal_area)
            .styled_by(layout::Style::KEY.marking_width),
        );
    }
    items
}

/// The centre circle, the kick-off spot and the penalty spots.
fn spots(p: &DicePitch, g: &Grid, marking: &Stroke) -> Vec<Item> {
    let (b, s) = (&p.board, &p.style);
    let mut items = Vec::new();
    let centre = g.at(g.cols as f64 / 2.0, g.rows as f64 / 2.0);
    if b.centre_circle {
        items.push(
            Item::new(
                Shape::Circle {
                    centre,
                    radius: g.pitch * CENTRE_CIRCLE_RADIUS,
                },
                Style::stroked(marking.clone()),
                Tag::CentreCircle,
            )
            .from_key(layout::Board::KEY.centre_circle)
            .styled_by(layout::Style::KEY.marking_width),
        );
    }
    if b.centre_spot {
        // With 10 x 18 squares there is no middle square: the spot sits on the
        // crossing of the four central squares and counts as a square of its own.
        items.push(
            Item::new(
                Shape::Circle {
                    centre,
                    radius: g.pitch * CENTRE_SPOT_RADIUS,
                },
                Style::filled(s.marking_colour),
                Tag::CentreSpot,
            )
            .from_key(layout::Board::KEY.centre_spot),
        );
    }
    for end in End::BOTH {
        // The spot is in the middle of its row, on the edge the two central squares
        // share; from row 3 a roll of 3 carries the ball past the goal-area row.
        let from_goal = b.penalty_spot_row as f64 - 0.5;
        let row = match end {
            End::Top => from_goal,
            End::Bottom => g.rows as f64 - from_goal,
        };
        items.push(
            Item::new(
                Shape::Circle {
                    centre: g.at(g.cols as f64 / 2.0, row),
                    radius: g.pitch * PENALTY_SPOT_RADIUS,
                },
                Style::filled(s.marking_colour),
                Tag::PenaltySpot(end),
            )
            .from_key(layout::Board::KEY.penalty_spot_row),
        );
    }
    items
}
