//! Play money for the league game's transfer market (`kind = "banknotes"`,
//! docs/GAMES.md, "The league"): denominations, colours and counts are data;
//! every note gets its own serial number, the same on every run.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::geom::Size;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::Resolver;
use crate::layout::values::ItemSize;
use crate::layout::values::{Colour, Count, Label, Word, entries};
use crate::limits::{MAX_ENTRIES, MAX_NOTES};
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::section;

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    note: RawNote,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    denomination: Vec<RawDenomination>,
    #[serde(default)]
    labels: RawLabels,
}

/// The key of the `[[denomination]]` tables, written once: the file's root
/// is no section of its own, as `[print]` can only be resolved with the page.
const DENOMINATION: &str = "denomination";

section! {
    /// The note, validated.
    pub struct Note / RawNote / NoteKeys in "note" {
        /// The note's width and height.
        size: ItemSize = [100.0, 50.0] => "[width, height] in mm; 100 x 50 fits six notes with bleed on A4",
        /// Serial numbers start with this: letters and digits.
        serial_prefix: Word = "LG",
        /// Text and line colour.
        ink: Colour = "#1b2a41",
    }
}

section! {
    /// One denomination, resolved. A table that leaves a key out is
    /// reported: no value, colour or count is a sensible default.
    pub struct Denomination / RawDenomination / DenominationKeys in dynamic {
        /// Its value.
        value: Count<1, 1000> = 0 => "the note's value, a whole number",
        /// Its colour.
        colour: Colour = "",
        /// How many notes to print.
        count: Count<1, { MAX_NOTES as i64 }> = 0 => "how many notes of this value",
    }
}

section! {
    /// The words on the notes, validated.
    pub struct Labels / RawLabels / LabelsKeys in "labels" {
        /// The issuing bank's name.
        bank: Label = "@notes.bank",
        /// The currency's name, printed after the value: `"Peso|Pesos"`
        /// gives the singular to a note of 1 and the plural to the others.
        currency: Label = "@notes.currency",
        /// The back's line.
        back: Label = "@notes.back",
    }
}

/// A resolved banknote run.
#[derive(Clone, Debug, PartialEq)]
pub struct Banknotes {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// The note's size.
    pub size: Size,
    /// Serial numbers start with this.
    pub serial_prefix: String,
    /// Text and line colour.
    pub ink: Color,
    /// The denominations, in the layout's order.
    pub denominations: Vec<Denomination>,
    /// The issuing bank's name.
    pub bank: String,
    /// The currency's name.
    pub currency: String,
    /// The back's line.
    pub back: String,
}

impl Banknotes {
    /// The serial number of the `k`-th note (0-based) of a denomination: the
    /// prefix, the value and the note's place, so no two notes of a print run
    /// share one and every run prints the same.
    pub fn serial(&self, value: u32, k: u32) -> String {
        format!("{}-{value:04}-{:05}", self.serial_prefix, k + 1)
    }
}

/// Reads and validates a `banknotes` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<Banknotes, Vec<Finding>> {
    let page = r.page(&raw.page);
    let print = raw.print.options(&mut r, &page);
    let note = raw.note.resolve(&mut r);
    if note.serial_prefix.chars().any(|c| !c.is_ascii_alphanumeric()) || note.serial_prefix.is_empty() {
        r.bad(
            Note::KEY.serial_prefix,
            Code::LayoutValue,
            format!("\"{}\" is not a serial prefix", note.serial_prefix),
            "use a few letters or digits, such as \"LG\"",
        );
    }
    if raw.denomination.is_empty() {
        r.bad(
            DENOMINATION,
            Code::LayoutMissingKey,
            "the layout has no denominations".into(),
            "add a [[denomination]] table for each value, with value, colour and count",
        );
    }
    let mut denominations: Vec<Denomination> = Vec::new();
    for (i, d) in entries(&mut r, DENOMINATION, &raw.denomination).iter().enumerate() {
        let key = format!("{DENOMINATION}[{i}]");
        let denomination = d.resolve_at(&mut r, &key);
        let value = denomination.value;
        let value_key = format!("{key}.value");
        if r.valid(&[&value_key]) && denominations.iter().any(|x| x.value == value) {
            r.bad(
                &value_key,
                Code::LayoutValue,
                format!("the value {value} is listed twice"),
                "list each denomination once, with its count",
            );
        }
        denominations.push(denomination);
    }
    let total: u32 = denominations.iter().map(|d| d.count).sum();
    if total > MAX_NOTES {
        r.bad(
            DENOMINATION,
            Code::LayoutValue,
            format!("the denominations add up to {total} notes; a layout prints at most {MAX_NOTES}"),
            "print fewer notes of each value, or the bank in two layouts",
        );
    }
    let labels = raw.labels.resolve(&mut r);
    let fonts = r.cx.fonts;
    r.finish(Banknotes {
        fonts,
        page,
        print,
        size: note.size,
        serial_prefix: note.serial_prefix,
        ink: note.ink,
        denominations,
        bank: labels.bank,
        currency: labels.currency,
        back: labels.back,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it, and one denomination to start from.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    use crate::layout::scaffold::{Documented, Scaffold};
    let s = Scaffold::new::<Raw>(
        kind,
        "Play money: banknotes in denominations, imposed on the sheet with their backs.",
    );
    let raw: Raw = s.defaults()?;
    let example = RawDenomination {
        value: 10,
        colour: "#2e7d32".into(),
        count: 12,
    };
    Ok(s
        .section(&raw.page)
        .section(&raw.print)
        .section(&raw.note)
        .section(&raw.labels)
        .entry(
            DENOMINATION,
            "One [[denomination]] per value: copy the table for each. This one is an example: a value, colour or count has no sensible default.",
            example.scaffold_keys(),
        ))
}
