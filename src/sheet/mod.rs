//! The sheet stage: putting composed art on paper. Every component goes through
//! it: boards are placed on one sheet or tiled across several
//! ([`tile`]), equal items (cards, counters, banknotes) are imposed N-up with
//! bleed, crop marks and duplex backs ([`nup`]); [`marks`] draws the printer's
//! marks they share, and [`cut`] says how far a cut at home strays.

pub mod cut;
pub mod marks;
pub mod nup;
pub mod place;
pub mod tile;
