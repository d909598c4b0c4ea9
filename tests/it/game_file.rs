//! The game file (`layouts/<game>/game.toml`): its numbers printed in the
//! rule sheets, covers and reference cards of every language, the figures
//! the layouts decide (notes, sheets) read from them, the bank held to the
//! numbers, the kit's order, and a placeholder the game lacks refused at
//! its line and column.

use std::path::PathBuf;

use crate::common::{TestDir, main_job, pdf_page_texts, project_file, project_root, shipped, svg_texts, with_line};

use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::geom::PaperSize;
use pitchprint::input::world::{Disk, Overlay, World};
use pitchprint::kit::{self, Game, shelf::Shelf};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};

const GAME: &str = "layouts/league/game.toml";
const NOTES: &str = "layouts/league/banknotes.toml";

/// Every word a layout prints in `lang`, its pages' texts joined by spaces,
/// no-break spaces read as spaces; or its findings when it does not load.
fn printed(world: &dyn World, rel: &str, lang: &str) -> Result<String, Vec<Finding>> {
    let overrides = Overrides {
        lang: Some(lang.into()),
        ..Overrides::default()
    };
    let loaded = Pipeline::new(world).load(&shipped(rel), &overrides)?;
    let errors: Vec<Finding> = loaded
        .layout
        .check(&loaded.source, &pipeline::compose(&loaded))
        .into_iter()
        .filter(Finding::is_error)
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let doc = pipeline::compose(&loaded);
    let mut words = Vec::new();
    for i in 0..doc.page_count() {
        let svg = pitchprint::export::svg::export_page(&doc, i).unwrap();
        let svg = roxmltree::Document::parse(&svg).unwrap();
        words.extend(svg_texts(&svg));
    }
    Ok(words.join(" ").replace('\u{a0}', " "))
}

/// The league's game file with `line` (a `key = value`) in place of the
/// line that starts with its key.
fn game_with(lines: &[&str]) -> String {
    let mut text = project_file(GAME);
    for line in lines {
        let key = line.split('=').next().unwrap().trim();
        text = with_line(&text, &format!("{key} ="), line);
    }
    text
}

/// The banknotes layout with `count` notes of the denomination `value`.
fn notes_with(value: u32, count: u32) -> String {
    let text = project_file(NOTES);
    let at = text.find(&format!("value = {value}\n")).expect("the denomination");
    let (head, tail) = text.split_at(at);
    let old = tail.lines().find(|l| l.starts_with("count =")).unwrap();
    format!("{head}{}", tail.replacen(old, &format!("count = {count}"), 1))
}

#[test]
fn the_league_texts_print_the_numbers_of_its_game_file_in_every_language() {
    // 200 to start is 3 notes of 50 on the rules' ladder: 6 coaches need 18.
    let world = Overlay::new(&Disk)
        .with(
            shipped(GAME),
            game_with(&["start_money = 200", "win_prize = 30", "win_points = 2"]),
        )
        .with(shipped(NOTES), notes_with(50, 30));
    let want = [
        (
            "en",
            vec![
                "starts with 200 M from the bank, as 3 notes of 50 M, 4 of 10 M, 1 of 5 M and 5 of 1 M",
                "each winner collects 30 M",
                "Points: 2 for a win",
            ],
        ),
        (
            "es",
            vec![
                "empieza con 200 M del banco, en 3 billetes de 50 M, 4 de 10 M, 1 de 5 M y 5 de 1 M",
                "cada ganador cobra 30 M",
                "Puntos: 2 por victoria",
            ],
        ),
        (
            "ca",
            vec![
                "comença amb 200 M del banc, en 3 bitllets de 50 M, 4 de 10 M, 1 de 5 M i 5 d’1 M",
                "cada guanyador cobra 30 M",
                "Punts: 2 per victòria",
            ],
        ),
    ];
    for (lang, sentences) in want {
        let text = squeeze(&printed(&world, "layouts/league/rules.toml", lang).unwrap());
        for s in sentences {
            assert!(text.contains(s), "{lang}: \"{s}\" not in the rules:\n{text}");
        }
        let card = squeeze(&printed(&world, "layouts/league/reference.toml", lang).unwrap());
        assert!(card.contains("30 M"), "{lang}: the reference card's prize:\n{card}");
        assert!(
            !card.contains("20 M"),
            "{lang}: the old prize is still printed:\n{card}"
        );
    }
    // The shipped numbers print the shipped rules.
    let text = squeeze(&printed(&Disk, "layouts/league/rules.toml", "en").unwrap());
    assert!(
        text.contains("as 1 note of 50 M, 4 of 10 M, 1 of 5 M and 5 of 1 M"),
        "{text}"
    );
}

