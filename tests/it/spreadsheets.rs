//! Spreadsheets as people have them: the CSVs Excel and
//! LibreOffice write in Spain and on Windows, workbooks read directly, the
//! sheet's own words for positions, and every mistake one finding at the
//! cell a spreadsheet user sees. Each test builds a deck from a sheet written
//! here and reads the PDF's text or the findings back.

use crate::common::{TestDir, deck_alone, headlines, pdf_text, project_file, replace_line};

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";

/// A project with the card template, `layout` as the deck layout and the
/// sheet's bytes at `layouts/league/<file>`.
fn deck_reading(name: &str, layout: &str, file: &str, sheet: &[u8]) -> TestDir {
    let dir = TestDir::new(name);
    dir.write(
        "templates/cards/player.toml",
        &project_file("templates/cards/player.toml"),
    );
    dir.write("layouts/league/deck.toml", layout);
    std::fs::create_dir_all(dir.join("layouts/league/photos")).unwrap();
    std::fs::write(dir.join("layouts/league").join(file), sheet).unwrap();
    dir
}

/// The deck layout reading `file` instead of players.csv, with `extra` root
/// keys (a dialect, a sheet name) after `data`.
fn layout_for(file: &str, extra: &str) -> String {
    replace_line(&deck_alone(), "data =", &format!("data = \"{file}\"\n{extra}"))
}

/// Builds the deck as PDF in `lang` and returns the run and the PDF's text
/// (empty when nothing was written).
fn build(dir: &TestDir, lang: &str) -> (crate::common::Run, String) {
    let _ = std::fs::remove_dir_all(dir.join("output"));
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf", "--lang", lang]);
    let pdf = match lang {
        "es" => dir.join("output/league/deck.pdf"),
        _ => dir.join(format!("output/league/deck-{lang}.pdf")),
    };
    let text = if pdf.exists() {
        pdf_text(&std::fs::read(pdf).unwrap())
    } else {
        String::new()
    };
    (run, text)
}

#[test]
fn an_excel_csv_from_spain_reads_its_decimal_commas_and_thousands() {
    // Excel in Spain: a BOM, `;` between cells, CRLF, 22,8 and a price
    // formatted with thousands, 1.500 (one thousand five hundred).
    let csv = format!(
        "\u{feff}{}\r\nAna Roble;Club Uno;FW;22,8;2;30;0;0;1.500;;\r\nBea Roble;Club Uno;GK;1;2;3;4;5;6,5;;\r\n",
        HEADER.replace(',', ";")
    );
    let dir = deck_reading("sheets-spain", &deck_alone(), "players.csv", csv.as_bytes());
    let (run, text) = build(&dir, "en");
    run.expect_code(0);
    assert!(
        text.contains("22.8"),
        "22,8 is twenty-two point eight in English: {text}"
    );
    // Read as fifteen hundred, printed as English groups it.
    assert!(text.contains("1,500"), "1.500 is fifteen hundred: {text}");
    assert!(!text.contains("1.500") && !text.contains("1.5 "), "{text}");
    assert!(text.contains("6.5"), "{text}");
}

#[test]
fn the_layout_sets_the_decimal_mark_and_refuses_one_it_does_not_know() {
    // A sheet of whole thousands only: `;` says comma, but this league's
    // prices are millions written 1.500 (one and a half).
    let csv = format!(
        "{}\nAna Roble;Club Uno;FW;3;2;30;0;0;1.500;;\n",
        HEADER.replace(',', ";")
    );
    let dir = deck_reading(
        "sheets-decimal-key",
        &layout_for("players.csv", "decimal = \"point\"   # 1.500 is one and a half"),
        "players.csv",
        csv.as_bytes(),
    );
    let (run, text) = build(&dir, "en");
    run.expect_code(0);
    assert!(text.contains("1.500") && !text.contains("1500"), "{text}");

    dir.write(
        "layouts/league/deck.toml",
        &layout_for("players.csv", "decimal = \"dot\""),
    );
    let (run, _) = build(&dir, "en");
    run.expect_code(1);
    let line = deck_alone().lines().position(|l| l.starts_with("data =")).unwrap() + 2;
    assert!(
        run.stderr
            .contains(&format!("error[layout-value]: layouts/league/deck.toml:{line}:"))
            && run.stderr.contains("`decimal`")
            && run.stderr.contains("\"comma\""),
        "{}",
        run.stderr
    );
}

