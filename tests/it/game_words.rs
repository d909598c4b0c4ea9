//! A game is its own folder: its words in every language live in
//! `layouts/<game>/i18n/<lang>.toml` beside its texts, so that a game made
//! with `pitchprint new game` and given English and Portuguese words alone
//! builds in those two (no Spanish asked for), hyphenated, and `i18n`
//! lists and writes only what that game prints.

use crate::common::pdf_text;
use crate::common::{TestDir, replace_line};

/// The Portuguese rules of the fixture game: long words in narrow columns,
/// so that lines break inside words where the patterns allow.
pub const RULES_PT: &str = "# Duelo de Pênaltis\n\n\
Uma disputa de pênaltis para {players}: um chuta, o outro defende a baliza, e depois trocam de papel.\n\n\
## Um chute\n\n\
O cobrador escolhe secretamente um quadrado da baliza, de 1 a {squares}: vira o dado para esse número \
e esconde-o debaixo da mão. O goleiro aponta então para um quadrado. Responsabilidades extraordinariamente \
complicadas acompanham inevitavelmente cada participante, independentemente da classificação. \
Se o goleiro apontar para o quadrado que o dado mostra, a defesa acontece; qualquer outro quadrado é gol.\n\n\
{{diagram: sheet | A baliza, com os seis quadrados numerados como as faces de um dado.}}\n\n\
## Uma partida\n\n\
Cada jogador cobra {penalties} pênaltis, alternadamente. Quem marcar mais vence. Empatados depois de \
{penalties} cada, continuem um chute cada, até que um marque e o outro não.\n";

/// The Portuguese cover: what to print, file by file.
pub const COVER_PT: &str = "# Duelo de Pênaltis: imprimir o jogo\n\n\
> **{players} jogadores** · idade **{age}+** · cerca de **{minutes} minutos** por partida\n\n\
Tudo o que o jogo precisa, arquivo por arquivo. Imprima cada arquivo a 100 %.\n\n\
## O que imprimir\n\n\
- **board-pt.pdf**: a baliza, em 1 folha de cartolina, de um lado só.\n\
- **rules-pt.pdf**: as regras, em papel comum, de um lado só.\n\
- **cover-pt.pdf**: esta página, em papel comum.\n\n\
## À mesa\n\n\
{{diagram: sheet | A baliza que os dois jogadores olham, com os quadrados numerados de 1 a 6.}}\n\n\
Ponham a baliza entre os jogadores, cada um com um dado. Depois sigam as regras.\n";

/// A game made with `pitchprint new game` in `dir`, given English and
/// Portuguese words only: its board's title and caption are the game's
/// own labels, its Spanish and Catalan texts removed, and its Portuguese
/// started with `i18n add pt` of the game, then translated.
fn english_and_portuguese_game(name: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.run(&["new", "game", "layouts/derby"]).expect_code(0);
    for text in ["rules", "cover"] {
        for lang in ["es", "ca"] {
            std::fs::remove_file(dir.join(format!("layouts/derby/{text}/{lang}.md"))).unwrap();
        }
    }
    let board = std::fs::read_to_string(dir.join("layouts/derby/board.toml")).unwrap();
    let board = replace_line(&board, "title = ", "title = \"@derby.title\"");
    let board = replace_line(&board, "caption = ", "caption = \"@derby.caption\"");
    dir.write("layouts/derby/board.toml", &board);
    dir.write(
        "layouts/derby/i18n/en.toml",
        "[derby]\ntitle = \"Penalty Duel: the goal\"\ncaption = \"Pick a square, hide your die, shoot.\"\n",
    );
    let add = dir.run(&["i18n", "add", "pt", "layouts/derby"]);
    add.expect_code(0);
    assert!(add.stderr.contains("3 file(s) written for pt"), "{}", add.stderr);
    dir.write("layouts/derby/rules/pt.md", RULES_PT);
    dir.write("layouts/derby/cover/pt.md", COVER_PT);
    let pt = std::fs::read_to_string(dir.join("layouts/derby/i18n/pt.toml")).unwrap();
    let pt = replace_line(&pt, "title = ", "title = \"Duelo de Pênaltis: a baliza\"");
    let pt = replace_line(
        &pt,
        "caption = ",
        "caption = \"Escolha um quadrado, esconda o dado, chute.\"",
    );
    dir.write("layouts/derby/i18n/pt.toml", &pt);
    dir
}

/// The lines of a PDF's text that end in a hyphen after a letter, the next
/// line going on with a small letter: words broken by hyphenation.
fn hyphenated_lines(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|w| {
            let broken = w[0].ends_with('-') && w[0].chars().rev().nth(1).is_some_and(char::is_alphabetic);
            broken && w[1].chars().next().is_some_and(char::is_lowercase)
        })
        .count()
}

