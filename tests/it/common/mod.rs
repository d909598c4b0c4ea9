//! Helpers shared by the integration tests: running the built binary in a fresh
//! folder, editing copies of the shipped layout, and reading the outputs back
//! (PDF content streams with lopdf, SVG with roxmltree, PNG headers by hand),
//! and measuring the bundled font.
//!
//! One module per concern; everything is re-exported here, so a test module
//! writes `use crate::common::*;` or names what it needs.
#![allow(dead_code)]

mod dirs;
mod docs;
mod font;
mod geom;
mod json_schema;
mod pdf;
mod pipeline;
mod png;
mod rng;
mod run;
mod shared;
mod svg;
mod workbook;

// A test binary that uses nothing from one of these modules would otherwise
// be told its re-export is unused.
#[allow(unused_imports)]
pub use {
    dirs::*, docs::*, font::*, geom::*, json_schema::*, pdf::*, pipeline::*, png::*, rng::*, run::*, shared::*, svg::*,
    workbook::*,
};
