//! The league game's board (`kind = "league-board"`, GAMES.md game C): a pitch
//! in six stripes with a place for the ball in each, a strategy track of boxes
//! 1 to 6 for each coach, and tallies of goals and balls for each side.

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::print::PageSpec;
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    board: RawBoard,
    #[serde(default)]
    style: RawStyle,
    #[serde(default)]
    labels: RawLabels,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawBoard {
    stripe_width: f64,
    pitch_height: f64,
    ball_spot: f64,
    track_box: f64,
    tally_box: f64,
    balls: i64,
}

impl Default for RawBoard {
    fn default() -> Self {
        RawBoard {
            stripe_width: 44.0,
            pitch_height: 86.0,
            ball_spot: 18.0,
            track_box: 18.0,
            tally_box: 12.0,
            balls: 7,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawStyle {
    pitch_colour: String,
    team_a_colour: String,
    team_b_colour: String,
    line_colour: String,
    text_colour: String,
}

impl Default for RawStyle {
    fn default() -> Self {
        RawStyle {
            pitch_colour: "#dcefd5".into(),
            team_a_colour: "#c62828".into(),
            team_b_colour: "#1f4fa8".into(),
            line_colour: "#1f3d27".into(),
            text_colour: "#1b2a41".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawLabels {
    title: String,
    team_a: String,
    team_b: String,
    defence: String,
    midfield: String,
    attack: String,
    strategy: String,
    strategy_note: String,
    goals: String,
    balls: String,
}

impl Default for RawLabels {
    fn default() -> Self {
        RawLabels {
            title: "Fútbol de cartas: la liga".into(),
            team_a: "Local".into(),
            team_b: "Visitante".into(),
            defence: "Defensa".into(),
            midfield: "Medio".into(),
            attack: "Ataque".into(),
            strategy: "Estrategia".into(),
            strategy_note: "De la casilla 1 a la primera ficha: pases a la defensa; hasta la segunda: al medio; el resto, al ataque.".into(),
            goals: "Goles".into(),
            balls: "Bolas".into(),
        }
    }
}

/// Sizes, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Width of each of the six stripes.
    pub stripe_width: Mm,
    /// Height of the pitch.
    pub pitch_height: Mm,
    /// Diameter of the ball's place in each stripe.
    pub ball_spot: Mm,
    /// Side of a strategy-track box.
    pub track_box: Mm,
    /// Side of a tally box.
    pub tally_box: Mm,
    /// How many balls a match is played to, at most (tally boxes).
    pub balls: u32,
}

/// Colours, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// The pitch.
    pub pitch_colour: Color,
    /// The home side.
    pub team_a_colour: Color,
    /// The away side.
    pub team_b_colour: Color,
    /// Lines.
    pub line_colour: Color,
    /// Text.
    pub text_colour: Color,
}

/// The words on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Labels {
    /// Title.
    pub title: String,
    /// Home side's name.
    pub team_a: String,
    /// Away side's name.
    pub team_b: String,
    /// The defence stripe.
    pub defence: String,
    /// The midfield stripe.
    pub midfield: String,
    /// The attack stripe.
    pub attack: String,
    /// The strategy track.
    pub strategy: String,
    /// How the track reads.
    pub strategy_note: String,
    /// The goals tally.
    pub goals: String,
    /// The balls tally.
    pub balls: String,
}

/// A resolved league board.
#[derive(Clone, Debug, PartialEq)]
pub struct League {
    /// Paper and margin.
    pub page: PageSpec,
    /// Sizes.
    pub board: Board,
    /// Colours.
    pub style: Style,
    /// Words.
    pub labels: Labels,
}

/// Reads and validates a `league-board` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<League, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let b = &raw.board;
    let len = |r: &mut Resolver<'_>, key: &str, v: f64, hint: &str| Mm(r.length_above(key, v, 0.0, hint));
    let board = Board {
        stripe_width: len(
            &mut r,
            "board.stripe_width",
            b.stripe_width,
            "the width of one of the six stripes, in mm",
        ),
        pitch_height: len(
            &mut r,
            "board.pitch_height",
            b.pitch_height,
            "the pitch's height, in mm",
        ),
        ball_spot: len(
            &mut r,
            "board.ball_spot",
            b.ball_spot,
            "the ball's place in each stripe, in mm",
        ),
        track_box: len(
            &mut r,
            "board.track_box",
            b.track_box,
            "a strategy box's side, in mm; tokens fit it with 2 mm to spare",
        ),
        tally_box: len(&mut r, "board.tally_box", b.tally_box, "a tally box's side, in mm"),
        balls: r.count_at_least(
            "board.balls",
            b.balls,
            1,
            "the most balls a match is played to; the rules suggest 3 to 7",
        ),
    };
    let s = &raw.style;
    let style = Style {
        pitch_colour: r.colour("style.pitch_colour", &s.pitch_colour),
        team_a_colour: r.colour("style.team_a_colour", &s.team_a_colour),
        team_b_colour: r.colour("style.team_b_colour", &s.team_b_colour),
        line_colour: r.colour("style.line_colour", &s.line_colour),
        text_colour: r.colour("style.text_colour", &s.text_colour),
    };
    let l = &raw.labels;
    let labels = Labels {
        title: r.text("labels.title", &l.title),
        team_a: r.text("labels.team_a", &l.team_a),
        team_b: r.text("labels.team_b", &l.team_b),
        defence: r.text("labels.defence", &l.defence),
        midfield: r.text("labels.midfield", &l.midfield),
        attack: r.text("labels.attack", &l.attack),
        strategy: r.text("labels.strategy", &l.strategy),
        strategy_note: r.text("labels.strategy_note", &l.strategy_note),
        goals: r.text("labels.goals", &l.goals),
        balls: r.text("labels.balls", &l.balls),
    };
    r.finish(League {
        page,
        board,
        style,
        labels,
    })
}
