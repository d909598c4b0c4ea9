//! Print-shop targets (`--target`), read back as a shop's preflight reads
//! them: PDF/X keys, output intent and profile, CMYK only, total ink, page
//! order and boxes with lopdf; faces' pixel sizes and resolution; the
//! preflight's findings on planted faults.

use std::sync::OnceLock;

use lopdf::{Document, Object};

use crate::common::{self, TestDir};

/// The columns of the shipped deck's spreadsheet, before any photo.
const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price";

/// Points in a millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// A shipped layout built for `target` in English into its own folder,
/// once for every test that reads it.
fn built(layout: &str, target: &str) -> (TestDir, common::Run) {
    built_with(layout, target, &[])
}

/// [`built`], with more arguments on the command line.
fn built_with(layout: &str, target: &str, more: &[&str]) -> (TestDir, common::Run) {
    let dir = TestDir::new(&format!("target-{target}"));
    let out = dir.join("out");
    let layout = common::shipped(layout);
    let mut args = vec![
        "build",
        layout.to_str().unwrap(),
        "--target",
        target,
        "--lang",
        "en",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(more);
    let run = dir.run(&args);
    (dir, run)
}

fn dtc_deck() -> &'static (TestDir, common::Run) {
    static DIR: OnceLock<(TestDir, common::Run)> = OnceLock::new();
    DIR.get_or_init(|| built("layouts/league/deck.toml", "drivethrucards"))
}

fn offset_deck() -> &'static (TestDir, common::Run) {
    static DIR: OnceLock<(TestDir, common::Run)> = OnceLock::new();
    DIR.get_or_init(|| built("layouts/league/deck.toml", "offset"))
}

fn pdf(dir: &TestDir, rel: &str) -> (Vec<u8>, Document) {
    let bytes = dir.read(rel);
    let doc = common::load_pdf(&bytes);
    (bytes, doc)
}

fn string(doc: &Document, dict: &lopdf::Dictionary, key: &str) -> String {
    let o = dict.get(key.as_bytes()).unwrap_or_else(|_| panic!("no /{key}"));
    let (_, o) = doc.dereference(o).unwrap();
    match o {
        Object::String(b, _) => String::from_utf8_lossy(b).into_owned(),
        Object::Name(n) => String::from_utf8_lossy(n).into_owned(),
        other => panic!("/{key} is {other:?}"),
    }
}

fn info(doc: &Document) -> lopdf::Dictionary {
    let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
    doc.get_dictionary(id).unwrap().clone()
}

fn catalog(doc: &Document) -> lopdf::Dictionary {
    doc.catalog().unwrap().clone()
}

/// Every page's operations, forms inlined, with its resources.
fn page_ops(doc: &Document) -> Vec<Vec<lopdf::content::Operation>> {
    doc.get_pages()
        .values()
        .map(|&id| {
            let content = doc.get_page_content(id);
            let ops = lopdf::content::Content::decode(&content).unwrap().operations;
            let res = common::page_resources(doc, id);
            common::inline_forms(doc, ops, res.as_ref(), 0)
        })
        .collect()
}

/// The output intent's checks every PDF/X file passes, for `identifier`
/// and its profile's file.
fn assert_output_intent(doc: &Document, identifier: &str, profile_file: &str) {
    let cat = catalog(doc);
    let intents = cat.get(b"OutputIntents").unwrap().as_array().unwrap();
    assert_eq!(intents.len(), 1);
    let (_, intent) = doc.dereference(&intents[0]).unwrap();
    let intent = intent.as_dict().unwrap();
    assert_eq!(string(doc, intent, "S"), "GTS_PDFX");
    assert_eq!(string(doc, intent, "OutputConditionIdentifier"), identifier);
    assert_eq!(string(doc, intent, "RegistryName"), "http://www.color.org");
    let id = intent.get(b"DestOutputProfile").unwrap().as_reference().unwrap();
    let stream = doc.get_object(id).unwrap().as_stream().unwrap();
    assert_eq!(stream.dict.get(b"N").unwrap().as_i64().unwrap(), 4);
    let profile = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
    let shipped = std::fs::read(common::project_root().join("templates/icc").join(profile_file)).unwrap();
    assert_eq!(
        profile, shipped,
        "the profile embedded is the one the colours were separated with"
    );
    assert_eq!(&profile[16..20], b"CMYK", "an output profile of CMYK data");
    assert_eq!(&profile[12..16], b"prtr", "an output (printer) profile");
}

