//! N-up imposition: equal items (cards, counters, banknotes) in rows and
//! columns on a sheet, each with its bleed, crop marks in the margins around
//! the grid (never across art), optional full cut lines, and duplex backs that
//! land behind their fronts.

use std::sync::Arc;

use crate::font::FontFace;
use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size, Transform};
use crate::print::{Imposition, NupOptions, OrientationChoice};
use crate::scene::item::{Item, Shape, Symbol};
use crate::scene::page::{Document, Page};
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::sheet::marks;
use crate::text::{Align, TextStyle};

/// How far a crop mark stays from the bleed edge.
pub const MARK_GAP: Mm = Mm(1.0);
/// How long a crop mark is. Short marks leave room for one more row or column:
/// poker cards with 3 mm bleed go 4 x 2 on A4 with 4 mm marks, 3 x 2 with 5 mm.
pub const MARK_LENGTH: Mm = Mm(4.0);

/// The size of the margin note: the smallest text the checker allows, as it
/// is read once, at the printer.
pub const NOTE_PT: f64 = 6.0;
/// Room kept clear on each side of the margin note, along its line.
const NOTE_PAD: Mm = Mm(1.0);

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

/// The most distinct backs drawn once each ([`Backs`]): a deck has one back,
/// banknotes one a denomination; past this, backs are all different (a
/// counter sheet's) and are drawn where they are placed, not compared.
const SHARED_BACKS: usize = 16;

/// The backs of a run, each distinct one made a symbol the first time it is
/// placed: a deck's thousand identical backs are one drawing in the file.
#[derive(Default)]
struct Backs {
    seen: Vec<Arc<Symbol>>,
}

impl Backs {
    /// `back` as placed: one symbol placed, when it is (or can join) a
    /// shared back; its items as they are otherwise.
    fn share(&mut self, back: &[Item]) -> Vec<Item> {
        // Already one placed symbol (the banknotes share their own backs).
        if matches!(
            back,
            [Item {
                shape: Shape::Use { .. },
                ..
            }]
        ) || back.is_empty()
        {
            return back.to_vec();
        }
        let symbol = match self.seen.iter().find(|s| s.items == back) {
            Some(s) => s.clone(),
            None if self.seen.len() < SHARED_BACKS => {
                let s = Arc::new(Symbol::new("back", back.to_vec()));
                self.seen.push(s.clone());
                s
            }
            None => return back.to_vec(),
        };
        vec![symbol.placed(Transform::IDENTITY, Tag::Decoration)]
    }
}

fn placed(art: Vec<Item>, trim: Rect, bleed: Mm, tag: Tag) -> Item {
    Item::new(
        Shape::Group {
            transform: Transform::translate(trim.x, trim.y),
            clip: Some(Rect {
                x: -bleed,
                y: -bleed,
                w: trim.w + bleed * 2.0,
                h: trim.h + bleed * 2.0,
            }),
            items: art,
        },
        Style::default(),
        tag,
    )
}

/// The document of imposed pages: the print dialog is told the flip its backs
/// were placed for, or that it is one-sided.
pub fn imposed(title: impl Into<String>, pages: Vec<Page>, opts: &NupOptions) -> Document {
    let mut doc = Document::new(title, pages);
    doc.duplex = opts.duplex.map(|d| d.flip);
    doc
}

/// How many items one sheet takes and how many pages it makes (its back
/// page too, when duplex): the pages of items `k * per_sheet` onwards start
/// at page `k * pages`, which lets a long run be imposed a stretch at a time.
pub fn sheet_shape(trim: Size, opts: &NupOptions) -> (usize, usize) {
    let per_sheet = match opts.imposition {
        Imposition::Single => 1,
        Imposition::Sheet => grid(trim, opts).per_page(),
    };
    (per_sheet, 1 + usize::from(opts.duplex.is_some()))
}

/// Imposes every item: front pages, each followed by its back page when duplex
/// is on. Nothing is imposed when not even one item fits (the checker says so).
/// The arts are taken, not copied: a deck of thousands of cards is held once.
pub fn impose(arts: Vec<Art>, trim: Size, opts: &NupOptions) -> Vec<Page> {
    impose_from(arts, trim, opts, 0)
}

/// [`impose`], numbering the items from `first` (for a run of several item sizes).
pub fn impose_from(arts: Vec<Art>, trim: Size, opts: &NupOptions, first: usize) -> Vec<Page> {
    impose_slots(arts.into_iter().map(Some).collect(), trim, opts, first)
}

