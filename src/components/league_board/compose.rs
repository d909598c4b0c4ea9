//! The league play mat. Each coach has a half: the three stripes of their
//! side, one above the other, each a line of card places ending in the
//! ball's place; under them (at the coach's edge of the mat) the strategy
//! track and the goals tally. The away half is the home half turned about the
//! mat's centre, so two coaches sitting face to face each read their own
//! cards the right way up, and each stripe faces the other side's stripe it
//! plays against across the middle: home attack and away defence, the two
//! midfields, home defence and away attack. The tally of balls played is
//! shared, under the away column; the title and the note on reading the track
//! sit above the home column.
//!
//! In a line, each card lies over the one before it, one step outwards, so
//! only the outermost card shows whole and every other one shows the column
//! down its right-hand side where its stats are. A coach's lines overlap too:
//! the line nearer the coach lies over the foot (the price) of the line
//! beyond it. The places are drawn in that order, each a card of the deck's
//! size, so the mat shows how the cards lie and the checker measures it.

use crate::color::Color;
use crate::components::league_board::layout::{Board, Cards, Labels, League};
use crate::geom::{Mm, Point, Rect, Size, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{Count, Line, Tag, Team};
use crate::sheet::place::place_or_tile;
use crate::sheet::tile::{self, BoardWords, Canvas};
use crate::text::{self, Align, TextStyle};

/// Boxes on a strategy track: the game's die.
pub const TRACK: u8 = 6;
/// A coach's lines from the far edge of the mat to the coach: attack, laid
/// first, under the foot of the midfield, which lies under the defence's.
pub const LINES: [Line; 3] = [Line::Attack, Line::Midfield, Line::Defence];

/// The line of the other side that a line faces: defence faces attack.
pub fn facing(line: Line) -> Line {
    match line {
        Line::Defence => Line::Attack,
        Line::Midfield => Line::Midfield,
        Line::Attack => Line::Defence,
    }
}

/// Between a stripe's outer edge and its outermost card.
const PAD: Mm = Mm(1.0);
/// Air on each side of the ball's place, across its column.
const SPOT_AIR: Mm = Mm(1.0);
/// Between the cards and each coach's panel, and between the title and the
/// away panel's edge.
const BAND_GAP: Mm = Mm(3.0);

/// The stripes' tint: the side's colour, mostly white, so the places and
/// their numbers stand out on it.
const STRIPE_TINT: f64 = 0.82;
/// A stripe's edge, where the next line's cards come into sight.
const STRIPE_LINE: Mm = Mm(0.3);
/// A card place: paper with a frame in the side's colour.
const PLACE_LINE: Mm = Mm(0.3);
/// A place's number, in points, and its baseline below the card's top:
/// in the column that stays in sight, level with the card's name.
const PLACE_NUMBER_PT: f64 = 8.0;
const PLACE_NUMBER_BASELINE: Mm = Mm(10.0);
/// The column of a place that stays in sight, tinted like the stripe so the
/// paper between reads as "covered".
const WINDOW_TINT: f64 = 0.93;
/// Where a card's stats will show: a light dashed frame.
const STATS_TINT: f64 = 0.45;
const STATS_DASH: [Mm; 2] = [Mm(1.0), Mm(1.0)];
/// The line's name over its ball place, in points, and the side's name under
/// it, and from the top of the stripe's band to the first baseline.
const LINE_NAME_PT: f64 = 8.0;
const SIDE_NAME_PT: f64 = 6.5;
const NAME_BASELINE: Mm = Mm(5.0);
const NAME_LEADING: Mm = Mm(3.2);
/// The names in the outermost place, in points, and their inset from its
/// edges; the note on laying the cards under them.
const HEAD_NAME_PT: f64 = 12.0;
const HEAD_INSET: Mm = Mm(3.0);
const HEAD_NOTE_PT: f64 = 7.0;
const HEAD_NOTE_GAP: Mm = Mm(1.5);
/// The ball's place: a dashed ring (line width, then dash on and off).
pub const BALL_SPOT_LINE: Mm = Mm(0.5);
const BALL_SPOT_DASH: [Mm; 2] = [Mm(1.5), Mm(1.0)];
/// The line between the two halves, where the ball changes hands.
const MIDDLE_LINE: Mm = Mm(1.0);
/// The mat's outline round the cards.
const OUTLINE: Mm = Mm(0.8);

/// The board's title, in points: the largest text, as on the other boards.
const TITLE_PT: f64 = 16.0;
/// Headings over the track and the tallies, in points.
const HEADING_PT: f64 = 9.0;
/// From a heading's baseline to the numbers over the boxes' baseline, and
/// from there to the boxes.
const HEADING_TO_NUMBERS: Mm = Mm(4.2);
const NUMBERS_TO_BOXES: Mm = Mm(1.3);
/// Between two strategy boxes: apart, but read as one track.
const TRACK_GAP: Mm = Mm(1.5);
/// A strategy box's frame, in the coach's colour.
pub const TRACK_LINE: Mm = Mm(0.6);
/// A strategy box's number, in points: over the box, where no token hides it.
const TRACK_NUMBER_PT: f64 = 8.0;
/// From the track to the goals tally.
const TRACK_TO_TALLY: Mm = Mm(6.0);
/// Between two tally boxes.
const TALLY_GAP: Mm = Mm(1.0);
/// A tally box's frame: light, to be ticked in pencil.
const TALLY_LINE: Mm = Mm(0.4);
/// A tally box's number, in points, and its baseline from the box's corner:
/// small in the corner, leaving the box to the tick.
const TALLY_NUMBER_PT: f64 = 6.0;
const TALLY_NUMBER_AT: (Mm, Mm) = (Mm(0.8), Mm(2.4));
/// Panels and the title start this far in from the mat's edge.
const INSET: Mm = Mm(2.0);

/// The note on reading the track, in points, and its line spacing as a
/// multiple of its size: the board's smallest words, read once.
const NOTE_PT: f64 = 7.5;
const NOTE_LEADING: f64 = 1.3;
/// From the title's baseline to the note's first.
const TITLE_TO_NOTE: Mm = Mm(5.0);

/// Where things go on the mat, in the home half's coordinates: the mat's
/// top-left corner at the origin, the home column on the left. The away half
/// is the same turned about the mat's centre ([`Geometry::turn`]).
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// A card of the deck.
    pub card: Size,
    /// Card places in a line.
    pub places: u8,
    /// Along a line, from a place to the next.
    pub step: Mm,
    /// Down a column, from a line to the next.
    pub line_step: Mm,
    /// One coach's half across: a line of places and the ball's column.
    pub half: Mm,
    /// The band above and below the cards, for the panels.
    pub band: Mm,
    /// Down from the top of the cards of the first line to the foot of the
    /// last.
    pub cards: Mm,
    /// The ball's place.
    pub spot: Mm,
}

