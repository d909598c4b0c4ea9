//! A JSON Schema validator for the part of draft 7 that `schemas/` uses:
//! `type`, `enum`, `const`, `minimum`, `maximum`, `exclusiveMinimum`,
//! `maxLength`, `pattern`, `items` (one schema, or a tuple), `minItems`,
//! `maxItems`, `properties`, `required`, `additionalProperties`,
//! `anyOf` and `oneOf`, read as the specification says. A schema that uses any other
//! keyword is refused (the test fails), so that a keyword this validator
//! does not know can never pass unchecked.
//!
//! Why not the `jsonschema` crate: as a dev-dependency it changed the
//! features of crates the program shares with it, so `cargo test --release`
//! rebuilt printpdf, image, lopdf and 45 more after `cargo run --release`
//! (3 min 41 s of the README's two commands, against 51 s without it).

use serde_json::Value;

/// Keywords that say nothing about validity.
const ANNOTATIONS: [&str; 5] = ["$schema", "title", "description", "default", "examples"];

/// Why `value` does not validate against `schema`, one line a violation
/// with its place (`/page/paper`); empty when it does.
pub fn violations(schema: &Value, value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    check(schema, value, "", &mut out);
    out
}

fn check(schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        match schema {
            Value::Bool(true) => {}
            Value::Bool(false) => out.push(format!("{at}: nothing is allowed here")),
            other => panic!("not a schema at {at}: {other}"),
        }
        return;
    };
    for (keyword, rule) in schema {
        let k = keyword.as_str();
        if ANNOTATIONS.contains(&k) {
            continue;
        }
        let fail = |out: &mut Vec<String>, why: String| out.push(format!("{at}: {value} {why}"));
        match k {
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().map(|t| t.as_str().expect("a type name")).collect(),
                    other => panic!("type at {at}: {other}"),
                };
                if !types.iter().any(|t| is_type(value, t)) {
                    fail(out, format!("is not of type {types:?}"));
                }
            }
            "enum" => {
                if !rule.as_array().expect("enum is a list").iter().any(|v| equal(v, value)) {
                    fail(out, format!("is not one of {rule}"));
                }
            }
            "const" => {
                if !equal(rule, value) {
                    fail(out, format!("is not {rule}"));
                }
            }
            "minimum" | "maximum" | "exclusiveMinimum" => {
                let (Some(limit), Some(v)) = (rule.as_f64(), value.as_f64()) else {
                    continue;
                };
                let ok = match k {
                    "minimum" => v >= limit,
                    "maximum" => v <= limit,
                    _ => v > limit,
                };
                if !ok {
                    fail(out, format!("is past {k} {limit}"));
                }
            }
            "maxLength" => {
                let (Some(max), Some(s)) = (rule.as_u64(), value.as_str()) else {
                    continue;
                };
                if s.chars().count() as u64 > max {
                    fail(out, format!("is longer than {max} characters"));
                }
            }
            "pattern" => {
                let Some(s) = value.as_str() else { continue };
                let re = regex_lite::Regex::new(rule.as_str().expect("a pattern")).expect("the pattern compiles");
                if !re.is_match(s) {
                    fail(out, format!("does not match {rule}"));
                }
            }
            "minItems" | "maxItems" => {
                let (Some(n), Some(items)) = (rule.as_u64(), value.as_array()) else {
                    continue;
                };
                let len = items.len() as u64;
                if (k == "minItems" && len < n) || (k == "maxItems" && len > n) {
                    fail(out, format!("has {len} items, {k} {n}"));
                }
            }
            "items" => {
                let Some(items) = value.as_array() else { continue };
                match rule {
                    // A tuple: each item its own schema; items past them are
                    // free (draft 7's additionalItems, which schemas/ leaves out).
                    Value::Array(each) => {
                        for (i, (s, v)) in each.iter().zip(items).enumerate() {
                            check(s, v, &format!("{at}/{i}"), out);
                        }
                    }
                    one => {
                        for (i, v) in items.iter().enumerate() {
                            check(one, v, &format!("{at}/{i}"), out);
                        }
                    }
                }
            }
            "required" => {
                let Some(object) = value.as_object() else { continue };
                for name in rule.as_array().expect("required is a list") {
                    let name = name.as_str().expect("a key");
                    if !object.contains_key(name) {
                        fail(out, format!("lacks the required key {name}"));
                    }
                }
            }
            "properties" => {
                let Some(object) = value.as_object() else { continue };
                let properties = rule.as_object().expect("properties is an object");
                for (name, v) in object {
                    if let Some(s) = properties.get(name) {
                        check(s, v, &format!("{at}/{name}"), out);
                    }
                }
            }
            "additionalProperties" => {
                let Some(object) = value.as_object() else { continue };
                let known = schema.get("properties").and_then(Value::as_object);
                for (name, v) in object {
                    if !known.is_some_and(|p| p.contains_key(name)) {
                        check(rule, v, &format!("{at}/{name}"), out);
                    }
                }
            }
            "oneOf" => {
                let options = rule.as_array().expect("oneOf is a list");
                let matching = options.iter().filter(|s| violations(s, value).is_empty()).count();
                if matching != 1 {
                    fail(out, format!("matches {matching} of oneOf, not exactly one"));
                }
            }
            "anyOf" => {
                let options = rule.as_array().expect("anyOf is a list");
                if !options.iter().any(|s| violations(s, value).is_empty()) {
                    fail(out, "matches none of anyOf".to_string());
                }
            }
            other => panic!("the schema at {at} uses `{other}`, which this validator does not know: teach it"),
        }
    }
}

// JSON compares numbers exactly: 1 is 1.0, and 1.5 is no integer.
#[allow(clippy::float_cmp)]
fn is_type(value: &Value, t: &str) -> bool {
    match t {
        "string" => value.is_string(),
        "number" => value.is_number(),
        // A number with no fractional part is an integer (1.0 included).
        "integer" => value.as_f64().is_some_and(|f| f.fract() == 0.0),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        other => panic!("unknown type {other}"),
    }
}

/// JSON equality, numbers by value (1 and 1.0 are equal).
#[allow(clippy::float_cmp)]
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}
