//! The print-and-play kit: one PDF per game, in print
//! order, on one paper. Every game's kit is read back page by page, on A4
//! and on Letter: each page is identified by its text against the files
//! `build` writes on its own, the cover's page ranges are read from its text
//! and held against the pages found, two-sided parts are checked to start on
//! a front with their backs behind, and the kit's checker rules are shown
//! to fail, each with its code, on a kit broken on purpose.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::common::{
    TestDir, load_pdf, pdf_page_texts, project_file, project_root, read_pdf, readme_build, run_in, without_breaks,
};
use pitchprint::diag::code::Code;
use pitchprint::geom::{PaperSize, Size};
use pitchprint::input::world::{Disk, Overlay, World};
use pitchprint::kit::assemble::{Kit, Origin};
use pitchprint::kit::shelf::Shelf;
use pitchprint::kit::{self, Game};

use crate::common::GAMES;
const PAPERS: [&str; 2] = ["a4", "letter"];

/// What each game's kit holds, by file, in print order: the
/// cover, the rules and quick reference, the boards, counters, dice, cards,
/// notes, slips and table. The small parts' sheet stands for the counters
/// and dice it prints.
fn print_order(game: &str) -> &'static [&'static str] {
    match game {
        "dice-football" => &["cover", "rules", "reference", "pitch", "small-parts", "score"],
        "futbolchess" => &[
            "cover",
            "rules",
            "reference",
            "roles",
            "board",
            "counters",
            "dice",
            "score",
        ],
        "league" => &[
            "cover",
            "rules",
            "reference",
            "board",
            "small-parts",
            "deck",
            "banknotes",
            "bid-slips",
            "table",
        ],
        "path-football" => &["cover", "rules", "reference", "fields"],
        other => panic!("no print order for {other}"),
    }
}

/// Every game's kit in English on Letter as `pitchprint kit` writes it
/// (`OUT/<game>/kit-en.pdf`), written once. The kits on every paper are
/// read from the README's `pitchprint build --paper P` ([`own_file`]), which
/// writes each game's kit too; the two are compared on Letter
/// (`the_main_job_writes_every_games_kit_as_the_kit_command_does`).
fn built() -> &'static TestDir {
    static BUILT: OnceLock<TestDir> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = TestDir::shared("kit");
        for game in GAMES {
            let args = [
                "kit",
                game,
                "--lang",
                "en",
                "--paper",
                "letter",
                "--out",
                dir.path().to_str().unwrap(),
            ];
            run_in(project_root(), &args).expect_code(0);
        }
        dir
    })
}

/// The English words of the kit (`[kit]` of templates/i18n/en.toml).
fn words() -> toml::Table {
    let t: toml::Table = project_file("templates/i18n/en.toml").parse().unwrap();
    t["kit"].as_table().unwrap().clone()
}

fn word(key: &str) -> String {
    words()[key].as_str().unwrap().to_string()
}

/// `5–9` or `12`, 1-based, as a 0-based range.
fn range(s: &str) -> Range<usize> {
    let mut ends = s
        .split('\u{2013}')
        .map(|n| n.parse::<usize>().unwrap_or_else(|_| panic!("a page: {s}")));
    let a = ends.next().unwrap();
    let b = ends.next().unwrap_or(a);
    a - 1..b
}

/// The digits and en dashes at the start of `s`, and the rest.
fn take_pages(s: &str) -> (&str, &str) {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '\u{2013}'))
        .unwrap_or(s.len());
    (&s[..end], &s[end..])
}

/// A part of the kit as its cover names it: `Pages 13–52 (deck-en.pdf, 20 sheets)`.
#[derive(Clone, Debug)]
struct Lead {
    /// The file, squeezed.
    file: String,
    pages: Range<usize>,
    /// The shared sheet it is printed on, when it is.
    within: bool,
}

