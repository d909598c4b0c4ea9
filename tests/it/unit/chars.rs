//! Unit tests of `src/font/chars.rs`.

use pitchprint::font::chars::*;

#[test]
fn controls_and_invisible_marks_are_unprintable_and_letters_are_not() {
    for c in [
        '\0',
        '\u{1}',
        '\t',
        '\n',
        '\u{b}',
        '\u{1f}',
        '\u{7f}',
        '\u{85}',
        '\u{9f}',
        '\u{ad}',
        '\u{200b}',
        '\u{202e}',
        '\u{2066}',
        '\u{2028}',
        '\u{feff}',
        '\u{fffe}',
        '\u{ffff}',
        '\u{fdd0}',
        '\u{10ffff}',
        '\u{e000}',
    ] {
        assert!(unprintable(c), "{}", describe(c));
    }
    for c in "Fútbol l·l ñ ¿¡ € × – — “” ‐ 12".chars() {
        assert!(!unprintable(c), "{}", describe(c));
    }
    assert_eq!(first_unprintable("ab\u{b}c"), Some((3, '\u{b}')));
    assert_eq!(describe('\u{b}'), "U+000B (a vertical tab, a control character)");
}

#[test]
fn right_to_left_letters_are_found_and_left_to_right_ones_are_not() {
    for (c, script) in [
        ('א', "Hebrew"),
        ('\u{5d0}', "Hebrew"),
        ('ب', "Arabic"),
        ('\u{fe8f}', "Arabic"),
        ('\u{fb2a}', "Hebrew"),
        ('\u{710}', "Syriac"),
        ('\u{780}', "Thaana"),
        ('\u{7ca}', "NKo"),
        ('\u{1e900}', "a right-to-left script"),
    ] {
        assert_eq!(right_to_left(c), Some(script), "{}", describe(c));
    }
    // Small forms and variation selectors lie between the Arabic
    // presentation forms and are not Arabic.
    for c in "Fútbol l·l ñ ¿¡ € × – — “” ‐ 12 Ωμέγα Москва ﹐ ❤\u{fe0f}".chars() {
        assert_eq!(right_to_left(c), None, "{}", describe(c));
    }
    // The marks are refused as controls, once, not twice.
    for c in RIGHT_TO_LEFT_MARKS
        .into_iter()
        .chain(['\u{600}', '\u{feff}', '\u{fdd0}'])
    {
        assert!(unprintable(c) && right_to_left(c).is_none(), "{}", describe(c));
    }
    let text = "Bienvenidos שלום עולם ומלואו, amigos";
    assert_eq!(
        describe_right_to_left("Hola مرحبا, amigo", 6, 'م', "Arabic"),
        "Arabic, written right to left: \"مرحبا,\" (U+0645 at character 6)"
    );
    let (column, c, script) = first_right_to_left(text).unwrap();
    assert_eq!((column, c, script), (13, 'ש', "Hebrew"));
    assert_eq!(
        describe_right_to_left(text, column, c, script),
        "Hebrew, written right to left: \"שלום עולם ומ…\" (U+05E9 at character 13)"
    );
    assert_eq!(first_right_to_left("Ελλάδα – Україна – España"), None);
}

#[test]
fn xml_forbids_the_c0_controls_but_three_and_the_last_two_of_the_plane() {
    assert!(xml_allowed('\t') && xml_allowed('\n') && xml_allowed('a') && xml_allowed('\u{85}'));
    for c in ['\0', '\u{1}', '\u{b}', '\u{c}', '\u{1f}', '\u{fffe}', '\u{ffff}'] {
        assert!(!xml_allowed(c), "{c:?}");
    }
}
