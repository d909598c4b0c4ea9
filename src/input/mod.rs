//! Reading a text input (a layout, a card template, labels, a rule text, a
//! spreadsheet) as people's editors save it: a byte-order mark is dropped, a
//! file that is not UTF-8 is placed at its first bad byte with what it most
//! likely is, and a file that cannot be opened is said in words, never as an
//! operating-system error number.

pub mod source;
pub mod world;

use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::input::source::Source;
use crate::input::world::{Input, World};

/// The UTF-8 byte-order mark that Notepad and Excel put at the start of a file.
const BOM: &str = "\u{feff}";

/// Why a text input could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    /// What went wrong, in words (no OS error numbers).
    pub reason: String,
    /// Where the first byte that is not UTF-8 is, 1-based, when that is why.
    pub at: Option<(usize, usize)>,
    /// Whether the file is text in another encoding (then the hint is how to
    /// save it as UTF-8, not the caller's).
    pub encoding: bool,
    /// Whether the file is not there at all.
    pub missing: bool,
}

/// How to save a text file as UTF-8.
pub const TEXT_AS_UTF8: &str =
    "save the file as UTF-8: in your editor's Save As, pick the encoding UTF-8 (in Notepad: Encoding, UTF-8)";

/// How to save a spreadsheet as UTF-8 CSV in the programs people use.
pub const SHEET_AS_UTF8: &str = "save the sheet as UTF-8 CSV: in Excel, Save As \"CSV UTF-8 (comma delimited)\"; in \
     LibreOffice, Save As CSV, tick \"Edit filter settings\" and pick Unicode (UTF-8)";

impl Unreadable {
    /// A finding about `path`: `what` names the file for people ("the
    /// layout"), `hint` says what to do when the file is missing or closed.
    pub fn finding(&self, code: Code, path: &Path, what: &str, hint: &str) -> Finding {
        let mut location = Location::file(path);
        if let Some((line, column)) = self.at {
            location.line = Some(line);
            location.column = Some(column);
        }
        let hint = if self.encoding { TEXT_AS_UTF8 } else { hint };
        Finding::error(code, format!("{what} {}", self.reason), location).with_hint(hint)
    }
}

/// Reads `path`, a text input of `kind`, through `world`, without a
/// leading byte-order mark.
pub fn read_text(world: &dyn World, path: &Path, kind: Input) -> Result<String, Unreadable> {
    match world.read_text(path, kind) {
        Ok(text) => Ok(match text.strip_prefix(BOM) {
            Some(rest) => rest.to_string(),
            None => text,
        }),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => match world.read_bytes(path, kind) {
            Ok(bytes) => decode(&bytes),
            Err(e) => Err(Unreadable::from_io(&e)),
        },
        Err(e) => Err(Unreadable::from_io(&e)),
    }
}

/// `bytes` as UTF-8 text without its byte-order mark, or where and why not.
pub fn decode(bytes: &[u8]) -> Result<String, Unreadable> {
    let bytes = bytes.strip_prefix(BOM.as_bytes()).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            let byte = bytes[e.valid_up_to()];
            let binary = looks_binary(bytes);
            let reason = if binary {
                "is not a text file (it holds binary data)".to_string()
            } else {
                format!(
                    "is not UTF-8 text: byte 0x{byte:02X} on line {line} is a letter of another \
                     encoding, most likely Windows-1252 or Latin-1 as older Excel and Notepad save"
                )
            };
            Err(Unreadable {
                encoding: !binary,
                reason,
                at: Some((line, column)),
                missing: false,
            })
        }
    }
}

/// Whether `bytes` are most likely not text at all: a NUL byte in the first
/// few kilobytes, as every binary format (images, workbooks, PDFs) has.
pub fn looks_binary(bytes: &[u8]) -> bool {
    bytes.iter().take(8192).any(|&b| b == 0)
}

impl Unreadable {
    /// An I/O error in words: what happened, never `(os error 2)`.
    pub fn from_io(e: &std::io::Error) -> Unreadable {
        use std::io::ErrorKind as K;
        let reason = match e.kind() {
            K::NotFound => "does not exist".to_string(),
            K::PermissionDenied => "cannot be opened: permission denied".to_string(),
            K::IsADirectory => "is a folder, not a file".to_string(),
            K::InvalidData => "is not UTF-8 text".to_string(),
            // The reader's own words ("it is a named pipe (FIFO), not a
            // regular file; ..."), said of the file the finding names.
            _ if e.to_string().starts_with("it is ") => e.to_string()["it ".len()..].to_string(),
            // Whatever else the system says, without its error number.
            _ => {
                let said = e.to_string();
                let said = match said.find(" (os error") {
                    Some(cut) => &said[..cut],
                    None => &said,
                };
                format!("cannot be read: {}", said.to_lowercase())
            }
        };
        Unreadable {
            missing: e.kind() == K::NotFound,
            encoding: false,
            reason,
            at: None,
        }
    }
}

