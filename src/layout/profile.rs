//! The printer profile: an optional `pitchprint.toml` in the project's
//! folder (or any folder above a layout) that says what the person's printer
//! and paper are, once for every layout: the paper, the printer-safe margin,
//! the edge the printer turns a sheet on and the offset of its backs
//! (measured with the calibration sheet), and the languages to build.
//!
//! ```toml
//! [page]
//! paper = "letter"
//! margin = 6.0
//!
//! [print]
//! duplex = "short-edge"
//! back_offset = { portrait = [0.5, -0.3], landscape = [0.2, 0.4] }
//!
//! [build]
//! languages = ["en"]
//!
//! [font]   # the texts of every game below, unless its game.toml names its own
//! regular = "fonts/Lora-Regular.ttf"
//! bold = "fonts/Lora-Bold.ttf"
//! ```
//!
//! A layout that sets one of these keys keeps its own value; one that does
//! not inherits the profile's ([`Profile::lend`]), and a finding about an
//! inherited value names `pitchprint.toml`, its line and column, as the file
//! the value came from. The duplex edge is lent only to layouts that print
//! backs without naming an edge (`duplex = "two-sided"`, the default of
//! cards, notes and reference cards): a sheet of counters with no backs
//! stays one-sided.

use std::path::{Path, PathBuf};

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::PaperSize;
use crate::input::source::Source;
use crate::input::world::{Input, World};
use crate::layout::font_names::{self, FontNames};
use crate::layout::page::Page;
use crate::layout::print::{BackOffsetValue, Print, TWO_SIDED};
use crate::layout::values::{Choice, LabelList, LengthOrZero};
use crate::print::Flip;
use crate::section;

/// The profile's file name.
pub const FILE: &str = "pitchprint.toml";

/// The layout keys a profile may set for every layout.
pub const LENT: [&str; 5] = [
    Page::KEY.paper,
    Page::KEY.margin,
    Print::KEY.duplex,
    Print::KEY.back_offset,
    Print::KEY.target,
];

section! {
    /// `[build]` of the printer profile: what to build when the command line
    /// does not say.
    pub struct Build / RawBuild / BuildKeys in "build" {
        /// The languages to build when `--lang` is not given (every language
        /// the texts exist in, when the profile names none).
        languages: LabelList = &[],
    }
}

/// The key of the languages to build when `--lang` is not given.
pub const LANGUAGES: &str = Build::KEY.languages;

/// `[page]` of a printer profile, as an editor sees it: the keys it lends.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read by editors through the schema; the loader reads the table
struct ProfilePage {
    /// The paper every layout that names none is printed on: `a4`,
    /// `letter` or `a3`.
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<Choice<PaperSize>>")]
    paper: Option<String>,
    /// The printer-safe margin in mm: most home printers cannot print the
    /// outer 3-5 mm of a sheet.
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<LengthOrZero<50>>")]
    margin: Option<f64>,
}

/// `[print]` of a printer profile, as an editor sees it.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read by editors through the schema; the loader reads the table
struct ProfilePrint {
    /// The edge your printer turns a sheet on for two-sided printing
    /// (`long-edge` or `short-edge`), for the layouts that print backs
    /// without naming one.
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<Choice<Option<Flip>>>")]
    duplex: Option<String>,
    /// How far your printer shifts the backs, measured with the calibration
    /// sheets: `[x, y]` in mm for every sheet, or `{ portrait = [x, y],
    /// landscape = [x, y] }`, the reading of each orientation's sheet.
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<BackOffsetValue>")]
    back_offset: Option<toml::Value>,
}

/// The printer profile (pitchprint.toml): the paper, margin, duplex edge
/// and back offset of your printer, and the languages to build, for every
/// layout below its folder that does not set them itself.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read by editors through the schema; the loader reads the table
struct ProfileFile {
    #[serde(default)]
    page: Option<ProfilePage>,
    #[serde(default)]
    print: Option<ProfilePrint>,
    #[serde(default)]
    build: Option<RawBuild>,
    /// The fonts every layout of the project sets its texts in, unless its
    /// game file names its own.
    #[serde(default)]
    font: Option<FontNames>,
}

/// The name of the profile's schema in `schemas/` (without `.json`).
pub const SCHEMA: &str = "pitchprint";

