//! The league's matches played by the checker (docs/GAMES.md, "The
//! league"): a player's [`position`] and the hand dealt of each, the match
//! [`simulate`]d by the rules of the original game, and here what the
//! checker learnt by playing a deck, the figures reported beside the
//! findings in the text output and in `--json`. Below the components: the
//! card deck fills the figures from its cards (its `[deal]` holds them to
//! the bounds), the output prints them. A game whose rules are drawn rather
//! than simulated keeps its rules beside its layout (path football's
//! `components/path_fields/play.rs`, which reads the kind's own field).

pub mod position;
pub mod simulate;

use schemars::JsonSchema;
use serde::Serialize;

/// The figures of a deck's simulated league matches.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayReport {
    /// The rules played: `league`.
    pub rules: String,
    /// Matches simulated.
    pub matches: u32,
    /// Balls a match lasts.
    pub balls: u32,
    /// The seed of the dice: the same seed, the same figures.
    pub seed: u32,
    /// The line-ups played, each side one of them in turn (`4-4-2`).
    pub formations: Vec<String>,
    /// Plays a ball lasts, on average (a ball cut off at the limit counts
    /// its plays so far).
    pub plays_per_ball: f64,
    /// The share of balls that did not end within `play_limit` plays.
    pub unended_balls: f64,
    /// The plays after which a ball is cut off.
    pub play_limit: u32,
    /// Per stripe of the side with the ball: plays held there, shots taken
    /// from there, and the shots per ball.
    pub stripes: Vec<StripePlay>,
    /// Goals a ball.
    pub goals_per_ball: f64,
    /// The share of shots that are goals (the rest are saves).
    pub goals_per_shot: f64,
    /// The share of matches the home side won.
    pub home_wins: f64,
    /// The share the away side won.
    pub away_wins: f64,
    /// The share drawn.
    pub draws: f64,
    /// Plays a match of `balls` balls lasts, on average.
    pub match_plays: f64,
    /// The pace the length is told at: seconds a play.
    pub seconds_per_play: u32,
    /// A match's length at that pace, in minutes.
    pub match_minutes: f64,
    /// Per formation: the shots its side took a match.
    pub by_formation: Vec<FormationPlay>,
}

/// One stripe's figures, counted for the side that holds the ball there after
/// the possession roll.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StripePlay {
    /// `defence`, `midfield` or `attack`.
    pub stripe: String,
    /// Plays in which a side held the ball in this stripe of its own.
    pub plays: u64,
    /// Shots taken from it.
    pub shots: u64,
    /// `shots / plays`: the chance of a shot from this stripe in a play.
    pub shot_chance: f64,
    /// Shots from it per ball played.
    pub shots_per_ball: f64,
}

/// One formation's figures.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormationPlay {
    /// The line-up (`4-4-2`: defenders, midfielders, forwards).
    pub formation: String,
    /// Matches a side played with it.
    pub sides: u32,
    /// Shots it took a match.
    pub shots_per_match: f64,
    /// Goals it scored a match.
    pub goals_per_match: f64,
}

impl PlayReport {
    /// The lines the text output prints under the deck: what a match is like.
    pub fn lines(&self) -> Vec<String> {
        let pc = |x: f64| format!("{:.0} %", x * 100.0);
        let shots: Vec<String> = self
            .stripes
            .iter()
            .map(|s| format!("{} {:.2}", s.stripe, s.shots_per_ball))
            .collect();
        vec![
            format!(
                "play: {} simulated matches of {} balls ({}, seed {}): {:.1} plays a ball{}",
                self.matches,
                self.balls,
                self.formations.join(", "),
                self.seed,
                self.plays_per_ball,
                if self.unended_balls > 0.0 {
                    format!(", {} of balls never end", pc(self.unended_balls))
                } else {
                    String::new()
                }
            ),
            format!(
                "play: shots a ball from {}; {:.2} goals a ball ({} of shots)",
                shots.join(", "),
                self.goals_per_ball,
                pc(self.goals_per_shot)
            ),
            format!(
                "play: home wins {}, away wins {}, draws {}; a {}-ball match: {:.0} plays, about {:.0} min at {} s a play",
                pc(self.home_wins),
                pc(self.away_wins),
                pc(self.draws),
                self.balls,
                self.match_plays,
                self.match_minutes,
                self.seconds_per_play
            ),
        ]
    }
}
