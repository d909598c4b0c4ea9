//! Unit tests of `src/output/names.rs`: every output's name, decided in one place.

use std::path::{Path, PathBuf};

use pitchprint::input::world::{Disk, World};
use pitchprint::output::names;
use pitchprint::output::names::output_stem;
use pitchprint::print::target::Target;

#[test]
fn outputs_keep_the_game_folder() {
    assert_eq!(
        output_stem(Path::new("layouts/dice-football/pitch.toml"), Path::new("output")),
        PathBuf::from("output/dice-football/pitch")
    );
    assert_eq!(
        output_stem(Path::new("/tmp/x/my-pitch.toml"), Path::new("out")),
        PathBuf::from("out/my-pitch")
    );
    // A path that climbs out of layouts/ keeps only the file's name.
    assert_eq!(
        output_stem(Path::new("layouts/../x.toml"), Path::new("out")),
        PathBuf::from("out/x")
    );
    assert_eq!(
        output_stem(Path::new("layouts/league/../../../x.toml"), Path::new("out")),
        PathBuf::from("out/x")
    );
}

#[test]
fn the_default_language_keeps_the_name_and_another_adds_its_code() {
    assert_eq!(names::in_language("rules", "es"), "rules");
    assert_eq!(names::in_language("rules", "en"), "rules-en");
    assert_eq!(names::in_language("rules", "pt-br"), "rules-pt-br");
    let layout = Path::new("layouts/league/deck.toml");
    let out = Path::new("output");
    assert_eq!(
        names::layout_stem(layout, out, Target::Home, "es"),
        PathBuf::from("output/league/deck")
    );
    assert_eq!(
        names::layout_stem(layout, out, Target::Home, "ca"),
        PathBuf::from("output/league/deck-ca")
    );
    // A shop's files go under its own folder, the language named alike.
    assert_eq!(
        names::layout_stem(layout, out, Target::Mpc, "en"),
        PathBuf::from("output/mpc/league/deck-en")
    );
    assert_eq!(names::layout_pdf(layout, "en"), "deck-en.pdf");
    assert_eq!(names::kit(out, "league", "es"), PathBuf::from("output/league/kit.pdf"));
    assert_eq!(
        names::kit(out, "league", "en"),
        PathBuf::from("output/league/kit-en.pdf")
    );
    assert_eq!(names::tts_save("league", "ca"), "league-ca.json");
    assert_eq!(names::tts_file("images/deck", "en", "png"), "images/deck-en.png");
    // The record always names its language: `deck.es` is never `deck.en`'s.
    assert_eq!(names::record(layout, "es"), "deck.es");
}

#[test]
fn pages_cut_files_cards_and_faces_are_numbered_only_when_there_are_several() {
    let stem = Path::new("output/league/deck-en");
    assert_eq!(names::whole(stem, "pdf"), PathBuf::from("output/league/deck-en.pdf"));
    assert_eq!(
        names::page(stem, 0, 1, "svg"),
        PathBuf::from("output/league/deck-en.svg")
    );
    assert_eq!(
        names::page(stem, 2, 3, "png"),
        PathBuf::from("output/league/deck-en-3.png")
    );
    assert_eq!(
        names::cut_file(stem, 0, 1),
        PathBuf::from("output/league/deck-en-cut.svg")
    );
    assert_eq!(
        names::cut_file(stem, 1, 2),
        PathBuf::from("output/league/deck-en-cut-2.svg")
    );
    assert_eq!(
        names::card_file(stem, 6, "ana-sol"),
        PathBuf::from("output/league/deck-en-cards/007-ana-sol.png")
    );
    assert_eq!(names::face(true, Some(12)), "front-012.png");
    assert_eq!(names::face(false, Some(3)), "back-003.png");
    assert_eq!(names::face(false, None), "back.png");
}

#[test]
fn a_layout_named_as_another_in_a_language_is_refused_and_only_then() {
    let dir = std::env::temp_dir().join(format!("pitchprint-names-clash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["team.toml", "team-en.toml", "pitch-big.toml", "solo-en.toml"] {
        std::fs::write(dir.join(f), "kind = \"counters\"\n").unwrap();
    }
    let langs: Vec<String> = ["es", "en", "ca"].iter().map(|s| s.to_string()).collect();
    let clash = names::clash(&Disk, &dir.join("team-en.toml"), &langs).expect("team-en beside team");
    assert_eq!(clash.code.name(), "output-clash");
    assert!(clash.message.contains("team-en.pdf"), "{}", clash.message);
    assert!(
        clash.hint.as_deref().unwrap_or("").contains("rename"),
        "{:?}",
        clash.hint
    );
    // The layout of the plain name is not the one to rename.
    assert!(names::clash(&Disk, &dir.join("team.toml"), &langs).is_none());
    // A name that ends like a language the project does not have, or with
    // no layout of the shorter name beside it, takes no one's names.
    assert!(names::clash(&Disk, &dir.join("pitch-big.toml"), &langs).is_none());
    assert!(names::clash(&Disk, &dir.join("solo-en.toml"), &langs).is_none());
    assert!(Disk.is_file(&dir.join("team.toml")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_sentence_that_lists_the_targets_names_each_of_the_table() {
    use pitchprint::print::target::{NAMES, NAMES_SAID};
    for (name, target) in NAMES {
        assert!(NAMES_SAID.contains(name), "{name} missing from {NAMES_SAID}");
        assert_eq!(Target::parse(name), Some(target));
        assert_eq!(target.name(), name);
    }
    // Nothing but the table's names is listed as a target, the words in
    // brackets aside.
    let mut plain = String::new();
    let mut within = 0;
    for c in NAMES_SAID.chars() {
        match c {
            '(' => within += 1,
            ')' => within -= 1,
            _ if within == 0 => plain.push(c),
            _ => {}
        }
    }
    let listed: std::collections::BTreeSet<&str> = plain
        .split(", ")
        .flat_map(|part| part.split(" or "))
        .map(str::trim)
        .collect();
    let table: std::collections::BTreeSet<&str> = NAMES.iter().map(|(n, _)| *n).collect();
    assert_eq!(listed, table, "{NAMES_SAID}");
}
