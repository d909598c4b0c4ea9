//! The path-football sheet: several 6 x 8 fields to draw on with a pen, and a
//! legend page with a practice field.
//!
//! A field is a lattice of 7 x 9 points joined by light guides (one item per
//! edge, so the printed graph is exactly the game's), a thick boundary with a
//! two-square opening in each short side, a goal point beyond each opening joined
//! by one guide, and the start point marked. No coordinates are printed.

use crate::color::Color;
use crate::components::path_fields::layout::{self, Field, Legend, PathFields, Sheet};
use crate::font::Fonts;
use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size};
use crate::print::OrientationChoice;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Tag};
use crate::sheet::place::{Placement, page_size, place};
use crate::sheet::tile;
use crate::text::{self, Align, TextStyle};

/// Radius of a goal point.
const GOAL_POINT_RADIUS: Mm = Mm(1.2);
/// Radius of the start point (filled): a little smaller than a goal point, as
/// the ring around it already makes it stand out.
const START_RADIUS: Mm = Mm(1.1);
/// Radius of the ring around the start point: clear of the dot, inside half a
/// square so it touches no guide's neighbour point.
const START_RING: Mm = Mm(2.0);
/// Line width of the ring around the start point: a fine outline, lighter
/// than the boundary.
const START_RING_WIDTH: Mm = Mm(0.3);
/// Space between a field's header and its top goal point.
const HEADER_GAP: Mm = Mm(2.5);
/// Space under the sheet title.
const TITLE_GAP: Mm = Mm(6.0);
/// Slack when counting how many blocks fit, so a block that fits exactly is
/// not lost to rounding.
const FIT_SLACK: f64 = 1e-9;
/// Size of the optional coordinates: small, as the game prints none.
const COORDINATE_PT: f64 = 6.0;
/// Space between the field and its optional coordinates.
const COORDINATE_GAP: Mm = Mm(2.5);
/// Size of the side letter beside a goal point: bold and readable from across
/// the table.
const MARKER_PT: f64 = 9.0;
/// Space between a goal point's edge and its side letter.
const MARKER_GAP: Mm = Mm(2.0);
/// Space between the side letter and its arrow.
const ARROW_GAP: Mm = Mm(1.8);
/// Half the arrow's base, as a share of its height (the letter's cap height):
/// a triangle a little wider than tall.
const ARROW_HALF_BASE: f64 = 0.55;
/// The legend's frame inside the safe area: the legend is read, not cut.
const LEGEND_INSET: Mm = Mm(10.0);
/// Size of the legend's title.
const LEGEND_TITLE_PT: f64 = 14.0;
/// Space under the legend's title.
const LEGEND_TITLE_GAP: Mm = Mm(8.0);
/// Line height of the legend's paragraphs, as a share of their text size.
const LINE_SPACING: f64 = 1.3;
/// Extra space between the practice paragraph and the practice field, on top
/// of a header's gap.
const PRACTICE_GAP: Mm = Mm(4.0);
/// Where the key starts right of the practice field, in squares: clear of the
/// band where coordinates would go.
const KEY_CLEARANCE: f64 = 4.0;
/// Width of a sample in the legend's key.
const SAMPLE_WIDTH: Mm = Mm(16.0);
/// Space between a sample and its explanation.
const SAMPLE_TEXT_GAP: Mm = Mm(5.0);
/// The least height of one entry of the key: room for its sample.
const ENTRY_MIN_HEIGHT: Mm = Mm(14.0);
/// Space between entries of the key.
const ENTRY_GAP: Mm = Mm(7.0);
/// Where the sample goal's side letter sits right of the goal point's centre.
const SAMPLE_LETTER_OFFSET: Mm = Mm(3.0);
/// A pen line in the samples: heavier and darker than the guides and the
/// boundary, like ink drawn over them.
const PEN_WIDTH: Mm = Mm(0.6);
const PEN_COLOUR: Color = Color::rgb(0x20, 0x20, 0x20);

