//! The score sheet: a title, then match cards stacked down the sheet. Each
//! card has lines for the match and the date, the clock's times, a table
//! with a row per team (a box per period and the total), and the shoot-out:
//! a circle per kick, then the sudden-death ones.

use crate::color::Color;
use crate::components::score_sheet::layout::{ScoreSheet, Sheet};
use crate::compose::heading::Heading;
use crate::font::Fonts;
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::marks::circle_path;
use crate::sheet::place::place;
use crate::text::{Align, TextStyle};

/// Space between the title and the first card, and between cards.
const CARD_GAP: Mm = Mm(8.0);
/// A row of lines to fill in (match, date; the clock's times).
const FIELD_ROW: Mm = Mm(8.0);
/// The table's heading band.
const HEAD_ROW: Mm = Mm(7.0);
/// The shoot-out's heading, above its circles.
const SHOOT_HEAD: Mm = Mm(6.0);
/// Padding inside a card's frame.
const PAD: Mm = Mm(3.0);
/// Text sizes, in pt.
const LABEL_PT: f64 = 9.0;
const HEAD_PT: f64 = 8.0;
/// Room beside a column heading, and the narrowest a column is beyond its box.
const HEAD_INSET: Mm = Mm(2.0);
/// A penalty circle's diameter, as a share of the box.
const KICK_SHARE: f64 = 0.7;
/// Lines: the cells, and the card's frame.
const CELL_LINE: Mm = Mm(0.3);
/// The least width the team column keeps, room to write a club's name.
const MIN_TEAM_COLUMN: Mm = Mm(30.0);
const FRAME_LINE: Mm = Mm(0.6);
/// The space the title takes above the cards.
const TITLE_ROOM: Mm = Mm(20.0);
/// Where a row's number ("1.", "2.") sits in from the left and up from the
/// row's foot: it ties a team's shoot-out row to its row of the table.
const ROW_NUMBER: (Mm, Mm) = (Mm(1.5), Mm(1.5));
/// The row numbers' size, in pt.
const ROW_NUMBER_PT: f64 = 7.0;

/// The height of one card.
pub fn card_height(s: &Sheet) -> Mm {
    PAD * 2.0 + FIELD_ROW * 2.0 + HEAD_ROW + s.box_size * 4.0 + SHOOT_HEAD
}

/// How many cards fit a sheet whose printer-safe area is `height` tall.
pub fn cards_that_fit(sheet: &ScoreSheet, height: Mm) -> u32 {
    let card = card_height(&sheet.sheet) + CARD_GAP;
    (((height - TITLE_ROOM).0 + CARD_GAP.0) / card.0 + 1e-9)
        .floor()
        .max(0.0) as u32
}

/// Composes the sheet.
pub fn compose(sheet: &ScoreSheet) -> Document {
    let s = &sheet.sheet;
    let fonts = &sheet.fonts;
    let height = TITLE_ROOM + (card_height(s) + CARD_GAP) * s.matches as f64 - CARD_GAP;
    let placement = place(&sheet.page, crate::geom::Size::new(0.0, height.0));
    let safe = placement.safe_area;
    let mut items = Vec::new();
    let heading = Heading::new(
        safe,
        (&s.title, Sheet::KEY.title),
        Style::filled(s.ink),
        sheet.fonts,
        &mut items,
    );
    let mut top = heading.bottom() + CARD_GAP;
    let frame = Rect {
        x: safe.x + Mm(8.0),
        y: top,
        w: safe.w - Mm(16.0),
        h: card_height(s),
    };
    for card in 0..s.matches as u16 {
        items.extend(score_card(s, fonts, Rect { y: top, ..frame }, card));
        top += card_height(s) + CARD_GAP;
    }
    Document::new(
        s.title.clone(),
        vec![Page::new(placement.paper.page_size(), safe, items)],
    )
}

