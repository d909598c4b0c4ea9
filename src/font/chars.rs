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

/// The blocks of the scripts written right to left: those where the Unicode
/// Character Database's `extracted/DerivedBidiClass.txt` gives even the
/// unassigned code points the bidi class R or AL (its `@missing` lines):
/// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, their
/// supplements and presentation forms, and the right-to-left scripts of the
/// supplementary planes. Every R and AL character but the right-to-left
/// mark U+200F lies in them (checked against the tables of the
/// `unicode-bidi` crate, Unicode 16.0). Coarse by design: the few
/// characters in them of another class are the combining marks, digits and
/// signs of these scripts, which never come without their letters.
const RIGHT_TO_LEFT: [(u32, u32, &str); 14] = [
    (0x0590, 0x05FF, "Hebrew"),
    (0x0600, 0x06FF, "Arabic"),
    (0x0700, 0x074F, "Syriac"),
    (0x0750, 0x077F, "Arabic"),
    (0x0780, 0x07BF, "Thaana"),
    (0x07C0, 0x07FF, "NKo"),
    (0x0800, 0x085F, "Samaritan or Mandaic"),
    (0x0860, 0x086F, "Syriac"),
    (0x0870, 0x08FF, "Arabic"),
    (0xFB1D, 0xFB4F, "Hebrew"),
    (0xFB50, 0xFDFF, "Arabic"),
    (0xFE70, 0xFEFF, "Arabic"),
    (0x10800, 0x10FFF, "a right-to-left script"),
    (0x1E800, 0x1EFFF, "a right-to-left script"),
];

/// The marks that make text run right to left (the right-to-left mark and
/// embedding, override and isolate, and the Arabic letter mark). They are
/// invisible formatting marks, so [`unprintable`] already refuses them, as
/// `text-control`, with the advice to delete them.
pub const RIGHT_TO_LEFT_MARKS: [char; 5] = ['\u{200f}', '\u{202b}', '\u{202e}', '\u{2067}', '\u{61c}'];

/// The right-to-left script `c` belongs to (`Some("Hebrew")`), if it is a
/// letter, mark or digit of one. pitchprint sets text left to right only,
/// one glyph after another: such text would print reversed, its Arabic
/// letters unjoined, so every place text comes from refuses it.
pub fn right_to_left(c: char) -> Option<&'static str> {
    if unprintable(c) {
        // The marks among these blocks (U+061C, U+0600 to U+0605, the
        // noncharacters U+FDD0 to U+FDEF, the byte-order mark U+FEFF) are
        // `text-control`'s to refuse, not this rule's.
        return None;
    }
    let n = c as u32;
    RIGHT_TO_LEFT
        .iter()
        .find(|(from, to, _)| (*from..=*to).contains(&n))
        .map(|(_, _, script)| *script)
}

/// The first character of `text` written right to left: its column
/// (1-based, in characters), the character and its script.
pub fn first_right_to_left(text: &str) -> Option<(usize, char, &'static str)> {
    text.chars()
        .enumerate()
        .find_map(|(i, c)| right_to_left(c).map(|script| (i + 1, c, script)))
}

/// What to say about `text` holding right-to-left writing from `column`
/// (as [`first_right_to_left`] gives it): the script and the first few
/// characters of that run, up to the next left-to-right letter
/// (`Hebrew, written right to left: "שלום עולם" (U+05E9 at character 5)`).
pub fn describe_right_to_left(text: &str, column: usize, c: char, script: &str) -> String {
    const QUOTED: usize = 12;
    // The right-to-left run from there, up to the next letter of a
    // left-to-right script.
    let run: Vec<char> = text
        .chars()
        .skip(column - 1)
        .take_while(|&c| right_to_left(c).is_some() || !c.is_alphabetic())
        .collect();
    let quoted: String = run.iter().take(QUOTED).collect();
    let more = if run.len() > QUOTED { "…" } else { "" };
    format!(
        "{script}, written right to left: \"{}{more}\" (U+{:04X} at character {column})",
        quoted.trim_end(),
        c as u32
    )
}

/// What to do about right-to-left writing in a text of one language (a
/// rule text, a label table): transliterate it, or build the others.
pub const RIGHT_TO_LEFT_ADVICE: &str = "pitchprint lays out left-to-right scripts only (it would print this \
     reversed, its letters unjoined): write the text in a left-to-right script, as it is transliterated for \
     example, or leave this language out (build the others with --lang)";

/// What to do about right-to-left writing in a text every language prints
/// (a layout's own words, a spreadsheet cell): transliterate it.
pub const RIGHT_TO_LEFT_ADVICE_ONE_TEXT: &str = "pitchprint lays out left-to-right scripts only (it would print \
     this reversed, its letters unjoined): write it in a left-to-right script, as it is transliterated for example";

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
