//! What every printed board shares around its squares: a title above, a goal
//! beyond each short side, a caption and a 50 mm scale bar below. Builders
//! measure the frame for their board, draw the board at the origin the frame
//! gives, and let the frame draw the rest.

use crate::color::Color;
use crate::font::{FontFace, Fonts};
use crate::geom::{Mm, Point, Rect, Size};
use crate::layout::board_text::BoardText;
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Tag};
use crate::sheet::tile::BoardWords;
use crate::text::{Align, TextStyle};

/// Space between the title, the board and the caption.
pub const GAP: Mm = Mm(4.0);
/// Length of the print-scale check bar.
pub const SCALE_BAR: Mm = Mm(50.0);
const SCALE_BAR_HEIGHT: Mm = Mm(1.5);
/// The scale bar's words stay small, whatever the caption's size: they
/// explain, they do not title.
const SCALE_BAR_LABEL_MAX_PT: f64 = 8.0;
/// Between the bar and its words.
const SCALE_BAR_LABEL_GAP: Mm = Mm(1.0);
/// Between the caption and the scale bar.
const CAPTION_GAP: Mm = Mm(2.0);
/// Spacing and width of the goal net lines.
const NET_STEP: Mm = Mm(2.5);
const NET_WIDTH: Mm = Mm(0.2);

/// The layout keys the frame's items are blamed on, from the board's own
/// sections.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameKeys {
    /// The title's words.
    pub title: &'static str,
    /// The title's size.
    pub title_size: &'static str,
    /// The caption's words.
    pub caption: &'static str,
    /// The caption's size.
    pub caption_size: &'static str,
    /// The scale bar switch.
    pub scale_bar: &'static str,
    /// The scale bar's words.
    pub scale_bar_label: &'static str,
    /// How far the goals reach.
    pub goal_depth: &'static str,
    /// The width of the goals' frame.
    pub marking_width: &'static str,
}

/// The words around a board, and what the frame needs of its style.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame<'a> {
    /// Where each item comes from in the layout.
    pub keys: FrameKeys,
    /// Title, caption and scale bar.
    pub text: &'a BoardText,
    /// Colour of all of it.
    pub colour: Color,
    /// How far the goals reach beyond the board's short sides.
    pub goal_depth: Mm,
    /// The outline's width (half of it lies outside the board).
    pub outline_width: Mm,
    /// The faces of the words: the title bold, the rest regular.
    pub fonts: Fonts,
}

/// The frame measured around a board of a given size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// Everything: title, goals, board, caption, bar.
    pub size: Size,
    /// Where the board's top-left corner goes (the block's corner is the origin).
    pub board_origin: Point,
    title_h: Mm,
    caption_h: Mm,
    footer_h: Mm,
}

fn line_height(face: FontFace, size_pt: f64) -> Mm {
    face.ascent(size_pt) + face.descent(size_pt)
}

