//! The README and the book (`docs/book/src/`) say what the program does: the
//! book's table of finding codes is the one the `Code` enum generates (run
//! with `UPDATE_README=1` to rewrite it), its limits are the code's, and the
//! examples print what the program prints today: each `console` session of
//! the README and of every chapter is run and its lines compared, the tour's
//! commands run, and the lines the prose quotes are printed. Every relative
//! link between them points at a file and a heading that are there.

use std::io::Read;
use std::path::Path;
use std::process::Stdio;

use crate::common::{
    PAPERS, Run, TestDir, book_chapter, book_chapter_files, book_src, project_root, readme_build, replace_line,
    shipped_project, user_docs, user_documents,
};
use pitchprint::diag::code::Code;

/// The chapter that holds the table of codes, in `docs/book/src/`.
const CODES_CHAPTER: &str = "checker.md";
const START: &str = "<!-- codes: generated from the Code enum by tests/it/readme.rs -->\n";
const END: &str = "<!-- /codes -->";

#[test]
fn the_book_lists_every_code_as_the_code_declares_it() {
    let path = book_src().join(CODES_CHAPTER);
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme
        .find(START)
        .expect("the checker's chapter marks its table of codes")
        + START.len();
    let end = start + readme[start..].find(END).expect("the table of codes ends");
    let table = Code::table();
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}{table}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        &readme[start..end],
        table,
        "the book's table of codes (docs/book/src/{CODES_CHAPTER}) differs from the Code enum; run UPDATE_README=1 cargo test --release --test it readme::"
    );
    assert!(table.lines().count() == Code::ALL.len() + 2, "one row per code");
}

/// The book's chapter on limits.
fn limits_section() -> String {
    let chapter = book_chapter("limits.md");
    assert!(chapter.starts_with("# Limits\n"), "limits.md is the chapter on limits");
    chapter
}

#[test]
fn the_book_states_the_limits_the_code_holds() {
    use pitchprint::layout::squares::MIN_SQUARE_MM;
    use pitchprint::limits::*;
    let section = limits_section();
    let rows = [
        ("A length", format!("{MIN_LENGTH_MM} to {MAX_LENGTH_MM} mm")),
        ("A line width", format!("{MIN_LINE_WIDTH_MM} to {MAX_LINE_WIDTH_MM} mm")),
        ("A text size", format!("above 0 to {MAX_TEXT_PT} pt")),
        (
            "A board's side",
            format!("{MAX_BOARD_MM} mm, squares of {MIN_SQUARE_MM} mm at least"),
        ),
        ("Squares along", format!("| {MAX_SQUARES} |")),
        ("Pieces a board", format!("| {MAX_PIECES} |")),
        ("An item cut", format!("{MAX_ITEM_MM} mm a side")),
        ("A label", format!("| {MAX_LABEL_CHARS} characters |")),
        ("A name that is not", format!("| {MAX_WORD_CHARS} characters |")),
        ("Entries of a list", format!("| {MAX_ENTRIES} |")),
        ("Cards in a deck", format!("| {MAX_CARDS} (rows")),
        ("Banknotes", format!("| {MAX_NOTES} |")),
        ("Counters", format!("| {MAX_COUNTERS} |")),
    ];
    for (what, says) in rows {
        let row = section
            .lines()
            .find(|l| l.starts_with(&format!("| {what}")))
            .unwrap_or_else(|| panic!("the Limits table has no row for {what:?}"));
        assert!(
            row.contains(&says),
            "the row {row:?} should say {says:?} (src/limits.rs)"
        );
    }
}

/// The README's text.
fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The lines of each fenced block whose info string is `lang`.
fn blocks(text: &str, lang: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() == format!("```{lang}") {
            out.push(
                lines
                    .by_ref()
                    .take_while(|l| l.trim_end() != "```")
                    .map(str::to_string)
                    .collect(),
            );
        }
    }
    out
}

