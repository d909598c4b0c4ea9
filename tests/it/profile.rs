//! The printer profile: a `pitchprint.toml` above the
//! layouts says the paper, the printer-safe margin, the duplex edge and the
//! back offset once, and every layout that does not set a key takes the
//! profile's. What a layout sets itself wins; `--paper` wins over both; a
//! one-sided sheet never gets backs from it; and a bad value in the profile
//! is reported at the profile's own line, as the file it came from.

use crate::common::{TestDir, load_pdf, media_box, project_file, shipped, with_line};

use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::geom::PaperSize;
use pitchprint::input::world::{Disk, Overlay, World};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::page::Document;

const DECK: &str = "layouts/league/deck.toml";
const NOTES: &str = "layouts/league/banknotes.toml";
const PITCH: &str = "layouts/dice-football/pitch.toml";
const TOKENS: &str = "layouts/league/tokens.toml";
const DICE: &str = "layouts/dice-football/dice.toml";

const PROFILE: &str = "\
# My printer: US Letter, a wide margin, backs turned on the short edge.
[page]
paper = \"letter\"
margin = 7.0

[print]
duplex = \"short-edge\"
back_offset = [1.5, -0.7]
";

/// The shipped layout `rel` composed in `world` (English), or its findings.
fn composed(world: &dyn World, rel: &str, overrides: &Overrides) -> Result<Document, Vec<Finding>> {
    let loaded = Pipeline::new(world).load(&shipped(rel), overrides)?;
    let doc = pipeline::compose(&loaded);
    let errors: Vec<Finding> = pipeline::check(&loaded, &doc)
        .into_iter()
        .filter(Finding::is_error)
        .collect();
    if errors.is_empty() { Ok(doc.held()) } else { Err(errors) }
}

fn english() -> Overrides {
    Overrides {
        lang: Some("en".into()),
        ..Overrides::default()
    }
}

/// The shipped files with a profile at the project's root.
fn with_profile(profile: &str) -> Overlay<'static> {
    Overlay::new(&Disk).with(shipped("pitchprint.toml"), profile)
}

/// `rel` with its own lines for what the profile above says.
fn written_out(rel: &str) -> String {
    let text = project_file(rel);
    let text = with_line(&text, "paper =", "paper = \"letter\"");
    let text = with_line(&text, "margin =", "margin = 7.0");
    let text = with_line(&text, "duplex =", "duplex = \"short-edge\"");
    with_line(&text, "back_offset =", "back_offset = [1.5, -0.7]")
}

#[test]
fn a_layout_takes_the_profiles_paper_margin_edge_and_offset_as_if_it_wrote_them() {
    assert!(!shipped("pitchprint.toml").exists(), "the project ships no profile");
    for rel in [DECK, NOTES] {
        let lent = composed(&with_profile(PROFILE), rel, &english()).unwrap();
        let own = Overlay::new(&Disk).with(shipped(rel), written_out(rel));
        let own = composed(&own, rel, &english()).unwrap();
        let plain = composed(&Disk, rel, &english()).unwrap();
        assert!(lent == own, "{rel}: the profile's values are the layout's");
        assert!(lent != plain, "{rel}: and they change the sheets");
        let letter = PaperSize::Letter.portrait();
        for page in &lent.pages {
            let (w, h) = (page.size.w.0.min(page.size.h.0), page.size.w.0.max(page.size.h.0));
            assert!(
                (w - letter.w.0).abs() < 0.01 && (h - letter.h.0).abs() < 0.01,
                "{rel}: every page on Letter"
            );
        }
        assert_eq!(lent.duplex, Some(pitchprint::print::Flip::ShortEdge), "{rel}");
    }
}

