//! The Futbolchess role reference card (docs/GAMES.md): each role's ball move
//! on a window of the board's squares.
//!
//! `kind = "role-card"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;

use std::sync::Arc;

use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::RoleCard;

/// The `role-card` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "role-card"
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

impl Resolved for RoleCard {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }

    fn fit_hint(&self, need: Size, room: Size) -> String {
        // Only the diagrams shrink with the scale, not the words: say by
        // how much the card is too big rather than guess a scale.
        let (over, way) = if need.w.0 - room.w.0 > need.h.0 - room.h.0 {
            (need.w - room.w, "wide")
        } else {
            (need.h - room.h, "tall")
        };
        format!(
            "the card is {over} too {way}: lower {} (now {}), use fewer roles, or bigger paper (--paper a3)",
            layout::Card::KEY.scale,
            self.scale
        )
    }

    fn diagram_names(&self) -> &'static [&'static str] {
        &["role-moves"]
    }

    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        (name == "role-moves").then(|| diagrams::role_moves(self, width))
    }
}
