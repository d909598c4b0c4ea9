//! Unit tests of `src/scene/tag.rs`.

use pitchprint::scene::tag::*;

/// The class, id and data of one tag of every kind, as readers of the SVG
/// (and the tests that read it) know them: the table must not move them.
#[test]
fn every_tag_keeps_its_class_id_and_data() {
    let cases: Vec<(Tag, &[(&str, &str)])> = vec![
        (Tag::Decoration, &[("class", "decoration")]),
        (Tag::Cell { col: 3, row: 7 }, &[("class", "cell"), ("id", "cell-3-7")]),
        (Tag::Outline, &[("class", "outline"), ("id", "outline")]),
        (Tag::HalfwayLine, &[("class", "halfway-line"), ("id", "halfway-line")]),
        (Tag::CentreSpot, &[("class", "centre-spot"), ("id", "centre-spot")]),
        (
            Tag::CentreCircle,
            &[("class", "centre-circle"), ("id", "centre-circle")],
        ),
        (
            Tag::CornerTriangle { col: 0, row: 11 },
            &[("class", "corner-triangle"), ("id", "corner-triangle-0-11")],
        ),
        (
            Tag::PenaltyArea(End::Top),
            &[("class", "penalty-area"), ("id", "penalty-area-top")],
        ),
        (
            Tag::GoalArea(End::Bottom),
            &[("class", "goal-area"), ("id", "goal-area-bottom")],
        ),
        (
            Tag::PenaltySpot(End::Top),
            &[("class", "penalty-spot"), ("id", "penalty-spot-top")],
        ),
        (Tag::Goal(End::Bottom), &[("class", "goal"), ("id", "goal-bottom")]),
        (Tag::Guide { field: 2 }, &[("class", "guide"), ("data-field", "2")]),
        (
            Tag::Boundary { field: 0 },
            &[("class", "boundary"), ("data-field", "0")],
        ),
        (
            Tag::GoalPoint {
                field: 1,
                end: End::Top,
            },
            &[("class", "goal-point"), ("id", "goal-point-1-top"), ("data-field", "1")],
        ),
        (
            Tag::StartMark { field: 3 },
            &[("class", "start"), ("id", "start-3"), ("data-field", "3")],
        ),
        (
            Tag::AttackMarker {
                field: 1,
                end: End::Bottom,
            },
            &[("class", "attack-marker"), ("data-field", "1")],
        ),
        (Tag::Tile { col: 1, row: 2 }, &[("class", "tile"), ("id", "tile-1-2")]),
        (Tag::RegistrationMark, &[("class", "registration-mark")]),
        (Tag::OverlapStrip, &[("class", "overlap-strip")]),
        (Tag::CutMark, &[("class", "cut-mark")]),
        (Tag::GlueLine, &[("class", "glue-line")]),
        (Tag::AssemblyMap, &[("class", "assembly-map")]),
        (Tag::CropMark, &[("class", "crop-mark")]),
        (Tag::CutLine, &[("class", "cut-line")]),
        (Tag::PrintNote, &[("class", "print-note")]),
        (
            Tag::ItemFront { index: 4 },
            &[("class", "item-front"), ("id", "front-4")],
        ),
        (Tag::ItemBack { index: 4 }, &[("class", "item-back"), ("id", "back-4")]),
        (
            Tag::CalibrationTarget { face: Face::Front },
            &[("class", "calibration-target"), ("id", "calibration-front")],
        ),
        (
            Tag::CalibrationTarget { face: Face::Back },
            &[("class", "calibration-target"), ("id", "calibration-back")],
        ),
        (
            Tag::Counter { set: 1, index: 5 },
            &[("class", "counter"), ("id", "counter-1-5")],
        ),
        (
            Tag::DieFace { die: 0, value: 6 },
            &[("class", "die-face"), ("id", "die-0-face-6")],
        ),
        (Tag::Pip { die: 0, value: 6 }, &[("class", "pip")]),
        (Tag::GlueTab { die: 1 }, &[("class", "glue-tab")]),
        (
            Tag::Band { side: Side::Left },
            &[("class", "band"), ("id", "band-left")],
        ),
        (
            Tag::Band { side: Side::Right },
            &[("class", "band"), ("id", "band-right")],
        ),
        (
            Tag::Stripe {
                team: Team::Away,
                line: Line::Attack,
            },
            &[("class", "stripe"), ("id", "stripe-1-2")],
        ),
        (
            Tag::BallSpot {
                team: Team::Home,
                line: Line::Midfield,
            },
            &[("class", "ball-spot"), ("id", "ball-spot-0-1")],
        ),
        (
            Tag::TrackBox {
                coach: Team::Away,
                n: 6,
            },
            &[("class", "track-box"), ("id", "track-1-6")],
        ),
        (
            Tag::CardPlace {
                team: Team::Away,
                line: Line::Defence,
                n: 6,
            },
            &[("class", "card-place"), ("id", "card-place-1-0-6")],
        ),
        (
            Tag::Tally {
                coach: Some(Team::Home),
                count: Count::Goals,
                n: 3,
            },
            &[("class", "tally"), ("id", "goals-0-3")],
        ),
        (
            Tag::Tally {
                coach: None,
                count: Count::Balls,
                n: 9,
            },
            &[("class", "tally"), ("id", "balls-9")],
        ),
        (Tag::Photo, &[("class", "photo")]),
        (Tag::CardImage, &[("class", "card-image")]),
        (Tag::Guilloche, &[("class", "guilloche")]),
        (Tag::Serial, &[("class", "serial")]),
        (Tag::WritingLine, &[("class", "writing-line")]),
        (Tag::BodyText { block: 12 }, &[("class", "body"), ("data-block", "12")]),
        (Tag::Column { index: 1 }, &[("class", "column")]),
        (Tag::Diagram, &[("class", "diagram")]),
        (Tag::Caption { block: 7 }, &[("class", "caption"), ("data-block", "7")]),
        (Tag::Aside, &[("class", "aside")]),
        (Tag::Step { n: 3 }, &[("class", "step"), ("data-step", "3")]),
        (Tag::TurnEnd, &[("class", "turn-end")]),
        (Tag::Bounce, &[("class", "bounce")]),
        (Tag::DeadEnd, &[("class", "dead-end")]),
        (Tag::MoveTarget { role: 2 }, &[("class", "move-target")]),
        (Tag::Piece { role: 2 }, &[("class", "piece"), ("id", "piece-2")]),
        (
            Tag::TableCell { row: 4, col: 2 },
            &[("class", "table-cell"), ("id", "cell-4-2")],
        ),
        (
            Tag::FixtureMatch {
                coaches: 6,
                round: 2,
                home: 6,
                away: 2,
            },
            &[("class", "fixture-match"), ("id", "fixture-6-2-6-2")],
        ),
        (
            Tag::FixtureBye {
                coaches: 5,
                round: 3,
                coach: 3,
            },
            &[("class", "fixture-bye"), ("id", "bye-5-3")],
        ),
        (
            Tag::LaidCard {
                team: Team::Away,
                line: Line::Midfield,
                n: 4,
            },
            &[("class", "laid-card"), ("id", "laid-card-1-1-4")],
        ),
        (
            Tag::ScoreBox {
                card: 1,
                team: 0,
                column: 2,
            },
            &[("class", "score-box"), ("id", "score-1-0-2")],
        ),
        (
            Tag::PenaltyKick {
                card: 0,
                team: 1,
                kick: 3,
            },
            &[("class", "penalty-kick"), ("id", "kick-0-1-3")],
        ),
        (Tag::GangPart { index: 1 }, &[("class", "gang-part"), ("id", "part-1")]),
        (Tag::ScaleBar, &[("class", "scale-bar"), ("id", "scale-bar")]),
        (Tag::Label, &[("class", "label")]),
        (
            Tag::GoalSquare {
                end: End::Top,
                side: Side::Right,
            },
            &[("class", "goal-square"), ("id", "goal-square-top-right")],
        ),
        (
            Tag::ZoneTint {
                zone: Zone::Front,
                end: End::Bottom,
            },
            &[("class", "zone-tint")],
        ),
        (Tag::Legend { entry: 3 }, &[("class", "legend")]),
        (
            Tag::KickOff(End::Bottom),
            &[("class", "kick-off"), ("id", "kick-off-bottom")],
        ),
    ];
    for (tag, want) in cases {
        let got = tag.attributes();
        let got: Vec<(&str, &str)> = got.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(got, want, "{tag:?}");
    }
}

#[test]
fn ends_and_fields_are_read_from_the_payload() {
    let goal_point = Tag::GoalPoint {
        field: 2,
        end: End::Bottom,
    };
    assert_eq!((goal_point.field(), goal_point.end()), (Some(2), Some(End::Bottom)));
    assert_eq!(Tag::PenaltySpot(End::Top).end(), Some(End::Top));
    assert_eq!(
        (Tag::Label.field(), Tag::Label.end(), Tag::Label.block()),
        (None, None, None)
    );
    assert_eq!(Tag::BodyText { block: 5 }.block(), Some(5));
}
