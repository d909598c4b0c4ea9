//! A deck of player cards from a spreadsheet (GAMES.md game C), N-up with backs.
//!
//! `kind = "card-deck"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod deal;
pub mod layout;
pub mod photo;

use std::sync::Arc;

use crate::check::sheet;
use crate::components::component::Component;
use crate::components::resolved::ItemPages;
use crate::components::resolved::{CardFace, Resolved};
use crate::diag::Finding;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::page::Document;
use layout::Deck;

/// The `card-deck` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "card-deck"
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        Ok(Arc::new(layout::resolve(source, cx)?))
    }
}

impl Resolved for Deck {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let copies = self.cards.iter().map(|c| c.quantity as usize).sum();
        let mut findings = sheet::check(source, doc, &self.print, copies, self.template.size);
        findings.extend(check::check(source, self, doc));
        findings
    }

    fn card_face(&self) -> Option<CardFace> {
        Some(CardFace {
            size: self.template.size,
            stats: self.template.stats.rect(),
        })
    }

    fn item_pages(&self) -> Option<ItemPages> {
        let names = self
            .cards
            .iter()
            .flat_map(|c| std::iter::repeat_n(c.name.clone(), c.quantity as usize))
            .collect();
        Some(ItemPages {
            doc: compose::card_pages(self),
            names,
        })
    }
}
