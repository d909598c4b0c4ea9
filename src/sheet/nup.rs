//! N-up imposition: equal items (cards, counters, banknotes) in rows and
//! columns on a sheet, each with its bleed, crop marks in the margins around
//! the grid (never across art), optional full cut lines, and duplex backs that
//! land behind their fronts, or (gutter-fold) beside them, mirrored about a
//! fold line, for a printer without duplex.

use std::sync::Arc;

use crate::font::FontFace;
use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size, Transform};
use crate::print::{Imposition, Marks, NupOptions, OrientationChoice};
use crate::scene::item::{Item, PathCmd, Shape, Symbol};
use crate::scene::page::{Document, Page};
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::sheet::{cutter, marks};
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

/// How far a gutter-fold sheet's art stays from its fold line: the dashed
/// line never touches art, and a fold made a hair off the line stays in
/// paper that is cut away.
pub const FOLD_GAP: Mm = Mm(1.0);
/// The dashes of a fold line (on, off), long enough to tell from a cut line.
const FOLD_DASH: [Mm; 2] = [Mm(3.0), Mm(2.0)];

/// A gutter-fold sheet's fold line, through the middle of the sheet so that
/// its edges meet when folded: fronts on one side, backs on the other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fold {
    /// Up and down the sheet (fronts left of it, backs right), or across
    /// it (fronts above, backs below).
    pub vertical: bool,
    /// Where it crosses the sheet: x of a vertical fold, y of a horizontal one.
    pub at: Mm,
}

impl Fold {
    /// `r` reflected about the fold: where the back of an item whose trim
    /// is `r` goes, so that folding lays one on the other.
    pub fn reflect(&self, r: Rect) -> Rect {
        if self.vertical {
            Rect {
                x: self.at * 2.0 - r.x - r.w,
                ..r
            }
        } else {
            Rect {
                y: self.at * 2.0 - r.y - r.h,
                ..r
            }
        }
    }

    /// How a back's art is placed on its trim `at`: it reads upright when
    /// the folded item is turned over like a book's page, as a two-sided
    /// portrait sheet's backs do. Beside a vertical fold that is the art as
    /// drawn; below a horizontal fold, the art turned half a turn (the fold
    /// turns it top to bottom, the book's turn left to right).
    pub fn back_transform(&self, at: Rect) -> Transform {
        if self.vertical {
            Transform::translate(at.x, at.y)
        } else {
            Transform::scale(-1.0, -1.0).then(&Transform::translate(at.right(), at.bottom()))
        }
    }

    /// The part of `area` on the fronts' side of the fold.
    fn fronts_side(&self, area: Rect) -> Rect {
        if self.vertical {
            Rect {
                w: self.at - area.x,
                ..area
            }
        } else {
            Rect {
                h: self.at - area.y,
                ..area
            }
        }
    }
}

/// One item's art, in its own coordinates: (0, 0) is the trim's top-left
/// corner; art may reach `bleed` beyond the trim on every side.
#[derive(Clone, Debug, Default)]
pub struct Art {
    /// The front.
    pub front: Vec<Item>,
    /// The back, for duplex.
    pub back: Vec<Item>,
    /// Where a cutting machine cuts it, in the same coordinates; empty for
    /// its trim rectangle.
    pub cut: Vec<PathCmd>,
}

/// Where items go on a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The sheet.
    pub paper: Paper,
    /// The page's size: the paper's, or (Cricut) the Print Then Cut image's.
    pub page: Size,
    /// Items across.
    pub columns: u32,
    /// Items down.
    pub rows: u32,
    /// The trim rectangles of the slots, row by row (the fronts' slots on a
    /// gutter-fold sheet: each back is its slot reflected about the fold).
    pub slots: Vec<Rect>,
    /// The fold line of a gutter-fold sheet.
    pub fold: Option<Fold>,
}

impl Grid {
    /// Items per sheet.
    pub fn per_page(&self) -> usize {
        self.slots.len()
    }
}

/// The band kept around a grid for its crop marks (or a gutter-fold
/// sheet's glue frame).
fn mark_band(opts: &NupOptions) -> Mm {
    if opts.crop_marks || opts.imposition == Imposition::GutterFold {
        MARK_GAP + MARK_LENGTH
    } else {
        Mm::ZERO
    }
}

/// How many cells of `cell` with `gutter` between them fit in `room`.
fn fit(room: Mm, cell: Mm, gutter: Mm) -> u32 {
    ((room.0 + gutter.0) / (cell.0 + gutter.0) + 1e-9).floor().max(0.0) as u32
}

