//! A layout file's text with the span of every key, so that any value can be
//! blamed on its file, line, column and key.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};

/// A layout file's text and the spans of its keys.
#[derive(Clone, Debug)]
pub struct Source {
    /// The path as the user gave it (findings print it as is).
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// Every dotted key (`board.pitch`, `goals[1]`) and the byte span of its value.
    spans: BTreeMap<String, KeySpan>,
    /// Values the layout takes from the printer profile
    /// ([`crate::layout::profile`]): each key's value and where it is written.
    inherited: BTreeMap<String, (Location, toml::Value)>,
}

#[derive(Clone, Debug)]
struct KeySpan {
    key: Range<usize>,
    value: Range<usize>,
}

impl Source {
    /// Parses `text` as TOML and indexes its keys; a syntax error is a finding.
    pub fn parse(path: &Path, text: String) -> Result<Source, Vec<Finding>> {
        let mut spans = BTreeMap::new();
        match toml::de::DeTable::parse(&text) {
            Ok(root) => index_table(root.get_ref(), "", &mut spans),
            Err(e) => {
                let mut loc = Location::file(path);
                if let Some(span) = e.span() {
                    let (line, col) = line_col(&text, span.start);
                    loc.line = Some(line);
                    loc.column = Some(col);
                    loc.span = Some(span);
                }
                return Err(vec![
                    Finding::error(
                        Code::LayoutSyntax,
                        format!("this is not valid TOML: {}", first_line(e.message())),
                        loc,
                    )
                    .with_hint("check quotes, brackets and `key = value` pairs near this place"),
                ]);
            }
        }
        Ok(Source {
            path: path.to_path_buf(),
            text,
            spans,
            inherited: BTreeMap::new(),
        })
    }

    /// Takes `key`'s value from another file (the printer profile): the
    /// layout uses `value`, and a finding about the key is placed at `at`.
    pub fn inherit(&mut self, key: &str, at: Location, value: toml::Value) {
        self.inherited.insert(key.to_string(), (at, value));
    }

    /// The value `key` takes from another file ([`Source::inherit`]), read
    /// as `T`; a value of the wrong type is an error at it.
    pub fn inherited<T: DeserializeOwned>(&self, key: &str) -> Option<Result<T, Finding>> {
        let (at, value) = self.inherited.get(key)?;
        Some(value.clone().try_into::<T>().map_err(|e| {
            Finding::error(Code::LayoutValue, serde_words(first_line(&e.to_string())), at.clone())
                .with_hint("see the layouts under layouts/ for the form of this key")
        }))
    }

    /// The text of `key`'s value as written, quotes taken off a string.
    pub fn value_text(&self, key: &str) -> Option<&str> {
        let span = self.spans.get(key)?;
        Some(self.text.get(span.value.clone())?.trim_matches('"'))
    }

