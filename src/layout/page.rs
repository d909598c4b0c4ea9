//! The `[page]` table every layout shares: paper, orientation, printer-safe margin.

use crate::geom::{Orientation, PaperSize};
use crate::layout::resolve::Resolver;
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

impl Resolver<'_> {
    /// The sheet a layout prints on: its `[page]` validated, with the paper
    /// and margin of the printer profile where the layout sets none, and
    /// `--paper` over both. The one place the command line's paper is
    /// applied; the paper asked for is kept beside it ([`PageSpec::written`]).
    pub fn page(&mut self, raw: &RawPage) -> PageSpec {
        let mut raw = raw.clone();
        self.lent(Page::KEY.paper, &mut raw.paper);
        self.lent(Page::KEY.margin, &mut raw.margin);
        let page = raw.resolve(self);
        PageSpec {
            paper: self.cx.overrides.paper.unwrap_or(page.paper),
            written: page.paper,
            orientation: page.orientation,
            margin: page.margin,
        }
    }
}
