//! Text as it will be printed, measured by its ink (the boxes of its actual
//! glyphs, from the font's outlines, see [`ink`]): every text's ink lies inside the box
//! its builder set it in ([`Item::room`]), inside the trim of the card or
//! note it is printed on, and inside any clip around it, in every language;
//! and words broken by force because no line held them are reported (a
//! warning: nothing is lost, but the author should know).
//!
//! Text set from Markdown (a rule sheet's or a reference card's blocks) is
//! left to its component, which holds it to its column or card and names
//! the line of the `.md` file (`text-overflow`, `card-overflow`).
//!
//! A clip is a frame the text must fit, with one exception: a window onto a
//! larger drawing (a tiled board's piece, the assembly map, a rule sheet's
//! diagram) shows part of it by design. There a text wholly outside the
//! window is simply not shown; one cut by a window's edge is still an error,
//! but for the pieces of a tiled board, which cut through the board by
//! design and have their own rule (`tile-cut`).

use std::collections::BTreeMap;

use crate::check::measure::locate;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Mm, Rect, Transform};
use crate::input::source::Source;
use crate::scene::item::{Item, Shape, TextRun};
use crate::scene::page::{Document, Page};
use crate::scene::tag::Tag;
use crate::text::typeset::{FORCED_BREAK, unforced};

/// How far ink may reach past its limit and still be inside: float noise
/// and the width of a glyph's antialiased edge, far below what a cut or an
/// eye notices.
pub const INK_TOLERANCE: Mm = Mm(0.05);

/// The box a run's glyphs fill, on the page: the union of the glyphs' own
/// boxes, mapped by `t`; `None` for a run of spaces. Across the line it is
/// held to the pen's travel too: a glyph's overhang past its own pen (the
/// hook of a J, an oblique's tail) is the font's design, and hangs out of a
/// margin as it does in any book.
pub fn ink(run: &TextRun, t: &Transform) -> Option<Rect> {
    let boxes = run.font.ink_boxes(&run.text, run.size_pt, run.word_gap);
    let own = boxes
        .iter()
        .map(|&(x0, y0, x1, y1)| Rect {
            x: run.origin.x + x0,
            y: run.origin.y + y0,
            w: x1 - x0,
            h: y1 - y0,
        })
        .reduce(|a, b| a.union(&b))?;
    let x0 = own.x.max(run.origin.x);
    let x1 = own.right().min(run.origin.x + run.width).max(x0);
    Some(t.apply_rect(&Rect {
        x: x0,
        w: x1 - x0,
        ..own
    }))
}

/// What a text's ink must stay inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Limit {
    /// The box its builder set it in.
    Room,
    /// The trim of the card, note or slip it is printed on.
    Trim,
    /// A frame (a clip) around it.
    Clip,
}

impl Limit {
    fn what(self) -> &'static str {
        match self {
            Limit::Room => "the box it is set in",
            Limit::Trim => "the trim of the item it is printed on (it would be cut off)",
            Limit::Clip => "the frame it is drawn in (it is cut off)",
        }
    }
}

/// Where a text stands: the transform onto the page, the trim of the item
/// it is printed on, the frame clip around it, and whether a window (a
/// tile's piece, a diagram) shows it.
#[derive(Clone, Copy, Debug, Default)]
struct Around {
    t: Transform,
    trim: Option<Rect>,
    clip: Option<Rect>,
    /// The innermost clip is a window: a text wholly outside it is hidden.
    window: bool,
    /// Inside a tiled board's piece: cuts are the design.
    tile: bool,
}

/// Visits every text of `items` with what is around it.
fn texts<'a>(items: &'a [Item], around: Around, f: &mut dyn FnMut(&'a Item, &'a TextRun, &Around)) {
    for item in items {
        match &item.shape {
            Shape::Text(run) => f(item, run, &around),
            Shape::Group { transform, clip, items } => {
                let t = transform.then(&around.t);
                let mut inner = Around { t, ..around };
                if let Some(c) = clip {
                    let on_page = around.t.apply_rect(&transform.apply_rect(c));
                    inner.clip = Some(match around.clip {
                        Some(outer) => crate::scene::item::intersect(&outer, &on_page).unwrap_or(Rect {
                            w: Mm::ZERO,
                            h: Mm::ZERO,
                            ..on_page
                        }),
                        None => on_page,
                    });
                    match item.tag {
                        // An imposed item's clip is its bleed: its text must
                        // stay inside the trim, the bleed inset by the bleed.
                        Tag::ItemFront { .. } | Tag::ItemBack { .. } => {
                            inner.trim = Some(on_page.inset(Mm(-c.x.0.min(0.0))));
                            inner.window = false;
                        }
                        Tag::Tile { .. } | Tag::AssemblyMap => {
                            inner.tile = true;
                            inner.window = true;
                        }
                        _ => inner.window = true,
                    }
                }
                texts(items, inner, f);
            }
            Shape::Use { symbol, transform } => {
                let t = transform.then(&around.t);
                texts(&symbol.items, Around { t, ..around }, f);
            }
            _ => {}
        }
    }
}

