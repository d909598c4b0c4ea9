//! JSON Schemas of the layouts and the card template, for editors (Taplo,
//! Even Better TOML): completion of every key, its words on hover, and a
//! squiggle under an unknown key, a wrong type or a value out of range.
//!
//! Nothing here is written by hand twice. serde reads a layout into the
//! structs its `section!` declarations and its kind's `Raw` struct declare;
//! the schema is derived from those same declarations: `schemars` derives it
//! for the hand-written structs from their serde attributes (renames,
//! defaults, `deny_unknown_fields`) and doc comments, and [`section!`](crate::section)
//! writes it for each section from its keys, their value types
//! ([`Value::schema`]), defaults, doc comments and hints. A key added to a
//! section is in the schema; the tests' `schemas` module fails while `schemas/` is
//! stale.
//!
//! The schemas are draft 7 (the newest Taplo and VS Code read), with every
//! table written out in place (no `$ref`), so that any tool reads them alone.
//! A schema accepts the canonical spellings: the loader also takes a choice
//! or a colour name in capitals, which the schema does not suggest.

pub use schemars;
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value as Json, json};

use crate::input::source::KIND;
use crate::layout::section::Value;

/// The generator every schema is made with: draft 7, tables in place.
pub fn generator() -> SchemaGenerator {
    let mut settings = SchemaSettings::draft07();
    settings.inline_subschemas = true;
    settings.into_generator()
}

/// The schema of a layout of `kind`, whose file serde reads as `T`: `kind`
/// must be that name, and every other key is `T`'s.
pub fn layout<T: JsonSchema>(kind: &str) -> Json {
    let mut root = file::<T>(&format!("pitchprint layout: {kind}"));
    root["properties"][KIND] = json!({
        "description": "The component this layout describes, which names its schema.",
        "type": "string",
        "const": kind,
    });
    // `kind` is read by the pipeline before the kind's own keys, and every
    // layout must say it.
    let required = root["required"].as_array().cloned().unwrap_or_default();
    root["required"] = std::iter::once(Json::from(KIND))
        .chain(required.into_iter().filter(|k| k != KIND))
        .collect();
    root
}

/// `schema` (a layout's) with the defaults of its table `table` as the
/// kind gives them: a kind whose `[print]` defaults differ from the
/// table's own (counters print no backs) says its own, as its loader reads.
pub fn with_defaults(mut schema: Json, table: &str, raw: &impl serde::Serialize) -> Json {
    if let (Ok(Json::Object(values)), Some(Json::Object(keys))) = (
        serde_json::to_value(raw),
        schema["properties"][table].get_mut("properties"),
    ) {
        for (key, value) in values {
            if let Some(Json::Object(key_schema)) = keys.get_mut(&key)
                && key_schema.contains_key("default")
            {
                key_schema.insert("default".into(), value);
            }
        }
    }
    schema
}

/// The schema of a whole file that serde reads as `T`, titled `title`.
pub fn file<T: JsonSchema>(title: &str) -> Json {
    let mut root = generator().into_root_schema_for::<T>().to_value();
    root["title"] = Json::from(title);
    tidy(&mut root);
    root
}

/// Takes `null` out of every type (TOML has no null, and a key left out is
/// what an `Option` stands for) and schemars' `format` of Rust's number
/// types (`double`, `uint`: no JSON Schema format, and the range says
/// more), and writes every description as [`words`], as the sections' are.
fn tidy(schema: &mut Json) {
    match schema {
        Json::Object(map) => {
            if map.get("format").is_some_and(|f| f.is_string()) && map.get("type").is_some() {
                map.remove("format");
            }
            if let Some(Json::String(description)) = map.get_mut("description") {
                *description = words(&[description.as_str()]);
            }
            if let Some(Json::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if let [one] = types.as_slice() {
                    let one = one.clone();
                    map.insert("type".into(), one);
                }
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Json::Array(options)) = map.get_mut(key) {
                    options.retain(|o| o.get("type").is_none_or(|t| t != "null"));
                }
            }
            map.values_mut().for_each(tidy);
        }
        Json::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// A doc comment as plain words: its lines joined, paragraphs kept, and
/// rustdoc's links written as their text.
pub fn words(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut blank = false;
    for line in lines.iter().flat_map(|l| l.lines()) {
        let line = line.trim();
        if line.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push_str("\n\n");
        } else if !out.is_empty() {
            out.push(' ');
        }
        blank = false;
        out.push_str(line);
    }
    unlink(&out)
}

