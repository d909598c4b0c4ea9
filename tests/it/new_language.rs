//! A new language in one command: `pitchprint i18n add pt` writes every
//! per-language file from English, `pitchprint i18n` counts what is still
//! English, `build --lang pt` prints every layout and kit, and a build of
//! every language says which texts a language lacks.

use std::path::Path;

use pitchprint::translate::report::{paragraphs, words};

use crate::common::{files_with_extension, project_file, shipped_project};

/// Every `en.md` of the shipped text folders, as paths from the project's root.
fn english_texts(root: &Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = ["rules", "covers", "reference"]
        .iter()
        .flat_map(|kind| files_with_extension(&root.join("templates").join(kind), "md"))
        .filter(|p| p.file_name().is_some_and(|n| n == "en.md"))
        .collect();
    out.sort();
    out
}

/// The string labels of a labels file, as `pitchprint i18n` compares them.
fn string_labels(text: &str) -> usize {
    fn count(t: &toml::Table) -> usize {
        t.values()
            .map(|v| match v {
                toml::Value::String(_) => 1,
                toml::Value::Table(t) => count(t),
                _ => 0,
            })
            .sum()
    }
    count(&toml::from_str(text).unwrap())
}

#[test]
fn i18n_add_writes_every_file_of_a_language_that_then_builds_and_counts_as_untranslated() {
    let dir = shipped_project("i18n-add-pt");
    let run = dir.run(&["i18n", "add", "pt"]);
    run.expect_code(0);
    let texts = english_texts(dir.path());
    assert!(texts.len() >= 12, "every game's rules, cover and reference: {texts:?}");
    assert!(
        run.stderr
            .contains(&format!("{} file(s) written for pt", texts.len() + 1)),
        "{}",
        run.stderr
    );
    let labels = std::fs::read_to_string(dir.join("templates/i18n/pt.toml")).unwrap();
    assert!(labels.starts_with("#:copied-from en\n"), "{}", &labels[..80]);
    let en_labels = project_file("templates/i18n/en.toml");
    assert_eq!(string_labels(&labels), string_labels(&en_labels), "every label");
    // Every text copied, a cover's files named as the Portuguese build names them.
    let mut same_paragraphs = 0;
    for en in &texts {
        let pt = std::fs::read_to_string(en.with_file_name("pt.md")).unwrap();
        let en = std::fs::read_to_string(en).unwrap();
        assert!(!pt.contains("-en.pdf"), "no English file names left");
        assert_eq!(pt.matches("-pt.pdf").count(), en.matches("-en.pdf").count());
        let en_paras: Vec<String> = paragraphs(&en).into_iter().map(|(_, p)| p).collect();
        same_paragraphs += paragraphs(&pt)
            .iter()
            .filter(|(_, p)| words(p) >= 1 && en_paras.contains(p))
            .count();
    }

    // `i18n` counts every copied label and paragraph still as in English,
    // however short: the number the README gives.
    let report = dir.run(&["i18n"]);
    report.expect_code(1);
    // Nothing missing: Portuguese's hyphenation patterns are built in.
    let untranslated = string_labels(&en_labels) + same_paragraphs;
    let line = format!("pt: 0 missing, {untranslated} untranslated");
    assert!(
        report.stdout.lines().any(|l| l == line),
        "{line} in:\n{}",
        report.stdout
    );
    let readme = crate::common::user_docs()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(readme.contains(&format!("`{line}`")), "the book says `{line}`");
    // A label translated is no longer counted.
    let translated = labels.replace("\ndecimal = \".\"", "\ndecimal = \",\"");
    assert_ne!(translated, labels, "[format] decimal is there to translate");
    dir.write("templates/i18n/pt.toml", &translated);
    let again = dir.run(&["i18n"]);
    let fewer = format!("pt: 0 missing, {} untranslated", untranslated - 1);
    assert!(
        again.stdout.lines().any(|l| l == fewer),
        "{fewer} in:\n{}",
        again.stdout
    );

    // Run again: nothing is overwritten.
    let rerun = dir.run(&["i18n", "add", "pt"]);
    rerun.expect_code(0);
    assert!(rerun.stderr.contains("0 file(s) written for pt"), "{}", rerun.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("templates/i18n/pt.toml")).unwrap(),
        translated
    );

    // Every layout and kit prints in Portuguese.
    let build = dir.run(&["build", "--lang", "pt", "--format", "pdf"]);
    build.expect_code(0);
    assert!(!build.stderr.contains("error["), "{}", build.stderr);
    for game in ["dice-football", "futbolchess", "league", "path-football"] {
        for file in ["rules-pt.pdf", "cover-pt.pdf", "reference-pt.pdf", "kit-pt.pdf"] {
            let path = dir.join("output").join(game).join(file);
            assert!(path.is_file(), "{}", path.display());
        }
    }
}

