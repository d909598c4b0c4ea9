//! Rule sheets: the title across the page, then headings, justified and
//! hyphenated paragraphs, lists and diagrams flowing through one or two columns
//! and as many pages as they need, with a running title and page numbers.
//!
//! A heading never ends a column (it keeps two lines of what follows, or the
//! whole figure when a figure follows it), and a
//! paragraph split between columns leaves at least two lines on each side: no
//! widows, no orphans. A diagram stays with its caption, and a boxed aside
//! (a quick reference) stays whole, each in one column.

use crate::color::Color;
use crate::components::rule_sheet::layout::{RuleSheet, Sheet};
use crate::geom::{Mm, Orientation, Paper, Point, Rect};
use crate::markdown::{Block, Located, Span};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::text::typeset::{self, Hyphens, Line};
use crate::text::{self, Align, TextStyle};

/// The gap between columns.
const GUTTER: Mm = Mm(7.0);
/// Room above the text for the running title, and below for the page number.
const HEAD: Mm = Mm(12.0);
const FOOT: Mm = Mm(10.0);
/// Space after a paragraph, and before a heading.
const PARA_GAP: Mm = Mm(2.2);
const HEADING_GAP: Mm = Mm(4.0);
/// Hanging indent of list items.
const ITEM_INDENT: Mm = Mm(5.0);
/// No widows, no orphans: a paragraph split between columns leaves at least
/// this many lines on each side, and a heading keeps this many of what
/// follows.
const KEEP_LINES: usize = 2;
/// Side margins inside the safe area: generous, because a sheet is read, and
/// held by its edges.
const SIDE_MARGIN: Mm = Mm(10.0);
/// Body leading, as a multiple of the text size: open enough for a sheet read
/// at arm's length across the table.
const LEADING: f64 = 1.32;
/// A body line's baseline, as a share of the leading from the line's top.
const BASELINE: f64 = 0.78;
/// The title's size in points: it is read from across the table.
const TITLE_PT: f64 = 20.0;
/// The title's leading, as a multiple of its size: tight, since it is short.
const TITLE_LEADING: f64 = 1.2;
/// Space between the title and the columns below it.
const AFTER_TITLE: Mm = Mm(5.0);
/// Headings are this many times the body size.
const HEADING_SCALE: f64 = 1.3;
/// Heading leading, as a multiple of the heading size.
const HEADING_LEADING: f64 = 1.25;
/// A heading line's baseline, as a share of its leading from its top.
const HEADING_BASELINE: f64 = 0.8;
/// Space after a heading: less than before it, so it stays with what it
/// introduces.
const AFTER_HEADING: Mm = Mm(1.0);
/// Space after a list item: less than after a paragraph, so a list reads as
/// one block.
const AFTER_ITEM: Mm = Mm(1.0);
/// A diagram starts this far below the text above it...
const BEFORE_DIAGRAM: Mm = Mm(1.0);
/// ...and leaves this much space after it.
const AFTER_DIAGRAM: Mm = Mm(4.0);
/// A figure is drawn down to this share of its column's width to stay
/// under the text it follows (a cover's last section on Letter paper),
/// rather than move to the next page and leave this one half empty.
const DIAGRAM_MIN_SCALE: f64 = 0.7;
/// A caption is set this many times the body size, in the oblique face: it
/// reads as belonging to the figure, not to the text around it.
const CAPTION_SCALE: f64 = 0.9;
/// From the bottom of a diagram to the top of its caption.
const BEFORE_CAPTION: Mm = Mm(1.5);
/// An aside's frame: its padding, the ink it is tinted with (a share of
/// the sheet's ink in white) and its rule.
const ASIDE_PAD: Mm = Mm(3.0);
const ASIDE_TINT: f64 = 0.93;
const ASIDE_RULE: Mm = Mm(0.3);
/// Space between the blocks inside an aside: a list item, a paragraph.
const ASIDE_ITEM_GAP: Mm = Mm(0.6);
const ASIDE_PARA_GAP: Mm = Mm(1.5);
/// Space before an aside that follows text, and after it.
const AROUND_ASIDE: Mm = Mm(3.0);
/// The running title and page numbers: small, out of the reader's way.
const FOLIO_PT: f64 = 8.0;
/// The running title's baseline below the top of the safe area.
const RUNNING_TITLE_DROP: Mm = Mm(5.0);
/// The page number's baseline above the bottom of the safe area.
const FOLIO_RISE: Mm = Mm(3.0);
/// How far the running title and page numbers fade towards white: they
/// guide, the text is what is read.
const FOLIO_FADE: f64 = 0.35;