/// `[`x`]` and `[`x`](path)` as `` `x` ``: an editor shows no rustdoc path.
fn unlink(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("[`") {
        let Some(close) = rest[open..].find("`]").map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close + 1]);
        rest = &rest[close + 2..];
        if rest.starts_with('(')
            && let Some(end) = rest.find(')')
        {
            rest = &rest[end + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// A section's own words: what its doc says of the table, without what the
/// validated struct is ("The sheet, validated." is "The sheet.").
fn table_words(lines: &[&str]) -> String {
    words(lines).replace(", validated", "").replace(", resolved", "")
}

/// One key of a section: its value type's schema, described by the key's
/// doc comment and the hint a bad value gets, with its default.
pub fn key<V: Value>(g: &mut SchemaGenerator, docs: &[&str], hint: &str, default: V::Raw) -> Schema {
    let mut schema = V::schema(g);
    schema.insert("description".into(), with_hint(&words(docs), hint).into());
    if let Ok(value) = serde_json::to_value(default)
        && !value.is_null()
    {
        schema.insert("default".into(), value);
    }
    schema
}

/// A key's words and, in brackets before the last full stop, the hint a bad
/// value gets, unless the words already say it: "The side of a box to
/// write a score in (mm; 8 to 12 mm)."
fn with_hint(words: &str, hint: &str) -> String {
    let said = words.to_lowercase();
    let hint = hint.trim().trim_end_matches('.');
    if hint.is_empty() || said.contains(&hint.to_lowercase()) {
        return words.to_string();
    }
    match words.strip_suffix('.') {
        Some(body) => format!("{body} ({hint})."),
        None => format!("{words} ({hint})"),
    }
}

/// A section's table: its keys in `keys` (name, required, schema), and no
/// other.
pub fn table(docs: &[&str], keys: Vec<(&str, bool, Schema)>) -> Schema {
    let required: Vec<&str> = keys.iter().filter(|(_, r, _)| *r).map(|(k, _, _)| *k).collect();
    let properties: Map<String, Json> = keys
        .into_iter()
        .map(|(k, _, s)| (k.to_string(), s.to_value()))
        .collect();
    let mut schema = json!({
        "type": "object",
        "description": table_words(docs),
        "properties": properties,
        "additionalProperties": false,
    });
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    Schema::try_from(schema).expect("an object is a schema")
}

/// A schema written as JSON.
fn schema(value: Json) -> Schema {
    Schema::try_from(value).expect("an object is a schema")
}

/// A number from `min` to `max`.
pub fn number(min: f64, max: f64) -> Schema {
    schema(json!({ "type": "number", "minimum": min, "maximum": max }))
}

/// A number above 0 and at most `max`.
pub fn positive(max: f64) -> Schema {
    schema(json!({ "type": "number", "exclusiveMinimum": 0.0, "maximum": max }))
}

/// Any number: the component holds it to the rest of the layout.
pub fn any_number() -> Schema {
    schema(json!({ "type": "number" }))
}

/// A whole number from `min` to `max`.
pub fn integer(min: i64, max: i64) -> Schema {
    schema(json!({ "type": "integer", "minimum": min, "maximum": max }))
}

/// Any whole number: the component holds it to the rest of the layout.
pub fn any_integer() -> Schema {
    schema(json!({ "type": "integer" }))
}

/// A string of at most `max` characters.
pub fn string(max: usize) -> Schema {
    schema(json!({ "type": "string", "maxLength": max }))
}

/// `true` or `false`.
pub fn boolean() -> Schema {
    schema(json!({ "type": "boolean" }))
}

/// One of `names`.
pub fn one_of<'a>(names: impl IntoIterator<Item = &'a str>) -> Schema {
    let names: Vec<&str> = names.into_iter().collect();
    schema(json!({ "type": "string", "enum": names }))
}

/// The hexadecimal colours [`Color::parse`](crate::color::Color::parse)
/// reads, `#rgb` and `#rrggbb`.
pub const HEX_COLOUR: &str = "#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}";

/// A colour: `#rrggbb`, `#rgb`, or one of `names` (`black`, `white`, `none`).
pub fn colour<'a>(names: impl IntoIterator<Item = &'a str>) -> Schema {
    let words: Vec<&str> = names.into_iter().collect();
    let pattern = format!("^({HEX_COLOUR}|{})$", words.join("|"));
    schema(json!({ "type": "string", "pattern": pattern, "examples": ["#2f6b35"] }))
}

/// `items` of one schema each, in order (`[width, height]`).
pub fn tuple(items: Vec<Schema>) -> Schema {
    let n = items.len();
    let items: Vec<Json> = items.into_iter().map(Schema::to_value).collect();
    schema(json!({ "type": "array", "items": items, "minItems": n, "maxItems": n }))
}

/// A value that is any one of `options` (the first that matches).
pub fn any_of(options: Vec<Schema>) -> Schema {
    let options: Vec<Json> = options.into_iter().map(Schema::to_value).collect();
    schema(json!({ "anyOf": options }))
}

/// A list of at most `max` items, each as `item`.
pub fn list(item: Schema, max: usize) -> Schema {
    schema(json!({ "type": "array", "items": item.to_value(), "maxItems": max }))
}

/// The schema of a value type, for a hand-written struct's field
/// (`#[schemars(schema_with = "value::<Word>")]`).
pub fn value<V: Value>(g: &mut SchemaGenerator) -> Schema {
    V::schema(g)
}

/// A schema of `T` written into a section's key (a table of the template).
pub fn of<T: JsonSchema>(g: &mut SchemaGenerator) -> Schema {
    g.subschema_for::<T>()
}
