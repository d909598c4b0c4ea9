//! Cards on TTS card sheets, and the `Deck` that holds them.
//!
//! TTS cuts a sheet image into `NumWidth` x `NumHeight` equal places (at
//! most 10 x 7), row by row from the top left; a card names its place by
//! its `CardID`, the sheet's key x 100 + the place. With `BackIsHidden`
//! false, the sheet's last place is the hidden card: what the others see
//! of a card in someone's hand. So a sheet holds at most 69 cards and the
//! hidden card, and is drawn at the largest resolution that keeps it within
//! 4096 pixels a side (TTS's limit for a card sheet), and no more than
//! [`MAX_DPI`].

use std::collections::BTreeMap;

use crate::geom::{Rect, Size};
use crate::scene::item::Item;

use super::art;
use super::images::Files;
use super::save::{CARD_TINT, CustomDeck, Object, Rgb, Transform};

/// The most places across a sheet.
pub const MAX_COLUMNS: u32 = 10;
/// The most places down a sheet.
pub const MAX_ROWS: u32 = 7;
/// The most pixels a side of a sheet.
pub const MAX_PIXELS: u32 = 4096;
/// The most cards a sheet holds: every place but the hidden card's.
pub const PER_SHEET: usize = (MAX_COLUMNS * MAX_ROWS) as usize - 1;
/// No sheet is drawn finer than this, in dots per inch: finer than a
/// screen shows a card.
pub const MAX_DPI: f64 = 300.0;

/// A face: its art in its own coordinates, and the part of it shown.
pub type Face = (Vec<Item>, Rect);

/// One card: its faces and what its tooltip says.
#[derive(Clone, Debug)]
pub struct Card {
    /// The front.
    pub front: Face,
    /// The back, when the card has one of its own.
    pub back: Option<Face>,
    /// Its name (the tooltip's title).
    pub nickname: String,
    /// Its text (the tooltip's body): a player's stats.
    pub description: String,
}

/// The places across and down a sheet of `cards` cards and the hidden card:
/// the fewest places that hold them, and of those the grid closest to
/// square.
pub fn grid(cards: usize) -> (u32, u32) {
    let need = cards + 1;
    let mut best = (MAX_COLUMNS, MAX_ROWS);
    for rows in 1..=MAX_ROWS {
        for cols in 1..=MAX_COLUMNS {
            let places = (cols * rows) as usize;
            if places < need {
                continue;
            }
            let key = |(c, r): (u32, u32)| ((c * r) as usize, c.abs_diff(r));
            if key((cols, rows)) < key(best) {
                best = (cols, rows);
            }
        }
    }
    best
}

/// The resolution a sheet of `columns` x `rows` places of `cell` is drawn
/// at: the largest that keeps both sides within [`MAX_PIXELS`], at most
/// [`MAX_DPI`], and makes a place a whole number of pixels across, so that
/// TTS, which cuts the sheet's width in equal parts, cuts on the places'
/// edges.
pub fn dpi(columns: u32, rows: u32, cell: Size) -> f64 {
    let inches = |mm: f64| mm / 25.4;
    let (w, h) = (inches(cell.w.0), inches(cell.h.0));
    let max = f64::from(MAX_PIXELS);
    let across = (max / f64::from(columns))
        .min(max / f64::from(rows) * w / h)
        .min(MAX_DPI * w);
    across.floor().max(1.0) / w
}

/// A deck's sheets are numbered from the save's next free key.
#[derive(Debug)]
pub struct Keys(pub u32);

impl Keys {
    /// The next key, taken.
    pub fn take(&mut self) -> u32 {
        self.0 += 1;
        self.0
    }
}

