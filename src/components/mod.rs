//! One folder per component kind: its layout, its composition, its checks
//! and the capabilities it declares. Each kind's folder is a `pub mod` line
//! and a line of [`COMPONENTS`]; [`registry`] finds a kind by name.

pub mod component;
pub mod placement;
pub mod registry;

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
