//! A gang layout (`kind = "gang"`): the paper, and the layouts whose pages
//! share it, in the order they are stacked.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::components::load::References;
use crate::components::resolved::Loaded;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::section::Value;
use crate::layout::values::{Word, entries};
use crate::limits::MAX_ENTRIES;
use crate::print::PageSpec;

/// The key of the list of layouts that share the sheet.
pub const PARTS: &str = "parts";

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    /// The layouts whose pages share this sheet, relative to this file, top
    /// to bottom: each prints one page, one-sided.
    #[schemars(schema_with = "parts_schema")]
    parts: Vec<String>,
}

fn parts_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::layout::schema::list(Word::schema(g), MAX_ENTRIES)
}

/// One layout on the shared sheet.
#[derive(Clone, Debug)]
pub struct Part {
    /// As the gang names it (relative to the gang's file).
    pub name: String,
    /// Its key in the gang, `parts[i]`, for findings.
    pub key: String,
    /// The layout, loaded in the language and on the paper of the build.
    pub loaded: Loaded,
}

/// A resolved gang.
#[derive(Clone, Debug)]
pub struct Gang {
    /// Paper and margin of the shared sheet.
    pub page: PageSpec,
    /// The parts, top to bottom.
    pub parts: Vec<Part>,
    /// The small print for the margin: these parts print one-sided at 100 %.
    pub note: String,
}

/// Reads a `gang` layout and loads its parts.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<Gang, Vec<Finding>> {
    let page = r.page(&raw.page);
    if raw.parts.is_empty() {
        r.bad(
            PARTS,
            Code::LayoutValue,
            "a gang with no parts prints nothing".into(),
            "name the layouts that share the sheet: parts = [\"counters.toml\", \"dice.toml\"]",
        );
    }
    let mut parts = Vec::new();
    for (i, name) in entries(&mut r, PARTS, &raw.parts).iter().enumerate() {
        let key = format!("{PARTS}[{i}]");
        if let Some(loaded) = r.reference_as_built(&key, name) {
            parts.push(Part {
                name: name.clone(),
                key,
                loaded,
            });
        }
    }
    let note = r.text(PARTS, "@print.note_one_sided");
    r.finish(Gang { page, parts, note })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "A gang sheet: several layouts' pages printed together on one sheet, top to bottom.",
    )
    .required(
        "parts",
        "The layouts whose pages share the sheet, in the order they are stacked, relative to this file.",
        toml::Value::try_from(vec!["counters.toml", "dice.toml"]).map_err(|e| e.to_string())?,
    );
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page))
}
