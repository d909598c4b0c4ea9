//! The layouts a kit is made of, as `build` makes them: loaded, composed
//! and checked clean, by file and language. The main job puts on the shelf
//! what it has just built, so a kit takes the same documents instead of
//! composing them twice; the `kit` command starts with an empty shelf.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::components::resolved::Loaded;
use crate::diag::Finding;
use crate::geom::PaperSize;
use crate::input::world::World;
use crate::pipeline::{self, Pipeline};
use crate::scene::page::Document;

/// A layout built clean: what it was loaded as, and its pages (held: a
/// kit takes them page by page into one document, so a deck made a run at
/// a time is held whole here).
#[derive(Clone, Debug)]
pub struct Built {
    /// The layout, loaded.
    pub loaded: Loaded,
    /// Its pages, composed and checked.
    pub doc: Document,
}

impl Built {
    /// Whether every page is on `paper`, either way round.
    pub fn on(&self, paper: PaperSize) -> bool {
        let p = paper.portrait();
        let close = |a: f64, b: f64| (a - b).abs() < 0.01;
        self.doc.pages.iter().all(|page| {
            let s = page.size;
            (close(s.w.0, p.w.0) && close(s.h.0, p.h.0)) || (close(s.w.0, p.h.0) && close(s.h.0, p.w.0))
        })
    }

    /// Whether the layout reads the same in every language (it has no
    /// words), so that one build serves every language's kit.
    fn wordless(&self) -> bool {
        self.loaded.naming.lang.is_none()
    }
}

/// Why a layout is not on the shelf for a kit.
#[derive(Debug)]
pub enum Missing {
    /// Building it found errors (and perhaps warnings): these.
    Findings(Vec<Finding>),
    /// The main job did not build it (its errors are reported already).
    NotBuilt(PathBuf),
}

/// Built layouts by file and language.
#[derive(Debug, Default)]
pub struct Shelf {
    built: BTreeMap<(PathBuf, String), Built>,
    /// Whether a layout the shelf lacks is built for a kit (the `kit`
    /// command), or counts as not built (the main job, which builds every
    /// layout itself and reports the ones that fail).
    pub builds_missing: bool,
}

impl Shelf {
    /// An empty shelf that builds what a kit asks for.
    pub fn building() -> Shelf {
        Shelf {
            built: BTreeMap::new(),
            builds_missing: true,
        }
    }

    /// An empty shelf for the main job to fill.
    pub fn filled_by_build() -> Shelf {
        Shelf::default()
    }

    /// Puts a layout built in `lang` on the shelf.
    pub fn put(&mut self, layout: &Path, lang: &str, built: Built) {
        self.built.insert((layout.to_path_buf(), lang.to_string()), built);
    }

    /// Empties the shelf (a game's kits are written).
    pub fn clear(&mut self) {
        self.built.clear();
    }

    /// The build of `layout` in `lang`, or the one build of a layout
    /// without words.
    pub fn get(&self, layout: &Path, lang: &str) -> Option<&Built> {
        let key = (layout.to_path_buf(), lang.to_string());
        self.built.get(&key).or_else(|| {
            self.built
                .iter()
                .find(|((l, _), b)| l == layout && b.wordless())
                .map(|(_, b)| b)
        })
    }

    /// Makes sure the shelf holds `layout` in `lang` on `paper` (any paper
    /// for `None`): built again on that paper when the shelf holds it on
    /// another (a board tiled for the kit's paper), built when missing and
    /// the shelf builds. Returns the findings of what was built here
    /// (warnings, to report), or why the layout is missing.
    pub fn ensure(
        &mut self,
        world: &dyn World,
        layout: &Path,
        lang: &str,
        paper: Option<PaperSize>,
    ) -> Result<Vec<Finding>, Missing> {
        let held = self.get(layout, lang);
        if held.is_some_and(|b| paper.is_none_or(|p| b.on(p))) {
            return Ok(Vec::new());
        }
        if held.is_none() && !self.builds_missing {
            return Err(Missing::NotBuilt(layout.to_path_buf()));
        }
        // A kit is a home printer's book, whatever a layout's own target.
        let home = crate::pipeline::Job::new(layout, lang, paper, None).at_home();
        let loaded = Pipeline::new(world)
            .load(layout, &home.overrides())
            .map_err(Missing::Findings)?;
        let doc = pipeline::compose(&loaded);
        let findings = pipeline::check(&loaded, &doc);
        if findings.iter().any(Finding::is_error) {
            return Err(Missing::Findings(findings));
        }
        self.put(
            layout,
            lang,
            Built {
                loaded,
                doc: doc.held(),
            },
        );
        Ok(findings)
    }
}
