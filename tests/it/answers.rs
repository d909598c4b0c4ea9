//! Rules no player has to guess, for dice football and path
//! football, read back from what the binary prints: the dice foul is a
//! penalty only in the fouling side's own area, in the rules and on the
//! reference card; placing counters in turns is advice; path football's
//! eight are guests; every rule sheet has its "if in doubt" box, the same in
//! each language; the middle of a goal's gap ends a turn as the sheet says
//! and as the game engine plays it; the reference cards carry the turn and
//! the key numbers; the covers open with a banner of players, age and
//! length and picture the set-up board, a legal set-up for dice football.

use std::collections::BTreeMap;

use crate::common::{attr, by_class, expand_uses, main_job, pdf_text, project_file, project_root, run_in, words};
use pitchprint::components::path_fields::play::{Game, Outcome, Why};

const GAMES: [&str; 2] = ["dice-football", "path-football"];
const LANGS: [&str; 3] = ["es", "en", "ca"];

/// The output file of `layout` in `lang`: `rules.pdf` in Spanish, `rules-en.pdf`.
fn output(game: &str, layout: &str, lang: &str, ext: &str) -> String {
    format!(
        "output/{game}/{}.{ext}",
        pitchprint::output::names::in_language(layout, lang)
    )
}

/// A text's words run together: lowercase letters and digits, no spaces, so
/// that a phrase broken across lines, hyphenated or set in two styles is
/// still found whole.
fn stream(text: &str) -> String {
    words(text).concat()
}

/// The printed words of a layout's PDF in a language, run together.
fn printed(game: &str, layout: &str, lang: &str) -> String {
    stream(&pdf_text(&main_job().read(output(game, layout, lang, "pdf"))))
}

fn assert_says(hay: &str, phrase: &str, what: &str) {
    assert!(hay.contains(&stream(phrase)), "{what} does not print \"{phrase}\"");
}

fn assert_not_says(hay: &str, phrase: &str, what: &str) {
    assert!(!hay.contains(&stream(phrase)), "{what} still prints \"{phrase}\"");
}

#[test]
fn a_dice_foul_is_a_penalty_only_in_the_fouling_sides_own_area() {
    // (lang, who fouls on the rules and on the card, the penalty's condition
    // on the rules, in their quick reference and on the card; what the
    // sheets used to say)
    let cases = [
        (
            "en",
            "a foul by the side that rolled",
            "by the side that rolled",
            "a penalty instead only when the ball was inside the penalty area of the side that fouled",
            "a penalty only with the ball in that side’s own penalty area, otherwise a free kick",
            "Only for a foul with the ball in the fouling side’s own penalty area",
            [
                "If the ball was inside the penalty area, it is a penalty instead",
                "A foul inside the penalty area",
            ],
        ),
        (
            "es",
            "falta del equipo que ha tirado",
            "del equipo que tira",
            "Solo se pita penalti cuando el balón estaba dentro del área grande del equipo que ha cometido la falta",
            "penalti solo con el balón en el área grande de ese equipo, si no, tiro libre",
            "Solo si el balón estaba en el área grande del equipo que comete la falta",
            [
                "Si el balón estaba dentro del área grande, se pita penalti",
                "Una falta dentro del área grande",
            ],
        ),
        (
            "ca",
            "falta de l’equip que ha tirat",
            "de l’equip que ha tirat",
            "Només s’assenyala penal quan la pilota era dins l’àrea gran de l’equip que ha fet la falta",
            "penal només amb la pilota a l’àrea gran d’aquest equip, si no, tir lliure",
            "Només per una falta amb la pilota a l’àrea gran de l’equip que la fa",
            [
                "Si la pilota era dins l’àrea gran, s’assenyala penal",
                "Una falta dins l’àrea gran",
            ],
        ),
    ];
    for (lang, who, card_who, rule, quick, card, old) in cases {
        let rules = printed("dice-football", "rules", lang);
        let reference = printed("dice-football", "reference", lang);
        assert_says(&rules, who, &format!("{lang} rules"));
        assert_says(&rules, rule, &format!("{lang} rules"));
        assert_says(&rules, quick, &format!("{lang} rules' quick reference"));
        assert_says(&reference, card_who, &format!("{lang} reference card"));
        assert_says(&reference, card, &format!("{lang} reference card"));
        for o in old {
            assert_not_says(&rules, o, &format!("{lang} rules"));
            assert_not_says(&reference, o, &format!("{lang} reference card"));
        }
    }
}