/// `text` with hyphenated line ends joined and runs of spaces made one, so
/// that a sentence is found across the lines it was set on.
fn squeeze(text: &str) -> String {
    let joined = text.replace("- ", "").replace("‐ ", "");
    joined.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_cover_counts_the_notes_and_sheets_its_bank_prints() {
    // 60 notes of 1 M: 132 notes, 6 to an A4 sheet, 22 sheets.
    let world = Overlay::new(&Disk).with(shipped(NOTES), notes_with(1, 60));
    for (lang, want) in [
        ("en", "132 notes, 6 to a sheet: 22 sheets of card"),
        ("es", "132 billetes, 6 por hoja: 22 hojas de cartulina"),
        ("ca", "132 bitllets, 6 per full: 22 fulls de cartolina"),
    ] {
        let cover = squeeze(&printed(&world, "layouts/league/cover.toml", lang).unwrap());
        assert!(cover.contains(want), "{lang}: {cover}");
        assert!(cover.contains("60 "), "{lang}: the 1 M notes' count: {cover}");
    }
    let en = squeeze(&printed(&world, "layouts/league/cover.toml", "en").unwrap());
    assert!(en.contains("60 of 1 M, 18 of 5 M, 42 of 10 M and 12 of 50 M"), "{en}");
}

#[test]
fn the_shipped_kits_cover_counts_the_sheets_the_kit_prints_for_the_deck_and_the_notes() {
    // The cover's own figures ({deck.sheets}, {bank.sheets}) against the
    // sheets of the files the main job wrote and the kit's page ranges.
    let out = main_job().join("output/league");
    let kit = squeeze(&pdf_page_texts(&std::fs::read(out.join("kit-en.pdf")).unwrap()).join(" "));
    for (file, what) in [("deck-en.pdf", "player cards"), ("banknotes-en.pdf", "notes,")] {
        let pages = pdf_page_texts(&std::fs::read(out.join(file)).unwrap()).len();
        let sheets = pages / 2;
        let listed = format!("({file}, {sheets} sheets)");
        assert!(kit.contains(&listed), "the kit lists {listed}: {kit}");
        let entry = &kit[kit.find(&listed).unwrap()..];
        let entry = &entry[..entry.find('•').unwrap_or(entry.len())];
        assert!(entry.contains(what), "{entry}");
        assert!(
            entry.contains(&format!(": {sheets} sheets of card")),
            "the cover's own count for {file} is not the {sheets} sheets printed: {entry}"
        );
    }
}

#[test]
fn a_bank_short_of_the_starting_money_or_a_seasons_prizes_is_refused_at_the_number() {
    let findings = |world: &dyn World| -> Vec<Finding> {
        printed(world, "layouts/league/rules.toml", "en")
            .err()
            .unwrap_or_default()
            .into_iter()
            .filter(|f| f.code == Code::BankShort)
            .collect()
    };
    // 200 each: 18 notes of 50 M for six coaches, 12 printed.
    let world = Overlay::new(&Disk).with(shipped(GAME), game_with(&["start_money = 200"]));
    let found = findings(&world);
    let short = found
        .iter()
        .find(|f| {
            f.message
                .contains("6 coaches starting with 3 notes of 50 M each need 18; the bank prints 12")
        })
        .unwrap_or_else(|| panic!("{found:?}"));
    let line = crate::common::line_of(&game_with(&["start_money = 200"]), "start_money =");
    assert_eq!(short.location.line, Some(line), "{short:?}");
    assert!(
        short
            .hint
            .as_deref()
            .unwrap_or_default()
            .contains("at least 18 notes of 50 M")
    );
    // Enough fifties, too little money for a season: 6 x 200 + 5 rounds of
    // 3 matches at 30 M (1650 M) against the 1458 M printed.
    let world = Overlay::new(&Disk)
        .with(shipped(GAME), game_with(&["start_money = 200", "win_prize = 30"]))
        .with(shipped(NOTES), notes_with(50, 18));
    let found = findings(&world);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].message.contains("the bank holds 1458 M in all") && found[0].message.contains("take 1650 M"),
        "{found:?}"
    );
    // A prize no notes make: more than the whole bank.
    let world = Overlay::new(&Disk).with(shipped(GAME), game_with(&["win_prize = 2000"]));
    let found = findings(&world);
    assert!(
        found
            .iter()
            .any(|f| f.message.contains("no notes of the bank make win_prize = 2000 M")),
        "{found:?}"
    );
    // The shipped bank holds the shipped numbers.
    assert_eq!(findings(&Disk), Vec::<Finding>::new());
}

