//! Rules for card decks: bad cells of the spreadsheet (and words or numbers
//! too wide for their boxes) are found while reading it, and its warnings
//! come along here. That every text of a card stays inside its box and the
//! card's trim is the page checker's rule for every text
//! ([`crate::check::ink`]): each card text is set in its template box.

use crate::components::card_deck::layout::Deck;
use crate::diag::Finding;
use crate::input::source::Source;
use crate::scene::page::Document;

/// Checks the composed deck: the warnings found while reading it, and a
/// colour border too thin to survive a cut that strays.
pub fn check(_source: &Source, deck: &Deck, _doc: &Document) -> Vec<Finding> {
    let t = &deck.template;
    let mut findings = deck.warnings.clone();
    findings.extend(crate::check::border::thin_border(
        t.border,
        "the card's colour border",
        t.border_at.clone(),
    ));
    findings
}
