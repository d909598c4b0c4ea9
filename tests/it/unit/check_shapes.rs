//! Unit tests of `src/check/shapes.rs`.

use pitchprint::geom::{Mm, Point};
use pitchprint::scene::item::{Item, Shape};
use pitchprint::scene::page::Page;

use pitchprint::check::shapes::*;
use pitchprint::color::Color;
use pitchprint::font::FontFace;
use pitchprint::geom::Size;
use pitchprint::scene::style::Style;
use pitchprint::scene::tag::Tag;
use pitchprint::text::{Align, TextStyle};

/// A page with a disc of `radius` at (50, 50) and `text` at `size_pt`
/// centred on it, capitals centred vertically.
fn page(radius: f64, text: &str, size_pt: f64) -> Page {
    let c = Point::new(50.0, 50.0);
    let disc = Item::new(
        Shape::Circle {
            centre: c,
            radius: Mm(radius),
        },
        Style::filled(Color::BLACK),
        Tag::Decoration,
    );
    let cap = FontFace::SansBold.cap_height(size_pt);
    let label = TextStyle::new(FontFace::SansBold, size_pt, Color::WHITE).label(
        text,
        c.offset(Mm::ZERO, cap / 2.0),
        Align::Centre,
    );
    let size = Size::new(100.0, 100.0);
    Page::new(
        size,
        pitchprint::geom::Rect::new(0.0, 0.0, 100.0, 100.0),
        vec![disc, label],
    )
}

#[test]
fn a_label_inside_its_disc_passes_and_one_across_its_edge_does_not() {
    assert!(labels_outside_discs(&page(10.0, "POR", 9.0)).is_empty());
    let small = page(3.24, "POR", 9.0);
    let over = labels_outside_discs(&small);
    assert_eq!(over.len(), 1, "POR at 9 pt crosses a 6.48 mm disc");
    assert!(over[0].reach.0 > over[0].room.0);
}

#[test]
fn the_circle_counts_not_its_bounding_square() {
    // Find a size at which POR's box fits the disc's bounding square
    // (its width and height under the diameter) but its corners do not
    // fit the circle: the box test would pass it, the circle must not.
    let r = 3.24;
    let size = (60..=120)
        .map(|k| k as f64 / 10.0)
        .find(|&pt| {
            let w = FontFace::SansBold.measure("POR", pt).0;
            let h = FontFace::SansBold.cap_height(pt).0;
            w < 2.0 * r && h < 2.0 * r && ((w / 2.0).powi(2) + (h / 2.0).powi(2)).sqrt() > r
        })
        .expect("a size whose box fits the square and not the circle");
    let p = page(r, "POR", size);
    assert_eq!(labels_outside_discs(&p).len(), 1);
}

#[test]
fn a_ring_on_the_disc_bounds_the_letters_as_the_cut_line_of_a_bleed_does() {
    // POR fits a 10 mm disc at 10 pt, but not the 7 mm circle a cut
    // line draws on it, after the words as the counters draw theirs.
    assert!(labels_outside_discs(&page(5.0, "POR", 10.0)).is_empty());
    let mut p = page(5.0, "POR", 10.0);
    p.items.push(Item::new(
        Shape::Circle {
            centre: Point::new(50.0, 50.0),
            radius: Mm(3.5),
        },
        Style::stroked(pitchprint::scene::style::Stroke::solid(Mm(0.15), Color::BLACK)),
        Tag::Decoration,
    ));
    let over = labels_outside_discs(&p);
    assert_eq!(over.len(), 1);
    assert!((over[0].diameter.0 - 6.85).abs() < 1e-9, "inside the cut line's stroke");
}

#[test]
fn text_beside_a_disc_is_not_its_label() {
    let mut p = page(3.0, "POR", 6.0);
    p.items.push(TextStyle::new(FontFace::Sans, 9.0, Color::BLACK).label(
        "a long line of words beside it",
        Point::new(60.0, 50.0),
        Align::Left,
    ));
    assert!(labels_outside_discs(&p).is_empty());
}
