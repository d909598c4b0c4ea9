//! The Markdown subset rule sheets are written in: `# title`, `## headings`,
//! paragraphs, `- ` and `1. ` lists, `**bold**` and `*italic*`,
//! `{{diagram: NAME | CAPTION}}` lines that place a diagram drawn from the
//! game's own layout with its one-sentence caption under it, and `> ` lines
//! that make a boxed aside (a quick reference or a worked example) of
//! paragraphs and list items. Lines read as Markdown reads them: a line
//! right under a list item continues it, `\*` is a star, a closing `#` of a
//! heading is dropped, a tab is a space.
//!
//! Anything else is an error with its line (and column), never printed as
//! written or read with another meaning: a rule (`---`), an underline
//! (`===`), `* ` or `+ ` bullets, `1)` numbers, a list inside a list, an
//! indented code block, a box inside a box or a line right after one, links,
//! images, footnotes, HTML and entities, code spans, `_emphasis_`, `~~`, a
//! star that is not emphasis (`5 * 3`), bold and italic at once, emphasis in
//! a heading. Each refusal names what to write instead.

pub mod icon_marks;

use crate::diag::code::Code;

/// Why a text is not the Markdown a sheet is written in: where (1-based line,
/// and column in characters when known), what, and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The finding's code: `rules-markdown`, or `text-control` for a
    /// character that is not text.
    pub code: Code,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// What to write instead; `None` when the caller's summary of the
    /// subset says it best.
    pub hint: Option<String>,
}

impl Refusal {
    /// Markdown outside the subset at `line`.
    fn at(line: usize, message: impl Into<String>) -> Refusal {
        Refusal {
            code: Code::RulesMarkdown,
            line,
            column: None,
            message: message.into(),
            hint: None,
        }
    }
}

/// A run of text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// The words.
    pub text: String,
    /// Set in bold.
    pub bold: bool,
    /// Set in italic.
    pub italic: bool,
}

/// A block of a rule sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// The sheet's title (`# `).
    Title(String),
    /// A section heading (`## `).
    Heading(String),
    /// A paragraph.
    Paragraph(Vec<Span>),
    /// A list item: its number (`None` for a bullet) and its text.
    Item(Option<u32>, Vec<Span>),
    /// A diagram by name, and the caption set under it (empty when the
    /// source gives none: the rule sheet refuses that with the line).
    Diagram {
        /// The diagram's name, as the game's board knows it.
        name: String,
        /// The caption's text.
        caption: Vec<Span>,
    },
    /// A boxed aside (`> ` lines): paragraphs and list items kept together in
    /// one frame, for a quick reference or a worked example.
    Aside(Vec<Located>),
}

/// A block and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// 1-based line.
    pub line: usize,
    /// The block.
    pub block: Block,
}

impl Located {
    /// The line of the block that holds `text`: inside a box, the line of
    /// its paragraph or item that does; else the block's own line.
    pub fn line_holding(&self, text: &str) -> usize {
        let Block::Aside(inner) = &self.block else {
            return self.line;
        };
        inner
            .iter()
            .find(|l| match &l.block {
                Block::Paragraph(s) | Block::Item(_, s) => plain(s).contains(text),
                _ => false,
            })
            .map_or(self.line, |l| l.line)
    }
}

