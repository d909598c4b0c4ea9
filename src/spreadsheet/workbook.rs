//! Reading a workbook (`.xlsx`, `.ods`, old `.xls`) into the same rows of
//! cells as a CSV, so that a sheet need not be exported: the sheet the
//! layout names (or the first), its first row with text as the header, and
//! every cell as the spreadsheet shows it (`22.8`, not `22.799999999999997`;
//! `3`, not `3.0`). Findings name the sheet and the cell (`C7`).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use calamine::{Data, Reader, Sheets};

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::limits::{MAX_CARDS, MAX_WORKBOOK_CELLS, MAX_WORKBOOK_COLUMNS, MAX_WORKBOOK_ENTRY, MAX_WORKBOOK_INFLATED};

/// A workbook's sheet, read: what the spreadsheet reader turns into its rows.
pub struct Cells {
    /// The sheet read.
    pub sheet: String,
    /// The column the sheet's cells start in (0 is A).
    pub left: usize,
    /// The header's row number and its named cells.
    pub header: (usize, Vec<String>),
    /// Each row with text under the header: its row number and as many
    /// cells as the header (at most one row past the deck's cap).
    pub rows: Vec<(usize, Vec<String>)>,
}

/// Reads the sheet `want` names (the first when `None`; `want` also says
/// where the layout names it) of the workbook in `bytes`, the file at `path`.
pub fn read(bytes: Vec<u8>, path: &Path, want: Option<&(String, Location)>) -> Result<Cells, Vec<Finding>> {
    let refused = |why: String| {
        vec![
            Finding::error(
                Code::CardData,
                format!("the workbook cannot be read: {why}"),
                Location::file(path),
            )
            .with_hint("open it in your spreadsheet program and save it again as .xlsx or .ods, or as \"CSV UTF-8\""),
        ]
    };
    // A workbook is a zip (or an old OLE file) whose parts are inflated as
    // they are read: a few megabytes may hold gigabytes of XML. Each part
    // is inflated and counted before the reader sees it.
    if bytes.starts_with(b"PK") {
        inflated_within_limits(&bytes).map_err(|why| {
            vec![
                Finding::error(Code::CardData, format!("the workbook cannot be read: {why}"), Location::file(path))
                    .with_hint("a sheet of players is a few megabytes at most: save only the players' sheet, or export it as \"CSV UTF-8\""),
            ]
        })?;
    }
    let is_ods = bytes.starts_with(b"PK") && ods_content(&bytes).is_some();
    if is_ods {
        ods_within_limits(&bytes).map_err(|why| {
            vec![
                Finding::error(Code::CardData, format!("the workbook cannot be read: {why}"), Location::file(path))
                    .with_hint("delete the rows and columns past the players' table (a value filled across a whole row or down a whole column), or export the sheet as \"CSV UTF-8\""),
            ]
        })?;
    }
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
        .map_err(|_| refused("it is a zip or OLE file but not a workbook this reader knows".into()))?;
    let names = book.sheet_names();
    let name = match want {
        None => names
            .first()
            .cloned()
            .ok_or_else(|| refused("it has no sheets".into()))?,
        Some((want, at)) => names
            .iter()
            .find(|n| n.trim().eq_ignore_ascii_case(want.trim()))
            .cloned()
            .ok_or_else(|| {
                vec![
                    Finding::error(
                        Code::CardData,
                        format!("the workbook has no sheet \"{want}\""),
                        Location::file(path),
                    )
                    .with_hint(format!("its sheets are: {}", names.join(", ")))
                    .with_note("the sheet is named here", at.clone()),
                ]
            })?,
    };
    let (left, read) = sheet_rows(&mut book, &name).map_err(|e| refused(format!("sheet {name}: {e}")))?;
    let mut rows = read
        .into_iter()
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()));
    let Some((header_line, headers)) = rows.next() else {
        return Err(vec![
            Finding::error(
                Code::CardData,
                format!("the sheet {name} is empty"),
                Location::file(path),
            )
            .with_hint("put a header row and one row per player on the sheet, or name another with `sheet`"),
        ]);
    };
    // The header ends at its last named cell: cells further right (a note
    // beside the table) are not read.
    let width = headers.iter().rposition(|h| !h.is_empty()).map_or(0, |i| i + 1);
    let rows = rows
        .take(MAX_CARDS as usize + 1)
        .map(|(line, mut cells)| {
            cells.truncate(width);
            cells.resize(width, String::new());
            (line, cells)
        })
        .collect();
    Ok(Cells {
        sheet: name,
        left,
        header: (header_line, headers[..width].to_vec()),
        rows,
    })
}

