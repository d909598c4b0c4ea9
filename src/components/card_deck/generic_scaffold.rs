//! `pitchprint new card-deck --from events.csv` for a sheet that is not a
//! player's: a generic card template laid out from the sheet's own columns
//! (written beside the deck), each column a field by what its cells hold.
//!
//! A column of image file names is the card's picture; one of numbers a
//! badge (the first) or a number; one of long cells (a sentence) a wrapped
//! text; any other a line (the first is the title, in bold). A column
//! `Texto.en` beside `Texto` is that column in English, read in its place
//! when the deck is built in English, so it takes no box of its own. The
//! columns that find no room on the card are listed in the template.

use std::fmt::Write as _;
use std::path::Path;

use crate::components::card_deck::generic;
use crate::components::card_deck::scaffold::is_quantity;
use crate::spreadsheet::Sheet;

/// The card's trim and the frame's inner edge, in mm: poker size, a 3 mm
/// frame and 3 mm of air inside it.
const CARD: (f64, f64) = (63.0, 88.0);
const INSET: f64 = 6.0;
/// The badge of the first number column, a square at the top right.
const BADGE: f64 = 11.0;
/// Heights of a title, of a line under it, and the least a wrapped text
/// is given.
const TITLE_H: f64 = 8.0;
const LINE_H: f64 = 4.5;
const TEXT_MIN_H: f64 = 12.0;
/// The picture's height when there is text below it too.
const PICTURE_H: f64 = 25.5;
/// A column whose longest cell has more characters than this is a text
/// to wrap, not a line.
const LONG_CELL: usize = 28;
/// The file endings an image column's cells have: the formats an
/// `[[image]]` reads.
const IMAGE_ENDINGS: [&str; 5] = [".png", ".jpg", ".jpeg", ".webp", ".gif"];

/// What a column of the sheet becomes on the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// One line: a title or a short word.
    Line,
    /// A wrapped text.
    Text,
    /// A number.
    Number,
    /// An image file's name.
    Image,
}

/// What the template's columns are, read off their cells.
pub fn role(sheet: &Sheet, col: usize) -> Role {
    let cells = sheet.filled(col);
    if cells.is_empty() {
        return Role::Line;
    }
    let lower = |c: &String| c.to_lowercase();
    if cells
        .iter()
        .map(lower)
        .all(|c| IMAGE_ENDINGS.iter().any(|e| c.ends_with(e)))
    {
        return Role::Image;
    }
    let mark = sheet.marks[col];
    // A number only if every cell is one: "Evento 1" is a title.
    if cells.iter().all(|c| generic::number(c, mark).is_some()) {
        return Role::Number;
    }
    if cells.iter().any(|c| c.chars().count() > LONG_CELL || c.contains('\n')) {
        Role::Text
    } else {
        Role::Line
    }
}

/// A generic deck mapped from a sheet: the template's text, the column of
/// copies, the folder of its pictures, and what to tell the user.
pub struct Generic {
    /// The card template, as written beside the deck.
    pub template: String,
    /// The column of copies of each card, when the sheet has one.
    pub quantity: Option<String>,
    /// The column of the pictures, when the sheet has one.
    pub pictures: Option<usize>,
    /// One line on what was laid out, for the command's output.
    pub summary: String,
}

/// A box of the template: its column, what it is and where.
struct Placed {
    column: String,
    role: Role,
    area: [f64; 4],
    first_line: bool,
    first_number: bool,
}

