//! The player-card deck, built from a CSV with photos and read back:
//! card count and positions, text per card, each photo embedded once (and as
//! its own bytes when it already fits), crops, and every bad cell refused with
//! its file, line and column.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::{
    TestDir, assert_close, by_class, deck_alone, deck_project, load_pdf, numbers, pdf_text, png_size, project_file,
};

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";

/// Writes a JPEG photo of `w` x `h` pixels.
fn photo(dir: &TestDir, file: &str, w: u32, h: u32, shade: u8) {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([shade, (x % 256) as u8, (y % 256) as u8]));
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 85)
        .encode_image(&img)
        .unwrap();
    std::fs::write(dir.join(format!("layouts/league/photos/{file}")), bytes).unwrap();
}

/// Image XObjects in a PDF: (width, height, filter, stream bytes).
fn images(pdf: &[u8]) -> Vec<(i64, i64, String, Vec<u8>)> {
    let doc = load_pdf(pdf);
    doc.objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").ok().and_then(|v| v.as_name().ok()) == Some(b"Image"))
        .map(|s| {
            let int = |k: &[u8]| s.dict.get(k).unwrap().as_i64().unwrap();
            let filter = s
                .dict
                .get(b"Filter")
                .ok()
                .and_then(|f| f.as_name().ok())
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .unwrap_or_default();
            (int(b"Width"), int(b"Height"), filter, s.content.clone())
        })
        .collect()
}

fn svg_pages(dir: &TestDir, stem: &str) -> Vec<String> {
    (1..)
        .map(|n| dir.join(format!("output/league/{stem}-{n}.svg")))
        .take_while(|p| p.exists())
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

#[test]
fn the_sample_deck_has_a_card_per_row_each_photo_embedded_once_as_its_own_bytes() {
    let dir = TestDir::new("deck-sample");
    for rel in [
        "templates/cards/player.toml",
        "layouts/league/deck.toml",
        "layouts/league/players.csv",
        "layouts/league/table.toml",
        "layouts/league/banknotes.toml",
    ] {
        dir.write(rel, &project_file(rel));
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/league/photos");
    std::fs::create_dir_all(dir.join("layouts/league/photos")).unwrap();
    let mut originals = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let p = entry.unwrap().path();
        let bytes = std::fs::read(&p).unwrap();
        std::fs::write(dir.join("layouts/league/photos").join(p.file_name().unwrap()), &bytes).unwrap();
        originals.push(bytes);
    }
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf,svg"])
        .expect_code(0);

    let csv = project_file("layouts/league/players.csv");
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).collect();
    // The sample: 8 clubs of 20 (see layouts/league/deck.toml), every row one card.
    let cards = rows.len();
    assert_eq!(cards, 160, "8 clubs x 20 players");
    let keepers = rows.iter().filter(|r| r[2] == "GK").count();
    let pdf = dir.read("output/league/deck.pdf");
    let imgs = images(&pdf);
    let named: BTreeSet<&str> = rows.iter().map(|r| r[9]).filter(|p| !p.is_empty()).collect();
    assert!(!named.is_empty(), "the sample cards have photos");
    assert_eq!(imgs.len(), named.len(), "one image object per photo the CSV names");
    assert_eq!(imgs.len(), originals.len(), "one image object per photo");
    for (w, h, filter, bytes) in &imgs {
        // 300 pixels an inch in the 33 x 44 mm frame (examples/sample_deck.rs).
        assert_eq!((*w, *h), (390, 520));
        assert_eq!(filter, "DCTDecode", "photos stay JPEG");
        assert!(
            originals.contains(bytes),
            "a 3:4 photo at no more than 300 dpi is embedded as its own bytes"
        );
    }
    let photos_size: usize = originals.iter().map(Vec::len).sum();
    assert!(
        pdf.len() < photos_size + cards * 4096,
        "the PDF ({} B) is the photos ({photos_size} B) plus a little per card",
        pdf.len()
    );

    // Every card, front and back: positions on the sheets, its text in the PDF.
    let pages = svg_pages(&dir, "deck");
    let mut fronts = 0;
    let mut backs = 0;
    for svg in &pages {
        let doc = roxmltree::Document::parse(svg).unwrap();
        for g in by_class(&doc, "item-front") {
            fronts += 1;
            let m = numbers(g.attribute("transform").unwrap());
            assert!(m[4] >= 5.0 && m[5] >= 5.0, "cards inside the safe area");
        }
        backs += by_class(&doc, "item-back").len();
    }
    assert_eq!((fronts, backs), (cards, cards), "a front and a back per row");
    let text = pdf_text(&pdf);
    for row in &rows {
        assert!(text.contains(row[0]), "the card of {} is in the PDF's text", row[0]);
        assert!(text.contains(row[1]));
    }
    assert_eq!(keepers, 16, "two goalkeepers per club");
    assert_eq!(text.matches("POR").count(), keepers, "a POR badge per goalkeeper");
    // Goalkeepers show five stats, the others three.
    assert_eq!(text.matches("Paradas").count(), keepers);
    assert_eq!(text.matches("Pases buenos").count(), cards);
}

