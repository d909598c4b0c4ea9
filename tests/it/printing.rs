//! Printing as a print dialog and a duplex printer see it: every
//! duplex document's backs land behind their fronts when the sheet turns the
//! way its PDF tells the dialog; every PDF asks for 100 % and names its flip,
//! language and title; sheets of items say their settings in the margin,
//! clear of everything else; cut lines never cross art; and every shipped
//! layout builds on A4, Letter and A3.

use std::path::{Path, PathBuf};

use crate::common::{
    MmRect, TestDir, assert_close, imposed, load_pdf, main_job, numbers, project_file, project_root, readme_build,
    replace_line, turned_over, viewer_pref,
};
use pitchprint::input::world::Disk;
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::tag::Tag;

const TOL: f64 = 0.01;

/// Every PDF a build wrote under `dir/output`, sorted.
fn pdfs(dir: &TestDir) -> Vec<PathBuf> {
    let root = dir.join("output");
    // Listed relative to the folder.
    let mut out: Vec<PathBuf> = crate::common::files_with_ext(&root, &["pdf"])
        .into_iter()
        .map(|p| root.join(p))
        .collect();
    out.sort();
    assert!(!out.is_empty(), "the build wrote PDFs");
    out
}

/// Whether a PDF is a game's print-and-play kit (`kit.pdf`, `kit-en.pdf`),
/// which has no layout of its own and no SVG pages.
fn is_kit(pdf: &Path) -> bool {
    let stem = pdf.file_stem().unwrap().to_string_lossy();
    stem == "kit" || stem.strip_prefix("kit-").is_some_and(|l| l.len() == 2)
}

/// Every PDF of a layout under `dir/output` (the kits left out), sorted.
fn layout_pdfs(dir: &TestDir) -> Vec<PathBuf> {
    pdfs(dir).into_iter().filter(|p| !is_kit(p)).collect()
}

/// The SVG pages written beside `pdf`: `name.svg`, or `name-1.svg`, `name-2.svg`, ….
fn svg_pages(pdf: &Path, count: usize) -> Vec<String> {
    let stem = pdf.with_extension("");
    let name = stem.file_name().unwrap().to_string_lossy().into_owned();
    (1..=count)
        .map(|i| {
            let file = if count == 1 {
                stem.with_file_name(format!("{name}.svg"))
            } else {
                stem.with_file_name(format!("{name}-{i}.svg"))
            };
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        })
        .collect()
}

/// The language a file was built in, from its name (`rules-en.pdf`; the
/// default language has no suffix).
fn lang_of(pdf: &Path) -> &'static str {
    let stem = pdf.file_stem().unwrap().to_string_lossy();
    ["en", "ca"]
        .into_iter()
        .find(|l| stem.ends_with(&format!("-{l}")))
        .unwrap_or("es")
}

/// The shipped labels of `lang`, flattened to `section.key`.
fn labels(lang: &str) -> toml::Table {
    toml::from_str(&project_file(&format!("templates/i18n/{lang}.toml"))).unwrap()
}

fn label(table: &toml::Table, section: &str, key: &str) -> String {
    table[section][key]
        .as_str()
        .unwrap_or_else(|| panic!("{section}.{key}"))
        .to_string()
}

fn page_size(svg: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let vb = numbers(doc.root_element().attribute("viewBox").unwrap());
    (vb[2], vb[3])
}