#[test]
fn a_number_the_game_does_not_give_is_refused_at_its_line_and_column_with_the_names_it_does() {
    let rel = "templates/rules/league/en.md";
    let text = project_file(rel);
    let typo = text.replace("{win_prize|money}", "{win_prise|money}");
    // Laid over the path as the rule sheet names it.
    let read_as = shipped("layouts/league/../../templates/rules/league/en.md");
    let world = Overlay::new(&Disk).with(read_as.clone(), typo.clone());
    let found: Vec<Finding> = printed(&world, "layouts/league/rules.toml", "en")
        .unwrap_err()
        .into_iter()
        .filter(|f| f.code == Code::GameNumber)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    let line = typo.lines().position(|l| l.contains("{win_prise")).unwrap() + 1;
    let column = typo
        .lines()
        .nth(line - 1)
        .unwrap()
        .split("{win_prise")
        .next()
        .unwrap()
        .chars()
        .count()
        + 1;
    assert_eq!(found[0].location.file, read_as);
    assert_eq!(
        (found[0].location.line, found[0].location.column),
        (Some(line), Some(column))
    );
    assert!(
        found[0]
            .hint
            .as_deref()
            .unwrap_or_default()
            .contains("did you mean {win_prize|money}?"),
        "{:?}",
        found[0].hint
    );
    // A text beside no game file names the file to write.
    let elsewhere = "layouts/print/rules.toml";
    let sheet =
        project_file("layouts/league/rules.toml").replace("board = \"board.toml\"", "board = \"../league/board.toml\"");
    let world = Overlay::new(&Disk).with(shipped(elsewhere), sheet);
    let found: Vec<Finding> = printed(&world, elsewhere, "en").unwrap_err();
    assert!(
        found.iter().any(|f| f.code == Code::GameNumber
            && f.message.contains("there is no")
            && f.message.contains("layouts/print/game.toml")),
        "{found:?}"
    );
}

#[test]
fn the_kit_follows_the_order_its_game_file_gives() {
    let game = project_file(GAME).replace("    \"table.toml\",\n", "").replace(
        "    \"reference.toml\",\n",
        "    \"reference.toml\",\n    \"table.toml\",\n",
    );
    let world = Overlay::new(&Disk).with(shipped(GAME), game);
    let g = Game::at(&world, &project_root().join("layouts/league")).unwrap();
    let made = kit::make(&world, &mut Shelf::building(), &g, "en", Some(PaperSize::A4));
    let kit = made.kit.unwrap_or_else(|| panic!("{:?}", made.findings));
    let order: Vec<PathBuf> = kit
        .parts
        .iter()
        .map(|p| PathBuf::from(p.layout.file_name().unwrap()))
        .collect();
    let names: Vec<&str> = order.iter().map(|p| p.to_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "cover.toml",
            "rules.toml",
            "reference.toml",
            "table.toml",
            "board.toml",
            "small-parts.toml",
            "deck.toml",
            "banknotes.toml",
            "bid-slips.toml"
        ]
    );
    // A name that is no layout of the folder is left out with a warning at
    // its place in the list.
    let world = Overlay::new(&Disk).with(
        shipped(GAME),
        project_file(GAME).replace("\"table.toml\",\n]", "\"tabel.toml\",\n]"),
    );
    let g = Game::at(&world, &project_root().join("layouts/league")).unwrap();
    let made = kit::make(&world, &mut Shelf::building(), &g, "en", Some(PaperSize::A4));
    let stray: Vec<&Finding> = made
        .findings
        .iter()
        .filter(|f| f.message.contains("tabel.toml"))
        .collect();
    assert_eq!(stray.len(), 1, "{:?}", made.findings);
    assert!(!stray[0].is_error(), "{:?}", stray[0]);
    assert_eq!(stray[0].location.key.as_deref(), Some("kit[8]"));
    let kit = made
        .kit
        .expect("a kit with the table where the kit's own order puts it");
    assert_eq!(kit.parts.last().unwrap().layout.file_name().unwrap(), "table.toml");
}

