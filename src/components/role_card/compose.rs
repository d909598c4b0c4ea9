//! The role reference card: for each role, a window of the board's squares
//! (the board's own colours and proportions, scaled down) with the piece, the
//! squares its ball move reaches, and a line or two of explanation.

use std::collections::{BTreeMap, BTreeSet};

use crate::color::Color;
use crate::components::futbolchess_board::art::{NET_WIDTH, hatching, net_colour};
use crate::components::role_card::layout::{
    Card, Move, ROLE, Role, RoleCard, RoleKeys, keeper_area, keeper_goal, piece_square, targets,
};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Size};
use crate::limits::LABEL_INSET;
use crate::limits::MIN_TEXT_PT;
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::place::place;
use crate::text::{self, Align, TextStyle};

// A diagram, measured in its own squares where it scales with them.

/// The diagram's grid lines: fine, as the squares are a fraction of the
/// board's.
const GRID_WIDTH: Mm = Mm(0.2);
/// The goalkeeper's area and goal: heavier than the grid, as on the board.
const MARKING_WIDTH: Mm = Mm(0.6);
/// The goal's net, its step in squares: as close as the board's (3 mm on
/// 24 mm squares) scaled, never so close that it reads as grey.
const NET_STEP_SQUARES: f64 = 0.18;
/// The lines of travel from the piece: between the grid and the markings.
const PATH_WIDTH: Mm = Mm(0.5);
/// The piece's radius, in squares: nearly the whole square, as a counter is.
const PIECE_RADIUS: f64 = 0.45;
/// The role's letters on the piece: as big as fits the piece for the
/// longest code (POR), the same for every role, never above this; below the
/// smallest readable size the piece goes unlettered (the role's letters
/// head every diagram anyway).
const CODE_PT_MAX: f64 = 9.0;

// The card's page.

/// Diagrams across the card, each with its words beside it: two fit a
/// portrait A4 with room for the words.
const COLUMNS: usize = 2;
/// White space inside the printable area, so nothing crowds the paper's edge.
const MARGIN: Mm = Mm(8.0);
/// The heading, in points: the card's largest text.
const TITLE_PT: f64 = 14.0;
/// From the heading's baseline to the first row of roles.
const TITLE_GAP: Mm = Mm(8.0);
/// A role's letters and name over its diagram, in points: between the
/// heading and the words.
const NAME_PT: f64 = 10.0;
/// From the top of a role's row to its name's baseline.
const NAME_BASELINE: Mm = Mm(4.0);
/// From the top of a role's row to its diagram: the name and a little air.
const NAME_HEIGHT: Mm = Mm(7.0);
/// Between one row of roles and the next: enough that a diagram's goal and
/// words stay with their own role.
const ROW_GAP: Mm = Mm(10.0);
/// Between a diagram and its words, and between the words and the next
/// column.
const TEXT_GAP: Mm = Mm(4.0);
/// A role's words, in points: reference-card small, still readable.
const TEXT_PT: f64 = 8.0;
/// From the diagram's top to the words' first baseline: the words start
/// level with the diagram.
const TEXT_BASELINE: Mm = Mm(3.0);
/// Between the words' baselines, in points: about 1.3 times their size.
const TEXT_LEADING_PT: f64 = 10.5;
/// From the last row of roles to the note.
const NOTE_GAP: Mm = Mm(2.0);
/// The closing note, in points: read once, a little larger than the words.
const NOTE_PT: f64 = 9.0;
/// Between the note's baselines, in points (added before each line): about
/// 1.3 times its size.
const NOTE_LEADING_PT: f64 = 12.0;

/// One diagram's window of `n` x `n` squares of side `s`, top-left at `o`.
struct Window {
    o: Point,
    s: Mm,
    n: u32,
}

impl Window {
    /// The square `x` across and `y` down.
    fn at(&self, x: i32, y: i32) -> Rect {
        Rect {
            x: self.o.x + self.s * x as f64,
            y: self.o.y + self.s * y as f64,
            w: self.s,
            h: self.s,
        }
    }

    /// The middle of square (`x`, `y`).
    fn centre(&self, x: i32, y: i32) -> Point {
        self.at(x, y).centre()
    }
}

/// One role's diagram with its top-left corner at `o`.
pub fn diagram(card: &RoleCard, index: u8, o: Point) -> Vec<Item> {
    let role = &card.roles[index as usize];
    let b = &card.board;
    let w = Window {
        o,
        s: card.square(),
        n: card.window,
    };
    let grid = Style {
        stroke: Some(Stroke::solid(GRID_WIDTH, b.style.grid_colour)),
        fill: Some(b.style.midfield_fill),
    };
    let mut items = Vec::new();
    // The goalkeeper's bottom row is behind its goal line: only the goal's
    // squares are there, drawn with the area.
    let pitch_rows = if role.pattern == Move::Keeper { w.n - 1 } else { w.n };
    for y in 0..pitch_rows as i32 {
        for x in 0..w.n as i32 {
            items.push(Item::new(Shape::Rect(w.at(x, y)), grid.clone(), Tag::Decoration));
        }
    }
    let reach = targets(role.pattern, w.n, b.board.area, b.board.goal);
    for &(x, y) in &reach {
        items.push(Item::new(
            Shape::Rect(w.at(x, y)),
            Style {
                stroke: Some(Stroke::solid(GRID_WIDTH, b.style.grid_colour)),
                fill: Some(card.target),
            },
            Tag::MoveTarget { role: index },
        ));
    }
    if role.pattern == Move::Keeper {
        items.extend(keeper_area_and_goal(card, &w));
    }
    items.extend(paths(card, role, &w, &reach));
    items.extend(piece(card, role, index, &w));
    items
}

