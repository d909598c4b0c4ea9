//! Rules for imposed sheets, read from the pages as composed: at least one
//! item fits a sheet, crop marks stay outside every item's art, every back
//! lands behind its front (turned over on a duplex printer, or folded on a
//! gutter-fold sheet's fold line), and every calibration cross behind its
//! target.

use std::collections::BTreeMap;

use crate::check::measure::{Measured, TOLERANCE, measure};
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Point, Rect, Size};
use crate::input::source::Source;
use crate::layout::print::Print;
use crate::print::{Duplex, Imposition, Marks, NupOptions};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::tag::{Face, Tag};

/// An imposed item as printed: its page, trim and bleed box on the page.
#[derive(Clone, Copy, Debug)]
struct Placed {
    page: usize,
    trim: Rect,
    /// Whether its art is turned half a turn (x and y both reversed).
    turned: bool,
}

fn placed(item: &Item) -> Option<(Rect, Rect)> {
    if let Shape::Group {
        transform,
        clip: Some(clip),
        ..
    } = &item.shape
    {
        let bleed = transform.apply_rect(clip);
        let b = -clip.x;
        Some((bleed.inset(b), bleed))
    } else {
        None
    }
}

/// Whether an imposed item's art is turned half a turn on the page.
fn turned(item: &Item) -> bool {
    matches!(&item.shape, Shape::Group { transform, .. } if transform.m[0] < 0.0 && transform.m[3] < 0.0)
}

/// What a page shows a cutting machine.
#[derive(Default)]
struct MachinePage {
    marks: Vec<Rect>,
    art: Vec<Rect>,
    cuts: Vec<Option<Rect>>,
}

/// A fold line as printed: across the sheet at `y`, or up it at `x`.
#[derive(Clone, Copy, Debug)]
struct FoldLine {
    vertical: bool,
    at: Mm,
}

/// What the sheet rules keep of a document's pages as they are read a run
/// at a time: where every item's front and back were placed, each page's
/// size, and the pages whose crop marks cross art.
#[derive(Default)]
struct Sheets {
    fronts: BTreeMap<u32, Placed>,
    backs: BTreeMap<u32, Placed>,
    sizes: Vec<Size>,
    /// Each page's fold lines.
    folds: Vec<Vec<FoldLine>>,
    /// Each page's cutting-machine marks (their boxes), items' art (their
    /// bleed boxes, fronts and backs) and cut paths (their boxes).
    machine: Vec<MachinePage>,
    /// Pages (from 0) with how many crop marks cross an item's art.
    marks_on_art: Vec<(usize, usize)>,
}

impl Sheets {
    /// The pages that hold fronts, in order, each once.
    fn front_pages(&self) -> Vec<usize> {
        let mut pages: Vec<usize> = self.fronts.values().map(|f| f.page).collect();
        pages.dedup();
        pages
    }

    fn read(doc: &Document) -> Sheets {
        let mut sheets = Sheets::default();
        for (first, run) in doc.runs() {
            for (k, p) in run.iter().enumerate() {
                sheets.add(first + k, p);
            }
        }
        sheets
    }

    fn add(&mut self, page: usize, p: &Page) {
        self.sizes.push(p.size);
        for item in &p.items {
            let (index, side) = match &item.tag {
                Tag::ItemFront { index } => (*index, &mut self.fronts),
                Tag::ItemBack { index } => (*index, &mut self.backs),
                _ => continue,
            };
            if let Some(trim_bleed) = placed(item) {
                side.insert(
                    index,
                    Placed {
                        page,
                        trim: trim_bleed.0,
                        turned: turned(item),
                    },
                );
            }
        }
        let mut folds = Vec::new();
        p.walk(&mut |item, t| {
            if item.tag == Tag::FoldLine
                && let Measured::Line(a, b) = measure(item, t)
            {
                let vertical = (a.x - b.x).0.abs() < (a.y - b.y).0.abs();
                let at = if vertical { (a.x + b.x) / 2.0 } else { (a.y + b.y) / 2.0 };
                folds.push(FoldLine { vertical, at });
            }
        });
        self.folds.push(folds);
        let mut machine = MachinePage {
            art: p.items.iter().filter_map(|it| placed(it).map(|p| p.1)).collect(),
            cuts: p
                .cuts
                .iter()
                .map(|c| Item::new(Shape::Path(c.clone()), Default::default(), Tag::Decoration).bbox())
                .collect(),
            ..MachinePage::default()
        };
        p.walk(&mut |item, t| {
            if item.tag == Tag::CutterMark
                && let Some(b) = item.bbox()
            {
                machine.marks.push(t.apply_rect(&b));
            }
        });
        self.machine.push(machine);
        // Crop marks never touch art.
        let arts: Vec<Rect> = p.items.iter().filter_map(|it| placed(it).map(|p| p.1)).collect();
        let mut bad = 0;
        p.walk(&mut |item, t| {
            if item.tag == Tag::CropMark
                && let Measured::Line(a, b) = measure(item, t)
            {
                let mark = Rect::from_corners(a, b);
                if arts.iter().any(|art| overlaps(art, &mark)) {
                    bad += 1;
                }
            }
        });
        if bad > 0 {
            self.marks_on_art.push((page, bad));
        }
    }
}

