//! The league game's paper extras: auction bid slips (`kind = "bid-slips"`)
//! and a league table sheet (`kind = "league-table"`), sized for the number of
//! teams of a championship.

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
struct RawTableLayout {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    table: RawTable,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawTable {
    teams: i64,
    title: String,
    round: String,
    columns: Vec<String>,
    team_column: String,
    row_height: f64,
    ink: String,
    accent: String,
}

impl Default for RawTable {
    fn default() -> Self {
        RawTable {
            teams: 6,
            title: "Clasificación de la liga".into(),
            round: "Jornada".into(),
            columns: ["PJ", "G", "E", "P", "GF", "GC", "Pts"].map(String::from).to_vec(),
            team_column: "Equipo".into(),
            row_height: 11.0,
            ink: "#1b2a41".into(),
            accent: "#1f4fa8".into(),
        }
    }
}

/// A resolved league table sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Paper and margin.
    pub page: PageSpec,
    /// How many teams (rows).
    pub teams: u32,
    /// The heading.
    pub title: String,
    /// The label of the round's field.
    pub round: String,
    /// The number columns: played, won, drawn, lost, goals for, against, points.
    pub columns: Vec<String>,
    /// The team column's heading.
    pub team_column: String,
    /// Height of a row to write in.
    pub row_height: Mm,
    /// Text and lines.
    pub ink: Color,
    /// Heading band.
    pub accent: Color,
}

/// Reads and validates a `league-table` layout.
pub fn resolve_table(source: &Source, cx: &Context<'_>) -> Result<Table, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: RawTableLayout = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let t = &raw.table;
    if t.columns.len() != 7 {
        r.bad(
            "table.columns",
            "layout-value",
            format!("{} column headings; the table has 7", t.columns.len()),
            "played, won, drawn, lost, goals for, goals against, points: [\"PJ\", \"G\", \"E\", \"P\", \"GF\", \"GC\", \"Pts\"]",
        );
    }
    let table = Table {
        page,
        teams: r.count_at_least("table.teams", t.teams, 2, "how many teams play the championship"),
        title: r.text("table.title", &t.title),
        round: r.text("table.round", &t.round),
        columns: t.columns.iter().map(|c| r.text("table.columns", c)).collect(),
        team_column: r.text("table.team_column", &t.team_column),
        row_height: Mm(r.length_above(
            "table.row_height",
            t.row_height,
            0.0,
            "mm per row; 9 to 12 mm is easy to write in",
        )),
        ink: r.colour("table.ink", &t.ink),
        accent: r.colour("table.accent", &t.accent),
    };
    r.finish(table)
}
