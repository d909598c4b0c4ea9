//! `[scale]`: a league's real figures made the game's small numbers. The seed
//! wants stats "based on real league results", but a real sheet holds 55
//! passes and 3.1 tackles per 90 minutes, numbers that would drown the dice
//! the game adds them to. Each card field may be mapped, per column:
//!
//! - linearly, `{ from = [0, 75], to = [0, 2] }`: the real figure `from[0]`
//!   becomes `to[0]`, `from[1]` becomes `to[1]`, in between rounded to a
//!   whole number, outside held at the ends;
//! - by rank, `{ rank = [0, 2] }`: within each position (or the whole deck
//!   with `within = "deck"`) the lowest figure becomes 0, the highest 2, the
//!   others spread evenly by their place; equal figures get equal numbers.
//!
//! The mapped numbers are what the cards print and what the checker's
//! matches play with.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::diag::code::Code;
use crate::layout::resolve::Resolver;

use crate::play::position::Position;

/// One field's mapping as written.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRule {
    /// Linear: the real figures that become the ends of `to`.
    #[serde(default)]
    from: Option<[f64; 2]>,
    /// Linear: the card's numbers for the ends of `from` (whole numbers).
    #[serde(default)]
    to: Option<[f64; 2]>,
    /// By rank: the card's numbers for the lowest and the highest figure.
    #[serde(default)]
    rank: Option<[f64; 2]>,
    /// By rank: ranked within each `"position"` (the default) or the whole `"deck"`.
    #[serde(default)]
    within: Option<String>,
}

/// `[scale]` as written: a mapping for any of the card's numbers.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawScale {
    /// Good passes.
    #[serde(default)]
    passes: Option<RawRule>,
    /// Balls won.
    #[serde(default)]
    won: Option<RawRule>,
    /// Shots on goal.
    #[serde(default)]
    shots: Option<RawRule>,
    /// Goals conceded (goalkeepers).
    #[serde(default)]
    conceded: Option<RawRule>,
    /// Saves (goalkeepers).
    #[serde(default)]
    saves: Option<RawRule>,
    /// The price.
    #[serde(default)]
    price: Option<RawRule>,
}

/// How one field's figures become the card's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// `from` onto `to`, rounded and held at the ends.
    Linear {
        /// The real figures at the ends.
        from: (f64, f64),
        /// The card's numbers there.
        to: (f64, f64),
    },
    /// By rank onto `to`, within each position or across the deck.
    Rank {
        /// The numbers of the lowest and the highest.
        to: (f64, f64),
        /// Ranked within each position.
        by_position: bool,
    },
}

/// The fields a scale may map, in the order of [`Scale::rules`].
pub const FIELDS: [&str; 6] = ["passes", "won", "shots", "conceded", "saves", "price"];

/// `[scale]`, validated: a rule for each field it maps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scale {
    /// Passes, balls won, shots, goals conceded, saves, price.
    pub rules: [Option<Rule>; 6],
}

/// The largest number a card may be given: a stat beyond it drowns the dice.
const MOST: f64 = 99.0;

impl RawScale {
    /// Validates every rule, each finding at its own key.
    pub fn resolve(&self, r: &mut Resolver<'_>) -> Scale {
        let raws = [
            &self.passes,
            &self.won,
            &self.shots,
            &self.conceded,
            &self.saves,
            &self.price,
        ];
        let mut scale = Scale::default();
        for ((slot, raw), field) in scale.rules.iter_mut().zip(raws).zip(FIELDS) {
            if let Some(raw) = raw {
                *slot = rule(r, &format!("scale.{field}"), raw);
            }
        }
        scale
    }
}

