//! The PDF writer's own decisions, read back with lopdf: the same bytes
//! whatever the process wrote before, one font per face for a document of
//! many runs of pages, symbols as forms, print boxes as corners, document
//! information that claims nothing, fonts of PostScript outlines as bare
//! CFF, and subpaths closed only where the scene closes them. Each test
//! fails on what an earlier writer (printpdf 0.12, with workarounds around
//! it) did or had to be kept from doing.

use crate::common;

use std::sync::Arc;

use lopdf::Object;
use pitchprint::color::Color;
use pitchprint::font::FontFace;
use pitchprint::geom::{Mm, Point, Rect, Size, Transform};
use pitchprint::print::Flip;
use pitchprint::scene::item::{Item, Shape, Symbol, TextRun};
use pitchprint::scene::page::{Document, Page, RUN_PAGES};
use pitchprint::scene::style::Style;
use pitchprint::scene::tag::Tag;

const PT_PER_MM: f64 = 72.0 / 25.4;

fn text(s: &str, at: Point) -> Item {
    let size_pt = 10.0;
    let font = FontFace::Sans;
    Item::new(
        Shape::Text(TextRun {
            origin: at,
            font,
            size_pt,
            text: s.to_string(),
            width: font.measure(s, size_pt),
            word_gap: Mm(0.0),
            ascent: Mm(3.0),
            descent: Mm(1.0),
        }),
        Style::filled(Color::BLACK),
        Tag::Decoration,
    )
}

fn page(items: Vec<Item>) -> Page {
    Page::new(Size::new(100.0, 150.0), Rect::new(5.0, 5.0, 90.0, 140.0), items)
}

fn pdf(doc: &Document) -> Vec<u8> {
    let mut out = Vec::new();
    let n = pitchprint::export::pdf::write(doc, &mut out).expect("the PDF is written");
    assert_eq!(n, out.len() as u64);
    out
}

fn numbers(o: &Object) -> Vec<f64> {
    o.as_array()
        .expect("an array")
        .iter()
        .map(|v| {
            v.as_float()
                .map(f64::from)
                .or_else(|_| v.as_i64().map(|i| i as f64))
                .unwrap()
        })
        .collect()
}

fn font_dicts(doc: &lopdf::Document) -> Vec<lopdf::Dictionary> {
    doc.objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.get(b"Type").and_then(Object::as_name).ok() == Some(&b"Font"[..]))
        .filter(|d| d.get(b"Subtype").and_then(Object::as_name).ok() == Some(&b"Type0"[..]))
        .cloned()
        .collect()
}

#[test]
fn the_same_document_written_twice_in_one_process_gives_the_same_bytes() {
    let doc = Document::new(
        "Twice",
        vec![page(vec![text("Twice the same", Point::new(10.0, 20.0))])],
    );
    let first = pdf(&doc);
    // A writer numbering anything from a process-wide counter would move it
    // on in between.
    let _ = pdf(&Document::new(
        "Other",
        vec![page(vec![text("other", Point::new(10.0, 20.0))])],
    ));
    let second = pdf(&doc);
    assert!(first == second, "the bytes depend on what the process wrote before");
    let back = common::load_pdf(&first);
    let fonts = font_dicts(&back);
    assert_eq!(fonts.len(), 1, "one face, one font");
    let name = fonts[0].get(b"BaseFont").unwrap().as_name().unwrap();
    let name = String::from_utf8_lossy(name);
    assert!(common::has_subset_tag(&name), "a subset tag of six capitals: {name}");
}

