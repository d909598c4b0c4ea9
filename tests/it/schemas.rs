//! Editor support: `schemas/` holds a JSON Schema for every layout kind and
//! one for the card template, generated from the declarations the loader
//! reads (run with `UPDATE_SCHEMAS=1` to write them again). Every shipped
//! layout and template names its schema in a `#:schema` line, as Taplo (Even
//! Better TOML) reads it, and validates against it; and what a schema refuses,
//! the loader refuses too, at the same key.

use std::path::{Path, PathBuf};

use crate::common::{project_file, replace_line, shipped};
use pitchprint::components::registry::{self, CARD_TEMPLATE_SCHEMA};
use pitchprint::diag::Finding;
use pitchprint::input::world::{Disk, Overlay};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::Pipeline;
use serde_json::Value as Json;

/// The folder of the schemas.
fn schema_dir() -> PathBuf {
    shipped("schemas")
}

/// Each schema as `schemas/` should hold it: file name and text.
fn generated() -> Vec<(String, String)> {
    // The layouts' and the card template's, and that of what `build --json`
    // and `check --json` print (the `output` tests validate their output).
    registry::schemas()
        .into_iter()
        .chain([("output".to_string(), pitchprint::output::outcome::json_schema())])
        .map(|(name, schema)| {
            let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
            (format!("{name}.json"), text)
        })
        .collect()
}

/// The `.json` files `schemas/` holds, sorted.
fn files_in_schema_dir() -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(schema_dir()) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

#[test]
fn the_schemas_folder_is_what_the_declarations_generate() {
    let want = generated();
    if std::env::var_os("UPDATE_SCHEMAS").is_some() {
        std::fs::create_dir_all(schema_dir()).unwrap();
        for name in files_in_schema_dir() {
            if !want.iter().any(|(n, _)| *n == name) {
                std::fs::remove_file(schema_dir().join(name)).unwrap();
            }
        }
        for (name, text) in &want {
            std::fs::write(schema_dir().join(name), text).unwrap();
        }
        return;
    }
    let mut names: Vec<String> = want.iter().map(|(n, _)| n.clone()).collect();
    names.sort();
    assert_eq!(
        files_in_schema_dir(),
        names,
        "schemas/ holds a schema per kind and the card template's; run UPDATE_SCHEMAS=1 cargo test --release --test it schemas::"
    );
    for (name, text) in want {
        let on_disk = std::fs::read_to_string(schema_dir().join(&name)).unwrap();
        assert!(
            on_disk == text,
            "schemas/{name} is stale; run UPDATE_SCHEMAS=1 cargo test --release --test it schemas::"
        );
    }
}

/// The schema named `name` (without `.json`), as generated.
fn schema(name: &str) -> Json {
    registry::schemas()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no schema {name}"))
        .1
}

/// Why `value` does not validate against `schema` (empty when it does),
/// by the tests' validator of the draft 7 keywords `schemas/` uses
/// (`common/json_schema.rs`).
fn violations(schema: &Json, value: &Json) -> Vec<String> {
    crate::common::violations(schema, value)
}

/// A TOML text as the JSON an editor validates.
fn as_json(text: &str) -> Json {
    let value: toml::Value = toml::from_str(text).expect("the file is TOML");
    serde_json::to_value(value).unwrap()
}

/// Every `.toml` under `dir`, following the folders.
fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

/// The `#:schema` line that points a file at `schemas/<name>.json`, from
/// where the file is.
fn directive(file: &Path, name: &str) -> String {
    let depth = file
        .parent()
        .unwrap()
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap()
        .components()
        .count();
    format!("#:schema {}schemas/{name}.json", "../".repeat(depth))
}

