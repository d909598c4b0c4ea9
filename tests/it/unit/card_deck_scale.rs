//! Unit tests of `src/components/card_deck/scale.rs`.

use pitchprint::play::position::Position;

use pitchprint::components::card_deck::scale::*;

fn card(p: Position, x: f64) -> (Position, [Option<f64>; 6]) {
    (p, [Some(x), None, None, None, None, None])
}

#[test]
fn linear_maps_the_ends_and_holds_beyond() {
    let scale = Scale {
        rules: [
            Some(Rule::Linear {
                from: (10.0, 70.0),
                to: (0.0, 3.0),
            }),
            None,
            None,
            None,
            None,
            None,
        ],
    };
    let mut v: Vec<_> = [0.0, 10.0, 30.0, 40.0, 70.0, 200.0]
        .map(|x| card(Position::Defender, x))
        .to_vec();
    scale.apply(&mut v);
    let got: Vec<f64> = v.iter().map(|(_, f)| f[0].unwrap()).collect();
    assert_eq!(got, [0.0, 0.0, 1.0, 2.0, 3.0, 3.0]);
}

#[test]
fn rank_spreads_each_position_apart_and_ties_share() {
    let scale = Scale {
        rules: [
            Some(Rule::Rank {
                to: (0.0, 4.0),
                by_position: true,
            }),
            None,
            None,
            None,
            None,
            None,
        ],
    };
    let mut v = vec![
        card(Position::Defender, 60.0),
        card(Position::Defender, 40.0),
        card(Position::Defender, 50.0),
        card(Position::Forward, 20.0),
        card(Position::Forward, 20.0),
        card(Position::Forward, 10.0),
    ];
    scale.apply(&mut v);
    let got: Vec<f64> = v.iter().map(|(_, f)| f[0].unwrap()).collect();
    assert_eq!(got, [4.0, 0.0, 2.0, 3.0, 3.0, 0.0]);
}
