//! The art a save's images are drawn from, taken from the documents `build`
//! composes: each imposed item's front and back in its own coordinates (a
//! card, a counter, a banknote), and a board's drawing without the printer's
//! marks. Drawn to PNG through the same SVG and rasteriser as `build`'s
//! previews, so a piece on the virtual table is the piece printed.

use std::collections::BTreeMap;

use crate::export;
use crate::geom::{Mm, Point, Rect, Size, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::Style;
use crate::scene::tag::Tag;

/// One imposed item: its art in its own coordinates, (0, 0) the trim's
/// top-left corner.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its number over the print run.
    pub index: u32,
    /// The front's art.
    pub front: Vec<Item>,
    /// The back's art, when the document prints backs.
    pub back: Option<Vec<Item>>,
    /// The finished size.
    pub trim: Size,
}

impl Piece {
    /// The whole trim, in the art's own coordinates.
    pub fn trim_area(&self) -> Rect {
        Rect::from_origin_size(Point::default(), self.trim)
    }

    /// The part of the trim a face shows: a counter's disc (its cut circle)
    /// when it is one, else the whole trim.
    pub fn face_area(&self) -> Rect {
        let mut disc = None;
        walk(&self.front, &Transform::IDENTITY, &mut |item, t| {
            // The circle itself, not its stroke's outer edge.
            if let (Tag::Counter { .. }, Shape::Circle { centre, radius }, None) = (&item.tag, &item.shape, disc) {
                let r = Rect::new(
                    centre.x.0 - radius.0,
                    centre.y.0 - radius.0,
                    radius.0 * 2.0,
                    radius.0 * 2.0,
                );
                disc = Some(t.apply_rect(&r));
            }
        });
        disc.unwrap_or_else(|| self.trim_area())
    }

    /// The first tag of `want` in the front's art, with its payload.
    pub fn find_tag(&self, want: &dyn Fn(&Tag) -> bool) -> Option<Tag> {
        let mut found = None;
        walk(&self.front, &Transform::IDENTITY, &mut |item, _| {
            if found.is_none() && want(&item.tag) {
                found = Some(item.tag.clone());
            }
        });
        found
    }
}

/// Visits the leaves of `items` with the transform that places each.
pub fn walk<'a>(items: &'a [Item], t: &Transform, f: &mut dyn FnMut(&'a Item, &Transform)) {
    for item in items {
        match &item.shape {
            Shape::Group { transform, items, .. } => walk(items, &transform.then(t), f),
            Shape::Use { symbol, transform } => walk(&symbol.items, &transform.then(t), f),
            _ => f(item, t),
        }
    }
}

/// Every imposed item of `doc`, by number: its front and (when printed)
/// its back, as each was placed on its sheet, taken out of the placing.
pub fn pieces(doc: &Document) -> Vec<Piece> {
    let mut out: BTreeMap<u32, Piece> = BTreeMap::new();
    for p in 0..doc.page_count() {
        let page = doc.page(p);
        for item in &page.items {
            let (Tag::ItemFront { index } | Tag::ItemBack { index }) = item.tag else {
                continue;
            };
            let Shape::Group {
                clip: Some(clip),
                items,
                ..
            } = &item.shape
            else {
                continue;
            };
            // The art is clipped to its bleed, which stands out of the trim
            // by as much on every side.
            let trim = Size {
                w: clip.w + clip.x * 2.0,
                h: clip.h + clip.y * 2.0,
            };
            let piece = out.entry(index).or_insert_with(|| Piece {
                index,
                front: Vec::new(),
                back: None,
                trim,
            });
            if matches!(item.tag, Tag::ItemFront { .. }) {
                piece.front = items.clone();
            } else {
                piece.back = Some(items.clone());
            }
        }
    }
    out.into_values().collect()
}