/// What `pitchprint args` prints in `dir`, its standard error and output
/// interleaved as a terminal shows them, and its exit code.
/// What a shared build printed, as [`printed`] gives it: the build prints
/// its lines on standard error and nothing on standard output.
fn shared((_, run): &(TestDir, Run)) -> (String, i32) {
    assert!(
        run.stdout.is_empty(),
        "a build prints nothing on standard output:\n{}",
        run.stdout
    );
    (run.stderr.clone(), run.code)
}

fn printed(dir: &Path, args: &[&str]) -> (String, i32) {
    let (mut reader, writer) = std::io::pipe().unwrap();
    let mut child = {
        let mut command = crate::common::pitchprint();
        command
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(writer.try_clone().unwrap())
            .stderr(writer);
        command.spawn().unwrap()
        // The command and its ends of the pipe go here: reading below ends
        // when the program's ends close.
    };
    let mut out = String::new();
    reader.read_to_string(&mut out).unwrap();
    let code = child.wait().unwrap().code().unwrap_or(-1);
    assert!(!out.contains("panicked at"), "pitchprint {args:?} panicked:\n{out}");
    (out, code)
}

/// A command line of the README: `pitchprint` and its arguments, then
/// perhaps a `# comment`.
fn command_of(line: &str) -> (Vec<&str>, &str) {
    let (command, comment) = line.split_once('#').unwrap_or((line, ""));
    let mut words = command.split_whitespace();
    assert_eq!(
        words.next(),
        Some("pitchprint"),
        "a README command runs pitchprint: {line}"
    );
    (words.collect(), comment.trim())
}

#[test]
fn the_console_sessions_of_the_readme_and_the_book_print_what_the_program_prints() {
    assert!(
        !blocks(&readme(), "console").is_empty(),
        "the README shows the checker at work in a console block"
    );
    let sessions: Vec<(String, Vec<String>)> = user_documents()
        .into_iter()
        .flat_map(|(path, text)| {
            let name = path.file_stem().unwrap().to_string_lossy().to_lowercase();
            blocks(&text, "console").into_iter().map(move |b| (name.clone(), b))
        })
        .collect();
    assert!(
        sessions.len() >= 4,
        "the book's console sessions are found: {}",
        sessions.len()
    );
    for (n, (doc, session)) in sessions.iter().enumerate() {
        let dir = shipped_project(&format!("readme-console-{doc}-{n}"));
        let mut lines = session.iter().peekable();
        while let Some(line) = lines.next() {
            let prompt = line
                .strip_prefix("$ ")
                .unwrap_or_else(|| panic!("a session starts with `$ `: {line}"));
            let (args, comment) = command_of(prompt);
            // `# with pitch = -20`: the session runs on the layout the
            // command names, with that line changed.
            if let Some(edit) = comment.strip_prefix("with ") {
                let (key, _) = edit.split_once(" = ").expect("an edit is `key = value`");
                let layout = args
                    .iter()
                    .find(|a| a.ends_with(".toml"))
                    .expect("an edit is made in the layout the command names");
                let text = dir.read_string(layout);
                dir.write(layout, &replace_line(&text, &format!("{key} ="), edit));
            }
            let mut shown = Vec::new();
            while let Some(out) = lines.next_if(|l| !l.starts_with("$ ")) {
                shown.push(out.trim_end().to_string());
            }
            let (out, _) = printed(dir.path(), &args);
            let got: Vec<String> = out.lines().map(|l| l.trim_end().to_string()).collect();
            assert_eq!(
                got, shown,
                "{doc}.md shows `{prompt}` printing other lines than it prints today"
            );
        }
    }
}

/// Lines the README's prose quotes from what a command prints: the command
/// (the tour's), and the words as the README writes them (a quote may be
/// broken across lines there).
const QUOTED: &[(&str, &str)] = &[
    (
        "pitchprint build --paper a4",
        "layouts/dice-football/pitch.toml → output/dice-football/: pitch.pdf, pitch-ca.pdf, pitch-en.pdf + 12 SVG pages (4 pages each) · tiled into 3 pieces and a page that maps them",
    ),
    (
        "pitchprint build layouts/print/test-sheet.toml --format png --dpi 1200 --paper a3",
        "lower --dpi to 719 or less",
    ),
];