/// The sheet's text area on every page, split into columns.
struct Frame {
    size: crate::geom::Size,
    safe: Rect,
    area: Rect,
    columns: Vec<Rect>,
}

struct Flow<'a> {
    sheet: &'a RuleSheet,
    frame: Frame,
    pages: Vec<Vec<Item>>,
    col: usize,
    y: Mm,
    /// Where the columns start on the current page (below the title on page 1).
    top: Mm,
    hyphens: Hyphens,
    leading: Mm,
    title: String,
    /// The block being set (its place in the source).
    block: u32,
}

impl Flow<'_> {
    fn column(&self) -> Rect {
        self.frame.columns[self.col]
    }

    fn bottom(&self) -> Mm {
        self.frame.area.bottom()
    }

    fn next_column(&mut self) {
        self.col += 1;
        if self.col == self.frame.columns.len() {
            self.col = 0;
            self.pages.push(Vec::new());
            self.top = self.frame.area.y;
        }
        self.y = self.top;
    }

    fn at_top(&self) -> bool {
        (self.y - self.top).0.abs() < 1e-6
    }

    fn push(&mut self, item: Item) {
        if let Some(page) = self.pages.last_mut() {
            page.push(item);
        }
    }

    /// A paragraph of body text set in lines of `width`: the sheet's size,
    /// hyphens and fonts.
    fn body(&self, spans: &[Span], width: Mm) -> Vec<Line> {
        typeset::set(
            spans,
            self.sheet.size,
            width,
            Mm::ZERO,
            &self.hyphens,
            &self.sheet.fonts,
        )
    }

    /// Draws one set line of body text with its baseline at `baseline`, from `x`.
    fn line(&mut self, line: &Line, x: Mm, baseline: Mm, size: f64) {
        self.run(line, x, baseline, size, Tag::BodyText { block: self.block });
    }

    /// Draws one set line tagged `tag`.
    fn run(&mut self, line: &Line, x: Mm, baseline: Mm, size: f64, tag: Tag) {
        let mut cx = x;
        for piece in &line.pieces {
            let spaces = piece.text.matches(' ').count() as f64;
            let mut run = text::line(&piece.text, piece.font, size, Point { x: cx, y: baseline }, Align::Left);
            run.word_gap = line.word_gap;
            run.width += line.word_gap * spaces;
            cx += run.width;
            for item in crate::icons::run_items(run, self.sheet.colour, &tag) {
                self.push(item.from_key(Sheet::KEY.size));
            }
        }
    }

    /// Places lines in the columns, two at least on each side of a column
    /// break: a paragraph that cannot split so moves whole to the next column.
    fn lines(&mut self, lines: &[Line], indent: Mm, size: f64, marker: Option<&str>) {
        let mut rest = lines;
        let mut first = true;
        while !rest.is_empty() {
            let room = ((self.bottom() - self.y).0 / self.leading.0 + 1e-9).floor().max(0.0) as usize;
            let take = if rest.len() <= room {
                rest.len()
            } else if rest.len() < KEEP_LINES * 2 || room < KEEP_LINES {
                if !self.at_top() {
                    self.next_column();
                    continue;
                }
                // Even an empty column cannot take it whole: set what fits.
                room.max(1).min(rest.len())
            } else {
                // No hyphen at the foot of a column: the broken word's line
                // goes over too, while two lines stay behind.
                let mut take = room.min(rest.len() - KEEP_LINES);
                while take > KEEP_LINES && rest[take - 1].ends_with_hyphen() {
                    take -= 1;
                }
                if rest[take - 1].ends_with_hyphen() && !self.at_top() {
                    self.next_column();
                    continue;
                }
                take
            };
            self.place(&rest[..take], indent, size, if first { marker } else { None });
            rest = &rest[take..];
            first = false;
            if !rest.is_empty() {
                self.next_column();
            }
        }
    }

    fn place(&mut self, lines: &[Line], indent: Mm, size: f64, marker: Option<&str>) {
        let x = self.column().x + indent;
        for (k, l) in lines.iter().enumerate() {
            let baseline = self.y + self.leading * BASELINE;
            if k == 0
                && let Some(m) = marker
            {
                let at = Point {
                    x: self.column().x,
                    y: baseline,
                };
                let body = TextStyle::new(self.sheet.fonts.regular, size, self.sheet.colour);
                self.push(body.item(m, at, Align::Left, Tag::BodyText { block: self.block }));
            }
            self.line(l, x, baseline, size);
            self.y += self.leading;
        }
    }
}

