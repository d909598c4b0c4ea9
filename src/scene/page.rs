//! Pages of items and the document they make up.

use std::ops::Range;
use std::sync::{Arc, Mutex};

use crate::geom::{Rect, Size, Transform};
use crate::print::Flip;
use crate::scene::item::{Item, PathCmd, Shape, intersect};

/// One page: its size, its printer-safe area, the print-shop boxes when the
/// page is one finished piece, and the items in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The sheet size.
    pub size: Size,
    /// The printer-safe area: nothing may be drawn outside it.
    pub safe_area: Rect,
    /// The finished size after cutting (PDF TrimBox), when the page is one piece.
    pub trim: Option<Rect>,
    /// The trim grown by the bleed (PDF BleedBox), when the page is one piece.
    pub bleed: Option<Rect>,
    /// The items, drawn first to last.
    pub items: Vec<Item>,
    /// What a cutting machine cuts on this page (print then cut), each
    /// path in page millimetres: written to the cut file, never drawn.
    pub cuts: Vec<Vec<PathCmd>>,
}

impl Page {
    /// A page with no print-shop boxes.
    pub fn new(size: Size, safe_area: Rect, items: Vec<Item>) -> Page {
        Page {
            size,
            safe_area,
            trim: None,
            bleed: None,
            items,
            cuts: Vec::new(),
        }
    }

    /// Visits every leaf item (groups opened) with the transform that maps it
    /// onto the page.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Item, &Transform)) {
        self.walk_clipped(&mut |item, t, _| f(item, t));
    }

    /// Visits every leaf item with its transform and the clip (on the page) of
    /// the groups around it.
    pub fn walk_clipped<'a>(&'a self, f: &mut dyn FnMut(&'a Item, &Transform, Option<Rect>)) {
        fn go<'a>(
            items: &'a [Item],
            t: &Transform,
            clip: Option<Rect>,
            f: &mut dyn FnMut(&'a Item, &Transform, Option<Rect>),
        ) {
            for item in items {
                match &item.shape {
                    Shape::Group {
                        transform,
                        clip: own,
                        items,
                    } => {
                        let t2 = transform.then(t);
                        let own = own.map(|c| t.apply_rect(&transform.apply_rect(&c)));
                        let clip = match (clip, own) {
                            (Some(a), Some(b)) => Some(intersect(&a, &b).unwrap_or(Rect::new(a.x.0, a.y.0, 0.0, 0.0))),
                            (a, b) => a.or(b),
                        };
                        go(items, &t2, clip, f)
                    }
                    Shape::Use { symbol, transform } => go(&symbol.items, &transform.then(t), clip, f),
                    _ => f(item, t, clip),
                }
            }
        }
        go(&self.items, &Transform::IDENTITY, None, f);
    }

    /// Every leaf item with the part of its bounding box that shows on the page
    /// (`None` when a clip hides it whole).
    pub fn leaves(&self) -> Vec<(&Item, Option<Rect>)> {
        let mut out = Vec::new();
        self.walk_clipped(&mut |item, t, clip| {
            let b = item.bbox().map(|b| t.apply_rect(&b));
            let shown = match (b, clip) {
                (Some(b), Some(c)) => intersect(&b, &c),
                (b, _) => b,
            };
            out.push((item, shown));
        });
        out
    }
}

/// How many pages make a run: the unit in which pages are checked and
/// written, and the PDF writer's batch.
pub const RUN_PAGES: usize = 32;

/// Pages made a run at a time, for a document too long to hold whole (a
/// deck of thousands of cards): each run is made when it is needed and
/// dropped after, so memory holds one run's items, not the document's.
/// Every run must be made the same each time it is asked for.
pub trait PageRuns: Send + Sync {
    /// How many pages the document has.
    fn count(&self) -> usize;
    /// The pages of `range` (which starts at a multiple of [`RUN_PAGES`] and
    /// holds at most that many), made now.
    fn make(&self, range: Range<usize>) -> Vec<Page>;
}

/// Pages made on demand ([`PageRuns`]), with the last run made kept, since
/// the exporters ask for a run's pages one after the other.
#[derive(Clone)]
pub struct Made {
    runs: Arc<dyn PageRuns>,
    last: Arc<Mutex<LastRun>>,
}

/// The run made last: its number and its pages.
type LastRun = Option<(usize, Arc<Vec<Page>>)>;

impl Made {
    /// Pages made by `runs`.
    pub fn new(runs: Arc<dyn PageRuns>) -> Made {
        Made {
            runs,
            last: Arc::default(),
        }
    }

