//! Unit tests of `src/components/die_nets/compose.rs`.

use pitchprint::components::die_nets::compose::*;

#[test]
fn the_cross_folds_into_a_cube_with_seven_seams() {
    let cells: Vec<(i32, i32)> = NET.iter().map(|(c, _)| *c).collect();
    let f = fold(&cells).expect("the cross folds");
    assert_eq!(f.faces.len(), 6);
    assert_eq!(f.seams.len(), 7);
}

#[test]
fn a_strip_of_six_does_not_fold() {
    let strip: Vec<(i32, i32)> = (0..6).map(|i| (i, 0)).collect();
    assert!(fold(&strip).is_none());
}
