//! A sheet of counters and tokens, sized to the board they are played on.
//!
//! `kind = "counters"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use std::sync::Arc;

use crate::check::sheet;
use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::page::Document;
use layout::Counters;

/// The `counters` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        layout::KIND
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

impl Resolved for Counters {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let largest = self.counters.iter().map(|k| k.diameter).fold(Mm::ZERO, Mm::max);
        let trim = Size { w: largest, h: largest };
        let mut findings = sheet::check(source, doc, &self.print, self.counters.len(), trim);
        findings.extend(check::check(source, self, doc));
        findings
    }
}
