//! The words a kit adds in its language: the `[kit]` table of
//! `templates/i18n/<lang>.toml`, every key required.

use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::PaperSize;
use crate::i18n::I18n;
use crate::input::world::World;
use crate::print::Flip;

use super::order::Stock;

/// The table of the label files the words come from.
const TABLE: &str = "kit";

/// The `[kit]` words of one language.
#[derive(Clone, Debug)]
pub struct Words {
    /// What the kit is, for the PDF's title (`print-and-play kit`).
    pub name: String,
    /// The heading of the section the kit adds to its cover.
    pub heading: String,
    /// The section's first paragraph: `{pages}` and `{paper}`.
    pub intro: String,
    /// The paragraph after the runs.
    pub dialog: String,
    /// Plain paper, card.
    pub plain: String,
    /// Card.
    pub card: String,
    /// One-sided, and two-sided on either edge.
    pub one_sided: String,
    /// Two-sided, flipped on the long edge.
    pub long_edge: String,
    /// Two-sided, flipped on the short edge.
    pub short_edge: String,
    /// `page {page}` and `pages {pages}`, inside a sentence.
    pub page: String,
    /// `pages {pages}`.
    pub pages: String,
    /// The same at the head of a list item.
    pub lead_page: String,
    /// `Pages {pages}`.
    pub lead_pages: String,
    /// A part's own file after its pages: `({file})`.
    pub file: String,
    /// A layout printed on a shared sheet: `({file}, on the sheet of {sheet})`.
    pub within: String,
    /// The line on a page left blank on purpose.
    pub blank: String,
    /// `1 sheet`.
    pub sheet: String,
    /// `{n} sheets`.
    pub sheets: String,
    /// The note for a kit on another paper than its layouts': `{paper}`.
    pub other_paper: String,
    /// The paper's name.
    pub paper: String,
}

impl Words {
    /// The words for a kit of the game whose cover is `cover`, in `lang`,
    /// on `paper`: a key the labels lack is an error naming it and the file.
    pub fn load(world: &dyn World, cover: &Path, lang: &str, paper: PaperSize) -> Result<Words, Vec<Finding>> {
        let tables = I18n::for_layout(world, cover, lang).map_err(|f| vec![*f])?;
        let mut missing = Vec::new();
        let mut get = |key: &str| -> String {
            let full = format!("{TABLE}.{key}");
            match tables.get(&full) {
                Some(w) => w.to_string(),
                None => {
                    missing.push(
                        Finding::error(
                            Code::I18nMissing,
                            format!("the {lang} labels have no \"{full}\", which a kit prints"),
                            Location::file(&tables.file),
                        )
                        .with_hint(format!(
                            "add {key} = \"...\" under [{TABLE}], as the other languages have it"
                        )),
                    );
                    String::new()
                }
            }
        };
        let words = Words {
            name: get("name"),
            heading: get("heading"),
            intro: get("intro"),
            dialog: get("dialog"),
            plain: get("plain"),
            card: get("card"),
            one_sided: get("one_sided"),
            long_edge: get("long_edge"),
            short_edge: get("short_edge"),
            page: get("page"),
            pages: get("pages"),
            lead_page: get("lead_page"),
            lead_pages: get("lead_pages"),
            file: get("file"),
            within: get("within"),
            blank: get("blank"),
            sheet: get("sheet"),
            sheets: get("sheets"),
            other_paper: get("other_paper"),
            paper: get(&format!("paper_{}", paper.name())),
        };
        if missing.is_empty() { Ok(words) } else { Err(missing) }
    }

    /// "Card, two-sided, flipped on the long edge": what a run is printed
    /// on and how.
    pub fn setting(&self, stock: Stock, duplex: Option<Flip>) -> String {
        let stock = match stock {
            Stock::Plain => &self.plain,
            Stock::Card => &self.card,
        };
        let sides = match duplex {
            None => &self.one_sided,
            Some(Flip::LongEdge) => &self.long_edge,
            Some(Flip::ShortEdge) => &self.short_edge,
        };
        format!("{stock}, {sides}")
    }

    /// Pages as a print dialog takes them: `5–9`, `12`, joined by commas,
    /// after "page" or "pages" (`lead` at the head of a list item).
    pub fn pages_of(&self, ranges: &[std::ops::Range<usize>], lead: bool) -> String {
        let list = ranges.iter().map(range_text).collect::<Vec<_>>().join(", ");
        let one = ranges.len() == 1 && ranges[0].len() == 1;
        let (single, plural) = if lead {
            (&self.lead_page, &self.lead_pages)
        } else {
            (&self.page, &self.pages)
        };
        if one {
            single.replace("{page}", &list)
        } else {
            plural.replace("{pages}", &list)
        }
    }
}

impl Words {
    /// `1 sheet`, `27 sheets`.
    pub fn sheets_of(&self, n: usize) -> String {
        if n == 1 {
            self.sheet.clone()
        } else {
            self.sheets.replace("{n}", &n.to_string())
        }
    }
}

/// A range of 0-based page indices as people number pages: `5–9`, or `12`.
pub fn range_text(r: &std::ops::Range<usize>) -> String {
    if r.len() <= 1 {
        format!("{}", r.start + 1)
    } else {
        format!("{}\u{2013}{}", r.start + 1, r.end)
    }
}