#[test]
fn what_a_layout_sets_and_the_command_line_win_over_the_profile() {
    // The pitch asks for A3 itself: it keeps it.
    let pitch = composed(&with_profile(PROFILE), PITCH, &english()).unwrap();
    let a3 = PaperSize::A3.portrait();
    let size = pitch.pages[0].size;
    assert!(
        (size.w.0.min(size.h.0) - a3.w.0).abs() < 0.01,
        "the pitch's own A3 wins over the profile's Letter"
    );
    // --paper wins over the profile.
    let overrides = Overrides {
        paper: Some(PaperSize::A4),
        ..english()
    };
    let deck = composed(&with_profile(PROFILE), DECK, &overrides).unwrap();
    let a4 = PaperSize::A4.portrait();
    assert!(
        (deck.pages[0].size.w.0.max(deck.pages[0].size.h.0) - a4.h.0).abs() < 0.01,
        "--paper a4"
    );
    // A one-sided sheet stays one-sided: the profile's edge is for layouts
    // that print backs.
    let tokens = composed(&with_profile(PROFILE), TOKENS, &english()).unwrap();
    assert_eq!(tokens.duplex, None, "the tokens print no backs");
}

#[test]
fn a_bad_value_in_the_profile_is_reported_at_the_profiles_line() {
    let profile = "[page]\nmargin = 500.0\n\n[print]\nback_offset = [40.0, 0.0]\n";
    let found = composed(&with_profile(profile), DECK, &english()).unwrap_err();
    let at = |key: &str| {
        found
            .iter()
            .find(|f| f.location.key.as_deref().is_some_and(|k| k.starts_with(key)))
            .unwrap_or_else(|| panic!("a finding at {key}: {found:?}"))
    };
    let margin = at("page.margin");
    assert_eq!(margin.location.file, shipped("pitchprint.toml"), "{margin}");
    assert_eq!(
        (margin.location.line, margin.location.column),
        (Some(2), Some(10)),
        "{margin}"
    );
    let offset = at("print.back_offset");
    assert_eq!(offset.location.file, shipped("pitchprint.toml"), "{offset}");
    assert_eq!(offset.location.line, Some(5), "{offset}");
    // A key a profile may not set is refused where it is, naming the ones it may.
    let found = composed(&with_profile("[print]\nbleed = 2.0\n"), DECK, &english()).unwrap_err();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, Code::LayoutUnknownKey);
    assert_eq!(found[0].location.line, Some(2));
    assert!(
        found[0].hint.as_deref().is_some_and(|h| h.contains("page.paper")),
        "{}",
        found[0]
    );
}

#[test]
fn the_build_prints_the_profile_line_a_bad_value_came_from() {
    let dir = TestDir::new("profile-cli");
    dir.write("layouts/dice-football/dice.toml", &project_file(DICE));
    dir.write("pitchprint.toml", "[page]\npaper = \"legal\"\n");
    let run = dir.run(&["build", "layouts/dice-football/dice.toml", "--format", "pdf"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("pitchprint.toml:2:9"),
        "the finding names the profile's line: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("paper = \"legal\""),
        "and quotes it: {}",
        run.stderr
    );
    assert!(run.stderr.contains("unknown paper"), "{}", run.stderr);
    // Fixed, it builds on the profile's paper.
    dir.write("pitchprint.toml", "[page]\npaper = \"letter\"\n");
    dir.run(&["build", "layouts/dice-football/dice.toml", "--format", "pdf"])
        .expect_code(0);
    let pdf = load_pdf(&dir.read("output/dice-football/dice.pdf"));
    let (_, first) = pdf.get_pages().into_iter().next().unwrap();
    let b = media_box(&pdf, first);
    let (w, h) = ((b[2] - b[0]).min(b[3] - b[1]), (b[2] - b[0]).max(b[3] - b[1]));
    assert!((w - 612.0).abs() < 0.5 && (h - 792.0).abs() < 0.5, "Letter: {b:?}");
}

