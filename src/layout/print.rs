//! The `[print]` table of layouts whose items are imposed N-up (cards,
//! counters, banknotes, test sheets): bleed, gutter, marks, duplex.

use serde::Deserialize;

use crate::geom::Mm;
use crate::layout::resolve::Resolver;
use crate::print::PageSpec;
use crate::print::{Duplex, Flip, Imposition, NupOptions};

/// `[print]` as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawPrint {
    bleed: f64,
    gutter: f64,
    crop_marks: bool,
    cut_lines: bool,
    duplex: String,
    back_offset: [f64; 2],
    imposition: String,
}

impl Default for RawPrint {
    fn default() -> Self {
        RawPrint {
            // 3 mm is what print shops ask for: enough to hide a slightly
            // misaligned cut.
            bleed: 3.0,
            gutter: 0.0,
            crop_marks: true,
            cut_lines: false,
            duplex: "long-edge".into(),
            back_offset: [0.0, 0.0],
            imposition: "sheet".into(),
        }
    }
}

impl RawPrint {
    /// The defaults for round counters: a thin bleed (a hand cut follows the
    /// cut guide, not crop marks), no crop marks, no backs unless asked.
    pub fn counters() -> RawPrint {
        RawPrint {
            bleed: 1.0,
            gutter: 1.0,
            crop_marks: false,
            duplex: "none".into(),
            ..RawPrint::default()
        }
    }

    /// The defaults for plain paper items (slips): no bleed, crop marks to cut
    /// along, no backs.
    pub fn plain() -> RawPrint {
        RawPrint {
            bleed: 0.0,
            gutter: 4.0,
            duplex: "none".into(),
            ..RawPrint::default()
        }
    }

    /// Validates the table against the page it prints on.
    pub fn resolve(&self, r: &mut Resolver<'_>, page: &PageSpec) -> NupOptions {
        let bleed = r.length_non_negative(
            "print.bleed",
            self.bleed,
            "art beyond the trim, in mm; 3 mm is usual, 0 for none",
        );
        let gutter = r.length_non_negative(
            "print.gutter",
            self.gutter,
            "space between neighbouring items' bleeds, in mm",
        );
        let duplex = match self.duplex.to_ascii_lowercase().as_str() {
            "none" | "off" => None,
            other => match Flip::parse(other) {
                Some(flip) => Some(flip),
                None => {
                    r.bad(
                        "print.duplex",
                        "layout-value",
                        format!("unknown duplex \"{}\"", self.duplex),
                        "use \"long-edge\" (the usual), \"short-edge\" or \"none\"",
                    );
                    None
                }
            },
        };
        for (i, v) in self.back_offset.iter().enumerate() {
            if !v.is_finite() || v.abs() > 20.0 {
                r.bad(
                    &format!("print.back_offset[{i}]"),
                    "layout-value",
                    format!("a back offset of {v} mm is more than a printer drifts"),
                    "measure the offset with layouts/print/duplex-calibration.toml; it is a few millimetres at most",
                );
            }
        }
        let imposition = match self.imposition.to_ascii_lowercase().as_str() {
            "sheet" => Imposition::Sheet,
            "single" => Imposition::Single,
            other => {
                r.bad(
                    "print.imposition",
                    "layout-value",
                    format!("unknown imposition \"{other}\""),
                    "use \"sheet\" (many items per sheet, for home printing) or \"single\" (one item per page with trim and bleed boxes, for a print shop)",
                );
                Imposition::Sheet
            }
        };
        NupOptions {
            paper: page.paper,
            orientation: page.orientation,
            margin: page.margin,
            bleed: Mm(bleed),
            gutter: Mm(gutter),
            crop_marks: self.crop_marks,
            cut_lines: self.cut_lines,
            duplex: duplex.map(|flip| Duplex {
                flip,
                offset: (Mm(self.back_offset[0]), Mm(self.back_offset[1])),
            }),
            imposition,
        }
    }
}
