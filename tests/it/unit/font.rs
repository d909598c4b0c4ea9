//! Unit tests of `src/font.rs`.

use pitchprint::geom::Mm;

use pitchprint::font::*;

#[test]
fn widths_grow_with_size_and_length() {
    let a = FontFace::Sans.measure("gol", 10.0);
    assert!(a.0 > 0.0);
    assert!((FontFace::Sans.measure("gol", 20.0).0 - 2.0 * a.0).abs() < 1e-9);
    assert!(FontFace::Sans.measure("golazo", 10.0).0 > a.0);
}

#[test]
fn ink_lies_inside_the_advance_and_capitals_stand_on_the_baseline() {
    let boxes = FontFace::SansBold.ink_boxes("POR", 10.0, Mm::ZERO);
    assert_eq!(boxes.len(), 3);
    let width = FontFace::SansBold.measure("POR", 10.0);
    let cap = FontFace::SansBold.cap_height(10.0);
    for (x0, y0, x1, y1) in &boxes {
        assert!(x0.0 >= -0.1 && x1.0 <= width.0 + 0.1 && x0.0 < x1.0);
        assert!(
            (y0.0 + cap.0).abs() < 0.15,
            "a capital's top is its height above the baseline"
        );
        assert!(y1.0 <= 0.2 && y1.0 > -0.05, "and it stands on the baseline");
    }
    assert!(
        FontFace::Sans.ink_boxes(" ", 10.0, Mm::ZERO).is_empty(),
        "a space has no ink"
    );
    let gap = FontFace::Sans.ink_boxes("a b", 10.0, Mm(2.0));
    let plain = FontFace::Sans.ink_boxes("a b", 10.0, Mm::ZERO);
    assert!(
        (gap[1].0.0 - plain[1].0.0 - 2.0).abs() < 1e-9,
        "a word gap moves what follows the space"
    );
}

#[test]
fn spanish_and_catalan_letters_have_glyphs() {
    let text = "ñ á é í ó ú ü ¡ ¿ ç à è ò l·l €";
    assert!(FontFace::Sans.missing_glyphs(text).is_empty());
    assert!(FontFace::SansBold.missing_glyphs(text).is_empty());
    assert_eq!(FontFace::Sans.missing_glyphs("a\u{10FFFD}"), vec!['\u{10FFFD}']);
}