/// One text's ink past one of its limits: its layout key and text (copied,
/// since the page it is on may be dropped before the findings are made).
struct Past {
    source: Option<String>,
    text: String,
    page: usize,
    over: Mm,
    ink: Rect,
    limit: Rect,
    /// The ink of every line of the key past this same limit (the lines of
    /// one text in one box): whether they run out at the top, the bottom or
    /// both says which change of the box would hold them.
    spread: Rect,
    /// How many characters to cut from the end of the text for its ink to
    /// fit the limit's width, counted on the font (0 when it fits).
    cut: usize,
    /// The size it is set at, in points.
    size_pt: f64,
}

/// How many characters cut from the end of `run`'s text make its ink fit
/// `width` (the whole text when none does), found by halving: a long
/// hostile text is measured a few dozen times, not once a character.
fn chars_to_cut(run: &TextRun, t: &Transform, width: Mm) -> usize {
    let chars: Vec<char> = run.text.chars().collect();
    let fits = |n: usize| {
        let kept: String = chars[..n].iter().collect();
        let kept = kept.trim_end();
        let shorter = TextRun {
            width: run.font.measure(kept, run.size_pt),
            text: kept.to_string(),
            ..run.clone()
        };
        ink(&shorter, t).is_none_or(|r| r.w.0 <= width.0 + INK_TOLERANCE.0)
    };
    // The most characters kept whose ink fits: `lo` fits, `hi` does not.
    let (mut lo, mut hi) = (0, chars.len());
    if fits(hi) {
        return 0;
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    chars.len() - lo
}

/// A length for a hint, rounded up to the next tenth of a millimetre: what
/// it asks for is then enough.
fn up_to_tenth(mm: f64) -> Mm {
    Mm(((mm - 1e-9) * 10.0).ceil() / 10.0)
}

/// The size at which a text too tall for its limit fits it, rounded down
/// to a quarter point: its ink shrinks with its size about the middle of
/// its box, as a label centred in it does (a line on a fixed baseline in a
/// box as tall as its font's lines fits by construction).
fn fitting_size(p: &Past) -> f64 {
    let mut k = p.limit.h.0 / p.ink.h.0;
    let middle = p.limit.y + p.limit.h / 2.0;
    let (up, down) = ((middle - p.ink.y).0, (p.ink.bottom() - middle).0);
    if up > 0.0 {
        k = k.min((p.limit.h / 2.0).0 / up);
    }
    if down > 0.0 {
        k = k.min((p.limit.h / 2.0).0 / down);
    }
    (p.size_pt * k * 4.0).floor() / 4.0
}

/// What fits: how many characters to cut from a text too wide for its
/// limit, that a text too tall needs a smaller size, or the height a box
/// needs for the lines that run out of it. Every change it proposes is one
/// that would hold the text; where no change of the box would (a line the
/// box holds but pitchprint placed past its edge), it says so.
fn room_hint(p: &Past, kind: Limit) -> String {
    let tol = INK_TOLERANCE.0;
    if p.ink.w.0 > p.limit.w.0 + tol {
        return format!(
            "it is {} wide and has {} there: shorten it by {} character(s), or give it a wider box or a smaller size",
            p.ink.w, p.limit.w, p.cut
        );
    }
    if p.ink.h.0 > p.limit.h.0 + tol {
        let size = fitting_size(p);
        return format!(
            "it is {} tall and has {} there: set it at {size} pt or smaller",
            p.ink.h, p.limit.h
        );
    }
    let above = p.limit.y.0 - p.spread.y.0;
    let below = p.spread.bottom().0 - p.limit.bottom().0;
    let lines_out = p.spread.h.0 > p.ink.h.0 + tol;
    if kind == Limit::Room && (below > tol || (above > tol && lines_out)) {
        // Lines that fit the box's width stand above or below it: the text
        // wrapped to more lines than the box holds. Lines centred down
        // their box run out at both ends, and need the box grown by both;
        // lines set from its top run out at the bottom only.
        let needed = if above > tol && below > tol {
            p.limit.h.0 + 2.0 * above.max(below)
        } else if below > tol {
            p.spread.bottom().0 - p.limit.y.0
        } else {
            p.limit.bottom().0 - p.spread.y.0
        };
        return format!(
            "the text runs to more lines than its {} x {} box holds: make the box about {} tall, set the text smaller, or shorten it",
            p.limit.w,
            p.limit.h,
            up_to_tenth(needed)
        );
    }
    if kind == Limit::Room {
        // One line, as tall as the box allows, placed past its edge: no
        // height of the box changes where pitchprint sets it.
        return format!(
            "its ink ({} tall) fits its {} x {} box but pitchprint placed it past the box's edge for this font: set it smaller, or report it with the font",
            p.ink.h, p.limit.w, p.limit.h
        );
    }
    format!(
        "it fits its {} x {} but stands past the edge: move it inside",
        p.limit.w, p.limit.h
    )
}

/// Every text whose ink reaches past its box, its item's trim or a frame
/// around it: one error per layout key and kind of limit, with the worst
/// case, how many texts, and the room there is. Pages are added a run at a
/// time ([`Overflows::add`]); what is kept between runs is one text per key.
#[derive(Default)]
pub struct Overflows {
    worst: BTreeMap<(Option<String>, Limit), (usize, Past)>,
}

impl Overflows {
    /// Measures the texts of `pages`, the first of them page `first` (from 0).
    pub fn add(&mut self, pages: &[Page], first: usize) {
        for (k, p) in pages.iter().enumerate() {
            texts(&p.items, Around::default(), &mut |item, run, around| {
                let Some((kind, limit, over, ink)) = past_limit(item, run, around) else {
                    return;
                };
                let entry = self.worst.entry((item.source.as_deref().map(str::to_string), kind));
                // Only the worst text of a key is kept, copied, with the
                // spread of the lines past the same box as it.
                let past = |spread: Rect| Past {
                    source: item.source.as_deref().map(str::to_string),
                    text: run.text.clone(),
                    page: first + k,
                    over,
                    ink,
                    limit,
                    spread,
                    size_pt: run.size_pt,
                    cut: if ink.w.0 > limit.w.0 + INK_TOLERANCE.0 {
                        chars_to_cut(run, &around.t, limit.w)
                    } else {
                        0
                    },
                };
                match entry {
                    std::collections::btree_map::Entry::Vacant(v) => {
                        v.insert((1, past(ink)));
                    }
                    std::collections::btree_map::Entry::Occupied(mut o) => {
                        let e = o.get_mut();
                        e.0 += 1;
                        let same_box = e.1.limit == limit && e.1.page == first + k;
                        if over.0 > e.1.over.0 {
                            e.1 = past(if same_box { e.1.spread.union(&ink) } else { ink });
                        } else if same_box {
                            e.1.spread = e.1.spread.union(&ink);
                        }
                    }
                }
            });
        }
    }

    /// The findings, page numbers given when the document has `many` pages.
    pub fn findings(self, source: &Source, many: bool) -> Vec<Finding> {
        self.worst
            .into_iter()
            .map(|((key, kind), (count, p))| {
                let page = if many {
                    format!("page {}: ", p.page + 1)
                } else {
                    String::new()
                };
                let more = if count > 1 {
                    format!(" ({count} lines of text at this key reach past theirs)")
                } else {
                    String::new()
                };
                Finding::error(
                    Code::TextBox,
                    format!(
                        "{page}the ink of \"{}\" reaches {} past {}{more}",
                        p.text.escape_debug(),
                        p.over,
                        kind.what()
                    ),
                    locate(source, key.as_deref().or(p.source.as_deref())),
                )
                .with_hint(room_hint(&p, kind))
            })
            .collect()
    }
}

/// [`Overflows`] over every page of `doc`.
pub fn check(source: &Source, doc: &Document) -> Vec<Finding> {
    let mut overflows = Overflows::default();
    for (first, run) in doc.runs() {
        overflows.add(&run, first);
    }
    overflows.findings(source, doc.page_count() > 1)
}

/// The tightest limit a text's ink passes, if any: the limit, the rectangle
/// it is, how far past it the ink reaches, and the ink.
fn past_limit(item: &Item, run: &TextRun, around: &Around) -> Option<(Limit, Rect, Mm, Rect)> {
    // Text set from Markdown is held to its column or card by its
    // component, which names the line of the .md file.
    if item.tag.block().is_some() {
        return None;
    }
    let ink = ink(run, &around.t)?;
    let mut limits: Vec<(Limit, Rect)> = Vec::new();
    if let Some(room) = item.room {
        limits.push((Limit::Room, around.t.apply_rect(&room)));
    }
    if let Some(trim) = around.trim {
        limits.push((Limit::Trim, trim));
    }
    if let Some(clip) = around.clip.filter(|_| !around.tile) {
        let hidden = ink.right() <= clip.x || ink.x >= clip.right() || ink.bottom() <= clip.y || ink.y >= clip.bottom();
        if !(hidden && around.window) {
            limits.push((Limit::Clip, clip));
        }
    }
    // The tightest limit it passes, the box first: one finding per text,
    // about the limit its builder meant.
    limits
        .into_iter()
        .map(|(kind, limit)| (kind, limit, limit.overflow_of(&ink)))
        .find(|(_, _, over)| over.0 > INK_TOLERANCE.0)
        .map(|(kind, limit, over)| (kind, limit, over, ink))
}

/// How many runs of other texts the rest of a broken word may be drawn
/// after (a page's folio and running title, another card's words).
const LOOK_AHEAD: usize = 64;

/// A word broken by force: the block of Markdown it belongs to (for texts
/// set from a `.md` file), the page and item of its first piece, and the
/// whole word.
#[derive(Clone, Debug)]
pub struct Forced<'a> {
    /// The Markdown block, from the run's tag, when the text has one.
    pub block: Option<u32>,
    /// The page its first piece is on, from 0.
    pub page: usize,
    /// The run where the word starts.
    pub item: &'a Item,
    /// The word, its pieces joined (without the marks).
    pub word: String,
}