/// The trims of `columns` x `rows` cells whose grid's top-left corner
/// (bleed included) is `origin`, row by row.
fn slots(origin: Point, columns: u32, rows: u32, trim: Size, opts: &NupOptions) -> Vec<Rect> {
    let cell = cell(trim, opts);
    let mut slots = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            slots.push(Rect::from_origin_size(
                Point {
                    x: origin.x + (cell.w + opts.gutter) * c as f64 + opts.bleed,
                    y: origin.y + (cell.h + opts.gutter) * r as f64 + opts.bleed,
                },
                trim,
            ));
        }
    }
    slots
}

/// An item with its bleed.
fn cell(trim: Size, opts: &NupOptions) -> Size {
    Size {
        w: trim.w + opts.bleed * 2.0,
        h: trim.h + opts.bleed * 2.0,
    }
}

/// The size of `columns` x `rows` cells with their gutters.
fn extent(columns: u32, rows: u32, trim: Size, opts: &NupOptions) -> Size {
    let cell = cell(trim, opts);
    Size {
        w: cell.w * columns as f64 + opts.gutter * (columns.max(1) as f64 - 1.0),
        h: cell.h * rows as f64 + opts.gutter * (rows.max(1) as f64 - 1.0),
    }
}

fn grid_on(trim: Size, opts: &NupOptions, orientation: Orientation) -> Grid {
    let paper = Paper {
        size: opts.paper,
        orientation,
    };
    let page = cutter::page(opts.marks, paper.page_size());
    let safe = Rect::from_origin_size(Point::default(), page).inset(opts.margin);
    let area = cutter::art_area(opts.marks, page, opts.margin).unwrap_or_else(|| safe.inset(mark_band(opts)));
    let mut grid = grid_in(area, trim, opts);
    if opts.marks == Marks::Silhouette {
        // The most items among the areas whose grid misses the marks'
        // corners (the last two always do), the first on a tie.
        let keep_outs = cutter::keep_outs(page);
        let clear = |g: &Slots| {
            g.slots.iter().all(|s| {
                keep_outs
                    .iter()
                    .all(|k| crate::scene::item::intersect(&s.inset(-opts.bleed), k).is_none())
            })
        };
        grid = cutter::silhouette_areas(page, opts.margin)
            .into_iter()
            .map(|a| grid_in(a, trim, opts))
            .filter(clear)
            .fold(None::<Slots>, |best, g| match best {
                Some(b) if b.slots.len() >= g.slots.len() => Some(b),
                _ => Some(g),
            })
            .unwrap_or(grid);
    }
    let (columns, rows) = (grid.columns, grid.rows);
    Grid {
        paper,
        page,
        columns,
        rows,
        slots: grid.slots,
        fold: None,
    }
}

/// The slots of a grid centred in `area`.
struct Slots {
    columns: u32,
    rows: u32,
    slots: Vec<Rect>,
}

fn grid_in(area: Rect, trim: Size, opts: &NupOptions) -> Slots {
    let cell = cell(trim, opts);
    let columns = fit(area.w, cell.w, opts.gutter);
    let rows = fit(area.h, cell.h, opts.gutter);
    let size = extent(columns, rows, trim, opts);
    let origin = Point {
        x: area.x + (area.w - size.w) / 2.0,
        y: area.y + (area.h - size.h) / 2.0,
    };
    Slots {
        columns,
        rows,
        slots: slots(origin, columns, rows, trim, opts),
    }
}

/// The fronts' grid of a gutter-fold sheet folded on a `vertical` line (or
/// a horizontal one) through its middle: the fronts' half keeps the mark
/// band on its outer sides (crop marks there, the glue frame on the backs'
/// half) and [`FOLD_GAP`] from the fold, and the grid stands against the
/// fold, centred along it.
fn fold_grid_on(trim: Size, opts: &NupOptions, orientation: Orientation, vertical: bool) -> Grid {
    let paper = Paper {
        size: opts.paper,
        orientation,
    };
    let page = paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), page).inset(opts.margin);
    let band = mark_band(opts);
    let fold = Fold {
        vertical,
        at: if vertical { page.w / 2.0 } else { page.h / 2.0 },
    };
    let outer = safe.inset(band);
    let room = if vertical {
        Rect {
            w: fold.at - FOLD_GAP - outer.x,
            ..outer
        }
    } else {
        Rect {
            h: fold.at - FOLD_GAP - outer.y,
            ..outer
        }
    };
    let cell = cell(trim, opts);
    let columns = fit(room.w, cell.w, opts.gutter);
    let rows = fit(room.h, cell.h, opts.gutter);
    let size = extent(columns, rows, trim, opts);
    let origin = if vertical {
        Point {
            x: room.right() - size.w,
            y: room.y + (room.h - size.h) / 2.0,
        }
    } else {
        Point {
            x: room.x + (room.w - size.w) / 2.0,
            y: room.bottom() - size.h,
        }
    };
    Grid {
        paper,
        page,
        columns,
        rows,
        slots: slots(origin, columns, rows, trim, opts),
        fold: Some(fold),
    }
}

