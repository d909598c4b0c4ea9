//! The league game's board (`kind = "league-board"`, GAMES.md game C): a pitch
//! in six stripes with a place for the ball in each, a strategy track of boxes
//! 1 to 6 for each coach, and tallies of goals and balls for each side.

use serde::Deserialize;

use crate::diag::Finding;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::layout::values::{Colour, Count, Label, Length};
use crate::layout::tiling::RawTiling;
use crate::print::{PageSpec, TileOptions};
use crate::section;

/// The file as written.
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
    #[serde(default)]
    tiling: RawTiling,
}

section! {
    /// Sizes, validated.
    pub struct Board / RawBoard / BoardKeys in "board" {
        /// Width of each of the six stripes.
        stripe_width: Length = 44.0 => "the width of one of the six stripes, in mm",
        /// Height of the pitch.
        pitch_height: Length = 86.0 => "the pitch's height, in mm",
        /// Diameter of the ball's place in each stripe.
        ball_spot: Length = 18.0 => "the ball's place in each stripe, in mm",
        /// Side of a strategy-track box.
        track_box: Length = 18.0 => "a strategy box's side, in mm; tokens fit it with 2 mm to spare",
        /// Side of a tally box.
        tally_box: Length = 12.0 => "a tally box's side, in mm",
        /// How many balls a match is played to, at most (tally boxes).
        balls: Count<1> = 7 => "the most balls a match is played to; the rules suggest 3 to 7",
    }
}

section! {
    /// Colours, validated.
    pub struct Style / RawStyle / StyleKeys in "style" {
        /// The pitch.
        pitch_colour: Colour = "#dcefd5",
        /// The home side.
        team_a_colour: Colour = "#c62828",
        /// The away side.
        team_b_colour: Colour = "#1f4fa8",
        /// Lines.
        line_colour: Colour = "#1f3d27",
        /// Text.
        text_colour: Colour = "#1b2a41",
    }
}

section! {
    /// The words on the board.
    pub struct Labels / RawLabels / LabelsKeys in "labels" {
        /// Title.
        title: Label = "@league.title",
        /// Home side's name.
        team_a: Label = "@league.team_a",
        /// Away side's name.
        team_b: Label = "@league.team_b",
        /// The defence stripe.
        defence: Label = "@league.defence",
        /// The midfield stripe.
        midfield: Label = "@league.midfield",
        /// The attack stripe.
        attack: Label = "@league.attack",
        /// The strategy track.
        strategy: Label = "@league.strategy",
        /// How the track reads.
        strategy_note: Label = "@league.strategy_note",
        /// The goals tally.
        goals: Label = "@league.goals",
        /// The balls tally.
        balls: Label = "@league.balls",
        /// The words under the scale bar on each piece of a tiled board.
        scale_bar: Label = "@league.scale_bar",
    }
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
    /// How to split the board when it is larger than the paper; `None` to
    /// refuse instead.
    pub tiling: Option<TileOptions>,
}

/// Reads and validates a `league-board` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<League, Vec<Finding>> {
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, cx.overrides);
    let board = raw.board.resolve(&mut r);
    let style = raw.style.resolve(&mut r);
    let labels = raw.labels.resolve(&mut r);
    let tiling = raw.tiling.options(&mut r, &page, style.text_colour);
    r.finish(League {
        page,
        board,
        style,
        labels,
        tiling,
    })
}
