//! The print test sheet (`kind = "print-test"`): numbered test cards imposed
//! N-up with bleed, crop marks and duplex backs, to try a printer and a paper
//! before printing a whole deck.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::diag::Finding;
use crate::geom::Size;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Count, Label, Length, Pair};
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::section;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
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

section! {
    /// The test items, validated.
    pub struct Items / RawItems / ItemsKeys in "items" {
        /// How many test items.
        count: Count<1, 100> = 8 => "how many test items to print",
        /// Their trim size, width and height.
        size: Pair<Length> = [63.0, 88.0] => "[width, height] in mm; poker cards are [63, 88]",
    }
}

section! {
    /// The items' colours, validated.
    pub struct Style / RawStyle / StyleKeys in "style" {
        /// Front fill.
        front_colour: Colour = "#e8f1fb",
        /// Back fill.
        back_colour: Colour = "#2f5d8a",
        /// Text on fronts.
        text_colour: Colour = "#1b2a41",
        /// Text on backs.
        back_text_colour: Colour = "#ffffff",
    }
}

section! {
    /// The items' captions.
    pub struct Text / RawText / TextKeys in "text" {
        /// Front label, `{n}` is the item's number.
        front: Label = "@test_sheet.front",
        /// Back label.
        back: Label = "@test_sheet.back",
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
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<PrintTest, Vec<Finding>> {
    let page = r.page(&raw.page);
    let items = raw.items.resolve(&mut r);
    let print = raw.print.options(&mut r, &page);
    let text = raw.text.resolve(&mut r);
    let style = raw.style.resolve(&mut r);
    let (w, h) = items.size;
    r.finish(PrintTest {
        page,
        count: items.count,
        size: Size { w, h },
        print,
        front_colour: style.front_colour,
        back_colour: style.back_colour,
        text_colour: style.text_colour,
        back_text_colour: style.back_text_colour,
        front: text.front,
        back: text.back,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "A test sheet: print it first to check the scale, the colours and the smallest text the printer holds.",
    );
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page)
        .section(&raw.items)
        .section(&raw.print)
        .section(&raw.style)
        .section(&raw.text))
}
