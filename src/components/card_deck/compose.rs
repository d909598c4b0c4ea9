//! Player cards: the position's colour framing a white panel, the name shrunk
//! to fit, team, a position badge, the photo (or a drawn silhouette), the stats
//! as labelled rows and the price; a common back. Imposed N-up with bleed, crop
//! marks and duplex backs.

use std::sync::Arc;

use crate::color::Color;
use crate::components::card_deck::layout::{Card, Deck, Labels, Position, TEMPLATE};
use crate::components::card_template::{Field, FieldKind, Ink, PRICE_INSET, Template};
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, PathCmd, Shape, Symbol};
use crate::scene::page::{Document, PageRuns, RUN_PAGES};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::marks::{MARK_COLOUR, MARK_WIDTH};
use crate::sheet::nup::{Art, impose, impose_from, imposed, sheet_shape};
use crate::text::{Align, TextStyle};

/// The `[labels]` keys of the position badges, in the order of `Position::index`.
const POSITION_KEYS: [&str; 4] = [
    Labels::KEY.goalkeeper,
    Labels::KEY.defender,
    Labels::KEY.midfielder,
    Labels::KEY.forward,
];
/// The name sits on a baseline this far above the bottom of its box, so its
/// descenders stay inside.
const NAME_BASELINE_RISE: Mm = Mm(1.2);
/// The team's baseline above the bottom of its box: a smaller face needs
/// less room for descenders.
const TEAM_BASELINE_RISE: Mm = Mm(1.0);
/// The frame round the photo: a hairline in the position's colour, heavy
/// enough to print, light enough not to crop the face.
const PHOTO_FRAME: Mm = Mm(0.3);
/// A stat's label starts this far below the top of its row.
const STAT_LABEL_DROP: Mm = Mm(0.8);
/// A stat value's baseline above the bottom of its row.
const STAT_VALUE_RISE: Mm = Mm(1.2);
/// The rule between stat rows: finer than the photo frame, it only separates.
const STAT_RULE: Mm = Mm(0.2);
/// The back's frame stands this far in from the trim, clear of a cutting
/// error.
const BACK_FRAME_INSET: Mm = Mm(4.0);
/// The back's frame line.
const BACK_FRAME_WIDTH: Mm = Mm(0.5);
/// The back's centre circle as two rings (radius, line width), like a pitch's
/// centre circle drawn double: a heavy outer ring and a fine inner one.
const BACK_RINGS: [(f64, f64); 2] = [(18.0, 0.6), (15.5, 0.3)];
/// The backdrop behind a drawn silhouette: a pale grey-blue, like an empty
/// photo frame.
const SILHOUETTE_BACKDROP: Color = Color::rgb(0xe4, 0xe8, 0xec);
/// The silhouette's head radius, as a share of the frame's shorter side.
const HEAD_RADIUS: f64 = 0.22;
/// The head's centre, as a share of the frame's height from the top.
const HEAD_CENTRE: f64 = 0.38;
/// The shoulders start this many head radii below the head's centre,
/// leaving a neck.
const SHOULDERS_BELOW_HEAD: f64 = 1.25;
/// The body's sides stand in this share of the frame's width.
const BODY_SIDE_INSET: f64 = 0.12;
/// The shoulders' curve reaches this share of the frame's width out from the
/// middle.
const SHOULDER_REACH: f64 = 0.38;
/// The Bézier handle length that draws a quarter circle.
const KAPPA: f64 = 0.552_284_749_831;

