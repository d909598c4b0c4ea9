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
use crate::sheet::tile::{BoardWords, Canvas};
use crate::text::{self, Align, TextStyle};

/// The stripes from the home goal (left) to the away goal: (team, line).
pub const STRIPES: [(Team, Line); 6] = [
    (Team::Home, Line::Defence),
    (Team::Away, Line::Attack),
    (Team::Home, Line::Midfield),
    (Team::Away, Line::Midfield),
    (Team::Home, Line::Attack),
    (Team::Away, Line::Defence),
];
/// Stripes in a third of the pitch: one of each side's, facing.
const STRIPES_PER_THIRD: usize = 2;
/// Boxes on a strategy track: the game's die.
pub const TRACK: u8 = 6;

/// Between the title and the pitch, and between the pitch and the panels.
const GAP: Mm = Mm(5.0);
/// How far each goal reaches beyond the pitch's short side: a tab, enough
/// to say which side defends it.
const GOAL_DEPTH: Mm = Mm(6.0);
/// How wide each goal is along the short side: a third of the shipped
/// pitch's height, so it reads as a goal and not as a stripe.
const GOAL_WIDTH: Mm = Mm(28.0);
/// The goals' frame: a little lighter than the outline.
const GOAL_LINE: Mm = Mm(0.8);

/// The board's title, in points: the largest text, as on the other boards.
const TITLE_PT: f64 = 16.0;
/// The sides' names over the pitch and at the head of their panels, in
/// points.
const TEAM_PT: f64 = 9.0;
/// From the sides' names' baseline to the pitch.
const TEAM_GAP: Mm = Mm(3.0);

/// The side's colour along each stripe's foot: enough to see whose it is,
/// little enough to leave the stripe to the ball.
const FOOT_BAND: Mm = Mm(4.0);
/// A stripe's line name, in points, and its baseline below the stripe's
/// top: the stripe's largest words.
const LINE_NAME_PT: f64 = 10.0;
const LINE_NAME_BASELINE: Mm = Mm(7.0);
/// A stripe's side name under its line name, in points, and its baseline.
const STRIPE_TEAM_PT: f64 = 8.0;
const STRIPE_TEAM_BASELINE: Mm = Mm(11.5);
/// How far below the stripe's middle the ball's place sits: clear of the
/// names above it.
const BALL_SPOT_DROP: Mm = Mm(2.0);
/// The ball's place: a dashed ring (line width, then dash on and off), a
/// place and not a piece.
pub const BALL_SPOT_LINE: Mm = Mm(0.5);
const BALL_SPOT_DASH: [Mm; 2] = [Mm(1.5), Mm(1.0)];
/// Lines between the stripes: thick between thirds, where the ball changes
/// hands, thin inside one; the pitch's outline heavier than both.
const THIRD_LINE: Mm = Mm(1.0);
const STRIPE_LINE: Mm = Mm(0.35);
const OUTLINE: Mm = Mm(1.2);

/// Added to the gap above the coaches' panels: the foot bands sit just above.
const PANEL_GAP: Mm = Mm(2.0);
/// Each panel's left inset from its half of the pitch's width.
const PANEL_INSET: Mm = Mm(4.0);
/// From the panel's heading to its track.
const HEADING_GAP: Mm = Mm(2.5);
/// Between two strategy boxes: apart, but read as one track.
const TRACK_GAP: Mm = Mm(2.0);
/// A strategy box's frame, in the coach's colour.
pub const TRACK_LINE: Mm = Mm(0.6);
/// A strategy box's number, in points, and its baseline from the box's
/// corner: small in the corner, leaving the box to the token.
const TRACK_NUMBER_PT: f64 = 8.0;
const TRACK_NUMBER_AT: (Mm, Mm) = (Mm(1.2), Mm(3.6));
/// From the track to the tallies.
const TRACK_TALLY_GAP: Mm = Mm(3.0);
/// The tallies' names, in points, and the room they take before the boxes:
/// as wide as the longest shipped name.
const TALLY_LABEL_PT: f64 = 8.0;
const TALLY_LABEL_WIDTH: Mm = Mm(16.0);
/// How far below a tally's middle its name's baseline sits, centring it by eye.
const TALLY_LABEL_DROP: Mm = Mm(1.0);
/// Between two tally boxes, and between the two tallies.
const TALLY_GAP: Mm = Mm(1.5);
const TALLY_ROW_GAP: Mm = Mm(2.5);
/// A tally box's frame: light, to be ticked in pencil.
const TALLY_LINE: Mm = Mm(0.4);
/// A tally box's number, in points, and its baseline from the box's corner:
/// smaller than the track's, as the boxes are.
const TALLY_NUMBER_PT: f64 = 6.0;
const TALLY_NUMBER_AT: (Mm, Mm) = (Mm(1.0), Mm(2.6));