/// Splits inline text into spans at `**` and `*`. A backslash before a
/// punctuation mark writes the mark itself (`\*` is a star), as in Markdown.
/// Emphasis opens on a `*` or `**` before a letter and closes after one:
/// a star with a space on the side it opens or closes on (`5 * 3`), three
/// stars, or bold and italic one inside the other (the sheets have no face
/// for both) are refused rather than guessed.
pub fn spans(text: &str) -> Result<Vec<Span>, String> {
    let mut out: Vec<Span> = Vec::new();
    let (mut bold, mut italic) = (false, false);
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    let flush = |current: &mut String, out: &mut Vec<Span>, bold: bool, italic: bool| {
        if !current.is_empty() {
            out.push(Span {
                // An icon a text writes (`:ball:`) is one character from
                // here on: a word to the typesetter, drawn as the icon.
                text: crate::markdown::icon_marks::marked(&std::mem::take(current)),
                bold,
                italic,
            });
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && chars.get(i + 1).is_some_and(char::is_ascii_punctuation) {
            current.push(chars[i + 1]);
            i += 2;
            continue;
        }
        if c != '*' {
            current.push(c);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '*').count();
        let before = i.checked_sub(1).map(|k| chars[k]);
        let after = chars.get(i + run).copied();
        let near = snippet(&chars, i);
        if run > 2 {
            return Err(format!(
                "\"{near}\": three stars (bold and italic at once) are not part of the subset; use ** or *"
            ));
        }
        let (this, other) = if run == 2 { (bold, italic) } else { (italic, bold) };
        let spaced = if this {
            before.is_none_or(char::is_whitespace)
        } else {
            after.is_none_or(char::is_whitespace)
        };
        if spaced {
            return Err(format!(
                "\"{near}\": a star with a space on the side it {} is not emphasis; write × for a product, \\* for a star, or put the star against its word",
                if this { "closes" } else { "opens" }
            ));
        }
        if !this && other {
            return Err(format!(
                "\"{near}\": bold and italic one inside the other are not part of the subset (the sheet has no face for both); close one before opening the other"
            ));
        }
        flush(&mut current, &mut out, bold, italic);
        if run == 2 {
            bold = !bold;
        } else {
            italic = !italic;
        }
        i += run;
    }
    flush(&mut current, &mut out, bold, italic);
    if bold || italic {
        return Err("an emphasis (* or **) is opened and never closed".into());
    }
    Ok(out)
}

/// The text around `chars[i]`, for a message.
fn snippet(chars: &[char], i: usize) -> String {
    let from = i.saturating_sub(12);
    let to = (i + 12).min(chars.len());
    chars[from..to].iter().collect::<String>().trim().to_string()
}

/// What the Markdown of rule sheets, covers and cards can be written with,
/// for a hint that names what to use instead.
pub const SUBSET: &str = "the sheets are written with # title, ## headings, paragraphs, - and 1. lists, **bold**, *italic*, {{diagram: name | caption}} lines and > boxes";

/// Parses a sheet. A byte-order mark before the first line is not text; a
/// tab is white space, as Markdown has it (four columns of indentation at
/// the start of a line); any other control character or invisible mark is
/// refused at its line and column. Markdown outside the subset is refused
/// at its line (and column, for a mark inside a line), never printed as it
/// is written or read with another meaning.
pub fn parse(text: &str) -> Result<Vec<Located>, Refusal> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines: Vec<Source<'_>> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if let Some((column, c)) = raw
            .chars()
            .enumerate()
            .find(|&(_, c)| c != '\t' && crate::font::chars::unprintable(c))
        {
            return Err(Refusal {
                code: Code::TextControl,
                line: n,
                column: Some(column + 1),
                message: format!("the line holds {}", crate::font::chars::describe(c)),
                hint: Some(crate::font::chars::advice(c).to_string()),
            });
        }
        lines.push(Source {
            line: n,
            column: 1,
            text: raw,
        });
    }
    parse_lines(&lines, false)
}

/// A line of the file, or the part of one inside a box (`> ` taken off):
/// its number, the column its text starts at, and the text.
#[derive(Clone, Copy, Debug)]
struct Source<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

impl<'a> Source<'a> {
    /// How far the line is indented, in columns (a tab reaches the next
    /// multiple of four, as in Markdown).
    fn indent(&self) -> usize {
        self.text
            .chars()
            .take_while(|c| c.is_whitespace())
            .fold(0, |w, c| if c == '\t' { w / 4 * 4 + 4 } else { w + 1 })
    }

    /// The text without the white space around it, and the column it starts at.
    fn content(&self) -> (usize, &'a str) {
        let lead = self.text.chars().take_while(|c| c.is_whitespace()).count();
        (self.column + lead, self.text.trim())
    }

