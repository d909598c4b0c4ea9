//! The path-football field sheet and legend (docs/GAMES.md).
//!
//! `kind = "path-fields"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;
pub mod play;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Diagrams, Resolved};
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::PathFields;

/// The `path-fields` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "path-fields";
    const PLACE: Placement = Placement::Kit(Role::Board, Stock::Plain);
    type Raw = layout::Raw;
    type Resolved = PathFields;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<PathFields, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
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

    fn as_diagrams(&self) -> Option<&dyn Diagrams> {
        Some(self)
    }
}

impl Diagrams for PathFields {
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
