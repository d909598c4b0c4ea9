//! The sheet stage: putting composed art on paper. Every component goes through
//! it: boards are placed on one sheet or tiled across several
//! ([`tile`]), equal items (cards, counters, banknotes) are imposed N-up with
//! bleed, crop marks and duplex backs ([`nup`]); [`marks`] draws the printer's
//! marks they share, [`cut`] says how far a cut at home strays, and
//! [`cutter`] draws a cutting machine's registration marks.

pub mod cut;
pub mod cutter;
pub mod marks;
pub mod nup;
pub mod place;
pub mod tile;
