//! Reading a spreadsheet into rows of cells, each with the place a
//! spreadsheet user sees it at: the file, its line and column. A stage any
//! kind may use (today the card deck's players and generic cards); what the
//! cells mean (a name, a stat, a price) is the kind's to check
//! (`components::card_deck::layout`); this module only says what the sheet
//! holds and where.
//!
//! A CSV is read here; a workbook (`.xlsx`, `.ods`, `.xls`) through
//! [`workbook`]. Statistics sites' downloads are read as they come:
//! [`sites`] recognises an export by its header and says which of its
//! columns holds each figure, and [`join`] adds a second export's columns
//! to a sheet by player name.

pub mod join;
pub mod sites;
pub mod workbook;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::input::Unreadable;
use crate::input::world::{Input, World};
use crate::limits::{MAX_CARDS, MAX_LABEL_CHARS, MAX_WORD_CHARS};

/// A spreadsheet, read: its header and its rows (at most one past the
/// deck's cap of cards, so that a sheet too long is refused at its first row
/// too many without reading the rest).
pub struct Sheet {
    /// The file.
    pub path: PathBuf,
    /// The header row's cells, trimmed.
    pub headers: Vec<String>,
    /// The header's line (its row in a workbook).
    pub header_line: usize,
    /// Whether the cells are separated by `;`, which Excel writes where the
    /// comma is the decimal mark.
    pub semicolons: bool,
    /// The rows under the header, in order: cells, or why a row cannot be
    /// read. Rows with no text in any cell (the `;;;;` Excel leaves after
    /// the last player) are not rows.
    pub rows: Vec<Result<Row, Finding>>,
    /// The decimal mark of each column's numbers, as [`Dialect::decimal`]
    /// sets or the column's own cells show.
    pub marks: Vec<Mark>,
    /// Warnings about the file as a whole (an encoding that is not UTF-8).
    pub notes: Vec<Finding>,
    /// For a workbook, the sheet read and the column its header starts in
    /// (0 is A): findings name cells as the spreadsheet does (`C7`).
    pub workbook: Option<(String, usize)>,
    /// The sheets joined to this one by player name (`join = [...]`),
    /// whose columns follow its own: a finding at one of their cells is
    /// placed in the joined file, at the player's row there.
    pub joined: Vec<Joined>,
    /// For a CSV that is UTF-8 with `\n` line ends, the text as a finding
    /// quotes it, with the byte each line starts at: a finding's caret then
    /// stands under its cell, not under the character its cell number
    /// names (the fourth cell of a line is rarely its fourth character).
    cells: Option<CellText>,
}

/// A sheet joined to the deck's by player name: where its columns went,
/// and which of its rows each player's is.
pub struct Joined {
    /// The joined sheet, its rows taken out.
    pub sheet: Sheet,
    /// For each column added to the deck's sheet (from `first` on), its
    /// column in the joined one.
    pub columns: Vec<usize>,
    /// The first column it added to the deck's sheet.
    pub first: usize,
    /// The deck's line of each player found in it, to the joined line.
    pub lines: BTreeMap<usize, usize>,
}

/// A CSV's text and where its lines start, for a cell's bytes.
struct CellText {
    text: String,
    line_starts: Vec<usize>,
    delimiter: u8,
}

impl CellText {
    /// The text, when a finding would quote the same bytes (UTF-8, no
    /// carriage returns: the reader's lines are the file's).
    fn new(text: &str, utf8: bool, delimiter: u8) -> Option<CellText> {
        if !utf8 || text.contains('\r') {
            return None;
        }
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Some(CellText {
            text: text.to_string(),
            line_starts,
            delimiter,
        })
    }

    /// The 1-based column, in characters, of byte `at` on its line.
    fn char_column(&self, at: usize) -> Option<usize> {
        let before = self.text.get(..at)?;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Some(before[line_start..].chars().count() + 1)
    }

