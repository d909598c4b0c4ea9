//! Rules for banknotes, read from the scene: every note carries its serial
//! number twice, and no two notes of the print run share one.

use std::collections::BTreeMap;

use crate::components::banknotes::layout::Note;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::source::Source;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Checks the serial numbers of a run.
pub fn check(source: &Source, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    for page in &doc.pages {
        for item in &page.items {
            let (Tag::ItemFront { index }, Shape::Group { items, .. }) = (&item.tag, &item.shape) else {
                continue;
            };
            let serials: Vec<&str> = items
                .iter()
                .filter(|i| i.tag == Tag::Serial)
                .filter_map(|i| {
                    if let Shape::Text(run) = &i.shape {
                        Some(run.text.as_str())
                    } else {
                        None
                    }
                })
                .collect();
            if serials.len() != 2 || serials[0] != serials[1] {
                out.push(
                    Finding::error(
                        Code::NoteSerial,
                        format!(
                            "note {} carries {} serial number(s) that do not match",
                            index + 1,
                            serials.len()
                        ),
                        source.locate(Note::KEY.serial_prefix),
                    )
                    .with_hint("this is a bug in the banknotes, not in the layout"),
                );
                continue;
            }
            if let Some(first) = seen.insert(serials[0].to_string(), *index) {
                out.push(
                    Finding::error(
                        Code::NoteSerial,
                        format!("notes {} and {} share the serial {}", first + 1, index + 1, serials[0]),
                        source.locate(Note::KEY.serial_prefix),
                    )
                    .with_hint("every note of a print run needs its own serial number"),
                );
            }
        }
    }
    out
}