/// What fits a sheet when an item does not: the largest item with its bleed
/// (either way round), and the largest bleed that lets this item fit.
fn nup_fit_hint(opts: &NupOptions, trim: Size) -> String {
    let fold = opts.imposition == Imposition::GutterFold;
    let band = if opts.crop_marks || fold {
        crate::sheet::nup::MARK_GAP + crate::sheet::nup::MARK_LENGTH
    } else {
        Mm::ZERO
    };
    let page = opts.paper.portrait();
    let mut room = Size {
        w: page.w - (opts.margin + band) * 2.0,
        h: page.h - (opts.margin + band) * 2.0,
    };
    if fold {
        // The fronts' half of a sheet folded along its long edge.
        room.w = page.w / 2.0 - opts.margin - band - crate::sheet::nup::FOLD_GAP;
    }
    // The item's long side along the sheet's long side.
    let (long, short) = (trim.w.max(trim.h), trim.w.min(trim.h));
    let bleed = ((room.h - long).min(room.w - short) / 2.0).min(opts.bleed);
    let mut hint = format!(
        "{} of {} holds an item of at most {} x {} with its bleed",
        if fold { "half a sheet" } else { "a sheet" },
        opts.paper.name(),
        room.w,
        room.h
    );
    if bleed >= Mm::ZERO {
        hint.push_str(&format!(
            "; set print.bleed = {:.1} or less",
            crate::geom::floor_to(bleed, 0.1).0
        ));
    }
    if opts.crop_marks && !fold {
        hint.push_str(", turn crop marks off");
    }
    if fold {
        hint.push_str(", print two-sided (imposition = \"sheet\")");
    }
    hint + ", or use bigger paper (--paper a3)"
}

/// Checks an imposed document of `count` items of `trim` size.
pub fn check(source: &Source, doc: &Document, opts: &NupOptions, count: usize, trim: Size) -> Vec<Finding> {
    let mut out = Vec::new();
    let sheets = Sheets::read(doc);
    let fronts = &sheets.fronts;
    if fronts.len() < count {
        let cell = Size {
            w: trim.w + opts.bleed * 2.0,
            h: trim.h + opts.bleed * 2.0,
        };
        out.push(
            Finding::error(
                Code::NupFit,
                format!(
                    "{} of {count} item(s) were placed: an item with its bleed is {} x {}, more than a sheet of {} holds",
                    fronts.len(),
                    cell.w,
                    cell.h,
                    opts.paper.name()
                ),
                source.locate(Print::KEY.bleed),
            )
            .with_hint(nup_fit_hint(opts, trim)),
        );
        return out;
    }

    for &(i, bad) in &sheets.marks_on_art {
        out.push(
            Finding::error(
                Code::MarkTrim,
                format!("page {}: {bad} crop mark(s) cross an item's art", i + 1),
                source.locate(Print::KEY.crop_marks),
            )
            .with_hint("this is a bug in the imposition, not in the layout"),
        );
    }

    if opts.marks.by_machine() {
        out.extend(check_machine(source, &sheets, opts));
    }
    if opts.imposition == Imposition::GutterFold {
        out.extend(check_folds(source, &sheets));
    } else if let Some(duplex) = opts.backs() {
        let backs = &sheets.backs;
        for (index, front) in fronts {
            let size = sheets.sizes[front.page];
            // The back's page: the next one, or (a shop's back-first order)
            // the one before.
            let want_page = if opts.back_first {
                front.page.checked_sub(1)
            } else {
                Some(front.page + 1)
            };
            let problem = match backs.get(index) {
                None => Some("has no back".to_string()),
                Some(back) if Some(back.page) != want_page => Some(format!(
                    "has its back on page {} instead of {}",
                    back.page + 1,
                    want_page.map_or(0, |p| p + 1)
                )),
                Some(back) => {
                    let want = duplex.back_of(front.trim, size);
                    let off = (back.trim.x - want.x).abs().max((back.trim.y - want.y).abs());
                    (off.0 > TOLERANCE).then(|| format!("has its back {off} away from where it lands behind the front"))
                }
            };
            if let Some(p) = problem {
                out.push(
                    Finding::error(
                        Code::DuplexAlign,
                        format!("item {} {p}", index + 1),
                        source.locate(Print::KEY.duplex),
                    )
                    .with_hint("this is a bug in the imposition, not in the layout"),
                );
            }
        }
    }
    out
}