/// Lays out a generic card template from `sheet`'s columns (`from` names
/// it in the template's comments).
pub fn map(sheet: &Sheet, from: &Path) -> Generic {
    let headers = &sheet.headers;
    let is_variant = |h: &str| {
        h.rsplit_once('.').is_some_and(|(base, lang)| {
            lang.len() == 2 && lang.chars().all(|c| c.is_ascii_lowercase()) && headers.iter().any(|x| x == base)
        })
    };
    let quantity = headers.iter().position(|h| is_quantity(h));
    let columns: Vec<(usize, Role)> = (0..headers.len())
        .filter(|&i| Some(i) != quantity && !headers[i].trim().is_empty() && !is_variant(&headers[i]))
        .map(|i| (i, role(sheet, i)))
        .collect();
    let of = |role: Role| columns.iter().filter(move |(_, r)| *r == role).map(|(i, _)| *i);
    let badge = of(Role::Number).next();
    let picture = of(Role::Image).next();
    let texts: Vec<usize> = of(Role::Text).collect();
    let right = CARD.0 - INSET;
    let mut placed = Vec::new();
    let mut y = INSET;
    let mut lines = of(Role::Line).chain(of(Role::Number).filter(|i| Some(*i) != badge));
    if let Some(i) = badge {
        placed.push(Placed::new(headers[i].clone(), Role::Number, [right - BADGE, INSET, BADGE, BADGE]).badge());
    }
    let beside_badge = if badge.is_some() {
        right - BADGE - 2.0 - INSET
    } else {
        right - INSET
    };
    if let Some(i) = lines.next() {
        placed.push(Placed::new(headers[i].clone(), role(sheet, i), [INSET, y, beside_badge, TITLE_H]).first());
        y += TITLE_H + 0.5;
    }
    let bottom = CARD.1 - INSET;
    let room_below =
        |y: f64| bottom - y - texts.len().min(2) as f64 * TEXT_MIN_H - if picture.is_some() { PICTURE_H } else { 0.0 };
    let mut unplaced = Vec::new();
    for i in lines.by_ref() {
        if room_below(y) < LINE_H {
            unplaced.push(headers[i].clone());
            continue;
        }
        let w = if y < INSET + BADGE { beside_badge } else { right - INSET };
        placed.push(Placed::new(headers[i].clone(), role(sheet, i), [INSET, y, w, LINE_H]));
        y += LINE_H + 0.5;
    }
    if badge.is_some() {
        y = y.max(INSET + BADGE + 1.0);
    }
    y += 1.5;
    if let Some(i) = picture {
        let h = if texts.is_empty() { bottom - y } else { PICTURE_H };
        placed.push(Placed::new(
            headers[i].clone(),
            Role::Image,
            [INSET, y, right - INSET, h],
        ));
        y += h + 2.5;
    }
    let shown: Vec<usize> = texts.iter().copied().take(2).collect();
    let each = if shown.is_empty() {
        0.0
    } else {
        (bottom - y - 2.0 * (shown.len() - 1) as f64) / shown.len() as f64
    };
    for &i in &shown {
        placed.push(Placed::new(
            headers[i].clone(),
            Role::Text,
            [INSET, y, right - INSET, each],
        ));
        y += each + 2.0;
    }
    unplaced.extend(texts.iter().skip(2).map(|&i| headers[i].clone()));
    unplaced.extend(of(Role::Image).skip(1).map(|i| headers[i].clone()));
    let variants: Vec<&String> = headers.iter().filter(|h| is_variant(h)).collect();
    let title = placed.iter().find(|p| p.first_line).map(|p| p.column.as_str());
    let kind = of(Role::Line)
        .filter(|&i| Some(headers[i].as_str()) != title)
        .find_map(|i| type_values(sheet, i).map(|values| (headers[i].clone(), values)));
    let mut template = render(from, &placed, &unplaced, &variants);
    if let Some((column, values)) = &kind {
        template.push_str(&style_rule(column, values));
    }
    let summary = format!(
        "a generic card laid out from the {} column(s) of {}: {} placed{}",
        columns.len(),
        from.display(),
        placed.len(),
        if unplaced.is_empty() {
            String::new()
        } else {
            format!(", {} without room ({})", unplaced.len(), unplaced.join(", "))
        }
    ) + &kind.as_ref().map_or(String::new(), |(column, values)| {
        format!("; the cards whose {column} is {} styled by a [[style]]", values[0])
    });
    Generic {
        template,
        quantity: quantity.map(|i| headers[i].clone()),
        pictures: picture,
        summary,
    }
}

impl Placed {
    fn new(column: String, role: Role, area: [f64; 4]) -> Placed {
        Placed {
            column,
            role,
            area,
            first_line: false,
            first_number: false,
        }
    }

    /// The title: the first line, in bold.
    fn first(mut self) -> Placed {
        self.first_line = true;
        self
    }

    /// The badge: the first number, on the frame's colour.
    fn badge(mut self) -> Placed {
        self.first_number = true;
        self
    }
}

/// The most distinct values a column of types holds (goalkeeper, defender,
/// midfielder, forward; weather, referee, tactic...).
const MOST_TYPES: usize = 8;

/// The values of column `col`, most common first, when it looks like a
/// type: a few distinct texts (2 to [`MOST_TYPES`]), each found on two
/// cards or more on average. `None` for a column of names or of one value.
fn type_values(sheet: &Sheet, col: usize) -> Option<Vec<String>> {
    let cells = sheet.filled(col);
    let mut counts: Vec<(String, usize)> = Vec::new();
    for c in &cells {
        match counts.iter_mut().find(|(v, _)| v == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c.clone(), 1)),
        }
    }
    let distinct = counts.len();
    if !(2..=MOST_TYPES).contains(&distinct) || cells.len() < 2 * distinct {
        return None;
    }
    // Most common first; the sheet's order among equals.
    counts.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    Some(counts.into_iter().map(|(v, _)| v).collect())
}