impl Geometry {
    /// The geometry of `l`'s mat.
    pub fn new(l: &League) -> Geometry {
        let card = l.deck.face.size;
        let (step, line_step) = (l.cards.step, l.cards.line_step);
        let line = card.w + step * f64::from(l.cards.places.saturating_sub(1));
        let spot = l.board.ball_spot;
        Geometry {
            card,
            places: u8::try_from(l.cards.places).unwrap_or(u8::MAX),
            step,
            line_step,
            half: PAD + line + SPOT_AIR * 2.0 + spot,
            band: panel_height(l) + BAND_GAP,
            cards: line_step * (LINES.len() - 1) as f64 + card.h,
            spot,
        }
    }

    /// The whole mat across.
    pub fn width(&self) -> Mm {
        self.half * 2.0
    }

    /// The whole mat down.
    pub fn height(&self) -> Mm {
        self.band * 2.0 + self.cards
    }

    /// The home half turned onto the away half: half a turn about the mat's
    /// centre.
    pub fn turn(&self) -> Transform {
        Transform::rotate(180.0).then(&Transform::translate(self.width(), self.height()))
    }

    /// The top of line `k`'s cards (`k` from the far edge).
    fn line_top(&self, k: usize) -> Mm {
        self.band + self.line_step * k as f64
    }