    /// The location of `key`'s value (or of the file, when the key is absent and
    /// the default was used; or of the printer profile's line, when the value
    /// comes from there).
    pub fn locate(&self, key: &str) -> Location {
        // `print.back_offset[0]` and `print.back_offset.portrait[1]` are
        // part of `print.back_offset`.
        let inside = |whole: &str| {
            key.strip_prefix(whole)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('.') || rest.starts_with('['))
        };
        if let Some((at, _)) = self.inherited.iter().find(|(k, _)| inside(k)).map(|(_, v)| v) {
            let mut loc = at.clone();
            loc.key = Some(key.to_string());
            return loc;
        }
        let mut loc = Location::file(&self.path);
        loc.key = Some(key.to_string());
        if let Some(span) = self.spans.get(key) {
            let (line, col) = line_col(&self.text, span.value.start);
            loc.line = Some(line);
            loc.column = Some(col);
            loc.span = Some(span.value.clone());
        }
        loc
    }

    /// Whether the file sets `key` itself (rather than taking the default).
    pub fn has_key(&self, key: &str) -> bool {
        self.spans.contains_key(key)
    }

    /// The dotted key whose key or value span best holds the byte range `at`.
    fn key_at(&self, at: &Range<usize>) -> Option<&str> {
        self.spans
            .iter()
            .filter(|(_, s)| {
                (s.key.start <= at.start && at.end <= s.key.end) || (s.value.start <= at.start && at.end <= s.value.end)
            })
            .min_by_key(|(_, s)| (s.value.end - s.value.start) + (s.key.end - s.key.start))
            .map(|(k, _)| k.as_str())
    }

    /// Deserialises the whole file into `T`, turning serde's complaint into a
    /// finding with a code, the key and a hint. The first complaint stops
    /// it: for a layout, [`Source::read_layout`] reports them all.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, Vec<Finding>> {
        toml::from_str::<T>(&self.text).map_err(|e| vec![self.serde_finding(&e)])
    }

    /// Reads a layout into `T` without its `kind` (which the pipeline has
    /// read already), reporting every key serde refuses, not just the
    /// first: each refused key (a wrong type, an unknown key) is a finding
    /// and is then taken out, so that its default stands in and the next
    /// one is found. `T` comes back with the findings when the rest reads;
    /// `None` when something cannot stand in (a key with no default is
    /// missing, the file's shape is wrong where no key can be blamed).
    pub fn read_layout<T: DeserializeOwned>(&self) -> (Option<T>, Vec<Finding>) {
        self.read_leniently(&[KIND])
    }

    /// [`Source::read_layout`] for a file with no `kind` (a card template),
    /// or with `without` as the root keys to take out before reading.
    pub fn read_leniently<T: DeserializeOwned>(&self, without: &[&str]) -> (Option<T>, Vec<Finding>) {
        let mut findings: Vec<Finding> = Vec::new();
        let Ok(parsed) = toml::de::DeTable::parse(&self.text) else {
            // `Source::parse` has parsed it once: this cannot happen, and a
            // strict read says what is wrong if it does.
            return match self.deserialize::<T>() {
                Ok(value) => (Some(value), findings),
                Err(found) => (None, found),
            };
        };
        let span = parsed.span();
        let mut root = parsed.into_inner();
        for key in without {
            root.remove(*key);
        }
        // The keys taken out so far, by their last name: a key with no
        // default taken out for its wrong type is then missing, which is
        // the same mistake and said once.
        let mut taken: Vec<String> = Vec::new();
        // Every round takes one key out, so the file's key count bounds it.
        for _ in 0..=self.spans.len() {
            let whole = toml::Spanned::new(span.clone(), root.clone());
            let error = match T::deserialize(toml::de::Deserializer::from(whole)) {
                Ok(value) => {
                    // serde meets the keys in its own order: say them in the file's.
                    findings.sort_by_key(|f| (f.location.line, f.location.column));
                    return (Some(value), findings);
                }
                Err(e) => e,
            };
            let finding = self.serde_finding(&error);
            if let Some(missing) = missing_field(&error)
                && taken.iter().any(|t| t == missing)
            {
                return (None, findings);
            }
            let path = error.span().map(|at| path_to(&root, &at)).unwrap_or_default();
            let removable = finding.code != Code::LayoutMissingKey && remove_key(&mut root, &path);
            findings.push(finding);
            if !removable {
                return (None, findings);
            }
            if let Some(PathStep::Key(name)) = path.iter().rev().find(|s| matches!(s, PathStep::Key(_))) {
                taken.push(name.clone());
            }
        }
        (None, findings)
    }

    /// A finding for serde's complaint about this file.
    pub fn serde_finding(&self, e: &toml::de::Error) -> Finding {
        let msg = first_line(e.message()).to_string();
        let mut loc = Location::file(&self.path);
        if let Some(span) = e.span() {
            let (line, col) = line_col(&self.text, span.start);
            loc.line = Some(line);
            loc.column = Some(col);
            loc.key = self.key_at(&span).map(str::to_string);
            loc.span = Some(span);
        }
        if let Some(rest) = msg.strip_prefix("unknown field ") {
            // serde says: unknown field `x`, expected one of `a`, `b`
            let (name, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
            let hint = if expected.is_empty() {
                "remove it".to_string()
            } else {
                format!(
                    "remove it or use one of the known keys: {}",
                    expected.trim_start_matches("one of ")
                )
            };
            return Finding::error(Code::LayoutUnknownKey, format!("unknown key {name}"), loc).with_hint(hint);
        }
        if let Some(rest) = msg.strip_prefix("missing field ") {
            return Finding::error(Code::LayoutMissingKey, format!("missing key {rest}"), loc)
                .with_hint("add it; the shipped layouts under layouts/ show every key with its default");
        }
        Finding::error(Code::LayoutValue, serde_words(&msg), loc)
            .with_hint("see the shipped layouts under layouts/ for the expected form of this key")
    }
}

