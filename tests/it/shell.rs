//! Shell habits: completion scripts and the manual page
//! generated from the command line, `pitchprint new` writing a layout of
//! every kind that builds, a deck mapped from a spreadsheet's header, and
//! `build --watch` rebuilding when a layout changes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{TestDir, pdf_text, project_file, shipped_files, xlsx};
use pitchprint::components::registry;
use pitchprint::input::world::Disk;
use pitchprint::layout::scaffold::{Ask, Shown};

/// Every command the program has, as the scripts and the page must name them.
const COMMANDS: [&str; 7] = ["build", "check", "new", "i18n", "completions", "man", "help"];

#[test]
fn completions_name_every_command_and_kind() {
    let dir = TestDir::new("completions");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = dir.run(&["completions", shell]);
        run.expect_code(0);
        assert!(run.stdout.len() > 500, "{shell}: {}", run.stdout);
        for command in COMMANDS {
            assert!(run.stdout.contains(command), "{shell} completes {command}");
        }
        // The options complete too (fish writes an option `-l lang`), and
        // in bash and zsh the kinds `new` takes (clap_complete's other
        // scripts complete no positional value).
        for word in ["lang", "watch", "from"] {
            assert!(run.stdout.contains(word), "{shell} completes {word}");
        }
        if matches!(shell, "bash" | "zsh") {
            for kind in registry::kinds() {
                assert!(run.stdout.contains(kind), "{shell} completes {kind}");
            }
        }
    }
    // An unknown shell is a usage error.
    dir.run(&["completions", "cmd"]).expect_code(2);
}

#[test]
fn the_manual_page_lists_the_commands() {
    let dir = TestDir::new("man");
    let run = dir.run(&["man"]);
    run.expect_code(0);
    assert!(
        run.stdout.starts_with(".ie") || run.stdout.contains(".TH pitchprint"),
        "{}",
        run.stdout
    );
    for command in COMMANDS {
        assert!(run.stdout.contains(command), "the page names {command}");
    }
    let run = dir.run(&["man", "--out", "man"]);
    run.expect_code(0);
    for page in [
        "pitchprint.1",
        "pitchprint-build.1",
        "pitchprint-new.1",
        "pitchprint-i18n.1",
    ] {
        let text = dir.read_string(format!("man/{page}"));
        assert!(text.contains(".TH"), "{page} is a manual page");
    }
    let build = dir.read_string("man/pitchprint-build.1");
    assert!(build.contains("watch") && build.contains("lang"), "{build}");
}

/// The files the layouts of the test project name, copied from the shipped
/// project: what `new`'s placeholders are filled with.
fn new_sources(name: &str) -> TestDir {
    let dir = shipped_files(
        name,
        &[
            "layouts/futbolchess/board.toml",
            "layouts/dice-football/pitch.toml",
            "layouts/dice-football/counters.toml",
            "layouts/dice-football/dice.toml",
            // The numbers the dice-football texts print.
            "layouts/dice-football/game.toml",
        ],
    );
    dir.write_league_deck();
    for lang in ["es", "en", "ca"] {
        for rel in [
            format!("templates/rules/dice-football/{lang}.md"),
            format!("templates/reference/dice-football/{lang}.md"),
        ] {
            dir.write(&rel, &project_file(&rel));
        }
    }
    dir
}

/// The folder each kind's new layout goes in: beside the layouts its
/// placeholders name.
fn folder_of(kind: &str) -> &'static str {
    match kind {
        "card-deck" | "league-board" => "layouts/league",
        "role-card" => "layouts/futbolchess",
        _ => "layouts/dice-football",
    }
}

/// Fills the placeholders a new layout of `kind` holds with what the test
/// project has.
fn fill(kind: &str, text: &str) -> String {
    match kind {
        "rule-sheet" => text
            .replace("text = \"rules\"", "text = \"../../templates/rules/dice-football\"")
            .replace("board = \"board.toml\"", "board = \"pitch.toml\""),
        "reference-card" => text.replace(
            "text = \"reference\"",
            "text = \"../../templates/reference/dice-football\"",
        ),
        _ => text.to_string(),
    }
}