/// Lines set flush left: their word spaces at natural width, or narrower
/// where the breaks were found by shrinking them (a line is never wider
/// than its measure).
/// The fewest lines of a block that [`Flow::lines`] sets at the foot of a
/// column before going on in the next: the whole of a block too short to
/// split, else [`KEEP_LINES`], or more while the last of them would end in
/// a hyphen. A heading keeps this much of what follows in its column.
fn first_piece(lines: &[Line]) -> usize {
    let n = lines.len();
    if n < KEEP_LINES * 2 {
        return n;
    }
    (KEEP_LINES..=n - KEEP_LINES)
        .find(|&m| !lines[m - 1].ends_with_hyphen())
        .unwrap_or(n)
}

fn ragged(lines: Vec<Line>) -> Vec<Line> {
    lines
        .into_iter()
        .map(|l| Line {
            word_gap: l.word_gap.min(Mm::ZERO),
            ..l
        })
        .collect()
}

fn frame(sheet: &RuleSheet) -> Frame {
    let paper = Paper {
        size: sheet.page.paper,
        orientation: Orientation::Portrait,
    };
    let size = paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(sheet.page.margin);
    let area = Rect {
        x: safe.x + SIDE_MARGIN,
        y: safe.y + HEAD,
        w: safe.w - SIDE_MARGIN * 2.0,
        h: safe.h - HEAD - FOOT,
    };
    let count = column_count(sheet.columns, area.w);
    let n = count as f64;
    let col_w = (area.w - GUTTER * (n - 1.0)) / n;
    let columns = (0..count)
        .map(|k| Rect {
            x: area.x + (col_w + GUTTER) * k as f64,
            y: area.y,
            w: col_w,
            h: area.h,
        })
        .collect();
    Frame {
        size,
        safe,
        area,
        columns,
    }
}

/// The widest text area the declared columns are written for: A4's or
/// Letter's, whichever is wider (Letter, 216 mm less the margins).
const DECLARED_FOR: Mm = Mm(216.0 - 2.0 * 5.0 - 2.0 * 10.0);

/// How many columns a sheet declared with `declared` columns is set in on a
/// text area `width` wide. One column is a choice (long words, wide
/// tables) and stays one; two columns keep their measure on wider paper:
/// an A3 page gets three columns of about 87 mm, not two of 133 mm, whose
/// lines are too long to read and whose diagrams grow to fill them.
pub fn column_count(declared: u32, width: Mm) -> u32 {
    if declared < 2 {
        return declared;
    }
    let measure = (DECLARED_FOR.0 - GUTTER.0 * f64::from(declared - 1)) / f64::from(declared);
    let fits = ((width.0 + GUTTER.0) / (measure + GUTTER.0) + 0.25).floor() as u32;
    fits.max(declared)
}

/// The width each column gives diagrams.
pub fn column_width(sheet: &RuleSheet) -> Mm {
    frame(sheet).columns[0].w
}