/// The document keys every PDF/X file has: the header's `version`, the
/// standard's `/GTS_PDFXVersion`, `/Trapped`, both dates, and CMYK only.
fn assert_pdfx(bytes: &[u8], doc: &Document, version: &str, pdfx: &str) {
    assert!(
        bytes.starts_with(format!("%PDF-{version}\n").as_bytes()),
        "{pdfx} is PDF {version}"
    );
    let info = info(doc);
    assert_eq!(string(doc, &info, "GTS_PDFXVersion"), pdfx);
    assert_eq!(string(doc, &info, "Trapped"), "False");
    assert!(string(doc, &info, "CreationDate").starts_with("D:"));
    assert!(string(doc, &info, "ModDate").starts_with("D:"));
    assert_cmyk_only(bytes, doc);
}

/// What no PDF/X of CMYK data may hold: an RGB colour operator or colour
/// space, anywhere.
fn assert_cmyk_only(bytes: &[u8], doc: &Document) {
    for needle in [&b"/DeviceRGB"[..], b"/CalRGB", b"/Indexed", b"/Separation"] {
        assert!(
            !bytes.windows(needle.len()).any(|w| w == needle),
            "{} appears in the file",
            String::from_utf8_lossy(needle)
        );
    }
    for (p, ops) in page_ops(doc).iter().enumerate() {
        for op in ops {
            assert!(
                !["rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS"].contains(&op.operator.as_str()),
                "page {}: {} {:?}",
                p + 1,
                op.operator,
                op.operands
            );
        }
    }
    for (id, object) in &doc.objects {
        if let Ok(stream) = object.as_stream()
            && stream.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image")
            && stream.dict.get(b"SMask").is_err()
            && stream.dict.get(b"Width").is_ok()
        {
            let space = stream.dict.get(b"ColorSpace").and_then(Object::as_name).unwrap();
            assert!(
                space == b"DeviceCMYK" || space == b"DeviceGray",
                "image {id:?} in {}",
                String::from_utf8_lossy(space)
            );
        }
    }
}

/// The most ink any vector colour lays down (the `k` and `K` operators'
/// four values), in percent.
fn vector_ink(doc: &Document) -> f64 {
    page_ops(doc)
        .iter()
        .flatten()
        .filter(|op| op.operator == "k" || op.operator == "K")
        .map(|op| op.operands.iter().map(|o| o.as_float().unwrap() as f64).sum::<f64>() * 100.0)
        .fold(0.0, f64::max)
}

/// The most ink any pixel of the file's CMYK JPEGs lays down, decoded, in
/// percent. jpeg-decoder undoes Adobe's inverted samples itself (by the
/// file's APP14 marker), as the `/Decode [1 0 1 0 1 0 1 0]` the PDF gives
/// them makes a PDF reader do.
fn picture_ink(doc: &Document) -> f64 {
    let mut worst = 0.0f64;
    for object in doc.objects.values() {
        let Ok(stream) = object.as_stream() else { continue };
        if stream.dict.get(b"Filter").and_then(Object::as_name).ok() != Some(b"DCTDecode") {
            continue;
        }
        assert!(
            stream.dict.get(b"Decode").is_ok(),
            "Adobe's inverted CMYK samples need their /Decode"
        );
        let mut decoder = jpeg_decoder::Decoder::new(&stream.content[..]);
        let pixels = decoder.decode().expect("a JPEG that decodes");
        assert_eq!(decoder.info().unwrap().pixel_format, jpeg_decoder::PixelFormat::CMYK32);
        for px in pixels.chunks_exact(4) {
            let sum: f64 = px.iter().map(|&v| f64::from(v)).sum();
            worst = worst.max(sum * 100.0 / 255.0);
        }
    }
    worst
}

