//! Unit tests of `src/sheet/nup.rs`.

use pitchprint::geom::{Mm, Orientation, Rect, Size};
use pitchprint::print::{Imposition, Marks, NupOptions, OrientationChoice};

use pitchprint::geom::PaperSize;
use pitchprint::print::{BackOffset, Duplex, Flip};
use pitchprint::sheet::nup::*;

#[test]
fn long_edge_backs_mirror_across_and_short_edge_backs_mirror_down() {
    let page = Size::new(210.0, 297.0);
    let front = Rect::new(10.0, 20.0, 63.0, 88.0);
    let long = Duplex {
        flip: Flip::LongEdge,
        offset: BackOffset::ZERO,
    };
    assert_eq!(long.back_of(front, page), Rect::new(137.0, 20.0, 63.0, 88.0));
    let short = Duplex {
        flip: Flip::ShortEdge,
        offset: BackOffset::both((Mm(1.0), Mm(-0.5))),
    };
    assert_eq!(short.back_of(front, page), Rect::new(11.0, 188.5, 63.0, 88.0));
}

#[test]
fn poker_cards_fit_eight_to_an_a4_sheet_with_bleed_and_nine_without() {
    let opts = NupOptions {
        paper: PaperSize::A4,
        orientation: OrientationChoice::Auto,
        margin: Mm(5.0),
        bleed: Mm(3.0),
        gutter: Mm(0.0),
        crop_marks: true,
        cut_lines: false,
        marks: Marks::Crop,
        duplex: None,
        imposition: Imposition::Sheet,
        note: None,
        back_first: false,
    };
    let g = grid(Size::new(63.0, 88.0), &opts);
    assert_eq!((g.paper.orientation, g.columns, g.rows), (Orientation::Landscape, 4, 2));
    let tight = NupOptions {
        bleed: Mm(0.0),
        crop_marks: false,
        ..opts
    };
    assert_eq!(grid(Size::new(63.0, 88.0), &tight).per_page(), 9);
}

#[test]
fn gutter_fold_puts_four_poker_cards_above_their_backs_on_a4_and_folds_like_a_book_on_a_tie() {
    let opts = NupOptions {
        paper: PaperSize::A4,
        orientation: OrientationChoice::Auto,
        margin: Mm(5.0),
        bleed: Mm(3.0),
        gutter: Mm(0.0),
        crop_marks: true,
        cut_lines: false,
        marks: Marks::Crop,
        duplex: None,
        imposition: Imposition::GutterFold,
        note: None,
        back_first: false,
    };
    let card = Size::new(63.0, 88.0);
    let g = grid(card, &opts);
    // Landscape, folded across at 105 mm: 4 cards in the top half, whose
    // bleeds end 1 mm above the fold.
    assert_eq!((g.paper.orientation, g.columns, g.rows), (Orientation::Landscape, 4, 1));
    let fold = g.fold.expect("a fold");
    assert_eq!(
        fold,
        Fold {
            vertical: false,
            at: Mm(105.0)
        }
    );
    for s in &g.slots {
        assert!((s.bottom() + opts.bleed + FOLD_GAP - fold.at).0.abs() < 1e-9, "{s:?}");
        let back = fold.reflect(*s);
        assert!((back.y - (fold.at + FOLD_GAP + opts.bleed)).0.abs() < 1e-9, "{back:?}");
    }
    // A portrait sheet holds two either way: it folds down its long edge.
    let portrait = NupOptions {
        orientation: OrientationChoice::Fixed(Orientation::Portrait),
        ..opts
    };
    let g = grid(card, &portrait);
    assert_eq!(g.per_page(), 2);
    assert_eq!(
        g.fold,
        Some(Fold {
            vertical: true,
            at: Mm(105.0)
        })
    );
}