    /// The bytes of cell `col` (0-based) of the row that starts on `line`:
    /// cells are split at the delimiter outside quotes, a quoted cell may
    /// run over lines. At least one byte, so that the caret shows.
    fn span(&self, line: usize, col: usize) -> Option<std::ops::Range<usize>> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let bytes = self.text.as_bytes();
        let (mut at, mut cell, mut quoted, mut cell_start) = (start, 0, false, start);
        while at < bytes.len() {
            let b = bytes[at];
            if b == b'"' {
                quoted = !quoted;
            } else if !quoted && (b == self.delimiter || b == b'\n') {
                if cell == col {
                    break;
                }
                if b == b'\n' {
                    return None;
                }
                cell += 1;
                cell_start = at + 1;
            }
            at += 1;
        }
        if cell != col {
            return None;
        }
        let end = if at > cell_start {
            at
        } else {
            (cell_start + 1).min(bytes.len())
        };
        Some(cell_start..end)
    }
}

/// How the sheet is written where the deck layout says so; `None` is
/// "as the file shows".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dialect {
    /// The character between cells.
    pub delimiter: Option<u8>,
    /// The decimal mark of every number.
    pub decimal: Option<Mark>,
    /// A workbook's sheet to read, and where the layout names it; the first
    /// sheet when `None`.
    pub sheet: Option<(String, Location)>,
}

/// The mark between a number's whole part and its fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `22.8` (and `1,500.5` with thousands).
    Point,
    /// `22,8` (and `1.500,5` with thousands), as Excel writes in Spain.
    Comma,
    /// The column has both `22.8` and `22,8`: each cell's single mark is
    /// its fraction's.
    Either,
}

/// One row of cells under the header.
pub struct Row {
    /// The line of the file it starts on (1 is the header).
    pub line: usize,
    /// Its cells, trimmed, as many as the header has.
    pub cells: Vec<String>,
}

impl Row {
    /// The text of cell `col` (0-based), empty past the row's end.
    pub fn get(&self, col: usize) -> String {
        self.cells.get(col).cloned().unwrap_or_default()
    }
}

impl Sheet {
    /// The location of column `col` (0-based) on `line`, named by its header.
    pub fn at(&self, line: usize, col: usize) -> Location {
        self.maybe_at(line, Some(col), &self.headers[col])
    }

    /// The cells of column `col` that hold something, trimmed, row by
    /// row (rows that could not be read left out).
    pub fn filled(&self, col: usize) -> Vec<String> {
        self.rows
            .iter()
            .flatten()
            .map(|r| r.get(col).trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    }

    /// The location of a whole row: its line, named `row`.
    pub fn row_at(&self, line: usize) -> Location {
        self.maybe_at(line, None, "row")
    }

    /// The location of the header row, named by `name` (a column the deck
    /// looks for, or a label that goes with a column).
    pub fn header_at(&self, name: &str) -> Location {
        self.maybe_at(self.header_line, None, name)
    }

    /// The location of column `col` (0-based, when the sheet has it) on
    /// `line`, named `name` (the column the deck maps). In a workbook, the
    /// sheet and the cell (`sheet Players, cell C7`), or the row.
    pub fn maybe_at(&self, line: usize, col: Option<usize>, name: &str) -> Location {
        if let Some((j, c)) = col.and_then(|c| self.joined_column(c)) {
            return match j.lines.get(&line) {
                Some(&there) => j.sheet.maybe_at(there, Some(j.columns[c]), name),
                None => j.sheet.header_at(name),
            };
        }
        match &self.workbook {
            None => {
                let span = col.and_then(|c| self.cells.as_ref()?.span(line, c));
                // The column an editor counts: the cell's first character on
                // its line (a file:line:col jumps there), else the cell's
                // place in the row.
                let column = match (&span, &self.cells) {
                    (Some(span), Some(cells)) => cells.char_column(span.start),
                    _ => col.map(|c| c + 1),
                };
                Location {
                    span,
                    ..cell(&self.path, line, column, name)
                }
            }
            Some((sheet, first)) => Location {
                file: self.path.clone(),
                key: Some(name.to_string()),
                cell: Some(match col {
                    Some(c) => format!("sheet {sheet}, cell {}{line}", column_letters(first + c)),
                    None => format!("sheet {sheet}, row {line}"),
                }),
                ..Location::default()
            },
        }
    }
}

impl Sheet {
    /// The joined sheet that column `col` comes from, and the column's
    /// place among those it added.
    fn joined_column(&self, col: usize) -> Option<(&Joined, usize)> {
        self.joined
            .iter()
            .find(|j| (j.first..j.first + j.columns.len()).contains(&col))
            .map(|j| (j, col - j.first))
    }

