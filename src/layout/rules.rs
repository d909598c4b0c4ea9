//! Rule sheets (`kind = "rule-sheet"`): a game's rules, one Markdown file per
//! language under `templates/rules/<game>/<lang>.md`, typeset with diagrams
//! composed from the game's own layouts.
//!
//! A language is a file: adding `fr.md` beside the others adds a French
//! sheet, with no code. The hyphenation patterns follow the file's name.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{Layout, Overrides, PageSpec, RawPage, Resolver, Source};
use crate::diag::{Finding, Location};
use crate::markdown::{Block, Located};

/// The language a sheet is built in when none is asked for.
pub const DEFAULT_LANG: &str = "es";

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    text: String,
    board: String,
    #[serde(default)]
    roles: Option<String>,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    sheet: RawSheet,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawSheet {
    columns: i64,
    size: f64,
    colour: String,
}

impl Default for RawSheet {
    fn default() -> Self {
        RawSheet {
            columns: 2,
            size: 9.5,
            colour: "#1b2a41".into(),
        }
    }
}

/// What the diagrams are drawn from: the game's board (and, for Futbolchess,
/// its role card).
#[derive(Clone, Debug)]
pub struct Sources {
    /// The board layout, resolved.
    pub board: Layout,
    /// The role card layout, when the sheet names one.
    pub roles: Option<Layout>,
}

/// A resolved rule sheet in one language.
#[derive(Clone, Debug)]
pub struct RuleSheet {
    /// Paper and margin.
    pub page: PageSpec,
    /// The language code (the Markdown file's name).
    pub lang: String,
    /// Text columns (1 or 2).
    pub columns: u32,
    /// Body text size in points.
    pub size: f64,
    /// Ink.
    pub colour: crate::scene::Color,
    /// The blocks, in order.
    pub blocks: Vec<Located>,
    /// The Markdown file.
    pub file: PathBuf,
    /// What the diagrams are drawn from.
    pub sources: Box<Sources>,
}

/// The diagrams each game's sheets may place.
pub fn diagram_names(board: &Layout) -> &'static [&'static str] {
    match board {
        Layout::DicePitch(_) => &["kickoff", "shot"],
        Layout::PathFields(_) => &["bounce", "dead-end"],
        Layout::Futbolchess(_) => &["setup", "role-moves"],
        Layout::League(_) => &["strategy-track", "stripes"],
        _ => &[],
    }
}

/// The languages a rule-sheet layout has texts for: the `.md` files in its
/// text folder, the default language first.
pub fn languages(source: &Source) -> Vec<String> {
    let Ok(raw) = source.deserialize::<Raw>() else {
        return vec![DEFAULT_LANG.to_string()];
    };
    let dir = source.path.parent().unwrap_or(Path::new("")).join(&raw.text);
    let mut langs: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    langs.sort_by_key(|l| (l != DEFAULT_LANG, l.clone()));
    if langs.is_empty() {
        langs.push(DEFAULT_LANG.to_string());
    }
    langs
}

/// Reads a layout the sheet's diagrams are drawn from (never another rule sheet).
fn load_source(r: &mut Resolver<'_>, key: &str, path: &Path) -> Option<Layout> {
    match super::load(path, &Overrides::default()) {
        Ok(l) if !matches!(l.layout, Layout::Rules(_)) => Some(l.layout),
        Ok(_) => {
            r.bad(
                key,
                "layout-board",
                format!("{} is a rule sheet, not a board", path.display()),
                "name the game's board layout",
            );
            None
        }
        Err(f) => {
            r.bad(
                key,
                "layout-board",
                format!("cannot use {}: {}", path.display(), f[0].message),
                "name the game's board layout, relative to this file",
            );
            None
        }
    }
}

/// Reads and validates a `rule-sheet` layout in the language `overrides` asks
/// for (Spanish by default).
pub fn resolve(source: &Source, overrides: &Overrides) -> Result<RuleSheet, Vec<Finding>> {
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source);
    let page = raw.page.resolve(&mut r, overrides);
    let dir = source.path.parent().unwrap_or(Path::new(""));
    let lang = overrides.lang.clone().unwrap_or_else(|| DEFAULT_LANG.to_string());
    let file = dir.join(&raw.text).join(format!("{lang}.md"));
    let columns = r.count_at_least("sheet.columns", raw.sheet.columns, 1, "1 or 2 columns");
    if columns > 2 {
        r.bad(
            "sheet.columns",
            "layout-value",
            format!("{columns} columns are too narrow for rules"),
            "use 1 or 2",
        );
    }
    let size = r.text_size("sheet.size", raw.sheet.size);
    let colour = r.colour("sheet.colour", &raw.sheet.colour);
    let board = load_source(&mut r, "board", &dir.join(&raw.board));
    let roles = raw
        .roles
        .as_ref()
        .and_then(|p| load_source(&mut r, "roles", &dir.join(p)));
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            let mut f = std::mem::take(&mut r.findings);
            f.push(
                Finding::error(
                    "rules-missing",
                    format!("there is no {lang} text for these rules ({e})"),
                    Location::file(&file),
                )
                .with_hint(format!(
                    "write {} (one Markdown file per language), or build another language with --lang",
                    file.display()
                )),
            );
            return Err(f);
        }
    };
    let blocks = match crate::markdown::parse(&text) {
        Ok(b) => b,
        Err((line, msg)) => {
            let mut f = std::mem::take(&mut r.findings);
            f.push(
                Finding::error("rules-markdown", msg, Location { file: file.clone(), line: Some(line), column: None, key: None })
                    .with_hint("rule sheets use # title, ## headings, paragraphs, - and 1. lists, **bold**, *italic* and {{diagram: name}}"),
            );
            return Err(f);
        }
    };
    if let Some(board) = &board {
        let names = diagram_names(board);
        for b in &blocks {
            if let Block::Diagram(name) = &b.block
                && !names.contains(&name.as_str())
            {
                r.findings.push(
                    Finding::error(
                        "rules-diagram",
                        format!("there is no diagram \"{name}\" for this game"),
                        Location {
                            file: file.clone(),
                            line: Some(b.line),
                            column: None,
                            key: None,
                        },
                    )
                    .with_hint(format!("this game's diagrams are: {}", names.join(", "))),
                );
            }
        }
        if matches!(board, Layout::Futbolchess(_))
            && roles.is_none()
            && blocks.iter().any(|b| b.block == Block::Diagram("role-moves".into()))
        {
            r.bad(
                "roles",
                "layout-missing-key",
                "the role-moves diagram needs the role card".into(),
                "add roles = \"roles.toml\"",
            );
        }
    }
    if !matches!(blocks.first().map(|b| &b.block), Some(Block::Title(_))) {
        r.findings.push(
            Finding::error(
                "rules-markdown",
                "the sheet does not start with a `# title`",
                Location::file(&file),
            )
            .with_hint("put the rules' title on the first line"),
        );
    }
    let Some(board) = board else { return Err(r.findings) };
    r.finish(RuleSheet {
        page,
        lang,
        columns,
        size,
        colour,
        blocks,
        file,
        sources: Box::new(Sources { board, roles }),
    })
}