/// The size of one field's block: header, goal points and the field itself.
fn block_size(p: &PathFields) -> Size {
    let f = &p.field;
    let w = f.pitch * f.columns as f64 + p.style.boundary_width;
    let mut h = f.pitch * (f.rows as f64 + 2.0) + GOAL_POINT_RADIUS * 2.0;
    if !p.sheet.header.is_empty() {
        h += header_height(p) + HEADER_GAP;
    }
    // The header keeps to its field's width: a longer one is the header's
    // overflow (a finding at its key), not a wider block that pushes the
    // fields off the sheet.
    Size { w, h }
}

fn header_height(p: &PathFields) -> Mm {
    p.fonts.regular.ascent(p.sheet.header_size) + p.fonts.regular.descent(p.sheet.header_size)
}

fn title_height(title: &str, size: f64, fonts: &Fonts) -> Mm {
    if title.is_empty() {
        Mm::ZERO
    } else {
        fonts.bold.ascent(size) + fonts.bold.descent(size) + TITLE_GAP
    }
}

/// How the fields are arranged on the sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrangement {
    /// Fields per row.
    pub columns: u32,
    /// Rows of fields.
    pub rows: u32,
    /// How many fields would fit on the sheet at most.
    pub capacity: u32,
    /// The sheet's orientation.
    pub orientation: Orientation,
    /// The size of everything on the sheet.
    pub content: Size,
}

fn arrange_on(p: &PathFields, orientation: Orientation) -> Arrangement {
    let paper = Paper {
        size: p.page.paper,
        orientation,
    };
    let page = paper.page_size();
    let margin = p.page.margin;
    let block = block_size(p);
    let gap = p.sheet.gap;
    let title_h = title_height(&p.sheet.title, p.sheet.title_size, &p.fonts);
    let avail_w = page.w - margin * 2.0;
    let avail_h = page.h - margin * 2.0 - title_h;
    let fit = |avail: Mm, size: Mm| ((avail.0 + gap.0) / (size.0 + gap.0) + FIT_SLACK).floor().max(0.0) as u32;
    let across = fit(avail_w, block.w);
    let down = fit(avail_h, block.h);
    let n = p.sheet.fields;
    let columns = n.min(across.max(1));
    let rows = n.div_ceil(columns);
    let content = Size {
        w: (block.w * columns as f64 + gap * (columns as f64 - 1.0))
            .max(p.fonts.bold.measure(&p.sheet.title, p.sheet.title_size)),
        h: block.h * rows as f64 + gap * (rows as f64 - 1.0) + title_h,
    };
    Arrangement {
        columns,
        rows,
        capacity: across * down,
        orientation,
        content,
    }
}

/// Arranges the fields: portrait first when the orientation is `auto`.
pub fn arrange(p: &PathFields) -> Arrangement {
    match p.page.orientation {
        OrientationChoice::Fixed(o) => arrange_on(p, o),
        OrientationChoice::Auto => {
            let portrait = arrange_on(p, Orientation::Portrait);
            let landscape = arrange_on(p, Orientation::Landscape);
            if portrait.capacity >= p.sheet.fields || landscape.capacity < p.sheet.fields {
                portrait
            } else {
                landscape
            }
        }
    }
}

