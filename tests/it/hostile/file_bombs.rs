//! Other people's files: a photo or a workbook of a few bytes
//! that claims gigabytes is refused with a finding at its place, within a
//! deadline and a memory bound, never a crash.

use crate::common::deck_project;

/// The most a check of a one-card deck may hold in memory, in KB (a normal
/// one holds a few tens of megabytes).
const PEAK_KB: u64 = 600 * 1024;

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";

/// A PNG whose header says `w` x `h` pixels, with a few rows of data.
fn png_claiming(w: u32, h: u32) -> Vec<u8> {
    use std::io::Write;
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        let mut crc = crc32fast::Hasher::new();
        crc.update(kind);
        crc.update(data);
        c.extend_from_slice(&crc.finalize().to_be_bytes());
        c
    };
    let mut ihdr = w.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&vec![0u8; 3 * 1000 * 4]).unwrap();
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    png.extend(chunk(b"IDAT", &z.finish().unwrap()));
    png.extend(chunk(b"IEND", b""));
    png
}

/// A GIF whose screen and image say 65535 x 65535 (29 bytes).
fn gif_claiming() -> Vec<u8> {
    let mut g = b"GIF89a".to_vec();
    g.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0, 0, 0]);
    g.extend_from_slice(&[b',', 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]);
    g.extend_from_slice(&[2, 2, 0x44, 1, 0, b';']);
    g
}

/// The sample's first portrait, its frame header saying 65000 x 65000.
fn jpeg_claiming() -> Vec<u8> {
    let mut j = std::fs::read(crate::common::shipped("layouts/league/photos/0001.jpg")).unwrap();
    let sof = j
        .windows(2)
        .position(|w| w[0] == 0xff && (w[1] == 0xc0 || w[1] == 0xc2))
        .unwrap();
    j[sof + 5..sof + 9].copy_from_slice(&[0xfd, 0xe8, 0xfd, 0xe8]);
    j
}

#[test]
fn photos_that_claim_gigapixels_are_refused_at_their_cells() {
    let photos: [(&str, Vec<u8>, &str); 3] = [
        ("huge.png", png_claiming(100_000, 100_000), "100000 x 100000"),
        ("huge.gif", gif_claiming(), "65535 x 65535"),
        ("huge.jpg", jpeg_claiming(), "65000 x 65000"),
    ];
    let mut csv = format!("{HEADER}\n");
    for (k, (file, _, _)) in photos.iter().enumerate() {
        csv.push_str(&format!("Player {k},Club,FW,1,1,1,0,0,10,{file},\n"));
    }
    let dir = deck_project("hostile-photos", &csv);
    for (file, bytes, _) in &photos {
        std::fs::write(dir.join("layouts/league/photos").join(file), bytes).unwrap();
    }
    let guarded = dir.run_within(
        &["build", "layouts/league/deck.toml", "--lang", "en", "--format", "pdf"],
        60,
    );
    let run = &guarded.run;
    run.expect_code(0);
    for (k, (file, _, claim)) in photos.iter().enumerate() {
        let line = format!(
            "warning[card-photo]: layouts/league/players.csv:{}:{}: `photo`: the photo layouts/league/photos/{file}",
            k + 2,
            crate::common::csv_column(&csv, k + 2, 10)
        );
        let found = run
            .stderr
            .lines()
            .find(|l| l.starts_with(&line))
            .unwrap_or_else(|| panic!("{file}:\n{}", run.stderr));
        assert!(
            found.contains(claim) && found.contains("more than the 50 megapixels"),
            "{found}"
        );
    }
    assert!(
        run.stderr
            .contains("hint: resize it in an image program: its 33 x 44 mm frame prints 390 x 520 pixels"),
        "{}",
        run.stderr
    );
    assert!(
        dir.join("output/league/deck-en.pdf").exists(),
        "the cards print with silhouettes"
    );
    assert!(guarded.peak_kb < PEAK_KB, "{} KB", guarded.peak_kb);
}

