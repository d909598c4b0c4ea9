//! Unit tests of `src/output/outcome.rs`.

use std::path::PathBuf;

use pitchprint::output::outcome::*;

fn written(lang: &str, files: &[&str], pages: usize) -> LanguageDone {
    LanguageDone {
        written: true,
        pages: Some(pages),
        files: files
            .iter()
            .map(|f| FileWritten {
                path: PathBuf::from(f),
                bytes: 1,
            })
            .collect(),
        ..LanguageDone::new(lang)
    }
}

#[test]
fn a_layout_is_one_line_naming_its_pdfs_and_counting_its_pages() {
    let done = [
        written("es", &["out/g/deck.pdf", "out/g/deck-1.svg", "out/g/deck-2.svg"], 2),
        written(
            "en",
            &["out/g/deck-en.pdf", "out/g/deck-en-1.svg", "out/g/deck-en-2.svg"],
            2,
        ),
    ];
    assert_eq!(
        line_of("layouts/g/deck.toml", &done, 0),
        "layouts/g/deck.toml → out/g/: deck.pdf, deck-en.pdf + 4 SVG pages (2 pages each)"
    );
    let mut partly = done.to_vec();
    partly.push(LanguageDone::new("ca"));
    assert!(line_of("x", &partly, 1).ends_with("; not written in ca (1 error)"));
}

#[test]
fn the_languages_follow_the_first_line() {
    let text = "error[x]: a.toml:1:1: bad\n  hint: fix";
    assert_eq!(
        with_languages(text, &["es".into(), "en".into()]),
        "error[x]: a.toml:1:1: bad (in es, en)\n  hint: fix"
    );
}
