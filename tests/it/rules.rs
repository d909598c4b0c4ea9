//! Rule sheets: twelve sheets (four games, three languages) read back
//! from their PDFs and SVGs: every word of the source is there in order, every
//! hyphen is where the language's patterns allow, no line stretches past the
//! limit, a missing language is refused, and each diagram keeps its board's
//! geometry. The SVG sets every word where the PDF does, with no
//! spacing hints for a renderer to ignore, and so does a raster of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::{
    Face, PdfPage, PdfText, TestDir, assert_close, attr, by_class, in_order, main_job, markdown_words, pdf_text,
    project_file, raw_pages, read_pdf, svg_points, svg_words, text_of, text_width, without_breaks, words,
};
use hyphenation::{Hyphenator, Language, Load, Standard};
use pitchprint::components::path_fields::layout::Field;
use pitchprint::components::path_fields::play::{At, Game, Outcome, Side, Why};
use pitchprint::geom::Mm;

use crate::common::GAMES;
const LANGS: [&str; 3] = ["es", "en", "ca"];

/// A project with every layout and template the rule sheets read.
fn rule_sources(name: &str) -> TestDir {
    with_sources(TestDir::new(name))
}

/// `dir` with every layout and template the rule sheets read written into it.
fn with_sources(dir: TestDir) -> TestDir {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for game in GAMES {
        for entry in std::fs::read_dir(root.join("layouts").join(game)).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "toml") {
                dir.write(
                    format!("layouts/{game}/{}", p.file_name().unwrap().to_string_lossy()),
                    &std::fs::read_to_string(&p).unwrap(),
                );
            }
        }
        for lang in LANGS {
            let rel = format!("templates/rules/{game}/{lang}.md");
            dir.write(&rel, &project_file(&rel));
        }
    }
    // The league mat sizes its card places from the deck it names.
    dir.write_league_deck();
    dir
}

fn output(game: &str, lang: &str, ext: &str) -> String {
    format!(
        "output/{game}/{}.{ext}",
        pitchprint::output::names::in_language("rules", lang)
    )
}

/// The PDF's text with words broken at line ends joined again, and the breaks
/// found: (the part before the hyphen, the part after).
fn joined(pdf_text: &str) -> (String, Vec<(String, String)>) {
    let lines: Vec<&str> = pdf_text.lines().map(str::trim_end).collect();
    let mut out = String::new();
    let mut breaks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let ends_broken = line.ends_with('-') && line.chars().rev().nth(1).is_some_and(char::is_alphabetic);
        if ends_broken && i + 1 < lines.len() {
            let before = line.trim_end_matches('-');
            let head = before.rsplit(' ').next().unwrap_or("").to_string();
            let next = lines[i + 1].trim_start();
            let tail = next.split(' ').next().unwrap_or("").to_string();
            breaks.push((head, tail));
            out.push_str(before);
            // The next line continues the word.
        } else {
            out.push_str(line);
            out.push('\n');
        }
        i += 1;
    }
    (out, breaks)
}

#[test]
fn twelve_sheets_carry_every_word_of_their_source_in_order() {
    let dir = main_job();
    for game in GAMES {
        for lang in LANGS {
            let pdf = dir.read(output(game, lang, "pdf"));
            let (text, _) = joined(&pdf_text(&pdf));
            let got = words(&text);
            let want = markdown_words(&crate::common::printed_md(&format!("templates/rules/{game}/{lang}.md")));
            assert!(want.len() > 300, "{game}/{lang} is a real sheet");
            in_order(&want, &got).unwrap_or_else(|e| panic!("{game}/{lang}: {e}"));
        }
    }
}

#[test]
fn hyphens_fall_only_where_the_language_allows() {
    let dir = main_job();
    let mut seen = 0;
    for (lang, code) in [
        ("es", Language::Spanish),
        ("en", Language::EnglishUS),
        ("ca", Language::Catalan),
    ] {
        // The crate's own dictionary, as shipped in templates/hyphenation.
        let bytes =
            std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("templates/hyphenation/{lang}.bincode")))
                .unwrap();
        let dict = Standard::from_reader(code, &mut &bytes[..]).unwrap();
        for game in GAMES {
            let (_, breaks) = joined(&pdf_text(&dir.read(output(game, lang, "pdf"))));
            let source = crate::common::printed_md(&format!("templates/rules/{game}/{lang}.md"));
            for (head, tail) in breaks {
                let h: String = head.chars().skip_while(|c| !c.is_alphabetic()).collect();
                let t: String = tail.chars().take_while(|c| c.is_alphabetic() || *c == '·').collect();
                seen += 1;
                // Catalan l·l breaks as l- / l: the source has the middle dot there.
                if lang == "ca" && h.ends_with('l') && t.starts_with('l') && source.contains(&format!("{h}·{t}")) {
                    continue;
                }
                assert!(
                    !h.ends_with('·'),
                    "{game}/{lang}: a break after a middle dot in {h}-{t}"
                );
                let word = format!("{h}{t}");
                let allowed = dict.hyphenate(&word.to_lowercase()).breaks;
                assert!(
                    allowed.contains(&h.to_lowercase().len()),
                    "{game}/{lang}: \"{h}-{t}\" is not a break the patterns allow ({allowed:?})"
                );
            }
        }
    }
    assert!(seen > 20, "the sheets hyphenate ({seen} breaks seen)");
}

/// One body `<text>` of a rule sheet's SVG page: its face and size, where it
/// starts, and its words with the x of each.
struct SvgRun {
    face: Face,
    /// The font size in millimetres (one em).
    size: f64,
    x: f64,
    y: f64,
    words: Vec<(f64, String)>,
    /// Its text, spaces included.
    text: String,
    /// Whether its words are placed one by one (`<tspan x>`): a justified run.
    placed: bool,
    /// Whether its last word is anchored at its end (`text-anchor="end"`).
    end_anchored: bool,
}

/// Every body text of an SVG page, in document order.
fn svg_runs(doc: &roxmltree::Document<'_>) -> Vec<SvgRun> {
    by_class(doc, "body")
        .into_iter()
        .map(|t| SvgRun {
            face: Face::of_svg(t),
            size: attr(t, "font-size"),
            x: attr(t, "x"),
            y: attr(t, "y"),
            words: svg_words(t),
            text: t
                .descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect(),
            placed: t.children().any(|n| n.has_tag_name("tspan")),
            end_anchored: t
                .children()
                .rfind(|n| n.has_tag_name("tspan"))
                .is_some_and(|n| n.attribute("text-anchor") == Some("end")),
        })
        .collect()
}

/// How closely a word gap or a word's start measured from the SVG can be
/// known: positions are written to a micrometre and the font size to a
/// thousandth of a millimetre, which moves a 20 mm word's measured advance by
/// some 3 micrometres.
const GAP_TOL: f64 = 0.005;

/// The extra width a run gives each word space: where each word starts
/// minus where the word before it ends and one natural space. One number per
/// pair of words (a justified run's are all the same, within [`GAP_TOL`]).
fn word_gaps(run: &SvgRun) -> Vec<f64> {
    let space = run.face.advance(" ", run.size);
    run.words
        .windows(2)
        .map(|w| w[1].0 - w[0].0 - run.face.advance(&w[0].1, run.size) - space)
        .collect()
}

/// The SVG pages of a sheet, read.
fn svg_pages(dir: &TestDir, game: &str, lang: &str) -> Vec<String> {
    let mut pages = Vec::new();
    for n in 1.. {
        let svg = output(game, lang, "svg").replace(".svg", &format!("-{n}.svg"));
        if !dir.join(&svg).exists() {
            break;
        }
        pages.push(dir.read_string(&svg));
    }
    assert!(!pages.is_empty(), "{game}/{lang} has pages");
    pages
}