#[test]
fn the_profile_names_the_languages_a_build_makes_unless_lang_is_given() {
    let dir = TestDir::new("profile-languages");
    dir.write(
        "layouts/league/bid-slips.toml",
        &project_file("layouts/league/bid-slips.toml"),
    );
    // The slips count the coaches of the table they name.
    dir.write("layouts/league/table.toml", &project_file("layouts/league/table.toml"));
    let build = |args: &[&str]| {
        let _ = std::fs::remove_dir_all(dir.join("output"));
        let mut all = vec!["build", "layouts/league/bid-slips.toml", "--format", "pdf"];
        all.extend_from_slice(args);
        dir.run(&all).expect_code(0);
        let mut names: Vec<String> = std::fs::read_dir(dir.join("output/league"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != ".pitchprint")
            .collect();
        names.sort();
        names
    };
    // No profile: every language.
    assert_eq!(build(&[]), ["bid-slips-ca.pdf", "bid-slips-en.pdf", "bid-slips.pdf"]);
    dir.write("pitchprint.toml", "[build]\nlanguages = [\"en\", \"ca\"]\n");
    assert_eq!(build(&[]), ["bid-slips-ca.pdf", "bid-slips-en.pdf"]);
    assert_eq!(build(&["--lang", "es"]), ["bid-slips.pdf"], "--lang wins");
    // A name that is not a language code is refused at its line.
    dir.write("pitchprint.toml", "[build]\nlanguages = [\"../en\"]\n");
    let run = dir.run(&[
        "build",
        "layouts/league/bid-slips.toml",
        "--format",
        "pdf",
        "--lang",
        "en",
    ]);
    run.expect_code(1);
    assert!(run.stderr.contains("pitchprint.toml:2:13"), "{}", run.stderr);
}

#[test]
fn the_profile_has_a_schema_that_refuses_what_the_loader_refuses() {
    // schemas/pitchprint.json, for an editor: the profile above (and one
    // with its languages) validate; an unknown key, a paper no printer
    // takes and a margin past 50 mm are refused by the schema and by the
    // loader alike.
    let schema: serde_json::Value =
        serde_json::from_str(&project_file("schemas/pitchprint.json")).expect("schemas/pitchprint.json");
    let as_json = |text: &str| -> serde_json::Value {
        serde_json::to_value(toml::from_str::<toml::Table>(text).unwrap()).unwrap()
    };
    let good = format!("{PROFILE}\n[build]\nlanguages = [\"en\", \"ca\"]\n");
    assert!(crate::common::violations(&schema, &as_json(&good)).is_empty());
    // The loader checks a value where a layout takes it: the tokens leave
    // paper and margin to the profile.
    assert!(composed(&with_profile(&good), TOKENS, &english()).is_ok());
    for bad in [
        PROFILE.replace("margin = 7.0", "margin = 7.0\nbleed = 3.0"),
        PROFILE.replace("\"letter\"", "\"tabloid\""),
        PROFILE.replace("margin = 7.0", "margin = 70.0"),
    ] {
        assert!(
            !crate::common::violations(&schema, &as_json(&bad)).is_empty(),
            "the schema refuses:\n{bad}"
        );
        assert!(
            composed(&with_profile(&bad), TOKENS, &english()).is_err(),
            "the loader refuses:\n{bad}"
        );
    }
}

/// The short side and the long side of a PDF's first page, in points.
fn first_page_size(bytes: &[u8]) -> (f64, f64) {
    let pdf = load_pdf(bytes);
    let (_, first) = pdf.get_pages().into_iter().next().unwrap();
    let b = media_box(&pdf, first);
    ((b[2] - b[0]).min(b[3] - b[1]), (b[2] - b[0]).max(b[3] - b[1]))
}

#[test]
fn the_profile_is_found_however_the_layouts_path_is_typed() {
    // Typed in its own folder, the layout's path has no
    // folders above it; the profile two folders up is found all the same.
    let dir = TestDir::new("profile-typed");
    dir.write(DICE, &project_file(DICE));
    dir.write("pitchprint.toml", "[page]\npaper = \"letter\"\n");
    let here = dir.join("layouts/dice-football");
    crate::common::run_in(&here, &["build", "dice.toml", "--format", "pdf", "--out", "typed"]).expect_code(0);
    let (w, h) = first_page_size(&dir.read("layouts/dice-football/typed/dice.pdf"));
    assert!((w - 612.0).abs() < 0.5 && (h - 792.0).abs() < 0.5, "Letter: {w} x {h}");
    // And a finding in it names it where the user is.
    dir.write("pitchprint.toml", "[page]\npaper = \"legal\"\n");
    let run = crate::common::run_in(&here, &["check", "dice.toml"]);
    run.expect_code(1);
    assert!(run.stderr.contains("pitchprint.toml:2:9"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn a_profile_that_is_a_pipe_or_a_device_is_refused_not_skipped() {
    let dir = TestDir::new("profile-special");
    dir.write(DICE, &project_file(DICE));
    let profile = dir.join("pitchprint.toml");
    let fifo = std::process::Command::new("mkfifo").arg(&profile).status().unwrap();
    assert!(fifo.success());
    let pipe = dir.run_within(&["check", DICE], 30);
    pipe.run.expect_code(1);
    assert!(
        pipe.run
            .stderr
            .contains("pitchprint.toml: the printer profile is a named pipe (FIFO), not a regular file"),
        "{}",
        pipe.run.stderr
    );
    std::fs::remove_file(&profile).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &profile).unwrap();
    let zero = dir.run_within(&["check", DICE], 30);
    zero.run.expect_code(1);
    assert!(
        zero.run.stderr.contains("the printer profile is a character device"),
        "{}",
        zero.run.stderr
    );
    assert!(
        zero.run
            .stderr
            .contains("make pitchprint.toml a short TOML text, or remove it"),
        "{}",
        zero.run.stderr
    );
}

#[test]
fn a_reading_per_orientation_is_checked_number_by_number_at_the_profiles_line() {
    // Line 2 holds the table; each number is blamed at its own place.
    let profile = "[print]\nback_offset = { portrait = [1.0, 30.0], sideways = [1.0, 1.0] }\n";
    let found = composed(&with_profile(profile), DECK, &english()).unwrap_err();
    let at = |key: &str| {
        found
            .iter()
            .find(|f| f.location.key.as_deref() == Some(key))
            .unwrap_or_else(|| panic!("a finding at {key}: {found:?}"))
    };
    let far = at("print.back_offset.portrait[1]");
    assert_eq!(far.code, Code::LayoutValue, "{far}");
    assert_eq!(far.location.file, shipped("pitchprint.toml"), "{far}");
    assert_eq!(far.location.line, Some(2), "{far}");
    assert!(far.message.contains("30 mm"), "{far}");
    assert!(
        far.hint.as_deref().is_some_and(|h| h.contains("landscape = [x, y]")),
        "{far}"
    );
    let unknown = at("print.back_offset.sideways");
    assert_eq!(unknown.code, Code::LayoutUnknownKey, "{unknown}");
    assert_eq!(unknown.location.line, Some(2), "{unknown}");
    // Neither a pair nor a table.
    let found = composed(&with_profile("[print]\nback_offset = \"1 mm\"\n"), DECK, &english()).unwrap_err();
    assert!(
        found
            .iter()
            .any(|f| f.location.key.as_deref() == Some("print.back_offset") && f.location.line == Some(2)),
        "{found:?}"
    );
    // Good readings, one orientation left out: no finding, and the deck
    // (landscape) takes its own.
    let good = "[print]\nback_offset = { landscape = [0.5, -0.25] }\n";
    assert!(composed(&with_profile(good), DECK, &english()).is_ok());
}

#[test]
fn backs_pushed_off_the_sheet_by_the_profiles_offset_are_blamed_on_the_offset() {
    // 15 mm is within what the loader takes, and moves the Futbolchess
    // counters' backs (their fronts well inside) past the printer-safe
    // area: one finding, at the profile's line, not at the counters' keys.
    let rel = "layouts/futbolchess/counters.toml";
    let found = composed(&with_profile("[print]\nback_offset = [15.0, 0.0]\n"), rel, &english()).unwrap_err();
    let safe: Vec<&Finding> = found.iter().filter(|f| f.code == Code::SafeArea).collect();
    assert_eq!(safe.len(), 1, "{found:?}");
    let f = safe[0];
    assert_eq!(f.location.key.as_deref(), Some("print.back_offset"), "{f}");
    assert_eq!(f.location.file, shipped("pitchprint.toml"), "{f}");
    assert_eq!(f.location.line, Some(2), "{f}");
    assert!(f.message.contains("though their fronts are inside it"), "{f}");
    assert!(
        f.hint.as_deref().is_some_and(|h| h.contains("calibration sheet")),
        "{f}"
    );
    // Without the offset the same sheet is clean.
    assert!(composed(&with_profile("[print]\nduplex = \"long-edge\"\n"), rel, &english()).is_ok());
}

#[test]
fn a_layout_new_writes_follows_the_profile_for_paper_margin_edge_and_offset() {
    // `pitchprint new` leaves the profile's keys commented out, as the
    // shipped layouts do: the new sheet prints on the profile's Letter,
    // inside its 7 mm margin, its backs turned on the short edge and moved
    // by its offset.
    let dir = TestDir::new("profile-new-layout");
    dir.write("pitchprint.toml", PROFILE);
    dir.run(&["new", "print-test", "layouts/mine.toml"]).expect_code(0);
    let text = dir.read_string("layouts/mine.toml");
    for key in ["paper", "margin", "back_offset"] {
        let line = text
            .lines()
            .find(|l| l.trim_start_matches("# ").starts_with(&format!("{key} =")))
            .unwrap_or_else(|| panic!("{key} is written"));
        assert!(line.starts_with("# "), "{key} is left to the profile: {line}");
    }
    dir.run(&["build", "layouts/mine.toml", "--format", "pdf,svg", "--lang", "en"])
        .expect_code(0);
    let pdf = load_pdf(&dir.read("output/mine-en.pdf"));
    let pages = pdf.get_pages();
    let [_, _, w, h] = media_box(&pdf, pages[&1]);
    let letter = PaperSize::Letter.portrait();
    let (short, long) = (w.min(h) * 25.4 / 72.0, w.max(h) * 25.4 / 72.0);
    assert!(
        (short - letter.w.0).abs() < 0.01 && (long - letter.h.0).abs() < 0.01,
        "Letter: {short} x {long}"
    );
    let front = dir.read_string("output/mine-en-1.svg");
    let back = dir.read_string("output/mine-en-2.svg");
    let (pw, ph, _) = crate::common::svg_page(&roxmltree::Document::parse(&front).unwrap());
    let fronts = crate::common::imposed(&front, "item-front");
    let backs = crate::common::imposed(&back, "item-back");
    assert!(!fronts.is_empty());
    for (i, f, bleed) in &fronts {
        assert!(
            f.x - bleed >= 7.0 - 0.01 && f.y - bleed >= 7.0 - 0.01,
            "inside the 7 mm margin"
        );
        let (_, b, _) = backs.iter().find(|(j, _, _)| j == i).unwrap();
        let (x, y) = crate::common::turned_over(f.x, f.y, f.w, f.h, pw, ph, false);
        crate::common::assert_close(b.x, x + 1.5, 0.01, "the back turned on the short edge, moved 1.5 mm");
        crate::common::assert_close(b.y, y - 0.7, 0.01, "and -0.7 mm");
    }
}

#[test]
fn check_verbose_says_which_keys_a_layout_takes_from_the_profile_and_which_it_sets_over_it() {
    let dir = TestDir::with_labels("profile-verbose");
    dir.write(
        "pitchprint.toml",
        "[page]\npaper = \"letter\"\nmargin = 6.0\n\n[print]\nback_offset = [0.5, -0.3]\n",
    );
    let run = dir.run(&["check", PITCH, "--verbose", "--lang", "en"]);
    run.expect_code(0);
    // The pitch sets its own paper (A3) and leaves the margin and offset.
    assert!(
        run.stderr.contains(&format!(
            "  {PITCH}: from pitchprint.toml: page.margin, print.back_offset; set in the layout over it: page.paper"
        )),
        "{}",
        run.stderr
    );
    // Its paper left to the profile too: nothing set over it.
    let text = dir.read_string(PITCH);
    dir.write(PITCH, &with_line(&text, "paper =", "# paper = \"a3\""));
    let run = dir.run(&["check", PITCH, "--verbose", "--lang", "en"]);
    assert!(
        run.stderr.contains(
            "from pitchprint.toml: page.paper, page.margin, print.back_offset; set in the layout over it: none"
        ),
        "{}",
        run.stderr
    );
    // Without --verbose, not a word of it.
    let run = dir.run(&["check", PITCH, "--lang", "en"]);
    assert!(!run.stderr.contains("from pitchprint.toml"), "{}", run.stderr);
}
