//! Play money for the league game (docs/GAMES.md), duplex, with guilloche and
//! unique serials.
//!
//! `kind = "banknotes"`. [`layout`] reads and validates the file, [`compose`]
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
use layout::Banknotes;

/// The `banknotes` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "banknotes"
    }

    fn schema(&self) -> serde_json::Value {
        layout::schema(self.kind())
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        Ok(Arc::new(layout::resolve(source, cx)?))
    }

    fn scaffold(&self, _: &crate::layout::scaffold::Ask<'_>) -> Result<crate::layout::scaffold::Scaffold, String> {
        layout::scaffold(self.kind())
    }
}

impl Resolved for Banknotes {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn note_values(&self) -> Option<Vec<f64>> {
        Some(self.denominations.iter().map(|d| d.value as f64).collect())
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let count = self.denominations.iter().map(|d| d.count as usize).sum();
        let mut findings = sheet::check(source, doc, &self.print, count, self.size);
        findings.extend(check::check(source, doc));
        findings
    }
}
