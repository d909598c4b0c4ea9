//! Generic cards (`cards = "generic"` in the card template): a deck of any
//! sheet (events, tactics, weather: `Título`, `Texto`, `Coste`) whose cards
//! are only the template's `[[field]]` and `[[image]]` boxes, each filled
//! from the column it names. Nothing of a player is read: no position,
//! stats or price, no league to deal. Each bad cell is a finding at its
//! line and column, as for a player deck.

use std::path::Path;

use crate::components::card_template::extras;
use crate::components::card_template::style;
use crate::components::card_template::{FieldKind, Template};
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::chars::excerpt;
use crate::layout::resolve::Resolver;
use crate::limits::MAX_CARDS;
use crate::spreadsheet::{self, Dialect, Sheet};

/// A generic card as read: its sheet line, its cells and their fitted
/// sizes, its images and its copies.
pub struct Card {
    /// The sheet's line it came from.
    pub line: usize,
    /// Its first cell that is not empty: a name for its file and findings.
    pub name: String,
    /// The cells of the template's columns: its fields', then its images'.
    pub extra: Vec<(String, String)>,
    /// Which of its cells are numbers, to be written the language's way.
    pub numbers: Vec<bool>,
    /// Each field's fitted size.
    pub field_sizes: Vec<f64>,
    /// Each image box's picture, or `None` to leave it empty.
    pub images: Vec<Option<extras::Placed>>,
    /// Copies of the card.
    pub quantity: u32,
    /// Its frame, back and boxes as the template's `[[style]]` rules make
    /// them of its cells.
    pub look: style::Look,
}

/// The cards of a generic deck, and the warnings found reading them.
pub struct Read {
    /// The cards, in the sheet's order.
    pub cards: Vec<Card>,
    /// Warnings (an unknown icon, an image that cannot be used).
    pub warnings: Vec<Finding>,
}

/// Reads the sheet at `csv_path` into generic cards: one a row (times its
/// `quantity` column, when the deck names one), each template field's cell
/// checked (a number where the field is a number, glyphs the face has,
/// icons the template knows) and fitted to its box, each image loaded from
/// `photo_dir`.
pub fn read_cards(
    r: &mut Resolver<'_>,
    (csv_path, dialect): (&Path, &Dialect),
    photo_dir: Option<&Path>,
    quantity: Option<&str>,
    t: &Template,
) -> Result<Read, Vec<Finding>> {
    let world = r.cx.world;
    let lang = r.cx.overrides.lang().to_string();
    let mut findings = Vec::new();
    let mut sheet = spreadsheet::read(world, csv_path, dialect)?;
    findings.append(&mut sheet.notes);
    let cols = extras::columns(&sheet.headers, t, &lang, &mut findings);
    let quantity_col = quantity.and_then(|name| quantity_column(&sheet, name, &mut findings));
    let styled = style::columns(&t.styles, &sheet, &mut findings);
    let (Some(cols), Some(styled)) = (cols, styled) else {
        return Err(findings);
    };
    if t.fields.is_empty() && t.images.is_empty() {
        findings.push(
            Finding::error(
                Code::LayoutValue,
                "the generic card template has no [[field]] or [[image]]: its cards would be blank",
                t.font_at.clone(),
            )
            .with_hint("add a [[field]] with the column of each text and a box where it goes"),
        );
        return Err(findings);
    }
    let mut cards = Vec::new();
    let mut copies = 0;
    for record in &sheet.rows {
        let record = match record {
            Ok(row) => row,
            Err(bad) => {
                findings.push(bad.clone());
                continue;
            }
        };
        let line = record.line;
        let extra = extras::cells(record, &sheet.headers, &cols);
        let copies_of = match quantity_col {
            Some(col) => copies_in(&record.get(col), &sheet, (line, col), &mut findings),
            None => 1,
        };
        copies += copies_of;
        if copies > MAX_CARDS {
            findings.push(
                Finding::error(
                    Code::CardData,
                    format!("the deck holds more than {MAX_CARDS} cards (copies included), the most a deck prints"),
                    sheet.row_at(line),
                )
                .with_hint("keep the cards a game uses, or split the sheet into two decks"),
            );
            break;
        }
        let mut card = card(line, extra, copies_of);
        card.look = style::look(&t.styles, &styled, &|col| record.get(col));
        cards.push(card);
    }
    findings.extend(style::unmatched(&t.styles, &styled, &sheet));
    if cards.is_empty() && !findings.iter().any(Finding::is_error) {
        findings.push(
            Finding::error(Code::CardData, "the spreadsheet has no cards", Location::file(csv_path))
                .with_hint("add one row per card under the header"),
        );
    }
    for card in &mut cards {
        cells_fit(card, t, (&sheet, &cols), &mut findings);
    }
    if findings.iter().any(Finding::is_error) {
        return Err(findings);
    }
    let cells: Vec<_> = cards.iter().map(|c| c.extra.clone()).collect();
    let at = |k: usize, col: usize| sheet.at(cards[k].line, col);
    let (images, more) = extras::images(world, &cells, t, photo_dir, &cols, &at);
    findings.extend(more);
    for (card, placed) in cards.iter_mut().zip(images) {
        card.images = placed;
    }
    Ok(Read {
        cards,
        warnings: findings,
    })
}

