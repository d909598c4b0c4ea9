//! The league table sheet: a heading, a field for the round, and a grid with a
//! row per team; under it the fixture lists, a round robin for each number of
//! coaches the sheet serves, keyed by the rows' numbers; placed on the page.

use crate::color::Color;
use crate::components::league_table::fixture::{Round, round_robin};
use crate::components::league_table::layout::{Fixtures, LeagueTable, Table};
use crate::font::Fonts;
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::place::place;
use crate::text::{Align, TextStyle};

/// A number column: wide enough to write two digits by hand.
const NUMBER_W: Mm = Mm(17.0);
/// The team column: wide enough to write a team's name by hand.
const TEAM_W: Mm = Mm(70.0);
/// The grid's heading row.
const HEAD_H: Mm = Mm(10.0);
/// The title's and round field's baseline below the top.
const TITLE_BASELINE: Mm = Mm(7.0);
/// The grid starts this far below the top, under the title.
const GRID_TOP: Mm = Mm(16.0);
/// The height of everything but the rows: the title above the grid, the
/// heading row, and half the grid's outline below the last row.
pub const FIXED_HEIGHT: Mm = Mm(GRID_TOP.0 + HEAD_H.0 + GRID_LINE.0 / 2.0);
/// The title, in pt.
const TITLE_PT: f64 = 16.0;
/// The round field and the column headings, in pt.
const HEAD_PT: f64 = 10.0;
/// Column headings' baseline above the bottom of the heading row; the team
/// heading stands this far in from its cell's left edge.
const HEAD_INSET: Mm = Mm(3.0);
/// The cells' lines: thin, to write between.
const CELL_LINE: Mm = Mm(0.3);
/// The grid's outline: heavier, so the table reads as one block.
const GRID_LINE: Mm = Mm(0.8);
/// The coaches' numbers in the team column, in pt: small, in the corner
/// (the fixture lists name the coaches by them).
const POSITION_PT: f64 = 8.0;
/// The position number's place from its cell's top-left corner (right, down).
const POSITION_AT: (Mm, Mm) = (Mm(2.0), Mm(4.0));

/// Between the table and the fixture lists.
const FIXTURE_GAP: Mm = Mm(8.0);
/// The fixture lists' heading, in pt, and its baseline below their top.
const FIXTURE_TITLE_PT: f64 = 12.0;
const FIXTURE_TITLE_BASELINE: Mm = Mm(5.0);
/// The lists' grid starts this far below their top.
const FIXTURE_GRID_TOP: Mm = Mm(8.0);
/// The heading row of the lists, and a round's row: room for a line of
/// numbers read across the table.
const FIXTURE_HEAD_H: Mm = Mm(7.0);
const FIXTURE_ROW_H: Mm = Mm(7.0);
/// A match ("1–6"), the rest and the round's name, in pt.
const FIXTURE_PT: f64 = 9.0;
/// Between two matches of a round, and a cell's text from its sides.
const MATCH_GAP: Mm = Mm(2.5);
const CELL_PAD: Mm = Mm(2.0);
/// The rounds' names' column: "Jornada 9" in bold with its padding.
const ROUND_W: Mm = Mm(22.0);
/// The note under the lists, in pt, and its baseline below the grid.
const NOTE_PT: f64 = 8.0;
const NOTE_BASELINE: Mm = Mm(5.0);
/// Below the note: room for its descenders.
const NOTE_FOOT: Mm = Mm(2.0);
/// The tint of a round a list does not have (fewer coaches, fewer rounds).
const NO_ROUND_TINT: f64 = 0.9;

/// A match as printed: the home coach's number, a dash, the away coach's.
pub fn match_text(home: u8, away: u8) -> String {
    format!("{home}\u{2013}{away}")
}

/// The fixture lists as laid out: for each number of coaches its rounds,
/// and where their columns go. The widths are the table's, not the words':
/// a label too long for its cell is a finding at its key, not a wider sheet.
struct FixtureBlock {
    /// `(coaches, rounds)`, fewest first.
    lists: Vec<(u8, Vec<Round>)>,
    /// A match's slot: the widest match, so matches line up down a column.
    slot_w: Mm,
    /// The most rounds of any list.
    rounds: usize,
}

