//! A sheet of numbered test items, N-up with bleed, crop marks and duplex backs.
//!
//! `kind = "print-test"`. [`layout`] reads and validates the file, [`compose`]
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
use layout::PrintTest;

/// The `print-test` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "print-test";
    const PLACE: Placement = Placement::Calibration;
    type Raw = layout::Raw;
    type Resolved = PrintTest;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<PrintTest, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for PrintTest {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        sheet::check(source, doc, &self.print, self.count as usize, self.size)
    }
}
