//! The Futbolchess board: squares with the bands, areas, halfway line, centre
//! circle and two-square goals, the placement zones of the roles tinted.

use crate::components::futbolchess_board::layout::{self, Futbolchess};
use crate::compose::frame::{Frame, FrameKeys, goal};
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Side, Tag};
use crate::sheet::place::{bounds, place_or_tile};
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
    Document {
        title: if p.text.title.is_empty() {
            "Futbolchess".to_string()
        } else {
            p.text.title.clone()
        },
        pages: place_or_tile(&canvas(p), &p.page, p.tiling.as_ref()),
    }
}

/// The board in its own coordinates.
pub fn canvas(p: &Futbolchess) -> Canvas {
    let frame = frame(p);
    let block = frame.measure(board_size(p));
    let o = block.board_origin;
    let b = &p.board;
    let s = &p.style;
    let (cols, rows) = (b.columns as f64, b.rows as f64);
    let at = |c: f64, r: f64| Point {
        x: o.x + b.pitch * c,
        y: o.y + b.pitch * r,
    };
    let rect = |c0: f64, r0: f64, c1: f64, r1: f64| Rect::from_corners(at(c0, r0), at(c1, r1));
    let board = rect(0.0, 0.0, cols, rows);
    let marking = Stroke::solid(s.marking_width, s.marking_colour);
    let half = rows / 2.0;
    let (aw, ad) = (b.area.0 as f64, b.area.1 as f64);
    let area_rect = |end: End| {
        let left = (cols - aw) / 2.0;
        match end {
            End::Top => rect(left, 0.0, left + aw, ad),
            End::Bottom => rect(left, rows - ad, left + aw, rows),
        }
    };
    let mut items = Vec::new();

    // Placement zones, lightest first: midfield and front zones inside the
    // bands, then the areas; the bands themselves are tinted below.
    if b.zones {
        let board_zones = layout::Board::KEY.zones;
        for end in End::BOTH {
            // The forwards' front part: the third of the half nearest the halfway line.
            let front_rows = (half / 3.0).ceil();
            let (mid, front) = match end {
                End::Top => (
                    rect(1.0, ad, cols - 1.0, half - front_rows),
                    rect(1.0, half - front_rows, cols - 1.0, half),
                ),
                End::Bottom => (
                    rect(1.0, half + front_rows, cols - 1.0, rows - ad),
                    rect(1.0, half, cols - 1.0, half + front_rows),
                ),
            };
            items.push(
                Item::new(Shape::Rect(mid), Style::filled(s.midfield_fill), Tag::Decoration).from_key(board_zones),
            );
            items.push(
                Item::new(Shape::Rect(front), Style::filled(s.attack_fill), Tag::Decoration).from_key(board_zones),
            );
            items.push(
                Item::new(Shape::Rect(area_rect(end)), Style::filled(s.area_fill), Tag::Decoration)
                    .from_key(board_zones),
            );
        }
    }
    for side in Side::BOTH {
        let c = match side {
            Side::Left => 0.0,
            Side::Right => cols - 1.0,
        };
        items.push(
            Item::new(
                Shape::Rect(rect(c, 0.0, c + 1.0, rows)),
                Style::filled(s.band_fill),
                Tag::Band { side },
            )
            .from_key(layout::Board::KEY.columns),
        );
    }

    let grid = Stroke::solid(s.grid_width, s.grid_colour);
    for row in 0..b.rows {
        for col in 0..b.columns {
            let r = rect(col as f64, row as f64, col as f64 + 1.0, row as f64 + 1.0);
            items.push(
                Item::new(Shape::Rect(r), Style::stroked(grid.clone()), Tag::Cell { col, row })
                    .from_key(layout::Board::KEY.pitch)
                    .styled_by(layout::Style::KEY.grid_width),
            );
        }
    }

    // The bands' inner edges, and where the wingers' part of each band begins
    // (in front of the area; behind it only the full-backs stand).
    let edge = |x: f64| {
        Item::new(
            Shape::Line {
                from: at(x, 0.0),
                to: at(x, rows),
            },
            Style::stroked(marking.clone()),
            Tag::Decoration,
        )
        .from_key(layout::Board::KEY.columns)
        .styled_by(layout::Style::KEY.marking_width)
    };
    items.push(edge(1.0));
    items.push(edge(cols - 1.0));
    let dashed = Style::stroked(Stroke {
        width: s.grid_width.max(Mm(0.3)),
        color: s.marking_colour,
        dash: vec![Mm(1.5), Mm(1.2)],
    });
    for y in [ad, rows - ad] {
        for (x0, x1) in [(0.0, 1.0), (cols - 1.0, cols)] {
            items.push(
                Item::new(
                    Shape::Line {
                        from: at(x0, y),
                        to: at(x1, y),
                    },
                    dashed.clone(),
                    Tag::Decoration,
                )
                .from_key(layout::Board::KEY.area),
            );
        }
    }

    items.push(
        Item::new(
            Shape::Line {
                from: at(0.0, half),
                to: at(cols, half),
            },
            Style::stroked(marking.clone()),
            Tag::HalfwayLine,
        )
        .from_key(layout::Board::KEY.rows)
        .styled_by(layout::Style::KEY.marking_width),
    );
    for end in End::BOTH {
        items.push(
            Item::new(
                Shape::Rect(area_rect(end)),
                Style::stroked(marking.clone()),
                Tag::PenaltyArea(end),
            )
            .from_key(layout::Board::KEY.area)
            .styled_by(layout::Style::KEY.marking_width),
        );
    }
    let centre = at(cols / 2.0, half);
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
                radius: b.pitch * 0.1,
            },
            Style::filled(s.marking_colour),
            Tag::CentreSpot,
        )
        .from_key(layout::Board::KEY.rows),
    );
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
    items.extend(frame.labels(&block, board));
    Canvas {
        bounds: bounds(&items),
        items,
        cuts_x: (0..=b.columns).map(|k| o.x + b.pitch * k as f64).collect(),
        cuts_y: (0..=b.rows).map(|k| o.y + b.pitch * k as f64).collect(),
    }
}