    /// The stretch of line `k` that no nearer line covers: (top, bottom).
    pub fn in_sight(&self, k: usize) -> (Mm, Mm) {
        let top = self.line_top(k);
        let bottom = if k + 1 < LINES.len() {
            self.line_top(k + 1).min(top + self.card.h)
        } else {
            top + self.card.h
        };
        (top, bottom)
    }

    /// The stripe of line `k`: every card of the line, and the ball's column.
    pub fn stripe(&self, k: usize) -> Rect {
        Rect {
            x: Mm::ZERO,
            y: self.line_top(k),
            w: self.half,
            h: self.card.h,
        }
    }

    /// The centre of line `k`'s ball place: at the inner end of the line,
    /// level with the facing stripe's (the middle of the stretch both
    /// stripes show), so the ball crosses straight over.
    pub fn spot_centre(&self, k: usize) -> Point {
        let (top, bottom) = self.in_sight(k);
        let other = self.in_sight(LINES.len() - 1 - k);
        // The facing line, turned into this half's coordinates.
        let turned = (self.height() - other.1, self.height() - other.0);
        let (a, b) = (top.max(turned.0), bottom.min(turned.1));
        Point {
            x: self.half - SPOT_AIR - self.spot / 2.0,
            y: (a + b) / 2.0,
        }
    }

    /// Place `n` of line `k`: 1 is laid first, next to the ball; each next
    /// one lies a step outwards over it.
    pub fn place(&self, k: usize, n: u8) -> Rect {
        Rect {
            x: PAD + self.step * f64::from(self.places - n),
            y: self.line_top(k),
            w: self.card.w,
            h: self.card.h,
        }
    }
}

/// A coach's panel down: a heading, the numbers over the track, the track.
fn panel_height(l: &League) -> Mm {
    l.fonts.bold.ascent(HEADING_PT) + HEADING_TO_NUMBERS + NUMBERS_TO_BOXES + l.board.track_box
}

fn team_colour(l: &League, team: Team) -> Color {
    match team {
        Team::Home => l.style.team_a_colour,
        Team::Away => l.style.team_b_colour,
    }
}

/// A side's name, and the key it is written under.
fn team_name(l: &League, team: Team) -> (&str, &'static str) {
    match team {
        Team::Home => (&l.labels.team_a, Labels::KEY.team_a),
        Team::Away => (&l.labels.team_b, Labels::KEY.team_b),
    }
}

/// A line's name, and the key it is written under.
fn line_name(l: &League, line: Line) -> (&str, &'static str) {
    match line {
        Line::Defence => (&l.labels.defence, Labels::KEY.defence),
        Line::Midfield => (&l.labels.midfield, Labels::KEY.midfield),
        Line::Attack => (&l.labels.attack, Labels::KEY.attack),
    }
}

/// Composes the mat and puts it on paper: one sheet when it fits, else
/// tiled when the layout allows it.
pub fn compose(l: &League) -> Document {
    let canvas = canvas(l);
    Document::new(
        l.labels.title.clone(),
        place_or_tile(&canvas, &l.page, l.tiling.as_ref()),
    )
}

/// The mat in its own coordinates, with its title and note (the words a
/// tiling prints whole on every piece) above the home column, and the lines
/// a tiling may cut along.
pub fn canvas(l: &League) -> Canvas {
    let g = Geometry::new(l);
    let mut items = half(l, &g, Team::Home);
    items.push(Item::new(
        Shape::Group {
            transform: g.turn(),
            clip: None,
            items: half(l, &g, Team::Away),
        },
        Style::default(),
        Tag::Decoration,
    ));
    items.extend(middle(l, &g));
    items.extend(balls_tally(l, &g));
    let frame = frame(l, &g);
    let (cuts_x, cuts_y) = clear_cuts(&items, &g);
    let words = BoardWords {
        title: l.labels.title.clone(),
        caption: l.labels.strategy_note.clone(),
        scale_bar: l.labels.scale_bar.clone(),
    };
    Canvas::new(items, frame, words).with_cuts(cuts_x, cuts_y)
}

