//! Labels in every language (issue 8): components take their words from
//! templates/i18n/<lang>.toml, the main command writes every language, a
//! missing key is refused naming the key, the language and the file, and a new
//! language is a new file. And the words themselves (issue 13): numbers in the
//! language's format, one glossary per language, typographic quotes and one
//! form of address.

mod common;

use common::{TestDir, pdf_text};

fn project_file(rel: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

fn with_labels(name: &str) -> TestDir {
    let dir = TestDir::with_shipped_layout(name);
    for lang in ["es", "en", "ca"] {
        let rel = format!("templates/i18n/{lang}.toml");
        dir.write(&rel, &project_file(&rel));
    }
    dir
}

#[test]
fn every_language_comes_out_of_one_build_with_its_own_words() {
    let dir = with_labels("i18n-all");
    dir.run(&["build", "--format", "pdf"]).expect_code(0);
    for (file, title, caption) in [
        ("pitch.pdf", "Fútbol de tablero y dados", "casillas de 20 mm"),
        ("pitch-en.pdf", "Dice Football", "squares of 20 mm"),
        ("pitch-ca.pdf", "Futbol de tauler i daus", "caselles de 20 mm"),
    ] {
        let text = pdf_text(&dir.read(format!("output/dice-football/{file}")));
        assert!(text.contains(title), "{file} has its title: {text}");
        assert!(
            text.contains(caption),
            "{file} has its caption with the board's numbers: {text}"
        );
    }
    // --lang picks one.
    let dir = with_labels("i18n-one");
    dir.run(&["build", "--lang", "ca", "--format", "pdf"]).expect_code(0);
    assert!(dir.join("output/dice-football/pitch-ca.pdf").exists());
    assert!(!dir.join("output/dice-football/pitch.pdf").exists());
}

#[test]
fn a_missing_key_names_the_key_the_language_and_the_file() {
    let dir = with_labels("i18n-missing-key");
    let en = project_file("templates/i18n/en.toml").replace("scale_bar = \"this bar is 50 mm long\"\n", "");
    dir.write("templates/i18n/en.toml", &en);
    let run = dir.run(&["check", "--json"]);
    run.expect_code(1);
    let findings = common::json_findings(&run.stdout);
    let f = findings
        .iter()
        .find(|f| f["code"] == "i18n-missing")
        .unwrap_or_else(|| panic!("{}", run.stdout));
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains("dice.scale_bar") && message.contains("en") && message.contains("en.toml"),
        "{message}"
    );
    assert_eq!(
        f["location"]["key"], "text.scale_bar_label",
        "the layout key that asked for it"
    );
    // Spanish and Catalan are still fine.
    dir.run(&["check", "--lang", "es"]).expect_code(0);
    dir.run(&["check", "--lang", "ca"]).expect_code(0);
}

#[test]
fn a_new_language_is_a_new_file() {
    let dir = with_labels("i18n-new");
    let fr = project_file("templates/i18n/en.toml")
        .replace("title = \"Dice Football\"", "title = \"Football de plateau et dés\"");
    dir.write("templates/i18n/fr.toml", &fr);
    dir.run(&["build", "--lang", "fr", "--format", "pdf"]).expect_code(0);
    let text = pdf_text(&dir.read("output/dice-football/pitch-fr.pdf"));
    assert!(text.contains("Football de plateau et dés"), "{text}");
    let run = dir.run(&["check", "--lang", "de"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[i18n-missing]") && run.stderr.contains("de.toml"),
        "{}",
        run.stderr
    );
}

// ---------------------------------------------------------------------------
// Words (issue 13, items 14 and 15): one glossary per language, typographic
// quotes and apostrophes, one form of address, and numbers in the language's
// format. These read the texts themselves: every label of
// templates/i18n/<lang>.toml and every rule text of templates/rules.

const LANGS: [&str; 3] = ["es", "en", "ca"];
const GAMES: [&str; 4] = ["dice-football", "futbolchess", "league", "path-football"];

/// A language's labels file, parsed.
fn tables(lang: &str) -> toml::Table {
    let rel = format!("templates/i18n/{lang}.toml");
    toml::from_str(&project_file(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// One piece of prose: where it comes from and what it says.
struct Prose {
    at: String,
    text: String,
}

/// The labels a sheet prints: every string of the labels file but the
/// glossary (which lists the words not to print) and the number format.
fn label_prose(lang: &str) -> Vec<Prose> {
    let mut out = Vec::new();
    for (section, value) in tables(lang) {
        if matches!(section.as_str(), "glossary" | "format") {
            continue;
        }
        for (key, v) in value.as_table().into_iter().flatten() {
            if let Some(s) = v.as_str() {
                out.push(Prose {
                    at: format!("templates/i18n/{lang}.toml [{section}] {key}"),
                    text: s.to_string(),
                });
            }
        }
    }
    out
}

/// A rule text's prose, line by line: a figure marker is its caption (the
/// figure's name is code), and text between backticks is code, not prose.
fn rule_prose(game: &str, lang: &str) -> Vec<Prose> {
    let rel = format!("templates/rules/{game}/{lang}.md");
    project_file(&rel)
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let line = match line.trim().strip_prefix("{{diagram:") {
                Some(rest) => rest.split_once('|').map_or("", |(_, c)| c).trim_end_matches('}'),
                None => line,
            };
            let text: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            Prose {
                at: format!("{rel}:{}", i + 1),
                text,
            }
        })
        .collect()
}

/// Every label and rule text of a language.
fn all_prose(lang: &str) -> Vec<Prose> {
    let mut out = label_prose(lang);
    for game in GAMES {
        out.extend(rule_prose(game, lang));
    }
    out
}

#[test]
fn labels_and_rules_write_decimals_with_the_languages_mark() {
    // es and ca write "17,5"; en "17.5". A number with the other mark is a
    // number in the wrong language.
    for lang in LANGS {
        let wrong = if lang == "en" { ',' } else { '.' };
        for p in all_prose(lang) {
            let chars: Vec<char> = p.text.chars().collect();
            let bad = chars
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == wrong && w[2].is_ascii_digit());
            assert!(!bad, "{}: a decimal written with \"{wrong}\": {}", p.at, p.text);
        }
    }
}

#[test]
fn a_board_of_a_fractional_pitch_writes_it_in_each_languages_format() {
    let dir = with_labels("i18n-decimal");
    let layout = dir.read_string("layouts/dice-football/pitch.toml");
    dir.write(
        "layouts/dice-football/pitch.toml",
        &common::replace_line(&layout, "pitch = ", "pitch = 19.5"),
    );
    dir.run(&["build", "--format", "pdf"]).expect_code(0);
    for (file, want, not) in [
        ("pitch.pdf", "de 19,5 mm", "19.5"),
        ("pitch-en.pdf", "of 19.5 mm", "19,5"),
        ("pitch-ca.pdf", "de 19,5 mm", "19.5"),
    ] {
        let text = pdf_text(&dir.read(format!("output/dice-football/{file}")));
        assert!(text.contains(want) && !text.contains(not), "{file}: {text}");
    }
}
