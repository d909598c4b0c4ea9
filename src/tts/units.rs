//! Millimetres on the table: how large TTS makes each kind of object at
//! scale 1, so that a piece is given the scale that makes it its printed
//! size, and the board's squares and the pieces on them agree.
//!
//! A TTS unit is an inch: the game's ruler measures in inches, a custom
//! tile's thickness is "in in-game units (about an inch)". The sizes at
//! scale 1 are TTS's own (sources in each constant's comment).

/// Millimetres in a unit.
pub const MM_PER_UNIT: f64 = 25.4;

/// `mm` in units.
pub fn units(mm: f64) -> f64 {
    mm / MM_PER_UNIT
}

/// A card at scale 1: its depth (along the table), in units. Its width
/// follows the shape of its place on the sheet (a landscape banknote is
/// as deep as a portrait card and twice as wide), so a card is scaled by
/// its depth alone. About 3.0 to 3.2 in the sources (the Arkham Horror
/// mod's "roughly size of a card", 3.2 with its margin; its scripts' card
/// width 2.3 with a gap): 3.1, TTS's poker card.
pub const CARD_DEPTH: f64 = 3.1;
/// A custom tile at scale 1: its depth, in units; its width follows its
/// image's shape (measured in real saves: the King's Dilemma mat, whose
/// script places cards at fractions of its width, and the snap points of
/// Spirit Island's and Arkham Horror's panels).
pub const TILE_DEPTH: f64 = 2.0;
/// TTS's own six-sided die at scale 1: its edge, in units (a little under
/// 1.1 in public scripts that lay dice out in grids).
pub const DIE: f64 = 1.0;
/// The scale a rule sheet's PDF is laid at (a real generator's, checked by
/// its author against 51 Custom_PDF objects of 28 Workshop mods).
pub const PDF_SCALE: f64 = 2.2;

/// The table's top: where a piece laid on it rests (y), on `Table_RPG`.
pub const TABLE_TOP: f64 = 0.96;
/// How far above the table pieces are put, so that they settle on it
/// rather than start inside it or one another.
pub const DROP: f64 = 0.2;
/// How far from the table's centre pieces may lie: the part of
/// `Table_RPG` clear of the players' hand zones, across and along.
pub const REACH: (f64, f64) = (25.0, 17.0);
