//! Paragraph setting for rule sheets: words measured with the font's
//! advances, hyphenation from TeX patterns (with Catalan's l·l, which breaks
//! as «l-» / «l», never after the middle dot), and Knuth-Plass line breaking
//! into justified lines.
//!
//! A justified line's word spaces may grow to at most [`MAX_STRETCH`] times
//! their natural width; the checker holds that limit on the composed page.
//!
//! Hyphenation keeps the limits a careful typesetter keeps (the checker holds
//! them too): at least [`MIN_BEFORE`] letters before a break and
//! [`MIN_AFTER`] after it, no more than [`MAX_HYPHENS_IN_A_ROW`] hyphenated
//! lines in a row, and no paragraph ending on a line that is only the tail of
//! a word of [`SHORT_TAIL`] letters or fewer. A break is refused by setting
//! the paragraph again without it.
//!
//! A word wider than the line (a web address, a long compound) is never
//! lost: it may break between any two of its graphemes, and the line it
//! breaks ends in [`FORCED_BREAK`], so the reader sees that the word goes on
//! and the checker warns the author at the word's line.

use hyphenation::{Hyphenator, Language, Load, Standard};
use paragraph_breaker::{Item as KpItem, total_fit};
use unicode_segmentation::UnicodeSegmentation;

use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::{FontFace, Fonts};
use crate::geom::Mm;
use crate::i18n::templates_folder;
use crate::input::world::{Input, World};
use crate::markdown::Span;

/// The widest a word space may grow on a justified line, as a multiple of its
/// natural width: beyond twice, rivers open in the text.
pub const MAX_STRETCH: f64 = 2.0;
/// The narrowest it may shrink to.
const MIN_SHRINK: f64 = 0.7;
/// Letters a word keeps before a hyphen.
pub const MIN_BEFORE: usize = 2;
/// Letters a word carries onto the next line after a hyphen.
pub const MIN_AFTER: usize = 3;
/// Hyphenated lines allowed one after another.
pub const MAX_HYPHENS_IN_A_ROW: usize = 2;
/// A paragraph's last line may not be a word's tail this short (or shorter).
pub const SHORT_TAIL: usize = 4;
/// How many times a paragraph is set again to avoid a refused break: each
/// refusal removes one break, so a handful always settles.
const MAX_RESETS: usize = 24;
/// Knuth-Plass demerits for a hyphenated line end.
const HYPHEN_PENALTY: i32 = 50;
/// Lengths in the breaker are integers: micrometres...
const UNIT: f64 = 1000.0;
/// ...unless a paragraph is so long (or its type so large) that its sum in
/// micrometres would overflow the breaker's `i32` sums: then coarser units
/// keep the whole paragraph's width under this.
const MAX_UNITS: f64 = 5e8;
/// The mark that ends a line where a word wider than the line was broken by
/// force: a hyphen (U+2010), drawn as one, but not the hyphen-minus that
/// hyphenation and the author's own compounds use, so the checker can tell a
/// forced break from a chosen one and warn about it.
pub const FORCED_BREAK: char = '\u{2010}';
/// The mark of a forced break right after the word's own hyphen ("of-the-"
/// / "rules"): that hyphen, written U+2011 and drawn the same, so the line
/// does not end in two hyphens and the checker still sees the break.
pub const FORCED_AFTER_HYPHEN: char = '\u{2011}';

/// Ends `line` at a forced break: its mark added, or the word's own hyphen
/// at the end written as [`FORCED_AFTER_HYPHEN`].
pub fn end_forced(line: &mut String) {
    if line.ends_with('-') {
        line.pop();
        line.push(FORCED_AFTER_HYPHEN);
    } else {
        line.push(FORCED_BREAK);
    }
}

/// The text of a line that ends at a forced break, its mark taken off (the
/// word's own hyphen given back); `None` for a line that does not.
pub fn unforced(line: &str) -> Option<String> {
    if let Some(head) = line.strip_suffix(FORCED_BREAK) {
        Some(head.to_string())
    } else {
        line.strip_suffix(FORCED_AFTER_HYPHEN).map(|head| format!("{head}-"))
    }
}
/// Knuth-Plass demerits for a forced break: far worse than a hyphenation,
/// taken only inside a word no line holds...
const FORCED_PENALTY: i32 = 1000;
/// ...and less so after a hyphen or a slash, where a reader expects a long
/// word or an address to go on.
const FORCED_PENALTY_AFTER_MARK: i32 = 100;

