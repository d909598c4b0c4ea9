//! Languages: `--lang` takes a list, and `pitchprint
//! i18n` says what each language of a project lacks: labels, rule texts, and
//! words left untranslated.

use crate::common::{TestDir, project_file, run_in};

#[test]
fn lang_takes_a_list_each_code_once() {
    let dir = TestDir::with_labels("lang-list");
    let run = dir.run(&["build", "--lang", "ca,en,ca", "--format", "pdf", "--verbose"]);
    run.expect_code(0);
    let out = "output/dice-football";
    assert!(dir.join(format!("{out}/pitch-ca.pdf")).exists());
    assert!(dir.join(format!("{out}/pitch-en.pdf")).exists());
    assert!(!dir.join(format!("{out}/pitch.pdf")).exists(), "es was not asked for");
    // In the order given, each once.
    let wrote: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("wrote")).collect();
    assert_eq!(wrote.len(), 2, "{}", run.stderr);
    assert!(
        wrote[0].contains("pitch-ca.pdf") && wrote[1].contains("pitch-en.pdf"),
        "{wrote:?}"
    );
    assert!(
        run.stderr.contains("built 1 layout in 2 languages (ca, en): 2 files"),
        "{}",
        run.stderr
    );
    // `--lang` may be given twice too; check takes lists alike.
    dir.run(&["check", "--lang", "es", "--lang", "ca"]).expect_code(0);
    // Every code is checked as one.
    let run = dir.run(&["check", "--lang", "es,EN"]);
    run.expect_code(2);
    assert!(run.stderr.contains("\"EN\" is not a language code"), "{}", run.stderr);
    let run = dir.run(&["check", "--lang", "es,../x"]);
    run.expect_code(2);
}

#[test]
fn the_help_says_lang_is_for_every_word() {
    let dir = TestDir::new("lang-help");
    for command in ["build", "check"] {
        let run = dir.run(&[command, "--help"]);
        run.expect_code(0);
        let text = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        for word in ["labels", "rule sheets", "covers", "file names", "comma-separated"] {
            assert!(text.contains(word), "{command} --help says {word}: {}", run.stdout);
        }
    }
}

#[test]
fn the_shipped_languages_are_complete() {
    let run = run_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), &["i18n"]);
    run.expect_code(0);
    for lang in ["es", "en", "ca"] {
        assert!(run.stdout.contains(&format!("{lang}: complete")), "{}", run.stdout);
    }
    // Every label file and text folder the layouts read was compared.
    assert!(
        run.stdout.contains("1 folder(s) of labels and 12 of texts"),
        "{}",
        run.stdout
    );
}

/// A project of the dice pitch and its rule sheet, in Spanish, English and
/// Catalan, where `edit` breaks the English.
fn dice_rules_in_three_languages(name: &str) -> TestDir {
    let dir = TestDir::with_labels(name);
    dir.write(
        "layouts/dice-football/rules.toml",
        "kind = \"rule-sheet\"\ntext = \"../../templates/rules/dice-football\"\nboard = \"pitch.toml\"\n",
    );
    for lang in ["es", "en", "ca"] {
        let rel = format!("templates/rules/dice-football/{lang}.md");
        dir.write(&rel, &project_file(&rel));
    }
    dir
}

/// The 1-based number of the first line of `text` opening with `start`.
fn first_line(text: &str, start: &str) -> usize {
    text.lines().position(|l| l.starts_with(start)).unwrap() + 1
}

#[test]
fn i18n_lists_what_each_language_lacks() {
    let dir = dice_rules_in_three_languages("i18n-gaps");
    dir.run(&["i18n"]).expect_code(0);
    let en = project_file("templates/i18n/en.toml");
    let es = project_file("templates/i18n/es.toml");
    // A key left out of English, and a sentence left in Spanish.
    let missing = en.replacen("scale_bar = \"this bar is 50 mm long\"\n", "", 1);
    let spanish_line = es.lines().find(|l| l.starts_with("instructions = ")).unwrap();
    let english = first_line(&missing, "instructions = ");
    let broken: Vec<&str> = missing
        .lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == english { spanish_line } else { l })
        .collect();
    dir.write("templates/i18n/en.toml", &(broken.join("\n") + "\n"));
    // And the Catalan rules gone.
    std::fs::remove_file(dir.join("templates/rules/dice-football/ca.md")).unwrap();
    let run = dir.run(&["i18n"]);
    run.expect_code(1);
    let out = &run.stdout;
    assert!(out.contains("es: complete"), "{out}");
    assert!(out.contains("en: 1 missing, 1 untranslated"), "{out}");
    assert!(
        out.contains("templates/i18n/en.toml: missing label dice.scale_bar (es, ca have it)"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "templates/i18n/en.toml:{english}: untranslated label tiling.instructions (written as in es)"
        )),
        "{out}"
    );
    assert!(out.contains("ca: 1 missing, 0 untranslated"), "{out}");
    assert!(
        out.contains("templates/rules/dice-football/ca.md: no such text (es, en have one; read by layouts/dice-football/rules.toml)"),
        "{out}"
    );
    assert!(out.contains("3 language(s), 1 complete"), "{out}");
}

#[test]
fn short_words_shared_by_two_languages_are_not_untranslated() {
    let dir = dice_rules_in_three_languages("i18n-shared");
    // "Total" and a two-word name read the same in English and Catalan;
    // a paragraph of rules copied whole does not pass.
    let ca = project_file("templates/i18n/ca.toml")
        .replace("title = \"Futbol de tauler i daus\"", "title = \"Dice Football\"");
    dir.write("templates/i18n/ca.toml", &ca);
    dir.run(&["i18n"]).expect_code(0);
    let es = project_file("templates/rules/dice-football/es.md");
    let en = project_file("templates/rules/dice-football/en.md");
    let paragraph = es
        .split("\n\n")
        .find(|p| !p.starts_with('#') && p.split_whitespace().count() > 12)
        .unwrap();
    dir.write("templates/rules/dice-football/en.md", &format!("{en}\n{paragraph}\n"));
    let run = dir.run(&["i18n"]);
    run.expect_code(1);
    assert!(run.stdout.contains("untranslated paragraph"), "{}", run.stdout);
    assert!(run.stdout.contains("(written as in es)"), "{}", run.stdout);
}
