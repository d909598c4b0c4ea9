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

use std::sync::Arc;

use crate::components::component::Component;
use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::geom::Size;
use crate::layout::resolve::Context;
use crate::layout::source::Source;
use crate::scene::page::Document;
use layout::{Gang, PARTS};

/// The `gang` component.
pub struct Kind;

impl Component for Kind {
    fn kind(&self) -> &'static str {
        "gang"
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

impl Resolved for Gang {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        check::check(source, self, doc)
    }

    fn prints(&self) -> Vec<std::path::PathBuf> {
        self.parts.iter().map(|p| p.loaded.source.path.clone()).collect()
    }

    fn fit_hint(&self, _need: Size, room: Size) -> String {
        let fits = compose::parts_that_fit(self, room.h);
        format!("name at most the first {fits} of {PARTS} on this sheet, or use bigger paper (--paper a3)")
    }
}