#[test]
fn the_layout_sets_the_delimiter() {
    // A header with more commas than semicolons in its names: only the
    // layout can say the cells are separated by `;`.
    let csv = "Name, first;team;position;good_passes;balls_won;shots_on_goal;goals_conceded;saves;price\n\
               Ana Roble;Club Uno;FW;3;2;30;0;0;5\n";
    let layout = layout_for("players.csv", "delimiter = \";\"").replace("name = \"name\"", "name = \"Name, first\"");
    let dir = deck_reading("sheets-delimiter", &layout, "players.csv", csv.as_bytes());
    let (run, text) = build(&dir, "en");
    run.expect_code(0);
    assert!(text.contains("Ana Roble"), "{text}");
}

#[test]
fn a_windows_1252_csv_builds_with_a_warning_naming_the_encoding() {
    let mut csv = format!("{HEADER}\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,,\nJos").into_bytes();
    csv.extend(b"\xe9 Ru\xedz,Atl\xe9tico,GK,1,2,3,4,5,6,,\n");
    let dir = deck_reading("sheets-1252", &deck_alone(), "players.csv", &csv);
    let (run, text) = build(&dir, "en");
    run.expect_code(0);
    assert!(text.contains("José Ruíz") && text.contains("Atlético"), "{text}");
    let warnings = headlines(&run.stderr);
    assert_eq!(warnings.len(), 1, "{}", run.stderr);
    assert!(
        warnings[0].starts_with("warning[card-encoding]: layouts/league/players.csv:3:4")
            && warnings[0].contains("Windows-1252"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("CSV UTF-8"), "{}", run.stderr);
}

#[test]
fn an_excel_export_with_crlf_a_note_over_two_lines_and_empty_rows_blames_the_right_line() {
    // Line 1 header, 2-3 Ana (her note holds a line break), 4 Bea with a bad
    // stat in column 4, then the empty rows Excel leaves, and a blank line.
    let header = format!("{HEADER},note");
    let csv = format!(
        "{header}\r\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,,,\"left foot\r\nfast\"\r\n\
         Bea Roble,Club Uno,MF,many,2,3,0,0,4,,,\r\n,,,,,,,,,,,\r\n,,,,,,,,,,,\r\n\r\n"
    );
    let dir = deck_reading("sheets-crlf", &deck_alone(), "players.csv", csv.as_bytes());
    let (run, _) = build(&dir, "en");
    run.expect_code(1);
    let found = headlines(&run.stderr);
    assert_eq!(found.len(), 1, "one bad cell, one finding: {}", run.stderr);
    assert!(
        found[0].starts_with(&format!(
            "error[card-stat]: layouts/league/players.csv:4:{}:",
            crate::common::csv_column(&csv, 4, 4)
        )),
        "{}",
        run.stderr
    );

    // Without the bad cell the same sheet builds: the empty rows are no players.
    dir.write("layouts/league/players.csv", &csv.replace("many", "1"));
    let (run, text) = build(&dir, "en");
    run.expect_code(0);
    assert!(headlines(&run.stderr).is_empty(), "{}", run.stderr);
    assert!(text.contains("Bea Roble"), "{text}");
}

#[test]
fn the_sheets_own_words_for_positions_are_mapped_in_the_layout() {
    let csv = format!(
        "{HEADER}\nAna Roble,Club Uno,Portero,1,2,3,4,5,6,,\nBea Roble,Club Uno,defensa,1,2,3,0,0,6,,\n\
         Cris Roble,Club Uno,DEL,1,2,3,0,0,6,,\n"
    );
    let layout = deck_alone().replace(
        "[positions]\n",
        "[positions]\n\"Portero\" = \"GK\"\n\"Defensa\" = \"df\"\n",
    );
    let dir = deck_reading("sheets-positions", &layout, "players.csv", csv.as_bytes());
    let (run, text) = build(&dir, "en");
    run.expect_code(0);
    // A goalkeeper's card has five stats, the others three: the saves label
    // appears once, on Ana's card.
    assert_eq!(text.matches("Saves").count(), 1, "{text}");
    assert!(text.contains("Bea Roble") && text.contains("Cris Roble"), "{text}");

    // A word the table does not map: its hint names the table.
    let libero = csv.replace("Portero", "Libero");
    dir.write("layouts/league/players.csv", &libero);
    let (run, _) = build(&dir, "en");
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!(
            "error[card-position]: layouts/league/players.csv:2:{}",
            crate::common::csv_column(&libero, 2, 3)
        )) && run.stderr.contains("[positions]")
            && run.stderr.contains("\"Libero\" = \"DF\""),
        "{}",
        run.stderr
    );

    // A group that is not one of the four is refused at its key.
    dir.write("layouts/league/players.csv", &csv);
    dir.write("layouts/league/deck.toml", &layout.replace("= \"df\"", "= \"Back\""));
    let (run, _) = build(&dir, "en");
    run.expect_code(1);
    let line = layout.lines().position(|l| l.starts_with("\"Defensa\"")).unwrap() + 1;
    assert!(
        run.stderr
            .contains(&format!("error[layout-value]: layouts/league/deck.toml:{line}:"))
            && run.stderr.contains("\"Back\" is not one of the four positions"),
        "{}",
        run.stderr
    );
}

