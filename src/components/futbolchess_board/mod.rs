//! The Futbolchess board (docs/GAMES.md): 8 x 12 squares, bands, areas and
//! two-square goals.
//!
//! `kind = "futbolchess-board"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod art;
pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;
pub mod legend;

use std::sync::Arc;

use crate::check::tiles;
use crate::components::component::Component;
use crate::components::resolved::{PieceSpace, Resolved};
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::Futbolchess;

/// The `futbolchess-board` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "futbolchess-board"
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

impl Resolved for Futbolchess {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let mut findings = check::check(source, &tiles::board_view(doc));
        if let Some(t) = &self.tiling {
            findings.extend(tiles::check(source, doc, t.overlap));
        }
        findings
    }

    fn fit_hint(&self, _need: Size, _room: Size) -> String {
        check::fit_hint(self)
    }

    fn piece_space(&self) -> Option<PieceSpace> {
        // Every square is stroked with the grid line (compose::squares).
        Some(PieceSpace {
            pitch: self.board.pitch,
            line_width: self.style.grid_width,
        })
    }

    fn diagram_names(&self) -> &'static [&'static str] {
        &["setup", "role-moves"]
    }

    fn diagram(&self, name: &str, width: Mm, companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "setup" => Some(diagrams::setup(
                self,
                width,
                companion.and_then(|c| c.downcast::<crate::components::role_card::layout::RoleCard>()),
            )),
            // The role moves are drawn by the role card the sheet names.
            "role-moves" => companion.and_then(|c| c.diagram(name, width, None)),
            _ => None,
        }
    }

    fn diagram_companion(&self, name: &str) -> Option<&'static str> {
        // The line-up letters its roles as the role card does.
        matches!(name, "setup" | "role-moves").then_some("roles")
    }
}
