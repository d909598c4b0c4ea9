//! Real statistics as people download them (issue 50, item 5): FBref's
//! tables, an EA FC (sofifa) players file and Transfermarkt's players file,
//! read as they come (group rows, repeated headers, "2,101", "FW,MF",
//! "RW, ST, CF", euros), become decks the league's simulation accepts, and
//! the cards print the figures `[scale]` makes of the exports' own cells.

use crate::common::{TestDir, pdf_text, project_file, words};
use serde_json::Value;

/// The shipped exports and decks of `layouts/league-downloads/`.
const FILES: [&str; 10] = [
    "fbref.toml",
    "eafc.toml",
    "transfermarkt.toml",
    "fbref-standard.csv",
    "fbref-passing.csv",
    "fbref-defense.csv",
    "fbref-shooting.csv",
    "fbref-keepers.csv",
    "eafc-players.csv",
    "transfermarkt-players.csv",
];

/// A project holding the shipped exports, their decks and the card template.
fn downloads(name: &str) -> TestDir {
    let dir = TestDir::new(name);
    for f in FILES {
        let path = format!("layouts/league-downloads/{f}");
        dir.write(&path, &project_file(&path));
    }
    dir.write(
        "templates/cards/player.toml",
        &project_file("templates/cards/player.toml"),
    );
    dir
}

/// The cells of a CSV's rows (quotes honoured), header rows included.
fn rows(csv: &str) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(csv.as_bytes());
    r.records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// The cell of column `col` (its index in the header row at `header`) of
/// the row whose cell `key_col` is `key`.
fn cell(csv: &str, header: usize, key_col: &str, key: &str, col: usize) -> String {
    let rows = rows(csv);
    let k = rows[header].iter().position(|h| h == key_col).unwrap();
    rows.iter().find(|r| r[k] == key).unwrap_or_else(|| panic!("{key}"))[col].clone()
}

/// The index of the `n`-th (0-based) column named `name` in the header.
fn column(csv: &str, header: usize, name: &str, n: usize) -> usize {
    rows(csv)[header]
        .iter()
        .enumerate()
        .filter(|(_, h)| *h == name)
        .nth(n)
        .unwrap_or_else(|| panic!("{name}"))
        .0
}

/// `from` onto `to`, rounded, held at the ends: the linear mapping worked
/// out again here.
fn linear(x: f64, from: (f64, f64), to: (f64, f64)) -> String {
    let y = to.0 + (x - from.0) / (from.1 - from.0) * (to.1 - to.0);
    format!("{}", y.clamp(to.0.min(to.1), to.0.max(to.1)).round())
}

/// The numbers printed after a player's name on the deck's PDF: their
/// stats and their price, in the order the card shows them.
fn numbers_after(pdf: &[u8], name: &str) -> Vec<String> {
    let text = words(&pdf_text(pdf));
    let name = words(name);
    let at = text
        .windows(name.len())
        .position(|w| w == name.as_slice())
        .unwrap_or_else(|| panic!("{name:?} is on no card"));
    text[at + name.len()..]
        .iter()
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()))
        .take(6)
        .cloned()
        .collect()
}

#[test]
fn each_sites_export_becomes_a_deck_the_league_plays() {
    let dir = downloads("downloads-play");
    for (deck, site) in [
        ("fbref", "FBref"),
        ("eafc", "EA FC (sofifa)"),
        ("transfermarkt", "Transfermarkt"),
    ] {
        let path = format!("layouts/league-downloads/{deck}.toml");
        let run = dir.run(&["check", &path, "--json", "--lang", "en"]);
        run.expect_code(0);
        let doc: Value = serde_json::from_str(&run.stdout).unwrap();
        let layout = &doc["layouts"][0];
        assert_eq!(layout["errors"], 0, "{deck}: {}", run.stdout);
        let play = &layout["play"];
        let plays = play["plays_per_ball"].as_f64().unwrap();
        let goals = play["goals_per_shot"].as_f64().unwrap();
        assert!((1.0..=15.0).contains(&plays), "{deck}: {play}");
        assert!((0.15..=0.85).contains(&goals), "{deck}: {play}");
        // The output says how the sheet was read.
        let reading = layout["reading"].as_str().unwrap_or_default();
        assert!(
            reading.starts_with(&format!("read as {site}'s export")),
            "{deck}: {reading}"
        );
        let text = dir.run(&["check", &path, "--lang", "en"]);
        assert!(text.stderr.contains(reading), "{deck}: {}", text.stderr);
    }
}

