//! The `[tiling]` table of board layouts: whether and how a board larger than
//! the paper is split across pages.

use crate::color::Color;
use crate::diag::code::Code;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Flag, Label, Length};
use crate::print::{PageSpec, TileOptions, TileText};
use crate::section;

/// An overlap wider than this leaves little of each piece.
const MAX_OVERLAP_MM: f64 = 40.0;

section! {
    /// `[tiling]`, validated: how a board larger than the paper is split
    /// into pieces to glue.
    pub struct Tiling / RawTiling / TilingKeys in "tiling" {
        /// Split a board larger than the paper; `false` refuses instead.
        enabled: Flag = true,
        /// The strip two pieces share: wide enough to glue or tape, narrow
        /// enough to lose little paper.
        overlap: Length = 10.0 => "the strip where two pieces overlap, in mm; 10 mm is easy to glue",
        /// The label of each piece (`{n}`, `{total}`, `{row}`, `{col}`).
        piece: Label = "@tiling.piece",
        /// How to cut and glue the pieces.
        instructions: Label = "@tiling.instructions",
        /// Printed in each glue strip: which piece goes on it (`{n}`).
        glue: Label = "@tiling.glue",
        /// The title of the assembly map.
        map_title: Label = "@tiling.map_title",
    }
}

impl RawTiling {
    /// Validates the table; `None` when tiling is off.
    pub fn options(&self, r: &mut Resolver<'_>, page: &PageSpec, text_colour: Color) -> Option<TileOptions> {
        let t = self.resolve(r);
        if t.overlap.0 > MAX_OVERLAP_MM {
            r.bad(
                Tiling::KEY.overlap,
                Code::LayoutValue,
                format!("an overlap of {} mm leaves little of each piece", t.overlap.0),
                "use 5 to 20 mm",
            );
        }
        t.enabled.then_some(TileOptions {
            paper: page.paper,
            orientation: page.orientation,
            margin: page.margin,
            overlap: t.overlap,
            text: TileText {
                piece: t.piece,
                instructions: t.instructions,
                glue: t.glue,
                map_title: t.map_title,
            },
            text_colour,
        })
    }
}
