//! Quick-reference cards: each game's card, front and
//! back, in every language, read back from its PDF and SVG: half A5, one
//! copy per player, duplex on the long edge, every word of each face on its
//! own side of the sheet and inside the card's safe area; text that does not
//! fit, or a text that is not two faces, is refused with its code and line.

use std::collections::BTreeSet;

use crate::common::{
    Face, TestDir, attr, by_class, expand_uses, in_order, main_job, markdown_words, pdf_text, project_file, read_pdf,
    text_of, text_width, words,
};

use crate::common::GAMES;
const LANGS: [&str; 3] = ["es", "en", "ca"];
/// The card's safe area: text keeps this far inside the trim.
const INSET: f64 = 6.0;

/// A folder with every game's card layout and texts.
fn with_sources(dir: TestDir) -> TestDir {
    for game in GAMES {
        let rel = format!("layouts/{game}/reference.toml");
        dir.write(&rel, &project_file(&rel));
        for lang in LANGS {
            let rel = format!("templates/reference/{game}/{lang}.md");
            dir.write(&rel, &project_file(&rel));
        }
    }
    dir
}

fn stem(game: &str, lang: &str) -> String {
    format!(
        "output/{game}/{}",
        pitchprint::output::names::in_language("reference", lang)
    )
}

#[test]
fn every_card_prints_each_face_on_its_side_twice_duplex_on_the_long_edge() {
    let dir = main_job();
    for game in GAMES {
        for lang in LANGS {
            let what = format!("{game}/{lang}");
            let pdf = dir.read(format!("{}.pdf", stem(game, lang)));
            let pages = read_pdf(&pdf);
            assert_eq!(pages.len(), 2, "{what}: one sheet, front and back");
            let raw = String::from_utf8_lossy(&pdf).into_owned();
            assert!(
                raw.contains("/DuplexFlipLongEdge"),
                "{what}: the dialog is told to flip on the long edge"
            );
            let md = crate::common::printed_md(&format!("templates/reference/{game}/{lang}.md"));
            let (front, back) = md.split_once("\n---\n").expect("two faces");
            for (n, face) in [front, back].iter().enumerate() {
                // As printed: a back drawn once is read at each place it is used.
                let svg = expand_uses(&dir.read_string(format!("{}-{}.svg", stem(game, lang), n + 1)));
                let doc = roxmltree::Document::parse(&svg).unwrap();
                let class = if n == 0 { "item-front" } else { "item-back" };
                let cards = by_class(&doc, class);
                assert_eq!(cards.len(), 2, "{what}: one copy for each player");
                let text: String = cards[0]
                    .descendants()
                    .filter(|d| d.is_text())
                    .filter_map(|d| d.text())
                    .collect::<Vec<_>>()
                    .join(" ");
                let want = markdown_words(face);
                assert!(want.len() > 50, "{what}: a real face ({} words)", want.len());
                in_order(&want, &words(&text)).unwrap_or_else(|e| panic!("{what}, face {}: {e}", n + 1));
            }
            // And the PDF carries the words too.
            in_order(&markdown_words(front), &words(&pdf_text(&pdf))).unwrap_or_else(|e| panic!("{what} PDF: {e}"));
        }
    }
}

#[test]
fn every_line_of_a_card_stays_inside_its_safe_area() {
    let dir = main_job();
    let mut lines = 0;
    for game in GAMES {
        for lang in LANGS {
            for n in 1..=2 {
                let svg = expand_uses(&dir.read_string(format!("{}-{n}.svg", stem(game, lang))));
                let doc = roxmltree::Document::parse(&svg).unwrap();
                let class = if n == 1 { "item-front" } else { "item-back" };
                for card in by_class(&doc, class) {
                    // The card's own coordinates: its clip is the bleed box,
                    // the trim at the origin inside it.
                    let clip = card
                        .descendants()
                        .find(|d| d.has_tag_name("rect") && d.parent().is_some_and(|p| p.has_tag_name("clipPath")))
                        .unwrap_or_else(|| panic!("{game}/{lang}: a card without its bleed box"));
                    let bleed = -attr(clip, "x");
                    let (w, h) = (attr(clip, "width") - 2.0 * bleed, attr(clip, "height") - 2.0 * bleed);
                    assert!(
                        (w - 105.0).abs() < 0.01 && (h - 148.0).abs() < 0.01,
                        "{game}/{lang}: half A5, {w} x {h}"
                    );
                    for t in card.descendants().filter(|d| d.attribute("class") == Some("body")) {
                        lines += 1;
                        let (left, baseline) = (attr(t, "x"), attr(t, "y"));
                        // A run set word by word ends where its last word
                        // does: anchored at its end, or its start and width.
                        let last = t.children().rfind(|n| n.has_tag_name("tspan"));
                        let right = match last {
                            Some(n) if n.attribute("text-anchor") == Some("end") => attr(n, "x"),
                            Some(n) => attr(n, "x") + Face::of_svg(t).advance(&text_of(n), attr(t, "font-size")),
                            None => left + text_width(t),
                        };
                        assert!(
                            left >= INSET - 0.01
                                && right <= w - INSET + 0.01
                                && baseline <= h - INSET
                                && baseline > 0.0,
                            "{game}/{lang}: \"{}\" from {left} to {right} at {baseline} is outside the safe area of a {w} x {h} card",
                            text_of(t)
                        );
                    }
                }
            }
        }
    }
    assert!(lines > 200, "only {lines} lines were measured");
}