#[test]
fn the_cards_print_the_exports_figures_as_scale_maps_them() {
    let dir = downloads("downloads-cards");
    let built = |deck: &str| {
        let run = dir.run(&[
            "build",
            &format!("layouts/league-downloads/{deck}.toml"),
            "--format",
            "pdf",
            "--lang",
            "en",
        ]);
        run.expect_code(0);
        dir.read(format!("output/league-downloads/{deck}-en.pdf"))
    };
    let shooting = project_file("layouts/league-downloads/fbref-shooting.csv");
    let keepers = project_file("layouts/league-downloads/fbref-keepers.csv");
    let market = project_file("layouts/league-downloads/transfermarkt-players.csv");
    let eafc = project_file("layouts/league-downloads/eafc-players.csv");
    let num = |s: String| s.replace(',', "").parse::<f64>().unwrap();
    // FBref: a forward listed "FW,MF", his shots per 90 from the shooting
    // table (the second "Sh"-like column is the blocks' elsewhere), his
    // price from Transfermarkt's euros.
    let fbref = built("fbref");
    let standard = project_file("layouts/league-downloads/fbref-standard.csv");
    let forward = rows(&standard)
        .into_iter()
        .find(|r| r.get(3).is_some_and(|p| p.starts_with("FW,") || p.starts_with("MF,")))
        .expect("a player of two positions")[1]
        .clone();
    let sh90 = num(cell(&shooting, 1, "Player", &forward, column(&shooting, 1, "Sh/90", 0)));
    let value = num(cell(
        &market,
        0,
        "name",
        &forward,
        column(&market, 0, "market_value_in_eur", 0),
    ));
    let got = numbers_after(&fbref, &forward);
    assert_eq!(
        got[2],
        linear(sh90, (0.0, 4.0), (0.0, 4.0)),
        "{forward}: shots {sh90}: {got:?}"
    );
    assert_eq!(
        got[3],
        linear(value, (0.0, 90e6), (2.0, 40.0)),
        "{forward}: price {value}: {got:?}"
    );
    // A keeper: goals against per 90 and the share of shots saved, the
    // first of the goalkeeping table's two "Save%" columns (the other is
    // the penalties').
    let keeper = rows(&keepers)[2][1].clone();
    let ga90 = num(cell(&keepers, 1, "Player", &keeper, column(&keepers, 1, "GA90", 0)));
    let save = num(cell(&keepers, 1, "Player", &keeper, column(&keepers, 1, "Save%", 0)));
    let got = numbers_after(&fbref, &keeper);
    assert_eq!(got[3], linear(ga90, (0.6, 2.0), (2.0, 4.0)), "{keeper}: {got:?}");
    assert_eq!(got[4], linear(save, (55.0, 80.0), (1.0, 3.0)), "{keeper}: {got:?}");
    // EA FC: a forward listed "RW, ST, CF", by his short name, and a keeper
    // whose summary attributes are empty.
    let eafc_pdf = built("eafc");
    let table = rows(&eafc);
    let at = |name: &str| column(&eafc, 0, name, 0);
    for row in table
        .iter()
        .skip(1)
        .filter(|r| r[at("player_positions")] == "RW, ST, CF" || r[at("player_positions")] == "GK")
        .take(3)
    {
        let x = |c: &str| num(row[at(c)].clone());
        let got = numbers_after(&eafc_pdf, &row[at("short_name")]);
        assert_eq!(
            got[0],
            linear(x("attacking_short_passing"), (20.0, 80.0), (0.0, 2.0)),
            "{row:?}: {got:?}"
        );
        assert_eq!(
            got[2],
            linear(x("attacking_finishing"), (40.0, 90.0), (0.0, 4.0)),
            "{row:?}: {got:?}"
        );
        let price = if row[at("player_positions")] == "GK" {
            assert_eq!(
                got[3],
                linear(x("goalkeeping_positioning"), (90.0, 50.0), (2.0, 4.0)),
                "{row:?}"
            );
            &got[5]
        } else {
            &got[3]
        };
        assert_eq!(
            *price,
            linear(x("value_eur"), (0.0, 100e6), (2.0, 40.0)),
            "{row:?}: {got:?}"
        );
    }
}

#[test]
fn a_site_export_missing_a_stat_names_the_table_that_has_it() {
    let dir = downloads("downloads-lacks");
    // FBref's standard table alone: no passes, and the finding says which
    // of FBref's tables has them, and how to join it.
    let deck = project_file("layouts/league-downloads/fbref.toml");
    let start = deck.find("join = [").unwrap();
    let end = start + deck[start..].find("]\n").unwrap() + 2;
    let alone = format!("{}{}", &deck[..start], &deck[end..]);
    dir.write("layouts/league-downloads/fbref.toml", &alone);
    let run = dir.run(&["check", "layouts/league-downloads/fbref.toml", "--json", "--lang", "en"]);
    run.expect_code(1);
    let _ = Value::Null;
    let said = run.stdout.clone() + &run.stderr;
    assert!(
        said.contains("(for the card's passes)") && said.contains("FBref's Passing table") && said.contains("join = ["),
        "{said}"
    );
    // Its group row is not taken for the header: no finding quotes it.
    assert!(!run.stdout.contains("Playing Time\""), "{}", run.stdout);
    // A player the joined file lacks is said at their name.
    dir.write("layouts/league-downloads/fbref.toml", &deck);
    let standard = project_file("layouts/league-downloads/fbref-standard.csv");
    let market = project_file("layouts/league-downloads/transfermarkt-players.csv");
    let forward = rows(&standard)[3][1].clone();
    let pruned: String = market
        .lines()
        .filter(|l| !l.contains(&format!(",{forward},")))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(pruned.len(), market.len(), "{forward} is in the Transfermarkt file");
    dir.write("layouts/league-downloads/transfermarkt-players.csv", &pruned);
    let run = dir.run(&["check", "layouts/league-downloads/fbref.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!("\"{forward}\" has no row in"))
            && run
                .stderr
                .contains("transfermarkt-players.csv, the joined file that holds \"market_value_in_eur\""),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("fbref-standard.csv:4:"), "{}", run.stderr);
}

#[test]
fn a_site_the_deck_does_not_know_is_refused_at_its_key() {
    let dir = downloads("downloads-unknown-site");
    let deck = project_file("layouts/league-downloads/transfermarkt.toml")
        .replace("columns = \"transfermarkt\"", "columns = \"whoscored\"");
    dir.write("layouts/league-downloads/transfermarkt.toml", &deck);
    let run = dir.run(&["check", "layouts/league-downloads/transfermarkt.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("\"whoscored\" is not a statistics site")
            && run.stderr.contains("\"fbref\", \"eafc\", \"transfermarkt\""),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("transfermarkt.toml:11:"), "{}", run.stderr);
}
