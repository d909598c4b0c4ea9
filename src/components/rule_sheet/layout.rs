//! Rule sheets (`kind = "rule-sheet"`): a game's rules, one Markdown file per
//! language under `templates/rules/<game>/<lang>.md`, typeset with diagrams
//! composed from the game's own layouts.
//!
//! A language is a file: adding `fr.md` beside the others adds a French
//! sheet, with no code. The hyphenation patterns follow the file's name.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Deserialize;

use std::sync::Arc;

use crate::components::load::References;
use crate::components::resolved::Resolved;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::Fonts;
use crate::geom::Mm;
use crate::i18n;
use crate::input::source::Source;
use crate::input::world::World;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Count, TextSize, Word};
use crate::markdown::{Block, Located};
use crate::print::PageSpec;
use crate::scene::item::Item;
use crate::section;

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// The folder of the text, relative to this file: a Markdown file per
    /// language (`en.md`); the sheet is built in each.
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    text: String,
    /// The game's board layout, relative to this file: the diagrams are
    /// drawn from it.
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    board: String,
    /// The role card layout whose letters the figures give the pieces
    /// (Futbolchess), relative to this file.
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    roles: Option<String>,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    sheet: RawSheet,
}

section! {
    /// The sheet's typesetting, validated.
    pub struct Sheet / RawSheet / SheetKeys in "sheet" {
        /// Text columns (1 or 2) on A4 or Letter; two columns become more
        /// on wider paper (A3), each as wide as on A4.
        columns: Count<1, 2> = 2 => "1 or 2 columns",
        /// Body text size in points.
        size: TextSize = 9.5,
        /// Ink.
        colour: Colour = "#1b2a41",
    }
}

/// What the diagrams are drawn from: the game's board (and, for Futbolchess,
/// its role card).
#[derive(Clone, Debug)]
pub struct Sources {
    /// The board layout, resolved.
    pub board: Arc<dyn Resolved>,
    /// The role card layout, when the sheet names one.
    pub roles: Option<Arc<dyn Resolved>>,
}

impl Sources {
    /// The diagram `name` at `width` (its height is returned with it), in its
    /// own coordinates with the top-left corner at the origin; nothing for a
    /// name the board does not draw (names are checked when the sheet is read).
    pub fn diagram(&self, name: &str, width: Mm) -> (Vec<Item>, Mm) {
        self.board
            .as_diagrams()
            .and_then(|d| d.diagram(name, width, self.roles.as_deref()))
            .unwrap_or((Vec::new(), Mm::ZERO))
    }
}

/// A resolved rule sheet in one language.
#[derive(Clone, Debug)]
pub struct RuleSheet {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// The language code (the Markdown file's name).
    pub lang: String,
    /// Text columns (1 or 2) on A4 or Letter; two columns become more
    /// on wider paper (A3), each as wide as on A4.
    pub columns: u32,
    /// Body text size in points.
    pub size: f64,
    /// Ink.
    pub colour: crate::color::Color,
    /// The blocks, in order.
    pub blocks: Vec<Located>,
    /// The Markdown file.
    pub file: PathBuf,
    /// The file's text as printed: the game's numbers filled in.
    pub text: String,
    /// What the diagrams are drawn from.
    pub sources: Box<Sources>,
    /// The project's hyphenation patterns for the language, when it has
    /// its own (`templates/hyphenation/<lang>.bincode`).
    pub patterns: Option<Vec<u8>>,
    /// Why the text is set without hyphens, when it is.
    pub no_hyphens: Option<Finding>,
}

/// The languages a rule-sheet layout has texts for: the `.md` files in its
/// text folder, the default language first.
pub fn languages(source: &Source, world: &dyn World) -> Vec<String> {
    i18n::folder_languages(world, texts(source).as_deref())
}

/// The folder `text` names, relative to the layout; `None` when the layout
/// cannot be read.
pub fn texts(source: &Source) -> Option<PathBuf> {
    let raw = source.read_layout::<Raw>().0?;
    Some(source.path.parent().unwrap_or(Path::new("")).join(&raw.text))
}

/// Reads a layout the sheet's diagrams are drawn from: one that has some.
fn load_source(r: &mut Resolver<'_>, key: &str, name: &str) -> Option<Arc<dyn Resolved>> {
    let loaded = r.reference(key, name)?;
    if loaded.layout.as_diagrams().is_none_or(|d| d.diagram_names().is_empty()) {
        r.bad(
            key,
            Code::LayoutBoard,
            format!(
                "{} is a \"{}\" layout, which has no diagrams for rule sheets",
                name, loaded.kind
            ),
            "name the game's board layout",
        );
        return None;
    }
    Some(loaded.layout)
}

/// Every figure says what it shows in one sentence under it: a reader who
/// looks at the picture first must not have to find the paragraph that
/// explains it. A figure without a caption, or with more than one sentence,
/// is an error at its line.
fn captions(blocks: &[Located], file: &Path) -> Vec<Finding> {
    let mut out = Vec::new();
    for b in blocks {
        let Block::Diagram { name, caption } = &b.block else {
            continue;
        };
        let text = crate::markdown::plain(caption);
        let text = text.trim();
        let problem = if text.is_empty() {
            format!("the figure \"{name}\" has no caption")
        } else if sentence_ends(text) != 1 || !ends_a_sentence(text) {
            format!("the caption of the figure \"{name}\" is not one sentence: \"{text}\"")
        } else {
            continue;
        };
        out.push(
            Finding::error(Code::RulesCaption, problem, Location::at_line(file, b.line, None)).with_hint(format!(
                "write one sentence that says what the figure shows after a bar: {{{{diagram: {name} | ...}}}}"
            )),
        );
    }
    out
}

