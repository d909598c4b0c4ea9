//! The print order of a kit, by component kind, in one place: what each
//! kind is in a kit (its [`Role`], which sets its place) and what it is
//! printed on ([`Stock`]). A leaf: it knows the component kinds and nothing
//! of how a kit is put together.

use crate::components::component::Component;
use crate::components::{
    banknotes, bid_slips, card_deck, counters, custom_sheet, dice_pitch, die_nets, duplex_calibration,
    futbolchess_board, gang, league_board, league_table, path_fields, print_test, reference_card, role_card,
    rule_sheet, score_sheet,
};

/// What a part is in a kit, in print order: the cover first, then what is
/// read (rules, quick reference), then what is played on and with, then
/// what is written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// The game's cover sheet (its `cover.toml`), which the kit completes
    /// with its own page ranges.
    Cover,
    /// The rules.
    Rules,
    /// Quick-reference cards and the role card.
    Reference,
    /// Boards, the play mat, the fields.
    Board,
    /// Counters and tokens, and the shared sheet of small parts.
    Counters,
    /// Dice to cut out and fold.
    Dice,
    /// Player cards.
    Cards,
    /// Banknotes.
    Notes,
    /// Bid slips.
    Slips,
    /// The league table and score sheets.
    Table,
}

/// What a part is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stock {
    /// Plain paper (80 g/m²): what is read or written on.
    Plain,
    /// Card (about 200 g/m²): what is cut out and handled in play.
    Card,
}

/// Every kind a kit prints, with its role and stock. The order of the kit
/// is [`Role`]'s; this table only says which role each kind plays. A rule
/// sheet named `cover.toml` is the game's cover ([`Role::Cover`]).
const KIT: &[(&dyn Component, Role, Stock)] = &[
    (&rule_sheet::Kind, Role::Rules, Stock::Plain),
    (&reference_card::Kind, Role::Reference, Stock::Card),
    (&role_card::Kind, Role::Reference, Stock::Card),
    (&dice_pitch::Kind, Role::Board, Stock::Card),
    (&futbolchess_board::Kind, Role::Board, Stock::Card),
    (&league_board::Kind, Role::Board, Stock::Card),
    // A field is drawn on with a pen and used up by one game.
    (&path_fields::Kind, Role::Board, Stock::Plain),
    (&counters::Kind, Role::Counters, Stock::Card),
    (&gang::Kind, Role::Counters, Stock::Card),
    (&die_nets::Kind, Role::Dice, Stock::Card),
    (&card_deck::Kind, Role::Cards, Stock::Card),
    (&banknotes::Kind, Role::Notes, Stock::Card),
    (&bid_slips::Kind, Role::Slips, Stock::Plain),
    (&league_table::Kind, Role::Table, Stock::Plain),
    (&score_sheet::Kind, Role::Table, Stock::Plain),
    // A sheet of the user's own design in a game's folder: a board of
    // theirs (or a token sheet), printed on card like the game's boards.
    (&custom_sheet::Kind, Role::Board, Stock::Card),
];

/// The kinds that are never part of a game's kit: the printer's
/// calibration sheets, printed once per printer, not per game.
const CALIBRATION: &[&dyn Component] = &[&print_test::Kind, &duplex_calibration::Kind];

/// The file name that makes a rule sheet its game's cover.
pub const COVER_FILE: &str = "cover.toml";

/// The role and stock of a layout of `kind` in a kit, named `file_name`;
/// `None` for a kind no kit prints (a calibration sheet).
pub fn place(kind: &str, file_name: &str) -> Option<(Role, Stock)> {
    let (component, role, stock) = KIT.iter().find(|(c, _, _)| c.kind() == kind)?;
    let cover = component.kind() == rule_sheet::Kind.kind() && file_name == COVER_FILE;
    Some((if cover { Role::Cover } else { *role }, *stock))
}

/// Whether `kind` is a calibration sheet, which belongs to the printer and
/// to no game's kit.
pub fn is_calibration(kind: &str) -> bool {
    CALIBRATION.iter().any(|c| c.kind() == kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::registry;

    #[test]
    fn every_kind_is_either_in_the_kit_or_a_calibration_sheet() {
        // A new kind must be given its place here, or it would silently be
        // left out of every kit.
        for kind in registry::kinds() {
            let in_kit = KIT.iter().filter(|(c, _, _)| c.kind() == kind).count();
            let calibration = usize::from(is_calibration(kind));
            assert_eq!(in_kit + calibration, 1, "{kind}: give it one place in kit::order");
        }
    }

    #[test]
    fn the_cover_comes_first_and_the_rules_next() {
        let rules = rule_sheet::Kind.kind();
        assert_eq!(place(rules, COVER_FILE), Some((Role::Cover, Stock::Plain)));
        assert_eq!(place(rules, "rules.toml"), Some((Role::Rules, Stock::Plain)));
        assert!(Role::Cover < Role::Rules && Role::Rules < Role::Board && Role::Cards < Role::Table);
        assert_eq!(place(print_test::Kind.kind(), "test-sheet.toml"), None);
    }
}
