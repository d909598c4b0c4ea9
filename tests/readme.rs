//! The README says what the program does: its table of finding codes is the
//! one the `Code` enum generates. Run with `UPDATE_README=1` to rewrite it.

use pitchprint::code::Code;

const START: &str = "<!-- codes: generated from src/code.rs by tests/readme.rs -->\n";
const END: &str = "<!-- /codes -->";

#[test]
fn the_readme_lists_every_code_as_the_code_declares_it() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme.find(START).expect("the README marks its table of codes") + START.len();
    let end = start + readme[start..].find(END).expect("the table of codes ends");
    let table = Code::table();
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}{table}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        &readme[start..end],
        table,
        "the README's table of codes differs from src/code.rs; run UPDATE_README=1 cargo test --test readme"
    );
    assert!(table.lines().count() == Code::ALL.len() + 2, "one row per code");
}

/// The README's "Limits" section, up to the next section.
fn limits_section() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme.find("\n## Limits\n").expect("the README has a Limits section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_string()
}

#[test]
fn the_readme_states_the_limits_the_code_holds() {
    use pitchprint::layout::squares::MIN_SQUARE_MM;
    use pitchprint::limits::*;
    let section = limits_section();
    let rows = [
        ("A length", format!("{MIN_LENGTH_MM} to {MAX_LENGTH_MM} mm")),
        ("A line width", format!("{MIN_LINE_WIDTH_MM} to {MAX_LINE_WIDTH_MM} mm")),
        ("A text size", format!("above 0 to {MAX_TEXT_PT} pt")),
        (
            "A board's side",
            format!("{MAX_BOARD_MM} mm, squares of {MIN_SQUARE_MM} mm at least"),
        ),
        ("Squares along", format!("| {MAX_SQUARES} |")),
        ("Pieces a board", format!("| {MAX_PIECES} |")),
        ("An item cut", format!("{MAX_ITEM_MM} mm a side")),
        ("A label", format!("| {MAX_LABEL_CHARS} characters |")),
        ("A name that is not", format!("| {MAX_WORD_CHARS} characters |")),
        ("Entries of a list", format!("| {MAX_ENTRIES} |")),
        ("Cards in a deck", format!("| {MAX_CARDS} (rows")),
        ("Banknotes", format!("| {MAX_NOTES} |")),
        ("Counters", format!("| {MAX_COUNTERS} |")),
    ];
    for (what, says) in rows {
        let row = section
            .lines()
            .find(|l| l.starts_with(&format!("| {what}")))
            .unwrap_or_else(|| panic!("the Limits table has no row for {what:?}"));
        assert!(
            row.contains(&says),
            "the row {row:?} should say {says:?} (src/limits.rs)"
        );
    }
}
