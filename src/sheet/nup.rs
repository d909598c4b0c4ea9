//! N-up imposition: equal items (cards, counters, banknotes) in rows and
//! columns on a sheet, each with its bleed, crop marks in the margins around
//! the grid (never across art), optional full cut lines, and duplex backs that
//! land behind their fronts.

use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size, Transform};
use crate::print::{Imposition, NupOptions, OrientationChoice};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Page;
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::sheet::marks;

/// How far a crop mark stays from the bleed edge.
pub const MARK_GAP: Mm = Mm(1.0);
/// How long a crop mark is. Short marks leave room for one more row or column:
/// poker cards with 3 mm bleed go 4 x 2 on A4 with 4 mm marks, 3 x 2 with 5 mm.
pub const MARK_LENGTH: Mm = Mm(4.0);

/// One item's art, in its own coordinates: (0, 0) is the trim's top-left
/// corner; art may reach `bleed` beyond the trim on every side.
#[derive(Clone, Debug, Default)]
pub struct Art {
    /// The front.
    pub front: Vec<Item>,
    /// The back, for duplex.
    pub back: Vec<Item>,
}

/// Where items go on a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The sheet.
    pub paper: Paper,
    /// Items across.
    pub columns: u32,
    /// Items down.
    pub rows: u32,
    /// The trim rectangles of the slots, row by row.
    pub slots: Vec<Rect>,
}

impl Grid {
    /// Items per sheet.
    pub fn per_page(&self) -> usize {
        self.slots.len()
    }
}

fn grid_on(trim: Size, opts: &NupOptions, orientation: Orientation) -> Grid {
    let paper = Paper {
        size: opts.paper,
        orientation,
    };
    let page = paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), page).inset(opts.margin);
    let band = if opts.crop_marks {
        MARK_GAP + MARK_LENGTH
    } else {
        Mm::ZERO
    };
    let cell = Size {
        w: trim.w + opts.bleed * 2.0,
        h: trim.h + opts.bleed * 2.0,
    };
    let fit = |room: Mm, size: Mm| {
        ((room.0 + opts.gutter.0) / (size.0 + opts.gutter.0) + 1e-9)
            .floor()
            .max(0.0) as u32
    };
    let columns = fit(safe.w - band * 2.0, cell.w);
    let rows = fit(safe.h - band * 2.0, cell.h);
    let grid_w = cell.w * columns as f64 + opts.gutter * (columns.max(1) as f64 - 1.0);
    let grid_h = cell.h * rows as f64 + opts.gutter * (rows.max(1) as f64 - 1.0);
    let x0 = safe.x + (safe.w - grid_w) / 2.0;
    let y0 = safe.y + (safe.h - grid_h) / 2.0;
    let mut slots = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            slots.push(Rect::from_origin_size(
                Point {
                    x: x0 + (cell.w + opts.gutter) * c as f64 + opts.bleed,
                    y: y0 + (cell.h + opts.gutter) * r as f64 + opts.bleed,
                },
                trim,
            ));
        }
    }
    Grid {
        paper,
        columns,
        rows,
        slots,
    }
}

/// The grid for items of `trim` size.
pub fn grid(trim: Size, opts: &NupOptions) -> Grid {
    match opts.orientation {
        OrientationChoice::Fixed(o) => grid_on(trim, opts, o),
        OrientationChoice::Auto => {
            let portrait = grid_on(trim, opts, Orientation::Portrait);
            let landscape = grid_on(trim, opts, Orientation::Landscape);
            if landscape.per_page() > portrait.per_page() {
                landscape
            } else {
                portrait
            }
        }
    }
}

fn placed(art: &[Item], trim: Rect, bleed: Mm, tag: Tag) -> Item {
    Item::new(
        Shape::Group {
            transform: Transform::translate(trim.x, trim.y),
            clip: Some(Rect {
                x: -bleed,
                y: -bleed,
                w: trim.w + bleed * 2.0,
                h: trim.h + bleed * 2.0,
            }),
            items: art.to_vec(),
        },
        Style::default(),
        tag,
    )
}

