//! The Markdown subset rule sheets are written in: `# title`, `## headings`,
//! paragraphs, `- ` and `1. ` lists, `**bold**` and `*italic*`,
//! `{{diagram: NAME | CAPTION}}` lines that place a diagram drawn from the
//! game's own layout with its one-sentence caption under it, and `> ` lines
//! that make a boxed aside (a quick reference or a worked example) of
//! paragraphs and list items. Anything else is an error with its line, not
//! silently dropped.

use crate::code::Code;

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

/// Splits inline text into spans at `**` and `*`.
pub fn spans(text: &str) -> Result<Vec<Span>, String> {
    let mut out: Vec<Span> = Vec::new();
    let (mut bold, mut italic) = (false, false);
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let flush = |current: &mut String, out: &mut Vec<Span>, bold: bool, italic: bool| {
        if !current.is_empty() {
            out.push(Span {
                text: std::mem::take(current),
                bold,
                italic,
            });
        }
    };
    while let Some(c) = chars.next() {
        if c == '*' {
            flush(&mut current, &mut out, bold, italic);
            if chars.peek() == Some(&'*') {
                chars.next();
                bold = !bold;
            } else {
                italic = !italic;
            }
        } else {
            current.push(c);
        }
    }
    flush(&mut current, &mut out, bold, italic);
    if bold || italic {
        return Err("an emphasis (* or **) is opened and never closed".into());
    }
    Ok(out)
}

/// Parses a sheet. A byte-order mark before the first line is not text; a
/// tab is white space, as Markdown has it (four columns of indentation at
/// the start of a line); any other control character or invisible mark is
/// refused at its line and column.
pub fn parse(text: &str) -> Result<Vec<Located>, Refusal> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if let Some((column, c)) = raw
            .chars()
            .enumerate()
            .find(|&(_, c)| c != '\t' && crate::chars::unprintable(c))
        {
            return Err(Refusal {
                code: Code::TextControl,
                line: n,
                column: Some(column + 1),
                message: format!("the line holds {}", crate::chars::describe(c)),
                hint: Some(crate::chars::advice(c).to_string()),
            });
        }
        let indent: String = raw
            .chars()
            .take_while(|c| c.is_whitespace())
            .map(|c| if c == '\t' { "    " } else { " " })
            .collect();
        let rest = raw.trim_start().replace('\t', " ");
        lines.push((n, indent + &rest));
    }
    let lines: Vec<(usize, &str)> = lines.iter().map(|(n, l)| (*n, l.as_str())).collect();
    parse_lines(&lines, false)
}

/// Parses numbered lines; `inside` is true for the lines of an aside, which
/// hold only paragraphs and list items.
fn parse_lines(lines: &[(usize, &str)], inside: bool) -> Result<Vec<Located>, Refusal> {
    let mut out = Vec::new();
    let mut para: Vec<String> = Vec::new();
    let mut para_line = 0;
    // The lines of an aside being read (`> ` taken off), with their numbers.
    let mut aside: Vec<(usize, &str)> = Vec::new();
    let flush = |para: &mut Vec<String>, line: usize, out: &mut Vec<Located>| -> Result<(), Refusal> {
        if para.is_empty() {
            return Ok(());
        }
        let joined = para.join(" ");
        para.clear();
        out.push(Located {
            line,
            block: Block::Paragraph(spans(&joined).map_err(|e| Refusal::at(line, e))?),
        });
        Ok(())
    };
    let flush_aside = |aside: &mut Vec<(usize, &str)>, out: &mut Vec<Located>| -> Result<(), Refusal> {
        if let Some(&(first, _)) = aside.first() {
            let blocks = parse_lines(aside, true)?;
            aside.clear();
            out.push(Located {
                line: first,
                block: Block::Aside(blocks),
            });
        }
        Ok(())
    };
    for &(n, raw) in lines {
        let line = raw.trim();
        if !inside && let Some(rest) = line.strip_prefix('>') {
            flush(&mut para, para_line, &mut out)?;
            aside.push((n, rest.strip_prefix(' ').unwrap_or(rest)));
            continue;
        }
        flush_aside(&mut aside, &mut out)?;
        if line.is_empty() {
            flush(&mut para, para_line, &mut out)?;
            continue;
        }
        let block = block(n, line)?;
        if inside && matches!(block, Some(Block::Title(_) | Block::Heading(_) | Block::Diagram { .. })) {
            return Err(Refusal::at(
                n,
                "a box (`> ` lines) holds only paragraphs and list items; start it with a **bold** line",
            ));
        }
        match block {
            Some(b) => {
                flush(&mut para, para_line, &mut out)?;
                out.push(Located { line: n, block: b });
            }
            None => {
                if para.is_empty() {
                    para_line = n;
                }
                para.push(line.to_string());
            }
        }
    }
    flush_aside(&mut aside, &mut out)?;
    flush(&mut para, para_line, &mut out)?;
    Ok(out)
}

