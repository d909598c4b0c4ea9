//! Labels in every language (issue 8): components take their words from
//! templates/i18n/<lang>.toml, the main command writes every language, a
//! missing key is refused naming the key, the language and the file, and a new
//! language is a new file.

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
