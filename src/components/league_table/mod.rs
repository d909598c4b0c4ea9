//! The league table sheet: a row per team of the championship, and the
//! fixture lists of its rounds.
//!
//! `kind = "league-table"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod fixture;
pub mod layout;

use crate::check::measure::MIN_WRITING_LINE;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Resolved, Teams};
use crate::diag::Finding;
use crate::geom::{Size, floor_to};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::{Fixtures, LeagueTable, Table};

/// The `league-table` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "league-table";
    const PLACE: Placement = Placement::Kit(Role::Table, Stock::Plain);
    type Raw = layout::RawTableLayout;
    type Resolved = LeagueTable;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<LeagueTable, Vec<Finding>> {
        layout::resolve_table(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for LeagueTable {
    fn compose(&self) -> Document {
        compose::compose_table(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check_table(source, self, doc)
    }

    fn fit_hint(&self, need: Size, room: Size) -> String {
        // Only the rows grow: the heading, the column heads and the fixture
        // lists keep their size.
        if need.w > room.w {
            return format!(
                "print fixture lists for fewer coaches ({} = [3, 6] fits A4 and Letter), or use bigger paper (--paper a3)",
                Fixtures::KEY.coaches
            );
        }
        let rows = self.table.teams as f64;
        let fixed = compose::FIXED_HEIGHT + compose::fixtures_height(self);
        let most = floor_to((room.h - fixed) / rows, 0.1).0;
        if most < MIN_WRITING_LINE.0 && self.fixtures.show {
            // No row height that can be written in fits beside the lists.
            let without = floor_to((room.h - compose::FIXED_HEIGHT) / rows, 0.1).0;
            return format!(
                "the fixture lists take {:.1} mm: set {} = false and {} = {without:.1} or less, fewer teams, or use bigger paper (--paper a3)",
                compose::fixtures_height(self).0,
                Fixtures::KEY.show,
                Table::KEY.row_height
            );
        }
        format!(
            "set {} = {most:.1} or less (9 to 12 mm is easy to write in), fewer teams, {} = false, or use bigger paper (--paper a3)",
            Table::KEY.row_height,
            Fixtures::KEY.show
        )
    }

    fn as_teams(&self) -> Option<&dyn Teams> {
        Some(self)
    }
}

impl Teams for LeagueTable {
    fn teams(&self) -> u32 {
        self.table.teams
    }
}