/// The finding for a language's text (`<folder>/<lang>.md`) that is not
/// there, for a layout whose root key `text` names the folder: when the
/// folder itself is missing, the finding is on that key; otherwise it is on
/// the missing file, with a note at the key.
/// `hint` says how to write the missing file.
pub fn missing_text(world: &dyn World, source: &Source, file: &Path, lang: &str, what: &str, hint: String) -> Finding {
    const KEY: &str = "text";
    let folder = file.parent().unwrap_or(Path::new(""));
    if !world.is_dir(folder) {
        return Finding::error(
            Code::RulesMissing,
            format!("there is no folder {} for the texts of {what}", folder.display()),
            source.locate(KEY),
        )
        .with_hint("`text` is the folder of the texts, one Markdown file per language, relative to this layout (the shipped layouts name folders under ../../templates/)");
    }
    Finding::error(
        Code::RulesMissing,
        format!("there is no {lang} text for {what}"),
        Location::file(file),
    )
    .with_hint(hint)
    .with_note("the folder of the texts is named here", source.locate(KEY))
}

/// What to say about a one-line `text` (a spreadsheet cell, the `what` of
/// a card) holding characters `face` cannot draw: the message, listing each
/// once, and the hint. `None` when every character can be drawn.
pub fn cell_glyphs(text: &str, what: &str, face: crate::font::FontFace) -> Option<(String, &'static str)> {
    let missing = face.missing_glyphs(text);
    if missing.is_empty() {
        return None;
    }
    let list: Vec<String> = missing.iter().map(|c| format!("'{c}' (U+{:04X})", *c as u32)).collect();
    Some((
        format!("the font has no glyph for {} in the {what} \"{text}\"", list.join(", ")),
        "write it in Latin, Greek or Cyrillic letters (the bundled DejaVu font covers those), \
         for example as it is transliterated",
    ))
}

/// A finding per line of a text written for print (a rule text in
/// Markdown) that holds characters one of `fonts` cannot draw, at the
/// first of them: the author fixes their own line, not a page. `named_at`
/// is where the game's own fonts are named (`None` for the bundled DejaVu):
/// the finding points there too, since a font that lacks them is the other
/// way to fix it.
pub fn missing_glyphs(
    text: &str,
    file: &Path,
    fonts: &crate::font::Fonts,
    named_at: Option<&Location>,
) -> Vec<Finding> {
    let mut by_line: Vec<(usize, usize, Vec<char>)> = Vec::new();
    for (line, column, c) in fonts.missing_glyphs_at(text) {
        match by_line.last_mut() {
            Some((l, _, chars)) if *l == line => {
                if !chars.contains(&c) {
                    chars.push(c);
                }
            }
            _ => by_line.push((line, column, vec![c])),
        }
    }
    by_line
        .into_iter()
        .map(|(line, column, chars)| {
            let list: Vec<String> = chars.iter().map(|c| format!("'{c}' (U+{:04X})", *c as u32)).collect();
            let mut at = Location::file(file);
            (at.line, at.column) = (Some(line), Some(column));
            let finding = Finding::error(
                Code::TextGlyph,
                format!("the font has no glyph for {}", list.join(", ")),
                at,
            );
            match named_at {
                None => finding.with_hint(
                    "replace those characters; the bundled DejaVu font covers Latin, Greek and Cyrillic, not emoji",
                ),
                Some(named) => finding
                    .with_hint("replace those characters, or name fonts that have them (regular, bold and italic: a text may set any word in any of them)")
                    .with_note("the game's fonts are named here", named.clone()),
            }
        })
        .collect()
}

/// A finding per line of a text written for print (a rule text in
/// Markdown) that holds writing in a right-to-left script, at its first
/// such character, quoting a few from there: pitchprint sets lines left to
/// right, one glyph after another, and would print it reversed, its Arabic
/// letters unjoined. Beside [`missing_glyphs`]: DejaVu has Hebrew and
/// Arabic glyphs, so that check alone lets such a line through.
pub fn right_to_left_lines(text: &str, file: &Path) -> Vec<Finding> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let (column, c, script) = crate::font::chars::first_right_to_left(line)?;
            Some(
                Finding::error(
                    Code::TextDirection,
                    format!(
                        "the line holds {}",
                        crate::font::chars::describe_right_to_left(line, column, c, script)
                    ),
                    Location::at_line(file, i + 1, Some(column)),
                )
                .with_hint(crate::font::chars::RIGHT_TO_LEFT_ADVICE),
            )
        })
        .collect()
}
