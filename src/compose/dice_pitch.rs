//! The dice-football pitch: a 10 x 18 board of squares with its markings and
//! goals, a title above and a caption with a scale bar below, centred on one sheet.

use crate::geom::{Mm, Point, Rect, Size};
use crate::layout::dice_pitch::DicePitch;
use crate::scene::{Document, End, Item, PathCmd, Shape, Stroke, Style, Tag};
use crate::sheet::tile::Canvas;
use crate::sheet::{bounds, place_or_tile};
use crate::text::{self, Align, FontFace};

/// Space between the title, the board and the caption.
const GAP: Mm = Mm(4.0);
/// Length of the print-scale check bar.
pub const SCALE_BAR: Mm = Mm(50.0);
const SCALE_BAR_HEIGHT: Mm = Mm(1.5);
/// Kick-off spot radius as a fraction of the pitch: big enough to read as a
/// place the ball can stand, small enough to leave the four squares' corners.
const CENTRE_SPOT_RADIUS: f64 = 0.2;
const PENALTY_SPOT_RADIUS: f64 = 0.12;
/// Corner triangle legs as a fraction of the pitch: half the corner square.
const CORNER_LEG: f64 = 0.5;
/// Centre circle radius in squares (decoration only).
const CENTRE_CIRCLE_RADIUS: f64 = 1.5;
/// Spacing and width of the goal net lines.
const NET_STEP: Mm = Mm(2.5);
const NET_WIDTH: Mm = Mm(0.2);

/// The vertical stack of the page, measured before it is placed.
struct Block {
    size: Size,
    title_h: Mm,
    caption_h: Mm,
    footer_h: Mm,
    board: Size,
}

fn measure(p: &DicePitch) -> Block {
    let b = &p.board;
    let t = &p.text;
    let board = Size {
        w: b.pitch * b.columns as f64,
        h: b.pitch * b.rows as f64,
    };
    let title_h = if t.title.is_empty() {
        Mm::ZERO
    } else {
        FontFace::SansBold.ascent(t.title_size) + FontFace::SansBold.descent(t.title_size)
    };
    let title_w = FontFace::SansBold.measure(&t.title, t.title_size);
    let caption_h = if t.caption.is_empty() {
        Mm::ZERO
    } else {
        FontFace::Sans.ascent(t.caption_size) + FontFace::Sans.descent(t.caption_size)
    };
    let caption_w = FontFace::Sans.measure(&t.caption, t.caption_size);
    let bar_h = if t.scale_bar {
        SCALE_BAR_HEIGHT + Mm(1.0) + caption_line(t.caption_size.min(8.0))
    } else {
        Mm::ZERO
    };
    let footer_h = caption_h
        + if caption_h.0 > 0.0 && bar_h.0 > 0.0 {
            Mm(2.0)
        } else {
            Mm::ZERO
        }
        + bar_h;
    let goals = b.goal_depth * 2.0 + p.style.outline_width;
    let mut h = board.h + goals;
    if title_h.0 > 0.0 {
        h += title_h + GAP;
    }
    if footer_h.0 > 0.0 {
        h += footer_h + GAP;
    }
    let w = board.w.max(title_w).max(caption_w).max(SCALE_BAR) + p.style.outline_width;
    Block {
        size: Size { w, h },
        title_h,
        caption_h,
        footer_h,
        board,
    }
}

fn caption_line(size_pt: f64) -> Mm {
    FontFace::Sans.ascent(size_pt) + FontFace::Sans.descent(size_pt)
}

/// The size of everything the pitch puts on the page, for fit hints.
pub fn content_size(p: &DicePitch) -> Size {
    measure(p).size
}

/// Where the board's top-left corner lies in the block (the block's own
/// top-left corner is the origin).
fn board_origin(p: &DicePitch, block: &Block) -> Point {
    let top = if block.title_h.0 > 0.0 {
        block.title_h + GAP
    } else {
        Mm::ZERO
    } + p.board.goal_depth
        + p.style.outline_width / 2.0;
    Point {
        x: (block.size.w - block.board.w) / 2.0,
        y: top,
    }
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
    let block = measure(p);
    let o = board_origin(p, &block);
    let b = &p.board;
    let s = &p.style;
    let pitch = b.pitch;
    let board = Rect::from_origin_size(o, block.board);
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
        items.extend(goal(p, board, end, &marking));
    }

    items.push(
        Item::new(
            Shape::Rect(board),
            Style::stroked(Stroke::solid(s.outline_width, s.marking_colour)),
            Tag::Outline,
        )
        .from_key("style.outline_width"),
    );

    labels(p, &block, board, &mut items);

    let pitch = b.pitch;
    Canvas {
        bounds: bounds(&items),
        items,
        cuts_x: (0..=cols).map(|k| o.x + pitch * k as f64).collect(),
        cuts_y: (0..=rows).map(|k| o.y + pitch * k as f64).collect(),
    }
}