/// Every lead of the cover's list, read from its squeezed text.
fn leads(cover: &str) -> Vec<Lead> {
    let mut out = Vec::new();
    let mut rest = cover;
    while let Some(at) = rest.find("Page") {
        rest = &rest[at + 4..];
        let after = rest.strip_prefix('s').unwrap_or(rest);
        let (pages, tail) = take_pages(after);
        let Some(tail) = tail.strip_prefix('(').filter(|_| !pages.is_empty()) else {
            continue;
        };
        let end = tail.find([',', ')']).unwrap();
        let file = tail[..end].to_string();
        // The words between the file and the sheet: `, on the sheet of `.
        let w = word("within");
        let between = &w[w.find("{file}").unwrap() + "{file}".len()..w.find("{sheet}").unwrap()];
        let within = tail[end..].starts_with(&without_breaks(between));
        out.push(Lead {
            file,
            pages: range(pages),
            within,
        });
    }
    out
}

/// The print runs the cover lists: its words for the setting, each page,
/// and the sheets it says they take.
fn runs(cover: &str) -> Vec<(String, Vec<usize>, usize)> {
    let w = words();
    let s = |k: &str| w[k].as_str().unwrap().to_string();
    let mut out = Vec::new();
    for stock in ["plain", "card"] {
        for sides in ["one_sided", "long_edge", "short_edge"] {
            let label = without_breaks(&format!("{}, {}:", s(stock), s(sides)));
            let Some(at) = cover.find(&label) else { continue };
            let rest = &cover[at + label.len()..];
            let rest = rest
                .strip_prefix("pages")
                .or_else(|| rest.strip_prefix("page"))
                .unwrap();
            let list_end = rest.find('(').unwrap();
            let pages: Vec<usize> = rest[..list_end].split(',').flat_map(range).collect();
            let (sheets, _) = take_pages(&rest[list_end + 1..]);
            out.push((format!("{stock} {sides}"), pages, sheets.parse().unwrap()));
        }
    }
    out
}

/// How a PDF asks the print dialog to turn its sheets (`Simplex`,
/// `DuplexFlipLongEdge`, `DuplexFlipShortEdge`).
fn duplex_of(pdf: &[u8]) -> String {
    let doc = load_pdf(pdf);
    let root = doc.trailer.get(b"Root").unwrap().as_reference().unwrap();
    let catalog = doc.get_dictionary(root).unwrap();
    let prefs = catalog.get(b"ViewerPreferences").unwrap().as_dict().unwrap();
    String::from_utf8(prefs.get(b"Duplex").unwrap().as_name().unwrap().to_vec()).unwrap()
}

/// Whether a file's line on the game's cover says plain paper (else card).
fn on_plain_paper(game: &str, file: &str) -> bool {
    let md = crate::common::printed_md(&format!("templates/covers/{game}/en.md"));
    let line = md
        .lines()
        .find(|l| l.starts_with(&format!("- **{file}**")))
        .unwrap_or_else(|| panic!("{game}: the cover has no line for {file}"));
    line.contains("plain paper")
}

/// `output/<game>/<name>` as `pitchprint build --paper <paper>` wrote it.
fn own_file(paper: &str, game: &str, name: &str) -> Vec<u8> {
    readme_build(Some(paper)).0.read(format!("output/{game}/{name}"))
}

fn paper_size(paper: &str) -> Size {
    PaperSize::parse(paper).unwrap().portrait()
}

