//! The `[page]` table every layout shares: paper, orientation, printer-safe margin.

use serde::Deserialize;

use crate::geom::{Mm, Orientation, PaperSize};
use crate::layout::resolve::{Overrides, Resolver};
use crate::print::{OrientationChoice, PageSpec};

/// `[page]` as written in a layout.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPage {
    /// `a4`, `a3` or `letter`.
    #[serde(default = "default_paper")]
    pub paper: String,
    /// `portrait`, `landscape` or `auto`.
    #[serde(default = "default_orientation")]
    pub orientation: String,
    /// The printer-safe margin in millimetres.
    #[serde(default = "default_margin")]
    pub margin: f64,
}

fn default_paper() -> String {
    "a4".into()
}
fn default_orientation() -> String {
    "auto".into()
}
fn default_margin() -> f64 {
    // Most home inkjets and lasers cannot print the outer 3-5 mm of a sheet.
    5.0
}

impl Default for RawPage {
    fn default() -> Self {
        RawPage {
            paper: default_paper(),
            orientation: default_orientation(),
            margin: default_margin(),
        }
    }
}

impl RawPage {
    /// Validates the table; `--paper` wins over the layout's paper.
    pub fn resolve(&self, r: &mut Resolver<'_>, overrides: &Overrides) -> PageSpec {
        let paper = overrides.paper.unwrap_or_else(|| {
            PaperSize::parse(&self.paper).unwrap_or_else(|| {
                r.bad(
                    "page.paper",
                    "layout-value",
                    format!("unknown paper \"{}\"", self.paper),
                    "use \"a4\", \"letter\" or \"a3\"",
                );
                PaperSize::A4
            })
        });
        let orientation = match self.orientation.to_ascii_lowercase().as_str() {
            "portrait" => OrientationChoice::Fixed(Orientation::Portrait),
            "landscape" => OrientationChoice::Fixed(Orientation::Landscape),
            "auto" => OrientationChoice::Auto,
            other => {
                r.bad(
                    "page.orientation",
                    "layout-value",
                    format!("unknown orientation \"{other}\""),
                    "use \"portrait\", \"landscape\" or \"auto\" (portrait when the content fits)",
                );
                OrientationChoice::Auto
            }
        };
        let margin = r.length_non_negative(
            "page.margin",
            self.margin,
            "the printer-safe margin is usually 5 mm; 0 only for a print shop",
        );
        PageSpec {
            paper,
            orientation,
            margin: Mm(margin),
        }
    }
}
