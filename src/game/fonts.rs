//! The fonts a layout's texts are set in: those its game file names
//! (`[font]` of `game.toml` beside it), else those of the project's printer
//! profile (`[font]` of `pitchprint.toml`), else the bundled DejaVu. Named
//! once, they serve every text of the game: rule sheets, covers, reference
//! cards, boards, counters, tables, notes and cards (a card template's own
//! `[font]` still comes first for its cards). Each is embedded and subset
//! in the PDF as DejaVu is, drawn as outlines in SVG, and every text is
//! checked against it for characters it cannot draw.
//!
//! A face left out is the regular one (a family of one file sets its
//! headings in it too); with no regular face named, the bundled DejaVu's
//! own bold and oblique fill in.

use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::{FontFace, Fonts};
use crate::input::world::{Input, World};
use crate::layout::font_names::{self, FontNames};
use crate::layout::profile::Profile;

use super::Game;

/// The fonts of the layout at `layout`, with where they are named (`None`
/// for DejaVu); a font file that cannot be read or
/// is not a font is an error at the key that names it (so is a game file or
/// profile that cannot be read: the layout would otherwise print in a font
/// its author did not choose).
pub fn for_layout(world: &dyn World, layout: &Path) -> Result<(Fonts, Option<Location>), Vec<Finding>> {
    if let Some(game) = Game::beside(world, layout)?
        && !game.fonts.is_empty()
    {
        let locate = |key: &str| game.source.locate(key);
        return Ok((
            load(world, &game.fonts, &game.source.path, &locate)?,
            Some(locate(font_names::TABLE)),
        ));
    }
    if let Some(profile) = Profile::find(world, layout)? {
        let names = profile.font_names()?;
        if !names.is_empty() {
            let locate = |key: &str| profile.source.locate(key);
            return Ok((
                load(world, &names, &profile.source.path, &locate)?,
                Some(locate(font_names::TABLE)),
            ));
        }
    }
    Ok((Fonts::DEJAVU, None))
}

/// The face in the font file at `path` (its SVG weight bold or not), read
/// within [`Input::Font`]'s limit and parsed once per distinct content; why
/// not in words, to follow "the font ... cannot be used:". The game's
/// `[font]` and a card template's read their files through it.
pub fn read_face(world: &dyn World, path: &Path, bold: bool) -> Result<FontFace, String> {
    world
        .read_bytes(path, Input::Font)
        .map_err(|e| format!("the file {}", crate::input::Unreadable::from_io(&e).reason))
        .and_then(|bytes| crate::font::load(&bytes, bold))
}

/// The faces `names` names, read relative to `file` (the game file or the
/// profile), each failure a finding where `locate` puts its key.
fn load(
    world: &dyn World,
    names: &FontNames,
    file: &Path,
    locate: &dyn Fn(&str) -> Location,
) -> Result<Fonts, Vec<Finding>> {
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut findings = Vec::new();
    let mut faces: [Option<FontFace>; 3] = [None; 3];
    for (slot, (face, name)) in
        faces.iter_mut().zip(
            font_names::FACES
                .iter()
                .zip([&names.regular, &names.bold, &names.italic]),
        )
    {
        let Some(name) = name else { continue };
        let path = dir.join(name);
        match read_face(world, &path, *face == "bold") {
            Ok(f) => *slot = Some(f),
            Err(why) => findings.push(
                Finding::error(
                    Code::LayoutValue,
                    format!("the {face} font {} cannot be used: {why}", path.display()),
                    locate(&font_names::key(face)),
                )
                .with_hint(format!(
                    "name a TrueType (.ttf) or OpenType (.otf) file, relative to {}",
                    file.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()
                )),
            ),
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    let [regular, bold, italic] = faces;
    let mut fonts = Fonts::DEJAVU;
    if let Some(face) = regular {
        fonts = Fonts {
            regular: face,
            bold: face,
            italic: face,
        };
    }
    fonts.bold = bold.unwrap_or(fonts.bold);
    fonts.italic = italic.unwrap_or(fonts.italic);
    Ok(fonts)
}
