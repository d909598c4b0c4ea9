//! One folder per component kind: its layout, its composition, its checks
//! and the capabilities it declares. [`registry`] lists them; adding a kind
//! is adding a folder and a line there.

pub mod component;
pub mod registry;
pub mod resolved;

pub mod banknotes;
pub mod bid_slips;
pub mod card_deck;
pub mod counters;
pub mod dice_pitch;
pub mod die_nets;
pub mod duplex_calibration;
pub mod futbolchess_board;
pub mod league_board;
pub mod league_table;
pub mod path_fields;
pub mod print_test;
pub mod role_card;
pub mod rule_sheet;
