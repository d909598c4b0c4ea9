//! The pipeline for one layout: load (find the component by its `kind`),
//! resolve, compose, check. The command line and the tests call it; the
//! components never do, so it may know the registry.

use std::path::{Path, PathBuf};

use crate::check::pages::check_pages;
use crate::components::load::Loader;
use crate::components::registry;
use crate::components::resolved::{Loaded, Naming};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::i18n::DEFAULT_LANG;
use crate::i18n::{self, I18n};
use crate::input::source::{Source, kind_of};
use crate::input::world::{Input, World};
use crate::layout::profile::Profile;
use crate::layout::resolve::{Context, Overrides};
use crate::scene::page::Document;

pub mod job;

pub use job::Job;

/// Loads layouts with the component registry, reading files from a world.
pub struct Pipeline<'w> {
    /// Where files come from.
    pub world: &'w dyn World,
}

impl Loader for Pipeline<'_> {
    fn load(&self, path: &Path, overrides: &Overrides, chain: &[PathBuf]) -> Result<Loaded, Vec<Finding>> {
        self.load_in(path, overrides, chain)
    }
}

impl<'w> Pipeline<'w> {
    /// A pipeline over `world`.
    pub fn new(world: &'w dyn World) -> Pipeline<'w> {
        Pipeline { world }
    }

    /// Reads and resolves one layout file. Every problem found is returned,
    /// not just the first.
    pub fn load(&self, path: &Path, overrides: &Overrides) -> Result<Loaded, Vec<Finding>> {
        self.load_in(path, overrides, &[])
    }

    fn load_in(&self, path: &Path, overrides: &Overrides, chain: &[PathBuf]) -> Result<Loaded, Vec<Finding>> {
        if path.file_name().is_some_and(|n| n == crate::game::FILE) {
            return Err(vec![not_a_layout(path)]);
        }
        let mut source = self.source(path)?;
        // The printer profile's paper, margin and duplex settings, for the
        // keys the layout leaves to it.
        if let Some(profile) = Profile::find(self.world, path)? {
            profile.lend(&mut source);
        }
        // The target `--target` names, else the layout's or its profile's;
        // the language asked for, else the one its words have first (a game
        // of its own words in English and Portuguese has no Spanish).
        let overrides = &Overrides {
            target: Some(
                overrides
                    .target
                    .unwrap_or_else(|| crate::layout::print::asked_target(&source)),
            ),
            lang: Some(
                overrides
                    .lang
                    .clone()
                    .unwrap_or_else(|| i18n::layout_default(self.world, path)),
            ),
            ..overrides.clone()
        };
        let kind = kind_of(&source, &registry::kinds())?;
        let Some(component) = registry::find(&kind) else {
            return Err(vec![
                Finding::error(
                    Code::LayoutKind,
                    format!("unknown component kind \"{kind}\""),
                    source.locate("kind"),
                )
                .with_hint(format!("kind must be one of: {}", registry::kinds().join(", "))),
            ]);
        };
        // The language tables: the game's own words over the project's own
        // or the shipped ones. A layout that names no label never needs
        // them, so a failure to read them is reported only where a label does.
        let tables = I18n::for_layout(self.world, path, overrides.lang());
        let (fonts, fonts_at) = crate::game::fonts::for_layout(self.world, path)?;
        let cx = Context {
            overrides,
            i18n: tables.as_ref().map_err(|f| &**f),
            world: self.world,
            loader: self,
            chain,
            fonts,
            fonts_at,
            used_labels: std::cell::Cell::new(false),
            literal_words: std::cell::RefCell::new(Vec::new()),
        };
        let layout = component.resolve(&source, &cx).map_err(once_each)?;
        // Words written as they are, in a layout built in several languages.
        let mut warnings = if cx.used_labels.get() && chain.is_empty() {
            literal_words(self.world, &source, &cx.literal_words.borrow())
        } else {
            Vec::new()
        };
        // Outputs named as another layout's in another language: said with
        // the checker's findings, so that nothing of it is written.
        if chain.is_empty() {
            warnings.extend(crate::output::names::clash(
                self.world,
                path,
                &i18n::layout_languages(self.world, path),
            ));
        }
        let has_words = cx.used_labels.get() || component.languages(&source, self.world).is_some();
        let naming = match (&tables, has_words) {
            (Ok(tables), true) => naming(tables, path, component.kind()),
            _ => Naming::default(),
        };
        Ok(Loaded {
            uses_labels: cx.used_labels.get(),
            labels: tables.as_ref().map(|t| t.asked()).unwrap_or_default(),
            warnings,
            kind: component.kind(),
            source,
            layout,
            naming,
            target: overrides.target.unwrap_or_default(),
        })
    }

    fn source(&self, path: &Path) -> Result<Source, Vec<Finding>> {
        let text = crate::input::read_text(self.world, path, Input::Layout).map_err(|e| {
            vec![e.finding(
                Code::LayoutRead,
                path,
                "the layout",
                "check the path; `pitchprint build` with no arguments takes every layout under layouts/",
            )]
        })?;
        Source::parse(path, text)
    }

    /// The languages a layout is built in: what its component says (a rule
    /// sheet's texts), or for a layout that speaks through labels (`@key`,
    /// its own or the defaults of the keys it leaves out) every language of
    /// `templates/i18n`; `None` for a layout with no words to translate
    /// (built once).
    pub fn languages(&self, path: &Path) -> Option<Vec<String>> {
        let source = self.source(path).ok()?;
        let uses_labels = source.text.contains("\"@");
        let kind = kind_of(&source, &[]).ok()?;
        if let Some(own) = registry::find(&kind).and_then(|c| c.languages(&source, self.world)) {
            return Some(own);
        }
        // A layout that names no label may still take one as a default.
        if !uses_labels && !self.load(path, &Overrides::default()).is_ok_and(|l| l.uses_labels) {
            return None;
        }
        Some(i18n::layout_languages(self.world, path)).filter(|l| !l.is_empty())
    }
}

impl Pipeline<'_> {
    /// A warning when a layout of texts (a rule sheet, a cover, a reference
    /// card) is built in fewer languages (`built`) than the project's labels
    /// have: it has no text in the others, and a build of every language
    /// would otherwise leave them out without a word. `None` for any other
    /// layout, or one built in every language.
    pub fn untold_languages(&self, path: &Path, built: &[String]) -> Option<Finding> {
        let source = self.source(path).ok()?;
        let kind = kind_of(&source, &[]).ok()?;
        let component = registry::find(&kind)?;
        let folder = component.texts(&source)?;
        // A printer profile that names its languages has chosen: a language
        // it names without a text is an error of the build instead.
        if crate::layout::profile::languages(self.world, path).is_some() {
            return None;
        }
        if i18n::own_folder(self.world, path).is_none() {
            i18n::folder(self.world, path)?;
        }
        let lacking: Vec<String> = i18n::layout_languages(self.world, path)
            .into_iter()
            .filter(|l| !built.contains(l))
            .collect();
        let first = lacking.first()?;
        let files: Vec<String> = lacking
            .iter()
            .map(|l| {
                crate::input::world::tidy(&folder.join(format!("{l}.md")))
                    .display()
                    .to_string()
            })
            .collect();
        Some(
            Finding::warning(
                Code::TextMissing,
                format!(
                    "no text in {} (the project's labels have {}): built in {} only; {} would be its text",
                    lacking.join(", "),
                    if lacking.len() == 1 { "it" } else { "them" },
                    built.join(", "),
                    files.join(", ")
                ),
                source.locate(TEXT_KEY),
            )
            .with_hint(format!(
                "write the text, or start every file of the language from English with `pitchprint i18n add {first}`; \
                 `pitchprint i18n` lists what each language lacks"
            )),
        )
    }
}