/// The tags of what a printer needs and a virtual table does not: marks to
/// cut, glue and fold by, and the print settings' note.
pub fn is_printers_mark(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::PrintNote
            | Tag::CropMark
            | Tag::CutLine
            | Tag::FoldLine
            | Tag::CutterMark
            | Tag::GlueZone
            | Tag::RegistrationMark
            | Tag::OverlapStrip
            | Tag::CutMark
            | Tag::GlueLine
            | Tag::AssemblyMap
    )
}

/// A board's drawing from the first page of its document: the items of the
/// page (or, on a board tiled across pages, the whole board its first piece
/// holds) without the printer's marks, and the rectangle they cover with
/// `margin` around it, inside the page.
pub fn board(doc: &Document, margin: Mm) -> Option<(Vec<Item>, Rect)> {
    if doc.page_count() == 0 {
        return None;
    }
    let page = doc.page(0);
    let whole = page.items.iter().find_map(|i| match (&i.tag, &i.shape) {
        (Tag::Tile { .. }, Shape::Group { items, .. }) => Some(items.clone()),
        _ => None,
    });
    let tiled = whole.is_some();
    let items: Vec<Item> = whole
        .unwrap_or_else(|| page.items.clone())
        .into_iter()
        .filter(|i| !is_printers_mark(&i.tag))
        .collect();
    let mut covered: Option<Rect> = None;
    walk(&items, &Transform::IDENTITY, &mut |item, t| {
        if is_printers_mark(&item.tag) {
            return;
        }
        if let Some(b) = item.bbox().map(|b| t.apply_rect(&b)) {
            covered = Some(covered.map_or(b, |c| c.union(&b)));
        }
    });
    let covered = covered?;
    let grown = Rect::new(
        covered.x.0 - margin.0,
        covered.y.0 - margin.0,
        covered.w.0 + 2.0 * margin.0,
        covered.h.0 + 2.0 * margin.0,
    );
    let area = if tiled {
        grown
    } else {
        let sheet = Rect::from_origin_size(Point::default(), page.size);
        crate::scene::item::intersect(&grown, &sheet).unwrap_or(sheet)
    };
    Some((items, area))
}

/// Draws `items` in `area` to a PNG `width` pixels wide (as high as the
/// area's shape makes it), on white; `like`, the image by this name in the
/// other languages ([`Likes`]).
pub fn draw(items: Vec<Item>, area: Rect, width: u32, like: Like<'_>) -> std::io::Result<Vec<u8>> {
    let group = Item::new(
        Shape::Group {
            transform: Transform::translate(-area.x, -area.y),
            clip: Some(area),
            items,
        },
        Style::default(),
        Tag::Decoration,
    );
    let size = area.size();
    let page = Page::new(size, Rect::from_origin_size(Point::default(), size), vec![group]);
    render(
        &Document::new(String::new(), vec![page]),
        f64::from(width) / (size.w.0 / 25.4),
        like,
    )
}

/// Lays `faces` (each a face's art and the area of it shown, all areas of
/// one size) on a sheet `columns` across, row by row, and draws it at
/// `dpi`: slot k's image is exactly where TTS cuts place k from. `like` as
/// [`draw`]'s.
pub fn draw_sheet(
    faces: Vec<(Vec<Item>, Rect)>,
    columns: u32,
    rows: u32,
    dpi: f64,
    like: Like<'_>,
) -> std::io::Result<Vec<u8>> {
    let Some(cell) = faces.first().map(|f| f.1.size()) else {
        return Err(std::io::Error::other("a sheet of no faces"));
    };
    let size = Size {
        w: cell.w * f64::from(columns),
        h: cell.h * f64::from(rows),
    };
    let items = faces
        .into_iter()
        .enumerate()
        .map(|(k, (art, area))| {
            let (col, row) = (k as u32 % columns, k as u32 / columns);
            let at = Point {
                x: cell.w * f64::from(col),
                y: cell.h * f64::from(row),
            };
            Item::new(
                Shape::Group {
                    transform: Transform::translate(at.x - area.x, at.y - area.y),
                    clip: Some(area),
                    items: art,
                },
                Style::default(),
                Tag::Decoration,
            )
        })
        .collect();
    let page = Page::new(size, Rect::from_origin_size(Point::default(), size), items);
    render(&Document::new(String::new(), vec![page]), dpi, like)
}

