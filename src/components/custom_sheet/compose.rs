//! Drawing a custom sheet: its grids, zones and shapes in layers, each
//! group drawn where its repeats place it; then on paper as every board is
//! (framed by its title, caption and scale bar, tiled when larger than the
//! paper), or imposed N-up as items to cut out.

use std::f64::consts::PI;

use crate::compose::frame::{Frame, FrameKeys};
use crate::font::{FontFace, Fonts};
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{self, Art};
use crate::sheet::place::place_or_tile;
use crate::sheet::tile::Canvas;
use crate::text::{self, Align, TextStyle};

use super::layout::{CustomSheet, Face, Form, Grid, GridDraw, GridShape, Paint, Text, Zone};

/// Where the frame's items come from in this layout.
const FRAME_KEYS: FrameKeys = FrameKeys {
    title: Text::KEY.title,
    title_size: Text::KEY.title_size,
    caption: Text::KEY.caption,
    caption_size: Text::KEY.caption_size,
    scale_bar: Text::KEY.scale_bar,
    scale_bar_label: Text::KEY.scale_bar_label,
    goal_depth: super::layout::Drawing::KEY.room,
    marking_width: super::layout::Drawing::KEY.room,
};

/// A text box's lines are this many times its size apart.
pub const LEADING: f64 = 1.2;
/// A text shrinks to fit its box by this much at a time, in pt.
const FIT_STEP: f64 = 0.25;

/// The frame round the drawing. The frame measures a board's room as a
/// goal's depth plus half an outline: the drawing's `room` says both at
/// once, across and down.
fn frame(s: &CustomSheet) -> Frame<'_> {
    let (across, down) = s.drawing.room;
    Frame {
        keys: FRAME_KEYS,
        text: &s.text,
        colour: s.text_colour,
        goal_depth: down - across,
        outline_width: across * 2.0,
        fonts: s.fonts,
    }
}

/// The drawing's size.
pub fn drawing_size(s: &CustomSheet) -> Size {
    Size {
        w: s.drawing.size.0,
        h: s.drawing.size.1,
    }
}

/// Composes the sheet.
pub fn compose(s: &CustomSheet) -> Document {
    let title = if s.text.title.is_empty() {
        super::layout::KIND.to_string()
    } else {
        s.text.title.clone()
    };
    match &s.nup {
        Some(opts) => {
            let art = Art {
                front: drawn(s, Face::Front),
                back: if opts.prints_backs() {
                    drawn(s, Face::Back)
                } else {
                    Vec::new()
                },
                cut: Vec::new(),
            };
            let arts = vec![art; s.drawing.copies as usize];
            nup::imposed(title, nup::impose(arts, drawing_size(s), opts), opts)
        }
        None => Document::new(title, place_or_tile(&canvas(s), &s.page, s.tiling.as_ref())),
    }
}

/// The board in its frame, with the square grids' lines as the places a
/// tiling cuts.
pub fn canvas(s: &CustomSheet) -> Canvas {
    let frame = frame(s);
    let block = frame.measure(drawing_size(s));
    let o = block.board_origin;
    let items: Vec<Item> = drawn(s, Face::Front)
        .into_iter()
        .map(|i| i.translated(o.x, o.y))
        .collect();
    let board = Rect::from_origin_size(o, drawing_size(s));
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for (grid, offsets) in s.grids.iter().map(|g| (g, copies(s, g.group.as_deref()))) {
        if grid.shape != GridShape::Square || grid.draw == GridDraw::None {
            continue;
        }
        for (dx, dy) in offsets {
            xs.extend((0..=grid.cols).map(|k| grid.point((f64::from(k), 0.0)).x + dx + o.x));
            ys.extend((0..=grid.rows).map(|k| grid.point((0.0, f64::from(k))).y + dy + o.y));
        }
    }
    for v in [&mut xs, &mut ys] {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        v.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-9);
    }
    // On one sheet, the block the frame measures round the drawing area
    // (its declared size and room, the title above, the caption and bar
    // below) is centred, whatever its ink: a word or mark reaching past it
    // is the checker's to report when it leaves the safe area, not a
    // reason to move the board.
    let mut canvas = Canvas::new(items, frame.labels(&block, board), frame.words())
        .with_cuts(xs, ys)
        .with_block(Rect::from_origin_size(Point::default(), block.size));
    // The drawing area is on paper even where nothing is drawn near its
    // edges: a tiling prints all of it.
    canvas.bounds = canvas.bounds.union(&board);
    canvas
}

