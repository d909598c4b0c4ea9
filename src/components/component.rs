//! The one trait every component kind implements: its name and how to
//! resolve a layout of that kind.

use std::path::PathBuf;
use std::sync::Arc;

use crate::components::resolved::Resolved;
use crate::diag::Finding;
use crate::layout::resolve::Context;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::layout::source::Source;
use crate::world::World;

/// A component kind: what a layout's `kind = "..."` names.
pub trait Component: Sync {
    /// The name layouts use (`dice-pitch`).
    fn kind(&self) -> &'static str;

    /// The JSON Schema of a layout of this kind, derived from the structs
    /// its layout is read into (`schemas/<kind>.json`, for editors).
    fn schema(&self) -> serde_json::Value;

    /// Reads and validates a layout of this kind, reporting every bad value.
    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>>;

    /// The languages this layout is built in, when the component decides
    /// (a rule sheet: one per text file); `None` for the usual rule: every
    /// language of the label tables when the layout uses labels, else once.
    fn languages(&self, source: &Source, world: &dyn World) -> Option<Vec<String>> {
        let _ = (source, world);
        None
    }

    /// The folder of this layout's texts, one `<lang>.md` per language (a
    /// rule sheet's, a reference card's), for `pitchprint i18n`; `None` for
    /// a layout whose words are all labels.
    fn texts(&self, source: &Source) -> Option<PathBuf> {
        let _ = source;
        None
    }

    /// The layout `pitchprint new` writes for this kind: every key at its
    /// default, with what it is for; an error says why it cannot be written
    /// (a spreadsheet that cannot be read).
    fn scaffold(&self, ask: &Ask<'_>) -> Result<Scaffold, String>;
}