impl Flow<'_> {
    /// The title, across the whole text area above the columns.
    fn title(&mut self, t: &str) {
        let size = TITLE_PT;
        let plain = [Span {
            text: t.to_string(),
            bold: true,
            italic: false,
        }];
        let lines = typeset::set(
            &plain,
            size,
            self.frame.area.w,
            Mm::ZERO,
            &Hyphens::for_code(""),
            &self.sheet.fonts,
        );
        let mut y = self.y;
        for l in &lines {
            let ragged = Line {
                word_gap: Mm::ZERO,
                ..l.clone()
            };
            let baseline = y + self.sheet.fonts.bold.ascent(size);
            self.line(&ragged, self.frame.area.x, baseline, size);
            y += Mm::from_pt(size * TITLE_LEADING);
        }
        self.title = t.to_string();
        self.top = y + AFTER_TITLE;
        self.y = self.top;
    }

    /// A heading, ragged, kept with `keep` of what follows: two lines, or
    /// the whole figure (and its caption) when one comes next, which moves to
    /// the next column whole and would leave the heading alone at the foot.
    fn heading(&mut self, h: &str, keep: Mm) {
        let heading_size = self.sheet.size * HEADING_SCALE;
        let col_w = self.column().w;
        let spans = [Span {
            text: h.to_string(),
            bold: true,
            italic: false,
        }];
        // Ragged, but a line that fits only with its spaces narrowed keeps
        // them narrowed: set at their natural width it would run out of the
        // column ("Cómo golpea el balón cada puesto" on A3).
        let lines = ragged(typeset::set(
            &spans,
            heading_size,
            col_w,
            Mm::ZERO,
            &Hyphens::for_code(""),
            &self.sheet.fonts,
        ));
        let h_lead = Mm::from_pt(heading_size * HEADING_LEADING);
        let gap = if self.at_top() { Mm::ZERO } else { HEADING_GAP };
        if self.y + gap + h_lead * lines.len() as f64 + AFTER_HEADING + keep > self.bottom() {
            self.next_column();
        } else {
            self.y += gap;
        }
        for l in &lines {
            let baseline = self.y + h_lead * HEADING_BASELINE;
            self.line(l, self.column().x, baseline, heading_size);
            self.y += h_lead;
        }
        self.y += AFTER_HEADING;
    }

    /// The caption of a figure, set in its column: its lines, their leading,
    /// and the height they take under the figure.
    fn caption_lines(&self, caption: &[Span]) -> (Vec<Line>, Mm, Mm) {
        let caption_size = self.sheet.size * CAPTION_SCALE;
        let oblique: Vec<Span> = caption
            .iter()
            .map(|s| Span {
                italic: !s.bold,
                ..s.clone()
            })
            .collect();
        let lines = ragged(typeset::set(
            &oblique,
            caption_size,
            self.column().w,
            Mm::ZERO,
            &self.hyphens,
            &self.sheet.fonts,
        ));
        let lead = Mm::from_pt(caption_size * LEADING);
        let height = if lines.is_empty() {
            Mm::ZERO
        } else {
            BEFORE_CAPTION + lead * lines.len() as f64
        };
        (lines, lead, height)
    }

    /// The least height a figure takes in its column, its caption included:
    /// drawn as small as [`DIAGRAM_MIN_SCALE`] lets it be, which is what a
    /// heading above it must keep in its column.
    fn diagram_height(&self, name: &str, caption: &[Span]) -> Mm {
        let (_, h) = self.sheet.sources.diagram(name, self.column().w * DIAGRAM_MIN_SCALE);
        BEFORE_DIAGRAM + h + self.caption_lines(caption).2
    }

    /// The width to draw a figure at from the flow's place on: its column's
    /// width when it fits there, else the widest down to
    /// [`DIAGRAM_MIN_SCALE`] of it that fits, else the column's width (it
    /// goes to the next column whole).
    fn diagram_width(&self, name: &str, caption_h: Mm, after: Mm) -> Mm {
        let full = self.column().w;
        let room = self.bottom() - self.y - BEFORE_DIAGRAM - caption_h;
        let height = |w: Mm| self.sheet.sources.diagram(name, w).1;
        let h = height(full);
        if h <= room || h.0 <= 0.0 {
            return full;
        }
        // Drawn smaller, it leaves room for what must follow it here.
        let room = room - AFTER_DIAGRAM - after;
        if room.0 <= 0.0 {
            return full;
        }
        // A figure's height follows its width; a few steps down settle a
        // drawing whose margins do not scale with it.
        let mut w = full * (room.0 / h.0);
        for _ in 0..4 {
            if w < full * DIAGRAM_MIN_SCALE {
                return full;
            }
            if height(w) <= room {
                return w;
            }
            w = w * 0.98;
        }
        full
    }

    /// A diagram, whole in one column, with its caption under it; drawn a
    /// little smaller (centred) rather than leave the rest of a column
    /// empty, keeping `after` for the first lines of the text that follows.
    fn diagram(&mut self, name: &str, caption: &[Span], after: Mm) {
        let caption_size = self.sheet.size * CAPTION_SCALE;
        let (lines, caption_lead, caption_h) = self.caption_lines(caption);
        let mut w = self.diagram_width(name, caption_h, after);
        let mut drawn = self.sheet.sources.diagram(name, w);
        if self.y + BEFORE_DIAGRAM + drawn.1 + caption_h > self.bottom() && !self.at_top() {
            self.next_column();
            w = self.column().w;
            drawn = self.sheet.sources.diagram(name, w);
        }
        let (items, h) = drawn;
        let dx = self.column().x;
        let dy = self.y + BEFORE_DIAGRAM;
        let group = Item::new(
            Shape::Group {
                transform: crate::geom::Transform::translate(dx + (self.column().w - w) * 0.5, dy),
                clip: None,
                items,
            },
            Style::default(),
            Tag::Diagram,
        );
        self.push(group);
        self.y = dy + h + if lines.is_empty() { Mm::ZERO } else { BEFORE_CAPTION };
        for l in &lines {
            let baseline = self.y + caption_lead * BASELINE;
            self.run(l, dx, baseline, caption_size, Tag::Caption { block: self.block });
            self.y += caption_lead;
        }
        self.y += AFTER_DIAGRAM;
    }

    /// A boxed aside (a quick reference): its paragraphs and list items set
    /// inside a tinted frame, the whole box in one column.
    fn aside(&mut self, blocks: &[Located]) {
        let size = self.sheet.size;
        let inner = self.column().w - ASIDE_PAD * 2.0;
        // Each block's lines, its marker and the space after it.
        let mut set: Vec<(Vec<Line>, Option<String>, Mm)> = Vec::new();
        for b in blocks {
            match &b.block {
                Block::Item(number, spans) => {
                    let lines = self.body(spans, inner - ITEM_INDENT);
                    let marker = number.map_or_else(|| "•".to_string(), |n| format!("{n}."));
                    set.push((lines, Some(marker), ASIDE_ITEM_GAP));
                }
                Block::Paragraph(spans) => {
                    let lines = self.body(spans, inner);
                    set.push((lines, None, ASIDE_PARA_GAP));
                }
                // The parser lets nothing else into an aside.
                _ => {}
            }
        }
        if let Some(last) = set.last_mut() {
            last.2 = Mm::ZERO;
        }
        let h = ASIDE_PAD * 2.0
            + set
                .iter()
                .map(|(lines, _, gap)| self.leading * lines.len() as f64 + *gap)
                .fold(Mm::ZERO, |a, b| a + b);
        let before = if self.at_top() { Mm::ZERO } else { AROUND_ASIDE };
        if self.y + before + h > self.bottom() && !self.at_top() {
            self.next_column();
        } else {
            self.y += before;
        }
        let frame = Rect {
            x: self.column().x,
            y: self.y,
            w: self.column().w,
            h,
        };
        self.push(Item::new(
            Shape::Rect(frame),
            Style {
                stroke: Some(Stroke::solid(ASIDE_RULE, self.sheet.colour)),
                fill: Some(self.sheet.colour.mix(Color::WHITE, ASIDE_TINT)),
            },
            Tag::Aside,
        ));
        self.y += ASIDE_PAD;
        let x = frame.x + ASIDE_PAD;
        let body = TextStyle::new(self.sheet.fonts.regular, size, self.sheet.colour);
        for (lines, marker, gap) in &set {
            let indent = if marker.is_some() { ITEM_INDENT } else { Mm::ZERO };
            for (k, l) in lines.iter().enumerate() {
                let baseline = self.y + self.leading * BASELINE;
                if k == 0
                    && let Some(m) = marker
                {
                    let at = Point { x, y: baseline };
                    self.push(body.item(m, at, Align::Left, Tag::BodyText { block: self.block }));
                }
                self.line(l, x + indent, baseline, size);
                self.y += self.leading;
            }
            self.y += *gap;
        }
        self.y = frame.bottom() + AROUND_ASIDE;
    }

    /// The pages, with the running title (after the first) and page numbers,
    /// now that the number of pages is known.
    fn into_document(self) -> Document {
        let total = self.pages.len();
        let muted = self.sheet.colour.mix(Color::WHITE, FOLIO_FADE);
        let folio_style = TextStyle::new(self.sheet.fonts.regular, FOLIO_PT, muted);
        let Flow {
            pages, frame, title, ..
        } = self;
        let pages = pages
            .into_iter()
            .enumerate()
            .map(|(i, mut items)| {
                if i > 0 {
                    let at = Point {
                        x: frame.area.x,
                        y: frame.safe.y + RUNNING_TITLE_DROP,
                    };
                    items.push(folio_style.label(&title, at, Align::Left));
                }
                let folio = format!("{} / {total}", i + 1);
                let at = Point {
                    x: frame.area.x + frame.area.w / 2.0,
                    y: frame.safe.bottom() - FOLIO_RISE,
                };
                items.push(folio_style.label(&folio, at, Align::Centre));
                for (k, c) in frame.columns.iter().enumerate() {
                    items.push(Item::new(
                        Shape::Rect(*c),
                        Style::default(),
                        Tag::Column { index: k as u8 },
                    ));
                }
                Page::new(frame.size, frame.safe, items)
            })
            .collect();
        Document::new(title, pages)
    }
}