/// Where a word may break: the text before the break is `word[..left]` plus a
/// hyphen, the text after it resumes at `word[right..]` (Catalan's l·l drops
/// the middle dot: `col·lecció` breaks as `col-` / `lecció`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Break {
    /// End of the part before the break (bytes).
    pub left: usize,
    /// Start of the part after it (bytes).
    pub right: usize,
}

/// A language's hyphenation.
pub struct Hyphens {
    dict: Option<Standard>,
    catalan: bool,
}

/// The hyphenation patterns built in (see `templates/hyphenation/README.md`):
/// the twenty most spoken languages of Europe and the shipped ones, so
/// that a language added to a game hyphenates with nothing fetched. A
/// project's `templates/hyphenation/<code>.bincode` wins over them
/// ([`Hyphens::from_patterns`]).
pub const BUILT_IN_PATTERNS: [(&str, &[u8]); 26] = [
    ("es", include_bytes!("../../templates/hyphenation/es.bincode")),
    ("en", include_bytes!("../../templates/hyphenation/en.bincode")),
    ("ca", include_bytes!("../../templates/hyphenation/ca.bincode")),
    ("en-gb", include_bytes!("../../templates/hyphenation/en-gb.bincode")),
    ("ru", include_bytes!("../../templates/hyphenation/ru.bincode")),
    ("de", include_bytes!("../../templates/hyphenation/de.bincode")),
    ("fr", include_bytes!("../../templates/hyphenation/fr.bincode")),
    ("it", include_bytes!("../../templates/hyphenation/it.bincode")),
    ("tr", include_bytes!("../../templates/hyphenation/tr.bincode")),
    ("pl", include_bytes!("../../templates/hyphenation/pl.bincode")),
    ("uk", include_bytes!("../../templates/hyphenation/uk.bincode")),
    ("ro", include_bytes!("../../templates/hyphenation/ro.bincode")),
    ("nl", include_bytes!("../../templates/hyphenation/nl.bincode")),
    ("hr", include_bytes!("../../templates/hyphenation/hr.bincode")),
    ("hu", include_bytes!("../../templates/hyphenation/hu.bincode")),
    ("el", include_bytes!("../../templates/hyphenation/el.bincode")),
    ("pt", include_bytes!("../../templates/hyphenation/pt.bincode")),
    ("cs", include_bytes!("../../templates/hyphenation/cs.bincode")),
    ("sv", include_bytes!("../../templates/hyphenation/sv.bincode")),
    ("bg", include_bytes!("../../templates/hyphenation/bg.bincode")),
    ("be", include_bytes!("../../templates/hyphenation/be.bincode")),
    ("da", include_bytes!("../../templates/hyphenation/da.bincode")),
    ("sk", include_bytes!("../../templates/hyphenation/sk.bincode")),
    ("fi", include_bytes!("../../templates/hyphenation/fi.bincode")),
    ("gl", include_bytes!("../../templates/hyphenation/gl.bincode")),
    ("eu", include_bytes!("../../templates/hyphenation/eu.bincode")),
];

/// The patterns' language for a code a text file is named by.
fn language(code: &str) -> Option<Language> {
    match code {
        "es" => Some(Language::Spanish),
        "en" | "en-us" => Some(Language::EnglishUS),
        "ca" => Some(Language::Catalan),
        "en-gb" => Some(Language::EnglishGB),
        "ru" => Some(Language::Russian),
        "de" => Some(Language::German1996),
        "fr" => Some(Language::French),
        "it" => Some(Language::Italian),
        "tr" => Some(Language::Turkish),
        "pl" => Some(Language::Polish),
        "uk" => Some(Language::Ukrainian),
        "ro" => Some(Language::Romanian),
        "nl" => Some(Language::Dutch),
        "hr" => Some(Language::Croatian),
        "hu" => Some(Language::Hungarian),
        "el" => Some(Language::GreekMono),
        "pt" => Some(Language::Portuguese),
        "cs" => Some(Language::Czech),
        "sv" => Some(Language::Swedish),
        "bg" => Some(Language::Bulgarian),
        "be" => Some(Language::Belarusian),
        "da" => Some(Language::Danish),
        "sk" => Some(Language::Slovak),
        "fi" => Some(Language::Finnish),
        "gl" => Some(Language::Galician),
        "eu" => Some(Language::Basque),
        _ => None,
    }
}

