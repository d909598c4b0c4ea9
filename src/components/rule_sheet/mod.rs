//! A game's rule sheet in one language: Markdown typeset in columns, with
//! diagrams drawn from the game's own board.
//!
//! `kind = "rule-sheet"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod hyphens;
pub mod layout;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::Size;
use crate::input::source::Source;
use crate::input::world::World;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::RuleSheet;

/// The `rule-sheet` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "rule-sheet";
    const PLACE: Placement = Placement::Kit(Role::Rules, Stock::Plain);
    type Raw = layout::Raw;
    type Resolved = RuleSheet;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<RuleSheet, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn languages(source: &Source, world: &dyn World) -> Option<Vec<String>> {
        Some(layout::languages(source, world))
    }

    fn texts(source: &Source) -> Option<std::path::PathBuf> {
        layout::texts(source)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

/// How much smaller than asked a sheet's type may be set to spare a sheet
/// of paper: a point and a half, in quarter points, never under
/// [`FIT_FLOOR_PT`] (the league's rules, with their worked play and their
/// answers, fill one A3 page at 8 pt rather than spill a quarter page).
const FIT_SHRINK_PT: f64 = 1.5;
const FIT_STEP_PT: f64 = 0.25;
/// The smallest size a sheet's type is set at to spare a sheet.
const FIT_FLOOR_PT: f64 = 8.0;

impl Resolved for RuleSheet {
    /// The sheet at its size; but when its last page would be mostly empty
    /// (less than [`check::MIN_LAST_PAGE_USE`] used, a few lines spilled
    /// onto a sheet of their own, as on Letter paper, shorter than A4), its
    /// type set up to a point smaller if that saves the page, as a typesetter
    /// would.
    fn compose(&self) -> Document {
        let doc = compose::compose(self);
        let sparse = doc.pages.len() > 1
            && doc
                .pages
                .last()
                .is_some_and(|p| check::page_use(p) < check::MIN_LAST_PAGE_USE);
        if !sparse {
            return doc;
        }
        let floor = (self.size - FIT_SHRINK_PT).max(FIT_FLOOR_PT);
        let mut size = self.size - FIT_STEP_PT;
        while size >= floor - 1e-9 {
            let smaller = RuleSheet { size, ..self.clone() };
            let fitted = compose::compose(&smaller);
            if fitted.pages.len() < doc.pages.len() {
                return fitted;
            }
            size -= FIT_STEP_PT;
        }
        doc
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }

    fn fit_hint(&self, _need: Size, _room: Size) -> String {
        "use bigger paper (--paper a3) or one column".to_string()
    }
}
