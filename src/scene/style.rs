//! How an item is drawn: its outline and its fill.

use crate::color::Color;
use crate::geom::Mm;

/// How an outline is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// Line width.
    pub width: Mm,
    /// Line colour.
    pub color: Color,
    /// Dash lengths (on, off, on, ...); empty for a solid line.
    pub dash: Vec<Mm>,
}

impl Stroke {
    /// A solid line.
    pub fn solid(width: Mm, color: Color) -> Stroke {
        Stroke {
            width,
            color,
            dash: Vec::new(),
        }
    }
}

/// Stroke and fill of an item. Text uses `fill` for its colour.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Style {
    /// The outline, if any.
    pub stroke: Option<Stroke>,
    /// The fill colour, if any.
    pub fill: Option<Color>,
}

impl Style {
    /// Outline only.
    pub fn stroked(stroke: Stroke) -> Style {
        Style {
            stroke: Some(stroke),
            fill: None,
        }
    }

    /// Fill only.
    pub fn filled(color: Color) -> Style {
        Style {
            stroke: None,
            fill: Some(color),
        }
    }
}