#[test]
fn a_new_layout_of_every_kind_builds() {
    let dir = new_sources("new-every-kind");
    for kind in registry::kinds() {
        let rel = format!("{}/new-{kind}.toml", folder_of(kind));
        let run = dir.run(&["new", kind, &rel]);
        run.expect_code(0);
        // What `new` made is its output: stdout, not stderr.
        assert!(run.stdout.contains(&format!("wrote {rel}")), "{}", run.stdout);
        assert!(!run.stderr.contains("wrote"), "{}", run.stderr);
        let text = dir.read_string(&rel);
        assert!(text.contains(&format!("kind = \"{kind}\"")), "{text}");
        let filled = fill(kind, &text);
        if filled != text {
            dir.write(&rel, &filled);
        }
        let run = dir.run(&["build", &rel, "--lang", "en", "--format", "pdf"]);
        run.expect_code(0);
        assert!(
            run.stderr.contains("built 1 layout in en: 1 file"),
            "{kind}: {}",
            run.stderr
        );
    }
}

/// Every dotted key of a TOML table: `page.paper`, `set.name` for an
/// entry of `[[set]]`.
fn keys_of(prefix: &str, table: &toml::Table, out: &mut BTreeSet<String>) {
    for (k, v) in table {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::Table(t) => keys_of(&key, t, out),
            toml::Value::Array(items) if items.iter().all(toml::Value::is_table) && !items.is_empty() => {
                for item in items {
                    keys_of(&key, item.as_table().unwrap(), out);
                }
            }
            _ => {
                out.insert(key);
            }
        }
    }
}

/// Every key a kind's scaffold writes, commented out or not.
fn scaffold_keys(kind: &str) -> BTreeSet<String> {
    let layout = Path::new("layouts/x/new.toml");
    let ask = Ask {
        layout,
        from: None,
        world: &Disk,
    };
    let s = registry::find(kind).unwrap().scaffold(&ask).unwrap();
    let mut out = BTreeSet::from(["kind".to_string()]);
    fn add(prefix: &str, keys: &[pitchprint::layout::scaffold::Key], out: &mut BTreeSet<String>) {
        for k in keys {
            let key = if prefix.is_empty() {
                k.name.clone()
            } else {
                format!("{prefix}.{}", k.name)
            };
            match &k.shown {
                Shown::Table(inner) => add(&key, inner, out),
                _ => {
                    out.insert(key);
                }
            }
        }
    }
    add("", &s.root, &mut out);
    for t in &s.tables {
        add(&t.name, &t.keys, &mut out);
    }
    out
}

#[test]
fn a_scaffold_writes_every_key_its_kind_reads() {
    // Against serde: the top-level keys (and a role's) each kind reads.
    for kind in registry::kinds() {
        let ask = Ask {
            layout: Path::new("x.toml"),
            from: None,
            world: &Disk,
        };
        let s = registry::find(kind).unwrap().scaffold(&ask).unwrap();
        let (unwritten, unread) = s.undeclared();
        assert!(
            unwritten.is_empty() && unread.is_empty(),
            "{kind}: keys read but not written {unwritten:?}, written but not read {unread:?}"
        );
    }
    // Against the shipped layouts: every key one of them writes is in the
    // scaffold of its kind (the sheet's own words for positions are free).
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("layouts");
    let mut files = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "toml") && !p.ends_with("game.toml") {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 30, "{files:?}");
    for file in files {
        let table: toml::Table = toml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let kind = table["kind"].as_str().unwrap().to_string();
        let mut shipped = BTreeSet::new();
        keys_of("", &table, &mut shipped);
        let written = scaffold_keys(&kind);
        let missing: Vec<&String> = shipped
            .iter()
            // A deck's [positions] are the sheet's own words, and its
            // [scale] entries inline tables the scaffold explains in one
            // comment (`{ from = [..], to = [..] }` or `{ rank = [..] }`).
            // A deck's `columns = "fbref"` names a site's preset in place
            // of the [columns] table the scaffold writes and explains.
            .filter(|k| !k.starts_with("positions.") && !k.starts_with("scale.") && !written.contains(*k))
            .filter(|k| !(k.as_str() == "columns" && written.iter().any(|w| w.starts_with("columns."))))
            .collect();
        assert!(
            missing.is_empty(),
            "{}: {missing:?} not in the {kind} scaffold",
            file.display()
        );
    }
}