/// Imposes every item: front pages, each followed by its back page when duplex
/// is on. Nothing is imposed when not even one item fits (the checker says so).
pub fn impose(arts: &[Art], trim: Size, opts: &NupOptions) -> Vec<Page> {
    impose_from(arts, trim, opts, 0)
}

/// [`impose`], numbering the items from `first` (for a run of several item sizes).
pub fn impose_from(arts: &[Art], trim: Size, opts: &NupOptions, first: usize) -> Vec<Page> {
    let slots: Vec<Option<&Art>> = arts.iter().map(Some).collect();
    impose_slots(&slots, trim, opts, first)
}

/// Imposes slot by slot: `None` leaves a slot empty (so that a set can start
/// on a new row). Items are numbered from `first`, empty slots not counted.
pub fn impose_slots(slots: &[Option<&Art>], trim: Size, opts: &NupOptions, first: usize) -> Vec<Page> {
    if opts.imposition == Imposition::Single {
        let arts: Vec<Art> = slots.iter().flatten().map(|a| (*a).clone()).collect();
        return impose_single(&arts, trim, opts, first);
    }
    let grid = grid(trim, opts);
    let page = grid.paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), page).inset(opts.margin);
    let mut pages = Vec::new();
    if grid.per_page() == 0 {
        return pages;
    }
    let mut index = first as u32;
    for chunk in slots.chunks(grid.per_page()) {
        let mut front = Vec::new();
        let mut back = Vec::new();
        let mut used = Vec::new();
        for (k, art) in chunk.iter().enumerate() {
            let Some(art) = art else { continue };
            let at = grid.slots[k];
            used.push(at);
            front.push(placed(&art.front, at, opts.bleed, Tag::ItemFront { index }));
            if let Some(duplex) = opts.backs() {
                back.push(placed(
                    &art.back,
                    duplex.back_of(at, page),
                    opts.bleed,
                    Tag::ItemBack { index },
                ));
            }
            index += 1;
        }
        if used.is_empty() {
            continue;
        }
        front.extend(trim_marks(&used, opts, safe));
        pages.push(Page::new(page, safe, front));
        if opts.duplex.is_some() {
            pages.push(Page::new(page, safe, back));
        }
    }
    pages
}

/// One item per page: the page is the bleed box plus a band for crop marks.
fn impose_single(arts: &[Art], trim: Size, opts: &NupOptions, first: usize) -> Vec<Page> {
    let band = if opts.crop_marks {
        MARK_GAP + MARK_LENGTH
    } else {
        Mm::ZERO
    };
    let edge = opts.bleed + band;
    let size = Size {
        w: trim.w + edge * 2.0,
        h: trim.h + edge * 2.0,
    };
    let whole = Rect::from_origin_size(Point::default(), size);
    let slot = Rect::from_origin_size(Point { x: edge, y: edge }, trim);
    let boxed = |items: Vec<Item>| {
        let mut page = Page::new(size, whole, items);
        page.trim = Some(slot);
        page.bleed = Some(slot.inset(-opts.bleed));
        page
    };
    let mut pages = Vec::new();
    for (k, art) in arts.iter().enumerate() {
        let index = (first + k) as u32;
        let mut front = vec![placed(&art.front, slot, opts.bleed, Tag::ItemFront { index })];
        front.extend(trim_marks(&[slot], opts, whole));
        pages.push(boxed(front));
        if let Some(duplex) = opts.backs() {
            let at = duplex.back_of(slot, size);
            pages.push(boxed(vec![placed(
                &art.back,
                at,
                opts.bleed,
                Tag::ItemBack { index: k as u32 },
            )]));
        }
    }
    pages
}

