//! Pieces of composition that several components share: the frame around a
//! board, headings of instruction sheets, and the windows diagrams are cut
//! from. Each component's own builder lives in its folder.

pub mod diagrams;
pub mod frame;
pub mod heading;
