//! One folder per component kind: its layout, its composition, its checks
//! and the capabilities it declares. The list below declares each kind's
//! folder and registers it in one line; [`registry`] finds a kind by name.

pub mod component;
pub mod registry;
pub mod resolved;

/// Declares each kind's module and lists its `Kind` in [`COMPONENTS`], so a
/// kind is added by writing its folder's name once, here.
macro_rules! kinds {
    ($($kind:ident),* $(,)?) => {
        $(pub mod $kind;)*

        /// Every component kind, in the order hints list them.
        pub const COMPONENTS: &[&dyn component::Component] = &[$(&$kind::Kind),*];
    };
}

kinds! {
    dice_pitch,
    path_fields,
    print_test,
    duplex_calibration,
    counters,
    die_nets,
    futbolchess_board,
    league_board,
    card_deck,
    banknotes,
    bid_slips,
    league_table,
    role_card,
    rule_sheet,
    reference_card,
    score_sheet,
    gang,
    custom_sheet,
}