/// Crop marks in the margins around the used slots, and cut lines if asked.
fn trim_marks(slots: &[Rect], opts: &NupOptions, safe: Rect) -> Vec<Item> {
    let mut out = Vec::new();
    if slots.is_empty() {
        return out;
    }
    let mut xs: Vec<Mm> = slots.iter().flat_map(|r| [r.x, r.right()]).collect();
    let mut ys: Vec<Mm> = slots.iter().flat_map(|r| [r.y, r.bottom()]).collect();
    let dedup = |v: &mut Vec<Mm>| {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        v.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-6);
    };
    dedup(&mut xs);
    dedup(&mut ys);
    let top = slots.iter().map(|r| r.y).fold(Mm(f64::MAX), Mm::min) - opts.bleed;
    let bottom = slots.iter().map(|r| r.bottom()).fold(Mm(f64::MIN), Mm::max) + opts.bleed;
    let left = slots.iter().map(|r| r.x).fold(Mm(f64::MAX), Mm::min) - opts.bleed;
    let right = slots.iter().map(|r| r.right()).fold(Mm(f64::MIN), Mm::max) + opts.bleed;
    if opts.crop_marks {
        for &x in &xs {
            out.push(marks::line(
                Point {
                    x,
                    y: top - MARK_GAP - MARK_LENGTH,
                },
                Point { x, y: top - MARK_GAP },
                Tag::CropMark,
            ));
            out.push(marks::line(
                Point {
                    x,
                    y: bottom + MARK_GAP,
                },
                Point {
                    x,
                    y: bottom + MARK_GAP + MARK_LENGTH,
                },
                Tag::CropMark,
            ));
        }
        for &y in &ys {
            out.push(marks::line(
                Point {
                    x: left - MARK_GAP - MARK_LENGTH,
                    y,
                },
                Point { x: left - MARK_GAP, y },
                Tag::CropMark,
            ));
            out.push(marks::line(
                Point { x: right + MARK_GAP, y },
                Point {
                    x: right + MARK_GAP + MARK_LENGTH,
                    y,
                },
                Tag::CropMark,
            ));
        }
    }
    if opts.cut_lines {
        for &x in &xs {
            out.push(marks::line(
                Point { x, y: safe.y },
                Point { x, y: safe.bottom() },
                Tag::CutLine,
            ));
        }
        for &y in &ys {
            out.push(marks::line(
                Point { x: safe.x, y },
                Point { x: safe.right(), y },
                Tag::CutLine,
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::PaperSize;
    use crate::print::{Duplex, Flip};

    #[test]
    fn long_edge_backs_mirror_across_and_short_edge_backs_mirror_down() {
        let page = Size::new(210.0, 297.0);
        let front = Rect::new(10.0, 20.0, 63.0, 88.0);
        let long = Duplex {
            flip: Flip::LongEdge,
            offset: (Mm(0.0), Mm(0.0)),
        };
        assert_eq!(long.back_of(front, page), Rect::new(137.0, 20.0, 63.0, 88.0));
        let short = Duplex {
            flip: Flip::ShortEdge,
            offset: (Mm(1.0), Mm(-0.5)),
        };
        assert_eq!(short.back_of(front, page), Rect::new(11.0, 188.5, 63.0, 88.0));
    }

    #[test]
    fn poker_cards_fit_eight_to_an_a4_sheet_with_bleed_and_nine_without() {
        let opts = NupOptions {
            paper: PaperSize::A4,
            orientation: OrientationChoice::Auto,
            margin: Mm(5.0),
            bleed: Mm(3.0),
            gutter: Mm(0.0),
            crop_marks: true,
            cut_lines: false,
            duplex: None,
            imposition: Imposition::Sheet,
        };
        let g = grid(Size::new(63.0, 88.0), &opts);
        assert_eq!((g.paper.orientation, g.columns, g.rows), (Orientation::Landscape, 4, 2));
        let tight = NupOptions {
            bleed: Mm(0.0),
            crop_marks: false,
            ..opts
        };
        assert_eq!(grid(Size::new(63.0, 88.0), &tight).per_page(), 9);
    }
}
