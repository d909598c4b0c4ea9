//! A deck's cards as TTS cards: each printed card's faces, with the name
//! and tooltip its kind gives it ([`Cards::dealt`]).

use crate::components::resolved::Cards;

use super::art;
use super::deck::Card;

/// Every printed card of `deck` (copies counted), drawn as `doc` draws it,
/// named and described, with the group it is dealt in.
pub fn deck_cards(deck: &dyn Cards, doc: &crate::scene::page::Document) -> Vec<(Option<String>, Card)> {
    let dealt = deck.dealt();
    art::pieces(doc)
        .into_iter()
        .filter_map(|piece| {
            let card = dealt.cards.get(piece.index as usize)?;
            let area = piece.trim_area();
            Some((
                card.group.clone(),
                Card {
                    front: (piece.front, area),
                    back: piece.back.map(|b| (b, area)),
                    nickname: card.name.clone(),
                    description: card.description.clone(),
                },
            ))
        })
        .collect()
}
