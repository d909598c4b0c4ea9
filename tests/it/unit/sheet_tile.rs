//! Unit tests of `src/sheet/tile.rs`.

use pitchprint::geom::Mm;

use pitchprint::sheet::tile::*;

#[test]
fn a_split_keeps_the_fewest_pieces_and_evens_them_on_the_grid() {
    // The dice pitch's 18 rows of 20 mm, with a goal beyond each end, in
    // a room of 174 mm: greedy cuts leave 8 + 8 + 2 rows, even ones 6 + 6 + 6.
    let grid: Vec<Mm> = (0..=18).map(|k| Mm(8.7 + 20.0 * k as f64)).collect();
    let pieces = split(Mm(0.0), Mm(377.4), Mm(174.0), Mm(10.0), &grid);
    assert_eq!(pieces.len(), 3);
    let cuts: Vec<f64> = pieces.iter().skip(1).map(|p| p.0.0).collect();
    assert!(
        (cuts[0] - 128.7).abs() < 1e-9 && (cuts[1] - 248.7).abs() < 1e-9,
        "{cuts:?}"
    );
    for w in pieces.windows(2) {
        assert!(
            (w[0].1.0 - w[1].0.0 - 10.0).abs() < 1e-9,
            "neighbours share the overlap"
        );
    }
    assert!(pieces.iter().all(|p| (p.1 - p.0).0 <= 174.0 + 1e-9), "every piece fits");
}

#[test]
fn without_a_grid_line_in_reach_a_split_still_fits() {
    let pieces = split(Mm(0.0), Mm(300.0), Mm(120.0), Mm(10.0), &[]);
    assert_eq!(pieces.len(), 3);
    assert!(pieces.iter().all(|p| (p.1 - p.0).0 <= 120.0 + 1e-9), "{pieces:?}");
    assert!((pieces[0].0.0).abs() < 1e-9 && (pieces[2].1.0 - 300.0).abs() < 1e-9);
}
