//! Unit tests of `src/font/mod.rs`.

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

/// The test font whose accents rise above its ascender (a subset of TeX
/// Gyre Adventor, the URW Gothic clone: tests/fixtures/fonts).
fn adventor(style: &str) -> FontFace {
    let path = format!(
        "{}/tests/fixtures/fonts/AdventorAccentsTest-{style}.otf",
        env!("CARGO_MANIFEST_DIR")
    );
    load(&std::fs::read(path).unwrap(), style == "Bold").unwrap()
}

#[test]
fn a_fonts_lines_make_room_for_accents_above_its_ascender() {
    for style in ["Regular", "Bold"] {
        let face = adventor(style);
        let ascender = f64::from(face.face().ascender()) / 1000.0 * 10.0 * pitchprint::geom::MM_PER_PT;
        // The fixture really has its accents above its ascender: the
        // capitals' accents reach a fifth of an em higher.
        let top = |s: &str| -> f64 {
            let boxes = face.ink_boxes(s, 10.0, Mm::ZERO);
            -boxes.iter().map(|b| b.1.0).fold(f64::INFINITY, f64::min)
        };
        let bottom = |s: &str| -> f64 {
            face.ink_boxes(s, 10.0, Mm::ZERO)
                .iter()
                .map(|b| b.3.0)
                .fold(0.0, f64::max)
        };
        assert!(
            top("É") > ascender + 0.6,
            "{style}: É rises {} mm, the ascender {ascender} mm",
            top("É")
        );
        // Lines are placed by the real extents: every Spanish, Portuguese
        // and Catalan capital stands inside them.
        for s in ["ÉÁÀÍÓÚÂÊÔÃÕÇÑÜÏÒÈ", "ÀL·LEGAR", "Ŀ", "Å"] {
            assert!(top(s) <= face.ascent(10.0).0 + 1e-9, "{style}: {s} under the ascent");
            assert!(
                bottom(s) <= face.descent(10.0).0 + 1e-9,
                "{style}: {s} above the descent"
            );
        }
        assert!(bottom("Çgj") > f64::from(-face.face().descender()) / 100.0 * pitchprint::geom::MM_PER_PT);
        // A paragraph's lines stand far enough apart for an accent to
        // clear the descender above it.
        assert!(face.leading(10.0, 1.2).0 >= top("É") + bottom("gjpÇ"));
    }
    // The bundled DejaVu keeps its own ascender and its usual spacing.
    let sans = FontFace::Sans;
    let asc = f64::from(sans.face().ascender()) / 2048.0 * 10.0 * pitchprint::geom::MM_PER_PT;
    assert!((sans.ascent(10.0).0 - asc).abs() < 1e-12);
    assert!((sans.leading(10.0, 1.2).0 - 12.0 * pitchprint::geom::MM_PER_PT).abs() < 1e-12);
}