#[test]
fn a_build_of_every_language_says_which_texts_a_language_lacks() {
    let dir = shipped_project("text-missing");
    // Labels in Portuguese, and no text of any rule sheet.
    dir.write("templates/i18n/pt.toml", &project_file("templates/i18n/en.toml"));
    let run = dir.run(&["build", "layouts/futbolchess/rules.toml", "--format", "pdf"]);
    run.expect_code(0);
    assert!(run.stderr.contains("warning[text-missing]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("layouts/futbolchess/rules.toml:"),
        "at the layout: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("templates/rules/futbolchess/pt.md"),
        "names the file: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("pitchprint i18n add pt"),
        "says how: {}",
        run.stderr
    );
    assert!(
        dir.join("output/futbolchess/rules-en.pdf").is_file(),
        "the others are built"
    );
    // Asked for by name, the language is an error (`rules-missing`), as before.
    let asked = dir.run(&["build", "layouts/futbolchess/rules.toml", "--lang", "pt"]);
    asked.expect_code(1);
    assert!(asked.stderr.contains("error[rules-missing]"), "{}", asked.stderr);
    // With the text written, no warning.
    dir.write(
        "templates/rules/futbolchess/pt.md",
        &project_file("templates/rules/futbolchess/en.md"),
    );
    let done = dir.run(&["build", "layouts/futbolchess/rules.toml", "--format", "pdf"]);
    done.expect_code(0);
    assert!(!done.stderr.contains("text-missing"), "{}", done.stderr);
}

/// Every `es.md` of the shipped text folders, as paths from the project's root.
fn spanish_texts(root: &Path) -> Vec<std::path::PathBuf> {
    english_texts(root)
        .into_iter()
        .map(|en| en.with_file_name("es.md"))
        .filter(|es| es.is_file())
        .collect()
}

#[test]
fn i18n_add_from_es_starts_the_language_from_the_spanish_words_and_keeps_what_it_has() {
    let dir = shipped_project("i18n-add-pt-from-es");
    // A text the language has already (here the English one, as a
    // translator may start from): kept as it is.
    let own = project_file("templates/reference/dice-football/en.md");
    dir.write("templates/reference/dice-football/pt.md", &own);
    let run = dir.run(&["i18n", "add", "pt", "--from", "es"]);
    run.expect_code(0);
    assert!(
        run.stderr
            .contains("wrote templates/i18n/pt.toml (a copy of the es one)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("kept templates/reference/dice-football/pt.md (the language has it already)"),
        "{}",
        run.stderr
    );

    // The labels are the Spanish ones, every value as Spanish writes it.
    let labels = dir.read_string("templates/i18n/pt.toml");
    assert!(labels.starts_with("#:copied-from es\n"), "{}", &labels[..80]);
    let es_labels = project_file("templates/i18n/es.toml");
    let table = |text: &str| text.parse::<toml::Table>().unwrap();
    assert_eq!(table(&labels), table(&es_labels), "every label as in Spanish");
    assert_ne!(
        table(&labels),
        table(&project_file("templates/i18n/en.toml")),
        "not the English ones"
    );

    // Every other text is the Spanish one, the files its list names named as
    // the Portuguese build names them (`board.pdf` becomes `board-pt.pdf`).
    let texts = spanish_texts(dir.path());
    assert!(texts.len() >= 12, "every game's rules, cover and reference: {texts:?}");
    let mut renamed = 0;
    let mut same_paragraphs = 0;
    for es in &texts {
        let pt_path = es.with_file_name("pt.md");
        let pt = std::fs::read_to_string(&pt_path).unwrap();
        let es = std::fs::read_to_string(es).unwrap();
        if pt_path.ends_with("reference/dice-football/pt.md") {
            assert_eq!(pt, own, "kept");
            continue;
        }
        assert_eq!(pt.replace("-pt.pdf", ".pdf"), es, "{}", pt_path.display());
        renamed += pt.matches("-pt.pdf").count();
        let es_paras: Vec<String> = paragraphs(&es).into_iter().map(|(_, p)| p).collect();
        same_paragraphs += paragraphs(&pt)
            .iter()
            .filter(|(_, p)| words(p) >= 1 && es_paras.contains(p))
            .count();
    }
    assert!(renamed >= 4, "each cover's list names its files: {renamed}");

    // `i18n` counts every copied label and paragraph as still as in Spanish,
    // and the kept text's (English) paragraphs as in English.
    let report = dir.run(&["i18n"]);
    report.expect_code(1);
    let as_in = |lang: &str| -> Vec<&str> {
        let tail = format!("(written as in {lang})");
        report.stdout.lines().filter(|l| l.ends_with(&tail)).collect()
    };
    assert_eq!(
        as_in("es").len(),
        string_labels(&es_labels) + same_paragraphs,
        "every copied label and paragraph"
    );
    let english = as_in("en");
    assert!(
        !english.is_empty()
            && english
                .iter()
                .all(|l| l.contains("templates/reference/dice-football/pt.md:")),
        "{english:?}"
    );
    let line = format!("pt: 0 missing, {} untranslated", as_in("es").len() + english.len());
    assert!(
        report.stdout.lines().any(|l| l == line),
        "{line} in:\n{}",
        report.stdout
    );

    // Built in Portuguese, the rule sheet prints the Spanish words.
    let build = dir.run(&[
        "build",
        "layouts/dice-football/rules.toml",
        "--lang",
        "pt",
        "--format",
        "pdf",
    ]);
    build.expect_code(0);
    let text = crate::common::pdf_text(&dir.read("output/dice-football/rules-pt.pdf"));
    let heading = project_file("templates/rules/dice-football/es.md")
        .lines()
        .find_map(|l| l.strip_prefix("## "))
        .expect("a heading")
        .to_string();
    let squeeze = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squeeze(&text).contains(&heading), "{heading:?} in the PDF");
}
