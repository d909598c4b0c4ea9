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

#[test]
fn with_no_grid_line_in_reach_a_split_cuts_between_words() {
    // A 9 x 13 hex pitch of 30 mm numbered as a wargame's: a row of
    // numbers every 25.98 mm, each line 2.8 mm tall, one of them across
    // where the split would fall without them.
    let step = 30.0 * 3.0_f64.sqrt() / 2.0;
    let (hi, room, overlap) = (346.4, 170.0, 10.0);
    let blind = split(Mm(0.0), Mm(hi), Mm(room), Mm(overlap), &[]);
    let words: Vec<(Mm, Mm)> = (-13..13)
        .map(|r| blind[1].0.0 - 1.4 + step * f64::from(r))
        .filter(|top| *top > 0.0 && top + 2.8 < hi)
        .map(|top| (Mm(top), Mm(top + 2.8)))
        .collect();
    let crosses = |pieces: &[(Mm, Mm)]| {
        pieces
            .iter()
            .skip(1)
            .filter(|p| words.iter().any(|w| w.0.0 < p.0.0 && p.0.0 < w.1.0))
            .count()
    };
    assert!(crosses(&blind) > 0, "a blind cut runs through the words: {blind:?}");
    let pieces = split_between(Mm(0.0), Mm(hi), Mm(room), Mm(overlap), &[], &words);
    assert_eq!(pieces.len(), blind.len(), "as few pieces");
    for p in pieces.iter().skip(1) {
        let clear = words
            .iter()
            .map(|w| (w.0.0 - p.0.0).abs().min((w.1.0 - p.0.0).abs()))
            .fold(f64::MAX, f64::min);
        assert!(
            words.iter().all(|w| p.0.0 <= w.0.0 || p.0.0 >= w.1.0) && clear >= WORD_CLEARANCE.0 - 1e-9,
            "the cut at {:?} keeps {clear} mm from the words",
            p.0
        );
    }
    assert!(
        pieces.iter().all(|p| (p.1 - p.0).0 <= room + 1e-9),
        "every piece fits: {pieces:?}"
    );
    for w in pieces.windows(2) {
        assert!(
            (w[0].1.0 - w[1].0.0 - overlap).abs() < 1e-9,
            "neighbours share the overlap"
        );
    }
    assert!(pieces[0].0.0.abs() < 1e-9 && (pieces.last().unwrap().1.0 - hi).abs() < 1e-9);
}

#[test]
fn a_grid_line_through_a_word_is_no_place_to_cut() {
    // Grid lines every 20 mm: two even pieces are cut at 140 mm; a word
    // across that line moves the cut to the next one that keeps both
    // pieces on the paper, 160 mm.
    let grid: Vec<Mm> = (0..=15).map(|k| Mm(20.0 * k as f64)).collect();
    let words = [(Mm(137.0), Mm(143.0))];
    let blind = split(Mm(0.0), Mm(300.0), Mm(170.0), Mm(10.0), &grid);
    assert!((blind[1].0.0 - 140.0).abs() < 1e-9, "{blind:?}");
    let pieces = split_between(Mm(0.0), Mm(300.0), Mm(170.0), Mm(10.0), &grid, &words);
    assert_eq!(pieces.len(), 2);
    assert!((pieces[1].0.0 - 160.0).abs() < 1e-9, "{pieces:?}");
}
