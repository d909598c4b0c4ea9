//! Which layouts a command is about: the files and folders named, or every
//! layout under `layouts/`, each once.

use std::path::{Path, PathBuf};

use crate::input::world::Disk;

/// Whether the paths given name a game: a folder of layouts, or a game
/// file. `i18n` then says and writes only what that game prints.
pub fn names_a_game(given: &[PathBuf]) -> bool {
    !given.is_empty() && given.iter().all(|p| p.is_dir() || is_game_file(p))
}

/// The layouts named, or every `.toml` under `layouts/` in sorted order.
pub fn layout_paths(given: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    if !given.is_empty() {
        // A folder stands for the layouts in it.
        let mut out = Vec::new();
        for path in given {
            if path.is_dir() {
                let mut found = Vec::new();
                collect_toml(path, &mut found).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                if found.is_empty() {
                    return Err(format!("{} holds no .toml layout", path.display()));
                }
                found.sort();
                out.extend(found);
            } else if is_game_file(path) {
                // The game file stands for its game: the layouts beside it,
                // whose texts read it and whose bank it is held to.
                let folder = path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                let mut found = Vec::new();
                collect_toml(folder, &mut found).map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
                found.sort();
                out.extend(found);
            } else {
                out.push(path.clone());
            }
        }
        return Ok(once_each(out));
    }
    let root = Path::new("layouts");
    if !root.is_dir() {
        return Err(
            "there is no layouts/ folder here: run pitchprint from the project's folder, or name the layout files"
                .into(),
        );
    }
    let mut out = Vec::new();
    collect_toml(root, &mut out).map_err(|e| format!("cannot read layouts/: {e}"))?;
    out.sort();
    if out.is_empty() {
        return Err("layouts/ holds no .toml layout".into());
    }
    Ok(out)
}

/// `paths` with each file kept at its first naming only: `deck.toml`,
/// `./deck.toml` and a folder that holds it name one layout, built once
/// (three builds of it would write the same files three times and report
/// its findings thrice).
fn once_each(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = std::collections::HashSet::new();
    paths
        .into_iter()
        .filter(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())))
        .collect()
}

/// The layouts under `dir`: its `.toml` files, at any depth. Hidden files and
/// folders are left out: an editor's lock file (`.#deck.toml`) or backup is
/// not a layout.
///
/// Linked folders are followed (a game kept elsewhere may be linked into
/// `layouts/`), but each folder is walked once: a link back up the tree (a
/// loop) or a second link to the same folder adds nothing.
fn collect_toml(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut seen = Vec::new();
    let mut found = Vec::new();
    walk_toml(dir, &mut found, &mut seen)?;
    // A card template written beside its deck is read by the deck, not
    // built on its own.
    let templates = crate::components::card_deck::templates_named(&Disk, &found);
    out.extend(
        found
            .into_iter()
            .filter(|p| !templates.contains(&crate::input::world::tidy(p))),
    );
    Ok(())
}

fn walk_toml(dir: &Path, out: &mut Vec<PathBuf>, seen: &mut Vec<FolderId>) -> std::io::Result<()> {
    let id = folder_id(dir)?;
    if seen.contains(&id) {
        return Ok(());
    }
    seen.push(id);
    let mut entries = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()?;
    // Sorted, so that of two links to one folder the same one is walked every time.
    entries.sort();
    for path in entries {
        if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        if path.is_dir() {
            // A game's own words (`<game>/i18n/<lang>.toml`) are no layouts.
            if path.file_name().is_some_and(|n| n == crate::i18n::OWN_FOLDER) {
                continue;
            }
            walk_toml(&path, out, seen)?;
        } else if path.extension().is_some_and(|e| e == "toml") && !is_game_file(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// Whether `path` is a game file (`game.toml`), which is not a layout.
pub fn is_game_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == crate::game::FILE)
}

/// What tells two folders apart after links are followed: the device and
/// inode where there are such, else the canonical path.
#[cfg(unix)]
type FolderId = (u64, u64);
#[cfg(not(unix))]
type FolderId = PathBuf;

#[cfg(unix)]
fn folder_id(dir: &Path) -> std::io::Result<FolderId> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(dir)?;
    Ok((m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn folder_id(dir: &Path) -> std::io::Result<FolderId> {
    std::fs::canonicalize(dir)
}
