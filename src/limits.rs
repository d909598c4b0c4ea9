//! The largest (and smallest) values pitchprint accepts, in one place: every
//! number a layout or the card template holds is refused at load when it
//! leaves its range, and every count the pages are made of (items, pieces,
//! rows) is bounded before anything is allocated for it. The bounds are
//! what a printed game can use, with room to spare; past them a layout gets
//! a finding with the range, never a hang or a machine out of memory.
//!
//! The book's "Limits" chapter (`docs/book/src/limits.md`) states these numbers (`tests/it/readme.rs`
//! holds the two together).
//!
//! The least a printed page can show legibly lives here too: the checker
//! holds every page to it, and the builders that size their own marks
//! (a role's letters on its piece) size them within it, so both take it
//! from this module rather than one from the other.

use crate::geom::Mm;

/// The longest length any key holds, in mm (a size, a pitch, a gap): more
/// than the long side of an A0 sheet (1189 mm), the largest poster a board
/// is printed or tiled to.
pub const MAX_LENGTH_MM: u32 = 1200;

/// The shortest length a key that must be above zero holds, in mm: a tenth
/// of a millimetre is the finest line a printer draws, so anything shorter
/// is a slip of the keyboard (`1e-9`), not a size.
pub const MIN_LENGTH_MM: f64 = 0.1;

/// The thinnest line width a layout may hold, in mm. Lines thinner than the
/// 0.1 mm a printer draws reliably are the checker's (`stroke-thin`, with the
/// width that prints); below a hundredth of a millimetre it is a slip of the
/// keyboard, refused when the layout is read.
pub const MIN_LINE_WIDTH_MM: f64 = 0.01;

/// The widest line, in mm: a 10 mm line is a band, not a line.
pub const MAX_LINE_WIDTH_MM: u32 = 10;

/// The largest text, in pt: 72 pt (one inch, 25.4 mm letters) is the size
/// of a poster's headline. (The smallest readable size, 6 pt, is the
/// checker's.)
pub const MAX_TEXT_PT: f64 = 72.0;

/// The longest words a label holds, in characters (a title, a caption, a
/// legend entry): the shipped labels are at most about 220.
pub const MAX_LABEL_CHARS: usize = 1000;

/// The longest string that is not for people (a column name, a file name,
/// a serial prefix), in characters: as long as a file name may be.
pub const MAX_WORD_CHARS: usize = 255;

/// The most entries a list or an array of tables holds (labels in a list,
/// `[[die]]`, `[[role]]`, `[[set]]`, `[[denomination]]`).
pub const MAX_ENTRIES: usize = 50;

/// The longest side of a board, in mm (its squares times their pitch): as
/// long as [`MAX_LENGTH_MM`].
pub const MAX_BOARD_MM: u32 = MAX_LENGTH_MM;

/// The most pieces a board is tiled into: a board of the largest size on A4
/// takes about 35; more means a mistake in its size, and the board is
/// refused instead of printing a pile of pages.
pub const MAX_PIECES: usize = 64;

/// The most cards a deck holds, copies included (and so the most players
/// its spreadsheet lists): the sample league has 160, a championship of
/// twenty coaches with a season's market needs about 500, and a whole
/// country's leagues are a few thousand. A deck's memory does not grow with
/// its photos (they are read again as each page is written), so this is a
/// bound on time (about 4 s at this size), not on memory.
pub const MAX_CARDS: u32 = 10_000;

/// The most banknotes a layout prints: the sample bank for six coaches has
/// 120; this is a bank for about twenty-five.
pub const MAX_NOTES: u32 = 500;

/// The most counters a sheet prints (all sets together): a game uses a few
/// dozen.
pub const MAX_COUNTERS: u32 = 500;

/// The longest side of an item cut from a sheet (a card, a note, a slip),
/// in mm: the long side of A3, the largest paper pitchprint prints on.
pub const MAX_ITEM_MM: u32 = 420;

/// The most squares along a side of a board, or of a field (a game's are
/// 6 to 18): the checker holds each game's own counts.
pub const MAX_SQUARES: i64 = 40;

/// The most bytes one part of a workbook (a zip of XML) may inflate to: a
/// sheet of ten thousand players is a few megabytes of XML.
pub const MAX_WORKBOOK_ENTRY: u64 = 64 * 1024 * 1024;

/// The most bytes all of a workbook's parts may inflate to.
pub const MAX_WORKBOOK_INFLATED: u64 = 128 * 1024 * 1024;

/// The columns of a sheet read (A to IV): a deck's columns and its
/// template's, with room to spare.
pub const MAX_WORKBOOK_COLUMNS: u32 = 256;

/// The most cells a workbook whose reader lays out a whole sheet (.ods)
/// may expand to with its repeats: 4 million.
pub const MAX_WORKBOOK_CELLS: u64 = 4_000_000;

/// The thinnest line a home printer draws reliably.
pub const MIN_STROKE: Mm = Mm(0.1);

/// The smallest text people read comfortably on a printed sheet.
pub const MIN_TEXT_PT: f64 = 6.0;

/// How far inside a disc's edge (inside its outline, when it has one) the
/// letters must stay: ink that touches the edge reads as cut off.
pub const LABEL_INSET: Mm = Mm(0.25);
