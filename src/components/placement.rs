//! Where a kind's layouts go in a game's print-and-play kit: what a part is
//! (its [`Role`], which sets its place in print order) and what it is
//! printed on ([`Stock`]). Each kind declares its own
//! ([`ComponentKind::PLACE`](crate::components::component::ComponentKind::PLACE)),
//! so a new kind is placed where it is written.

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

/// Where a kind's layouts go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In every game's kit that holds one, as this role on this stock.
    Kit(Role, Stock),
    /// Never in a game's kit: a printer's calibration sheet, printed once
    /// per printer, not per game.
    Calibration,
}