/// A gutter-fold sheet: each page that holds items has one fold line,
/// through its middle (so that its edges meet when folded), and every back
/// is on its front's page, where folding lays it on the front, its art
/// turned so that it reads upright when the item is turned like a book's
/// page (half a turn below a horizontal fold, as drawn beside a vertical one).
fn check_folds(source: &Source, sheets: &Sheets) -> Vec<Finding> {
    let mut out = Vec::new();
    let error = |message: String| {
        Finding::error(Code::DuplexAlign, message, source.locate(Print::KEY.imposition))
            .with_hint("this is a bug in the imposition, not in the layout")
    };
    for page in sheets.front_pages() {
        let size = sheets.sizes[page];
        match sheets.folds[page][..] {
            [fold] => {
                let middle = if fold.vertical { size.w / 2.0 } else { size.h / 2.0 };
                let off = (fold.at - middle).abs();
                if off.0 > TOLERANCE {
                    out.push(error(format!(
                        "page {}: the fold line is {off} from the middle of the sheet, so its edges do not meet when folded",
                        page + 1
                    )));
                }
            }
            ref folds => out.push(error(format!(
                "page {}: {} fold lines where a gutter-fold sheet has one",
                page + 1,
                folds.len()
            ))),
        }
    }
    for (index, front) in &sheets.fronts {
        let Some(fold) = sheets.folds[front.page].first() else {
            continue;
        };
        let problem = match sheets.backs.get(index) {
            None => Some("has no back".to_string()),
            Some(back) if back.page != front.page => Some(format!(
                "has its back on page {} instead of beside it on page {}",
                back.page + 1,
                front.page + 1
            )),
            Some(back) => {
                let want = if fold.vertical {
                    Rect {
                        x: fold.at * 2.0 - front.trim.x - front.trim.w,
                        ..front.trim
                    }
                } else {
                    Rect {
                        y: fold.at * 2.0 - front.trim.y - front.trim.h,
                        ..front.trim
                    }
                };
                let off = (back.trim.x - want.x).abs().max((back.trim.y - want.y).abs());
                if off.0 > TOLERANCE {
                    Some(format!(
                        "has its back {off} away from where folding lays it on the front"
                    ))
                } else if back.turned == fold.vertical || front.turned {
                    Some("has its back turned the wrong way: it would read upside down once folded".to_string())
                } else {
                    None
                }
            }
        };
        if let Some(p) = problem {
            out.push(error(format!("item {} {p}", index + 1)));
        }
    }
    out
}

/// A sheet cut by a machine: each front page has the marks of the machine's
/// convention at their places (Silhouette: the square and two L marks; a
/// Cricut image is no larger than Design Space prints and has none), no art
/// where the machine looks for them, and one cut path for each item on it,
/// inside the item's trim and centred on it (plus, on a Cricut image, the
/// image's outline first).
fn check_machine(source: &Source, sheets: &Sheets, opts: &NupOptions) -> Vec<Finding> {
    use crate::sheet::cutter;
    let mut out = Vec::new();
    let error = |message: String| {
        Finding::error(Code::CutterMarks, message, source.locate(Print::KEY.marks))
            .with_hint("this is a bug in the imposition, not in the layout")
    };
    for page in sheets.front_pages() {
        let size = sheets.sizes[page];
        let machine = &sheets.machine[page];
        let n = page + 1;
        if opts.marks == Marks::Silhouette {
            let (i, l, q) = (
                cutter::SILHOUETTE_INSET,
                cutter::SILHOUETTE_LENGTH,
                cutter::SILHOUETTE_SQUARE,
            );
            // The L marks' boxes hold their strokes' outer halves.
            let half = cutter::SILHOUETTE_THICKNESS / 2.0;
            let want = [
                Rect::from_origin_size(Point { x: i, y: i }, Size { w: q, h: q }),
                Rect::from_origin_size(
                    Point {
                        x: size.w - i - l,
                        y: i,
                    },
                    Size { w: l, h: l },
                )
                .inset(-half),
                Rect::from_origin_size(
                    Point {
                        x: i,
                        y: size.h - i - l,
                    },
                    Size { w: l, h: l },
                )
                .inset(-half),
            ];
            let found = |w: &Rect| machine.marks.iter().any(|m| same(m, w));
            let missing = want.iter().filter(|w| !found(w)).count();
            if missing > 0 || machine.marks.len() != want.len() {
                out.push(error(format!(
                    "page {n}: {} of the 3 Silhouette marks at their places ({} drawn)",
                    3 - missing,
                    machine.marks.len()
                )));
            }
            let near = machine
                .art
                .iter()
                .filter(|a| cutter::keep_outs(size).iter().any(|k| overlaps(a, k)))
                .count();
            if near > 0 {
                out.push(error(format!(
                    "page {n}: {near} item(s) reach into a corner the machine reads a mark in"
                )));
            }
        } else if size.w.max(size.h) > cutter::CRICUT_AREA.h + Mm(TOLERANCE)
            || size.w.min(size.h) > cutter::CRICUT_AREA.w + Mm(TOLERANCE)
        {
            out.push(error(format!(
                "page {n} is {} x {}, larger than Design Space prints for Print Then Cut",
                size.w, size.h
            )));
        }
        let fronts: Vec<Rect> = sheets
            .fronts
            .values()
            .filter(|f| f.page == page)
            .map(|f| f.trim)
            .collect();
        let mut cuts = machine.cuts.clone();
        if opts.marks == Marks::Cricut {
            let outline = Rect::from_origin_size(Point::default(), size);
            if cuts.first().copied().flatten().is_none_or(|c| !same(&c, &outline)) {
                out.push(error(format!(
                    "page {n}: the cut file does not start with the image's outline"
                )));
            }
            cuts.drain(..cuts.len().min(1));
        }
        let matched = fronts
            .iter()
            .filter(|t| cuts.iter().flatten().any(|c| fits(c, t)))
            .count();
        if matched != fronts.len() || cuts.len() != fronts.len() {
            out.push(error(format!(
                "page {n}: {} cut path(s) for {} item(s), {matched} of them on an item's trim",
                cuts.len(),
                fronts.len()
            )));
        }
    }
    out
}

