//! A deck's printed cards as a virtual table shows them beyond their faces:
//! each card's name and tooltip (team, position, stats and price, or a
//! generic card's columns), and the positions the league's rules deal
//! apart.

use crate::components::resolved::{CardText, Dealt};

use super::layout::{Card, Deck};

/// Every printed card of `deck` (copies counted), named and described,
/// with its position's label; the groups are the position labels, in the
/// order the deck counts them (goalkeepers first).
pub fn dealt(deck: &Deck) -> Dealt {
    let cards = deck
        .cards
        .iter()
        .flat_map(|c| std::iter::repeat_n(c, c.quantity as usize))
        .map(|card| CardText {
            group: card.position.map(|p| deck.position_labels[p.index()].clone()),
            name: card_name(card),
            description: describe(card, deck),
        })
        .collect();
    Dealt {
        groups: deck.position_labels.to_vec(),
        cards,
    }
}

/// A card's name: its player's, or its first field's for a card of another
/// kind.
fn card_name(card: &Card) -> String {
    if card.name.trim().is_empty() {
        card.extra.first().map(|(_, v)| v.clone()).unwrap_or_default()
    } else {
        card.name.clone()
    }
}

/// What a card's tooltip says: its team and position, its stats and price,
/// one a line, as the card prints them.
fn describe(card: &Card, deck: &Deck) -> String {
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
