//! Sets each face of a reference card, top to bottom: the title on a band
//! of the accent colour that runs into the bleed, then headings, paragraphs
//! and lists set flush left (a narrow card reads better ragged than
//! justified), and imposes the copies N-up with their backs.

use crate::color::Color;
use crate::components::reference_card::layout::{Face, ReferenceCard};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::markdown::{Block, Span};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose, imposed};
use crate::text::typeset::{self, Hyphens, Line};
use crate::text::{self, Align, TextStyle};

/// Text keeps this far inside the trim: a cut that wanders never reaches it.
pub const INSET: Mm = Mm(6.0);
/// The title's size in points: read at a glance across the table.
const TITLE_PT: f64 = 12.0;
/// Leading, as a multiple of the text size.
const LEADING: f64 = 1.3;
/// A line's baseline, as a share of the leading from its top.
const BASELINE: f64 = 0.78;
/// Room under the title, inside its band.
const BAND_BELOW: Mm = Mm(2.5);
/// Space between the band and the first block.
const AFTER_BAND: Mm = Mm(3.0);
/// Headings are this many times the body size.
const HEADING_SCALE: f64 = 1.15;
/// Space before a heading (not at the top), and after it.
const BEFORE_HEADING: Mm = Mm(2.2);
const AFTER_HEADING: Mm = Mm(0.6);
/// Space after a paragraph, and after a list item.
const AFTER_PARAGRAPH: Mm = Mm(1.5);
const AFTER_ITEM: Mm = Mm(0.6);
/// Hanging indent of list items.
const ITEM_INDENT: Mm = Mm(4.0);

/// A face set: its items, how far down its text reaches, and the line in
/// the file of the first block that runs past the safe area, if any.
pub struct SetFace {
    /// What the face draws, in card coordinates (trim at the origin).
    pub items: Vec<Item>,
    /// The bottom of the lowest line.
    pub bottom: Mm,
    /// The file line of the first block that ends below the safe area.
    pub overflow: Option<usize>,
}

/// Lines set flush left: natural word spaces, or narrower where the breaks
/// were found by shrinking them.
fn ragged(lines: Vec<Line>) -> Vec<Line> {
    lines
        .into_iter()
        .map(|l| Line {
            word_gap: l.word_gap.min(Mm::ZERO),
            ..l
        })
        .collect()
}

/// Draws one set line from `x` with its baseline at `baseline`.
fn draw(out: &mut Vec<Item>, line: &Line, x: Mm, baseline: Mm, size: f64, colour: Color, block: u32) {
    let mut cx = x;
    for piece in &line.pieces {
        let spaces = piece.text.matches(' ').count() as f64;
        let mut run = text::line(&piece.text, piece.font, size, Point { x: cx, y: baseline }, Align::Left);
        run.word_gap = line.word_gap;
        run.width += line.word_gap * spaces;
        cx += run.width;
        out.extend(crate::icons::run_items(run, colour, &Tag::BodyText { block }));
    }
}

/// Sets `lines` from `y` at `x`, a marker before the first; returns the new y.
#[allow(clippy::too_many_arguments)]
fn place(
    out: &mut Vec<Item>,
    lines: &[Line],
    (x, y): (Mm, Mm),
    size: f64,
    colour: Color,
    marker: Option<(&str, Mm, FontFace)>,
    block: u32,
) -> Mm {
    let lead = Mm::from_pt(size * LEADING);
    let mut y = y;
    for (k, l) in lines.iter().enumerate() {
        let baseline = y + lead * BASELINE;
        if k == 0
            && let Some((m, mx, face)) = marker
        {
            let style = TextStyle::new(face, size, colour);
            out.push(style.item(m, Point { x: mx, y: baseline }, Align::Left, Tag::BodyText { block }));
        }
        draw(out, l, x, baseline, size, colour, block);
        y += lead;
    }
    y
}