#[test]
fn every_kit_holds_its_game_in_print_order_on_one_paper_with_the_pages_its_cover_names() {
    let blank = without_breaks(&word("blank"));
    for paper in PAPERS {
        let want = paper_size(paper);
        for game in GAMES {
            let what = format!("{game} on {paper}");
            let pdf = own_file(paper, game, "kit-en.pdf");
            let pages = read_pdf(&pdf);
            let texts: Vec<String> = pdf_page_texts(&pdf).iter().map(|t| without_breaks(t)).collect();
            // Every page on the paper, either way round.
            for (i, p) in pages.iter().enumerate() {
                let (w, h) = (p.width_mm, p.height_mm);
                let fits = |a: f64, b: f64| (w - a).abs() < 0.1 && (h - b).abs() < 0.1;
                assert!(
                    fits(want.w.0, want.h.0) || fits(want.h.0, want.w.0),
                    "{what}: page {} is {w} x {h} mm",
                    i + 1
                );
            }
            // The cover first: its title, and its list of parts.
            let title = crate::common::printed_md(&format!("templates/covers/{game}/en.md"))
                .lines()
                .next()
                .unwrap()[2..]
                .to_string();
            assert!(
                texts[0].starts_with(&without_breaks(&title)),
                "{what}: page 1 is not the cover"
            );
            let first = leads(&texts[0]);
            let cover = first
                .iter()
                .find(|l| l.file == without_breaks("cover-en.pdf"))
                .expect("the cover names its own pages");
            assert_eq!(cover.pages.start, 0, "{what}: the cover is first");
            let cover_text: String = texts[cover.pages.clone()].concat();
            let parts: Vec<Lead> = leads(&cover_text).into_iter().filter(|l| !l.within).collect();
            // The parts in print order, one after another.
            let mut by_page = parts.clone();
            by_page.sort_by_key(|l| l.pages.start);
            let order: Vec<String> = by_page.iter().map(|l| l.file.clone()).collect();
            let expected: Vec<String> = print_order(game)
                .iter()
                .map(|f| without_breaks(&format!("{f}-en.pdf")))
                .collect();
            assert_eq!(order, expected, "{what}: the parts' order");
            check_pages(&what, &by_page, &texts, &blank);
            check_parts(paper, game, &by_page, &texts, &pages);
            check_runs(game, &what, &cover_text, &by_page, &texts, &blank, paper);
        }
    }
}

/// Every page is a part's or blank; a blank page says so, and stands right
/// before a two-sided part that would otherwise start on a back.
fn check_pages(what: &str, parts: &[Lead], texts: &[String], blank: &str) {
    let mut owner: Vec<Option<usize>> = vec![None; texts.len()];
    for (k, lead) in parts.iter().enumerate() {
        assert!(lead.pages.end <= texts.len(), "{what}: {} ends past the kit", lead.file);
        for i in lead.pages.clone() {
            assert_eq!(owner[i], None, "{what}: page {} is in two parts", i + 1);
            owner[i] = Some(k);
        }
    }
    for (i, o) in owner.iter().enumerate() {
        if o.is_none() {
            assert_eq!(
                texts[i],
                *blank,
                "{what}: page {} is in no part and not the blank page",
                i + 1
            );
            // Counted from 1, a blank page is even: the back of the page before.
            assert!(i % 2 == 1, "{what}: the blank page {} is a front", i + 1);
            assert!(
                owner.get(i + 1).copied().flatten().is_some(),
                "{what}: the blank page {} ends the kit",
                i + 1
            );
        }
    }
}

/// Each part's pages are its own file's, in order (the same text on each
/// page), and a two-sided part starts on an odd page with whole sheets.
fn check_parts(paper: &str, game: &str, parts: &[Lead], texts: &[String], pages: &[crate::common::PdfPage]) {
    for lead in parts.iter().filter(|l| l.file != without_breaks("cover-en.pdf")) {
        let what = format!("{game} on {paper}, {}", lead.file);
        let name = print_order(game)
            .iter()
            .map(|f| format!("{f}-en.pdf"))
            .find(|f| without_breaks(f) == lead.file)
            .unwrap();
        let own = own_file(paper, game, &name);
        let own_texts: Vec<String> = pdf_page_texts(&own).iter().map(|t| without_breaks(t)).collect();
        assert_eq!(
            lead.pages.len(),
            own_texts.len(),
            "{what}: the kit holds a page count of its own"
        );
        assert_eq!(
            texts[lead.pages.clone()],
            own_texts[..],
            "{what}: pages out of order or not its own"
        );
        let own_pages = read_pdf(&own);
        for (k, i) in lead.pages.clone().enumerate() {
            let (a, b) = (&pages[i], &own_pages[k]);
            assert!(
                (a.width_mm - b.width_mm).abs() < 0.01 && (a.height_mm - b.height_mm).abs() < 0.01,
                "{what}: page {} turned",
                i + 1
            );
            assert_eq!(
                a.paths.len(),
                b.paths.len(),
                "{what}: page {} is not its file's page {}",
                i + 1,
                k + 1
            );
        }
        if duplex_of(&own) != "Simplex" {
            // Fronts on odd pages (counted from 1), each back right after.
            assert_eq!(
                lead.pages.start % 2,
                0,
                "{what}: a two-sided part starts on page {}",
                lead.pages.start + 1
            );
            assert_eq!(lead.pages.len() % 2, 0, "{what}: a two-sided part of an odd page count");
        }
    }
}