/// Turns every back page of a duplex document over the edge its PDF names,
/// after a printer that drifts by `-offset` (the drift the layout's
/// `back_offset` corrects), and requires each front's trim to lie on its
/// back's trim. Returns how many items were checked.
fn assert_backs_behind_fronts(pages: &[String], long: bool, offset: (f64, f64), what: &str) -> usize {
    assert!(pages.len().is_multiple_of(2), "{what}: fronts and backs alternate");
    let mut checked = 0;
    for (sheet, pair) in pages.chunks(2).enumerate() {
        let (w, h) = page_size(&pair[0]);
        assert_eq!(page_size(&pair[1]), (w, h), "{what}: the back page is the front's size");
        let fronts: Vec<(u32, MmRect)> = imposed(&pair[0], "item-front")
            .into_iter()
            .map(|(i, r, _)| (i, r))
            .collect();
        let backs: Vec<(u32, MmRect)> = imposed(&pair[1], "item-back")
            .into_iter()
            .map(|(i, r, _)| (i, r))
            .collect();
        assert_eq!(
            fronts.len(),
            backs.len(),
            "{what}, sheet {}: a back per front",
            sheet + 1
        );
        for (i, f) in &fronts {
            let (_, b) = backs
                .iter()
                .find(|(j, _)| j == i)
                .unwrap_or_else(|| panic!("{what}: no back for item {i}"));
            // Where the printer really puts the back, then the turn.
            let (bx, by) = (b.x - offset.0, b.y - offset.1);
            let (x, y) = turned_over(bx, by, b.w, b.h, w, h, long);
            let at = format!("{what}, sheet {}, item {i} ({w} x {h})", sheet + 1);
            assert_close(x, f.x, TOL, &format!("{at}: x"));
            assert_close(y, f.y, TOL, &format!("{at}: y"));
            assert_close(b.w, f.w, TOL, &format!("{at}: width"));
            assert_close(b.h, f.h, TOL, &format!("{at}: height"));
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_shipped_duplex_document_puts_each_back_behind_its_front_as_its_pdf_says_to_turn() {
    let dir = main_job();
    let mut duplex_docs = Vec::new();
    for pdf in layout_pdfs(dir) {
        let doc = load_pdf(&std::fs::read(&pdf).unwrap());
        let pages = svg_pages(&pdf, doc.get_pages().len());
        let has_backs = pages.iter().any(|p| p.contains("class=\"item-back\""));
        let flip = viewer_pref(&doc, "Duplex");
        let name = pdf.strip_prefix(dir.join("output")).unwrap().display().to_string();
        if !has_backs {
            continue;
        }
        let long = match flip.as_deref() {
            Some("DuplexFlipLongEdge") => true,
            Some("DuplexFlipShortEdge") => false,
            other => panic!("{name} has backs but tells the dialog {other:?}"),
        };
        let n = assert_backs_behind_fronts(&pages, long, (0.0, 0.0), &name);
        duplex_docs.push((name, n));
    }
    // The deck, the banknotes, the test sheet, the Futbolchess counters and
    // every game's reference cards, in each language.
    for kind in [
        "league/deck",
        "league/banknotes",
        "print/test-sheet",
        "futbolchess/counters",
        "dice-football/reference",
        "futbolchess/reference",
        "league/reference",
        "path-football/reference",
    ] {
        assert!(
            duplex_docs.iter().any(|(n, c)| n.starts_with(kind) && *c > 0),
            "{kind} is checked: {duplex_docs:?}"
        );
    }
}

#[test]
fn test_sheets_of_either_orientation_turned_either_way_with_or_without_an_offset_or_a_full_sheet() {
    // One build of sixteen variants of the test sheet.
    let dir = TestDir::new("printing-duplex-variants");
    let base = project_file("layouts/print/test-sheet.toml");
    let mut cases = Vec::new();
    for orientation in ["portrait", "landscape"] {
        for flip in ["long-edge", "short-edge"] {
            for offset in [(0.0, 0.0), (1.5, -0.7)] {
                for count in [8, 3] {
                    let name = format!(
                        "{orientation}-{flip}-{}-{count}",
                        if offset == (0.0, 0.0) { "exact" } else { "offset" }
                    );
                    let text = replace_line(&base, "orientation =", &format!("orientation = \"{orientation}\""));
                    let text = replace_line(&text, "duplex =", &format!("duplex = \"{flip}\""));
                    let text = replace_line(
                        &text,
                        "back_offset =",
                        &format!("back_offset = [{}, {}]", offset.0, offset.1),
                    );
                    let text = replace_line(&text, "count =", &format!("count = {count}"));
                    dir.write(format!("layouts/print/{name}.toml"), &text);
                    cases.push((name, orientation, flip == "long-edge", offset));
                }
            }
        }
    }
    dir.run(&["build", "--format", "pdf,svg", "--lang", "en"])
        .expect_code(0);
    for (name, orientation, long, offset) in cases {
        let pdf = dir.join(format!("output/print/{name}-en.pdf"));
        let doc = load_pdf(&std::fs::read(&pdf).unwrap());
        let expected = if long {
            "DuplexFlipLongEdge"
        } else {
            "DuplexFlipShortEdge"
        };
        assert_eq!(viewer_pref(&doc, "Duplex").as_deref(), Some(expected), "{name}");
        let pages = svg_pages(&pdf, doc.get_pages().len());
        let (w, h) = page_size(&pages[0]);
        assert_eq!(w > h, orientation == "landscape", "{name}: {w} x {h}");
        let n = assert_backs_behind_fronts(&pages, long, offset, &name);
        assert!(n >= 3, "{name}: {n} items checked");
    }
}

#[test]
fn every_pdf_asks_for_100_percent_and_names_its_flip_language_and_title() {
    let dir = main_job();
    let mut kits = 0;
    for pdf in pdfs(dir).into_iter().filter(|p| is_kit(p)) {
        // A kit mixes one-sided and two-sided parts: the dialog opens
        // one-sided, at 100 %, and its title names the game and the kit.
        let name = pdf.strip_prefix(dir.join("output")).unwrap().display().to_string();
        let doc = load_pdf(&std::fs::read(&pdf).unwrap());
        assert_eq!(viewer_pref(&doc, "PrintScaling").as_deref(), Some("None"), "{name}");
        assert_eq!(viewer_pref(&doc, "Duplex").as_deref(), Some("Simplex"), "{name}");
        let lang = lang_of(&pdf);
        let got = doc
            .catalog()
            .unwrap()
            .get(b"Lang")
            .and_then(lopdf::Object::as_str)
            .unwrap();
        assert_eq!(String::from_utf8_lossy(got), lang, "{name}: /Lang");
        let info_id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let title = lopdf::decode_text_string(doc.get_dictionary(info_id).unwrap().get(b"Title").unwrap()).unwrap();
        let game = pdf
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let words = labels(lang);
        let expected = format!(
            "{} — {} ({})",
            label(&words, "games", &game),
            label(&words, "kit", "name"),
            label(&words, "language", "name")
        );
        assert_eq!(title, expected, "{name}: /Title");
        kits += 1;
    }
    assert_eq!(kits, 12, "the main job writes four games' kits in three languages");
    for pdf in layout_pdfs(dir) {
        let name = pdf.strip_prefix(dir.join("output")).unwrap().display().to_string();
        let doc = load_pdf(&std::fs::read(&pdf).unwrap());
        assert_eq!(viewer_pref(&doc, "PrintScaling").as_deref(), Some("None"), "{name}");
        let pages = svg_pages(&pdf, doc.get_pages().len());
        let two_sided = pages
            .iter()
            .any(|p| p.contains("class=\"item-back\"") || p.contains("id=\"calibration-back\""));
        let duplex = viewer_pref(&doc, "Duplex").unwrap_or_else(|| panic!("{name}: no /Duplex"));
        assert_eq!(duplex == "Simplex", !two_sided, "{name}: /Duplex {duplex}");

        let lang = lang_of(&pdf);
        let catalog = doc.catalog().unwrap();
        let got = catalog
            .get(b"Lang")
            .and_then(lopdf::Object::as_str)
            .unwrap_or_else(|_| panic!("{name}: no /Lang"));
        assert_eq!(String::from_utf8_lossy(got), lang, "{name}: /Lang");

        // The title: game (by folder), component (by kind), language.
        let info_id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let info = doc.get_dictionary(info_id).unwrap();
        for key in ["GTS_PDFXVersion", "CreationDate", "ModDate"] {
            assert!(!info.has(key.as_bytes()), "{name}: {key} is written");
        }
        let title = lopdf::decode_text_string(info.get(b"Title").unwrap()).unwrap();
        let rel = pdf.strip_prefix(dir.join("output")).unwrap();
        let game = rel.parent().unwrap().to_string_lossy().into_owned();
        let base = rel.file_stem().unwrap().to_string_lossy().into_owned();
        let base = base.strip_suffix(&format!("-{lang}")).unwrap_or(&base).to_string();
        let layout: toml::Table = toml::from_str(&project_file(&format!("layouts/{game}/{base}.toml"))).unwrap();
        let kind = layout["kind"].as_str().unwrap();
        let words = labels(lang);
        let expected = format!(
            "{} — {} ({})",
            label(&words, "games", &game),
            label(&words, "components", kind),
            label(&words, "language", "name")
        );
        assert_eq!(title, expected, "{name}: /Title");
    }
}

#[test]
fn sheets_of_items_say_their_print_settings_in_the_margin_clear_of_everything() {
    let p = Pipeline::new(&Disk);
    let mut seen = 0;
    for rel in [
        "layouts/league/deck.toml",
        "layouts/league/banknotes.toml",
        "layouts/league/bid-slips.toml",
        "layouts/league/tokens.toml",
        "layouts/print/test-sheet.toml",
        "layouts/dice-football/counters.toml",
        "layouts/futbolchess/counters.toml",
    ] {
        for lang in ["es", "en", "ca"] {
            let overrides = Overrides {
                lang: Some(lang.into()),
                ..Overrides::default()
            };
            let loaded = p
                .load(&project_root().join(rel), &overrides)
                .unwrap_or_else(|f| panic!("{rel}: {f:?}"));
            let doc = pipeline::compose(&loaded);
            let words = labels(lang);
            let expected = match doc.duplex {
                None => label(&words, "print", "note_one_sided"),
                Some(pitchprint::print::Flip::LongEdge) => label(&words, "print", "note_long_edge"),
                Some(pitchprint::print::Flip::ShortEdge) => label(&words, "print", "note_short_edge"),
            };
            for (i, page) in doc.pages.iter().enumerate() {
                if !page.items.iter().any(|it| matches!(it.tag, Tag::ItemFront { .. })) {
                    continue; // a back page: the note is on the side printed first
                }
                let leaves = page.leaves();
                let what = format!("{rel} ({lang}), page {}", i + 1);
                let notes: Vec<_> = leaves.iter().filter(|(item, _)| item.tag == Tag::PrintNote).collect();
                assert_eq!(notes.len(), 1, "{what}: one margin note");
                let (note, bbox) = notes[0];
                let pitchprint::scene::item::Shape::Text(run) = &note.shape else {
                    panic!("{what}: the note is text");
                };
                assert_eq!(run.text, expected, "{what}: the note's words");
                let b = bbox.expect("the note shows");
                let safe = page.safe_area;
                assert!(
                    b.x.0 >= safe.x.0 - 1e-6
                        && b.y.0 >= safe.y.0 - 1e-6
                        && b.right().0 <= safe.right().0 + 1e-6
                        && b.bottom().0 <= safe.bottom().0 + 1e-6,
                    "{what}: the note {b:?} lies in the printer-safe area {safe:?}"
                );
                for (other, ob) in &leaves {
                    if other.tag == Tag::PrintNote {
                        continue;
                    }
                    let Some(o) = ob else { continue };
                    let overlap =
                        b.x.0 < o.right().0 && o.x.0 < b.right().0 && b.y.0 < o.bottom().0 && o.y.0 < b.bottom().0;
                    assert!(
                        !overlap,
                        "{what}: the note {b:?} overlaps a {} at {o:?}",
                        other.tag.class()
                    );
                }
                seen += 1;
            }
        }
    }
    assert!(seen >= 21, "{seen} sheets checked");
}

#[test]
fn every_shipped_layout_builds_on_a4_letter_and_a3_with_every_page_that_size() {
    for (paper, w, h) in [("a4", 210.0, 297.0), ("letter", 215.9, 279.4), ("a3", 297.0, 420.0)] {
        // `pitchprint build --paper P`, as the README has it.
        let dir = &readme_build(Some(paper)).0;
        let files = pdfs(dir);
        let layouts = crate::common::files_with_ext(&project_root().join("layouts"), &["toml"]).len();
        assert!(
            files.len() >= layouts,
            "{paper}: {} PDFs for {layouts} layouts",
            files.len()
        );
        for pdf in files {
            let doc = load_pdf(&std::fs::read(&pdf).unwrap());
            for (n, id) in doc.get_pages() {
                let [x0, y0, x1, y1] = crate::common::media_box(&doc, id);
                let (pw, ph) = (
                    (x1 - x0) * crate::common::MM_PER_PT,
                    (y1 - y0) * crate::common::MM_PER_PT,
                );
                let (pw, ph) = (pw.min(ph), pw.max(ph));
                let what = format!("{} page {n} on {paper}", pdf.display());
                assert_close(pw, w, TOL, &format!("{what}: width"));
                assert_close(ph, h, TOL, &format!("{what}: height"));
            }
        }
    }
}

/// The PDF version a key first appeared in (ISO 32000-1, each key's entry):
/// the keys the main job's PDFs hold that are newer than PDF 1.2 (a photo's
/// soft mask and an opacity, 1.4 too, are in no shipped layout; print boxes,
/// 1.3, are written only on a page that is one finished piece, which no
/// home layout is: `pdf_writer::trim_and_bleed_boxes_are_written_as_their_corners`).
const KEY_VERSIONS: [(&[u8], &str, (u8, u8)); 3] = [
    (b"Duplex", "the viewer preferences' /Duplex", (1, 7)),
    (b"PrintScaling", "the viewer preferences' /PrintScaling", (1, 6)),
    (b"Lang", "the catalog's /Lang", (1, 4)),
];

#[test]
fn every_pdf_header_says_the_version_its_newest_key_needs() {
    let dir = main_job();
    let mut seen = std::collections::BTreeSet::new();
    for pdf in pdfs(dir) {
        let name = pdf.strip_prefix(dir.join("output")).unwrap().display().to_string();
        let bytes = std::fs::read(&pdf).unwrap();
        let header = bytes.split(|&b| b == b'\n').next().unwrap();
        let version = std::str::from_utf8(header)
            .ok()
            .and_then(|h| h.strip_prefix("%PDF-"))
            .and_then(|v| v.split_once('.'))
            .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?)))
            .unwrap_or_else(|| panic!("{name}: the first line is not a PDF header"));
        let doc = load_pdf(&bytes);
        // The catalog may raise the header's version with /Version; the file
        // must not need it to.
        assert!(doc.catalog().unwrap().get(b"Version").is_err(), "{name}: /Version");
        let mut needed = ((1, 0), "nothing");
        // Every dictionary, nested ones too (the viewer preferences sit
        // inside the catalog).
        let mut dicts: Vec<&lopdf::Dictionary> = Vec::new();
        let mut todo: Vec<&lopdf::Object> = doc.objects.values().collect();
        while let Some(object) = todo.pop() {
            let dict = match object {
                lopdf::Object::Dictionary(d) => d,
                lopdf::Object::Stream(s) => &s.dict,
                lopdf::Object::Array(items) => {
                    todo.extend(items);
                    continue;
                }
                _ => continue,
            };
            todo.extend(dict.iter().map(|(_, v)| v));
            dicts.push(dict);
        }
        for dict in dicts {
            for (key, what, v) in KEY_VERSIONS {
                if dict.has(key) {
                    seen.insert(what);
                    if v > needed.0 {
                        needed = (v, what);
                    }
                }
            }
        }
        assert!(
            version >= needed.0,
            "{name}: the header says PDF {}.{}, but {} needs {}.{}",
            version.0,
            version.1,
            needed.1,
            needed.0.0,
            needed.0.1
        );
    }
    for (_, what, _) in KEY_VERSIONS {
        assert!(
            seen.contains(what),
            "no PDF of the main job has {what}: the test reads the keys"
        );
    }
}