/// A row of a sheet: its number (1-based) and its cells' text.
type Row = (usize, Vec<String>);

/// The sheet `name`'s rows, each with its row number (1-based) and its cells
/// from the column `left` (0 is A), the first column any cell is in. A
/// `.xlsx` and `.xlsb` are read cell by cell, keeping only cells within the
/// first [`MAX_CARDS`] rows and a thousand more and [`MAX_WORKBOOK_COLUMNS`]
/// columns: one far cell (XFD1048576) would otherwise make the reader lay
/// out the whole sheet. The other formats are read whole (an .ods checked
/// first, an .xls bounded by its own format).
fn sheet_rows<RS: std::io::Read + std::io::Seek>(
    book: &mut Sheets<RS>,
    name: &str,
) -> Result<(usize, Vec<Row>), String> {
    let max_row = MAX_CARDS + 1_000;
    let mut kept: BTreeMap<u32, BTreeMap<u32, String>> = BTreeMap::new();
    let mut keep = |(row, col): (u32, u32), text: String| {
        if row < max_row && col < MAX_WORKBOOK_COLUMNS && !text.is_empty() {
            kept.entry(row).or_default().insert(col, text);
        }
    };
    macro_rules! cell_by_cell {
        ($reader:expr) => {{
            let mut cells = $reader.map_err(|e| e.to_string())?;
            while let Some(cell) = cells.next_cell().map_err(|e| e.to_string())? {
                keep(cell.get_position(), shown(&Data::from(cell.get_value().clone())));
            }
        }};
    }
    match book {
        Sheets::Xlsx(x) => cell_by_cell!(x.worksheet_cells_reader(name)),
        Sheets::Xlsb(x) => cell_by_cell!(x.worksheet_cells_reader(name)),
        _ => {
            let range = book.worksheet_range(name).map_err(|e| e.to_string())?;
            let (top, left) = range.start().unwrap_or((0, 0));
            for (i, cells) in range.rows().enumerate() {
                for (j, cell) in cells.iter().enumerate() {
                    keep((top + i as u32, left + j as u32), shown(cell));
                }
            }
        }
    }
    let left = kept
        .values()
        .filter_map(|r| r.keys().next())
        .min()
        .copied()
        .unwrap_or(0);
    let rows = kept
        .into_iter()
        .map(|(row, cells)| {
            let width = cells.keys().next_back().map_or(0, |c| (c - left + 1) as usize);
            let mut line = vec![String::new(); width];
            for (col, text) in cells {
                line[(col - left) as usize] = text;
            }
            (row as usize + 1, line)
        })
        .collect();
    Ok((left as usize, rows))
}

/// Inflates every part of the zip `bytes`, counting: a part of more than
/// [`MAX_WORKBOOK_ENTRY`] bytes, or all of more than
/// [`MAX_WORKBOOK_INFLATED`], is refused (what it says of itself is not
/// trusted: the bytes are counted as they come).
fn inflated_within_limits(bytes: &[u8]) -> Result<(), String> {
    let mut zip =
        zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| format!("it is not a whole zip file ({e})"))?;
    let mut total = 0u64;
    let mb = |n: u64| n / (1024 * 1024);
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).map_err(|e| format!("a part cannot be read ({e})"))?;
        let name = part.name().to_string();
        let n = std::io::copy(&mut (&mut part).take(MAX_WORKBOOK_ENTRY + 1), &mut std::io::sink())
            .map_err(|e| format!("its part {name} cannot be inflated ({e})"))?;
        if n > MAX_WORKBOOK_ENTRY {
            return Err(format!(
                "its part {name} inflates to more than {} MB, the most a workbook's part may hold",
                mb(MAX_WORKBOOK_ENTRY)
            ));
        }
        total += n;
        if total > MAX_WORKBOOK_INFLATED {
            return Err(format!(
                "its parts inflate to more than {} MB, the most a workbook may hold",
                mb(MAX_WORKBOOK_INFLATED)
            ));
        }
    }
    Ok(())
}

/// The media type an .ods names in its `mimetype` part.
const ODS_MIME: &str = "application/vnd.oasis.opendocument.spreadsheet";

/// The `content.xml` of an .ods (an OpenDocument spreadsheet), inflated, or
/// `None` for any other zip.
fn ods_content(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
    let mut mime = String::new();
    zip.by_name("mimetype").ok()?.take(200).read_to_string(&mut mime).ok()?;
    if !mime.starts_with(ODS_MIME) {
        return None;
    }
    let mut content = Vec::new();
    zip.by_name("content.xml")
        .ok()?
        .take(MAX_WORKBOOK_ENTRY)
        .read_to_end(&mut content)
        .ok()?;
    Some(content)
}

