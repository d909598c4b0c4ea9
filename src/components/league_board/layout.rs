//! The league game's play mat (`kind = "league-board"`, docs/GAMES.md):
//! for each coach the defence, midfield and attack stripes, each a line of
//! card places the size of the named deck's cards with a place for the ball
//! at its inner end, facing the other coach's stripes across the middle; a
//! strategy track of boxes 1 to 6 for each coach, a goals tally for each and
//! one tally of balls played.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::components::load::References;
use crate::components::resolved::CardFace;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::tiling::RawTiling;
use crate::layout::values::{Colour, Count, Label, Length, Word};
use crate::print::{PageSpec, TileOptions};
use crate::section;

/// The key of the deck layout whose cards lie on the mat, at the top of the
/// file: the mat's card places take the size of its cards, and the checker
/// holds their stats in sight.
pub const DECK: &str = "deck";

fn default_deck() -> String {
    "deck.toml".to_string()
}

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// The deck layout whose cards lie on the mat, relative to this file:
    /// its card template gives the places' size and the stats column.
    #[serde(default = "default_deck")]
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    deck: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    board: RawBoard,
    #[serde(default)]
    cards: RawCards,
    #[serde(default)]
    style: RawStyle,
    #[serde(default)]
    labels: RawLabels,
    #[serde(default)]
    tiling: RawTiling,
}

section! {
    /// Sizes, validated.
    pub struct Board / RawBoard / BoardKeys in "board" {
        /// Diameter of the ball's place at the inner end of each stripe.
        ball_spot: Length = 18.0 => "the ball's place in each stripe, in mm; the ball token fits it with 2 mm to spare",
        /// Side of a strategy-track box.
        track_box: Length = 18.0 => "a strategy box's side, in mm; tokens fit it with 2 mm to spare",
        /// Side of a tally box.
        tally_box: Length = 10.0 => "a tally box's side, in mm",
        /// How many balls a match is played to, at most (tally boxes).
        balls: Count<1, 15> = 7 => "the most balls a match is played to; the rules allow 3 to 7, so at least 7",
    }
}

section! {
    /// How the cards of a stripe lie on each other, validated.
    pub struct Cards / RawCards / CardsKeys in "cards" {
        /// Card places in each stripe's line.
        places: Count<1, 11> = 6 => "card places in a stripe's line; a stripe takes up to 6 cards, the goalkeeper included",
        /// From a card's place to the next one along a line: the card on
        /// top covers the rest of the one beneath.
        step: Length = 24.0 => "mm along a line from one card to the next; the card on top must leave the stats column of the one beneath in sight",
        /// From a line of a coach's stripes to the next one, whose cards lie
        /// over the foot of its cards.
        line_step: Length = 64.0 => "mm from one of a coach's lines to the next, whose cards cover the foot of its cards (the price) and not their stats",
    }
}

section! {
    /// Colours, validated.
    pub struct Style / RawStyle / StyleKeys in "style" {
        /// The pitch.
        pitch_colour: Colour = "#dcefd5",
        /// The home side.
        team_a_colour: Colour = "#c62828",
        /// The away side.
        team_b_colour: Colour = "#1f4fa8",
        /// Lines.
        line_colour: Colour = "#1f3d27",
        /// Text.
        text_colour: Colour = "#1b2a41",
    }
}

section! {
    /// The words on the board.
    pub struct Labels / RawLabels / LabelsKeys in "labels" {
        /// Title.
        title: Label = "@league.title",
        /// Home side's name.
        team_a: Label = "@league.team_a",
        /// Away side's name.
        team_b: Label = "@league.team_b",
        /// The defence stripe.
        defence: Label = "@league.defence",
        /// The midfield stripe.
        midfield: Label = "@league.midfield",
        /// The attack stripe.
        attack: Label = "@league.attack",
        /// The strategy track.
        strategy: Label = "@league.strategy",
        /// How the track reads.
        strategy_note: Label = "@league.strategy_note",
        /// How the cards of a stripe are laid, on the mat.
        cards_note: Label = "@league.cards_note",
        /// Each coach's goals tally.
        goals: Label = "@league.goals",
        /// The tally of balls played, shared.
        balls: Label = "@league.balls",
        /// The words under the scale bar on each piece of a tiled board.
        scale_bar: Label = "@league.scale_bar",
    }
}

/// The deck the mat is for.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckRef {
    /// The path as written in the layout.
    pub name: String,
    /// Its cards' size and stats column.
    pub face: CardFace,
}

/// A resolved league board.
#[derive(Clone, Debug, PartialEq)]
pub struct League {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// The deck whose cards lie on the mat.
    pub deck: DeckRef,
    /// Sizes.
    pub board: Board,
    /// How the cards lie on each other.
    pub cards: Cards,
    /// Colours.
    pub style: Style,
    /// Words.
    pub labels: Labels,
    /// How to split the board when it is larger than the paper; `None` to
    /// refuse instead.
    pub tiling: Option<TileOptions>,
}

/// Reads and validates a `league-board` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<League, Vec<Finding>> {
    let page = r.page(&raw.page);
    let deck = deck_ref(&mut r, &raw.deck);
    let board = raw.board.resolve(&mut r);
    let cards = raw.cards.resolve(&mut r);
    let style = raw.style.resolve(&mut r);
    let labels = raw.labels.resolve(&mut r);
    let tiling = raw.tiling.options(&mut r, &page, style.text_colour);
    let Some(deck) = deck else {
        // `deck_ref` has said why.
        return Err(r.findings);
    };
    let fonts = r.cx.fonts;
    r.finish(League {
        fonts,
        page,
        deck,
        board,
        cards,
        style,
        labels,
        tiling,
    })
}

/// The deck layout `name`, when it loads and is a deck of cards.
fn deck_ref(r: &mut Resolver<'_>, name: &str) -> Option<DeckRef> {
    let loaded = r.reference(DECK, name)?;
    match loaded.layout.as_cards().map(|deck| deck.card_face()) {
        Some(face) => Some(DeckRef {
            name: name.to_string(),
            face,
        }),
        None => {
            r.bad(
                DECK,
                Code::LayoutBoard,
                format!(
                    "cannot use the layout {name}: a \"{}\" layout is not a deck of cards",
                    loaded.kind
                ),
                "name the deck layout whose cards the coaches lay on the mat, relative to this file (\"deck.toml\")",
            );
            None
        }
    }
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(kind, "The league's play mat: the places the cards lie on.");
    let raw: Raw = s.defaults()?;
    Ok(s
        .key("deck", "The deck layout whose cards lie on the mat, relative to this file: the card places take the size of its cards.", crate::layout::scaffold::Shown::of(&raw.deck))
        .section(&raw.page)
        .section(&raw.board)
        .section(&raw.cards)
        .section(&raw.style)
        .section(&raw.labels)
        .section(&raw.tiling))
}
