//! Auction bid slips for the league game (`kind = "bid-slips"`).

use schemars::JsonSchema;
use serde::Deserialize;

use crate::code::Code;
use crate::diag::Finding;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::layout::values::{Colour, Count, ItemSize, Label, LabelList};
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::section;

#[derive(Clone, Debug, Deserialize, JsonSchema)]
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

/// The JSON Schema of a layout of this kind, named `kind`, for editors.
pub fn schema(kind: &str) -> serde_json::Value {
    // Its [print] defaults are its own, not the table's.
    crate::layout::schema::with_defaults(crate::layout::schema::layout::<RawSlips>(kind), "print", &RawPrint::plain())
}

section! {
    /// One slip, validated.
    pub struct Slip / RawSlip / SlipKeys in "slip" {
        /// How many slips.
        count: Count<1, 200> = 16 => "how many slips",
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
            Code::LayoutValue,
            "a slip needs lines to fill in".into(),
            "list them, such as [\"Entrenador\", \"Jugador\", \"Puja\"]",
        );
    }
    r.finish(Slips { page, print, slip })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<RawSlips>(
        kind,
        "Bid slips for the league's market: small sheets a coach writes a secret bid on.",
    );
    let raw: RawSlips = s.defaults()?;
    Ok(s
        .section(&raw.page)
        .section(&raw.print)
        .section(&raw.slip))
}
