//! Labels in every language: components take their words from
//! templates/i18n/<lang>.toml, the main command writes every language, a
//! missing key is refused naming the key, the language and the file, and a new
//! language is a new file. And the words themselves: numbers in the
//! language's format, one glossary per language, typographic quotes and one
//! form of address.

use crate::common::GAMES;
use std::collections::BTreeMap;

use crate::common::{TestDir, pdf_text, project_file};

#[test]
fn every_language_comes_out_of_one_build_with_its_own_words() {
    let dir = TestDir::with_labels("i18n-all");
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
    let dir = TestDir::with_labels("i18n-one");
    dir.run(&["build", "--lang", "ca", "--format", "pdf"]).expect_code(0);
    assert!(dir.join("output/dice-football/pitch-ca.pdf").exists());
    assert!(!dir.join("output/dice-football/pitch.pdf").exists());
}

#[test]
fn a_missing_key_names_the_key_the_language_and_the_file() {
    let dir = TestDir::with_labels("i18n-missing-key");
    let en = project_file("templates/i18n/en.toml").replace("scale_bar = \"this bar is 50 mm long\"\n", "");
    dir.write("templates/i18n/en.toml", &en);
    let run = dir.run(&["check", "--json"]);
    run.expect_code(1);
    let findings = crate::common::json_findings(&run.stdout);
    let f = findings
        .iter()
        .find(|f| f["code"] == "i18n-missing")
        .unwrap_or_else(|| panic!("{}", run.stdout));
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains("dice.scale_bar") && message.contains("en") && message.contains("en.toml"),
        "{message}"
    );
    assert_eq!(f["key"], "text.scale_bar_label", "the layout key that asked for it");
    // Spanish and Catalan are still fine.
    dir.run(&["check", "--lang", "es"]).expect_code(0);
    dir.run(&["check", "--lang", "ca"]).expect_code(0);
}

