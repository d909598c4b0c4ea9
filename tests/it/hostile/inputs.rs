//! The property test of other people's files: photos and workbooks made
//! hostile from generated pieces (headers that claim huge sizes, odd bit
//! depths, animations, EXIF turns, files cut short or flipped; cells far
//! out, repeats, shared-string and whitespace bombs, headers twice). Each
//! case is one deck of one card built by the binary under a deadline, its
//! memory measured: it must end in a build whose PDF reads back, or in a
//! finding that names the file; never a crash, a hang or a runaway.
//!
//! `cargo test` runs a fixed seed; `PITCHPRINT_HOSTILE_SEED` and
//! `PITCHPRINT_HOSTILE_CASES` run others.

use std::io::Write;

use crate::common::{Rng, deck_project};

/// The most a build of a one-card deck may hold, in KB: a normal one holds
/// a few tens of megabytes; the bound allows a few hundred more.
const PEAK_KB: u64 = 600 * 1024;
/// How long one build may take, in seconds (a normal one takes a tenth).
const DEADLINE: u64 = 30;

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";

/// The property tests' sequence, with the sizes a header may claim.
trait Claims {
    /// A size a header may claim: small, ordinary, huge or the format's most.
    fn claim(&mut self, most: u64) -> u64;
    /// A number from 0 to `n - 1`, as a u64.
    fn under(&mut self, n: u64) -> u64;
}

impl Claims for Rng {
    fn claim(&mut self, most: u64) -> u64 {
        match self.under(4) {
            0 => (1 + self.under(16)).min(most),
            1 => (100 + self.under(4000)).min(most),
            2 => most / 10 + self.under(most - most / 10),
            _ => most,
        }
    }
    fn under(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn png_chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    c.extend_from_slice(&crc.finalize().to_be_bytes());
    c
}

/// A PNG whose header claims a size, bit depth and colour type, with a few
/// rows of data (or a palette it may need).
fn png(rng: &mut Rng) -> Vec<u8> {
    let (w, h) = (rng.claim(100_000) as u32, rng.claim(100_000) as u32);
    let (depth, colour) = *rng.pick(&[
        (1u8, 0u8),
        (2, 0),
        (4, 3),
        (8, 2),
        (8, 3),
        (8, 4),
        (8, 6),
        (16, 2),
        (16, 6),
        (7, 2),
    ]);
    let mut ihdr = w.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[depth, colour, 0, 0, rng.under(2) as u8]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&vec![0u8; 4096]).unwrap();
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(png_chunk(b"IHDR", &ihdr));
    if colour == 3 {
        out.extend(png_chunk(b"PLTE", &[200, 30, 30, 20, 90, 40]));
    }
    out.extend(png_chunk(b"IDAT", &z.finish().unwrap()));
    out.extend(png_chunk(b"IEND", b""));
    out
}

/// A GIF whose screen and frames claim sizes, one frame or many.
fn gif(rng: &mut Rng) -> Vec<u8> {
    let (w, h) = (rng.claim(65_535) as u16, rng.claim(65_535) as u16);
    let mut g = b"GIF89a".to_vec();
    g.extend_from_slice(&w.to_le_bytes());
    g.extend_from_slice(&h.to_le_bytes());
    g.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    for _ in 0..1 + rng.under(5) {
        // A graphic control block (an animation's delay), then a frame.
        g.extend_from_slice(&[0x21, 0xF9, 4, 0, 10, 0, 0, 0]);
        g.push(b',');
        g.extend_from_slice(&[0, 0, 0, 0]);
        g.extend_from_slice(&(rng.claim(65_535) as u16).to_le_bytes());
        g.extend_from_slice(&(rng.claim(65_535) as u16).to_le_bytes());
        g.extend_from_slice(&[0, 2, 2, 0x44, 1, 0]);
    }
    g.push(b';');
    g
}

/// The sample's first portrait.
fn portrait() -> Vec<u8> {
    std::fs::read(crate::common::shipped("layouts/league/photos/0001.jpg")).unwrap()
}