#[test]
fn the_readmes_tour_runs_and_prints_the_lines_it_quotes() {
    let readme = readme();
    let tour = blocks(&readme, "sh")
        .into_iter()
        .find(|b| b.iter().any(|l| l.starts_with("pitchprint ")))
        .expect("the README has a tour of pitchprint commands");
    let dir = shipped_project("readme-tour");
    let mut outputs = Vec::new();
    // `--watch` runs until it is stopped: the `shell` tests run it, edits a
    // file and sees it rebuild.
    for line in tour.iter().filter(|l| !l.trim().is_empty() && !l.contains("--watch")) {
        let (args, _) = command_of(line);
        // `pitchprint build` and `pitchprint build --paper P` are run as a
        // reader runs them, in a fresh copy of the project, once for every
        // test that reads them (the tour reaches them before it changes its
        // own copy): the same command on the same files.
        let out = match args.as_slice() {
            ["build"] => shared(readme_build(None)),
            ["build", "--paper", paper] if PAPERS.contains(paper) => shared(readme_build(Some(paper))),
            _ => printed(dir.path(), &args),
        };
        let (out, code) = out;
        assert_eq!(code, 0, "the tour's `{line}` fails:\n{out}");
        if args == ["check", "--json"] {
            serde_json::from_str::<serde_json::Value>(&out).expect("`check --json` prints JSON");
        }
        outputs.push((args.join(" "), out));
    }
    // The files the README names as the first command's.
    let built = &readme_build(None).0;
    for file in ["pitch.pdf", "pitch-en.pdf", "pitch-ca.pdf", "pitch.svg"] {
        assert!(
            built.join("output/dice-football").join(file).is_file(),
            "`pitchprint build` writes {file}"
        );
    }
    let prose = user_docs().split_whitespace().collect::<Vec<_>>().join(" ");
    for (command, quote) in QUOTED {
        assert!(
            prose.contains(&format!("`{quote}`")),
            "the README or the book quotes `{quote}`"
        );
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let out = match outputs.iter().find(|(c, _)| *c == args.join(" ")) {
            Some((_, out)) => out.clone(),
            None => printed(dir.path(), &args).0,
        };
        assert!(
            out.lines().any(|l| l.contains(quote)),
            "`{command}` no longer prints the README's `{quote}`:\n{out}"
        );
    }
}

#[test]
fn the_readme_states_the_rust_version_cargo_toml_holds_it_to() {
    let version = env!("CARGO_PKG_RUST_VERSION");
    assert!(!version.is_empty(), "Cargo.toml states rust-version");
    let prose = readme().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        prose.contains(&format!("Rust {version} or newer")),
        "the README states the minimum Rust version, {version} (Cargo.toml's rust-version)"
    );
}

#[test]
fn the_license_files_are_the_ones_cargo_toml_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert_eq!(env!("CARGO_PKG_LICENSE"), "MIT OR Apache-2.0");
    let mit = std::fs::read_to_string(root.join("LICENSE-MIT")).expect("LICENSE-MIT is there");
    assert!(mit.starts_with("MIT License\n\nCopyright (c) pitchprint developers\n"));
    assert!(mit.contains("Permission is hereby granted, free of charge, to any person obtaining a copy"));
    let apache = std::fs::read_to_string(root.join("LICENSE-APACHE")).expect("LICENSE-APACHE is there");
    assert!(apache.contains("Version 2.0, January 2004"));
    assert!(apache.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION"));
    assert!(apache.contains("END OF TERMS AND CONDITIONS"));
}