/// The offsets each copy of `group` is drawn at: one at the origin for
/// shapes in no group, none for a group no repeat draws.
pub fn copies(s: &CustomSheet, group: Option<&str>) -> Vec<(Mm, Mm)> {
    match group {
        None => vec![(Mm::ZERO, Mm::ZERO)],
        Some(g) => s
            .repeats
            .iter()
            .filter(|r| r.group == g)
            .flat_map(|r| r.offsets.iter().copied())
            .collect(),
    }
}

/// Everything on one face, in the drawing's coordinates: layer by layer,
/// and in a layer pictures, zones, grids, shapes and words in that order.
pub fn drawn(s: &CustomSheet, face: Face) -> Vec<Item> {
    // (layer, kind order, items)
    let mut parts: Vec<(u32, u32, Vec<Item>)> = Vec::new();
    if face == Face::Front
        && let Some(bg) = s.drawing.background
    {
        let area = Rect::from_origin_size(Point::default(), drawing_size(s));
        parts.push((
            0,
            0,
            vec![Item::new(Shape::Rect(area), Style::filled(bg), Tag::Decoration)],
        ));
    }
    if face == Face::Front {
        for (i, z) in s.zones.iter().enumerate() {
            for (copy, (dx, dy)) in copies(s, z.group.as_deref()).into_iter().enumerate() {
                let items = zone(&s.grids[z.grid], &s.fonts, z, i as u32, copy as u32);
                parts.push((z.layer, 1, items.into_iter().map(|it| it.translated(dx, dy)).collect()));
            }
        }
        for (i, g) in s.grids.iter().enumerate() {
            for (copy, (dx, dy)) in copies(s, g.group.as_deref()).into_iter().enumerate() {
                let items = grid(g, &s.fonts, i as u32, copy as u32);
                parts.push((g.layer, 2, items.into_iter().map(|it| it.translated(dx, dy)).collect()));
            }
        }
    }
    for (i, sh) in s.shapes.iter().enumerate().filter(|(_, sh)| sh.face == face) {
        let order = match sh.form {
            Form::Image { .. } => 0,
            Form::Text { .. } => 4,
            _ => 3,
        };
        for (copy, (dx, dy)) in copies(s, sh.group.as_deref()).into_iter().enumerate() {
            let tag = Tag::SheetShape {
                shape: i as u32,
                copy: copy as u32,
            };
            let items = shape(&sh.form, &s.fonts, &sh.paint, tag, &sh.key);
            parts.push((
                sh.layer,
                order,
                items.into_iter().map(|it| it.translated(dx, dy)).collect(),
            ));
        }
    }
    parts.sort_by_key(|(layer, order, _)| (*layer, *order));
    parts.into_iter().flat_map(|(_, _, items)| items).collect()
}

fn style(p: &Paint) -> Style {
    Style {
        stroke: p.stroke.map(|c| Stroke::solid(p.width, c)),
        fill: p.fill,
    }
}

/// The corners of hex cell (`col`, `row`): the first at the top for a
/// pointy grid, at the right for a flat one.
pub fn hexagon(g: &Grid, col: u32, row: u32) -> Vec<Point> {
    let c = g.centre(col, row);
    let radius = g.hex_radius();
    let first = if g.flat { 0.0 } else { -90.0 };
    (0..6)
        .map(|k| {
            let a = (first + 60.0 * f64::from(k)) * PI / 180.0;
            Point {
                x: c.x + radius * a.cos(),
                y: c.y + radius * a.sin(),
            }
        })
        .collect()
}