#[test]
fn new_never_overwrites_a_file() {
    let dir = TestDir::new("new-overwrite");
    dir.write("pitch.toml", "# mine\n");
    let run = dir.run(&["new", "dice-pitch", "pitch.toml"]);
    run.expect_code(2);
    assert!(run.stderr.contains("pitch.toml already exists"), "{}", run.stderr);
    assert_eq!(dir.read_string("pitch.toml"), "# mine\n");
    // A folder takes <kind>.toml, and a second time is refused too.
    dir.run(&["new", "counters", "."]).expect_code(0);
    assert!(dir.read_string("counters.toml").contains("kind = \"counters\""));
    dir.run(&["new", "counters"]).expect_code(2);
    // --from is a deck's.
    dir.write("p.csv", "name\nA\n");
    let run = dir.run(&["new", "dice-pitch", "other.toml", "--from", "p.csv"]);
    run.expect_code(1);
    assert!(run.stderr.contains("--from"), "{}", run.stderr);
    assert!(!dir.join("other.toml").exists());
}

/// A league's sheet as a Spanish coach keeps it: the header in Spanish, the
/// positions in words, a column the cards do not print.
const SPANISH_SHEET: &str = "\
Nombre,Equipo,Posición,Pases buenos,Balones robados,Tiros a puerta,Goles encajados,Paradas,Precio,Dorsal
Adrián Abril,Atlético Ribera,Portero,3,1,0,3,2,33,1
Hugo Miralles,Atlético Ribera,Defensa,2,0,0,0,0,19,4
Luis Pardo,Atlético Ribera,Centrocampista,4,2,1,0,0,25,8
Pau Vidal,Atlético Ribera,Delantero,1,1,5,0,0,40,9
";

#[test]
fn a_deck_from_a_spreadsheet_maps_its_header_and_builds() {
    for (name, file, bytes) in [
        ("deck-from-csv", "jugadores.csv", SPANISH_SHEET.as_bytes().to_vec()),
        ("deck-from-xlsx", "jugadores.xlsx", xlsx("Jugadores", SPANISH_SHEET)),
    ] {
        let dir = TestDir::new(name);
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::write(dir.join("data").join(file), bytes).unwrap();
        let from = format!("data/{file}");
        let run = dir.run(&["new", "card-deck", "cards/deck", "--from", &from]);
        run.expect_code(0);
        assert!(
            run.stdout.contains("9 of 13 card fields mapped") && run.stdout.contains("player-card.toml"),
            "{}",
            run.stdout
        );
        let text = dir.read_string("cards/deck.toml");
        let layout: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(layout["data"].as_str(), Some(format!("../data/{file}").as_str()));
        assert_eq!(layout["template"].as_str(), Some("player-card.toml"));
        let columns = layout["columns"].as_table().unwrap();
        for (field, header) in [
            ("name", "Nombre"),
            ("position", "Posición"),
            ("passes", "Pases buenos"),
            ("price", "Precio"),
        ] {
            assert_eq!(columns[field].as_str(), Some(header), "{text}");
        }
        // No column for the photo: left out, not pointed at a column the
        // sheet lacks (which would warn on every build).
        assert!(!columns.contains_key("photo") && text.contains("# photo ="), "{text}");
        let positions = layout["positions"].as_table().unwrap();
        assert_eq!(positions["Portero"].as_str(), Some("GK"));
        assert_eq!(positions["Centrocampista"].as_str(), Some("MF"));
        assert!(text.contains("no card field reads: \"Dorsal\""), "{text}");
        let run = dir.run(&["build", "cards/deck.toml", "--lang", "en", "--format", "pdf"]);
        run.expect_code(0);
        let pdf = pdf_text(&dir.read("output/deck-en.pdf"));
        for player in ["Adrián Abril", "Pau Vidal"] {
            assert!(pdf.contains(player), "{pdf}");
        }
    }
}

