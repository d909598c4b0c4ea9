//! Rules for reference cards: the N-up sheet rules (every copy on the
//! sheet, backs behind fronts, marks and bleed), and every face's text
//! inside the card's safe area, a finding at the first block that is not.

use crate::check::{ink, sheet};
use crate::components::reference_card::compose::{INSET, set_face};
use crate::components::reference_card::layout::ReferenceCard;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Point, Rect};
use crate::input::source::Source;
use crate::scene::page::Document;
use crate::text::typeset::FORCED_BREAK;

/// Checks a composed card sheet.
pub fn check(source: &Source, card: &ReferenceCard, doc: &Document) -> Vec<Finding> {
    let mut out = sheet::check(source, doc, &card.print, card.copies as usize, card.size);
    out.extend(card.no_hyphens.iter().cloned());
    let room = card.size.h - INSET * 2.0;
    for (face, name) in card.faces.iter().zip(["front", "back"]) {
        let set = set_face(card, face);
        let page = crate::scene::page::Page::new(
            card.size,
            Rect::from_origin_size(Point::default(), card.size),
            set.items.clone(),
        );
        let mut seen = std::collections::BTreeSet::new();
        for f in ink::forced_words(std::slice::from_ref(&page)) {
            let Some(block) = f.block.filter(|b| seen.insert((*b, f.word.clone()))) else {
                continue;
            };
            let line = face.blocks.get(block as usize).map_or(1, |b| b.line);
            out.push(
                Finding::warning(
                    Code::TextForced,
                    format!(
                        "the word \"{}\" on the card's {name} is wider than a line of the card: it is broken by force, the line ending in {FORCED_BREAK}",
                        ink::shown(&f.word)
                    ),
                    Location::at_line(&card.file, line, None),
                )
                .with_hint("shorten it, or write it with a space or a hyphen where it may break"),
            );
        }
        let Some(line) = set.overflow else { continue };
        let need = set.bottom - INSET;
        let lines = ((need - room).0 / crate::geom::Mm::from_pt(card.size_pt * 1.3).0).ceil();
        out.push(
            Finding::error(
                Code::CardOverflow,
                format!(
                    "the card's {name} runs out of the card from this block on: its text needs {:.0} mm, the card holds {:.0} mm",
                    need.0, room.0
                ),
                Location::at_line(&card.file, line, None),
            )
            .with_hint(format!(
                "shorten the {name} by about {lines} line(s), or set a smaller [card] size_pt"
            )),
        );
    }
    out
}
