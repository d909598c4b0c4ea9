//! The build and the check of many layouts: each layout in each of its
//! languages is a [`Job`] of the pipeline; the jobs run on `--jobs` threads
//! and are reported in the plan's order. A job without errors is rendered
//! ([`render`]) under the names [`crate::output::names`] gives and written all at
//! once ([`crate::output::write`]); the main job also makes each game's kit. The
//! command line only parses ([`crate::cli`]): a library caller calling
//! [`build`] or [`check`] gets what `pitchprint build` and `check` do.

use std::path::{Path, PathBuf};

use crate::components::resolved::Loaded;
use crate::diag::Finding;
use crate::export::{self, Format};
use crate::geom::PaperSize;
use crate::input::world::{Disk, World};
use crate::output::names;
use crate::output::outcome::{self, FileWritten, LanguageDone, Outcome, Verbosity, exit};
use crate::output::write;
use crate::pipeline::{self, Job, Pipeline};
use crate::print::target::Target;
use crate::sheet::tile;
use crate::watch::Built;

pub mod find;
pub mod render;

use find::layout_paths;

/// What a build or a check is asked to do: the command line's options, or a
/// library caller's.
#[derive(Clone, Debug)]
pub struct Options {
    /// Layout files or folders; none for every layout under `layouts/`.
    pub layouts: Vec<PathBuf>,
    /// The formats to write.
    pub formats: Vec<Format>,
    /// The address a deck's Tabletop Simulator folder is served from.
    pub base_url: Option<String>,
    /// `--paper`, over every layout's own.
    pub paper: Option<PaperSize>,
    /// The folder written into.
    pub out: PathBuf,
    /// The resolution of PNG pages, in dots per inch.
    pub dpi: f64,
    /// One PNG per card of a deck besides its sheets.
    pub per_card: bool,
    /// SVG text drawn as the outlines of its letters.
    pub outline_text: bool,
    /// Build again whenever a file a layout reads changes.
    pub watch: bool,
    /// The languages asked for; none for every one a layout has.
    pub lang: Vec<String>,
    /// The threads to build on; the machine's cores when not given.
    pub jobs: Option<u16>,
    /// Make every photo from its file, neither reading nor writing the cache.
    pub no_cache: bool,
    /// `--target`, over every layout's own.
    pub target: Option<Target>,
    /// The most ink anywhere for a PDF/X target, in percent.
    pub ink_limit: Option<f64>,
    /// How much is said.
    pub verbosity: Verbosity,
    /// One JSON document on stdout instead of lines for people.
    pub json: bool,
}

impl Default for Options {
    /// What `pitchprint build` does with no option: PDF and SVG of every
    /// layout into `output/`, PNG at 150 dpi when asked.
    fn default() -> Options {
        Options {
            layouts: Vec::new(),
            formats: vec![Format::Pdf, Format::Svg],
            base_url: None,
            paper: None,
            out: PathBuf::from("output"),
            dpi: 150.0,
            per_card: false,
            outline_text: false,
            watch: false,
            lang: Vec::new(),
            jobs: None,
            no_cache: false,
            target: None,
            ink_limit: None,
            verbosity: Verbosity::Normal,
            json: false,
        }
    }
}

/// One layout taken as far as the checker: its findings and, when it could be
/// composed, the document.
struct Checked {
    findings: Vec<Finding>,
    doc: Option<crate::scene::page::Document>,
    loaded: Option<Loaded>,
}

impl Checked {
    /// What is said of the layout in `lang` as far as the checker took it:
    /// its pages, the deck's play and reading, and its findings (taken, so
    /// that they are held once).
    fn told(&mut self, lang: &str) -> LanguageDone {
        let cards = self.loaded.as_ref().and_then(|l| l.layout.as_cards());
        LanguageDone {
            pages: self.doc.as_ref().map(|d| d.page_count()),
            play: cards.and_then(|c| c.play().cloned()),
            reading: cards.and_then(|c| Some(c.reading()?.to_string())),
            findings: std::mem::take(&mut self.findings),
            ..LanguageDone::new(lang)
        }
    }
}