/// The text columns of an SVG page: left and right edges.
/// The boxed asides of a page: left, top, right, bottom, and their padding
/// (how far in from the box its text starts).
fn asides(doc: &roxmltree::Document<'_>) -> Vec<(f64, f64, f64, f64, f64)> {
    let body: Vec<(f64, f64)> = by_class(doc, "body")
        .iter()
        .map(|t| (attr(*t, "x"), attr(*t, "y")))
        .collect();
    by_class(doc, "aside")
        .iter()
        .filter(|a| a.has_tag_name("rect"))
        .map(|a| {
            let (x, y, w, h) = (attr(*a, "x"), attr(*a, "y"), attr(*a, "width"), attr(*a, "height"));
            let inside = body
                .iter()
                .filter(|(bx, by)| *bx >= x && *bx <= x + w && *by > y && *by < y + h);
            let pad = inside.map(|(bx, _)| bx - x).fold(f64::MAX, f64::min);
            (x, y, x + w, y + h, pad)
        })
        .collect()
}

fn columns(doc: &roxmltree::Document<'_>) -> Vec<(f64, f64)> {
    by_class(doc, "column")
        .iter()
        .map(|c| (attr(*c, "x"), attr(*c, "x") + attr(*c, "width")))
        .collect()
}

#[test]
fn no_line_stretches_its_spaces_past_twice_their_width() {
    let dir = main_job();
    for game in GAMES {
        for lang in LANGS {
            // Count the justified runs, so a sheet where none is cannot pass
            // unchecked.
            let mut justified = 0;
            for text in svg_pages(dir, game, lang) {
                let doc = roxmltree::Document::parse(&text).unwrap();
                for run in svg_runs(&doc).iter().filter(|r| r.placed) {
                    let gaps = word_gaps(run);
                    let Some(gap) = gaps.first().copied() else { continue };
                    justified += 1;
                    assert!(
                        gaps.iter().all(|g| (g - gap).abs() < GAP_TOL),
                        "{game}/{lang}: one run, unequal spaces {gaps:?}"
                    );
                    let space = run.face.advance(" ", run.size);
                    assert!(
                        gap <= space + GAP_TOL,
                        "{game}/{lang}: a line's spaces grow by {gap} mm, more than one space ({space} mm)"
                    );
                }
            }
            // Each sheet sets over 300 words (the first test) in 85 mm columns
            // at 9.5 pt, some 45 characters or 7 to 8 words a line: over 35
            // lines, and every line of a paragraph but its last is stretched.
            // 20 is a floor under that (the sheets have 50 to 98 today).
            assert!(
                justified >= 20,
                "{game}/{lang}: only {justified} justified runs were checked"
            );
        }
    }
}