#[test]
fn a_face_that_does_not_fit_its_card_is_refused_at_its_line() {
    let dir = with_sources(TestDir::new("reference-overflow"));
    let rel = "templates/reference/path-football/es.md";
    let md = project_file(rel);
    // The back's last section, five times over: far past the card's foot.
    let extra = "\n\n## Límite de tiempo\n\nOpcional, pactado antes: 15 minutos. Si no hay gol para entonces, empate."
        .repeat(12);
    dir.write(rel, &format!("{}{extra}\n", md.trim_end()));
    let run = dir.run(&["check", "--json", "layouts/path-football/reference.toml"]);
    let findings = crate::common::json_findings(&run.stdout);
    let overflow: Vec<&serde_json::Value> = findings.iter().filter(|f| f["code"] == "card-overflow").collect();
    assert_eq!(overflow.len(), 1, "one finding, for the back: {findings:?}");
    let f = overflow[0].to_string();
    assert!(
        f.contains("back") && f.contains("es.md"),
        "it names the face and the file: {f}"
    );
    let line = overflow[0]["line"].as_u64();
    let first_added = md.trim_end().lines().count() as u64 + 3;
    assert!(
        line.is_some_and(|l| l >= first_added - 2 && l <= first_added + 30),
        "the line of a block that overflows, after the original text: {f}"
    );
}

#[test]
fn a_text_that_is_not_two_faces_is_refused() {
    let dir = with_sources(TestDir::new("reference-faces"));
    let rel = "templates/reference/league/en.md";
    dir.write(rel, &project_file(rel).replace("\n---\n", "\n"));
    let run = dir.run(&["check", "--json", "--lang", "en", "layouts/league/reference.toml"]);
    assert!(
        run.json_codes().contains(&"rules-markdown".to_string()),
        "a card without its `---` is refused: {}",
        run.stdout
    );
}

#[test]
fn the_futbolchess_card_gives_each_roles_dice_the_turn_and_the_key_numbers() {
    // Cards once left half empty are full: the front names the
    // dice each role rolls (1 or 2 for DF, L, M and EX; none for DC and the
    // keeper); the back the turn in numbered steps and the key numbers: the
    // 90 game minutes and their real times, extra time, 5 penalties each.
    let dir = main_job();
    let none = [("es", "sin dados"), ("en", "no dice"), ("ca", "sense daus")];
    for (lang, no_dice) in none {
        let md = crate::common::printed_md(&format!("templates/reference/futbolchess/{lang}.md"));
        let (front, back) = md.split_once("\n---\n").unwrap();
        for code in ["DF", "L", "M", "EX", "DC", "POR"] {
            let line = front
                .lines()
                .find(|l| l.starts_with(&format!("- **{code}**")))
                .unwrap_or_else(|| panic!("{lang}: the front has {code}"));
            let rolls = !matches!(code, "DC" | "POR");
            assert_eq!(
                line.contains("1 o 2") || line.contains("1 or 2"),
                rolls,
                "{lang}: {code} rolls 1 or 2 dice: {line}"
            );
            assert_eq!(line.contains(no_dice), !rolls, "{lang}: {code}: {line}");
        }
        let steps = back
            .lines()
            .filter(|l| l.len() > 3 && l.as_bytes()[0].is_ascii_digit() && &l[1..3] == ". ")
            .count();
        assert!(steps >= 3, "{lang}: the turn in numbered steps");
        let numbers: BTreeSet<u32> = back
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        for n in [90, 60, 30, 15, 10, 5, 3] {
            assert!(numbers.contains(&n), "{lang}: the back gives {n}");
        }
        // And it is printed, both faces, in the language's file.
        let text = words(&pdf_text(&dir.read(format!("{}.pdf", stem("futbolchess", lang)))));
        in_order(&markdown_words(back), &text).unwrap_or_else(|e| panic!("{lang}: {e}"));
    }
}

#[test]
fn the_league_cards_use_their_space_on_both_faces() {
    // Cards once left half empty are full: the front carries the play and
    // the key numbers, the back the strategy, the balls and a championship
    // round: on every face the text runs past three quarters of the card.
    let dir = main_job();
    for lang in LANGS {
        for n in 1..=2 {
            let svg = expand_uses(&dir.read_string(format!("{}-{n}.svg", stem("league", lang))));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let class = if n == 1 { "item-front" } else { "item-back" };
            for card in by_class(&doc, class) {
                let lowest = card
                    .descendants()
                    .filter(|d| d.attribute("class") == Some("body"))
                    .map(|t| attr(t, "y"))
                    .fold(0.0, f64::max);
                assert!(
                    lowest > 148.0 * 0.75,
                    "league/{lang}, face {n}: the text ends at {lowest:.1} mm of a 148 mm card"
                );
            }
        }
        let md = crate::common::printed_md(&format!("templates/reference/league/{lang}.md")).replace('\u{a0}', " ");
        for numbers in ["17", "20 M", "10 M"] {
            assert!(md.contains(numbers), "league/{lang}: the card gives {numbers}");
        }
    }
    let en = crate::common::printed_md("templates/reference/league/en.md");
    assert!(!en.contains("Higher shooter"), "the shot's result is a sentence");
}
