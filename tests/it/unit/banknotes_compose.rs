//! Unit tests of `src/components/banknotes/compose.rs`.

use pitchprint::geom::Point;
use pitchprint::scene::item::PathCmd;

use pitchprint::components::banknotes::compose::*;

#[test]
fn a_rosette_curve_is_drawn_as_fine_as_print_needs_and_no_finer() {
    let (big, r, d) = ROSETTE_CURVE;
    // The shipped front rosette: 16 mm across on a 50 mm note.
    let scale = 16.0 / (big + r + d);
    let path = epitrochoid(Point::new(0.0, 0.0), big, r, d, scale, 0.3);
    let at = epitrochoid_at(Point::new(0.0, 0.0), big, r, d, scale, 0.3);
    // Every point of the true curve lies within the error of the drawing
    // (measured against the drawn curve finely sampled).
    let mut drawn = Vec::new();
    let mut pen = Point::new(0.0, 0.0);
    for cmd in &path {
        match *cmd {
            PathCmd::MoveTo(p) | PathCmd::LineTo(p) => {
                drawn.push(p);
                pen = p;
            }
            PathCmd::CubicTo(c0, c1, p) => {
                drawn.extend((1..=512).map(|i| bezier(pen, c0, c1, p, f64::from(i) / 512.0)));
                pen = p;
            }
            PathCmd::Close => {}
        }
    }
    let worst = (0..4000)
        .map(|i| {
            let p = at(std::f64::consts::TAU * f64::from(i) / 4000.0).0;
            drawn.iter().map(|q| q.distance(p).0).fold(f64::MAX, f64::min)
        })
        .fold(0.0, f64::max);
    assert!(worst <= CURVE_ERROR, "the drawing strays {worst:.4} mm from the curve");
    // Few pieces: the old drawing had 720 points a curve.
    let pieces = path.iter().filter(|c| matches!(c, PathCmd::CubicTo(..))).count();
    assert!(pieces <= 120, "{pieces} Béziers for one rosette curve");
    assert!(matches!(path.last(), Some(PathCmd::Close)), "the curve closes");
}
