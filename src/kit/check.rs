//! The rules a kit holds, read from its pages and where each came from:
//! every layout of the game is in it, whole and in order; every page is on
//! the kit's paper; every two-sided part starts on the front of a sheet and
//! keeps each back right after its front.

use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::Size;

use super::assemble::{Kit, Origin};

/// How far a page may be off the paper's size: float noise, not a paper.
const TOLERANCE_MM: f64 = 0.01;

/// What to do about a kit that breaks a rule: nothing in the layouts makes
/// one, so it is the kit's assembly that went wrong.
const BUG_HINT: &str = "the kit is put together by pitchprint, not written by hand: report this with the game's layouts; the layouts' own files are right";

/// Every finding about `kit`.
pub fn check(kit: &Kit) -> Vec<Finding> {
    let mut out = present(kit);
    out.extend(paper(kit));
    out.extend(duplex(kit));
    out
}

/// Every layout of the game is in the kit, itself or on a shared sheet,
/// and each part's pages are all there, once each, in their order.
fn present(kit: &Kit) -> Vec<Finding> {
    let mut out = Vec::new();
    for layout in &kit.layouts {
        let found = kit
            .parts
            .iter()
            .any(|p| p.layout == *layout || p.prints.iter().any(|(l, _)| l == layout));
        if !found {
            out.push(
                Finding::error(
                    Code::KitPart,
                    format!("{} is not in the kit", layout.display()),
                    Location::file(layout),
                )
                .with_hint(BUG_HINT),
            );
        }
    }
    for (i, part) in kit.parts.iter().enumerate() {
        let held: Vec<usize> = kit
            .origins
            .iter()
            .filter_map(|o| match *o {
                Origin::Part { part, page } if part == i => Some(page),
                _ => None,
            })
            .collect();
        if held != (0..part.count).collect::<Vec<_>>() {
            out.push(
                Finding::error(
                    Code::KitPart,
                    format!(
                        "the kit holds {} of the {} pages of {}, not each once in order",
                        held.len(),
                        part.count,
                        part.layout.display()
                    ),
                    Location::file(&part.layout),
                )
                .with_hint(BUG_HINT),
            );
        }
    }
    out
}

/// Whether `size` is the paper's, either way round.
fn on_paper(size: Size, paper: Size) -> bool {
    let close = |a: Size, b: Size| (a.w.0 - b.w.0).abs() <= TOLERANCE_MM && (a.h.0 - b.h.0).abs() <= TOLERANCE_MM;
    close(size, paper) || close(size, paper.swapped())
}

/// The layout a page of the kit comes from, for a finding's location; the
/// cover's for a blank page.
fn source_of(kit: &Kit, index: usize) -> &Path {
    let part = match kit.origins.get(index) {
        Some(Origin::Part { part, .. }) => *part,
        _ => 0,
    };
    kit.parts.get(part).map_or(Path::new(""), |p| p.layout.as_path())
}

/// Every page is on the kit's paper.
fn paper(kit: &Kit) -> Vec<Finding> {
    let want = kit.paper.portrait();
    let mut out = Vec::new();
    for (i, page) in kit.doc.pages.iter().enumerate() {
        if on_paper(page.size, want) {
            continue;
        }
        out.push(
            Finding::error(
                Code::KitPaper,
                format!(
                    "page {} of the kit is {:.1} x {:.1} mm, not {} ({:.1} x {:.1} mm)",
                    i + 1,
                    page.size.w.0,
                    page.size.h.0,
                    kit.paper.name(),
                    want.w.0,
                    want.h.0
                ),
                Location::file(source_of(kit, i)),
            )
            .with_hint(BUG_HINT),
        );
    }
    out
}

/// Two-sided parts: each front on an odd page (counted from 1) with its
/// back right after it. One finding per part: a page out of place moves
/// every page after it.
fn duplex(kit: &Kit) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut reported = vec![false; kit.parts.len()];
    for (i, origin) in kit.origins.iter().enumerate() {
        let Origin::Part { part, page } = *origin else { continue };
        let Some(p) = kit.parts.get(part).filter(|p| p.duplex.is_some()) else {
            continue;
        };
        if reported[part] {
            continue;
        }
        let at = |k: usize| kit.origins.get(k).copied();
        let problem = if page % 2 == 0 && i % 2 == 1 {
            Some(format!(
                "page {} of the kit, the front of sheet {} of {}, is an even page: it would print on the back of a sheet",
                i + 1,
                page / 2 + 1,
                p.layout.display()
            ))
        } else if page % 2 == 0 && at(i + 1) != Some(Origin::Part { part, page: page + 1 }) {
            Some(format!(
                "page {} of the kit, the front of sheet {} of {}, is not followed by its back",
                i + 1,
                page / 2 + 1,
                p.layout.display()
            ))
        } else if page % 2 == 1 && (i == 0 || at(i - 1) != Some(Origin::Part { part, page: page - 1 })) {
            Some(format!(
                "page {} of the kit, the back of sheet {} of {}, does not come right after its front",
                i + 1,
                page / 2 + 1,
                p.layout.display()
            ))
        } else {
            None
        };
        if let Some(message) = problem {
            reported[part] = true;
            out.push(Finding::error(Code::KitDuplex, message, Location::file(&p.layout)).with_hint(BUG_HINT));
        }
    }
    out
}
