//! Unit tests of `src/check/target.rs`: the preflight on pages made by hand.

use pitchprint::check::target::preflight;
use pitchprint::color::Color;
use pitchprint::diag::code::Code;
use pitchprint::geom::{Mm, Rect, Size, Transform};
use pitchprint::input::source::Source;
use pitchprint::print::target::Target;
use pitchprint::scene::item::{Item, Shape};
use pitchprint::scene::page::{Document, Page};
use pitchprint::scene::style::{Stroke, Style};
use pitchprint::scene::tag::Tag;

/// A card of 63.5 x 88.9 mm with 3.175 mm of bleed, one a page, its art
/// `art` in the card's own coordinates.
fn card(art: Vec<Item>) -> Document {
    let bleed = 3.175;
    let size = Size::new(63.5 + 2.0 * bleed, 88.9 + 2.0 * bleed);
    let trim = Rect::new(bleed, bleed, 63.5, 88.9);
    let group = Item::new(
        Shape::Group {
            transform: Transform::translate(Mm(bleed), Mm(bleed)),
            clip: Some(Rect::new(-bleed, -bleed, 63.5 + 2.0 * bleed, 88.9 + 2.0 * bleed)),
            items: art,
        },
        Style::default(),
        Tag::ItemFront { index: 0 },
    );
    let mut page = Page::new(size, Rect::new(0.0, 0.0, size.w.0, size.h.0), vec![group]);
    page.trim = Some(trim);
    page.bleed = Some(trim.inset(Mm(-bleed)));
    Document::new("card", vec![page])
}

fn codes(doc: &Document, target: Target) -> Vec<Code> {
    let source = Source::parse(std::path::Path::new("deck.toml"), String::new()).unwrap();
    preflight(&source, doc, target.shop().unwrap())
        .into_iter()
        .map(|f| f.code)
        .collect()
}

fn frame(inset: f64) -> Item {
    Item::new(
        Shape::Rect(Rect::new(inset, inset, 63.5 - 2.0 * inset, 88.9 - 2.0 * inset)),
        Style::stroked(Stroke {
            width: Mm(0.3),
            color: Color::BLACK,
            dash: Vec::new(),
        }),
        Tag::Decoration,
    )
}

fn background(reach: f64) -> Item {
    Item::new(
        Shape::Rect(Rect::new(-reach, -reach, 63.5 + 2.0 * reach, 88.9 + 2.0 * reach)),
        Style::filled(Color::rgb(0x1b, 0x2a, 0x41)),
        Tag::Decoration,
    )
}

#[test]
fn a_frame_inside_the_safe_zone_is_named_and_one_outside_it_is_not() {
    let near = card(vec![background(3.175), frame(1.5)]);
    assert_eq!(codes(&near, Target::DriveThruCards), [Code::TargetSafe]);
    let clear = card(vec![background(3.175), frame(4.0)]);
    assert!(codes(&clear, Target::DriveThruCards).is_empty());
}

#[test]
fn a_background_that_stops_at_the_trim_is_missing_its_bleed() {
    let stops = card(vec![background(0.0)]);
    assert_eq!(codes(&stops, Target::Offset), [Code::TargetBleed]);
    let runs = card(vec![background(3.175)]);
    assert!(codes(&runs, Target::Offset).is_empty());
}

#[test]
fn a_page_that_is_no_item_is_refused_by_a_shop_of_faces_only() {
    let board = Document::new(
        "board",
        vec![Page::new(
            Size::new(210.0, 297.0),
            Rect::new(5.0, 5.0, 200.0, 287.0),
            vec![],
        )],
    );
    assert_eq!(codes(&board, Target::Mpc), [Code::TargetSize]);
    assert!(codes(&board, Target::Offset).is_empty());
}
