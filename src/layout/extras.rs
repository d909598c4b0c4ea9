//! The league game's paper extras: auction bid slips (`kind = "bid-slips"`)
//! and a league table sheet (`kind = "league-table"`), sized for the number of
//! teams of a championship.

use serde::Deserialize;

use super::print::RawPrint;
use super::{Overrides, PageSpec, RawPage, Resolver, Source};
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::scene::Color;
use crate::print::NupOptions;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlips {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default = "slip_print")]
    print: RawPrint,
    #[serde(default)]
    slip: RawSlip,
}

fn slip_print() -> RawPrint {
    RawPrint::plain()
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawSlip {
    count: i64,
    size: [f64; 2],
    title: String,
    fields: Vec<String>,
    unit: String,
    ink: String,
    accent: String,
}

impl Default for RawSlip {
    fn default() -> Self {
        RawSlip {
            count: 16,
            size: [90.0, 50.0],
            title: "Puja secreta".into(),
            fields: vec!["Entrenador".into(), "Jugador".into(), "Puja".into()],
            unit: "M".into(),
            ink: "#1b2a41".into(),
            accent: "#c0392b".into(),
        }
    }
}

/// Resolved bid slips.
#[derive(Clone, Debug, PartialEq)]
pub struct Slips {
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// How many slips.
    pub count: u32,
    /// A slip's size.
    pub size: Size,
    /// The slip's heading.
    pub title: String,
    /// The lines to fill in, in order.
    pub fields: Vec<String>,
    /// Printed after the last line (the bid's unit).
    pub unit: String,
    /// Text and lines.
    pub ink: Color,
    /// The heading band.
    pub accent: Color,
}

/// The smallest line height a hand writes on comfortably.
pub const MIN_WRITING_LINE: Mm = Mm(7.0);

/// Reads and validates a `bid-slips` layout.
pub fn resolve_slips(source: &Source, overrides: &Overrides) -> Result<Slips, Vec<Finding>> {
    let raw: RawSlips = source.deserialize()?;
    let mut r = Resolver::new(source);
    let page = raw.page.resolve(&mut r, overrides);
    let print = raw.print.resolve(&mut r, &page);
    let s = &raw.slip;
    let hint = "[width, height] in mm";
    let size = Size::new(
        r.length_above("slip.size[0]", s.size[0], 20.0, hint),
        r.length_above("slip.size[1]", s.size[1], 15.0, hint),
    );
    if s.fields.is_empty() {
        r.bad(
            "slip.fields",
            "layout-value",
            "a slip needs lines to fill in".into(),
            "list them, such as [\"Entrenador\", \"Jugador\", \"Puja\"]",
        );
    }
    let slips = Slips {
        page,
        print,
        count: r.count_at_least("slip.count", s.count, 1, "how many slips"),
        size,
        title: r.text("slip.title", &s.title),
        fields: s.fields.iter().map(|f| r.text("slip.fields", f)).collect(),
        unit: r.text("slip.unit", &s.unit),
        ink: r.colour("slip.ink", &s.ink),
        accent: r.colour("slip.accent", &s.accent),
    };
    r.finish(slips)
}

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
pub fn resolve_table(source: &Source, overrides: &Overrides) -> Result<Table, Vec<Finding>> {
    let raw: RawTableLayout = source.deserialize()?;
    let mut r = Resolver::new(source);
    let page = raw.page.resolve(&mut r, overrides);
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
