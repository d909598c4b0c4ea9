//! The `[tiling]` table of board layouts: whether and how a board larger than
//! the paper is split across pages.

use serde::Deserialize;

use crate::geom::Mm;
use crate::layout::resolve::Resolver;
use crate::print::PageSpec;
use crate::print::{TileOptions, TileText};
use crate::scene::color::Color;

/// `[tiling]` as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawTiling {
    enabled: bool,
    overlap: f64,
    piece: String,
    instructions: String,
    map_title: String,
}

impl Default for RawTiling {
    fn default() -> Self {
        RawTiling {
            enabled: true,
            // Wide enough to glue or tape, narrow enough to lose little paper.
            overlap: 10.0,
            piece: "Pieza {n} de {total} · fila {row}, columna {col}".into(),
            instructions: "Recorta cada pieza por la línea de sus medias cruces y pégala sobre la franja rayada de la pieza vecina, con las cruces encajadas.".into(),
            map_title: "Cómo montar el tablero".into(),
        }
    }
}

impl RawTiling {
    /// Validates the table; `None` when tiling is off.
    pub fn resolve(&self, r: &mut Resolver<'_>, page: &PageSpec, text_colour: Color) -> Option<TileOptions> {
        let overlap = r.length_above(
            "tiling.overlap",
            self.overlap,
            0.0,
            "the strip where two pieces overlap, in mm; 10 mm is easy to glue",
        );
        if overlap > 40.0 {
            r.bad(
                "tiling.overlap",
                "layout-value",
                format!("an overlap of {overlap} mm leaves little of each piece"),
                "use 5 to 20 mm",
            );
        }
        let piece = r.text("tiling.piece", &self.piece);
        let instructions = r.text("tiling.instructions", &self.instructions);
        let map_title = r.text("tiling.map_title", &self.map_title);
        self.enabled.then_some(TileOptions {
            paper: page.paper,
            orientation: page.orientation,
            margin: page.margin,
            overlap: Mm(overlap),
            text: TileText {
                piece,
                instructions,
                map_title,
            },
            text_colour,
        })
    }
}