/// Labels with a writing line after each, spread evenly across `row`.
fn fields(s: &Sheet, fonts: &Fonts, labels: &[String], row: Rect, key: &'static str, items: &mut Vec<Item>) {
    let n = labels.len().max(1) as f64;
    let each = row.w / n;
    let text = TextStyle::new(fonts.regular, LABEL_PT, s.ink);
    let baseline = row.y + row.h - Mm(2.0);
    for (k, label) in labels.iter().enumerate() {
        let x = row.x + each * k as f64;
        // Each label keeps to its share of the row.
        let room = text.line_box(x, x + each - Mm(4.0), baseline);
        items.push(
            text.label(label, Point { x, y: baseline }, Align::Left)
                .from_key(key)
                .within(room),
        );
        let from = x + fonts.regular.measure(label, LABEL_PT) + Mm(2.0);
        let to = x + each - Mm(4.0);
        if to > from {
            items.push(Item::new(
                Shape::Line {
                    from: Point { x: from, y: baseline },
                    to: Point { x: to, y: baseline },
                },
                Style::stroked(Stroke::solid(CELL_LINE, s.ink)),
                Tag::Decoration,
            ));
        }
    }
}

/// One match card in `frame`.
fn score_card(s: &Sheet, fonts: &Fonts, frame: Rect, card: u16) -> Vec<Item> {
    let mut items = vec![Item::new(
        Shape::Rect(frame),
        Style::stroked(Stroke::solid(FRAME_LINE, s.ink)),
        Tag::Decoration,
    )];
    let inner = frame.inset(PAD);
    let row = |y: Mm, h: Mm| Rect { y, h, ..inner };
    fields(
        s,
        fonts,
        &s.fields,
        row(inner.y, FIELD_ROW),
        Sheet::KEY.fields,
        &mut items,
    );
    fields(
        s,
        fonts,
        &s.clock,
        row(inner.y + FIELD_ROW, FIELD_ROW),
        Sheet::KEY.clock,
        &mut items,
    );
    // The table: the team column takes what the boxes leave.
    let heads: Vec<&str> = s
        .periods
        .iter()
        .chain(std::iter::once(&s.total))
        .map(String::as_str)
        .collect();
    let col_w = heads
        .iter()
        .map(|h| fonts.bold.measure(h, HEAD_PT) + HEAD_INSET * 2.0)
        .fold(s.box_size + HEAD_INSET * 2.0, Mm::max)
        // A long heading widens its column only while the team column keeps
        // room to write a name: past that it is the heading that overflows.
        .min(((inner.w - MIN_TEAM_COLUMN) / heads.len() as f64).max(s.box_size + HEAD_INSET * 2.0));
    let team_w = inner.w - col_w * heads.len() as f64;
    let top = inner.y + FIELD_ROW * 2.0;
    items.push(Item::new(
        Shape::Rect(Rect {
            x: inner.x,
            y: top,
            w: inner.w,
            h: HEAD_ROW,
        }),
        Style::filled(s.accent),
        Tag::Decoration,
    ));
    let head = TextStyle::new(fonts.bold, HEAD_PT, Color::WHITE);
    let head_y = top + HEAD_ROW - HEAD_INSET;
    items.push(
        head.label(
            &s.team,
            Point {
                x: inner.x + HEAD_INSET,
                y: head_y,
            },
            Align::Left,
        )
        .from_key(Sheet::KEY.team)
        .within(head.line_box(inner.x, inner.x + team_w, head_y)),
    );
    for (k, h) in heads.iter().enumerate() {
        let x = inner.x + team_w + col_w * k as f64 + col_w / 2.0;
        let key = if k < s.periods.len() {
            format!("{}[{k}]", Sheet::KEY.periods).into()
        } else {
            crate::scene::item::Key::from(Sheet::KEY.total)
        };
        let room = head.line_box(x - col_w / 2.0, x + col_w / 2.0, head_y);
        items.push(
            head.label(h, Point { x, y: head_y }, Align::Centre)
                .from_key(key)
                .within(room),
        );
    }
    let thin = Style::stroked(Stroke::solid(CELL_LINE, s.ink));
    for team in 0..2u16 {
        let y = top + HEAD_ROW + s.box_size * team as f64;
        items.push(Item::new(
            Shape::Rect(Rect {
                x: inner.x,
                y,
                w: team_w,
                h: s.box_size,
            }),
            thin.clone(),
            Tag::Decoration,
        ));
        items.push(row_number(
            s,
            fonts,
            team,
            Point {
                x: inner.x,
                y: y + s.box_size,
            },
        ));
        for column in 0..heads.len() as u16 {
            items.push(Item::new(
                Shape::Rect(Rect {
                    x: inner.x + team_w + col_w * column as f64,
                    y,
                    w: col_w,
                    h: s.box_size,
                }),
                thin.clone(),
                Tag::ScoreBox { card, team, column },
            ));
        }
    }
    items.extend(shootout(s, fonts, inner, top + HEAD_ROW + s.box_size * 2.0, card));
    items
}

