//! Counter sheets (`kind = "counters"`): round counters and tokens in sets
//! (a team, a side, a coach's tokens, the ball, a coin), sized for the board
//! they are played on, imposed N-up with optional duplex backs.
//!
//! A counter layout names its board layout: the checker reads the board's
//! square and refuses counters that do not fit it with clearance.

/// The kind counter sheets answer to (also the sheet's document title).
pub const KIND: &str = "counters";

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    board: Option<String>,
    #[serde(default = "default_clearance")]
    clearance: f64,
    #[serde(default)]
    page: RawPage,
    #[serde(default = "default_print")]
    print: RawPrint,
    #[serde(default)]
    counter: RawCounter,
    #[serde(default)]
    set: Vec<RawSet>,
}

fn default_clearance() -> f64 {
    // A millimetre on each side: a counter can be picked up without nudging
    // its neighbours.
    2.0
}

fn default_print() -> RawPrint {
    RawPrint::counters()
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawCounter {
    diameter: f64,
    label_size: f64,
    cut_guide: bool,
}

impl Default for RawCounter {
    fn default() -> Self {
        RawCounter {
            diameter: 18.0,
            label_size: 10.0,
            cut_guide: true,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    name: String,
    #[serde(default = "one")]
    count: i64,
    fill: String,
    #[serde(default = "black")]
    ink: String,
    #[serde(default)]
    labels: Vec<String>,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    back: Option<String>,
    #[serde(default)]
    back_label: Option<String>,
    #[serde(default)]
    special: Option<i64>,
    #[serde(default)]
    special_ring: Option<String>,
    #[serde(default)]
    emblem: Option<String>,
    #[serde(default)]
    diameter: Option<f64>,
    #[serde(default = "yes")]
    on_board: bool,
}

fn yes() -> bool {
    true
}

fn one() -> i64 {
    1
}
fn black() -> String {
    "#000000".into()
}

/// What is drawn in the middle of a counter instead of a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emblem {
    /// A football: a pentagon and five seams.
    Ball,
}

/// One counter, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Counter {
    /// The set it belongs to (`local`, `red`).
    pub set: String,
    /// Its 0-based place in the set.
    pub index: u32,
    /// Diameter.
    pub diameter: Mm,
    /// Fill colour.
    pub fill: Color,
    /// Label and emblem colour.
    pub ink: Color,
    /// The label, possibly empty.
    pub label: String,
    /// An emblem drawn instead of (or under) the label.
    pub emblem: Option<Emblem>,
    /// A contrasting ring marking it out (the goalkeeper).
    pub ring: Option<Color>,
    /// The back's fill, when it has one.
    pub back: Option<Color>,
    /// The back's label.
    pub back_label: String,
    /// The layout key of its set, for findings (`set[0]`).
    pub key: String,
    /// Whether it stands on the board's squares (a coin to toss does not).
    pub on_board: bool,
}

/// The board a counter sheet is for.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRef {
    /// The path as written in the layout.
    pub name: String,
    /// The side of the board's square.
    pub square: Mm,
}

/// A resolved counter sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Counters {
    /// The board the counters are for, when the layout names one.
    pub board: Option<BoardRef>,
    /// Space a counter leaves in its square, in total across.
    pub clearance: Mm,
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// Label size in points.
    pub label_size: f64,
    /// Print a thin circle on the cut line.
    pub cut_guide: bool,
    /// Every counter, set by set.
    pub counters: Vec<Counter>,
}

/// Reads and validates a `counters` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<Counters, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let print = raw.print.options(&mut r, &page);
    let clearance = r.length_non_negative(
        "clearance",
        raw.clearance,
        "mm a counter leaves free in its square; 2 mm by default",
    );
    let diameter = r.length_above(
        "counter.diameter",
        raw.counter.diameter,
        0.0,
        "the counters' diameter in mm",
    );
    let label_size = r.text_size("counter.label_size", raw.counter.label_size);
    let board = raw.board.as_ref().and_then(|name| {
        let loaded = r.reference("board", name)?;
        match loaded.layout.piece_space() {
            Some(square) => Some(BoardRef {
                name: name.clone(),
                square,
            }),
            None => {
                r.bad(
                    "board",
                    "layout-board",
                    format!(
                        "cannot use the layout {name}: a \"{}\" layout is not a board with squares",
                        loaded.kind
                    ),
                    "name the board layout these counters are played on, relative to this file (\"pitch.toml\")",
                );
                None
            }
        }
    });
    if raw.set.is_empty() {
        r.bad(
            "set",
            "layout-missing-key",
            "the sheet has no counter sets".into(),
            "add a [[set]] table for each team, side or token kind",
        );
    }
    let mut counters = Vec::new();
    for (i, s) in raw.set.iter().enumerate() {
        let key = format!("set[{i}]");
        let count = r.count_at_least(&format!("{key}.count"), s.count, 1, "how many counters of this set");
        let fill = r.colour(&format!("{key}.fill"), &s.fill);
        let ink = r.colour(&format!("{key}.ink"), &s.ink);
        let back = s
            .back
            .as_ref()
            .and_then(|b| r.colour_or_none(&format!("{key}.back"), b));
        let ring = s
            .special_ring
            .as_ref()
            .map(|c| r.colour(&format!("{key}.special_ring"), c));
        let emblem = match s.emblem.as_deref() {
            None => None,
            Some("ball") => Some(Emblem::Ball),
            Some(other) => {
                r.bad(
                    &format!("{key}.emblem"),
                    "layout-value",
                    format!("unknown emblem \"{other}\""),
                    "the emblem can be \"ball\"",
                );
                None
            }
        };
        if !s.labels.is_empty() && s.labels.len() != count as usize {
            r.bad(
                &format!("{key}.labels"),
                "layout-value",
                format!("{} labels for {count} counters", s.labels.len()),
                "give one label per counter, or leave labels out to number them",
            );
        }
        if let Some(sp) = s.special
            && (sp < 1 || sp > count as i64)
        {
            r.bad(
                &format!("{key}.special"),
                "layout-value",
                format!("counter {sp} is not in a set of {count}"),
                "special is the 1-based number of the counter to mark out",
            );
        }
        let d = match s.diameter {
            Some(d) => Mm(r.length_above(&format!("{key}.diameter"), d, 0.0, "this set's diameter in mm")),
            None => Mm(diameter),
        };
        for k in 0..count {
            let label = if let Some(l) = s.labels.get(k as usize) {
                r.text(&format!("{key}.labels"), l)
            } else if let Some(l) = &s.label {
                r.text(&format!("{key}.label"), l)
            } else if emblem.is_some() {
                String::new()
            } else {
                (k + 1).to_string()
            };
            let special = s.special == Some(k as i64 + 1);
            counters.push(Counter {
                set: s.name.clone(),
                index: k,
                diameter: d,
                fill,
                ink,
                label,
                emblem,
                ring: if special {
                    Some(ring.unwrap_or(Color::rgb(0xff, 0xd5, 0x4f)))
                } else {
                    None
                },
                back,
                back_label: s
                    .back_label
                    .as_ref()
                    .map(|b| r.text(&format!("{key}.back_label"), b))
                    .unwrap_or_default(),
                key: key.clone(),
                on_board: s.on_board,
            });
        }
    }
    r.finish(Counters {
        board,
        clearance: Mm(clearance),
        page,
        print,
        label_size,
        cut_guide: raw.counter.cut_guide,
        counters,
    })
}