#[test]
fn the_game_file_is_not_built_as_a_layout_and_a_wrong_kind_is_refused() {
    let found = Pipeline::new(&Disk)
        .load(&shipped(GAME), &Overrides::default())
        .err()
        .unwrap();
    assert!(
        found[0].message.contains("is the game's file, not a layout"),
        "{found:?}"
    );
    let world = Overlay::new(&Disk).with(
        shipped(GAME),
        project_file(GAME).replace("kind = \"game\"", "kind = \"gmae\""),
    );
    let found = printed(&world, "layouts/league/rules.toml", "en").unwrap_err();
    assert!(
        found
            .iter()
            .any(|f| f.code == Code::LayoutKind && f.location.key.as_deref() == Some("kind")),
        "{found:?}"
    );
}

/// The font sizes (mm) of the texts `digit` of class `shape` in an SVG page.
fn digit_sizes(svg: &str, digit: &str) -> Vec<f64> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("shape"))
        .filter(|n| n.text() == Some(digit))
        .map(|n| n.attribute("font-size").unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_new_game_is_written_whole_and_its_kit_builds_as_written_in_every_language() {
    let dir = TestDir::new("new-game");
    let run = dir.run(&["new", "game", "layouts/my-game"]);
    run.expect_code(0);
    for file in [
        "game.toml",
        "board.toml",
        "rules.toml",
        "cover.toml",
        "rules/ca.md",
        "cover/en.md",
    ] {
        assert!(
            dir.join("layouts/my-game").join(file).is_file(),
            "{file}: {}",
            run.stderr
        );
    }
    assert!(run.stdout.contains("pitchprint kit layouts/my-game"), "{}", run.stdout);
    // As written: every language, no finding at all.
    let run = dir.run(&["kit", "my-game"]);
    run.expect_code(0);
    assert!(
        run.stderr
            .contains("built 1 kit in 3 languages (es, ca, en): 3 files, 0 errors, 0 warnings"),
        "{}",
        run.stderr
    );
    let pages = pdf_page_texts(&dir.read("output/my-game/kit-en.pdf"));
    assert_eq!(pages.len(), 3, "cover, rules, board");
    let rules = squeeze(&pages[1]);
    assert!(rules.contains("Each player takes 5 kicks"), "{rules}");
    assert!(
        squeeze(&pages[0]).contains("Page 3 (board-en.pdf): the goal"),
        "{}",
        pages[0]
    );
    // Its numbers come from its game file.
    let game = dir.read_string("layouts/my-game/game.toml");
    dir.write(
        "layouts/my-game/game.toml",
        &with_line(&game, "penalties =", "penalties = 3"),
    );
    dir.run(&["kit", "my-game", "--lang", "ca"]).expect_code(0);
    let rules = squeeze(&pdf_page_texts(&dir.read("output/my-game/kit-ca.pdf"))[1]);
    assert!(rules.contains("Cada jugador xuta 3 penals"), "{rules}");
    // The rules' figure is the custom sheet's own drawing, its numbers
    // scaled with it: the digits the board prints at 48 pt.
    dir.run(&["build", "layouts/my-game", "--lang", "en", "--format", "svg"])
        .expect_code(0);
    let board = digit_sizes(&dir.read_string("output/my-game/board-en.svg"), "6");
    let figure = digit_sizes(&dir.read_string("output/my-game/rules-en.svg"), "6");
    assert_eq!(board.len(), 1, "{board:?}");
    assert!((board[0] - 48.0 * 25.4 / 72.0).abs() < 0.01, "{board:?}");
    assert_eq!(figure.len(), 1, "{figure:?}");
    assert!(
        figure[0] < board[0] * 0.6 && figure[0] > 6.0 * 25.4 / 72.0,
        "{figure:?}"
    );
    // Never over what is there: nothing is written.
    let before = dir.read_string("layouts/my-game/rules/en.md");
    dir.write("layouts/my-game/rules/en.md", "# Mine\n");
    let run = dir.run(&["new", "game", "layouts/my-game"]);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("already exists"), "{}", run.stderr);
    assert_eq!(dir.read_string("layouts/my-game/rules/en.md"), "# Mine\n");
    assert!(before.contains("{penalties}"));
}

