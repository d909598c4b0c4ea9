//! Rules for card decks, read from the scene: every text of a card stays
//! inside the card's trim (nothing overflows into the cut). Bad cells of the
//! spreadsheet are found while reading it; its warnings come along here.

use crate::code::Code;
use crate::components::card_deck::layout::Deck;
use crate::diag::Finding;
use crate::layout::source::Source;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// How far a text may reach past the trim before it is reported, in mm:
/// rounding, far below anything a cutter could show.
const OVERFLOW_TOLERANCE: f64 = 1e-3;

/// Checks the composed deck.
pub fn check(source: &Source, deck: &Deck, doc: &Document) -> Vec<Finding> {
    let mut out = deck.warnings.clone();
    let copies: Vec<&crate::components::card_deck::layout::Card> = deck
        .cards
        .iter()
        .flat_map(|c| std::iter::repeat_n(c, c.quantity as usize))
        .collect();
    for page in &doc.pages {
        for item in &page.items {
            let (Tag::ItemFront { index }, Shape::Group { transform, items, .. }) = (&item.tag, &item.shape) else {
                continue;
            };
            let trim = crate::geom::Rect::from_origin_size(crate::geom::Point::default(), deck.template.size);
            for child in items {
                let Shape::Text(run) = &child.shape else { continue };
                let Some(b) = child.bbox() else { continue };
                if trim.overflow_of(&b).0 > OVERFLOW_TOLERANCE {
                    let card = copies.get(*index as usize);
                    let at = transform.apply(b.centre());
                    out.push(
                        Finding::error(
                            Code::CardText,
                            format!(
                                "\"{}\" on the card of {} runs {} past the card's edge (at {}, {} on the sheet)",
                                run.text,
                                card.map(|c| c.name.as_str()).unwrap_or("?"),
                                trim.overflow_of(&b),
                                at.x,
                                at.y
                            ),
                            source.locate("template"),
                        )
                        .with_hint("move the box inside the card in the template, or shorten the text"),
                    );
                }
            }
        }
    }
    out
}
