//! Unit tests of `src/output/write.rs`.

use std::path::{Path, PathBuf};

use pitchprint::output::write::*;

#[test]
fn pages_of_a_layout_are_its_stem_and_numbered_stems() {
    let f = Family::Pages {
        stem: PathBuf::from("out/league/banknotes"),
        ext: "svg",
    };
    for ours in ["banknotes.svg", "banknotes-1.svg", "banknotes-20.svg"] {
        assert!(f.matches(ours), "{ours}");
    }
    for theirs in [
        "banknotes-en.svg",
        "banknotes-en-2.svg",
        "banknotes-02.svg",
        "banknotes-0.svg",
        "banknotes-.svg",
        "banknotes-2.png",
        "banknotes-2.svg.bak",
        "banknotesx.svg",
        "old-banknotes-2.svg",
    ] {
        assert!(!f.matches(theirs), "{theirs}");
    }
    let cards = Family::Numbered {
        dir: PathBuf::from("out/league/deck-cards"),
        ext: "png",
    };
    assert!(cards.matches("001-ana-roble.png") && cards.matches("1200-x.png"));
    assert!(!cards.matches("01-ana.png") && !cards.matches("notes.png") && !cards.matches("001-ana.jpg"));
}

#[test]
fn a_long_name_gets_a_short_temporary_name_of_its_own() {
    let long = |c: char| PathBuf::from(format!("out/{}.pdf", c.to_string().repeat(245)));
    let (a, b) = (long('a'), long('b'));
    for tag in ["", ".old"] {
        let ta = temp_name(&a, tag);
        let name = ta.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.len() <= NAME_MAX, "{} bytes: {name}", name.len());
        assert_eq!(temp_owner(&name), Some(std::process::id()), "{name}");
        assert_eq!(ta.parent(), Some(Path::new("out")));
        assert_ne!(ta, temp_name(&b, tag));
    }
    // Letters of several bytes are not cut in half.
    let accents = PathBuf::from(format!("{}.svg", "é".repeat(125)));
    assert!(temp_name(&accents, ".old").file_name().unwrap().len() <= NAME_MAX);
    // Short names keep the plain form.
    assert_eq!(
        temp_name(Path::new("out/pitch.pdf"), ""),
        PathBuf::from(format!("out/.pitch.pdf.{}.tmp", std::process::id()))
    );
}

#[test]
fn only_our_temporary_names_are_taken_for_ours() {
    assert_eq!(temp_owner(".pitch.pdf.123.tmp"), Some(123));
    assert_eq!(temp_owner(".pitch-2.svg.77.old.tmp"), Some(77));
    assert_eq!(temp_owner(".notes.txt.123.tmp"), None);
    assert_eq!(temp_owner("pitch.pdf.123.tmp"), None);
    assert_eq!(temp_owner(".pitch.pdf.tmp"), None);
    assert_eq!(temp_owner(".pitch.pdf.12a.tmp"), None);
}