#[test]
fn a_profiles_reading_per_orientation_reaches_the_sheets_of_that_orientation() {
    // The printer profile gives a reading for each orientation; the test
    // sheet, printed either way round, takes only its own.
    let dir = TestDir::new("printing-offset-per-orientation");
    let (portrait, landscape) = ((1.5, -0.7), (-0.9, 0.4));
    dir.write(
        "pitchprint.toml",
        &format!(
            "[print]\nduplex = \"short-edge\"\nback_offset = {{ portrait = [{}, {}], landscape = [{}, {}] }}\n",
            portrait.0, portrait.1, landscape.0, landscape.1
        ),
    );
    let base = project_file("layouts/print/test-sheet.toml");
    for orientation in ["portrait", "landscape"] {
        let text = replace_line(&base, "orientation =", &format!("orientation = \"{orientation}\""));
        dir.write(format!("layouts/print/{orientation}.toml"), &text);
    }
    dir.run(&["build", "--format", "pdf,svg", "--lang", "en"])
        .expect_code(0);
    for (orientation, offset) in [("portrait", portrait), ("landscape", landscape)] {
        let pdf = dir.join(format!("output/print/{orientation}-en.pdf"));
        let doc = load_pdf(&std::fs::read(&pdf).unwrap());
        assert_eq!(
            viewer_pref(&doc, "Duplex").as_deref(),
            Some("DuplexFlipShortEdge"),
            "{orientation}: the profile's edge"
        );
        let pages = svg_pages(&pdf, doc.get_pages().len());
        let (w, h) = page_size(&pages[0]);
        assert_eq!(w > h, orientation == "landscape", "{orientation}: {w} x {h}");
        let n = assert_backs_behind_fronts(&pages, false, offset, orientation);
        assert!(n >= 3, "{orientation}: {n} items checked");
    }
}