/// Composes the field sheet and, when enabled, the legend page.
pub fn compose(p: &PathFields) -> Document {
    let arrangement = arrange(p);
    let placement = placement(p);
    let mut items = Vec::new();
    let mut top = placement.origin.y;
    if !p.sheet.title.is_empty() {
        let mid = placement.origin.x + arrangement.content.w / 2.0;
        let baseline = top + p.fonts.bold.ascent(p.sheet.title_size);
        let title = TextStyle::new(p.fonts.bold, p.sheet.title_size, p.style.text_colour);
        items.push(
            title
                .label(&p.sheet.title, Point { x: mid, y: baseline }, Align::Centre)
                .from_key(Sheet::KEY.title)
                .styled_by(Sheet::KEY.title_size),
        );
        top += title_height(&p.sheet.title, p.sheet.title_size, &p.fonts);
    }
    let block = block_size(p);
    let grid_w = block.w * arrangement.columns as f64 + p.sheet.gap * (arrangement.columns as f64 - 1.0);
    let left = placement.origin.x + (arrangement.content.w - grid_w) / 2.0;
    for index in 0..p.sheet.fields {
        let (c, r) = (index % arrangement.columns, index / arrangement.columns);
        let corner = Point {
            x: left + (block.w + p.sheet.gap) * c as f64,
            y: top + (block.h + p.sheet.gap) * r as f64,
        };
        items.extend(field_block(p, index, corner, &p.sheet.header));
    }
    let grid_h = block.h * arrangement.rows as f64 + p.sheet.gap * (arrangement.rows as f64 - 1.0);
    items.extend(scale_bar(
        p,
        &placement,
        placement.origin.x + arrangement.content.w / 2.0,
        top + grid_h,
    ));
    let mut pages = vec![Page::new(page_size(&placement), placement.safe_area, items)];
    if p.legend.enabled {
        pages.push(legend_page(p, p.sheet.fields));
    }
    Document::new(
        if p.sheet.title.is_empty() {
            "path football fields".to_string()
        } else {
            p.sheet.title.clone()
        },
        pages,
    )
}

/// The least room left between the fields and the scale bar.
const BAR_GAP: Mm = Mm(3.0);

/// The 50 mm bar to check the print's scale with a ruler, centred at `mid`
/// in the room the fields leave: under them (their foot at `bottom`), else
/// over the title; none when the sheet is full (the fields come first).
fn scale_bar(p: &PathFields, placement: &Placement, mid: Mm, bottom: Mm) -> Vec<Item> {
    let words = &p.sheet.scale_bar_label;
    let colour = p.style.text_colour;
    let (_, height) = tile::scale_bar(Point::default(), words, (p.fonts.regular, colour));
    let safe = placement.safe_area;
    let x = mid - tile::SCALE_BAR / 2.0;
    let y = if safe.bottom() - bottom >= height + BAR_GAP {
        safe.bottom() - height
    } else if placement.origin.y - safe.y >= height + BAR_GAP {
        safe.y
    } else {
        return Vec::new();
    };
    let (items, _) = tile::scale_bar(Point { x, y }, words, (p.fonts.regular, colour));
    items
        .into_iter()
        .map(|i| i.from_key(Sheet::KEY.scale_bar_label))
        .collect()
}

/// One field's block with its top-left corner at `corner`: header line, then
/// the field centred under it.
fn field_block(p: &PathFields, index: u32, corner: Point, header: &str) -> Vec<Item> {
    let block = block_size(p);
    let f = &p.field;
    let mut items = Vec::new();
    let mut y = corner.y;
    if !header.is_empty() {
        let baseline = y + p.fonts.regular.ascent(p.sheet.header_size);
        let style = TextStyle::new(p.fonts.regular, p.sheet.header_size, p.style.text_colour);
        let at = Point {
            x: corner.x + block.w / 2.0,
            y: baseline,
        };
        items.push(
            style
                .label(header, at, Align::Centre)
                .from_key(Sheet::KEY.header)
                .styled_by(Sheet::KEY.header_size)
                .within(style.line_box(corner.x, corner.x + block.w, baseline)),
        );
        y += header_height(p) + HEADER_GAP;
    }
    let origin = Point {
        x: corner.x + (block.w - f.pitch * f.columns as f64) / 2.0,
        y: y + GOAL_POINT_RADIUS + f.pitch,
    };
    items.extend(field(p, index, origin));
    items
}

/// Where one field's points lie: its top-left point, the square's side and
/// the opening in its short sides, in squares.
struct FieldGeom {
    o: Point,
    pitch: Mm,
    cols: f64,
    rows: f64,
    /// The first square of the opening, from the left.
    open_start: f64,
    /// The opening's width.
    opening: f64,
}

impl FieldGeom {
    fn new(f: &Field, o: Point) -> FieldGeom {
        let cols = f.columns as f64;
        FieldGeom {
            o,
            pitch: f.pitch,
            cols,
            rows: f.rows as f64,
            open_start: (cols - f.opening as f64) / 2.0 + f.opening_offset as f64,
            opening: f.opening as f64,
        }
    }

