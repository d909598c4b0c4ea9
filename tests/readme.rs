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