/// A head-and-shoulders silhouette filling `r`, for cards without a photo.
fn silhouette(r: Rect, colour: Color) -> Vec<Item> {
    let cx = r.x + r.w / 2.0;
    let head = Mm(r.w.0.min(r.h.0) * HEAD_RADIUS);
    let head_c = Point {
        x: cx,
        y: r.y + r.h * HEAD_CENTRE,
    };
    let shoulders_top = head_c.y + head * SHOULDERS_BELOW_HEAD;
    let k = KAPPA;
    let body = vec![
        PathCmd::MoveTo(Point {
            x: r.x + r.w * BODY_SIDE_INSET,
            y: r.bottom(),
        }),
        PathCmd::CubicTo(
            Point {
                x: r.x + r.w * BODY_SIDE_INSET,
                y: shoulders_top + (r.bottom() - shoulders_top) * (1.0 - k),
            },
            Point {
                x: cx - r.w * SHOULDER_REACH * (1.0 - k),
                y: shoulders_top,
            },
            Point {
                x: cx,
                y: shoulders_top,
            },
        ),
        PathCmd::CubicTo(
            Point {
                x: cx + r.w * SHOULDER_REACH * (1.0 - k),
                y: shoulders_top,
            },
            Point {
                x: r.right() - r.w * BODY_SIDE_INSET,
                y: shoulders_top + (r.bottom() - shoulders_top) * (1.0 - k),
            },
            Point {
                x: r.right() - r.w * BODY_SIDE_INSET,
                y: r.bottom(),
            },
        ),
        PathCmd::Close,
    ];
    vec![
        Item::new(Shape::Rect(r), Style::filled(SILHOUETTE_BACKDROP), Tag::Decoration),
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

/// The card's ground: the position's colour out to the bleed, and the paper
/// panel inside the border.
fn ground(deck: &Deck, colour: Color) -> Vec<Item> {
    let t = &deck.template;
    let b = deck.print.bleed;
    let (w, h) = (t.size.w, t.size.h);
    vec![
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
            // Concentric with the rounded trim: the frame keeps its width
            // round the corners.
            panel(
                Rect::new(0.0, 0.0, w.0, h.0).inset(t.border),
                t.corner_radius - t.border,
            ),
            Style::filled(t.paper),
            Tag::Decoration,
        ),
    ]
}

/// A rectangle, rounded by `radius` when that is more than nothing.
fn panel(r: Rect, radius: Mm) -> Shape {
    if radius > Mm::ZERO {
        Shape::Path(rounded(r, radius))
    } else {
        Shape::Rect(r)
    }
}

/// The name and team, each at its fitted size on the bottom of its box.
fn name_and_team(deck: &Deck, card: &Card) -> [Item; 2] {
    let t = &deck.template;
    // A line of text set `rise` above the bottom of its box, from its left edge.
    let on_box = |face, size, colour, text: &str, b: Rect, rise: Mm| {
        TextStyle::new(face, size, colour)
            .label(
                text,
                Point {
                    x: b.x,
                    y: b.bottom() - rise,
                },
                Align::Left,
            )
            .from_key(TEMPLATE)
            .within(b)
    };
    [
        on_box(
            t.bold,
            card.name_size,
            t.ink,
            &card.name,
            t.name.rect(),
            NAME_BASELINE_RISE,
        ),
        on_box(
            t.regular,
            card.team_size,
            t.muted,
            &card.team,
            t.team.rect(),
            TEAM_BASELINE_RISE,
        ),
    ]
}

/// The position badge: its label in white, centred on the position's colour.
fn position_badge(deck: &Deck, position: Position, colour: Color) -> [Item; 2] {
    let t = &deck.template;
    let pb = t.position.rect();
    let pos = &deck.position_labels[position.index()];
    let size = t.position.fit(pos, t.bold).unwrap_or(t.position.min_size);
    let c = pb.centre();
    [
        Item::new(Shape::Rect(pb), Style::filled(colour), Tag::Decoration),
        TextStyle::new(t.bold, size, Color::WHITE)
            .label(pos, c.offset(Mm::ZERO, t.bold.cap_height(size) / 2.0), Align::Centre)
            .from_key(POSITION_KEYS[position.index()])
            .styled_by(TEMPLATE)
            .within(pb),
    ]
}

/// The photo, or a drawn silhouette, framed in the position's colour.
fn photo(deck: &Deck, card: &Card, colour: Color) -> Vec<Item> {
    let t = &deck.template;
    let photo = t.photo;
    let mut items = Vec::new();
    match &card.picture {
        Some(p) => {
            if p.has_alpha() {
                // A cut-out portrait stands on the empty frame's backdrop, as
                // the silhouette does, not on whatever the card shows there.
                items.push(Item::new(
                    Shape::Rect(photo),
                    Style::filled(SILHOUETTE_BACKDROP),
                    Tag::Decoration,
                ));
            }
            items.push(Item::new(
                Shape::Image {
                    rect: photo,
                    picture: p.clone(),
                },
                Style::default(),
                Tag::Photo,
            ));
        }
        None => items.extend(silhouette(photo, t.muted)),
    }
    items.push(Item::new(
        Shape::Rect(photo),
        Style::stroked(Stroke::solid(PHOTO_FRAME, colour)),
        Tag::Decoration,
    ));
    items
}

/// The rows of the stats column, one a stat, filling it.
fn stat_rows(deck: &Deck, card: &Card) -> Vec<Rect> {
    let sb = deck.template.stats.rect();
    let row_h = sb.h / card.stats.len().max(1) as f64;
    (0..card.stats.len())
        .map(|k| Rect {
            y: sb.y + row_h * k as f64,
            h: row_h,
            ..sb
        })
        .collect()
}

/// Stats, the part every card of a position shares: each label at the top
/// of its row, and a rule between rows.
fn stat_labels(deck: &Deck, card: &Card) -> Vec<Item> {
    let t = &deck.template;
    let sb = t.stats.rect();
    let rows = stat_rows(deck, card);
    let mut items = Vec::new();
    for (k, ((name, _), row)) in card.stats.iter().zip(&rows).enumerate() {
        // Label and value keep to their row of the column, clear of the photo.
        let lsize = t.stats.fit(name, t.regular).unwrap_or(t.stats.min_size);
        items.push(
            TextStyle::new(t.regular, lsize, t.muted)
                .label(
                    name,
                    Point {
                        x: sb.x,
                        y: row.y + STAT_LABEL_DROP + t.regular.ascent(lsize),
                    },
                    Align::Left,
                )
                .from_key(deck.stat_key(name))
                .styled_by(TEMPLATE)
                .within(*row),
        );
        if k + 1 < card.stats.len() {
            items.push(Item::new(
                Shape::Line {
                    from: Point {
                        x: sb.x,
                        y: row.y + row.h,
                    },
                    to: Point {
                        x: sb.right(),
                        y: row.y + row.h,
                    },
                },
                Style::stroked(Stroke::solid(STAT_RULE, t.muted)),
                Tag::Decoration,
            ));
        }
    }
    items
}

/// Stats, the card's own part: each value at the foot of its row, to the
/// right.
fn stat_values(deck: &Deck, card: &Card) -> Vec<Item> {
    let t = &deck.template;
    let sb = t.stats.rect();
    let value = TextStyle::new(t.bold, t.stat_value_pt(card.stats.len()), t.ink);
    card.stats
        .iter()
        .zip(stat_rows(deck, card))
        .map(|((_, v), row)| {
            value
                .label(
                    v,
                    Point {
                        x: sb.right(),
                        y: row.y + row.h - STAT_VALUE_RISE,
                    },
                    Align::Right,
                )
                .from_key(TEMPLATE)
                .within(row)
        })
        .collect()
}

/// The height of the price's baseline: a capital centred in the band.
fn price_baseline(deck: &Deck) -> Mm {
    let t = &deck.template;
    let pr = t.price.rect();
    pr.y + pr.h / 2.0 + t.bold.cap_height(t.price.size) / 2.0
}

/// The price band in the position's colour, its label at the left in white.
fn price_band(deck: &Deck, colour: Color) -> [Item; 2] {
    let t = &deck.template;
    let pr = t.price.rect();
    [
        Item::new(Shape::Rect(pr), Style::filled(colour), Tag::Decoration),
        TextStyle::new(t.regular, t.price.min_size, Color::WHITE)
            .label(
                &deck.price_label,
                Point {
                    x: pr.x + PRICE_INSET,
                    y: price_baseline(deck),
                },
                Align::Left,
            )
            .from_key(Labels::KEY.price)
            .styled_by(TEMPLATE)
            .within(pr),
    ]
}

/// The card's price at the right of the band, in white.
fn price_value(deck: &Deck, card: &Card) -> Item {
    let t = &deck.template;
    let pr = t.price.rect();
    // The price keeps right of its label.
    let (x0, x1) = t.price_room(&deck.price_label);
    TextStyle::new(t.bold, t.price.size, Color::WHITE)
        .label(
            &card.price,
            Point {
                x: pr.right() - PRICE_INSET,
                y: price_baseline(deck),
            },
            Align::Right,
        )
        // The number was checked at its cell as the sheet was read: what
        // the page can still find wrong in it is the currency's.
        .from_key(Labels::KEY.currency)
        .styled_by(TEMPLATE)
        .within(Rect {
            x: x0,
            w: x1 - x0,
            ..pr
        })
}

/// What every card of a position shows alike (its ground, badge, stat
/// labels and rules, and price band and label): drawn once for the deck as a
/// symbol, which each card's own items (name, team, photo, stat values,
/// price) are drawn over. None of the shared items overlaps a card item it
/// used to be drawn after, so the card prints as it did.
fn face(deck: &Deck, card: &Card, (position, colour): (Position, Color)) -> Vec<Item> {
    let mut items = ground(deck, colour);
    items.extend(position_badge(deck, position, colour));
    items.extend(stat_labels(deck, card));
    items.extend(price_band(deck, colour));
    items
}

/// The most distinct faces drawn once each: a deck has one a position, and
/// its corner guides.
const SHARED_FACES: usize = 16;

/// The faces of a deck drawn so far, each a symbol.
#[derive(Default)]
struct Faces {
    seen: Vec<Arc<Symbol>>,
}

impl Faces {
    /// `items` placed as a shared symbol named `name` (the same one for
    /// every card that shows the same), or as they are past
    /// [`SHARED_FACES`] (or when there are none).
    fn share(&mut self, name: &str, items: Vec<Item>) -> Vec<Item> {
        if items.is_empty() {
            return items;
        }
        let symbol = match self.seen.iter().find(|s| s.items == items) {
            Some(s) => s.clone(),
            None if self.seen.len() < SHARED_FACES => {
                let s = Arc::new(Symbol::new(name, items));
                self.seen.push(s.clone());
                s
            }
            None => return items,
        };
        vec![symbol.placed(crate::geom::Transform::IDENTITY, Tag::Decoration)]
    }
}

/// A card's front: a player's (its position's face, name, team, photo,
/// stats and price) or a generic card's (the frame's ground), then the
/// template's own fields and images.
fn front(deck: &Deck, card: &Card, faces: &mut Faces) -> Vec<Item> {
    let (mut items, colour) = match card.position {
        Some(position) => {
            let colour = deck.template.position_colours[position.index()];
            let mut items = faces.share("card-face", face(deck, card, (position, colour)));
            items.extend(name_and_team(deck, card));
            items.extend(photo(deck, card, colour));
            items.extend(stat_values(deck, card));
            items.push(price_value(deck, card));
            (items, colour)
        }
        None => {
            // A generic card's frame: its data's (`[[style]]`), or the template's.
            let colour = card.look.frame.unwrap_or(deck.template.frame);
            (faces.share("card-face", ground(deck, colour)), colour)
        }
    };
    items.extend(fields(deck, card, colour));
    let shown = deck.template.images.iter().map(|b| card.look.shows(&b.column));
    items.extend(
        card.images
            .iter()
            .zip(shown)
            .filter_map(|(placed, shown)| placed.as_ref().filter(|_| shown))
            .map(|(rect, picture)| {
                Item::new(
                    Shape::Image {
                        rect: *rect,
                        picture: picture.clone(),
                    },
                    Style::default(),
                    Tag::CardImage,
                )
            }),
    );
    // The corner guides are the same on every card, and drawn last.
    items.extend(faces.share("corner-guides", corner_guides(deck)));
    // A deck holds thousands of these until it is written: no spare room.
    items.shrink_to_fit();
    items
}

/// A field's colour, the template's or its own; `colour` is the card's
/// frame (the position's, or a generic card's).
fn ink_of(t: &Template, ink: Ink, colour: Color) -> Color {
    match ink {
        Ink::Ink => t.ink,
        Ink::Muted => t.muted,
        Ink::Paper => t.paper,
        Ink::Position => colour,
        Ink::Own(c) => c,
    }
}

/// The rounding of a filled field's corners: a badge, not a slab.
const FILL_RADIUS: Mm = Mm(1.0);

/// The template's `[[field]]`s: each box's fill, then its cell at its
/// fitted size, icons drawn in the line. A line or number has its baseline
/// low enough in the box to centre a capital; a text's lines stand from the
/// top of the box down. Each is aligned as the template says.
fn fields(deck: &Deck, card: &Card, colour: Color) -> Vec<Item> {
    let t = &deck.template;
    let mut items = Vec::new();
    for ((f, (_, text)), &size) in t.fields.iter().zip(&card.extra).zip(&card.field_sizes) {
        if text.is_empty() || !card.look.shows(&f.column) {
            continue;
        }
        let b = f.text.rect();
        if let Some(fill) = f.fill {
            let radius = FILL_RADIUS.min(b.w.min(b.h) / 2.0);
            items.push(Item::new(
                panel(b, radius),
                Style::filled(ink_of(t, fill, colour)),
                Tag::Decoration,
            ));
        }
        let face = f.face(t);
        let ink = ink_of(t, f.ink, colour);
        let x = match f.align {
            Align::Left => b.x,
            Align::Centre => b.x + b.w / 2.0,
            Align::Right => b.right(),
        };
        let lines = match f.kind {
            FieldKind::Text => crate::icons::wrap(text, face, size, b.w).unwrap_or_default(),
            FieldKind::Line | FieldKind::Number => vec![text.clone()],
        };
        let first = match f.kind {
            FieldKind::Text => b.y + face.ascent(size),
            FieldKind::Line | FieldKind::Number => Field::one_line_baseline(face, size, b),
        };
        for (k, words) in lines.iter().enumerate() {
            let y = first + Field::line_step(face, size) * k as f64;
            let drawn = crate::icons::line(&t.icons, words, (face, size, ink), Point { x, y }, f.align, &Tag::Label);
            items.extend(drawn.into_iter().map(|item| match item.shape {
                Shape::Text(_) => item.from_key(TEMPLATE).within(b),
                _ => item,
            }));
        }
    }
    items
}

/// A quarter circle's Bézier from `from` round `corner` to `to`.
fn quarter(from: Point, corner: Point, to: Point) -> PathCmd {
    let pull = |a: Point| Point {
        x: a.x + (corner.x - a.x) * KAPPA,
        y: a.y + (corner.y - a.y) * KAPPA,
    };
    PathCmd::CubicTo(pull(from), pull(to), to)
}

/// The outline of `r` with its corners rounded by `radius`.
pub fn rounded(r: Rect, radius: Mm) -> Vec<PathCmd> {
    let k = radius.min(r.w / 2.0).min(r.h / 2.0);
    let p = |x: Mm, y: Mm| Point { x, y };
    let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
    vec![
        PathCmd::MoveTo(p(x0 + k, y0)),
        PathCmd::LineTo(p(x1 - k, y0)),
        quarter(p(x1 - k, y0), p(x1, y0), p(x1, y0 + k)),
        PathCmd::LineTo(p(x1, y1 - k)),
        quarter(p(x1, y1 - k), p(x1, y1), p(x1 - k, y1)),
        PathCmd::LineTo(p(x0 + k, y1)),
        quarter(p(x0 + k, y1), p(x0, y1), p(x0, y1 - k)),
        PathCmd::LineTo(p(x0, y0 + k)),
        quarter(p(x0, y0 + k), p(x0, y0), p(x0 + k, y0)),
        PathCmd::Close,
    ]
}

/// Where to round a card's corners: the four arcs of its rounded trim, in
/// the crop marks' hairline. Only the arcs: the straight edges are cut
/// along the crop marks, and a line there would leave a sliver on a card
/// cut a hair off it; at a corner the line lies where the card is cut away.
fn corner_guides(deck: &Deck) -> Vec<Item> {
    let t = &deck.template;
    if t.corner_radius <= Mm::ZERO {
        return Vec::new();
    }
    let outline = rounded(Rect::new(0.0, 0.0, t.size.w.0, t.size.h.0), t.corner_radius);
    outline
        .windows(2)
        .filter_map(|w| match (w[0], w[1]) {
            (PathCmd::LineTo(from) | PathCmd::MoveTo(from), arc @ PathCmd::CubicTo(..)) => Some(Item::new(
                Shape::Path(vec![PathCmd::MoveTo(from), arc]),
                Style::stroked(Stroke::solid(MARK_WIDTH, MARK_COLOUR)),
                Tag::CutLine,
            )),
            _ => None,
        })
        .collect()
}

/// The deck's back in `colour` (the template's, or a card's `[[style]]`).
fn back(deck: &Deck, colour: Color) -> Vec<Item> {
    let t = &deck.template;
    let b = deck.print.bleed;
    let (w, h) = (t.size.w, t.size.h);
    let c = Point { x: w / 2.0, y: h / 2.0 };
    let ring = |(r, width): (f64, f64)| {
        Item::new(
            Shape::Circle {
                centre: c,
                radius: Mm(r),
            },
            Style::stroked(Stroke::solid(Mm(width), t.back_ink)),
            Tag::Decoration,
        )
    };
    let bled = Rect {
        x: -b,
        y: -b,
        w: w + b * 2.0,
        h: h + b * 2.0,
    };
    let mut items = vec![Item::new(Shape::Rect(bled), Style::filled(colour), Tag::Decoration)];
    match &deck.back_picture {
        // The template's own back, out to the bleed like the drawn one.
        Some(picture) => items.push(Item::new(
            Shape::Image {
                rect: bled,
                picture: picture.clone(),
            },
            Style::default(),
            Tag::CardImage,
        )),
        None => {
            items.push(Item::new(
                panel(Rect::new(0.0, 0.0, w.0, h.0).inset(BACK_FRAME_INSET), t.corner_radius),
                Style::stroked(Stroke::solid(BACK_FRAME_WIDTH, t.back_ink)),
                Tag::Decoration,
            ));
            items.extend(BACK_RINGS.map(ring));
        }
    }
    if !t.back_title {
        return items;
    }
    items.push(
        TextStyle::new(t.bold, t.back_size, t.back_ink)
            .label(
                &deck.back_title,
                c.offset(Mm::ZERO, t.bold.cap_height(t.back_size) / 2.0),
                Align::Centre,
            )
            .from_key(Labels::KEY.back)
            .styled_by(TEMPLATE)
            .within(Rect::new(0.0, 0.0, w.0, h.0).inset(BACK_FRAME_INSET)),
    );
    items
}

/// The cards in print order: each card as many times as its quantity.
fn in_print_order(deck: &Deck) -> impl Iterator<Item = &Card> {
    deck.cards
        .iter()
        .flat_map(|card| std::iter::repeat_n(card, card.quantity as usize))
}

/// The cards in print order ([`in_print_order`]), drawn.
pub fn arts(deck: &Deck) -> Vec<Art> {
    arts_of(deck, in_print_order(deck))
}

/// `cards` drawn, each with the deck's back.
fn arts_of<'a>(deck: &'a Deck, cards: impl Iterator<Item = &'a Card>) -> Vec<Art> {
    // The one back, a symbol from the start: the imposition shares it as it
    // is, and the deck holds one placement a card, not a copy of the art.
    // A card whose data gives it a back of its own colour (`[[style]]`)
    // shares that colour's symbol with the cards of the same.
    let mut backs: Vec<(Color, Vec<Item>)> = Vec::new();
    let mut back_of = |colour: Color| -> Vec<Item> {
        if let Some((_, placed)) = backs.iter().find(|(c, _)| *c == colour) {
            return placed.clone();
        }
        let symbol = Arc::new(Symbol::new("back", back(deck, colour)));
        let placed = vec![symbol.placed(crate::geom::Transform::IDENTITY, Tag::Decoration)];
        backs.push((colour, placed.clone()));
        placed
    };
    let mut faces = Faces::default();
    // A machine cuts the rounded corners a hand cut rounds after.
    let t = &deck.template;
    let cut = if t.corner_radius > Mm::ZERO {
        rounded(Rect::new(0.0, 0.0, t.size.w.0, t.size.h.0), t.corner_radius)
    } else {
        Vec::new()
    };
    cards
        .map(|card| Art {
            front: front(deck, card, &mut faces),
            back: back_of(card.look.back.unwrap_or(t.back_colour)),
            cut: cut.clone(),
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
    Document::new(deck.back_title.clone(), pages)
}

/// Composes and imposes the deck.
pub fn compose(deck: &Deck) -> Document {
    imposed(
        deck.back_title.clone(),
        impose(arts(deck), deck.template.size, &deck.print),
        &deck.print,
    )
}

/// Composes and imposes the deck, its pages made a run at a time when it has
/// more than one run's worth ([`DeckRuns`]); a shorter deck is composed
/// whole, as [`compose`] does.
pub fn compose_runs(deck: Arc<Deck>) -> Document {
    let (per_sheet, pages_per_sheet) = sheet_shape(deck.template.size, &deck.print);
    let cards = in_print_order(&deck).count();
    let pages = cards.div_ceil(per_sheet.max(1)) * pages_per_sheet;
    if per_sheet == 0 || pages <= RUN_PAGES {
        return compose(&deck);
    }
    let title = deck.back_title.clone();
    let duplex = deck.print.duplex.map(|d| d.flip);
    let machine_cut = deck.print.marks.by_machine();
    let mut doc = Document::made(
        title,
        Arc::new(DeckRuns {
            deck,
            cards,
            per_sheet,
            pages_per_sheet,
        }),
    );
    doc.duplex = duplex;
    doc.machine_cut = machine_cut;
    doc
}

/// A deck's imposed pages, made a run at a time: the cards of a run's sheets
/// are drawn and imposed, numbered from the run's first card, and dropped
/// once written. A run holds whole sheets (a front and its back), so every
/// run is made as the whole deck's imposition would make those pages.
struct DeckRuns {
    deck: Arc<Deck>,
    /// Cards in print order (quantities counted).
    cards: usize,
    /// Cards a sheet takes.
    per_sheet: usize,
    /// Pages a sheet makes: 2 with backs, else 1.
    pages_per_sheet: usize,
}

impl PageRuns for DeckRuns {
    fn count(&self) -> usize {
        self.cards.div_ceil(self.per_sheet) * self.pages_per_sheet
    }

    fn make(&self, range: std::ops::Range<usize>) -> Vec<crate::scene::page::Page> {
        let sheets = range.start / self.pages_per_sheet..range.end.div_ceil(self.pages_per_sheet);
        let first = sheets.start * self.per_sheet;
        let take = sheets.len() * self.per_sheet;
        let deck = &self.deck;
        let arts = arts_of(deck, in_print_order(deck).skip(first).take(take));
        impose_from(arts, deck.template.size, &deck.print, first)
    }
}
