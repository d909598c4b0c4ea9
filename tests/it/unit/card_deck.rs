//! Unit tests of `src/components/card_deck/mod.rs`.

use layout::Card;

use pitchprint::components::card_deck::*;

#[test]
fn slugs_keep_letters_and_digits() {
    assert_eq!(slug("Adrián Abril"), "adrian-abril");
    assert_eq!(slug("Ñoño  Peña 2"), "nono-pena-2");
    assert_eq!(slug("../../etc/passwd\u{1}"), "etc-passwd");
    assert_eq!(slug("李小龍"), "");
    assert_eq!(slug(&"x".repeat(100)).len(), NAME_CHARS);
}

#[test]
fn players_of_one_name_get_files_of_their_own() {
    let card = |name: &str, team: &str, line: usize| Card {
        line,
        name: name.into(),
        name_size: 10.0,
        team: team.into(),
        team_size: 8.0,
        position: Some(layout::Position::Forward),
        stats: Vec::new(),
        price: String::new(),
        picture: None,
        quantity: 1,
        extra: Vec::new(),
        field_sizes: Vec::new(),
        images: Vec::new(),
        look: Default::default(),
    };
    let cards = [
        card("Juan García", "Uno", 2),
        card("Juan García", "Dos", 3),
        card("Juan García", "Uno", 4),
        card("Ana", "Uno", 5),
        card("李小龍", "Uno", 6),
    ];
    assert_eq!(
        file_names(&cards),
        [
            "juan-garcia-uno-line-2",
            "juan-garcia-dos",
            "juan-garcia-uno-line-4",
            "ana",
            "line-6"
        ]
    );
}
