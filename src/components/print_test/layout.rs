//! The print test sheet (`kind = "print-test"`): numbered test cards imposed
//! N-up with bleed, crop marks and duplex backs, to try a printer and a paper
//! before printing a whole deck.

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
    items: RawItems,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    style: RawStyle,
    #[serde(default)]
    text: RawText,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawItems {
    count: i64,
    size: [f64; 2],
}

impl Default for RawItems {
    fn default() -> Self {
        RawItems {
            count: 8,
            size: [63.0, 88.0],
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawStyle {
    front_colour: String,
    back_colour: String,
    text_colour: String,
    back_text_colour: String,
}

impl Default for RawStyle {
    fn default() -> Self {
        RawStyle {
            front_colour: "#e8f1fb".into(),
            back_colour: "#2f5d8a".into(),
            text_colour: "#1b2a41".into(),
            back_text_colour: "#ffffff".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawText {
    front: String,
    back: String,
}

impl Default for RawText {
    fn default() -> Self {
        RawText {
            front: "Frente {n}".into(),
            back: "Reverso {n}".into(),
        }
    }
}

/// A resolved print test sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintTest {
    /// Paper and margin.
    pub page: PageSpec,
    /// How many test items.
    pub count: u32,
    /// Their trim size.
    pub size: Size,
    /// Imposition, bleed, marks, duplex.
    pub print: NupOptions,
    /// Front fill.
    pub front_colour: Color,
    /// Back fill.
    pub back_colour: Color,
    /// Text on fronts.
    pub text_colour: Color,
    /// Text on backs.
    pub back_text_colour: Color,
    /// Front label, `{n}` is the item's number.
    pub front: String,
    /// Back label.
    pub back: String,
}

/// Reads and validates a `print-test` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<PrintTest, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let count = r.count_at_least("items.count", raw.items.count, 1, "how many test items to print");
    let size_hint = "[width, height] in mm; poker cards are [63, 88]";
    let w = r.length_above("items.size[0]", raw.items.size[0], 0.0, size_hint);
    let h = r.length_above("items.size[1]", raw.items.size[1], 0.0, size_hint);
    let print = raw.print.options(&mut r, &page);
    let s = &raw.style;
    let front = r.text("text.front", &raw.text.front);
    let back = r.text("text.back", &raw.text.back);
    let test = PrintTest {
        page,
        count,
        size: Size { w: Mm(w), h: Mm(h) },
        print,
        front_colour: r.colour("style.front_colour", &s.front_colour),
        back_colour: r.colour("style.back_colour", &s.back_colour),
        text_colour: r.colour("style.text_colour", &s.text_colour),
        back_text_colour: r.colour("style.back_text_colour", &s.back_text_colour),
        front,
        back,
    };
    r.finish(test)
}