/// The goalkeeper's area and its goal's squares behind the goal line, both
/// the board's size in squares, the goal netted as on the board.
fn keeper_area_and_goal(card: &RoleCard, w: &Window) -> Vec<Item> {
    let b = &card.board;
    let marking = Stroke::solid(MARKING_WIDTH, b.style.marking_colour);
    let goal_squares = b.board.goal;
    let ((x0, x1), (y0, y1)) = keeper_area(w.n, b.board.area, goal_squares);
    let area = Rect::from_corners(w.at(x0, y0).corners()[0], w.at(x1 - 1, y1 - 1).corners()[2]);
    let (g0, row) = keeper_goal(w.n, goal_squares);
    let goal = Rect::from_corners(
        w.at(g0, row).corners()[0],
        w.at(g0 + goal_squares as i32 - 1, row).corners()[2],
    );
    let mut items = vec![Item::new(
        Shape::Rect(goal),
        Style::filled(b.style.goal_fill),
        Tag::Decoration,
    )];
    let net = Stroke::solid(NET_WIDTH, net_colour(b));
    for rising in [true, false] {
        items.push(hatching(
            goal,
            w.s * NET_STEP_SQUARES,
            net.clone(),
            rising,
            &Tag::Decoration,
            ROLE,
        ));
    }
    let grid = Style::stroked(Stroke::solid(GRID_WIDTH, b.style.grid_colour));
    for k in 0..goal_squares as i32 {
        items.push(Item::new(Shape::Rect(w.at(g0 + k, row)), grid.clone(), Tag::Decoration));
    }
    // The posts and crossbar, open towards the pitch, as on the board.
    let posts = vec![
        PathCmd::MoveTo(Point { x: goal.x, y: goal.y }),
        PathCmd::LineTo(Point {
            x: goal.x,
            y: goal.bottom(),
        }),
        PathCmd::LineTo(Point {
            x: goal.right(),
            y: goal.bottom(),
        }),
        PathCmd::LineTo(Point {
            x: goal.right(),
            y: goal.y,
        }),
    ];
    items.push(Item::new(
        Shape::Path(posts),
        Style::stroked(marking.clone()),
        Tag::Decoration,
    ));
    items.push(Item::new(Shape::Rect(area), Style::stroked(marking), Tag::Decoration));
    items
}

/// Arrows of travel: from the piece along each line it can take (for the
/// cross, one square forward, then out to each band).
fn paths(card: &RoleCard, role: &Role, w: &Window, reach: &BTreeSet<(i32, i32)>) -> Vec<Item> {
    let (px, py) = piece_square(role.pattern, w.n);
    let path = Style::stroked(Stroke::solid(PATH_WIDTH, card.ink));
    let mut items = Vec::new();
    if role.pattern == Move::Cross {
        for end in [0, w.n as i32 - 1] {
            let points = vec![w.centre(px, py), w.centre(px, py - 1), w.centre(end, py - 1)];
            items.push(Item::new(
                Shape::Polyline { points, closed: false },
                path.clone(),
                Tag::Decoration,
            ));
        }
        return items;
    }
    // The farthest square the move reaches in each direction.
    let mut farthest: BTreeMap<(i32, i32), (i32, i32)> = BTreeMap::new();
    for &(x, y) in reach {
        let d = ((x - px).signum(), (y - py).signum());
        let far = farthest.entry(d).or_insert((x, y));
        if (x - px).abs().max((y - py).abs()) > (far.0 - px).abs().max((far.1 - py).abs()) {
            *far = (x, y);
        }
    }
    for (x, y) in farthest.into_values() {
        items.push(Item::new(
            Shape::Line {
                from: w.centre(px, py),
                to: w.centre(x, y),
            },
            path.clone(),
            Tag::Decoration,
        ));
    }
    items
}

/// How far from a piece's centre the letters of `code` in `face` reach
/// per point of size, set centred with their capitals centred vertically, as [`piece`]
/// sets them: measured on the glyphs' outlines, the corners of the letters.
fn reach_per_pt(code: &str, face: FontFace) -> f64 {
    let (w, cap) = (face.measure(code, 1.0).0, face.cap_height(1.0).0);
    face.ink_boxes(code, 1.0, Mm::ZERO)
        .into_iter()
        .flat_map(|(x0, y0, x1, y1)| [(x0.0, y0.0), (x1.0, y0.0), (x0.0, y1.0), (x1.0, y1.0)])
        .map(|(x, y)| (x - w / 2.0).hypot(y + cap / 2.0))
        .fold(0.0, f64::max)
}

