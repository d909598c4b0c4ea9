//! The role reference card: for each role, a window of the board's squares
//! (the board's own colours and proportions, scaled down) with the piece, the
//! squares its ball move reaches, and a line or two of explanation.

use crate::components::role_card::layout::{Card, Move, ROLE, RoleCard, keeper_area, piece_square, targets};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::text::{self, Align};

fn txt(s: &str, face: FontFace, size: f64, at: Point, align: Align, colour: Color) -> Item {
    Item::new(
        Shape::Text(text::line(s, face, size, at, align)),
        Style::filled(colour),
        Tag::Label,
    )
}

/// One role's diagram with its top-left corner at `o`.
pub fn diagram(card: &RoleCard, index: u8, o: Point) -> Vec<Item> {
    let role = &card.roles[index as usize];
    let b = &card.board;
    let s = card.square();
    let n = card.window;
    let at = |x: i32, y: i32| Rect {
        x: o.x + s * x as f64,
        y: o.y + s * y as f64,
        w: s,
        h: s,
    };
    let grid = Style {
        stroke: Some(Stroke::solid(Mm(0.2), b.style.grid_colour)),
        fill: Some(b.style.midfield_fill),
    };
    let mut items = Vec::new();
    for y in 0..n as i32 {
        for x in 0..n as i32 {
            items.push(Item::new(Shape::Rect(at(x, y)), grid.clone(), Tag::Decoration));
        }
    }
    let reach = targets(role.pattern, n, b.board.area);
    for &(x, y) in &reach {
        items.push(Item::new(
            Shape::Rect(at(x, y)),
            Style {
                stroke: Some(Stroke::solid(Mm(0.2), b.style.grid_colour)),
                fill: Some(card.target),
            },
            Tag::MoveTarget { role: index },
        ));
    }
    let marking = Stroke::solid(Mm(0.6), b.style.marking_colour);
    if role.pattern == Move::Keeper {
        let ((x0, x1), (y0, y1)) = keeper_area(n, b.board.area);
        let area = Rect::from_corners(at(x0, y0).corners()[0], at(x1 - 1, y1 - 1).corners()[2]);
        items.push(Item::new(
            Shape::Rect(area),
            Style::stroked(marking.clone()),
            Tag::Decoration,
        ));
        let c = (n / 2) as i32;
        let goal = Rect {
            x: at(c - 1, 0).x,
            y: o.y + s * n as f64,
            w: s * 2.0,
            h: s * 0.35,
        };
        items.push(Item::new(
            Shape::Rect(goal),
            Style {
                stroke: Some(marking.clone()),
                fill: Some(Color::WHITE),
            },
            Tag::Decoration,
        ));
    }
    // Arrows of travel: from the piece along each line it can take.
    let (px, py) = piece_square(role.pattern, n);
    let centre = |x: i32, y: i32| at(x, y).centre();
    let path = Style::stroked(Stroke::solid(Mm(0.5), card.ink));
    if role.pattern == Move::Cross {
        for end in [0, n as i32 - 1] {
            let points = vec![centre(px, py), centre(px, py - 1), centre(end, py - 1)];
            items.push(Item::new(
                Shape::Polyline { points, closed: false },
                path.clone(),
                Tag::Decoration,
            ));
        }
    } else {
        let mut farthest: std::collections::BTreeMap<(i32, i32), (i32, i32)> = Default::default();
        for &(x, y) in &reach {
            let d = ((x - px).signum(), (y - py).signum());
            let far = farthest.entry(d).or_insert((x, y));
            if (x - px).abs().max((y - py).abs()) > (far.0 - px).abs().max((far.1 - py).abs()) {
                *far = (x, y);
            }
        }
        for (x, y) in farthest.into_values() {
            items.push(Item::new(
                Shape::Line {
                    from: centre(px, py),
                    to: centre(x, y),
                },
                path.clone(),
                Tag::Decoration,
            ));
        }
    }
    let pc = centre(px, py);
    items.push(Item::new(
        Shape::Circle {
            centre: pc,
            radius: s * 0.45,
        },
        Style::filled(card.piece),
        Tag::Piece { role: index },
    ));
    let size = (s * 0.45).to_pt().clamp(6.0, 9.0);
    items.push(txt(
        &role.code,
        FontFace::SansBold,
        size,
        pc.offset(Mm::ZERO, FontFace::SansBold.cap_height(size) / 2.0),
        Align::Centre,
        Color::WHITE,
    ));
    items
}

/// Composes the card: a title, then the diagrams two to a row, each with the
/// role's name and words, then the note.
pub fn compose(card: &RoleCard) -> Document {
    let placement = crate::sheet::place::place(&card.page, crate::geom::Size::new(1.0, 1.0));
    let safe = placement.safe_area;
    let frame = safe.inset(Mm(8.0));
    let mut items = Vec::new();
    let mut y = frame.y + FontFace::SansBold.ascent(14.0);
    items.push(
        txt(
            &card.title,
            FontFace::SansBold,
            14.0,
            Point { x: frame.x, y },
            Align::Left,
            card.ink,
        )
        .from_key(Card::KEY.title),
    );
    y += Mm(8.0);
    let side = card.square() * card.window as f64;
    let col_w = frame.w / 2.0;
    let text_w = col_w - side - Mm(8.0);
    let heading = Mm(7.0);
    let row_h = heading + side + Mm(10.0);
    for (i, role) in card.roles.iter().enumerate() {
        let (col, row) = (i % 2, i / 2);
        let top = Point {
            x: frame.x + col_w * col as f64,
            y: y + row_h * row as f64,
        };
        items.push(
            txt(
                &format!("{} · {}", role.code, role.name),
                FontFace::SansBold,
                10.0,
                top.offset(Mm::ZERO, Mm(4.0)),
                Align::Left,
                card.ink,
            )
            .from_key(ROLE),
        );
        let o = top.offset(Mm::ZERO, heading);
        items.extend(diagram(card, i as u8, o));
        let tx = o.x + side + Mm(4.0);
        for (k, line) in text::wrap(&role.text, FontFace::Sans, 8.0, text_w).iter().enumerate() {
            items.push(
                txt(
                    line,
                    FontFace::Sans,
                    8.0,
                    Point {
                        x: tx,
                        y: o.y + Mm(3.0) + Mm::from_pt(10.5) * k as f64,
                    },
                    Align::Left,
                    card.ink,
                )
                .from_key(ROLE),
            );
        }
    }
    let rows = card.roles.len().div_ceil(2);
    let mut ny = y + row_h * rows as f64 + Mm(2.0);
    for line in text::wrap(&card.note, FontFace::Sans, 9.0, frame.w) {
        ny += Mm::from_pt(12.0);
        items.push(
            txt(
                &line,
                FontFace::Sans,
                9.0,
                Point { x: frame.x, y: ny },
                Align::Left,
                card.ink,
            )
            .from_key(Card::KEY.note),
        );
    }
    Document {
        title: card.title.clone(),
        pages: vec![Page::new(placement.paper.page_size(), safe, items)],
    }
}
