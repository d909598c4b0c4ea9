//! The component kinds pitchprint knows, in one list.

use crate::components::component::Component;
use crate::components::{
    banknotes, bid_slips, card_deck, counters, dice_pitch, die_nets, duplex_calibration, futbolchess_board,
    league_board, league_table, path_fields, print_test, role_card, rule_sheet,
};

/// Every component kind. Adding a kind is adding its folder and a line here.
pub const COMPONENTS: &[&dyn Component] = &[
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
];

/// The component a layout's `kind` names.
pub fn find(kind: &str) -> Option<&'static dyn Component> {
    COMPONENTS.iter().copied().find(|c| c.kind() == kind)
}

/// The kinds, in the registry's order (for hints).
pub fn kinds() -> Vec<&'static str> {
    COMPONENTS.iter().map(|c| c.kind()).collect()
}