    /// The joined file column `col` comes from, when the player of `line`
    /// has no row there: the cell is empty because the names differ.
    pub fn unjoined(&self, line: usize, col: usize) -> Option<&Path> {
        let (j, _) = self.joined_column(col)?;
        (!j.lines.contains_key(&line)).then_some(j.sheet.path.as_path())
    }

    /// An error for each of `wanted` (the columns the deck reads) that the
    /// header holds more than once: which of two `price` columns is the
    /// price is the user's to say, not the first one's. The finding stands
    /// at the second column and names the first.
    pub fn twice(&self, wanted: &[&str]) -> Vec<Finding> {
        let mut out = Vec::new();
        let mut said: Vec<&str> = Vec::new();
        for &name in wanted {
            let mut at = self
                .headers
                .iter()
                .enumerate()
                .filter(|(_, h)| *h == name)
                .map(|(i, _)| i);
            let (Some(first), Some(second)) = (at.next(), at.next()) else {
                continue;
            };
            if said.contains(&name) {
                continue;
            }
            said.push(name);
            out.push(
                Finding::error(
                    Code::CardColumn,
                    format!(
                        "the header has the column \"{name}\" twice: {} and {}",
                        self.column_name(first),
                        self.column_name(second)
                    ),
                    self.maybe_at(self.header_line, Some(second), name),
                )
                .with_hint(format!(
                    "rename or remove one of the two \"{name}\" columns, so that the deck reads the one you mean"
                )),
            );
        }
        out
    }