#[test]
fn photos_are_cropped_to_the_frame_and_shared_photos_embedded_once() {
    let csv = format!(
        "{HEADER}\n\
         Ana Roble,Club Uno,FW,10,2,30,0,0,5.5,wide.jpg,\n\
         Bea Roble,Club Uno,MF,300,40,10,0,0,7,wide.jpg,2\n\
         Cris Roble,Club Uno,DF,400,90,1,0,0,3,,\n"
    );
    let dir = deck_project("deck-crop", &csv);
    photo(&dir, "wide.jpg", 1600, 900, 40);
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf,svg"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1, "one photo used on three cards is one object");
    let (w, h, filter, _) = &imgs[0];
    assert_eq!(filter, "DCTDecode");
    assert_close(*w as f64 / *h as f64, 33.0 / 44.0, 0.01, "cropped to the 3:4 frame");
    // 44 mm at 300 dpi is 520 px: the 900 px tall photo is resampled down to it.
    assert_eq!((*w, *h), (390, 520));
    // Quantity 2: four cards in all; the one without a photo shows a silhouette.
    let svg = &svg_pages(&dir, "deck")[0];
    let doc = roxmltree::Document::parse(svg).unwrap();
    assert_eq!(by_class(&doc, "item-front").len(), 4);
    assert_eq!(by_class(&doc, "photo").len(), 3);
}

#[test]
fn a_missing_photo_is_a_warning_and_a_silhouette() {
    let csv = format!("{HEADER}\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,nowhere.jpg,\n");
    let dir = deck_project("deck-missing-photo", &csv);
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "svg"]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("warning[card-photo]") && run.stderr.contains("nowhere.jpg"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("players.csv:2:{}", crate::common::csv_column(&csv, 2, 10))),
        "the warning names line 2, field 10: {}",
        run.stderr
    );
    let svg = &svg_pages(&dir, "deck")[0];
    let doc = roxmltree::Document::parse(svg).unwrap();
    assert_eq!(by_class(&doc, "photo").len(), 0, "no photo drawn");
}

/// A CSV with one bad cell: `check` exits 1 with `code` at `file:line:col`,
/// and `build` writes nothing.
fn refused(name: &str, csv: &str, code: &str, at: &str) {
    // `players.csv:L:F` names the cell by its field F: the finding gives
    // the column an editor counts, where that field starts.
    let at = &match at.split(':').collect::<Vec<_>>()[..] {
        [file, line, field] => {
            let line: usize = line.parse().unwrap();
            format!(
                "{file}:{line}:{}",
                crate::common::csv_column(csv, line, field.parse().unwrap())
            )
        }
        _ => at.to_string(),
    };
    let dir = deck_project(name, csv);
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!("error[{code}]")),
        "{name}: expected {code}:\n{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(at),
        "{name}: the finding points at {at}:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("hint:"), "{}", run.stderr);
    dir.run(&["build", "layouts/league/deck.toml"]).expect_code(1);
    assert!(!dir.join("output").exists(), "{name}: nothing written");
}

