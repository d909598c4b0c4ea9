//! The Futbolchess board: squares with the bands, areas, halfway line, centre
//! circle and kick-off rings, the goals of two squares each, the placement
//! zones of the roles tinted, and the legend that says what each tint means.

use crate::components::futbolchess_board::art::{
    Grid, HATCH_STEP, HATCH_WIDTH, KICK_OFF_DASH, KICK_OFF_RING, KICK_OFF_WIDTH, NET_STEP, NET_WIDTH, hatching,
    net_colour,
};
use crate::components::futbolchess_board::layout::{self, Futbolchess};
use crate::components::futbolchess_board::legend;
use crate::compose::frame::{Frame, FrameKeys};
use crate::geom::{Mm, Point, Size};
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Side, Tag, Zone};
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
    // The goal is a square deep: its depth is the squares'.
    goal_depth: layout::Board::KEY.goal,
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
        // The goal is a square deep; the legend beside the bottom goal may
        // reach further, and the caption goes below it.
        goal_depth: p.board.pitch.max(legend::depth(p)),
        outline_width: p.style.outline_width,
        fonts: p.fonts,
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
    Document::new(
        if p.text.title.is_empty() {
            "Futbolchess".to_string()
        } else {
            p.text.title.clone()
        },
        place_or_tile(&canvas(p), &p.page, p.tiling.as_ref()),
    )
}

/// The board in its own coordinates.
pub fn canvas(p: &Futbolchess) -> Canvas {
    build(p, true)
}

/// The board without its legend, for the rule sheet's diagram: at a
/// column's scale the legend's words would be too small to read, and the
/// rule sheet says in its text what the tints mean.
pub(crate) fn pitch_canvas(p: &Futbolchess) -> Canvas {
    build(p, false)
}

/// The board, with its legend or without.
fn build(p: &Futbolchess, with_legend: bool) -> Canvas {
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
    if b.zones {
        // Over the bands: the forwards' rows reach them.
        items.extend(zone_hatchings(p, &g));
    }
    items.extend(squares(p, &g));
    items.extend(band_marks(p, &g, &marking));
    items.extend(markings(p, &g, &marking));
    items.extend(kick_off_rings(p, &g));
    for end in End::BOTH {
        items.extend(goal(p, &g, end, &marking));
    }
    items.push(
        Item::new(
            Shape::Rect(board),
            Style::stroked(Stroke::solid(s.outline_width, s.marking_colour)),
            Tag::Outline,
        )
        .from_key(layout::Style::KEY.outline_width),
    );
    if with_legend {
        items.extend(legend::legend(p, &g));
    }
    Canvas::new(items, frame.labels(&block, board), frame.words()).with_cuts(
        (0..=b.columns).map(|k| g.origin.x + g.pitch * k as f64).collect(),
        (0..=b.rows).map(|k| g.origin.y + g.pitch * k as f64).collect(),
    )
}

/// The midfielders' tint in each half, over every square off the bands;
/// the bands are tinted next, then the other zones hatched over both
/// ([`zone_hatchings`]).
fn zone_tints(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    End::BOTH
        .into_iter()
        .map(|end| {
            Item::new(
                Shape::Rect(g.zone(Zone::Midfield, end)),
                Style::filled(p.style.midfield_fill),
                Tag::ZoneTint {
                    zone: Zone::Midfield,
                    end,
                },
            )
            .from_key(layout::Board::KEY.zones)
        })
        .collect()
}

/// The areas and the forwards' rows in each half, hatched over the tints:
/// their squares are the midfielders' too, and the forwards' rows run from
/// band to band, so the full-backs and wingers share them.
fn zone_hatchings(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    let s = &p.style;
    let board_zones = layout::Board::KEY.zones;
    let mut items = Vec::new();
    for end in End::BOTH {
        for (zone, colour) in [(Zone::Area, s.area_fill), (Zone::Front, s.attack_fill)] {
            let tag = Tag::ZoneTint { zone, end };
            let stroke = Stroke::solid(HATCH_WIDTH, colour);
            items.push(hatching(g.zone(zone, end), HATCH_STEP, stroke, true, &tag, board_zones));
        }
    }
    items
}

/// The goal at `end`: its squares, a board square each, behind the goal
/// line with a light net, a line between them as between the pitch's
/// squares, and the posts and crossbar around them, open to the pitch.
fn goal(p: &Futbolchess, g: &Grid, end: End, marking: &Stroke) -> Vec<Item> {
    let s = &p.style;
    let squares = g.goal_squares(p.board.goal, end);
    let (Some(first), Some(last)) = (squares.first(), squares.last()) else {
        return Vec::new();
    };
    let whole = first.union(last);
    let goal_key = layout::Board::KEY.goal;
    let mut items = vec![Item::new(Shape::Rect(whole), Style::filled(s.goal_fill), Tag::Goal(end)).from_key(goal_key)];
    let net = Stroke::solid(NET_WIDTH, net_colour(p));
    for rising in [true, false] {
        items.push(hatching(
            whole,
            NET_STEP,
            net.clone(),
            rising,
            &Tag::Decoration,
            goal_key,
        ));
    }
    let grid = Style::stroked(Stroke::solid(s.grid_width, s.grid_colour));
    for (k, r) in squares.iter().enumerate() {
        // The squares left of the goal's middle are its left ones.
        let side = if (k as u32) < p.board.goal / 2 {
            Side::Left
        } else {
            Side::Right
        };
        items.push(
            Item::new(Shape::Rect(*r), grid.clone(), Tag::GoalSquare { end, side })
                .from_key(goal_key)
                .styled_by(layout::Style::KEY.grid_width),
        );
    }
    let (near, far) = match end {
        End::Top => (whole.bottom(), whole.y),
        End::Bottom => (whole.y, whole.bottom()),
    };
    let frame = vec![
        PathCmd::MoveTo(Point { x: whole.x, y: near }),
        PathCmd::LineTo(Point { x: whole.x, y: far }),
        PathCmd::LineTo(Point {
            x: whole.right(),
            y: far,
        }),
        PathCmd::LineTo(Point {
            x: whole.right(),
            y: near,
        }),
    ];
    items.push(
        Item::new(Shape::Path(frame), Style::stroked(marking.clone()), Tag::Decoration)
            .from_key(goal_key)
            .styled_by(layout::Style::KEY.marking_width),
    );
    items
}

/// The dashed ring in each half where the ball starts when that half's
/// side kicks off.
fn kick_off_rings(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    let ring = Style::stroked(Stroke {
        width: KICK_OFF_WIDTH,
        color: p.style.marking_colour,
        dash: KICK_OFF_DASH.to_vec(),
    });
    End::BOTH
        .into_iter()
        .map(|end| {
            Item::new(
                Shape::Circle {
                    centre: g.kick_off(end).centre(),
                    radius: g.pitch * (KICK_OFF_RING / 2.0),
                },
                ring.clone(),
                Tag::KickOff(end),
            )
            .from_key(layout::Board::KEY.rows)
        })
        .collect()
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
