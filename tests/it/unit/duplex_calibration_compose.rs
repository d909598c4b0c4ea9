//! Unit tests of `src/components/duplex_calibration/compose.rs`.

use pitchprint::geom::{Mm, Point, Size};
use pitchprint::print::{BackOffset, Duplex};

use pitchprint::components::duplex_calibration::compose::*;
use pitchprint::print::Flip;

/// Where a mark printed at `p` on the back of a `w` x `h` sheet is seen
/// from the front: turned over the paper's long or short edge as a
/// print dialog means them, written out case by case.
fn seen_from_front(p: (f64, f64), w: f64, h: f64, flip: Flip) -> (f64, f64) {
    let landscape = w > h;
    match (flip, landscape) {
        // Over a vertical edge: left and right swap.
        (Flip::LongEdge, false) | (Flip::ShortEdge, true) => (w - p.0, p.1),
        // Over a horizontal edge: top and bottom swap.
        _ => (p.0, h - p.1),
    }
}

#[test]
fn the_rulers_read_the_offset_that_cancels_the_printers_shift() {
    for (w, h) in [(210.0, 297.0), (297.0, 210.0)] {
        for flip in [Flip::LongEdge, Flip::ShortEdge] {
            let duplex = Duplex {
                flip,
                offset: BackOffset::ZERO,
            };
            let page = Size::new(w, h);
            let (sx, sy) = ruler_signs(&duplex, page);
            let centre = Point::new(w * 0.25, h * 0.35);
            let back = duplex.back_of_point(centre, page);
            // The printer shifts the back page by (dx, dy) in its own frame.
            for (dx, dy) in [(1.5, 0.0), (0.0, -2.0), (0.5, 0.75)] {
                let printed = (back.x.0 + dx, back.y.0 + dy);
                let seen = seen_from_front(printed, w, h, flip);
                let reading = (sx * (seen.0 - centre.x.0), sy * (seen.1 - centre.y.0));
                let what = format!("{w} x {h}, {flip:?}, shift ({dx}, {dy})");
                assert!((reading.0 + dx).abs() < 1e-9, "{what}: x reads {}", reading.0);
                assert!((reading.1 + dy).abs() < 1e-9, "{what}: y reads {}", reading.1);
            }
        }
    }
}

#[test]
fn each_orientation_takes_its_own_reading_and_a_square_page_the_portrait_one() {
    let offset = BackOffset {
        portrait: (Mm(1.0), Mm(0.5)),
        landscape: (Mm(-0.7), Mm(0.3)),
    };
    for flip in [Flip::LongEdge, Flip::ShortEdge] {
        for ((w, h), want) in [
            ((210.0, 297.0), (1.0, 0.5)),
            ((297.0, 210.0), (-0.7, 0.3)),
            ((200.0, 200.0), (1.0, 0.5)),
        ] {
            let page = Size::new(w, h);
            let p = Point::new(40.0, 60.0);
            let exact = Duplex {
                flip,
                offset: BackOffset::ZERO,
            }
            .back_of_point(p, page);
            let moved = Duplex { flip, offset }.back_of_point(p, page);
            let got = (moved.x.0 - exact.x.0, moved.y.0 - exact.y.0);
            assert!(
                (got.0 - want.0).abs() < 1e-9 && (got.1 - want.1).abs() < 1e-9,
                "{w} x {h}, {flip:?}: moved by {got:?}, not {want:?}"
            );
        }
    }
    assert_eq!(
        BackOffset::both((Mm(2.0), Mm(-1.0))).on(Size::new(297.0, 210.0)),
        (Mm(2.0), Mm(-1.0))
    );
}