#[test]
fn drivethrucards_deck_is_pdf_x1a_cmyk_within_240_percent_back_before_front_at_us_poker_size() {
    let (dir, run) = dtc_deck();
    run.expect_code(0);
    let (bytes, doc) = pdf(dir, "out/drivethrucards/league/deck-en.pdf");
    assert_pdfx(&bytes, &doc, "1.4", "PDF/X-1:2003");
    assert_eq!(string(&doc, &info(&doc), "GTS_PDFXConformance"), "PDF/X-1a:2003");
    assert!(catalog(&doc).get(b"ViewerPreferences").is_err(), "no PDF 1.7 /Duplex");
    assert_output_intent(&doc, "CGATS TR 003", "pitchprint-tr003-240.icc");
    // No transparency in X-1a: no soft mask, no transparency group, no
    // constant alpha.
    for needle in [&b"/SMask"[..], b"/Group", b"/CA ", b"/ca "] {
        assert!(!bytes.windows(needle.len()).any(|w| w == needle));
    }
    // Every font embedded.
    for font in common::pdf_fonts(&bytes) {
        assert!(font.program_len > 0, "{} is embedded", font.base_font);
    }
    // 160 cards, a page a face: 2.75 x 3.75 in, the trim 2.5 x 3.5 in
    // inside 1/8 in of bleed, no marks.
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 320);
    for (&n, &id) in &pages {
        let mb = common::media_box(&doc, id);
        assert!(
            (mb[2] - 198.0).abs() < 0.01 && (mb[3] - 270.0).abs() < 0.01,
            "page {n}: {mb:?}"
        );
        let page = doc.get_dictionary(id).unwrap();
        let trim: Vec<f64> = page
            .get(b"TrimBox")
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_float().unwrap() as f64)
            .collect();
        let want = [9.0, 9.0, 189.0, 261.0];
        assert!(
            trim.iter().zip(want).all(|(a, b)| (a - b).abs() < 0.01),
            "page {n}: {trim:?}"
        );
        assert!(page.get(b"BleedBox").is_ok());
        // A back (odd pages) shows no photo; a front (even pages) one.
        let photos = page_ops(&doc)[(n - 1) as usize]
            .iter()
            .filter(|op| op.operator == "Do")
            .count();
        assert_eq!(
            photos > 0,
            n % 2 == 0,
            "page {n} should be a {}",
            if n % 2 == 0 { "front" } else { "back" }
        );
    }
    let texts = common::pdf_page_texts(&bytes);
    assert!(texts[1].contains("Adrián Abril"), "{}", texts[1]);
    assert!(texts[0].contains("LEAGUE"), "{}", texts[0]);
    assert!(vector_ink(&doc) <= 240.0 + 0.01, "{}", vector_ink(&doc));
    let photos = picture_ink(&doc);
    assert!(photos <= 240.0, "within 240 %: {photos}");
    assert!(photos > 100.0, "the photos were separated, not blank: {photos}");
}

#[test]
fn text_on_a_card_is_black_ink_alone() {
    let (dir, _) = dtc_deck();
    let (_, doc) = pdf(dir, "out/drivethrucards/league/deck-en.pdf");
    // The fill colour in force at every text object of a front (page 2).
    let ops = &page_ops(&doc)[1];
    let mut fill: Vec<f64> = Vec::new();
    let mut text_fills = Vec::new();
    for op in ops {
        match op.operator.as_str() {
            "k" => fill = op.operands.iter().map(|o| o.as_float().unwrap() as f64).collect(),
            "Tj" | "TJ" => text_fills.push(fill.clone()),
            _ => {}
        }
    }
    assert!(text_fills.len() >= 10, "{text_fills:?}");
    // The name (near-black ink) and the stat labels (muted grey, 6.5 pt):
    // K only. White text is no ink at all.
    let k_only = text_fills.iter().filter(|f| f[..3] == [0.0, 0.0, 0.0]).count();
    assert_eq!(k_only, text_fills.len(), "{text_fills:?}");
    assert!(
        text_fills.iter().any(|f| f[3] > 0.8),
        "black text in solid-ish K: {text_fills:?}"
    );
}