/// Each cell's number, column then row from 01 (`0304`), in the grid's
/// line colour: centred in the upper part of the cell, clear of a counter
/// at its middle, and held inside the cell.
fn cell_numbers(g: &Grid, fonts: &Fonts) -> Vec<Item> {
    let Some(size) = g.numbers else {
        return Vec::new();
    };
    let style = TextStyle::new(fonts.regular, size, g.stroke);
    // The room a number has: a square cell itself; in a hex, a square
    // 0.7 pitch wide round the centre, which stays inside the hexagon either
    // way it points (its corners reach 0.35 pitch across and down, where a
    // pointy hex's slanted sides still stand 0.375 pitch away).
    let half = match g.shape {
        GridShape::Square => g.pitch / 2.0,
        GridShape::Hex => g.pitch * 0.35,
    };
    let mut items = Vec::new();
    for row in 0..g.rows {
        for col in 0..g.cols {
            let c = g.centre(col, row);
            let baseline = c.y - g.pitch * 0.2;
            let room = Rect {
                x: c.x - half,
                y: c.y - half,
                w: half * 2.0,
                h: half * 2.0,
            };
            let number = format!("{:02}{:02}", col + 1, row + 1);
            items.push(
                style
                    .label(&number, Point { x: c.x, y: baseline }, Align::Centre)
                    .from_key(format!("{}.numbers", g.key))
                    .within(room),
            );
        }
    }
    items
}

/// A grid's items: its cells, lines or dots.
fn grid(g: &Grid, fonts: &Fonts, index: u32, copy: u32) -> Vec<Item> {
    let stroke = Stroke::solid(g.width, g.stroke);
    let cell_style = Style {
        stroke: Some(stroke.clone()),
        fill: g.fill,
    };
    let mut items = Vec::new();
    let key = format!("{}.pitch", g.key);
    let width_key = format!("{}.width", g.key);
    let size = g.size();
    if g.draw != GridDraw::Cells
        && let Some(fill) = g.fill
    {
        items.push(Item::new(
            Shape::Rect(Rect::from_origin_size(g.origin, size)),
            Style::filled(fill),
            Tag::Decoration,
        ));
    }
    match (g.draw, g.shape) {
        (GridDraw::None, _) => {}
        (GridDraw::Cells, GridShape::Square) => {
            for row in 0..g.rows {
                for col in 0..g.cols {
                    let r = Rect::from_origin_size(
                        g.point((f64::from(col), f64::from(row))),
                        Size { w: g.pitch, h: g.pitch },
                    );
                    items.push(
                        Item::new(
                            Shape::Rect(r),
                            cell_style.clone(),
                            Tag::GridCell {
                                grid: index,
                                copy,
                                col,
                                row,
                            },
                        )
                        .from_key(key.clone())
                        .styled_by(width_key.clone()),
                    );
                }
            }
        }
        (GridDraw::Cells, GridShape::Hex) => {
            for row in 0..g.rows {
                for col in 0..g.cols {
                    items.push(
                        Item::new(
                            Shape::Polyline {
                                points: hexagon(g, col, row),
                                closed: true,
                            },
                            cell_style.clone(),
                            Tag::GridCell {
                                grid: index,
                                copy,
                                col,
                                row,
                            },
                        )
                        .from_key(key.clone())
                        .styled_by(width_key.clone()),
                    );
                }
            }
        }
        (GridDraw::Lines, _) => items.extend(lines(g, Tag::GridLine { grid: index, copy }, false)),
        (GridDraw::Edges, _) => items.extend(lines(g, Tag::GridLine { grid: index, copy }, true)),
        (GridDraw::Points, _) => {
            for row in 0..=g.rows {
                for col in 0..=g.cols {
                    items.push(
                        Item::new(
                            Shape::Circle {
                                centre: g.point((f64::from(col), f64::from(row))),
                                radius: g.dot / 2.0,
                            },
                            Style::filled(g.stroke),
                            Tag::GridPoint { grid: index, copy },
                        )
                        .from_key(format!("{}.dot", g.key)),
                    );
                }
            }
        }
    }
    items.extend(cell_numbers(g, fonts));
    items
}