/// The note on reading the track, in points, and its line spacing as a
/// multiple of its size: the board's smallest words, read once.
const NOTE_PT: f64 = 7.5;
const NOTE_LEADING: f64 = 1.3;
/// From the lowest panel to the note's first baseline.
const NOTE_GAP: Mm = Mm(3.0);

fn team_colour(l: &League, team: Team) -> Color {
    match team {
        Team::Home => l.style.team_a_colour,
        Team::Away => l.style.team_b_colour,
    }
}

/// A side's name, and the key it is written under.
fn team_name(l: &League, team: Team) -> (&str, &'static str) {
    match team {
        Team::Home => (&l.labels.team_a, Labels::KEY.team_a),
        Team::Away => (&l.labels.team_b, Labels::KEY.team_b),
    }
}

/// A line's name, and the key it is written under.
fn line_name(l: &League, line: Line) -> (&str, &'static str) {
    match line {
        Line::Defence => (&l.labels.defence, Labels::KEY.defence),
        Line::Midfield => (&l.labels.midfield, Labels::KEY.midfield),
        Line::Attack => (&l.labels.attack, Labels::KEY.attack),
    }
}

/// A line of the board's line colour, `width` wide.
fn line(l: &League, width: Mm) -> Style {
    Style::stroked(Stroke::solid(width, l.style.line_colour))
}

/// Composes the board and puts it on paper: one sheet when it fits, else
/// tiled when the layout allows it.
pub fn compose(l: &League) -> Document {
    let canvas = canvas(l);
    Document::new(l.labels.title.clone(), place_or_tile(&canvas, &l.page, l.tiling.as_ref()))
}

/// The board in its own coordinates, framed by its title above and the note
/// on reading the track below (the words a tiling prints whole on every
/// piece), with the stripe lines a tiling may cut along.
pub fn canvas(l: &League) -> Canvas {
    let b = &l.board;
    let pitch_w = b.stripe_width * STRIPES.len() as f64;
    let x0 = GOAL_DEPTH;
    let (title, mut items, top) = heading(l, x0, pitch_w);
    let pitch = Rect {
        x: x0,
        y: top,
        w: pitch_w,
        h: b.pitch_height,
    };
    items.extend(stripes(l, pitch));
    items.extend(lines_and_goals(l, pitch));
    // Each coach's panel: strategy track, then the tallies.
    let panel_top = pitch.bottom() + GAP + PANEL_GAP;
    let panel_w = pitch_w / 2.0;
    let mut bottom = panel_top;
    for coach in Team::BOTH {
        let px = x0 + panel_w * coach.index() as f64 + PANEL_INSET;
        bottom = bottom.max(panel(l, coach, Point { x: px, y: panel_top }, &mut items));
    }
    let mut frame = vec![title];
    let note = TextStyle::new(FontFace::Sans, NOTE_PT, l.style.text_colour);
    for (k, line) in text::wrap(&l.labels.strategy_note, note.face, note.size_pt, pitch_w)
        .iter()
        .enumerate()
    {
        let at = Point {
            x: x0,
            y: bottom + NOTE_GAP + Mm::from_pt(NOTE_PT * NOTE_LEADING) * k as f64,
        };
        frame.push(note.label(line, at, Align::Left).from_key(Labels::KEY.strategy_note));
    }
    let cuts_x = clear_cuts(&items, pitch, b.stripe_width);
    let words = BoardWords {
        title: l.labels.title.clone(),
        caption: l.labels.strategy_note.clone(),
        scale_bar: l.labels.scale_bar.clone(),
    };
    Canvas::new(items, frame, words).with_cuts(cuts_x, Vec::new())
}

