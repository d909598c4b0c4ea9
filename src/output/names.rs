//! Every output's name, decided here and nowhere else: a layout's files, its
//! pages, its cut files and per-card previews, a print shop's faces, a
//! game's kit and its Tabletop Simulator save. Writers ask this module what
//! to call a file, and readers (a kit's cover naming a layout's PDF, a save
//! naming its images, the record of what a build wrote) ask it the same
//! question instead of parsing a name back.
//!
//! The rule: the default language ([`DEFAULT_LANG`]) writes `stem.ext`,
//! another language `stem-<lang>.ext`; a document of several pages writes
//! `stem-<n>.ext` per page in the page formats (SVG, PNG). A print shop's
//! files go under their target's own folder. The paper does not change a
//! name: a build on Letter replaces the A4 one it was built instead of.
//!
//! Because `-<lang>` is added to a stem, a layout file whose own name ends in
//! `-<lang>` beside the layout of that stem (`team-en.toml` beside
//! `team.toml`) would take the other's files in that language: [`clash`]
//! refuses it before anything is written.

use std::path::{Component, Path, PathBuf};

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::i18n::DEFAULT_LANG;
use crate::input::world::World;
use crate::print::target::Target;

/// `name` in `lang`: `name` itself in the default language, `name-<lang>`
/// in another (`rules`, `rules-en`).
pub fn in_language(name: &str, lang: &str) -> String {
    if lang == DEFAULT_LANG {
        name.to_string()
    } else {
        format!("{name}-{lang}")
    }
}

/// A layout file's own stem (`deck` for `layouts/league/deck.toml`).
pub fn layout_name(layout: &Path) -> String {
    layout
        .file_stem()
        .map_or_else(|| "layout".to_string(), |s| s.to_string_lossy().into_owned())
}

/// Where a layout's outputs go, before its language: its folder under
/// `layouts/` is kept (`layouts/dice-football/pitch.toml` →
/// `OUT/dice-football/pitch`).
///
/// Outputs always land under `out`: the folders kept are plain names after
/// the last `layouts` (a `..` or a root among them, and the layout keeps only
/// its file name).
pub fn output_stem(layout: &Path, out: &Path) -> PathBuf {
    let stem = PathBuf::from(layout_name(layout));
    let parent: Vec<Component> = layout.parent().unwrap_or(Path::new("")).components().collect();
    let Some(at) = parent.iter().rposition(|c| c.as_os_str() == "layouts") else {
        return out.join(stem);
    };
    let game = &parent[at + 1..];
    if game.iter().all(|c| matches!(c, Component::Normal(_))) {
        out.join(game.iter().collect::<PathBuf>()).join(stem)
    } else {
        out.join(stem)
    }
}

/// The stem every file of `layout` built in `lang` for `target` shares:
/// `OUT/league/deck`, `OUT/league/deck-en`, `OUT/mpc/league/deck-en`.
pub fn layout_stem(layout: &Path, out: &Path, target: Target, lang: &str) -> PathBuf {
    let stem = output_stem(layout, &target.folder(out));
    let name = in_language(&base(&stem), lang);
    stem.with_file_name(name)
}

