//! The league board: a pitch in six stripes, the facing stripes of the two
//! sides sharing each third (home defence faces away attack, midfield faces
//! midfield, home attack faces away defence), a place for the ball in each
//! stripe; under it each coach's strategy track of boxes 1 to 6 and tallies of
//! goals and balls.

use crate::components::league_board::layout::{Board, Labels, League};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{Count, Line, Tag, Team};
use crate::sheet::place::place_or_tile;
use crate::sheet::tile::Canvas;
use crate::text::{self, Align};

/// The stripes from the home goal (left) to the away goal: (team, line).
pub const STRIPES: [(Team, Line); 6] = [
    (Team::Home, Line::Defence),
    (Team::Away, Line::Attack),
    (Team::Home, Line::Midfield),
    (Team::Away, Line::Midfield),
    (Team::Home, Line::Attack),
    (Team::Away, Line::Defence),
];

const GAP: Mm = Mm(5.0);
const GOAL_DEPTH: Mm = Mm(6.0);

fn team_colour(l: &League, team: Team) -> Color {
    match team {
        Team::Home => l.style.team_a_colour,
        Team::Away => l.style.team_b_colour,
    }
}

fn text_item(s: &str, face: FontFace, size: f64, at: Point, align: Align, colour: Color, key: &'static str) -> Item {
    Item::new(
        Shape::Text(text::line(s, face, size, at, align)),
        Style::filled(colour),
        Tag::Label,
    )
    .from_key(key)
}

/// Composes the board on one sheet.
pub fn compose(l: &League) -> Document {
    let canvas = canvas(l);
    Document {
        title: l.labels.title.clone(),
        pages: place_or_tile(&canvas, &l.page, None),
    }
}

