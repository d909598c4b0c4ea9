//! Unit tests of `src/kit/assemble.rs`.

use pitchprint::geom::PaperSize;
use pitchprint::kit::order::{Role, Stock};
use pitchprint::print::Flip;
use std::ops::Range;
use std::path::PathBuf;

use pitchprint::kit::assemble::*;

fn part(count: usize, duplex: bool) -> Part {
    Part {
        layout: PathBuf::from("x.toml"),
        file: "x.pdf".into(),
        role: Role::Rules,
        stock: Stock::Plain,
        duplex: duplex.then_some(Flip::LongEdge),
        count,
        pages: 0..0,
        prints: Vec::new(),
    }
}

#[test]
fn a_two_sided_part_starts_on_an_odd_page() {
    // Cover 1 page, rules 2, cards 4 two-sided, table 1, notes 2 two-sided.
    let mut parts = vec![
        part(1, false),
        part(2, false),
        part(4, true),
        part(1, false),
        part(2, true),
    ];
    let origins = lay_out(&mut parts);
    let ranges: Vec<Range<usize>> = parts.iter().map(|p| p.pages.clone()).collect();
    assert_eq!(ranges, vec![0..1, 1..3, 4..8, 8..9, 10..12]);
    assert_eq!(origins[3], Origin::Blank);
    assert_eq!(origins[9], Origin::Blank);
    assert_eq!(origins.len(), 12);
}

#[test]
fn a_blank_page_says_why_inside_its_safe_area() {
    let page = blank(PaperSize::Letter.portrait(), "This page is left blank on purpose.");
    assert_eq!(page.items.len(), 1);
    let b = page.items[0].bbox().unwrap();
    assert!(b.x.0 >= page.safe_area.x.0 && b.right().0 <= page.safe_area.right().0);
}
