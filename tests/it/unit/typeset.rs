//! Unit tests of `src/text/typeset.rs`.

use pitchprint::font::Fonts;
use pitchprint::geom::Mm;
use pitchprint::markdown::Span;

use pitchprint::text::typeset::*;

fn plain(t: &str) -> Vec<Span> {
    vec![Span {
        text: t.into(),
        bold: false,
        italic: false,
    }]
}

#[test]
fn catalan_l_l_breaks_as_l_hyphen_l_and_never_after_the_dot() {
    let ca = Hyphens::for_code("ca");
    let word = "col·lecció";
    let breaks = ca.breaks(word);
    assert!(
        breaks.contains(&Break { left: 3, right: 5 }),
        "col- / lecció: {breaks:?}"
    );
    for b in &breaks {
        assert!(!word[..b.left].ends_with('·'), "no break after the middle dot");
    }
}

#[test]
fn punctuation_stays_with_its_word() {
    let en = Hyphens::for_code("en");
    let breaks = en.breaks("(boundaries),");
    assert!(!breaks.is_empty());
    assert!(breaks.iter().all(|b| b.left > 1 && b.left < "(boundaries".len()));
}

#[test]
fn patterns_from_a_file_are_checked_for_their_language() {
    let spanish = BUILT_IN_PATTERNS[0].1;
    let from_file = Hyphens::from_patterns("es", spanish).unwrap();
    let word = "centrocampista";
    assert_eq!(from_file.breaks(word), Hyphens::for_code("es").breaks(word));
    let e = Hyphens::from_patterns("fr", spanish).err().unwrap();
    assert!(e.contains("Spanish") && e.contains("\"fr\""), "{e}");
    let e = Hyphens::from_patterns("fr", b"not a dictionary").err().unwrap();
    assert!(e.contains("not a dictionary"), "{e}");
    let e = Hyphens::from_patterns("xx", spanish).err().unwrap();
    assert!(e.contains("\"xx\""), "{e}");
    // Built in: Europe's most spoken languages and the shipped ones, so a
    // language added to a game hyphenates with no file fetched.
    assert!(Hyphens::is_built_in("ca") && Hyphens::is_built_in("pt") && !Hyphens::is_built_in("eo"));
    for (code, word) in [
        ("pt", "extraordinariamente"),
        ("fr", "interminablement"),
        ("de", "Mannschaftskapitän"),
        ("pl", "niebezpieczeństwo"),
    ] {
        assert!(!Hyphens::for_code(code).breaks(word).is_empty(), "{code}: {word}");
    }
    assert!(Hyphens::for_code("eo").breaks("interminablement").is_empty());
}

#[test]
fn spanish_words_break_where_the_patterns_allow() {
    let es = Hyphens::for_code("es");
    let word = "centrocampista";
    let parts: Vec<&str> = {
        let mut v = Vec::new();
        let mut s = 0;
        for b in es.breaks(word) {
            v.push(&word[s..b.left]);
            s = b.left;
        }
        v.push(&word[s..]);
        v
    };
    assert_eq!(parts.concat(), word);
    assert!(parts.len() > 2);
}

#[test]
fn justified_lines_fill_the_width_and_keep_every_word() {
    let text = "El balón se mueve casilla a casilla, en horizontal o en vertical, nunca en diagonal, exactamente lo que marca el dado, y el centrocampista decide por dónde pasa.";
    let lines = set(
        &plain(text),
        10.0,
        Mm(60.0),
        Mm::ZERO,
        &Hyphens::for_code("es"),
        &Fonts::DEJAVU,
    );
    assert!(lines.len() > 2);
    for (i, l) in lines.iter().enumerate() {
        let natural: f64 = l.pieces.iter().map(|p| p.font.measure(&p.text, 10.0).0).sum();
        let full = natural + l.word_gap.0 * l.spaces as f64;
        assert!(full <= 60.0 + 1e-6, "line {i} overflows: {full}");
        if i + 1 < lines.len() {
            assert!((full - 60.0).abs() < 0.01, "line {i} is justified: {full}");
            assert!(
                l.word_gap.0 <= l.space.0 * (MAX_STRETCH - 1.0) + 1e-6,
                "line {i} stretched too far"
            );
        }
    }
    let joined: String = lines
        .iter()
        .map(line_text)
        .collect::<Vec<_>>()
        .join(" ")
        .replace("- ", "");
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(words(&joined), words(text));
}

#[test]
fn a_paragraph_no_break_fits_is_set_first_fit_and_never_lost() {
    // A 60 mm file name that cannot break, after a short run: no breaks
    // keep the spaces within the breaker's limit, and before the
    // first-fit fallback the paragraph came back with no lines at all.
    let spans = vec![
        Span {
            text: "Before the deck and the notes".into(),
            bold: true,
            italic: false,
        },
        Span {
            text: ": print test-sheet-en.pdf and duplex-calibration-landscape-en.pdf from the print folder.".into(),
            bold: false,
            italic: false,
        },
    ];
    let lines = set(
        &spans,
        9.5,
        Mm(81.5),
        Mm::ZERO,
        &Hyphens::for_code("en"),
        &Fonts::DEJAVU,
    );
    let text: String = lines.iter().map(line_text).collect::<Vec<_>>().join(" ");
    for word in ["Before", "duplex-calibration-landscape-en.pdf", "folder."] {
        assert!(text.contains(word), "\"{word}\" is set: {text:?}");
    }
}

