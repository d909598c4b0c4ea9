//! `pitchprint i18n add pt`: a new language in one command. Every file the
//! program reads per language is written for it from a source language
//! (English unless said): the labels of each `templates/i18n` folder the
//! layouts use (the words of boards, cards, sheets and covers, the card
//! words and the numbers' format among them) and the texts of every rule
//! sheet, cover and reference card. Nothing is overwritten: a file the
//! language already has is kept, so the command may be run again after a
//! layout is added.
//!
//! The new labels file starts with a line `#:copied-from en`, which
//! `pitchprint i18n` reads: while it is there, every label and paragraph
//! of the language still written as in the source counts as untranslated,
//! however short (a copy is untranslated until someone changes it).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::i18n::COPIED_FROM;
use crate::input::world::{Input, World};
use crate::translate::report::Folders;

/// What `i18n add` did.
#[derive(Debug, Default)]
pub struct Added {
    /// The files written, in order.
    pub written: Vec<PathBuf>,
    /// The files the language had already, kept as they are.
    pub kept: Vec<PathBuf>,
    /// A game's words the language had already, each with how many labels
    /// of the game's layouts it lacked and got copied in.
    pub topped: Vec<(PathBuf, usize)>,
    /// The text folders with no text in the source language, so none was
    /// written (each still lacks one in the new language).
    pub no_source: Vec<PathBuf>,
}

/// Writes the files of `lang` for the layouts' folders, each a copy of the
/// `from` language's; why not, when the language code is no language's or
/// no folder has the source language.
pub fn add(world: &dyn World, layouts: &[PathBuf], lang: &str, from: &str) -> Result<Added, String> {
    if lang == from {
        return Err(format!(
            "\"{lang}\" is the language to copy from; name another with --from"
        ));
    }
    let folders = crate::translate::report::folders(world, layouts);
    if folders.labels.is_empty() {
        return Err(
            "no layout here reads a templates/i18n folder: run the command in the project's folder, or name its layouts"
                .to_string(),
        );
    }
    let mut added = Added::default();
    let Folders { labels, texts } = folders;
    for folder in &labels {
        let source = folder.join(format!("{from}.toml"));
        let text = crate::input::read_text(world, &source, Input::Labels).map_err(|e| {
            format!(
                "cannot read {} ({}): name a language the project has with --from",
                source.display(),
                e.reason
            )
        })?;
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with(COPIED_FROM))
            .map(|l| format!("{l}\n"))
            .collect();
        let head = format!(
            "{COPIED_FROM}{from}\n# The {lang} labels, copied from the {from} ones by `pitchprint i18n add {lang}`: translate\n\
             # each value (and [format]: the decimal mark, the thousands), then run `pitchprint i18n` to see\n\
             # what is still as in {from}. Delete the first line when the rest is meant to stay as it is.\n"
        );
        put(&folder.join(format!("{lang}.toml")), &(head + &body), &mut added)?;
    }
    for folder in &texts {
        copy_text(world, folder, (from, lang), &mut added)?;
    }
    Ok(added)
}

/// `text` with the files it names (a cover's list: `rules-en.pdf`) named as
/// the build names them in `lang` (`rules-pt.pdf`); the default language's
/// files have no suffix (`rules.pdf`).
pub fn renamed_files(text: &str, from: &str, lang: &str) -> String {
    const PDF: &str = ".pdf";
    let suffix = |l: &str| {
        if l == crate::i18n::DEFAULT_LANG {
            String::new()
        } else {
            format!("-{l}")
        }
    };
    let (old, new) = (suffix(from), suffix(lang));
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(PDF) {
        let stem_start = rest[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .last()
            .map_or(at, |(i, _)| i);
        let stem = &rest[stem_start..at];
        out.push_str(&rest[..stem_start]);
        match stem.strip_suffix(old.as_str()) {
            Some(base) if !base.is_empty() => out.push_str(&format!("{base}{new}")),
            _ => out.push_str(stem),
        }
        out.push_str(PDF);
        rest = &rest[at + PDF.len()..];
    }
    out.push_str(rest);
    out
}

/// Writes `text` to `path` unless a file is there (then it is kept).
/// The `from` text of a folder of rule or cover texts copied as its `lang`
/// one (its files' names in that language), or the folder noted as having
/// none to copy.
fn copy_text(world: &dyn World, folder: &Path, (from, lang): (&str, &str), added: &mut Added) -> Result<(), String> {
    let source = folder.join(format!("{from}.md"));
    match crate::input::read_text(world, &source, Input::Text) {
        Ok(text) => put(
            &folder.join(format!("{lang}.md")),
            &renamed_files(&text, from, lang),
            added,
        ),
        Err(_) => {
            added.no_source.push(folder.to_path_buf());
            Ok(())
        }
    }
}

fn put(path: &Path, text: &str, added: &mut Added) -> Result<(), String> {
    match std::fs::OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(mut file) => {
            file.write_all(text.as_bytes()).map_err(|e| {
                // Never half a file: what was begun is taken back.
                let _ = std::fs::remove_file(path);
                format!("cannot write {}: {e}", path.display())
            })?;
            added.written.push(path.to_path_buf());
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            added.kept.push(path.to_path_buf());
            Ok(())
        }
        Err(e) => Err(format!("cannot write {}: {e}", path.display())),
    }
}