/// The key of a layout of texts that names their folder.
const TEXT_KEY: &str = "text";

/// The finding for a game file given where a layout is asked for: the
/// command line builds its folder instead, so only a caller of the library
/// meets it.
fn not_a_layout(path: &Path) -> Finding {
    let folder = path.parent().unwrap_or(Path::new("."));
    Finding::error(
        Code::LayoutKind,
        format!(
            "{} is the game's file, not a layout: the game's rule sheets, cover and kit read it",
            path.display()
        ),
        crate::diag::Location::file(path),
    )
    .with_hint(format!(
        "build the game's folder ({}), or its kit (pitchprint kit {0})",
        folder.display()
    ))
}

/// `findings` with each said once: a value the printer profile lends to a
/// layout and to the layouts it names is one mistake in one file, found
/// again through each of them (with a note on the way it was reached).
fn once_each(findings: Vec<Finding>) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    for f in findings {
        let same = |g: &Finding| g.code == f.code && g.message == f.message && g.location == f.location;
        if !out.iter().any(same) {
            out.push(f);
        }
    }
    out
}

/// How a layout in `tables`' language names its files: the game from the
/// folder under `layouts/` (`[games]` in the labels), the component from its
/// kind (`[components]`), and the language's own name (`[language] name`).
/// A part the labels do not have is left out.
fn naming(tables: &I18n, path: &Path, kind: &str) -> Naming {
    let folder = path
        .parent()
        .filter(|p| p.parent().and_then(Path::file_name).is_some_and(|n| n == "layouts"))
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned());
    let get = |key: String| tables.get(&key).map(str::to_string);
    Naming {
        lang: Some(tables.lang.clone()),
        game: folder.and_then(|f| get(format!("games.{f}"))),
        component: get(format!("components.{kind}")),
        language: get("language.name".to_string()),
    }
}