/// The size of every piece's letters on squares of side `s`: the largest
/// quarter point at which every role's code stays [`LABEL_INSET`] inside
/// the piece, at most [`CODE_PT_MAX`]; `None` when that is under the
/// smallest readable size.
fn code_size(card: &RoleCard, s: Mm) -> Option<f64> {
    let room = (s * PIECE_RADIUS - LABEL_INSET).0;
    let reach = card
        .roles
        .iter()
        .map(|r| reach_per_pt(&r.code, card.fonts.bold))
        .fold(0.0, f64::max);
    let size = if reach > 0.0 {
        ((room / reach) * 4.0).floor() / 4.0
    } else {
        CODE_PT_MAX
    };
    let size = size.min(CODE_PT_MAX);
    (size >= MIN_TEXT_PT).then_some(size)
}

/// The piece, lettered with the role's code when the letters fit it.
fn piece(card: &RoleCard, role: &Role, index: u8, w: &Window) -> Vec<Item> {
    let (px, py) = piece_square(role.pattern, w.n);
    let pc = w.centre(px, py);
    let mut items = vec![Item::new(
        Shape::Circle {
            centre: pc,
            radius: w.s * PIECE_RADIUS,
        },
        Style::filled(card.piece),
        Tag::Piece { role: index },
    )];
    if let Some(size) = code_size(card, w.s) {
        items.push(
            TextStyle::new(card.fonts.bold, size, Color::WHITE)
                .label(
                    &role.code,
                    pc.offset(Mm::ZERO, card.fonts.bold.cap_height(size) / 2.0),
                    Align::Centre,
                )
                .from_key(Card::KEY.scale),
        );
    }
    items
}

/// Composes the card: a title, then the diagrams two to a row, each with the
/// role's name and words, then the note.
pub fn compose(card: &RoleCard) -> Document {
    // The card fills its page, whatever its content: any size places it.
    let placement = place(&card.page, Size::new(1.0, 1.0));
    let safe = placement.safe_area;
    let frame = safe.inset(MARGIN);
    let title = TextStyle::new(card.fonts.bold, TITLE_PT, card.ink);
    let name = TextStyle::new(card.fonts.bold, NAME_PT, card.ink);
    let words = TextStyle::new(card.fonts.regular, TEXT_PT, card.ink);
    let note = TextStyle::new(card.fonts.regular, NOTE_PT, card.ink);
    let mut items = Vec::new();
    let mut y = frame.y + card.fonts.bold.ascent(TITLE_PT);
    items.push(
        title
            .label(&card.title, Point { x: frame.x, y }, Align::Left)
            .from_key(Card::KEY.title)
            .within(title.line_box(frame.x, frame.right(), y)),
    );
    y += TITLE_GAP;
    let side = card.square() * card.window as f64;
    let col_w = frame.w / COLUMNS as f64;
    let text_w = col_w - side - TEXT_GAP * 2.0;
    let row_h = NAME_HEIGHT + side + ROW_GAP;
    for (i, role) in card.roles.iter().enumerate() {
        let (col, row) = (i % COLUMNS, i / COLUMNS);
        let top = Point {
            x: frame.x + col_w * col as f64,
            y: y + row_h * row as f64,
        };
        // Each role keeps to its cell: the name to its column, the words to
        // the side of the diagram, as tall as it.
        let baseline = top.y + NAME_BASELINE;
        items.push(
            name.label(
                &format!("{} · {}", role.code, role.name),
                top.offset(Mm::ZERO, NAME_BASELINE),
                Align::Left,
            )
            .from_key(RoleKeys::at(i).name)
            .within(name.line_box(top.x, top.x + col_w - TEXT_GAP, baseline)),
        );
        let o = top.offset(Mm::ZERO, NAME_HEIGHT);
        items.extend(diagram(card, i as u8, o));
        let tx = o.x + side + TEXT_GAP;
        let beside = Rect {
            x: tx,
            y: o.y,
            w: text_w,
            h: side,
        };
        for (k, line) in text::wrap(&role.text, words.face, words.size_pt, text_w)
            .iter()
            .enumerate()
        {
            let at = Point {
                x: tx,
                y: o.y + TEXT_BASELINE + Mm::from_pt(TEXT_LEADING_PT) * k as f64,
            };
            items.push(
                words
                    .label(line, at, Align::Left)
                    .from_key(RoleKeys::at(i).text)
                    .within(beside),
            );
        }
    }
    let rows = card.roles.len().div_ceil(COLUMNS);
    let mut ny = y + row_h * rows as f64 + NOTE_GAP;
    let below = Rect {
        y: ny,
        h: frame.bottom() - ny,
        ..frame
    };
    for line in text::wrap(&card.note, note.face, note.size_pt, frame.w) {
        ny += Mm::from_pt(NOTE_LEADING_PT);
        items.push(
            note.label(&line, Point { x: frame.x, y: ny }, Align::Left)
                .from_key(Card::KEY.note)
                .within(below),
        );
    }
    Document::new(
        card.title.clone(),
        vec![Page::new(placement.paper.page_size(), safe, items)],
    )
}