/// The codes of the languages with patterns, for a message.
fn built_in_codes() -> String {
    let codes: Vec<&str> = BUILT_IN_PATTERNS.iter().map(|(c, _)| *c).collect();
    codes.join(", ")
}

impl Hyphens {
    /// Hyphenation for a language pitchprint has patterns of; none
    /// for another code, whose patterns a project supplies
    /// ([`Hyphens::from_patterns`]).
    pub fn for_code(code: &str) -> Hyphens {
        let dict = BUILT_IN_PATTERNS
            .iter()
            .find(|(c, _)| *c == code)
            .and_then(|(c, bytes)| Standard::from_reader(language(c)?, &mut &bytes[..]).ok());
        Hyphens {
            dict,
            catalan: code == "ca",
        }
    }

    /// Hyphenation for `code`: from `patterns` (a project's file, already
    /// found usable) when given, else the built-in patterns.
    pub fn for_language(code: &str, patterns: Option<&[u8]>) -> Hyphens {
        patterns
            .and_then(|p| Hyphens::from_patterns(code, p).ok())
            .unwrap_or_else(|| Hyphens::for_code(code))
    }

    /// Whether `code`'s patterns are built in.
    pub fn is_built_in(code: &str) -> bool {
        BUILT_IN_PATTERNS.iter().any(|(c, _)| *c == code)
    }

    /// Hyphenation for `code` from a dictionary file of the `hyphenation`
    /// crate's (`fr.standard.bincode`), or why it cannot be used.
    pub fn from_patterns(code: &str, bytes: &[u8]) -> Result<Hyphens, String> {
        let lang = language(code).ok_or_else(|| {
            format!(
                "there are no hyphenation patterns for the language \"{code}\"; the languages with patterns are {}",
                built_in_codes()
            )
        })?;
        let dict = Standard::from_reader(lang, &mut &bytes[..]).map_err(|e| match e {
            hyphenation::load::Error::LanguageMismatch { found, .. } => {
                format!("the file holds the patterns of {found:?}, not of \"{code}\"")
            }
            _ => "the file is not a dictionary of the hyphenation crate (a .standard.bincode file)".to_string(),
        })?;
        Ok(Hyphens {
            dict: Some(dict),
            catalan: code == "ca",
        })
    }

    /// The places `word` may break (punctuation around it stays with it).
    pub fn breaks(&self, word: &str) -> Vec<Break> {
        let start = word.find(|c: char| c.is_alphabetic()).unwrap_or(word.len());
        let end = word
            .rfind(|c: char| c.is_alphabetic())
            .map(|i| i + word[i..].chars().next().map_or(1, char::len_utf8))
            .unwrap_or(start);
        if start >= end {
            return Vec::new();
        }
        // Enough letters on each side, counted from the break outwards and
        // no further than needed: a word of thousands of letters has
        // thousands of breaks, and counting all its letters at each would
        // take the square of its length.
        let before = |s: &str| s.chars().rev().filter(|c| c.is_alphabetic()).take(MIN_BEFORE).count();
        let after = |s: &str| s.chars().filter(|c| c.is_alphabetic()).take(MIN_AFTER).count();
        self.core_breaks(&word[start..end])
            .into_iter()
            .map(|b| Break {
                left: b.left + start,
                right: b.right + start,
            })
            .filter(|b| before(&word[start..b.left]) >= MIN_BEFORE && after(&word[b.right..end]) >= MIN_AFTER)
            .collect()
    }

