//! The league game's board (GAMES.md game C): six facing stripes, strategy
//! tracks and tallies.
//!
//! `kind = "league-board"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;

use std::sync::Arc;

use crate::check::tiles;
use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::League;

/// The `league-board` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "league-board"
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        Ok(Arc::new(layout::resolve(source, cx)?))
    }
}

impl Resolved for League {
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

    fn fit_hint(&self) -> String {
        let tiling = if self.tiling.is_some() {
            ""
        } else {
            "turn tiling on (`[tiling] enabled = true`) to split the board across sheets, "
        };
        format!(
            "{tiling}use bigger paper (--paper a3), or smaller {} and {}",
            layout::Board::KEY.stripe_width,
            layout::Board::KEY.pitch_height
        )
    }

    fn piece_space(&self) -> Option<Mm> {
        // Strategy tokens stand in the track's boxes; the ball on its spot.
        Some(self.board.track_box)
    }

    fn diagram_names(&self) -> &'static [&'static str] {
        &["strategy-track", "stripes"]
    }

    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "strategy-track" => Some(diagrams::track(self, width)),
            "stripes" => Some(diagrams::stripes(self, width)),
            _ => None,
        }
    }
}
