//! Slips for the league game's secret auctions: one per coach per round.
//!
//! `kind = "bid-slips"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use std::sync::Arc;

use crate::check::sheet;
use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::page::Document;
use layout::Slips;

/// The `bid-slips` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "bid-slips"
    }

    fn schema(&self) -> serde_json::Value {
        layout::schema(self.kind())
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        Ok(Arc::new(layout::resolve_slips(source, cx)?))
    }

    fn scaffold(&self, _: &crate::layout::scaffold::Ask<'_>) -> Result<crate::layout::scaffold::Scaffold, String> {
        layout::scaffold(self.kind())
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