#[test]
fn offset_deck_is_pdf_x4_with_fogra39_keeps_european_poker_and_3_mm_bleed_front_first() {
    let (dir, run) = offset_deck();
    run.expect_code(0);
    let (bytes, doc) = pdf(dir, "out/offset/league/deck-en.pdf");
    assert_pdfx(&bytes, &doc, "1.6", "PDF/X-4");
    assert_output_intent(&doc, "FOGRA39", "pitchprint-fogra39-300.icc");
    // XMP says the same (PDF/X-4 requires it).
    let meta = catalog(&doc).get(b"Metadata").unwrap().as_reference().unwrap();
    let xmp = String::from_utf8(doc.get_object(meta).unwrap().as_stream().unwrap().content.clone()).unwrap();
    for want in [
        "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>",
        "<pdf:Trapped>False</pdf:Trapped>",
        "<xmpMM:DocumentID>uuid:",
        "<xmpMM:VersionID>1</xmpMM:VersionID>",
        "<xmpMM:RenditionClass>default</xmpMM:RenditionClass>",
        "<xmp:CreateDate>",
    ] {
        assert!(xmp.contains(want), "{want} in {xmp}");
    }
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 320);
    let first = *pages.values().next().unwrap();
    let mb = common::media_box(&doc, first);
    // 63 x 88 mm (an offset printer cuts any size) and 3 mm a side.
    assert!(
        (mb[2] / PT_PER_MM - 69.0).abs() < 0.01 && (mb[3] / PT_PER_MM - 94.0).abs() < 0.01,
        "{mb:?}"
    );
    let texts = common::pdf_page_texts(&bytes);
    assert!(texts[0].contains("Adrián Abril"), "the front first: {}", texts[0]);
    assert!(vector_ink(&doc) <= 300.0 + 0.01);
    assert!(picture_ink(&doc) <= 300.0);
}

#[test]
fn banknotes_for_offset_pass_the_preflight_and_stay_within_300_percent() {
    let (dir, run) = built("layouts/league/banknotes.toml", "offset");
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    let (bytes, doc) = pdf(&dir, "out/offset/league/banknotes-en.pdf");
    assert_cmyk_only(&bytes, &doc);
    assert!(vector_ink(&doc) <= 300.0 + 0.01);
    // A note a page, 100 x 50 mm and 3 mm of bleed, its back after it.
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 240);
    let mb = common::media_box(&doc, pages[&1]);
    assert!((mb[2] / PT_PER_MM - 106.0).abs() < 0.01 && (mb[3] / PT_PER_MM - 56.0).abs() < 0.01);
}

#[test]
fn a_lower_ink_limit_is_kept_by_every_colour_and_pixel() {
    let (dir, run) = built_with("layouts/league/deck.toml", "offset", &["--ink-limit", "160"]);
    run.expect_code(0);
    let (_, doc) = pdf(&dir, "out/offset/league/deck-en.pdf");
    assert!(vector_ink(&doc) <= 160.0 + 0.01, "{}", vector_ink(&doc));
    assert!(picture_ink(&doc) <= 160.0, "{}", picture_ink(&doc));
    // Without the limit the darkest colours use more.
    let (dir, _) = offset_deck();
    let (_, doc) = pdf(dir, "out/offset/league/deck-en.pdf");
    assert!(vector_ink(&doc) > 180.0, "{}", vector_ink(&doc));
    assert!(picture_ink(&doc) > 180.0, "{}", picture_ink(&doc));
}

#[test]
fn the_same_target_build_writes_the_same_bytes_twice() {
    let (dir, _) = dtc_deck();
    let (again, run) = built("layouts/league/deck.toml", "drivethrucards");
    run.expect_code(0);
    let rel = "out/drivethrucards/league/deck-en.pdf";
    assert!(dir.read(rel) == again.read(rel), "two builds differ");
}

/// The faces a shop's target wrote for a deck, by name, sorted.
fn faces(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Every face is `size` pixels and says 300 dpi.
fn assert_faces(folder: &std::path::Path, names: &[String], size: (u32, u32)) {
    for name in names {
        let png = std::fs::read(folder.join(name)).unwrap();
        assert_eq!(common::png_size(&png), size, "{name}");
        let dpi = common::png_dpi(&png).expect("pHYs");
        assert!((dpi - 300.0).abs() < 0.01, "{name}: {dpi}");
        assert_tagged_srgb(&png, name);
    }
}

/// The face says its colours are sRGB: an `sRGB` chunk (perceptual) before
/// the image data, and the file still decodes whole (every CRC right).
fn assert_tagged_srgb(png: &[u8], name: &str) {
    let mut at = 8;
    let mut chunks = Vec::new();
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        chunks.push((png[at + 4..at + 8].to_vec(), png[at + 8..at + 8 + len].to_vec()));
        at += 12 + len;
    }
    let position = |kind: &[u8]| chunks.iter().position(|(k, _)| k == kind);
    let srgb = position(b"sRGB").unwrap_or_else(|| panic!("{name}: no sRGB chunk"));
    assert!(srgb < position(b"IDAT").unwrap(), "{name}: sRGB after the image data");
    assert_eq!(chunks[srgb].1, [0], "{name}: perceptual intent");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("the header reads");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut pixels).expect("the face decodes whole");
}

