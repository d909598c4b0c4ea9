//! Player cards: the position's colour framing a white panel, the name shrunk
//! to fit, team, a position badge, the photo (or a drawn silhouette), the stats
//! as labelled rows and the price; a common back. Imposed N-up with bleed, crop
//! marks and duplex backs.

use crate::components::card_deck::layout::{Card, Deck};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose};
use crate::text::{self, Align};

fn label(s: &str, face: FontFace, size: f64, at: Point, align: Align, colour: Color) -> Item {
    Item::new(
        Shape::Text(text::line(s, face, size, at, align)),
        Style::filled(colour),
        Tag::Label,
    )
}

/// A head-and-shoulders silhouette filling `r`, for cards without a photo.
fn silhouette(r: Rect, colour: Color) -> Vec<Item> {
    let cx = r.x + r.w / 2.0;
    let head = Mm(r.w.0.min(r.h.0) * 0.22);
    let head_c = Point {
        x: cx,
        y: r.y + r.h * 0.38,
    };
    let shoulders_top = head_c.y + head * 1.25;
    let k = 0.552_284_749_831;
    let body = vec![
        PathCmd::MoveTo(Point {
            x: r.x + r.w * 0.12,
            y: r.bottom(),
        }),
        PathCmd::CubicTo(
            Point {
                x: r.x + r.w * 0.12,
                y: shoulders_top + (r.bottom() - shoulders_top) * (1.0 - k),
            },
            Point {
                x: cx - r.w * 0.38 * (1.0 - k),
                y: shoulders_top,
            },
            Point {
                x: cx,
                y: shoulders_top,
            },
        ),
        PathCmd::CubicTo(
            Point {
                x: cx + r.w * 0.38 * (1.0 - k),
                y: shoulders_top,
            },
            Point {
                x: r.right() - r.w * 0.12,
                y: shoulders_top + (r.bottom() - shoulders_top) * (1.0 - k),
            },
            Point {
                x: r.right() - r.w * 0.12,
                y: r.bottom(),
            },
        ),
        PathCmd::Close,
    ];
    vec![
        Item::new(
            Shape::Rect(r),
            Style::filled(Color::rgb(0xe4, 0xe8, 0xec)),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Circle {
                centre: head_c,
                radius: head,
            },
            Style::filled(colour),
            Tag::Decoration,
        ),
        Item::new(Shape::Path(body), Style::filled(colour), Tag::Decoration),
    ]
}

fn front(deck: &Deck, card: &Card) -> Vec<Item> {
    let t = &deck.template;
    let b = deck.print.bleed;
    let (w, h) = (t.size.w, t.size.h);
    let colour = t.position_colours[card.position.index()];
    let mut items = vec![
        Item::new(
            Shape::Rect(Rect {
                x: -b,
                y: -b,
                w: w + b * 2.0,
                h: h + b * 2.0,
            }),
            Style::filled(colour),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Rect(Rect::new(0.0, 0.0, w.0, h.0).inset(t.border)),
            Style::filled(t.paper),
            Tag::Decoration,
        ),
    ];
    let nb = t.name.rect();
    items.push(label(
        &card.name,
        FontFace::SansBold,
        card.name_size,
        Point {
            x: nb.x,
            y: nb.bottom() - Mm(1.2),
        },
        Align::Left,
        t.ink,
    ));
    let tb = t.team.rect();
    items.push(label(
        &card.team,
        FontFace::Sans,
        card.team_size,
        Point {
            x: tb.x,
            y: tb.bottom() - Mm(1.0),
        },
        Align::Left,
        t.muted,
    ));

    let pb = t.position.rect();
    items.push(Item::new(Shape::Rect(pb), Style::filled(colour), Tag::Decoration));
    let pos = &deck.position_labels[card.position.index()];
    let size = t.position.fit(pos, FontFace::SansBold).unwrap_or(t.position.min_size);
    let c = pb.centre();
    items.push(label(
        pos,
        FontFace::SansBold,
        size,
        c.offset(Mm::ZERO, FontFace::SansBold.cap_height(size) / 2.0),
        Align::Centre,
        Color::WHITE,
    ));

    let photo = t.photo;
    match &card.picture {
        Some(p) => items.push(Item::new(
            Shape::Image {
                rect: photo,
                picture: p.clone(),
            },
            Style::default(),
            Tag::Photo,
        )),
        None => items.extend(silhouette(photo, t.muted)),
    }
    items.push(Item::new(
        Shape::Rect(photo),
        Style::stroked(Stroke::solid(Mm(0.3), colour)),
        Tag::Decoration,
    ));

    // Stats: label above value, one row each, filling the column.
    let sb = t.stats.rect();
    let rows = card.stats.len().max(1) as f64;
    let row_h = sb.h / rows;
    for (k, (name, value)) in card.stats.iter().enumerate() {
        let top = sb.y + row_h * k as f64;
        let lsize = t.stats.fit(name, FontFace::Sans).unwrap_or(t.stats.min_size);
        items.push(label(
            name,
            FontFace::Sans,
            lsize,
            Point {
                x: sb.x,
                y: top + Mm(0.8) + FontFace::Sans.ascent(lsize),
            },
            Align::Left,
            t.muted,
        ));
        // Values stand out: bigger than their labels, at most 40 % of the row tall.
        let vsize = (t.stats.size * 1.6).min((row_h * 0.4).to_pt());
        items.push(label(
            value,
            FontFace::SansBold,
            vsize,
            Point {
                x: sb.right(),
                y: top + row_h - Mm(1.2),
            },
            Align::Right,
            t.ink,
        ));
        if k + 1 < card.stats.len() {
            items.push(Item::new(
                Shape::Line {
                    from: Point {
                        x: sb.x,
                        y: top + row_h,
                    },
                    to: Point {
                        x: sb.right(),
                        y: top + row_h,
                    },
                },
                Style::stroked(Stroke::solid(Mm(0.2), t.muted)),
                Tag::Decoration,
            ));
        }
    }

    let pr = t.price.rect();
    items.push(Item::new(Shape::Rect(pr), Style::filled(colour), Tag::Decoration));
    let mid_y = pr.y + pr.h / 2.0 + FontFace::SansBold.cap_height(t.price.size) / 2.0;
    items.push(label(
        &deck.price_label,
        FontFace::Sans,
        t.price.min_size,
        Point {
            x: pr.x + Mm(2.0),
            y: mid_y,
        },
        Align::Left,
        Color::WHITE,
    ));
    items.push(label(
        &card.price,
        FontFace::SansBold,
        t.price.size,
        Point {
            x: pr.right() - Mm(2.0),
            y: mid_y,
        },
        Align::Right,
        Color::WHITE,
    ));
    items
}