/// The block a (trimmed, non-empty) line starts, or `None` for a line that
/// continues a paragraph.
fn block(n: usize, line: &str) -> Result<Option<Block>, Refusal> {
    Ok(if let Some(t) = line.strip_prefix("## ") {
        Some(Block::Heading(t.trim().to_string()))
    } else if let Some(t) = line.strip_prefix("# ") {
        Some(Block::Title(t.trim().to_string()))
    } else if line.starts_with('#') {
        return Err(Refusal::at(n, "only `# title` and `## heading` are headings here"));
    } else if let Some(t) = line.strip_prefix("- ") {
        Some(Block::Item(None, spans(t.trim()).map_err(|e| Refusal::at(n, e))?))
    } else if let Some(inner) = line.strip_prefix("{{diagram:").and_then(|t| t.strip_suffix("}}")) {
        let (name, caption) = inner.split_once('|').unwrap_or((inner, ""));
        Some(Block::Diagram {
            name: name.trim().to_string(),
            caption: spans(caption.trim()).map_err(|e| Refusal::at(n, e))?,
        })
    } else if let Some((num, t)) = line
        .split_once(". ")
        .filter(|(num, _)| !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()))
    {
        Some(Block::Item(
            num.parse().ok(),
            spans(t.trim()).map_err(|e| Refusal::at(n, e))?,
        ))
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
        None
    })
}

/// The plain text of spans, styles dropped.
pub fn plain(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_emphasis() {
        let doc = parse(
            "# Reglas\n\n## Saque\nEl balón\nsale del **centro** y *rueda*.\n\n- uno\n2. dos\n\n{{diagram: kickoff}}\n",
        )
        .unwrap();
        let blocks: Vec<&Block> = doc.iter().map(|l| &l.block).collect();
        assert_eq!(blocks[0], &Block::Title("Reglas".into()));
        assert_eq!(blocks[1], &Block::Heading("Saque".into()));
        let Block::Paragraph(spans) = blocks[2] else { panic!() };
        assert_eq!(spans.len(), 5);
        assert!(spans[1].bold && spans[1].text == "centro");
        assert!(spans[3].italic && spans[3].text == "rueda");
        assert_eq!(doc[2].line, 4);
        assert_eq!(
            blocks[3],
            &Block::Item(
                None,
                vec![Span {
                    text: "uno".into(),
                    bold: false,
                    italic: false
                }]
            )
        );
        assert!(matches!(blocks[4], Block::Item(Some(2), _)));
        assert_eq!(
            blocks[5],
            &Block::Diagram {
                name: "kickoff".into(),
                caption: Vec::new()
            }
        );
    }

    #[test]
    fn a_diagram_carries_its_caption_and_an_aside_its_blocks() {
        let doc = parse(
            "# A\n\n{{diagram: shot | A *penalty* with a 3.}}\n\n> **Quick reference**\n> - one\n>\n> Two.\nAfter.\n",
        )
        .unwrap();
        let Block::Diagram { name, caption } = &doc[1].block else {
            panic!()
        };
        assert_eq!(
            (name.as_str(), plain(caption).as_str()),
            ("shot", "A penalty with a 3.")
        );
        assert!(caption[1].italic);
        let Block::Aside(inner) = &doc[2].block else {
            panic!("{:?}", doc[2])
        };
        assert_eq!(doc[2].line, 5);
        let kinds: Vec<(usize, bool)> = inner
            .iter()
            .map(|l| (l.line, matches!(l.block, Block::Item(..))))
            .collect();
        assert_eq!(kinds, [(5, false), (6, true), (8, false)]);
        assert!(
            matches!(doc[3].block, Block::Paragraph(_)),
            "a line without `>` ends the box"
        );
        assert_eq!(parse("> ## Not here\n").unwrap_err().line, 1);
    }

    #[test]
    fn unknown_markup_is_an_error_with_its_line() {
        assert_eq!(parse("# A\n\n### deep\n").unwrap_err().line, 3);
        assert_eq!(parse("texto **abierto\n").unwrap_err().line, 1);
        assert_eq!(parse("| a | b |\n").unwrap_err().line, 1);
    }

    #[test]
    fn a_control_character_is_refused_at_its_line_and_column_and_a_tab_is_a_space() {
        for (c, column) in [('\u{b}', 6), ('\u{1}', 6), ('\0', 6), ('\u{202e}', 6), ('\r', 6)] {
            let e = parse(&format!("# A\n\nUno d{c}os\n")).unwrap_err();
            assert_eq!(
                (e.code, e.line, e.column),
                (Code::TextControl, 3, Some(column)),
                "{c:?}"
            );
            assert!(e.message.contains(&format!("U+{:04X}", c as u32)), "{}", e.message);
        }
        let doc = parse("\u{feff}# A\n\nUno\tdos\n").unwrap();
        assert_eq!(doc[0].block, Block::Title("A".into()), "a byte-order mark is not text");
        let Block::Paragraph(spans) = &doc[1].block else {
            panic!()
        };
        assert_eq!(plain(spans), "Uno dos");
    }
}