/// Whether `text` ends as a sentence does: a full stop, a question or an
/// exclamation mark, perhaps inside closing quotes or brackets.
fn ends_a_sentence(text: &str) -> bool {
    text.trim_end_matches(['»', '”', '"', '’', ')'])
        .ends_with(['.', '!', '?'])
}

/// How many sentences end in `text`: a full stop, question or exclamation
/// mark at the end, or followed by a space and a capital (a decimal point or
/// an abbreviation inside a word does not count).
fn sentence_ends(text: &str) -> usize {
    let chars: Vec<char> = text.chars().collect();
    let inner = chars
        .windows(3)
        .filter(|w| matches!(w[0], '.' | '!' | '?') && w[1] == ' ' && w[2].is_uppercase())
        .count();
    inner + usize::from(ends_a_sentence(text))
}

/// Reads and validates a `rule-sheet` layout in the language `overrides` asks
/// for (Spanish by default).
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<RuleSheet, Vec<Finding>> {
    let (source, cx) = (r.source, r.cx);
    let overrides = cx.overrides;
    let page = r.page(&raw.page);
    let dir = source.path.parent().unwrap_or(Path::new(""));
    let lang = overrides.lang().to_string();
    let file = dir.join(&raw.text).join(format!("{lang}.md"));
    let Sheet { columns, size, colour } = raw.sheet.resolve(&mut r);
    if columns > 2 {
        r.bad(
            Sheet::KEY.columns,
            Code::LayoutValue,
            format!("{columns} columns are too narrow for rules"),
            "use 1 or 2",
        );
    }
    let board = load_source(&mut r, "board", &raw.board);
    let roles = raw.roles.as_ref().and_then(|p| load_source(&mut r, "roles", p));
    let text = crate::components::game_texts::read(&mut r, &file, &lang, "these rules")?;
    let blocks = match crate::markdown::parse(&text) {
        Ok(b) => b,
        Err(e) => {
            let mut f = std::mem::take(&mut r.findings);
            f.push(
                Finding::error(e.code, e.message, Location::at_line(&file, e.line, e.column))
                    .with_hint(e.hint.unwrap_or_else(|| crate::markdown::SUBSET.to_string())),
            );
            return Err(f);
        }
    };
    r.findings.extend(captions(&blocks, &file));
    if let Some(board) = &board {
        let names = board.as_diagrams().map_or(&[][..], |d| d.diagram_names());
        for b in &blocks {
            if let Block::Diagram { name, .. } = &b.block
                && !names.contains(&name.as_str())
            {
                r.findings.push(
                    Finding::error(
                        Code::RulesDiagram,
                        format!("there is no diagram \"{name}\" for this game"),
                        Location::at_line(&file, b.line, None),
                    )
                    .with_hint(format!("this game's diagrams are: {}", names.join(", "))),
                );
            }
        }
        // A diagram drawn by a companion layout needs the sheet to name it.
        let mut needed: Vec<(&str, &str)> = blocks
            .iter()
            .filter_map(|b| match &b.block {
                Block::Diagram { name, .. } => board
                    .as_diagrams()
                    .and_then(|d| d.diagram_companion(name))
                    .map(|key| (name.as_str(), key)),
                _ => None,
            })
            .collect();
        needed.dedup();
        for (name, key) in needed {
            // A `roles` that is there but could not be loaded (a loop, a
            // missing file) has its own finding: asking to add it is wrong.
            if raw.roles.is_none() {
                r.bad(
                    key,
                    Code::LayoutMissingKey,
                    format!("the {name} diagram needs the layout `{key}` names"),
                    format!("add {key} = \"...\" naming it, relative to this file"),
                );
            }
        }
    }
    if !matches!(blocks.first().map(|b| &b.block), Some(Block::Title(_))) {
        r.findings.push(
            Finding::error(
                Code::RulesMarkdown,
                "the sheet does not start with a `# title`",
                Location::file(&file),
            )
            .with_hint("put the rules' title on the first line"),
        );
    }
    let Some(board) = board else { return Err(r.findings) };
    let (patterns, no_hyphens) = crate::text::typeset::hyphenation(cx.world, &source.path, &lang, &file);
    let fonts = r.cx.fonts;
    r.finish(RuleSheet {
        fonts,
        page,
        lang,
        columns,
        size,
        colour,
        blocks,
        file,
        text,
        sources: Box::new(Sources { board, roles }),
        patterns,
        no_hyphens,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "A rule sheet: one Markdown file per language in the folder `text` names, typeset in columns with diagrams drawn from the game's own board.",
    )
    .required("text", "The folder of the rule texts, one <lang>.md per language, relative to this file.", "rules")
    .required("board", "The board layout the rules' diagrams are drawn from, relative to this file.", "board.toml");
    let raw: Raw = s.defaults()?;
    Ok(s.key(
        "roles",
        "The role-card layout, relative to this file, when the setup figure letters each role as the role card does.",
        crate::layout::scaffold::Shown::Unset,
    )
    .section(&raw.page)
    .section(&raw.sheet))
}
