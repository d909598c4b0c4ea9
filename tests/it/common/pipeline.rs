//! Layouts loaded in process through the library's pipeline: findings as
//! values, without spawning the binary.

use std::path::Path;

use pitchprint::diag::Finding;
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::world::World;

/// Every finding of loading the layout at `path` in `world` and, when it
/// loads, of checking the document it composes: in `lang` alone when one is
/// given, else in every language the layout is built in.
pub fn findings_in(world: &dyn World, path: &Path, lang: Option<&str>) -> Vec<Finding> {
    let overrides = Overrides {
        lang: lang.map(str::to_string),
        ..Overrides::default()
    };
    match Pipeline::new(world).load(path, &overrides) {
        Err(found) => found,
        Ok(loaded) => pipeline::check(&loaded, &pipeline::compose(&loaded)),
    }
}

/// Path football's field as the game has it (6 x 8 squares of 9 mm, a
/// two-square gap, exits, no diagonals), as the checker holds every
/// path-fields layout to it: the field the engine's tests play on.
pub fn path_field() -> pitchprint::components::path_fields::layout::Field {
    pitchprint::components::path_fields::layout::Field {
        columns: 6,
        rows: 8,
        pitch: pitchprint::geom::Mm(9.0),
        opening: 2,
        opening_offset: 0,
        exits: true,
        diagonals: false,
        coordinates: false,
    }
}
