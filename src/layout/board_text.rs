//! The words around a printed board (title, caption, scale bar), the same for
//! every board kind.

/// Title, caption and scale bar, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardText {
    /// Printed above the board; empty for none.
    pub title: String,
    /// Title size in points.
    pub title_size: f64,
    /// Printed below the board; empty for none.
    pub caption: String,
    /// Caption size in points.
    pub caption_size: f64,
    /// Print a 50 mm bar to check that the sheet was printed at 100 %.
    pub scale_bar: bool,
    /// The words under the scale bar.
    pub scale_bar_label: String,
}
