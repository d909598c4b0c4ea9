//! Auction bid slips for the league game (`kind = "bid-slips"`).

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::section::Value;
use crate::layout::source::Source;
use crate::layout::values::{Colour, Count, Label};
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::section;

/// Several labels written as a list (`["@slips.coach", "Puja"]`), each one a
/// [`Label`] blamed on its own place, `key[i]`. Shared with the league table's
/// column headings.
pub struct LabelList;

impl Value for LabelList {
    type Raw = Vec<String>;
    type Default = &'static [&'static str];
    type Out = Vec<String>;
    fn raw_default(default: &'static [&'static str]) -> Vec<String> {
        default.iter().map(|s| s.to_string()).collect()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<String>, hint: &str) -> Vec<String> {
        raw.iter()
            .enumerate()
            .map(|(i, words)| Label::resolve(r, &format!("{key}[{i}]"), words, hint))
            .collect()
    }
}

/// The smallest paper item that can be cut out and handled, in mm.
const MIN_ITEM: (f64, f64) = (20.0, 15.0);

/// The size of a paper item cut from the sheet (a slip, a banknote), written
/// `[width, height]` in mm: at least 20 x 15 mm, each side blamed on its own
/// place. Shared with the banknotes.
pub struct ItemSize;

impl Value for ItemSize {
    type Raw = [f64; 2];
    type Default = [f64; 2];
    type Out = Size;
    fn raw_default(default: [f64; 2]) -> [f64; 2] {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &[f64; 2], hint: &str) -> Size {
        Size::new(
            r.length_above(&format!("{key}[0]"), raw[0], MIN_ITEM.0, hint),
            r.length_above(&format!("{key}[1]"), raw[1], MIN_ITEM.1, hint),
        )
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlips {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default = "RawPrint::plain")]
    print: RawPrint,
    #[serde(default)]
    slip: RawSlip,
}

section! {
    /// One slip, validated.
    pub struct Slip / RawSlip / SlipKeys in "slip" {
        /// How many slips.
        count: Count<1> = 16 => "how many slips",
        /// A slip's width and height.
        size: ItemSize = [90.0, 50.0] => "[width, height] in mm",
        /// The slip's heading.
        title: Label = "@slips.title",
        /// The lines to fill in, in order.
        fields: LabelList = &["@slips.coach", "@slips.player", "@slips.bid"],
        /// Printed after the last line (the bid's unit).
        unit: Label = "@slips.unit",
        /// Text and lines.
        ink: Colour = "#1b2a41",
        /// The heading band.
        accent: Colour = "#c0392b",
    }
}

/// Resolved bid slips.
#[derive(Clone, Debug, PartialEq)]
pub struct Slips {
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// The slip.
    pub slip: Slip,
}

/// The smallest line height a hand writes on comfortably.
pub const MIN_WRITING_LINE: Mm = Mm(7.0);

/// Reads and validates a `bid-slips` layout.
pub fn resolve_slips(source: &Source, cx: &Context<'_>) -> Result<Slips, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: RawSlips = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let print = raw.print.options(&mut r, &page);
    let slip = raw.slip.resolve(&mut r);
    if slip.fields.is_empty() {
        r.bad(
            Slip::KEY.fields,
            "layout-value",
            "a slip needs lines to fill in".into(),
            "list them, such as [\"Entrenador\", \"Jugador\", \"Puja\"]",
        );
    }
    r.finish(Slips { page, print, slip })
}