#[test]
fn a_document_of_many_runs_has_one_font_carrying_the_glyphs_of_its_last_page() {
    // The first run's pages use only "a"; the last page alone uses "Zq€".
    let mut pages: Vec<Page> = (0..RUN_PAGES)
        .map(|_| page(vec![text("a", Point::new(10.0, 20.0))]))
        .collect();
    pages.push(page(vec![text("Zq€", Point::new(10.0, 20.0))]));
    let bytes = pdf(&Document::new("Batches", pages));
    let back = common::load_pdf(&bytes);
    assert_eq!(back.get_pages().len(), RUN_PAGES + 1);
    assert_eq!(font_dicts(&back).len(), 1, "every run's pages share one font");
    let texts = common::pdf_page_texts(&bytes);
    assert!(
        texts[RUN_PAGES].contains("Zq€"),
        "the last page's text: {:?}",
        texts[RUN_PAGES]
    );
    // The glyphs are in the one font, written after the last page: its ToUnicode
    // map names every character the document shows.
    let font = &font_dicts(&back)[0];
    let map = font.get(b"ToUnicode").unwrap().as_reference().unwrap();
    let map = back.get_object(map).unwrap().as_stream().unwrap();
    let map = if map.dict.has(b"Filter") {
        map.decompressed_content().unwrap()
    } else {
        map.content.clone()
    };
    let map = String::from_utf8_lossy(&map).to_ascii_lowercase();
    for c in "aZq€".chars() {
        let code = format!("<{:04x}>", c as u32);
        assert!(map.contains(&code), "{c:?} ({code}) is not in the font: {map}");
    }
}

#[test]
fn a_symbol_placed_twice_is_one_form_xobject_and_no_page() {
    let art = Arc::new(Symbol::new(
        "dot",
        vec![Item::new(
            Shape::Circle {
                centre: Point::new(0.0, 0.0),
                radius: Mm(4.0),
            },
            Style::filled(Color::BLACK),
            Tag::Decoration,
        )],
    ));
    let placed = |x: f64| art.placed(Transform::translate(Mm(x), Mm(30.0)), Tag::Decoration);
    let turned = art.placed(
        Transform::rotate(30.0).then(&Transform::translate(Mm(50.0), Mm(80.0))),
        Tag::Decoration,
    );
    let bytes = pdf(&Document::new(
        "Forms",
        vec![page(vec![placed(20.0), placed(60.0), turned])],
    ));
    let back = common::load_pdf(&bytes);
    assert_eq!(back.get_pages().len(), 1, "the symbol's page left the page tree");
    let forms: Vec<&lopdf::Stream> = back
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(&b"Form"[..]))
        .collect();
    assert_eq!(forms.len(), 1, "one form for the three placements");
    let bbox = numbers(forms[0].dict.get(b"BBox").unwrap());
    assert!(bbox[0] < -4.0 && bbox[2] > 4.0, "the box holds the dot: {bbox:?}");
    assert!(forms[0].dict.get(b"Resources").is_ok());
    let page = *back.get_pages().values().next().unwrap();
    let content = String::from_utf8_lossy(&back.get_page_content(page)).into_owned();
    assert_eq!(content.matches(&format!("/{} Do", art.id)).count(), 3, "{content}");
}

#[test]
fn trim_and_bleed_boxes_are_written_as_their_corners() {
    let mut p = page(Vec::new());
    p.trim = Some(Rect::new(3.0, 4.0, 90.0, 140.0));
    p.bleed = Some(Rect::new(0.0, 1.0, 96.0, 146.0));
    let back = common::load_pdf(&pdf(&Document::new("Boxes", vec![p])));
    let page = back.get_dictionary(*back.get_pages().values().next().unwrap()).unwrap();
    // PDF boxes are [left bottom right top] from the bottom left: the trim
    // runs 3..93 mm across and 150-144..150-4 mm up.
    let expect = |r: [f64; 4]| r.map(|v| v * PT_PER_MM);
    for (key, want) in [
        (&b"TrimBox"[..], expect([3.0, 6.0, 93.0, 146.0])),
        (&b"BleedBox"[..], expect([0.0, 3.0, 96.0, 149.0])),
    ] {
        let got = numbers(
            page.get(key)
                .unwrap_or_else(|_| panic!("no {}", String::from_utf8_lossy(key))),
        );
        for (g, w) in got.iter().zip(want) {
            assert!(
                (g - w).abs() < 0.01,
                "{}: {got:?}, not {want:?}",
                String::from_utf8_lossy(key)
            );
        }
    }
}