/// The colour the scaffold's `[[style]]` gives the cards it styles: a brick
/// red, far from the default frame's navy.
const STYLED: &str = "#b5472a";

/// A `[[style]]` rule for the first of a column of types' `values`, with
/// what the others could have.
fn style_rule(column: &str, values: &[String]) -> String {
    let others: Vec<String> = values.iter().skip(1).map(|v| quoted(v)).collect();
    format!(
        "\n# Cards styled by their data: the cards whose {} is {} take this frame\n\
         # and back colour. The column also holds {}: copy the table for each with\n\
         # a colour of its own. `show = [\"Column\"]` in a rule prints that column's box\n\
         # only on the cards of the rules that name it.\n\
         [[style]]\ncolumn = {}\nis = {}\nframe = \"{STYLED}\"\nback = \"{STYLED}\"\n",
        quoted(column),
        quoted(&values[0]),
        others.join(", "),
        quoted(column),
        quoted(&values[0]),
    )
}

/// `value` as TOML writes a string.
fn quoted(value: &str) -> String {
    toml::Value::String(value.to_string()).to_string()
}

/// The template's text: what it is, its frame and back, then its boxes.
fn render(from: &Path, placed: &[Placed], unplaced: &[String], variants: &[&String]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# A generic card template laid out from the columns of {}: each [[field]]\n\
         # and [[image]] is a box filled from the column it names. Every box is\n\
         # [x, y, width, height] in mm from the card's top-left corner; a text shrinks\n\
         # to fit its box down to its min_size. Fields take kind = \"line\" (one line),\n\
         # \"text\" (wrapped) or \"number\"; colour and fill take \"ink\", \"muted\",\n\
         # \"paper\", \"frame\" or \"#rrggbb\". A text may show icons: :ball:, :goal:,\n\
         # :yellow:, :red:, :die:, :coin:, :clock:, :pass:, :scissors:, and your own under [icons].\n\
         # A [[style]] (column, is, frame, back, show) styles the cards whose cell in a\n\
         # column holds a value: their frame and back colours, and the boxes shown.",
        from.display()
    );
    if !variants.is_empty() {
        let names: Vec<String> = variants.iter().map(|v| quoted(v)).collect();
        let _ = writeln!(
            out,
            "# Read in place of their column when the deck is built in their language: {}.",
            names.join(", ")
        );
    }
    if !unplaced.is_empty() {
        let names: Vec<String> = unplaced.iter().map(|v| quoted(v)).collect();
        let _ = writeln!(
            out,
            "# Columns that found no room on the card: {}. Give one a box of its own\n\
             # (a [[field]] with its column), or make the card larger.",
            names.join(", ")
        );
    }
    out.push_str(
        "cards = \"generic\"\nsize = \"poker\"          # 63 x 88 mm; also \"bridge\", \"tarot\", \"mini\", or [w, h]\n\
         border = 3.0            # mm of the frame's colour round the panel, into the bleed\n\
         corner_radius = 3.0\n\n[colours]\nframe = \"#1b2a41\"\npaper = \"#ffffff\"\nink = \"#1b1b1b\"\nmuted = \"#5f6b73\"\n\n\
         [back]\ncolour = \"#1b2a41\"\nink = \"#ffffff\"\nsize = 14.0\n",
    );
    for p in placed {
        let [x, y, w, h] = p.area;
        let area = format!("box = [{x:.1}, {y:.1}, {w:.1}, {h:.1}]");
        if p.role == Role::Image {
            let _ = writeln!(
                out,
                "\n[[image]]               # a picture, kept whole in its box\ncolumn = {}\n{area}",
                quoted(&p.column)
            );
            continue;
        }
        let (about, keys) = match p.role {
            Role::Number if p.first_number => (
                "a number on a badge of the frame's colour",
                "kind = \"number\"\nsize = 14.0\nmin_size = 9.0\nbold = true\nalign = \"centre\"\ncolour = \"paper\"\nfill = \"frame\"",
            ),
            Role::Number => ("a number", "kind = \"number\"\nsize = 7.5\nmin_size = 6.0"),
            Role::Text => (
                "a text, wrapped over the box's lines",
                "kind = \"text\"\nsize = 10.0\nmin_size = 6.5",
            ),
            _ if p.first_line => ("the title, on one line", "size = 12.0\nmin_size = 8.0\nbold = true"),
            _ => ("one line", "size = 7.5\nmin_size = 6.0\ncolour = \"muted\""),
        };
        let _ = writeln!(
            out,
            "\n[[field]]               # {about}\ncolumn = {}\n{area}\n{keys}",
            quoted(&p.column)
        );
    }
    out
}