/// Writes the files of `lang` for a game (`layouts`, the layouts of its
/// folder), each a copy of the `from` language's, into the game's folder
/// alone: its own words (`<game>/i18n/<lang>.toml`) hold every label the
/// game prints ([`crate::translate::report::printed`]), and the texts its
/// layouts read. A game without words of its own gets them in each
/// language it is built in first, so that adding one keeps the others.
pub fn add_to_game(world: &dyn World, layouts: &[PathBuf], lang: &str, from: &str) -> Result<Added, String> {
    if lang == from {
        return Err(format!(
            "\"{lang}\" is the language to copy from; name another with --from"
        ));
    }
    let mut added = Added::default();
    let mut by_folder: std::collections::BTreeMap<PathBuf, Vec<PathBuf>> = std::collections::BTreeMap::new();
    for layout in layouts {
        let folder = layout.parent().unwrap_or(Path::new("")).to_path_buf();
        by_folder.entry(folder).or_default().push(layout.clone());
    }
    for (folder, group) in &by_folder {
        let printed = crate::translate::report::printed(world, group);
        let Some(first) = group.first() else { continue };
        let own = folder.join(crate::i18n::OWN_FOLDER);
        let others = crate::i18n::layout_languages(world, first);
        let source = crate::i18n::I18n::for_layout(world, first, from).map_err(|f| {
            format!(
                "cannot read the {from} labels ({}): name a language the game has with --from",
                f.message
            )
        })?;
        if crate::i18n::own_folder(world, first).is_none() {
            // The languages the game is built in now, kept as its own.
            for other in others.iter().filter(|l| *l != lang) {
                if let Ok(tables) = crate::i18n::I18n::for_layout(world, first, other) {
                    let head = format!("# The {other} words of this game, every label it prints.\n");
                    put_in(
                        &own,
                        &format!("{other}.toml"),
                        &(head + &table_text(&tables, &printed)),
                        &mut added,
                    )?;
                }
            }
        }
        let head = format!(
            "{COPIED_FROM}{from}\n# The {lang} words of this game, copied from the {from} ones by `pitchprint i18n add {lang}`:\n\
             # translate each value, then run `pitchprint i18n` on the game to see what is still as in {from}.\n"
        );
        let file = own.join(format!("{lang}.toml"));
        // A language the game has already gains the labels of the layouts
        // added since (its translations kept); a new one is written whole.
        match crate::input::read_text(world, &file, Input::Labels) {
            Ok(text) => {
                if let Some((topped, n)) = topped_up(&text, &source, &printed) {
                    crate::output::write::write_all(
                        &[crate::output::write::Output::bytes(file.clone(), topped.into_bytes())],
                        &[],
                    )
                    .map_err(|e| format!("cannot write {e}"))?;
                    added.topped.push((file, n));
                } else {
                    added.kept.push(file);
                }
            }
            Err(_) => put_in(
                &own,
                &format!("{lang}.toml"),
                &(head + &table_text(&source, &printed)),
                &mut added,
            )?,
        }
    }
    for folder in crate::translate::report::folders(world, layouts).texts {
        copy_text(world, &folder, (from, lang), &mut added)?;
    }
    Ok(added)
}

