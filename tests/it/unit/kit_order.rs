//! Unit tests of `src/kit/order.rs`.

use pitchprint::components::component::ComponentKind;
use pitchprint::components::placement::{Role, Stock};
use pitchprint::components::rule_sheet;

use pitchprint::kit::order::*;

#[test]
fn the_cover_comes_first_and_the_rules_next() {
    let rules = rule_sheet::Kind::NAME;
    assert_eq!(place(rules, COVER_FILE), Some((Role::Cover, Stock::Plain)));
    assert_eq!(place(rules, "rules.toml"), Some((Role::Rules, Stock::Plain)));
    assert!(Role::Cover < Role::Rules && Role::Rules < Role::Board && Role::Cards < Role::Table);
    assert_eq!(
        place(pitchprint::components::print_test::Kind::NAME, "test-sheet.toml"),
        None
    );
}
