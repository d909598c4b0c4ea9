//! The league table sheet: a heading, a field for the round, and a grid with a
//! row per team, placed on the page.

use crate::components::league_table::layout::{LeagueTable, Table};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::place::place;
use crate::text::{Align, TextStyle};

/// A number column: wide enough to write two digits by hand.
const NUMBER_W: Mm = Mm(16.0);
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
/// The position numbers in the team column, in pt: small, in the corner.
const POSITION_PT: f64 = 8.0;
/// The position number's place from its cell's top-left corner (right, down).
const POSITION_AT: (Mm, Mm) = (Mm(2.0), Mm(4.0));

/// Composes the league table: a heading, a field for the round, and a grid
/// with a row per team, the team column wide and seven number columns.
pub fn compose_table(sheet: &LeagueTable) -> Document {
    let t = &sheet.table;
    let number_w = NUMBER_W;
    let team_w = TEAM_W;
    let width = team_w + number_w * t.columns.len() as f64;
    let head_h = HEAD_H;
    let height = FIXED_HEIGHT + t.row_height * t.teams as f64;
    let placement = place(&sheet.page, Size { w: width, h: height });
    let o = placement.origin;
    let mut items = Vec::new();
    let ink = t.ink;
    // The title and the round's field share the line above the grid, the
    // title left of the field.
    let round_at = o.offset(width, TITLE_BASELINE);
    let round_style = TextStyle::new(FontFace::Sans, HEAD_PT, ink);
    let round = format!("{}: ________", t.round);
    let title = TextStyle::new(FontFace::SansBold, TITLE_PT, ink);
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
    let head_style = TextStyle::new(FontFace::SansBold, HEAD_PT, Color::WHITE);
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
    let position = TextStyle::new(FontFace::Sans, POSITION_PT, ink);
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
    Document::new(t.title.clone(), vec![Page::new(placement.paper.page_size(), placement.safe_area, items)])
}
