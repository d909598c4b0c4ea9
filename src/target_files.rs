//! The files a print-shop target writes for a layout: one PNG per face for
//! the shops whose uploaders take images (MakePlayingCards, The Game
//! Crafter), or one PDF/X document (DriveThruCards, an offset printer).
//! Home builds write what [`crate::cli`] renders.

use std::path::{Path, PathBuf};

use crate::export;
use crate::scene::page::Document;
use crate::scene::tag::Tag;
use crate::write::Output;

/// The folder of a layout's faces: `OUT/mpc/league/deck/`.
pub fn faces_folder(stem: &Path) -> PathBuf {
    stem.to_path_buf()
}

/// Which side of an item a page of one item a page shows, and its number.
pub fn side(doc: &Document, page: usize) -> Option<(bool, u32)> {
    doc.page(page).items.iter().find_map(|item| match item.tag {
        Tag::ItemFront { index } => Some((true, index)),
        Tag::ItemBack { index } => Some((false, index)),
        _ => None,
    })
}

/// One PNG per face at the shop's `dpi`: `front-001.png`, `front-002.png`…
/// in the deck's order (copies counted), and the backs as one `back.png`
/// when every card shares it, else `back-001.png`… beside their fronts'
/// numbers: the names the uploaders pair fronts and backs by. Pages that
/// are not one item's face are left out (the preflight refuses a layout of
/// such pages for these shops: `check::target`).
pub fn faces<'a>(doc: &'a Document, stem: &Path, dpi: f64) -> Vec<Output<'a>> {
    let folder = faces_folder(stem);
    let sides: Vec<(usize, bool, u32)> = (0..doc.page_count())
        .filter_map(|p| side(doc, p).map(|(front, i)| (p, front, i)))
        .collect();
    let backs: Vec<usize> = sides.iter().filter(|s| !s.1).map(|s| s.0).collect();
    // One back for all when every back page draws the same (its item's
    // number aside).
    let first_back = backs.first().and_then(|&p| back_art(doc, p));
    let shared = first_back.is_some() && backs.iter().skip(1).all(|&p| back_art(doc, p) == first_back);
    let mut out = Vec::new();
    let mut fronts = 0;
    for &(page, front, _) in &sides {
        let name = if front {
            fronts += 1;
            format!("front-{fronts:03}.png")
        } else if shared {
            if page != backs[0] {
                continue;
            }
            "back.png".to_string()
        } else {
            // The back of the front numbered alike: pages come front and
            // back in pairs, either way round.
            let number = sides.iter().filter(|s| s.1 && s.2 <= side_index(&sides, page)).count();
            format!("back-{number:03}.png")
        };
        out.push(Output::writer(folder.join(name), move |w| {
            let svg = export::svg::export_page(doc, page)?;
            let png = export::png::render(&svg, dpi).map_err(|e| std::io::Error::other(e.to_string()))?;
            w.write_all(&png)
        }));
    }
    out
}

/// What the back on `page` draws: its placed art, where it is placed.
fn back_art(doc: &Document, page: usize) -> Option<crate::scene::item::Shape> {
    doc.page(page)
        .items
        .iter()
        .find(|item| matches!(item.tag, Tag::ItemBack { .. }))
        .map(|item| item.shape.clone())
}

/// The item number of the face on `page`.
fn side_index(sides: &[(usize, bool, u32)], page: usize) -> u32 {
    sides.iter().find(|s| s.0 == page).map_or(0, |s| s.2)
}