#[test]
fn two_players_of_one_name_are_two_cards_and_a_row_pasted_twice_is_a_warning() {
    let ana = "Ana Roble,Club Uno,FW,10,2,30,0,0,5,,";
    let csv = format!("{HEADER}\n{ana}\nAna Roble,Club Dos,FW,1,2,3,0,0,4,,\n{ana}\n");
    let dir = deck_reading("sheets-duplicates", &deck_alone(), "players.csv", csv.as_bytes());
    let run = dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--lang",
        "en",
        "--format",
        "pdf",
        "--per-card",
    ]);
    run.expect_code(0);
    let found = headlines(&run.stderr);
    assert_eq!(found.len(), 1, "{}", run.stderr);
    assert!(
        found[0].starts_with("warning[card-duplicate]: layouts/league/players.csv:4:1") && found[0].contains("line 2"),
        "{}",
        run.stderr
    );
    // Each card's file says whose it is: the team, and the line when the
    // team is the same too.
    let mut names: Vec<String> = std::fs::read_dir(dir.join("output/league/deck-en-cards"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "001-ana-roble-club-uno-line-2.png",
            "002-ana-roble-club-dos.png",
            "003-ana-roble-club-uno-line-4.png"
        ]
    );
}

#[test]
fn a_mapped_column_the_sheet_lacks_is_named_at_its_key_with_the_nearest_header() {
    let csv = format!(
        "{},Foto\nAna Roble,Club Uno,FW,10,2,30,0,0,5,,a.jpg\n",
        HEADER.replace(",photo", "")
    );
    let layout = deck_alone().replace("photo = \"photo\"", "photo = \"Fotos\"");
    let dir = deck_reading("sheets-missing-column", &layout, "players.csv", csv.as_bytes());
    let (run, _) = build(&dir, "en");
    run.expect_code(0);
    let line = layout.lines().position(|l| l.starts_with("photo = \"Fotos\"")).unwrap() + 1;
    let found = headlines(&run.stderr);
    assert_eq!(found.len(), 1, "{}", run.stderr);
    assert!(
        found[0].starts_with(&format!("warning[card-column]: layouts/league/deck.toml:{line}:"))
            && found[0].contains("`columns.photo`")
            && run.stderr.contains("the header has \"Foto\""),
        "{}",
        run.stderr
    );

    // A required one is an error, with the nearest header in its hint.
    let layout = deck_alone().replace("price = \"price\"", "price = \"Precio\"");
    dir.write("layouts/league/deck.toml", &layout);
    dir.write("layouts/league/players.csv", &csv.replace(",price,", ",precios,"));
    let (run, _) = build(&dir, "en");
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[card-column]") && run.stderr.contains("the header has \"precios\""),
        "{}",
        run.stderr
    );
}