/// `job` taken as far as the checker, reading through `world`: its findings
/// (the print shop's preflight among them) and, when it could be composed,
/// its document.
fn load_and_check_in(world: &dyn World, job: &Job) -> Checked {
    match Pipeline::new(world).load(&job.layout, &job.overrides()) {
        Err(findings) => Checked {
            findings,
            doc: None,
            loaded: None,
        },
        Ok(loaded) => {
            let doc = pipeline::compose(&loaded);
            let findings = pipeline::check(&loaded, &doc);
            Checked {
                findings,
                doc: Some(doc),
                loaded: Some(loaded),
            }
        }
    }
}

/// Each layout with the languages it is built or checked in, in order.
/// Runs `work(layout, lang)` for every language of every layout of `plan`
/// on the threads `--jobs` asks for (the machine's cores when not given),
/// and hands each result to `take(layout, lang, its layout's languages, result)`
/// on this thread in the plan's order: what a run on one thread would do.
fn in_plan_order<T: Send>(
    plan: &[(PathBuf, Vec<String>)],
    jobs: Option<u16>,
    work: impl Fn(&Path, &str) -> T + Sync,
    mut take: impl FnMut(&Path, &str, &[String], T),
) {
    let pairs: Vec<(usize, &str)> = plan
        .iter()
        .enumerate()
        .flat_map(|(k, (_, langs))| langs.iter().map(move |l| (k, l.as_str())))
        .collect();
    crate::parallel::in_order(
        pairs.len(),
        jobs.map_or_else(crate::parallel::default_jobs, usize::from),
        |i| work(&plan[pairs[i].0].0, pairs[i].1),
        |i, result| {
            let (path, langs) = &plan[pairs[i].0];
            take(path, pairs[i].1, langs, result);
        },
    );
}

/// Runs `pitchprint check`: every layout of `o` in its languages, taken as
/// far as the checker; nothing is written. Returns the exit code.
pub fn check(a: &Options) -> i32 {
    let paths = match layout_paths(&a.layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::FAILURE;
        }
    };
    let plan = pipeline::plan(&Disk, &paths, &a.lang);
    let jobs = plan.iter().map(|(_, l)| l.len()).sum();
    let mut outcome = Outcome::new(outcome::Command::Check, a.verbosity, a.json, jobs);
    // As in `build`: every layout-language pair on `--jobs` threads, taken
    // in the plan's order, so that a check says what a serial one says.
    let mut done: Vec<LanguageDone> = Vec::new();
    in_plan_order(
        &plan,
        a.jobs,
        |path, lang| {
            let mut checked = load_and_check_in(&Disk, &Job::new(path, lang, a.paper, a.target));
            checked.told(lang)
        },
        |path, lang, langs, one| {
            outcome.doing(&format!("{} ({lang})", path.display()));
            done.push(one);
            outcome.advance();
            if done.len() == langs.len() {
                let mut layout_done = std::mem::take(&mut done);
                untold(&Disk, path, &a.lang, langs, &mut layout_done);
                outcome.layout(&Disk, path, layout_done);
            }
        },
    );
    let (errors, _) = outcome.tally();
    outcome.finish(if errors > 0 { exit::FINDINGS } else { exit::OK })
}

/// Runs `pitchprint build`: checks every layout of `o` in its languages and
/// writes those without errors (with `watch`, again at every change), and
/// with no layout named each game's kit. Returns the exit code.
pub fn build(a: &Options) -> i32 {
    if a.no_cache {
        crate::photo::cache::use_cache(None);
    }
    let paths = match layout_paths(&a.layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::FAILURE;
        }
    };
    if a.watch {
        let why = crate::watch::run(&paths, &mut |layouts, world, quiet| {
            // A rebuild says one line of its own (watch.rs): only findings here.
            let verbosity = if quiet { Verbosity::Quiet } else { a.verbosity };
            let mut outcome = Outcome::new(outcome::Command::Build, verbosity, false, 0);
            build_layouts(a, &pipeline::plan(world, layouts, &a.lang), world, &mut outcome)
        });
        eprintln!("error: {why}");
        return exit::FAILURE;
    }
    let plan = pipeline::plan(&Disk, &paths, &a.lang);
    let jobs = plan.iter().map(|(_, l)| l.len()).sum();
    let mut outcome = Outcome::new(outcome::Command::Build, a.verbosity, a.json, jobs);
    let built = build_layouts(a, &plan, &Disk, &mut outcome);
    if let Some(photos) = crate::photo::cache::tally() {
        outcome.detail(&photos);
    }
    outcome.finish(built.code)
}

