//! `src/tts/save.rs` and `src/tts/images.rs`: dates, ids and addresses as
//! TTS writes and reads them.

use pitchprint::tts::images::{Urls, file_url};
use pitchprint::tts::save::{Object, Transform, number, tts_date};

#[test]
fn a_save_s_date_is_written_as_tts_writes_it() {
    // A real save: EpochTime 1656630784 is 30 June 2022, 23:13:04 UTC.
    assert_eq!(tts_date(1_656_630_784), "6/30/2022 11:13:04 PM");
    assert_eq!(tts_date(1_767_225_600), "1/1/2026 12:00:00 AM");
    assert_eq!(tts_date(1_767_268_800), "1/1/2026 12:00:00 PM");
    assert_eq!(tts_date(951_782_400), "2/29/2000 12:00:00 AM", "a leap day");
}

#[test]
fn every_object_and_card_gets_its_own_guid_the_same_each_time() {
    let t = Transform::at(0.0, 1.0, 0.0, 180.0, false, (1.0, 1.0));
    let make = || {
        let mut deck = Object::new("Deck", "d", t);
        deck.contained_objects = Some((0..300).map(|_| Object::new("Card", "c", t)).collect());
        let mut all = vec![deck, Object::new("Die_6", "x", t)];
        number(&mut all, "game/en");
        all
    };
    let ids: Vec<String> = make().iter().flat_map(|o| o.all()).map(|o| o.guid.clone()).collect();
    let again: Vec<String> = make().iter().flat_map(|o| o.all()).map(|o| o.guid.clone()).collect();
    assert_eq!(ids, again, "the same save, the same ids");
    let unique: std::collections::BTreeSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), 302);
    assert!(
        ids.iter()
            .all(|g| g.len() == 6 && g.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()))
    );
}

#[test]
fn images_are_named_as_local_files_or_under_the_address_they_are_served_from() {
    assert_eq!(
        file_url(std::path::Path::new("/home/ana/output/league/tts/images/deck-1.png")),
        "file:///home/ana/output/league/tts/images/deck-1.png"
    );
    assert_eq!(
        file_url(std::path::Path::new(r"C:\Users\Ana Pérez\tts\a.png")),
        "file:///C:/Users/Ana Pérez/tts/a.png",
        "as TTS takes a Windows path"
    );
    let base = Urls::Base("https://example.org/league/tts".into());
    assert_eq!(
        base.of("images/deck 1.png"),
        "https://example.org/league/tts/images/deck%201.png"
    );
    assert_eq!(
        base.of("images/pérez.png"),
        "https://example.org/league/tts/images/p%C3%A9rez.png"
    );
}