impl FixtureBlock {
    /// The lists `f` asks for, their slots as wide as `fonts` sets them.
    fn new(f: &Fixtures, fonts: &Fonts) -> FixtureBlock {
        let (fewest, most) = f.coaches;
        let lists: Vec<(u8, Vec<Round>)> = (fewest..=most)
            .filter_map(|n| u8::try_from(n).ok())
            .map(|n| (n, round_robin(n)))
            .collect();
        let rounds = lists.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
        let slot_w = lists
            .iter()
            .flat_map(|(_, rs)| rs.iter().flat_map(|r| r.matches.iter()))
            .map(|&(h, a)| fonts.regular.measure(&match_text(h, a), FIXTURE_PT))
            .fold(Mm::ZERO, Mm::max);
        FixtureBlock { lists, slot_w, rounds }
    }

    fn height(&self) -> Mm {
        FIXTURE_GRID_TOP + FIXTURE_HEAD_H + FIXTURE_ROW_H * self.rounds as f64 + NOTE_BASELINE + NOTE_FOOT
    }
}

/// The rest in a round: `bye: 5`.
fn bye_text(f: &Fixtures, coach: u8) -> String {
    format!("{}: {coach}", f.bye)
}

/// A list's heading: `6 coaches`.
fn list_heading(f: &Fixtures, coaches: u8) -> String {
    format!("{coaches} {}", f.coaches_label)
}

/// The height of the fixture lists with the gap above them, or nothing
/// when the sheet prints none (for the fit hint).
pub fn fixtures_height(sheet: &LeagueTable) -> Mm {
    if !sheet.fixtures.show {
        return Mm::ZERO;
    }
    FIXTURE_GAP + FixtureBlock::new(&sheet.fixtures, &sheet.fonts).height()
}

/// Composes the league table: a heading, a field for the round, and a grid
/// with a row per team, the team column wide and seven number columns; under
/// it the fixture lists, as wide as the table.
pub fn compose_table(sheet: &LeagueTable) -> Document {
    let t = &sheet.table;
    let block = sheet
        .fixtures
        .show
        .then(|| FixtureBlock::new(&sheet.fixtures, &sheet.fonts));
    let width = TEAM_W + NUMBER_W * t.columns.len() as f64;
    let table_h = FIXED_HEIGHT + t.row_height * t.teams as f64;
    let height = table_h + block.as_ref().map_or(Mm::ZERO, |b| FIXTURE_GAP + b.height());
    let placement = place(&sheet.page, Size { w: width, h: height });
    let o = placement.origin;
    let mut items = table_items(t, &sheet.fonts, o, width);
    if let Some(b) = &block {
        fixture_items(
            &sheet.fixtures,
            &sheet.fonts,
            t,
            b,
            o.offset(Mm::ZERO, table_h + FIXTURE_GAP),
            width,
            &mut items,
        );
    }
    Document::new(
        t.title.clone(),
        vec![Page::new(placement.paper.page_size(), placement.safe_area, items)],
    )
}