/// Every word broken by force on `pages`, in drawing order: a run ending in
/// a forced break's mark ([`unforced`]) starts one, and the next runs of the
/// same block carry its rest (their first word, up to a run that does not
/// end in the mark), on the next page too.
pub fn forced_words(pages: &[Page]) -> Vec<Forced<'_>> {
    let mut runs: Vec<(usize, &Item, &str)> = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        page.walk(&mut |item, _| {
            if let Shape::Text(run) = &item.shape {
                runs.push((i, item, run.text.as_str()));
            }
        });
    }
    let mut out = Vec::new();
    // Runs already read as the rest of a word.
    let mut taken = vec![false; runs.len()];
    for k in 0..runs.len() {
        let (page, item, text) = runs[k];
        if taken[k] {
            continue;
        }
        let Some(head) = unforced(text) else {
            continue;
        };
        let block = item.tag.block();
        let mut word = head.rsplit(' ').next().unwrap_or(&head).to_string();
        // The rest of the word is the next run of the same text, past the
        // other texts drawn in between (a page's folio and running title).
        let same = |next: &Item| next.tag.block() == block && next.source == item.source;
        let mut j = k + 1;
        let mut last = k;
        while let Some(&(_, next, text)) = runs.get(j) {
            if !same(next) {
                if j - last > LOOK_AHEAD {
                    break;
                }
                j += 1;
                continue;
            }
            taken[j] = true;
            last = j;
            let first = text.split(' ').next().unwrap_or(text);
            match unforced(first) {
                Some(more) if !text.contains(' ') => {
                    word.push_str(&more);
                    j += 1;
                }
                _ => {
                    word.push_str(first);
                    break;
                }
            }
        }
        out.push(Forced {
            block,
            page,
            item,
            word,
        });
    }
    out
}