fn back(deck: &Deck) -> Vec<Item> {
    let t = &deck.template;
    let b = deck.print.bleed;
    let (w, h) = (t.size.w, t.size.h);
    let c = Point { x: w / 2.0, y: h / 2.0 };
    let ring = |r: f64, width: f64| {
        Item::new(
            Shape::Circle {
                centre: c,
                radius: Mm(r),
            },
            Style::stroked(Stroke::solid(Mm(width), t.back_ink)),
            Tag::Decoration,
        )
    };
    let mut items = vec![Item::new(
        Shape::Rect(Rect {
            x: -b,
            y: -b,
            w: w + b * 2.0,
            h: h + b * 2.0,
        }),
        Style::filled(t.back_colour),
        Tag::Decoration,
    )];
    items.push(Item::new(
        Shape::Rect(Rect::new(0.0, 0.0, w.0, h.0).inset(Mm(4.0))),
        Style::stroked(Stroke::solid(Mm(0.5), t.back_ink)),
        Tag::Decoration,
    ));
    items.extend([ring(18.0, 0.6), ring(15.5, 0.3)]);
    items.push(label(
        &deck.back_title,
        FontFace::SansBold,
        t.back_size,
        c.offset(Mm::ZERO, FontFace::SansBold.cap_height(t.back_size) / 2.0),
        Align::Centre,
        t.back_ink,
    ));
    items
}

/// The cards in print order: each card as many times as its quantity.
pub fn arts(deck: &Deck) -> Vec<Art> {
    let back = back(deck);
    deck.cards
        .iter()
        .flat_map(|card| std::iter::repeat_n(card, card.quantity as usize))
        .map(|card| Art {
            front: front(deck, card),
            back: back.clone(),
        })
        .collect()
}

/// One page per card front, the page the card's trim: for previews and
/// per-card images.
pub fn card_pages(deck: &Deck) -> Document {
    let size = deck.template.size;
    let whole = Rect::from_origin_size(Point::default(), size);
    let pages = arts(deck)
        .into_iter()
        .map(|art| {
            let mut page = crate::scene::page::Page::new(
                size,
                whole,
                vec![Item::new(
                    Shape::Group {
                        transform: crate::geom::Transform::IDENTITY,
                        clip: Some(whole),
                        items: art.front,
                    },
                    Style::default(),
                    Tag::Decoration,
                )],
            );
            page.trim = Some(whole);
            page
        })
        .collect();
    Document {
        title: deck.back_title.clone(),
        pages,
    }
}

/// Composes and imposes the deck.
pub fn compose(deck: &Deck) -> Document {
    Document {
        title: deck.back_title.clone(),
        pages: impose(&arts(deck), deck.template.size, &deck.print),
    }
}
