//! Characters that are not text to print: control characters (`U+0000` to
//! `U+001F`, `U+007F` to `U+009F`), invisible formatting marks (bidi
//! controls, zero-width spaces and joiners, the byte-order mark, the soft
//! hyphen), line and paragraph separators, private-use and unassigned code
//! points and the noncharacters (`U+FFFE`, `U+FFFF`, ...). The font has no
//! glyph for them (or one that is not what the author meant), PDF viewers
//! and SVG renderers treat them differently, and XML 1.0 forbids most
//! controls outright: an SVG holding one is not well-formed. Every place
//! text comes from (a layout's string, a label table, a spreadsheet cell, a
//! Markdown line) refuses them with the character's code and what to do; the
//! page checker holds the same rule for whatever reaches the scene.
//!
//! A leaf: it depends on nothing of the crate.

use unicode_general_category::{GeneralCategory, get_general_category};

/// Whether `c` may not appear in printed text.
pub fn unprintable(c: char) -> bool {
    let noncharacter = (0xFDD0..=0xFDEF).contains(&(c as u32)) || (c as u32 & 0xFFFE) == 0xFFFE;
    noncharacter
        || matches!(
            get_general_category(c),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
                | GeneralCategory::PrivateUse
                | GeneralCategory::Surrogate
                | GeneralCategory::Unassigned
        )
}

/// The first character of `text` that may not be printed, with its column
/// (1-based, in characters).
pub fn first_unprintable(text: &str) -> Option<(usize, char)> {
    text.chars()
        .enumerate()
        .find(|(_, c)| unprintable(*c))
        .map(|(i, c)| (i + 1, c))
}

/// `c` named for people: its code and what it is (`U+000B (a vertical tab,
/// a control character)`).
pub fn describe(c: char) -> String {
    let what = match c {
        '\0' => "a null character, a control character",
        '\t' => "a tab",
        '\n' => "a line break",
        '\r' => "a carriage return, a line break",
        '\u{b}' => "a vertical tab, a control character",
        '\u{c}' => "a form feed, a control character",
        '\u{1b}' => "an escape, a control character",
        '\u{7f}' => "a delete, a control character",
        '\u{ad}' => "a soft hyphen, an invisible mark",
        '\u{200b}' => "a zero-width space, an invisible mark",
        '\u{200c}' | '\u{200d}' => "a zero-width joiner, an invisible mark",
        '\u{feff}' => "a byte-order mark, an invisible mark",
        '\u{2028}' | '\u{2029}' => "a line separator",
        '\u{200e}' | '\u{200f}' | '\u{61c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            "a text-direction mark, an invisible mark"
        }
        _ => match get_general_category(c) {
            GeneralCategory::Control => "a control character",
            GeneralCategory::Format => "an invisible formatting mark",
            GeneralCategory::PrivateUse => "a private-use character",
            _ if unprintable(c) => "a code point that is not a character",
            _ => "a character",
        },
    };
    format!("U+{:04X} ({what})", c as u32)
}

/// What to do about `c` where it stands in a one-line text (a title, a
/// label, a cell).
pub fn advice(c: char) -> &'static str {
    match c {
        '\t' => "replace the tab with a space",
        '\n' | '\r' | '\u{2028}' | '\u{2029}' => {
            "write the text on one line: pitchprint breaks it into lines where its box needs"
        }
        '\u{ad}' => "delete it: pitchprint hyphenates words where a line needs it",
        '\u{200e}' | '\u{200f}' | '\u{61c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            "delete it: the text is set left to right as written"
        }
        _ => "delete it (most editors do not show it: retype the word around it)",
    }
}

/// Whether XML 1.0 allows `c` in a document at all (its `Char`
/// production): not the C0 controls but tab, line feed and carriage return,
/// not the surrogates, not `U+FFFE` or `U+FFFF`.
pub fn xml_allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// The most characters of someone's text a finding quotes: enough to know
/// the cell by, never the whole of a cell pasted by mistake.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as a finding quotes it: whole when it is short, else its first
/// [`EXCERPT_CHARS`] characters and how many more there are.
pub fn excerpt(text: &str) -> String {
    let count = text.chars().count();
    if count <= EXCERPT_CHARS {
        return text.to_string();
    }
    let head: String = text.chars().take(EXCERPT_CHARS).collect();
    format!("{head}… ({} more characters)", count - EXCERPT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn xml_forbids_the_c0_controls_but_three_and_the_last_two_of_the_plane() {
        assert!(xml_allowed('\t') && xml_allowed('\n') && xml_allowed('a') && xml_allowed('\u{85}'));
        for c in ['\0', '\u{1}', '\u{b}', '\u{c}', '\u{1f}', '\u{fffe}', '\u{ffff}'] {
            assert!(!xml_allowed(c), "{c:?}");
        }
    }
}
