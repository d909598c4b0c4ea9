//! The kind API: what a component kind declares ([`ComponentKind`], typed),
//! and the one object-safe view of it the registry, the pipeline and the
//! kit use ([`Component`], given to every kind by one generic adapter).
//!
//! A kind is a folder under `src/components/` whose `mod.rs` implements
//! [`ComponentKind`] for a unit struct `Kind`: its name, its place in a
//! kit, the struct serde reads a layout into (`Raw`, without `kind`), the
//! validated value ([`Resolved`]) and how one becomes the other, and the
//! layout `pitchprint new` writes. It is registered by its `pub mod` line
//! and its line in [`COMPONENTS`](crate::components::COMPONENTS).

use std::path::PathBuf;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;

use crate::components::placement::Placement;
use crate::components::resolved::{Loaded, Resolved};
use crate::diag::Finding;
use crate::input::source::Source;
use crate::input::world::World;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::scaffold::{Ask, Scaffold};

/// A component kind, as its folder declares it.
pub trait ComponentKind: Sync + 'static {
    /// The name layouts give it (`kind = "dice-pitch"`).
    const NAME: &'static str;

    /// Where its layouts go in a game's kit.
    const PLACE: Placement;

    /// The layout as written, every key but `kind` (serde reads it; the
    /// JSON Schema for editors is derived from it).
    type Raw: DeserializeOwned + JsonSchema;

    /// The layout validated, ready to compose.
    type Resolved: Resolved;

    /// Validates `raw`, reporting every bad value through `r` (which holds
    /// what reading the file found already) and finishing with
    /// [`Resolver::finish`].
    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Self::Resolved, Vec<Finding>>;

    /// The layout `pitchprint new` writes for this kind: every key at its
    /// default, with what it is for; an error says why it cannot be written
    /// (a spreadsheet that cannot be read).
    fn scaffold(ask: &Ask<'_>) -> Result<Scaffold, String>;

    /// The JSON Schema of a layout of this kind (`schemas/<kind>.json`):
    /// by default, derived from [`ComponentKind::Raw`].
    fn schema() -> serde_json::Value {
        crate::layout::schema::layout::<Self::Raw>(Self::NAME)
    }

    /// The languages a layout is built in, when the kind decides (a rule
    /// sheet: one per text file); `None` for the usual rule: every
    /// language of the label tables when the layout uses labels, else once.
    fn languages(source: &Source, world: &dyn World) -> Option<Vec<String>> {
        let _ = (source, world);
        None
    }

    /// The folder of a layout's texts, one `<lang>.md` per language (a rule
    /// sheet's, a reference card's), for `pitchprint i18n`; `None` for a
    /// layout whose words are all labels.
    fn texts(source: &Source) -> Option<PathBuf> {
        let _ = source;
        None
    }
}

/// A component kind as the registry holds it: object-safe, so that kinds
/// of different types share one list. Every [`ComponentKind`] is one.
pub trait Component: Sync {
    /// The name layouts use (`dice-pitch`).
    fn kind(&self) -> &'static str;

    /// Where its layouts go in a game's kit.
    fn placement(&self) -> Placement;

    /// The JSON Schema of a layout of this kind.
    fn schema(&self) -> serde_json::Value;

    /// Reads and validates a layout of this kind, reporting every bad
    /// value: every key serde refuses, then every value out of range.
    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>>;

    /// See [`ComponentKind::languages`].
    fn languages(&self, source: &Source, world: &dyn World) -> Option<Vec<String>>;

    /// See [`ComponentKind::texts`].
    fn texts(&self, source: &Source) -> Option<PathBuf>;

    /// See [`ComponentKind::scaffold`].
    fn scaffold(&self, ask: &Ask<'_>) -> Result<Scaffold, String>;
}

/// What `loaded` resolved to, as kind `K`'s own type, when it is a layout
/// of kind `K`: for a layout that needs another kind's whole value (the
/// role card draws on its Futbolchess board, the kit completes its cover
/// sheet), where a capability ([`Resolved::as_board`], ...) would only
/// repeat that type's fields.
pub fn resolved_as<K: ComponentKind>(loaded: &Loaded) -> Option<&K::Resolved> {
    if loaded.kind != K::NAME {
        return None;
    }
    (loaded.layout.as_ref() as &dyn std::any::Any).downcast_ref::<K::Resolved>()
}

impl<K: ComponentKind> Component for K {
    fn kind(&self) -> &'static str {
        K::NAME
    }

    fn placement(&self) -> Placement {
        K::PLACE
    }

    fn schema(&self) -> serde_json::Value {
        K::schema()
    }

    fn resolve(&self, source: &Source, cx: &Context<'_>) -> Result<Arc<dyn Resolved>, Vec<Finding>> {
        let mut r = Resolver::new(source, cx);
        let (raw, found) = source.read_layout::<K::Raw>();
        r.findings.extend(found);
        match raw {
            Some(raw) => K::resolve(raw, r).map(|value| Arc::new(value) as Arc<dyn Resolved>),
            None => Err(r.findings),
        }
    }

    fn languages(&self, source: &Source, world: &dyn World) -> Option<Vec<String>> {
        K::languages(source, world)
    }

    fn texts(&self, source: &Source) -> Option<PathBuf> {
        K::texts(source)
    }

    fn scaffold(&self, ask: &Ask<'_>) -> Result<Scaffold, String> {
        K::scaffold(ask)
    }
}