    /// How the user finds column `col` (0-based): `column 9` in a CSV,
    /// `column I` in a workbook.
    fn column_name(&self, col: usize) -> String {
        match &self.workbook {
            None => format!("column {}", col + 1),
            Some((_, first)) => format!("column {}", column_letters(first + col)),
        }
    }
}

/// A column's letters as a spreadsheet names it: 0 is A, 25 Z, 26 AA.
pub fn column_letters(col: usize) -> String {
    let mut out = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        out.push(b'A' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Where in the CSV a finding points.
fn cell(csv: &Path, line: usize, column: Option<usize>, name: &str) -> Location {
    Location {
        file: csv.to_path_buf(),
        line: Some(line),
        column,
        key: Some(name.to_string()),
        ..Location::default()
    }
}

/// Reads the spreadsheet at `path` through `world`: its header and its
/// rows, or the findings that say why it cannot be read at all.
pub fn read(world: &dyn World, path: &Path, dialect: &Dialect) -> Result<Sheet, Vec<Finding>> {
    read_capped(world, path, dialect, MAX_CARDS as usize)
}

/// [`read`] for a sheet joined to the deck's by player name
/// (`super::join`): every row is read, not a deck's worth (a
/// Transfermarkt export lists every league's players), within the size
/// limit of a spreadsheet's file.
pub fn read_all(world: &dyn World, path: &Path, dialect: &Dialect) -> Result<Sheet, Vec<Finding>> {
    read_capped(world, path, dialect, usize::MAX - 1)
}

/// [`read`] with at most `cap` + 1 rows kept.
fn read_capped(world: &dyn World, path: &Path, dialect: &Dialect, cap: usize) -> Result<Sheet, Vec<Finding>> {
    const HINT: &str = "`data` is relative to the deck layout; export the sheet as CSV UTF-8 with a header row";
    let bytes = world
        .read_bytes(path, Input::Data)
        .map_err(|e| vec![Unreadable::from_io(&e).finding(Code::CardData, path, "the spreadsheet", HINT)])?;
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"\xD0\xCF\x11\xE0") {
        let cells = workbook::read(bytes, path, dialect.sheet.as_ref())?;
        let mut sheet = Sheet {
            path: path.to_path_buf(),
            header_line: cells.header.0,
            headers: cells.header.1,
            rows: cells
                .rows
                .into_iter()
                .map(|(line, cells)| Row { line, cells })
                .map(Ok)
                .collect(),
            marks: Vec::new(),
            notes: Vec::new(),
            semicolons: false,
            workbook: Some((cells.sheet, cells.left)),
            joined: Vec::new(),
            cells: None,
        };
        too_long(&mut sheet)?;
        sheet.marks = marks(&sheet, dialect);
        return Ok(sheet);
    }
    let Csv {
        mut reader,
        headers,
        notes,
        delimiter,
        cells,
        group,
        header_line,
    } = open(&bytes, path, dialect)?;
    // A header repeated down the sheet (a statistics site repeats it every
    // 25 rows, and a table copied from its page keeps the copies) is not a
    // player, and neither is its group row.
    let repeats: Vec<Vec<String>> = std::iter::once(headers.clone()).chain(group.clone()).collect();
    let headers = qualified(headers, group.as_deref());
    let mut sheet = Sheet {
        path: path.to_path_buf(),
        header_line,
        workbook: None,
        headers,
        rows: Vec::new(),
        marks: Vec::new(),
        notes,
        semicolons: delimiter == b';',
        joined: Vec::new(),
        cells,
    };
    let width = sheet.headers.len();
    // One row past the cap is read, for the finding at the first row too many.
    for record in reader.records() {
        if sheet.rows.len() > cap {
            break;
        }
        let row = match record {
            Ok(r) if r.iter().all(str::is_empty) => continue,
            Ok(r) if repeats.iter().any(|h| same_cells(&r, h)) => continue,
            // Empty cells past the header's last column are what a sheet
            // with a stray format further right exports: not data.
            Ok(r) if r.len() >= width && r.iter().skip(width).all(str::is_empty) => Ok(Row {
                line: r.position().map(|p| p.line() as usize).unwrap_or(0),
                cells: r.iter().take(width).map(str::to_string).collect(),
            }),
            Ok(r) => {
                let line = r.position().map(|p| p.line() as usize).unwrap_or(0);
                Err(uneven(&sheet, line, r.len()))
            }
            Err(e) => {
                let line = e.position().map(|p| p.line() as usize).unwrap_or(0);
                Err(Finding::error(
                    Code::CardData,
                    format!("this row cannot be read: {}", csv_words(&e)),
                    sheet.row_at(line),
                )
                .with_hint("every row needs as many cells as the header"))
            }
        };
        sheet.rows.push(row);
    }
    too_long(&mut sheet)?;
    sheet.marks = marks(&sheet, dialect);
    Ok(sheet)
}

/// Refuses what no card prints, before anything measures it: a header
/// cell longer than a column name may be ([`MAX_WORD_CHARS`]) refuses the
/// sheet, and a row with a cell longer than a label ([`MAX_LABEL_CHARS`])
/// is refused at that cell. A 10 MB cell pasted by mistake is then told in
/// a line, not set in type for seconds and quoted whole.
fn too_long(sheet: &mut Sheet) -> Result<(), Vec<Finding>> {
    let long = |cell: &str, most: usize| {
        // Counting stops past the limit: a 10 MB cell is not counted whole.
        (cell.len() > most && cell.chars().nth(most).is_some()).then(|| cell.chars().count())
    };
    let header: Vec<Finding> = (0..sheet.headers.len())
        .filter_map(|col| {
            let n = long(&sheet.headers[col], MAX_WORD_CHARS)?;
            Some(
                Finding::error(
                    Code::CardData,
                    format!(
                        "header cell {} holds {n} characters, more than the {MAX_WORD_CHARS} a column name may have",
                        col + 1
                    ),
                    sheet.maybe_at(sheet.header_line, Some(col), "header"),
                )
                .with_hint("check that the first row is the header, with a short name in each cell"),
            )
        })
        .collect();
    if !header.is_empty() {
        return Err(header);
    }
    for k in 0..sheet.rows.len() {
        let Ok(row) = &sheet.rows[k] else { continue };
        let Some((col, n)) = row
            .cells
            .iter()
            .enumerate()
            .find_map(|(c, cell)| Some((c, long(cell, MAX_LABEL_CHARS)?)))
        else {
            continue;
        };
        let finding = Finding::error(
            Code::CardData,
            format!("this cell holds {n} characters, more than the {MAX_LABEL_CHARS} a card's text may have"),
            sheet.at(row.line, col),
        )
        .with_hint("a card prints a name, a number or a few lines: check that the cell holds what its column says, or shorten it");
        sheet.rows[k] = Err(finding);
    }
    Ok(())
}

/// A row with another number of cells than the header.
fn uneven(sheet: &Sheet, line: usize, len: usize) -> Finding {
    Finding::error(
        Code::CardData,
        format!(
            "this row cannot be read: it has {len} cells where the header has {}",
            sheet.headers.len()
        ),
        sheet.row_at(line),
    )
    .with_hint("every row needs as many cells as the header")
}

/// How a number's cell votes on its column's decimal mark.
pub fn vote(cell: &str) -> Option<Mark> {
    let (point, comma) = (cell.rfind('.'), cell.rfind(','));
    match (point, comma) {
        // Both: the last one is the fraction's ("1.500,5", "1,500.5").
        (Some(p), Some(c)) => Some(if c > p { Mark::Comma } else { Mark::Point }),
        // One mark before three digits may be thousands ("1.500" is 1500
        // in Spain, 1.5 in England): no vote.
        (Some(_), None) if !grouped(cell, '.') => Some(Mark::Point),
        (None, Some(_)) if !grouped(cell, ',') => Some(Mark::Comma),
        _ => None,
    }
}

/// Whether `digits` are whole thousands grouped by `sep`: `1.500`, `12.000.000`.
fn grouped(digits: &str, sep: char) -> bool {
    let mut groups = digits.split(sep);
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_digit())
        && groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()))
}