/// The last part of a stem, as text.
fn base(stem: &Path) -> String {
    stem.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `stem` + `suffix`, in the same folder (`deck` → `deck-cut`).
fn suffixed(stem: &Path, suffix: &str) -> PathBuf {
    stem.with_file_name(format!("{}{suffix}", base(stem)))
}

/// The one file of a document in a format that holds every page: `deck.pdf`.
pub fn whole(stem: &Path, ext: &str) -> PathBuf {
    suffixed(stem, &format!(".{ext}"))
}

/// Page `index` (from 0) of a document of `pages` in a format of one page a
/// file: `pitch.svg` when there is one page, else `pitch-1.svg`,
/// `pitch-2.svg`…
pub fn page(stem: &Path, index: usize, pages: usize, ext: &str) -> PathBuf {
    if pages > 1 {
        suffixed(stem, &format!("-{}.{ext}", index + 1))
    } else {
        whole(stem, ext)
    }
}

/// The stem of a layout's cut files: `OUT/league/deck-cut`.
pub fn cut_stem(stem: &Path) -> PathBuf {
    suffixed(stem, "-cut")
}

/// The cut file of sheet `index` (from 0) of `sheets`: `deck-cut.svg`, or
/// `deck-cut-1.svg`… when there are more.
pub fn cut_file(stem: &Path, index: usize, sheets: usize) -> PathBuf {
    page(&cut_stem(stem), index, sheets, "svg")
}

/// The folder of a deck's per-card previews: `OUT/league/deck-cards`.
pub fn cards_folder(stem: &Path) -> PathBuf {
    suffixed(stem, "-cards")
}

/// Card `index` (from 0) of a deck's previews, after its player's `name`:
/// `OUT/league/deck-cards/001-adrian-abril.png`.
pub fn card_file(stem: &Path, index: usize, name: &str) -> PathBuf {
    cards_folder(stem).join(format!("{:03}-{name}.png", index + 1))
}

/// The folder of a layout's faces for a shop that takes one image a face:
/// `OUT/mpc/league/deck/`.
pub fn faces_folder(stem: &Path) -> PathBuf {
    stem.to_path_buf()
}

/// A face's file in its folder: `front-001.png`; a back of its own
/// `back-001.png`; the one back every card shares `back.png`. The numbers
/// are what the shops' uploaders pair fronts and backs by.
pub fn face(front: bool, number: Option<usize>) -> String {
    let side = if front { "front" } else { "back" };
    match number {
        Some(n) => format!("{side}-{n:03}.png"),
        None => format!("{side}.png"),
    }
}

/// A game's kit in `lang`: `OUT/league/kit.pdf`, `OUT/league/kit-en.pdf`.
pub fn kit(out: &Path, game: &str, lang: &str) -> PathBuf {
    out.join(game).join(format!("{}.pdf", in_language("kit", lang)))
}

/// The name a layout's own PDF has in `lang`, as a kit's cover names it:
/// `deck.pdf`, `deck-en.pdf`.
pub fn layout_pdf(layout: &Path, lang: &str) -> String {
    format!("{}.pdf", in_language(&layout_name(layout), lang))
}

/// The folder a game's saves are written into: `OUT/<game>/tts`.
pub fn tts_folder(out: &Path, game: &str) -> PathBuf {
    out.join(game).join("tts")
}

/// A game's save in `lang`: `league.json`, `league-en.json`.
pub fn tts_save(game: &str, lang: &str) -> String {
    format!("{}.json", in_language(game, lang))
}

/// A file a save names in its folder, for the layout whose stem is `stem`
/// (`images/deck`) in `lang`: `images/deck.png`, `images/deck-en.png`.
pub fn tts_file(stem: &str, lang: &str, ext: &str) -> String {
    format!("{}.{ext}", in_language(stem, lang))
}

/// The name of the record of what building `layout` in `lang` wrote (see
/// [`crate::output::write::Record`]): `deck.es`. Unlike the outputs' names it
/// always names the language, so that no two records can be confused.
pub fn record(layout: &Path, lang: &str) -> String {
    format!("{}.{lang}", layout_name(layout))
}

/// An error when `layout`'s outputs in some language would carry the names
/// of another layout's in another: `team-en.toml` beside `team.toml`, when
/// English is one of the languages `langs` the project builds, would write
/// `team-en.pdf` in Spanish, the name of `team.toml`'s English PDF. The
/// layout whose name ends in the language is the one to rename.
pub fn clash(world: &dyn World, layout: &Path, langs: &[String]) -> Option<Finding> {
    let own = layout_name(layout);
    let folder = layout.parent().unwrap_or(Path::new(""));
    let (other, lang) = langs.iter().filter(|l| *l != DEFAULT_LANG).find_map(|lang| {
        let other = own.strip_suffix(&format!("-{lang}"))?;
        let sibling = folder.join(format!("{other}.toml"));
        world.is_file(&sibling).then(|| (sibling, lang.clone()))
    })?;
    Some(
        Finding::error(
            Code::OutputClash,
            format!(
                "{} would write files named as {}'s in language \"{lang}\" ({}): one would take the other's place",
                layout.display(),
                other.display(),
                layout_pdf(&other, &lang),
            ),
            Location::file(layout),
        )
        .with_hint(format!(
            "rename {} so that its name does not end in -{lang} (a language's files are named <layout>-{lang})",
            layout.display()
        )),
    )
}
