//! Foldable die nets (`kind = "die-nets"`): six-sided dice to cut, fold and
//! glue, in as many colours as the game needs.

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::print::PageSpec;
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    net: RawNet,
    #[serde(default)]
    die: Vec<RawDie>,
    #[serde(default)]
    text: RawText,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawNet {
    size: f64,
    tab: f64,
    line_colour: String,
    tab_colour: String,
}

impl Default for RawNet {
    fn default() -> Self {
        RawNet {
            size: 16.0,
            tab: 5.0,
            line_colour: "#333333".into(),
            tab_colour: "#e0e0e0".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDie {
    name: String,
    colour: String,
    pips: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawText {
    title: String,
    instructions: String,
}

impl Default for RawText {
    fn default() -> Self {
        RawText {
            title: "Dados para recortar".into(),
            instructions: "Recorta cada dado por su contorno, dobla por todas las líneas interiores y pega las pestañas grises por dentro.".into(),
        }
    }
}

/// One die, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Die {
    /// Its name (for findings and the caption).
    pub name: String,
    /// Face colour.
    pub colour: Color,
    /// Pip colour.
    pub pips: Color,
}

/// A resolved sheet of die nets.
#[derive(Clone, Debug, PartialEq)]
pub struct DieNets {
    /// Paper and margin.
    pub page: PageSpec,
    /// The side of a face.
    pub size: Mm,
    /// How far glue tabs reach.
    pub tab: Mm,
    /// Fold and cut lines.
    pub line_colour: Color,
    /// Glue tabs.
    pub tab_colour: Color,
    /// The dice.
    pub dice: Vec<Die>,
    /// Title.
    pub title: String,
    /// How to make them.
    pub instructions: String,
}

/// Reads and validates a `die-nets` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<DieNets, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let size = r.length_above(
        "net.size",
        raw.net.size,
        5.0,
        "the side of a face in mm; 16 mm makes a common die",
    );
    let tab = r.length_above(
        "net.tab",
        raw.net.tab,
        0.0,
        "how far glue tabs reach, in mm; 5 mm holds well",
    );
    if raw.die.is_empty() {
        r.bad(
            "die",
            "layout-missing-key",
            "the sheet has no dice".into(),
            "add a [[die]] table for each die, with name, colour and pips",
        );
    }
    let dice = raw
        .die
        .iter()
        .enumerate()
        .map(|(i, d)| Die {
            name: r.text(&format!("die[{i}].name"), &d.name),
            colour: r.colour(&format!("die[{i}].colour"), &d.colour),
            pips: r.colour(&format!("die[{i}].pips"), &d.pips),
        })
        .collect();
    let title = r.text("text.title", &raw.text.title);
    let instructions = r.text("text.instructions", &raw.text.instructions);
    let nets = DieNets {
        page,
        size: Mm(size),
        tab: Mm(tab),
        line_colour: r.colour("net.line_colour", &raw.net.line_colour),
        tab_colour: r.colour("net.tab_colour", &raw.net.tab_colour),
        dice,
        title,
        instructions,
    };
    r.finish(nets)
}
