//! The dice-football pitch: a 10 x 18 board of squares with its markings and
//! goals, a title above and a caption with a scale bar below, centred on one sheet.

use crate::components::dice_pitch::layout::DicePitch;
use crate::compose::frame::{Frame, goal};
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Tag};
use crate::sheet::place::{bounds, place_or_tile};
use crate::sheet::tile::Canvas;

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
        text: &p.text,
        colour: p.style.text_colour,
        goal_depth: p.board.goal_depth,
        outline_width: p.style.outline_width,
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
    Document {
        title: if p.text.title.is_empty() {
            "dice football pitch".to_string()
        } else {
            p.text.title.clone()
        },
        pages: place_or_tile(&canvas, &p.page, p.tiling.as_ref()),
    }
}

/// The pitch in its own coordinates, with the grid lines a tiling may cut along.
pub fn canvas(p: &DicePitch) -> Canvas {
    let frame = frame(p);
    let block = frame.measure(board_size(p));
    let o = block.board_origin;
    let b = &p.board;
    let s = &p.style;
    let pitch = b.pitch;
    let board = Rect::from_origin_size(o, board_size(p));
    let cols = b.columns;
    let rows = b.rows;
    let cell = |c: f64, r: f64| Point {
        x: o.x + pitch * c,
        y: o.y + pitch * r,
    };
    let marking = Stroke::solid(s.marking_width, s.marking_colour);
    let mut items = Vec::new();

    if let Some(bg) = s.background {
        items.push(Item::new(Shape::Rect(board), Style::filled(bg), Tag::Decoration).from_key("style.background"));
    }

    // Areas are centred on the goal: with 10 columns a 6-wide area leaves 2 on each side.
    let area_rect = |end: End, (w, d): (u32, u32)| {
        let left = (cols as f64 - w as f64) / 2.0;
        let top = match end {
            End::Top => 0.0,
            End::Bottom => rows as f64 - d as f64,
        };
        Rect::from_corners(cell(left, top), cell(left + w as f64, top + d as f64))
    };
    for end in End::BOTH {
        if let Some(fill) = s.penalty_area_fill {
            items.push(Item::new(
                Shape::Rect(area_rect(end, b.penalty_area)),
                Style::filled(fill),
                Tag::Decoration,
            ));
        }
        if let Some(fill) = s.goal_area_fill {
            items.push(Item::new(
                Shape::Rect(area_rect(end, b.goal_area)),
                Style::filled(fill),
                Tag::Decoration,
            ));
        }
    }

    let grid = Stroke::solid(s.grid_width, s.grid_colour);
    for row in 0..rows {
        for col in 0..cols {
            let r = Rect::from_origin_size(cell(col as f64, row as f64), Size { w: pitch, h: pitch });
            items.push(
                Item::new(Shape::Rect(r), Style::stroked(grid.clone()), Tag::Cell { col, row })
                    .from_key("board.pitch")
                    .styled_by("style.grid_width"),
            );
        }
    }

    if b.corner_triangles {
        let leg = pitch * CORNER_LEG;
        let corners = [
            (0, 0, 1.0, 1.0),
            (cols - 1, 0, -1.0, 1.0),
            (cols - 1, rows - 1, -1.0, -1.0),
            (0, rows - 1, 1.0, -1.0),
        ];
        for (col, row, dx, dy) in corners {
            // The right angle sits on the board's corner; the legs run along its edges.
            let apex = cell(
                if dx > 0.0 { 0.0 } else { cols as f64 },
                if dy > 0.0 { 0.0 } else { rows as f64 },
            );
            let points = vec![apex, apex.offset(leg * dx, Mm::ZERO), apex.offset(Mm::ZERO, leg * dy)];
            let style = Style {
                stroke: Some(marking.clone()),
                fill: s.corner_fill,
            };
            items.push(
                Item::new(
                    Shape::Polyline { points, closed: true },
                    style,
                    Tag::CornerTriangle { col, row },
                )
                .from_key("board.corner_triangles")
                .styled_by("style.marking_width"),
            );
        }
    }

    let halfway_y = o.y + pitch * (rows as f64 / 2.0);
    items.push(
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
        .from_key("board.rows")
        .styled_by("style.marking_width"),
    );

    for end in End::BOTH {
        items.push(
            Item::new(
                Shape::Rect(area_rect(end, b.penalty_area)),
                Style::stroked(marking.clone()),
                Tag::PenaltyArea(end),
            )
            .from_key("board.penalty_area")
            .styled_by("style.marking_width"),
        );
        items.push(
            Item::new(
                Shape::Rect(area_rect(end, b.goal_area)),
                Style::stroked(marking.clone()),
                Tag::GoalArea(end),
            )
            .from_key("board.goal_area")
            .styled_by("style.marking_width"),
        );
    }

    let centre = cell(cols as f64 / 2.0, rows as f64 / 2.0);
    if b.centre_circle {
        items.push(
            Item::new(
                Shape::Circle {
                    centre,
                    radius: pitch * CENTRE_CIRCLE_RADIUS,
                },
                Style::stroked(marking.clone()),
                Tag::CentreCircle,
            )
            .from_key("board.centre_circle")
            .styled_by("style.marking_width"),
        );
    }
    if b.centre_spot {
        // With 10 x 18 squares there is no middle square: the spot sits on the
        // crossing of the four central squares and counts as a square of its own.
        items.push(
            Item::new(
                Shape::Circle {
                    centre,
                    radius: pitch * CENTRE_SPOT_RADIUS,
                },
                Style::filled(s.marking_colour),
                Tag::CentreSpot,
            )
            .from_key("board.centre_spot"),
        );
    }
    for end in End::BOTH {
        // The spot is in the middle of its row, on the edge the two central squares
        // share; from row 3 a roll of 3 carries the ball past the goal-area row.
        let from_goal = b.penalty_spot_row as f64 - 0.5;
        let row = match end {
            End::Top => from_goal,
            End::Bottom => rows as f64 - from_goal,
        };
        items.push(
            Item::new(
                Shape::Circle {
                    centre: cell(cols as f64 / 2.0, row),
                    radius: pitch * PENALTY_SPOT_RADIUS,
                },
                Style::filled(s.marking_colour),
                Tag::PenaltySpot(end),
            )
            .from_key("board.penalty_spot_row"),
        );
    }

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
        ));
    }

    items.push(
        Item::new(
            Shape::Rect(board),
            Style::stroked(Stroke::solid(s.outline_width, s.marking_colour)),
            Tag::Outline,
        )
        .from_key("style.outline_width"),
    );

    items.extend(frame.labels(&block, board));

    let pitch = b.pitch;
    Canvas {
        bounds: bounds(&items),
        items,
        cuts_x: (0..=cols).map(|k| o.x + pitch * k as f64).collect(),
        cuts_y: (0..=rows).map(|k| o.y + pitch * k as f64).collect(),
    }
}
