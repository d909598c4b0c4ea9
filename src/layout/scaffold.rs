//! A layout written out whole, for `pitchprint new`: every key of a kind
//! with its documentation as a `#` comment and its default value.
//!
//! Nothing here is typed twice. The keys of a table, their documentation,
//! hints and defaults come from its [`section!`](crate::section)
//! declaration; the defaults a kind gives a shared table (a deck's `[print]`
//! is not a slip sheet's) are read by the loader itself, from a file holding
//! only the keys that must be written ([`Scaffold::defaults`]); and the keys
//! at the top of the file are checked against the ones serde reads
//! ([`Scaffold::undeclared`]), so that a key added to a layout and not to its
//! scaffold fails a test.

use std::path::Path;

use serde::de::{self, DeserializeOwned, Visitor};

use crate::input::source::KIND;
use crate::input::world::World;

/// What `pitchprint new` is asked for, besides the kind.
pub struct Ask<'a> {
    /// Where the layout will be written: paths in it are relative to its folder.
    pub layout: &'a Path,
    /// A spreadsheet whose header a card deck maps its columns from.
    pub from: Option<&'a Path>,
    /// Where files are read.
    pub world: &'a dyn World,
}

/// How a key is written.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// Its default value.
    Value(toml::Value),
    /// A value the layout must write: a placeholder (or an example, where
    /// one fits) and a comment saying so.
    Required(Option<toml::Value>),
    /// A key with no default that may be left out: written commented out.
    Unset,
    /// A table of its own (a nested section), written under the key.
    Table(Vec<Key>),
    /// Tables the layout may repeat (`[[image]]`), none by default: an
    /// example written commented out, so that uncommenting it adds one (a
    /// live `image = []` would make the first `[[image]]` a duplicate key).
    Example(String),
}

impl Shown {
    /// `raw` as TOML, or [`Shown::Unset`] when it is nothing (`None`).
    pub fn of<T: serde::Serialize>(raw: &T) -> Shown {
        toml::Value::try_from(raw).map_or(Shown::Unset, Shown::Value)
    }
}

/// One key: its name, what it is for, and how it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    /// The TOML key.
    pub name: String,
    /// What it is for (the declaration's doc comment, one paragraph).
    pub doc: String,
    /// What a good value is (the declaration's hint), when it says more.
    pub hint: String,
    /// How it is written.
    pub shown: Shown,
    /// The unit of its numbers (`mm`, `pt`), said beside the value.
    pub unit: &'static str,
}

impl Key {
    /// A key from its declaration: `doc` is the doc comment's lines.
    pub fn new(name: &str, doc: &[&str], hint: &str, shown: Shown) -> Key {
        Key {
            name: name.to_string(),
            doc: plain_doc(doc),
            hint: hint.to_string(),
            shown,
            unit: "",
        }
    }

    /// The same key, its numbers in `unit`.
    pub fn in_unit(mut self, unit: &'static str) -> Key {
        self.unit = unit;
        self
    }
}

/// The doc comment's lines as one paragraph, without the links rustdoc
/// reads (`[`Foo`](crate::foo)` is `` `Foo` ``).
pub fn plain_doc(lines: &[&str]) -> String {
    let joined = lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(joined.len());
    let mut rest = joined.as_str();
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A section that can write its keys: implemented by every
/// [`section!`](crate::section) for its raw table.
pub trait Documented {
    /// The TOML table it is written under (empty at the root of the file or
    /// for an entry of an array of tables).
    const TABLE: &'static str;
    /// Every key with its value in `self`.
    fn scaffold_keys(&self) -> Vec<Key>;
}

/// A table of the file: `[name]`, or one `[[name]]` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Its dotted name.
    pub name: String,
    /// A comment above it.
    pub doc: String,
    /// Its keys.
    pub keys: Vec<Key>,
    /// Whether it is an entry of an array of tables.
    pub entry: bool,
}

/// A whole layout of one kind, ready to be written.
#[derive(Clone, Debug)]
pub struct Scaffold {
    /// The kind.
    pub kind: String,
    /// What the layout makes, for the comment at the top.
    pub about: String,
    /// The keys at the top of the file.
    pub root: Vec<Key>,
    /// The tables, in order.
    pub tables: Vec<Table>,
    /// Lines of comment at the end of the file.
    pub notes: Vec<String>,
    /// What was read from the spreadsheet `--from` names, in a line; `None`
    /// when the kind reads none.
    pub from: Option<String>,
    /// Files written beside the layout, which it names: (file name, text).
    pub companions: Vec<(String, String)>,
    /// Keys (`page.paper`) written commented out, so that the printer
    /// profile (`pitchprint.toml`) gives them: a live value would override it.
    pub lent: Vec<String>,
    /// The top-level keys the kind's raw layout reads, as serde names them.
    fields: Vec<&'static str>,
    /// For tables that are no section: the keys serde reads in them, by table.
    table_fields: Vec<(String, Vec<&'static str>)>,
}

impl Scaffold {
    /// The scaffold of `kind`, whose file serde reads as `Raw`.
    pub fn new<Raw: DeserializeOwned>(kind: &str, about: &str) -> Scaffold {
        Scaffold {
            kind: kind.to_string(),
            about: about.to_string(),
            root: Vec::new(),
            tables: Vec::new(),
            notes: Vec::new(),
            from: None,
            companions: Vec::new(),
            lent: Vec::new(),
            // `kind` is read by the pipeline, not by the kind's `Raw`.
            fields: std::iter::once(KIND).chain(fields_of::<Raw>()).collect(),
            table_fields: Vec::new(),
        }
    }

