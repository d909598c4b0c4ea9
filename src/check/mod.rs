//! The geometry checker: it reads the resolved layout and the composed scene and
//! returns every finding, errors and warnings alike. Errors stop the write.
//!
//! Rules that hold for any page live in [`pages`]; measuring helpers in
//! [`measure`]; rules shared by several components (boards on a grid, N-up
//! sheets, tiled pieces) in their own modules. Each component adds its own
//! rules in its folder, computed from the scene (what will be printed), with
//! the game's facts held as constants there rather than read from the layout.

pub mod border;
pub mod covered;
pub mod grid;
pub mod ink;
pub mod measure;
pub mod pages;
pub mod shapes;
pub mod sheet;
pub mod target;
pub mod tiles;