/// The goal at one end: a box beyond the goal line as wide as the goal area,
/// with a light net so it reads as a goal from across the table.
fn goal(p: &DicePitch, board: Rect, end: End, marking: &Stroke) -> Vec<Item> {
    let b = &p.board;
    let w = b.pitch * b.goal_area.0 as f64;
    let x = board.x + (board.w - w) / 2.0;
    let depth = b.goal_depth;
    if depth.0 <= 0.0 {
        return Vec::new();
    }
    let y = match end {
        End::Top => board.y - depth,
        End::Bottom => board.bottom(),
    };
    let rect = Rect { x, y, w, h: depth };
    let mut items = Vec::new();
    let net = Stroke::solid(NET_WIDTH, p.style.grid_colour);
    let mut nx = x + NET_STEP;
    while nx.0 < rect.right().0 - 0.5 {
        items.push(Item::new(
            Shape::Line {
                from: Point { x: nx, y },
                to: Point {
                    x: nx,
                    y: rect.bottom(),
                },
            },
            Style::stroked(net.clone()),
            Tag::Decoration,
        ));
        nx += NET_STEP;
    }
    let mut ny = y + NET_STEP;
    while ny.0 < rect.bottom().0 - 0.5 {
        items.push(Item::new(
            Shape::Line {
                from: Point { x, y: ny },
                to: Point { x: rect.right(), y: ny },
            },
            Style::stroked(net.clone()),
            Tag::Decoration,
        ));
        ny += NET_STEP;
    }
    // The goal is open towards the pitch: three sides drawn, the goal line is the board's.
    let (near, far) = match end {
        End::Top => (rect.bottom(), rect.y),
        End::Bottom => (rect.y, rect.bottom()),
    };
    let frame = vec![
        PathCmd::MoveTo(Point { x, y: near }),
        PathCmd::LineTo(Point { x, y: far }),
        PathCmd::LineTo(Point {
            x: rect.right(),
            y: far,
        }),
        PathCmd::LineTo(Point {
            x: rect.right(),
            y: near,
        }),
    ];
    let mut out = Vec::new();
    if let Some(fill) = p.style.goal_fill {
        out.push(Item::new(Shape::Rect(rect), Style::filled(fill), Tag::Goal(end)).from_key("board.goal_depth"));
    }
    out.extend(items);
    out.push(
        Item::new(Shape::Path(frame), Style::stroked(marking.clone()), Tag::Decoration)
            .from_key("board.goal_depth")
            .styled_by("style.marking_width"),
    );
    if p.style.goal_fill.is_none() {
        // Without a fill the goal is still one tagged item: its frame's box.
        out.push(Item::new(Shape::Rect(rect), Style::default(), Tag::Goal(end)).from_key("board.goal_depth"));
    }
    out
}

fn labels(p: &DicePitch, block: &Block, board: Rect, items: &mut Vec<Item>) {
    let t = &p.text;
    let colour = Style::filled(p.style.text_colour);
    let mid = block.size.w / 2.0;
    if !t.title.is_empty() {
        let baseline = FontFace::SansBold.ascent(t.title_size);
        items.push(
            Item::new(
                Shape::Text(text::line(
                    &t.title,
                    FontFace::SansBold,
                    t.title_size,
                    Point { x: mid, y: baseline },
                    Align::Centre,
                )),
                colour.clone(),
                Tag::Label,
            )
            .from_key("text.title")
            .styled_by("text.title_size"),
        );
    }
    let mut y = board.bottom() + p.board.goal_depth + p.style.outline_width / 2.0 + GAP;
    if block.footer_h.0 <= 0.0 {
        return;
    }
    if block.caption_h.0 > 0.0 {
        let baseline = y + FontFace::Sans.ascent(t.caption_size);
        items.push(
            Item::new(
                Shape::Text(text::line(
                    &t.caption,
                    FontFace::Sans,
                    t.caption_size,
                    Point { x: mid, y: baseline },
                    Align::Centre,
                )),
                colour.clone(),
                Tag::Label,
            )
            .from_key("text.caption")
            .styled_by("text.caption_size"),
        );
        y += block.caption_h + Mm(2.0);
    }
    if t.scale_bar {
        let size = t.caption_size.min(8.0);
        let bar = Rect {
            x: mid - SCALE_BAR / 2.0,
            y,
            w: SCALE_BAR,
            h: SCALE_BAR_HEIGHT,
        };
        items.push(Item::new(Shape::Rect(bar), colour.clone(), Tag::ScaleBar).from_key("text.scale_bar"));
        let baseline = bar.bottom() + Mm(1.0) + FontFace::Sans.ascent(size);
        items.push(
            Item::new(
                Shape::Text(text::line(
                    &t.scale_bar_label,
                    FontFace::Sans,
                    size,
                    Point { x: mid, y: baseline },
                    Align::Centre,
                )),
                colour,
                Tag::Label,
            )
            .from_key("text.scale_bar")
            .styled_by("text.caption_size"),
        );
    }
}
