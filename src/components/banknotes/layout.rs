//! Play money for the league game's transfer market (`kind = "banknotes"`,
//! GAMES.md game C): denominations, colours and counts are data; every note
//! gets its own serial number, the same on every run.

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    note: RawNote,
    #[serde(default)]
    denomination: Vec<RawDenomination>,
    #[serde(default)]
    labels: RawLabels,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawNote {
    size: [f64; 2],
    serial_prefix: String,
    ink: String,
}

impl Default for RawNote {
    fn default() -> Self {
        RawNote {
            size: [100.0, 50.0],
            serial_prefix: "LG".into(),
            ink: "#1b2a41".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDenomination {
    value: i64,
    colour: String,
    count: i64,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawLabels {
    bank: String,
    currency: String,
    back: String,
}

impl Default for RawLabels {
    fn default() -> Self {
        RawLabels {
            bank: "Banco de la Liga".into(),
            currency: "M".into(),
            back: "Dinero de juego · sin valor legal".into(),
        }
    }
}

/// One denomination, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Denomination {
    /// Its value.
    pub value: u32,
    /// Its colour.
    pub colour: Color,
    /// How many notes to print.
    pub count: u32,
}

/// A resolved banknote run.
#[derive(Clone, Debug, PartialEq)]
pub struct Banknotes {
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
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<Banknotes, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let print = raw.print.options(&mut r, &page);
    let hint = "[width, height] in mm; 100 x 50 fits six notes with bleed on A4";
    let w = r.length_above("note.size[0]", raw.note.size[0], 20.0, hint);
    let h = r.length_above("note.size[1]", raw.note.size[1], 15.0, hint);
    if raw.note.serial_prefix.chars().any(|c| !c.is_ascii_alphanumeric()) || raw.note.serial_prefix.is_empty() {
        r.bad(
            "note.serial_prefix",
            "layout-value",
            format!("\"{}\" is not a serial prefix", raw.note.serial_prefix),
            "use a few letters or digits, such as \"LG\"",
        );
    }
    if raw.denomination.is_empty() {
        r.bad(
            "denomination",
            "layout-missing-key",
            "the layout has no denominations".into(),
            "add a [[denomination]] table for each value, with value, colour and count",
        );
    }
    let mut denominations: Vec<Denomination> = Vec::new();
    for (i, d) in raw.denomination.iter().enumerate() {
        let key = format!("denomination[{i}]");
        let value = r.count_at_least(&format!("{key}.value"), d.value, 1, "the note's value, a whole number");
        if denominations.iter().any(|x| x.value == value) {
            r.bad(
                &format!("{key}.value"),
                "layout-value",
                format!("the value {value} is listed twice"),
                "list each denomination once, with its count",
            );
        }
        denominations.push(Denomination {
            value,
            colour: r.colour(&format!("{key}.colour"), &d.colour),
            count: r.count_at_least(&format!("{key}.count"), d.count, 1, "how many notes of this value"),
        });
    }
    let ink = r.colour("note.ink", &raw.note.ink);
    let labels = (
        r.text("labels.bank", &raw.labels.bank),
        r.text("labels.currency", &raw.labels.currency),
        r.text("labels.back", &raw.labels.back),
    );
    r.finish(Banknotes {
        page,
        print,
        size: Size { w: Mm(w), h: Mm(h) },
        serial_prefix: raw.note.serial_prefix.clone(),
        ink,
        denominations,
        bank: labels.0,
        currency: labels.1,
        back: labels.2,
    })
}
