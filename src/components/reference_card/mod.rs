//! A game's quick-reference cards: Markdown, front and back, set onto
//! half-A5 cards (105 x 148 mm) imposed N-up with duplex backs.
//!
//! `kind = "reference-card"`. [`layout`] reads and validates the file and
//! its text, [`compose`] sets the faces and imposes them, [`check`] refuses
//! text that does not fit its card.

pub mod check;
pub mod compose;
pub mod layout;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::input::source::Source;
use crate::input::world::World;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::ReferenceCard;

/// The `reference-card` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "reference-card";
    const PLACE: Placement = Placement::Kit(Role::Reference, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = ReferenceCard;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<ReferenceCard, Vec<Finding>> {
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

impl Resolved for ReferenceCard {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }
}