/// The print runs: every page of a part in exactly one run, on the paper
/// the cover's line for the part names and with its file's sides, and the
/// sheets each run says it takes.
#[allow(clippy::too_many_arguments)]
fn check_runs(game: &str, what: &str, cover: &str, parts: &[Lead], texts: &[String], blank: &str, paper: &str) {
    let runs = runs(cover);
    assert!(!runs.is_empty(), "{what}: the cover lists no print run");
    let mut seen = BTreeSet::new();
    for (label, pages, sheets) in &runs {
        let two_sided = !label.ends_with("one_sided");
        let mut counted = 0;
        for &p in pages {
            assert!(seen.insert(p), "{what}: page {} is in two runs", p + 1);
            assert_ne!(texts[p], *blank, "{what}: the blank page {} is in a run", p + 1);
            let lead = parts.iter().find(|l| l.pages.contains(&p)).unwrap();
            let name = print_order(game)
                .iter()
                .map(|f| format!("{f}-en.pdf"))
                .find(|f| without_breaks(f) == lead.file)
                .unwrap();
            let own = own_file(paper, game, &name);
            let sides = duplex_of(&own);
            let plain = on_plain_paper(game, &name);
            assert_eq!(
                label.starts_with("plain"),
                plain,
                "{what}: page {} of {name} in the run {label}",
                p + 1
            );
            let expect = match sides.as_str() {
                "Simplex" => "one_sided",
                "DuplexFlipLongEdge" => "long_edge",
                _ => "short_edge",
            };
            assert!(
                label.ends_with(expect),
                "{what}: page {} of {name} ({sides}) in the run {label}",
                p + 1
            );
            counted += 1;
        }
        let want = if two_sided { counted / 2 } else { counted };
        assert_eq!(*sheets, want, "{what}: the run {label} says {sheets} sheets");
    }
    let all: BTreeSet<usize> = parts.iter().flat_map(|l| l.pages.clone()).collect();
    assert_eq!(seen, all, "{what}: the runs do not print every part's pages once");
}

#[test]
fn the_main_job_writes_every_games_kit_as_the_kit_command_does() {
    let dir = built();
    // `pitchprint build --paper letter`, as the README has it.
    let main = &readme_build(Some("letter")).0;
    let out = main.join("output");
    for game in GAMES {
        // Same inputs, same bytes: the main job's kit is made from the
        // documents it built, the command's from its own.
        assert!(
            main.read(format!("output/{game}/kit-en.pdf")) == dir.read(format!("{game}/kit-en.pdf")),
            "{game}: the main job's kit differs from the kit command's"
        );
    }
    assert!(
        !out.join("print/kit-en.pdf").exists(),
        "the calibration sheets are not a game"
    );
}

#[test]
fn a_folder_that_is_not_a_game_is_refused_with_the_games_named() {
    for name in ["print", "no-such-game"] {
        let run = run_in(project_root(), &["kit", name, "--out", "/nonexistent/kit-test"]);
        run.expect_code(2);
        assert!(
            run.stderr
                .contains("the games are: dice-football, futbolchess, league, path-football"),
            "{name}: {}",
            run.stderr
        );
    }
}

