//! The Futbolchess role reference card (docs/GAMES.md): each role's ball move
//! on a window of the board's squares.
//!
//! `kind = "role-card"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Diagrams, Resolved, Roles};
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::RoleCard;

/// The `role-card` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "role-card";
    const PLACE: Placement = Placement::Kit(Role::Reference, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = RoleCard;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<RoleCard, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
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

    fn as_diagrams(&self) -> Option<&dyn Diagrams> {
        Some(self)
    }

    fn as_roles(&self) -> Option<&dyn Roles> {
        Some(self)
    }
}

impl Roles for RoleCard {
    fn letters_of(&self, move_name: &str) -> Option<&str> {
        self.code_of(layout::Move::parse(move_name)?)
    }
}

impl Diagrams for RoleCard {
    fn diagram_names(&self) -> &'static [&'static str] {
        &["role-moves"]
    }
    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        (name == "role-moves").then(|| diagrams::role_moves(self, width))
    }
}
