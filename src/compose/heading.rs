//! The top of an instruction sheet (die nets, duplex calibration): a bold
//! title at the top left of the safe area, then paragraphs wrapped to the
//! sheet's width, one 12 pt line under another.

use crate::font::{FontFace, Fonts};
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, Shape};
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::text::{self, Align};

/// Title size in points.
const TITLE_SIZE: f64 = 14.0;
/// Paragraph size in points.
const BODY_SIZE: f64 = 9.0;
/// Baseline to baseline in paragraphs, in points.
const LEADING: f64 = 12.0;
/// How far the heading sits inside the safe area on the left, top and right.
const INSET: Mm = Mm(8.0);

/// A heading being written: where the next line goes.
pub struct Heading {
    /// Left edge of every line.
    x: Mm,
    /// Baseline of the last line written.
    y: Mm,
    /// Width the paragraphs wrap to.
    width: Mm,
    /// The box every line keeps inside: the safe area, less the inset at
    /// the sides.
    room: Rect,
    /// Fill of the words.
    ink: Style,
    /// The faces of the words.
    fonts: Fonts,
}

impl Heading {
    /// Starts a heading inside `safe` by writing its title into `items` in
    /// `fonts`' bold face; `title_key` is the layout key the title comes from.
    pub fn new(
        safe: Rect,
        (title, title_key): (&str, &'static str),
        ink: Style,
        fonts: Fonts,
        items: &mut Vec<Item>,
    ) -> Heading {
        let x = safe.x + INSET;
        let y = safe.y + INSET + fonts.bold.ascent(TITLE_SIZE);
        let room = Rect {
            x,
            w: safe.w - INSET * 2.0,
            ..safe
        };
        items.push(
            Item::new(
                Shape::Text(text::line(title, fonts.bold, TITLE_SIZE, Point { x, y }, Align::Left)),
                ink.clone(),
                Tag::Label,
            )
            .from_key(title_key)
            .within(room),
        );
        Heading {
            x,
            y,
            width: room.w,
            room,
            ink,
            fonts,
        }
    }

    /// Leaves `gap` of extra space before the next line.
    pub fn skip(&mut self, gap: Mm) {
        self.y += gap;
    }

    /// Writes `words` wrapped to the heading's width, each line traced to the
    /// layout key `key`.
    pub fn paragraph(&mut self, words: &str, key: &'static str, items: &mut Vec<Item>) {
        self.lines(words, self.fonts.regular, key, items);
    }

    /// Writes `words` as [`Heading::paragraph`] does, in bold: a line that
    /// must not be missed.
    pub fn bold(&mut self, words: &str, key: &'static str, items: &mut Vec<Item>) {
        self.lines(words, self.fonts.bold, key, items);
    }

    fn lines(&mut self, words: &str, face: FontFace, key: &'static str, items: &mut Vec<Item>) {
        for l in text::wrap(words, face, BODY_SIZE, self.width) {
            self.y += Mm::from_pt(LEADING);
            items.push(
                Item::new(
                    Shape::Text(text::line(
                        &l,
                        face,
                        BODY_SIZE,
                        Point { x: self.x, y: self.y },
                        Align::Left,
                    )),
                    self.ink.clone(),
                    Tag::Label,
                )
                .from_key(key)
                .within(self.room),
            );
        }
    }

    /// Left edge of the heading's lines, for content that lines up under it.
    pub fn left(&self) -> Mm {
        self.x
    }

    /// Baseline of the last line written.
    pub fn bottom(&self) -> Mm {
        self.y
    }
}