/// Every shipped file with a schema: the layouts by their kind, the card
/// templates as the template.
fn shipped_files() -> Vec<(PathBuf, String)> {
    let mut layouts = Vec::new();
    toml_files(&shipped("layouts"), &mut layouts);
    let mut files: Vec<(PathBuf, String)> = layouts
        .into_iter()
        .map(|path| {
            let kind = as_json(&std::fs::read_to_string(&path).unwrap())["kind"]
                .as_str()
                .unwrap_or_else(|| panic!("{} has a kind", path.display()))
                .to_string();
            (path, kind)
        })
        .collect();
    let mut templates = Vec::new();
    toml_files(&shipped("templates/cards"), &mut templates);
    files.extend(templates.into_iter().map(|p| (p, CARD_TEMPLATE_SCHEMA.to_string())));
    files
}

#[test]
fn every_shipped_layout_and_template_names_its_schema_and_validates() {
    let files = shipped_files();
    assert!(
        files.len() >= 35,
        "the shipped layouts and the template ({})",
        files.len()
    );
    let kinds = registry::kinds();
    for (path, name) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let first = text.lines().next().unwrap_or("");
        assert_eq!(
            first,
            directive(&path, &name),
            "{}'s first line points an editor at its schema",
            path.display()
        );
        let target = path.parent().unwrap().join(first.trim_start_matches("#:schema "));
        assert!(
            target.is_file(),
            "{} names {}, which is there",
            path.display(),
            target.display()
        );
        let errors = violations(&schema(&name), &as_json(&text));
        assert!(errors.is_empty(), "{}:\n{}", path.display(), errors.join("\n"));
        // A layout's schema refuses every other kind's layout.
        if name != CARD_TEMPLATE_SCHEMA {
            let other = kinds.iter().find(|k| **k != name).unwrap();
            assert!(
                !violations(&schema(other), &as_json(&text)).is_empty(),
                "{} validates against {other}'s schema",
                path.display()
            );
        }
    }
}

/// The error findings of loading `rel` with its text replaced by `text`.
fn load_errors(rel: &str, text: &str) -> Vec<Finding> {
    let world = Overlay::new(&Disk).with(shipped(rel), text.to_string());
    match Pipeline::new(&world).load(&shipped(rel), &Overrides::default()) {
        Ok(_) => Vec::new(),
        Err(findings) => findings.into_iter().filter(|f| f.is_error()).collect(),
    }
}

/// `rel`'s shipped text with `edit` applied to its TOML, written back.
fn edited(rel: &str, edit: impl FnOnce(&mut toml::Table)) -> String {
    let mut table: toml::Table = toml::from_str(&project_file(rel)).unwrap();
    edit(&mut table);
    toml::to_string(&table).unwrap()
}

#[test]
fn an_unknown_key_a_wrong_type_and_a_wrong_kind_are_refused_by_schema_and_loader() {
    let rel = "layouts/dice-football/score.toml";
    let cases: Vec<(&str, String)> = vec![
        (
            "an unknown key at the top",
            edited(rel, |t| {
                t.insert("paper".into(), "a4".into());
            }),
        ),
        (
            "an unknown key in a table",
            edited(rel, |t| {
                t["sheet"]
                    .as_table_mut()
                    .unwrap()
                    .insert("titel".into(), "Score".into());
            }),
        ),
        (
            "a number written as text",
            edited(rel, |t| {
                t["sheet"].as_table_mut().unwrap().insert("matches".into(), "3".into());
            }),
        ),
        (
            "a switch written as text",
            edited("layouts/print/test-sheet.toml", |t| {
                t["print"]
                    .as_table_mut()
                    .unwrap()
                    .insert("crop_marks".into(), "yes".into());
            }),
        ),
        (
            "another kind",
            edited(rel, |t| {
                t.insert("kind".into(), "dice-pitch".into());
            }),
        ),
        (
            "a kind that does not exist",
            edited(rel, |t| {
                t.insert("kind".into(), "score-card".into());
            }),
        ),
    ];
    let score = schema("score-sheet");
    let test_sheet = schema("print-test");
    for (what, text) in cases {
        let file = if what.starts_with("a switch") {
            "layouts/print/test-sheet.toml"
        } else {
            rel
        };
        let against = if what.starts_with("a switch") {
            &test_sheet
        } else {
            &score
        };
        assert!(
            !violations(against, &as_json(&text)).is_empty(),
            "the schema takes {what}:\n{text}"
        );
        assert!(!load_errors(file, &text).is_empty(), "the loader takes {what}:\n{text}");
    }
    // And the shipped file itself both take.
    assert!(violations(&score, &as_json(&project_file(rel))).is_empty());
    assert!(load_errors(rel, &project_file(rel)).is_empty());
}