#[test]
fn the_document_information_claims_nothing_it_is_not() {
    let mut doc = Document::new("Claims", vec![page(vec![text("x", Point::new(10.0, 20.0))])]);
    doc.lang = Some("ca".into());
    doc.duplex = Some(Flip::ShortEdge);
    let back = common::load_pdf(&pdf(&doc));
    let info = back.trailer.get(b"Info").unwrap().as_reference().unwrap();
    let info = back.get_dictionary(info).unwrap();
    for key in [
        "GTS_PDFXVersion",
        "CreationDate",
        "ModDate",
        "Author",
        "Subject",
        "Keywords",
        "Identifier",
    ] {
        assert!(!info.has(key.as_bytes()), "/{key} is written");
    }
    assert!(info.has(b"Title") && info.has(b"Producer"));
    let catalog = back.catalog().unwrap();
    let prefs = catalog.get(b"ViewerPreferences").unwrap().as_dict().unwrap();
    assert_eq!(prefs.get(b"PrintScaling").unwrap().as_name().unwrap(), b"None");
    assert_eq!(prefs.get(b"Duplex").unwrap().as_name().unwrap(), b"DuplexFlipShortEdge");
    assert_eq!(catalog.get(b"Lang").unwrap().as_str().unwrap(), b"ca");
}

#[test]
fn a_font_of_postscript_outlines_is_embedded_as_bare_cff() {
    // The stock OpenType fixture (CFF outlines): an OpenType program
    // (`/FontFile3 /Subtype /OpenType`) needs PDF 1.6, which PDF/X-1a does
    // not allow; the bare CFF table (`/CIDFontType0C`) is PDF 1.3.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fonts/AdventorAccentsTest-Regular.otf"
    );
    let font = pitchprint::font::load(&std::fs::read(path).unwrap(), false).unwrap();
    let mut item = text("Élan Àquela", Point::new(10.0, 20.0));
    if let Shape::Text(run) = &mut item.shape {
        run.font = font;
    }
    let bytes = pdf(&Document::new("Outlines", vec![page(vec![item])]));
    let back = common::load_pdf(&bytes);
    let descriptor = back
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .find(|d| d.get(b"Type").and_then(Object::as_name).ok() == Some(&b"FontDescriptor"[..]))
        .expect("a font descriptor");
    assert!(!descriptor.has(b"FontFile2"), "a CFF font is no TrueType program");
    let program = descriptor.get(b"FontFile3").unwrap().as_reference().unwrap();
    let program = back.get_object(program).unwrap().as_stream().unwrap();
    assert_eq!(
        program.dict.get(b"Subtype").unwrap().as_name().unwrap(),
        b"CIDFontType0C"
    );
    // A CFF table starts with its major version, 1.
    assert_eq!(program.decompressed_content().unwrap()[0], 1);
    let cid = back
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .find(|d| d.get(b"Subtype").and_then(Object::as_name).ok() == Some(&b"CIDFontType0"[..]));
    assert!(cid.is_some(), "the descendant font is a CIDFontType0");
    assert!(common::pdf_text(&bytes).contains("Élan Àquela"));
}

#[test]
fn each_closed_subpath_is_closed_and_an_open_one_is_not() {
    use pitchprint::scene::item::PathCmd;
    use pitchprint::scene::style::Stroke;
    // Two closed squares and an open line in one path, stroked: printpdf
    // closed only a path's last subpath, so the first square's stroke had
    // a gap at its first corner.
    let p = |x: f64, y: f64| Point::new(x, y);
    let mut cmds = Vec::new();
    for x in [10.0, 40.0] {
        cmds.extend([
            PathCmd::MoveTo(p(x, 10.0)),
            PathCmd::LineTo(p(x + 20.0, 10.0)),
            PathCmd::LineTo(p(x + 20.0, 30.0)),
            PathCmd::LineTo(p(x, 30.0)),
            PathCmd::Close,
        ]);
    }
    cmds.extend([PathCmd::MoveTo(p(10.0, 50.0)), PathCmd::LineTo(p(60.0, 50.0))]);
    let style = Style {
        stroke: Some(Stroke::solid(Mm(0.5), Color::BLACK)),
        ..Style::default()
    };
    let bytes = pdf(&Document::new(
        "Paths",
        vec![page(vec![Item::new(Shape::Path(cmds), style, Tag::Decoration)])],
    ));
    let pages = common::read_pdf(&bytes);
    let paths = &pages[0].paths;
    assert_eq!(paths.len(), 1, "{paths:?}");
    let closed: Vec<bool> = paths[0].subpaths.iter().map(|(_, closed)| *closed).collect();
    assert_eq!(closed, [true, true, false], "each subpath closed as the scene says");
    assert!(paths[0].strokes() && !paths[0].fills());
}
