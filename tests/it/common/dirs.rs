//! Folders and files: a fresh folder per test, the shipped layout and edited
//! copies of it, and snapshots of what a run wrote.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::run::{GuardedRun, Run, run_in, run_in_within};

/// The main job on the project's own layouts, as the README's first command
/// runs it (`pitchprint build`: every shipped layout in every language, as
/// PDF and SVG), written once per test run into a copy of the project whose
/// `output/` the tests read. See [`readme_build`].
pub fn main_job() -> &'static TestDir {
    &readme_build(None).0
}

/// The papers `--paper` is tried on by the shared builds of [`readme_build`].
pub const PAPERS: [&str; 3] = ["a4", "letter", "a3"];

/// The shipped games: the folders under `layouts/` that hold a game's kit.
pub const GAMES: [&str; 4] = ["dice-football", "futbolchess", "league", "path-football"];

/// `pitchprint build` (`None`), or `pitchprint build --paper P`, run as a
/// reader runs it: in a fresh copy of the project ([`copy_project`]), with
/// nothing else on the command line. Each is run once per test run, the
/// first time a test asks, and shared by the tests that read what it wrote
/// (under the folder's `output/`) or what it printed: four full builds of
/// every shipped layout in three languages, each made once rather than in
/// every test that needs one.
pub fn readme_build(paper: Option<&str>) -> &'static (TestDir, Run) {
    static BUILT: [std::sync::OnceLock<(TestDir, Run)>; 1 + PAPERS.len()] =
        [const { std::sync::OnceLock::new() }; 1 + PAPERS.len()];
    let slot = match paper {
        None => 0,
        Some(p) => {
            1 + PAPERS
                .iter()
                .position(|q| *q == p)
                .unwrap_or_else(|| panic!("no shared build on {p}"))
        }
    };
    BUILT[slot].get_or_init(|| {
        let dir = TestDir::shared(&format!("build-{}", paper.unwrap_or("default")));
        copy_project(&dir);
        let mut args = vec!["build"];
        args.extend(paper.map(|p| ["--paper", p]).into_iter().flatten());
        let run = run_in(dir.path(), &args);
        run.expect_code(0);
        (dir, run)
    })
}

/// Every file under `dir` (in its folders too) whose name ends in `.ext`,
/// sorted by path.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, ext, out);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, ext, &mut out);
    out.sort();
    out
}

/// Copies the shipped layouts and templates into `dir`, as a reader's
/// checkout has them.
pub fn copy_project(dir: &TestDir) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
    for top in ["layouts", "templates"] {
        copy(&project_root().join(top), &dir.join(top));
    }
}

/// Where the shipped dice-football layout lives, relative to a project folder.
pub const SHIPPED_REL: &str = "layouts/dice-football/pitch.toml";

/// The files the league mat reads through the deck it names (and the deck
/// through the table and bank its deal names), relative to a project folder.
pub const LEAGUE_DECK: [&str; 5] = [
    "layouts/league/deck.toml",
    "layouts/league/players.csv",
    "templates/cards/player.toml",
    "layouts/league/table.toml",
    "layouts/league/banknotes.toml",
];

/// A fresh, empty folder for one test, removed when the test passes (kept for
/// inspection when it fails).
pub struct TestDir {
    path: PathBuf,
}

impl TestDir {
    /// `<tmp>/pitchprint-tests/<name>-<pid>-<n>`, emptied first.
    pub fn new(name: &str) -> TestDir {
        // Tests run in parallel threads of one process: a counter keeps two
        // folders of the same name apart.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir()
            .join("pitchprint-tests")
            .join(format!("{name}-{}-{n}", std::process::id()));
        if path.exists() {
            std::fs::remove_dir_all(&path).unwrap_or_else(|e| panic!("cannot empty {}: {e}", path.display()));
        }
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        TestDir { path }
    }

