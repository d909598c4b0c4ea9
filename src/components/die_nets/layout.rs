//! Foldable die nets (`kind = "die-nets"`): six-sided dice to cut, fold and
//! glue, in as many colours as the game needs.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Label, Length, Number, Required, entries};
use crate::limits::MAX_ENTRIES;
use crate::print::PageSpec;
use crate::section;

/// The key of the array of dice, `[[die]]`: die `i` is `die[i]`.
pub const DIE: &str = "die";

/// The key of die `index`'s name, `die[index].name`, where findings about
/// its caption point.
pub fn name_key(index: usize) -> String {
    format!("{DIE}[{index}].name")
}

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    net: RawNet,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    die: Vec<RawDie>,
    #[serde(default)]
    text: RawText,
}

/// The smallest face a die can have and still be folded.
const MIN_FACE: f64 = 5.0;

/// The largest face, in mm: a 10 cm die is a cushion, not a die.
const MAX_FACE: f64 = 100.0;

section! {
    /// The nets' sizes and colours, validated (the side of a face, which
    /// must be from 5 to 100 mm, is checked by [`resolve`]).
    pub struct Net / RawNet / NetKeys in "net" {
        /// The side of a face, in millimetres.
        size: Number = 16.0,
        /// How far glue tabs reach.
        tab: Length = 5.0 => "how far glue tabs reach, in mm; 5 mm holds well",
        /// Fold and cut lines.
        line_colour: Colour = "#333333",
        /// Glue tabs.
        tab_colour: Colour = "#e0e0e0",
    }
}

section! {
    /// One die, resolved.
    pub struct Die / RawDie / DieKeys in dynamic {
        /// Its name (for findings and the caption).
        name: Required<Label> = (),
        /// Face colour.
        colour: Required<Colour> = (),
        /// Pip colour.
        pips: Required<Colour> = (),
    }
}

section! {
    /// The words above the nets.
    pub struct Text / RawText / TextKeys in "text" {
        /// Title.
        title: Label = "@dice_nets.title",
        /// How to make them.
        instructions: Label = "@dice_nets.instructions",
    }
}

/// A resolved sheet of die nets.
#[derive(Clone, Debug, PartialEq)]
pub struct DieNets {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
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
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<DieNets, Vec<Finding>> {
    let page = r.page(&raw.page);
    let net = raw.net.resolve(&mut r);
    let size = r.length_in(
        Net::KEY.size,
        net.size,
        (MIN_FACE, MAX_FACE),
        "the side of a face in mm; 16 mm makes a common die",
    );
    if raw.die.is_empty() {
        r.bad(
            DIE,
            Code::LayoutMissingKey,
            "the sheet has no dice".into(),
            "add a [[die]] table for each die, with name, colour and pips",
        );
    }
    let dice = entries(&mut r, DIE, &raw.die)
        .iter()
        .enumerate()
        .map(|(i, d)| d.resolve_at(&mut r, &format!("{DIE}[{i}]")))
        .collect();
    let text = raw.text.resolve(&mut r);
    let fonts = r.cx.fonts;
    r.finish(DieNets {
        fonts,
        page,
        size: Mm(size),
        tab: net.tab,
        line_colour: net.line_colour,
        tab_colour: net.tab_colour,
        dice,
        title: text.title,
        instructions: text.instructions,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it, and one die to start from.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    use crate::layout::scaffold::{Documented, Scaffold};
    let s = Scaffold::new::<Raw>(kind, "Die nets: dice to cut out, fold and glue, one net per [[die]].");
    let raw: Raw = s.defaults()?;
    let example = RawDie {
        name: Some("@dice_nets.red".into()),
        colour: Some("#c62828".into()),
        pips: Some("#ffffff".into()),
    };
    Ok(s.section(&raw.page).section(&raw.net).section(&raw.text).entry(
        "die",
        "One [[die]] per die to make: copy the table for each. This one is an example: its keys have no default.",
        example.scaffold_keys(),
    ))
}
