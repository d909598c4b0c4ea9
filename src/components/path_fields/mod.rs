//! The path-football field sheet and legend (docs/GAMES.md).
//!
//! `kind = "path-fields"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;
pub mod play;

use std::sync::Arc;

use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::PathFields;

/// The `path-fields` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "path-fields"
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

impl Resolved for PathFields {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, doc)
    }

    fn fit_hint(&self, _need: Size, _room: Size) -> String {
        compose::fit_hint(self)
    }

    fn diagram_names(&self) -> &'static [&'static str] {
        &["bounce", "dead-end", "setup"]
    }

    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "bounce" => Some(diagrams::field(self, width, diagrams::Figure::Bounce)),
            "dead-end" => Some(diagrams::field(self, width, diagrams::Figure::DeadEnd)),
            "setup" => Some(diagrams::field(self, width, diagrams::Figure::Setup)),
            _ => None,
        }
    }
}