/// serde's complaint in the words of a layout's author: `invalid type:
/// string "big", expected f64` becomes `this is the text "big"; it must be a
/// number such as 12.5`. What it does not know is passed on as it is.
pub fn serde_words(msg: &str) -> String {
    let Some((got, want)) = msg.split_once(", expected ") else {
        return msg.to_string();
    };
    let got = got
        .trim_start_matches("invalid type: ")
        .trim_start_matches("invalid value: ")
        .trim_start_matches("invalid length ");
    let got = if let Some(text) = got.strip_prefix("string ") {
        format!("the text {text}")
    } else if let Some(n) = got.strip_prefix("floating point ").or(got.strip_prefix("integer ")) {
        format!("the number {}", n.trim_matches('`'))
    } else if let Some(b) = got.strip_prefix("boolean ") {
        b.trim_matches('`').to_string()
    } else {
        match got {
            "sequence" => "a list".to_string(),
            "map" => "a table".to_string(),
            other if other.chars().all(|c| c.is_ascii_digit()) => format!("a list of {other}"),
            other => other.to_string(),
        }
    };
    let want = match want {
        "f64" | "f32" => "a number such as 12.5".to_string(),
        "i64" | "i32" | "i16" | "i8" | "u64" | "u32" | "u16" | "u8" | "usize" => "a whole number such as 3".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" => "text in quotes".to_string(),
        "a sequence" => "a list in brackets, such as [1, 2]".to_string(),
        w if w.starts_with("an array of length ") => {
            format!("a list of {} in brackets", w.trim_start_matches("an array of length "))
        }
        w if w.starts_with("struct ") || w == "a map" => "a table".to_string(),
        w => w.to_string(),
    };
    format!("this is {got}; it must be {want}")
}

/// The first line of a message.
fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("").trim()
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, before[line_start..].chars().count() + 1)
}

fn index_table(table: &toml::de::DeTable<'_>, prefix: &str, out: &mut BTreeMap<String, KeySpan>) {
    for (k, v) in table.iter() {
        let path = if prefix.is_empty() {
            k.get_ref().to_string()
        } else {
            format!("{prefix}.{}", k.get_ref())
        };
        index_value(v, &path, k.span(), out);
    }
}

fn index_value(
    v: &toml::Spanned<toml::de::DeValue<'_>>,
    path: &str,
    key: Range<usize>,
    out: &mut BTreeMap<String, KeySpan>,
) {
    out.insert(
        path.to_string(),
        KeySpan {
            key: key.clone(),
            value: v.span(),
        },
    );
    match v.get_ref() {
        toml::de::DeValue::Table(t) => index_table(t, path, out),
        toml::de::DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                index_value(item, &format!("{path}[{i}]"), item.span(), out);
            }
        }
        _ => {}
    }
}

/// The root key that names a layout's kind, which every layout opens with.
pub const KIND: &str = "kind";