#[test]
fn mpc_writes_a_300_dpi_png_per_front_and_one_shared_back_at_822_by_1122() {
    let (dir, run) = built("layouts/league/deck.toml", "mpc");
    run.expect_code(0);
    let out = dir.join("out");
    let folder = out.join("mpc/league/deck-en");
    let names = faces(&folder);
    assert_eq!(names.len(), 161, "{names:?}");
    assert_eq!(names[0], "back.png");
    assert_eq!(names[1], "front-001.png");
    assert_eq!(names[160], "front-160.png");
    assert_faces(
        &folder,
        &[names[0].clone(), names[1].clone(), names[160].clone()],
        (822, 1122),
    );
}

#[test]
fn tgc_writes_825_by_1125_faces_and_an_earlier_builds_extra_faces_go() {
    let csv = &format!("{HEADER}\nAna,Uno,FW,1,1,1,0,0,5\nBea,Uno,DF,1,1,1,0,0,5\nCris,Dos,GK,1,1,1,0,0,5\n");
    let dir = common::deck_project("target-faces-tgc", csv);
    dir.run(&["build", "layouts/league/deck.toml", "--target", "tgc", "--lang", "en"])
        .expect_code(0);
    let folder = dir.join("output/tgc/league/deck-en");
    let names = faces(&folder);
    assert_eq!(names, ["back.png", "front-001.png", "front-002.png", "front-003.png"]);
    assert_faces(&folder, &names, (825, 1125));
    // One card fewer: its face goes, as a page of a shorter document does.
    let two = csv.lines().take(3).collect::<Vec<_>>().join("\n") + "\n";
    dir.write("layouts/league/players.csv", &two);
    dir.run(&["build", "layouts/league/deck.toml", "--target", "tgc", "--lang", "en"])
        .expect_code(0);
    assert_eq!(faces(&folder), ["back.png", "front-001.png", "front-002.png"]);
}

#[test]
fn a_board_is_not_a_card_for_a_shop_that_prints_faces() {
    let run = common::run_in(
        common::project_root(),
        &[
            "check",
            "layouts/dice-football/pitch.toml",
            "--target",
            "mpc",
            "--lang",
            "en",
        ],
    );
    run.expect_code(1);
    assert!(run.stderr.contains("error[target-size]"), "{}", run.stderr);
    let dir = TestDir::new("target-board-faces");
    let out = dir.join("out");
    let run = dir.run(&[
        "build",
        common::shipped("layouts/dice-football/pitch.toml").to_str().unwrap(),
        "--target",
        "mpc",
        "--out",
        out.to_str().unwrap(),
    ]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[target-size]") && run.stderr.contains("one image a face"),
        "{}",
        run.stderr
    );
    assert!(!out.exists() || common::files_with_extension(&out, "png").is_empty());
}

#[test]
fn a_size_the_shop_does_not_cut_is_refused_naming_the_sizes_it_cuts() {
    let dir = common::deck_project("target-size", &format!("{HEADER}\nAna,Uno,FW,1,1,1,0,0,5\n"));
    let template = common::project_file("templates/cards/player.toml");
    dir.write(
        "templates/cards/player.toml",
        &template.replacen("size = \"poker\"", "size = [70.0, 100.0]", 1),
    );
    let run = dir.run(&[
        "check",
        "layouts/league/deck.toml",
        "--target",
        "drivethrucards",
        "--lang",
        "en",
    ]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[target-size]")
            && run.stderr.contains("DriveThruCards does not cut cards of 70 x 100 mm")
            && run.stderr.contains("poker 63.5 x 88.9 mm"),
        "{}",
        run.stderr
    );
    // Items that are not cards at all: banknotes at a card shop.
    let notes = common::run_in(
        common::project_root(),
        &[
            "check",
            "layouts/league/banknotes.toml",
            "--target",
            "drivethrucards",
            "--lang",
            "en",
        ],
    );
    notes.expect_code(1);
    assert!(
        notes.stderr.contains("error[target-size]") && notes.stderr.contains("does not cut items of 100 x 50 mm"),
        "{}",
        notes.stderr
    );
    // The same size at home, and at an offset printer (which makes a die).
    dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"])
        .expect_code(0);
    dir.run(&[
        "check",
        "layouts/league/deck.toml",
        "--target",
        "offset",
        "--lang",
        "en",
    ])
    .expect_code(0);
}