/// One page's PNG at `dpi`, drawn where it differs from the page `like`
/// names when that was drawn in another language.
fn render(doc: &Document, dpi: f64, like: Like<'_>) -> std::io::Result<Vec<u8>> {
    let svg = export::svg::export_page(doc, 0)?;
    let png = match like {
        Some((likes, name)) => likes.render(&name, &svg, dpi),
        None => export::png::render(&svg, dpi),
    };
    png.map_err(|e| std::io::Error::other(e.to_string()))
}

/// An image's name among the images of every language ([`Likes`]), or
/// none to draw it all.
pub type Like<'a> = Option<(&'a Likes, String)>;

/// The images of a game drawn in one language, kept for the others: a
/// save's images are the same in every language but for their words (98 to
/// 99 % of the league's pixels), so the first language to draw an image
/// keeps it, and the others draw only where theirs differs and take every
/// other pixel from it ([`export::png::render_like`]), byte for byte what
/// drawing it all writes. The languages are made side by side: one that
/// comes to an image another is drawing waits for it, the cores being busy
/// with that drawing. An image is let go once every language has had it.
#[derive(Debug)]
pub struct Likes {
    /// How many languages draw each image.
    languages: usize,
    kept: std::sync::Mutex<std::collections::HashMap<String, Kept>>,
    done: std::sync::Condvar,
}

/// An image of [`Likes`]: being drawn, or drawn with the languages left to
/// take it.
enum Kept {
    Drawing,
    Drawn(std::sync::Arc<export::png::Drawn>, usize),
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kept::Drawing => f.write_str("Drawing"),
            Kept::Drawn(_, left) => write!(f, "Drawn({left} left)"),
        }
    }
}

impl Likes {
    /// Nothing drawn yet, for `languages` languages.
    pub fn new(languages: usize) -> Likes {
        Likes {
            languages,
            kept: std::sync::Mutex::new(std::collections::HashMap::new()),
            done: std::sync::Condvar::new(),
        }
    }

    /// The PNG of the page `svg` at `dpi`, the image `name` of its
    /// language.
    fn render(&self, name: &str, svg: &str, dpi: f64) -> Result<Vec<u8>, export::png::PngError> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match kept.get_mut(name) {
                None => break,
                Some(Kept::Drawing) => kept = self.done.wait(kept).unwrap_or_else(|e| e.into_inner()),
                Some(Kept::Drawn(drawn, left)) => {
                    let drawn = drawn.clone();
                    *left -= 1;
                    if *left == 0 {
                        kept.remove(name);
                    }
                    drop(kept);
                    return export::png::render_like(svg, dpi, Some(&drawn), false).map(|(png, _)| png);
                }
            }
        }
        // This language draws it first, and keeps it for the others.
        kept.insert(name.to_string(), Kept::Drawing);
        drop(kept);
        let others = self.languages.saturating_sub(1);
        // Whatever happens to the drawing, the others stop waiting for it.
        struct Waiting<'a>(&'a Likes, &'a str, Option<export::png::Drawn>, usize);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                let mut kept = self.0.kept.lock().unwrap_or_else(|e| e.into_inner());
                match self.2.take() {
                    Some(drawn) => kept.insert(self.1.to_string(), Kept::Drawn(std::sync::Arc::new(drawn), self.3)),
                    None => kept.remove(self.1),
                };
                self.0.done.notify_all();
            }
        }
        let mut waiting = Waiting(self, name, None, others);
        let (png, drawn) = export::png::render_like(svg, dpi, None, others > 0)?;
        waiting.2 = drawn;
        Ok(png)
    }
}