/// The lines between stripes that a tiling may cut along: those that cross
/// no box a token stands in and no words, so a cut leaves every track,
/// tally and name whole on one piece.
fn clear_cuts(items: &[Item], pitch: Rect, stripe_width: Mm) -> Vec<Mm> {
    let blocking: Vec<Rect> = items
        .iter()
        .filter(|i| {
            matches!(
                i.tag,
                Tag::TrackBox { .. } | Tag::Tally { .. } | Tag::Label
            )
        })
        .filter_map(Item::bbox)
        .collect();
    (0..=STRIPES.len())
        .map(|k| pitch.x + stripe_width * k as f64)
        .filter(|x| !blocking.iter().any(|r| r.x.0 < x.0 && x.0 < r.right().0))
        .collect()
}

/// The title (a frame item), and over the pitch who defends which goal; and
/// the pitch's top.
fn heading(l: &League, x0: Mm, pitch_w: Mm) -> (Item, Vec<Item>, Mm) {
    let width = pitch_w + GOAL_DEPTH * 2.0;
    let title = TextStyle::new(FontFace::SansBold, TITLE_PT, l.style.text_colour);
    let mut y = title.face.ascent(TITLE_PT);
    let title_item = title
        .label(&l.labels.title, Point { x: width / 2.0, y }, Align::Centre)
        .from_key(Labels::KEY.title);
    let mut items = Vec::new();
    y += title.face.descent(TITLE_PT) + GAP + FontFace::SansBold.ascent(TEAM_PT);
    for (team, x, align) in [(Team::Home, x0, Align::Left), (Team::Away, x0 + pitch_w, Align::Right)] {
        let (name, key) = team_name(l, team);
        let style = TextStyle::new(FontFace::SansBold, TEAM_PT, team_colour(l, team));
        items.push(style.label(name, Point { x, y }, align).from_key(key));
    }
    (title_item, items, y + TEAM_GAP)
}

/// The six stripes, each with its side's colour along its foot, its line's
/// and side's names, and the ball's place.
fn stripes(l: &League, pitch: Rect) -> Vec<Item> {
    let (b, st) = (&l.board, &l.style);
    let line_style = TextStyle::new(FontFace::SansBold, LINE_NAME_PT, st.text_colour);
    let mut items = Vec::new();
    for (k, &(team, line_no)) in STRIPES.iter().enumerate() {
        let r = Rect {
            x: pitch.x + b.stripe_width * k as f64,
            y: pitch.y,
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
                y: r.bottom() - FOOT_BAND,
                w: r.w,
                h: FOOT_BAND,
            }),
            Style::filled(team_colour(l, team)),
            Tag::Decoration,
        ));
        let cx = r.x + r.w / 2.0;
        let (name, name_key) = line_name(l, line_no);
        items.push(
            line_style
                .label(
                    name,
                    Point {
                        x: cx,
                        y: r.y + LINE_NAME_BASELINE,
                    },
                    Align::Centre,
                )
                .from_key(name_key),
        );
        let (team_name, team_key) = team_name(l, team);
        let team_style = TextStyle::new(FontFace::Sans, STRIPE_TEAM_PT, team_colour(l, team));
        items.push(
            team_style
                .label(
                    team_name,
                    Point {
                        x: cx,
                        y: r.y + STRIPE_TEAM_BASELINE,
                    },
                    Align::Centre,
                )
                .from_key(team_key),
        );
        items.push(
            Item::new(
                Shape::Circle {
                    centre: Point {
                        x: cx,
                        y: r.y + r.h / 2.0 + BALL_SPOT_DROP,
                    },
                    radius: b.ball_spot / 2.0,
                },
                Style::stroked(Stroke {
                    width: BALL_SPOT_LINE,
                    color: st.line_colour,
                    dash: BALL_SPOT_DASH.to_vec(),
                }),
                Tag::BallSpot { team, line: line_no },
            )
            .from_key(Board::KEY.ball_spot),
        );
    }
    items
}