/// One field's rule, or `None` with findings.
fn rule(r: &mut Resolver<'_>, key: &str, raw: &RawRule) -> Option<Rule> {
    let numbers = |r: &mut Resolver<'_>, key: &str, pair: [f64; 2], whole: bool| -> Option<(f64, f64)> {
        let ok = pair
            .iter()
            .all(|v| v.is_finite() && (!whole || (v.fract() == 0.0 && (0.0..=MOST).contains(v))));
        if !ok {
            let what = if whole {
                format!("two whole numbers from 0 to {MOST}, the card's numbers")
            } else {
                "two numbers".to_string()
            };
            r.bad(
                key,
                Code::LayoutValue,
                format!("must be {what}, got [{}, {}]", pair[0], pair[1]),
                "write them as [0, 3]",
            );
            return None;
        }
        Some((pair[0], pair[1]))
    };
    match (raw.from, raw.to, raw.rank) {
        (Some(from), Some(to), None) => {
            if raw.within.is_some() {
                r.bad(
                    &format!("{key}.within"),
                    Code::LayoutValue,
                    "`within` is for a mapping by rank".into(),
                    "leave it out, or map by rank: { rank = [0, 3], within = \"position\" }",
                );
            }
            let from = numbers(r, &format!("{key}.from"), from, false)?;
            let to = numbers(r, &format!("{key}.to"), to, true)?;
            if (from.1 - from.0).abs() < 1e-12 {
                r.bad(
                    &format!("{key}.from"),
                    Code::LayoutValue,
                    format!("the two real figures are both {}: nothing to spread", from.0),
                    "write the lowest and the highest figure the column holds, such as [0, 75]",
                );
                return None;
            }
            Some(Rule::Linear { from, to })
        }
        (None, None, Some(rank)) => {
            let to = numbers(r, &format!("{key}.rank"), rank, true)?;
            let by_position = match raw.within.as_deref().map(str::to_ascii_lowercase).as_deref() {
                None | Some("position") => true,
                Some("deck") => false,
                Some(other) => {
                    r.bad(
                        &format!("{key}.within"),
                        Code::LayoutValue,
                        format!("unknown ranking \"{other}\""),
                        "use \"position\" (each position ranked apart, the default) or \"deck\"",
                    );
                    return None;
                }
            };
            Some(Rule::Rank { to, by_position })
        }
        _ => {
            r.bad(
                key,
                Code::LayoutValue,
                "a mapping is linear (`from` and `to`) or by rank (`rank`), one of the two".into(),
                "write { from = [0, 75], to = [0, 2] } or { rank = [0, 2] }",
            );
            None
        }
    }
}

impl Scale {
    /// Whether it maps nothing.
    pub fn is_empty(&self) -> bool {
        self.rules.iter().all(Option::is_none)
    }

    /// Maps `values`: for each card its position and its figures of the
    /// [`FIELDS`] (`None` where the card has no such figure), each mapped
    /// field replaced by the card's number.
    pub fn apply(&self, values: &mut [(Position, [Option<f64>; 6])]) {
        for (field, rule) in self.rules.iter().enumerate() {
            let Some(rule) = rule else { continue };
            match *rule {
                Rule::Linear { from, to } => {
                    for (_, v) in values.iter_mut() {
                        if let Some(x) = &mut v[field] {
                            let t = (*x - from.0) / (from.1 - from.0);
                            let y = to.0 + t * (to.1 - to.0);
                            *x = y.clamp(to.0.min(to.1), to.0.max(to.1)).round();
                        }
                    }
                }
                Rule::Rank { to, by_position } => {
                    let groups: Vec<Option<Position>> = if by_position {
                        [
                            Position::Goalkeeper,
                            Position::Defender,
                            Position::Midfielder,
                            Position::Forward,
                        ]
                        .map(Some)
                        .to_vec()
                    } else {
                        vec![None]
                    };
                    for group in groups {
                        let member = |p: Position| group.is_none_or(|g| g == p);
                        let figures: Vec<f64> = values
                            .iter()
                            .filter(|(p, _)| member(*p))
                            .filter_map(|(_, v)| v[field])
                            .collect();
                        for (p, v) in values.iter_mut() {
                            if !member(*p) {
                                continue;
                            }
                            if let Some(x) = &mut v[field] {
                                *x = ranked(*x, &figures, to);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `x`'s number by its place among `figures` (which hold it): below it
/// count whole, equal to it count half, spread over `to`.
fn ranked(x: f64, figures: &[f64], to: (f64, f64)) -> f64 {
    let n = figures.len();
    if n < 2 {
        return ((to.0 + to.1) / 2.0).round();
    }
    let below = figures.iter().filter(|f| **f < x).count() as f64;
    let equal = figures.iter().filter(|f| f.total_cmp(&x).is_eq()).count() as f64;
    let place = (below + (equal - 1.0) / 2.0) / (n as f64 - 1.0);
    (to.0 + place * (to.1 - to.0)).round()
}