/// A generic card of the sheet's `line`: its cells, and a name for its file
/// and findings (the first text cell that is not empty).
fn card(line: usize, extra: Vec<(String, String)>, quantity: u32) -> Card {
    let name = extra
        .iter()
        .map(|(_, cell)| cell.trim())
        .find(|cell| !cell.is_empty())
        .unwrap_or_default()
        .to_string();
    Card {
        line,
        name,
        numbers: vec![false; extra.len()],
        extra,
        field_sizes: Vec::new(),
        images: Vec::new(),
        quantity,
        look: style::Look::default(),
    }
}

/// A generic card's number cell, in digits with a point: a number written
/// with the sheet's decimal `mark` and nothing else. A cell with words
/// ("Evento 1", "3 goles") is no number: its letters are never stripped
/// to leave the digits, so a column of titles is never printed as "1",
/// "2"... The scaffold asks the same of every cell of a column before it
/// lays it out as a number.
pub fn number(cell: &str, mark: spreadsheet::Mark) -> Option<String> {
    spreadsheet::number(cell.trim(), mark)
}

/// The quantity column named `name` in the sheet; a warning when it has none
/// (every card is then printed once).
fn quantity_column(sheet: &Sheet, name: &str, findings: &mut Vec<Finding>) -> Option<usize> {
    let found = sheet.headers.iter().position(|h| h == name);
    if found.is_none() {
        let near = match crate::diag::nearest(name, &sheet.headers) {
            Some(h) => format!("the header has \"{h}\": is that the column?"),
            None => format!("the header has: {}", sheet.headers.join(", ")),
        };
        findings.push(
            Finding::warning(
                Code::CardColumn,
                format!("the spreadsheet has no column \"{name}\" (for the copies of each card): each is printed once"),
                sheet.header_at(name),
            )
            .with_hint(format!(
                "{near}; remove [columns] quantity if the sheet has no such column"
            )),
        );
    }
    found
}

/// The copies a quantity cell asks for: 1 when empty; a finding when it is
/// not a whole number from 1 to 100.
fn copies_in(cell: &str, sheet: &Sheet, (line, col): (usize, usize), findings: &mut Vec<Finding>) -> u32 {
    spreadsheet::copies(cell.trim()).unwrap_or_else(|(msg, hint)| {
        findings.push(Finding::error(Code::CardStat, msg, sheet.at(line, col)).with_hint(hint));
        1
    })
}

/// Checks a card's cells against their fields and fits them: a number
/// field's cell is a number (marked among the card's `numbers`), every
/// text's characters are ones its face draws, a `:name:` the template does
/// not know is a warning (it prints as written), and each
/// text fits its box at a size it may shrink to.
fn cells_fit(card: &mut Card, t: &Template, (sheet, cols): (&Sheet, &[usize]), findings: &mut Vec<Finding>) {
    let line = card.line;
    let cells = t
        .fields
        .iter()
        .zip(card.extra.iter_mut())
        .zip(card.numbers.iter_mut())
        .zip(cols);
    for (((f, (_, cell)), number), &col) in cells {
        if f.kind == FieldKind::Number && !cell.trim().is_empty() {
            match self::number(cell, sheet.marks[col]) {
                Some(n) => {
                    *cell = n;
                    *number = true;
                }
                None => findings.push(
                    Finding::error(
                        Code::CardStat,
                        format!("\"{}\" is not a number", excerpt(cell)),
                        sheet.at(line, col),
                    )
                    .with_hint(format!(
                        "the card template's field for \"{}\" is a number: write the number alone (a whole or decimal one), or make the field kind = \"line\" to print the cell as written",
                        sheet.headers[col]
                    )),
                ),
            }
        }
        if f.kind != FieldKind::Text && cell.contains('\n') {
            findings.push(
                Finding::error(
                    Code::TextControl,
                    "the cell holds a line break, and its field is one line".to_string(),
                    sheet.at(line, col),
                )
                .with_hint("write it on one line, or make the field kind = \"text\" in the card template (it wraps)"),
            );
        }
        if let Some((name, near)) = t.icons.unknown(cell) {
            let hint = match near {
                Some(n) => format!("did you mean :{n}:? The icons are :{}:", t.icons.names().join(":, :")),
                None => format!(
                    "the icons are :{}:; add your own under [icons] in the card template",
                    t.icons.names().join(":, :")
                ),
            };
            findings.push(
                Finding::warning(
                    Code::CardText,
                    format!("\":{name}:\" is no icon: it prints as written"),
                    sheet.at(line, col),
                )
                .with_hint(hint),
            );
        }
    }
    let at = |col| sheet.at(line, col);
    let texts: Vec<_> = t
        .fields
        .iter()
        .zip(&card.extra)
        .zip(cols)
        .map(|((f, (_, v)), &col)| (v.as_str(), f.face(t), col))
        .collect();
    // Line breaks are a text field's own: the glyph check sees spaces.
    let flat: Vec<String> = texts.iter().map(|(v, _, _)| v.replace(['\r', '\n'], " ")).collect();
    let texts: Vec<_> = texts
        .iter()
        .zip(&flat)
        .map(|((_, face, col), v)| (v.as_str(), *face, *col))
        .collect();
    findings.extend(extras::glyphs(&texts, &at));
    match extras::fit(&card.extra, t, cols, &at) {
        Ok(sizes) => card.field_sizes = sizes,
        Err(f) => findings.extend(f),
    }
}