    /// The places a word of letters (and Catalan middle dots) may break.
    fn core_breaks(&self, word: &str) -> Vec<Break> {
        let Some(dict) = &self.dict else { return Vec::new() };
        // Only letters are hyphenated; a word with digits or signs stays whole.
        let letters: String = word.chars().filter(|c| c.is_alphabetic() || *c == '·').collect();
        if letters.chars().count() != word.chars().count() || word.chars().count() < 5 {
            return Vec::new();
        }
        let mut out: Vec<Break> = Vec::new();
        if self.catalan && word.contains('·') {
            // Hyphenate the parts around each middle dot; the l·l itself breaks
            // as l- / l.
            let mut start = 0;
            for (i, _) in word.match_indices('·') {
                let part = &word[start..i];
                out.extend(dict.hyphenate(part).breaks.iter().map(|b| Break {
                    left: start + b,
                    right: start + b,
                }));
                let before_l = word[..i].ends_with('l') || word[..i].ends_with('L');
                let after_l = word[i + '·'.len_utf8()..].starts_with(['l', 'L']);
                if before_l && after_l && i >= 2 && word.len() - i >= 4 {
                    out.push(Break {
                        left: i,
                        right: i + '·'.len_utf8(),
                    });
                }
                start = i + '·'.len_utf8();
            }
            let part = &word[start..];
            out.extend(dict.hyphenate(part).breaks.iter().map(|b| Break {
                left: start + b,
                right: start + b,
            }));
        } else {
            out.extend(dict.hyphenate(word).breaks.iter().map(|&b| Break { left: b, right: b }));
        }
        // Never a break next to the middle dot other than the l·l one.
        out.retain(|b| b.left != b.right || !(word[..b.left].ends_with('·') || word[b.left..].starts_with('·')));
        out.sort_by_key(|b| b.left);
        out.dedup();
        out
    }
}

/// The hyphenation patterns a text in `lang` is set with, for the layout
/// at `layout` whose text is `text`: the project's
/// `templates/hyphenation/<lang>.bincode` when it has one (it wins over the
/// built-in patterns), else none (the built-in ones serve, when there are).
/// A language with no patterns at all, or a file that cannot be used, is a
/// warning at the text: it is set without hyphens.
pub fn hyphenation(world: &dyn World, layout: &Path, lang: &str, text: &Path) -> (Option<Vec<u8>>, Option<Finding>) {
    let folder = templates_folder(world, layout, "hyphenation");
    let file = folder.as_ref().map(|f| f.join(format!("{lang}.bincode")));
    // Where the file goes: the project's folder when it has one.
    let target = file
        .as_ref()
        .map_or(format!("templates/hyphenation/{lang}.bincode"), |f| {
            f.display().to_string()
        });
    let copy_hint = format!(
        "copy {lang}.standard.bincode from the hyphenation crate's dictionaries folder to {target} (see templates/hyphenation/README.md)"
    );
    let warn =
        |why: String, hint: String| Some(Finding::warning(Code::TextHyphen, why, Location::file(text)).with_hint(hint));
    match &file {
        Some(f) if world.is_file(f) => match world.read_bytes(f, Input::Patterns) {
            Ok(bytes) => match Hyphens::from_patterns(lang, &bytes) {
                Ok(_) => (Some(bytes), None),
                Err(why) => (
                    None,
                    warn(format!("{target}: {why}; the text is set without hyphens"), copy_hint),
                ),
            },
            Err(e) => (
                None,
                warn(
                    format!("{target}: {e}; the text is set without hyphens"),
                    "make the file readable, or remove it to use the built-in patterns".to_string(),
                ),
            ),
        },
        _ if Hyphens::is_built_in(lang) => (None, None),
        _ => (
            None,
            warn(
                format!(
                    "pitchprint has no hyphenation patterns built in for \"{lang}\": the text is set without hyphens"
                ),
                copy_hint,
            ),
        ),
    }
}

/// A piece of a line in one style.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The face.
    pub font: FontFace,
    /// The text, spaces included.
    pub text: String,
}

/// A set line: its pieces, and the extra space each word space gets.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Runs of one face each.
    pub pieces: Vec<Piece>,
    /// Extra width for every space (justification; negative when spaces
    /// narrow); zero on a last line.
    pub word_gap: Mm,
    /// How many word spaces the line has.
    pub spaces: usize,
    /// Natural width of the space in the paragraph's regular face.
    pub space: Mm,
}

/// The face of a span among `fonts`.
fn face(span: &Span, fonts: &Fonts) -> FontFace {
    if span.bold {
        fonts.bold
    } else if span.italic {
        fonts.italic
    } else {
        fonts.regular
    }
}