/// Holds an .ods to [`MAX_WORKBOOK_CELLS`] cells as its reader lays them out:
/// a cell may say it repeats (`table:number-columns-repeated`, and a row
/// `table:number-rows-repeated`) a billion times in a few bytes. Repeats of
/// empty cells and rows past the last filled one cost nothing and are not
/// counted; anything before a filled cell is.
fn ods_within_limits(bytes: &[u8]) -> Result<(), String> {
    use quick_xml::events::Event;
    let Some(content) = ods_content(bytes) else {
        return Ok(());
    };
    let mut xml = quick_xml::Reader::from_reader(content.as_slice());
    let repeats = |e: &quick_xml::events::BytesStart<'_>, key: &[u8]| -> u64 {
        e.attributes()
            .flatten()
            .find(|a| a.key.as_ref() == key)
            .and_then(|a| std::str::from_utf8(&a.value).ok()?.parse().ok())
            .unwrap_or(1)
    };
    let filled_attr = |e: &quick_xml::events::BytesStart<'_>| {
        e.attributes().flatten().any(|a| a.key.as_ref() == b"office:value-type")
    };
    // Per sheet: rows laid out so far, the widest filled row, and in the row
    // being read its repeats, its width so far and its filled width.
    let (mut rows, mut widest, mut cells_before) = (0u64, 0u64, 0u64);
    let (mut row_repeats, mut at, mut filled_to) = (1u64, 0u64, 0u64);
    let mut cell: Option<(u64, bool)> = None;
    let mut buf = Vec::new();
    loop {
        let event = xml
            .read_event_into(&mut buf)
            .map_err(|e| format!("its content cannot be read ({e})"))?;
        match &event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                b"table:table" => (rows, widest, cells_before) = (0, 0, 0),
                b"table:table-row" => (row_repeats, at, filled_to) = (repeats(e, b"table:number-rows-repeated"), 0, 0),
                b"table:table-cell" | b"table:covered-table-cell" => {
                    let n = repeats(e, b"table:number-columns-repeated");
                    let filled = filled_attr(e);
                    if matches!(event, Event::Empty(_)) {
                        at = at.saturating_add(n);
                        if filled {
                            filled_to = at;
                        }
                    } else {
                        cell = Some((n, filled));
                    }
                }
                b"text:p" | b"text:span" => {
                    if let Some((_, filled)) = &mut cell {
                        *filled = true;
                    }
                }
                _ => {}
            },
            Event::End(e) => match e.name().as_ref() {
                b"table:table-cell" | b"table:covered-table-cell" => {
                    if let Some((n, filled)) = cell.take() {
                        at = at.saturating_add(n);
                        if filled {
                            filled_to = at;
                        }
                    }
                }
                b"table:table-row" => {
                    rows = rows.saturating_add(row_repeats);
                    if filled_to > 0 {
                        widest = widest.max(filled_to);
                        cells_before = rows.saturating_mul(widest);
                    }
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
        if cells_before > MAX_WORKBOOK_CELLS {
            return Err(format!(
                "a sheet repeats its cells to more than {} million, the most a workbook may lay out",
                MAX_WORKBOOK_CELLS / 1_000_000
            ));
        }
        buf.clear();
    }
    Ok(())
}

/// A cell's text as the spreadsheet shows it in a general format: whole
/// numbers without a fraction, others to 15 significant digits (what Excel
/// and LibreOffice show, so 0.1 + 0.2 is 0.3), text trimmed.
fn shown(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.trim().to_string(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) => number(*f),
        Data::Bool(b) => (if *b { "TRUE" } else { "FALSE" }).to_string(),
        Data::DateTime(d) => number(d.as_f64()),
        other => other.to_string().trim().to_string(),
    }
}

/// `f` as a general-format cell shows it.
pub fn number(f: f64) -> String {
    if !f.is_finite() {
        return f.to_string();
    }
    if f.abs() < 1e15 && (f - f.round()).abs() < 1e-9 * f.abs().max(1.0) {
        return format!("{}", f.round() as i64);
    }
    let whole_digits = if f.abs() >= 1.0 {
        f.abs().log10().floor() as i32 + 1
    } else {
        0
    };
    let decimals = (15 - whole_digits).clamp(0, 15) as usize;
    let text = format!("{f:.decimals$}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}