    /// A key at the top of the file.
    pub fn key(mut self, name: &str, doc: &str, shown: Shown) -> Scaffold {
        self.root.push(Key::new(name, &[doc], "", shown));
        self
    }

    /// A key at the top of the file that must be written: `placeholder`
    /// stands for it.
    pub fn required(self, name: &str, doc: &str, placeholder: impl Into<toml::Value>) -> Scaffold {
        self.key(name, doc, Shown::Required(Some(placeholder.into())))
    }

    /// A section's table, its keys at the values `raw` holds.
    pub fn section<S: Documented>(mut self, raw: &S) -> Scaffold {
        self.tables.push(Table {
            name: S::TABLE.to_string(),
            doc: String::new(),
            keys: raw.scaffold_keys(),
            entry: false,
        });
        self
    }

    /// A table of the file, with a comment above it.
    pub fn table(mut self, name: &str, doc: &str, keys: Vec<Key>) -> Scaffold {
        self.tables.push(Table {
            name: name.to_string(),
            doc: doc.to_string(),
            keys,
            entry: false,
        });
        self
    }

    /// One `[[name]]` entry of an array of tables, with a comment above it.
    pub fn entry(mut self, name: &str, doc: &str, keys: Vec<Key>) -> Scaffold {
        self.tables.push(Table {
            name: name.to_string(),
            doc: doc.to_string(),
            keys,
            entry: true,
        });
        self
    }

    /// One `[[name]]` entry whose keys are no section's: serde's `T` reads
    /// it, and [`Scaffold::undeclared`] holds the keys written to the ones
    /// `T` reads.
    pub fn entry_of<T: DeserializeOwned>(mut self, name: &str, doc: &str, keys: Vec<Key>) -> Scaffold {
        self.table_fields.push((name.to_string(), fields_of::<T>()));
        self.entry(name, doc, keys)
    }

    /// A line of comment at the end of the file.
    pub fn note(mut self, line: &str) -> Scaffold {
        self.notes.push(line.to_string());
        self
    }

    /// The kind's raw layout as the loader reads a file holding only the
    /// required keys declared so far (and `kind`, which the pipeline reads):
    /// every other key at the default the loader gives it.
    pub fn defaults<Raw: DeserializeOwned>(&self) -> Result<Raw, String> {
        let mut table = toml::Table::new();
        for key in &self.root {
            if let Shown::Required(Some(v)) = &key.shown {
                table.insert(key.name.clone(), v.clone());
            }
        }
        table
            .try_into()
            .map_err(|e| format!("the {} scaffold's required keys do not load: {e}", self.kind))
    }

    /// The top-level keys serde reads that the scaffold does not write, and
    /// the ones it writes that serde does not read: both empty when the
    /// scaffold is whole.
    pub fn undeclared(&self) -> (Vec<String>, Vec<String>) {
        let written: Vec<&str> = std::iter::once(KIND)
            .chain(self.root.iter().map(|k| k.name.as_str()))
            .chain(self.tables.iter().map(|t| t.name.split('.').next().unwrap_or_default()))
            .collect();
        let unwritten: Vec<String> = self
            .fields
            .iter()
            .filter(|f| !written.contains(f))
            .map(|f| f.to_string())
            .collect();
        let mut unwritten: Vec<String> = unwritten;
        let mut unread: Vec<String> = written
            .iter()
            .filter(|w| !self.fields.contains(w))
            .map(|w| w.to_string())
            .collect();
        for (table, fields) in &self.table_fields {
            let keys: Vec<&str> = self
                .tables
                .iter()
                .filter(|t| &t.name == table)
                .flat_map(|t| t.keys.iter().map(|k| k.name.as_str()))
                .collect();
            unwritten.extend(
                fields
                    .iter()
                    .filter(|f| !keys.contains(f))
                    .map(|f| format!("{table}.{f}")),
            );
            unread.extend(
                keys.iter()
                    .filter(|k| !fields.contains(k))
                    .map(|k| format!("{table}.{k}")),
            );
        }
        (unwritten, unread)
    }

