//! Auction bid slips for the league game (`kind = "bid-slips"`).

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
struct RawSlips {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default = "slip_print")]
    print: RawPrint,
    #[serde(default)]
    slip: RawSlip,
}

fn slip_print() -> RawPrint {
    RawPrint::plain()
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawSlip {
    count: i64,
    size: [f64; 2],
    title: String,
    fields: Vec<String>,
    unit: String,
    ink: String,
    accent: String,
}

impl Default for RawSlip {
    fn default() -> Self {
        RawSlip {
            count: 16,
            size: [90.0, 50.0],
            title: "Puja secreta".into(),
            fields: vec!["Entrenador".into(), "Jugador".into(), "Puja".into()],
            unit: "M".into(),
            ink: "#1b2a41".into(),
            accent: "#c0392b".into(),
        }
    }
}

/// Resolved bid slips.
#[derive(Clone, Debug, PartialEq)]
pub struct Slips {
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// How many slips.
    pub count: u32,
    /// A slip's size.
    pub size: Size,
    /// The slip's heading.
    pub title: String,
    /// The lines to fill in, in order.
    pub fields: Vec<String>,
    /// Printed after the last line (the bid's unit).
    pub unit: String,
    /// Text and lines.
    pub ink: Color,
    /// The heading band.
    pub accent: Color,
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
    let s = &raw.slip;
    let hint = "[width, height] in mm";
    let size = Size::new(
        r.length_above("slip.size[0]", s.size[0], 20.0, hint),
        r.length_above("slip.size[1]", s.size[1], 15.0, hint),
    );
    if s.fields.is_empty() {
        r.bad(
            "slip.fields",
            "layout-value",
            "a slip needs lines to fill in".into(),
            "list them, such as [\"Entrenador\", \"Jugador\", \"Puja\"]",
        );
    }
    let slips = Slips {
        page,
        print,
        count: r.count_at_least("slip.count", s.count, 1, "how many slips"),
        size,
        title: r.text("slip.title", &s.title),
        fields: s.fields.iter().map(|f| r.text("slip.fields", f)).collect(),
        unit: r.text("slip.unit", &s.unit),
        ink: r.colour("slip.ink", &s.ink),
        accent: r.colour("slip.accent", &s.accent),
    };
    r.finish(slips)
}
