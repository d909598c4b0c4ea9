//! The duplex calibration sheet (`kind = "duplex-calibration"`): a front and a
//! back page with crosses, to measure how far a printer shifts its backs.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::Orientation;
use crate::layout::page::RawPage;
use crate::layout::print::{Print, RawPrint};
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Label, LabelList};
use crate::print::{Duplex, Flip, OrientationChoice, PageSpec};
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
        /// The line under the title: which sheets the reading is for and the
        /// edge to flip on; `{orientation}` and `{edge}` are filled in (as in
        /// the steps, with `{key}`, the reading's TOML key).
        sheet: Label = "@calibration.sheet",
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
    /// The way the sheet turns: the way the sheets it calibrates print
    /// (portrait when the layout leaves it to fit).
    pub orientation: Orientation,
    /// The flip and the offset already applied.
    pub duplex: Duplex,
    /// The title.
    pub title: String,
    /// The line that says which sheets it measures and how to flip it.
    pub sheet: String,
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
    // A printer's shift is read in the frame of pages of the same
    // orientation, so the sheet says which reading it gives, and the edge
    // it was built to turn on: turned on the other, its crosses land
    // centimetres off.
    let orientation = match page.orientation {
        OrientationChoice::Fixed(o) => o,
        OrientationChoice::Auto => Orientation::Portrait,
    };
    let (words, key) = match orientation {
        Orientation::Portrait => ("@calibration.portrait", "portrait"),
        Orientation::Landscape => ("@calibration.landscape", "landscape"),
    };
    let orientation_words = r.text(Text::KEY.sheet, words);
    let edge = match duplex.flip {
        Flip::LongEdge => "@calibration.long_edge",
        Flip::ShortEdge => "@calibration.short_edge",
    };
    let edge = r.text(Text::KEY.sheet, edge);
    let filled = |s: &str| {
        s.replace("{orientation}", &orientation_words)
            .replace("{edge}", &edge)
            .replace("{key}", key)
    };
    r.finish(Calibration {
        page,
        orientation,
        duplex,
        title: text.title,
        sheet: filled(&text.sheet),
        steps: text.steps.iter().map(|s| filled(s)).collect(),
        colour: text.colour,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "The duplex calibration sheet: print it two-sided and read how far the printer shifts the backs of sheets of its orientation; write what it shows in pitchprint.toml's [print] back_offset, as that orientation's reading.",
    );
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page).section(&raw.print).section(&raw.text))
}
