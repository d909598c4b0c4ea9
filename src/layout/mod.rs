//! Loading and resolving layout files.
//!
//! A layout is a TOML file whose `kind` names the component it describes.
//! [`crate::input::source`] reads it while keeping the span of every key; [`resolve`] turns
//! raw values into validated ones through an explicit context and blames any
//! bad value on its file, line, column and key. The tables several kinds
//! share (`[page]`, `[print]`, `[tiling]`, a board's words) have a module each.
//! What a kind's resolve gives the pipeline and the other layouts (its pages,
//! its checks and its capabilities) is the components' contract,
//! `components::resolved`: this stage comes before the components and the
//! scene, and names neither.

pub mod board_text;
pub mod font_names;
pub mod page;
pub mod print;
pub mod profile;
pub mod resolve;
pub mod scaffold;
pub mod schema;
pub mod section;
pub mod squares;
pub mod tiling;
pub mod values;