/// The deck of `cards` (at least one), named `nickname`, face down at
/// `transform`: its sheets drawn into `files` at the paths `name` gives
/// each (`""`, `"-2"`, `"-back"`, `"-backs-2"`: the sheet, the second
/// sheet, the back, the second sheet of backs), keys from `keys`. A single
/// card is a `Card`, not a deck (TTS holds no deck of one).
pub fn deck(
    nickname: &str,
    cards: Vec<Card>,
    name: &dyn Fn(&str) -> String,
    files: &mut Files,
    keys: &mut Keys,
    transform: Transform,
) -> std::io::Result<Object> {
    let shared_back = cards.first().and_then(|c| c.back.clone());
    let unique = cards.iter().any(|c| c.back != shared_back);
    let mut sheets: BTreeMap<String, CustomDeck> = BTreeMap::new();
    let mut contained = Vec::new();
    let count = cards.len().div_ceil(PER_SHEET);
    // One back for the deck, at the resolution of its first (fullest) sheet.
    let back_url = match (&shared_back, unique) {
        (Some((items, area)), false) => {
            let (columns, rows) = grid(cards.len().min(PER_SHEET));
            let width = (area.w.0 / 25.4 * dpi(columns, rows, area.size())).round() as u32;
            let png = art::draw(items.clone(), *area, width, files.like(&name("-back")))?;
            Some(files.add(&name("-back"), png))
        }
        _ => None,
    };
    let chunks: Vec<Vec<Card>> = cards.chunks(PER_SHEET).map(<[Card]>::to_vec).collect();
    let sheet_name = |k: usize, what: &str| {
        if count == 1 {
            name(what)
        } else {
            name(&format!("{what}-{}", k + 1))
        }
    };
    // The sheets are drawn a core each, then named in order.
    let names: Vec<(String, String)> = (0..chunks.len())
        .map(|k| (sheet_name(k, ""), sheet_name(k, "-backs")))
        .collect();
    let drawn = draw_sheets(&chunks, shared_back.as_ref(), unique, &|k, backs| {
        files.like(if backs { &names[k].1 } else { &names[k].0 })
    })?;
    for (k, (on_sheet, (face_png, backs_png))) in chunks.into_iter().zip(drawn).enumerate() {
        let key = keys.take();
        let (columns, rows) = grid(on_sheet.len());
        let sheet_name = |what: &str| sheet_name(k, what);
        let face_url = files.add(&sheet_name(""), face_png);
        let back_url = match (&back_url, backs_png) {
            (Some(url), _) => url.clone(),
            (None, Some(png)) => files.add(&sheet_name("-backs"), png),
            (None, None) => {
                let cell = on_sheet[0].front.1.size();
                let (items, area) = blank(cell);
                let width = (area.w.0 / 25.4 * dpi(columns, rows, cell)).round() as u32;
                let png = art::draw(items, area, width, files.like(&name("-back")))?;
                files.add(&name("-back"), png)
            }
        };
        let sheet = CustomDeck {
            face_url,
            back_url,
            num_width: columns,
            num_height: rows,
            back_is_hidden: false,
            unique_back: unique,
            kind: 0,
        };
        for (place, card) in on_sheet.into_iter().enumerate() {
            let mut o = card_object(card.nickname, key * 100 + place as u32, transform);
            o.description = card.description;
            o.custom_deck = Some(BTreeMap::from([(key.to_string(), sheet.clone())]));
            contained.push(o);
        }
        sheets.insert(key.to_string(), sheet);
    }
    if contained.len() == 1 {
        let mut card = contained.remove(0);
        card.transform = transform;
        return Ok(card);
    }
    let mut deck = Object::new("Deck", nickname, transform);
    deck.color_diffuse = Rgb::grey(CARD_TINT);
    deck.hide_when_face_down = true;
    deck.sideways_card = Some(false);
    deck.deck_ids = Some(contained.iter().filter_map(|c| c.card_id).collect());
    deck.custom_deck = Some(sheets);
    deck.contained_objects = Some(contained);
    Ok(deck)
}

/// The PNG of each sheet of `chunks` (its cards and the hidden card, which
/// shows the deck's back), and of its sheet of backs when the cards' backs
/// differ (`unique`): drawn on every core, in order.
/// `like` gives each sheet's name among every language's (`true` for its
/// sheet of backs).
fn draw_sheets<'a>(
    chunks: &[Vec<Card>],
    shared_back: Option<&Face>,
    unique: bool,
    like: &(dyn Fn(usize, bool) -> art::Like<'a> + Sync),
) -> std::io::Result<Vec<Drawn>> {
    let draw = |i: usize| -> std::io::Result<Drawn> {
        let on_sheet = &chunks[i];
        let (columns, rows) = grid(on_sheet.len());
        let cell = on_sheet[0].front.1.size();
        let dpi = dpi(columns, rows, cell);
        let hidden = shared_back.cloned().unwrap_or_else(|| blank(cell));
        let mut faces: Vec<Face> = on_sheet.iter().map(|c| c.front.clone()).collect();
        faces.push(hidden.clone());
        let face = art::draw_sheet(faces, columns, rows, dpi, like(i, false))?;
        let backs = if unique {
            let mut backs: Vec<Face> = on_sheet
                .iter()
                .map(|c| c.back.clone().unwrap_or_else(|| blank(cell)))
                .collect();
            backs.push(hidden);
            Some(art::draw_sheet(backs, columns, rows, dpi, like(i, true))?)
        } else {
            None
        };
        Ok((face, backs))
    };
    let mut out = Vec::with_capacity(chunks.len());
    let mut failed = None;
    crate::parallel::in_order(chunks.len(), crate::parallel::default_jobs(), draw, |_, r| match r {
        Ok(d) => out.push(d),
        Err(e) => failed = failed.take().or(Some(e)),
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// A sheet's faces as a PNG, and its backs' when the cards' backs differ.
type Drawn = (Vec<u8>, Option<Vec<u8>>);

/// A card object: TTS's defaults for a card.
fn card_object(nickname: String, id: u32, transform: Transform) -> Object {
    let mut o = Object::new("Card", nickname, transform);
    o.color_diffuse = Rgb::grey(CARD_TINT);
    o.hide_when_face_down = true;
    o.hands = true;
    o.card_id = Some(id);
    o.sideways_card = Some(false);
    o
}

/// A plain back for cards printed one-sided: the card's paper, framed.
fn blank(cell: Size) -> Face {
    use crate::color::Color;
    use crate::scene::item::Shape;
    use crate::scene::style::{Stroke, Style};
    let area = Rect::new(0.0, 0.0, cell.w.0, cell.h.0);
    let frame = Item::new(
        Shape::Rect(area.inset(crate::geom::Mm(2.0))),
        Style::stroked(Stroke::solid(crate::geom::Mm(0.6), Color::rgb(0x9e, 0x9e, 0x9e))),
        crate::scene::tag::Tag::Decoration,
    );
    (vec![frame], area)
}