    /// A refusal at `column` of this line.
    fn refuse(&self, column: usize, message: impl Into<String>, hint: impl Into<String>) -> Refusal {
        Refusal {
            code: Code::RulesMarkdown,
            line: self.line,
            column: Some(column),
            message: message.into(),
            hint: Some(hint.into()),
        }
    }
}

/// The blocks being read: the paragraph and the list item not yet closed,
/// and the lines of a box.
#[derive(Default)]
struct Reader<'a> {
    out: Vec<Located>,
    /// The paragraph's lines and its first line.
    para: Vec<String>,
    para_line: usize,
    /// The list item's number (`None` for a bullet), text lines and line: a
    /// line right under an item continues it, as in Markdown.
    item: Option<(Option<u32>, Vec<String>, usize)>,
    /// The lines of a box being read (`> ` taken off).
    aside: Vec<Source<'a>>,
}

impl<'a> Reader<'a> {
    /// Closes the paragraph and the list item being read.
    fn flush(&mut self) -> Result<(), Refusal> {
        if !self.para.is_empty() {
            let line = self.para_line;
            let joined = std::mem::take(&mut self.para).join(" ");
            let spans = spans(&joined).map_err(|e| Refusal::at(line, e))?;
            self.out.push(Located {
                line,
                block: Block::Paragraph(spans),
            });
        }
        if let Some((number, text, line)) = self.item.take() {
            let spans = spans(&text.join(" ")).map_err(|e| Refusal::at(line, e))?;
            self.out.push(Located {
                line,
                block: Block::Item(number, spans),
            });
        }
        Ok(())
    }

    /// Closes the box being read.
    fn flush_aside(&mut self) -> Result<(), Refusal> {
        if let Some(first) = self.aside.first().map(|s| s.line) {
            let blocks = parse_lines(&std::mem::take(&mut self.aside), true)?;
            self.out.push(Located {
                line: first,
                block: Block::Aside(blocks),
            });
        }
        Ok(())
    }
}

/// Parses numbered lines; `inside` is true for the lines of an aside, which
/// hold only paragraphs and list items.
fn parse_lines<'a>(lines: &[Source<'a>], inside: bool) -> Result<Vec<Located>, Refusal> {
    let mut r = Reader::default();
    for &src in lines {
        let (column, line) = src.content();
        // A tab inside a line is a space, as Markdown has it (one character:
        // the columns stay the file's).
        let owned = line.replace('\t', " ");
        let line = owned.as_str();
        if !inside && let Some(rest) = line.strip_prefix('>') {
            r.flush()?;
            let skip = 1 + usize::from(rest.starts_with(' '));
            // The box's text, from the file's own line (tabs and all).
            let start = src.text.len() - src.text.trim_start().len() + skip;
            let rest = &src.text[start..];
            if rest.trim_start().starts_with('>') {
                let at = column + skip + rest.chars().take_while(|c| c.is_whitespace()).count();
                return Err(src.refuse(at, "a box inside a box (`> >`)", "a box is one level of `> ` lines"));
            }
            r.aside.push(Source {
                line: src.line,
                column: column + skip,
                text: rest,
            });
            continue;
        }
        if !r.aside.is_empty() && !line.is_empty() {
            return Err(src.refuse(
                column,
                "a line right after a box continues the box in Markdown",
                "start it with `> ` to keep it in the box, or leave a blank line after the box",
            ));
        }
        r.flush_aside()?;
        if line.is_empty() {
            r.flush()?;
            continue;
        }
        let open = !r.para.is_empty() || r.item.is_some();
        if !open && src.indent() >= 4 {
            return Err(src.refuse(
                column,
                "an indented line is a code block in Markdown, which the sheets do not have",
                "start the line at the margin",
            ));
        }
        let block = block(&src, column, line)?;
        if inside && matches!(block, Some(Block::Title(_) | Block::Heading(_) | Block::Diagram { .. })) {
            return Err(Refusal::at(
                src.line,
                "a box (`> ` lines) holds only paragraphs and list items; start it with a **bold** line",
            ));
        }
        match block {
            Some(Block::Item(number, _)) => {
                if src.indent() >= 2 {
                    return Err(src.refuse(
                        column,
                        "a list inside a list (an indented item) is not part of the subset",
                        "write the points as items of one list, each starting at the margin, or as a sentence",
                    ));
                }
                r.flush()?;
                let text = item_text(line).to_string();
                r.item = Some((number, vec![text], src.line));
            }
            Some(b) => {
                r.flush()?;
                r.out.push(Located {
                    line: src.line,
                    block: b,
                });
            }
            None => match &mut r.item {
                Some((_, text, _)) => text.push(line.to_string()),
                None => {
                    if r.para.is_empty() {
                        r.para_line = src.line;
                    }
                    r.para.push(line.to_string());
                }
            },
        }
    }
    r.flush_aside()?;
    r.flush()?;
    Ok(r.out)
}

