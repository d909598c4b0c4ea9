//! A game's quick-reference cards: Markdown, front and back, set onto
//! half-A5 cards (105 x 148 mm) imposed N-up with duplex backs.
//!
//! `kind = "reference-card"`. [`layout`] reads and validates the file and
//! its text, [`compose`] sets the faces and imposes them, [`check`] refuses
//! text that does not fit its card.

pub mod check;
pub mod compose;
pub mod layout;

use std::sync::Arc;

use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::page::Document;
use crate::world::World;
use layout::ReferenceCard;

/// The `reference-card` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "reference-card"
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

impl Resolved for ReferenceCard {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }
}