/// The body runs of a page as lines: keyed by column and baseline (in
/// micrometres), each line's runs in order of x. Runs outside every column
/// (none today) are left out.
fn svg_lines(runs: Vec<SvgRun>, columns: &[(f64, f64)]) -> BTreeMap<(usize, i64), Vec<SvgRun>> {
    let mut lines: BTreeMap<(usize, i64), Vec<SvgRun>> = BTreeMap::new();
    for run in runs {
        let Some(col) = columns.iter().position(|(l, r)| run.x > l - 0.01 && run.x < *r) else {
            continue;
        };
        lines
            .entry((col, (run.y * 1000.0).round() as i64))
            .or_default()
            .push(run);
    }
    for line in lines.values_mut() {
        line.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    lines
}

/// The PDF's text shows on the baseline `y` that start in the column from
/// `left` to `right`, in order of x.
fn pdf_line(page: &PdfPage, y: f64, (left, right): (f64, f64)) -> Vec<&PdfText> {
    let mut shows: Vec<&PdfText> = page
        .texts
        .iter()
        .filter(|t| (t.origin.1 - y).abs() < 0.01 && t.origin.0 > left - 0.01 && t.origin.0 < right)
        .collect();
    shows.sort_by(|a, b| a.origin.0.total_cmp(&b.origin.0));
    shows
}

/// The PDF's `/W` holds each glyph's advance as the font gives it (as a
/// 32-bit float), so a viewer sets each glyph where the layout measured it:
/// after `glyphs` glyphs the PDF may differ from the font's own advances
/// (the SVG's) by a float's rounding, a hundred-thousandth of an em a glyph.
/// (The SVG's positions are known to [`GAP_TOL`].) Widths cut to whole
/// thousandths, as an earlier writer wrote them, fail this by up to a
/// thousandth of the size a glyph.
#[track_caller]
fn assert_pdf_at(pdf: f64, svg: f64, glyphs: usize, size: f64, what: &str) {
    let off = glyphs as f64 * size / 100_000.0;
    assert!(
        (pdf - svg).abs() <= off + GAP_TOL,
        "{what}: the PDF at {pdf:.4} mm, the SVG at {svg:.4} mm ({glyphs} glyphs allow {off:.5} mm)"
    );
}

#[test]
fn svg_words_stand_where_the_pdf_sets_them_and_justified_lines_end_on_the_column_edge() {
    let dir = main_job();
    for game in GAMES {
        for lang in LANGS {
            let pdf = read_pdf(&dir.read(output(game, lang, "pdf")));
            let mut flush = 0;
            for (n, text) in svg_pages(dir, game, lang).iter().enumerate() {
                let doc = roxmltree::Document::parse(text).unwrap();
                // Spacing hints are what renderers disagree on: none is left.
                let hints = doc
                    .descendants()
                    .filter(|e| e.attribute("word-spacing").is_some() || e.attribute("textLength").is_some())
                    .count();
                assert_eq!(hints, 0, "{game}/{lang} page {}: word-spacing or textLength", n + 1);
                let cols = columns(&doc);
                let asides = asides(&doc);
                for ((col, _), line) in svg_lines(svg_runs(&doc), &cols) {
                    if !line.iter().any(|r| r.placed) {
                        continue;
                    }
                    let at = format!("{game}/{lang} page {} line at y {}", n + 1, line[0].y);
                    let shows = pdf_line(&pdf[n], line[0].y, cols[col]);
                    // Every word starts where the PDF starts it: the PDF's
                    // shows split at the same words, one string per word.
                    let pdf_starts: Vec<f64> = shows.iter().flat_map(|t| t.starts.iter().map(|p| p.0)).collect();
                    let svg_starts: Vec<(f64, usize, f64)> = line
                        .iter()
                        .flat_map(|r| {
                            let mut before = 0;
                            r.words.iter().map(move |(x, w)| {
                                let here = (*x, before, r.size);
                                before += w.chars().count() + 1;
                                here
                            })
                        })
                        .collect();
                    assert_eq!(pdf_starts.len(), svg_starts.len(), "{at}: words in the PDF and the SVG");
                    for (p, (x, before, size)) in pdf_starts.iter().zip(&svg_starts) {
                        assert_pdf_at(*p, *x, *before, *size, &format!("{at}: a word"));
                    }
                    // The line ends where the PDF's does, its last word
                    // anchored there: a renderer that kerns inside the word
                    // moves its start, not the line's edge.
                    let last = line.last().unwrap();
                    assert!(last.end_anchored, "{at}: the last word is anchored at its end");
                    let (x, word) = last.words.last().unwrap();
                    let end = x + last.face.advance(word, last.size);
                    let glyphs: usize = last.words.iter().map(|(_, w)| w.chars().count() + 1).sum();
                    let pdf_end = shows.last().and_then(|t| t.end).expect("the PDF's widths").0;
                    assert_pdf_at(pdf_end, end, glyphs, last.size, &format!("{at}: the end"));
                    // A justified line reaches the column's right edge, unless
                    // its spaces stopped at the stretch limit: the regular
                    // face's space added to each (a bold run's own space is
                    // wider, and would hide the limit on an all-bold line).
                    let capped = line.iter().filter(|r| r.words.len() > 1).any(|r| {
                        let space = Face::Regular.advance(" ", r.size);
                        word_gaps(r)[0] > space - GAP_TOL
                    });
                    if !capped {
                        flush += 1;
                        // A line in a boxed aside ends at the box's padding.
                        let right = asides
                            .iter()
                            .find(|(x0, y0, x1, y1, _)| {
                                line[0].x >= *x0 && line[0].x <= *x1 && line[0].y > *y0 && line[0].y < *y1
                            })
                            .map_or(cols[col].1, |(_, _, x1, _, pad)| x1 - pad);
                        assert_close(end, right, 0.1, &format!("{at}: the end of a justified line"));
                    }
                }
            }
            assert!(flush >= 20, "{game}/{lang}: only {flush} justified lines were checked");
        }
    }
}

#[test]
fn a_language_without_a_text_is_refused_with_its_file() {
    let dir = rule_sources("rules-missing");
    let run = dir.run(&["check", "layouts/league/rules.toml", "--lang", "fr"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[rules-missing]") && run.stderr.contains("fr.md"),
        "{}",
        run.stderr
    );
    // A new language is a new file, no code: French comes out once it is written.
    dir.write(
        "templates/rules/league/fr.md",
        "# Les règles\n\nUn texte court pour essayer la césure française.\n",
    );
    dir.run(&["build", "layouts/league/rules.toml", "--lang", "fr", "--format", "pdf"])
        .expect_code(0);
    assert!(dir.join("output/league/rules-fr.pdf").exists());
    // An unknown diagram is an error naming the file and line.
    dir.write(
        "templates/rules/league/fr.md",
        "# Les règles\n\nTexte.\n\n{{diagram: nowhere}}\n",
    );
    let run = dir.run(&["check", "layouts/league/rules.toml", "--lang", "fr"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[rules-diagram]") && run.stderr.contains("fr.md:5"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_language_without_built_in_patterns_is_set_without_hyphens_and_told_where_they_go() {
    // The patterns of Europe's most spoken languages are built in (French
    // needs no file); another language's rules are still set, without
    // hyphens, and the build says where its patterns go.
    let dir = rule_sources("rules-patterns");
    dir.write(
        "templates/rules/league/fr.md",
        "# Les règles\n\nUn texte court pour essayer la césure française.\n",
    );
    dir.write(
        "templates/rules/league/eo.md",
        "# La reguloj\n\nMallonga teksto por provi la dividon de vortoj.\n",
    );
    let run = dir.run(&["build", "layouts/league/rules.toml", "--lang", "fr", "--format", "pdf"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("text-hyphen"), "{}", run.stderr);
    let run = dir.run(&["build", "layouts/league/rules.toml", "--lang", "eo", "--format", "pdf"]);
    run.expect_code(0);
    assert!(dir.join("output/league/rules-eo.pdf").exists());
    assert!(
        run.stderr.contains("warning[text-hyphen]")
            && run.stderr.contains("no hyphenation patterns built in for \"eo\"")
            && run.stderr.contains("eo.md")
            && run.stderr.contains("templates/hyphenation/eo.bincode"),
        "{}",
        run.stderr
    );
    // A project's file is read, and one holding another language's
    // patterns is named with what it holds.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let spanish = std::fs::read(root.join("templates/hyphenation/es.bincode")).unwrap();
    std::fs::create_dir_all(dir.join("templates/hyphenation")).unwrap();
    std::fs::write(dir.join("templates/hyphenation/fr.bincode"), &spanish).unwrap();
    let run = dir.run(&["check", "layouts/league/rules.toml", "--lang", "fr"]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("warning[text-hyphen]") && run.stderr.contains("holds the patterns of Spanish"),
        "{}",
        run.stderr
    );
    // The project's file wins over the built-in one: Spanish patterns are
    // read for Spanish (no warning), and refused for English.
    std::fs::write(dir.join("templates/hyphenation/es.bincode"), &spanish).unwrap();
    let run = dir.run(&["check", "layouts/league/rules.toml", "--lang", "es"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("text-hyphen"), "{}", run.stderr);
    std::fs::write(dir.join("templates/hyphenation/en.bincode"), &spanish).unwrap();
    let run = dir.run(&["check", "layouts/league/rules.toml", "--lang", "en"]);
    assert!(
        run.stderr.contains("warning[text-hyphen]") && run.stderr.contains("not of \"en\""),
        "{}",
        run.stderr
    );
}

#[test]
fn diagrams_keep_their_boards_geometry() {
    let dir = main_job();
    // The dice pitch: the board's squares, scaled, on one grid.
    let board = {
        let d = TestDir::new("rules-board");
        d.write(
            "layouts/dice-football/pitch.toml",
            &project_file("layouts/dice-football/pitch.toml"),
        );
        d.run(&["build", "layouts/dice-football/pitch.toml", "--format", "svg"])
            .expect_code(0);
        d.read_string("output/dice-football/pitch.svg")
    };
    let doc = roxmltree::Document::parse(&board).unwrap();
    let board_pitch = attr(by_class(&doc, "cell")[0], "width");
    let svg = dir.read_string("output/dice-football/rules-1.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let diagrams = by_class(&doc, "diagram");
    assert!(!diagrams.is_empty(), "the kick-off diagram is on page 1");
    let cells: Vec<(String, f64, f64, f64)> = diagrams[0]
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|n| {
            (
                n.attribute("id").unwrap().to_string(),
                attr(n, "x"),
                attr(n, "y"),
                attr(n, "width"),
            )
        })
        .collect();
    assert!(cells.len() >= 100, "the diagram is made of the board's squares");
    let pitch = cells[0].3;
    let k = pitch / board_pitch;
    assert!(k > 0.2 && k <= 1.0, "scaled to the column: {k}");
    let (c0, r0) = (cells[0].0.clone(), (cells[0].1, cells[0].2));
    let id = |s: &str| -> (f64, f64) {
        let mut v = s.split('-').skip(1).map(|n| n.parse::<f64>().unwrap());
        (v.next().unwrap(), v.next().unwrap())
    };
    let (cc0, rr0) = id(&c0);
    for (cid, x, y, w) in &cells {
        assert_close(*w, pitch, 0.01, "equal squares");
        let (c, r) = id(cid);
        assert_close(x - r0.0, (c - cc0) * pitch, 0.01, "columns one square apart");
        assert_close(y - r0.1, (r - rr0) * pitch, 0.01, "rows one square apart");
    }
    // The path field: the guides meet at the field's 7 x 9 points, evenly.
    let svg = dir.read_string("output/path-football/rules-1.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let d = &by_class(&doc, "diagram")[0];
    let mut xs = BTreeSet::new();
    let mut ys = BTreeSet::new();
    for g in d.descendants().filter(|n| n.attribute("class") == Some("guide")) {
        for (x, y) in [(attr(g, "x1"), attr(g, "y1")), (attr(g, "x2"), attr(g, "y2"))] {
            xs.insert((x * 100.0).round() as i64);
            ys.insert((y * 100.0).round() as i64);
        }
    }
    // 7 columns of points; 9 rows plus the two goal points' rows.
    assert_eq!(xs.len(), 7, "{xs:?}");
    assert_eq!(ys.len(), 11, "{ys:?}");
}

#[test]
fn a_paragraph_split_between_columns_leaves_two_lines_on_each_side() {
    let dir = main_job();
    let mut splits = 0;
    for game in GAMES {
        for lang in LANGS {
            // (block) -> list of (page, column x, baselines)
            let mut parts: BTreeMap<u32, BTreeMap<(u32, i64), BTreeSet<i64>>> = BTreeMap::new();
            for n in 1.. {
                let svg = output(game, lang, "svg").replace(".svg", &format!("-{n}.svg"));
                if !dir.join(&svg).exists() {
                    break;
                }
                let text = dir.read_string(&svg);
                let doc = roxmltree::Document::parse(&text).unwrap();
                let columns: Vec<(f64, f64)> = by_class(&doc, "column")
                    .iter()
                    .map(|c| (attr(*c, "x"), attr(*c, "width")))
                    .collect();
                for t in by_class(&doc, "body") {
                    let block: u32 = t.attribute("data-block").unwrap().parse().unwrap();
                    let x = attr(t, "x");
                    let Some(col) = columns.iter().position(|(cx, w)| x >= cx - 0.01 && x <= cx + w) else {
                        continue;
                    };
                    parts
                        .entry(block)
                        .or_default()
                        .entry((n, col as i64))
                        .or_default()
                        .insert((attr(t, "y") * 100.0).round() as i64);
                }
            }
            for (block, pieces) in &parts {
                if pieces.len() < 2 {
                    continue;
                }
                splits += 1;
                for (at, lines) in pieces {
                    assert!(
                        lines.len() >= 2,
                        "{game}/{lang}: block {block} leaves {} line(s) in column {at:?}",
                        lines.len()
                    );
                }
            }
        }
    }
    assert!(
        splits > 0,
        "some paragraph does split across columns, so the rule is exercised"
    );
}

/// The resolution the rasterised sheet is measured at: a pixel is 0.085 mm.
const DPI: f64 = 300.0;
/// How far from where the PDF sets it a word's ink may start or end in the
/// raster: a pixel and a half for the anti-aliased edge and the pixel grid,
/// and 0.05 em (0.17 mm here) for a ligature (fi, fl), which narrows its word
/// in resvg: the PDF has none, and resvg cannot be asked to leave them out.
const INK_TOL: f64 = 0.2;

/// A rasterised page, asked where its ink is. A pixel is inked when it is
/// darker than mid-grey.
struct Raster(resvg::tiny_skia::Pixmap);

impl Raster {
    /// The pixel column or row a length in millimetres falls in.
    fn px(mm: f64) -> i64 {
        (mm * DPI / 25.4).floor() as i64
    }

    fn inked(&self, x: i64, y: i64) -> bool {
        let (w, h) = (i64::from(self.0.width()), i64::from(self.0.height()));
        if x < 0 || y < 0 || x >= w || y >= h {
            return false;
        }
        let i = ((y * w + x) * 4) as usize;
        let d = self.0.data();
        u32::from(d[i]) + u32::from(d[i + 1]) + u32::from(d[i + 2]) < 3 * 128
    }

    /// The left edge of the first inked pixel column and the right edge of
    /// the last, in millimetres, between `from` and `to` and rows `top` to
    /// `bottom` (millimetres); `None` when nothing there is inked.
    fn ink_between(&self, (from, to): (f64, f64), (top, bottom): (f64, f64)) -> Option<(f64, f64)> {
        let rows = Raster::px(top)..=Raster::px(bottom);
        let inked: Vec<i64> = (Raster::px(from)..=Raster::px(to))
            .filter(|&x| rows.clone().any(|y| self.inked(x, y)))
            .collect();
        let mm = |px: i64| px as f64 * 25.4 / DPI;
        Some((mm(*inked.first()?), mm(*inked.last()? + 1)))
    }
}

/// Where the ink of one word (or of words whose ink touches) should be on
/// the page, from where the PDF starts it and the font's glyphs.
struct Ink {
    left: f64,
    right: f64,
    /// How far the PDF's start may fall short of the font's advances (see
    /// [`assert_pdf_at`]): the ink may lie up to this much right of `left`
    /// and `right` besides [`INK_TOL`].
    short: f64,
    what: String,
}

/// The ink of a line's words. `None` when the line is not justified (no
/// show of it sets its words one by one).
fn expected_ink(shows: &[&PdfText], runs: &[&SvgRun]) -> Option<Vec<Ink>> {
    if !shows.iter().any(|t| t.starts.len() > 1) {
        return None;
    }
    let mut ink: Vec<Ink> = Vec::new();
    for (show, run) in shows.iter().zip(runs) {
        let words: Vec<&str> = run.text.split(' ').filter(|w| !w.is_empty()).collect();
        let starts: Vec<f64> = match (show.starts.len(), words.len()) {
            (n, m) if n == m => show.starts.iter().map(|p| p.0).collect(),
            (_, 1) => vec![show.origin.0],
            (n, m) => panic!("a show of {n} strings for {m} words: {:?}", run.text),
        };
        let mut glyphs = 0;
        for (s, w) in starts.iter().zip(words) {
            let short = (glyphs + w.chars().count()) as f64 * run.size / 1000.0;
            ink.push(Ink {
                left: s + run.face.ink_left(w, run.size),
                right: s + run.face.advance(w, run.size) - run.face.ink_right_inset(w, run.size),
                short,
                what: w.to_string(),
            });
            glyphs += w.chars().count() + 1;
        }
    }
    ink.sort_by(|a, b| a.left.total_cmp(&b.left));
    let mut merged: Vec<Ink> = Vec::new();
    for i in ink {
        match merged.last_mut() {
            Some(last) if i.left < last.right + 2.0 * 25.4 / DPI => {
                last.right = last.right.max(i.right);
                last.short = last.short.max(i.short);
                last.what.push_str(&i.what);
            }
            _ => merged.push(i),
        }
    }
    Some(merged)
}

/// Where each word's ink is in the raster, left and right edge; `None` for
/// a word with no ink where it should be. Each word is looked for between
/// the middles of the gaps around it.
fn ink_found(raster: &Raster, ink: &[Ink], band: (f64, f64)) -> Vec<Option<(f64, f64)>> {
    (0..ink.len())
        .map(|k| {
            let from = if k == 0 {
                ink[0].left - 1.0
            } else {
                (ink[k - 1].right + ink[k].left) / 2.0
            };
            let to = ink
                .get(k + 1)
                .map_or(ink[k].right + 1.0, |next| (ink[k].right + next.left) / 2.0);
            raster.ink_between((from, to), band)
        })
        .collect()
}

/// What measuring a rasterised page against its PDF found.
struct InkReport {
    /// How many justified lines were measured.
    lines: usize,
    /// The largest distance of a word's ink edge from where the PDF puts it
    /// (past the PDF's own shortfall), in millimetres.
    worst_word: f64,
    /// For each line, how far its rightmost ink is from where the PDF's line
    /// ends (past the PDF's shortfall; negative when short).
    ends: Vec<f64>,
    /// Words whose ink is more than [`INK_TOL`] from the PDF's, and lines
    /// that end more than [`RAGGED_TOL`] from the PDF's end.
    failures: Vec<String>,
}

/// How far a line's rightmost ink may be from where the PDF's line ends:
/// renderers that ignore the spacing hints left lines up to 9.6 mm short.
const RAGGED_TOL: f64 = 0.5;

/// Measures every justified line of one page's raster against the PDF: the
/// ink of each word, and where each line's ink ends.
fn measure_ink(raster: &Raster, svg: &str, pdf: &PdfPage) -> InkReport {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let runs = svg_runs(&doc);
    let mut report = InkReport {
        lines: 0,
        worst_word: 0.0,
        ends: Vec::new(),
        failures: Vec::new(),
    };
    let mut baselines: Vec<f64> = pdf.texts.iter().map(|t| t.origin.1).collect();
    baselines.sort_by(f64::total_cmp);
    baselines.dedup_by(|a, b| (*a - *b).abs() < 0.01);
    for range in columns(&doc) {
        for &y in &baselines {
            // The body's shows on this baseline, each with its SVG text (a
            // diagram's labels are not body text).
            let (shows, matched): (Vec<&PdfText>, Vec<&SvgRun>) = pdf_line(pdf, y, range)
                .into_iter()
                .filter_map(|t| {
                    let run = runs
                        .iter()
                        .find(|r| (r.x - t.origin.0).abs() < 0.01 && (r.y - y).abs() < 0.01)?;
                    Some((t, run))
                })
                .unzip();
            let Some(ink) = expected_ink(&shows, &matched) else {
                continue;
            };
            report.lines += 1;
            let size = matched.iter().map(|r| r.size).fold(0.0, f64::max);
            let band = (y - matched[0].face.ascent(size), y + matched[0].face.descent(size));
            // A distance past the PDF's own shortfall counts against the SVG.
            let off = |found: f64, at: f64, want: &Ink| {
                let d = found - at;
                if d > 0.0 { (d - want.short).max(0.0) } else { d }
            };
            for (want, got) in ink.iter().zip(ink_found(raster, &ink, band)) {
                let Some((l, r)) = got else {
                    report.failures.push(format!("y {y:.3}: {:?} has no ink", want.what));
                    continue;
                };
                let (dl, dr) = (off(l, want.left, want), off(r, want.right, want));
                report.worst_word = report.worst_word.max(dl.abs()).max(dr.abs());
                if dl.abs() > INK_TOL || dr.abs() > INK_TOL {
                    report
                        .failures
                        .push(format!("y {y:.3}: {:?} inked {dl:+.3} / {dr:+.3} mm off", want.what));
                }
            }
            // Not ragged: the line's rightmost ink is where the PDF's line ends.
            let last = &ink[ink.len() - 1];
            let found = raster.ink_between((ink[0].left - 1.0, last.right + 1.0), band);
            let end = found.map_or(f64::NEG_INFINITY, |(_, r)| off(r, last.right, last));
            report.ends.push(end);
            if end.abs() > RAGGED_TOL {
                report
                    .failures
                    .push(format!("y {y:.3}: the line's ink ends {end:+.3} mm from the PDF's end"));
            }
        }
    }
    report
}

#[test]
fn a_rasterised_svg_page_inks_every_word_where_the_pdf_sets_it() {
    let dir = main_job();
    let svg = dir.read_string("output/dice-football/rules-1.svg");
    let pdf = &read_pdf(&dir.read(output("dice-football", "es", "pdf")))[0];
    // The PNG preview's own rasteriser: resvg with the bundled fonts.
    let png = pitchprint::export::png::render(&svg, DPI).unwrap();
    let raster = Raster(resvg::tiny_skia::Pixmap::decode_png(&png).unwrap());
    let report = measure_ink(&raster, &svg, pdf);
    // Page 1 has 46 justified lines today, in both columns.
    assert!(
        report.lines >= 30,
        "only {} justified lines were measured",
        report.lines
    );
    assert!(
        report.failures.is_empty(),
        "on {} justified lines (worst word {:.3} mm off):\n{}",
        report.lines,
        report.worst_word,
        report.failures.join("\n")
    );
}

/// The numbers written in digits in each `## ` section of a rule text.
fn numbers_by_section(md: &str) -> Vec<Vec<String>> {
    md.split("\n## ")
        .map(|section| {
            let mut found = Vec::new();
            let mut current = String::new();
            for c in section.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    current.push(c);
                } else if !current.is_empty() {
                    found.push(std::mem::take(&mut current));
                }
            }
            found.sort();
            found
        })
        .collect()
}

#[test]
fn every_language_states_the_same_numbers_in_the_same_sections() {
    // The rules, the cover sheets that say what to print and the
    // quick-reference cards.
    for texts in ["rules", "covers", "reference"] {
        for game in GAMES {
            let by_lang: Vec<(&str, Vec<Vec<String>>)> = LANGS
                .iter()
                .map(|l| {
                    (
                        *l,
                        numbers_by_section(&project_file(&format!("templates/{texts}/{game}/{l}.md"))),
                    )
                })
                .collect();
            let (first, reference) = &by_lang[0];
            for (lang, sections) in &by_lang[1..] {
                assert_eq!(
                    sections.len(),
                    reference.len(),
                    "{texts}/{game}: {lang} and {first} have as many sections"
                );
                for (i, (a, b)) in reference.iter().zip(sections).enumerate() {
                    assert_eq!(
                        a,
                        b,
                        "{texts}/{game}, section {}: {first} and {lang} give other numbers",
                        i + 1
                    );
                }
            }
        }
    }
}

#[test]
fn futbolchess_states_every_match_length_of_the_seed() {
    // Always 90 game minutes; long games of 90, 60 or 30 real minutes, short
    // halves of 15 or 10; extra time of 30 game minutes in 10, 5 or 3 real.
    for lang in LANGS {
        let sections = numbers_by_section(&crate::common::printed_md(&format!(
            "templates/rules/futbolchess/{lang}.md"
        )));
        let wanted = ["90", "60", "30", "15", "10", "5", "3"];
        assert!(
            sections.iter().any(
                |s| wanted.iter().all(|w| s.iter().any(|n| n == w)) && s.iter().filter(|n| *n == "30").count() >= 2
            ),
            "{lang}: one section gives {wanted:?} with 30 twice (a long game and the extra time)"
        );
    }
}

/// The SVG pages of a sheet, in order.
fn pages(game: &str, lang: &str) -> Vec<String> {
    let dir = main_job();
    let mut out = Vec::new();
    for n in 1.. {
        let svg = output(game, lang, "svg").replace(".svg", &format!("-{n}.svg"));
        if !dir.join(&svg).exists() {
            break;
        }
        out.push(dir.read_string(&svg));
    }
    assert!(!out.is_empty(), "{game}/{lang} has pages");
    out
}

/// The page offset of a diagram's group (`matrix(1 0 0 1 x y)`).
fn offset(g: roxmltree::Node<'_, '_>) -> (f64, f64) {
    let m = crate::common::numbers(g.attribute("transform").expect("a placed diagram"));
    (m[4], m[5])
}

/// A figure read back from its page: the page, which diagram group on it,
/// and the caption set under it (its lines joined, a word broken at a line's
/// end made whole).
struct Figure {
    svg: String,
    index: usize,
    caption: String,
}

impl Figure {
    /// Calls `f` with the figure's diagram group.
    fn with<T>(&self, f: impl FnOnce(roxmltree::Node<'_, '_>) -> T) -> T {
        let doc = roxmltree::Document::parse(&self.svg).unwrap();
        f(by_class(&doc, "diagram")[self.index])
    }

    /// The first number the caption writes in digits: the roll it cites.
    fn cited(&self) -> u32 {
        let digits: String = self
            .caption
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .parse()
            .unwrap_or_else(|_| panic!("the caption cites no roll: {}", self.caption))
    }
}

/// The figures of a sheet in reading order, each with the caption lines that
/// follow its group: in its column, below its top, with no body text between.
fn figures(game: &str, lang: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    for (p, svg) in pages(game, lang).into_iter().enumerate() {
        let doc = roxmltree::Document::parse(&svg).unwrap();
        for (index, g) in by_class(&doc, "diagram").into_iter().enumerate() {
            let (x, y) = offset(g);
            let lines: Vec<roxmltree::Node> = g
                .next_siblings()
                .skip(1)
                .filter(|n| n.is_element())
                .take_while(|n| n.attribute("class") == Some("caption"))
                .collect();
            assert!(
                !lines.is_empty(),
                "{game}/{lang} page {}: figure {index} has no caption",
                p + 1
            );
            let first = attr(lines[0], "y");
            for l in &lines {
                assert_close(attr(*l, "x"), x, 0.01, "a caption starts at its figure's left edge");
            }
            assert!(first > y + 10.0, "{game}/{lang}: the caption is under its figure");
            let between = by_class(&doc, "body")
                .into_iter()
                .any(|t| (attr(t, "x") - x).abs() < 1.0 && attr(t, "y") > y && attr(t, "y") < first);
            assert!(!between, "{game}/{lang}: text between figure {index} and its caption");
            let mut caption = String::new();
            for l in &lines {
                let t = text_of(*l);
                let t = t.as_str();
                match caption.strip_suffix('-') {
                    Some(head) if head.ends_with(char::is_alphabetic) => caption = format!("{head}{t}"),
                    _ if caption.is_empty() => caption = t.to_string(),
                    _ => caption = format!("{caption} {t}"),
                }
            }
            out.push(Figure {
                svg: svg.clone(),
                index,
                caption,
            });
        }
    }
    out
}

#[test]
fn every_figure_has_a_one_sentence_caption_under_it() {
    for game in GAMES {
        for lang in LANGS {
            let md = crate::common::printed_md(&format!("templates/rules/{game}/{lang}.md"));
            let wanted = md.lines().filter(|l| l.starts_with("{{diagram:")).count();
            let figures = figures(game, lang);
            assert_eq!(figures.len(), wanted, "{game}/{lang}: every figure is drawn");
            assert!(wanted >= 2, "{game}/{lang} has its figures");
            for f in &figures {
                let c = f.caption.trim();
                assert!(c.ends_with('.'), "{game}/{lang}: \"{c}\" ends a sentence");
                let inner = c[..c.len() - 1]
                    .match_indices(['.', '!', '?'])
                    .any(|(i, _)| c[i + 1..].starts_with(' '));
                assert!(!inner, "{game}/{lang}: \"{c}\" is one sentence");
                assert!(words(c).len() >= 8, "{game}/{lang}: \"{c}\" says what the figure shows");
            }
        }
    }
}

/// The square (column, row) of the board a point of a dice diagram lies in,
/// from the diagram's own squares; row -1 is the goal above the top line.
fn square_of(g: roxmltree::Node<'_, '_>, (x, y): (f64, f64)) -> (i32, i32) {
    let c0 = g
        .descendants()
        .find(|n| n.attribute("id") == Some("cell-0-0"))
        .expect("the board's first square");
    let (x0, y0, p) = (attr(c0, "x"), attr(c0, "y"), attr(c0, "width"));
    (((x - x0) / p).floor() as i32, ((y - y0) / p).floor() as i32)
}

/// A spot of a dice diagram in squares from the board's corner (5, 9 is the
/// crossing of the four central squares of a 10 x 18 board).
fn spot(g: roxmltree::Node<'_, '_>, id: &str) -> (f64, f64) {
    let c0 = g.descendants().find(|n| n.attribute("id") == Some("cell-0-0")).unwrap();
    let s = g.descendants().find(|n| n.attribute("id") == Some(id)).unwrap();
    let p = attr(c0, "width");
    ((attr(s, "cx") - attr(c0, "x")) / p, (attr(s, "cy") - attr(c0, "y")) / p)
}

#[test]
fn dice_figures_count_the_roll_their_caption_cites_one_side_step_at_a_time() {
    for lang in LANGS {
        let figures = figures("dice-football", lang);
        assert_eq!(figures.len(), 2, "{lang}: the kick-off and the penalty");
        for (k, fig) in figures.iter().enumerate() {
            let kickoff = k == 0;
            fig.with(|g| {
                let mut steps: Vec<(u32, (f64, f64))> = g
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("step"))
                    .map(|n| {
                        let n_step: u32 = n.attribute("data-step").unwrap().parse().unwrap();
                        let (x, y, w, h) = (attr(n, "x"), attr(n, "y"), attr(n, "width"), attr(n, "height"));
                        (n_step, (x + w / 2.0, y + h / 2.0))
                    })
                    .collect();
                steps.sort_by_key(|s| s.0);
                let numbers: Vec<u32> = steps.iter().map(|s| s.0).collect();
                let cited = fig.cited();
                assert_eq!(
                    numbers,
                    (1..=cited).collect::<Vec<_>>(),
                    "{lang}: steps 1 to {cited}, as the caption cites"
                );
                let squares: Vec<(i32, i32)> = steps.iter().map(|s| square_of(g, s.1)).collect();
                // Each step's number is written in its square.
                for (i, sq) in squares.iter().enumerate() {
                    let written = g.descendants().any(|t| {
                        t.attribute("class") == Some("label")
                            && t.text() == Some(&(i + 1).to_string())
                            && square_of(g, (attr(t, "x") + text_width(t) / 2.0, attr(t, "y") - 0.8)) == *sq
                    });
                    assert!(written, "{lang}: step {} carries its number", i + 1);
                }
                for w in squares.windows(2) {
                    let d = (w[0].0 - w[1].0).abs() + (w[0].1 - w[1].1).abs();
                    assert_eq!(d, 1, "{lang}: {:?} to {:?} is one square across or along", w[0], w[1]);
                }
                let first = (squares[0].0 as f64 + 0.5, squares[0].1 as f64 + 0.5);
                if kickoff {
                    // The spot is a square of its own: the first step lands on
                    // one of the four squares that meet at it.
                    let s = spot(g, "centre-spot");
                    assert!(
                        ((first.0 - s.0).abs() - 0.5).abs() < 0.01 && ((first.1 - s.1).abs() - 0.5).abs() < 0.01,
                        "{lang}: the kick-off's first square {first:?} touches the spot {s:?}"
                    );
                } else {
                    // The penalty spot is on the line between two squares of
                    // its row: the first step is to the row in front, in one
                    // of those two columns; the last one is in the goal.
                    let s = spot(g, "penalty-spot-top");
                    assert!(
                        ((first.0 - s.0).abs() - 0.5).abs() < 0.01 && (first.1 - (s.1.floor() - 0.5)).abs() < 0.01,
                        "{lang}: the penalty's first square {first:?} is straight in front of the spot {s:?}"
                    );
                    assert_eq!(squares.last().unwrap().1, -1, "{lang}: the last step is in the goal");
                }
            });
        }
    }
}

/// A colour attribute, as written.
fn colour(n: roxmltree::Node<'_, '_>, name: &str) -> String {
    n.attribute(name).unwrap_or_default().to_lowercase()
}

/// Replays a path-football figure read from its page by the game's rules
/// (`path_fields::play`), from the field's marked start: every drawn step is
/// a legal move of the side whose pen colour it has, the turn passes exactly
/// where the rules say, and a dot, a ring or a cross marks each step's end as
/// the rules make it. Returns what each step led to.
fn replay(g: roxmltree::Node<'_, '_>, what: &str) -> Vec<Outcome> {
    let of = |class: &str| -> Vec<roxmltree::Node> {
        g.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .collect()
    };
    // The printed lattice: the guides' ends, less the goal points' row.
    let goal_rows: BTreeSet<i64> = of("goal-point")
        .iter()
        .map(|n| (attr(*n, "cy") * 100.0).round() as i64)
        .collect();
    let (mut xs, mut ys) = (BTreeSet::new(), BTreeSet::new());
    for l in of("guide") {
        for (x, y) in [(attr(l, "x1"), attr(l, "y1")), (attr(l, "x2"), attr(l, "y2"))] {
            xs.insert((x * 100.0).round() as i64);
            ys.insert((y * 100.0).round() as i64);
        }
    }
    let ys: Vec<i64> = ys.difference(&goal_rows).copied().collect();
    let xs: Vec<i64> = xs.into_iter().collect();
    let pitch = (xs[1] - xs[0]) as f64 / 100.0;
    let point = |x: f64, y: f64| -> At {
        let (i, j) = ((x - xs[0] as f64 / 100.0) / pitch, (y - ys[0] as f64 / 100.0) / pitch);
        assert!(
            (i - i.round()).abs() < 0.01 && (j - j.round()).abs() < 0.01,
            "{what}: ({x}, {y}) is on a point of the field"
        );
        (i.round() as i32, j.round() as i32)
    };
    let field = Field {
        columns: xs.len() as u32 - 1,
        rows: ys.len() as u32 - 1,
        pitch: Mm(pitch),
        opening: 2,
        opening_offset: 0,
        exits: true,
        diagonals: false,
        coordinates: false,
    };
    let mut game = Game::new(&field);
    let start = of("start")[0];
    assert_eq!(
        point(attr(start, "cx"), attr(start, "cy")),
        game.at,
        "{what}: play starts on the marked centre"
    );
    // A's colour is its letter's, at the top goal; B's at the bottom one.
    let mut markers = of("attack-marker");
    markers.retain(|n| n.tag_name().name() == "polygon");
    markers.sort_by(|a, b| svg_points(*a)[0].1.total_cmp(&svg_points(*b)[0].1));
    let ink = |side: Side| colour(markers[if side == Side::A { 0 } else { 1 }], "fill");
    assert_ne!(ink(Side::A), ink(Side::B), "{what}: two pen colours");
    let mut steps = of("step");
    steps.sort_by_key(|n| n.attribute("data-step").unwrap().parse::<u32>().unwrap());
    assert!(steps.len() >= 5, "{what}: a play of several steps");
    let (mut ends, mut bounces, mut outcomes) = (BTreeSet::new(), BTreeSet::new(), Vec::new());
    for (k, s) in steps.iter().enumerate() {
        assert_eq!(
            s.attribute("data-step"),
            Some((k + 1).to_string().as_str()),
            "{what}: steps 1 to n"
        );
        let from = point(attr(*s, "x1"), attr(*s, "y1"));
        let to = point(attr(*s, "x2"), attr(*s, "y2"));
        assert_eq!(from, game.at, "{what}: step {} starts where the ball is", k + 1);
        assert_eq!(
            colour(*s, "stroke"),
            ink(game.side),
            "{what}: step {} in its side's colour",
            k + 1
        );
        let side = game.side;
        let outcome = game
            .step(to)
            .unwrap_or_else(|e| panic!("{what}: step {} from {from:?} to {to:?} is illegal: {e:?}", k + 1));
        match outcome {
            Outcome::TurnEnds => ends.insert((to, ink(side))),
            Outcome::Bounce(_) => bounces.insert((to, ink(side))),
            _ => false,
        };
        outcomes.push(outcome);
        // Its number, beside the middle of its line.
        let mid = (
            (attr(*s, "x1") + attr(*s, "x2")) / 2.0,
            (attr(*s, "y1") + attr(*s, "y2")) / 2.0,
        );
        let numbered = of("label").iter().any(|t| {
            let c = (attr(*t, "x") + text_width(*t) / 2.0, attr(*t, "y") - 1.0);
            t.text() == Some(&(k + 1).to_string()) && (c.0 - mid.0).hypot(c.1 - mid.1) < pitch / 2.0
        });
        assert!(numbered, "{what}: step {} is numbered beside its line", k + 1);
    }
    let marks = |class: &str, paint: &str| -> BTreeSet<(At, String)> {
        of(class)
            .iter()
            .map(|n| (point(attr(*n, "cx"), attr(*n, "cy")), colour(*n, paint)))
            .collect()
    };
    assert_eq!(
        marks("turn-end", "fill"),
        ends,
        "{what}: a dot where each turn ends, in its side's colour"
    );
    assert_eq!(
        marks("bounce", "stroke"),
        bounces,
        "{what}: a ring at each bounce, in its side's colour"
    );
    let crosses: BTreeSet<At> = of("dead-end")
        .iter()
        .map(|n| {
            point(
                (attr(*n, "x1") + attr(*n, "x2")) / 2.0,
                (attr(*n, "y1") + attr(*n, "y2")) / 2.0,
            )
        })
        .collect();
    let dead: BTreeSet<At> = (outcomes.last() == Some(&Outcome::DeadEnd))
        .then_some(game.at)
        .into_iter()
        .collect();
    assert_eq!(crosses, dead, "{what}: a cross only where the ball is trapped");
    outcomes
}

#[test]
fn path_figures_are_games_played_by_the_rules_from_the_kick_off() {
    for lang in LANGS {
        let figures = figures("path-football", lang);
        assert_eq!(figures.len(), 2, "{lang}: the bounce and the dead end");
        let bounce = figures[0].with(|g| replay(g, &format!("{lang} bounce")));
        assert!(
            bounce.contains(&Outcome::Bounce(Why::Boundary)),
            "{lang}: a bounce off the boundary"
        );
        assert!(
            bounce.contains(&Outcome::Bounce(Why::Visited)),
            "{lang}: a bounce off a used point"
        );
        assert!(
            bounce.iter().filter(|o| **o == Outcome::TurnEnds).count() >= 3,
            "{lang}: turns pass"
        );
        assert_eq!(
            bounce.last(),
            Some(&Outcome::TurnEnds),
            "{lang}: the figure ends a turn"
        );
        let dead = figures[1].with(|g| replay(g, &format!("{lang} dead end")));
        assert_eq!(
            dead.last(),
            Some(&Outcome::DeadEnd),
            "{lang}: the last step traps the ball"
        );
    }
}

#[test]
fn a_last_page_after_the_first_is_at_least_half_used() {
    // Measured on the page as printed: per column, from its top down to the
    // lowest line of text (a figure is always above its caption) or box.
    let mut boxed = 0;
    for game in GAMES {
        for lang in LANGS {
            let pages = pages(game, lang);
            let doc = roxmltree::Document::parse(pages.last().unwrap()).unwrap();
            boxed += by_class(&doc, "aside").len();
            if pages.len() < 2 {
                continue;
            }
            let columns: Vec<(f64, f64, f64, f64)> = by_class(&doc, "column")
                .iter()
                .map(|c| (attr(*c, "x"), attr(*c, "y"), attr(*c, "width"), attr(*c, "height")))
                .collect();
            let mut bottoms: Vec<(f64, f64)> = by_class(&doc, "body")
                .into_iter()
                .chain(by_class(&doc, "caption"))
                .map(|t| (attr(t, "x"), attr(t, "y")))
                .collect();
            bottoms.extend(
                by_class(&doc, "aside")
                    .iter()
                    .map(|r| (attr(*r, "x"), attr(*r, "y") + attr(*r, "height"))),
            );
            let used: f64 = columns
                .iter()
                .map(|&(x, y, w, h)| {
                    let low = bottoms
                        .iter()
                        .filter(|(bx, _)| *bx >= x - 0.01 && *bx <= x + w)
                        .map(|(_, by)| *by)
                        .fold(y, f64::max);
                    (low - y) / h
                })
                .sum::<f64>()
                / columns.len() as f64;
            assert!(
                used >= 0.5,
                "{game}/{lang}: the last page is only {:.0} % used",
                used * 100.0
            );
        }
    }
    // Dice and path football need their quick references to fill the page.
    assert!(boxed >= 6, "the quick references are on the last pages ({boxed})");
}

/// The sizes of a composed rule sheet's body text, in pt.
fn body_sizes(doc: &pitchprint::scene::page::Document) -> BTreeSet<String> {
    let mut sizes = BTreeSet::new();
    for page in &doc.pages {
        page.walk(&mut |item, _| {
            if let (pitchprint::scene::tag::Tag::BodyText { .. }, pitchprint::scene::item::Shape::Text(run)) =
                (&item.tag, &item.shape)
            {
                sizes.insert(format!("{:.2}", run.size_pt));
            }
        });
    }
    sizes
}

#[test]
fn a_few_lines_spilling_onto_a_last_sheet_are_set_smaller_to_spare_it() {
    // The Futbolchess rules, with their "if in doubt" section, fill
    // two A4 pages a little past their 9.5 pt; Letter is 18 mm shorter. A few
    // lines spilled onto a third sheet, which the sheet spares by setting its
    // type up to a point smaller; A3 holds them on one page.
    let load = |paper, lang: &str| {
        let overrides = pitchprint::layout::resolve::Overrides {
            paper: Some(paper),
            lang: Some(lang.into()),
            ..Default::default()
        };
        let loaded = pitchprint::pipeline::Pipeline::new(&pitchprint::input::world::Disk)
            .load(&crate::common::shipped("layouts/futbolchess/rules.toml"), &overrides)
            .unwrap();
        pitchprint::pipeline::compose(&loaded)
    };
    use pitchprint::geom::PaperSize::{A3, A4, Letter};
    for lang in LANGS {
        for (paper, name, sheets) in [(A4, "A4", 2), (Letter, "Letter", 2), (A3, "A3", 1)] {
            let doc = load(paper, lang);
            assert_eq!(doc.pages.len(), sheets, "{lang}: {name} needs no further sheet");
            // The paragraphs' size: the smallest of the body's (headings and
            // the title are larger).
            let size = body_sizes(&doc)
                .iter()
                .map(|s| s.parse::<f64>().unwrap())
                .fold(f64::MAX, f64::min);
            assert!(
                (8.5 - 1e-9..=9.5 + 1e-9).contains(&size),
                "{lang} on {name}: set at most a point smaller: {size}"
            );
        }
    }
}

/// The heading of the Futbolchess rules' "if in doubt" section.
fn in_doubt_heading(lang: &str) -> &'static str {
    match lang {
        "es" => "En caso de duda",
        "en" => "If in doubt",
        "ca" => "En cas de dubte",
        other => panic!("no heading known for {other}"),
    }
}

/// The "if in doubt" section of a Futbolchess rule text: its paragraphs
/// before the list, and its items, each the text after its `- `.
fn in_doubt(lang: &str) -> (String, Vec<String>) {
    let heading = in_doubt_heading(lang);
    let md = crate::common::printed_md(&format!("templates/rules/futbolchess/{lang}.md"));
    let section = md
        .split("\n## ")
        .find(|s| s.starts_with(&format!("{heading}\n")))
        .unwrap_or_else(|| panic!("{lang}: the rules have a section \"{heading}\""))
        .to_string();
    let intro = section
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("- "))
        .collect::<Vec<_>>()
        .join(" ");
    let items = section
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .map(str::to_string)
        .collect();
    (intro, items)
}

#[test]
fn futbolchess_if_in_doubt_answers_the_same_nine_questions_in_every_language() {
    // The "if in doubt" answers: occupied squares, counting a ball move, after a
    // save, a keeper outside its area, disputes, rivals at kick-off, after a
    // goal, halves, the circle. Each a bold lead, the same answers marked as
    // this edition's default in every language, and the section printed.
    let marker = |lang: &str| match lang {
        "es" => "*por defecto*",
        "en" => "*default*",
        _ => "*per defecte*",
    };
    let mut defaults: Vec<(&str, Vec<usize>)> = Vec::new();
    for lang in LANGS {
        let (intro, items) = in_doubt(lang);
        assert_eq!(items.len(), 9, "{lang}: nine answers: {items:#?}");
        for item in &items {
            assert!(
                item.starts_with("**"),
                "{lang}: each answer opens with its question in bold: {item}"
            );
        }
        assert!(
            intro.contains(marker(lang)),
            "{lang}: the section first says what {} means",
            marker(lang)
        );
        defaults.push((lang, items.iter().map(|i| i.matches(marker(lang)).count()).collect()));
    }
    let (first, marks) = &defaults[0];
    assert!(
        marks.iter().sum::<usize>() >= 8,
        "the seed is silent on most of them: {marks:?}"
    );
    for (lang, other) in &defaults[1..] {
        assert_eq!(other, marks, "{lang} marks as defaults the answers {first} marks");
    }
    // Printed, as a heading of the sheet.
    for lang in LANGS {
        let heading = in_doubt_heading(lang);
        let found = pages("futbolchess", lang).iter().any(|svg| {
            let doc = roxmltree::Document::parse(svg).unwrap();
            by_class(&doc, "body").iter().any(|t| text_of(*t) == heading)
        });
        assert!(found, "{lang}: \"{heading}\" is printed");
    }
}

/// The questions of the league's "if in doubt" section, the sheet's last:
/// its heading and each item's bold question, with the numbers its answer
/// gives.
fn league_doubts(lang: &str) -> (String, Vec<(String, Vec<String>)>) {
    let md = crate::common::printed_md(&format!("templates/rules/league/{lang}.md"));
    let last = md.rsplit("\n## ").next().unwrap();
    let (heading, body) = last.split_once('\n').unwrap();
    let items = body
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .map(|l| {
            let (question, answer) = l.split_once("**").unwrap();
            let numbers = answer
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            (question.to_string(), numbers)
        })
        .collect();
    (heading.trim().to_string(), items)
}

#[test]
fn the_league_sheet_ends_with_the_same_if_in_doubt_questions_in_every_language() {
    // The "if in doubt" answers: bids beyond a coach's cash, the market's draw,
    // tie-breaks, the fixture list and its byes, the bid slips, and the
    // others a championship raises, answered alike in es, en and ca.
    let dir = main_job();
    let headings = [
        ("es", "En caso de duda"),
        ("en", "If in doubt"),
        ("ca", "En cas de dubte"),
    ];
    let (_, reference) = league_doubts("en");
    assert!(reference.len() >= 7, "at least seven questions: {reference:?}");
    for (lang, want) in headings {
        let (heading, items) = league_doubts(lang);
        assert_eq!(heading, want, "{lang}: the last section");
        assert_eq!(items.len(), reference.len(), "{lang}: as many questions as in English");
        for ((q, numbers), (en_q, en_numbers)) in items.iter().zip(&reference) {
            assert!(q.ends_with('?'), "{lang}: \"{q}\" is a question");
            assert_eq!(numbers, en_numbers, "{lang}: \"{q}\" gives the numbers of \"{en_q}\"");
        }
        let text = without_breaks(&pdf_text(&dir.read(output("league", lang, "pdf"))));
        for q in std::iter::once(&heading).chain(items.iter().map(|(q, _)| q)) {
            assert!(text.contains(&without_breaks(q)), "{lang}: the sheet prints \"{q}\"");
        }
    }
    // The English questions name the topics a championship raises.
    let questions: Vec<&str> = reference.iter().map(|(q, _)| q.as_str()).collect();
    for topic in [
        "bid more than I have",
        "market drawn",
        "equal points",
        "rests",
        "bid slips",
    ] {
        assert!(
            questions.iter().any(|q| q.contains(topic)),
            "a question on {topic}: {questions:?}"
        );
    }
}

#[test]
fn no_heading_ends_a_column_of_a_rule_sheet_or_a_cover() {
    // A heading stands in the column that holds the start of what it
    // introduces: a list item or a short paragraph that cannot be split
    // goes to the next column whole, and takes its heading along.
    let dir = main_job();
    let mut headings = 0;
    for game in GAMES {
        for lang in LANGS {
            for stem in ["rules", "cover"] {
                let base = output(game, lang, "svg").replace("/rules", &format!("/{stem}"));
                let pages = raw_pages(dir, base.trim_end_matches(".svg"));
                assert!(!pages.is_empty(), "{base} is written");
                // Each block's first line: (page, column, y); and the blocks
                // that are headings (bold, larger than the body).
                let mut first: BTreeMap<u32, (usize, usize, f64)> = BTreeMap::new();
                let mut heads = BTreeSet::new();
                for (page, text) in pages.iter().enumerate() {
                    let doc = roxmltree::Document::parse(text).unwrap();
                    let columns: Vec<(f64, f64)> = by_class(&doc, "column")
                        .iter()
                        .map(|c| (attr(*c, "x"), attr(*c, "width")))
                        .collect();
                    let runs: Vec<roxmltree::Node> = doc
                        .descendants()
                        .filter(|n| n.has_tag_name("text") && n.attribute("data-block").is_some())
                        .collect();
                    let body = runs.iter().map(|t| attr(*t, "font-size")).fold(f64::INFINITY, f64::min);
                    for t in runs {
                        let block: u32 = t.attribute("data-block").unwrap().parse().unwrap();
                        let (x, y) = (attr(t, "x"), attr(t, "y"));
                        let Some(col) = columns.iter().position(|(cx, w)| x >= cx - 0.01 && x <= cx + w) else {
                            continue;
                        };
                        if t.attribute("font-weight") == Some("bold") && attr(t, "font-size") > body * 1.2 {
                            heads.insert(block);
                        }
                        first.entry(block).or_insert((page, col, y));
                    }
                }
                for h in &heads {
                    let Some(next) = first.get(&(h + 1)) else { continue };
                    let at = first[h];
                    headings += 1;
                    assert!(
                        next.0 == at.0 && next.1 == at.1 && next.2 > at.2,
                        "{base}: the heading of block {h} (page {}, column {}) is parted from what follows it (page {}, column {})",
                        at.0 + 1,
                        at.1 + 1,
                        next.0 + 1,
                        next.1 + 1
                    );
                }
            }
        }
    }
    assert!(headings > 100, "the headings checked ({headings})");
}
