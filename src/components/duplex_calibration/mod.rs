//! The duplex calibration front and back: rulers that read how far a printer
//! shifts its backs.
//!
//! `kind = "duplex-calibration"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, the N-up sheet rules check it.

pub mod compose;
pub mod layout;

use crate::check::sheet;
use crate::components::component::ComponentKind;
use crate::components::placement::Placement;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::Calibration;

/// The `duplex-calibration` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "duplex-calibration";
    const PLACE: Placement = Placement::Calibration;
    type Raw = layout::Raw;
    type Resolved = Calibration;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Calibration, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for Calibration {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        sheet::check_calibration(source, doc, &self.duplex)
    }
}