/// One coach's half, drawn as the home half: the three stripes from the far
/// edge in, then the coach's panel along the near edge.
fn half(l: &League, g: &Geometry, coach: Team) -> Vec<Item> {
    let mut items = Vec::new();
    for (k, &line) in LINES.iter().enumerate() {
        items.extend(stripe(l, g, coach, k, line));
    }
    let top = g.band + g.cards + BAND_GAP;
    items.extend(panel(l, coach, Point { x: INSET, y: top }));
    items
}

/// Line `k` of `coach`: its band, its places from the first laid to the
/// last (each over the one before), its name and its ball place.
fn stripe(l: &League, g: &Geometry, coach: Team, k: usize, line: Line) -> Vec<Item> {
    let colour = team_colour(l, coach);
    let band = g.stripe(k);
    let mut items = vec![
        Item::new(
            Shape::Rect(band),
            Style {
                stroke: Some(Stroke::solid(STRIPE_LINE, colour)),
                fill: Some(colour.mix(Color::WHITE, STRIPE_TINT)),
            },
            Tag::Stripe { team: coach, line },
        )
        .from_key(Cards::KEY.line_step),
        // The ball's column: the pitch the ball moves on, edged in the
        // side's colour.
        Item::new(
            Shape::Rect(Rect {
                x: band.right() - g.spot - SPOT_AIR * 2.0,
                y: band.y,
                w: g.spot + SPOT_AIR * 2.0,
                h: band.h,
            }),
            Style {
                stroke: Some(Stroke::solid(STRIPE_LINE, colour)),
                fill: Some(l.style.pitch_colour),
            },
            Tag::Decoration,
        ),
    ];
    let number = TextStyle::new(l.fonts.bold, PLACE_NUMBER_PT, colour);
    for n in 1..=g.places {
        let r = g.place(k, n);
        items.push(
            Item::new(
                Shape::Rect(r),
                Style {
                    stroke: Some(Stroke::solid(PLACE_LINE, colour)),
                    fill: Some(Color::WHITE),
                },
                Tag::CardPlace { team: coach, line, n },
            )
            .from_key(Cards::KEY.step),
        );
        // The column of the card that stays in sight under the next one.
        let window = Rect {
            x: r.right() - g.step,
            y: r.y,
            w: g.step,
            h: r.h,
        };
        items.push(Item::new(
            Shape::Rect(window.inset(PLACE_LINE)),
            Style::filled(colour.mix(Color::WHITE, WINDOW_TINT)),
            Tag::Decoration,
        ));
        // Where the card's stats will show.
        let stats = l.deck.face.stats;
        items.push(Item::new(
            Shape::Rect(Rect {
                x: r.x + stats.x,
                y: r.y + stats.y,
                w: stats.w,
                h: stats.h,
            }),
            Style::stroked(Stroke {
                width: PLACE_LINE,
                color: colour.mix(Color::WHITE, STATS_TINT),
                dash: STATS_DASH.to_vec(),
            }),
            Tag::Decoration,
        ));
        let at = Point {
            x: window.centre().x,
            y: r.y + PLACE_NUMBER_BASELINE,
        };
        items.push(
            number
                .label(&n.to_string(), at, Align::Centre)
                .from_key(Cards::KEY.step),
        );
    }
    items.extend(head(l, g, coach, k, line));
    items.extend(ball_place(l, g, coach, k, line));
    items
}