/// Each column's decimal mark: the layout's, or what its numbers show (a
/// point only, a comma only, or both). A column whose numbers do not say
/// (whole numbers, `1.500`) takes the sheet's: the comma when the other
/// columns use it, or when the cells are separated by `;` (Excel writes `;`
/// exactly where the comma is the decimal mark), else the point.
fn marks(sheet: &Sheet, dialect: &Dialect) -> Vec<Mark> {
    let width = sheet.headers.len();
    let mut votes = vec![(0usize, 0usize); width];
    for row in sheet.rows.iter().flatten() {
        for (col, cell) in row.cells.iter().enumerate() {
            match vote(cell) {
                Some(Mark::Point) => votes[col].0 += 1,
                Some(Mark::Comma) => votes[col].1 += 1,
                _ => {}
            }
        }
    }
    let own: Vec<Option<Mark>> = votes
        .iter()
        .map(|&v| match v {
            (0, 0) => None,
            (_, 0) => Some(Mark::Point),
            (0, _) => Some(Mark::Comma),
            _ => Some(Mark::Either),
        })
        .collect();
    let comma_sheet = own.contains(&Some(Mark::Comma)) || (!own.contains(&Some(Mark::Point)) && sheet.semicolons);
    let fallback = if comma_sheet { Mark::Comma } else { Mark::Point };
    own.into_iter()
        .map(|m| dialect.decimal.or(m).unwrap_or(fallback))
        .collect()
}

/// The copies a quantity cell asks for: 1 when it is empty, else a whole
/// number from 1 to 100; what is wrong with it (message, hint) otherwise.
pub fn copies(cell: &str) -> Result<u32, (String, String)> {
    if cell.is_empty() {
        return Ok(1);
    }
    match cell.parse::<u32>() {
        Ok(n) if (1..=100).contains(&n) => Ok(n),
        _ => Err((
            format!("\"{}\" is not a number of copies", crate::font::chars::excerpt(cell)),
            "write a whole number from 1 to 100, or leave it empty for one".into(),
        )),
    }
}