/// Composes a loaded layout, titled and tagged with its language for the
/// files' metadata.
pub fn compose(loaded: &Loaded) -> Document {
    let mut doc = loaded.layout.clone().compose_shared();
    doc.title = loaded.naming.title(&doc.title);
    doc.lang = loaded.naming.lang.clone();
    doc
}

/// Checks a composed layout: the rules every page follows, then the
/// component's own.
pub fn check(loaded: &Loaded, doc: &Document) -> Vec<Finding> {
    let mut findings = check_pages(&loaded.source, doc, &|need, room| loaded.layout.fit_hint(need, room));
    findings.extend(loaded.layout.check(&loaded.source, doc));
    findings.extend(loaded.warnings.iter().cloned());
    // A layout for a print shop (by `--target` or its own `[print] target`)
    // is checked as the shop would: here, so that every caller gets it.
    if let Some(shop) = loaded.target.shop() {
        findings.extend(crate::check::target::preflight(&loaded.source, doc, shop));
    }
    findings
}

/// A warning at each title, caption or label of a game's layout `source`
/// written as words (`literal`: each key and its words) when the layout is
/// built in more than one language: every language prints them as written. The hint
/// gives the `@key` to write and the file of the game's own words, and
/// the line to add to it.
fn literal_words(world: &dyn World, source: &Source, literal: &[(String, String)]) -> Vec<Finding> {
    let langs = i18n::layout_languages(world, &source.path);
    let folder = source.path.parent().unwrap_or(Path::new(""));
    // Only a game's layouts: the game's folder is where its words go (a
    // loose sheet, an example beside no game file, has no such place).
    let in_a_game = world.is_file(&folder.join(crate::game::FILE));
    if langs.len() < 2 || literal.is_empty() || !in_a_game {
        return Vec::new();
    }
    let game = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| crate::i18n::is_label_name(n))
        .unwrap_or_else(|| "game".to_string());
    let own = crate::input::world::tidy(&folder.join(i18n::OWN_FOLDER));
    literal
        .iter()
        .map(|(key, words)| {
            let name = crate::i18n::label_name(key);
            let files: Vec<String> = langs
                .iter()
                .map(|l| own.join(format!("{l}.toml")).display().to_string())
                .collect();
            Finding::warning(
                Code::I18nLiteral,
                format!(
                    "{key} = \"{words}\" is printed as written in {}, though the layout is built in each",
                    langs.join(", ")
                ),
                source.locate(key),
            )
            .with_hint(format!(
                "write {key} = \"@{game}.{name}\", and under [{game}] of {} add {name} = \"...\" in that language's words \
                 (for {}: {name} = \"{words}\")",
                files.join(", "),
                langs.iter().find(|l| *l == "en").unwrap_or(&langs[0]),
            ))
        })
        .collect()
}

/// The languages to build or check a layout in, reading through `world`:
/// the ones asked for (each once, in the order given), or without any the
/// printer profile's, else every one its words exist in; a layout with no
/// words is built once, in the default language.
pub fn languages(world: &dyn World, path: &Path, asked: &[String]) -> Vec<String> {
    let mut once: Vec<String> = Vec::new();
    for lang in asked {
        if !once.contains(lang) {
            once.push(lang.clone());
        }
    }
    match Pipeline::new(world).languages(path) {
        // A layout that cannot be read is tried in the languages asked for,
        // so that the summary names them (its finding is the same in each).
        None if !once.is_empty() => once,
        None => vec![DEFAULT_LANG.to_string()],
        Some(available) if asked.is_empty() => crate::layout::profile::languages(world, path).unwrap_or(available),
        Some(_) => once,
    }
}

/// [`languages`], keeping only those the layout has words in: a game's kit
/// and its table are made in the languages its cover speaks, a language
/// asked for that it lacks left out.
pub fn languages_it_has(world: &dyn World, path: &Path, asked: &[String]) -> Vec<String> {
    let own = Pipeline::new(world)
        .languages(path)
        .unwrap_or_else(|| vec![DEFAULT_LANG.to_string()]);
    languages(world, path, asked)
        .into_iter()
        .filter(|l| own.contains(l))
        .collect()
}

/// Each layout of `paths` with the languages it is built or checked in
/// ([`languages`]), in order.
pub fn plan(world: &dyn World, paths: &[PathBuf], asked: &[String]) -> Vec<(PathBuf, Vec<String>)> {
    paths.iter().map(|p| (p.clone(), languages(world, p, asked))).collect()
}