    /// The point in column `i`, row `j` (fractions allowed).
    fn at(&self, i: f64, j: f64) -> Point {
        Point {
            x: self.o.x + self.pitch * i,
            y: self.o.y + self.pitch * j,
        }
    }

    /// Each side's goal point, a square beyond the middle of its opening, and
    /// that middle (the mouth).
    fn goals(&self) -> [(End, Point, Point); 2] {
        let open_mid = self.open_start + self.opening / 2.0;
        [
            (End::Top, self.at(open_mid, -1.0), self.at(open_mid, 0.0)),
            (
                End::Bottom,
                self.at(open_mid, self.rows + 1.0),
                self.at(open_mid, self.rows),
            ),
        ]
    }
}

/// The field itself, its top-left point at `o`.
pub fn field(p: &PathFields, index: u32, o: Point) -> Vec<Item> {
    let f: &Field = &p.field;
    let geom = FieldGeom::new(f, o);
    let mut items = guides(p, index, &geom);
    items.extend(boundary(p, index, &geom));
    for (end, goal, _) in geom.goals() {
        items.push(
            Item::new(
                Shape::Circle {
                    centre: goal,
                    radius: GOAL_POINT_RADIUS,
                },
                Style::filled(p.style.mark_colour),
                Tag::GoalPoint { field: index, end },
            )
            .from_key(Field::KEY.opening),
        );
        items.extend(attack_marker(p, index, end, goal));
    }
    items.extend(start_mark(p, index, geom.at(geom.cols / 2.0, geom.rows / 2.0)));
    if f.coordinates {
        items.extend(coordinates(p, &geom));
    }
    items
}

/// The light guides: one per edge between neighbouring points, so the printed
/// graph is the game's; the diagonals and the exits to the goals when the
/// layout asks for them.
fn guides(p: &PathFields, index: u32, g: &FieldGeom) -> Vec<Item> {
    let f = &p.field;
    let s = &p.style;
    let guide = Style::stroked(Stroke::solid(s.guide_width, s.guide_colour));
    let mut items = Vec::new();
    let mut edge = |a: Point, b: Point, key: &'static str| {
        items.push(
            Item::new(
                Shape::Line { from: a, to: b },
                guide.clone(),
                Tag::Guide { field: index },
            )
            .from_key(key)
            .styled_by(layout::Style::KEY.guide_width),
        );
    };
    for j in 0..=f.rows {
        for i in 0..f.columns {
            edge(
                g.at(i as f64, j as f64),
                g.at(i as f64 + 1.0, j as f64),
                Field::KEY.columns,
            );
        }
    }
    for i in 0..=f.columns {
        for j in 0..f.rows {
            edge(
                g.at(i as f64, j as f64),
                g.at(i as f64, j as f64 + 1.0),
                Field::KEY.rows,
            );
        }
    }
    if f.diagonals {
        for i in 0..f.columns {
            for j in 0..f.rows {
                let (x, y) = (i as f64, j as f64);
                edge(g.at(x, y), g.at(x + 1.0, y + 1.0), Field::KEY.diagonals);
                edge(g.at(x + 1.0, y), g.at(x, y + 1.0), Field::KEY.diagonals);
            }
        }
    }
    if f.exits {
        for (_, goal, mouth) in g.goals() {
            edge(mouth, goal, Field::KEY.exits);
        }
    }
    items
}

/// The boundary: from one opening round a long side to the other opening, on
/// each side.
fn boundary(p: &PathFields, index: u32, g: &FieldGeom) -> Vec<Item> {
    let s = &p.style;
    let style = Style::stroked(Stroke::solid(s.boundary_width, s.boundary_colour));
    let (cols, rows, open_start) = (g.cols, g.rows, g.open_start);
    let sides = [
        vec![
            g.at(open_start, 0.0),
            g.at(0.0, 0.0),
            g.at(0.0, rows),
            g.at(open_start, rows),
        ],
        vec![
            g.at(open_start + g.opening, 0.0),
            g.at(cols, 0.0),
            g.at(cols, rows),
            g.at(open_start + g.opening, rows),
        ],
    ];
    sides
        .into_iter()
        .map(|points| {
            Item::new(
                Shape::Polyline { points, closed: false },
                style.clone(),
                Tag::Boundary { field: index },
            )
            .from_key(Field::KEY.opening)
            .styled_by(layout::Style::KEY.boundary_width)
        })
        .collect()
}