/// The JSON Schema of `pitchprint.toml`, for editors.
pub fn schema() -> serde_json::Value {
    crate::layout::schema::file::<ProfileFile>("pitchprint printer profile (pitchprint.toml)")
}

/// A printer profile, read and checked for its keys (its values are
/// checked where a layout uses them, with the layout's rules).
#[derive(Clone, Debug)]
pub struct Profile {
    /// The file, for locating its values.
    pub source: Source,
    table: toml::Table,
}

impl Profile {
    /// The profile of the project `layout` belongs to: the nearest
    /// `pitchprint.toml` in its folder or above. `Ok(None)` when there is
    /// none; a profile that cannot be read, or that holds a key it may not,
    /// is an error at that key.
    pub fn find(world: &dyn World, layout: &Path) -> Result<Option<Profile>, Vec<Finding>> {
        let Some(path) = nearest(world, layout) else {
            return Ok(None);
        };
        let text = crate::input::read_text(world, &path, Input::Profile).map_err(|e| {
            vec![e.finding(
                Code::LayoutRead,
                &path,
                "the printer profile",
                "make pitchprint.toml a short TOML text, or remove it",
            )]
        })?;
        let source = Source::parse(&path, text)?;
        let table: toml::Table = source.deserialize()?;
        let mut findings = Vec::new();
        for (name, value) in &table {
            let Some(inner) = value.as_table() else {
                findings.push(unknown(&source, name));
                continue;
            };
            for key in inner.keys() {
                let dotted = format!("{name}.{key}");
                let font = name == font_names::TABLE && font_names::FACES.contains(&key.as_str());
                if !LENT.contains(&dotted.as_str()) && dotted != LANGUAGES && !font {
                    findings.push(unknown(&source, &dotted));
                }
            }
        }
        let profile = Profile { source, table };
        match profile.languages() {
            Err(f) => findings.push(*f),
            Ok(Some(asked)) => findings.extend(profile.unlabelled(world, layout, &asked)),
            Ok(None) => {}
        }
        if !findings.is_empty() {
            return Err(findings);
        }
        Ok(Some(profile))
    }

    /// The raw value of a dotted key (`page.paper`), when the profile sets it.
    pub fn get(&self, key: &str) -> Option<&toml::Value> {
        let (table, name) = key.split_once('.')?;
        self.table.get(table)?.as_table()?.get(name)
    }

    /// The font files the profile names (`[font]`), each relative to the
    /// profile; a value that is not a file name is an error at it.
    pub fn font_names(&self) -> Result<FontNames, Vec<Finding>> {
        let mut names = FontNames::default();
        let mut findings = Vec::new();
        for (face, slot) in font_names::FACES
            .iter()
            .zip([&mut names.regular, &mut names.bold, &mut names.italic])
        {
            let key = font_names::key(face);
            match self.get(&key) {
                None => {}
                Some(toml::Value::String(file)) => *slot = Some(file.clone()),
                Some(_) => findings.push(
                    Finding::error(
                        Code::LayoutValue,
                        format!("the {face} font must be a file's name"),
                        self.source.locate(&key),
                    )
                    .with_hint(format!(
                        "write it as {face} = \"fonts/MyFont-Regular.ttf\", relative to pitchprint.toml"
                    )),
                ),
            }
        }
        if findings.is_empty() { Ok(names) } else { Err(findings) }
    }

    /// The languages to build when `--lang` is not given, when the profile
    /// names them; a value that is not a list of texts is an error at it.
    pub fn languages(&self) -> Result<Option<Vec<String>>, Box<Finding>> {
        let Some(value) = self.get(LANGUAGES) else {
            return Ok(None);
        };
        value
            .as_array()
            .and_then(|a| {
                a.iter()
                    .map(|v| {
                        v.as_str()
                            .filter(|c| crate::i18n::is_language_code(c))
                            .map(str::to_string)
                    })
                    .collect::<Option<Vec<_>>>()
            })
            .map(Some)
            .ok_or_else(|| {
                Box::new(
                    Finding::error(
                        Code::LayoutValue,
                        "the languages to build must be a list of language codes",
                        self.source.locate(LANGUAGES),
                    )
                    .with_hint("write them as languages = [\"en\", \"es\"], the names of templates/i18n/<lang>.toml"),
                )
            })
    }

