//! Unit tests of `src/kit/cover.rs`.

use pitchprint::kit::assemble::Part;
use pitchprint::kit::order::Stock;
use pitchprint::print::Flip;
use std::ops::Range;

use pitchprint::kit::cover::*;
use pitchprint::kit::order::Role;
use std::path::PathBuf;

fn part(file: &str, stock: Stock, duplex: Option<Flip>, pages: Range<usize>) -> Part {
    Part {
        layout: PathBuf::from(file),
        file: file.into(),
        role: Role::Rules,
        stock,
        duplex,
        count: pages.len(),
        pages,
        prints: Vec::new(),
    }
}

#[test]
fn neighbouring_parts_on_one_setting_make_one_range() {
    let long = Some(Flip::LongEdge);
    let parts = [
        part("cover.pdf", Stock::Plain, None, 0..2),
        part("rules.pdf", Stock::Plain, None, 2..4),
        part("reference.pdf", Stock::Card, long, 4..6),
        part("board.pdf", Stock::Card, None, 6..11),
        part("deck.pdf", Stock::Card, long, 12..52),
        part("notes.pdf", Stock::Card, long, 52..92),
        part("table.pdf", Stock::Plain, None, 92..93),
    ];
    let runs = runs(&parts);
    assert_eq!(runs.len(), 3);
    assert_eq!(runs[0].ranges, vec![0..4, 92..93]);
    assert_eq!((runs[1].stock, runs[1].duplex), (Stock::Card, long));
    assert_eq!(runs[1].ranges, vec![4..6, 12..92]);
    assert_eq!(runs[2].ranges, vec![6..11]);
}
