//! Unit tests of `src/check/ink.rs`.

use pitchprint::diag::Finding;
use pitchprint::geom::{Mm, Rect, Transform};
use pitchprint::input::source::Source;
use pitchprint::scene::item::{Item, Shape};
use pitchprint::scene::page::{Document, Page};
use pitchprint::scene::tag::Tag;

use pitchprint::check::ink::*;
use pitchprint::font::FontFace;
use pitchprint::geom::{Point, Size};
use pitchprint::scene::style::Style;
use pitchprint::text::{Align, line};

fn text(s: &str, x: f64, y: f64) -> Item {
    Item::new(
        Shape::Text(line(s, FontFace::Sans, 10.0, Point::new(x, y), Align::Left)),
        Style::default(),
        Tag::Label,
    )
}

fn group(tag: Tag, clip: Rect, items: Vec<Item>) -> Item {
    Item::new(
        Shape::Group {
            transform: Transform::translate(Mm(20.0), Mm(20.0)),
            clip: Some(clip),
            items,
        },
        Style::default(),
        tag,
    )
}

fn found(items: Vec<Item>) -> Vec<Finding> {
    let page = Page::new(Size::new(210.0, 297.0), Rect::new(0.0, 0.0, 210.0, 297.0), items);
    let source = Source::parse(std::path::Path::new("x.toml"), String::new()).unwrap();
    check(&source, &Document::new("t", vec![page]))
}

#[test]
fn ink_is_held_to_its_box_its_trim_and_the_frames_around_it() {
    let room = Rect::new(0.0, 0.0, 30.0, 10.0);
    // Inside its box: clean; past it, by its glyphs' ink: one finding.
    assert!(found(vec![text("Gol", 1.0, 5.0).within(room)]).is_empty());
    let past = found(vec![text("Golazo de chilena", 1.0, 5.0).within(room)]);
    assert_eq!(past.len(), 1, "{past:?}");
    assert!(past[0].message.contains("the box"), "{past:?}");
    // An imposed card (bleed 3 mm): text in the bleed would be cut off.
    let card = Rect::new(-3.0, -3.0, 69.0, 94.0);
    assert!(
        found(vec![group(
            Tag::ItemFront { index: 0 },
            card,
            vec![text("Gol", 2.0, 40.0)]
        )])
        .is_empty()
    );
    let cut = found(vec![group(
        Tag::ItemFront { index: 0 },
        card,
        vec![text("Gol", -2.0, 40.0)],
    )]);
    assert!(cut[0].message.contains("trim"), "{cut:?}");
    // A frame (a window) cuts a text through: seen; a text wholly
    // outside a window is not shown and not a finding.
    let window = Rect::new(0.0, 0.0, 40.0, 40.0);
    assert_eq!(
        found(vec![group(Tag::Decoration, window, vec![text("Golazo", 35.0, 20.0)])]).len(),
        1
    );
    assert!(found(vec![group(Tag::Decoration, window, vec![text("Gol", 80.0, 20.0)])]).is_empty());
    // A tiled board's piece cuts through the board by design.
    let tile = Tag::Tile { col: 0, row: 0 };
    assert!(found(vec![group(tile, window, vec![text("Golazo", 35.0, 20.0)])]).is_empty());
}
