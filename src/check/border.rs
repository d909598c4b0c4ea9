//! Borders along the trim. A frame printed close to the cut shows how
//! straight the cut was: a cut that strays by a millimetre turns a 2 mm
//! border into 1 mm on one side and 3 mm on the other, plain to see on a
//! card or a note. A border is kept even enough when it is at least three
//! times what a cut strays by, so that its narrower side keeps half of the
//! wider.

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::Mm;
use crate::sheet::cut::{CUT_TOLERANCE, SAFE_BORDER};

/// A warning at `at` when `what`, a border `width` wide along the trim, is
/// narrower than [`SAFE_BORDER`]; none for a border of 0 (there is none).
pub fn thin_border(width: Mm, what: &str, at: Location) -> Option<Finding> {
    if width <= Mm::ZERO || width >= SAFE_BORDER - Mm(1e-9) {
        return None;
    }
    let t = CUT_TOLERANCE;
    Some(
        Finding::warning(
            Code::CutBorder,
            format!(
                "{what} is {width} wide: a cut {t} off the trim shows it as {} on one side and {} on the other",
                (width - t).max(Mm::ZERO),
                width + t
            ),
            at,
        )
        .with_hint(format!("make it at least {SAFE_BORDER}, or 0 for none")),
    )
}