    /// Run `k`'s pages: the kept run, or made now.
    fn run(&self, k: usize) -> Arc<Vec<Page>> {
        // A poisoned lock only means another thread panicked mid-run; the
        // run is made again.
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((held, pages)) = &*last
            && *held == k
        {
            return pages.clone();
        }
        let start = k * RUN_PAGES;
        let pages = Arc::new(self.runs.make(start..(start + RUN_PAGES).min(self.runs.count())));
        *last = Some((k, pages.clone()));
        pages
    }
}

impl std::fmt::Debug for Made {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Made({} pages)", self.runs.count())
    }
}

impl PartialEq for Made {
    fn eq(&self, other: &Made) -> bool {
        Arc::ptr_eq(&self.runs, &other.runs)
    }
}

/// A run of a document's pages: borrowed from a document that holds them,
/// or made for the asking.
pub enum Run<'a> {
    /// Pages the document holds.
    Held(&'a [Page]),
    /// Pages made on demand.
    Made(Arc<Vec<Page>>),
}

impl std::ops::Deref for Run<'_> {
    type Target = [Page];
    fn deref(&self) -> &[Page] {
        match self {
            Run::Held(pages) => pages,
            Run::Made(pages) => pages,
        }
    }
}

/// One page of a document, borrowed or from a run made for it.
pub struct PageRef<'a> {
    run: Run<'a>,
    index: usize,
}

impl std::ops::Deref for PageRef<'_> {
    type Target = Page;
    fn deref(&self) -> &Page {
        &self.run[self.index]
    }
}

/// A composed document: what one layout produces.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Title written into the PDF's metadata and the SVG's `<title>`.
    pub title: String,
    /// The pages, in order, when the document holds them; empty when they
    /// are [`Document::made`] on demand. Read them through
    /// [`Document::runs`] or [`Document::page`], which serve both.
    pub pages: Vec<Page>,
    /// The pages made a run at a time, for a document too long to hold.
    pub made: Option<Made>,
    /// The language of its words (`es`, `en`, …), for the PDF's `/Lang` and
    /// the SVG's `xml:lang`; `None` for a document with no words.
    pub lang: Option<String>,
    /// How the print dialog should turn the sheets: `None` for one-sided
    /// pages, else the edge its backs were placed for.
    pub duplex: Option<Flip>,
    /// Whether its sheets are cut by a machine: a cut file is written for
    /// each front page (every page, or every other one with backs).
    pub machine_cut: bool,
}

impl Document {
    /// A one-sided document with no language set: the pipeline sets the
    /// language, and the components that impose backs set the flip.
    pub fn new(title: impl Into<String>, pages: Vec<Page>) -> Document {
        Document {
            title: title.into(),
            pages,
            made: None,
            lang: None,
            duplex: None,
            machine_cut: false,
        }
    }

    /// A document whose pages are made a run at a time by `runs`.
    pub fn made(title: impl Into<String>, runs: Arc<dyn PageRuns>) -> Document {
        Document {
            made: Some(Made::new(runs)),
            ..Document::new(title, Vec::new())
        }
    }

    /// How many pages it has.
    pub fn page_count(&self) -> usize {
        match &self.made {
            Some(made) => made.runs.count(),
            None => self.pages.len(),
        }
    }

    /// Its pages [`RUN_PAGES`] at a time, each run with the index of its
    /// first page: what the checker and the exporters walk, so that a
    /// document made on demand is never held whole.
    pub fn runs(&self) -> impl Iterator<Item = (usize, Run<'_>)> {
        let count = self.page_count();
        (0..count.div_ceil(RUN_PAGES)).map(move |k| {
            let start = k * RUN_PAGES;
            let run = match &self.made {
                Some(made) => Run::Made(made.run(k)),
                None => Run::Held(&self.pages[start..(start + RUN_PAGES).min(count)]),
            };
            (start, run)
        })
    }

    /// Page `index` (from 0). Panics past the last page, as indexing does.
    pub fn page(&self, index: usize) -> PageRef<'_> {
        match &self.made {
            Some(made) => PageRef {
                run: Run::Made(made.run(index / RUN_PAGES)),
                index: index % RUN_PAGES,
            },
            None => PageRef {
                run: Run::Held(&self.pages[index..=index]),
                index: 0,
            },
        }
    }

    /// The same document holding every page: for tests and for callers that
    /// need the pages together (a short document's pages cost little).
    pub fn held(&self) -> Document {
        let mut doc = self.clone();
        if self.made.is_some() {
            doc.pages = self.runs().flat_map(|(_, run)| run.to_vec()).collect();
            doc.made = None;
        }
        doc
    }
}