/// Without `--lang`, says (with the first language's findings) which of the
/// project's languages a layout of texts is left out of for want of its
/// text.
fn untold(world: &dyn World, path: &Path, asked: &[String], langs: &[String], done: &mut [LanguageDone]) {
    if !asked.is_empty() {
        return;
    }
    if let (Some(first), Some(finding)) = (done.first_mut(), Pipeline::new(world).untold_languages(path, langs)) {
        first.findings.push(finding);
    }
}

/// Builds each layout of `plan` in its languages, reading through `world`,
/// and tells `outcome` what each did.
fn build_layouts(a: &Options, plan: &[(PathBuf, Vec<String>)], world: &dyn World, outcome: &mut Outcome) -> Built {
    let mut formats = a.formats.clone();
    if a.watch {
        // Watching is for looking: the previews are refreshed too.
        formats.push(Format::Png);
    }
    formats.sort();
    formats.dedup();
    let mut built = Built::default();
    let mut code = exit::OK;
    // The main job also writes each game's kit, from the documents it builds.
    let for_home = a.target.is_none_or(|t| t == Target::Home);
    let mut kits = (a.layouts.is_empty() && !a.watch && formats.contains(&Format::Pdf) && for_home)
        .then(|| crate::kit::command::Kits::new(a.lang.clone(), a.paper, &a.out));
    // A PDF/X target separates every colour through its profile, made once.
    let presses = crate::target_files::Presses::new(a.ink_limit);
    // Every language of every layout is a job; the jobs run on `--jobs`
    // threads and are taken here in the plan's order, so that what is said
    // and kept is what a serial build says and keeps.
    let mut done: Vec<LanguageDone> = Vec::new();
    in_plan_order(
        plan,
        a.jobs,
        |path, lang| build_one(a, &formats, world, (path, lang), &presses),
        |path, lang, langs, (one, kept, failure)| {
            if done.is_empty()
                && let Some(kits) = &mut kits
            {
                kits.next(path, outcome);
            }
            outcome.doing(&format!("{} ({lang})", path.display()));
            if let Some(failure) = failure {
                outcome.error(&failure);
            }
            code = code.max(match (&one, one.written) {
                (_, true) => exit::OK,
                (d, false) if d.findings.iter().any(Finding::is_error) => exit::FINDINGS,
                _ => exit::FAILURE,
            });
            built.jobs += 1;
            if one.written {
                built.written += 1;
                built.files += one.files.len();
            }
            if let (Some(kits), Some((loaded, doc))) = (&mut kits, kept) {
                match loaded.as_ref().map(|l| l.target) {
                    // A kit is for a home printer: a layout built for a shop
                    // (its own `[print] target`) is made again for it.
                    Some(target) if target != Target::Home => {
                        let home = Job::new(path, lang, a.paper, a.target).at_home();
                        let again = load_and_check_in(world, &home);
                        if let (Some(loaded), Some(doc), false) =
                            (again.loaded, again.doc, again.findings.iter().any(Finding::is_error))
                        {
                            kits.keep(path, lang, Some(loaded), doc);
                        }
                    }
                    _ => kits.keep(path, lang, loaded, doc),
                }
            }
            done.push(one);
            outcome.advance();
            if done.len() == langs.len() {
                let mut layout_done = std::mem::take(&mut done);
                built.layouts += 1;
                built.layouts_written += usize::from(layout_done.iter().all(|d| d.written));
                untold(world, path, &a.lang, langs, &mut layout_done);
                outcome.layout(world, path, layout_done);
            }
        },
    );
    if let Some(kits) = kits {
        code = code.max(kits.finish(outcome));
    }
    built.code = code;
    built
}