    /// An error at `[build] languages` for a language `layout`'s project
    /// has no labels for: the build would stop at the missing table with a
    /// hint to change `--lang`, which the user never gave.
    fn unlabelled(&self, world: &dyn World, layout: &Path, asked: &[String]) -> Option<Finding> {
        let have = crate::i18n::layout_languages(world, layout);
        let missing: Vec<&str> = asked.iter().filter(|l| !have.contains(l)).map(String::as_str).collect();
        if missing.is_empty() {
            return None;
        }
        Some(
            Finding::error(
                Code::I18nMissing,
                format!(
                    "the printer profile builds in {}, but the project has no labels for it",
                    missing.join(", ")
                ),
                self.source.locate(LANGUAGES),
            )
            .with_hint(format!(
                "write templates/i18n/{}.toml with the labels, or build in the languages there are: {}",
                missing[0],
                have.join(", ")
            )),
        )
    }

    /// Lends `layout` the profile's values for the keys it does not set
    /// itself (and the duplex edge to a layout that asks for two-sided
    /// printing without naming one): each becomes the layout's value, found
    /// in this file.
    pub fn lend(&self, layout: &mut Source) {
        for key in LENT {
            let Some(value) = self.get(key) else { continue };
            let own = layout.has_key(key);
            let two_sided = key == Print::KEY.duplex && layout.value_text(key).is_some_and(|v| v == TWO_SIDED);
            if !own || two_sided {
                layout.inherit(key, self.source.locate(key), value.clone());
            }
        }
    }
}

/// What a layout takes from its printer profile and what it sets itself
/// of what the profile sets, for `check --verbose`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileUse {
    /// The profile.
    pub file: PathBuf,
    /// The keys the layout takes from it (`page.paper`): it leaves them out,
    /// or asks for the profile's edge (`duplex = "two-sided"`).
    pub taken: Vec<&'static str>,
    /// The keys the profile sets that the layout sets itself.
    pub overridden: Vec<&'static str>,
}

/// What the layout at `path` takes from its project's printer profile;
/// `None` when there is no profile, or it or the layout cannot be read
/// (loading the layout says why).
pub fn profile_use(world: &dyn World, path: &Path) -> Option<ProfileUse> {
    let profile = Profile::find(world, path).ok()??;
    let text = crate::input::read_text(world, path, Input::Layout).ok()?;
    let layout = Source::parse(path, text).ok()?;
    let (mut taken, mut overridden) = (Vec::new(), Vec::new());
    for key in LENT {
        if profile.get(key).is_none() {
            continue;
        }
        let two_sided = key == Print::KEY.duplex && layout.value_text(key).is_some_and(|v| v == TWO_SIDED);
        if !layout.has_key(key) || two_sided {
            taken.push(key);
        } else {
            overridden.push(key);
        }
    }
    Some(ProfileUse {
        file: profile.source.path.clone(),
        taken,
        overridden,
    })
}

/// The languages the printer profile of `layout`'s project names for builds
/// that do not say `--lang`. A profile that cannot be read names none here:
/// loading the layout reports it.
pub fn languages(world: &dyn World, layout: &Path) -> Option<Vec<String>> {
    let profile = Profile::find(world, layout).ok()??;
    profile.languages().ok()?.filter(|l| !l.is_empty())
}

/// A key a profile may not set: an error at it, naming the ones it may.
fn unknown(source: &Source, key: &str) -> Finding {
    Finding::error(
        Code::LayoutUnknownKey,
        format!("unknown key `{key}` in the printer profile"),
        source.locate(key),
    )
    .with_hint(format!(
        "a printer profile sets {}, {LANGUAGES} and [{}] {}; everything else belongs in a layout",
        LENT.join(", "),
        font_names::TABLE,
        font_names::FACES.join(", ")
    ))
}

/// The nearest `pitchprint.toml` in `layout`'s real folder or above
/// ([`crate::input::world::folders_up`]). Anything of that name is taken: a named
/// pipe or a link to a device is then refused when it is read, never
/// skipped.
fn nearest(world: &dyn World, layout: &Path) -> Option<PathBuf> {
    crate::input::world::folders_up(world, layout)
        .into_iter()
        .map(|dir| dir.join(FILE))
        .find(|candidate| world.exists(candidate))
}
