//! The squares of a board with a grid (the dice pitch, the Futbolchess
//! board): squares that hold a counter, and a board no longer than the
//! largest a game is printed or tiled to.

use crate::diag::code::Code;
use crate::geom::Mm;
use crate::layout::resolve::{Resolver, show};
use crate::limits::MAX_BOARD_MM;

/// The smallest square a counter stands on and fingers pick it up from, in
/// mm: a smaller one is a slip of the keyboard (`pitch = 1e-9`), not a board.
pub const MIN_SQUARE_MM: f64 = 10.0;

/// Checks `columns` x `rows` squares of `pitch` (the value of `pitch_key`):
/// squares of at least [`MIN_SQUARE_MM`], and a board of at most
/// [`MAX_BOARD_MM`] a side, with the pitch that fits in the hint. Nothing is
/// said when one of `keys` (the counts and the pitch) is already reported.
pub fn check_squares(r: &mut Resolver<'_>, keys: [&str; 3], (columns, rows): (u32, u32), pitch: Mm) {
    let pitch_key = keys[2];
    if !r.valid(&keys) {
        return;
    }
    if pitch.0 < MIN_SQUARE_MM {
        r.bad(
            pitch_key,
            Code::LayoutValue,
            format!("a square of {} mm is too small to hold a counter", show(pitch.0)),
            format!("set it to {MIN_SQUARE_MM} mm or more; the games use 20 to 24 mm"),
        );
        return;
    }
    let longest = columns.max(rows);
    if pitch.0 * f64::from(longest) > f64::from(MAX_BOARD_MM) {
        let most = (f64::from(MAX_BOARD_MM) / f64::from(longest) * 2.0).floor() / 2.0;
        r.bad(
            pitch_key,
            Code::LayoutValue,
            format!(
                "{columns} x {rows} squares of {} mm make a board of {} x {} mm; the largest board is {MAX_BOARD_MM} mm a side",
                show(pitch.0),
                show(pitch.0 * f64::from(columns)),
                show(pitch.0 * f64::from(rows)),
            ),
            format!("set it to at most {most} mm, or fewer squares"),
        );
    }
}
