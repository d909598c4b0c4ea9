//! Reading a workbook (`.xlsx`, `.ods`, old `.xls`) into the same rows of
//! cells as a CSV, so that a sheet need not be exported: the sheet the
//! layout names (or the first), its first row with text as the header, and
//! every cell as the spreadsheet shows it (`22.8`, not `22.799999999999997`;
//! `3`, not `3.0`). Findings name the sheet and the cell (`C7`).

use std::path::Path;

use calamine::{Data, Reader};

use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::limits::MAX_CARDS;

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
            Finding::error(Code::CardData, format!("the workbook cannot be read: {why}"), Location::file(path))
                .with_hint("open it in your spreadsheet program and save it again as .xlsx or .ods, or as \"CSV UTF-8\""),
        ]
    };
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
        .map_err(|_| refused("it is a zip or OLE file but not a workbook this reader knows".into()))?;
    let names = book.sheet_names();
    let name = match want {
        None => names.first().cloned().ok_or_else(|| refused("it has no sheets".into()))?,
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
    let range = book.worksheet_range(&name).map_err(|e| refused(format!("sheet {name}: {e}")))?;
    let (top, left) = range.start().unwrap_or((0, 0));
    let mut rows = range
        .rows()
        .enumerate()
        .map(|(i, cells)| (top as usize + i + 1, cells.iter().map(shown).collect::<Vec<String>>()))
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()));
    let Some((header_line, headers)) = rows.next() else {
        return Err(vec![
            Finding::error(Code::CardData, format!("the sheet {name} is empty"), Location::file(path))
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
        left: left as usize,
        header: (header_line, headers[..width].to_vec()),
        rows,
    })
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
fn number(f: f64) -> String {
    if !f.is_finite() {
        return f.to_string();
    }
    if f.abs() < 1e15 && (f - f.round()).abs() < 1e-9 * f.abs().max(1.0) {
        return format!("{}", f.round() as i64);
    }
    let whole_digits = if f.abs() >= 1.0 { f.abs().log10().floor() as i32 + 1 } else { 0 };
    let decimals = (15 - whole_digits).clamp(0, 15) as usize;
    let text = format!("{f:.decimals$}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_the_spreadsheet_shows_them() {
        assert_eq!(number(22.8), "22.8");
        assert_eq!(number(3.0), "3");
        assert_eq!(number(0.1 + 0.2), "0.3");
        assert_eq!(number(1500.25), "1500.25");
        assert_eq!(number(-4.0), "-4");
    }
}