/// A non-negative number written with `mark` (thousands grouped by the other
/// mark allowed), in digits with a point: `"1.500,5"` with [`Mark::Comma`]
/// is `"1500.5"`; `None` when it is not one.
pub fn number(cell: &str, mark: Mark) -> Option<String> {
    let t = cell.trim();
    // Two marks of one kind are thousands, whatever the decimal mark:
    // "1.500.000" and "1,500,000" are one and a half million anywhere.
    for sep in ['.', ','] {
        if t.matches(sep).count() > 1 && grouped(t, sep) {
            return Some(t.replace(sep, ""));
        }
    }
    let (whole, fraction) = match mark {
        Mark::Either if t.contains('.') && t.contains(',') => return None,
        Mark::Either => t.split_once(['.', ',']).unwrap_or((t, "")),
        Mark::Point => t.split_once('.').unwrap_or((t, "")),
        Mark::Comma => t.split_once(',').unwrap_or((t, "")),
    };
    let thousands = match mark {
        Mark::Comma => '.',
        _ => ',',
    };
    let whole = if whole.contains(thousands) {
        grouped(whole, thousands).then(|| whole.replace(thousands, ""))?
    } else {
        whole.to_string()
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    // "5." and ".5" are not how a spreadsheet writes a number.
    let dangling = fraction.is_empty() && t.ends_with(['.', ',']);
    if whole.is_empty() || !digits(&whole) || !digits(fraction) || dangling {
        return None;
    }
    Some(if fraction.is_empty() {
        whole
    } else {
        format!("{whole}.{fraction}")
    })
}

/// A price cell without the unit typed before or after its number ("2,5
/// M", "3.500.000 €", "€ 12"): letters and symbols, not digits or marks.
pub fn without_unit(cell: &str) -> &str {
    let t = cell.trim();
    let is_number = |c: char| c.is_ascii_digit() || matches!(c, '.' | ',');
    let (Some(first), Some(last)) = (
        t.find(|c: char| c.is_ascii_digit()),
        t.rfind(|c: char| c.is_ascii_digit()),
    ) else {
        return t;
    };
    let (before, after) = (&t[..first], &t[last + 1..]);
    let unit = |s: &str| {
        s.trim().chars().count() <= 12 && s.chars().all(|c| !c.is_ascii_digit() && c != '-' && !c.is_control())
    };
    if unit(before) && unit(after) && t[first..=last].chars().all(is_number) {
        &t[first..=last]
    } else {
        t
    }
}

/// A CSV opened and its header read.
struct Csv {
    /// A reader over the spreadsheet's bytes, read whole through the world.
    reader: csv::Reader<std::io::Cursor<Vec<u8>>>,
    /// The header's named cells.
    headers: Vec<String>,
    /// Warnings about the file (its encoding).
    notes: Vec<Finding>,
    /// The cell separator.
    delimiter: u8,
    /// The text, for the bytes of a cell a finding is at.
    cells: Option<CellText>,
    /// The group row above the header, when the sheet has one (FBref's
    /// "Playing Time", "Performance" spanning their columns).
    group: Option<Vec<String>>,
    /// The header's line: 2 under a group row, else 1.
    header_line: usize,
}

/// Whether a record holds exactly `cells` (empty cells past them aside).
fn same_cells(record: &csv::StringRecord, cells: &[String]) -> bool {
    record.len() >= cells.len()
        && record.iter().zip(cells).all(|(a, b)| a == b)
        && record.iter().skip(cells.len()).all(str::is_empty)
}

/// Whether `first` is a group row above the header `second`, as a
/// statistics site writes one: some of its cells empty (the columns under no
/// group) and a group name spanning neighbouring columns ("Playing Time"
/// four times), over a header row that names every column. A header of
/// one's own has no name twice side by side over an unnamed column.
fn is_group_row(first: &[String], second: &[String]) -> bool {
    let named = |row: &[String]| row.iter().rposition(|c| !c.is_empty()).map_or(0, |i| i + 1);
    let spans = first.windows(2).any(|w| !w[0].is_empty() && w[0] == w[1]);
    let gaps = first[..named(first)].iter().any(String::is_empty);
    let width = named(second);
    spans && gaps && width >= named(first) && second[..width].iter().all(|c| !c.is_empty())
}

/// The header's names under a group row, each column under a group named
/// `Group/Name` (FBref's `Performance/Gls` and `Per 90 Minutes/Gls`, its
/// passing table's `Total/Cmp` and `Short/Cmp`): a site names a figure
/// twice under two groups, and a table joined to another may name a third
/// thing alike (its defensive table's blocked shots, `Blocks/Sh`, are not
/// the shooting table's shots, `Standard/Sh`). A column under no group
/// keeps its name.
fn qualified(headers: Vec<String>, group: Option<&[String]>) -> Vec<String> {
    let Some(group) = group else { return headers };
    headers
        .into_iter()
        .enumerate()
        .map(|(i, h)| match group.get(i).filter(|g| !g.is_empty()) {
            Some(g) => format!("{g}/{h}"),
            None => h,
        })
        .collect()
}

/// Opens the CSV and reads its header row. The cells are separated as
/// the layout says, or by commas, semicolons (what Excel writes where the
/// decimal mark is a comma) or tabs, whichever the header row holds most of.
fn open(bytes: &[u8], csv_path: &Path, dialect: &Dialect) -> Result<Csv, Vec<Finding>> {
    let (text, notes) = text_of(bytes, csv_path)?;
    // What a finding quotes is the file read as UTF-8 without its mark.
    let utf8 = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).is_ok();
    // Lines end in "\n" only: the CSV reader counts a line at each "\n"
    // but reads "\r\n" as it reads "\r", so every finding in a sheet saved
    // on Windows pointed one line early (a known bug of the csv crate).
    let text = if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
    };
    let header = text.lines().next().unwrap_or("");
    let delimiter = dialect.delimiter.unwrap_or_else(|| {
        [b',', b';', b'\t']
            .into_iter()
            .max_by_key(|d| (header.bytes().filter(|b| b == d).count(), *d == b','))
            .unwrap_or(b',')
    });
    if let Some((line, cell)) = unclosed_quote(&text, delimiter) {
        let at = Location {
            column: Some(cell + 1),
            ..Location::file(csv_path)
        };
        return Err(vec![
            Finding::error(
                Code::CardData,
                format!("the quote that opens cell {} of line {line} is never closed: the rest of the file would be read as that one cell", cell + 1),
                Location { line: Some(line), ..at },
            )
            .with_hint("close the quote at the cell's end, or remove it; a quote inside a quoted cell is written twice (\"\")"),
        ]);
    }
    let cells = CellText::new(&text, utf8, delimiter);
    let builder = || {
        let mut b = csv::ReaderBuilder::new();
        b.flexible(true)
            .trim(csv::Trim::All)
            .delimiter(delimiter)
            .has_headers(false);
        b
    };
    let cells_of = |r: csv::StringRecord| r.iter().map(str::to_string).collect::<Vec<String>>();
    // The first two rows tell whether a group row stands above the header.
    let firsts: Vec<Vec<String>> = builder()
        .from_reader(text.as_bytes())
        .records()
        .take(2)
        .map_while(Result::ok)
        .map(cells_of)
        .collect();
    let grouped = firsts.len() == 2 && is_group_row(&firsts[0], &firsts[1]);
    let mut reader = builder().from_reader(std::io::Cursor::new(text.into_bytes()));
    let mut record = csv::StringRecord::new();
    let mut group = None;
    if grouped {
        let _ = reader.read_record(&mut record);
        group = Some(cells_of(record.clone()));
    }
    let header_line = if grouped { 2 } else { 1 };
    let headers: Vec<String> = match reader.read_record(&mut record) {
        Ok(_) => cells_of(record),
        Err(e) => {
            return Err(vec![Finding::error(
                Code::CardData,
                format!("cannot read the header row: {}", csv_words(&e)),
                cell(csv_path, header_line, None, "header"),
            )]);
        }
    };
    // Empty header cells past the last named column are a stray format in
    // the sheet, not columns.
    let named = headers.iter().rposition(|h| !h.is_empty()).map_or(0, |i| i + 1);
    Ok(Csv {
        reader,
        headers: headers[..named].to_vec(),
        notes,
        delimiter,
        cells,
        group,
        header_line,
    })
}

