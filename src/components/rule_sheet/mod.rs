//! A game's rule sheet in one language: Markdown typeset in columns, with
//! diagrams drawn from the game's own board.
//!
//! `kind = "rule-sheet"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod hyphens;
pub mod layout;

use std::sync::Arc;

use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::geom::Size;
use crate::scene::page::Document;
use crate::world::World;
use layout::RuleSheet;

/// The `rule-sheet` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "rule-sheet"
    }

    fn schema(&self) -> serde_json::Value {
        layout::schema(self.kind())
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        Ok(Arc::new(layout::resolve(source, cx)?))
    }
    fn languages(&self, source: &Source, world: &dyn World) -> Option<Vec<String>> {
        Some(layout::languages(source, world))
    }

    fn texts(&self, source: &Source) -> Option<std::path::PathBuf> {
        layout::texts(source)
    }

    fn scaffold(&self, _: &crate::layout::scaffold::Ask<'_>) -> Result<crate::layout::scaffold::Scaffold, String> {
        layout::scaffold(self.kind())
    }
}

impl Resolved for RuleSheet {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }

    fn fit_hint(&self, _need: Size, _room: Size) -> String {
        "use bigger paper (--paper a3) or one column".to_string()
    }
}
