//! Unit tests of `src/components/rule_sheet/compose.rs`.

use pitchprint::geom::Mm;

use pitchprint::components::rule_sheet::compose::*;

#[test]
fn two_columns_keep_their_measure_on_wider_paper() {
    // Text areas with the default margins: A4, Letter, A3 portrait.
    assert_eq!(column_count(2, Mm(180.0)), 2);
    assert_eq!(column_count(2, Mm(186.0)), 2);
    assert_eq!(column_count(2, Mm(267.0)), 3);
    // One column is a choice, kept on any paper.
    assert_eq!(column_count(1, Mm(267.0)), 1);
}
