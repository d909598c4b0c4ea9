//! The hostile-values property test: every shipped layout and the card template,
//! with numbers, strings and tables replaced by hostile values (0, -1, nan,
//! inf, 1e308, huge counts, control characters, 1 MB strings) and keys
//! removed or doubled, is built by the binary. Each build must exit 0 with
//! well-formed outputs, or exit 1 with a finding that names the file it
//! broke; never panic, abort, hang or grow without bound.
//!
//! `cargo test` runs a fixed seed. A longer run (`benches/hostile.sh`) sets
//! `PITCHPRINT_HOSTILE_SEED`, `PITCHPRINT_HOSTILE_CASES` or
//! `PITCHPRINT_HOSTILE_SECONDS`.
//!
//! Each build runs under `ulimit -v` (address space) so that a runaway
//! allocation aborts the build, which the test reports, instead of the
//! machine; and under a deadline, past which the build is killed and the
//! case reported.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{Rng, files_with_ext};

/// Address space a build may take, in KiB: a debug binary with its fonts and
/// a deck of photos stays far below; a value that allocates by the count it
/// reads goes past it.
const MEMORY_KIB: u64 = 3 * 1024 * 1024;
/// How long one build may take. The debug binary builds the largest shipped
/// layout (the deck, three languages) in about two seconds.
const DEADLINE: Duration = Duration::from_secs(30);

/// The values a hostile or careless author writes, as TOML, by the type of
/// the value they replace: most keep the type (so that the layout's own
/// ranges and the derived sizes are what is tested, not serde), some do not.
struct Values {
    numbers: Vec<String>,
    strings: Vec<String>,
    lists: Vec<String>,
    all: Vec<String>,
}

fn hostile_values() -> Values {
    let own = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let numbers = own(&[
        "0",
        "-1",
        "1",
        "nan",
        "inf",
        "-inf",
        "1e308",
        "-1e308",
        "1e-9",
        "0.0001",
        "1e20",
        "1e6",
        "2000",
        "10000",
        "40000",
        "1000000000",
        "9223372036854775807",
        "-9223372036854775808",
        "3.5",
    ]);
    let mut strings = own(&[
        "\"\"",
        "\" \"",
        "\"\\u0001\\u000b\\u0000x\"",
        "\"line\\nbreak\\ttab\"",
        "\"\\u202e\\u200b\\ufeff\"",
        "\"⚽🏆 emoji\"",
        "\"@nowhere.key\"",
        "\"@\"",
        "\"../../../../etc/passwd\"",
        "\"/dev/zero\"",
        "\".\"",
        "\"#zzzzzz\"",
        "\"none\"",
        "\"auto\"",
        "\"https://example.org/a/very/long/address/that/does/not/break/anywhere\"",
    ]);
    strings.push(format!("\"{}\"", "W".repeat(1 << 20)));
    strings.push(format!("\"{}\"", "word ".repeat(3000)));
    let lists = own(&[
        "[]",
        "[0, 0]",
        "[1e308, -1]",
        "[nan, inf]",
        "[-1, -1]",
        "[1e6, 1e6]",
        "[10000, 10000]",
        "[\"a\", \"b\"]",
    ]);
    let mut all: Vec<String> = numbers.iter().chain(&strings).chain(&lists).cloned().collect();
    all.extend(own(&["true", "{}", "{ a = 1 }"]));
    Values {
        numbers,
        strings,
        lists,
        all,
    }
}

impl Values {
    /// A hostile value for a key whose value is written `was`.
    fn pick(&self, was: &str, rng: &mut Rng) -> String {
        let was = was.trim_start();
        let pool = if rng.below(8) == 0 {
            &self.all
        } else if was.starts_with('"') || was.starts_with('\'') {
            &self.strings
        } else if was.starts_with('[') {
            &self.lists
        } else if was.starts_with('{') || was.starts_with("true") || was.starts_with("false") {
            &self.all
        } else {
            &self.numbers
        };
        pool[rng.below(pool.len())].clone()
    }
}