/// The start point at `centre`, ringed.
fn start_mark(p: &PathFields, index: u32, centre: Point) -> [Item; 2] {
    let s = &p.style;
    [
        Item::new(
            Shape::Circle {
                centre,
                radius: START_RING,
            },
            Style::stroked(Stroke::solid(START_RING_WIDTH, s.mark_colour)),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Circle {
                centre,
                radius: START_RADIUS,
            },
            Style::filled(s.mark_colour),
            Tag::StartMark { field: index },
        )
        .from_key(Field::KEY.rows),
    ]
}

/// Row numbers left of the field and column letters under it. Only for people
/// who insist: the game prints none, and the checker says so.
fn coordinates(p: &PathFields, g: &FieldGeom) -> Vec<Item> {
    let f = &p.field;
    let style = TextStyle::new(p.fonts.regular, COORDINATE_PT, p.style.text_colour);
    let cap = p.fonts.regular.cap_height(COORDINATE_PT);
    let mut items = Vec::new();
    for j in 0..=f.rows {
        let label = (j + 1).to_string();
        let p0 = g.at(0.0, j as f64).offset(-COORDINATE_GAP, cap / 2.0);
        items.push(style.label(&label, p0, Align::Right).from_key(Field::KEY.coordinates));
    }
    for i in 0..=f.columns {
        let label = char::from(b'a' + (i % 26) as u8).to_string();
        let p0 = g.at(i as f64, g.rows).offset(Mm::ZERO, COORDINATE_GAP + cap);
        items.push(style.label(&label, p0, Align::Centre).from_key(Field::KEY.coordinates));
    }
    items
}

/// The side's letter and an arrow beside a goal point: "A ▲" at the goal A
/// attacks (the top one), "B ▼" at the bottom.
fn attack_marker(p: &PathFields, index: u32, end: End, goal: Point) -> Vec<Item> {
    let (letter, colour) = match end {
        End::Top => ("A", p.style.team_a_colour),
        End::Bottom => ("B", p.style.team_b_colour),
    };
    let style = TextStyle::new(p.fonts.bold, MARKER_PT, colour);
    let cap = style.face.cap_height(MARKER_PT);
    let x = goal.x + GOAL_POINT_RADIUS + MARKER_GAP;
    let width = style.face.measure(letter, MARKER_PT);
    let ax = x + width + ARROW_GAP;
    let h = cap;
    let half = h * ARROW_HALF_BASE;
    let (tip, base) = match end {
        End::Top => (goal.y - h / 2.0, goal.y + h / 2.0),
        End::Bottom => (goal.y + h / 2.0, goal.y - h / 2.0),
    };
    let arrow = vec![
        Point { x: ax + half, y: tip },
        Point {
            x: ax + half * 2.0,
            y: base,
        },
        Point { x: ax, y: base },
    ];
    vec![
        style.item(
            letter,
            Point {
                x,
                y: goal.y + cap / 2.0,
            },
            Align::Left,
            Tag::AttackMarker { field: index, end },
        ),
        Item::new(
            Shape::Polyline {
                points: arrow,
                closed: true,
            },
            Style::filled(colour),
            Tag::AttackMarker { field: index, end },
        ),
    ]
}