#[test]
fn a_word_wider_than_the_line_is_broken_by_force_and_never_lost() {
    // Before forced breaks, no break kept this paragraph inside its lines
    // and it came back with no lines at all: it vanished from the sheet.
    let url = "https://example.org/a/very/long/path/to/the/official/rules/of/dice-football/version-2.pdf";
    let text = format!("See {url} for more.");
    let width = Mm(81.5);
    let lines = set(
        &plain(&text),
        9.5,
        width,
        Mm::ZERO,
        &Hyphens::for_code("en"),
        &Fonts::DEJAVU,
    );
    assert!(lines.len() >= 2, "{lines:?}");
    for l in &lines {
        let natural: f64 = l.pieces.iter().map(|p| p.font.measure(&p.text, 9.5).0).sum();
        assert!(natural <= width.0 + 1e-6, "a line overflows: {:?}", line_text(l));
    }
    let forced = lines.iter().filter(|l| unforced(&line_text(l)).is_some()).count();
    assert!(forced >= 1, "the break shows its mark: {lines:?}");
    let joined: String = lines
        .iter()
        .map(|l| unforced(&line_text(l)).unwrap_or_else(|| format!("{} ", line_text(l))))
        .collect();
    assert_eq!(joined.trim_end(), text, "every character is set, in order");
    assert!(
        lines
            .iter()
            .all(|l| !line_text(l).ends_with(&format!("-{FORCED_BREAK}"))),
        "never two hyphens at a line's end: {lines:?}"
    );
}

#[test]
fn lines_broken_by_force_keep_their_mark_inside_the_width() {
    // The breaker's own first fit left out the mark's width: each line
    // of this address ran 1 mm past its column.
    let text = format!("See {} now.", "1234567/90".repeat(30));
    let lines = set(
        &plain(&text),
        9.5,
        Mm(81.5),
        Mm::ZERO,
        &Hyphens::for_code("en"),
        &Fonts::DEJAVU,
    );
    assert!(lines.len() > 3);
    for l in &lines {
        let natural: f64 = l.pieces.iter().map(|p| p.font.measure(&p.text, 9.5).0).sum();
        assert!(natural <= 81.5 + 1e-6, "{natural} {:?}", line_text(l));
    }
    let joined: String = lines
        .iter()
        .map(|l| unforced(&line_text(l)).unwrap_or_else(|| format!("{} ", line_text(l))))
        .collect();
    assert_eq!(joined.trim_end(), text);
}

#[test]
fn a_word_longer_than_three_lines_is_hyphenated_as_often_as_it_must() {
    // The run limit cannot hold inside one word: refusing its breaks
    // only set the paragraph again and again, then failed the checker.
    let word = "antidisestablishmentarianism".repeat(8);
    let text = format!("An {word} came.");
    let lines = set(
        &plain(&text),
        9.5,
        Mm(40.0),
        Mm::ZERO,
        &Hyphens::for_code("en"),
        &Fonts::DEJAVU,
    );
    let hyphenated = lines.iter().filter(|l| l.ends_with_hyphen()).count();
    assert!(hyphenated > MAX_HYPHENS_IN_A_ROW, "{lines:?}");
    // No break of the typesetter's choosing adds to the word's run: the
    // word starts a line of its own rather than after "An".
    assert_eq!(line_text(&lines[0]).trim(), "An", "{lines:?}");
    assert!(lines[1..].iter().take(hyphenated).all(whole_word_part), "{lines:?}");
    for l in &lines {
        let natural: f64 = l.pieces.iter().map(|p| p.font.measure(&p.text, 9.5).0).sum();
        assert!(natural <= 40.0 + 1e-6, "{:?}", line_text(l));
    }
    // Letters are counted near each break only: a word of 30,000
    // letters is hyphenated at once, not in the square of its length.
    let huge = "abcdefghij".repeat(3000);
    assert!(Hyphens::for_code("en").breaks(&huge).len() > 1000);
}

#[test]
fn letters_wider_than_the_line_are_each_set_and_nothing_panics() {
    // At a size no line holds one letter of, every word is still set
    // (past the margin, where the checker sees it), in order.
    let text = "Dos palabras, col·lecció.";
    let lines = set(
        &plain(text),
        1e9,
        Mm(80.0),
        Mm::ZERO,
        &Hyphens::for_code("ca"),
        &Fonts::DEJAVU,
    );
    let joined: String = lines.iter().map(line_text).collect::<Vec<_>>().join("");
    let letters = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).collect::<String>();
    assert_eq!(letters(&joined), letters(text), "{lines:?}");
}

#[test]
fn a_grapheme_is_never_split_by_a_forced_break() {
    // "é" written as e + a combining accent: one grapheme, two chars.
    let word = "e\u{301}".repeat(60);
    let lines = set(
        &plain(&word),
        9.5,
        Mm(20.0),
        Mm::ZERO,
        &Hyphens::for_code(""),
        &Fonts::DEJAVU,
    );
    assert!(lines.len() > 1);
    for l in &lines {
        let t = line_text(l);
        assert!(
            t.starts_with('e'),
            "a line starts with its letter, not an accent: {t:?}"
        );
    }
}
