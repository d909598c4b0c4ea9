//! The league plays: the checker simulates matches with a deck
//! whose `[deal]` says `rules = "league"`, reports their figures in the text
//! output and in `--json`, and refuses a deck with which a ball would not
//! end. The figures are held to probabilities worked out by hand for tiny
//! decks, and the shipped decks to the bounds a playable match needs.

use crate::common::{TestDir, deck_alone, project_file, replace_line};
use serde_json::Value;

/// The `play` figures of the first layout of a `check --json` document.
fn play_of(stdout: &str) -> Value {
    let doc: Value = serde_json::from_str(stdout).expect("check --json prints JSON");
    doc["layouts"][0]["play"].clone()
}

/// A stripe's figures by name (`attack`).
fn stripe<'a>(play: &'a Value, name: &str) -> &'a Value {
    play["stripes"]
        .as_array()
        .expect("stripes")
        .iter()
        .find(|s| s["stripe"] == name)
        .expect("every stripe is reported")
}

/// A deck project playing the league's rules with `csv`, the `[deal]` keys
/// of `deal` set to their values (`("matches", "4000")`).
fn league_project(name: &str, csv: &str, deal: &[(&str, &str)]) -> TestDir {
    let dir = crate::common::deck_project(name, csv);
    let mut deck = replace_line(&deck_alone(), "rules =", "rules = \"league\"");
    for (key, value) in deal {
        deck = replace_line(&deck, &format!("{key} ="), &format!("{key} = {value}"));
    }
    dir.write("layouts/league/deck.toml", &deck);
    dir
}

const HEADER: &str =
    "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity\n";

/// Two hands' worth of cards, each position's cards alike: (passes, won,
/// shots) for forwards, midfielders, defenders and keepers, and the keepers'
/// goals conceded and saves.
fn alike(fw: (u32, u32, u32), mf: (u32, u32, u32), df: (u32, u32, u32), gk: (u32, u32), keeper: (u32, u32)) -> String {
    let mut csv = HEADER.to_string();
    let rows = [
        ("FW", fw, (0, 0), 8),
        ("MF", mf, (0, 0), 10),
        ("DF", df, (0, 0), 12),
        ("GK", (gk.0, gk.1, 0), keeper, 4),
    ];
    for (pos, (p, w, s), (c, v), n) in rows {
        for k in 0..n {
            csv.push_str(&format!("{pos} {k},Club,{pos},{p},{w},{s},{c},{v},10,,\n"));
        }
    }
    csv
}

/// Exact chances, worked by hand. Forwards pass 5 and shoot 3; no card wins
/// a ball; defenders pass 5. The side with the ball then never loses it
/// (a die plus 5 is at least 6, a die plus 0 at most 6, and a tie keeps
/// it), so a one-forward attack shoots when d + 3 > d' + 5: the die's
/// difference must be 3 or more, 6 of the 36 pairs, 1/6. Midfielders pass
/// 6 and shoot 0: d + 0 > d' + 6 never holds, so midfield never shoots; nor
/// does the defence (0 against at least 6). Keepers concede 2 and save 2: a
/// goal when d + 2 > d' + 2, 15 pairs of 36.
#[test]
fn figures_match_the_chances_worked_by_hand() {
    let csv = alike((5, 0, 3), (6, 0, 0), (5, 0, 0), (0, 0), (2, 2));
    let dir = league_project(
        "play-exact",
        &csv,
        &[("formations", "\"4-5-1\""), ("matches", "4000"), ("max_plays", "60.0")],
    );
    let run = dir.run(&["check", "layouts/league/deck.toml", "--json", "--lang", "en"]);
    run.expect_code(0);
    let play = play_of(&run.stdout);
    assert_eq!(play["formations"], serde_json::json!(["4-5-1"]));
    for never in ["defence", "midfield"] {
        let s = stripe(&play, never);
        assert!(s["plays"].as_u64().unwrap() > 1000, "{s}");
        assert_eq!(s["shots"], 0, "{never} cannot shoot: {s}");
    }
    let attack = stripe(&play, "attack");
    let n = attack["plays"].as_u64().unwrap() as f64;
    let shots = attack["shots"].as_u64().unwrap() as f64;
    let p = 1.0 / 6.0;
    let sigma = (p * (1.0 - p) / n).sqrt();
    assert!(n > 10_000.0, "{attack}");
    assert!(
        (shots / n - p).abs() < 4.0 * sigma,
        "a one-card attack shoots with the dice's chance 1/6: {shots}/{n}"
    );
    // Every ball ends with a shot from the attack, goal or save.
    let balls = 4000.0 * 5.0;
    assert_eq!(shots as u64, 20_000, "{play}");
    let goals = play["goals_per_shot"].as_f64().unwrap();
    let g = 15.0 / 36.0;
    assert!(
        (goals - g).abs() < 4.0 * (g * (1.0 - g) / balls).sqrt(),
        "goals {goals}, by hand {g}"
    );
    // A ball's plays: passes reach the attack (at least a 6 on the track)
    // and it shoots 1 time in 6 there, so no ball lasts a single play.
    assert!(play["plays_per_ball"].as_f64().unwrap() > 2.0, "{play}");
}

