//! A sheet of numbered test items, N-up with bleed, crop marks and duplex backs.
//!
//! `kind = "print-test"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, the N-up sheet rules check it.

pub mod compose;
pub mod layout;

use std::sync::Arc;

use crate::check::sheet;
use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::page::Document;
use layout::PrintTest;

/// The `print-test` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "print-test"
    }

    fn schema(&self) -> serde_json::Value {
        layout::schema(self.kind())
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        Ok(Arc::new(layout::resolve(source, cx)?))
    }

    fn scaffold(&self, _: &crate::layout::scaffold::Ask<'_>) -> Result<crate::layout::scaffold::Scaffold, String> {
        layout::scaffold(self.kind())
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
