//! Unit tests of `src/scene/item.rs`.

use pitchprint::font::FontFace;
use pitchprint::geom::{Mm, Point, Rect, Transform};
use pitchprint::scene::style::Style;
use pitchprint::scene::tag::Tag;

use pitchprint::color::Color;
use pitchprint::scene::item::*;
use pitchprint::scene::style::Stroke;

#[test]
fn a_stroked_line_widens_sideways_but_not_past_its_ends() {
    let item = Item::new(
        Shape::Line {
            from: Point::new(10.0, 0.0),
            to: Point::new(10.0, 50.0),
        },
        Style::stroked(Stroke::solid(Mm(0.4), Color::BLACK)),
        Tag::CropMark,
    );
    let b = item.bbox().unwrap();
    assert!((b.x.0 - 9.8).abs() < 1e-9 && (b.w.0 - 0.4).abs() < 1e-9);
    assert!((b.y.0 - 0.0).abs() < 1e-9 && (b.h.0 - 50.0).abs() < 1e-9);
}

#[test]
fn a_stroked_rectangle_grows_by_half_its_stroke() {
    let item = Item::new(
        Shape::Rect(Rect::new(10.0, 10.0, 20.0, 20.0)),
        Style::stroked(Stroke::solid(Mm(2.0), Color::BLACK)),
        Tag::Outline,
    );
    assert_eq!(item.bbox(), Some(Rect::new(9.0, 9.0, 22.0, 22.0)));
}

#[test]
fn a_justified_runs_words_end_where_its_width_does() {
    let text = "salvo el portero, no ";
    let (size, gap) = (9.5, Mm(0.8));
    let run = TextRun {
        origin: Point::new(15.0, 40.0),
        font: FontFace::Sans,
        size_pt: size,
        text: text.to_string(),
        width: FontFace::Sans.measure(text, size) + gap * 4.0,
        word_gap: gap,
        ascent: Mm::ZERO,
        descent: Mm::ZERO,
    };
    let words = run.words();
    let texts: Vec<&str> = words.iter().map(|w| w.1).collect();
    assert_eq!(texts, ["salvo", "el", "portero,", "no"]);
    assert!((words[0].0.0 - 15.0).abs() < 1e-9);
    // Each word starts where the one before it ends, plus a space and the gap.
    let space = FontFace::Sans.measure(" ", size);
    for pair in words.windows(2) {
        let end = pair[0].0 + FontFace::Sans.measure(pair[0].1, size);
        assert!((pair[1].0.0 - (end + space + gap).0).abs() < 1e-9, "{pair:?}");
    }
    // The trailing space and its gap close the run's width.
    let (x, last) = words[3];
    let end = x + FontFace::Sans.measure(last, size) + space + gap;
    assert!((end.0 - (run.origin.x + run.width).0).abs() < 1e-9);
}

#[test]
fn a_turned_group_drawn_smaller_lands_where_the_whole_would() {
    // Half a board turned about its centre, then the board drawn at a
    // third of its size and moved, as a rule-sheet diagram does.
    let member = Item::new(
        Shape::Rect(Rect::new(10.0, 20.0, 30.0, 5.0)),
        Style::default(),
        Tag::Outline,
    );
    let turn = Transform::rotate(180.0).then(&Transform::translate(Mm(100.0), Mm(60.0)));
    let group = Item::new(
        Shape::Group {
            transform: turn,
            clip: None,
            items: vec![member],
        },
        Style::default(),
        Tag::Decoration,
    );
    let t = Transform::translate(Mm(-7.0), Mm(3.0)).then(&Transform::scale(1.0 / 3.0, 1.0 / 3.0));
    let want = t.apply_rect(&group.bbox().unwrap());
    let got = group.mapped(&t).bbox().unwrap();
    for (g, w) in [(got.x, want.x), (got.y, want.y), (got.w, want.w), (got.h, want.h)] {
        assert!((g.0 - w.0).abs() < 1e-9, "{got:?} != {want:?}");
    }
}