/// Composes the sheet.
pub fn compose(sheet: &RuleSheet) -> Document {
    let frame = frame(sheet);
    let leading = Mm::from_pt(sheet.size * LEADING);
    let top = frame.area.y;
    let mut flow = Flow {
        sheet,
        frame,
        pages: vec![Vec::new()],
        col: 0,
        y: top,
        top,
        hyphens: Hyphens::for_language(&sheet.lang, sheet.patterns.as_deref()),
        leading,
        title: String::new(),
        block: 0,
    };
    let col_w = flow.column().w;
    for (index, located) in sheet.blocks.iter().enumerate() {
        flow.block = index as u32;
        match &located.block {
            Block::Title(t) => flow.title(t),
            Block::Heading(h) => {
                // What must stand under the heading in its column: the
                // first piece of the next block that `lines` would set there.
                let keep = match sheet.blocks.get(index + 1).map(|b| &b.block) {
                    Some(Block::Diagram { name, caption }) => flow.diagram_height(name, caption),
                    Some(Block::Paragraph(spans)) => flow.leading * first_piece(&flow.body(spans, col_w)) as f64,
                    Some(Block::Item(_, spans)) => {
                        flow.leading * first_piece(&flow.body(spans, col_w - ITEM_INDENT)) as f64
                    }
                    _ => flow.leading * KEEP_LINES as f64,
                };
                flow.heading(h, keep);
            }
            Block::Paragraph(spans) => {
                let lines = flow.body(spans, col_w);
                flow.lines(&lines, Mm::ZERO, sheet.size, None);
                flow.y += PARA_GAP;
            }
            Block::Item(number, spans) => {
                let lines = flow.body(spans, col_w - ITEM_INDENT);
                let marker = match number {
                    Some(n) => format!("{n}."),
                    None => "•".to_string(),
                };
                flow.lines(&lines, ITEM_INDENT, sheet.size, Some(&marker));
                flow.y += AFTER_ITEM;
            }
            Block::Diagram { name, caption } => {
                // A figure drawn smaller to stay on its page keeps room for
                // the first lines of the text after it, which would
                // otherwise be left alone at the top of the next page.
                let after = match sheet.blocks.get(index + 1).map(|b| &b.block) {
                    Some(Block::Paragraph(spans)) => flow.leading * first_piece(&flow.body(spans, col_w)) as f64,
                    Some(Block::Item(_, spans)) => {
                        flow.leading * first_piece(&flow.body(spans, col_w - ITEM_INDENT)) as f64
                    }
                    _ => Mm::ZERO,
                };
                flow.diagram(name, caption, after);
            }
            Block::Aside(blocks) => flow.aside(blocks),
        }
    }
    flow.into_document()
}