/// What building one layout in one language did: what to say of it, the
/// document for the game's kit when it was written (with the layout it came
/// from), and the reason it could not be written, when a file could not.
type OneBuilt = (
    LanguageDone,
    Option<(Option<Loaded>, crate::scene::page::Document)>,
    Option<String>,
);

/// Builds `path` in `lang`: checks it and, without errors, writes its
/// files ([`OneBuilt`]). It runs on any thread of the build's pool.
fn build_one(
    a: &Options,
    formats: &[Format],
    world: &dyn World,
    (path, lang): (&Path, &str),
    presses: &crate::target_files::Presses,
) -> OneBuilt {
    let job = Job::new(path, lang, a.paper, a.target);
    // What the build reads, so that no output is written over it.
    let recorder = crate::watch::Recorder::new(world);
    let mut checked = load_and_check_in(&recorder, &job);
    let reads = recorder.reads();
    let mut done = checked.told(lang);
    if done.findings.iter().any(Finding::is_error) {
        return (done, None, None);
    }
    // Taken, not cloned: a document of hundreds of pages is held once.
    let Some(doc) = checked.doc.take() else {
        return (done, None, None);
    };
    let target = checked.loaded.as_ref().map_or(Target::Home, |l| l.target);
    let press = match presses.get(target) {
        Ok(press) => press,
        Err(e) => return (done, None, Some(e)),
    };
    let stem = names::layout_stem(path, &a.out, target, lang);
    let cards = if a.per_card {
        checked
            .loaded
            .as_ref()
            .and_then(|l| Some(l.layout.as_cards()?.item_pages()))
    } else {
        None
    };
    let text_as = match a.outline_text {
        true => export::svg::TextAs::Outlines,
        false => export::svg::TextAs::Text,
    };
    let (mut files, families) = match render::shop_files(target, &doc, &stem, press.as_ref()) {
        Some(shop) => shop,
        None => {
            let mut files = render::render(&doc, formats, &stem, a.dpi, text_as);
            if let Some(pages) = &cards {
                files.extend(render::per_card(pages, &stem, a.dpi));
            }
            if formats.contains(&Format::Tts)
                && let Some(loaded) = &checked.loaded
            {
                match crate::tts::command::deck_files(loaded, &doc, &stem, a.base_url.as_deref()) {
                    Ok(saved) => files.extend(saved),
                    Err(finding) => done.findings.push(*finding),
                }
            }
            (files, render::families(&stem, formats, a.per_card))
        }
    };
    let targets: Vec<PathBuf> = files.iter().map(|o| o.path.clone()).collect();
    // Only what an earlier build of this layout in this language recorded
    // goes: a user's own `banknotes-3.pdf` beside ours stays.
    let record = write::Record::new(stem.parent().unwrap_or(Path::new(".")), &names::record(path, lang));
    let leftovers: Vec<PathBuf> = record.ours(
        write::leftovers(&families, &targets)
            .into_iter()
            .filter(|f| !render::another_layouts(path, f))
            .collect(),
    );
    files.push(record.output(&targets, &leftovers));
    if let Some(finding) =
        render::name_too_long(path, &targets).or_else(|| render::over_an_input(path, &targets, &leftovers, &reads))
    {
        done.findings.push(finding);
        return (done, None, None);
    }
    let written = match write::write_all(&files, &leftovers) {
        Ok(written) => written,
        Err(e) => return (done, None, Some(format!("cannot write {e}"))),
    };
    done.written = true;
    done.files = targets
        .into_iter()
        .zip(&written.sizes)
        .map(|(path, &bytes)| FileWritten { path, bytes })
        .collect();
    done.removed = written.removed;
    // A tiled board says so on its layout's line: a pile of pages is
    // otherwise a surprise.
    done.tiled = tile::count(&doc);
    drop(files);
    drop(cards);
    (done, Some((checked.loaded.take(), doc)), None)
}