/// In the part of the outermost place that no card but its own covers: the
/// line's and the side's names, and on the far line, how the cards are laid.
fn head(l: &League, g: &Geometry, coach: Team, k: usize, line: Line) -> Vec<Item> {
    let colour = team_colour(l, coach);
    let place = g.place(k, g.places);
    let (top, bottom) = g.in_sight(k);
    let x = place.x + HEAD_INSET;
    let width = place.w - g.step - HEAD_INSET * 2.0;
    // The words keep to the part of the place in sight.
    let room = Rect {
        x,
        y: top,
        w: width,
        h: bottom - top,
    };
    let (name, name_key) = line_name(l, line);
    let (side, side_key) = team_name(l, coach);
    let big = TextStyle::new(l.fonts.bold, HEAD_NAME_PT, colour);
    let mut y = top + HEAD_INSET + big.face.ascent(HEAD_NAME_PT);
    let mut items = vec![
        big.label(name, Point { x, y }, Align::Left)
            .from_key(name_key)
            .within(room),
    ];
    y += NAME_LEADING + Mm(1.0);
    items.push(
        TextStyle::new(l.fonts.regular, SIDE_NAME_PT, colour)
            .label(side, Point { x, y }, Align::Left)
            .from_key(side_key)
            .within(room),
    );
    if k == 0 {
        let note = TextStyle::new(l.fonts.regular, HEAD_NOTE_PT, l.style.text_colour);
        y += HEAD_NOTE_GAP;
        for text in text::wrap(&l.labels.cards_note, note.face, note.size_pt, width) {
            y += Mm::from_pt(HEAD_NOTE_PT * NOTE_LEADING);
            items.push(
                note.label(&text, Point { x, y }, Align::Left)
                    .from_key(Labels::KEY.cards_note)
                    .within(room),
            );
        }
    }
    items
}

/// The ball's place at the inner end of line `k`, with the line's and the
/// side's names over it.
fn ball_place(l: &League, g: &Geometry, coach: Team, k: usize, line: Line) -> Vec<Item> {
    let colour = team_colour(l, coach);
    let centre = g.spot_centre(k);
    let (top, _) = g.in_sight(k);
    let (name, name_key) = line_name(l, line);
    let (side, side_key) = team_name(l, coach);
    let name_at = Point {
        x: centre.x,
        y: top + NAME_BASELINE,
    };
    vec![
        TextStyle::new(l.fonts.bold, LINE_NAME_PT, l.style.text_colour)
            .label(name, name_at, Align::Centre)
            .from_key(name_key),
        TextStyle::new(l.fonts.regular, SIDE_NAME_PT, colour)
            .label(side, name_at.offset(Mm::ZERO, NAME_LEADING), Align::Centre)
            .from_key(side_key),
        Item::new(
            Shape::Circle {
                centre,
                radius: g.spot / 2.0,
            },
            Style {
                stroke: Some(Stroke {
                    width: BALL_SPOT_LINE,
                    color: l.style.line_colour,
                    dash: BALL_SPOT_DASH.to_vec(),
                }),
                fill: Some(Color::WHITE),
            },
            Tag::BallSpot { team: coach, line },
        )
        .from_key(Board::KEY.ball_spot),
    ]
}

/// The line between the halves and the outline round the cards.
fn middle(l: &League, g: &Geometry) -> Vec<Item> {
    let line = |w: Mm| Style::stroked(Stroke::solid(w, l.style.line_colour));
    vec![
        Item::new(
            Shape::Line {
                from: Point { x: g.half, y: g.band },
                to: Point {
                    x: g.half,
                    y: g.band + g.cards,
                },
            },
            line(MIDDLE_LINE),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Rect(Rect {
                x: Mm::ZERO,
                y: g.band,
                w: g.width(),
                h: g.cards,
            }),
            line(OUTLINE),
            Tag::Outline,
        ),
    ]
}