/// Sets one face of the card.
pub fn set_face(card: &ReferenceCard, face: &Face) -> SetFace {
    let (w, h) = (card.size.w, card.size.h);
    let bleed = card.print.bleed;
    let width = w - INSET * 2.0;
    let hyphens = Hyphens::for_language(&card.lang, card.patterns.as_deref());
    let white = Color::WHITE;
    let mut items = Vec::new();
    let mut y = INSET;
    let mut overflow = None;
    let limit = h - INSET;
    for (index, located) in face.blocks.iter().enumerate() {
        let block = index as u32;
        let top = y;
        match &located.block {
            Block::Title(t) => {
                let spans = [Span {
                    text: t.clone(),
                    bold: true,
                    italic: false,
                }];
                let lines = ragged(typeset::set(
                    &spans,
                    TITLE_PT,
                    width,
                    Mm::ZERO,
                    &Hyphens::for_code(""),
                    &card.fonts,
                ));
                let band = INSET + Mm::from_pt(TITLE_PT * LEADING) * lines.len() as f64 + BAND_BELOW;
                items.push(Item::new(
                    Shape::Rect(Rect {
                        x: -bleed,
                        y: -bleed,
                        w: w + bleed * 2.0,
                        h: band + bleed,
                    }),
                    Style::filled(card.accent),
                    Tag::Decoration,
                ));
                place(&mut items, &lines, (INSET, INSET), TITLE_PT, white, None, block);
                y = band + AFTER_BAND;
            }
            Block::Heading(t) => {
                let size = card.size_pt * HEADING_SCALE;
                let spans = [Span {
                    text: t.clone(),
                    bold: true,
                    italic: false,
                }];
                let lines = ragged(typeset::set(&spans, size, width, Mm::ZERO, &hyphens, &card.fonts));
                let first = index == 0 || matches!(face.blocks[index - 1].block, Block::Title(_));
                if !first {
                    y += BEFORE_HEADING;
                }
                y = place(&mut items, &lines, (INSET, y), size, card.accent, None, block) + AFTER_HEADING;
            }
            Block::Paragraph(spans) => {
                let lines = ragged(typeset::set(
                    spans,
                    card.size_pt,
                    width,
                    Mm::ZERO,
                    &hyphens,
                    &card.fonts,
                ));
                y = place(&mut items, &lines, (INSET, y), card.size_pt, card.ink, None, block) + AFTER_PARAGRAPH;
            }
            Block::Item(number, spans) => {
                let lines = ragged(typeset::set(
                    spans,
                    card.size_pt,
                    width - ITEM_INDENT,
                    Mm::ZERO,
                    &hyphens,
                    &card.fonts,
                ));
                let marker = number.map_or_else(|| "•".to_string(), |n| format!("{n}."));
                y = place(
                    &mut items,
                    &lines,
                    (INSET + ITEM_INDENT, y),
                    card.size_pt,
                    card.ink,
                    Some((&marker, INSET, card.fonts.regular)),
                    block,
                ) + AFTER_ITEM;
            }
            // Refused when the text is read.
            Block::Diagram { .. } | Block::Aside(_) => {}
        }
        // The space after a block may run into the inset; its text may not.
        let text_bottom = match &located.block {
            Block::Item(..) => y - AFTER_ITEM,
            Block::Paragraph(_) => y - AFTER_PARAGRAPH,
            Block::Heading(_) => y - AFTER_HEADING,
            _ => top.max(y - AFTER_BAND),
        };
        if overflow.is_none() && text_bottom > limit + Mm(0.01) {
            overflow = Some(located.line);
        }
    }
    // Every size on the card follows `card.size_pt` (headings and the title
    // are set at a fixed ratio of it): a text too small is that key's doing.
    for item in items.iter_mut().filter(|i| matches!(i.shape, Shape::Text(_))) {
        item.style_key
            .get_or_insert(crate::components::reference_card::layout::Card::KEY.size_pt.into());
    }
    SetFace {
        items,
        bottom: y,
        overflow,
    }
}

/// Composes the cards: every copy's front and back, imposed.
pub fn compose(card: &ReferenceCard) -> Document {
    let art = Art {
        front: set_face(card, &card.faces[0]).items,
        back: set_face(card, &card.faces[1]).items,
        cut: Vec::new(),
    };
    let arts: Vec<Art> = (0..card.copies).map(|_| art.clone()).collect();
    imposed("reference card", impose(arts, card.size, &card.print), &card.print)
}
