//! Unit tests of `src/kit/words.rs`.

use pitchprint::geom::PaperSize;
use pitchprint::kit::order::Stock;
use pitchprint::print::Flip;
use std::path::Path;

use pitchprint::kit::words::*;

#[test]
fn pages_are_numbered_from_one_with_an_en_dash() {
    assert_eq!(range_text(&(0..1)), "1");
    assert_eq!(range_text(&(4..9)), "5\u{2013}9");
    let w = Words::load(
        &pitchprint::input::world::Disk,
        Path::new("layouts/league/cover.toml"),
        "en",
        PaperSize::Letter,
    )
    .unwrap();
    assert_eq!(w.pages_of(&[0..3, 55..58], false), "pages 1\u{2013}3, 56\u{2013}58");
    let one = std::slice::from_ref(&(9..10));
    assert_eq!(w.pages_of(one, true), "Page 10");
    assert_eq!(w.paper, "Letter");
    assert_eq!(
        w.setting(Stock::Card, Some(Flip::LongEdge)),
        "Card, two-sided, flipped on the long edge"
    );
}