/// The lines between the stripes (thin inside a third, thick between thirds;
/// the middle one is the halfway line), the outline and the two goals.
fn lines_and_goals(l: &League, pitch: Rect) -> Vec<Item> {
    let mut items = Vec::new();
    for k in 1..STRIPES.len() {
        let x = pitch.x + l.board.stripe_width * k as f64;
        let w = if k % STRIPES_PER_THIRD == 0 {
            THIRD_LINE
        } else {
            STRIPE_LINE
        };
        items.push(Item::new(
            Shape::Line {
                from: Point { x, y: pitch.y },
                to: Point { x, y: pitch.bottom() },
            },
            line(l, w),
            Tag::Decoration,
        ));
    }
    items.push(Item::new(Shape::Rect(pitch), line(l, OUTLINE), Tag::Outline));
    for (x, team) in [(Mm::ZERO, Team::Home), (pitch.right(), Team::Away)] {
        let goal = Rect {
            x,
            y: pitch.y + pitch.h / 2.0 - GOAL_WIDTH / 2.0,
            w: GOAL_DEPTH,
            h: GOAL_WIDTH,
        };
        items.push(Item::new(
            Shape::Rect(goal),
            Style {
                stroke: Some(Stroke::solid(GOAL_LINE, l.style.line_colour)),
                fill: Some(team_colour(l, team)),
            },
            Tag::Decoration,
        ));
    }
    items
}

/// One coach's panel with its top-left corner at `at`: the heading, the
/// strategy track, then the tallies of goals and balls. Returns its bottom.
fn panel(l: &League, coach: Team, at: Point, items: &mut Vec<Item>) -> Mm {
    let b = &l.board;
    let colour = team_colour(l, coach);
    let (name, _) = team_name(l, coach);
    let px = at.x;
    let heading = TextStyle::new(FontFace::SansBold, TEAM_PT, colour);
    let mut yy = at.y + heading.face.ascent(TEAM_PT);
    items.push(
        heading
            .label(
                &format!("{} · {name}", l.labels.strategy),
                Point { x: px, y: yy },
                Align::Left,
            )
            .from_key(Labels::KEY.strategy),
    );
    yy += HEADING_GAP;
    let track_number = TextStyle::new(FontFace::SansBold, TRACK_NUMBER_PT, colour);
    for n in 1..=TRACK {
        let r = Rect {
            x: px + (b.track_box + TRACK_GAP) * (n - 1) as f64,
            y: yy,
            w: b.track_box,
            h: b.track_box,
        };
        items.push(
            Item::new(
                Shape::Rect(r),
                Style {
                    stroke: Some(Stroke::solid(TRACK_LINE, colour)),
                    fill: Some(Color::WHITE),
                },
                Tag::TrackBox { coach, n },
            )
            .from_key(Board::KEY.track_box),
        );
        let at = r.corners()[0].offset(TRACK_NUMBER_AT.0, TRACK_NUMBER_AT.1);
        items.push(
            track_number
                .label(&n.to_string(), at, Align::Left)
                .from_key(Board::KEY.track_box),
        );
    }
    yy += b.track_box + TRACK_TALLY_GAP;
    let ink = l.style.text_colour;
    let tally_label = TextStyle::new(FontFace::Sans, TALLY_LABEL_PT, ink);
    let tally_number = TextStyle::new(FontFace::Sans, TALLY_NUMBER_PT, ink);
    for (count, label, key) in [
        (Count::Goals, &l.labels.goals, Labels::KEY.goals),
        (Count::Balls, &l.labels.balls, Labels::KEY.balls),
    ] {
        let at = Point {
            x: px,
            y: yy + b.tally_box / 2.0 + TALLY_LABEL_DROP,
        };
        items.push(tally_label.label(label, at, Align::Left).from_key(key));
        for n in 1..=b.balls {
            let r = Rect {
                x: px + TALLY_LABEL_WIDTH + (b.tally_box + TALLY_GAP) * (n - 1) as f64,
                y: yy,
                w: b.tally_box,
                h: b.tally_box,
            };
            items.push(
                Item::new(
                    Shape::Rect(r),
                    line(l, TALLY_LINE),
                    Tag::Tally {
                        coach,
                        count,
                        n: n as u8,
                    },
                )
                .from_key(Board::KEY.balls),
            );
            let at = r.corners()[0].offset(TALLY_NUMBER_AT.0, TALLY_NUMBER_AT.1);
            items.push(
                tally_number
                    .label(&n.to_string(), at, Align::Left)
                    .from_key(Board::KEY.balls),
            );
        }
        yy += b.tally_box + TALLY_ROW_GAP;
    }
    yy
}