/// The grid for items of `trim` size: on the orientation asked for, or
/// (`auto`) the one that holds more, portrait on a tie. A gutter-fold sheet
/// folds along its long edge (like a book) unless folding along its short
/// edge holds more.
pub fn grid(trim: Size, opts: &NupOptions) -> Grid {
    let orientations = match opts.orientation {
        OrientationChoice::Fixed(o) => vec![o],
        OrientationChoice::Auto => vec![Orientation::Portrait, Orientation::Landscape],
    };
    let mut best: Option<Grid> = None;
    for o in orientations {
        let candidates = match opts.imposition {
            Imposition::GutterFold => {
                // A portrait sheet's long edge is upright.
                let along_long_edge = o == Orientation::Portrait;
                vec![
                    fold_grid_on(trim, opts, o, along_long_edge),
                    fold_grid_on(trim, opts, o, !along_long_edge),
                ]
            }
            Imposition::Sheet | Imposition::Single => vec![grid_on(trim, opts, o)],
        };
        for g in candidates {
            if best.as_ref().is_none_or(|b| g.per_page() > b.per_page()) {
                best = Some(g);
            }
        }
    }
    best.expect("one orientation at least")
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
    placed_by(art, Transform::translate(trim.x, trim.y), trim, bleed, tag)
}

