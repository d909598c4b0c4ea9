//! Rules for a gang: every part keeps its own component's rules (checked on
//! the pages it composes alone), and a part shares a sheet only if it is one
//! one-sided page.

use crate::components::gang::layout::Gang;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::source::Source;
use crate::scene::page::Document;

/// Checks the parts.
pub fn check(source: &Source, gang: &Gang, _doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    for part in &gang.parts {
        let own = part.loaded.layout.compose();
        out.extend(part.loaded.layout.check(&part.loaded.source, &own));
        if own.pages.len() != 1 || own.duplex.is_some() {
            out.push(
                Finding::error(
                    Code::GangPart,
                    format!(
                        "{} prints {} page(s){}: only a one-sided, one-page layout can share a sheet",
                        part.name,
                        own.pages.len(),
                        if own.duplex.is_some() { " with backs" } else { "" }
                    ),
                    source.locate(&part.key),
                )
                .with_hint("print it on its own, or turn its backs off (`[print] duplex = \"none\"`)"),
            );
        }
    }
    out
}