#[test]
fn check_target_names_a_low_resolution_photo_small_coloured_text_and_text_near_the_trim() {
    let dir = common::deck_project(
        "target-preflight",
        &format!("{HEADER},photo\nAna,Uno,FW,1,1,1,0,0,5,ana.png\n"),
    );
    // A 150 ppi photo for the 33 x 44 mm frame.
    let (w, h) = (195u32, 260u32);
    let pixels: Vec<u8> = (0..w * h).flat_map(|i| [(i % 251) as u8, 90, 160]).collect();
    let png = pitchprint::scene::picture::encode(&pixels, w, h, 3).unwrap();
    std::fs::write(dir.join("layouts/league/photos/ana.png"), png).unwrap();
    let template = common::project_file("templates/cards/player.toml");
    // The team's name in red at 6 pt, and the name's box 1 mm from the edge.
    let template = common::replace_line(&template, "muted =", "muted = \"#c0392b\"");
    let template = template.replacen("box = [5.0, 5.0, 41.0, 7.0]", "box = [1.0, 5.0, 45.0, 7.0]", 1);
    dir.write("templates/cards/player.toml", &template);
    let deck = dir.read_string("layouts/league/deck.toml");
    if !deck.contains("photos =") {
        panic!("the deck names its photos folder:\n{deck}");
    }
    let run = dir.run(&[
        "check",
        "layouts/league/deck.toml",
        "--target",
        "drivethrucards",
        "--lang",
        "en",
        "--json",
    ]);
    run.expect_code(0);
    let codes = run.json_codes();
    for code in ["target-resolution", "target-text", "target-safe"] {
        assert!(codes.iter().any(|c| c == code), "{code} in {codes:?}\n{}", run.stdout);
    }
    let findings = common::json_findings(&run.stdout);
    let res = findings.iter().find(|f| f["code"] == "target-resolution").unwrap();
    assert!(res["message"].as_str().unwrap().contains("150 ppi"), "{res}");
    // At home none of them.
    let home = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en", "--json"]);
    assert!(!home.json_codes().iter().any(|c| c.starts_with("target-")));
}