/// Where a quote opens that the file never closes: its line and its cell
/// (0-based). As the CSV reader reads it, a quote opens a cell only as the
/// cell's first character, and inside a quoted cell `""` is one quote.
fn unclosed_quote(text: &str, delimiter: u8) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let (mut line, mut cell, mut at_start) = (1, 0, true);
    let mut open: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if open.is_some() {
            if b == b'"' {
                if bytes.get(i + 1) == Some(&b'"') {
                    i += 1;
                } else {
                    open = None;
                }
            }
            if b == b'\n' {
                line += 1;
            }
        } else if b == b'"' && at_start {
            open = Some((line, cell));
        } else if b == delimiter {
            cell += 1;
        } else if b == b'\n' {
            (line, cell) = (line + 1, 0);
        }
        at_start = open.is_none() && (b == delimiter || b == b'\n');
        i += 1;
    }
    open
}

/// The sheet's text: UTF-8 (with or without a byte-order mark), UTF-16 with
/// its mark (Excel's "Unicode Text"), or else Windows-1252, which is what
/// Excel and Notepad on Windows save as "CSV" and a superset of Latin-1's
/// letters: decoded, with a warning that names the encoding, since a sheet
/// that builds is what its user expects, and the warning says how to save it
/// so that no guess is needed. A workbook or a binary file is refused.
fn text_of(bytes: &[u8], csv_path: &Path) -> Result<(String, Vec<Finding>), Vec<Finding>> {
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(bytes)
        && encoding != encoding_rs::UTF_8
    {
        let (text, _) = encoding.decode_with_bom_removal(bytes);
        return Ok((text.into_owned(), Vec::new()));
    }
    if let Some(kind) = workbook_kind(bytes) {
        return Err(vec![
            Finding::error(
                Code::CardData,
                format!("the spreadsheet is {kind}, not CSV text"),
                Location::file(csv_path),
            )
            .with_hint(
                "open it in your spreadsheet program and save a copy as \"CSV UTF-8\"; point `data` at that copy",
            ),
        ]);
    }
    match crate::input::decode(bytes) {
        Ok(text) => Ok((text, Vec::new())),
        Err(e) if e.encoding => {
            let (text, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
            let mut at = Location::file(csv_path);
            (at.line, at.column) = (e.at.map(|a| a.0), e.at.map(|a| a.1));
            let note = Finding::warning(
                Code::CardEncoding,
                "the spreadsheet is not UTF-8: it was read as Windows-1252 (Latin-1), what older \
                 Excel and Notepad save; check that the accented letters on the cards are right",
                at,
            )
            .with_hint(crate::input::SHEET_AS_UTF8);
            Ok((text.into_owned(), vec![note]))
        }
        Err(e) => Err(vec![e.finding(
            Code::CardData,
            csv_path,
            "the spreadsheet",
            "`data` is relative to the deck layout; export the sheet as CSV UTF-8 with a header row",
        )]),
    }
}

/// What a file that is not CSV text most likely is, by its first bytes: the
/// workbook or document people point `data` at by mistake.
fn workbook_kind(bytes: &[u8]) -> Option<&'static str> {
    // Workbooks (zip or OLE) never get here: they are read as workbooks.
    let kinds: [(&[u8], &str); 3] = [
        (b"%PDF", "a PDF"),
        (b"\x89PNG", "a PNG image"),
        (b"\xFF\xD8\xFF", "a JPEG image"),
    ];
    kinds
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|(_, kind)| *kind)
        .or_else(|| crate::input::looks_binary(bytes).then_some("a binary file"))
}

/// A CSV reading error in words, without the reader's byte offsets.
fn csv_words(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => {
            format!("it has {len} cells where the header has {expected_len}")
        }
        csv::ErrorKind::Utf8 { .. } => "it is not UTF-8 text".to_string(),
        _ => "the file cannot be read as CSV".to_string(),
    }
}
