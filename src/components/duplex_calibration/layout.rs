//! The duplex calibration sheet (`kind = "duplex-calibration"`): a front and a
//! back page with crosses, to measure how far a printer shifts its backs.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::code::Code;
use crate::color::Color;
use crate::diag::Finding;
use crate::layout::page::RawPage;
use crate::layout::print::{Print, RawPrint};
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Label, LabelList};
use crate::print::PageSpec;
use crate::print::{Duplex, Flip};
use crate::section;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    text: RawText,
}

section! {
    /// The words and their ink.
    pub struct Text / RawText / TextKeys in "text" {
        /// The title.
        title: Label = "@calibration.title",
        /// Numbered steps.
        steps: LabelList = &[
            "@calibration.step1",
            "@calibration.step2",
            "@calibration.step3",
            "@calibration.step4",
        ],
        /// Ink.
        colour: Colour = "#1b2a41",
    }
}

/// A resolved calibration sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Paper and margin.
    pub page: PageSpec,
    /// The flip and the offset already applied.
    pub duplex: Duplex,
    /// The title.
    pub title: String,
    /// Numbered steps.
    pub steps: Vec<String>,
    /// Ink.
    pub colour: Color,
}

/// Reads and validates a `duplex-calibration` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<Calibration, Vec<Finding>> {
    let page = r.page(&raw.page);
    let print = raw.print.options(&mut r, &page);
    let duplex = print.duplex.unwrap_or(Duplex {
        flip: Flip::LongEdge,
        offset: Default::default(),
    });
    if print.duplex.is_none() && r.valid(&[Print::KEY.duplex]) {
        r.bad(
            Print::KEY.duplex,
            Code::LayoutValue,
            "a calibration sheet needs a duplex flip".into(),
            "use \"long-edge\" or \"short-edge\"",
        );
    }
    let text = raw.text.resolve(&mut r);
    r.finish(Calibration {
        page,
        duplex,
        title: text.title,
        steps: text.steps,
        colour: text.colour,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "The duplex calibration sheet: print it two-sided and read how far the printer shifts the backs; write what it shows in the [print] back_offset of the layouts with backs.",
    );
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page).section(&raw.print).section(&raw.text))
}