/// The text of a list item's line, after its `- ` or `1. `.
fn item_text(line: &str) -> &str {
    match line.strip_prefix("- ") {
        Some(t) => t.trim(),
        None => line.split_once(". ").map_or(line, |(_, t)| t.trim()),
    }
}

/// The block a (trimmed, non-empty) line starts, or `None` for a line that
/// continues a paragraph (or the list item above it); marks outside the
/// subset anywhere in it are refused at their column.
fn block(src: &Source<'_>, column: usize, line: &str) -> Result<Option<Block>, Refusal> {
    let n = src.line;
    if let Some(hint) = not_a_block(line) {
        return Err(src.refuse(column, format!("\"{line}\" is not part of the subset"), hint));
    }
    Ok(if let Some(t) = line.strip_prefix("## ") {
        inline(src, column + 3, t)?;
        Some(Block::Heading(heading(src, column + 3, t)?))
    } else if let Some(t) = line.strip_prefix("# ") {
        inline(src, column + 2, t)?;
        Some(Block::Title(heading(src, column + 2, t)?))
    } else if line.starts_with('#') {
        return Err(src.refuse(
            column,
            "only `# title` and `## heading` are headings here",
            "write `# ` for the title and `## ` for a heading, with a space after the marks",
        ));
    } else if let Some(t) = line.strip_prefix("- ") {
        inline(src, column + 2, t)?;
        Some(Block::Item(None, Vec::new()))
    } else if let Some(inner) = line.strip_prefix("{{diagram:").and_then(|t| t.strip_suffix("}}")) {
        let (name, caption) = inner.split_once('|').unwrap_or((inner, ""));
        inline(src, column + 10 + name.chars().count() + 1, caption)?;
        Some(Block::Diagram {
            name: name.trim().to_string(),
            caption: spans(caption.trim()).map_err(|e| Refusal::at(n, e))?,
        })
    } else if let Some((num, t)) = line
        .split_once(". ")
        .filter(|(num, _)| !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()))
    {
        inline(src, column + num.chars().count() + 2, t)?;
        Some(Block::Item(num.parse().ok(), Vec::new()))
    } else if line.starts_with("{{")
        || line.starts_with('<')
        || line.starts_with('|')
        || line.starts_with("```")
        || line.starts_with('!')
    {
        return Err(Refusal::at(
            n,
            format!("\"{line}\" is not part of the Markdown a rule sheet uses"),
        ));
    } else {
        inline(src, column, line)?;
        None
    })
}

/// Why a whole line is not Markdown of the subset, as a hint: a rule or an
/// underline, another list marker, an empty item.
fn not_a_block(line: &str) -> Option<&'static str> {
    let marks: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let first = marks.chars().next()?;
    if matches!(first, '-' | '*' | '_' | '=') && marks.chars().all(|c| c == first) {
        return Some(
            "a line of - * _ or = is a rule or an underline in Markdown, which the sheets do not draw: leave a blank line, or start a `## ` section",
        );
    }
    if line.starts_with("* ") || line.starts_with("+ ") {
        return Some("write a list item with `- `");
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        let rest = &line[digits..];
        if rest.starts_with(") ") || rest == ")" {
            return Some("write a numbered item as `1. `");
        }
        if rest == "." {
            return Some("a numbered item needs its text after `1. `");
        }
    }
    None
}

