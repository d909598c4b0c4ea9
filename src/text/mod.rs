//! Laying out lines of text with the bundled fonts' metrics ([`crate::font`]):
//! one line at an anchor, or greedy wrapping to a width.

pub mod typeset;

use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::TextRun;
use crate::scene::item::{Item, Shape};
use crate::scene::style::Style;
use crate::scene::tag::Tag;

/// Horizontal alignment of a line of text about its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the left end.
    Left,
    /// The anchor is the middle.
    Centre,
    /// The anchor is the right end.
    Right,
}

/// Lays out one line: `anchor` is on the baseline, at the left, middle or right
/// end as `align` says.
pub fn line(text: &str, font: FontFace, size_pt: f64, anchor: Point, align: Align) -> TextRun {
    let width = font.measure(text, size_pt);
    let x = match align {
        Align::Left => anchor.x,
        Align::Centre => anchor.x - width / 2.0,
        Align::Right => anchor.x - width,
    };
    TextRun {
        origin: Point { x, y: anchor.y },
        font,
        size_pt,
        text: text.to_string(),
        width,
        word_gap: Mm::ZERO,
        ascent: font.ascent(size_pt),
        descent: font.descent(size_pt),
    }
}

/// How a line of text looks: its face, size and ink. Builders name one per
/// kind of text they set (a title, a caption, a stat) and make every line of
/// it with [`TextStyle::item`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// The face.
    pub face: FontFace,
    /// The size in points.
    pub size_pt: f64,
    /// The ink.
    pub colour: Color,
}

impl TextStyle {
    /// A style of `face` at `size_pt` in `colour`.
    pub const fn new(face: FontFace, size_pt: f64, colour: Color) -> TextStyle {
        TextStyle { face, size_pt, colour }
    }

    /// The line `text` anchored at `at` (on the baseline, left, middle or
    /// right as `align` says), as a scene item tagged `tag`.
    pub fn item(&self, text: &str, at: Point, align: Align, tag: Tag) -> Item {
        Item::new(
            Shape::Text(line(text, self.face, self.size_pt, at, align)),
            Style::filled(self.colour),
            tag,
        )
    }

    /// The same, tagged as words for people ([`Tag::Label`]).
    pub fn label(&self, text: &str, at: Point, align: Align) -> Item {
        self.item(text, at, align, Tag::Label)
    }

    /// The box of a line in this style from `x0` to `x1` on `baseline`,
    /// the face's ascent above and descent below: the room
    /// ([`Item::within`]) of a text given that stretch of a line, which its
    /// glyphs fill in height.
    pub fn line_box(&self, x0: Mm, x1: Mm, baseline: Mm) -> Rect {
        let up = self.face.ascent(self.size_pt);
        Rect {
            x: x0,
            y: baseline - up,
            w: x1 - x0,
            h: up + self.face.descent(self.size_pt),
        }
    }
}

/// Breaks `text` into lines no wider than `width` (greedy, at spaces). A word
/// wider than the line is never lost: it is broken by force between two
/// graphemes, each line of it but the last ending in
/// [`FORCED_BREAK`](crate::text::typeset::FORCED_BREAK), and the checker warns.
pub fn wrap(text: &str, font: FontFace, size_pt: f64, width: Mm) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if font.measure(&candidate, size_pt).0 <= width.0 {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        current = word.to_string();
        if font.measure(word, size_pt).0 > width.0 {
            let mut pieces = broken_by_force(word, font, size_pt, width);
            current = pieces.pop().unwrap_or_default();
            lines.extend(pieces);
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// `word` in pieces that each fit `width` with the forced-break mark after
/// them (the last without it), cut between graphemes; a grapheme wider than
/// the line stands alone.
fn broken_by_force(word: &str, font: FontFace, size_pt: f64, width: Mm) -> Vec<String> {
    use unicode_segmentation::UnicodeSegmentation;
    let mark = crate::text::typeset::FORCED_BREAK;
    let mut out = Vec::new();
    let mut piece = String::new();
    for g in word.graphemes(true) {
        let longer = format!("{piece}{g}{mark}");
        if !piece.is_empty() && font.measure(&longer, size_pt).0 > width.0 {
            crate::text::typeset::end_forced(&mut piece);
            out.push(std::mem::take(&mut piece));
        }
        piece.push_str(g);
    }
    out.push(piece);
    out
}
