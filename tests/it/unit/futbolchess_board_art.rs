//! Unit tests of `src/components/futbolchess_board/art.rs`.

use pitchprint::geom::{Mm, Point, Rect};

use pitchprint::components::futbolchess_board::art::*;

#[test]
fn hatch_lines_run_at_45_degrees_from_edge_to_edge_and_reach_every_edge() {
    let r = Rect::new(10.0, 20.0, 96.0, 48.0);
    for rising in [true, false] {
        let lines = hatch_lines(r, Mm(4.0), rising);
        assert!(lines.len() > 20, "a stripe every 4 mm across");
        let on_edge = |p: Point| {
            [p.x.0 - r.x.0, p.x.0 - r.right().0, p.y.0 - r.y.0, p.y.0 - r.bottom().0]
                .iter()
                .any(|d| d.abs() < 1e-9)
        };
        for (a, b) in &lines {
            assert!(on_edge(*a) && on_edge(*b), "cut at the rectangle's edges");
            let (dx, dy) = (b.x.0 - a.x.0, b.y.0 - a.y.0);
            assert!((dx.abs() - dy.abs()).abs() < 1e-9, "at 45 degrees");
            assert_eq!(dx * dy < 0.0, rising, "rising or falling as asked");
        }
        // What the checker measures a hatched zone by: the lines' box.
        let ends: Vec<Point> = lines.iter().flat_map(|(a, b)| [*a, *b]).collect();
        let min = |f: fn(&Point) -> f64| ends.iter().map(f).fold(f64::MAX, f64::min);
        let max = |f: fn(&Point) -> f64| ends.iter().map(f).fold(f64::MIN, f64::max);
        assert!((min(|p| p.x.0) - r.x.0).abs() < 1e-9 && (max(|p| p.x.0) - r.right().0).abs() < 1e-9);
        assert!((min(|p| p.y.0) - r.y.0).abs() < 1e-9 && (max(|p| p.y.0) - r.bottom().0).abs() < 1e-9);
    }
}
