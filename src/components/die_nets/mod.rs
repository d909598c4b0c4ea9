//! Foldable die nets.
//!
//! `kind = "die-nets"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Dice, Resolved};
use crate::diag::Finding;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::DieNets;

/// The `die-nets` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "die-nets";
    const PLACE: Placement = Placement::Kit(Role::Dice, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = DieNets;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<DieNets, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for DieNets {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, doc, self.dice.len())
    }

    fn as_dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }
}

impl Dice for DieNets {
    fn edge(&self) -> crate::geom::Mm {
        self.size
    }

    fn dice(&self) -> Vec<(String, crate::color::Color)> {
        self.dice.iter().map(|d| (d.name.clone(), d.colour)).collect()
    }
}