#[test]
fn every_bad_cell_is_refused_with_its_file_line_and_column() {
    let ok = "Ana Roble,Club Uno,FW,10,2,30,0,0,5.5,,";
    refused(
        "deck-position",
        &format!("{HEADER}\n{ok}\nBea Roble,Club Uno,XX,1,2,3,0,0,4,,\n"),
        "card-position",
        "players.csv:3:3",
    );
    refused(
        "deck-negative",
        &format!("{HEADER}\n{ok}\nBea Roble,Club Uno,MF,-4,2,3,0,0,4,,\n"),
        "card-stat",
        "players.csv:3:4",
    );
    refused(
        "deck-not-number",
        &format!("{HEADER}\n{ok}\nBea Roble,Club Uno,GK,1,2,3,many,0,4,,\n"),
        "card-stat",
        "players.csv:3:7",
    );
    refused(
        "deck-long-name",
        &format!("{HEADER}\n{ok}\nBartolomé Hermenegildo de la Santísima Trinidad,Club Uno,MF,1,2,3,0,0,4,,\n"),
        "card-text",
        "players.csv:3:1",
    );
    let no_saves = HEADER.replace(",saves", "");
    refused(
        "deck-column",
        &format!("{no_saves}\nAna Roble,Club Uno,FW,10,2,30,0,5.5,,\n"),
        "card-column",
        "players.csv:1",
    );
}

#[test]
fn a_users_own_column_names_are_mapped_in_the_layout() {
    let csv = "Jugador,Equipo,Puesto,PB,BR,TP,GE,PA,Precio\nAna Roble,Club Uno,DEL,10,2,30,0,0,5.5\n";
    let dir = deck_project("deck-mapped", csv);
    let layout = deck_alone()
        .replace("name = \"name\"", "name = \"Jugador\"")
        .replace("team = \"team\"", "team = \"Equipo\"")
        .replace("position = \"position\"", "position = \"Puesto\"")
        .replace("passes = \"good_passes\"", "passes = \"PB\"")
        .replace("won = \"balls_won\"", "won = \"BR\"")
        .replace("shots = \"shots_on_goal\"", "shots = \"TP\"")
        .replace("conceded = \"goals_conceded\"", "conceded = \"GE\"")
        .replace("saves = \"saves\"", "saves = \"PA\"")
        .replace("price = \"price\"", "price = \"Precio\"");
    dir.write("layouts/league/deck.toml", &layout);
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let text = pdf_text(&dir.read("output/league/deck.pdf"));
    assert!(text.contains("Ana Roble") && text.contains("DEL"), "{text}");
}

#[test]
fn per_card_writes_one_png_per_card_at_the_cards_size() {
    let csv = format!("{HEADER}\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,,\nBea Roble,Club Uno,GK,1,2,3,4,5,6,,2\n");
    let dir = deck_project("deck-per-card", &csv);
    dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--format",
        "pdf",
        "--per-card",
        "--dpi",
        "100",
    ])
    .expect_code(0);
    let mut files: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for e in std::fs::read_dir(dir.join("output/league/deck-cards")).unwrap() {
        let p = e.unwrap().path();
        files.insert(
            p.file_name().unwrap().to_string_lossy().into_owned(),
            png_size(&std::fs::read(&p).unwrap()),
        );
    }
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(names, ["001-ana-roble.png", "002-bea-roble.png", "003-bea-roble.png"]);
    let want = (
        (63.0f64 / 25.4 * 100.0).round() as u32,
        (88.0f64 / 25.4 * 100.0).round() as u32,
    );
    assert!(
        files.values().all(|s| *s == want),
        "every card is {want:?} px at 100 dpi: {files:?}"
    );
}

