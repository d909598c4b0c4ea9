//! Small workbooks written by hand, as Excel and LibreOffice would save a
//! sheet: an `.xlsx` (Office Open XML) and an `.ods` (OpenDocument), each a
//! zip of XML with one sheet. Cells that read as numbers are stored as
//! numbers, the rest as text, as a spreadsheet program types what is typed.

use std::io::Write;

/// A cell: a number when `text` reads as one (`22.8`), else text; empty
/// text is an empty cell.
enum Cell<'a> {
    Empty,
    Number(&'a str),
    Text(&'a str),
}

fn cell(text: &str) -> Cell<'_> {
    if text.is_empty() {
        Cell::Empty
    } else if text.parse::<f64>().is_ok() {
        Cell::Number(text)
    } else {
        Cell::Text(text)
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A column's letters: 0 is A.
fn letters(col: usize) -> String {
    let mut out = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        out.push(b'A' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

fn zip_of(files: &[(&str, String)]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        for (name, text) in files {
            // The ODF mimetype is stored first and uncompressed, as the
            // format asks; the rest is deflated as programs save it.
            let method = if *name == "mimetype" {
                zip::CompressionMethod::Stored
            } else {
                zip::CompressionMethod::Deflated
            };
            let options = zip::write::SimpleFileOptions::default()
                .compression_method(method)
                .last_modified_time(zip::DateTime::default());
            zip.start_file(*name, options).unwrap();
            zip.write_all(text.as_bytes()).unwrap();
        }
        zip.finish().unwrap();
    }
    out.into_inner()
}

/// The rows of a comma-separated text without quotes (a test's sheet).
fn rows_of(csv: &str) -> Vec<Vec<&str>> {
    csv.lines().map(|l| l.split(',').collect()).collect()
}

/// An `.xlsx` with one sheet named `sheet` holding `csv`'s cells from A1.
pub fn xlsx(sheet: &str, csv: &str) -> Vec<u8> {
    let mut data = String::new();
    for (r, row) in rows_of(csv).iter().enumerate() {
        data.push_str(&format!("<row r=\"{}\">", r + 1));
        for (c, text) in row.iter().enumerate() {
            let at = format!("{}{}", letters(c), r + 1);
            match cell(text) {
                Cell::Empty => {}
                Cell::Number(n) => data.push_str(&format!("<c r=\"{at}\"><v>{n}</v></c>")),
                Cell::Text(t) => data.push_str(&format!(
                    "<c r=\"{at}\" t=\"inlineStr\"><is><t>{}</t></is></c>",
                    escape(t)
                )),
            }
        }
        data.push_str("</row>");
    }
    const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    const RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
    const DOC: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const TYPES: &str = "http://schemas.openxmlformats.org/package/2006/content-types";
    const XML: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
    zip_of(&[
        (
            "[Content_Types].xml",
            format!(
                "{XML}<Types xmlns=\"{TYPES}\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>"
            ),
        ),
        (
            "_rels/.rels",
            format!(
                "{XML}<Relationships xmlns=\"{RELS}\"><Relationship Id=\"rId1\" Type=\"{DOC}/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>"
            ),
        ),
        (
            "xl/workbook.xml",
            format!(
                "{XML}<workbook xmlns=\"{MAIN}\" xmlns:r=\"{DOC}\"><sheets><sheet name=\"{}\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>",
                escape(sheet)
            ),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            format!(
                "{XML}<Relationships xmlns=\"{RELS}\"><Relationship Id=\"rId1\" Type=\"{DOC}/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>"
            ),
        ),
        (
            "xl/worksheets/sheet1.xml",
            format!("{XML}<worksheet xmlns=\"{MAIN}\" xmlns:r=\"{DOC}\"><sheetData>{data}</sheetData></worksheet>"),
        ),
    ])
}

/// An `.ods` with one sheet named `sheet` holding `csv`'s cells from A1.
pub fn ods(sheet: &str, csv: &str) -> Vec<u8> {
    let mut data = String::new();
    for row in rows_of(csv) {
        data.push_str("<table:table-row>");
        for text in row {
            match cell(text) {
                Cell::Empty => data.push_str("<table:table-cell/>"),
                Cell::Number(n) => data.push_str(&format!(
                    "<table:table-cell office:value-type=\"float\" office:value=\"{n}\"><text:p>{n}</text:p></table:table-cell>"
                )),
                Cell::Text(t) => data.push_str(&format!(
                    "<table:table-cell office:value-type=\"string\"><text:p>{}</text:p></table:table-cell>",
                    escape(t)
                )),
            }
        }
        data.push_str("</table:table-row>");
    }
    const XML: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    const NS: &str = "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\"";
    zip_of(&[
        ("mimetype", "application/vnd.oasis.opendocument.spreadsheet".to_string()),
        (
            "META-INF/manifest.xml",
            format!(
                "{XML}<manifest:manifest {NS} manifest:version=\"1.2\"><manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/><manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/></manifest:manifest>"
            ),
        ),
        (
            "content.xml",
            format!(
                "{XML}<office:document-content {NS} office:version=\"1.2\"><office:body><office:spreadsheet><table:table table:name=\"{}\">{data}</table:table></office:spreadsheet></office:body></office:document-content>",
                escape(sheet)
            ),
        ),
    ])
}

/// The zip `bytes` with each part's text passed through `edit` (its name and
/// text) and the parts of `extra` added: a workbook made hostile.
pub fn rezipped(bytes: &[u8], edit: impl Fn(&str, String) -> String, extra: &[(&str, String)]) -> Vec<u8> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut names: Vec<String> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).unwrap();
        let mut text = String::new();
        part.read_to_string(&mut text).unwrap();
        names.push(part.name().to_string());
        parts.push(edit(part.name(), text));
    }
    let mut files: Vec<(&str, String)> = names.iter().map(String::as_str).zip(parts).collect();
    files.extend(extra.iter().cloned());
    zip_of(&files)
}

/// The `.xlsx` `bytes` with a shared-strings part holding `strings` (its
/// XML), linked from the workbook as Excel links it.
pub fn with_shared_strings(bytes: &[u8], strings: String) -> Vec<u8> {
    rezipped(
        bytes,
        |name, text| {
            match name {
            "xl/_rels/workbook.xml.rels" => text.replace(
                "</Relationships>",
                "<Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings\" Target=\"sharedStrings.xml\"/></Relationships>",
            ),
            _ => text,
        }
        },
        &[("xl/sharedStrings.xml", strings)],
    )
}
