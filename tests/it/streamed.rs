//! A deck of more pages than one run is made a run at a time (its
//! memory bounded by a run's pages, not the document's): the pipeline's
//! document holds no pages, and every consumer (the checker, the PDF and SVG
//! writers) reads the runs. What it gives must be what the whole deck,
//! composed at once, gives: the same pages, findings and bytes. The checker's
//! rules must still see every run: a back missing in the third run and a
//! hairline in two runs are found, with their pages.

use std::sync::Arc;

use crate::common::{project_file, shipped, with_line};

use pitchprint::color::Color;
use pitchprint::components::resolved::Loaded;
use pitchprint::diag::code::Code;
use pitchprint::geom::{Mm, Point};
use pitchprint::input::world::{Disk, Overlay};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::{Item, Shape};
use pitchprint::scene::page::{Document, Page, PageRuns, RUN_PAGES};
use pitchprint::scene::style::{Stroke, Style};
use pitchprint::scene::tag::Tag;

const CARDS: usize = 400;

/// The shipped deck, dealt in no league, over a sheet of `CARDS` players of
/// every position (no photos: each card draws its silhouette).
fn long_deck() -> (Loaded, Document) {
    let deck = project_file("layouts/league/deck.toml");
    let deck = with_line(&deck, "table =", "table = \"\"");
    let deck = with_line(&deck, "rules =", "rules = \"none\"");
    let deck = with_line(&deck, "bank =", "bank = \"\"");
    let mut csv = String::from(
        "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity\n",
    );
    for k in 0..CARDS {
        let position = ["GK", "DF", "MF", "FW"][k % 4];
        csv.push_str(&format!(
            "Player {k:03},Club {},{position},{},2,3,1,0,{}.5,,\n",
            k % 7,
            k % 9,
            5 + k % 40
        ));
    }
    let world = Overlay::new(&Disk)
        .with(shipped("layouts/league/deck.toml"), deck)
        .with(shipped("layouts/league/players.csv"), csv);
    let overrides = Overrides {
        lang: Some("en".into()),
        ..Overrides::default()
    };
    let loaded = Pipeline::new(&world)
        .load(&shipped("layouts/league/deck.toml"), &overrides)
        .unwrap_or_else(|f| panic!("the long deck loads: {f:?}"));
    let doc = pipeline::compose(&loaded);
    (loaded, doc)
}

/// The same deck composed whole, titled as the pipeline titles it.
fn whole(loaded: &Loaded, doc: &Document) -> Document {
    let mut whole = loaded.layout.compose();
    whole.title = doc.title.clone();
    whole.lang = doc.lang.clone();
    whole
}

#[test]
fn a_long_deck_made_a_run_at_a_time_gives_what_the_whole_deck_gives() {
    let (loaded, doc) = long_deck();
    // Eight poker cards a sheet, each sheet a front and a back page.
    let pages = 2 * CARDS / 8;
    assert!(pages > RUN_PAGES, "the deck is longer than a run");
    assert!(
        doc.made.is_some() && doc.pages.is_empty(),
        "the document holds no pages"
    );
    assert_eq!(doc.page_count(), pages);
    let whole = whole(&loaded, &doc);
    assert!(whole.made.is_none());
    assert_eq!(whole.pages.len(), pages);
    assert!(doc.held().pages == whole.pages, "the runs are the whole deck's pages");
    // The checker reads every run: nothing to say of either.
    let findings = pipeline::check(&loaded, &doc);
    assert_eq!(findings, pipeline::check(&loaded, &whole));
    assert!(findings.iter().all(|f| !f.is_error()), "{findings:?}");
    // The same bytes out of both.
    let pdf = |d: &Document| {
        let mut out = Vec::new();
        pitchprint::export::pdf::write(d, &mut out).unwrap();
        out
    };
    let bytes = pdf(&doc);
    assert!(bytes == pdf(&whole), "the same PDF");
    assert_eq!(crate::common::load_pdf(&bytes).get_pages().len(), pages);
    for i in [0, RUN_PAGES - 1, RUN_PAGES, pages - 1] {
        assert_eq!(
            pitchprint::export::svg::export_page(&doc, i).unwrap(),
            pitchprint::export::svg::export_page(&whole, i).unwrap(),
            "SVG page {}",
            i + 1
        );
    }
}

/// A made document's pages, some changed as they are made.
struct Altered {
    inner: Document,
    change: fn(usize, &mut Page),
}

impl PageRuns for Altered {
    fn count(&self) -> usize {
        self.inner.page_count()
    }

    fn make(&self, range: std::ops::Range<usize>) -> Vec<Page> {
        range
            .map(|i| {
                let mut page = self.inner.page(i).clone();
                (self.change)(i, &mut page);
                page
            })
            .collect()
    }
}

fn altered(doc: Document, change: fn(usize, &mut Page)) -> Document {
    let mut out = Document::made(
        doc.title.clone(),
        Arc::new(Altered {
            inner: doc.clone(),
            change,
        }),
    );
    out.duplex = doc.duplex;
    out.lang = doc.lang.clone();
    out
}

#[test]
fn the_checker_reads_every_run_of_a_made_deck() {
    let (loaded, doc) = long_deck();
    // Page 80 (the third run) is the back of sheet 40: its cards lose their
    // backs.
    let no_back = altered(doc.clone(), |i, page| {
        if i == 79 {
            page.items.retain(|item| !matches!(item.tag, Tag::ItemBack { .. }));
        }
    });
    let missing: Vec<_> = pipeline::check(&loaded, &no_back)
        .into_iter()
        .filter(|f| f.code == Code::DuplexAlign)
        .collect();
    assert_eq!(missing.len(), 8, "the eight cards of sheet 40: {missing:?}");
    assert!(
        missing[0].message.contains("item 313 has no back"),
        "{}",
        missing[0].message
    );
    // A hairline on page 3 (the first run) and page 91 (the third) is one
    // finding naming both pages.
    let hairline = altered(doc, |i, page| {
        if i == 2 || i == 90 {
            page.items.push(Item::new(
                Shape::Line {
                    from: Point::new(20.0, 20.0),
                    to: Point::new(40.0, 20.0),
                },
                Style::stroked(Stroke::solid(Mm(0.02), Color::BLACK)),
                Tag::Decoration,
            ));
        }
    });
    let thin: Vec<_> = pipeline::check(&loaded, &hairline)
        .into_iter()
        .filter(|f| f.code == Code::StrokeThin)
        .collect();
    assert_eq!(thin.len(), 1, "{thin:?}");
    assert!(thin[0].message.starts_with("pages 3, 91: "), "{}", thin[0].message);
}