#[test]
fn per_card_file_names_are_never_empty_nor_leave_their_folder() {
    // A name with no Latin letter gave `001-.png`: it
    // is named after its spreadsheet line instead, and a name that looks
    // like a path stays a name.
    let csv = format!("{HEADER}\nΣωκράτης,Club Uno,FW,10,2,30,0,0,5.5,,\n../../Ana/x,Club Uno,GK,1,2,3,4,5,6,,\n");
    let dir = deck_project("deck-per-card-names", &csv);
    dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--format",
        "pdf",
        "--per-card",
        "--dpi",
        "20",
    ])
    .expect_code(0);
    let mut names: Vec<String> = std::fs::read_dir(dir.join("output/league/deck-cards"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["001-line-2.png", "002-ana-x.png"]);
}

#[test]
fn stats_and_prices_are_written_with_the_languages_decimal_mark() {
    // The spreadsheet may write a fraction with a point or a comma; a Spanish
    // or Catalan card prints "5,5 M", an English one "5.5 M".
    let csv =
        format!("{HEADER}\nAna Roble,Club Uno,FW,10.5,2,30,0,0,5.5,,\nBea Roble,Club Uno,GK,1,2,3,4,\"2,5\",6,,\n");
    let dir = deck_project("deck-decimals", &csv);
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    for (file, mark) in [("deck.pdf", ','), ("deck-ca.pdf", ','), ("deck-en.pdf", '.')] {
        let text = pdf_text(&dir.read(format!("output/league/{file}")));
        for number in ["10.5", "5.5 M", "2.5"] {
            let want = number.replace('.', &mark.to_string());
            assert!(text.contains(&want), "{file} writes {want}: {text}");
        }
        let other = if mark == ',' { "5.5" } else { "5,5" };
        assert!(!text.contains(other), "{file} never writes {other}");
    }
}

/// The mean colour of an embedded JPEG's pixels in `rows` (fractions of its
/// height), decoded as a viewer would.
fn mean_colour(jpeg: &[u8], rows: std::ops::Range<f64>) -> [f64; 3] {
    let img = image::load_from_memory(jpeg).unwrap().to_rgb8();
    let (y0, y1) = (
        (rows.start * img.height() as f64) as u32,
        (rows.end * img.height() as f64) as u32,
    );
    let mut sum = [0.0; 3];
    let mut n = 0.0;
    for y in y0..y1 {
        for x in 0..img.width() {
            let p = img.get_pixel(x, y).0;
            for k in 0..3 {
                sum[k] += p[k] as f64;
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

/// The colour component count a JPEG's frame header declares.
fn jpeg_components(jpeg: &[u8]) -> u8 {
    let at = jpeg
        .windows(2)
        .position(|w| w[0] == 0xFF && matches!(w[1], 0xC0..=0xC2))
        .expect("a start-of-frame marker");
    jpeg[at + 9]
}

/// The `/ColorSpace` of every image in a PDF.
fn colour_spaces(pdf: &[u8]) -> Vec<String> {
    let doc = load_pdf(pdf);
    doc.objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").ok().and_then(|v| v.as_name().ok()) == Some(b"Image"))
        .map(|s| String::from_utf8_lossy(s.dict.get(b"ColorSpace").unwrap().as_name().unwrap()).into_owned())
        .collect()
}

/// The spreadsheet of two players, a forward and a midfielder, whose
/// photos are the files `first` and `second`.
fn two_players(first: &str, second: &str) -> String {
    format!(
        "{HEADER}\n\
         Ana Roble,Club Uno,FW,10,2,30,0,0,5.5,{first},\n\
         Bea Roble,Club Uno,MF,300,40,10,0,0,7,{second},\n"
    )
}

fn assert_colour(got: [f64; 3], want: [f64; 3], what: &str) {
    assert!(
        got.iter().zip(want).all(|(g, w)| (g - w).abs() < 16.0),
        "{what}: embedded {got:.0?}, the photo is {want:?}"
    );
}

#[test]
fn cmyk_and_greyscale_jpegs_print_in_their_own_colours() {
    // A CMYK JPEG as Photoshop and ImageMagick write it (Adobe marker, YCCK)
    // and a greyscale one, both of the frame's shape: passed through as RGB
    // they printed inverted or flat.
    let csv = two_players("cmyk.jpg", "grey.jpg");
    let dir = deck_project("deck-cmyk-grey", &csv);
    let cmyk = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/photos/cmyk-red.jpg")).unwrap();
    std::fs::write(dir.join("layouts/league/photos/cmyk.jpg"), &cmyk).unwrap();
    let grey = image::GrayImage::from_pixel(90, 120, image::Luma([88]));
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 95)
        .encode_image(&grey)
        .unwrap();
    std::fs::write(dir.join("layouts/league/photos/grey.jpg"), &bytes).unwrap();
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let pdf = dir.read("output/league/deck.pdf");
    let imgs = images(&pdf);
    assert_eq!(imgs.len(), 2);
    // What a viewer does: the stream's own components read as the colour
    // space the PDF declares.
    for space in colour_spaces(&pdf) {
        assert_eq!(space, "DeviceRGB");
    }
    for (_, _, _, jpeg) in &imgs {
        assert_eq!(
            jpeg_components(jpeg),
            3,
            "an RGB colour space holds a three-component JPEG"
        );
    }
    let colours: Vec<[f64; 3]> = imgs.iter().map(|i| mean_colour(&i.3, 0.0..1.0)).collect();
    let red = colours.iter().find(|c| c[0] > c[1] + 50.0).copied();
    let grey = colours.iter().find(|c| (c[0] - c[1]).abs() < 10.0).copied();
    assert_colour(red.unwrap_or(colours[0]), [200.0, 60.0, 40.0], "the CMYK photo");
    assert_colour(grey.unwrap_or(colours[1]), [88.0, 88.0, 88.0], "the greyscale photo");
}

/// A JPEG of `w` x `h` pixels whose left half is red and right half blue,
/// with an EXIF block saying it must be turned by `orientation` to stand up.
fn sideways_photo(w: u32, h: u32, orientation: u16) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, _| {
        if x < w / 2 {
            image::Rgb([220, 30, 30])
        } else {
            image::Rgb([30, 30, 220])
        }
    });
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95)
        .encode_image(&img)
        .unwrap();
    // A little-endian TIFF header, as some cameras write it.
    crate::common::with_exif_orientation(&jpeg, orientation as u8, crate::common::ByteOrder::Little)
}