/// The legend page: a title, the practice field on the left, and on the right
/// a key: each explanation beside a small sample of what it explains, drawn
/// the way the fields draw it. No line crosses the practice field, so nothing
/// on it looks like a move.
fn legend_page(p: &PathFields, practice_index: u32) -> Page {
    let paper = Paper {
        size: p.page.paper,
        orientation: Orientation::Portrait,
    };
    let size = paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(p.page.margin);
    let l = &p.legend;
    let s = &p.style;
    let mut items = Vec::new();
    let frame = safe.inset(LEGEND_INSET);
    let title = TextStyle::new(p.fonts.bold, LEGEND_TITLE_PT, s.text_colour);
    let baseline = frame.y + p.fonts.bold.ascent(LEGEND_TITLE_PT);
    let at = Point {
        x: frame.x,
        y: baseline,
    };
    items.push(
        title
            .label(&l.title, at, Align::Left)
            .from_key(Legend::KEY.title)
            .styled_by(Legend::KEY.text_size),
    );
    let top = baseline + p.fonts.bold.descent(LEGEND_TITLE_PT) + LEGEND_TITLE_GAP;

    // The practice field, with its paragraph as its header.
    let f = &p.field;
    let field_w = f.pitch * f.columns as f64;
    let size_pt = l.text_size;
    let body = TextStyle::new(p.fonts.regular, size_pt, s.text_colour);
    let line_h = Mm::from_pt(size_pt * LINE_SPACING);
    let practice_lines = text::wrap(&l.practice, p.fonts.regular, size_pt, field_w + f.pitch * 2.0);
    let mut y = top;
    for line in &practice_lines {
        y += line_h;
        items.push(
            body.label(line, Point { x: frame.x, y }, Align::Left)
                .from_key(Legend::KEY.practice)
                .styled_by(Legend::KEY.text_size),
        );
    }
    let origin = Point {
        x: frame.x + f.pitch,
        y: y + HEADER_GAP + PRACTICE_GAP + GOAL_POINT_RADIUS + f.pitch,
    };
    items.extend(field(p, practice_index, origin));

    // The key, right of the field and clear of the band where coordinates would go.
    let key_x = frame.x + field_w + f.pitch * KEY_CLEARANCE;
    let sample_w = SAMPLE_WIDTH;
    let text_x = key_x + sample_w + SAMPLE_TEXT_GAP;
    let width = frame.right() - text_x;
    let entries: [(&str, &'static str, Sample); 4] = [
        (&l.start, Legend::KEY.start, Sample::Start),
        (&l.goals, Legend::KEY.goals, Sample::Goal),
        (&l.moves, Legend::KEY.moves, Sample::Move),
        (&l.boundary, Legend::KEY.boundary, Sample::Boundary),
    ];
    let mut y = top;
    for (paragraph, key, sample) in entries {
        if paragraph.is_empty() {
            continue;
        }
        let lines = text::wrap(paragraph, p.fonts.regular, size_pt, width);
        let block_h = (line_h * lines.len() as f64).max(ENTRY_MIN_HEIGHT);
        let centre = Point {
            x: key_x + sample_w / 2.0,
            y: y + block_h / 2.0,
        };
        items.extend(sample_items(p, sample, centre, sample_w));
        let first = y + (block_h - line_h * lines.len() as f64) / 2.0 + p.fonts.regular.ascent(size_pt);
        for (k, line) in lines.iter().enumerate() {
            let at = Point {
                x: text_x,
                y: first + line_h * k as f64,
            };
            items.push(
                body.label(line, at, Align::Left)
                    .from_key(key)
                    .styled_by(Legend::KEY.text_size),
            );
        }
        y += block_h + ENTRY_GAP;
    }
    Page::new(size, safe, items)
}

/// The samples of the legend's key.
#[derive(Clone, Copy)]
enum Sample {
    Start,
    Goal,
    Move,
    Boundary,
}

/// A sample centred at `c`, at most `w` wide, drawn with the field's own styles.
/// None is tagged as part of a field: the key is not a field.
fn sample_items(p: &PathFields, sample: Sample, c: Point, w: Mm) -> Vec<Item> {
    let s = &p.style;
    let step = p.field.pitch.min(w / 2.0);
    let guide = Style::stroked(Stroke::solid(s.guide_width, s.guide_colour));
    let pen = Style::stroked(Stroke::solid(PEN_WIDTH, PEN_COLOUR));
    let line =
        |a: Point, b: Point, style: &Style| Item::new(Shape::Line { from: a, to: b }, style.clone(), Tag::Decoration);
    let at = |dx: f64, dy: f64| c.offset(step * dx, step * dy);
    match sample {
        Sample::Start => vec![
            Item::new(
                Shape::Line {
                    from: at(-1.0, 0.0),
                    to: at(1.0, 0.0),
                },
                guide.clone(),
                Tag::Decoration,
            ),
            Item::new(
                Shape::Line {
                    from: at(0.0, -0.8),
                    to: at(0.0, 0.8),
                },
                guide,
                Tag::Decoration,
            ),
            Item::new(
                Shape::Circle {
                    centre: c,
                    radius: START_RING,
                },
                Style::stroked(Stroke::solid(START_RING_WIDTH, s.mark_colour)),
                Tag::Decoration,
            ),
            Item::new(
                Shape::Circle {
                    centre: c,
                    radius: START_RADIUS,
                },
                Style::filled(s.mark_colour),
                Tag::Decoration,
            ),
        ],
        Sample::Goal => {
            let goal = at(-0.5, -0.6);
            let mouth = at(-0.5, 0.4);
            vec![
                line(at(-1.5, 0.4), at(0.5, 0.4), &guide),
                line(mouth, goal, &guide),
                line(
                    at(-1.5, 0.4),
                    at(-1.0, 0.4),
                    &Style::stroked(Stroke::solid(s.boundary_width, s.boundary_colour)),
                ),
                line(
                    at(0.0, 0.4),
                    at(0.5, 0.4),
                    &Style::stroked(Stroke::solid(s.boundary_width, s.boundary_colour)),
                ),
                Item::new(
                    Shape::Circle {
                        centre: goal,
                        radius: GOAL_POINT_RADIUS,
                    },
                    Style::filled(s.mark_colour),
                    Tag::Decoration,
                ),
                TextStyle::new(p.fonts.bold, MARKER_PT, s.team_a_colour).label(
                    "A",
                    goal.offset(SAMPLE_LETTER_OFFSET, p.fonts.bold.cap_height(MARKER_PT) / 2.0),
                    Align::Left,
                ),
            ]
        }
        Sample::Move => {
            let mut out = Vec::new();
            for k in [-1.0, 0.0, 1.0] {
                out.push(line(at(-1.0, k * 0.7), at(1.0, k * 0.7), &guide));
                out.push(line(at(k, -0.7), at(k, 0.7), &guide));
            }
            // A pen line: right, then up, along the guides.
            out.push(Item::new(
                Shape::Polyline {
                    points: vec![at(-1.0, 0.7), at(0.0, 0.7), at(0.0, 0.0), at(1.0, 0.0), at(1.0, -0.7)],
                    closed: false,
                },
                pen,
                Tag::Decoration,
            ));
            out
        }
        Sample::Boundary => vec![
            line(
                at(-1.0, 0.0),
                at(1.0, 0.0),
                &Style::stroked(Stroke::solid(s.boundary_width, s.boundary_colour)),
            ),
            line(at(-1.0, -0.7), at(1.0, -0.7), &guide),
            line(at(0.0, -0.7), at(0.0, 0.0), &guide),
            // A pen line running along the boundary and bouncing back in.
            Item::new(
                Shape::Polyline {
                    points: vec![at(-1.0, -0.7), at(-1.0, -0.08), at(0.0, -0.08), at(0.0, -0.7)],
                    closed: false,
                },
                pen,
                Tag::Decoration,
            ),
        ],
    }
}

/// What to do when the fields do not fit the sheet.
pub fn fit_hint(p: &PathFields) -> String {
    let a = arrange(p);
    let mut hint = format!(
        "at most {} field(s) of {} fit on {}; set sheet.fields = {}, a smaller field.pitch or sheet.gap",
        a.capacity,
        p.field.pitch,
        p.page.paper.name(),
        a.capacity.max(1)
    );
    if p.page.paper != crate::geom::PaperSize::A3 {
        hint.push_str(", or use --paper a3");
    }
    hint
}

/// Where the sheet's content goes: the arrangement's orientation, centred.
pub fn placement(p: &PathFields) -> Placement {
    let a = arrange(p);
    let spec = crate::print::PageSpec {
        orientation: OrientationChoice::Fixed(a.orientation),
        ..p.page
    };
    place(&spec, a.content)
}