#[test]
fn a_folder_with_a_game_file_is_a_game_and_its_kit_without_a_cover_says_what_to_write() {
    let dir = TestDir::new("game-no-cover");
    dir.run(&["new", "game", "layouts/mine"]).expect_code(0);
    std::fs::remove_file(dir.join("layouts/mine/cover.toml")).unwrap();
    let run = dir.run(&["kit", "mine"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("has a game file but no cover.toml") && run.stderr.contains("layouts/mine/cover.toml"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_layout_added_to_a_game_is_listed_on_its_kits_cover_with_a_warning_to_describe_it() {
    let dir = TestDir::new("game-added-layout");
    dir.run(&["new", "game", "layouts/mine"]).expect_code(0);
    // The maker adds a score sheet and forgets the cover's list of files.
    dir.run(&["new", "score-sheet", "layouts/mine/score.toml"])
        .expect_code(0);
    let run = dir.run(&["kit", "mine", "--lang", "en"]);
    run.expect_code(0);
    assert!(
        run.stderr
            .contains("the cover does not list score-en.pdf, which the kit prints")
            && run.stderr.contains("layouts/mine/cover/en.md")
            && run.stderr.contains("- **score-en.pdf**:"),
        "{}",
        run.stderr
    );
    let pages = pdf_page_texts(&dir.read("output/mine/kit-en.pdf"));
    let cover = squeeze(&pages[0]);
    // Listed with its pages and paper, like the files the cover lists.
    let score_page = pages
        .iter()
        .position(|p| squeeze(p).contains("Match score sheet"))
        .expect("the score sheet is in the kit");
    assert!(
        cover.contains(&format!(
            "Page {} (score-en.pdf): Plain paper, one-sided.",
            score_page + 1
        )),
        "{cover}"
    );
    // Written into the cover's list, the warning goes.
    let text = dir.read_string("layouts/mine/cover/en.md");
    let text = text.replacen(
        "- **cover-en.pdf**",
        "- **score-en.pdf**: the score sheet, on plain paper.\n- **cover-en.pdf**",
        1,
    );
    dir.write("layouts/mine/cover/en.md", &text);
    let run = dir.run(&["kit", "mine", "--lang", "en"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("does not list"), "{}", run.stderr);
}

#[test]
fn an_error_in_a_layout_that_others_name_is_said_once() {
    let dir = TestDir::new("game-error-once");
    dir.run(&["new", "game", "layouts/mine"]).expect_code(0);
    // The board is named by the cover and the rules, and built itself.
    let board = dir.read_string("layouts/mine/board.toml");
    dir.write(
        "layouts/mine/board.toml",
        &board.replacen("kind = \"custom-sheet\"", "kind = \"custom-sheet\"\nbogus_key = 3", 1),
    );
    let run = dir.run(&["build", "layouts/mine", "--lang", "en"]);
    run.expect_code(1);
    assert_eq!(
        run.stderr.matches("unknown key `bogus_key`").count(),
        1,
        "said once, not once per layout that names the board:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("1 error"), "{}", run.stderr);
    // Each layout's line still says it was not written.
    for l in ["board", "cover", "rules"] {
        assert!(
            run.stderr.contains(&format!("layouts/mine/{l}.toml: not written")),
            "{l}: {}",
            run.stderr
        );
    }
}

#[test]
fn the_starter_games_cover_keeps_its_last_section_on_its_one_letter_page() {
    let dir = TestDir::new("game-cover-letter");
    dir.run(&["new", "game", "layouts/mine"]).expect_code(0);
    for paper in ["letter", "a4"] {
        let run = dir.run(&["kit", "mine", "--lang", "en", "--paper", paper]);
        run.expect_code(0);
        assert!(run.stderr.contains("0 warnings"), "{paper}: {}", run.stderr);
        let pages = pdf_page_texts(&dir.read("output/mine/kit-en.pdf"));
        assert_eq!(pages.len(), 3, "{paper}: cover, rules, board: {pages:?}");
        let cover = squeeze(&pages[0]);
        // The heading, its figure and the text after it, on the cover's page.
        assert!(
            cover.contains("At the table") && cover.contains("Lay the goal between the players"),
            "{paper}: {cover}"
        );
    }
}
