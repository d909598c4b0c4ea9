//! Unit tests of `src/geom.rs`.

use pitchprint::geom::*;

#[test]
fn points_and_millimetres_convert_both_ways() {
    assert!((Mm(25.4).to_pt() - 72.0).abs() < 1e-9);
    assert!((Mm::from_pt(72.0).0 - 25.4).abs() < 1e-9);
}

#[test]
fn landscape_swaps_the_sides() {
    let p = Paper {
        size: PaperSize::A3,
        orientation: Orientation::Landscape,
    };
    assert_eq!(p.page_size(), Size::new(420.0, 297.0));
}

#[test]
fn transforms_compose_in_order() {
    let t = Transform::rotate(90.0).then(&Transform::translate(Mm(10.0), Mm(0.0)));
    let p = t.apply(Point::new(1.0, 0.0));
    assert!((p.x.0 - 10.0).abs() < 1e-9 && (p.y.0 - 1.0).abs() < 1e-9);
}

#[test]
fn overflow_measures_the_worst_side() {
    let page = Rect::new(0.0, 0.0, 100.0, 100.0);
    assert_eq!(page.overflow_of(&Rect::new(10.0, 10.0, 10.0, 10.0)), Mm(0.0));
    assert_eq!(page.overflow_of(&Rect::new(95.0, -3.0, 10.0, 10.0)), Mm(5.0));
}
