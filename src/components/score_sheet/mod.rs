//! A match score sheet, which dice football and Futbolchess both play with
//! beside a timer (docs/GAMES.md): score cards with a box per period and
//! team, the total, the clock's times and the penalty shoot-out.
//!
//! `kind = "score-sheet"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds every card to its boxes.

pub mod check;
pub mod compose;
pub mod layout;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::Size;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::{ScoreSheet, Sheet};

/// The `score-sheet` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "score-sheet";
    const PLACE: Placement = Placement::Kit(Role::Table, Stock::Plain);
    type Raw = layout::Raw;
    type Resolved = ScoreSheet;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<ScoreSheet, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for ScoreSheet {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }

    fn fit_hint(&self, _need: Size, room: Size) -> String {
        // Cards stack down the sheet: as many as fit under the title.
        let fits = compose::cards_that_fit(self, room.h);
        format!(
            "set {} = {} or less, or a smaller {}, or use bigger paper (--paper a3)",
            Sheet::KEY.matches,
            fits.max(1),
            Sheet::KEY.box_size
        )
    }
}
