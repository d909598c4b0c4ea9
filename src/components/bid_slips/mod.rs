//! Slips for the league game's secret auctions: one per coach per round.
//!
//! `kind = "bid-slips"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use crate::check::sheet;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::Slips;

/// The `bid-slips` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "bid-slips";
    const PLACE: Placement = Placement::Kit(Role::Slips, Stock::Plain);
    type Raw = layout::RawSlips;
    type Resolved = Slips;

    fn schema() -> serde_json::Value {
        layout::schema(Self::NAME)
    }

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Slips, Vec<Finding>> {
        layout::resolve_slips(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for Slips {
    fn compose(&self) -> Document {
        compose::compose_slips(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let mut findings = sheet::check(source, doc, &self.print, self.slip.count as usize, self.slip.size);
        findings.extend(check::check_slips(source, self, doc));
        findings
    }
}