/// A square grid's lines tagged `tag`: each line once from side to side,
/// or, as `edges`, each edge between neighbouring lattice points on its own
/// (across first, row by row, then down, column by column).
fn lines(g: &Grid, tag: Tag, edges: bool) -> Vec<Item> {
    let style = Style::stroked(Stroke::solid(g.width, g.stroke));
    let (cols, rows) = (f64::from(g.cols), f64::from(g.rows));
    let mut segments: Vec<((f64, f64), (f64, f64))> = Vec::new();
    if edges {
        for row in 0..=g.rows {
            for col in 0..g.cols {
                let (c, r) = (f64::from(col), f64::from(row));
                segments.push(((c, r), (c + 1.0, r)));
            }
        }
        for col in 0..=g.cols {
            for row in 0..g.rows {
                let (c, r) = (f64::from(col), f64::from(row));
                segments.push(((c, r), (c, r + 1.0)));
            }
        }
    } else {
        segments.extend((0..=g.cols).map(|k| ((f64::from(k), 0.0), (f64::from(k), rows))));
        segments.extend((0..=g.rows).map(|k| ((0.0, f64::from(k)), (cols, f64::from(k)))));
    }
    segments
        .into_iter()
        .map(|(a, b)| {
            Item::new(
                Shape::Line {
                    from: g.point(a),
                    to: g.point(b),
                },
                style.clone(),
                tag.clone(),
            )
            .from_key(format!("{}.pitch", g.key))
            .styled_by(format!("{}.width", g.key))
        })
        .collect()
}

/// The box round a zone's cells.
pub fn zone_box(g: &Grid, z: &Zone) -> Rect {
    let (c, r) = z.at;
    let (w, h) = (f64::from(z.span.0), f64::from(z.span.1));
    match g.shape {
        GridShape::Square => Rect::from_corners(g.point((c, r)), g.point((c + w, r + h))),
        GridShape::Hex => hex_cells(z)
            .into_iter()
            .flat_map(|(col, row)| hexagon(g, col, row))
            .fold(None, |acc: Option<Rect>, p| {
                let dot = Rect::new(p.x.0, p.y.0, 0.0, 0.0);
                Some(acc.map_or(dot, |a| a.union(&dot)))
            })
            .unwrap_or_default(),
    }
}

/// The cells of a zone on a hex grid.
fn hex_cells(z: &Zone) -> Vec<(u32, u32)> {
    let (c, r) = (z.at.0.max(0.0) as u32, z.at.1.max(0.0) as u32);
    (r..r + z.span.1)
        .flat_map(|row| (c..c + z.span.0).map(move |col| (col, row)))
        .collect()
}

/// A zone's fill, outline and label.
fn zone(g: &Grid, fonts: &Fonts, z: &Zone, index: u32, copy: u32) -> Vec<Item> {
    let tag = Tag::SheetZone { zone: index, copy };
    let mut items = Vec::new();
    let span_key = format!("{}.span", z.key);
    match g.shape {
        GridShape::Square => items.push(
            Item::new(Shape::Rect(zone_box(g, z)), style(&z.paint), tag)
                .from_key(span_key)
                .styled_by(format!("{}.width", z.key)),
        ),
        GridShape::Hex => {
            for (col, row) in hex_cells(z) {
                items.push(
                    Item::new(
                        Shape::Polyline {
                            points: hexagon(g, col, row),
                            closed: true,
                        },
                        style(&z.paint),
                        tag.clone(),
                    )
                    .from_key(span_key.clone())
                    .styled_by(format!("{}.width", z.key)),
                );
            }
        }
    }
    if !z.label.is_empty() {
        let area = zone_box(g, z);
        let st = TextStyle::new(fonts.bold, z.label_size, z.label_colour);
        let c = area.centre();
        let baseline = c.y + (fonts.bold.ascent(z.label_size) - fonts.bold.descent(z.label_size)) / 2.0;
        items.push(
            st.label(&z.label, Point { x: c.x, y: baseline }, Align::Centre)
                .from_key(format!("{}.label", z.key))
                .styled_by(format!("{}.label_size", z.key))
                .within(area),
        );
    }
    items
}

/// The points of an arc, as cubic Béziers of at most a quarter turn each.
pub fn arc_path(centre: Point, radius: Mm, start: f64, sweep: f64) -> Vec<PathCmd> {
    let parts = (sweep.abs() / 90.0).ceil().max(1.0) as u32;
    let step = sweep / f64::from(parts) * PI / 180.0;
    let at = |a: f64| Point {
        x: centre.x + radius * a.cos(),
        y: centre.y + radius * a.sin(),
    };
    // The control points' distance for a quarter circle or less.
    let k = 4.0 / 3.0 * (step / 4.0).tan();
    let mut a = start * PI / 180.0;
    let mut cmds = vec![PathCmd::MoveTo(at(a))];
    for _ in 0..parts {
        let b = a + step;
        let (p0, p3) = (at(a), at(b));
        let c1 = Point {
            x: p0.x - radius * (k * a.sin()),
            y: p0.y + radius * (k * a.cos()),
        };
        let c2 = Point {
            x: p3.x + radius * (k * b.sin()),
            y: p3.y - radius * (k * b.cos()),
        };
        cmds.push(PathCmd::CubicTo(c1, c2, p3));
        a = b;
    }
    cmds
}