#[test]
fn a_deck_names_the_projects_own_template() {
    let dir = TestDir::new("deck-template");
    dir.write_league_deck();
    dir.run(&[
        "new",
        "card-deck",
        "layouts/league/mine.toml",
        "--from",
        "layouts/league/players.csv",
    ])
    .expect_code(0);
    let layout: toml::Table = toml::from_str(&dir.read_string("layouts/league/mine.toml")).unwrap();
    assert_eq!(layout["template"].as_str(), Some("../../templates/cards/player.toml"));
    assert_eq!(layout["data"].as_str(), Some("players.csv"));
    assert!(!dir.join("layouts/league/player-card.toml").exists());
    // The shipped sheet's header is the deck's own: every field maps.
    let columns = layout["columns"].as_table().unwrap();
    assert_eq!(columns["passes"].as_str(), Some("good_passes"));
    assert_eq!(columns["quantity"].as_str(), Some("quantity"));
}

/// A `build --watch` running in a test's folder, killed when the test
/// ends however it ends, its standard error read line by line as it comes.
struct Watching {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Watching {
    /// Starts `pitchprint build --watch` with `args` in `dir`.
    fn start(dir: &TestDir, args: &[&str]) -> Watching {
        use std::io::{BufRead, BufReader};
        use std::process::Stdio;
        let mut child = crate::common::pitchprint()
            .args(["build", "--watch"])
            .args(args)
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the pitchprint binary runs");
        let (tx, lines) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Watching { child, lines }
    }