#[test]
fn a_new_language_is_a_new_file() {
    let dir = TestDir::with_labels("i18n-new");
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

// ---------------------------------------------------------------------------
// Words: one glossary per language, typographic
// quotes and apostrophes, one form of address, and numbers in the language's
// format. These read the texts themselves: every label of
// templates/i18n/<lang>.toml and every rule text of templates/rules.

const LANGS: [&str; 3] = ["es", "en", "ca"];

/// A language's labels file, parsed.
fn tables(lang: &str) -> toml::Table {
    let rel = format!("templates/i18n/{lang}.toml");
    toml::from_str(&project_file(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// A label by its dotted key (`deck.passes`).
fn label(t: &toml::Table, key: &str) -> String {
    let (section, name) = key.split_once('.').unwrap();
    t[section][name]
        .as_str()
        .unwrap_or_else(|| panic!("{key} is not a string"))
        .to_string()
}

/// One piece of prose: where it comes from and what it says.
struct Prose {
    at: String,
    text: String,
}

/// The labels a sheet prints: every string of the labels file but the
/// glossary (which lists the words not to print) and the number format.
fn label_prose(lang: &str) -> Vec<Prose> {
    let mut out = Vec::new();
    for (section, value) in tables(lang) {
        if matches!(section.as_str(), "glossary" | "format") {
            continue;
        }
        for (key, v) in value.as_table().into_iter().flatten() {
            if let Some(s) = v.as_str() {
                out.push(Prose {
                    at: format!("templates/i18n/{lang}.toml [{section}] {key}"),
                    text: s.to_string(),
                });
            }
        }
    }
    out
}

/// A rule text's prose, line by line: a figure marker is its caption (the
/// figure's name is code), and text between backticks is code, not prose.
fn rule_prose(game: &str, lang: &str) -> Vec<Prose> {
    md_prose(&format!("templates/rules/{game}/{lang}.md"))
}

/// A Markdown text's prose, read as [`rule_prose`] reads a rule text.
fn md_prose(rel: &str) -> Vec<Prose> {
    crate::common::printed_md(rel)
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let line = match line.trim().strip_prefix("{{diagram:") {
                Some(rest) => rest.split_once('|').map_or("", |(_, c)| c).trim_end_matches('}'),
                None => line,
            };
            let text: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            // File names (a cover's `bid-slips.pdf`) are names, not words.
            let text = text
                .split(' ')
                .map(|w| if w.contains(".pdf") { "" } else { w })
                .collect::<Vec<_>>()
                .join(" ");
            Prose {
                at: format!("{rel}:{}", i + 1),
                text,
            }
        })
        .collect()
}

/// Every label and text of a language: rules, covers and quick-reference
/// cards.
fn all_prose(lang: &str) -> Vec<Prose> {
    let mut out = label_prose(lang);
    for game in GAMES {
        out.extend(rule_prose(game, lang));
        out.extend(md_prose(&format!("templates/covers/{game}/{lang}.md")));
        out.extend(md_prose(&format!("templates/reference/{game}/{lang}.md")));
    }
    out
}

/// The words of a text as the glossary compares them: lowercase runs of
/// letters, digits, hyphens and middle dots (so "centre-back" is one word and
/// "centre back" two); apostrophes separate ("l’àrea" is "l" and "àrea").
fn tokens(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '·'))
        .map(|w| w.trim_matches('-').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `found` is `word` or one of its plurals (Spanish, Catalan and
/// English: -s, -es, -a to -es, -z to -ces, -ón to -ones, -ó to -ons, -os).
fn same_word(word: &str, found: &str) -> bool {
    let stem = |suffix: &str| word.strip_suffix(suffix);
    found == word
        || [format!("{word}s"), format!("{word}es"), format!("{word}os")]
            .iter()
            .any(|p| p == found)
        || stem("a").is_some_and(|s| found == format!("{s}es"))
        || stem("z").is_some_and(|s| found == format!("{s}ces"))
        || stem("ón").is_some_and(|s| found == format!("{s}ones"))
        || stem("ó").is_some_and(|s| found == format!("{s}ons"))
}

/// Where the words of `phrase` stand in `words`, one after the other.
fn phrase_at(words: &[String], phrase: &[String]) -> Vec<std::ops::Range<usize>> {
    if phrase.is_empty() || words.len() < phrase.len() {
        return Vec::new();
    }
    (0..=words.len() - phrase.len())
        .filter(|&i| phrase.iter().zip(&words[i..]).all(|(p, w)| same_word(p, w)))
        .map(|i| i..i + phrase.len())
        .collect()
}

/// A glossary: the canonical words, the variants to avoid and the phrases in
/// which an avoided word means something else, by term.
struct Glossary {
    terms: BTreeMap<String, String>,
    avoid: BTreeMap<String, Vec<String>>,
    allow: BTreeMap<String, Vec<String>>,
}

fn strings(v: &toml::Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn glossary(lang: &str) -> Glossary {
    let t = tables(lang);
    let g = t
        .get("glossary")
        .and_then(|g| g.as_table())
        .unwrap_or_else(|| panic!("templates/i18n/{lang}.toml has no [glossary]"));
    let table = |name: &str| -> BTreeMap<String, Vec<String>> {
        g.get(name)
            .and_then(|a| a.as_table())
            .map(|a| a.iter().map(|(k, v)| (k.clone(), strings(v))).collect())
            .unwrap_or_default()
    };
    Glossary {
        terms: g
            .iter()
            .filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string())))
            .collect(),
        avoid: table("avoid"),
        allow: table("allow"),
    }
}

/// Every avoided variant in `prose`: (where, the variant, the term, its word).
fn variants(lang: &str, prose: &[Prose]) -> Vec<String> {
    let g = glossary(lang);
    let games = tables(lang)["games"].as_table().unwrap().clone();
    let mut out = Vec::new();
    for p in prose {
        let words = tokens(&p.text);
        for (term, avoided) in &g.avoid {
            let allowed: Vec<std::ops::Range<usize>> = g
                .allow
                .get(term)
                .into_iter()
                .flatten()
                .flat_map(|a| phrase_at(&words, &tokens(a)))
                .collect();
            for a in avoided {
                for at in phrase_at(&words, &tokens(a)) {
                    if allowed.iter().any(|ok| ok.start <= at.start && at.end <= ok.end) {
                        continue;
                    }
                    // The glossary's word, or the game's name for a game.
                    let canonical = g
                        .terms
                        .get(term)
                        .map(String::as_str)
                        .or_else(|| games.get(term).and_then(|v| v.as_str()))
                        .unwrap_or_default();
                    out.push(format!(
                        "{}: \"{}\" (write the {term} as \"{canonical}\")",
                        p.at,
                        words[at].join(" ")
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn every_glossary_names_the_same_terms_and_never_avoids_its_own_words() {
    let es = glossary("es");
    for lang in LANGS {
        let g = glossary(lang);
        assert_eq!(
            g.terms.keys().collect::<Vec<_>>(),
            es.terms.keys().collect::<Vec<_>>(),
            "{lang}: the glossary has the same terms as es"
        );
        let games = tables(lang)["games"].as_table().unwrap().clone();
        for (term, avoided) in g.avoid.iter().chain(&g.allow) {
            assert!(
                g.terms.contains_key(term) || games.contains_key(term),
                "{lang}: [glossary.avoid] or [glossary.allow] names \"{term}\", which is no term of [glossary] nor a game of [games]"
            );
            assert!(!avoided.is_empty(), "{lang}: {term} lists no words");
        }
        // No canonical word (nor a game's name) is itself a variant.
        let mut own: Vec<Prose> = g
            .terms
            .iter()
            .map(|(k, v)| Prose {
                at: format!("[glossary] {k}"),
                text: v.clone(),
            })
            .collect();
        own.extend(games.iter().map(|(k, v)| Prose {
            at: format!("[games] {k}"),
            text: v.as_str().unwrap().to_string(),
        }));
        let found = variants(lang, &own);
        assert!(
            found.is_empty(),
            "{lang}: the glossary avoids its own words:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn labels_cards_slips_and_rules_use_the_glossary_words_only() {
    let mut found = Vec::new();
    for lang in LANGS {
        found.extend(variants(lang, &all_prose(lang)));
    }
    assert!(
        found.is_empty(),
        "{} variant(s) the glossary avoids:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_glossary_check_finds_a_variant_and_spares_an_allowed_phrase() {
    // The matcher itself: whole words in any case, plurals included, and a
    // phrase of [glossary.allow] spared.
    let prose = |text: &str| {
        vec![Prose {
            at: "here".into(),
            text: text.into(),
        }]
    };
    assert_eq!(variants("ca", &prose("Fa el Servei inicial.")).len(), 1);
    assert_eq!(variants("ca", &prose("Dues sortides.")).len(), 1);
    assert_eq!(variants("ca", &prose("Un carreró sense sortida.")).len(), 0);
    assert_eq!(
        variants("ca", &prose("Els serveis de banda.")).len(),
        2,
        "servei and servei de banda"
    );
    assert_eq!(variants("en", &prose("The central defenders stand.")).len(), 1);
    assert_eq!(variants("en", &prose("The centre-backs stand.")).len(), 0);
    assert_eq!(
        variants("es", &prose("La pelotita.")).len(),
        0,
        "a longer word is another word"
    );
}

#[test]
fn card_stat_labels_are_the_league_rules_bold_stat_names() {
    for lang in LANGS {
        let t = tables(lang);
        let rules = crate::common::printed_md(&format!("templates/rules/league/{lang}.md")).to_lowercase();
        for key in ["passes", "won", "shots", "conceded", "saves"] {
            let stat = label(&t, &format!("deck.{key}")).to_lowercase();
            assert!(
                rules.contains(&format!("**{stat}**")),
                "{lang}: the card's stat \"{stat}\" (deck.{key}) is not a bold stat name of the league rules"
            );
        }
    }
}

#[test]
fn no_rule_text_names_the_software() {
    for lang in LANGS {
        for game in GAMES {
            for p in rule_prose(game, lang) {
                assert!(
                    !p.text.to_lowercase().contains("pitchprint"),
                    "{}: the rules name the software: {}",
                    p.at,
                    p.text
                );
            }
        }
    }
}

#[test]
fn every_component_writes_each_game_name_as_games_has_it() {
    for lang in LANGS {
        let t = tables(lang);
        let name = |game: &str| label(&t, &format!("games.{game}"));
        // The rule sheets' titles and the boards' titles are the game names.
        for game in GAMES {
            let md = crate::common::printed_md(&format!("templates/rules/{game}/{lang}.md"));
            let title = md.lines().next().unwrap().trim_start_matches("# ");
            assert_eq!(title, name(game), "{lang}: the {game} rules' title");
        }
        for (key, game) in [
            ("dice.title", "dice-football"),
            ("fields.title", "path-football"),
            ("futbolchess.title", "futbolchess"),
            ("league.title", "league"),
        ] {
            assert_eq!(label(&t, key), name(game), "{lang}: {key}");
        }
        assert!(
            label(&t, "roles.title").starts_with(&format!("{}: ", name("futbolchess"))),
            "{lang}: the role card's title starts with the game's name"
        );
        // Wherever a text names a game, it writes it the same way.
        for p in all_prose(lang) {
            for game in GAMES {
                let n = name(game);
                let lower = p.text.to_lowercase();
                for (i, _) in lower.match_indices(&n.to_lowercase()) {
                    assert_eq!(
                        &p.text[i..i + n.len()],
                        n,
                        "{}: the game's name is written otherwise",
                        p.at
                    );
                }
            }
        }
    }
}

/// The words right before each "(CODE)" in `text`, as many as `n`.
fn named_before(text: &str, code: &str, n: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices(&format!("({code})")) {
        let words = tokens(&text[..i]);
        if words.len() >= n {
            out.push(words[words.len() - n..].join(" "));
        }
    }
    out
}

#[test]
fn futbolchess_roles_have_one_name_on_the_role_card_the_board_legend_and_the_rules() {
    let roles = [
        ("keeper", "POR"),
        ("centre_back", "DF"),
        ("full_back", "L"),
        ("midfielder", "M"),
        ("winger", "EX"),
        ("forward", "DC"),
    ];
    for lang in LANGS {
        let t = tables(lang);
        let legend: Vec<String> = t["futbolchess"]
            .as_table()
            .unwrap()
            .iter()
            .filter(|(k, _)| k.starts_with("legend_"))
            .map(|(_, v)| v.as_str().unwrap().to_string())
            .collect();
        let rules = crate::common::printed_md(&format!("templates/rules/futbolchess/{lang}.md"));
        for (key, code) in roles {
            let card = tokens(&label(&t, &format!("roles.{key}")));
            let mut seen = 0;
            for (where_, text) in legend
                .iter()
                .map(|l| ("the board legend", l))
                .chain([("the rules", &rules)])
            {
                for named in named_before(text, code, card.len()) {
                    let named = tokens(&named);
                    seen += 1;
                    assert!(
                        card.iter().zip(&named).all(|(c, n)| same_word(c, n)),
                        "{lang}: {where_} call {code} \"{}\", the role card \"{}\"",
                        named.join(" "),
                        card.join(" ")
                    );
                }
            }
            assert!(seen >= 2, "{lang}: the legend and the rules name {code}");
        }
    }
}

#[test]
fn futbolchess_counters_carry_the_seeds_letters_and_every_rule_sheet_spells_each_out() {
    // One choice for every language: the counters and
    // the role card carry the seed's letters, whatever the language, and each
    // rule sheet says what every letter stands for, with the role card's name.
    let counters: toml::Table = toml::from_str(&project_file("layouts/futbolchess/counters.toml")).unwrap();
    let roles: toml::Table = toml::from_str(&project_file("layouts/futbolchess/roles.toml")).unwrap();
    let card: Vec<(String, String)> = roles["role"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let code = r["code"].as_str().unwrap().to_string();
            let name = r["name"].as_str().unwrap().trim_start_matches('@').to_string();
            (code, name)
        })
        .collect();
    let codes: std::collections::BTreeSet<&str> = card.iter().map(|(c, _)| c.as_str()).collect();
    for set in &counters["set"].as_array().unwrap()[..2] {
        let printed: std::collections::BTreeSet<&str> = set["labels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .filter(|l| !l.is_empty())
            .collect();
        assert!(
            printed.iter().all(|l| !l.starts_with('@')),
            "the counters' letters are the same in every language, not labels: {printed:?}"
        );
        assert_eq!(printed, codes, "the counters carry the role card's letters");
    }
    for lang in LANGS {
        let t = tables(lang);
        let rules = crate::common::printed_md(&format!("templates/rules/futbolchess/{lang}.md"));
        for (code, key) in &card {
            let name = label(&t, key).to_lowercase();
            // "**DF** centre-back (*defensa*)": the words after the bold
            // letters, up to the next bold ones, name the role.
            let after = rules
                .split(&format!("**{code}** "))
                .nth(1)
                .unwrap_or_else(|| panic!("{lang}: the rules do not spell out **{code}**"));
            let words = after.split("**").next().unwrap().to_lowercase();
            assert!(
                words.contains(&name),
                "{lang}: the rules spell out {code} as \"{}\", not as the role card's \"{name}\"",
                words.trim()
            );
        }
    }
}

#[test]
fn en_and_ca_write_typographic_apostrophes_and_quotes_and_es_too() {
    // Straight ' and " are typewriter marks: the prose writes ’ for an
    // apostrophe, “ ” in English and « » in Spanish and Catalan (the Catalan
    // norm, “ ” inside them). Code is exempt: text between backticks in a rule
    // text, and TOML syntax (which is not part of a label's value).
    let mut found = Vec::new();
    for lang in LANGS {
        for p in all_prose(lang) {
            if p.text.contains(['\'', '"']) {
                found.push(format!("{}: straight quote in \"{}\"", p.at, p.text));
            }
            if lang == "en" && p.text.contains(['«', '»']) {
                found.push(format!("{}: English quotes with “ ”: \"{}\"", p.at, p.text));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Whether a Spanish word is of the vosotros form: the pronouns, the present
/// (-áis, -éis), the imperative (-ad, -ed, -id, also with a pronoun after it:
/// "rodeadlos", "usadlo") and the reflexive imperative (-aos).
fn vosotros(word: &str) -> bool {
    const PRONOUNS: [&str; 9] = [
        "os", "vosotros", "vosotras", "vuestro", "vuestra", "vuestros", "vuestras", "sois", "vais",
    ];
    // Words ending like an imperative that are not one: nouns in -idad,
    // -edad, -ldad and -ndad (cantidad, edad, igualdad, bondad), these, and
    // the card's badge MED; but "quedad" is the imperative of quedar.
    const NOT_VERBS: [&str; 24] = [
        "red",
        "pared",
        "sed",
        "usted",
        "césped",
        "huésped",
        "vid",
        "lid",
        "ardid",
        "madrid",
        "caos",
        "id",
        "med",
        "mitad",
        "verdad",
        "ciudad",
        "libertad",
        "voluntad",
        "amistad",
        "dificultad",
        "facultad",
        "lealtad",
        "potestad",
        "majestad",
    ];
    if PRONOUNS.contains(&word) || word == "quedad" {
        return true;
    }
    let noun = ["idad", "edad", "ldad", "ndad"].iter().any(|e| word.ends_with(e));
    if NOT_VERBS.contains(&word) || noun {
        return false;
    }
    let imperative = |w: &str| w.len() > 2 && (w.ends_with("ad") || w.ends_with("ed") || w.ends_with("id"));
    imperative(word)
        || ["lo", "la", "los", "las", "le", "les", "me", "nos"]
            .iter()
            .any(|p| word.strip_suffix(p).is_some_and(|w| w.ends_with('d') && imperative(w)))
        || word.ends_with("áis")
        || word.ends_with("éis")
        || word.ends_with("aos")
}

/// Whether a Catalan word is of the vosaltres form: the pronouns, and the
/// verbs' second person plural (-eu: "podeu", "separeu", "feu"; -iu:
/// "escriviu", "teniu"), but for the words that merely end that way.
fn vosaltres(word: &str) -> bool {
    const PRONOUNS: [&str; 7] = ["us", "vos", "vosaltres", "vostre", "vostra", "vostres", "sou"];
    const NOT_VERBS: [&str; 33] = [
        "peu", "seu", "meu", "teu", "creu", "veu", "deu", "déu", "neu", "lleu", "greu", "breu", "reu", "arreu",
        "hereu", "correu", "europeu", "museu", "trofeu", "jueu", "fideu", "adeu", "preu", "treu", "beu", "diu", "viu",
        "escriu", "riu", "niu", "estiu", "arxiu", "caliu",
    ];
    // -tiu and -siu are adjectives (objectiu, passiu), but these verbs.
    const TIU_VERBS: [&str; 6] = ["sortiu", "partiu", "repartiu", "compartiu", "sentiu", "divertiu"];
    if PRONOUNS.contains(&word) || TIU_VERBS.contains(&word) {
        return true;
    }
    if NOT_VERBS.contains(&word) || word.ends_with("tiu") || word.ends_with("siu") {
        return false;
    }
    word.chars().count() > 2 && (word.ends_with("eu") || word.ends_with("iu"))
}

#[test]
fn spanish_says_tu_and_catalan_tu_to_one_player_reading() {
    let check = |lang: &str, plural: fn(&str) -> bool| -> Vec<String> {
        let mut found = Vec::new();
        for p in all_prose(lang) {
            let lower = p.text.to_lowercase();
            for w in lower.split(|c: char| !(c.is_alphabetic() || c == '·')) {
                if !w.is_empty() && plural(w) {
                    found.push(format!("{}: \"{w}\" in \"{}\"", p.at, p.text));
                }
            }
        }
        found
    };
    let mut found = check("es", vosotros);
    found.extend(check("ca", vosaltres));
    assert!(
        found.is_empty(),
        "{} plural form(s):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_address_checks_know_the_plural_forms_and_their_look_alikes() {
    for w in [
        "separad",
        "recordad",
        "pactad",
        "podéis",
        "os",
        "rodeadlos",
        "usadlo",
        "vuestro",
        "sois",
    ] {
        assert!(vosotros(w), "{w}");
    }
    for w in [
        "mitad", "cantidad", "edad", "igualdad", "puedes", "red", "usted", "separa", "mano",
    ] {
        assert!(!vosotros(w), "{w}");
    }
    for w in ["separeu", "podeu", "us", "vostre", "escriviu", "sortiu", "feu"] {
        assert!(vosaltres(w), "{w}");
    }
    for w in ["peu", "seu", "creu", "veu", "objectiu", "estiu", "pots", "separa"] {
        assert!(!vosaltres(w), "{w}");
    }
}

#[test]
fn labels_and_rules_write_decimals_with_the_languages_mark() {
    // es and ca write "17,5"; en "17.5". A number with the other mark is a
    // number in the wrong language.
    for lang in LANGS {
        let wrong = if lang == "en" { ',' } else { '.' };
        for p in all_prose(lang) {
            let chars: Vec<char> = p.text.chars().collect();
            let bad = chars
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == wrong && w[2].is_ascii_digit());
            assert!(!bad, "{}: a decimal written with \"{wrong}\": {}", p.at, p.text);
        }
    }
}

#[test]
fn a_board_of_a_fractional_pitch_writes_it_in_each_languages_format() {
    let dir = TestDir::with_labels("i18n-decimal");
    let layout = dir.read_string("layouts/dice-football/pitch.toml");
    dir.write(
        "layouts/dice-football/pitch.toml",
        &crate::common::replace_line(&layout, "pitch = ", "pitch = 19.5"),
    );
    dir.run(&["build", "--format", "pdf"]).expect_code(0);
    for (file, want, not) in [
        ("pitch.pdf", "de 19,5 mm", "19.5"),
        ("pitch-en.pdf", "of 19.5 mm", "19,5"),
        ("pitch-ca.pdf", "de 19,5 mm", "19.5"),
    ] {
        let text = pdf_text(&dir.read(format!("output/dice-football/{file}")));
        assert!(text.contains(want) && !text.contains(not), "{file}: {text}");
    }
}