/// A kit made in process, on Letter in English.
fn kit_of(world: &dyn World, game: &str) -> (Kit, Vec<pitchprint::diag::Finding>) {
    let g = Game::at(world, &project_root().join("layouts").join(game)).expect("a game");
    let made = kit::make(world, &mut Shelf::building(), &g, "en", Some(PaperSize::Letter));
    (made.kit.expect("the shipped game makes a kit"), made.findings)
}

fn codes(kit: &Kit) -> Vec<Code> {
    kit::check::check(kit).iter().map(|f| f.code).collect()
}

/// The first page of the first part that is `duplex` or not.
fn first_page_of(kit: &Kit, two_sided: bool) -> (usize, usize) {
    kit.origins
        .iter()
        .enumerate()
        .find_map(|(i, o)| match *o {
            Origin::Part { part, .. } if kit.parts[part].duplex.is_some() == two_sided && part > 0 => Some((i, part)),
            _ => None,
        })
        .unwrap()
}

fn remove_page(kit: &mut Kit, i: usize) {
    kit.origins.remove(i);
    kit.doc.pages.remove(i);
}

#[test]
fn the_shipped_kits_check_clean_and_each_broken_one_fails_with_its_code() {
    let (kit, findings) = kit_of(&Disk, "league");
    assert!(findings.iter().all(|f| !f.is_error()), "{findings:?}");
    assert_eq!(codes(&kit), vec![], "the shipped kit is clean");

    // A layout left out.
    let mut broken = kit.clone();
    let (_, part) = first_page_of(&broken, false);
    let gone: Vec<usize> = (0..broken.origins.len())
        .filter(|&i| matches!(broken.origins[i], Origin::Part { part: p, .. } if p == part))
        .rev()
        .collect();
    for i in gone {
        remove_page(&mut broken, i);
    }
    broken.parts[part].layout = PathBuf::from("elsewhere.toml");
    assert!(codes(&broken).contains(&Code::KitPart), "{:?}", codes(&broken));

    // A page of a one-sided part left out.
    let mut broken = kit.clone();
    let (i, _) = first_page_of(&broken, false);
    remove_page(&mut broken, i);
    assert!(codes(&broken).contains(&Code::KitPart), "{:?}", codes(&broken));

    // A page on another paper.
    let mut broken = kit.clone();
    broken.doc.pages[3].size = PaperSize::A3.portrait();
    assert_eq!(codes(&broken), vec![Code::KitPaper]);

    // A two-sided part's back before its front.
    let mut broken = kit.clone();
    let (i, _) = first_page_of(&broken, true);
    broken.origins.swap(i, i + 1);
    broken.doc.pages.swap(i, i + 1);
    assert!(codes(&broken).contains(&Code::KitDuplex), "{:?}", codes(&broken));

    // A page taken out before a two-sided part: its fronts fall on backs.
    let mut broken = kit.clone();
    let (i, part) = first_page_of(&broken, true);
    let before = (0..i)
        .rev()
        .find(|&k| !matches!(broken.origins[k], Origin::Part { part: p, .. } if p == part))
        .unwrap();
    remove_page(&mut broken, before);
    let found = codes(&broken);
    assert!(found.contains(&Code::KitDuplex), "{found:?}");
}