/// `word` for a message: a long one cut short.
pub fn shown(word: &str) -> String {
    const MAX: usize = 60;
    if word.chars().count() <= MAX {
        return word.to_string();
    }
    let head: String = word.chars().take(MAX - 1).collect();
    format!("{head}…")
}

/// Words broken by force in texts that are not set from Markdown (labels,
/// notes): a warning at the layout key that sets the text, once per key and
/// word. Pages are added a run at a time ([`ForcedLabels::add`]).
#[derive(Default)]
pub struct ForcedLabels {
    seen: std::collections::BTreeSet<(Option<String>, String)>,
    found: Vec<(Option<String>, String, usize)>,
}

impl ForcedLabels {
    /// Reads the words broken by force on `pages`, the first of them page
    /// `first` (from 0).
    pub fn add(&mut self, pages: &[Page], first: usize) {
        for f in forced_words(pages) {
            let key = f.item.source.as_deref().map(str::to_string);
            if f.block.is_none() && self.seen.insert((key.clone(), f.word.clone())) {
                self.found.push((key, f.word, first + f.page));
            }
        }
    }

    /// The warnings, page numbers given when the document has `many` pages.
    pub fn findings(self, source: &Source, many: bool) -> Vec<Finding> {
        self.found
            .into_iter()
            .map(|(key, word, page)| {
                let page_label = if many {
                    format!("page {}: ", page + 1)
                } else {
                    String::new()
                };
                Finding::warning(
                    Code::TextForced,
                    format!(
                        "{page_label}the word \"{}\" is wider than the box it is set in: it is broken by force, its line ending in {FORCED_BREAK}",
                        shown(&word)
                    ),
                    locate(source, key.as_deref()),
                )
                .with_hint("shorten it, or write it with a space or a hyphen where it may break")
            })
            .collect()
    }
}