/// A heading's text: Markdown's closing `#`s dropped, and no emphasis (a
/// heading is bold already).
fn heading(src: &Source<'_>, column: usize, t: &str) -> Result<String, Refusal> {
    let t = t.trim();
    let t = match t.trim_end_matches('#') {
        rest if rest.len() < t.len() && (rest.is_empty() || rest.ends_with(' ')) => rest.trim_end(),
        _ => t,
    };
    let spans = spans(t).map_err(|e| Refusal::at(src.line, e))?;
    if spans.iter().any(|s| s.bold || s.italic) {
        let at = t.find('*').map_or(0, |i| t[..i].chars().count());
        return Err(src.refuse(
            column + at,
            "emphasis in a heading",
            "a heading is set in bold already: write it without * or **",
        ));
    }
    Ok(plain(&spans))
}

/// Marks inside a line that are Markdown outside the subset: each is
/// refused at its column with what to write instead. A mark after a
/// backslash is the mark itself.
fn inline(src: &Source<'_>, column: usize, text: &str) -> Result<(), Refusal> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let prev = i.checked_sub(1).map(|k| chars[k]);
        if c == '\\' {
            if next.is_none() {
                return Err(src.refuse(
                    column + i,
                    "a backslash at the end of a line (a line break in Markdown)",
                    "the sheets break lines themselves: delete it, or start a new paragraph after a blank line",
                ));
            }
            i += 2;
            continue;
        }
        let problem: Option<(&str, &str)> = match c {
            '`' => Some((
                "a code span (`...`)",
                "write the words without backticks, or in *italic*",
            )),
            '<' if next.is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')) => {
                Some(("HTML or a <link>", "write the words, or the address, without < >"))
            }
            '!' if next == Some('[') => Some(("an image", "figures are `{{diagram: name | caption}}` lines")),
            '[' if next == Some('^') => Some(("a footnote", "write the note as a sentence")),
            ']' if matches!(next, Some('(' | '[')) || (next == Some(':') && chars[0] == '[') => {
                Some(("a link", "write the address itself in the text, or only the words"))
            }
            '&' if entity(&chars[i..]) => Some(("an HTML entity", "write the character itself (é, –, «, ×...)")),
            '~' if next == Some('~') => Some(("struck-through text (~~)", "delete the words instead")),
            '_' if next.is_some_and(|n| !n.is_whitespace())
                && prev.is_none_or(|p| p.is_whitespace() || p.is_ascii_punctuation()) =>
            {
                Some((
                    "emphasis with _",
                    "write *italic* or **bold** with stars (an _ inside a word, as in a file name, is fine)",
                ))
            }
            '{' if next == Some('{') => Some((
                "a {{...}} inside a line",
                "a diagram is a line of its own: {{diagram: name | caption}}",
            )),
            _ => None,
        };
        if let Some((what, hint)) = problem {
            // A link is blamed where its text opens.
            let at = match c {
                ']' => chars[..i].iter().rposition(|&c| c == '[').unwrap_or(i),
                _ => i,
            };
            let rest: String = chars[at..chars.len().min(at + 16)].iter().collect();
            return Err(src.refuse(
                column + at,
                format!("{what} at \"{rest}\" is not part of the subset"),
                hint,
            ));
        }
        i += 1;
    }
    Ok(())
}

/// Whether `chars` start an HTML entity (`&amp;`, `&#233;`, `&#xE9;`),
/// which Markdown reads as the character it names.
fn entity(chars: &[char]) -> bool {
    let body: String = chars[1..].iter().take(33).take_while(|&&c| c != ';').collect();
    if chars.get(1 + body.chars().count()) != Some(&';') || body.is_empty() {
        return false;
    }
    match body.strip_prefix('#') {
        Some(num) => match num.strip_prefix(['x', 'X']) {
            Some(hex) => !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()),
            None => !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()),
        },
        None => {
            body.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && body.chars().all(|c| c.is_ascii_alphanumeric())
        }
    }
}

/// The plain text of spans, styles dropped.
pub fn plain(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect()
}
