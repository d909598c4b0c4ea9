//! A player deck's cards as TTS cards: each printed card's faces, its name
//! and what its tooltip says (team, position, stats and price, or a generic
//! card's columns).

use crate::components::card_deck;

use super::art;
use super::deck::Card;

/// Every printed card of `deck` (copies counted), drawn as `doc` draws it,
/// named and described, with its position's label.
pub fn deck_cards(deck: &card_deck::layout::Deck, doc: &crate::scene::page::Document) -> Vec<(Option<String>, Card)> {
    let printed: Vec<&card_deck::layout::Card> = deck
        .cards
        .iter()
        .flat_map(|c| std::iter::repeat_n(c, c.quantity as usize))
        .collect();
    art::pieces(doc)
        .into_iter()
        .filter_map(|piece| {
            let card = printed.get(piece.index as usize)?;
            let area = piece.trim_area();
            let group = card.position.map(|p| deck.position_labels[p.index()].clone());
            Some((
                group,
                Card {
                    front: (piece.front, area),
                    back: piece.back.map(|b| (b, area)),
                    nickname: card_name(card),
                    description: describe(card, deck),
                },
            ))
        })
        .collect()
}

/// A card's name: its player's, or its first field's for a card of another
/// kind.
fn card_name(card: &card_deck::layout::Card) -> String {
    if card.name.trim().is_empty() {
        card.extra.first().map(|(_, v)| v.clone()).unwrap_or_default()
    } else {
        card.name.clone()
    }
}

/// What a card's tooltip says: its team and position, its stats and price,
/// one a line, as the card prints them.
fn describe(card: &card_deck::layout::Card, deck: &card_deck::layout::Deck) -> String {
    let mut lines = Vec::new();
    if !card.team.is_empty() {
        lines.push(card.team.clone());
    }
    if let Some(p) = card.position {
        lines.push(deck.position_labels[p.index()].clone());
    }
    lines.extend(card.stats.iter().map(|(label, value)| format!("{label}: {value}")));
    if !card.price.is_empty() {
        lines.push(format!("{}: {}", deck.price_label, card.price));
    }
    // A generic card's own columns, by their names (a language's column,
    // `Título.en`, by the name before its language), but the one its name
    // is.
    lines.extend(
        card.extra
            .iter()
            .filter(|(_, v)| !v.is_empty() && v.trim() != card.name.trim())
            .map(|(k, v)| {
                let column = match k.rsplit_once('.') {
                    Some((base, lang)) if lang.len() == 2 && lang.chars().all(|c| c.is_ascii_lowercase()) => base,
                    _ => k.as_str(),
                };
                format!("{column}: {v}")
            }),
    );
    lines.join("\n")
}