/// What a breaker box or penalty stands for.
#[derive(Clone, Debug)]
enum Bit {
    /// Part of a word (between possible breaks).
    Text(FontFace, String),
    /// A hyphenation point: if taken, the line ends with "-" in this face and
    /// the next piece loses `drop` leading bytes (Catalan's middle dot).
    Hyphen(FontFace, usize),
    /// A forced break inside a word wider than the line: if taken, the line
    /// ends with [`FORCED_BREAK`] in this face.
    Forced(FontFace),
    /// The paragraph's end.
    End,
}

/// Sets a paragraph of `spans` at `size_pt` in lines of `width` (the first
/// `indent` narrower) in `fonts`, justified but for the last line.
pub fn set(spans: &[Span], size_pt: f64, width: Mm, indent: Mm, hyphens: &Hyphens, fonts: &Fonts) -> Vec<Line> {
    let space = fonts.regular.measure(" ", size_pt);
    let total: f64 = spans
        .iter()
        .map(|s| face(s, fonts).measure(&s.text, size_pt).0)
        .sum::<f64>()
        + width.0 * 2.0;
    let scale = Scale(UNIT.min(MAX_UNITS / total.max(1.0)));
    let narrow = (width - indent).min(width);
    let mut items = kp_items(spans, (size_pt, space), narrow, hyphens, fonts, scale);
    let lengths = [scale.units(width - indent), scale.units(width)];
    let mut lines = Vec::new();
    for _ in 0..MAX_RESETS {
        let breaks = best_breaks(&items, &lengths);
        let ends: Vec<Option<usize>> = breaks
            .iter()
            .map(|bp| matches!(items.get(bp.index), Some(KpItem::Penalty { flagged: true, .. })).then_some(bp.index))
            .collect();
        lines = lines_at(items.clone(), &breaks, size_pt, width, indent, space);
        match refused_break(&lines, &ends) {
            // Set the paragraph again without that break.
            Some(index) => {
                if let Some(KpItem::Penalty { penalty, .. }) = items.get_mut(index) {
                    *penalty = paragraph_breaker::INFINITE_PENALTY;
                }
            }
            None => break,
        }
    }
    lines
}

/// The hyphenation point (its penalty's index) a typesetter would not take
/// in these lines, if any: the last it chose in a run of more than
/// [`MAX_HYPHENS_IN_A_ROW`] hyphenated lines, or the break that leaves a
/// short tail alone on the last line. `ends` gives, for each line, the
/// hyphenation point it ends at. The lines that are all one part of a word
/// longer than a line count in the run (the reader sees them as hyphenated
/// lines like any other) but are not refused: that word has no other place
/// to break. So a word that must break three times or more stands alone,
/// no break chosen around it adding to its run, and the checker warns.
fn refused_break(lines: &[Line], ends: &[Option<usize>]) -> Option<usize> {
    let mut run = 0;
    let mut chosen = None;
    for (line, end) in lines.iter().zip(ends) {
        match end {
            Some(index) => {
                run += 1;
                if !whole_word_part(line) {
                    chosen = Some(*index);
                }
                if run > MAX_HYPHENS_IN_A_ROW
                    && let Some(index) = chosen
                {
                    return Some(index);
                }
            }
            None => (run, chosen) = (0, None),
        }
    }
    let n = lines.len();
    if n >= 2
        && let Some(index) = ends[n - 2]
    {
        let last = line_text(&lines[n - 1]);
        let letters = last.chars().filter(|c| c.is_alphabetic()).count();
        if !last.trim().contains(' ') && letters <= SHORT_TAIL {
            return Some(index);
        }
    }
    None
}

