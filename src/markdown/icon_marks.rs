//! The names of icons inside text, and the characters that stand for them
//! once a text is read: `:ball:` in a card's field or a rule sheet's
//! paragraph. Kept apart from the drawing ([`crate::icons`]) so that the
//! Markdown reader marks icons without reaching the typesetter.

/// The bundled icons: the name written between colons, and what it shows.
pub const BUNDLED: [(&str, &str); 9] = [
    ("ball", "a football"),
    ("goal", "a goal"),
    ("yellow", "a yellow card"),
    ("red", "a red card"),
    ("die", "a die"),
    ("coin", "a coin"),
    ("clock", "a clock"),
    ("pass", "an arrow, a pass"),
    ("scissors", "scissors, where to cut"),
];

/// A piece of a text: words, or an icon by name (`:ball:` is `Icon("ball")`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece<'a> {
    /// Text, spaces included.
    Text(&'a str),
    /// The icon of that name.
    Icon(&'a str),
}

/// Whether `name` can be an icon's: a letter, then letters, digits, `-` or
/// `_` (so that "10:30:45" stays a time).
pub fn is_icon_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// `text` cut into text and icons: every `:name:` whose name can be an
/// icon's is one, known or not (an unknown one is [`IconSet::unknown`]'s).
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut plain = 0;
    while let Some(open) = rest[plain..].find(':').map(|i| plain + i) {
        let after = &rest[open + 1..];
        match after.find(':') {
            Some(close) if is_icon_name(&after[..close]) => {
                if open > 0 {
                    out.push(Piece::Text(&rest[..open]));
                }
                out.push(Piece::Icon(&after[..close]));
                rest = &after[close + 1..];
                plain = 0;
            }
            _ => plain = open + 1,
        }
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// `text` with each bundled icon it writes (`:ball:`) made the one
/// character that stands for it ([`crate::font::ICON_MARKS`]), so that a
/// typesetter that breaks lines at spaces and measures with the font keeps
/// the icon as one piece of a word; any other `:name:` is left as written.
pub fn marked(text: &str) -> String {
    let mut out = String::new();
    for piece in pieces(text) {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Icon(name) => match BUNDLED.iter().position(|(n, _)| *n == name) {
                Some(i) => out.push(mark(i)),
                None => {
                    out.push(':');
                    out.push_str(name);
                    out.push(':');
                }
            },
        }
    }
    out
}

/// The character that stands for the bundled icon `i`.
fn mark(i: usize) -> char {
    char::from_u32(u32::from(*crate::font::ICON_MARKS.start()) + i as u32).unwrap_or(' ')
}

/// The bundled icon a mark character stands for.
pub fn marked_icon(c: char) -> Option<&'static str> {
    let i = u32::from(c).checked_sub(u32::from(*crate::font::ICON_MARKS.start()))?;
    BUNDLED.get(i as usize).map(|(name, _)| *name)
}
