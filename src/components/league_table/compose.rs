//! The league's paper extras: bid slips to fill in for the secret auctions, and
//! a league table sheet with a row per team.

use crate::components::league_table::layout::{LeagueTable, Table};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Size};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::place::place;
use crate::text::{self, Align};

fn txt(s: &str, face: FontFace, size: f64, at: Point, align: Align, colour: Color) -> Item {
    Item::new(
        Shape::Text(text::line(s, face, size, at, align)),
        Style::filled(colour),
        Tag::Label,
    )
}

/// Composes the league table: a heading, a field for the round, and a grid
/// with a row per team, the team column wide and seven number columns.
pub fn compose_table(sheet: &LeagueTable) -> Document {
    let t = &sheet.table;
    let number_w = Mm(16.0);
    let team_w = Mm(70.0);
    let width = team_w + number_w * t.columns.len() as f64;
    let head_h = Mm(10.0);
    let height = Mm(22.0) + head_h + t.row_height * t.teams as f64;
    let placement = place(&sheet.page, Size { w: width, h: height });
    let o = placement.origin;
    let mut items = Vec::new();
    let ink = t.ink;
    items.push(
        txt(
            &t.title,
            FontFace::SansBold,
            16.0,
            o.offset(Mm::ZERO, Mm(7.0)),
            Align::Left,
            ink,
        )
        .from_key(Table::KEY.title),
    );
    let round_at = o.offset(width, Mm(7.0));
    items.push(
        txt(
            &format!("{}: ________", t.round),
            FontFace::Sans,
            10.0,
            round_at,
            Align::Right,
            ink,
        )
        .from_key(Table::KEY.round),
    );
    let top = o.y + Mm(16.0);
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
    for (k, (head, x, w)) in heads.iter().enumerate() {
        let at = Point {
            x: if k == 0 { *x + Mm(3.0) } else { *x + *w / 2.0 },
            y: top + head_h - Mm(3.0),
        };
        items.push(
            txt(
                head,
                FontFace::SansBold,
                10.0,
                at,
                if k == 0 { Align::Left } else { Align::Centre },
                Color::WHITE,
            )
            .from_key(Table::KEY.columns),
        );
    }
    let thin = Style::stroked(Stroke::solid(Mm(0.3), ink));
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
        items.push(txt(
            &format!("{}.", row + 1),
            FontFace::Sans,
            8.0,
            Point {
                x: o.x + Mm(2.0),
                y: y + Mm(4.0),
            },
            Align::Left,
            ink,
        ));
    }
    items.push(Item::new(
        Shape::Rect(grid),
        Style::stroked(Stroke::solid(Mm(0.8), ink)),
        Tag::Decoration,
    ));
    Document {
        title: t.title.clone(),
        pages: vec![Page::new(placement.paper.page_size(), placement.safe_area, items)],
    }
}
