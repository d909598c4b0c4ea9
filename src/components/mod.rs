//! One folder per component kind: its layout, its composition, its checks
//! and the capabilities it declares. Each kind's folder is a `pub mod` line
//! and a line of [`COMPONENTS`]; [`registry`] finds a kind by name.
//!
//! Beside the kinds, the contract they share: what a kind declares
//! ([`component`]), what its resolved value offers the pipeline and the
//! other layouts ([`resolved`]: `Resolved` and its capabilities), how a
//! layout loads another it names ([`load`]), its place in a kit
//! ([`placement`]), the game's numbers filled into the texts rule sheets
//! and reference cards read ([`game_texts`]), and the card template a deck
//! names ([`card_template`], a file of its own, not a kind).

pub mod card_template;
pub mod component;
pub mod game_texts;
pub mod load;
pub mod placement;
pub mod registry;
pub mod resolved;

// Each kind's folder, declared as plain modules (not by a macro, which
// rustfmt does not look inside: half of `src/` went unformatted).
pub mod banknotes;
pub mod bid_slips;
pub mod card_deck;
pub mod counters;
pub mod custom_sheet;
pub mod dice_pitch;
pub mod die_nets;
pub mod duplex_calibration;
pub mod futbolchess_board;
pub mod gang;
pub mod league_board;
pub mod league_table;
pub mod path_fields;
pub mod print_test;
pub mod reference_card;
pub mod role_card;
pub mod rule_sheet;
pub mod score_sheet;

/// Every component kind, in the order hints list them. A kind is added by
/// its `pub mod` line above and its line here.
pub const COMPONENTS: &[&dyn component::Component] = &[
    &dice_pitch::Kind,
    &path_fields::Kind,
    &print_test::Kind,
    &duplex_calibration::Kind,
    &counters::Kind,
    &die_nets::Kind,
    &futbolchess_board::Kind,
    &league_board::Kind,
    &card_deck::Kind,
    &banknotes::Kind,
    &bid_slips::Kind,
    &league_table::Kind,
    &role_card::Kind,
    &rule_sheet::Kind,
    &reference_card::Kind,
    &score_sheet::Kind,
    &gang::Kind,
    &custom_sheet::Kind,
];
