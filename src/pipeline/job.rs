//! What one build or check is of: a [`Job`] (a layout, in a language, on a
//! paper, for a target), worked out once for `build`, `check`, `kit` and
//! `tts` alike; the languages a layout is built in are worked out beside the
//! pipeline ([`super::languages`]).

use std::path::{Path, PathBuf};

use crate::geom::PaperSize;
use crate::layout::resolve::Overrides;
use crate::print::target::Target;

/// One layout built or checked once: in one language, on a paper, for a
/// print target.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// The layout file.
    pub layout: PathBuf,
    /// The language it is built in.
    pub lang: String,
    /// `--paper`, over the layout's own.
    pub paper: Option<PaperSize>,
    /// `--target`, over the layout's own `[print] target`; the pipeline
    /// resolves the one taken into [`Loaded::target`](crate::components::resolved::Loaded::target).
    pub target: Option<Target>,
}

impl Job {
    /// `layout` in `lang`, on `paper`, for `target`.
    pub fn new(layout: &Path, lang: &str, paper: Option<PaperSize>, target: Option<Target>) -> Job {
        Job {
            layout: layout.to_path_buf(),
            lang: lang.to_string(),
            paper,
            target,
        }
    }

    /// The same job for a home printer, whatever the layout's own target:
    /// what a kit (a book of sheets) and a Tabletop Simulator table are made
    /// from.
    pub fn at_home(&self) -> Job {
        let home = self.overrides().at_home();
        Job {
            target: home.target,
            ..self.clone()
        }
    }

    /// What the job asks of the layout's resolve.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            paper: self.paper,
            lang: Some(self.lang.clone()),
            target: self.target,
        }
    }
}
