//! How paper is cut at home, as composition and the checker both need it:
//! how far a cut strays, and the narrowest border that still looks even
//! when it does.

use crate::geom::Mm;

/// How far a cut at home strays from the trim line: a rotary trimmer or
/// careful scissors keep within about a millimetre.
pub const CUT_TOLERANCE: Mm = Mm(1.0);

/// The narrowest border along a trim that stays even to the eye when a cut
/// strays by [`CUT_TOLERANCE`]: three times it, so that the narrower side
/// keeps half of the wider.
pub const SAFE_BORDER: Mm = Mm(3.0 * CUT_TOLERANCE.0);