/// The lines of `items` broken at `breaks`, justified.
fn lines_at(
    mut items: Vec<KpItem<Bit>>,
    breaks: &[paragraph_breaker::Breakpoint],
    size_pt: f64,
    width: Mm,
    indent: Mm,
    space: Mm,
) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut from = 0;
    for (n, bp) in breaks.iter().enumerate() {
        let (mut pieces, mut spaces) = pieces_between(items.get(from..bp.index).unwrap_or_default());
        // A line ending at a hyphenation point shows the hyphen, one ending at
        // a forced break its mark; the next line starts after the break (past
        // a dropped middle dot).
        let ended_on_penalty = matches!(items.get(bp.index), Some(KpItem::Penalty { .. }));
        let mut drop = 0;
        match items.get(bp.index + 1) {
            Some(KpItem::Box {
                data: Bit::Hyphen(f, d),
                ..
            }) if ended_on_penalty => {
                push_text(&mut pieces, *f, "-");
                drop = *d;
            }
            Some(KpItem::Box {
                data: Bit::Forced(f), ..
            }) if ended_on_penalty => match pieces.last_mut() {
                Some(last) => end_forced(&mut last.text),
                None => push_text(&mut pieces, *f, &FORCED_BREAK.to_string()),
            },
            _ => {}
        }
        trim_trailing_spaces(&mut pieces, &mut spaces);
        let is_last = n + 1 == breaks.len();
        let natural: f64 = pieces.iter().map(|p| p.font.measure(&p.text, size_pt).0).sum();
        let target = if lines.is_empty() { width - indent } else { width };
        // Spaces grow (or, within the shrink allowed, narrow) to fill the line;
        // a last line only narrows, if it must. A line that would stretch past
        // the limit stops at it and ends short of the margin: better a ragged
        // line than a river.
        let fill = if spaces == 0 {
            0.0
        } else {
            (target.0 - natural) / spaces as f64
        };
        let word_gap = if is_last {
            Mm(fill.min(0.0))
        } else {
            Mm(fill.min(space.0 * (MAX_STRETCH - 1.0)))
        };
        lines.push(Line {
            pieces,
            word_gap,
            spaces,
            space,
        });
        from = next_line_start(&mut items, bp.index, drop);
    }
    lines
}

/// The line breaker's integer units per millimetre for one paragraph.
#[derive(Clone, Copy, Debug)]
struct Scale(f64);

impl Scale {
    /// A length in the line breaker's integer units.
    fn units(self, m: Mm) -> i32 {
        (m.0 * self.0).round() as i32
    }
}

/// The paragraph as Knuth-Plass boxes, glues and penalties: a box per word
/// part, a glue per space, a flagged penalty (and a zero box carrying its
/// data) per hyphenation point, and the closing glue and forced break. A
/// part wider than `narrow` (the narrowest line) is a box per grapheme, with
/// a forced break between each two.
fn kp_items(
    spans: &[Span],
    (size_pt, space): (f64, Mm),
    narrow: Mm,
    hyphens: &Hyphens,
    fonts: &Fonts,
    scale: Scale,
) -> Vec<KpItem<Bit>> {
    let units = |m: Mm| scale.units(m);
    let mut items: Vec<KpItem<Bit>> = Vec::new();
    let mut first = true;
    for span in spans {
        let f = face(span, fonts);
        for (k, word) in span.text.split(' ').enumerate() {
            // A space before this word, unless the paragraph starts here or one is already there.
            if (k > 0 || (!first && span.text.starts_with(' ')))
                && !matches!(items.last(), Some(KpItem::Glue { .. }) | None)
            {
                items.push(KpItem::Glue {
                    width: units(space),
                    stretch: units(space * (MAX_STRETCH - 1.0)),
                    shrink: units(space * (1.0 - MIN_SHRINK)),
                });
            }
            if word.is_empty() {
                continue;
            }
            first = false;
            let mut start = 0;
            for b in hyphens.breaks(word) {
                let part = &word[start..b.left];
                push_part(&mut items, f, part, true, size_pt, narrow, scale);
                items.push(KpItem::Penalty {
                    width: units(f.measure("-", size_pt)),
                    penalty: HYPHEN_PENALTY,
                    flagged: true,
                });
                // The penalty's own data travels in a zero box right after it.
                items.push(KpItem::Box {
                    width: 0,
                    data: Bit::Hyphen(f, b.right - b.left),
                });
                start = b.left;
            }
            push_part(&mut items, f, &word[start..], false, size_pt, narrow, scale);
        }
    }
    // Close: a glue that fills the last line, then a forced break.
    items.push(KpItem::Glue {
        width: 0,
        stretch: 1_000_000_000,
        shrink: 0,
    });
    items.push(KpItem::Penalty {
        width: 0,
        penalty: -paragraph_breaker::INFINITE_PENALTY,
        flagged: false,
    });
    items.push(KpItem::Box {
        width: 0,
        data: Bit::End,
    });
    items
}