#[test]
fn the_books_letter_kit_runs_are_the_ones_the_league_cover_prints() {
    // The table under "For the league on Letter the cover says:" and the
    // deck's quoted entry, against the cover of the kit the Letter build
    // writes.
    let text = book_chapter("kit.md");
    let start = text
        .find("For the league on\nLetter the cover says:")
        .expect("the kit's chapter shows the Letter kit's runs");
    let rows: Vec<[String; 3]> = text[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| pages"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<String> = l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect();
            [cells[0].clone(), cells[1].clone(), cells[2].clone()]
        })
        .collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    let (dir, _) = readme_build(Some("letter"));
    let bytes = dir.read("output/league/kit-en.pdf");
    // The bold run's end leaves a space before its colon in the extraction.
    let cover = crate::common::pdf_page_texts(&bytes)[0]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" :", ":");
    for [pages, on, sides] in rows {
        let mut on = on.clone();
        on.replace_range(..1, &on[..1].to_uppercase());
        let run = format!("{on}, {sides}: pages {pages} (");
        assert!(cover.contains(&run), "the cover prints {run:?}: {cover}");
    }
    let quoted = text
        .split("\"**Pages ")
        .nth(1)
        .and_then(|rest| rest.split(": 160 player cards").next())
        .expect("the kit's chapter quotes the deck's entry")
        .replace("**", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        cover.contains(&format!("Pages {quoted}")),
        "the cover prints Pages {quoted}: {cover}"
    );
}

/// The targets of a Markdown text's links and images (`[text](target)`,
/// `![alt](target)`), with their line numbers, outside fenced blocks and
/// code spans.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans hold no links: `[x](y)` in one is an example.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((n + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// The anchors GitHub and mdBook give a Markdown file's headings: the
/// heading's words in lower case, letters, digits, `-` and `_` kept, spaces
/// made `-`, the rest dropped; a second heading of the same words takes `-1`.
fn anchors(text: &str) -> Vec<String> {
    let (mut seen, mut bases): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !fenced) else {
            continue;
        };
        let words = heading.trim_start_matches('#');
        if !words.starts_with(' ') {
            continue;
        }
        let slug: String = words
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let copies = bases.iter().filter(|s| **s == slug).count();
        seen.push(if copies == 0 {
            slug.clone()
        } else {
            format!("{slug}-{copies}")
        });
        bases.push(slug);
    }
    seen
}

#[test]
fn every_relative_link_of_the_readme_and_the_book_points_at_a_file_and_heading_there() {
    let root = project_root();
    let mut docs = vec![root.join("README.md")];
    let mut chapters: Vec<_> = std::fs::read_dir(book_src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    docs.extend(chapters);
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        let shown = doc.strip_prefix(root).unwrap().display().to_string();
        for (line, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                doc.clone()
            } else {
                doc.parent().unwrap().join(file)
            };
            if !path.exists() {
                broken.push(format!("{shown}:{line}: {target}: no such file"));
            } else if !anchor.is_empty() {
                let names = anchors(&std::fs::read_to_string(&path).unwrap_or_default());
                if !names.iter().any(|a| a == anchor) {
                    broken.push(format!(
                        "{shown}:{line}: {target}: no heading #{anchor} (it has {names:?})"
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "links that lead nowhere:\n{}", broken.join("\n"));
    assert!(checked > 40, "the links are found: {checked}");
    // The test's own reading of anchors, on headings the chapters have.
    assert!(
        anchors("# The checker\n## `pitchprint new`: a layout to start from\n## Files\n## Files\n").eq(&[
            "the-checker",
            "pitchprint-new-a-layout-to-start-from",
            "files",
            "files-1"
        ])
    );
}

#[test]
fn the_books_summary_lists_every_chapter_once_and_each_is_there() {
    let listed = book_chapter_files();
    let mut on_disk: Vec<String> = std::fs::read_dir(book_src())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".md") && n != "SUMMARY.md")
        .collect();
    on_disk.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        listed.len(),
        "a chapter listed twice in SUMMARY.md: {listed:?}"
    );
    assert_eq!(
        sorted, on_disk,
        "SUMMARY.md lists every chapter of docs/book/src, and only those"
    );
    let book = std::fs::read_to_string(project_root().join("docs/book/book.toml")).expect("docs/book/book.toml");
    assert!(book.contains("src = \"src\""), "book.toml names its chapters' folder");
    // Each chapter starts with its title, as mdBook shows it.
    for name in listed {
        assert!(book_chapter(&name).starts_with("# "), "{name} starts with its title");
    }
}