/// The largest size from `size_pt` down to `min_pt`, in quarter points, at
/// which `text` wrapped to the box's width fits its height, and its lines;
/// the smallest, for the checker to report, when none does.
pub fn fit_text(text: &str, face: FontFace, size_pt: f64, min_pt: f64, box_size: Size) -> (f64, Vec<String>) {
    let steps = ((size_pt - min_pt) / FIT_STEP + 1e-6).floor().clamp(0.0, 400.0) as u32;
    let mut last = (min_pt, Vec::new());
    for k in 0..=steps {
        let size = size_pt - FIT_STEP * f64::from(k);
        // A text that fits on one line is set as written, its spaces kept
        // (a line to write on, "A: ____   B: ____"); only a longer one wraps.
        let lines = if face.measure(text, size).0 <= box_size.w.0 + 1e-9 {
            vec![text.to_string()]
        } else {
            text::wrap(text, face, size, box_size.w)
        };
        let height =
            face.leading(size, LEADING) * (lines.len().max(1) as f64 - 1.0) + face.ascent(size) + face.descent(size);
        let forced = lines.iter().any(|l| l.ends_with(crate::text::typeset::FORCED_BREAK));
        if height.0 <= box_size.h.0 + 1e-9 && !forced {
            return (size, lines);
        }
        last = (size, lines);
    }
    last
}

/// A shape's items.
fn shape(form: &Form, fonts: &Fonts, paint: &Paint, tag: Tag, key: &str) -> Vec<Item> {
    let st = style(paint);
    let width_key = format!("{key}.width");
    let item = |shape: Shape, from: &str| {
        Item::new(shape, st.clone(), tag.clone())
            .from_key(format!("{key}.{from}"))
            .styled_by(width_key.clone())
    };
    match form {
        Form::Rect { at, size } => vec![item(Shape::Rect(Rect::from_origin_size(*at, *size)), "at")],
        Form::Circle { centre, radius } => vec![item(
            Shape::Circle {
                centre: *centre,
                radius: *radius,
            },
            "centre",
        )],
        Form::Line { from, to } => vec![item(Shape::Line { from: *from, to: *to }, "from")],
        Form::Polyline { points, closed } => vec![item(
            Shape::Polyline {
                points: points.clone(),
                closed: *closed,
            },
            "points",
        )],
        Form::Arc {
            centre,
            radius,
            start,
            sweep,
        } => vec![item(Shape::Path(arc_path(*centre, *radius, *start, *sweep)), "centre")],
        Form::Image { at, size, picture } => vec![
            Item::new(
                Shape::Image {
                    rect: Rect::from_origin_size(*at, *size),
                    picture: picture.clone(),
                },
                Style::default(),
                tag,
            )
            .from_key(format!("{key}.file")),
        ],
        Form::Text {
            at,
            size,
            text: words,
            size_pt,
            min_pt,
            bold,
            align,
            colour,
        } => {
            let face = if *bold { fonts.bold } else { fonts.regular };
            let (pt, lines) = fit_text(words, face, *size_pt, *min_pt, *size);
            let room = Rect::from_origin_size(*at, *size);
            let leading = face.leading(pt, LEADING);
            let block = leading * (lines.len().max(1) as f64 - 1.0) + face.ascent(pt) + face.descent(pt);
            // Lines centred down the box, the first baseline an ascent
            // below the block's top.
            let top = at.y + (size.h - block) / 2.0;
            let x = match align {
                Align::Left => at.x,
                Align::Centre => at.x + size.w / 2.0,
                Align::Right => at.x + size.w,
            };
            let ts = TextStyle::new(face, pt, *colour);
            lines
                .iter()
                .enumerate()
                .map(|(n, line)| {
                    let baseline = top + face.ascent(pt) + leading * n as f64;
                    ts.item(line, Point { x, y: baseline }, *align, tag.clone())
                        .from_key(format!("{key}.text"))
                        .styled_by(format!("{key}.text_size"))
                        .within(room)
                })
                .collect()
        }
    }
}
