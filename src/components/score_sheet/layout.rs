//! The score sheet's layout (`kind = "score-sheet"`): how many match cards,
//! the periods a match has, the shoot-out, and the words.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Count, Label, LabelList, Length};
use crate::print::PageSpec;
use crate::section;

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    sheet: RawSheet,
}

section! {
    /// The sheet, validated.
    pub struct Sheet / RawSheet / SheetKeys in "sheet" {
        /// The heading.
        title: Label = "@score.title",
        /// How many match cards.
        matches: Count<1, 20> = 3 => "how many matches the sheet keeps",
        /// The periods a goal may be scored in: each gets a box per team.
        periods: LabelList = &["@score.first_half", "@score.second_half", "@score.extra_time"],
        /// Kicks each side takes in the shoot-out.
        penalties: Count<1, 20> = 5 => "kicks each side takes in the shoot-out",
        /// Extra kicks, one each, while the shoot-out is level.
        sudden_death: Count<0, 20> = 3 => "extra kicks, one each, while the shoot-out is level",
        /// The lines to fill at the top of each card (match, date).
        fields: LabelList = &["@score.match", "@score.date"],
        /// The clock's times to write down (the timer's).
        clock: LabelList = &["@score.kick_off", "@score.half_time", "@score.full_time"],
        /// The team column's heading.
        team: Label = "@score.team",
        /// The total's heading.
        total: Label = "@score.total",
        /// The shoot-out's heading.
        shootout: Label = "@score.penalties",
        /// The sudden-death kicks' heading.
        extra_kicks: Label = "@score.sudden_death",
        /// The side of a box to write a score in.
        box_size: Length = 10.0 => "mm; a box to write a number in, 8 to 12 mm",
        /// Text and lines.
        ink: Colour = "#1b2a41",
        /// Heading bands.
        accent: Colour = "#2e7d32",
    }
}

/// A resolved score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// The sheet.
    pub sheet: Sheet,
}

/// Reads and validates a `score-sheet` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<ScoreSheet, Vec<Finding>> {
    let page = r.page(&raw.page);
    let sheet = raw.sheet.resolve(&mut r);
    if sheet.periods.is_empty() {
        r.bad(
            Sheet::KEY.periods,
            Code::LayoutValue,
            "a match with no periods has nowhere to write a goal".into(),
            "name the periods: [\"1st half\", \"2nd half\", \"Extra time\"]",
        );
    }
    let fonts = r.cx.fonts;
    r.finish(ScoreSheet { fonts, page, sheet })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(kind, "A score sheet to keep a match's score on.");
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page).section(&raw.sheet))
}