#[test]
fn a_kit_for_an_offset_printer_is_one_pdf_x4_in_cmyk_and_a_card_shop_is_refused() {
    let dir = TestDir::new("target-kit");
    let out = dir.join("out");
    let run = common::run_in(
        common::project_root(),
        &[
            "kit",
            "league",
            "--lang",
            "en",
            "--target",
            "offset",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    run.expect_code(0);
    let (bytes, doc) = pdf(&dir, "out/offset/league/kit-en.pdf");
    assert_pdfx(&bytes, &doc, "1.6", "PDF/X-4");
    assert_output_intent(&doc, "FOGRA39", "pitchprint-fogra39-300.icc");
    assert!(vector_ink(&doc) <= 300.0 + 0.01);
    assert!(doc.get_pages().len() > 50);
    let refused = common::run_in(common::project_root(), &["kit", "league", "--target", "mpc"]);
    refused.expect_code(2);
    assert!(refused.stderr.contains("build the deck alone"), "{}", refused.stderr);
}

#[test]
fn a_layouts_own_target_and_its_profiles_are_taken_and_the_command_line_wins() {
    let csv = &format!("{HEADER}\nAna,Uno,FW,1,1,1,0,0,5\n");
    let dir = common::deck_project("target-in-layout", csv);
    let deck = dir.read_string("layouts/league/deck.toml");
    let deck = deck.replacen("[print]\n", "[print]\ntarget = \"drivethrucards\"\n", 1);
    assert!(
        deck.contains("target = \"drivethrucards\""),
        "the deck has a [print] table"
    );
    dir.write("layouts/league/deck.toml", &deck);
    dir.run(&["build", "layouts/league/deck.toml", "--lang", "en"])
        .expect_code(0);
    let (bytes, doc) = pdf(&dir, "output/drivethrucards/league/deck-en.pdf");
    assert!(bytes.starts_with(b"%PDF-1.4\n"));
    assert_eq!(doc.get_pages().len(), 2, "back and front of one card");
    // --target wins over it.
    dir.run(&["build", "layouts/league/deck.toml", "--lang", "en", "--target", "home"])
        .expect_code(0);
    assert!(dir.join("output/league/deck-en.pdf").is_file());
    // A printer profile's target is lent to a layout that names none.
    let dir = common::deck_project("target-in-profile", csv);
    dir.write("pitchprint.toml", "[print]\ntarget = \"offset\"\n");
    dir.run(&["build", "layouts/league/deck.toml", "--lang", "en"])
        .expect_code(0);
    let (bytes, _) = pdf(&dir, "output/offset/league/deck-en.pdf");
    assert!(bytes.starts_with(b"%PDF-1.6\n"));
    // A name there is not is refused at its line.
    dir.write("pitchprint.toml", "[print]\ntarget = \"kinkos\"\n");
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("pitchprint.toml:2:10") && run.stderr.contains("drivethrucards"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_main_job_writes_a_layouts_own_target_and_still_makes_its_games_kit_for_home() {
    let dir = TestDir::new("target-main-job");
    common::copy_project(&dir);
    let deck = dir.read_string("layouts/league/deck.toml");
    dir.write(
        "layouts/league/deck.toml",
        &deck.replacen("[print]\n", "[print]\ntarget = \"drivethrucards\"\n", 1),
    );
    let run = dir.run(&["build", "--lang", "en"]);
    run.expect_code(0);
    assert!(run.stderr.contains("and 4 kits"), "{}", run.stderr);
    let (bytes, _) = pdf(&dir, "output/drivethrucards/league/deck-en.pdf");
    assert!(bytes.starts_with(b"%PDF-1.4\n"));
    assert!(
        !dir.join("output/league/deck-en.pdf").exists(),
        "the deck is written once, for its shop"
    );
    // The kit holds the deck as a home printer prints it: RGB sheets.
    let kit = dir.read("output/league/kit-en.pdf");
    assert!(kit.starts_with(b"%PDF-1.7\n"));
    assert!(common::pdf_text(&kit).contains("Adrián Abril"));
}

#[test]
fn an_ink_limit_without_a_pdfx_target_or_above_the_shops_is_refused_and_writes_nothing() {
    // An ink limit is a promise about a CMYK PDF/X file: never silently
    // dropped (a home build is RGB) or lowered (offset's own limit is 300).
    let dir = TestDir::new("target-ink-limit-refused");
    let layout = common::shipped("layouts/league/deck.toml");
    let layout = layout.to_str().unwrap();
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--ink-limit", "250"],
            "give it with --target drivethrucards or --target offset",
        ),
        (vec!["--ink-limit", "230", "--target", "mpc"], "--target mpc writes RGB"),
        (
            vec!["--ink-limit", "320", "--target", "offset"],
            "above the offset limit of 300 %",
        ),
        (
            vec!["--ink-limit", "241", "--target", "drivethrucards"],
            "give at most 240",
        ),
    ] {
        let mut all = vec!["build", layout, "--lang", "en", "--out", out];
        all.extend(&args);
        let run = dir.run(&all);
        run.expect_code(2);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("Usage: pitchprint build"), "{}", run.stderr);
        assert!(!dir.join("out").exists(), "{args:?} wrote files");
    }
    let run = dir.run(&["kit", "league", "--ink-limit", "250", "--out", out]);
    run.expect_code(2);
    assert!(run.stderr.contains("use --target offset"), "{}", run.stderr);
    // At the shop's own limit or under it, taken.
    let (_, run) = built_with("layouts/league/deck.toml", "drivethrucards", &["--ink-limit", "240"]);
    run.expect_code(0);
}