/// A JPEG: the portrait with its frame claiming another size, an EXIF
/// turn inserted (legal or not), cut short, or bytes flipped.
fn jpeg(rng: &mut Rng) -> Vec<u8> {
    let mut j = portrait();
    match rng.under(4) {
        0 => {
            let sof = j
                .windows(2)
                .position(|w| w[0] == 0xff && (w[1] == 0xc0 || w[1] == 0xc2))
                .unwrap();
            let (w, h) = (rng.claim(65_535) as u16, rng.claim(65_535) as u16);
            j[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
            j[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
        }
        1 => {
            let turn = *rng.pick(&[0u16, 1, 3, 5, 6, 8, 9, 255]);
            // APP1 Exif, big-endian TIFF, one IFD entry: orientation.
            let mut tiff = b"MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01".to_vec();
            tiff.extend_from_slice(&turn.to_be_bytes());
            tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
            let mut app1 = vec![0xff, 0xe1];
            app1.extend_from_slice(&((tiff.len() + 8) as u16).to_be_bytes());
            app1.extend_from_slice(b"Exif\0\0");
            app1.extend_from_slice(&tiff);
            j.splice(2..2, app1);
        }
        2 => j.truncate(2 + rng.under(j.len() as u64 - 2) as usize),
        _ => {
            for _ in 0..1 + rng.under(20) {
                let at = rng.under(j.len() as u64) as usize;
                j[at] ^= 1 << rng.under(8);
            }
        }
    }
    j
}

/// A photo case: its file name and bytes.
fn photo_case(rng: &mut Rng) -> (String, Vec<u8>) {
    match rng.under(3) {
        0 => ("p.png".into(), png(rng)),
        1 => ("p.gif".into(), gif(rng)),
        _ => ("p.jpg".into(), jpeg(rng)),
    }
}

/// A cell reference as a spreadsheet writes it (0-based column).
fn cell_ref(col: u64, row: u64) -> String {
    let mut n = col + 1;
    let mut letters = Vec::new();
    while n > 0 {
        letters.push(b'A' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    format!("{}{row}", String::from_utf8(letters).unwrap())
}

/// A workbook case: its file name and bytes.
fn workbook_case(rng: &mut Rng) -> (String, Vec<u8>) {
    let one = format!("{HEADER}\nAna,Club,FW,1,1,1,0,0,10,,\n");
    match rng.under(5) {
        0 => {
            // A cell far out.
            let (col, row) = (rng.claim(16_383), rng.claim(1_048_576).max(3));
            let at = cell_ref(col, row);
            let xlsx = crate::common::xlsx("Players", &one);
            let far = crate::common::rezipped(
                &xlsx,
                |name, text| match name {
                    "xl/worksheets/sheet1.xml" => text.replace(
                        "</sheetData>",
                        &format!("<row r=\"{row}\"><c r=\"{at}\"><v>1</v></c></row></sheetData>"),
                    ),
                    _ => text,
                },
                &[],
            );
            ("players.xlsx".into(), far)
        }
        1 => {
            // An .ods cell or row repeated.
            let n = rng.claim(2_000_000_000);
            let what = *rng.pick(&["table:number-columns-repeated", "table:number-rows-repeated"]);
            let ods = crate::common::ods("Players", &one);
            let rep = crate::common::rezipped(
                &ods,
                |name, text| {
                    match name {
                    "content.xml" if what.contains("columns") => {
                        text.replacen("<table:table-cell>", &format!("<table:table-cell {what}=\"{n}\">"), 1)
                    }
                    "content.xml" => text.replace(
                        "</table:table>",
                        &format!("<table:table-row {what}=\"{n}\"><table:table-cell office:value-type=\"float\" office:value=\"1\"><text:p>1</text:p></table:table-cell></table:table-row></table:table>"),
                    ),
                    _ => text,
                }
                },
                &[],
            );
            ("players.ods".into(), rep)
        }
        2 => {
            // Shared strings, many and claimed more.
            let count = rng.claim(30_000_000);
            let strings = format!(
                "<?xml version=\"1.0\"?><sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" count=\"{count}\" uniqueCount=\"{count}\">{}</sst>",
                "<si><t>a</t></si>".repeat(count.min(6_000_000) as usize)
            );
            let bomb = crate::common::with_shared_strings(&crate::common::xlsx("Players", &one), strings);
            ("players.xlsx".into(), bomb)
        }
        3 => {
            // Whitespace inside the sheet.
            let mb = rng.claim(200) as usize;
            let xlsx = crate::common::xlsx("Players", &one);
            let spaces = crate::common::rezipped(
                &xlsx,
                |name, text| match name {
                    "xl/worksheets/sheet1.xml" => {
                        text.replace("</sheetData>", &format!("</sheetData>{}", " ".repeat(mb << 20)))
                    }
                    _ => text,
                },
                &[],
            );
            ("players.xlsx".into(), spaces)
        }
        _ => {
            // A header column twice.
            let cols: Vec<&str> = HEADER.split(',').collect();
            let twice = rng.pick(&cols);
            let csv = format!("{HEADER},{twice}\nAna,Club,FW,1,1,1,0,0,10,,,1\n");
            if rng.under(2) == 0 {
                ("players.xlsx".into(), crate::common::xlsx("Players", &csv))
            } else {
                ("players.ods".into(), crate::common::ods("Players", &csv))
            }
        }
    }
}

/// Runs one case: a deck reading `data` (or the CSV naming `photo`), the
/// file written; why it failed, or `None`.
fn run_case(case: u64, photo: Option<(String, Vec<u8>)>, data: Option<(String, Vec<u8>)>) -> Option<String> {
    let csv = match &photo {
        Some((name, _)) => format!("{HEADER}\nAna,Club,FW,1,1,1,0,0,10,{name},\n"),
        None => format!("{HEADER}\n"),
    };
    let dir = deck_project(&format!("hostile-inputs-{case}"), &csv);
    let mut file = "players.csv".to_string();
    if let Some((name, bytes)) = &photo {
        std::fs::write(dir.join("layouts/league/photos").join(name), bytes).unwrap();
        file = name.clone();
    }
    if let Some((name, bytes)) = &data {
        let deck = crate::common::replace_line(&crate::common::deck_alone(), "data =", &format!("data = \"{name}\""));
        dir.write("layouts/league/deck.toml", &deck);
        std::fs::write(dir.join("layouts/league").join(name), bytes).unwrap();
        file = name.clone();
    }
    let guarded = dir.run_within(
        &["build", "layouts/league/deck.toml", "--lang", "en", "--format", "pdf"],
        DEADLINE,
    );
    let run = &guarded.run;
    if guarded.peak_kb > PEAK_KB {
        return Some(format!("{file}: {} MB at its peak", guarded.peak_kb / 1024));
    }
    match run.code {
        0 => {
            // An exit 0 that wrote nothing is no build: the PDF must be there.
            let pdf = match std::fs::read(dir.join("output/league/deck-en.pdf")) {
                Ok(pdf) => pdf,
                Err(e) => return Some(format!("{file}: exit 0, but no PDF was written ({e})")),
            };
            match lopdf::Document::load_mem(&pdf) {
                Ok(doc) if !doc.get_pages().is_empty() => None,
                _ => Some(format!("{file}: exit 0, but its PDF does not read back")),
            }
            .or_else(|| {
                // A photo that cannot be used is a warning at its cell.
                let warned = run.stderr.lines().filter(|l| l.starts_with("warning[card-photo]"));
                // The photo's cell, when the CSV names one.
                let cell = photo
                    .as_ref()
                    .map(|_| format!("players.csv:2:{}", crate::common::csv_column(&csv, 2, 10)));
                warned
                    .clone()
                    .any(|l| cell.as_ref().is_none_or(|c| !l.contains(c)))
                    .then(|| format!("{file}: a photo warning not at its cell:\n{}", run.stderr))
            })
        }
        1 => {
            let named = run.stderr.lines().any(|l| l.starts_with("error[") && l.contains(&file));
            (!named).then(|| format!("{file}: exit 1 without an error naming it:\n{}", run.stderr))
        }
        c => Some(format!("{file}: exit {c}:\n{}", run.stderr)),
    }
}

fn cases() -> (u64, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    (
        var("PITCHPRINT_HOSTILE_SEED").unwrap_or(28),
        var("PITCHPRINT_HOSTILE_CASES").unwrap_or(24),
    )
}

#[test]
fn hostile_photos_are_built_or_warned_never_crash() {
    let (seed, n) = cases();
    let failures: Vec<String> = (0..n)
        .filter_map(|case| {
            let mut rng = Rng(seed ^ (case + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            rng.next();
            run_case(case, Some(photo_case(&mut rng)), None)
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {n} photo cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn hostile_workbooks_are_read_or_refused_never_crash() {
    let (seed, n) = cases();
    let failures: Vec<String> = (0..n)
        .filter_map(|case| {
            let mut rng = Rng(seed ^ (case + 1000).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            rng.next();
            run_case(1000 + case, None, Some(workbook_case(&mut rng)))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {n} workbook cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_generated_files_are_what_they_claim() {
    let mut rng = Rng(7);
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let (name, bytes) = photo_case(&mut rng);
        let head: &[u8] = match name.as_str() {
            "p.png" => b"\x89PNG",
            "p.gif" => b"GIF89a",
            _ => &[0xff, 0xd8],
        };
        // A JPEG cut short may keep only its first bytes.
        assert!(bytes.starts_with(head) || name == "p.jpg", "{name}");
        kinds.insert(name);
    }
    assert_eq!(kinds.len(), 3, "every kind of photo is made");
    assert_eq!(cell_ref(16_383, 1_048_576), "XFD1048576");
    let (name, bytes) = workbook_case(&mut Rng(3));
    assert!(name.starts_with("players.") && bytes.starts_with(b"PK"), "{name}");
}
