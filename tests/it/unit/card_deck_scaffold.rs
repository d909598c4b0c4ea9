//! Unit tests of `src/components/card_deck/scaffold.rs`.

use pitchprint::layout::scaffold::Shown;
use std::path::Path;

use pitchprint::components::card_deck::scaffold::*;

#[test]
fn headers_match_in_three_languages() {
    let headers: Vec<String> = [
        "Nombre",
        "Equipo",
        "Posición",
        "Pases buenos",
        "Robos",
        "Tiros a puerta",
        "Goles encajados",
        "Paradas",
        "Precio",
        "Foto",
        "Notas",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (keys, unused, matched) = map_columns(&headers);
    assert_eq!(matched, 10);
    assert_eq!(unused, vec!["Notas".to_string()]);
    let shown = |name: &str| keys.iter().find(|k| k.name == name).map(|k| k.shown.clone());
    assert_eq!(
        shown("position"),
        Some(Shown::Value(toml::Value::String("Posición".into())))
    );
    assert_eq!(shown("quantity"), Some(Shown::Unset));
    let (keys, _, matched) = map_columns(&["Nom".into(), "Equip".into(), "Team".into(), "good_passes".into()]);
    assert_eq!(matched, 3);
    assert!(
        keys.iter()
            .any(|k| k.name == "team" && k.shown == Shown::Value(toml::Value::String("Equip".into())))
    );
}

#[test]
fn position_words_and_paths() {
    assert_eq!(position_of("Portero"), Some("GK"));
    assert_eq!(position_of("Davanter"), Some("FW"));
    assert_eq!(position_of("Utility"), None);
    assert_eq!(toml_key("Centro campista"), "\"Centro campista\"");
    assert_eq!(
        relative_to_layout(Path::new("/a/b/deck.toml"), Path::new("/a/c/p.csv")),
        "../c/p.csv"
    );
    assert_eq!(relative_to_layout(Path::new("deck.toml"), Path::new("p.csv")), "p.csv");
}