#[test]
fn a_two_sided_part_after_an_odd_page_gets_a_blank_page_before_it() {
    // The league's rules run to 2 pages on Letter, after a cover of 1: the
    // two-sided quick reference after them starts on a front. Lengthened
    // by house notes until the rules end on a front (an odd number of
    // pages before the reference), the reference needs a blank page first.
    // The path as the layout names it (the overlay compares paths as given).
    let rules = project_root().join("layouts/league/../../templates/rules/league/en.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    let mut tried = Vec::new();
    let kit = (1..=12)
        .find_map(|n| {
            let mut longer = format!("{text}\n## House notes\n\n");
            for k in 0..n * 6 {
                longer.push_str(&format!(
                    "Note {k}: the coaches write here what they agree before a season, so that nobody has to remember it when a match is tight and the table is close.\n\n"
                ));
            }
            let world = pitchprint::input::world::Overlay::new(&Disk).with(rules.clone(), longer);
            let (kit, _) = kit_of(&world, "league");
            let before = kit.parts.iter().find(|p| p.duplex.is_some()).map(|p| p.pages.start);
            tried.push(before);
            kit.origins.contains(&Origin::Blank).then_some(kit)
        })
        .unwrap_or_else(|| panic!("longer rules never put a two-sided part on a back: {tried:?}"));
    let blanks: Vec<usize> = kit
        .origins
        .iter()
        .enumerate()
        .filter(|(_, o)| **o == Origin::Blank)
        .map(|(i, _)| i)
        .collect();
    let layout: Vec<String> = kit
        .parts
        .iter()
        .map(|p| format!("{:?}{}", p.pages, if p.duplex.is_some() { "D" } else { "" }))
        .collect();
    assert!(!blanks.is_empty(), "the Letter kit has a blank page: {layout:?}");
    for b in blanks {
        assert_eq!(b % 2, 1, "a blank page stands on a back");
        let Origin::Part { part, page } = kit.origins[b + 1] else {
            panic!("two blank pages in a row")
        };
        assert!(
            kit.parts[part].duplex.is_some() && page == 0,
            "a blank page before a two-sided part's first page"
        );
    }
}

#[test]
fn a_layout_with_an_error_stops_its_games_kit_with_its_findings() {
    let fields = project_root().join("layouts/path-football/fields.toml");
    let text = std::fs::read_to_string(&fields)
        .unwrap()
        .replacen("[sheet]", "[sheet]\nno_such_key = 1", 1);
    let world = Overlay::new(&Disk).with(fields, text);
    let game = Game::at(&world, &project_root().join("layouts/path-football")).unwrap();
    let made = kit::make(&world, &mut Shelf::building(), &game, "en", None);
    assert!(made.kit.is_none(), "a kit with a broken layout");
    assert!(
        made.findings.iter().any(|f| f.code == Code::LayoutUnknownKey),
        "{:?}",
        made.findings
    );
}

#[test]
fn a_shared_sheet_stands_for_the_layouts_it_prints() {
    // The league's small parts print its tokens and dice: the kit holds the
    // sheet, and its cover gives the tokens and the dice the sheet's page.
    let (kit, _) = kit_of(&Disk, "league");
    let files: BTreeMap<&str, &kit::assemble::Part> = kit.parts.iter().map(|p| (p.file.as_str(), p)).collect();
    assert!(files.contains_key("small-parts-en.pdf"));
    assert!(!files.contains_key("tokens-en.pdf") && !files.contains_key("dice-en.pdf"));
    let printed: Vec<&str> = files["small-parts-en.pdf"]
        .prints
        .iter()
        .map(|(_, f)| f.as_str())
        .collect();
    assert_eq!(printed, vec!["tokens-en.pdf", "dice-en.pdf"]);
    assert!(
        kit.layouts.iter().any(|l| l.ends_with("tokens.toml")),
        "the tokens are still a layout the kit must print"
    );
}

#[test]
fn art_drawn_once_keeps_one_name_for_one_drawing_across_the_kits_parts() {
    // The parts' documents are concatenated as they are: a symbol's name is
    // its content's hash, so two parts that place a symbol of one name place
    // the same drawing, which the PDF writes once. Were a name ever shared
    // by two drawings, one part would print the other's art.
    use pitchprint::scene::item::{Item, Shape, Symbol};
    use std::sync::Arc;
    fn walk(items: &[Item], out: &mut Vec<Arc<Symbol>>) {
        for item in items {
            match &item.shape {
                Shape::Group { items, .. } => walk(items, out),
                Shape::Use { symbol, .. } => {
                    out.push(symbol.clone());
                    walk(&symbol.items, out);
                }
                _ => {}
            }
        }
    }
    let (kit, _) = kit_of(&Disk, "league");
    let mut symbols = Vec::new();
    for page in &kit.doc.pages {
        walk(&page.items, &mut symbols);
    }
    let mut by_name: BTreeMap<&str, &Arc<Symbol>> = BTreeMap::new();
    for s in &symbols {
        let first = by_name.entry(s.id.as_str()).or_insert(s);
        assert!(first.items == s.items, "two drawings named {}", s.id);
    }
    // The deck's card backs and the notes' backs, at least.
    assert!(by_name.len() >= 2, "{:?}", by_name.keys().collect::<Vec<_>>());
}

#[test]
fn a_kit_whose_game_lost_a_layout_lists_what_it_holds_in_page_order_and_warns() {
    // small-parts.toml taken out of the league's folder: the kit holds the
    // tokens and the dice on their own sheets, and its cover still has a
    // line for small-parts-en.pdf in its text.
    let dir = TestDir::new("kit-without-small-parts");
    crate::common::copy_project(&dir);
    std::fs::remove_file(dir.join("layouts/league/small-parts.toml")).unwrap();
    let run = dir.run(&["kit", "league", "--lang", "en"]);
    run.expect_code(0);
    let cover_md = crate::common::printed_md("templates/covers/league/en.md");
    let line = cover_md
        .lines()
        .position(|l| l.starts_with("- **small-parts-en.pdf**"))
        .unwrap()
        + 1;
    assert!(
        run.stderr.contains(&format!("templates/covers/league/en.md:{line}"))
            && run.stderr.contains("small-parts-en.pdf, which is not in the kit"),
        "a warning at the cover's line for the missing file:\n{}",
        run.stderr
    );
    let pdf = dir.read("output/league/kit-en.pdf");
    let texts: Vec<String> = pdf_page_texts(&pdf).iter().map(|t| without_breaks(t)).collect();
    let cover = &texts[0];
    assert!(
        !cover.contains("small-parts-en.pdf"),
        "the cover names a file the kit lacks"
    );
    let parts = leads(cover);
    let files: Vec<&str> = parts.iter().map(|l| l.file.as_str()).collect();
    for file in ["tokens-en.pdf", "dice-en.pdf", "deck-en.pdf", "board-en.pdf"] {
        assert!(
            files.contains(&without_breaks(file).as_str()),
            "{file} is listed: {files:?}"
        );
    }
    let starts: Vec<usize> = parts.iter().map(|l| l.pages.start).collect();
    let mut sorted = starts.clone();
    sorted.sort();
    assert_eq!(starts, sorted, "the list reads in page order: {files:?}");
}

#[test]
fn a_kit_on_another_paper_says_the_main_job_writes_it_again() {
    let dir = TestDir::new("kit-paper-note");
    crate::common::copy_project(&dir);
    let run = dir.run(&["kit", "path-football", "--lang", "en", "--paper", "letter"]);
    run.expect_code(0);
    assert!(dir.join("output/path-football/kit-en.pdf").is_file());
    assert!(
        run.stderr.contains(
            "note: `pitchprint build` writes the kits again in output/ on each cover's own paper, over this Letter one"
        ),
        "{}",
        run.stderr
    );
    // Written elsewhere, or on the cover's own paper: nothing to say.
    for args in [
        &[
            "kit",
            "path-football",
            "--lang",
            "en",
            "--paper",
            "letter",
            "--out",
            "letter",
        ][..],
        &["kit", "path-football", "--lang", "en"][..],
    ] {
        let run = dir.run(args);
        run.expect_code(0);
        assert!(!run.stderr.contains("note:"), "{args:?}: {}", run.stderr);
    }
}