#[test]
fn a_phone_photo_with_an_exif_turn_stands_upright() {
    // Stored 400 x 300, landscape, with orientation 6 (turn 90° clockwise):
    // upright it is 300 x 400, the frame's shape, red above and blue below.
    let csv = format!("{HEADER}\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,phone.jpg,\n");
    let dir = deck_project("deck-exif", &csv);
    std::fs::write(dir.join("layouts/league/photos/phone.jpg"), sideways_photo(400, 300, 6)).unwrap();
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1);
    let (w, h, _, jpeg) = &imgs[0];
    assert_eq!((*w, *h), (300, 400), "upright, the whole photo fills the frame");
    assert_colour(mean_colour(jpeg, 0.05..0.45), [220.0, 30.0, 30.0], "the top half");
    assert_colour(mean_colour(jpeg, 0.55..0.95), [30.0, 30.0, 220.0], "the bottom half");
}

#[test]
fn a_phone_size_photo_is_decoded_small_and_stands_upright() {
    // A 12-megapixel phone photo held upright (stored 4000 x 3000 with
    // orientation 6), and a large greyscale one: decoded at a fraction of
    // their size (the frame prints 390 x 520 pixels at 300 dpi), turned,
    // cropped and resampled to exactly the frame's pixels, colours kept.
    let csv = two_players("phone.jpg", "grey.jpg");
    let dir = deck_project("deck-phone-size", &csv);
    std::fs::write(
        dir.join("layouts/league/photos/phone.jpg"),
        sideways_photo(4000, 3000, 6),
    )
    .unwrap();
    let grey = image::GrayImage::from_fn(3000, 4000, |_, y| image::Luma([if y < 2000 { 40 } else { 200 }]));
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
        .encode_image(&grey)
        .unwrap();
    std::fs::write(dir.join("layouts/league/photos/grey.jpg"), &bytes).unwrap();
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf", "--lang", "en"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck-en.pdf"));
    assert_eq!(imgs.len(), 2);
    for (w, h, _, _) in &imgs {
        assert_eq!((*w, *h), (390, 520), "300 dpi in the 33 x 44 mm frame");
    }
    // The colour photo is the one whose top is red; the other is grey.
    let (phone, grey): (Vec<_>, Vec<_>) = imgs.iter().partition(|i| {
        let top = mean_colour(&i.3, 0.05..0.45);
        top[0] > top[2] + 50.0
    });
    assert_eq!((phone.len(), grey.len()), (1, 1), "one red-topped photo, one grey");
    assert_colour(
        mean_colour(&phone[0].3, 0.55..0.95),
        [30.0, 30.0, 220.0],
        "the bottom half, upright",
    );
    assert_colour(
        mean_colour(&grey[0].3, 0.05..0.45),
        [40.0, 40.0, 40.0],
        "the grey photo's dark top",
    );
    assert_colour(
        mean_colour(&grey[0].3, 0.55..0.95),
        [200.0, 200.0, 200.0],
        "its light bottom",
    );
}

