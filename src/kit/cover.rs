//! The kit's cover: the game's own cover sheet (`cover.toml`, a rule sheet),
//! told where everything is in the kit. Two things are added to its text
//! before it is typeset, both from the assembled kit's page ranges:
//!
//! - a section before its first heading, the print runs: for each paper and
//!   setting, the pages to print on it ("Card, two-sided, flipped on the
//!   long edge: pages 5–6, 13–52"), as a print dialog takes them;
//! - in its list of files, each file's pages in the kit, in front of the
//!   file's name ("**Pages 13–52** (deck-en.pdf): 160 player cards…"), so
//!   the counts, paper and cutting the cover gives for a file are found on
//!   the kit's pages. A layout printed on a shared sheet gets that sheet's
//!   pages.
//!
//! The rest of the text is the cover's own, so the kit says nothing the
//! separate files do not, and the same checker sets and checks it.

use std::ops::Range;

use crate::components::rule_sheet::layout::RuleSheet;
use crate::markdown::{Block, Located, Span};
use crate::print::Flip;

use super::assemble::Part;
use super::order::Stock;
use super::words::Words;

/// The pages printed in one go: one paper, one setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// What they are printed on.
    pub stock: Stock,
    /// How the sheets turn, when two-sided.
    pub duplex: Option<Flip>,
    /// The pages, 0-based, in order: neighbouring parts joined.
    pub ranges: Vec<Range<usize>>,
}

/// The print runs of a kit's parts, in the order each first appears.
/// Blank pages are in none.
pub fn runs(parts: &[Part]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for part in parts.iter().filter(|p| !p.pages.is_empty()) {
        match out
            .iter_mut()
            .find(|r| r.stock == part.stock && r.duplex == part.duplex)
        {
            Some(run) => match run.ranges.last_mut() {
                Some(last) if last.end == part.pages.start => last.end = part.pages.end,
                _ => run.ranges.push(part.pages.clone()),
            },
            None => out.push(Run {
                stock: part.stock,
                duplex: part.duplex,
                ranges: vec![part.pages.clone()],
            }),
        }
    }
    out
}

fn plain(text: impl Into<String>) -> Span {
    Span {
        text: text.into(),
        bold: false,
        italic: false,
    }
}

fn bold(text: impl Into<String>) -> Span {
    Span {
        text: text.into(),
        bold: true,
        italic: false,
    }
}

/// How many sheets `pages` take: a sheet a page, or a sheet for each front
/// and back.
fn sheets(pages: &Range<usize>, duplex: Option<Flip>) -> usize {
    if duplex.is_some() {
        pages.len().div_ceil(2)
    } else {
        pages.len()
    }
}

/// The cover `sheet` of a kit of `total` pages whose parts are `parts`
/// (their pages set), in `words`' language. `other_paper` says the kit is on
/// another paper than the one the cover's text was written for, whose
/// counts of sheets it then does not repeat as the kit's.
pub fn cover(sheet: &RuleSheet, parts: &[Part], total: usize, words: &Words, other_paper: bool) -> RuleSheet {
    let mut sheet = sheet.clone();
    let at = sheet
        .blocks
        .iter()
        .position(|b| matches!(b.block, Block::Heading(_)))
        .unwrap_or(sheet.blocks.len());
    // Findings about the added text point at the heading it goes before.
    let line = sheet.blocks.get(at).or(sheet.blocks.last()).map_or(1, |b| b.line);
    let intro = words
        .intro
        .replace("{pages}", &total.to_string())
        .replace("{paper}", &words.paper);
    let mut added = vec![
        Block::Heading(words.heading.clone()),
        Block::Paragraph(vec![plain(intro)]),
    ];
    for run in runs(parts) {
        let count: usize = run.ranges.iter().map(|r| sheets(r, run.duplex)).sum();
        added.push(Block::Item(
            None,
            vec![
                bold(words.setting(run.stock, run.duplex)),
                plain(format!(
                    ": {} ({}).",
                    words.pages_of(&run.ranges, false),
                    words.sheets_of(count)
                )),
            ],
        ));
    }
    let mut after = words.dialog.clone();
    if other_paper {
        after.push(' ');
        after.push_str(&words.other_paper.replace("{paper}", &words.paper));
    }
    added.push(Block::Paragraph(vec![plain(after)]));
    sheet
        .blocks
        .splice(at..at, added.into_iter().map(|block| Located { line, block }));
    // A file the cover lists that the kit does not hold (its layout was
    // removed from the game's folder) is left out of the list, which then
    // reads in page order again; the kit warns about it ([`absent`]).
    let gone = absent(&sheet, parts);
    sheet.blocks.retain(|b| {
        !gone
            .iter()
            .any(|(name, line)| *line == b.line && lead_file(&b.block) == Some(name))
    });
    // A file the kit holds that the cover does not list (a layout added to
    // the game's folder after the cover was written) is listed all the
    // same, by its name and what it is printed on, at the end of the list
    // of files; the kit warns about it ([`unlisted`]).
    if let Some(end) = end_of_file_list(&sheet) {
        let line = sheet.blocks[end - 1].line;
        let added: Vec<Located> = unlisted(&sheet, parts)
            .into_iter()
            .map(|part| Located {
                line,
                block: Block::Item(
                    None,
                    vec![
                        bold(part.file.clone()),
                        plain(format!(": {}.", words.setting(part.stock, part.duplex))),
                    ],
                ),
            })
            .collect();
        sheet.blocks.splice(end..end, added);
    }
    let mut placed: Vec<Option<(usize, bool)>> = Vec::with_capacity(sheet.blocks.len());
    for located in &mut sheet.blocks {
        placed.push(match &mut located.block {
            Block::Item(_, spans) => lead(spans, parts, words),
            _ => None,
        });
    }
    in_page_order(&mut sheet.blocks, &placed);
    sheet
}

