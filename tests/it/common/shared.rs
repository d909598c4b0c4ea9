//! Helpers that several test modules wrote each for themselves, kept once:
//! a project's folder made of shipped files or of given ones, a project
//! built once for the tests that only read its outputs, a Markdown
//! source's words, and text with its line breaks undone.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use super::{TestDir, project_file, words};

/// A fresh folder holding copies of the shipped files `rels`, each at the
/// path it has in the project (`layouts/futbolchess/board.toml`).
pub fn shipped_files(name: &str, rels: &[&str]) -> TestDir {
    let dir = TestDir::new(name);
    for rel in rels {
        dir.write(rel, &project_file(rel));
    }
    dir
}

/// A fresh folder holding `files`, each written at its path (relative to
/// the folder) with the text given.
pub fn project_of<S: AsRef<str>>(name: &str, files: &[(&str, S)]) -> TestDir {
    let dir = TestDir::new(name);
    for (rel, text) in files {
        dir.write(rel, text.as_ref());
    }
    dir
}

/// A fresh folder holding a copy of the shipped layouts and templates, as
/// a reader's checkout has them.
pub fn shipped_project(name: &str) -> TestDir {
    let dir = TestDir::new(name);
    super::copy_project(&dir);
    dir
}

/// A project of `files` (path, text) built once with `args`, which must
/// exit 0, for the tests that only read its outputs: one folder per `name`
/// for the whole run, however many tests ask for it, and the others built
/// meanwhile.
pub fn built_once<S: AsRef<str>>(name: &'static str, files: &[(&str, S)], args: &[&str]) -> &'static TestDir {
    static BUILT: Mutex<BTreeMap<&'static str, &'static OnceLock<TestDir>>> = Mutex::new(BTreeMap::new());
    // The map is held only to find the name's cell: two projects build at
    // once, and a second test asking for one waits on its cell alone.
    let cell: &'static OnceLock<TestDir> = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .entry(name)
        .or_insert_with(|| Box::leak(Box::new(OnceLock::new())));
    cell.get_or_init(|| {
        let dir = TestDir::shared(name);
        for (rel, text) in files {
            dir.write(rel, text.as_ref());
        }
        dir.run(args).expect_code(0);
        dir
    })
}

/// The words of a rule sheet's or reference card's Markdown source, as
/// [`words`] gives a PDF's, its markup removed: headings' `#`, list marks
/// (`- `, `1. `), bold and italic stars; a figure
/// (`{{diagram:name|caption}}`) is its caption, a box's `> ` lines their
/// text.
pub fn markdown_words(md: &str) -> Vec<String> {
    let text: Vec<String> = md
        .lines()
        .map(|l| {
            let l = l.trim();
            let l = l.strip_prefix('>').unwrap_or(l).trim_start();
            let l = match l.strip_prefix("{{diagram:") {
                Some(rest) => rest.split_once('|').map_or("", |(_, c)| c).trim_end_matches('}'),
                None => l,
            };
            let l = l.trim_start_matches('#').trim_start();
            let l = l.strip_prefix("- ").unwrap_or(l);
            let l = match l.split_once(". ") {
                Some((n, rest)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => rest,
                _ => l,
            };
            l.replace('*', "")
        })
        .collect();
    words(&text.join(" "))
}

/// `text` with its white space and ASCII hyphens taken out, so that a file
/// name broken at a line's end, or at one of its own hyphens, reads as one
/// again.
pub fn without_spaces_and_hyphens(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect()
}

/// `text` as [`without_spaces_and_hyphens`] gives it, and without the marks
/// a forced break or a typeset hyphen leaves (‐ U+2010, ‑ U+2011), so
/// that a word broken anywhere reads as one again.
pub fn without_breaks(text: &str) -> String {
    without_spaces_and_hyphens(text)
        .chars()
        .filter(|c| !matches!(c, '\u{2010}' | '\u{2011}'))
        .collect()
}
