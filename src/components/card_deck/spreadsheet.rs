//! Reading the deck's spreadsheet into rows of cells, each with the place a
//! spreadsheet user sees it at: the file, its line and column. What the cells
//! mean (a name, a stat, a price) is [`super::layout`]'s to check; this
//! module only says what the sheet holds and where.

use std::path::{Path, PathBuf};

use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::input::Unreadable;
use crate::limits::MAX_CARDS;
use crate::world::{Input, World};

/// A spreadsheet, read: its header and its rows (at most one past the
/// deck's cap of cards, so that a sheet too long is refused at its first row
/// too many without reading the rest).
pub struct Sheet {
    /// The file.
    pub path: PathBuf,
    /// The header row's cells, trimmed.
    pub headers: Vec<String>,
    /// The rows under the header, in order: cells, or why a row cannot be read.
    pub rows: Vec<Result<Row, Finding>>,
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
        cell(&self.path, line, Some(col + 1), &self.headers[col])
    }

    /// The location of a whole row: its line, named `row`.
    pub fn row_at(&self, line: usize) -> Location {
        cell(&self.path, line, None, "row")
    }

    /// The location of the header row, named by `name` (a column the deck
    /// looks for, or a label that goes with a column).
    pub fn header_at(&self, name: &str) -> Location {
        cell(&self.path, 1, None, name)
    }

    /// The location of column `col` (0-based, when the sheet has it) on
    /// `line`, named `name` (the column the deck maps).
    pub fn maybe_at(&self, line: usize, col: Option<usize>, name: &str) -> Location {
        cell(&self.path, line, col.map(|c| c + 1), name)
    }
}

/// Where in the CSV a finding points.
fn cell(csv: &Path, line: usize, column: Option<usize>, name: &str) -> Location {
    Location {
        file: csv.to_path_buf(),
        line: Some(line),
        column,
        key: Some(name.to_string()),
        span: None,
    }
}

/// Reads the spreadsheet at `path` through `world`: its header and its
/// rows, or the findings that say why it cannot be read at all.
pub fn read(world: &dyn World, path: &Path) -> Result<Sheet, Vec<Finding>> {
    let (mut reader, headers) = open(world, path)?;
    let mut sheet = Sheet {
        path: path.to_path_buf(),
        headers,
        rows: Vec::new(),
    };
    // One row past the cap is read, for the finding at the first row too many.
    for record in reader.records().take(MAX_CARDS as usize + 1) {
        let row = match record {
            Ok(r) => Ok(Row {
                line: r.position().map(|p| p.line() as usize).unwrap_or(0),
                cells: r.iter().map(str::to_string).collect(),
            }),
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
    Ok(sheet)
}

/// A CSV reader over the spreadsheet's bytes, read whole through the world.
type SheetReader = csv::Reader<std::io::Cursor<Vec<u8>>>;

/// Opens the CSV and reads its header row. The text is UTF-8 (with or
/// without a byte-order mark), and the cells are separated by commas,
/// semicolons (what Excel writes where the decimal mark is a comma) or tabs,
/// whichever the header row holds most of.
fn open(world: &dyn World, csv_path: &Path) -> Result<(SheetReader, Vec<String>), Vec<Finding>> {
    const HINT: &str = "`data` is relative to the deck layout; export the sheet as CSV UTF-8 with a header row";
    let bytes = world
        .read_bytes(csv_path, Input::Data)
        .map_err(|e| vec![Unreadable::from_io(&e).finding(Code::CardData, csv_path, "the spreadsheet", HINT)])?;
    if let Some(kind) = workbook_kind(&bytes) {
        return Err(vec![
            Finding::error(
                Code::CardData,
                format!("the spreadsheet is {kind}, not CSV text"),
                Location::file(csv_path),
            )
            .with_hint("open it in your spreadsheet program and save a copy as \"CSV UTF-8\"; point `data` at that copy"),
        ]);
    }
    let text = crate::input::decode(&bytes).map_err(|e| {
        vec![
            e.finding(Code::CardData, csv_path, "the spreadsheet", HINT)
                .with_hint(if e.encoding { crate::input::SHEET_AS_UTF8 } else { HINT }),
        ]
    })?;
    // Lines end in "\n" only: the CSV reader counts a line at each "\n"
    // but reads "\r\n" as it reads "\r", so every finding in a sheet saved
    // on Windows pointed one line early (rust-csv issue 395).
    let text = if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
    };
    let header = text.lines().next().unwrap_or("");
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| (header.bytes().filter(|b| b == d).count(), *d == b','))
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .trim(csv::Trim::All)
        .delimiter(delimiter)
        .from_reader(std::io::Cursor::new(text.into_bytes()));
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| {
            vec![Finding::error(
                Code::CardData,
                format!("cannot read the header row: {}", csv_words(&e)),
                cell(csv_path, 1, None, "header"),
            )]
        })?
        .iter()
        .map(str::to_string)
        .collect();
    Ok((reader, headers))
}

/// What a file that is not CSV text most likely is, by its first bytes: the
/// workbook or document people point `data` at by mistake.
fn workbook_kind(bytes: &[u8]) -> Option<&'static str> {
    let kinds: [(&[u8], &str); 5] = [
        (b"PK\x03\x04", "a workbook (.xlsx or .ods, a zip archive)"),
        (b"\xD0\xCF\x11\xE0", "an old Excel workbook (.xls)"),
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
