//! Hostile and careless text (issue 14): words wider than their column,
//! control characters, Markdown outside the subset, text whose ink leaves its
//! box. Layouts are loaded in process with broken copies laid over the
//! shipped files in memory, as `in_process.rs` does.

use std::path::{Path, PathBuf};

use pitchprint::code::Code;
use pitchprint::diag::Finding;
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::Shape;
use pitchprint::scene::page::Document;
use pitchprint::typeset::FORCED_BREAK;
use pitchprint::world::{Disk, Overlay, World};

fn shipped(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn text_of(rel: &str) -> String {
    std::fs::read_to_string(shipped(rel)).unwrap()
}

/// `text` with the first line starting `start` (after indentation) replaced
/// by `line`.
fn with_line(text: &str, start: &str, line: &str) -> String {
    let mut found = false;
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if !found && l.trim_start().starts_with(start) {
                found = true;
                line.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(found, "no line starts with {start:?}");
    out.join("\n") + "\n"
}

/// `text` with `extra` inserted after the first line starting `after`; and
/// the 1-based line `extra` starts on.
fn inserted(text: &str, after: &str, extra: &str) -> (String, usize) {
    let at = text
        .lines()
        .position(|l| l.starts_with(after))
        .unwrap_or_else(|| panic!("no line starts with {after:?}"));
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(at + 1, extra);
    (lines.join("\n") + "\n", at + 2)
}

/// The findings of `rel` built in `lang`, in `world`, and the composed
/// document when it loads.
fn load_and_check(world: &dyn World, rel: &str, lang: &str) -> (Vec<Finding>, Option<Document>) {
    let p = Pipeline::new(world);
    let overrides = Overrides {
        lang: Some(lang.into()),
        ..Overrides::default()
    };
    match p.load(&shipped(rel), &overrides) {
        Err(f) => (f, None),
        Ok(loaded) => {
            let doc = pipeline::compose(&loaded);
            (pipeline::check(&loaded, &doc), Some(doc))
        }
    }
}

/// Every text of a document, run after run, in drawing order.
fn texts(doc: &Document) -> String {
    let mut out = String::new();
    for page in &doc.pages {
        page.walk(&mut |item, _| {
            if let Shape::Text(run) = &item.shape {
                out.push_str(&run.text);
                out.push(' ');
            }
        });
    }
    out
}

fn errors(found: &[Finding]) -> Vec<String> {
    found.iter().filter(|f| f.is_error()).map(|f| f.to_string()).collect()
}

const URL: &str = "https://example.org/a/very/long/path/to/the/official/rules/of/dice-football/version-2.pdf";

// ---------------------------------------------------------------------------
// Item 3: a word wider than its column is broken by force, never dropped.
// ---------------------------------------------------------------------------

#[test]
fn a_word_wider_than_its_column_is_broken_by_force_with_a_warning_at_its_line() {
    for (folder, layout) in [("rules", "rules.toml"), ("covers", "cover.toml")] {
        let md = format!("templates/{folder}/dice-football/en.md");
        let (text, line) = inserted(&text_of(&md), "## ", &format!("\nSee {URL} for more.\n"));
        let line = line + 1; // after the blank line
        let world = Overlay::new(&Disk).with(shipped(&format!("layouts/dice-football/../../{md}")), text);
        let (found, doc) = load_and_check(&world, &format!("layouts/dice-football/{layout}"), "en");
        assert!(errors(&found).is_empty(), "{md}: {:?}", errors(&found));
        let forced: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextForced).collect();
        assert_eq!(forced.len(), 1, "{md}: one warning for the one word: {found:?}");
        let f = forced[0];
        assert!(!f.is_error() && f.message.contains(URL), "{f}");
        assert!(f.location.file.ends_with(&md), "{f}");
        assert_eq!(f.location.line, Some(line), "{f}");
        // Every character of the word is printed, in order, the pieces ending
        // in the forced-break mark.
        let printed = texts(&doc.expect("it composes")).replace(&format!("{FORCED_BREAK} "), "");
        assert!(printed.contains(URL), "{md}: the whole word is printed");
    }
}

#[test]
fn a_word_wider_than_a_reference_card_is_broken_by_force_with_a_warning() {
    let md = "templates/reference/league/en.md";
    let (text, line) = inserted(&text_of(md), "# ", &format!("\n{URL}\n"));
    let world = Overlay::new(&Disk).with(shipped(&format!("layouts/league/../../{md}")), text);
    let (found, doc) = load_and_check(&world, "layouts/league/reference.toml", "en");
    let forced: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextForced).collect();
    assert_eq!(forced.len(), 1, "{found:?}");
    assert_eq!(forced[0].location.line, Some(line + 1), "{}", forced[0]);
    let printed = texts(&doc.expect("it composes")).replace(&format!("{FORCED_BREAK} "), "");
    assert!(printed.contains(URL));
}

#[test]
fn a_label_word_wider_than_its_box_is_broken_by_force_with_a_warning_at_its_key() {
    let rel = "layouts/path-football/fields.toml";
    let text = with_line(
        &text_of(rel),
        "practice =",
        &format!("practice = \"Try the boundary first, as {URL} shows.\""),
    );
    let world = Overlay::new(&Disk).with(shipped(rel), text);
    let (found, doc) = load_and_check(&world, rel, "en");
    let forced: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextForced).collect();
    assert_eq!(forced.len(), 1, "{found:?}");
    assert!(
        forced[0]
            .location
            .key
            .as_deref()
            .is_some_and(|k| k.ends_with("practice")),
        "{}",
        forced[0]
    );
    let printed = texts(&doc.expect("it composes")).replace(&format!("{FORCED_BREAK} "), "");
    assert!(printed.contains(URL));
}