#[test]
fn placing_dice_counters_in_turns_is_advice_and_path_footballs_eight_are_guests() {
    let advice = [
        (
            "en",
            "The original rules advise placing the counters in turns",
            "Players take turns placing",
        ),
        (
            "es",
            "Las reglas originales aconsejan colocar las fichas por turnos",
            "Por turnos, ficha a ficha, cada jugador reparte",
        ),
        (
            "ca",
            "Les regles originals aconsellen col·locar les fitxes per torns",
            "Per torns, fitxa a fitxa, cada jugador reparteix",
        ),
    ];
    for (lang, says, old) in advice {
        let rules = printed("dice-football", "rules", lang);
        assert_says(&rules, says, &format!("{lang} dice rules"));
        assert_not_says(&rules, old, &format!("{lang} dice rules"));
        let cover = printed("dice-football", "cover", lang);
        assert!(
            ["advised", "aconseja", "recomana"].iter().any(|w| cover.contains(w)),
            "{lang}: the dice cover gives placing in turns as advice"
        );
    }
    let guests = [
        ("en", "Up to eight guests can join in", "eight people in all"),
        ("es", "Pueden sumarse hasta ocho invitados", "ocho personas en total"),
        (
            "ca",
            "S’hi poden afegir fins a vuit convidats",
            "vuit persones en total",
        ),
    ];
    for (lang, says, old) in guests {
        let rules = printed("path-football", "rules", lang);
        assert_says(&rules, says, &format!("{lang} path rules"));
        assert_not_says(&rules, old, &format!("{lang} path rules"));
    }
}

/// The heading of each language's "if in doubt" box.
fn doubt_heading(lang: &str) -> &'static str {
    match lang {
        "es" => "Ante la duda",
        "en" => "If in doubt",
        "ca" => "En cas de dubte",
        other => panic!("no heading for {other}"),
    }
}

/// The marker a default takes inside the box, in each language.
fn default_marker(lang: &str) -> &'static str {
    match lang {
        "es" => "(por defecto)",
        "en" => "(default)",
        "ca" => "(per defecte)",
        other => panic!("no marker for {other}"),
    }
}

/// The "if in doubt" section of a rule text: its list items, each its bold
/// lead and the rest.
fn doubt_items(md: &str, lang: &str) -> Vec<(String, String)> {
    let heading = format!("## {}", doubt_heading(lang));
    let (_, after) = md
        .split_once(&format!("{heading}\n"))
        .unwrap_or_else(|| panic!("{lang}: no \"{heading}\" section"));
    let section = after.split("\n## ").next().unwrap();
    section
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .map(|l| {
            let (lead, rest) = l.split_once("**").expect("a bold lead");
            (lead.to_string(), rest.trim().to_string())
        })
        .collect()
}