    /// The file: a comment on what it is, `kind`, the keys at the top, then
    /// each table.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for line in wrap(&self.about, "# ") {
            out.push_str(&line);
        }
        out.push_str("#\n");
        let written = format!(
            "Written by `pitchprint new {}`: every key is at its default; change what you need and delete the rest (a key left out takes the same default).",
            self.kind
        );
        for line in wrap(&written, "# ") {
            out.push_str(&line);
        }
        out.push_str(&format!("{KIND} = {}\n", toml::Value::String(self.kind.clone())));
        write_keys(&mut out, "", &self.root, &self.lent);
        for t in &self.tables {
            out.push('\n');
            for line in wrap(&t.doc, "# ") {
                out.push_str(&line);
            }
            if t.entry {
                out.push_str(&format!("[[{}]]\n", t.name));
            } else {
                out.push_str(&format!("[{}]\n", t.name));
            }
            write_keys(&mut out, &t.name, &t.keys, &self.lent);
        }
        if !self.notes.is_empty() {
            out.push('\n');
            for note in &self.notes {
                for line in wrap(note, "# ") {
                    out.push_str(&line);
                }
            }
        }
        out
    }
}

/// The keys of one table: values first, then the tables some keys are
/// (TOML puts a table's values before its subtables). A key of `lent` is
/// written commented out, its default shown, for the printer profile to set.
fn write_keys(out: &mut String, table: &str, keys: &[Key], lent: &[String]) {
    let (nested, plain): (Vec<&Key>, Vec<&Key>) = keys.iter().partition(|k| matches!(k.shown, Shown::Table(_)));
    for key in plain {
        write_comment(out, key);
        let unit = if key.unit.is_empty() {
            String::new()
        } else {
            format!("   # {}", key.unit)
        };
        let full = if table.is_empty() {
            key.name.clone()
        } else {
            format!("{table}.{}", key.name)
        };
        match &key.shown {
            Shown::Value(v) if lent.contains(&full) => out.push_str(&format!(
                "# {} = {v}   # left to pitchprint.toml (the printer profile); {v} without one\n",
                key.name
            )),
            Shown::Value(v) => out.push_str(&format!("{} = {v}{unit}\n", key.name)),
            Shown::Required(v) => {
                out.push_str("# Required: it has no default and must be set.\n");
                let shown = v.as_ref().map_or("\"\"".to_string(), |v| v.to_string());
                out.push_str(&format!("{} = {shown}{unit}\n", key.name));
            }
            Shown::Unset => out.push_str(&format!("# {} =   (optional: no default)\n", key.name)),
            Shown::Example(lines) => {
                for line in lines.lines() {
                    out.push_str(&format!("# {line}\n"));
                }
            }
            Shown::Table(_) => {}
        }
    }
    for key in nested {
        if let Shown::Table(keys) = &key.shown {
            let name = if table.is_empty() {
                key.name.clone()
            } else {
                format!("{table}.{}", key.name)
            };
            out.push('\n');
            for line in wrap(&key.doc, "# ") {
                out.push_str(&line);
            }
            out.push_str(&format!("[{name}]\n"));
            write_keys(out, &name, keys, lent);
        }
    }
}

/// A key's doc and hint as comment lines. A hint written for an error
/// message often opens by saying again what the key is ("the side of one
/// square in millimetres; 20 mm holds ..."): then only what follows its
/// first `;` is added to the doc.
fn write_comment(out: &mut String, key: &Key) {
    let mut text = key.doc.clone();
    let mut hint = key.hint.trim();
    let opening = |s: &str| -> Vec<String> { s.split_whitespace().take(2).map(str::to_lowercase).collect() };
    let first = hint.split(';').next().unwrap_or_default().trim();
    let first = first.strip_prefix(&format!("{} is ", key.name)).unwrap_or(first);
    if opening(hint) == opening(&key.doc) || key.doc.to_lowercase().contains(&first.to_lowercase()) {
        hint = hint.split_once(';').map_or("", |(_, rest)| rest.trim());
    }
    if !hint.is_empty() && !text.contains(hint) {
        let mut chars = hint.chars();
        let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
        text = format!("{text} {first}{}.", chars.as_str().trim_end_matches('.'));
    }
    for line in wrap(&text, "# ") {
        out.push_str(&line);
    }
}

/// `text` as lines of at most about 78 characters, each opening with
/// `prefix` and ending in a newline.
pub fn wrap(text: &str, prefix: &str) -> Vec<String> {
    const WIDTH: usize = 78;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && prefix.len() + line.chars().count() + 1 + word.chars().count() > WIDTH {
            lines.push(format!("{prefix}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(format!("{prefix}{line}\n"));
    }
    lines
}

/// The field names serde reads for the struct `T`, as its derived
/// `Deserialize` declares them: asked of a deserializer that answers
/// nothing but records them.
pub fn fields_of<T: DeserializeOwned>() -> Vec<&'static str> {
    match T::deserialize(FieldNames) {
        Err(Traced(fields)) => fields,
        Ok(_) => Vec::new(),
    }
}

/// A deserializer that stops at the first struct, with its field names.
struct FieldNames;

/// The field names a struct's `Deserialize` asked for (none for anything else).
#[derive(Debug)]
struct Traced(Vec<&'static str>);

impl std::fmt::Display for Traced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "fields {:?}", self.0)
    }
}

impl std::error::Error for Traced {}

impl de::Error for Traced {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Traced(Vec::new())
    }
}

impl<'de> de::Deserializer<'de> for FieldNames {
    type Error = Traced;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Traced> {
        Err(Traced(Vec::new()))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Traced> {
        Err(Traced(fields.to_vec()))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}
