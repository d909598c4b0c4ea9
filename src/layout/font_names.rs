//! The `[font]` table of a game file or a printer profile: the font files a
//! game's texts are set in, named once for every layout of the game (or of
//! the project), instead of the bundled DejaVu. [`crate::game::fonts`]
//! reads them.
//!
//! ```toml
//! [font]
//! regular = "fonts/Lora-Regular.ttf"
//! bold = "fonts/Lora-Bold.ttf"
//! italic = "fonts/Lora-Italic.ttf"
//! ```

use schemars::JsonSchema;
use serde::Deserialize;

/// The table's name.
pub const TABLE: &str = "font";

/// The faces it names, in the order they are read.
pub const FACES: [&str; 3] = ["regular", "bold", "italic"];

/// The dotted key of `face` (one of [`FACES`]) in the file: where a finding
/// about it points.
pub fn key(face: &str) -> String {
    format!("{TABLE}.{face}")
}

/// The font files, each relative to the file that names it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FontNames {
    /// The face of running text, every text of the game's layouts (rule
    /// sheets, covers, boards, counters, cards, notes): a TrueType (.ttf)
    /// or OpenType (.otf) file, relative to this file. Left out, the
    /// bundled DejaVu Sans.
    #[serde(default)]
    pub regular: Option<String>,
    /// The bold face: headings, names, numbers. Left out, the regular one.
    #[serde(default)]
    pub bold: Option<String>,
    /// The italic face: emphasis in rule texts. Left out, the regular one.
    #[serde(default)]
    pub italic: Option<String>,
}

impl FontNames {
    /// Whether it names no file.
    pub fn is_empty(&self) -> bool {
        self.regular.is_none() && self.bold.is_none() && self.italic.is_none()
    }

    /// Each named file with its face's name, in [`FACES`] order.
    pub fn named(&self) -> Vec<(&'static str, &str)> {
        FACES
            .iter()
            .zip([&self.regular, &self.bold, &self.italic])
            .filter_map(|(face, file)| Some((*face, file.as_deref()?)))
            .collect()
    }
}