#[test]
fn each_bad_cell_is_one_finding_in_three_languages() {
    let csv = format!(
        "{HEADER}\nAna Roble,Club Uno,FW,many,2,30,0,0,5,,\nBea Roble,Club Uno,XX,1,2,3,0,0,4,,\n\
         Cris Roble,Club Uno,MF,1,2,3,0,0,lots,,\n"
    );
    let dir = deck_reading("sheets-languages", &deck_alone(), "players.csv", csv.as_bytes());
    // Without --lang the deck is built in every language of templates/i18n.
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(1);
    // One line for the layout, naming none of its languages written.
    assert_eq!(
        run.stderr.matches("not written").count(),
        1,
        "built in es, en and ca: {}",
        run.stderr
    );
    let found = headlines(&run.stderr);
    assert_eq!(found.len(), 3, "three mistakes, three findings: {}", run.stderr);
    for (line, field) in [(2, 4), (3, 3), (4, 9)] {
        let at = &format!("players.csv:{line}:{}", crate::common::csv_column(&csv, line, field));
        assert_eq!(
            found
                .iter()
                .filter(|f| f.contains(at) && f.ends_with("(in es, en, ca)"))
                .count(),
            1,
            "{at}, in the three languages: {}",
            run.stderr
        );
    }
    let check = dir.run(&["check", "layouts/league/deck.toml", "--json"]);
    assert_eq!(check.json_codes().len(), 3, "{}", check.stdout);
}

/// The sample players as a workbook: `layouts/league/players.xlsx` holds
/// players.csv's cells on a sheet named Players (written by the test below
/// with UPDATE_SAMPLES=1).
const SAMPLE_XLSX: &str = "layouts/league/players.xlsx";

#[test]
fn the_sample_deck_from_its_csv_its_xlsx_and_an_ods_gives_the_same_cards() {
    let csv = project_file("layouts/league/players.csv");
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SAMPLE_XLSX);
    if std::env::var_os("UPDATE_SAMPLES").is_some() {
        std::fs::write(&sample, crate::common::xlsx("Players", &csv)).unwrap();
    }
    let xlsx = std::fs::read(&sample).unwrap();
    assert_eq!(
        xlsx,
        crate::common::xlsx("Players", &csv),
        "run UPDATE_SAMPLES=1 cargo test --release --test it spreadsheets::"
    );
    let mut texts = Vec::new();
    for (file, bytes) in [
        ("players.csv", csv.clone().into_bytes()),
        ("players.xlsx", xlsx),
        ("players.ods", crate::common::ods("Players", &csv)),
    ] {
        let dir = deck_reading(&format!("sheets-sample-{file}"), &layout_for(file, ""), file, &bytes);
        let (run, text) = build(&dir, "en");
        run.expect_code(0);
        assert!(!run.stderr.contains("error["), "{file}: {}", run.stderr);
        texts.push((file, text));
    }
    assert!(texts[0].1.contains("Adrián Abril"), "{}", texts[0].1);
    for (file, text) in &texts[1..] {
        assert!(text == &texts[0].1, "{file} gives other cards than players.csv");
    }
}

