//! A sheet of counters and tokens, sized to the board they are played on.
//!
//! `kind = "counters"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use crate::check::sheet;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Piece, Pieces, Resolved};
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::Counters;

/// The `counters` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = layout::KIND;
    const PLACE: Placement = Placement::Kit(Role::Counters, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = Counters;

    fn schema() -> serde_json::Value {
        layout::schema(Self::NAME)
    }

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Counters, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
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

    fn as_pieces(&self) -> Option<&dyn Pieces> {
        Some(self)
    }
}

impl Pieces for Counters {
    fn pieces(&self) -> Vec<Piece> {
        self.counters
            .iter()
            .map(|c| Piece {
                set: c.set.clone(),
                index: c.index,
                diameter: c.diameter,
                label: c.label.clone(),
                ball: c.emblem == Some(layout::Emblem::Ball),
                on_board: c.on_board,
            })
            .collect()
    }
}
