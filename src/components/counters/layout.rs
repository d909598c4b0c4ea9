//! Counter sheets (`kind = "counters"`): round counters and tokens in sets
//! (a team, a side, a coach's tokens, the ball, a coin), sized for the board
//! they are played on, imposed N-up with optional duplex backs.
//!
//! A counter layout names its board layout: the checker reads the board's
//! square and refuses counters that do not fit it with clearance, measured
//! to the ink: from the outside of the counter's cut guide to the inner
//! edges of the square's lines.

/// The kind counter sheets answer to (also the sheet's document title).
pub const KIND: &str = "counters";

/// The key of the board layout the counters are for, at the top of the file.
pub const BOARD: &str = "board";
/// The key of the space a counter leaves in its square, at the top of the file.
pub const CLEARANCE: &str = "clearance";
/// The key of the array of counter sets, `[[set]]`: set `i` is `set[i]`.
pub const SET: &str = "set";

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::components::load::References;
use crate::components::resolved::PieceSpace;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::Resolver;
use crate::layout::values::{
    Choice, Colour, ColourOrNone, Count, Flag, Label, LabelList, Length, Named, Optional, Required, TextSize, Word,
    entries,
};
use crate::limits::{MAX_COUNTERS, MAX_ENTRIES};
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::section;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// The board layout these counters stand on, relative to this file: the
    /// checker holds every counter to its square.
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    board: Option<String>,
    /// Millimetres a counter leaves free in its square, in total, ink to ink.
    #[serde(default = "default_clearance")]
    #[schemars(range(min = 0.0, max = MAX_CLEARANCE))]
    clearance: f64,
    #[serde(default)]
    page: RawPage,
    #[serde(default = "default_print")]
    print: RawPrint,
    #[serde(default)]
    counter: RawCounter,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    set: Vec<RawSet>,
}

/// The JSON Schema of a layout of this kind, named `kind`, for editors.
pub fn schema(kind: &str) -> serde_json::Value {
    // Its [print] defaults are its own, not the table's.
    crate::layout::schema::with_defaults(
        crate::layout::schema::layout::<Raw>(kind),
        "print",
        &RawPrint::counters(),
    )
}

/// More room than this around a counter is no longer a fit, in mm.
const MAX_CLEARANCE: f64 = 20.0;

fn default_clearance() -> f64 {
    // A millimetre on each side: a counter can be picked up without nudging
    // its neighbours.
    2.0
}

fn default_print() -> RawPrint {
    RawPrint::counters()
}

/// What is drawn in the middle of a counter instead of a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emblem {
    /// A football: a pentagon and five seams.
    Ball,
}

impl Named for Emblem {
    const CHOICES: &'static [(&'static str, Self)] = &[("ball", Emblem::Ball)];
    const FALLBACK: Self = Emblem::Ball;
    const WHAT: &'static str = "emblem";
    const NAMES: &'static str = "the emblem can be \"ball\"";
}

section! {
    /// The `[counter]` table, validated: what every set shares.
    pub struct CounterTable / RawCounter / CounterKeys in "counter" {
        /// The counters' diameter, unless a set gives its own.
        diameter: Length = 18.0 => "the counters' diameter in mm",
        /// Label size in points.
        label_size: TextSize = 10.0,
        /// Print a thin circle on the cut line.
        cut_guide: Flag = true,
    }
}

section! {
    /// One `[[set]]` of counters (a team, a side, a coach's tokens), validated.
    pub struct Set / RawSet / SetKeys in dynamic {
        /// Its name (`local`, `red`), for findings.
        name: Required<Word> = (),
        /// How many counters.
        count: Count<1, { MAX_COUNTERS as i64 }> = 1 => "how many counters of this set",
        /// Fill colour.
        fill: Required<Colour> = (),
        /// Label and emblem colour.
        ink: Colour = "#000000",
        /// One label per counter; none to number them.
        labels: LabelList = &[],
        /// The label of every counter that `labels` does not name.
        label: Optional<Label> = (),
        /// The backs' fill; `none` for no backs.
        back: ColourOrNone = "none",
        /// The backs' label.
        back_label: Label = "",
        /// The 1-based number of the counter to mark out with a ring (the
        /// goalkeeper).
        special: Optional<Count<1, { MAX_COUNTERS as i64 }>> = () => "special is the 1-based number of the counter to mark out",
        /// The ring's colour.
        special_ring: Optional<Colour> = (),
        /// An emblem drawn instead of (or under) the label.
        emblem: Optional<Choice<Emblem>> = (),
        /// This set's own diameter.
        diameter: Optional<Length> = () => "this set's diameter in mm",
        /// Whether it stands on the board's squares (a coin to toss does not).
        on_board: Flag = true,
    }
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
    /// The layout key its diameter comes from: its set's own
    /// (`set[2].diameter`) or the shared `counter.diameter`, for findings.
    pub diameter_key: String,
    /// Fill colour.
    pub fill: Color,
    /// Label and emblem colour.
    pub ink: Color,
    /// The label, possibly empty.
    pub label: String,
    /// The layout key its label's words come from (`set[1].labels[3]`,
    /// `set[0].label`), or its set's key for a number it is given.
    pub label_key: String,
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
    /// The board's square (or box), with the lines drawn round it.
    pub space: PieceSpace,
}

