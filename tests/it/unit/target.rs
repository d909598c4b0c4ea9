//! Unit tests of `src/print/target.rs`.

use pitchprint::geom::Size;
use pitchprint::print::target::{Standard, Target};

#[test]
fn targets_are_named_as_the_command_line_writes_them() {
    for name in ["home", "mpc", "tgc", "drivethrucards", "offset"] {
        assert_eq!(Target::parse(name).unwrap().name(), name);
    }
    assert_eq!(Target::parse(" DriveThruCards "), Some(Target::DriveThruCards));
    let refused = Target::parse_arg("kinkos").unwrap_err();
    assert!(
        refused.contains("drivethrucards") && refused.contains("mpc"),
        "{refused}"
    );
    assert!(Target::Home.shop().is_none());
}

#[test]
fn a_us_shop_cuts_a_european_poker_card_at_its_own_poker_size_and_refuses_others() {
    let dtc = Target::DriveThruCards.shop().unwrap();
    let poker = dtc.cut_named("poker").unwrap().size();
    assert!((poker.w.0 - 63.5).abs() < 1e-9 && (poker.h.0 - 88.9).abs() < 1e-9);
    assert_eq!(dtc.cut_named("poker-eu").map(|c| c.size()), Some(poker));
    assert_eq!(dtc.cut_for(Size::new(63.0, 88.0)), Some(poker));
    // Turned, it is the same card turned.
    assert_eq!(
        dtc.cut_for(Size::new(88.0, 63.0)),
        Some(Size::new(poker.h.0, poker.w.0))
    );
    assert_eq!(dtc.cut_named("tarot"), None);
    assert_eq!(dtc.cut_for(Size::new(70.0, 100.0)), None);
    assert_eq!(dtc.sizes_in_words(), "poker 63.5 x 88.9 mm");
    // The Game Crafter cuts tarot; an offset printer any size as it is.
    assert!(Target::Tgc.shop().unwrap().cut_named("tarot").is_some());
    let offset = Target::Offset.shop().unwrap();
    assert_eq!(offset.cut_for(Size::new(70.0, 100.0)), Some(Size::new(70.0, 100.0)));
}

#[test]
fn an_ink_limit_never_goes_above_the_shops_and_only_pdf_shops_have_one() {
    let dtc = Target::DriveThruCards.shop().unwrap();
    let limit = |asked: Option<f64>| dtc.pdfx(asked).unwrap().ink_limit.round() as i64;
    assert_eq!(limit(None), 240);
    assert_eq!(limit(Some(200.0)), 200);
    assert_eq!(limit(Some(320.0)), 240);
    assert_eq!(dtc.pdfx(None).unwrap().standard, Standard::X1a);
    assert!(dtc.pdfx(None).unwrap().back_first);
    let offset = Target::Offset.shop().unwrap().pdfx(None).unwrap();
    assert_eq!(
        (offset.standard, offset.ink_limit, offset.back_first),
        (Standard::X4, 300.0, false)
    );
    assert!(Target::Mpc.shop().unwrap().pdfx(None).is_none());
    assert_eq!(Standard::X1a.pdf_version(), "1.4");
    assert_eq!(Standard::X4.pdf_version(), "1.6");
}