/// A part of a word (between hyphenation points) as one box, or, when it
/// is wider than `narrow` (with the hyphen it ends a line with when it comes
/// `before_hyphen`ation point), as a box per grapheme with
/// a forced break (a penalty, and a zero box carrying its data) between each
/// two: no line could hold it whole, and without a place to break it the
/// breaker would give up on the paragraph.
fn push_part(
    items: &mut Vec<KpItem<Bit>>,
    f: FontFace,
    part: &str,
    before_hyphen: bool,
    size_pt: f64,
    narrow: Mm,
    scale: Scale,
) {
    let width = f.measure(part, size_pt);
    let hyphen = if before_hyphen {
        f.measure("-", size_pt)
    } else {
        Mm::ZERO
    };
    if width + hyphen <= narrow {
        items.push(KpItem::Box {
            width: scale.units(width),
            data: Bit::Text(f, part.to_string()),
        });
        return;
    }
    let mark = scale.units(f.measure(&FORCED_BREAK.to_string(), size_pt));
    let mut previous = "";
    for (k, g) in part.graphemes(true).enumerate() {
        if k > 0 {
            // After the word's own hyphen the mark replaces it: no width.
            items.push(KpItem::Penalty {
                width: if previous == "-" { 0 } else { mark },
                penalty: if matches!(previous, "-" | "/") {
                    FORCED_PENALTY_AFTER_MARK
                } else {
                    FORCED_PENALTY
                },
                flagged: false,
            });
            items.push(KpItem::Box {
                width: 0,
                data: Bit::Forced(f),
            });
        }
        items.push(KpItem::Box {
            width: scale.units(f.measure(g, size_pt)),
            data: Bit::Text(f, g.to_string()),
        });
        previous = g;
    }
}

/// The breaks of the best fit, loosening the tolerance until one is found.
fn best_breaks(items: &[KpItem<Bit>], lengths: &[i32]) -> Vec<paragraph_breaker::Breakpoint> {
    for threshold in [1.0, 2.0, 5.0, 50.0] {
        let breaks = total_fit(items, lengths, threshold, 0);
        if !breaks.is_empty() {
            return breaks;
        }
    }
    // No set of breaks keeps every line's spaces within what the breaker
    // accepts (a long unbreakable word, such as a file name, after a short
    // run; a word longer than a line): fill the lines first-fit rather than
    // lose the paragraph, which an empty answer would (the lines are set
    // from the breaks). The breaker's own first fit leaves out the width of
    // the hyphen or mark a line ends in, and gives up on a piece wider than
    // a line; ours does neither.
    first_fit(items, lengths)
}

/// Breaks at the last place each line still holds: every line as full as
/// it may be, the width of a penalty's mark (a hyphen, a forced break's
/// mark) counted on the line it ends. A piece wider than a line (a letter
/// at an impossible size) stands alone on its line, past the margin, where
/// the checker sees it: nothing is lost. Each item is looked at at most
/// twice.
fn first_fit(items: &[KpItem<Bit>], lengths: &[i32]) -> Vec<paragraph_breaker::Breakpoint> {
    const END: i32 = -paragraph_breaker::INFINITE_PENALTY;
    let n = items.len();
    let mut prefix = vec![0i64; n + 1];
    for (i, it) in items.iter().enumerate() {
        prefix[i + 1] = prefix[i]
            + match it {
                KpItem::Box { width, .. } | KpItem::Glue { width, .. } => i64::from(*width),
                KpItem::Penalty { .. } => 0,
            };
    }
    let legal = |i: usize| match &items[i] {
        KpItem::Glue { .. } => i > 0 && items[i - 1].is_box(),
        KpItem::Penalty { penalty, .. } => *penalty < paragraph_breaker::INFINITE_PENALTY,
        KpItem::Box { .. } => false,
    };
    let mark = |i: usize| match &items[i] {
        KpItem::Penalty { width, .. } => i64::from(*width),
        _ => 0,
    };
    let is_end = |i: usize| matches!(items[i], KpItem::Penalty { penalty, .. } if penalty <= END);
    // A line starts at its first word's text (or the paragraph's end).
    let start = |mut i: usize| {
        while i < n
            && !is_end(i)
            && !matches!(
                items[i],
                KpItem::Box {
                    data: Bit::Text(..),
                    ..
                }
            )
        {
            i += 1;
        }
        i
    };
    let point = |index: usize| paragraph_breaker::Breakpoint {
        index,
        ratio: 0.0,
        width: 0,
    };
    let mut out = Vec::new();
    let mut from = start(0);
    let mut last: Option<usize> = None;
    let mut i = from;
    while i < n {
        if legal(i) {
            let length = i64::from(lengths[out.len().min(lengths.len() - 1)]);
            if prefix[i] - prefix[from] + mark(i) > length
                && let Some(b) = last
            {
                out.push(point(b));
                from = start(b + 1);
                last = None;
                i = from;
                continue;
            }
            if is_end(i) {
                out.push(point(i));
                break;
            }
            last = Some(i);
        }
        i += 1;
    }
    out
}