    /// The lines up to and with the first that contains `what`; fails the
    /// test when none comes within `secs` seconds.
    fn wait_for(&self, what: &str, secs: u64) -> Vec<String> {
        use std::time::{Duration, Instant};
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                let done = line.contains(what);
                seen.push(line);
                if done {
                    return seen;
                }
            }
        }
        panic!("no line with \"{what}\" within {secs} s; saw:\n{}", seen.join("\n"));
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn watch_rebuilds_when_the_layout_changes() {
    let dir = TestDir::with_shipped_layout("watch");
    let layout = "layouts/dice-football/pitch.toml";
    let watching = Watching::start(&dir, &[layout, "--lang", "en", "--format", "svg"]);
    // The first build, then the watcher in place.
    let first = watching.wait_for("watching", 120);
    assert!(first.iter().any(|l| l == "built 1 layout"), "{first:?}");
    // PNG previews are refreshed with the formats asked for.
    let preview = dir.join("output/dice-football/pitch-en.png");
    let svg = dir.join("output/dice-football/pitch-en.svg");
    assert!(preview.exists() && svg.exists(), "{first:?}");
    let before = std::fs::read(&svg).unwrap();
    let text = dir.read_string(layout);
    let edited = text.replace("grid_colour = \"#3d7a45\"", "grid_colour = \"#aa0000\"");
    assert_ne!(edited, text, "the shipped layout sets grid_colour");
    dir.write(layout, &edited);
    let rebuilt = watching.wait_for("rebuilt", 120);
    let line = rebuilt.last().unwrap();
    assert!(
        line.contains("pitch.toml changed: rebuilt layouts/dice-football/pitch.toml"),
        "{line}"
    );
    // The output has the new colour.
    let after = std::fs::read(&svg).unwrap();
    assert_ne!(before, after);
    assert!(String::from_utf8_lossy(&after).contains("#aa0000"));
    // A change to a file no layout reads rebuilds nothing.
    dir.write("notes.txt", "nothing");
    dir.write(layout, &edited.replace("#aa0000", "#0000aa"));
    let again = watching.wait_for("rebuilt", 120);
    assert!(!again.iter().any(|l| l.contains("notes.txt")), "{again:?}");
}

#[test]
fn watch_draws_again_only_the_preview_pages_an_edit_changed() {
    // Twelve players: two sheets of fronts, each with its sheet of backs.
    let rows: String = (0..12)
        .map(|i| format!("Player {i},Club Uno,MF,{},2,30,0,0,5.5,,\n", 10 + i))
        .collect();
    let header = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";
    let dir = crate::common::deck_project("watch-deck", &format!("{header}\n{rows}"));
    let deck = "layouts/league/deck.toml";
    let watching = Watching::start(&dir, &[deck, "--lang", "en", "--format", "pdf"]);
    watching.wait_for("watching", 120);
    let pages = |out: &str| -> Vec<Vec<u8>> {
        (1..=4)
            .map(|n| dir.read(format!("{out}/league/deck-en-{n}.png")))
            .collect()
    };
    let first = pages("output");
    // One player's passes: only the first sheet of fronts changes.
    let csv = dir.read_string("layouts/league/players.csv");
    dir.write(
        "layouts/league/players.csv",
        &csv.replace("Player 3,Club Uno,MF,13,", "Player 3,Club Uno,MF,99,"),
    );
    let line = watching.wait_for("rebuilt", 120).pop().unwrap();
    assert!(
        line.ends_with("5 file(s) written, 1 preview page(s) drawn again"),
        "{line}"
    );
    let edited = pages("output");
    assert!(edited[0] != first[0], "the edited card's sheet is new");
    assert!(edited[1..] == first[1..], "the other sheets as they were");
    // What a build of its own writes, byte for byte.
    dir.run(&["build", deck, "--lang", "en", "--format", "pdf,png", "--out", "fresh"])
        .expect_code(0);
    assert!(edited == pages("fresh"), "the previews of a watch are a build's");
    // Put back: every page as it first was, none drawn.
    dir.write("layouts/league/players.csv", &csv);
    let line = watching.wait_for("rebuilt", 120).pop().unwrap();
    assert!(line.ends_with("0 preview page(s) drawn again"), "{line}");
    assert!(pages("output") == first);
}

#[test]
fn a_new_layout_names_the_projects_schema_for_the_editor() {
    // With the project's schemas/ (as in this repository), the layout's
    // first line names its kind's schema from its own folder, and the
    // schema takes the layout as written.
    let dir = TestDir::new("new-schema-line");
    dir.write("schemas/counters.json", &project_file("schemas/counters.json"));
    dir.run(&["new", "counters", "layouts/my-game/"]).expect_code(0);
    let text = dir.read_string("layouts/my-game/counters.toml");
    assert_eq!(
        text.lines().next(),
        Some("#:schema ../../schemas/counters.json"),
        "{text}"
    );
    let schema: serde_json::Value =
        serde_json::from_str(&dir.read_string("layouts/my-game/../../schemas/counters.json")).unwrap();
    let value = serde_json::to_value(toml::from_str::<toml::Value>(&text).unwrap()).unwrap();
    let broken = crate::common::violations(&schema, &value);
    assert!(broken.is_empty(), "the new layout validates: {broken:?}");
    // Beside schemas/, the path is plain.
    dir.run(&["new", "counters", "beside.toml"]).expect_code(0);
    let text = dir.read_string("beside.toml");
    assert_eq!(text.lines().next(), Some("#:schema schemas/counters.json"), "{text}");
    // A project without schemas/ gets no line to a file it lacks.
    let bare = TestDir::new("new-no-schema");
    bare.run(&["new", "counters", "elsewhere.toml"]).expect_code(0);
    let text = bare.read_string("elsewhere.toml");
    assert!(
        text.lines().next().is_some_and(|l| !l.starts_with("#:schema")),
        "{text}"
    );
}

#[test]
fn a_custom_sheets_image_example_uncommented_adds_a_picture() {
    // The scaffold shows [[image]] as a commented example, not a live
    // `image = []`: uncommented (and pointed at a picture), it is one more
    // picture, not a duplicate key.
    let dir = TestDir::new("new-custom-sheet-image");
    dir.run(&["new", "custom-sheet", "layouts/mine.toml"]).expect_code(0);
    let text = dir.read_string("layouts/mine.toml");
    assert!(!text.lines().any(|l| l.starts_with("image =")), "no live image key");
    let mut uncommented = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line == "# [[image]]" {
            inside = true;
        }
        if inside && let Some(live) = line.strip_prefix("# ") {
            uncommented.push(live.replace("crest.png", "crest.jpg"));
            continue;
        }
        inside = false;
        uncommented.push(line.to_string());
    }
    dir.write("layouts/mine.toml", &(uncommented.join("\n") + "\n"));
    std::fs::copy(
        crate::common::shipped("layouts/league/photos/0001.jpg"),
        dir.join("layouts/crest.jpg"),
    )
    .unwrap();
    let run = dir.run(&["build", "layouts/mine.toml", "--lang", "en", "--format", "svg"]);
    run.expect_code(0);
    let svg = dir.read_string("output/mine-en.svg");
    assert!(svg.contains("<image"), "the picture is drawn");
}