impl Frame<'_> {
    /// The frame's words, for the pieces of a tiled board (which print them
    /// whole on every piece instead of cutting them).
    pub fn words(&self) -> BoardWords {
        BoardWords {
            title: self.text.title.clone(),
            caption: self.text.caption.clone(),
            scale_bar: self.text.scale_bar_label.clone(),
        }
    }

    /// Measures the frame around `board`.
    pub fn measure(&self, board: Size) -> Measured {
        let title_h = if self.text.title.is_empty() {
            Mm::ZERO
        } else {
            line_height(self.fonts.bold, self.text.title_size)
        };
        let caption_h = if self.text.caption.is_empty() {
            Mm::ZERO
        } else {
            line_height(self.fonts.regular, self.text.caption_size)
        };
        let bar_h = if self.text.scale_bar {
            SCALE_BAR_HEIGHT
                + SCALE_BAR_LABEL_GAP
                + line_height(self.fonts.regular, self.text.caption_size.min(SCALE_BAR_LABEL_MAX_PT))
        } else {
            Mm::ZERO
        };
        let between = if caption_h.0 > 0.0 && bar_h.0 > 0.0 {
            CAPTION_GAP
        } else {
            Mm::ZERO
        };
        let footer_h = caption_h + between + bar_h;
        let mut h = board.h + self.goal_depth * 2.0 + self.outline_width;
        let mut top = self.goal_depth + self.outline_width / 2.0;
        if title_h.0 > 0.0 {
            h += title_h + GAP;
            top += title_h + GAP;
        }
        if footer_h.0 > 0.0 {
            h += footer_h + GAP;
        }
        let title_w = self.fonts.bold.measure(&self.text.title, self.text.title_size);
        let caption_w = self.fonts.regular.measure(&self.text.caption, self.text.caption_size);
        let w = board.w.max(title_w).max(caption_w).max(SCALE_BAR) + self.outline_width;
        Measured {
            size: Size { w, h },
            board_origin: Point {
                x: (w - board.w) / 2.0,
                y: top,
            },
            title_h,
            caption_h,
            footer_h,
        }
    }

    /// Title above, caption and scale bar below `board` (as placed by `m`).
    pub fn labels(&self, m: &Measured, board: Rect) -> Vec<Item> {
        let colour = Style::filled(self.colour);
        let mid = m.size.w / 2.0;
        let mut items = Vec::new();
        if m.title_h.0 > 0.0 {
            let baseline = self.fonts.bold.ascent(self.text.title_size);
            let style = TextStyle::new(self.fonts.bold, self.text.title_size, self.colour);
            items.push(
                style
                    .label(&self.text.title, Point { x: mid, y: baseline }, Align::Centre)
                    .from_key(self.keys.title)
                    .styled_by(self.keys.title_size)
                    .within(style.line_box(Mm::ZERO, m.size.w, baseline)),
            );
        }
        let mut y = board.bottom() + self.goal_depth + self.outline_width / 2.0 + GAP;
        if m.caption_h.0 > 0.0 {
            let baseline = y + self.fonts.regular.ascent(self.text.caption_size);
            let style = TextStyle::new(self.fonts.regular, self.text.caption_size, self.colour);
            items.push(
                style
                    .label(&self.text.caption, Point { x: mid, y: baseline }, Align::Centre)
                    .from_key(self.keys.caption)
                    .styled_by(self.keys.caption_size)
                    .within(style.line_box(Mm::ZERO, m.size.w, baseline)),
            );
            y += m.caption_h + CAPTION_GAP;
        }
        if self.text.scale_bar && m.footer_h.0 > 0.0 {
            let size = self.text.caption_size.min(SCALE_BAR_LABEL_MAX_PT);
            let bar = Rect {
                x: mid - SCALE_BAR / 2.0,
                y,
                w: SCALE_BAR,
                h: SCALE_BAR_HEIGHT,
            };
            items.push(Item::new(Shape::Rect(bar), colour.clone(), Tag::ScaleBar).from_key(self.keys.scale_bar));
            let baseline = bar.bottom() + SCALE_BAR_LABEL_GAP + self.fonts.regular.ascent(size);
            // The frame is as wide as its board, title and caption: the
            // bar's words keep inside it.
            let style = TextStyle::new(self.fonts.regular, size, self.colour);
            items.push(
                style
                    .label(&self.text.scale_bar_label, Point { x: mid, y: baseline }, Align::Centre)
                    .from_key(self.keys.scale_bar_label)
                    .styled_by(self.keys.caption_size)
                    .within(style.line_box(Mm::ZERO, m.size.w, baseline)),
            );
        }
        items
    }
}

/// A goal `width` wide, centred beyond the `end` side of `board`: a box open
/// towards the pitch with a light net, tagged so the checker can find it.
#[allow(clippy::too_many_arguments)] // each is one fact of the goal; a struct would only rename them
pub fn goal(
    board: Rect,
    end: End,
    width: Mm,
    depth: Mm,
    fill: Option<Color>,
    net: Color,
    frame: &Stroke,
    keys: &FrameKeys,
) -> Vec<Item> {
    if depth.0 <= 0.0 {
        return Vec::new();
    }
    let x = board.x + (board.w - width) / 2.0;
    let y = match end {
        End::Top => board.y - depth,
        End::Bottom => board.bottom(),
    };
    let rect = Rect {
        x,
        y,
        w: width,
        h: depth,
    };
    let mut out = Vec::new();
    // The goal is one tagged rectangle, filled or not, so it is always counted.
    out.push(
        Item::new(
            Shape::Rect(rect),
            fill.map(Style::filled).unwrap_or_default(),
            Tag::Goal(end),
        )
        .from_key(keys.goal_depth),
    );
    let net = Style::stroked(Stroke::solid(NET_WIDTH, net));
    let mut nx = x + NET_STEP;
    while nx.0 < rect.right().0 - 0.5 {
        out.push(Item::new(
            Shape::Line {
                from: Point { x: nx, y },
                to: Point {
                    x: nx,
                    y: rect.bottom(),
                },
            },
            net.clone(),
            Tag::Decoration,
        ));
        nx += NET_STEP;
    }
    let mut ny = y + NET_STEP;
    while ny.0 < rect.bottom().0 - 0.5 {
        out.push(Item::new(
            Shape::Line {
                from: Point { x, y: ny },
                to: Point { x: rect.right(), y: ny },
            },
            net.clone(),
            Tag::Decoration,
        ));
        ny += NET_STEP;
    }
    // Open towards the pitch: three sides drawn, the goal line is the board's.
    let (near, far) = match end {
        End::Top => (rect.bottom(), rect.y),
        End::Bottom => (rect.y, rect.bottom()),
    };
    let sides = vec![
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
    out.push(
        Item::new(Shape::Path(sides), Style::stroked(frame.clone()), Tag::Decoration)
            .from_key(keys.goal_depth)
            .styled_by(keys.marking_width),
    );
    out
}
