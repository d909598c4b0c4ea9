//! The game's numbers in its texts: placeholders, how each language writes
//! numbers, where Catalan elides (src/game/numbers.rs).

use pitchprint::game::numbers::{Placeholder, Style, elides, placeholders};

fn style(thousands: &str, group_from: u64) -> Style {
    Style {
        decimal: ",".into(),
        thousands: thousands.into(),
        group_from,
        or: "o".into(),
        and: "y".into(),
        note: "{n} billete de {amount}".into(),
        notes: "{n} billetes de {amount}".into(),
        more: "{n} de {amount}".into(),
        more_elided: None,
    }
}

#[test]
fn placeholders_are_found_and_diagram_braces_are_left_alone() {
    let line = "{{diagram: setup | With {start_money|money} each.}} {a} { b } {} {x.y}";
    let found: Vec<String> = placeholders(line).iter().map(Placeholder::key).collect();
    assert_eq!(found, ["start_money|money", "a", "x.y"]);
}

#[test]
fn numbers_are_grouped_from_the_languages_threshold() {
    let s = style(".", 10_000);
    assert_eq!(s.number(1500.0), "1500");
    assert_eq!(s.number(3_500_000.0), "3.500.000");
    assert_eq!(s.number(22.5), "22,5");
    assert_eq!(s.number(-12_000.0), "-12.000");
    assert_eq!(style(",", 1_000).number(1500.0), "1,500");
}

#[test]
fn catalan_elides_before_one_and_eleven_but_not_a_thousand() {
    let yes = [1, 11, 11_000, 11_500, 1_000_000, 11_000_000, 1_500_000];
    let no = [2, 10, 50, 100, 1_000, 1_500, 8, 111, 21, 1_000_000_000];
    assert!(yes.iter().all(|&n| elides(n)), "{yes:?}");
    assert!(no.iter().all(|&n| !elides(n)), "{no:?}");
}