/// An item's art placed on its `trim` by `transform` (which maps the art's
/// trim onto it), clipped to its bleed.
fn placed_by(art: Vec<Item>, transform: Transform, trim: Rect, bleed: Mm, tag: Tag) -> Item {
    Item::new(
        Shape::Group {
            transform,
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
    doc.machine_cut = opts.marks.by_machine();
    doc
}

/// How many items one sheet takes and how many pages it makes (its back
/// page too, when duplex): the pages of items `k * per_sheet` onwards start
/// at page `k * pages`, which lets a long run be imposed a stretch at a time.
pub fn sheet_shape(trim: Size, opts: &NupOptions) -> (usize, usize) {
    let per_sheet = match opts.imposition {
        Imposition::Single => 1,
        Imposition::Sheet | Imposition::GutterFold => grid(trim, opts).per_page(),
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
    let page = grid.page;
    // Design Space prints a Cricut image inside its frame, wherever the
    // printer's margin is: the image's art area is its safe area.
    let safe = cutter::art_area(opts.marks, page, opts.margin)
        .filter(|_| opts.marks == Marks::Cricut)
        .unwrap_or_else(|| Rect::from_origin_size(Point::default(), page).inset(opts.margin));
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
        let mut cuts = Vec::new();
        if opts.marks == Marks::Cricut {
            // The image's own outline, which Design Space cuts around a
            // printed image: it also lines the cut file up with the image.
            cuts.push(rect_path(Rect::from_origin_size(Point::default(), page)));
        }
        for (k, art) in slots.by_ref().take(grid.per_page()).enumerate() {
            let Some(art) = art else { continue };
            let at = grid.slots[k];
            used.push(at);
            if opts.marks.by_machine() {
                cuts.push(cut_path(&art.cut, at));
            }
            front.push(placed(art.front, at, opts.bleed, Tag::ItemFront { index }));
            if let Some(fold) = grid.fold {
                let back = fold.reflect(at);
                front.push(placed_by(
                    backs.share(&art.back),
                    fold.back_transform(back),
                    back,
                    opts.bleed,
                    Tag::ItemBack { index },
                ));
            } else if let Some(duplex) = opts.backs() {
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
        match grid.fold {
            Some(fold) => {
                front.extend(trim_marks(&used, opts, fold.fronts_side(safe), Some(fold)));
                front.extend(fold_and_glue(fold, opts, safe));
            }
            None if opts.marks == Marks::Silhouette => {
                front.extend(cutter::silhouette_marks(page));
                front.extend(opts.note.as_deref().and_then(|n| silhouette_note(n, page, safe)));
            }
            None => {
                front.extend(trim_marks(&used, opts, safe, None));
                front.extend(opts.note.as_deref().and_then(|n| margin_note(n, &used, opts, safe)));
            }
        }
        // A long run holds thousands of pages until it is written.
        front.shrink_to_fit();
        let mut sheet = Page::new(page, safe, front);
        sheet.cuts = cuts;
        pages.push(sheet);
        if opts.duplex.is_some() {
            pages.push(Page::new(page, safe, back));
        }
    }
    pages
}

/// The closed path of a rectangle.
fn rect_path(r: Rect) -> Vec<PathCmd> {
    vec![
        PathCmd::MoveTo(Point { x: r.x, y: r.y }),
        PathCmd::LineTo(Point { x: r.right(), y: r.y }),
        PathCmd::LineTo(Point {
            x: r.right(),
            y: r.bottom(),
        }),
        PathCmd::LineTo(Point { x: r.x, y: r.bottom() }),
        PathCmd::Close,
    ]
}

/// An item's cut path on the page: its own (`cut`, in its trim's
/// coordinates) moved to its trim `at`, or the trim's rectangle.
fn cut_path(cut: &[PathCmd], at: Rect) -> Vec<PathCmd> {
    if cut.is_empty() {
        return rect_path(at);
    }
    let t = Transform::translate(at.x, at.y);
    cut.iter().map(|c| c.mapped(&t)).collect()
}

/// A Silhouette sheet's print note: in the middle of the band between the
/// printer-safe area `safe` and the marks' inset line, at the bottom, clear
/// of the L marks' arms by [`cutter::MARK_CLEARANCE`]; turned up the
/// right-hand band when the bottom one is too short. `None` when neither
/// holds it.
fn silhouette_note(text: &str, page: Size, safe: Rect) -> Option<Item> {
    let face = FontFace::Sans;
    let long = face.measure(text, NOTE_PT) + NOTE_PAD * 2.0;
    let clear = cutter::SILHOUETTE_INSET + cutter::SILHOUETTE_LENGTH + cutter::MARK_CLEARANCE;
    // The middle of the band between the printer-safe margin and the inset.
    let band = (page.h - safe.bottom() + cutter::SILHOUETTE_INSET) / 2.0;
    let line = |at: Point, turn: Transform| {
        let text = note_style(face).item(
            text,
            Point {
                x: Mm::ZERO,
                y: face.cap_height(NOTE_PT) / 2.0,
            },
            Align::Centre,
            Tag::PrintNote,
        );
        Item::new(
            Shape::Group {
                transform: turn.then(&Transform::translate(at.x, at.y)),
                clip: None,
                items: vec![text],
            },
            Style::default(),
            Tag::PrintNote,
        )
    };
    if page.w - clear * 2.0 >= long {
        // The bottom band: clear of the bottom-left L.
        return Some(line(
            Point {
                x: page.w / 2.0,
                y: page.h - band,
            },
            Transform::IDENTITY,
        ));
    }
    (page.h - clear * 2.0 >= long).then(|| {
        line(
            Point {
                x: page.w - band,
                y: page.h / 2.0,
            },
            Transform::rotate(-90.0),
        )
    })
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
        front.extend(trim_marks(&[slot], opts, whole, None));
        let back = opts.backs().map(|duplex| {
            let at = duplex.back_of(slot, size);
            boxed(vec![placed(
                backs.share(&art.back),
                at,
                opts.bleed,
                Tag::ItemBack { index },
            )])
        });
        match back {
            Some(back) if opts.back_first => pages.extend([back, boxed(front)]),
            Some(back) => pages.extend([boxed(front), back]),
            None => pages.push(boxed(front)),
        }
    }
    pages
}

/// Crop marks in the margins around the used slots, and cut lines if asked,
/// within `safe`. Beside a gutter-fold sheet's `fold` there are none: the
/// marks on the other sides are in line with every cut, and the backs'
/// half holds the glue frame.
fn trim_marks(slots: &[Rect], opts: &NupOptions, safe: Rect, fold: Option<Fold>) -> Vec<Item> {
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
            if fold.is_none_or(|f| f.vertical) {
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
            if fold.is_none_or(|f| !f.vertical) {
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

/// A gutter-fold sheet's fold line and glue frame: the dashed line across
/// the printable area, and a hatched band along the outer edges of the
/// backs' half (where the fronts' half has its crop marks), never nearer
/// the art than [`MARK_GAP`]. The print note (how to print, fold, glue and
/// cut) stands in the band's far side, the hatching parted around it.
fn fold_and_glue(fold: Fold, opts: &NupOptions, safe: Rect) -> Vec<Item> {
    let mut out = vec![fold_line(fold, safe)];
    let (far, sides) = glue_frame(fold, safe);
    let colour = marks::GLUE_COLOUR;
    for side in sides {
        out.push(marks::hatch(side, marks::GLUE_HATCH, colour, Tag::GlueZone));
    }
    let face = FontFace::Sans;
    let room = if fold.vertical { far.h } else { far.w };
    let note = opts
        .note
        .as_deref()
        .filter(|n| face.measure(n, NOTE_PT) + NOTE_PAD * 4.0 <= room);
    let Some(note) = note else {
        out.push(marks::hatch(far, marks::GLUE_HATCH, colour, Tag::GlueZone));
        return out;
    };
    // The note in the middle of the far side, read along it (upwards beside
    // a vertical fold), the hatching on either side of it.
    let long = face.measure(note, NOTE_PT) + NOTE_PAD * 2.0;
    let centre = far.centre();
    let (before, after) = if fold.vertical {
        let (top, bottom) = (centre.y - long / 2.0, centre.y + long / 2.0);
        (
            Rect { h: top - far.y, ..far },
            Rect {
                y: bottom,
                h: far.bottom() - bottom,
                ..far
            },
        )
    } else {
        let (left, right) = (centre.x - long / 2.0, centre.x + long / 2.0);
        (
            Rect { w: left - far.x, ..far },
            Rect {
                x: right,
                w: far.right() - right,
                ..far
            },
        )
    };
    out.push(marks::hatch(before, marks::GLUE_HATCH, colour, Tag::GlueZone));
    out.push(marks::hatch(after, marks::GLUE_HATCH, colour, Tag::GlueZone));
    // The baseline that centres the line's cap height on the band.
    let text = note_style(face).item(
        note,
        Point {
            x: Mm::ZERO,
            y: face.cap_height(NOTE_PT) / 2.0,
        },
        Align::Centre,
        Tag::PrintNote,
    );
    let turn = if fold.vertical {
        Transform::rotate(-90.0)
    } else {
        Transform::IDENTITY
    };
    out.push(Item::new(
        Shape::Group {
            transform: turn.then(&Transform::translate(centre.x, centre.y)),
            clip: None,
            items: vec![text],
        },
        Style::default(),
        Tag::PrintNote,
    ));
    out
}

/// The dashed fold line, across the printable area `safe`.
fn fold_line(fold: Fold, safe: Rect) -> Item {
    let (from, to) = if fold.vertical {
        (Point::new(fold.at.0, safe.y.0), Point::new(fold.at.0, safe.bottom().0))
    } else {
        (Point::new(safe.x.0, fold.at.0), Point::new(safe.right().0, fold.at.0))
    };
    let mut line = marks::line(from, to, Tag::FoldLine);
    if let Some(stroke) = line.style.stroke.as_mut() {
        stroke.dash = FOLD_DASH.to_vec();
    }
    line
}

/// The glue frame's bands, [`MARK_LENGTH`] wide along the outer edges of
/// the backs' half of `safe`: its far side (parallel to the fold) whole,
/// and the two sides across the fold, stopping where the far side starts.
fn glue_frame(fold: Fold, safe: Rect) -> (Rect, [Rect; 2]) {
    let b = MARK_LENGTH;
    if fold.vertical {
        let half = Rect {
            x: fold.at,
            w: safe.right() - fold.at,
            ..safe
        };
        let far = Rect {
            x: half.right() - b,
            w: b,
            ..half
        };
        let top = Rect {
            h: b,
            w: half.w - b,
            ..half
        };
        let bottom = Rect {
            y: half.bottom() - b,
            ..top
        };
        (far, [top, bottom])
    } else {
        let half = Rect {
            y: fold.at,
            h: safe.bottom() - fold.at,
            ..safe
        };
        let far = Rect {
            y: half.bottom() - b,
            h: b,
            ..half
        };
        let left = Rect {
            w: b,
            h: half.h - b,
            ..half
        };
        let right = Rect {
            x: half.right() - b,
            ..left
        };
        (far, [left, right])
    }
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