/// Whether two rectangles are the same, within the checker's tolerance.
fn same(a: &Rect, b: &Rect) -> bool {
    [a.x - b.x, a.y - b.y, a.w - b.w, a.h - b.h]
        .iter()
        .all(|d| d.0.abs() <= TOLERANCE)
}

/// Whether a cut path's box `cut` belongs to an item's `trim`: inside it
/// and centred on it (a card's is its trim, a counter's disc is centred in
/// the slot of the sheet's largest counter).
fn fits(cut: &Rect, trim: &Rect) -> bool {
    let t = TOLERANCE;
    let (a, b) = (cut.centre(), trim.centre());
    cut.x.0 >= trim.x.0 - t
        && cut.y.0 >= trim.y.0 - t
        && cut.right().0 <= trim.right().0 + t
        && cut.bottom().0 <= trim.bottom().0 + t
        && (a.x - b.x).0.abs() <= t
        && (a.y - b.y).0.abs() <= t
}

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x.0 < b.right().0 - 1e-6
        && b.x.0 < a.right().0 - 1e-6
        && a.y.0 < b.bottom().0 - 1e-6
        && b.y.0 < a.bottom().0 - 1e-6
}

/// Checks that every calibration cross on the back lands behind its front target.
pub fn check_calibration(source: &Source, doc: &Document, duplex: &Duplex) -> Vec<Finding> {
    let mut centres: [Vec<(usize, Point)>; 2] = [Vec::new(), Vec::new()];
    for (i, page) in doc.pages.iter().enumerate() {
        page.walk(&mut |item, t| {
            if let Tag::CalibrationTarget { face } = item.tag
                && let Some(b) = item.bbox().map(|b| t.apply_rect(&b))
            {
                let k = match face {
                    Face::Front => 0,
                    Face::Back => 1,
                };
                centres[k].push((i, b.centre()));
            }
        });
    }
    let [fronts, backs] = centres;
    let mut out = Vec::new();
    if fronts.len() != backs.len() || fronts.is_empty() {
        out.push(Finding::error(
            Code::DuplexAlign,
            format!("{} front target(s) but {} back cross(es)", fronts.len(), backs.len()),
            Location::file(&source.path),
        ));
        return out;
    }
    for ((fp, f), (bp, b)) in fronts.iter().zip(&backs) {
        let want = duplex.back_of_point(*f, doc.pages[*fp].size);
        let off = Mm((b.x - want.x).0.abs().max((b.y - want.y).0.abs()));
        if *bp != fp + 1 || off.0 > TOLERANCE {
            out.push(
                Finding::error(
                    Code::DuplexAlign,
                    format!("a back cross is {off} away from behind its target"),
                    source.locate(Print::KEY.duplex),
                )
                .with_hint("this is a bug in the calibration sheet, not in the layout"),
            );
        }
    }
    out
}