/// Imposes slot by slot: `None` leaves a slot empty (so that a set can start
/// on a new row). Items are numbered from `first`, empty slots not counted.
pub fn impose_slots(slots: Vec<Option<Art>>, trim: Size, opts: &NupOptions, first: usize) -> Vec<Page> {
    if opts.imposition == Imposition::Single {
        return impose_single(slots.into_iter().flatten().collect(), trim, opts, first);
    }
    let grid = grid(trim, opts);
    let page = grid.paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), page).inset(opts.margin);
    let mut pages = Vec::new();
    if grid.per_page() == 0 {
        return pages;
    }
    let mut index = first as u32;
    let mut backs = Backs::default();
    let mut slots = slots.into_iter().peekable();
    while slots.peek().is_some() {
        let mut front = Vec::new();
        let mut back = Vec::new();
        let mut used = Vec::new();
        for (k, art) in slots.by_ref().take(grid.per_page()).enumerate() {
            let Some(art) = art else { continue };
            let at = grid.slots[k];
            used.push(at);
            front.push(placed(art.front, at, opts.bleed, Tag::ItemFront { index }));
            if let Some(duplex) = opts.backs() {
                back.push(placed(
                    backs.share(&art.back),
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
        front.extend(opts.note.as_deref().and_then(|n| margin_note(n, &used, opts, safe)));
        // A long run holds thousands of pages until it is written.
        front.shrink_to_fit();
        pages.push(Page::new(page, safe, front));
        if opts.duplex.is_some() {
            pages.push(Page::new(page, safe, back));
        }
    }
    pages
}

/// One item per page: the page is the bleed box plus a band for crop marks.
fn impose_single(arts: Vec<Art>, trim: Size, opts: &NupOptions, first: usize) -> Vec<Page> {
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
    let mut backs = Backs::default();
    for (k, art) in arts.into_iter().enumerate() {
        let index = (first + k) as u32;
        let mut front = vec![placed(art.front, slot, opts.bleed, Tag::ItemFront { index })];
        front.extend(trim_marks(&[slot], opts, whole));
        pages.push(boxed(front));
        if let Some(duplex) = opts.backs() {
            let at = duplex.back_of(slot, size);
            pages.push(boxed(vec![placed(
                backs.share(&art.back),
                at,
                opts.bleed,
                Tag::ItemBack { index },
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
        // Full lines for a trimmer, drawn only where no art is: in the
        // margins and gutters. A line over the art would leave a dark sliver
        // on the edge of every item cut a hair off it.
        let art: Vec<Rect> = slots.iter().map(|r| r.inset(-opts.bleed)).collect();
        let half = marks::MARK_WIDTH / 2.0;
        for &x in &xs {
            let covered: Vec<(Mm, Mm)> = art
                .iter()
                .filter(|a| x + half > a.x && x - half < a.right())
                .map(|a| (a.y, a.bottom()))
                .collect();
            for (y0, y1) in uncovered(safe.y, safe.bottom(), &covered) {
                out.push(marks::line(Point { x, y: y0 }, Point { x, y: y1 }, Tag::CutLine));
            }
        }
        for &y in &ys {
            let covered: Vec<(Mm, Mm)> = art
                .iter()
                .filter(|a| y + half > a.y && y - half < a.bottom())
                .map(|a| (a.x, a.right()))
                .collect();
            for (x0, x1) in uncovered(safe.x, safe.right(), &covered) {
                out.push(marks::line(Point { x: x0, y }, Point { x: x1, y }, Tag::CutLine));
            }
        }
    }
    out
}

/// The parts of `[lo, hi]` outside every interval of `covered`.
fn uncovered(lo: Mm, hi: Mm, covered: &[(Mm, Mm)]) -> Vec<(Mm, Mm)> {
    let mut covered = covered.to_vec();
    covered.sort_by(|a, b| a.0.0.total_cmp(&b.0.0));
    let mut out = Vec::new();
    let mut from = lo;
    for (a, b) in covered {
        if a > from {
            out.push((from, a.min(hi)));
        }
        from = from.max(b);
    }
    if from < hi {
        out.push((from, hi));
    }
    out.retain(|(a, b)| b.0 - a.0 > 1e-6);
    out
}

/// The print settings in small print, in the first free strip of the margin
/// that holds them: under the grid, in the crop-mark band between two marks,
/// above the grid, and last, turned to read upwards, in the left band. `None`
/// when no strip is long enough (the sheet has no room to spare).
fn margin_note(text: &str, slots: &[Rect], opts: &NupOptions, safe: Rect) -> Option<Item> {
    let face = FontFace::Sans;
    let long = face.measure(text, NOTE_PT) + NOTE_PAD * 2.0;
    let tall = face.ascent(NOTE_PT) + face.descent(NOTE_PT);
    let art = slots.iter().map(|r| r.inset(-opts.bleed)).reduce(|a, b| a.union(&b))?;
    let band = if opts.crop_marks {
        MARK_GAP + MARK_LENGTH
    } else {
        Mm::ZERO
    };
    let occupied = art.inset(-band);
    // Marks and cut lines stand at the slots' edges: a strip is split there.
    let xs: Vec<Mm> = slots.iter().flat_map(|r| [r.x, r.right()]).collect();
    let ys: Vec<Mm> = slots.iter().flat_map(|r| [r.y, r.bottom()]).collect();
    let marked = opts.crop_marks || opts.cut_lines;
    let split = |lo: Mm, hi: Mm, at: &[Mm]| -> Vec<(Mm, Mm)> {
        if !marked {
            return vec![(lo, hi)];
        }
        let cuts: Vec<(Mm, Mm)> = at
            .iter()
            .map(|&c| (c - marks::MARK_WIDTH, c + marks::MARK_WIDTH))
            .collect();
        uncovered(lo, hi, &cuts)
    };
    let mark_band = |edge: Mm, down: bool| {
        if down {
            (edge + MARK_GAP, edge + band)
        } else {
            (edge - band, edge - MARK_GAP)
        }
    };
    // Horizontal strips in order of preference, each (y0, y1) with where the
    // line sits across it: -1 at its top, 0 in its middle, 1 at its bottom.
    // Under and above the grid the note keeps to the sheet's edge.
    let mut rows = vec![(occupied.bottom(), safe.bottom(), 1.0)];
    if opts.crop_marks {
        let (a, b) = mark_band(art.bottom(), true);
        rows.push((a, b, 0.0));
    }
    rows.push((safe.y, occupied.y, -1.0));
    if opts.crop_marks {
        let (a, b) = mark_band(art.y, false);
        rows.push((a, b, 0.0));
    }
    for (y0, y1, place) in rows {
        if y1 - y0 < tall {
            continue;
        }
        let gaps = split(safe.x, safe.right(), &xs);
        if let Some(&(x0, x1)) = gaps.iter().find(|(a, b)| *b - *a >= long) {
            // The baseline that puts the line's ascent-to-descent box there.
            let top = (y0 + y1 - tall) / 2.0 + (y1 - y0 - tall) / 2.0 * place;
            let at = Point {
                x: (x0 + x1) / 2.0,
                y: top + face.ascent(NOTE_PT),
            };
            return Some(note_style(face).item(text, at, Align::Centre, Tag::PrintNote));
        }
    }
    // Turned: a vertical strip left of the grid, read from the bottom up.
    let mut cols = vec![(safe.x, occupied.x)];
    if opts.crop_marks {
        cols.push(mark_band(art.x, false));
    }
    for (x0, x1) in cols {
        if x1 - x0 < tall {
            continue;
        }
        let gaps = split(safe.y, safe.bottom(), &ys);
        if let Some(&(y0, y1)) = gaps.iter().find(|(a, b)| *b - *a >= long) {
            let line = note_style(face).item(
                text,
                Point {
                    x: Mm::ZERO,
                    y: face.cap_height(NOTE_PT) / 2.0,
                },
                Align::Centre,
                Tag::PrintNote,
            );
            let place = Transform::rotate(-90.0).then(&Transform::translate((x0 + x1) / 2.0, (y0 + y1) / 2.0));
            return Some(Item::new(
                Shape::Group {
                    transform: place,
                    clip: None,
                    items: vec![line],
                },
                Style::default(),
                Tag::PrintNote,
            ));
        }
    }
    None
}

/// The margin note's ink: the marks' black, so it reads on any paper.
fn note_style(face: FontFace) -> TextStyle {
    TextStyle::new(face, NOTE_PT, marks::MARK_COLOUR)
}