/// The table at `o`, `width` across: its heading, the round's field, and
/// the grid of a row per team.
fn table_items(t: &Table, fonts: &Fonts, o: Point, width: Mm) -> Vec<Item> {
    let number_w = NUMBER_W;
    let team_w = TEAM_W;
    let head_h = HEAD_H;
    let mut items = Vec::new();
    let ink = t.ink;
    // The title and the round's field share the line above the grid, the
    // title left of the field.
    let round_at = o.offset(width, TITLE_BASELINE);
    let round_style = TextStyle::new(fonts.regular, HEAD_PT, ink);
    let round = format!("{}: ________", t.round);
    let title = TextStyle::new(fonts.bold, TITLE_PT, ink);
    let baseline = round_at.y;
    // The title has the line; the round's field keeps right of it, so that
    // whichever is too long is the one said to overflow.
    let title_end = (o.x + title.face.measure(&t.title, TITLE_PT)).min(o.x + width);
    items.push(
        title
            .label(&t.title, o.offset(Mm::ZERO, TITLE_BASELINE), Align::Left)
            .from_key(Table::KEY.title)
            .within(title.line_box(o.x, o.x + width, baseline)),
    );
    items.push(
        round_style
            .label(&round, round_at, Align::Right)
            .from_key(Table::KEY.round)
            .within(round_style.line_box(title_end + HEAD_INSET, o.x + width, baseline)),
    );
    let top = o.y + GRID_TOP;
    let grid = Rect {
        x: o.x,
        y: top,
        w: width,
        h: head_h + t.row_height * t.teams as f64,
    };
    items.push(Item::new(
        Shape::Rect(Rect {
            x: grid.x,
            y: top,
            w: width,
            h: head_h,
        }),
        Style::filled(t.accent),
        Tag::Decoration,
    ));
    let heads: Vec<(&str, Mm, Mm)> = std::iter::once((t.team_column.as_str(), o.x, team_w))
        .chain(
            t.columns
                .iter()
                .enumerate()
                .map(|(k, c)| (c.as_str(), o.x + team_w + number_w * k as f64, number_w)),
        )
        .collect();
    let head_style = TextStyle::new(fonts.bold, HEAD_PT, Color::WHITE);
    for (k, (head, x, w)) in heads.iter().enumerate() {
        let at = Point {
            x: if k == 0 { *x + HEAD_INSET } else { *x + *w / 2.0 },
            y: top + head_h - HEAD_INSET,
        };
        let align = if k == 0 { Align::Left } else { Align::Centre };
        let room = head_style.line_box(*x, *x + *w, at.y);
        let key = match k {
            0 => Table::KEY.team_column.into(),
            _ => format!("{}[{}]", Table::KEY.columns, k - 1),
        };
        items.push(head_style.label(head, at, align).from_key(key).within(room));
    }
    let thin = Style::stroked(Stroke::solid(CELL_LINE, ink));
    let position = TextStyle::new(fonts.regular, POSITION_PT, ink);
    for row in 0..t.teams {
        let y = top + head_h + t.row_height * row as f64;
        for (col, (_, x, w)) in heads.iter().enumerate() {
            items.push(Item::new(
                Shape::Rect(Rect {
                    x: *x,
                    y,
                    w: *w,
                    h: t.row_height,
                }),
                thin.clone(),
                Tag::TableCell {
                    row: row as u16,
                    col: col as u16,
                },
            ));
        }
        let at = Point {
            x: o.x + POSITION_AT.0,
            y: y + POSITION_AT.1,
        };
        items.push(position.label(&format!("{}.", row + 1), at, Align::Left));
    }
    items.push(Item::new(
        Shape::Rect(grid),
        Style::stroked(Stroke::solid(GRID_LINE, ink)),
        Tag::Decoration,
    ));
    items
}

/// One round's matches in its cell of the list for `coaches`, each in its
/// slot from the left, and the coach with a bye at the right: `at` is
/// (coaches, the round's number, the baseline).
fn round_items(
    f: &Fixtures,
    b: &FixtureBlock,
    round: &Round,
    at: (u8, u8, Mm),
    cell: Rect,
    word: &TextStyle,
    items: &mut Vec<Item>,
) {
    let (coaches, number, baseline) = at;
    let mut x = cell.x + CELL_PAD;
    for &(home, away) in &round.matches {
        let tag = Tag::FixtureMatch {
            coaches,
            round: number,
            home,
            away,
        };
        items.push(
            word.item(&match_text(home, away), Point { x, y: baseline }, Align::Left, tag)
                .from_key(Fixtures::KEY.coaches)
                .within(cell),
        );
        x += b.slot_w + MATCH_GAP;
    }
    if let Some(coach) = round.bye {
        let tag = Tag::FixtureBye {
            coaches,
            round: number,
            coach,
        };
        let at = Point {
            x: cell.x + cell.w - CELL_PAD,
            y: baseline,
        };
        items.push(
            word.item(&bye_text(f, coach), at, Align::Right, tag)
                .from_key(Fixtures::KEY.bye)
                .within(cell),
        );
    }
}