/// A resolved counter sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Counters {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// The board the counters are for, when the layout names one.
    pub board: Option<BoardRef>,
    /// Space a counter leaves in its square, in total across, ink to ink.
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
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<Counters, Vec<Finding>> {
    let page = r.page(&raw.page);
    let print = raw.print.options(&mut r, &page);
    let clearance = r.length_in(
        CLEARANCE,
        raw.clearance,
        (0.0, MAX_CLEARANCE),
        "mm a counter leaves free in its square; 2 mm by default",
    );
    let counter = raw.counter.resolve(&mut r);
    let board = raw.board.as_ref().and_then(|name| board_ref(&mut r, name));
    if raw.set.is_empty() {
        r.bad(
            SET,
            Code::LayoutMissingKey,
            "the sheet has no counter sets".into(),
            "add a [[set]] table for each team, side or token kind",
        );
    }
    let mut counters = Vec::new();
    for (i, raw_set) in entries(&mut r, SET, &raw.set).iter().enumerate() {
        counters.extend(set_counters(&mut r, i, raw_set, &counter));
        if counters.len() > MAX_COUNTERS as usize {
            r.bad(
                SET,
                Code::LayoutValue,
                format!("the sets hold more than {MAX_COUNTERS} counters, the most a sheet prints"),
                "print fewer counters of each set, or the sets in two layouts",
            );
            break;
        }
    }
    let fonts = r.cx.fonts;
    r.finish(Counters {
        fonts,
        board,
        clearance: Mm(clearance),
        page,
        print,
        label_size: counter.label_size,
        cut_guide: counter.cut_guide,
        counters,
    })
}

/// The board layout `name`, when it loads and is a board with squares.
fn board_ref(r: &mut Resolver<'_>, name: &String) -> Option<BoardRef> {
    let loaded = r.reference(BOARD, name)?;
    match loaded.layout.as_board().and_then(|b| b.piece_space()) {
        Some(space) => Some(BoardRef {
            name: name.clone(),
            space,
        }),
        None => {
            r.bad(
                BOARD,
                Code::LayoutBoard,
                format!(
                    "cannot use the layout {name}: a \"{}\" layout is not a board with squares",
                    loaded.kind
                ),
                "name the board layout these counters are played on, relative to this file (\"pitch.toml\")",
            );
            None
        }
    }
}

/// The counters of set `i`, each with its label and, for the special one, its ring.
fn set_counters(r: &mut Resolver<'_>, i: usize, raw_set: &RawSet, counter: &CounterTable) -> Vec<Counter> {
    let key = format!("{SET}[{i}]");
    let s = raw_set.resolve_at(r, &key);
    let count = s.count;
    if !s.labels.is_empty() && s.labels.len() != count as usize {
        r.bad(
            &format!("{key}.labels"),
            Code::LayoutValue,
            format!("{} labels for {count} counters", s.labels.len()),
            "give one label per counter, or leave labels out to number them",
        );
    }
    if let Some(sp) = s.special
        && sp > count
    {
        r.bad(
            &format!("{key}.special"),
            Code::LayoutValue,
            format!("counter {sp} is not in a set of {count}"),
            "special is the 1-based number of the counter to mark out",
        );
    }
    let ring = s.special_ring.unwrap_or(Color::rgb(0xff, 0xd5, 0x4f));
    let diameter_key = match s.diameter {
        Some(_) => format!("{key}.diameter"),
        None => CounterTable::KEY.diameter.to_string(),
    };
    (0..count)
        .map(|k| {
            let (label, label_key) = if let Some(l) = s.labels.get(k as usize) {
                (l.clone(), format!("{key}.labels[{k}]"))
            } else if let Some(l) = &s.label {
                (l.clone(), format!("{key}.label"))
            } else if s.emblem.is_some() {
                (String::new(), key.clone())
            } else {
                ((k + 1).to_string(), key.clone())
            };
            Counter {
                set: s.name.clone(),
                index: k,
                diameter: s.diameter.unwrap_or(counter.diameter),
                diameter_key: diameter_key.clone(),
                fill: s.fill,
                ink: s.ink,
                label,
                label_key,
                emblem: s.emblem,
                ring: (s.special == Some(k + 1)).then_some(ring),
                back: s.back,
                back_label: s.back_label.clone(),
                key: key.clone(),
                on_board: s.on_board,
            }
        })
        .collect()
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it, and one set to start from.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    use crate::layout::scaffold::{Documented, Scaffold, Shown};
    let s = Scaffold::new::<Raw>(
        kind,
        "A counter sheet: round counters in sets (a team, a side, the ball), sized for the board they are played on.",
    );
    let raw: Raw = s.defaults()?;
    // A sheet needs a set: one to copy for the others, its required keys
    // given an example.
    let example = RawSet {
        name: Some("home".into()),
        fill: Some("#c0392b".into()),
        ink: "#ffffff".into(),
        count: 11,
        ..RawSet::default()
    };
    Ok(s
        .key(
            BOARD,
            "The board layout the counters are played on, relative to this file: the checker holds that each counter fits its square with `clearance` to spare. Left out, no board is checked.",
            Shown::Unset,
        )
        .key(
            CLEARANCE,
            "The room a counter leaves in its square, in mm: a millimetre on each side lets a counter be picked up without nudging its neighbours.",
            Shown::of(&raw.clearance),
        )
        .section(&raw.page)
        .section(&raw.print)
        .section(&raw.counter)
        .entry(
            SET,
            "One [[set]] per kind of counter (a team, a side, the ball): copy the table for each. This one is an example: `name` and `fill` have no default.",
            example.scaffold_keys(),
        ))
}
