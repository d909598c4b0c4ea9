//! Unit tests of `src/export/svg.rs`.

use pitchprint::scene::item::{Item, Shape, TextRun};
use pitchprint::scene::page::{Document, Page};

use pitchprint::export::svg::*;

#[test]
fn base64_pads_like_the_rfc() {
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foo"), "Zm9v");
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
}

#[test]
fn a_justified_run_places_its_words_and_keeps_its_text() {
    use pitchprint::font::FontFace;
    use pitchprint::geom::{Mm, Point};
    let (text, size, gap) = ("a <b> & c ", 9.5, Mm(0.5));
    let run = TextRun {
        origin: Point::new(10.0, 20.0),
        font: FontFace::Sans,
        size_pt: size,
        text: text.to_string(),
        width: FontFace::Sans.measure(text, size) + gap * 4.0,
        word_gap: gap,
        ascent: Mm::ZERO,
        descent: Mm::ZERO,
    };
    let out = placed_words(&run);
    let want = format!(
        "<tspan x=\"10\">a</tspan> <tspan x=\"{}\">&lt;b&gt;</tspan> <tspan x=\"{}\">&amp;</tspan> <tspan x=\"{}\">c</tspan> ",
        num(FontFace::Sans.measure("a ", size).0 + 10.5),
        num(FontFace::Sans.measure("a <b> ", size).0 + 11.0),
        num(FontFace::Sans.measure("a <b> & ", size).0 + 11.5),
    );
    // Escaped, each word at its start; with a space after the last word,
    // nothing is anchored at its end.
    assert_eq!(out, want);
    // Without one, the last word ends where the run does.
    let run = TextRun {
        text: "a c".to_string(),
        ..run
    };
    let end = FontFace::Sans.measure("a c", size).0 + 0.5;
    assert_eq!(
        placed_words(&run),
        format!(
            "<tspan x=\"10\">a</tspan> <tspan x=\"{}\" text-anchor=\"end\">c</tspan>",
            num(end + 10.0)
        )
    );
}

#[test]
fn characters_xml_forbids_never_reach_the_file() {
    use pitchprint::font::FontFace;
    use pitchprint::geom::Point;
    use pitchprint::scene::style::Style;
    use pitchprint::scene::tag::Tag;
    let hostile = "a\u{0}b\u{1}c\u{b}d\u{ffff}e<&>";
    let run = pitchprint::text::line(
        hostile,
        FontFace::Sans,
        9.0,
        Point::new(10.0, 20.0),
        pitchprint::text::Align::Left,
    );
    let size = pitchprint::geom::Size::new(50.0, 50.0);
    let page = Page::new(
        size,
        pitchprint::geom::Rect::new(0.0, 0.0, 50.0, 50.0),
        vec![Item::new(Shape::Text(run), Style::default(), Tag::Label)],
    );
    let doc = Document::new(hostile, vec![page]);
    let svg = export_page(&doc, 0).unwrap();
    assert!(svg.chars().all(pitchprint::font::chars::xml_allowed), "{svg:?}");
    assert!(
        svg.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e&lt;&amp;&gt;"),
        "{svg}"
    );
}

#[test]
fn numbers_are_short_and_fixed() {
    assert_eq!(num(20.0), "20");
    assert_eq!(num(0.35), "0.35");
    assert_eq!(num(1.0 / 3.0), "0.333");
    assert_eq!(num(-0.0001), "0");
}