/// `text`, a language's file of a game's own words, with the labels of
/// `keys` it lacks copied from `source`: each under its table's header, a
/// table it lacks at the end; and how many. `None` when it lacks none, or
/// is not TOML (reading it says why).
fn topped_up(
    text: &str,
    source: &crate::i18n::I18n,
    keys: &std::collections::BTreeSet<String>,
) -> Option<(String, usize)> {
    let have: toml::Table = toml::from_str(text).ok()?;
    let has = |key: &str| {
        let mut at = &have;
        let parts: Vec<&str> = key.split('.').collect();
        for part in &parts[..parts.len() - 1] {
            match at.get(*part).and_then(toml::Value::as_table) {
                Some(t) => at = t,
                None => return false,
            }
        }
        at.contains_key(parts[parts.len() - 1])
    };
    let missing: std::collections::BTreeSet<String> = keys
        .iter()
        .filter(|k| !has(k) && source.get(k).is_some())
        .cloned()
        .collect();
    if missing.is_empty() {
        return None;
    }
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut tail = String::new();
    for chunk in table_text(source, &missing)
        .split("\n[")
        .filter(|c| !c.trim().is_empty())
    {
        let (section, body) = chunk.split_once("]\n")?;
        let header = format!("[{section}]");
        match lines.iter().position(|l| l.trim() == header) {
            Some(at) => {
                for (i, line) in body.lines().enumerate() {
                    lines.insert(at + 1 + i, line.to_string());
                }
            }
            None => tail.push_str(&format!("\n{header}\n{body}")),
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out.push_str(&tail);
    Some((out, missing.len()))
}

/// [`put`] into `folder`, made first when it is not there.
fn put_in(folder: &Path, name: &str, text: &str, added: &mut Added) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    put(&folder.join(name), text, added)
}

/// The `keys` of `tables` that it has, as a TOML text of `[tables]`.
pub fn table_text(tables: &crate::i18n::I18n, keys: &std::collections::BTreeSet<String>) -> String {
    let mut sections: std::collections::BTreeMap<&str, Vec<(&str, &str)>> = std::collections::BTreeMap::new();
    for key in keys {
        let Some(words) = tables.get(key) else { continue };
        let (section, name) = key.rsplit_once('.').unwrap_or(("", key.as_str()));
        sections.entry(section).or_default().push((name, words));
    }
    let mut out = String::new();
    for (section, entries) in sections {
        if !section.is_empty() {
            out.push_str(&format!("\n[{section}]\n"));
        }
        for (name, words) in entries {
            let bare = name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
            let name = if bare {
                name.to_string()
            } else {
                toml::Value::String(name.to_string()).to_string()
            };
            out.push_str(&format!("{name} = {}\n", toml::Value::String(words.to_string())));
        }
    }
    out
}

/// Runs `pitchprint i18n add <lang> --from <from> [layouts]`: writes the new
/// language's files, says what it wrote and what to do next, and returns the
/// exit code.
pub fn run(lang: &str, from: &str, layouts: &[PathBuf]) -> i32 {
    let paths = match crate::build::find::layout_paths(layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return crate::output::outcome::exit::FAILURE;
        }
    };
    // A game named (its folder, or its game file): its files alone, in its folder.
    let added = if crate::build::find::names_a_game(layouts) {
        add_to_game(&crate::input::world::Disk, &paths, lang, from)
    } else {
        add(&crate::input::world::Disk, &paths, lang, from)
    };
    match added {
        Ok(added) => {
            // Named as a person reads them (`templates/rules/league/pt.md`).
            let shown = |f: &Path| crate::input::world::tidy(f).display().to_string();
            for f in &added.written {
                eprintln!("wrote {} (a copy of the {} one)", shown(f), from);
            }
            for (f, n) in &added.topped {
                eprintln!(
                    "added {n} label(s) to {} (copies of the {} ones, for the layouts added since)",
                    shown(f),
                    from
                );
            }
            for f in &added.kept {
                eprintln!("kept {} (the language has it already)", shown(f));
            }
            for f in &added.no_source {
                eprintln!(
                    "warning: {} has no {} text to copy: write its {}.md yourself",
                    shown(f),
                    from,
                    lang
                );
            }
            eprintln!(
                "{} file(s) written for {}; translate them, then `pitchprint i18n` lists what is still as in {}, \
                 and `pitchprint build --lang {}` prints it",
                added.written.len(),
                lang,
                from,
                lang
            );
            crate::output::outcome::exit::OK
        }
        Err(e) => {
            eprintln!("error: {e}");
            crate::output::outcome::exit::FAILURE
        }
    }
}
