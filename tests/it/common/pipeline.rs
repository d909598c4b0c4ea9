//! Layouts loaded in process through the library's pipeline: findings as
//! values, without spawning the binary.

use std::path::Path;

use pitchprint::diag::Finding;
use pitchprint::input::world::World;
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};

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

/// The text of a shipped rule, cover or reference-card Markdown file
/// (`templates/rules/league/en.md`) as its game's layout prints it: the
/// game's numbers (`{start_money|money}`) filled in from its game file.
/// Lines keep their numbers, so a line found here is the file's line.
pub fn printed_md(rel: &str) -> String {
    use pitchprint::components::component::resolved_as;
    use pitchprint::components::{reference_card, rule_sheet};
    static MADE: std::sync::Mutex<std::collections::BTreeMap<String, String>> =
        std::sync::Mutex::new(std::collections::BTreeMap::new());
    if let Some(text) = MADE.lock().unwrap().get(rel) {
        return text.clone();
    }
    let parts: Vec<&str> = rel.split('/').collect();
    let [_, kind, game, file] = parts[..] else {
        panic!("{rel} is not templates/<rules|covers|reference>/<game>/<lang>.md")
    };
    let layout = match kind {
        "rules" => "rules.toml",
        "covers" => "cover.toml",
        "reference" => "reference.toml",
        other => panic!("no layout prints templates/{other}"),
    };
    let overrides = Overrides {
        lang: Some(file.trim_end_matches(".md").to_string()),
        ..Overrides::default()
    };
    let path = crate::common::shipped(&format!("layouts/{game}/{layout}"));
    let loaded = Pipeline::new(&pitchprint::input::world::Disk)
        .load(&path, &overrides)
        .unwrap_or_else(|f| panic!("{} does not load: {f:?}", path.display()));
    let text = resolved_as::<rule_sheet::Kind>(&loaded)
        .map(|s| s.text.clone())
        .or_else(|| resolved_as::<reference_card::Kind>(&loaded).map(|c| c.text.clone()))
        .expect("a rule sheet or a reference card");
    MADE.lock().unwrap().insert(rel.to_string(), text.clone());
    text
}
