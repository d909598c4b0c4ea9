//! The documents a user reads: the README and the book's chapters under
//! `docs/book/src/` (mdBook's layout, listed by its `SUMMARY.md`). The tests
//! hold their examples, quotes and links to what the program does.

use std::path::{Path, PathBuf};

use super::project_root;

/// The folder of the book's chapters.
pub fn book_src() -> PathBuf {
    project_root().join("docs/book/src")
}

/// The chapters `SUMMARY.md` lists, in its order, as file names relative to
/// [`book_src`]: every `[title](file.md)` of it.
pub fn book_chapter_files() -> Vec<String> {
    let summary = std::fs::read_to_string(book_src().join("SUMMARY.md")).expect("the book has a SUMMARY.md");
    summary
        .lines()
        .filter_map(|line| {
            let start = line.find("](")? + 2;
            let end = start + line[start..].find(')')?;
            Some(line[start..end].to_string())
        })
        .collect()
}

/// One chapter's text, by its file name (`limits.md`).
pub fn book_chapter(name: &str) -> String {
    let path = book_src().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read the chapter {}: {e}", path.display()))
}

/// The README and every chapter, each as (path relative to the project,
/// text): the documents whose examples and links are checked.
pub fn user_documents() -> Vec<(PathBuf, String)> {
    let mut docs = vec![(
        PathBuf::from("README.md"),
        std::fs::read_to_string(project_root().join("README.md")).unwrap(),
    )];
    for name in book_chapter_files() {
        docs.push((Path::new("docs/book/src").join(&name), book_chapter(&name)));
    }
    docs
}

/// The README and every chapter one after the other: where a quote or an
/// example the tests look for may stand.
pub fn user_docs() -> String {
    user_documents()
        .into_iter()
        .map(|(_, text)| text)
        .collect::<Vec<_>>()
        .join("\n")
}