#[test]
fn a_workbooks_findings_name_its_sheet_and_cell() {
    let csv = format!("{HEADER}\nAna Roble,Club Uno,FW,22.8,2,30,0,0,5.5,,\nBea Roble,Club Uno,MF,many,2,3,0,0,4,,\n");
    for (file, bytes) in [
        ("players.xlsx", crate::common::xlsx("Jugadores", &csv)),
        ("players.ods", crate::common::ods("Jugadores", &csv)),
    ] {
        let dir = deck_reading(
            &format!("sheets-cell-{file}"),
            &layout_for(file, "sheet = \"jugadores\""),
            file,
            &bytes,
        );
        let (run, _) = build(&dir, "en");
        run.expect_code(1);
        let found = headlines(&run.stderr);
        assert_eq!(found.len(), 1, "{file}: {}", run.stderr);
        assert!(
            found[0].starts_with(&format!(
                "error[card-stat]: layouts/league/{file}: sheet Jugadores, cell D3: `good_passes`"
            )),
            "{file}: {}",
            run.stderr
        );

        // Read as typed: 22.8 is a number, shown as the sheet shows it.
        std::fs::write(
            dir.join(format!("layouts/league/{file}")),
            match file {
                "players.xlsx" => crate::common::xlsx("Jugadores", &csv.replace("many", "1")),
                _ => crate::common::ods("Jugadores", &csv.replace("many", "1")),
            },
        )
        .unwrap();
        let (run, text) = build(&dir, "en");
        run.expect_code(0);
        assert!(text.contains("22.8") && text.contains("5.5"), "{file}: {text}");

        // A sheet the workbook does not have is named with the ones it has.
        dir.write("layouts/league/deck.toml", &layout_for(file, "sheet = \"Players\""));
        let (run, _) = build(&dir, "en");
        run.expect_code(1);
        assert!(
            run.stderr.contains("no sheet \"Players\"")
                && run.stderr.contains("its sheets are: Jugadores")
                && run.stderr.contains("deck.toml"),
            "{file}: {}",
            run.stderr
        );
    }
}

#[test]
fn text_prices_with_thousands_or_a_unit_read_alike_from_csv_and_workbook_and_print_grouped() {
    // A text "1.500.000" (two marks of one kind: thousands), a price typed
    // with its unit ("2.5 M"), a number cell of 3500000.
    let csv = format!(
        "{HEADER}\nAna Roble,Club Uno,FW,2,2,3,0,0,1.500.000,,\nBea Roble,Club Uno,MF,1,2,3,0,0,2.5 M,,\nCruz Roble,Club Uno,DF,1,2,0,0,0,3500000,,\n"
    );
    let mut texts = Vec::new();
    for (file, bytes) in [
        ("players.csv", csv.clone().into_bytes()),
        ("players.xlsx", crate::common::xlsx("Jugadores", &csv)),
        ("players.ods", crate::common::ods("Jugadores", &csv)),
    ] {
        let dir = deck_reading(&format!("sheets-units-{file}"), &layout_for(file, ""), file, &bytes);
        for (lang, want) in [
            ("en", ["1,500,000", "2.5", "3,500,000"]),
            ("es", ["1.500.000", "2,5", "3.500.000"]),
        ] {
            let (run, text) = build(&dir, lang);
            run.expect_code(0);
            for w in want {
                assert!(text.contains(w), "{file} in {lang}: no {w} in\n{text}");
            }
            assert!(!text.contains("3500000"), "{file} in {lang}: ungrouped");
            texts.push((file, lang, text));
        }
    }
    for (file, lang, text) in &texts[2..] {
        let csv_text = &texts
            .iter()
            .find(|(f, l, _)| *f == "players.csv" && l == lang)
            .unwrap()
            .2;
        assert!(text == csv_text, "{file} in {lang} gives other cards than the CSV");
    }
}