/// Appends `t` in face `f`, joining the last piece when the face is the same.
fn push_text(pieces: &mut Vec<Piece>, f: FontFace, t: &str) {
    match pieces.last_mut() {
        Some(p) if p.font == f => p.text.push_str(t),
        _ => pieces.push(Piece {
            font: f,
            text: t.to_string(),
        }),
    }
}

/// The text of one line's items and the number of word spaces in it.
fn pieces_between(line_items: &[KpItem<Bit>]) -> (Vec<Piece>, usize) {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut spaces: usize = 0;
    for it in line_items {
        match it {
            KpItem::Box {
                data: Bit::Text(f, t), ..
            } => push_text(&mut pieces, *f, t),
            KpItem::Glue { .. } => {
                // A space takes the face of the word before it; a line
                // never starts with one.
                if let Some(f) = pieces.last().map(|p| p.font) {
                    push_text(&mut pieces, f, " ");
                    spaces += 1;
                }
            }
            _ => {}
        }
    }
    (pieces, spaces)
}

/// Trailing spaces are not part of the line.
fn trim_trailing_spaces(pieces: &mut Vec<Piece>, spaces: &mut usize) {
    while let Some(last) = pieces.last_mut() {
        if last.text.ends_with(' ') {
            last.text.pop();
            *spaces = spaces.saturating_sub(1);
        } else {
            break;
        }
        if last.text.is_empty() {
            pieces.pop();
        } else {
            break;
        }
    }
}

/// Where the line after the break at `index` starts: past the break item, a
/// hyphen's data box and any glue; `drop` bytes (a middle dot the hyphen
/// replaced) are cut from its first text box.
fn next_line_start(items: &mut [KpItem<Bit>], index: usize, drop: usize) -> usize {
    let mut from = index + 1;
    while let Some(it) = items.get(from) {
        match it {
            KpItem::Box {
                data: Bit::Hyphen(..) | Bit::Forced(..),
                ..
            }
            | KpItem::Glue { .. }
            | KpItem::Penalty { .. } => from += 1,
            _ => break,
        }
    }
    if drop > 0
        && let Some(KpItem::Box {
            data: Bit::Text(f, t),
            width,
        }) = items.get(from).cloned()
    {
        // The dropped bytes belong to the first text box of the next line.
        let kept = t[drop.min(t.len())..].to_string();
        items[from] = KpItem::Box {
            width,
            data: Bit::Text(f, kept),
        };
    }
    from
}

/// Whether `line` holds nothing but a part of one word (no space): the
/// middle of a word longer than a line.
pub fn whole_word_part(line: &Line) -> bool {
    !line_text(line).trim().contains(' ')
}

/// The text of a line, pieces joined.
pub fn line_text(line: &Line) -> String {
    line.pieces.iter().map(|p| p.text.as_str()).collect()
}

impl Line {
    /// Whether the line ends in a hyphen: words break only at hyphenation
    /// points, so a line ending in one breaks a word.
    pub fn ends_with_hyphen(&self) -> bool {
        self.pieces.last().is_some_and(|p| p.text.ends_with('-'))
    }
}