/// The board in its own coordinates.
pub fn canvas(l: &League) -> Canvas {
    let b = &l.board;
    let st = &l.style;
    let lab = &l.labels;
    let ink = st.text_colour;
    let line = |w: f64| Style::stroked(Stroke::solid(Mm(w), st.line_colour));
    let mut items = Vec::new();
    let pitch_w = b.stripe_width * 6.0;
    let x0 = GOAL_DEPTH;
    let width = pitch_w + GOAL_DEPTH * 2.0;
    let mut y = FontFace::SansBold.ascent(16.0);
    items.push(text_item(
        &lab.title,
        FontFace::SansBold,
        16.0,
        Point { x: width / 2.0, y },
        Align::Centre,
        ink,
        Labels::KEY.title,
    ));
    y += FontFace::SansBold.descent(16.0) + GAP + FontFace::SansBold.ascent(9.0);
    // Who defends which goal.
    items.push(text_item(
        &lab.team_a,
        FontFace::SansBold,
        9.0,
        Point { x: x0, y },
        Align::Left,
        st.team_a_colour,
        Labels::KEY.team_a,
    ));
    items.push(text_item(
        &lab.team_b,
        FontFace::SansBold,
        9.0,
        Point { x: x0 + pitch_w, y },
        Align::Right,
        st.team_b_colour,
        Labels::KEY.team_b,
    ));
    let top = y + Mm(3.0);
    let pitch = Rect {
        x: x0,
        y: top,
        w: pitch_w,
        h: b.pitch_height,
    };

    for (k, &(team, line_no)) in STRIPES.iter().enumerate() {
        let r = Rect {
            x: x0 + b.stripe_width * k as f64,
            y: top,
            w: b.stripe_width,
            h: b.pitch_height,
        };
        items.push(
            Item::new(
                Shape::Rect(r),
                Style::filled(st.pitch_colour),
                Tag::Stripe { team, line: line_no },
            )
            .from_key(Board::KEY.stripe_width),
        );
        // A band of the side's colour along the stripe's foot says whose it is.
        items.push(Item::new(
            Shape::Rect(Rect {
                x: r.x,
                y: r.bottom() - Mm(4.0),
                w: r.w,
                h: Mm(4.0),
            }),
            Style::filled(team_colour(l, team)),
            Tag::Decoration,
        ));
        let name = [&lab.defence, &lab.midfield, &lab.attack][line_no.index()];
        let team_name = match team {
            Team::Home => &lab.team_a,
            Team::Away => &lab.team_b,
        };
        let cx = r.x + r.w / 2.0;
        items.push(text_item(
            name,
            FontFace::SansBold,
            10.0,
            Point {
                x: cx,
                y: r.y + Mm(7.0),
            },
            Align::Centre,
            ink,
            Labels::KEY.defence,
        ));
        items.push(text_item(
            team_name,
            FontFace::Sans,
            8.0,
            Point {
                x: cx,
                y: r.y + Mm(11.5),
            },
            Align::Centre,
            team_colour(l, team),
            Labels::KEY.team_a,
        ));
        items.push(
            Item::new(
                Shape::Circle {
                    centre: Point {
                        x: cx,
                        y: r.y + r.h / 2.0 + Mm(2.0),
                    },
                    radius: b.ball_spot / 2.0,
                },
                Style::stroked(Stroke {
                    width: Mm(0.5),
                    color: st.line_colour,
                    dash: vec![Mm(1.5), Mm(1.0)],
                }),
                Tag::BallSpot { team, line: line_no },
            )
            .from_key(Board::KEY.ball_spot),
        );
    }
    // Lines: thin inside a third, thick between thirds; the middle one is the halfway line.
    for k in 1..6 {
        let x = x0 + b.stripe_width * k as f64;
        let w = if k % 2 == 0 { 1.0 } else { 0.35 };
        items.push(Item::new(
            Shape::Line {
                from: Point { x, y: top },
                to: Point { x, y: pitch.bottom() },
            },
            line(w),
            Tag::Decoration,
        ));
    }
    items.push(Item::new(Shape::Rect(pitch), line(1.2), Tag::Outline));
    for (x, team) in [(Mm::ZERO, Team::Home), (x0 + pitch_w, Team::Away)] {
        let goal = Rect {
            x,
            y: top + pitch.h / 2.0 - Mm(14.0),
            w: GOAL_DEPTH,
            h: Mm(28.0),
        };
        items.push(Item::new(
            Shape::Rect(goal),
            Style {
                stroke: Some(Stroke::solid(Mm(0.8), st.line_colour)),
                fill: Some(team_colour(l, team)),
            },
            Tag::Decoration,
        ));
    }

    // Each coach's panel: strategy track, then the tallies.
    let panel_top = pitch.bottom() + GAP + Mm(2.0);
    let panel_w = pitch_w / 2.0;
    let mut bottom = panel_top;
    for coach in Team::BOTH {
        let px = x0 + panel_w * coach.index() as f64 + Mm(4.0);
        let colour = team_colour(l, coach);
        let name = match coach {
            Team::Home => &lab.team_a,
            Team::Away => &lab.team_b,
        };
        let mut yy = panel_top + FontFace::SansBold.ascent(9.0);
        items.push(text_item(
            &format!("{} · {name}", lab.strategy),
            FontFace::SansBold,
            9.0,
            Point { x: px, y: yy },
            Align::Left,
            colour,
            Labels::KEY.strategy,
        ));
        yy += Mm(2.5);
        for n in 1..=6u8 {
            let r = Rect {
                x: px + (b.track_box + Mm(2.0)) * (n - 1) as f64,
                y: yy,
                w: b.track_box,
                h: b.track_box,
            };
            items.push(
                Item::new(
                    Shape::Rect(r),
                    Style {
                        stroke: Some(Stroke::solid(Mm(0.6), colour)),
                        fill: Some(Color::WHITE),
                    },
                    Tag::TrackBox { coach, n },
                )
                .from_key(Board::KEY.track_box),
            );
            items.push(text_item(
                &n.to_string(),
                FontFace::SansBold,
                8.0,
                Point {
                    x: r.x + Mm(1.2),
                    y: r.y + Mm(3.6),
                },
                Align::Left,
                colour,
                Board::KEY.track_box,
            ));
        }
        yy += b.track_box + Mm(3.0);
        for (count, label) in [(Count::Goals, &lab.goals), (Count::Balls, &lab.balls)] {
            let label_w = Mm(16.0);
            items.push(text_item(
                label,
                FontFace::Sans,
                8.0,
                Point {
                    x: px,
                    y: yy + b.tally_box / 2.0 + Mm(1.0),
                },
                Align::Left,
                ink,
                match count {
                    Count::Goals => Labels::KEY.goals,
                    Count::Balls => Labels::KEY.balls,
                },
            ));
            for n in 1..=b.balls {
                let r = Rect {
                    x: px + label_w + (b.tally_box + Mm(1.5)) * (n - 1) as f64,
                    y: yy,
                    w: b.tally_box,
                    h: b.tally_box,
                };
                items.push(
                    Item::new(
                        Shape::Rect(r),
                        line(0.4),
                        Tag::Tally {
                            coach,
                            count,
                            n: n as u8,
                        },
                    )
                    .from_key(Board::KEY.balls),
                );
                items.push(text_item(
                    &n.to_string(),
                    FontFace::Sans,
                    6.0,
                    Point {
                        x: r.x + Mm(1.0),
                        y: r.y + Mm(2.6),
                    },
                    Align::Left,
                    ink,
                    Board::KEY.balls,
                ));
            }
            yy += b.tally_box + Mm(2.5);
        }
        bottom = bottom.max(yy);
    }
    for (k, note) in text::wrap(&lab.strategy_note, FontFace::Sans, 7.5, pitch_w)
        .iter()
        .enumerate()
    {
        items.push(text_item(
            note,
            FontFace::Sans,
            7.5,
            Point {
                x: x0,
                y: bottom + Mm(3.0) + Mm::from_pt(7.5 * 1.3) * k as f64,
            },
            Align::Left,
            ink,
            Labels::KEY.strategy_note,
        ));
    }
    Canvas {
        bounds: crate::sheet::place::bounds(&items),
        items,
        cuts_x: Vec::new(),
        cuts_y: Vec::new(),
    }
}
