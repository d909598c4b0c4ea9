//! Small components ganged onto one sheet (counters, dice nets, tokens and
//! tables each use a third of an A4 or less): a `gang` layout names other
//! layouts and stacks what each prints on one page, each still checked by its
//! own component.
//!
//! `kind = "gang"`. [`layout`] reads the parts, [`compose`] stacks them,
//! [`check`] runs each part's own checks and refuses parts that cannot share.

pub mod check;
pub mod compose;
pub mod layout;

use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Resolved, SharedSheet};
use crate::diag::Finding;
use crate::geom::Size;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::{Gang, PARTS};

/// The `gang` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "gang";
    const PLACE: Placement = Placement::Kit(Role::Counters, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = Gang;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Gang, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for Gang {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }

    fn fit_hint(&self, _need: Size, room: Size) -> String {
        let fits = compose::parts_that_fit(self, room.h);
        format!("name at most the first {fits} of {PARTS} on this sheet, or use bigger paper (--paper a3)")
    }

    fn as_shared_sheet(&self) -> Option<&dyn SharedSheet> {
        Some(self)
    }
}

impl SharedSheet for Gang {
    fn prints(&self) -> Vec<std::path::PathBuf> {
        self.parts.iter().map(|p| p.loaded.source.path.clone()).collect()
    }
}