/// One step of a key's path: a table's key or an array's element.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// A change the schema refuses: the key's path and the value written there
/// (`None` leaves the key out).
#[derive(Clone, Debug)]
struct Breach {
    path: Vec<Step>,
    value: Option<toml::Value>,
}

/// The key as findings name it: `set[0].diameter`.
fn dotted(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(k) if out.is_empty() => out.push_str(k),
            Step::Key(k) => out.push_str(&format!(".{k}")),
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

fn with(path: &[Step], step: Step) -> Vec<Step> {
    let mut p = path.to_vec();
    p.push(step);
    p
}

/// Values just outside what a leaf's schema takes: past each end of its
/// range, a name it does not list, a colour it cannot read, a string one
/// character too long, a list with too few or too many items, another type.
fn bad_values(schema: &Json) -> Vec<toml::Value> {
    use toml::Value as T;
    let mut out = Vec::new();
    if schema.get("enum").is_some() {
        out.push(T::from("no-such-choice"));
    }
    if let Some(options) = schema.get("anyOf").and_then(Json::as_array) {
        if options.iter().any(|o| o.get("enum").is_some()) {
            out.push(T::from("no-such-choice"));
        }
        out.push(T::from(true));
    }
    let max = schema.get("maximum").and_then(Json::as_f64);
    let min = schema.get("minimum").and_then(Json::as_f64);
    match schema.get("type").and_then(Json::as_str) {
        Some("integer") => {
            out.extend(max.map(|m| T::from(m as i64 + 1)));
            out.extend(min.map(|m| T::from(m as i64 - 1)));
            out.push(T::from(1.5));
        }
        Some("number") => {
            out.extend(max.map(|m| T::from(m + 1.0)));
            out.extend(min.map(|m| T::from(m - 1.0)));
            out.extend(schema.get("exclusiveMinimum").and_then(Json::as_f64).map(T::from));
            out.push(T::from("12"));
        }
        Some("string") => {
            if let Some(n) = schema.get("maxLength").and_then(Json::as_u64) {
                out.push(T::from("x".repeat(n as usize + 1)));
            }
            if schema.get("pattern").is_some() {
                out.push(T::from("#12"));
            }
            out.push(T::from(12));
        }
        Some("boolean") => out.push(T::from("yes")),
        Some("array") => {
            match schema.get("items") {
                Some(Json::Array(items)) => out.push(T::Array(vec![T::from(10.0); items.len() - 1])),
                Some(item) => {
                    if let Some(n) = schema.get("maxItems").and_then(Json::as_u64) {
                        out.push(T::Array(vec![T::from("x"); n as usize + 1]));
                    }
                    if let Some(n) = item.get("maxLength").and_then(Json::as_u64) {
                        out.push(T::Array(vec![T::from("x".repeat(n as usize + 1))]));
                    }
                }
                None => {}
            }
            out.push(T::from("x"));
        }
        _ => {}
    }
    out
}

/// Every breach of `schema` that a file like `instance` can be given: an
/// unknown key in each table, each required key left out, each leaf's bad
/// values, and too many tables in an array of tables. Tables the file does
/// not write are walked when they may be written empty; an array of tables
/// through its first element.
fn breaches(schema: &Json, instance: Option<&Json>, path: &[Step], out: &mut Vec<Breach>) {
    let Some(properties) = schema.get("properties").and_then(Json::as_object) else {
        return;
    };
    out.push(Breach {
        path: with(path, Step::Key("no_such_key".into())),
        value: Some(toml::Value::from("x")),
    });
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Json::as_array)
        .map(|r| r.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default();
    for (key, sub) in properties {
        let at = with(path, Step::Key(key.clone()));
        if path.is_empty() && key == "kind" {
            continue;
        }
        if required.contains(&key.as_str()) {
            out.push(Breach {
                path: at.clone(),
                value: None,
            });
        }
        let here = instance.and_then(|i| i.get(key));
        let table_items = sub.get("items").filter(|i| i.get("properties").is_some());
        if sub.get("properties").is_some() {
            if here.is_some() || sub.get("required").is_none() {
                breaches(sub, here, &at, out);
            }
        } else if let Some(items) = table_items {
            if let Some(first) = here.and_then(|a| a.get(0)) {
                breaches(items, Some(first), &with(&at, Step::Index(0)), out);
                let copies = sub["maxItems"].as_u64().unwrap() as usize + 1;
                let first: toml::Value = serde_json::from_value(first.clone()).unwrap();
                out.push(Breach {
                    path: at.clone(),
                    value: Some(toml::Value::Array(vec![first; copies])),
                });
            }
        } else {
            for value in bad_values(sub) {
                out.push(Breach {
                    path: at.clone(),
                    value: Some(value),
                });
            }
        }
    }
}

/// `table` with `breach` made in it (tables it goes through made as needed).
fn breached(mut table: toml::Table, breach: &Breach) -> toml::Table {
    let (last, through) = breach.path.split_last().unwrap();
    let mut here = &mut table;
    let mut steps = through.iter().peekable();
    while let Some(step) = steps.next() {
        let Step::Key(key) = step else {
            unreachable!("an index follows a key")
        };
        let value = here
            .entry(key.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        here = match (value, steps.peek()) {
            (toml::Value::Array(items), Some(Step::Index(i))) => {
                steps.next();
                items[*i].as_table_mut().unwrap()
            }
            (value, _) => value.as_table_mut().unwrap(),
        };
    }
    let Step::Key(last) = last else {
        unreachable!("a path ends at a key")
    };
    match &breach.value {
        Some(value) => {
            here.insert(last.clone(), value.clone());
        }
        None => {
            here.remove(last);
        }
    }
    table
}

/// The first shipped deck (by path) whose `template` is the card template
/// `rel` (a path from the project's root), as a path from the root.
fn deck_naming(rel: &str) -> String {
    shipped_files()
        .into_iter()
        .filter(|(_, kind)| kind == "card-deck")
        .find(|(path, _)| {
            let deck: toml::Table = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            let named = path.parent().unwrap().join(deck["template"].as_str().unwrap());
            std::path::absolute(&named).ok().map(|p| normalised(&p)) == Some(shipped(rel))
        })
        .map(|(path, _)| {
            path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .unwrap_or_else(|| panic!("no shipped deck names {rel}"))
}

/// `path` with each `..` taken back.
fn normalised(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[test]
fn what_a_schema_refuses_the_loader_refuses_at_the_same_key() {
    // One shipped file of each kind (the first, by path), and the template,
    // loaded through the deck that uses it.
    const DECK: &str = "layouts/league/deck.toml";
    let without_photos = replace_line(&project_file(DECK), "photos =", "photos = \"no-photos\"");
    let mut seen = std::collections::BTreeSet::new();
    let mut tried = 0;
    let mut wrong = Vec::new();
    for (path, name) in shipped_files() {
        // Every card template and deck: a player's and a generic one read
        // different keys.
        let each = [CARD_TEMPLATE_SCHEMA, "card-deck"].contains(&name.as_str());
        if !seen.insert(name.clone()) && !each {
            continue;
        }
        let rel = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .to_string_lossy()
            .into_owned();
        // A template is read where a deck names it.
        // The game file is read by its game's rule sheets.
        let (loaded, at) = if name == CARD_TEMPLATE_SCHEMA {
            let deck = deck_naming(&rel);
            let dir = Path::new(&deck).parent().unwrap().to_string_lossy().into_owned();
            (deck, format!("{dir}/../../{rel}"))
        } else if name == pitchprint::game::SCHEMA {
            (rel.replace(pitchprint::game::FILE, "rules.toml"), rel.clone())
        } else {
            (rel.clone(), rel.clone())
        };
        let text = project_file(&rel);
        let schema = schema(&name);
        let mut found = Vec::new();
        breaches(&schema, Some(&as_json(&text)), &[], &mut found);
        for breach in found {
            let key = dotted(&breach.path);
            let broken = toml::to_string(&breached(toml::from_str(&text).unwrap(), &breach)).unwrap();
            let doc = as_json(&broken);
            assert!(
                !violations(&schema, &doc).is_empty(),
                "{rel}: the schema takes {key} = {:?}",
                breach.value
            );
            // Only a breach of the deck itself is loaded with the deck's
            // photos: a file that reaches the deck (its card template, the
            // league's mat) gets the deck with an empty photo folder, every
            // card a silhouette and a warning, the errors the same. Each
            // load decoded the 160 photos strictly, most of this test's time.
            let mut world = Overlay::new(&Disk).with(shipped(&at), broken.clone());
            if rel != DECK {
                world = world.with(shipped(DECK), without_photos.clone());
            }
            let errors: Vec<Finding> = match Pipeline::new(&world).load(&shipped(&loaded), &Overrides::default()) {
                Ok(_) => Vec::new(),
                Err(findings) => findings.into_iter().filter(|f| f.is_error()).collect(),
            };
            // At the key, or at a file it names with a note at the key.
            let at_key = |k: Option<&str>| {
                k.is_some_and(|k| k == key || k.starts_with(&format!("{key}[")) || k.starts_with(&format!("{key}.")))
            };
            let blamed = |f: &Finding| {
                let here = f.location.file.ends_with(&rel);
                (here && (breach.value.is_none() || at_key(f.location.key.as_deref())))
                    || f.notes
                        .iter()
                        .any(|n| n.location.file.ends_with(&rel) && at_key(n.location.key.as_deref()))
            };
            tried += 1;
            if !errors.iter().any(blamed) {
                wrong.push(format!(
                    "{rel}: {key} = {:?}: {}",
                    breach
                        .value
                        .as_ref()
                        .map(|v| v.to_string().chars().take(40).collect::<String>()),
                    if errors.is_empty() {
                        "loaded".to_string()
                    } else {
                        errors.iter().map(|f| f.to_string()).collect::<Vec<_>>().join(" | ")
                    }
                ));
            }
        }
    }
    assert!(tried > 500, "the breaches tried ({tried})");
    assert!(
        wrong.is_empty(),
        "{} of {tried} breaches the loader does not refuse at their key:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn a_schemas_defaults_are_the_ones_its_kind_loads() {
    // `pitchprint new` writes every key at the default the loader gives it;
    // an editor shows the schema's. They must be the same: a counter sheet
    // prints no backs by default, whatever the [print] table's own default.
    let dir = crate::common::TestDir::new("schema-defaults");
    let mut compared = 0;
    for kind in registry::kinds() {
        let file = dir.path().join(format!("{kind}.toml"));
        let run = crate::common::run_in(dir.path(), &["new", kind, file.to_str().unwrap()]);
        run.expect_code(0);
        let written: toml::Table = toml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let schema = schema(kind);
        for (table, keys) in written.iter().filter_map(|(t, v)| v.as_table().map(|k| (t, k))) {
            for (key, value) in keys {
                let Some(default) = schema["properties"][table]["properties"][key].get("default") else {
                    continue;
                };
                let same = match (value, default) {
                    (toml::Value::Float(f), d) => d.as_f64().is_some_and(|d| (d - f).abs() < 1e-9),
                    (toml::Value::Integer(i), d) => d.as_f64().is_some_and(|d| (d - *i as f64).abs() < 1e-9),
                    (v, d) => serde_json::to_value(v).unwrap() == *d,
                };
                assert!(
                    same,
                    "{kind}: {table}.{key} loads as {value}, the schema says {default}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 200, "{compared} defaults compared");
}
