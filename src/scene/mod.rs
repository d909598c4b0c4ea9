//! The scene: pages of tagged drawing items in millimetres.
//!
//! Each component kind's builder (the `compose.rs` of its folder under
//! [`crate::components`], with the shared pieces of [`crate::compose`] and
//! [`crate::sheet`]) produces a [`Document`](page::Document); the checker and
//! the exporters only read it. Every item says what it is for
//! through its [`Tag`](tag::Tag), so the checker can count cells or find the
//! penalty spot without knowing how a builder drew them, and the SVG exporter
//! can write the tag as a class and id.
//!
//! Each part lives in its own file, and callers import from that file
//! (`crate::scene::item::Item`): this file re-exports nothing, so no file
//! depends on the scene as a whole and no import cycle can pass through it.

pub mod item;
pub mod page;
pub mod picture;
pub mod style;
pub mod tag;