/// One step into a TOML document: a table's key or an array's element.
#[derive(Clone, Debug, PartialEq)]
enum PathStep {
    Key(String),
    Index(usize),
}

/// The name of the field serde says is missing, from its message.
fn missing_field(e: &toml::de::Error) -> Option<&str> {
    let rest = first_line(e.message()).strip_prefix("missing field `")?;
    rest.split('`').next()
}

/// The steps to the deepest key or element whose key or value holds the
/// byte range `at`. Every table is searched, not only those whose span
/// holds `at`: a `[table]`'s span is its header, not its keys.
fn path_to(table: &toml::de::DeTable<'_>, at: &Range<usize>) -> Vec<PathStep> {
    let holds = |s: Range<usize>| s.start <= at.start && at.end <= s.end;
    for (k, v) in table.iter() {
        let inner = path_in(v.get_ref(), at);
        if !inner.is_empty() || holds(k.span()) || holds(v.span()) {
            let mut path = vec![PathStep::Key(k.get_ref().to_string())];
            path.extend(inner);
            return path;
        }
    }
    Vec::new()
}

fn path_in(value: &toml::de::DeValue<'_>, at: &Range<usize>) -> Vec<PathStep> {
    match value {
        toml::de::DeValue::Table(t) => path_to(t, at),
        toml::de::DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let s = item.span();
                let inner = path_in(item.get_ref(), at);
                if !inner.is_empty() || (s.start <= at.start && at.end <= s.end) {
                    let mut path = vec![PathStep::Index(i)];
                    path.extend(inner);
                    return path;
                }
            }
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// Takes out the key `path` ends in (an element of a list takes its whole
/// list out: the list's default stands in, rather than a shorter list whose
/// elements have moved). Whether there was a key to take out.
fn remove_key(root: &mut toml::de::DeTable<'_>, path: &[PathStep]) -> bool {
    let Some(last_key) = path.iter().rposition(|s| matches!(s, PathStep::Key(_))) else {
        return false;
    };
    let (to_table, name) = (&path[..last_key], &path[last_key]);
    let PathStep::Key(name) = name else { return false };
    let mut table = root;
    let mut steps = to_table.iter().peekable();
    while let Some(step) = steps.next() {
        let PathStep::Key(k) = step else { return false };
        let mut value = match table.get_mut(k.as_str()) {
            Some(v) => v.get_mut(),
            None => return false,
        };
        // An array of tables: into the element the next step names.
        while let Some(PathStep::Index(i)) = steps.peek() {
            steps.next();
            value = match value {
                toml::de::DeValue::Array(items) => match items.get_mut(*i) {
                    Some(item) => item.get_mut(),
                    None => return false,
                },
                _ => return false,
            };
        }
        table = match value {
            toml::de::DeValue::Table(t) => t,
            _ => return false,
        };
    }
    table.remove(name.as_str()).is_some()
}

/// The `kind = "..."` a layout declares; `kinds` lists the known ones for hints.
pub fn kind_of(source: &Source, kinds: &[&str]) -> Result<String, Vec<Finding>> {
    #[derive(serde::Deserialize)]
    struct KindOnly {
        kind: Option<toml::Value>,
    }
    let k: KindOnly = toml::from_str(&source.text).map_err(|e| vec![source.serde_finding(&e)])?;
    match k.kind {
        Some(toml::Value::String(s)) => Ok(s),
        Some(_) => Err(vec![
            Finding::error(Code::LayoutKind, "`kind` must be a string", source.locate(KIND))
                .with_hint(format!("kind must be one of: {}", kinds.join(", "))),
        ]),
        None => Err(vec![
            Finding::error(
                Code::LayoutKind,
                "the layout does not say what it describes",
                Location::file(&source.path),
            )
            .with_hint(format!(
                "add a line `kind = \"...\"` at the top, one of: {}",
                kinds.join(", ")
            )),
        ]),
    }
}
