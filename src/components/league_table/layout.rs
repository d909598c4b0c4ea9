//! The league table sheet (`kind = "league-table"`): a row per team, sized for
//! the number of teams of a championship.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::code::Code;
use crate::diag::Finding;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::layout::values::LabelList;
use crate::layout::values::{Colour, Count, Label, Length};
use crate::print::PageSpec;
use crate::section;

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawTableLayout {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    table: RawTable,
}

/// The JSON Schema of a layout of this kind, named `kind`, for editors.
pub fn schema(kind: &str) -> serde_json::Value {
    crate::layout::schema::layout::<RawTableLayout>(kind)
}

section! {
    /// The table, validated.
    pub struct Table / RawTable / TableKeys in "table" {
        /// How many teams (rows).
        teams: Count<2, 40> = 6 => "how many teams play the championship",
        /// The heading.
        title: Label = "@table.title",
        /// The label of the round's field.
        round: Label = "@table.round",
        /// The number columns: played, won, drawn, lost, goals for, against, points.
        columns: LabelList = &[
            "@table.played",
            "@table.won",
            "@table.drawn",
            "@table.lost",
            "@table.for",
            "@table.against",
            "@table.points",
        ],
        /// The team column's heading.
        team_column: Label = "@table.team",
        /// Height of a row to write in.
        row_height: Length = 11.0 => "mm per row; 9 to 12 mm is easy to write in",
        /// Text and lines.
        ink: Colour = "#1b2a41",
        /// Heading band.
        accent: Colour = "#1f4fa8",
    }
}

/// A resolved league table sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueTable {
    /// Paper and margin.
    pub page: PageSpec,
    /// The table.
    pub table: Table,
}

/// Reads and validates a `league-table` layout.
pub fn resolve_table(source: &Source, cx: &Context<'_>) -> Result<LeagueTable, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: RawTableLayout = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let table = raw.table.resolve(&mut r);
    if table.columns.len() != 7 {
        r.bad(
            Table::KEY.columns,
            Code::LayoutValue,
            format!("{} column headings; the table has 7", table.columns.len()),
            "played, won, drawn, lost, goals for, goals against, points: [\"PJ\", \"G\", \"E\", \"P\", \"GF\", \"GC\", \"Pts\"]",
        );
    }
    r.finish(LeagueTable { page, table })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<RawTableLayout>(
        kind,
        "The league table: a row per coach, the rounds to fill in.",
    );
    let raw: RawTableLayout = s.defaults()?;
    Ok(s
        .section(&raw.page)
        .section(&raw.table))
}