#[test]
fn a_photo_made_once_serves_every_language_and_each_frame_gets_its_own() {
    // One phone photo on the cards of two decks in one build: the shipped
    // template's 33 x 44 mm frame and a square 22 x 22 mm one. The photo is
    // made once per frame and reused by the other languages: every file is
    // the bytes a build of its language alone writes, and each frame has
    // its own pixels.
    let csv = format!("{HEADER}\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,phone.jpg,\n");
    let dir = deck_project("deck-made-once", &csv);
    std::fs::write(
        dir.join("layouts/league/photos/phone.jpg"),
        sideways_photo(2000, 1500, 6),
    )
    .unwrap();
    let template = dir.read_string("templates/cards/player.toml");
    let frame = "box = [5.0, 19.0, 33.0, 44.0]";
    assert!(template.contains(frame), "the shipped photo box");
    dir.write(
        "templates/cards/square.toml",
        &template.replace(frame, "box = [5.0, 19.0, 22.0, 22.0]"),
    );
    let deck = dir.read_string("layouts/league/deck.toml");
    dir.write(
        "layouts/league/square.toml",
        &deck.replace("templates/cards/player.toml", "templates/cards/square.toml"),
    );
    dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "layouts/league/square.toml",
        "--format",
        "pdf",
    ])
    .expect_code(0);
    let sizes = |file: &str| -> Vec<(i64, i64)> { images(&dir.read(file)).iter().map(|i| (i.0, i.1)).collect() };
    assert_eq!(sizes("output/league/deck.pdf"), [(390, 520)], "33 x 44 mm at 300 dpi");
    assert_eq!(sizes("output/league/square.pdf"), [(260, 260)], "22 x 22 mm at 300 dpi");
    for lang in ["en", "ca"] {
        let all = dir.read(format!("output/league/deck-{lang}.pdf"));
        let alone = TestDir::new(&format!("deck-made-once-{lang}"));
        for file in [
            "templates/cards/player.toml",
            "layouts/league/deck.toml",
            "layouts/league/players.csv",
            "layouts/league/photos/phone.jpg",
        ] {
            std::fs::create_dir_all(alone.join(file).parent().unwrap()).unwrap();
            std::fs::copy(dir.join(file), alone.join(file)).unwrap();
        }
        // Made again, not read from the cache the first build filled.
        alone
            .run(&[
                "build",
                "layouts/league/deck.toml",
                "--format",
                "pdf",
                "--lang",
                lang,
                "--no-cache",
            ])
            .expect_code(0);
        assert!(
            all == alone.read(format!("output/league/deck-{lang}.pdf")),
            "the {lang} deck built with the others is the one built alone"
        );
    }
}