/// A one-player sheet as an .xlsx, its parts edited by `edit` and `extra`
/// added, checked as the deck's data: the run.
fn check_workbook(name: &str, file: &str, bytes: Vec<u8>) -> crate::common::GuardedRun {
    let dir = deck_project(name, "");
    let deck = crate::common::replace_line(&crate::common::deck_alone(), "data =", &format!("data = \"{file}\""));
    dir.write("layouts/league/deck.toml", &deck);
    std::fs::write(dir.join("layouts/league").join(file), bytes).unwrap();
    let guarded = dir.run_within(&["check", "layouts/league/deck.toml", "--lang", "en"], 60);
    assert!(guarded.peak_kb < PEAK_KB, "{file}: {} KB", guarded.peak_kb);
    guarded
}

fn one_player() -> String {
    format!("{HEADER}\nAna,Club,FW,1,1,1,0,0,10,,\n")
}

#[test]
fn a_cell_at_the_sheets_far_corner_is_not_laid_out() {
    let xlsx = crate::common::xlsx("Players", &one_player());
    let far = crate::common::rezipped(
        &xlsx,
        |name, text| match name {
            "xl/worksheets/sheet1.xml" => text.replace(
                "</sheetData>",
                "<row r=\"1048576\"><c r=\"XFD1048576\"><v>1</v></c></row></sheetData>",
            ),
            _ => text,
        },
        &[],
    );
    let guarded = check_workbook("hostile-far-cell", "players.xlsx", far);
    guarded.run.expect_code(0);
}

#[test]
fn an_ods_cell_repeated_a_billion_times_is_refused() {
    let ods = crate::common::ods("Players", &one_player());
    let repeated = crate::common::rezipped(
        &ods,
        |name, text| {
            match name {
            "content.xml" => text.replacen(
                "</table:table-row><table:table-row>",
                "<table:table-cell table:number-columns-repeated=\"1000000000\" office:value-type=\"float\" office:value=\"1\"><text:p>1</text:p></table:table-cell></table:table-row><table:table-row>",
                1,
            ),
            _ => text,
        }
        },
        &[],
    );
    let guarded = check_workbook("hostile-ods-repeat", "players.ods", repeated);
    let run = &guarded.run;
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[card-data]: layouts/league/players.ods: the workbook cannot be read: a sheet repeats its cells to more than 4 million"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("hint: delete the rows and columns past the players' table"),
        "{}",
        run.stderr
    );
    // Repeats of empty cells, as LibreOffice saves past a table's end, cost
    // nothing and are read.
    let trailing = crate::common::rezipped(
        &ods,
        |name, text| {
            match name {
            "content.xml" => text.replace(
                "</table:table>",
                "<table:table-row table:number-rows-repeated=\"1048570\"><table:table-cell table:number-columns-repeated=\"1024\"/></table:table-row></table:table>",
            ),
            _ => text,
        }
        },
        &[],
    );
    check_workbook("hostile-ods-trailing", "players.ods", trailing)
        .run
        .expect_code(0);
}