#[test]
fn a_game_of_its_own_english_and_portuguese_words_builds_in_those_two_hyphenated() {
    let dir = english_and_portuguese_game("game-words-en-pt");
    let run = dir.run(&["build", "layouts/derby", "--lang", "en,pt", "--format", "pdf"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("error["), "{}", run.stderr);
    assert!(!run.stderr.contains("i18n-literal"), "{}", run.stderr);
    let read = |file: &str| pdf_text(&std::fs::read(dir.join("output/derby").join(file)).unwrap());
    let board = read("board-pt.pdf");
    assert!(board.contains("Duelo de Pênaltis: a baliza"), "{board}");
    assert!(read("board-en.pdf").contains("Penalty Duel: the goal"));
    let rules = read("rules-pt.pdf");
    assert!(rules.contains("goleiro") && rules.contains("pênaltis"), "{rules}");
    assert!(
        hyphenated_lines(&rules) >= 1,
        "Portuguese words broken by its patterns:\n{rules}"
    );
    // Every language of the game's own words, and no Spanish, when none is
    // asked for: the kit too.
    let all = dir.run(&["build", "layouts/derby", "--format", "pdf"]);
    all.expect_code(0);
    assert!(all.stderr.contains("in 2 languages (en, pt)"), "{}", all.stderr);
    assert!(!dir.join("output/derby/board.pdf").exists(), "no Spanish board");
    let kit = dir.run(&["kit", "layouts/derby", "--lang", "en,pt"]);
    kit.expect_code(0);
    assert!(!kit.stderr.contains("error["), "{}", kit.stderr);
    assert!(read("kit-pt.pdf").contains("Duelo de Pênaltis"));
}

#[test]
fn a_word_the_game_lacks_is_named_in_the_games_own_file_and_a_literal_title_is_a_warning() {
    let dir = english_and_portuguese_game("game-words-missing");
    let pt = std::fs::read_to_string(dir.join("layouts/derby/i18n/pt.toml")).unwrap();
    let without_caption = replace_line(&pt, "caption = ", "");
    dir.write("layouts/derby/i18n/pt.toml", &without_caption);
    let run = dir.run(&["check", "layouts/derby/board.toml", "--lang", "pt"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("the pt labels have no \"derby.caption\"")
            && run.stderr.contains("add `caption` to layouts/derby/i18n/pt.toml"),
        "{}",
        run.stderr
    );
    // A title written as words, in a layout built in two languages.
    dir.write("layouts/derby/i18n/pt.toml", &pt);
    let board = std::fs::read_to_string(dir.join("layouts/derby/board.toml")).unwrap();
    dir.write(
        "layouts/derby/board.toml",
        &replace_line(&board, "title = ", "title = \"The goal\""),
    );
    let run = dir.run(&["check", "layouts/derby/board.toml", "--lang", "en"]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("warning[i18n-literal]")
            && run.stderr.contains("layouts/derby/board.toml:11")
            && run.stderr.contains("write text.title = \"@derby.title\"")
            && run.stderr.contains("layouts/derby/i18n/pt.toml"),
        "{}",
        run.stderr
    );
    // Built in one language only, the same title is no finding.
    std::fs::remove_file(dir.join("layouts/derby/i18n/pt.toml")).unwrap();
    let one = dir.run(&["check", "layouts/derby/board.toml", "--lang", "en"]);
    assert!(!one.stderr.contains("i18n-literal"), "{}", one.stderr);
}

#[test]
fn i18n_of_a_game_lists_and_writes_only_what_that_game_prints() {
    let dir = english_and_portuguese_game("game-words-i18n");
    let report = dir.run(&["i18n", "layouts/derby"]);
    assert!(
        report.stdout.lines().next().is_some_and(|l| l.starts_with("en:")),
        "{}",
        report.stdout
    );
    assert!(
        !report.stdout.contains("\nes:") && !report.stdout.contains("dice."),
        "{}",
        report.stdout
    );
    let pt = std::fs::read_to_string(dir.join("layouts/derby/i18n/pt.toml")).unwrap();
    dir.write("layouts/derby/i18n/pt.toml", &replace_line(&pt, "caption = ", ""));
    let report = dir.run(&["i18n", "layouts/derby"]);
    report.expect_code(1);
    assert!(
        report
            .stdout
            .contains("layouts/derby/i18n/pt.toml: missing label derby.caption (en have it)"),
        "{}",
        report.stdout
    );
    assert!(!report.stdout.contains("futbolchess"), "{}", report.stdout);

    // A new language: the game's files alone, in its folder.
    let add = dir.run(&["i18n", "add", "ca", "layouts/derby"]);
    add.expect_code(0);
    let written: Vec<&str> = add.stderr.lines().filter(|l| l.starts_with("wrote ")).collect();
    assert_eq!(written.len(), 3, "{}", add.stderr);
    assert!(
        written.iter().all(|l| l.starts_with("wrote layouts/derby/")),
        "{}",
        add.stderr
    );
    let ca = std::fs::read_to_string(dir.join("layouts/derby/i18n/ca.toml")).unwrap();
    assert!(ca.starts_with("#:copied-from en\n"), "{ca}");
    let table: toml::Table = toml::from_str(&ca).unwrap();
    assert_eq!(table["derby"]["title"].as_str(), Some("Penalty Duel: the goal"));
    assert!(table.contains_key("kit") && !table.contains_key("dice"), "{ca}");
    let built = dir.run(&["build", "layouts/derby", "--lang", "ca", "--format", "pdf"]);
    built.expect_code(0);
    assert!(dir.join("output/derby/board-ca.pdf").is_file(), "{}", built.stderr);
}

#[test]
fn a_language_of_the_game_teaches_the_card_scaffold_its_header_words() {
    let dir = english_and_portuguese_game("game-words-header");
    let sheet = "Título,Texto,Quantidade\nEvento 1,Um chute cruzado.,2\nEvento 2,Uma defesa difícil.,3\n";
    dir.write("layouts/derby/eventos.csv", sheet);
    let args = [
        "new",
        "card-deck",
        "layouts/derby/eventos.toml",
        "--from",
        "layouts/derby/eventos.csv",
    ];
    dir.run(&args).expect_code(0);
    let deck = std::fs::read_to_string(dir.join("layouts/derby/eventos.toml")).unwrap();
    assert!(
        !deck.contains("quantity = \"Quantidade\""),
        "not a word pitchprint ships:\n{deck}"
    );
    std::fs::remove_file(dir.join("layouts/derby/eventos.toml")).unwrap();
    std::fs::remove_file(dir.join("layouts/derby/eventos-card.toml")).unwrap();
    let pt = std::fs::read_to_string(dir.join("layouts/derby/i18n/pt.toml")).unwrap();
    dir.write(
        "layouts/derby/i18n/pt.toml",
        &format!("{pt}\n[header_words]\nquantity = \"Quantidade, Cópias\"\n"),
    );
    dir.run(&args).expect_code(0);
    let deck = std::fs::read_to_string(dir.join("layouts/derby/eventos.toml")).unwrap();
    assert!(deck.contains("quantity = \"Quantidade\""), "{deck}");
}

#[test]
fn a_layout_added_after_a_language_is_topped_up_by_i18n_add_keeping_the_translations() {
    let dir = english_and_portuguese_game("game-words-top-up");
    // The maker adds a score sheet after Portuguese was added: its labels
    // are not in the game's Portuguese words yet.
    dir.run(&["new", "score-sheet", "layouts/derby/score.toml"])
        .expect_code(0);
    let run = dir.run(&["check", "layouts/derby/score.toml", "--lang", "pt"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[i18n-missing]") && run.stderr.contains("layouts/derby/i18n/pt.toml"),
        "{}",
        run.stderr
    );
    // `i18n add pt` of the game again copies in what it lacks, and only that.
    let before = dir.read_string("layouts/derby/i18n/pt.toml");
    let add = dir.run(&["i18n", "add", "pt", "layouts/derby"]);
    add.expect_code(0);
    assert!(
        add.stderr.contains("label(s) to layouts/derby/i18n/pt.toml"),
        "{}",
        add.stderr
    );
    let after = dir.read_string("layouts/derby/i18n/pt.toml");
    assert!(
        after.contains("Duelo de Pênaltis: a baliza"),
        "translations kept:\n{after}"
    );
    for line in before.lines() {
        assert!(after.lines().any(|l| l == line), "{line:?} kept:\n{after}");
    }
    assert!(after.len() > before.len(), "labels added");
    toml::from_str::<toml::Table>(&after).expect("still TOML");
    dir.run(&["check", "layouts/derby", "--lang", "pt"]).expect_code(0);
    // Run again, it has nothing to add.
    let again = dir.run(&["i18n", "add", "pt", "layouts/derby"]);
    again.expect_code(0);
    assert!(!again.stderr.contains("label(s) to"), "{}", again.stderr);
    assert_eq!(dir.read_string("layouts/derby/i18n/pt.toml"), after);
}