#[test]
fn every_sheet_has_its_if_in_doubt_box_alike_in_each_language() {
    // Dice football answers its eight open questions (the "if in doubt"
    // list of its rules); path
    // football the middle of a gap (and a time limit that runs out mid-turn).
    for (game, wanted) in [("dice-football", 8), ("path-football", 2)] {
        let mut shape: Option<(usize, Vec<bool>, Vec<Vec<String>>)> = None;
        for lang in LANGS {
            let md = crate::common::printed_md(&format!("templates/rules/{game}/{lang}.md"));
            let items = doubt_items(&md, lang);
            assert_eq!(items.len(), wanted, "{game}/{lang}: the box's answers");
            // Which answers are defaults, and the numbers each states.
            let defaults: Vec<bool> = items.iter().map(|(_, t)| t.contains(default_marker(lang))).collect();
            let digits: Vec<Vec<String>> = items
                .iter()
                .map(|(_, t)| {
                    t.split(|c: char| !c.is_ascii_digit())
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .collect();
            assert!(
                defaults.iter().any(|d| *d),
                "{game}/{lang}: the defaults the seed leaves open are marked"
            );
            match &shape {
                None => shape = Some((items.len(), defaults, digits)),
                Some((n, d, g)) => {
                    assert_eq!(*n, items.len(), "{game}/{lang}: as many answers as in Spanish");
                    assert_eq!(
                        *d, defaults,
                        "{game}/{lang}: the same answers are defaults as in Spanish"
                    );
                    assert_eq!(
                        *g, digits,
                        "{game}/{lang}: the same numbers, answer by answer, as in Spanish"
                    );
                }
            }
            // Printed: the heading, every lead, and the marker explained.
            let pdf = printed(game, "rules", lang);
            assert_says(&pdf, doubt_heading(lang), &format!("{game}/{lang} rules"));
            for (lead, _) in &items {
                assert_says(&pdf, lead, &format!("{game}/{lang} rules"));
            }
            assert_says(&pdf, default_marker(lang), &format!("{game}/{lang} rules"));
        }
    }
}

#[test]
fn the_dice_box_answers_each_question_of_the_issue() {
    // In English, a word or two of each answer that the question needs.
    let md = crate::common::printed_md("templates/rules/dice-football/en.md");
    let items = doubt_items(&md, "en");
    let answer = |lead: &str| -> String {
        items
            .iter()
            .find(|(l, _)| l.contains(lead))
            .unwrap_or_else(|| panic!("no answer on {lead}: {items:?}"))
            .1
            .clone()
    };
    let checks: [(&str, &[&str]); 8] = [
        ("Counting", &["never enters a square twice"]),
        ("corner", &["1, 2 or 3", "own goal line", "first step", "No counter"]),
        ("penalty spot", &["first step", "in front", "3 scores"]),
        (
            "extra time",
            &["five penalties each", "five circles", "three sudden-death circles"],
        ),
        (
            "keeper at kick-off",
            &["goal-area square", "not one of the two defenders"],
        ),
        ("Calling", &["Between two rolls", "neither makes nor breaks a foul"]),
        ("second die", &["decide the kick-off", "one die is rolled at a time"]),
        ("failed recovery", &["side that cleared", "from the ball’s square"]),
    ];
    for (lead, says) in checks {
        let a = answer(lead);
        for s in says {
            assert!(a.contains(s), "the answer on {lead} does not say \"{s}\": {a}");
        }
    }
    // The score sheet the shoot-out is marked on has 5 + 3 circles.
    let score: toml::Table = project_file("layouts/dice-football/score.toml").parse().unwrap();
    assert_eq!(score["sheet"]["penalties"].as_integer(), Some(5));
    assert_eq!(score["sheet"]["sudden_death"].as_integer(), Some(3));
}

#[test]
fn the_middle_of_a_gap_ends_a_turn_as_the_sheet_says_and_the_game_plays() {
    // The engine the figures are played with: walk up the middle column from
    // the kick-off to the top gap's middle point.
    let field = crate::common::path_field();
    let mut g = Game::new(&field);
    let (x, y) = g.at;
    for r in (1..y).rev() {
        assert_eq!(g.step((x, r)), Ok(Outcome::TurnEnds), "a new inside point");
    }
    assert!(!g.on_boundary((x, 0)), "the gap's middle is off the boundary");
    assert_eq!(
        g.step((x, 0)),
        Ok(Outcome::TurnEnds),
        "reached new, the gap's middle ends the turn"
    );
    assert_eq!(
        g.step((x - 1, 0)),
        Ok(Outcome::Bounce(Why::Boundary)),
        "the gap's end bounces"
    );
    assert_eq!(g.step((x - 1, 1)), Ok(Outcome::TurnEnds));
    assert_eq!(g.step((x, 1)), Ok(Outcome::Bounce(Why::Visited)));
    assert_eq!(g.step((x + 1, 1)), Ok(Outcome::TurnEnds));
    assert_eq!(g.step((x + 1, 0)), Ok(Outcome::Bounce(Why::Boundary)));
    assert_eq!(
        g.step((x, 0)),
        Ok(Outcome::Bounce(Why::Visited)),
        "reached again, it bounces"
    );
    // And the sheets say so.
    let says = [
        (
            "en",
            "reached for the first time, it ends the turn",
            "reached again, it bounces",
        ),
        (
            "es",
            "el turno termina como en cualquier punto interior nuevo",
            "si vuelve a llegar, rebota",
        ),
        (
            "ca",
            "el torn s’acaba com en qualsevol punt interior nou",
            "si hi torna, rebota",
        ),
    ];
    for (lang, first, again) in says {
        let rules = printed("path-football", "rules", lang);
        assert_says(&rules, first, &format!("{lang} path rules"));
        assert_says(&rules, again, &format!("{lang} path rules"));
    }
}

/// A reference card's faces as the sheet prints them: for each face, the
/// lowest baseline of its text on the card, in mm from the trim's top.
fn lowest_lines(game: &str, lang: &str) -> Vec<f64> {
    (1..=2)
        .map(|n| {
            let svg =
                main_job().read_string(output(game, "reference", lang, "svg").replace(".svg", &format!("-{n}.svg")));
            let svg = expand_uses(&svg);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let class = if n == 1 { "item-front" } else { "item-back" };
            let card = by_class(&doc, class)[0];
            card.descendants()
                .filter(|d| d.attribute("class") == Some("body"))
                .map(|t| attr(t, "y"))
                .fold(0.0, f64::max)
        })
        .collect()
}

#[test]
fn reference_cards_carry_the_turn_and_the_key_numbers_and_use_their_space() {
    let heads = [
        ("dice-football", "en", "A turn", "Key numbers"),
        ("dice-football", "es", "Un turno", "Cifras"),
        ("dice-football", "ca", "Un torn", "Xifres"),
        ("path-football", "en", "Kick-off", "Key numbers"),
        ("path-football", "es", "Saque", "Cifras"),
        ("path-football", "ca", "Sacada", "Xifres"),
    ];
    for (game, lang, turn, numbers_head) in heads {
        let md = crate::common::printed_md(&format!("templates/reference/{game}/{lang}.md"));
        let (front, back) = md.split_once("\n---\n").unwrap();
        assert!(
            front.contains(&format!("\n## {turn}\n")),
            "{game}/{lang}: the front opens the turn"
        );
        assert!(
            back.contains(&format!("\n## {numbers_head}\n")),
            "{game}/{lang}: the back has the key numbers"
        );
        let text = printed(game, "reference", lang);
        assert_says(&text, turn, &format!("{game}/{lang} card"));
        assert_says(&text, numbers_head, &format!("{game}/{lang} card"));
        // Half empty before: now each face is set at least two thirds down
        // its 148 mm card.
        for (face, low) in lowest_lines(game, lang).iter().enumerate() {
            assert!(
                *low > 148.0 * 2.0 / 3.0,
                "{game}/{lang}: face {} ends {low:.0} mm down a 148 mm card",
                face + 1
            );
        }
    }
    // The dice card's numbers are the board's and the rules'.
    for lang in LANGS {
        let card = printed("dice-football", "reference", lang);
        for n in ["10 × 18", "6 × 3", "15", "10", "11"] {
            assert_says(&card, n, &format!("dice-football/{lang} card"));
        }
        let path = printed("path-football", "reference", lang);
        for n in ["6 × 8", "63", "15", "8"] {
            assert_says(&path, n, &format!("path-football/{lang} card"));
        }
    }
}

/// The banner's three lines as each cover's Markdown writes them: the items
/// of the box right under the title.
fn banner(md: &str) -> Vec<String> {
    let mut lines = md.lines().skip_while(|l| !l.starts_with("# ")).skip(1);
    let first = lines.find(|l| !l.trim().is_empty()).unwrap_or_default();
    std::iter::once(first)
        .chain(lines.take_while(|l| l.starts_with('>')))
        .map(|l| l.trim_start_matches('>').trim().trim_start_matches("- ").to_string())
        .collect()
}

#[test]
fn every_cover_opens_with_a_banner_of_players_age_and_length() {
    let labels = [
        ("es", ["Jugadores", "Edad", "Duración"]),
        ("en", ["Players", "Ages", "Length"]),
        ("ca", ["Jugadors", "Edat", "Durada"]),
    ];
    for game in GAMES {
        for (lang, wanted) in labels {
            let md = crate::common::printed_md(&format!("templates/covers/{game}/{lang}.md"));
            let lines = banner(&md);
            assert_eq!(
                lines.len(),
                3,
                "{game}/{lang}: a banner of three lines under the title: {lines:?}"
            );
            for (line, label) in lines.iter().zip(wanted) {
                assert!(
                    line.starts_with(&format!("**{label}:**")),
                    "{game}/{lang}: \"{line}\" is the banner's {label}"
                );
            }
            let n: Vec<u32> = lines
                .join(" ")
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            // Players, age, minutes (the seed's, or ours where it gives none:
            // layouts/path-football/cover.toml says why).
            let (players, age, minutes) = if game == "dice-football" {
                (2, 8, 15)
            } else {
                (2, 7, 15)
            };
            for want in [players, age, minutes] {
                assert!(n.contains(&want), "{game}/{lang}: the banner says {want}: {lines:?}");
            }
            if game == "path-football" {
                assert!(n.contains(&8), "{game}/{lang}: up to 8 guests");
            }
            // Printed as a box near the top of the page, over the first column.
            let svg = main_job().read_string(output(game, "cover", lang, "svg"));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let top = by_class(&doc, "aside")
                .iter()
                .map(|b| attr(*b, "y"))
                .fold(f64::INFINITY, f64::min);
            assert!(
                top < 45.0,
                "{game}/{lang}: the banner's box starts {top} mm down the page"
            );
            let text = printed(game, "cover", lang);
            for label in wanted {
                assert_says(&text, label, &format!("{game}/{lang} cover"));
            }
        }
    }
}

#[test]
fn catalan_covers_quote_as_the_catalan_rules_do() {
    for game in GAMES {
        let md = crate::common::printed_md(&format!("templates/covers/{game}/ca.md"));
        assert!(
            !md.contains('“') && !md.contains('”'),
            "{game}: the Catalan cover quotes with « »"
        );
        assert!(
            md.contains('«') && md.contains('»'),
            "{game}: the Catalan cover has its quotes"
        );
        assert!(!md.contains("Un sacada"), "{game}: «una sacada»");
    }
}

/// A circle of a diagram: centre, radius, fill and stroke.
struct Disc {
    at: (f64, f64),
    r: f64,
    fill: String,
    stroke: String,
}

fn discs(g: roxmltree::Node<'_, '_>) -> Vec<Disc> {
    g.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .map(|n| Disc {
            at: (attr(n, "cx"), attr(n, "cy")),
            r: attr(n, "r"),
            fill: n.attribute("fill").unwrap_or("none").to_lowercase(),
            stroke: n.attribute("stroke").unwrap_or("none").to_lowercase(),
        })
        .collect()
}

#[test]
fn the_dice_cover_pictures_a_legal_set_up_for_the_kick_off() {
    // The shipped board: 10 x 18 squares, the goal area the 4 middle
    // squares of the first row, the penalty area 6 x 3, a corner square at
    // each corner.
    let pitch: toml::Table = project_file("layouts/dice-football/pitch.toml").parse().unwrap();
    let board = &pitch["board"];
    let int = |k: &str, i: usize| board[k][i].as_integer().unwrap() as i32;
    let (cols, rows) = (
        board["columns"].as_integer().unwrap() as i32,
        board["rows"].as_integer().unwrap() as i32,
    );
    let (area_w, area_d, goal_w) = (int("penalty_area", 0), int("penalty_area", 1), int("goal_area", 0));
    // Rows counted from a side's own goal line.
    let own_row = |r: i32, top: bool| if top { r } else { rows - 1 - r };
    let central = |c: i32, w: i32| c >= (cols - w) / 2 && c < (cols + w) / 2;
    let in_goal_area = |(c, r): (i32, i32), top: bool| own_row(r, top) == 0 && central(c, goal_w);
    let in_area = |(c, r): (i32, i32), top: bool| own_row(r, top) < area_d && central(c, area_w);
    for lang in LANGS {
        let svg = main_job().read_string(output("dice-football", "cover", lang, "svg"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let g = by_class(&doc, "diagram")[0];
        let c0 = g
            .descendants()
            .find(|n| n.attribute("id") == Some("cell-0-0"))
            .expect("the whole board, from its first square");
        let (x0, y0, side) = (attr(c0, "x"), attr(c0, "y"), attr(c0, "width"));
        assert!(
            g.descendants()
                .any(|n| n.attribute("id") == Some(&format!("cell-{}-{}", cols - 1, rows - 1))),
            "{lang}: the picture shows the whole board"
        );
        let square = |(x, y): (f64, f64)| (((x - x0) / side).floor() as i32, ((y - y0) / side).floor() as i32);
        let all = discs(g);
        // Counters: the filled discs of a team's colour, as large as a
        // counter is drawn; the ball is the small white one.
        let mut teams: BTreeMap<String, Vec<(i32, i32)>> = BTreeMap::new();
        for d in all
            .iter()
            .filter(|d| d.fill != "none" && d.fill != "#ffffff" && d.r > side * 0.3)
        {
            teams.entry(d.fill.clone()).or_default().push(square(d.at));
        }
        assert_eq!(teams.len(), 2, "{lang}: two teams' colours");
        let rings: Vec<(i32, i32)> = all
            .iter()
            .filter(|d| d.stroke == "#ffd54f")
            .map(|d| square(d.at))
            .collect();
        let sides: Vec<(bool, Vec<(i32, i32)>)> = teams
            .values()
            .map(|squares| {
                assert_eq!(squares.len(), 11, "{lang}: eleven counters a side");
                // A side defends the goal whose goal area holds its keeper.
                let top = squares.iter().any(|s| in_goal_area(*s, true));
                (top, squares.clone())
            })
            .collect();
        assert_ne!(sides[0].0, sides[1].0, "{lang}: one side defends each goal");
        let mut taken: Vec<(i32, i32)> = sides.iter().flat_map(|(_, s)| s.clone()).collect();
        taken.sort();
        taken.dedup();
        assert_eq!(taken.len(), 22, "{lang}: no two counters share a square");
        for (top, squares) in &sides {
            let keepers: Vec<&(i32, i32)> = squares.iter().filter(|s| in_goal_area(**s, *top)).collect();
            assert_eq!(keepers.len(), 1, "{lang}: the keeper alone on its goal area");
            assert!(
                rings.contains(keepers[0]),
                "{lang}: the keeper is ringed, as its counter is"
            );
            assert!(
                !squares.iter().any(|s| in_goal_area(*s, !*top)),
                "{lang}: no one in the other goal area"
            );
            let own = squares.iter().filter(|s| in_area(**s, *top)).count();
            assert!(own <= 3, "{lang}: the keeper and at most two defenders in the own area");
            let forwards = squares.iter().filter(|s| in_area(**s, !*top)).count();
            assert!(forwards <= 1, "{lang}: at most one forward in the other area");
            for &(c, r) in squares {
                assert!(
                    !((c == 0 || c == cols - 1) && (r == 0 || r == rows - 1)),
                    "{lang}: a counter on the corner square ({c}, {r})"
                );
                assert!((0..cols).contains(&c) && (0..rows).contains(&r), "{lang}: on the board");
            }
            // The picture keeps clear of walls: no two counters of a side
            // side by side.
            for a in squares {
                for b in squares {
                    let d = (a.0 - b.0).abs() + (a.1 - b.1).abs();
                    assert!(a == b || d > 1, "{lang}: {a:?} and {b:?} make a wall");
                }
            }
        }
        assert_eq!(rings.len(), 2, "{lang}: two keepers ringed");
        // The ball, on the centre spot, smaller than a counter.
        let spot = g
            .descendants()
            .find(|n| n.attribute("id") == Some("centre-spot"))
            .expect("the centre spot");
        let ball = all
            .iter()
            .find(|d| {
                d.fill == "#ffffff"
                    && (d.at.0 - attr(spot, "cx")).abs() < 0.2
                    && (d.at.1 - attr(spot, "cy")).abs() < 0.2
            })
            .expect("the ball on the centre spot");
        let counter = all
            .iter()
            .filter(|d| teams.contains_key(&d.fill))
            .map(|d| d.r)
            .fold(0.0, f64::max);
        assert!(ball.r < counter * 0.75, "{lang}: the ball drawn smaller than a counter");
    }
}

#[test]
fn the_path_cover_pictures_the_field_before_the_kick_off() {
    for lang in LANGS {
        let md = crate::common::printed_md(&format!("templates/covers/path-football/{lang}.md"));
        assert!(
            md.contains("{{diagram: setup |"),
            "{lang}: the cover's picture is the set-up"
        );
        let svg = main_job().read_string(output("path-football", "cover", lang, "svg"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let g = by_class(&doc, "diagram")[0];
        let classes: Vec<&str> = g.descendants().filter_map(|n| n.attribute("class")).collect();
        for played in ["step", "turn-end", "bounce", "dead-end"] {
            assert!(
                !classes.contains(&played),
                "{lang}: nothing is played yet, but a {played} is drawn"
            );
        }
        assert!(
            g.descendants()
                .filter(|n| n.has_tag_name("line") || n.has_tag_name("path"))
                .count()
                > 10,
            "{lang}: the field itself is drawn"
        );
    }
}

#[test]
fn the_covers_keep_to_one_page_in_each_kit_on_letter() {
    // Letter is the shortest paper, and a kit's cover adds its page ranges:
    // with the banner and the set-up picture, each cover is still one page
    // (the dice board lies on its side to keep it so).
    let dir = main_job();
    for game in GAMES {
        for lang in LANGS {
            let kits = dir.join("kits");
            let args = [
                "kit",
                game,
                "--lang",
                lang,
                "--paper",
                "letter",
                "--out",
                kits.to_str().unwrap(),
            ];
            let run = run_in(project_root(), &args);
            run.expect_code(0);
            let said = format!("{}{}", run.stdout, run.stderr);
            assert!(
                !said.contains("rules-sparse") && said.contains(" 0 warnings"),
                "{game}/{lang}: the kit's cover spills onto a second page:\n{said}"
            );
        }
    }
    for lang in LANGS {
        let svg = main_job().read_string(output("dice-football", "cover", lang, "svg"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let g = by_class(&doc, "diagram")[0];
        let c0 = g.descendants().find(|n| n.attribute("id") == Some("cell-0-0")).unwrap();
        let last = g
            .descendants()
            .find(|n| n.attribute("id") == Some("cell-9-17"))
            .unwrap();
        // Lying: the board's columns run down the page, its rows across.
        let m: Vec<f64> = crate::common::numbers(
            g.descendants()
                .find(|n| {
                    n.attribute("transform")
                        .is_some_and(|t| t.starts_with("matrix(0 -1 1 0 "))
                })
                .expect("the board turned a quarter")
                .attribute("transform")
                .unwrap(),
        );
        let turn = |x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        let (a, b) = (
            turn(attr(c0, "x"), attr(c0, "y")),
            turn(attr(last, "x"), attr(last, "y")),
        );
        assert!(
            (b.0 - a.0).abs() > (b.1 - a.1).abs(),
            "{lang}: the board lies on its side, wider than tall"
        );
    }
}