#[test]
fn workbooks_that_inflate_to_gigabytes_are_refused() {
    let xlsx = crate::common::xlsx("Players", &one_player());
    // 100 MB of spaces in the sheet, about 100 KB zipped.
    let spaces = crate::common::rezipped(
        &xlsx,
        |name, text| match name {
            "xl/worksheets/sheet1.xml" => {
                text.replace("</sheetData>", &format!("</sheetData>{}", " ".repeat(100 << 20)))
            }
            _ => text,
        },
        &[],
    );
    let run = check_workbook("hostile-spaces", "players.xlsx", spaces).run;
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("its part xl/worksheets/sheet1.xml inflates to more than 64 MB"),
        "{}",
        run.stderr
    );
    // Five million shared strings.
    let strings = format!(
        "<?xml version=\"1.0\"?><sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">{}</sst>",
        "<si><t>a</t></si>".repeat(5_000_000)
    );
    let bomb = crate::common::with_shared_strings(&xlsx, strings);
    let run = check_workbook("hostile-strings", "players.xlsx", bomb).run;
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("its part xl/sharedStrings.xml inflates to more than 64 MB"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("hint: a sheet of players is a few megabytes at most"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_hostile_photos_say_what_they_claim() {
    // The helpers above are only as good as what they write: the headers
    // read back say the sizes claimed.
    let png = png_claiming(100_000, 100_000);
    assert_eq!(&png[16..24], &[0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0]);
    assert_eq!(gif_claiming().len(), 29);
    let jpeg = jpeg_claiming();
    let sof = jpeg
        .windows(2)
        .position(|w| w[0] == 0xff && (w[1] == 0xc0 || w[1] == 0xc2))
        .unwrap();
    assert_eq!(u16::from_be_bytes([jpeg[sof + 5], jpeg[sof + 6]]), 65000);
}

/// A custom sheet that shows `board.png` and names itself `file`.
fn sheet_with_picture(name: &str, file: &str) -> crate::common::TestDir {
    let dir = crate::common::TestDir::new(name);
    let sheet = crate::common::project_file("layouts/sheet-examples/dice-pitch.toml");
    dir.write(
        file,
        &format!("{sheet}\n[[image]]\nfile = \"board.png\"\nat = [10.0, 10.0]\nsize = [20.0, 20.0]\n"),
    );
    // 83 x 117 px: it prints blurred in its 20 mm box, a warning.
    let img = image::RgbImage::from_pixel(83, 117, image::Rgb([200, 30, 30]));
    img.save(dir.join("board.png")).unwrap();
    dir
}

#[test]
fn no_output_is_written_over_a_file_the_build_reads() {
    let dir = sheet_with_picture("hostile-over-input", "board.toml");
    let before = dir.read("board.png");
    let run = dir.run(&["build", "board.toml", "--out", ".", "--format", "png", "--lang", "es"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[output-over-input]: board.toml: ./board.png would be written over, but the build of board.toml reads it"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.read("board.png"), before, "the input is untouched");
    // A layout named as its own output.
    let svg = sheet_with_picture("hostile-layout-svg", "sheet.svg");
    let text = svg.read("sheet.svg");
    let run = svg.run(&["build", "sheet.svg", "--out", ".", "--format", "svg", "--lang", "es"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("./sheet.svg would be written over"),
        "{}",
        run.stderr
    );
    assert_eq!(svg.read("sheet.svg"), text);
    // Into its own folder, the same build writes, and the blurred picture
    // is only a warning (it used to stop the sheet: "could not be written").
    let run = dir.run(&["build", "board.toml", "--out", "out", "--format", "png", "--lang", "es"]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("warning[card-photo]") && run.stderr.contains("will look blurred"),
        "{}",
        run.stderr
    );
    assert!(dir.join("out/board.png").exists());
}

#[test]
fn a_column_the_deck_reads_twice_is_refused_at_the_second() {
    // A column named twice is refused: the first `price` used to win, silently.
    let csv = format!("{HEADER},price\nAna,Club,FW,1,1,1,0,0,10,,,99\n");
    let dir = deck_project("hostile-twice", &csv);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!(
            "error[card-column]: layouts/league/players.csv:1:{}: `price`: the header has the column \"price\" twice: column 9 and column 12",
            crate::common::csv_column(&csv, 1, 12)
        )),
        "{}",
        run.stderr
    );
    // The caret stands under the second column, not the 12th character.
    let quoted = run
        .stderr
        .lines()
        .skip_while(|l| !l.starts_with("1 |"))
        .nth(1)
        .unwrap_or("");
    let header_line = format!("1 | {HEADER},price");
    assert_eq!(
        quoted.find('^'),
        Some(header_line.rfind("price").unwrap()),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("rename or remove one of the two \"price\" columns"),
        "{}",
        run.stderr
    );
    // A column no one reads may come twice.
    let csv = format!("{HEADER},notes,notes\nAna,Club,FW,1,1,1,0,0,10,,,a,b\n");
    dir.write("layouts/league/players.csv", &csv);
    dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"])
        .expect_code(0);
    // In a workbook the columns are named by their letters.
    let xlsx = crate::common::xlsx("Players", &format!("{HEADER},price\nAna,Club,FW,1,1,1,0,0,10,,,99\n"));
    let guarded = check_workbook("hostile-twice-xlsx", "players.xlsx", xlsx);
    guarded.run.expect_code(1);
    assert!(
        guarded.run.stderr.contains("sheet Players, cell L1")
            && guarded
                .run
                .stderr
                .contains("the header has the column \"price\" twice: column I and column L"),
        "{}",
        guarded.run.stderr
    );
}

#[test]
fn a_finding_at_a_cell_underlines_that_cell() {
    let csv = format!("{HEADER}\nAdrián Abril,Atlético Ribera,FW,x,1,1,0,0,10,,\n");
    let dir = deck_project("hostile-caret", &csv);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    let mut lines = run.stderr.lines().skip_while(|l| !l.starts_with("2 |"));
    let (row, caret) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    // The caret line is in characters, as a terminal shows them.
    let at = caret.chars().position(|c| c == '^').expect("a caret");
    assert_eq!(row.chars().skip(at).take(2).collect::<String>(), "x,", "{}", run.stderr);
}

#[test]
fn a_layout_named_three_ways_is_built_once() {
    // The same layout reached by three paths is one layout, built once.
    let dir = crate::common::TestDir::with_shipped_layout("hostile-thrice");
    let run = dir.run(&[
        "build",
        "layouts/dice-football/pitch.toml",
        "./layouts/dice-football/pitch.toml",
        "layouts/../layouts/dice-football",
        "--lang",
        "en",
        "--format",
        "pdf",
    ]);
    run.expect_code(0);
    let all = format!("{}{}", run.stdout, run.stderr);
    assert!(all.contains("built 1 layout in en: 1 file"), "{all}");
    assert_eq!(all.matches("pitch.toml →").count(), 1, "{all}");
}

#[test]
fn a_ten_megabyte_cell_is_refused_at_once_and_quoted_short() {
    // A 10 MB cell is refused quickly and briefly: it once took 12 s and
    // 10 MB of stderr.
    let csv = format!("{HEADER}\n{},Club,FW,1,1,1,0,0,10,,\n", "A".repeat(10_000_000));
    let dir = deck_project("hostile-long-cell", &csv);
    let guarded = dir.run_within(&["check", "layouts/league/deck.toml", "--lang", "en"], 10);
    let run = &guarded.run;
    run.expect_code(1);
    assert!(
        run.stderr.contains(
            "layouts/league/players.csv:2:1: `name`: this cell holds 10000000 characters, more than the 1000 a card's text may have"
        ),
        "{}",
        &run.stderr[..run.stderr.len().min(2000)]
    );
    assert!(run.stderr.len() < 4000, "{} bytes of stderr", run.stderr.len());
    // A long cell under the limit that does not fit is quoted by its start.
    let csv = format!("{HEADER}\n{},Club,FW,1,1,1,0,0,10,,\n", "Ab".repeat(400));
    dir.write("layouts/league/players.csv", &csv);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!(
            "\"{}… (760 more characters)\" does not fit the name box",
            "Ab".repeat(20)
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn a_file_that_is_no_spreadsheet_is_named_never_quoted() {
    let dir = deck_project("hostile-not-a-sheet", "");
    let secret = "root:x:0:0:secret-of-the-machine:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin\n";
    dir.write("layouts/league/players.csv", secret);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("layouts/league/players.csv: this file is not a spreadsheet of cards"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("secret-of-the-machine"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("error[").count(), 1, "{}", run.stderr);
    // Nor does `new --from` make a deck of it.
    let run = dir.run(&[
        "new",
        "card-deck",
        "new-deck.toml",
        "--from",
        "layouts/league/players.csv",
    ]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("it is not a spreadsheet of cards"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("secret-of-the-machine"), "{}", run.stderr);
    assert!(!dir.join("new-deck.toml").exists());
}

/// The sample's first portrait with its scan data replaced by noise (no
/// 0xFF bytes, so no marker is made): its headers are whole.
pub fn jpeg_of_noise() -> Vec<u8> {
    let mut j = std::fs::read(crate::common::shipped("layouts/league/photos/0001.jpg")).unwrap();
    let sos = j.windows(2).position(|w| w == [0xff, 0xda]).unwrap();
    let start = sos + 2 + usize::from(u16::from_be_bytes([j[sos + 2], j[sos + 3]]));
    let end = j.len() - 2;
    let mut x: u32 = 12345;
    for b in &mut j[start..end] {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        *b = ((x >> 16) as u8).min(0xfe);
    }
    j
}

#[test]
fn a_jpeg_of_noise_is_not_passed_through() {
    // Noise in a JPEG of the frame's shape and size: such a file used to be
    // embedded as it is, and a viewer said "Corrupt JPEG data".
    let csv = format!("{HEADER}\nAna,Club,FW,1,1,1,0,0,10,noise.jpg,\nBea,Club,FW,1,1,1,0,0,10,0001.jpg,\n");
    let dir = deck_project("hostile-noise", &csv);
    std::fs::write(dir.join("layouts/league/photos/noise.jpg"), jpeg_of_noise()).unwrap();
    std::fs::copy(
        crate::common::shipped("layouts/league/photos/0001.jpg"),
        dir.join("layouts/league/photos/0001.jpg"),
    )
    .unwrap();
    let run = dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--lang",
        "en",
        "--format",
        "pdf",
        "--json",
    ]);
    run.expect_code(0);
    let warnings: Vec<String> = crate::common::json_findings(&run.stdout)
        .iter()
        .filter(|f| f["code"] == "card-photo")
        .map(|f| format!("{}:{} {}", f["file"], f["line"], f["message"]))
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("players.csv\":2") && warnings[0].contains("picture data is damaged"),
        "{warnings:?}"
    );
    // The good photo is embedded byte for byte; the noise is not embedded.
    let pdf = dir.read("output/league/deck-en.pdf");
    let good = std::fs::read(crate::common::shipped("layouts/league/photos/0001.jpg")).unwrap();
    let noise = jpeg_of_noise();
    let holds = |needle: &[u8]| pdf.windows(needle.len()).any(|w| w == needle);
    assert!(holds(&good[good.len() - 64..]), "the good photo is passed through");
    assert!(!holds(&noise[noise.len() - 64..]), "the noise is not");
}

#[test]
fn a_whole_progressive_jpeg_is_still_passed_through() {
    // The strict check must not refuse what is whole: a progressive JPEG
    // (made with ImageMagick, `-interlace JPEG`) of the frame's shape.
    let csv = format!("{HEADER}\nAna,Club,FW,1,1,1,0,0,10,progressive.jpg,\n");
    let dir = deck_project("hostile-progressive", &csv);
    let jpeg = std::fs::read(crate::common::shipped("tests/fixtures/progressive.jpg")).unwrap();
    assert!(jpeg.windows(2).any(|w| w == [0xff, 0xc2]), "the fixture is progressive");
    std::fs::write(dir.join("layouts/league/photos/progressive.jpg"), &jpeg).unwrap();
    let run = dir.run(&["build", "layouts/league/deck.toml", "--lang", "en", "--format", "pdf"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("card-photo"), "{}", run.stderr);
    let pdf = dir.read("output/league/deck-en.pdf");
    assert!(pdf.windows(jpeg.len()).any(|w| w == jpeg), "embedded byte for byte");
}
