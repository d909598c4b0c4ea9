//! The three languages tell the same game: every rule sheet,
//! reference card and cover has, in es, en and ca, the same headings, lists,
//! boxes and figures in the same order, and the same numbers. A rule added
//! or changed in one language only, or a number written differently (15
//! minutes in one, 10 in another), fails here. (`rules` holds each
//! printed sheet to its source's words.)

use std::collections::BTreeMap;

use crate::common::project_file;

use crate::common::GAMES;
const LANGS: [&str; 3] = ["es", "en", "ca"];
const KINDS: [&str; 3] = ["rules", "reference", "covers"];

/// The shape of a Markdown text: a word per block, in order (`h2`, `li`,
/// `ol`, `box`, `fig`, `sep`, `p`).
fn shape(md: &str) -> Vec<String> {
    md.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let hashes = l.chars().take_while(|c| *c == '#').count();
            if hashes > 0 {
                format!("h{hashes}")
            } else if l.starts_with("- ") || l.starts_with("* ") {
                "li".into()
            } else if l
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            {
                "ol".into()
            } else if l.starts_with('>') {
                "box".into()
            } else if l.starts_with("{{") {
                "fig".into()
            } else if l == "---" {
                "sep".into()
            } else {
                "p".into()
            }
        })
        .collect()
}

/// Every number of a text (`15`, `2.5`: a decimal comma read as a point),
/// with how often it appears.
fn numbers(md: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let chars: Vec<char> = md.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let mut n = String::new();
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || ((chars[i] == '.' || chars[i] == ',') && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                n.push(if chars[i] == ',' { '.' } else { chars[i] });
                i += 1;
            }
            *out.entry(n).or_insert(0) += 1;
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn every_language_has_the_same_blocks_in_the_same_order() {
    let mut wrong = Vec::new();
    for kind in KINDS {
        for game in GAMES {
            let es = shape(&project_file(&format!("templates/{kind}/{game}/es.md")));
            for lang in &LANGS[1..] {
                let other = shape(&project_file(&format!("templates/{kind}/{game}/{lang}.md")));
                if other != es {
                    let at = es
                        .iter()
                        .zip(&other)
                        .position(|(a, b)| a != b)
                        .unwrap_or(es.len().min(other.len()));
                    wrong.push(format!(
                        "templates/{kind}/{game}/{lang}.md: block {} is {:?}, es has {:?} ({} blocks against {})",
                        at + 1,
                        other.get(at),
                        es.get(at),
                        other.len(),
                        es.len()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_language_has_the_same_numbers() {
    let mut wrong = Vec::new();
    for kind in KINDS {
        for game in GAMES {
            let es = numbers(&project_file(&format!("templates/{kind}/{game}/es.md")));
            for lang in &LANGS[1..] {
                let other = numbers(&project_file(&format!("templates/{kind}/{game}/{lang}.md")));
                if other != es {
                    let differ: Vec<String> = es
                        .keys()
                        .chain(other.keys())
                        .filter(|n| es.get(*n) != other.get(*n))
                        .map(|n| {
                            format!(
                                "{n}: es {}, {lang} {}",
                                es.get(n).unwrap_or(&0),
                                other.get(n).unwrap_or(&0)
                            )
                        })
                        .collect();
                    wrong.push(format!("templates/{kind}/{game}/{lang}.md: {}", differ.join("; ")));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_shape_and_numbers_are_read_as_meant() {
    let md = "# T\n\nA 15-minute half, 2,5 mm.\n\n- one\n1. first\n> box\n{{diagram: x | y}}\n---\n";
    assert_eq!(shape(md), ["h1", "p", "li", "ol", "box", "fig", "sep"]);
    let n = numbers(md);
    assert_eq!(n.get("15"), Some(&1));
    assert_eq!(n.get("2.5"), Some(&1));
    assert_eq!(n.get("1"), Some(&1));
}