#[test]
fn each_calibration_sheet_says_the_orientation_it_measures_the_edge_to_flip_and_the_key_to_write() {
    let root = project_root();
    for flip in ["long-edge", "short-edge"] {
        let dir = TestDir::new(&format!("printing-calibration-{flip}"));
        dir.write("pitchprint.toml", &format!("[print]\nduplex = \"{flip}\"\n"));
        for name in ["duplex-calibration", "duplex-calibration-landscape"] {
            let rel = format!("layouts/print/{name}.toml");
            dir.write(&rel, &project_file(&rel));
        }
        for lang in ["es", "en", "ca"] {
            let rel = format!("templates/i18n/{lang}.toml");
            dir.write(&rel, &std::fs::read_to_string(root.join(&rel)).unwrap());
        }
        dir.run(&["build", "--format", "pdf"]).expect_code(0);
        for lang in ["es", "en", "ca"] {
            let labels: toml::Table = toml::from_str(&project_file(&format!("templates/i18n/{lang}.toml"))).unwrap();
            let words = |k: &str| labels["calibration"][k].as_str().unwrap().to_string();
            let edge = words(if flip == "long-edge" { "long_edge" } else { "short_edge" });
            for (name, orientation) in [
                ("duplex-calibration", "portrait"),
                ("duplex-calibration-landscape", "landscape"),
            ] {
                let file = format!(
                    "output/print/{}.pdf",
                    pitchprint::output::names::in_language(name, lang)
                );
                let pdf = dir.read(&file);
                let doc = load_pdf(&pdf);
                let want_flip = if flip == "long-edge" {
                    "DuplexFlipLongEdge"
                } else {
                    "DuplexFlipShortEdge"
                };
                assert_eq!(viewer_pref(&doc, "Duplex").as_deref(), Some(want_flip), "{file}");
                let squeeze = |s: &str| s.split_whitespace().collect::<String>();
                let front = squeeze(&crate::common::pdf_page_texts(&pdf)[0]);
                let fill = |s: &str| {
                    s.replace("{orientation}", &words(orientation))
                        .replace("{edge}", &edge)
                        .replace("{key}", orientation)
                };
                for key in ["sheet", "step1", "step4"] {
                    let line = fill(&words(key));
                    assert!(
                        front.contains(&squeeze(&line)),
                        "{file} ({flip}): the front does not say {key}: {line:?}\n{front}"
                    );
                }
                assert!(
                    front.contains(&squeeze(&format!("back_offset = {{ {orientation} = [x, y] }}"))),
                    "{file}: step 4 names the {orientation} reading's key"
                );
                for placeholder in ["{orientation}", "{edge}", "{key}"] {
                    assert!(
                        !front.contains(placeholder),
                        "{file}: {placeholder} left unfilled\n{front}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_board_mat_and_field_sheet_printed_whole_carries_a_50_mm_scale_bar() {
    // The README and the covers say a ruler checks the print's scale
    // against the bar: on every board, mat and field sheet (a tiled board
    // carries one on every piece, measured in `tiling`).
    let dir = main_job();
    let sheets = [
        ("dice-football", "pitch", None),
        ("futbolchess", "board", None),
        ("league", "board", None),
        ("path-football", "fields", Some(1)),
        ("sheet-examples", "dice-pitch", None),
        ("sheet-examples", "long-pitch", None),
        // (sheet-examples/path-fields.toml copies the fields to the 0.01 mm
        // and leaves its bar out, as its comment says.)
    ];
    for (game, stem, page) in sheets {
        for lang in ["es", "en", "ca"] {
            let base = pitchprint::output::names::in_language(stem, lang);
            let svg_name = match page {
                Some(n) => format!("output/{game}/{base}-{n}.svg"),
                None => format!("output/{game}/{base}.svg"),
            };
            let text = dir.read_string(&svg_name);
            let svg = roxmltree::Document::parse(&text).unwrap();
            let bars = crate::common::by_class(&svg, "scale-bar");
            assert_eq!(bars.len(), 1, "{svg_name}: one scale bar");
            let bar = crate::common::svg_rect(bars[0]);
            assert_close(bar.w, 50.0, 1e-9, &format!("{svg_name}: the bar's length"));
            let (w, h) = page_size(&text);
            assert!(
                bar.x >= 0.0 && bar.y >= 0.0 && bar.x + bar.w <= w && bar.y + bar.h <= h,
                "{svg_name}: the bar is on the page"
            );
            // The same bar in the PDF: a filled rectangle 50 mm long.
            let pdf = crate::common::read_pdf(&dir.read(format!("output/{game}/{base}.pdf")));
            let in_pdf: Vec<_> = pdf[page.unwrap_or(1) - 1]
                .rects()
                .into_iter()
                .filter(|(r, p)| p.fills() && (r.x - bar.x).abs() <= TOL && (r.y - bar.y).abs() <= TOL)
                .collect();
            assert_eq!(in_pdf.len(), 1, "{game}/{base}.pdf: the scale bar is there");
            assert_close(
                in_pdf[0].0.w,
                50.0,
                TOL,
                &format!("{game}/{base}.pdf: the bar's length"),
            );
        }
    }
}
