//! `src/tts/deck.rs`: the card sheets' grids and resolutions.

use pitchprint::geom::Size;
use pitchprint::tts::deck::{MAX_PIXELS, PER_SHEET, dpi, grid};

#[test]
fn a_sheet_holds_its_cards_and_the_hidden_card_in_the_fewest_places() {
    assert_eq!(PER_SHEET, 69, "10 x 7 places, the last the hidden card's");
    assert_eq!(grid(69), (10, 7));
    assert_eq!(grid(1), (2, 1), "one card and the hidden card");
    assert_eq!(grid(22), (6, 4), "23 places: 6 x 4 is the fewest, closest to square");
    assert_eq!(grid(48), (7, 7));
    for n in 1..=PER_SHEET {
        let (c, r) = grid(n);
        assert!(c <= 10 && r <= 7, "{n} cards: {c} x {r}");
        assert!((c * r) as usize > n, "{n} cards and the hidden card fit {c} x {r}");
        // No smaller grid would do.
        for (c2, r2) in (1..=10).flat_map(|c| (1..=7).map(move |r| (c, r))) {
            if (c2 * r2) as usize > n {
                assert!(c2 * r2 >= c * r, "{n} cards: {c2} x {r2} is smaller than {c} x {r}");
            }
        }
    }
}

#[test]
fn a_sheet_is_drawn_as_fine_as_4096_pixels_allow_in_whole_pixels_a_place() {
    let poker = Size::new(63.0, 88.0);
    for n in [1, 9, 22, 48, 69] {
        let (c, r) = grid(n);
        let dpi = dpi(c, r, poker);
        let across = 63.0 / 25.4 * dpi;
        let down = 88.0 / 25.4 * dpi;
        assert!(
            (across - across.round()).abs() < 1e-6,
            "{n}: a place is {across} px across"
        );
        assert!(
            across * f64::from(c) <= f64::from(MAX_PIXELS) + 1e-6,
            "{n}: {c} places across fit"
        );
        assert!(
            down * f64::from(r) <= f64::from(MAX_PIXELS) + 1e-6,
            "{n}: {r} places down fit"
        );
        assert!(dpi <= 300.0 + 1e-9, "{n}: no finer than 300 dpi");
        // One pixel more a place would break a limit.
        let finer = (across + 1.0) / (63.0 / 25.4);
        let over = (across + 1.0) * f64::from(c) > f64::from(MAX_PIXELS)
            || 88.0 / 25.4 * finer * f64::from(r) > f64::from(MAX_PIXELS)
            || finer > 300.0;
        assert!(over, "{n}: {dpi} dpi is not the finest");
    }
    // A full sheet of poker cards: 409 px a card, as TTS's guides advise.
    assert_eq!((63.0 / 25.4 * dpi(10, 7, poker)).round() as u32, 409);
}