/// The PDF file a list item leads with, in bold, when it leads with one.
fn lead_file(block: &Block) -> Option<&str> {
    let Block::Item(_, spans) = block else {
        return None;
    };
    let first = spans.first().filter(|s| s.bold && !s.italic)?;
    let name = first.text.trim();
    name.to_ascii_lowercase().ends_with(".pdf").then_some(name)
}

/// The files the cover `sheet` lists (a list item leading with a PDF's
/// name in bold) that none of the kit's `parts` is, nor prints on its
/// sheet, with the line of the cover's text that lists each: a component
/// whose layout is no longer in the game's folder.
pub fn absent(sheet: &RuleSheet, parts: &[Part]) -> Vec<(String, usize)> {
    sheet
        .blocks
        .iter()
        .filter_map(|b| lead_file(&b.block).map(|name| (name.to_string(), b.line)))
        .filter(|(name, _)| {
            !parts
                .iter()
                .any(|p| p.file == *name || p.prints.iter().any(|(_, f)| f == name))
        })
        .collect()
}

/// The kit's parts whose own file the cover `sheet` does not list (no
/// list item leads with its name), the cover itself aside: a layout added
/// to the game's folder that the cover's text has not caught up with.
pub fn unlisted<'p>(sheet: &RuleSheet, parts: &'p [Part]) -> Vec<&'p Part> {
    let listed: Vec<&str> = sheet.blocks.iter().filter_map(|b| lead_file(&b.block)).collect();
    parts
        .iter()
        .skip(1)
        .filter(|p| !p.pages.is_empty() && !listed.contains(&p.file.as_str()))
        .collect()
}

/// Where the cover's list of files ends: the index after the last item of
/// the first list whose items lead with a file's name.
fn end_of_file_list(sheet: &RuleSheet) -> Option<usize> {
    let first = sheet.blocks.iter().position(|b| lead_file(&b.block).is_some())?;
    let end = (first..sheet.blocks.len())
        .find(|&k| !matches!(sheet.blocks[k].block, Block::Item(..)))
        .unwrap_or(sheet.blocks.len());
    Some(end)
}

/// A list item that starts with a file's name in bold starts with the
/// file's pages instead, the name after them in brackets with the sheets it
/// takes. Returns where the item's pages start, and whether it is a layout
/// printed on another's sheet.
fn lead(spans: &mut Vec<Span>, parts: &[Part], words: &Words) -> Option<(usize, bool)> {
    let name = spans
        .first()
        .filter(|s| s.bold && !s.italic)
        .map(|s| s.text.trim().to_string())?;
    let (pages, named, within) = if let Some(part) = parts.iter().find(|p| p.file == name) {
        let count = sheets(&part.pages, part.duplex);
        let file = if part.pages.len() > 1 {
            format!("{name}, {}", words.sheets_of(count))
        } else {
            name.clone()
        };
        (part.pages.clone(), words.file.replace("{file}", &file), false)
    } else {
        let sheet = parts.iter().find(|p| p.prints.iter().any(|(_, f)| *f == name))?;
        (
            sheet.pages.clone(),
            words.within.replace("{file}", &name).replace("{sheet}", &sheet.file),
            true,
        )
    };
    spans[0].text = words.pages_of(std::slice::from_ref(&pages), true);
    spans.insert(1, plain(format!(" {named}")));
    Some((pages.start, within))
}

/// Each list whose items all lead with their pages is put in page order, a
/// shared sheet before the layouts printed on it: the list reads as the
/// kit's contents.
fn in_page_order(blocks: &mut [Located], placed: &[Option<(usize, bool)>]) {
    let mut i = 0;
    while i < blocks.len() {
        let end = (i..blocks.len())
            .find(|&k| !matches!(blocks[k].block, Block::Item(..)))
            .unwrap_or(blocks.len());
        if end > i && placed[i..end].iter().all(Option::is_some) {
            let mut run: Vec<(Option<(usize, bool)>, Located)> = placed[i..end]
                .iter()
                .copied()
                .zip(blocks[i..end].iter().cloned())
                .collect();
            run.sort_by_key(|(key, _)| *key);
            for (slot, (_, block)) in blocks[i..end].iter_mut().zip(run) {
                *slot = block;
            }
        }
        i = end.max(i + 1);
    }
}
