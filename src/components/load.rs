//! Loading the layouts other layouts name (a rule sheet's board, a counter
//! sheet's board, a gang's parts), typed: a [`Loader`] gives a [`Loaded`],
//! and a kind's resolve asks for one with [`References::reference`].
//!
//! The resolve context ([`Context`](crate::layout::resolve::Context)) comes
//! before the components and cannot name what they resolve to, so it holds
//! its loader as a [`LoadAny`], whose layouts come boxed. Every `LoadAny` is
//! a `Loader` (the one implementation below), so a box always holds a
//! [`Loaded`]: this module is the one place it is opened.

use std::any::Any;
use std::path::{Path, PathBuf};

use crate::components::resolved::Loaded;
use crate::diag::Finding;
use crate::layout::resolve::{LoadAny, Overrides, Resolver};

/// Loads the layouts that other layouts refer to. The pipeline implements
/// it with the component registry, so resolvers need not know the registry.
pub trait Loader: Sync {
    /// Reads and resolves the layout at `path`; `chain` lists the layouts
    /// that led here, outermost first.
    fn load(&self, path: &Path, overrides: &Overrides, chain: &[PathBuf]) -> Result<Loaded, Vec<Finding>>;
}

impl<L: Loader> LoadAny for L {
    fn load_any(
        &self,
        path: &Path,
        overrides: &Overrides,
        chain: &[PathBuf],
    ) -> Result<Box<dyn Any + Send>, Vec<Finding>> {
        self.load(path, overrides, chain)
            .map(|loaded| Box::new(loaded) as Box<dyn Any + Send>)
    }
}

/// What a [`LoadAny`] gave: the [`Loaded`] its [`Loader`] boxed.
fn opened(boxed: Box<dyn Any + Send>) -> Loaded {
    match boxed.downcast::<Loaded>() {
        Ok(loaded) => *loaded,
        Err(_) => unreachable!("every LoadAny is a components::load::Loader, whose layouts are Loaded"),
    }
}

/// Reads and resolves the layout at `path` through `loader` (the resolve
/// context's), for a resolve that checks the reference itself (the game
/// file's `bank`, `deck` and `table`).
pub fn load(
    loader: &dyn LoadAny,
    path: &Path,
    overrides: &Overrides,
    chain: &[PathBuf],
) -> Result<Loaded, Vec<Finding>> {
    loader.load_any(path, overrides, chain).map(opened)
}

/// The layouts a resolve may name, loaded and resolved: the references
/// of [`Resolver`], typed.
pub trait References {
    /// The layout another key names (`board = "pitch.toml"`, relative to
    /// this file), loaded and resolved with the default overrides. Its own
    /// findings keep their own file and line, with a note pointing at
    /// `key`; a loop of references is refused.
    fn reference(&mut self, key: &str, name: &str) -> Option<Loaded>;

    /// [`References::reference`], loaded as this layout is being built: in
    /// its language and on its paper (for a part that prints as part of
    /// it). A print shop's target is left out: a part shares this layout's
    /// sheet, so it is laid out as on a sheet, never one item a page.
    fn reference_as_built(&mut self, key: &str, name: &str) -> Option<Loaded>;
}

impl References for Resolver<'_> {
    fn reference(&mut self, key: &str, name: &str) -> Option<Loaded> {
        self.reference_with(key, name, &Overrides::default()).map(opened)
    }

    fn reference_as_built(&mut self, key: &str, name: &str) -> Option<Loaded> {
        self.reference_with(key, name, &self.cx.overrides.at_home()).map(opened)
    }
}
