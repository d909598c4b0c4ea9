//! Portable SVG: every text names a generic family after DejaVu Sans, so a
//! viewer without it keeps to a sans-serif; `--outline-text` draws the
//! letters as outlines that show the same in every viewer, the words kept in
//! each path's `aria-label`.

use crate::common::{TestDir, files_with_extension, main_job, project_root, run_in, svg_texts};

#[test]
fn every_text_of_the_main_job_falls_back_to_a_sans_serif() {
    let files = files_with_extension(&main_job().join("output"), "svg");
    let mut seen = 0;
    for f in &files {
        let svg = std::fs::read_to_string(f).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
            seen += 1;
            assert_eq!(
                t.attribute("font-family"),
                Some("DejaVu Sans, sans-serif"),
                "{}: a text without a generic family",
                f.display()
            );
        }
    }
    assert!(
        files.len() > 100 && seen > 10_000,
        "{} files, {seen} texts",
        files.len()
    );
}

#[test]
fn outline_text_draws_every_word_as_the_text_would_with_its_words_kept() {
    let dir = TestDir::new("svg-outlines");
    let out = dir.path().to_str().unwrap().to_string();
    let args = [
        "build",
        "layouts/dice-football/rules.toml",
        "--lang",
        "en",
        "--format",
        "svg",
        "--outline-text",
        "--out",
        &out,
    ];
    run_in(project_root(), &args).expect_code(0);
    let outlined = dir.read_string("dice-football/rules-en-1.svg");
    let plain = main_job().read_string("output/dice-football/rules-en-1.svg");
    let doc = roxmltree::Document::parse(&outlined).unwrap();
    assert!(svg_texts(&doc).is_empty(), "no <text> is left");
    let words = svg_texts(&roxmltree::Document::parse(&plain).unwrap());
    assert!(words.len() > 100, "{} texts on the page", words.len());
    // The words, in the same order, as the paths' labels.
    let labels: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|p| p.attribute("aria-label").map(str::to_string))
        .collect();
    assert_eq!(labels, words);
    // Drawn, the two pages ink the same pixels but at the edges of letters:
    // resvg sets the text with the bundled fonts, the outlines are the
    // same glyphs where the PDF sets them.
    let raster = |svg: &str| {
        let png = pitchprint::export::png::render(svg, 100.0).unwrap();
        resvg::tiny_skia::Pixmap::decode_png(&png).unwrap()
    };
    let (a, b) = (raster(&plain), raster(&outlined));
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let dark = |p: &[u8]| u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]) < 3 * 128;
    let (mut inked, mut differ) = (0, 0);
    for (p, q) in a.data().chunks(4).zip(b.data().chunks(4)) {
        if dark(p) || dark(q) {
            inked += 1;
            if dark(p) != dark(q) {
                differ += 1;
            }
        }
    }
    let share = f64::from(differ) / f64::from(inked);
    assert!(inked > 20_000, "{inked} inked pixels");
    assert!(share < 0.03, "{:.1} % of the inked pixels differ", share * 100.0);
}
