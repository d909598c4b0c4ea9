//! The shared sheet: each part's page, cut to what it prints (its own margin
//! note left out), stacked top to bottom and centred, with one margin note.

use crate::components::gang::layout::{Gang, Part};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Size, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::sheet::marks::MARK_COLOUR;
use crate::sheet::nup::NOTE_PT;
use crate::sheet::place::place;
use crate::text::{Align, TextStyle};

/// Space between two parts.
const GAP: Mm = Mm(8.0);

/// A part's first page, and the box of what it prints (its margin note left
/// out: the sheet carries one of its own).
pub fn printed(part: &Part) -> Option<(Page, Rect)> {
    let doc = part.loaded.layout.compose();
    let mut page = doc.pages.into_iter().next()?;
    page.items.retain(|it| it.tag != Tag::PrintNote);
    let area = page
        .leaves()
        .into_iter()
        .filter_map(|(_, b)| b)
        .reduce(|a, b| a.union(&b))?;
    Some((page, area))
}

/// The room the parts take stacked, the note's line included.
fn stacked(boxes: &[Rect]) -> Size {
    let w = boxes.iter().map(|b| b.w).fold(Mm::ZERO, Mm::max);
    let h = boxes.iter().map(|b| b.h).fold(Mm::ZERO, |a, b| a + b) + GAP * boxes.len().saturating_sub(1) as f64;
    Size { w, h: h + note_room() }
}

/// Height kept under the parts for the margin note.
fn note_room() -> Mm {
    GAP + FontFace::Sans.ascent(NOTE_PT) + FontFace::Sans.descent(NOTE_PT)
}

/// How many of the parts, from the first, fit a printer-safe area `height` tall.
pub fn parts_that_fit(gang: &Gang, height: Mm) -> usize {
    let boxes: Vec<Rect> = gang.parts.iter().filter_map(printed).map(|(_, b)| b).collect();
    (0..=boxes.len())
        .rev()
        .find(|&n| stacked(&boxes[..n]).h <= height)
        .unwrap_or(0)
}

/// Composes the shared sheet.
pub fn compose(gang: &Gang) -> Document {
    let parts: Vec<(Page, Rect)> = gang.parts.iter().filter_map(printed).collect();
    let boxes: Vec<Rect> = parts.iter().map(|(_, b)| *b).collect();
    let size = stacked(&boxes);
    let placement = place(&gang.page, size);
    let mut items = Vec::new();
    let mut y = placement.origin.y;
    for (index, (page, area)) in parts.into_iter().enumerate() {
        let x = placement.origin.x + (size.w - area.w) / 2.0;
        items.push(Item::new(
            Shape::Group {
                transform: Transform::translate(x - area.x, y - area.y),
                clip: None,
                items: page.items,
            },
            Style::default(),
            Tag::GangPart { index: index as u16 },
        ));
        y += area.h + GAP;
    }
    let baseline = placement.origin.y + size.h - FontFace::Sans.descent(NOTE_PT);
    let centre = placement.origin.x + size.w / 2.0;
    items.push(TextStyle::new(FontFace::Sans, NOTE_PT, MARK_COLOUR).item(
        &gang.note,
        Point { x: centre, y: baseline },
        Align::Centre,
        Tag::PrintNote,
    ));
    Document::new(
        gang.parts
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(" + "),
        vec![Page::new(placement.paper.page_size(), placement.safe_area, items)],
    )
}
