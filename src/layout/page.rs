//! The `[page]` table every layout shares: paper, orientation, printer-safe margin.

use crate::geom::{Orientation, PaperSize};
use crate::layout::resolve::{Overrides, Resolver};
use crate::layout::values::{Choice, LengthOrZero, Named};
use crate::print::{OrientationChoice, PageSpec};
use crate::section;

impl Named for PaperSize {
    const CHOICES: &'static [(&'static str, Self)] = &[
        (PaperSize::A4.name(), PaperSize::A4),
        (PaperSize::Letter.name(), PaperSize::Letter),
        (PaperSize::A3.name(), PaperSize::A3),
    ];
    const FALLBACK: Self = PaperSize::A4;
    const WHAT: &'static str = "paper";
    const NAMES: &'static str = "use \"a4\", \"letter\" or \"a3\"";
}

impl Named for OrientationChoice {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("portrait", OrientationChoice::Fixed(Orientation::Portrait)),
        ("landscape", OrientationChoice::Fixed(Orientation::Landscape)),
        ("auto", OrientationChoice::Auto),
    ];
    const FALLBACK: Self = OrientationChoice::Auto;
    const WHAT: &'static str = "orientation";
    const NAMES: &'static str = "use \"portrait\", \"landscape\" or \"auto\" (portrait when the content fits)";
}

section! {
    /// `[page]`, validated: the sheet a layout prints on.
    pub struct Page / RawPage / PageKeys in "page" {
        /// `a4`, `letter` or `a3`.
        paper: Choice<PaperSize> = "a4",
        /// `portrait`, `landscape` or `auto`.
        orientation: Choice<OrientationChoice> = "auto",
        /// The printer-safe margin: most home inkjets and lasers cannot print
        /// the outer 3-5 mm of a sheet.
        margin: LengthOrZero<50> = 5.0 => "the printer-safe margin is usually 5 mm; 0 only for a print shop",
    }
}

impl RawPage {
    /// Validates the table, with the paper and margin of the printer profile
    /// where the layout sets none; `--paper` wins over both.
    pub fn spec(&self, r: &mut Resolver<'_>, overrides: &Overrides) -> PageSpec {
        let mut raw = self.clone();
        r.lent(Page::KEY.paper, &mut raw.paper);
        r.lent(Page::KEY.margin, &mut raw.margin);
        let page = raw.resolve(r);
        PageSpec {
            paper: overrides.paper.unwrap_or(page.paper),
            orientation: page.orientation,
            margin: page.margin,
        }
    }
}