/// The fixture lists at `o`, `width` across: a heading, a column of rounds,
/// a column for each number of coaches with its matches, home first, and
/// who rests; a note on the numbers under them.
fn fixture_items(f: &Fixtures, fonts: &Fonts, t: &Table, b: &FixtureBlock, o: Point, width: Mm, items: &mut Vec<Item>) {
    let ink = t.ink;
    let title = TextStyle::new(fonts.bold, FIXTURE_TITLE_PT, ink);
    let baseline = o.y + FIXTURE_TITLE_BASELINE;
    items.push(
        title
            .label(&f.title, Point { x: o.x, y: baseline }, Align::Left)
            .from_key(Fixtures::KEY.title)
            .within(title.line_box(o.x, o.x + width, baseline)),
    );
    let top = o.y + FIXTURE_GRID_TOP;
    let cell_w = (width - ROUND_W) / b.lists.len().max(1) as f64;
    let grid = Rect {
        x: o.x,
        y: top,
        w: width,
        h: FIXTURE_HEAD_H + FIXTURE_ROW_H * b.rounds as f64,
    };
    items.push(Item::new(
        Shape::Rect(Rect {
            h: FIXTURE_HEAD_H,
            ..grid
        }),
        Style::filled(t.accent),
        Tag::Decoration,
    ));
    let head = TextStyle::new(fonts.bold, FIXTURE_PT, Color::WHITE);
    let word = TextStyle::new(fonts.regular, FIXTURE_PT, ink);
    let bold = TextStyle::new(fonts.bold, FIXTURE_PT, ink);
    let thin = Style::stroked(Stroke::solid(CELL_LINE, ink));
    let line_of = |row: usize| top + FIXTURE_HEAD_H + FIXTURE_ROW_H * (row as f64 + 1.0) - HEAD_INSET * 0.75;
    for row in 0..b.rounds {
        let y = top + FIXTURE_HEAD_H + FIXTURE_ROW_H * row as f64;
        let cell = Rect::new(o.x.0, y.0, ROUND_W.0, FIXTURE_ROW_H.0);
        items.push(Item::new(Shape::Rect(cell), thin.clone(), Tag::Decoration));
        let at = Point {
            x: o.x + CELL_PAD,
            y: line_of(row),
        };
        items.push(
            bold.label(&format!("{} {}", t.round, row + 1), at, Align::Left)
                .from_key(Table::KEY.round)
                .within(cell),
        );
    }
    for (k, (n, rounds)) in b.lists.iter().enumerate() {
        let x = o.x + ROUND_W + cell_w * k as f64;
        let column = Rect {
            x,
            y: top,
            w: cell_w,
            h: FIXTURE_HEAD_H,
        };
        let at = Point {
            x: x + cell_w / 2.0,
            y: top + FIXTURE_HEAD_H - HEAD_INSET * 0.75,
        };
        items.push(
            head.label(&list_heading(f, *n), at, Align::Centre)
                .from_key(Fixtures::KEY.coaches_label)
                .within(column),
        );
        for row in 0..b.rounds {
            let cell = Rect {
                x,
                y: top + FIXTURE_HEAD_H + FIXTURE_ROW_H * row as f64,
                w: cell_w,
                h: FIXTURE_ROW_H,
            };
            let Some(round) = rounds.get(row) else {
                // A round this many coaches do not play: tinted, empty.
                items.push(Item::new(
                    Shape::Rect(cell),
                    Style {
                        stroke: Some(Stroke::solid(CELL_LINE, ink)),
                        fill: Some(ink.mix(Color::WHITE, NO_ROUND_TINT)),
                    },
                    Tag::Decoration,
                ));
                continue;
            };
            items.push(Item::new(Shape::Rect(cell), thin.clone(), Tag::Decoration));
            let at = (*n, row as u8 + 1, line_of(row));
            round_items(f, b, round, at, cell, &word, items);
        }
    }
    items.push(Item::new(
        Shape::Rect(grid),
        Style::stroked(Stroke::solid(GRID_LINE, ink)),
        Tag::Decoration,
    ));
    let note = TextStyle::new(fonts.regular, NOTE_PT, ink);
    let baseline = grid.y + grid.h + NOTE_BASELINE;
    items.push(
        note.label(&f.note, Point { x: o.x, y: baseline }, Align::Left)
            .from_key(Fixtures::KEY.note)
            .within(note.line_box(o.x, o.x + width, baseline)),
    );
}