/// One way to break a file.
#[derive(Debug)]
enum Mutation {
    /// Replace the value of the key on `line` (0-based) with `value`.
    Value { line: usize, key: String, value: String },
    /// Remove the line (a key goes missing).
    Remove { line: usize, key: String },
    /// Write the line twice (a doubled key or table).
    Double { line: usize, key: String },
}

impl Mutation {
    fn key(&self) -> &str {
        match self {
            Mutation::Value { key, .. } | Mutation::Remove { key, .. } | Mutation::Double { key, .. } => key,
        }
    }
    fn line(&self) -> usize {
        match self {
            Mutation::Value { line, .. } | Mutation::Remove { line, .. } | Mutation::Double { line, .. } => *line,
        }
    }
    /// A short form for the report (a 1 MB value is not printed whole).
    fn describe(&self) -> String {
        let cut = |s: &str| s.chars().take(40).collect::<String>();
        match self {
            Mutation::Value { line, key, value } => format!("line {}: {key} = {}", line + 1, cut(value)),
            Mutation::Remove { line, key } => format!("line {}: {key} removed", line + 1),
            Mutation::Double { line, key } => format!("line {}: {key} doubled", line + 1),
        }
    }
}

/// The key a line sets (`pitch = 2.0` gives `pitch`), or the table it opens
/// (`[board]` gives `board`).
fn key_of(line: &str) -> Option<String> {
    let t = line.trim();
    if t.starts_with('#') || t.is_empty() {
        return None;
    }
    if let Some(table) = t.strip_prefix('[') {
        return Some(table.trim_start_matches('[').split(']').next()?.trim().to_string());
    }
    let (key, _) = t.split_once('=')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c)))
        .then(|| key.trim_matches('"').to_string())
}

/// Applies `m` to `text`.
fn apply(text: &str, m: &Mutation) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    match m {
        Mutation::Value { line, key, value } => lines[*line] = format!("{key} = {value}"),
        Mutation::Remove { line, .. } => lines[*line] = String::new(),
        Mutation::Double { line, .. } => {
            let l = lines[*line].clone();
            lines.insert(*line + 1, l);
        }
    }
    lines.join("\n") + "\n"
}

/// One to three mutations of one file's keys, on distinct lines.
fn mutations(text: &str, rng: &mut Rng, values: &Values) -> Vec<Mutation> {
    let lines: Vec<&str> = text.lines().collect();
    let keyed: Vec<(usize, String, bool)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| key_of(l).map(|k| (i, k, l.trim_start().starts_with('['))))
        // Breaking `kind` only ever tests the one "unknown kind" finding.
        .filter(|(_, k, _)| k != "kind")
        .collect();
    if keyed.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Mutation> = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let (line, key, table) = keyed[rng.below(keyed.len())].clone();
        if out.iter().any(|m| m.line() == line) {
            continue;
        }
        let pick = rng.below(12);
        out.push(if table || pick == 0 {
            // A doubled key is a syntax error whatever it holds: rarely.
            if rng.below(4) == 0 {
                Mutation::Double { line, key }
            } else {
                Mutation::Remove { line, key }
            }
        } else if pick == 1 {
            Mutation::Remove { line, key }
        } else {
            let was = lines[line].split_once('=').map_or("", |(_, v)| v);
            Mutation::Value {
                line,
                key,
                value: values.pick(was, rng),
            }
        });
    }
    // Later lines first, so that a doubled line does not move the others.
    out.sort_by_key(|m| std::cmp::Reverse(m.line()));
    out
}

/// What builds a mutated file: a layout builds itself; the card template is
/// built through the deck that names it.
fn target_of(rel: &str) -> &str {
    if rel.starts_with("templates/cards/") {
        "layouts/league/deck.toml"
    } else {
        rel
    }
}