/// The command that builds the deck in `dir` in English as PDF into `out`,
/// its photos cached in `cache` (or `off`).
fn deck_build(dir: &TestDir, cache: &Path, out: &str) -> std::process::Command {
    let mut command = crate::common::pitchprint();
    command
        .env("PITCHPRINT_CACHE", cache)
        .args([
            "build",
            "layouts/league/deck.toml",
            "--format",
            "pdf",
            "--lang",
            "en",
            "--out",
            out,
        ])
        .current_dir(dir.path());
    command
}

/// Builds the deck in `dir` into `out` with its photos cached in `cache`
/// (or `off`), verbose, plus `extra` arguments: the PDF's bytes and the
/// line that says how many photos were made and read.
fn build_cached(dir: &TestDir, cache: &Path, out: &str, extra: &[&str]) -> (Vec<u8>, String) {
    let run = deck_build(dir, cache, out).arg("-v").args(extra).output().unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{stderr}");
    let photos = stderr
        .lines()
        .find(|l| l.contains("made for their frames"))
        .unwrap_or_else(|| panic!("a line about the photos:\n{stderr}"))
        .to_string();
    (dir.read(format!("{out}/league/deck-en.pdf")), photos)
}

/// The entries of a photo cache (its `photos` folder).
fn cache_entries(cache: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(cache.join("photos"))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn photos_made_once_are_kept_between_builds_and_print_the_same_bytes() {
    let csv = two_players("ana.jpg", "bea.jpg");
    let dir = deck_project("deck-photo-cache", &csv);
    std::fs::write(dir.join("layouts/league/photos/ana.jpg"), sideways_photo(2000, 1500, 6)).unwrap();
    std::fs::write(dir.join("layouts/league/photos/bea.jpg"), sideways_photo(1600, 1200, 8)).unwrap();
    let cache = dir.join("cache");
    // An empty cache: both made, both kept.
    let (first, said) = build_cached(&dir, &cache, "out1", &[]);
    assert!(
        said.starts_with("2 photos made") && said.ends_with("0 photos read from there"),
        "{said}"
    );
    assert_eq!(cache_entries(&cache).len(), 2, "one entry a photo");
    // The next build reads them, and prints the same bytes.
    let (again, said) = build_cached(&dir, &cache, "out2", &[]);
    assert!(
        said.starts_with("0 photos made") && said.ends_with("2 photos read from there"),
        "{said}"
    );
    assert!(again == first, "the same PDF from the cache");
    // Without the cache, the same bytes, and the cache left as it was.
    let before: Vec<_> = cache_entries(&cache)
        .iter()
        .map(std::fs::read)
        .map(Result::unwrap)
        .collect();
    for (cache, extra) in [(cache.as_path(), &["--no-cache"][..]), (Path::new("off"), &[][..])] {
        let (made, said) = build_cached(&dir, cache, "out3", extra);
        assert_eq!(said, "2 photos made for their frames (no cache)");
        assert!(made == first, "the same PDF without the cache");
    }
    let after: Vec<_> = cache_entries(&cache)
        .iter()
        .map(std::fs::read)
        .map(Result::unwrap)
        .collect();
    assert!(before == after, "nothing read or written with the cache off");
    // Entries broken (cut short, a byte changed) are made again: the same bytes.
    let entries = cache_entries(&cache);
    let whole = std::fs::read(&entries[0]).unwrap();
    std::fs::write(&entries[0], &whole[..whole.len() / 2]).unwrap();
    let mut changed = std::fs::read(&entries[1]).unwrap();
    let middle = changed.len() / 2;
    changed[middle] ^= 1;
    std::fs::write(&entries[1], changed).unwrap();
    let (remade, said) = build_cached(&dir, &cache, "out4", &[]);
    assert!(said.starts_with("2 photos made"), "{said}");
    assert!(remade == first, "the same PDF over a broken cache");
    assert_eq!(
        std::fs::read(&entries[0]).unwrap(),
        whole,
        "the entry written again whole"
    );
    // A photo edited is made again; the other is still read.
    std::fs::write(dir.join("layouts/league/photos/bea.jpg"), sideways_photo(1200, 1600, 1)).unwrap();
    let (edited, said) = build_cached(&dir, &cache, "out5", &[]);
    assert!(
        said.starts_with("1 photo made") && said.ends_with("1 photo read from there"),
        "{said}"
    );
    assert!(edited != first, "the new photo printed");
    let (fresh, _) = build_cached(&dir, Path::new("off"), "out6", &[]);
    assert!(edited == fresh, "as a build without the cache prints it");
    assert_eq!(cache_entries(&cache).len(), 3, "the old photo's entry stays, unused");
}

#[test]
fn two_builds_at_once_share_one_cache() {
    let rows: String = (0..6)
        .map(|i| format!("Player {i},Club Uno,FW,10,2,30,0,0,5.5,p{i}.jpg,\n"))
        .collect();
    let dir = deck_project("deck-photo-cache-twice", &format!("{HEADER}\n{rows}"));
    for i in 0..6 {
        std::fs::write(
            dir.join(format!("layouts/league/photos/p{i}.jpg")),
            sideways_photo(1200 + 100 * i, 900 + 75 * i, [1, 6, 8][i as usize % 3]),
        )
        .unwrap();
    }
    let (alone, _) = build_cached(&dir, Path::new("off"), "alone", &[]);
    let cache = dir.join("cache");
    let builds: Vec<_> = ["a", "b"]
        .map(|out| {
            deck_build(&dir, &cache, out)
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .into_iter()
        .collect();
    for mut build in builds {
        assert!(build.wait().unwrap().success());
    }
    for out in ["a", "b"] {
        assert!(
            dir.read(format!("{out}/league/deck-en.pdf")) == alone,
            "{out}: a build alone's bytes"
        );
    }
    let entries = cache_entries(&cache);
    assert_eq!(
        entries.len(),
        6,
        "one whole entry a photo, no temporary file: {entries:?}"
    );
    let (cached, said) = build_cached(&dir, &cache, "c", &[]);
    assert!(said.ends_with("6 photos read from there"), "{said}");
    assert!(cached == alone);
}

#[test]
fn a_photo_cut_short_is_a_warning_at_its_cell() {
    let csv = format!("{HEADER}\nAna Roble,Club Uno,FW,10,2,30,0,0,5.5,cut.jpg,\n");
    let dir = deck_project("deck-cut-photo", &csv);
    photo(&dir, "cut.jpg", 300, 400, 90);
    let whole = dir.read("layouts/league/photos/cut.jpg");
    std::fs::write(dir.join("layouts/league/photos/cut.jpg"), &whole[..whole.len() * 2 / 3]).unwrap();
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("warning[card-photo]")
            && run
                .stderr
                .contains(&format!("players.csv:2:{}", crate::common::csv_column(&csv, 2, 10)))
            && run.stderr.contains("ends early"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_semicolon_csv_with_decimal_commas_is_read_as_excel_writes_it() {
    // What Excel saves as "CSV" where the decimal mark is a comma.
    let csv = format!(
        "\u{feff}{}\r\nAna Roble;Club Uno;FW;10;2;30;0;0;5,5;;\r\nBea Roble;Club Uno;GK;1;2;3;4;5;6;;\r\n",
        HEADER.replace(',', ";")
    );
    let dir = deck_project("deck-semicolon", &csv);
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf", "--lang", "es"])
        .expect_code(0);
    let text = pdf_text(&dir.read("output/league/deck.pdf"));
    assert!(text.contains("Ana Roble") && text.contains("Bea Roble"), "{text}");
    assert!(text.contains("5,5"), "the price 5,5 read as five and a half: {text}");
}

#[test]
fn a_workbook_given_as_data_is_named_and_not_echoed() {
    let dir = deck_project("deck-xlsx", "");
    let mut zip = b"PK\x03\x04\x14\x00\x06\x00\x08\x00".to_vec();
    zip.extend([0u8, 0xff, 0x13, 0x37, b'[', b'C', b'o', 0]);
    std::fs::write(dir.join("layouts/league/players.csv"), &zip).unwrap();
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("workbook") && run.stderr.contains("CSV UTF-8"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("PK"),
        "the file's bytes are not echoed: {}",
        run.stderr
    );
}
