//! The league table sheet (`kind = "league-table"`): a row per team, sized for
//! the number of teams of a championship.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::values::LabelList;
use crate::layout::values::{Colour, Count, Flag, Label, Length, Pair};
use crate::print::PageSpec;
use crate::section;

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawTableLayout {
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    table: RawTable,
    #[serde(default)]
    fixtures: RawFixtures,
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

/// The most coaches a fixture list is printed for: ten coaches play nine
/// rounds of five matches, as wide as a landscape A4 sheet takes.
pub const MAX_FIXTURE_COACHES: i64 = 10;

section! {
    /// The fixture lists under the table, validated: a single round robin
    /// for each number of coaches from the fewest to the most, keyed by the
    /// table's row numbers, so that one sheet serves any championship it
    /// has rows for.
    pub struct Fixtures / RawFixtures / FixturesKeys in "fixtures" {
        /// Whether the fixture lists are printed.
        show: Flag = true => "true prints the fixture lists under the table, false leaves them out",
        /// The fewest and the most coaches a list is printed for.
        coaches: Pair<Count<2, { MAX_FIXTURE_COACHES }>> = [3, 6] => "[fewest, most] coaches, from 2 to 10, and no more than the table's rows",
        /// The heading over the lists.
        title: Label = "@table.fixtures",
        /// Said after each number over its list ("6 coaches").
        coaches_label: Label = "@table.coaches",
        /// Said before the coach who rests in a round ("bye: 5").
        bye: Label = "@table.bye",
        /// The line under the lists: whose number is whose, who is at home.
        note: Label = "@table.fixtures_note",
    }
}

/// A resolved league table sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueTable {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// The table.
    pub table: Table,
    /// The fixture lists.
    pub fixtures: Fixtures,
}

/// Reads and validates a `league-table` layout.
pub fn resolve_table(raw: RawTableLayout, mut r: Resolver<'_>) -> Result<LeagueTable, Vec<Finding>> {
    let page = r.page(&raw.page);
    let table = raw.table.resolve(&mut r);
    let fixtures = raw.fixtures.resolve(&mut r);
    let (fewest, most) = fixtures.coaches;
    if fixtures.show && fewest > most {
        r.bad(
            Fixtures::KEY.coaches,
            Code::LayoutValue,
            format!("[{fewest}, {most}]: the fewest coaches come first"),
            "write the fewest, then the most, such as [3, 6]",
        );
    } else if fixtures.show && most > table.teams {
        r.bad(
            Fixtures::KEY.coaches,
            Code::Fixture,
            format!(
                "a fixture list for {most} coaches numbers them by the table's rows, but the table has {} rows",
                table.teams
            ),
            format!(
                "set {} to at most {}, or {} to at least {most}",
                Fixtures::KEY.coaches,
                table.teams,
                Table::KEY.teams
            ),
        );
    }
    if table.columns.len() != 7 {
        r.bad(
            Table::KEY.columns,
            Code::LayoutValue,
            format!("{} column headings; the table has 7", table.columns.len()),
            "played, won, drawn, lost, goals for, goals against, points: [\"PJ\", \"G\", \"E\", \"P\", \"GF\", \"GC\", \"Pts\"]",
        );
    }
    let fonts = r.cx.fonts;
    r.finish(LeagueTable {
        fonts,
        page,
        table,
        fixtures,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<RawTableLayout>(
        kind,
        "The league table: a row per coach, the rounds to fill in, and the fixture lists.",
    );
    let raw: RawTableLayout = s.defaults()?;
    Ok(s.section(&raw.page).section(&raw.table).section(&raw.fixtures))
}