/// The shoot-out under the table: its heading, then per team a circle per
/// kick and, after a gap, the sudden-death circles under their own heading.
fn shootout(s: &Sheet, fonts: &Fonts, inner: Rect, top: Mm, card: u16) -> Vec<Item> {
    let mut items = Vec::new();
    let label = TextStyle::new(fonts.bold, HEAD_PT, s.ink);
    let baseline = top + SHOOT_HEAD - Mm(1.5);
    let step = s.box_size;
    let radius = s.box_size * KICK_SHARE / 2.0;
    // The heading pushes the kicks right, but never more than a third of
    // the card: a longer one overflows its room instead of the card.
    let first = inner.x
        + fonts
            .bold
            .measure(&s.shootout, HEAD_PT)
            .max(Mm(30.0))
            .min(inner.w / 3.0)
        + Mm(4.0);
    let extra_x = first + step * s.penalties as f64 + step / 2.0;
    // The heading keeps left of the first kick; the sudden death's inside
    // the card.
    items.push(
        label
            .label(
                &s.shootout,
                Point {
                    x: inner.x,
                    y: baseline,
                },
                Align::Left,
            )
            .from_key(Sheet::KEY.shootout)
            .within(label.line_box(inner.x, first, baseline)),
    );
    if s.sudden_death > 0 {
        let extra = TextStyle::new(fonts.regular, HEAD_PT, s.ink);
        items.push(
            extra
                .label(
                    &s.extra_kicks,
                    Point {
                        x: extra_x,
                        y: baseline,
                    },
                    Align::Left,
                )
                .from_key(Sheet::KEY.extra_kicks)
                .within(extra.line_box(extra_x, inner.right(), baseline)),
        );
    }
    let ring = Style::stroked(Stroke::solid(CELL_LINE, s.ink));
    for team in 0..2u16 {
        let cy = top + SHOOT_HEAD + step * team as f64 + step / 2.0;
        items.push(row_number(
            s,
            fonts,
            team,
            Point {
                x: first - Mm(8.0),
                y: cy + step / 2.0,
            },
        ));
        let kicks = (0..s.penalties).map(|k| first + step * k as f64);
        let extra = (0..s.sudden_death).map(|k| extra_x + step * k as f64);
        for (kick, x) in kicks.chain(extra).enumerate() {
            let centre = Point {
                x: x + step / 2.0,
                y: cy,
            };
            items.push(Item::new(
                Shape::Path(circle_path(centre, radius)),
                ring.clone(),
                Tag::PenaltyKick {
                    card,
                    team,
                    kick: kick as u16,
                },
            ));
        }
    }
    items
}

/// The number of `team`'s row ("1." or "2."), just inside the corner at
/// `foot_left` (the row's bottom-left).
fn row_number(s: &Sheet, fonts: &Fonts, team: u16, foot_left: Point) -> Item {
    TextStyle::new(fonts.regular, ROW_NUMBER_PT, s.ink).label(
        &format!("{}.", team + 1),
        foot_left.offset(ROW_NUMBER.0, -ROW_NUMBER.1),
        Align::Left,
    )
}