/// One coach's panel with its top-left corner at `at`: the strategy track
/// with its numbers over the boxes, then the coach's goals tally.
fn panel(l: &League, coach: Team, at: Point) -> Vec<Item> {
    let b = &l.board;
    let colour = team_colour(l, coach);
    let (name, _) = team_name(l, coach);
    let heading = TextStyle::new(l.fonts.bold, HEADING_PT, colour);
    let baseline = at.y + heading.face.ascent(HEADING_PT);
    let numbers = baseline + HEADING_TO_NUMBERS;
    let boxes = numbers + NUMBERS_TO_BOXES;
    let mut items = vec![
        heading
            .label(
                &format!("{} · {name}", l.labels.strategy),
                Point { x: at.x, y: baseline },
                Align::Left,
            )
            .from_key(Labels::KEY.strategy),
    ];
    let track_number = TextStyle::new(l.fonts.bold, TRACK_NUMBER_PT, colour);
    for n in 1..=TRACK {
        let r = Rect {
            x: at.x + (b.track_box + TRACK_GAP) * f64::from(n - 1),
            y: boxes,
            w: b.track_box,
            h: b.track_box,
        };
        items.push(
            Item::new(
                Shape::Rect(r),
                Style {
                    stroke: Some(Stroke::solid(TRACK_LINE, colour)),
                    fill: Some(Color::WHITE),
                },
                Tag::TrackBox { coach, n },
            )
            .from_key(Board::KEY.track_box),
        );
        let at = Point {
            x: r.centre().x,
            y: numbers,
        };
        items.push(
            track_number
                .label(&n.to_string(), at, Align::Centre)
                .from_key(Board::KEY.track_box),
        );
    }
    let tally_x = at.x + (b.track_box + TRACK_GAP) * f64::from(TRACK) - TRACK_GAP + TRACK_TO_TALLY;
    let tally_at = Point {
        x: tally_x,
        y: boxes + (b.track_box - b.tally_box) / 2.0,
    };
    let goals = format!("{} · {name}", l.labels.goals);
    items.push(
        heading
            .label(
                &goals,
                Point {
                    x: tally_x,
                    y: baseline,
                },
                Align::Left,
            )
            .from_key(Labels::KEY.goals),
    );
    items.extend(tally(l, Some(coach), Count::Goals, tally_at));
    items
}

/// The boxes 1 to the most balls of a tally, from `at` rightwards.
fn tally(l: &League, coach: Option<Team>, count: Count, at: Point) -> Vec<Item> {
    let b = &l.board;
    let number = TextStyle::new(l.fonts.regular, TALLY_NUMBER_PT, l.style.text_colour);
    let mut items = Vec::new();
    for n in 1..=b.balls {
        let r = Rect {
            x: at.x + (b.tally_box + TALLY_GAP) * f64::from(n - 1),
            y: at.y,
            w: b.tally_box,
            h: b.tally_box,
        };
        items.push(
            Item::new(
                Shape::Rect(r),
                Style {
                    stroke: Some(Stroke::solid(TALLY_LINE, l.style.line_colour)),
                    fill: Some(Color::WHITE),
                },
                Tag::Tally {
                    coach,
                    count,
                    n: n as u8,
                },
            )
            .from_key(Board::KEY.balls),
        );
        let at = r.corners()[0].offset(TALLY_NUMBER_AT.0, TALLY_NUMBER_AT.1);
        items.push(number.label(&n.to_string(), at, Align::Left).from_key(Board::KEY.balls));
    }
    items
}

/// The tally of balls played, both coaches': under the away column, level
/// with the home coach's goals tally.
fn balls_tally(l: &League, g: &Geometry) -> Vec<Item> {
    let b = &l.board;
    let heading = TextStyle::new(l.fonts.bold, HEADING_PT, l.style.text_colour);
    let top = g.band + g.cards + BAND_GAP;
    let baseline = top + heading.face.ascent(HEADING_PT);
    let boxes = baseline + HEADING_TO_NUMBERS + NUMBERS_TO_BOXES;
    let x = g.half + INSET * 2.0;
    let mut items = vec![
        heading
            .label(&l.labels.balls, Point { x, y: baseline }, Align::Left)
            .from_key(Labels::KEY.balls),
    ];
    let at = Point {
        x,
        y: boxes + (b.track_box - b.tally_box) / 2.0,
    };
    items.extend(tally(l, None, Count::Balls, at));
    items
}