/// Copies the shipped layouts and templates into `dir`.
fn copy_project(dir: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for top in ["layouts", "templates"] {
        for file in walk(&root.join(top)) {
            let to = dir.join(file.strip_prefix(root).unwrap());
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(&file, &to).unwrap();
        }
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// One build's outcome: exit code (`None` when killed or signalled), stderr,
/// and how long it took.
struct Outcome {
    code: Option<i32>,
    stderr: String,
    timed_out: bool,
}

/// Runs the binary in `dir` under the memory limit and the deadline.
fn build(dir: &Path, layout: &str, out: &Path) -> Outcome {
    let err_file = dir.join("stderr.txt");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\" 2>\"{}\"",
            err_file.display()
        ))
        .arg(env!("CARGO_BIN_EXE_pitchprint"))
        // Every photo decoded under the limit, none read from a cache.
        .env("PITCHPRINT_CACHE", "off")
        .args(["build", layout, "--format", "pdf,svg", "--lang", "en", "--out"])
        .arg(out)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh runs the binary");
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Outcome {
        code: status.and_then(|s| s.code()),
        stderr: std::fs::read_to_string(&err_file).unwrap_or_default(),
        timed_out,
    }
}

/// Why a case failed, or `None`.
fn judge(o: &Outcome, rel: &str, muts: &[Mutation], out: &Path) -> Option<String> {
    if o.timed_out {
        return Some(format!("still running after {DEADLINE:?}"));
    }
    if o.stderr.contains("panicked at") {
        return Some("panicked".into());
    }
    match o.code {
        Some(0) => {
            // An exit 0 that wrote nothing is no build.
            if files_with_ext(out, &["pdf", "svg"]).is_empty() {
                return Some(format!("exit 0, but nothing was written under {}", out.display()));
            }
            for svg in files_with_ext(out, &["svg"]).iter().map(|p| out.join(p)) {
                let text = std::fs::read_to_string(&svg).unwrap();
                if let Err(e) = roxmltree::Document::parse(&text) {
                    return Some(format!("{} is not well-formed: {e}", svg.display()));
                }
            }
            for pdf in files_with_ext(out, &["pdf"]).iter().map(|p| out.join(p)) {
                match lopdf::Document::load_mem(&std::fs::read(&pdf).unwrap()) {
                    Ok(doc) if !doc.get_pages().is_empty() => {}
                    Ok(_) => return Some(format!("{} has no pages", pdf.display())),
                    Err(e) => return Some(format!("{} cannot be read back: {e}", pdf.display())),
                }
            }
            None
        }
        Some(1) => {
            let name = Path::new(rel).file_name().unwrap().to_string_lossy().into_owned();
            // The finding, or a note under it, places the broken file.
            let named = o
                .stderr
                .lines()
                .any(|l| (l.starts_with("error[") || l.starts_with("  note: ")) && l.contains(&format!("{name}:")));
            // A file that is no longer TOML is placed by line and column:
            // there is no key to name.
            let syntax = o.stderr.contains("error[layout-syntax]");
            // A table header removed or doubled moves its keys under the
            // table before it: the finding names one of those keys.
            let moved = muts
                .iter()
                .any(|m| matches!(m, Mutation::Remove { .. } | Mutation::Double { .. }))
                && named;
            // A megabyte of value makes the file itself too large to read.
            let sized = o.stderr.contains("error[layout-read]") && o.stderr.contains("is too large");
            let keyed = syntax
                || moved
                || sized
                || muts.iter().any(|m| {
                    let leaf = m.key().rsplit('.').next().unwrap_or(m.key());
                    o.stderr.contains(leaf)
                });
            if !named {
                Some(format!("exit 1 without an error naming {name}"))
            } else if !keyed {
                Some("exit 1 without naming the key".into())
            } else {
                None
            }
        }
        Some(c) => Some(format!("exit code {c}")),
        None => Some("killed by a signal (an abort, or past the memory limit)".into()),
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Runs cases from `first` by `step` on one worker, in its own project copy.
fn worker(seed: u64, first: u64, step: u64, cases: u64, until: Option<Instant>) -> (u64, u64, Vec<String>) {
    let dir = crate::common::TestDir::new(&format!("hostile-{first}"));
    copy_project(dir.path());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Paths under layouts/, as the snapshot gives them.
    let mut files: Vec<String> = files_with_ext(&root.join("layouts"), &["toml"])
        .into_iter()
        .map(|p| format!("layouts/{}", p.to_string_lossy()))
        .chain(["templates/cards/player.toml".to_string()])
        .collect();
    files.sort();
    let values = hostile_values();
    let mut failures = Vec::new();
    let mut ran = 0;
    let mut built = 0;
    let mut case = first;
    while case < cases && until.is_none_or(|t| Instant::now() < t) {
        let mut rng = Rng(seed ^ (case + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        rng.next();
        let rel = &files[rng.below(files.len())];
        let original = std::fs::read_to_string(dir.join(rel)).unwrap();
        let muts = mutations(&original, &mut rng, &values);
        let broken = muts.iter().fold(original.clone(), |t, m| apply(&t, m));
        std::fs::write(dir.join(rel), &broken).unwrap();
        let out = dir.join("out");
        let _ = std::fs::remove_dir_all(&out);
        let o = build(dir.path(), target_of(rel), &out);
        built += u64::from(o.code == Some(0));
        if std::env::var_os("PITCHPRINT_HOSTILE_VERBOSE").is_some() {
            let first = o.stderr.lines().find(|l| l.starts_with("error")).unwrap_or("");
            let desc = muts.iter().map(Mutation::describe).collect::<Vec<_>>().join("; ");
            eprintln!("case {case}: {rel}: {desc}\n  -> {:?} {first}", o.code);
        }
        if let Some(why) = judge(&o, rel, &muts, &out) {
            let said: String = o.stderr.lines().take(8).collect::<Vec<_>>().join("\n    ");
            failures.push(format!(
                "case {case} (seed {seed}): {rel}: {}\n  {why}\n    {said}",
                muts.iter().map(Mutation::describe).collect::<Vec<_>>().join("; ")
            ));
        }
        std::fs::write(dir.join(rel), &original).unwrap();
        ran += 1;
        case += step;
    }
    (ran, built, failures)
}

#[test]
fn hostile_values_in_every_layout_are_refused_or_built_never_crash() {
    let seed = env_number("PITCHPRINT_HOSTILE_SEED").unwrap_or(14);
    let seconds = env_number("PITCHPRINT_HOSTILE_SECONDS");
    let cases = env_number("PITCHPRINT_HOSTILE_CASES").unwrap_or(if seconds.is_some() { u64::MAX } else { 300 });
    let until = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get() as u64)
        .min(4);
    let start = Instant::now();
    let results: Vec<(u64, u64, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| s.spawn(move || worker(seed, w, workers, cases, until)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let ran: u64 = results.iter().map(|r| r.0).sum();
    let built: u64 = results.iter().map(|r| r.1).sum();
    let failures: Vec<&String> = results.iter().flat_map(|r| &r.2).collect();
    eprintln!(
        "hostile: {ran} cases, seed {seed}: {built} built, {} refused, {} failed, {:.0} s",
        ran - built - failures.len() as u64,
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} hostile cases failed:\n{}",
        failures.len(),
        failures.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_mutations_are_what_they_say() {
    let text = "kind = \"dice-pitch\"\n[board]\npitch = 24.0   # mm\n";
    assert_eq!(key_of("pitch = 24.0   # mm").as_deref(), Some("pitch"));
    assert_eq!(key_of("[board]").as_deref(), Some("board"));
    assert_eq!(key_of("[[set]]").as_deref(), Some("set"));
    assert_eq!(key_of("# pitch = 1"), None);
    let m = Mutation::Value {
        line: 2,
        key: "pitch".into(),
        value: "nan".into(),
    };
    assert_eq!(apply(text, &m), "kind = \"dice-pitch\"\n[board]\npitch = nan\n");
    let d = Mutation::Double {
        line: 1,
        key: "board".into(),
    };
    assert_eq!(apply(text, &d).matches("[board]").count(), 2);
    let mut a = Rng(1);
    let mut b = Rng(1);
    assert_eq!((a.next(), a.next()), (b.next(), b.next()), "a seed gives one sequence");
}
