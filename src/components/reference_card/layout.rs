//! Quick-reference cards (`kind = "reference-card"`): one Markdown file per
//! language under the folder `text` names, its front and back separated by
//! a line `---`, each face opening with its `# title`.
//!
//! A face takes the rule sheets' Markdown without figures or boxes (a card
//! is the box): `# title`, `## heading`, paragraphs, `-` and `1.` lists,
//! **bold** and *italic*.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::Fonts;
use crate::geom::Size;
use crate::i18n;
use crate::input::source::Source;
use crate::input::world::World;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Count, Length, Pair, TextSize, Word};
use crate::markdown::{Block, Located};
use crate::print::{NupOptions, PageSpec};
use crate::section;

/// The line that ends the front and starts the back.
pub const FACE_BREAK: &str = "---";

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// The folder of the cards' words, relative to this file: a Markdown
    /// file per language (`en.md`), front and back parted by a line `---`.
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    text: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    card: RawCard,
}

section! {
    /// The cards, validated.
    pub struct Card / RawCard / CardKeys in "card" {
        /// Trim size, width and height.
        size: Pair<Length> = [105.0, 148.0] => "[width, height] in mm; half A5 is [105, 148]",
        /// Copies of the card: one for each player.
        copies: Count<1, 50> = 2 => "how many copies of the card to print",
        /// Body text size in points.
        size_pt: TextSize = 8.5,
        /// Ink.
        ink: Colour = "#1b2a41",
        /// The title band and the headings.
        accent: Colour = "#2e7d32",
    }
}

/// One face of the card: its blocks, in order.
#[derive(Clone, Debug)]
pub struct Face {
    /// The blocks, each with its line in the file.
    pub blocks: Vec<Located>,
}

/// A resolved reference card in one language.
#[derive(Clone, Debug)]
pub struct ReferenceCard {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition, bleed, marks, duplex.
    pub print: NupOptions,
    /// The language code (the Markdown file's name).
    pub lang: String,
    /// Trim size.
    pub size: Size,
    /// Copies of the card.
    pub copies: u32,
    /// Body text size in points.
    pub size_pt: f64,
    /// Ink.
    pub ink: Color,
    /// Title band and headings.
    pub accent: Color,
    /// Front and back.
    pub faces: [Face; 2],
    /// The Markdown file.
    pub file: PathBuf,
    /// The file's text as printed: the game's numbers filled in.
    pub text: String,
    /// The project's hyphenation patterns for the language, when it has
    /// its own (`templates/hyphenation/<lang>.bincode`).
    pub patterns: Option<Vec<u8>>,
    /// Why the text is set without hyphens, when it is.
    pub no_hyphens: Option<Finding>,
}

/// The languages a reference-card layout has texts for: the `.md` files in
/// its text folder, the default language first.
pub fn languages(source: &Source, world: &dyn World) -> Vec<String> {
    i18n::folder_languages(world, texts(source).as_deref())
}

/// The folder `text` names, relative to the layout; `None` when the layout
/// cannot be read.
pub fn texts(source: &Source) -> Option<PathBuf> {
    let raw = source.read_layout::<Raw>().0?;
    Some(source.path.parent().unwrap_or(Path::new("")).join(&raw.text))
}

/// A finding at a line of the Markdown file.
fn at_line(file: &Path, line: usize, code: Code, message: String, hint: &str) -> Finding {
    Finding::error(code, message, Location::at_line(file, line, None)).with_hint(hint)
}

/// The two faces of a card's text, each parsed with its lines numbered as in
/// the file; findings for a text that is not two faces of the subset.
fn faces(text: &str, file: &Path) -> Result<[Face; 2], Vec<Finding>> {
    let lines: Vec<&str> = text.lines().collect();
    let breaks: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim() == FACE_BREAK).collect();
    if breaks.len() != 1 {
        let line = breaks.get(1).map_or(lines.len().max(1), |i| i + 1);
        return Err(vec![at_line(
            file,
            line,
            Code::RulesMarkdown,
            format!(
                "a card has two faces, front and back: this text has {} lines `---`",
                breaks.len()
            ),
            "write the front, a line `---`, then the back",
        )]);
    }
    let split = breaks[0];
    // The back keeps the file's line numbers: the front's lines are blanked.
    let front = lines[..split].join("\n");
    let back = format!("{}{}", "\n".repeat(split + 1), lines[split + 1..].join("\n"));
    let mut out = Vec::new();
    let mut findings = Vec::new();
    for (part, first_line) in [(front, 1), (back, split + 2)] {
        let blocks = match crate::markdown::parse(&part) {
            Ok(b) => b,
            Err(e) => {
                findings.push(
                    Finding::error(e.code, e.message, Location::at_line(file, e.line, e.column)).with_hint(
                        e.hint.unwrap_or_else(|| {
                            "a card face uses # title, ## headings, paragraphs, - and 1. lists, **bold** and *italic*"
                                .to_string()
                        }),
                    ),
                );
                continue;
            }
        };
        for b in &blocks {
            if matches!(b.block, Block::Diagram { .. } | Block::Aside(_)) {
                findings.push(at_line(
                    file,
                    b.line,
                    Code::RulesMarkdown,
                    "a reference card has no figures or boxes".to_string(),
                    "write it as a heading and a list: the card is the box",
                ));
            }
        }
        if !matches!(blocks.first().map(|b| &b.block), Some(Block::Title(_))) {
            findings.push(at_line(
                file,
                first_line,
                Code::RulesMarkdown,
                "a card face does not start with a `# title`".to_string(),
                "open each face, front and back, with its title",
            ));
        }
        out.push(Face { blocks });
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    let back = out.pop().expect("two faces");
    let front = out.pop().expect("two faces");
    Ok([front, back])
}

/// Reads and validates a `reference-card` layout in the language
/// `overrides` asks for (Spanish by default).
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<ReferenceCard, Vec<Finding>> {
    let (source, cx) = (r.source, r.cx);
    let page = r.page(&raw.page);
    let print = raw.print.options(&mut r, &page);
    let card = raw.card.resolve(&mut r);
    let lang = cx.overrides.lang().to_string();
    let file = source
        .path
        .parent()
        .unwrap_or(Path::new(""))
        .join(&raw.text)
        .join(format!("{lang}.md"));
    let text = crate::components::game_texts::read(&mut r, &file, &lang, "this card")?;
    let faces = match faces(&text, &file) {
        Ok(f) => f,
        Err(found) => {
            let mut f = std::mem::take(&mut r.findings);
            f.extend(found);
            return Err(f);
        }
    };
    let (w, h) = card.size;
    let (patterns, no_hyphens) = crate::text::typeset::hyphenation(cx.world, &source.path, &lang, &file);
    let fonts = r.cx.fonts;
    r.finish(ReferenceCard {
        fonts,
        page,
        print,
        lang,
        size: Size { w, h },
        copies: card.copies,
        size_pt: card.size_pt,
        ink: card.ink,
        accent: card.accent,
        faces,
        file,
        text,
        patterns,
        no_hyphens,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "Quick-reference cards: one Markdown file per language in the folder `text` names, the front and the back separated by a line `---`.",
    )
    .required("text", "The folder of the card texts, one <lang>.md per language, relative to this file.", "reference");
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page).section(&raw.print).section(&raw.card))
}
