//! Unit tests of `pitchprint::translate::report` (`src/translate/report.rs`).

use pitchprint::translate::report::*;

#[test]
fn words_count_runs_of_letters() {
    assert_eq!(words("A: ____   B: ____"), 0);
    assert_eq!(words("Defensa central"), 2);
    assert_eq!(words("casillas de {pitch} mm"), 4);
    assert_eq!(words_of_label("{columns} x {rows} casillas de {pitch} mm"), 3);
}

#[test]
fn paragraphs_start_at_their_line() {
    let p = paragraphs("# Title\n\nOne line\nand two\n\n\n- item\n");
    assert_eq!(
        p,
        vec![
            (1, "# Title".to_string()),
            (3, "One line\nand two".to_string()),
            (7, "- item".to_string())
        ]
    );
}