    /// A fresh folder for a fixture that several tests only read: build it
    /// once, in a `static` [`std::sync::OnceLock`], and hand out `&TestDir`.
    ///
    /// The folder is `shared-<name>-<pid>-<n>`, as unique to this run as any
    /// other. A static is never dropped, so it stays after the run; so that
    /// such folders do not pile up, the shared folders that earlier runs left
    /// are removed here once they are an hour old (no run lasts that long).
    pub fn shared(name: &str) -> TestDir {
        let root = std::env::temp_dir().join("pitchprint-tests");
        if let Ok(entries) = std::fs::read_dir(&root) {
            for e in entries.flatten() {
                let stale = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| t.elapsed().is_ok_and(|age| age.as_secs() > 3600));
                if stale && e.file_name().to_string_lossy().starts_with("shared-") {
                    // Another run may be removing it too: ignore failures.
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
        TestDir::new(&format!("shared-{name}"))
    }

    /// A fresh folder holding a copy of the shipped layout under
    /// `layouts/dice-football/pitch.toml`, as a project folder would.
    pub fn with_shipped_layout(name: &str) -> TestDir {
        let dir = TestDir::new(name);
        dir.write(SHIPPED_REL, &shipped_layout());
        dir
    }

    /// A fresh folder with the shipped layout, as
    /// [`TestDir::with_shipped_layout`] makes it, and the label tables of
    /// its three languages (`templates/i18n/<lang>.toml`).
    pub fn with_labels(name: &str) -> TestDir {
        let dir = TestDir::with_shipped_layout(name);
        for lang in ["es", "en", "ca"] {
            let rel = format!("templates/i18n/{lang}.toml");
            dir.write(&rel, &project_file(&rel));
        }
        dir
    }

    /// Writes the shipped league deck into the folder (its layout, its
    /// spreadsheet and its card template), as the league mat names it to
    /// size its card places. The photos are left out: their cards would
    /// print a silhouette, and the mat reads only the cards' size.
    pub fn write_league_deck(&self) {
        for rel in LEAGUE_DECK {
            self.write(rel, &project_file(rel));
        }
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A path inside the folder.
    pub fn join(&self, rel: impl AsRef<Path>) -> PathBuf {
        self.path.join(rel)
    }

    /// Writes a file (creating its folders) and returns its full path.
    pub fn write(&self, rel: impl AsRef<Path>, contents: &str) -> PathBuf {
        let p = self.join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&p, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", p.display()));
        p
    }

    /// Reads a file's bytes, with a clear message when it is missing.
    pub fn read(&self, rel: impl AsRef<Path>) -> Vec<u8> {
        let p = self.join(rel);
        std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
    }

    /// Reads a file as UTF-8 text.
    pub fn read_string(&self, rel: impl AsRef<Path>) -> String {
        String::from_utf8(self.read(rel)).expect("the file is UTF-8")
    }

    /// Runs the binary in this folder.
    pub fn run(&self, args: &[&str]) -> Run {
        run_in(&self.path, args)
    }

    /// Runs the binary in this folder, killed (and the test failed) if it
    /// takes more than `secs` seconds.
    pub fn run_within(&self, args: &[&str], secs: u64) -> GuardedRun {
        run_in_within(&self.path, args, secs)
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// The shipped dice-football layout's text, read from the project.
pub fn shipped_layout() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(SHIPPED_REL);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// `text` with the one line that starts with `line_start` (after indentation)
/// replaced by `new_line`. Panics unless exactly one line matches, so a test
/// cannot silently edit nothing.
/// A key the shipped layout leaves commented out (`# margin = 5.0`, left to
/// the printer profile) counts when no line sets it.
pub fn replace_line(text: &str, line_start: &str, new_line: &str) -> String {
    let text = &uncommented(text, line_start);
    let matches = text.lines().filter(|l| l.trim_start().starts_with(line_start)).count();
    assert_eq!(
        matches, 1,
        "expected exactly one line starting with {line_start:?} in the layout, found {matches}"
    );
    let mut out: Vec<&str> = Vec::new();
    for l in text.lines() {
        if l.trim_start().starts_with(line_start) {
            out.push(new_line);
        } else {
            out.push(l);
        }
    }
    let mut s = out.join("\n");
    if text.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// The 1-based line number of the only line that starts with `line_start`.
pub fn line_of(text: &str, line_start: &str) -> usize {
    let found: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with(line_start))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected one line starting with {line_start:?}, found {found:?}"
    );
    found[0]
}

/// 1-based column (in characters) where `needle` starts on `line` (1-based).
pub fn column_of(text: &str, line: usize, needle: &str) -> usize {
    let l = text.lines().nth(line - 1).expect("the line exists");
    let byte = l
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not on line {line}: {l:?}"));
    l[..byte].chars().count() + 1
}

/// Every file under `dir` (recursively), relative to it, with its bytes.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.insert(p.strip_prefix(root).unwrap().to_path_buf(), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Every file under `dir` (recursively) whose extension is one of `exts`.
pub fn files_with_ext(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    snapshot(dir)
        .into_keys()
        .filter(|p| p.extension().is_some_and(|e| exts.iter().any(|x| e == *x)))
        .collect()
}

/// The project's root in the source tree: the folder of `Cargo.toml`,
/// `layouts/` and `templates/`.
pub fn project_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the project (a shipped layout, a text), read from the source
/// tree by its path relative to the project's root.
pub fn project_file(rel: &str) -> String {
    std::fs::read_to_string(project_root().join(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
}

/// Words of a text: lowercase, letters and digits only (punctuation, hyphens
/// and Catalan middle dots dropped), so a word broken at a line end or set in
/// bold compares equal to its source.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether every word of `needle` appears, in order, in `hay`'s letters with
/// the spaces taken out (a word set in two styles comes out of the PDF in two
/// pieces, and a word broken at a line end, and read as one again here).
pub fn in_order(needle: &[String], hay: &[String]) -> Result<(), String> {
    let stream: String = hay.concat();
    let mut at = 0;
    for (k, w) in needle.iter().enumerate() {
        match stream[at..].find(w.as_str()) {
            Some(i) => at += i + w.len(),
            None => {
                return Err(format!(
                    "word {k} \"{w}\" (after \"{}\") is missing",
                    needle[k.saturating_sub(3)..k].join(" ")
                ));
            }
        }
    }
    Ok(())
}

/// The path of a shipped file (a layout, a text) in the source tree.
pub fn shipped(rel: &str) -> PathBuf {
    project_root().join(rel)
}

/// `text` with the first line starting `start` (after indentation) replaced
/// by `line`; panics when no line does.
pub fn with_line(text: &str, start: &str, line: &str) -> String {
    let text = &uncommented(text, start);
    let mut found = false;
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if !found && l.trim_start().starts_with(start) {
                found = true;
                line.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(found, "no line starts with {start:?}");
    out.join("\n") + "\n"
}

/// `text` with the commented-out key line `# start...` uncommented, when no
/// line sets `start` itself: the shipped layouts leave the printer's keys
/// (paper, margin, back offset) to the printer profile.
fn uncommented(text: &str, start: &str) -> String {
    if text.lines().any(|l| l.trim_start().starts_with(start)) {
        return text.to_string();
    }
    let mut done = false;
    let out: Vec<&str> = text
        .lines()
        .map(|l| match l.trim_start().strip_prefix("# ") {
            Some(rest) if !done && rest.starts_with(start) => {
                done = true;
                rest
            }
            _ => l,
        })
        .collect();
    out.join("\n") + if text.ends_with('\n') { "\n" } else { "" }
}

/// The shipped deck layout dealt in no league: a user's own few cards, with
/// no table to serve, no bank to pay them and no league matches to play.
pub fn deck_alone() -> String {
    let deck = project_file("layouts/league/deck.toml");
    let deck = replace_line(&deck, "table =", "table = \"\"");
    let deck = replace_line(&deck, "rules =", "rules = \"none\"");
    replace_line(&deck, "bank =", "bank = \"\"")
}

/// A project with the shipped card template and a deck layout dealt in no
/// league ([`deck_alone`]), reading `csv`, and an empty photos folder;
/// built without `--lang`, it is built in es, en and ca.
pub fn deck_project(name: &str, csv: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write(
        "templates/cards/player.toml",
        &project_file("templates/cards/player.toml"),
    );
    dir.write("layouts/league/deck.toml", &deck_alone());
    dir.write("layouts/league/players.csv", csv);
    std::fs::create_dir_all(dir.join("layouts/league/photos")).unwrap();
    dir
}

/// The 1-based character column where field `field` (1-based) starts on
/// line `line` (1-based) of the CSV `text` (commas outside quotes split
/// fields): the column a finding's `file:line:col` gives for that cell.
pub fn csv_column(text: &str, line: usize, field: usize) -> usize {
    let row = text.lines().nth(line - 1).expect("the CSV has the line");
    let (mut at, mut f, mut quoted) = (1, 1, false);
    for ch in row.chars() {
        if f == field {
            return at;
        }
        if ch == '"' {
            quoted = !quoted;
        } else if ch == ',' && !quoted {
            f += 1;
        }
        at += 1;
    }
    assert_eq!(f, field, "line {line} has field {field}");
    at
}

/// Whether `path` is one of pitchprint's records of what it wrote (in an
/// output folder's hidden `.pitchprint/`), not an output itself.
pub fn is_record(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == ".pitchprint")
}