/// The title and the note on reading the track, above the home column: the
/// words a tiling prints on every piece instead.
fn frame(l: &League, g: &Geometry) -> Vec<Item> {
    let title = TextStyle::new(l.fonts.bold, TITLE_PT, l.style.text_colour);
    let baseline = title.face.ascent(TITLE_PT);
    let mut frame = vec![
        title
            .label(&l.labels.title, Point { x: INSET, y: baseline }, Align::Left)
            .from_key(Labels::KEY.title),
    ];
    let note = TextStyle::new(l.fonts.regular, NOTE_PT, l.style.text_colour);
    let lines = text::wrap(&l.labels.strategy_note, note.face, note.size_pt, g.half - INSET * 2.0);
    for (k, line) in lines.iter().enumerate() {
        let at = Point {
            x: INSET,
            y: baseline + TITLE_TO_NOTE + Mm::from_pt(NOTE_PT * NOTE_LEADING) * k as f64,
        };
        frame.push(note.label(line, at, Align::Left).from_key(Labels::KEY.strategy_note));
    }
    frame.extend(scale_bar(l, g));
    frame
}

/// The 50 mm bar of the mat printed whole (a tiled mat has one on every
/// piece instead), to check the print's scale with a ruler: at the right
/// end of the away coach's panel row, level with the balls' tally, where the
/// row has nothing else.
fn scale_bar(l: &League, g: &Geometry) -> Vec<Item> {
    let b = &l.board;
    let top = g.band + g.cards + BAND_GAP;
    let baseline = top + l.fonts.bold.ascent(HEADING_PT);
    let boxes = baseline + HEADING_TO_NUMBERS + NUMBERS_TO_BOXES;
    let at = Point {
        x: g.half * 2.0 - INSET - tile::SCALE_BAR,
        y: boxes + (b.track_box - b.tally_box) / 2.0,
    };
    let (items, _) = tile::scale_bar(at, &l.labels.scale_bar, (l.fonts.regular, l.style.text_colour));
    items.into_iter().map(|i| i.from_key(Labels::KEY.scale_bar)).collect()
}

/// The lines a tiling may cut along: the middle line, and across the mat
/// the edges of the bands and of the stripes' stretches in sight, where
/// they cross no ball place, box or words, so every piece a token stands on
/// and every name stays whole on one piece.
fn clear_cuts(items: &[Item], g: &Geometry) -> (Vec<Mm>, Vec<Mm>) {
    let mut blocking = Vec::new();
    for item in items {
        leaves(item, &Transform::IDENTITY, &mut |leaf, t| {
            if matches!(
                leaf.tag,
                Tag::TrackBox { .. } | Tag::Tally { .. } | Tag::BallSpot { .. } | Tag::Label
            ) && let Some(b) = leaf.bbox()
            {
                blocking.push(t.apply_rect(&b));
            }
        });
    }
    let across = |x: Mm| !blocking.iter().any(|r| r.x.0 < x.0 && x.0 < r.right().0);
    let down = |y: Mm| !blocking.iter().any(|r| r.y.0 < y.0 && y.0 < r.bottom().0);
    let mut ys = vec![g.band - BAND_GAP / 2.0, g.band + g.cards + BAND_GAP / 2.0];
    for k in 1..LINES.len() {
        let y = g.line_top(k);
        // Where a line comes into sight, on the home side and, turned, on
        // the away side.
        ys.extend([y, g.height() - y]);
    }
    ys.sort_by(|a, b| a.0.total_cmp(&b.0));
    (
        [g.half].into_iter().filter(|x| across(*x)).collect(),
        ys.into_iter().filter(|y| down(*y)).collect(),
    )
}

/// Calls `f` on every leaf under `item` with the transform onto the canvas.
pub fn leaves(item: &Item, t: &Transform, f: &mut dyn FnMut(&Item, &Transform)) {
    if let Shape::Group { transform, items, .. } = &item.shape {
        let inner = transform.then(t);
        for i in items {
            leaves(i, &inner, f);
        }
    } else {
        f(item, t);
    }
}