/// A deck whose every card has 0 shots on goal: no ball ever ends. The
/// finding is an error at `[deal] rules` naming the stat and the change.
#[test]
fn a_deck_that_never_shoots_is_refused_with_the_stat_to_raise() {
    let csv = alike((2, 1, 0), (2, 1, 0), (1, 1, 0), (0, 0), (2, 2));
    let dir = league_project("play-no-shots", &csv, &[]);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[deck-play]"), "{}", run.stderr);
    let deck = dir.read_string("layouts/league/deck.toml");
    let line = crate::common::line_of(&deck, "rules =");
    assert!(
        run.stderr.contains(&format!("layouts/league/deck.toml:{line}:")),
        "the error is at the rules key:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("did not end within"), "{}", run.stderr);
    assert!(
        run.stderr.contains("hint: raise shots on goal by"),
        "the hint names the stat and how much:\n{}",
        run.stderr
    );
    // Nothing is written for a deck that cannot be played.
    let built = dir.run(&["build", "layouts/league/deck.toml", "--lang", "en"]);
    built.expect_code(1);
    assert!(!dir.join("output/league/deck-en.pdf").exists());
}

/// Keepers who never concede: shots are never goals.
#[test]
fn keepers_that_always_save_are_refused_with_the_keepers_stat() {
    let csv = alike((2, 0, 4), (2, 1, 2), (1, 1, 0), (0, 0), (0, 9));
    let dir = league_project("play-no-goals", &csv, &[]);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(run.stderr.contains("of shots are goals"), "{}", run.stderr);
    assert!(run.stderr.contains("hint: raise goals conceded by"), "{}", run.stderr);
}

/// A deck of no rules is dealt but not played: no figures, no finding.
#[test]
fn a_generic_deck_is_not_played() {
    let csv = alike((2, 1, 0), (2, 1, 0), (1, 1, 0), (0, 0), (2, 2));
    let dir = crate::common::deck_project("play-generic", &csv);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--json", "--lang", "en"]);
    run.expect_code(0);
    assert!(play_of(&run.stdout).is_null(), "{}", run.stdout);
}

/// A line-up that is not one of ten outfield players is refused at its key.
#[test]
fn a_formation_of_eleven_outfield_players_is_refused() {
    let csv = alike((2, 0, 4), (2, 1, 2), (1, 1, 0), (0, 0), (2, 2));
    let dir = league_project("play-bad-formation", &csv, &[("formations", "\"4-4-3\"")]);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--json", "--lang", "en"]);
    run.expect_code(1);
    let findings = crate::common::json_findings(&run.stdout);
    assert!(
        findings
            .iter()
            .any(|f| f["key"] == "deal.formations" && f["message"].as_str().unwrap().contains("4-4-3")),
        "{}",
        run.stdout
    );
}

/// The shipped deck plays: a ball ends within the bound, shots come from
/// more than one stripe, goals and saves both happen, and a 5-ball match
/// takes 20 to 40 minutes at the stated pace. The same figures every run,
/// and `check` prints them.
#[test]
fn the_shipped_deck_plays_a_match_of_20_to_40_minutes() {
    let dir = TestDir::new("play-shipped");
    for f in [
        "layouts/league/deck.toml",
        "layouts/league/table.toml",
        "layouts/league/banknotes.toml",
        "layouts/league/players.csv",
        "templates/cards/player.toml",
    ] {
        dir.write(f, &project_file(f));
    }
    std::fs::create_dir_all(dir.join("layouts/league/photos")).unwrap();
    let run = dir.run(&["check", "layouts/league/deck.toml", "--json", "--lang", "en"]);
    let play = play_of(&run.stdout);
    assert_eq!(play["rules"], "league", "{}", run.stdout);
    let again = dir.run(&["check", "layouts/league/deck.toml", "--json", "--lang", "en"]);
    assert_eq!(play, play_of(&again.stdout), "seeded: the same figures every run");
    let plays = play["plays_per_ball"].as_f64().unwrap();
    assert!((3.0..=15.0).contains(&plays), "{play}");
    assert_eq!(play["unended_balls"], 0.0);
    let minutes = play["match_minutes"].as_f64().unwrap();
    assert_eq!(play["balls"], 5);
    assert!((20.0..=40.0).contains(&minutes), "a 5-ball match takes {minutes} min");
    let shooting = ["defence", "midfield", "attack"]
        .iter()
        .filter(|s| stripe(&play, s)["shots_per_ball"].as_f64().unwrap() >= 0.1)
        .count();
    assert!(shooting >= 2, "shots come from more than one stripe: {play}");
    let goals = play["goals_per_shot"].as_f64().unwrap();
    assert!((0.25..=0.75).contains(&goals), "{goals}");
    for f in play["by_formation"].as_array().unwrap() {
        assert!(f["shots_per_match"].as_f64().unwrap() > 1.0, "{f}");
    }
    let home = play["home_wins"].as_f64().unwrap();
    let away = play["away_wins"].as_f64().unwrap();
    let draws = play["draws"].as_f64().unwrap();
    assert!((home + away + draws - 1.0).abs() < 1e-3 && draws < 0.4, "{play}");
    // The covers tell the length the matches take.
    for (lang, word) in [("es", "minutos"), ("en", "minutes"), ("ca", "minuts")] {
        let cover = crate::common::printed_md(&format!("templates/covers/league/{lang}.md"));
        assert!(
            cover.contains(&format!("**{minutes:.0} {word}**")),
            "the {lang} cover says the {minutes:.0} minutes a 5-ball match takes"
        );
    }
    // The text output says it, beside the deck.
    let text = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    assert!(
        text.stderr.contains(&format!("{plays:.1} plays a ball"))
            && text.stderr.contains(&format!("about {minutes:.0} min at 40 s a play")),
        "{}",
        text.stderr
    );
}

/// `[scale]`: a sheet of real per-90 figures becomes a deck that plays; the
/// cards print the mapped numbers.
#[test]
fn real_per_90_figures_scaled_give_a_deck_that_plays() {
    let dir = TestDir::new("play-scaled");
    for f in [
        "layouts/league-real-stats/deck.toml",
        "layouts/league-real-stats/players-per90.csv",
        "templates/cards/player.toml",
    ] {
        dir.write(f, &project_file(f));
    }
    let run = dir.run(&["check", "layouts/league-real-stats/deck.toml", "--json", "--lang", "en"]);
    run.expect_code(0);
    let play = play_of(&run.stdout);
    assert!(play["plays_per_ball"].as_f64().unwrap() <= 15.0, "{play}");
    assert!(play["goals_per_shot"].as_f64().unwrap() > 0.15, "{play}");
    // Without [scale] the same sheet gives cards of 55 passes, with which
    // no ball ends.
    let deck = dir.read_string("layouts/league-real-stats/deck.toml");
    let unscaled: String = deck
        .lines()
        .filter(|l| {
            ![
                "passes = {",
                "won = {",
                "shots = {",
                "conceded = {",
                "saves = {",
                "price = {",
            ]
            .iter()
            .any(|k| l.starts_with(k))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    dir.write("layouts/league-real-stats/deck.toml", &unscaled);
    let raw = dir.run(&["check", "layouts/league-real-stats/deck.toml", "--lang", "en"]);
    raw.expect_code(1);
    assert!(raw.stderr.contains("error[deck-play]"), "{}", raw.stderr);
    // The first card, a keeper of 21.26 passes, 1.53 goals against and the
    // second-best saves of the sheet's keepers, prints the mapped numbers.
    dir.write("layouts/league-real-stats/deck.toml", &deck);
    let built = dir.run(&[
        "build",
        "layouts/league-real-stats/deck.toml",
        "--format",
        "svg",
        "--lang",
        "en",
    ]);
    built.expect_code(0);
    let svg = dir.read_string("output/league-real-stats/deck-en-1.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    let at = texts.iter().position(|t| *t == "Álex Albar").expect("the first card");
    let stats: Vec<&str> = texts[at..]
        .iter()
        .copied()
        .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
        .take(5)
        .collect();
    // passes 21.26 of 0..60 onto 0..2: 0.71, 1; balls won 0.04: 0; shots 0;
    // goals against 1.53 of 0.6..2.0 onto 2..4: 3.33, 3; saves 2.97.
    assert_eq!(&stats[..4], ["1", "0", "0", "3"], "{:?}", &texts[at..at + 20]);
    let saves: Vec<f64> = project_file("layouts/league-real-stats/players-per90.csv")
        .lines()
        .filter(|l| l.contains(",GK,"))
        .map(|l| l.split(',').nth(7).unwrap().parse().unwrap())
        .collect();
    let below = saves.iter().filter(|s| **s < 2.97).count() as f64;
    let expect = (1.0 + below / (saves.len() as f64 - 1.0) * 2.0).round();
    assert_eq!(
        stats[4],
        format!("{expect}"),
        "saves by rank among {} keepers",
        saves.len()
    );
}

/// The rule sheet's worked play uses real cards of the shipped deck: their
/// numbers, as every language's sheet prints them, are the spreadsheet's,
/// and the defence it faces can be lined up from the same club.
#[test]
fn the_worked_play_uses_the_shipped_cards_numbers() {
    let csv = project_file("layouts/league/players.csv");
    let card = |name: &str| -> Vec<u32> {
        let row = csv.lines().find(|l| l.starts_with(&format!("{name},"))).expect(name);
        row.split(',').skip(3).take(5).map(|v| v.parse().unwrap()).collect()
    };
    // (good passes, balls won, shots, conceded, saves)
    let (quintana, herranz, miralles) = (card("Fermín Quintana"), card("Unai Herranz"), card("Adrián Miralles"));
    assert_eq!((quintana[0], quintana[2]), (2, 2));
    assert_eq!((herranz[0], herranz[2]), (1, 4));
    assert_eq!((miralles[3], miralles[4]), (4, 2));
    // Four of Miralles' club's defenders win 5 balls with him.
    let won: Vec<u32> = csv
        .lines()
        .filter(|l| l.contains(",Unión Serrana,DF,"))
        .map(|l| l.split(',').nth(4).unwrap().parse().unwrap())
        .collect();
    let four = (0..won.len()).any(|a| {
        (a + 1..won.len()).any(|b| {
            (b + 1..won.len()).any(|c| (c + 1..won.len()).any(|d| won[a] + won[b] + won[c] + won[d] + miralles[1] == 5))
        })
    });
    assert!(four, "{won:?}");
    // Every language's rule sheet tells the same play: the cards, their
    // numbers and the sums in the same order.
    let dir = TestDir::new("play-worked");
    let out = dir.path().display().to_string();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen = Vec::new();
    for lang in ["es", "en", "ca"] {
        let run = crate::common::run_in(
            root,
            &[
                "build",
                "layouts/league/rules.toml",
                "--format",
                "pdf",
                "--lang",
                lang,
                "--out",
                &out,
            ],
        );
        run.expect_code(0);
        let name = format!("{}.pdf", pitchprint::output::names::in_language("rules", lang));
        // Letters and digits only, as justified lines place words one by
        // one and may break one at a line's end.
        let stream = crate::common::words(&crate::common::pdf_text(&dir.read(format!("league/{name}")))).concat();
        let from = stream
            .find("fermínquintana")
            .unwrap_or_else(|| panic!("{lang}: no worked play"));
        let rest = &stream[from..];
        assert!(
            rest.contains("unaiherranz") && rest.contains("adriánmiralles"),
            "{lang}"
        );
        let digits: Vec<char> = rest.chars().filter(char::is_ascii_digit).take(24).collect();
        seen.push(digits);
    }
    assert!(
        seen.iter().all(|d| d == &seen[0]),
        "the three sheets' numbers differ: {seen:?}"
    );
}
