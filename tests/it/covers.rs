//! Cover sheets: one page per game and language that
//! lists every file of the game's folder by the name it prints to, and cites
//! the counts the layouts hold. The counts are read from the layout files
//! themselves, so a layout that changes a count fails here until its cover
//! says so too.

use std::collections::BTreeSet;

use crate::common::{
    attr, by_class, main_job, pdf_text, project_file, project_root, read_pdf, text_of, without_spaces_and_hyphens,
};

use crate::common::GAMES;
const LANGS: [&str; 3] = ["es", "en", "ca"];

/// The layout files of a game's folder (not its game file), by file name, sorted.
fn layout_files(game: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(project_root().join("layouts").join(game))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && !p.ends_with("game.toml"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// The PDF a layout prints to in a language: `counters.pdf` in Spanish (the
/// default), `counters-en.pdf` in English.
fn output_name(layout: &str, lang: &str) -> String {
    pitchprint::output::names::layout_pdf(std::path::Path::new(layout), lang)
}

#[test]
fn every_cover_is_one_page_that_names_every_file_of_its_folder() {
    let dir = main_job();
    for game in GAMES {
        let files = layout_files(game);
        assert!(files.contains(&"cover.toml".to_string()), "{game} has a cover");
        for lang in LANGS {
            let pdf = dir.read(format!("output/{game}/{}", output_name("cover.toml", lang)));
            assert_eq!(read_pdf(&pdf).len(), 1, "{game}/{lang}: the cover is one page");
            let text = without_spaces_and_hyphens(&pdf_text(&pdf));
            for file in &files {
                let name = output_name(file, lang);
                assert!(
                    text.contains(&without_spaces_and_hyphens(&name)),
                    "{game}/{lang}: the cover does not name {name}"
                );
            }
        }
    }
}

/// A layout file of a game, parsed.
fn layout(game: &str, file: &str) -> toml::Table {
    project_file(&format!("layouts/{game}/{file}")).parse().unwrap()
}

fn int(v: &toml::Value) -> i64 {
    v.as_integer().expect("a whole number")
}

/// The numbers a layout's line on the cover must state, read from the
/// layout: its counters per set (and the numbered ones and blank spares of
/// a lettered set), its cards, its notes per value, its slips, teams,
/// match cards, dice, fields, roles, squares and reference cards.
fn counts(game: &str, file: &str) -> BTreeSet<i64> {
    let t = layout(game, file);
    let mut out = BTreeSet::new();
    let kind = t["kind"].as_str().unwrap();
    match kind {
        "counters" => {
            let sets = t["set"].as_array().unwrap();
            for set in sets {
                let count = int(&set["count"]);
                out.insert(count);
                if let Some(labels) = set.get("labels").and_then(|l| l.as_array()) {
                    let blank = labels.iter().filter(|l| l.as_str() == Some("")).count() as i64;
                    if blank > 0 {
                        out.insert(blank);
                        out.insert(count - blank);
                    }
                }
            }
            // All of them: how many to cut out.
            out.insert(sets.iter().map(|s| int(&s["count"])).sum());
        }
        "card-deck" => {
            let csv = project_file(&format!("layouts/{game}/{}", t["data"].as_str().unwrap()));
            let mut rows = csv::Reader::from_reader(csv.as_bytes());
            let quantity = rows.headers().unwrap().iter().position(|h| h == "quantity");
            let cards: i64 = rows
                .records()
                .map(|r| {
                    let r = r.unwrap();
                    quantity
                        .and_then(|q| r.get(q))
                        .filter(|q| !q.is_empty())
                        .map_or(1, |q| q.parse().unwrap())
                })
                .sum();
            out.insert(cards);
        }
        "banknotes" => {
            let notes = t["denomination"].as_array().unwrap();
            for d in notes {
                out.insert(int(&d["value"]));
                out.insert(int(&d["count"]));
            }
            out.insert(notes.iter().map(|d| int(&d["count"])).sum());
        }
        "bid-slips" => {
            out.insert(int(&t["slip"]["count"]));
        }
        "league-table" => {
            out.insert(int(&t["table"]["teams"]));
        }
        "score-sheet" => {
            out.insert(int(&t["sheet"]["matches"]));
        }
        "die-nets" => {
            out.insert(t["die"].as_array().unwrap().len() as i64);
        }
        "path-fields" => {
            out.insert(int(&t["sheet"]["fields"]));
        }
        "role-card" => {
            out.insert(t["role"].as_array().unwrap().len() as i64);
        }
        "dice-pitch" | "futbolchess-board" => {
            out.insert(int(&t["board"]["columns"]));
            out.insert(int(&t["board"]["rows"]));
        }
        "reference-card" => {
            out.insert(int(&t["card"]["copies"]));
        }
        // A shared sheet's counts are its parts', cited on their own lines.
        "league-board" | "rule-sheet" | "gang" => {}
        other => panic!("{game}/{file}: a kind this test does not know how to count: {other}"),
    }
    out
}

/// The numbers written in digits in a line of text.
fn numbers(line: &str) -> BTreeSet<i64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect()
}

#[test]
fn each_file_line_of_a_cover_cites_the_counts_its_layout_holds() {
    let mut checked = 0;
    for game in GAMES {
        for lang in LANGS {
            let md = crate::common::printed_md(&format!("templates/covers/{game}/{lang}.md"));
            for file in layout_files(game) {
                let name = output_name(&file, lang);
                let line = md
                    .lines()
                    .find(|l| l.starts_with(&format!("- **{name}**")))
                    .unwrap_or_else(|| panic!("{game}/{lang}: no list item for {name}"));
                let cited = numbers(line);
                let wanted = counts(game, &file);
                checked += wanted.len();
                let missing: Vec<&i64> = wanted.difference(&cited).collect();
                assert!(
                    missing.is_empty(),
                    "{game}/{lang}: {name} should cite {missing:?} (the layout's counts); its line: {line}"
                );
            }
        }
    }
    // Counters per side, cards, notes per value and the rest: dozens a language.
    assert!(checked > 60, "only {checked} counts were checked");
}

#[test]
fn the_setup_heading_stands_over_its_picture() {
    // Each cover's setup section opens with its picture. A picture too tall
    // for what is left of a column moves to the next one, and its heading
    // must go with it, not stay alone at the foot of the column before.
    let dir = main_job();
    for game in GAMES {
        for lang in LANGS {
            let md = crate::common::printed_md(&format!("templates/covers/{game}/{lang}.md"));
            let lines: Vec<&str> = md.lines().filter(|l| !l.trim().is_empty()).collect();
            let k = lines
                .iter()
                .position(|l| l.starts_with("{{diagram:"))
                .unwrap_or_else(|| panic!("{game}/{lang}: the cover has its setup picture"));
            let heading = lines[k - 1]
                .strip_prefix("## ")
                .unwrap_or_else(|| panic!("{game}/{lang}: a heading opens the setup section with its picture"));
            let svg = dir.read_string(format!(
                "output/{game}/{}",
                output_name("cover.toml", lang).replace(".pdf", ".svg")
            ));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let figure = by_class(&doc, "diagram")[0];
            let m: Vec<f64> = figure
                .attribute("transform")
                .unwrap()
                .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let (x, y) = (m[4], m[5]);
            let over = by_class(&doc, "body")
                .into_iter()
                .find(|t| text_of(*t) == heading)
                .unwrap_or_else(|| panic!("{game}/{lang}: the heading \"{heading}\" is on the page"));
            assert!(
                (attr(over, "x") - x).abs() < 0.5 && attr(over, "y") < y && attr(over, "y") > y - 12.0,
                "{game}/{lang}: \"{heading}\" at ({}, {}) is not right over its picture at ({x}, {y})",
                attr(over, "x"),
                attr(over, "y")
            );
        }
    }
}

#[test]
fn the_futbolchess_cover_opens_with_players_age_and_length_and_lists_all_play_needs() {
    // A banner near the top (2 players, an age, 90 game minutes
    // and the real times), everything play needs beyond the kit (a pencil
    // for the score sheet, a timer), and the calibration sheet the kit does
    // not hold marked optional, with where it is.
    let dir = main_job();
    let words = [
        ("es", ["lápiz", "temporizador", "opcional"]),
        ("en", ["pencil", "timer", "optional"]),
        ("ca", ["llapis", "temporitzador", "opcional"]),
    ];
    for (lang, needs) in words {
        let md = crate::common::printed_md(&format!("templates/covers/futbolchess/{lang}.md"));
        let blocks: Vec<&str> = md.split("\n\n").map(str::trim).collect();
        assert!(blocks[0].starts_with("# "), "{lang}: the title first");
        let banner = blocks[1];
        assert!(
            banner.starts_with("> **"),
            "{lang}: a box right under the title: {banner}"
        );
        let first_line = banner.lines().next().unwrap();
        for n in [2, 8, 90] {
            assert!(
                numbers(first_line).contains(&n),
                "{lang}: the banner's bold line gives {n}: {first_line}"
            );
        }
        for n in [60, 30, 15, 10] {
            assert!(
                numbers(banner).contains(&n),
                "{lang}: the banner gives the real time {n}: {banner}"
            );
        }
        let text = without_spaces_and_hyphens(&pdf_text(
            &dir.read(format!("output/futbolchess/{}", output_name("cover.toml", lang))),
        ));
        for w in needs {
            assert!(
                text.contains(&without_spaces_and_hyphens(w)),
                "{lang}: the cover says {w}"
            );
        }
        assert!(
            text.contains(&without_spaces_and_hyphens(&output_name(
                "duplex-calibration.toml",
                lang
            ))),
            "{lang}: and names the calibration sheet"
        );
        // On the page: the banner's box above the first heading.
        let svg = dir.read_string(format!(
            "output/futbolchess/{}",
            output_name("cover.toml", lang).replace(".pdf", ".svg")
        ));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let boxes = by_class(&doc, "aside");
        let heading = md.lines().find_map(|l| l.strip_prefix("## ")).unwrap();
        let under = by_class(&doc, "body")
            .into_iter()
            .find(|t| text_of(*t) == heading)
            .unwrap_or_else(|| panic!("{lang}: \"{heading}\" is printed"));
        assert!(
            boxes.iter().any(|b| attr(*b, "y") < attr(under, "y")),
            "{lang}: the banner stands above \"{heading}\""
        );
    }
}

#[test]
fn the_league_cover_opens_with_a_banner_and_pictures_the_set_up() {
    // A banner near the top with the players, the age and the
    // length; a pencil among what is also needed; the set-up drawn with
    // both line-ups laid; the Catalan cover quotes with « ».
    let dir = main_job();
    let pencil = [("es", "lápiz"), ("en", "pencil"), ("ca", "llapis")];
    for (lang, word) in pencil {
        let md = crate::common::printed_md(&format!("templates/covers/league/{lang}.md"));
        let mut lines = md.lines().filter(|l| !l.trim().is_empty());
        assert!(lines.next().unwrap().starts_with("# "), "{lang}: the title first");
        let banner = lines.next().unwrap();
        assert!(
            banner.starts_with("> "),
            "{lang}: a box right under the title: {banner}"
        );
        let cited = numbers(banner);
        for n in [2, 3, 6, 10, 25, 5] {
            assert!(
                cited.contains(&n),
                "{lang}: the banner gives {n} (coaches, championship, age, minutes, balls): {banner}"
            );
        }
        let needed = md
            .lines()
            .find(|l| l.starts_with("> ") && l.contains(word))
            .unwrap_or_else(|| panic!("{lang}: a box says a {word} is needed"));
        assert!(needed.contains("**"), "{lang}: {needed}");
        let svg = dir.read_string(format!(
            "output/league/{}",
            output_name("cover.toml", lang).replace(".pdf", ".svg")
        ));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let laid: Vec<String> = by_class(&doc, "laid-card")
            .iter()
            .map(|c| c.attribute("id").unwrap().to_string())
            .collect();
        for side in ["0", "1"] {
            let cards = laid.iter().filter(|id| id.split('-').nth(2) == Some(side)).count();
            assert_eq!(cards, 11, "{lang}: eleven cards laid for side {side}");
        }
        // The banner is printed above the first heading.
        let text = without_spaces_and_hyphens(&pdf_text(
            &dir.read(format!("output/league/{}", output_name("cover.toml", lang))),
        ));
        let first_heading = md.lines().find_map(|l| l.strip_prefix("## ")).unwrap();
        let opening: String = without_spaces_and_hyphens(&banner[2..].replace("**", ""))
            .chars()
            .take(12)
            .collect();
        let (at_banner, at_heading) = (
            text.find(&opening),
            text.find(&without_spaces_and_hyphens(first_heading)),
        );
        assert!(
            at_banner.is_some() && at_banner < at_heading,
            "{lang}: the banner stands before \"{first_heading}\""
        );
    }
    let ca = crate::common::printed_md("templates/covers/league/ca.md");
    assert!(
        !ca.contains('“') && !ca.contains('”') && ca.contains('«'),
        "the Catalan cover quotes with « »"
    );
}

#[test]
fn no_heading_of_a_games_cover_repeats_one_of_its_rules() {
    // A kit prints the cover and the rules one after the other: a section
    // title met twice ("Setting up" on both) sends a reader to the wrong one.
    let headings = |md: &str| -> Vec<String> {
        md.lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim().to_lowercase())
            .collect()
    };
    for game in GAMES {
        for lang in ["es", "en", "ca"] {
            let cover = headings(&crate::common::printed_md(&format!(
                "templates/covers/{game}/{lang}.md"
            )));
            let rules = headings(&crate::common::printed_md(&format!("templates/rules/{game}/{lang}.md")));
            assert!(
                cover.len() >= 4 && rules.len() >= 4,
                "{game}/{lang}: the sections are read"
            );
            let twice: Vec<&String> = cover.iter().filter(|h| rules.contains(h)).collect();
            assert!(
                twice.is_empty(),
                "{game}/{lang}: the cover and the rules both have {twice:?}"
            );
        }
    }
}
