//! The dice-football pitch (docs/GAMES.md): a 10 x 18 board of squares with
//! every marking, on one sheet or tiled.
//!
//! `kind = "dice-pitch"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;

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
use layout::DicePitch;

/// The `dice-pitch` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "dice-pitch"
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

impl Resolved for DicePitch {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let mut findings = check::check(source, self, &tiles::board_view(doc));
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
        &["kickoff", "shot", "setup"]
    }

    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "kickoff" => Some(diagrams::dice(self, width, true)),
            "shot" => Some(diagrams::dice(self, width, false)),
            "setup" => Some(diagrams::setup(self, width)),
            _ => None,
        }
    }
}
