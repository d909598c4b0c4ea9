//! The Futbolchess role reference card (`kind = "role-card"`, docs/GAMES.md):
//! each role's ball move as a small diagram on the board's own squares.
//!
//! The roles and their words are data (a table in the layout); which move each
//! role makes is a fact of the game that the checker holds.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::color::Color;
use crate::components::component::resolved_as;
use crate::components::load::References;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Resolver, show};
use crate::layout::values::{Colour, Count, Label, Number, Word, entries};
use crate::limits::{MAX_ENTRIES, MAX_WORD_CHARS};
use crate::print::PageSpec;
use crate::section;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// The Futbolchess board layout, relative to this file: each diagram is
    /// a window of its squares.
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    board: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    card: RawCard,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    role: Vec<RawRole>,
}

/// The smallest square of a diagram, in mm, that shows a move.
const MIN_DIAGRAM_SQUARE: f64 = 4.0;

/// The key naming the board layout (`board = "board.toml"`), at the top of
/// the file beside the tables, where no section can hold it.
const BOARD: &str = "board";

section! {
    /// The card's heading, diagram size, note and colours, validated.
    pub struct Card / RawCard / CardKeys in "card" {
        /// Heading.
        title: Label = "@roles.title",
        /// Squares on a side of each diagram (odd: the piece in the middle).
        window: Count<3, 15> = 7 => "squares on a side of each diagram; 7 shows long moves",
        /// The diagrams' squares as a fraction of the board's.
        scale: Number = 0.4,
        /// The closing note.
        note: Label = "@roles.note",
        /// Text and lines.
        ink: Colour = "#1f3d27",
        /// The piece.
        piece: Colour = "#c62828",
        /// The squares the ball can reach.
        target: Colour = "#f4c542",
    }
}

/// The `[[role]]` array of tables. A role's table is no section: one of its
/// keys, `move`, is a Rust keyword, which a section field cannot be named. Its
/// keys are built by [`RoleKeys`], each name written once.
pub const ROLE: &str = "role";

/// One `[[role]]` table as written: every key is required.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawRole {
    /// The role's letters, as its counter shows them (`DF`).
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    code: String,
    /// The role's name.
    #[schemars(schema_with = "crate::layout::schema::value::<Label>")]
    name: String,
    /// The ball move the game gives the role.
    #[serde(rename = "move")]
    #[schemars(schema_with = "move_schema")]
    pattern: String,
    /// What the role does, under its diagram.
    #[schemars(schema_with = "crate::layout::schema::value::<Label>")]
    text: String,
}

fn move_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::layout::schema::one_of(Move::NAMES.iter().map(|(name, _)| *name))
}

/// The layout keys of the `i`th role (`role[2].move`), for findings.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleKeys {
    /// Its letters.
    pub code: String,
    /// Its name.
    pub name: String,
    /// Its move (`move` in the layout).
    pub pattern: String,
    /// Its words.
    pub text: String,
}

impl RoleKeys {
    /// The keys of the role at `index` in the `[[role]]` array.
    pub fn at(index: usize) -> RoleKeys {
        let key = |field: &str| format!("{ROLE}[{index}].{field}");
        RoleKeys {
            code: key("code"),
            name: key("name"),
            pattern: key("move"),
            text: key("text"),
        }
    }
}

/// The ball moves are the game's: the board's module declares them.
pub use crate::components::futbolchess_board::moves::Move;

/// One role on the card.
#[derive(Clone, Debug, PartialEq)]
pub struct Role {
    /// Its letters (POR, DF, ...).
    pub code: String,
    /// Its name.
    pub name: String,
    /// The move its diagram shows.
    pub pattern: Move,
    /// One or two sentences under the diagram.
    pub text: String,
}

/// A resolved role card.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleCard {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// The board the diagrams are drawn from.
    pub board: crate::components::futbolchess_board::layout::Futbolchess,
    /// Heading.
    pub title: String,
    /// Squares on a side of each diagram (odd: the piece in the middle).
    pub window: u32,
    /// The diagrams' squares as a fraction of the board's.
    pub scale: f64,
    /// The closing note.
    pub note: String,
    /// Text and lines.
    pub ink: Color,
    /// The piece.
    pub piece: Color,
    /// The squares the ball can reach.
    pub target: Color,
    /// The roles, in the layout's order.
    pub roles: Vec<Role>,
}

impl RoleCard {
    /// The side of a diagram's square.
    pub fn square(&self) -> Mm {
        self.board.board.pitch * self.scale
    }

    /// The letters of the role the layout gives move `m` (the first, if
    /// several have it): how the board's diagrams name that role.
    pub fn code_of(&self, m: Move) -> Option<&str> {
        self.roles.iter().find(|r| r.pattern == m).map(|r| r.code.as_str())
    }
}

/// Reads and validates a `role-card` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<RoleCard, Vec<Finding>> {
    let page = r.page(&raw.page);
    let board = r.reference(BOARD, &raw.board).and_then(|loaded| {
        let board = resolved_as::<crate::components::futbolchess_board::Kind>(&loaded).cloned();
        if board.is_none() {
            r.bad(
                BOARD,
                Code::LayoutBoard,
                format!("{} is a \"{}\" layout, not a Futbolchess board", raw.board, loaded.kind),
                "name the Futbolchess board layout (\"board.toml\")",
            );
        }
        board
    });
    let card = raw.card.resolve(&mut r);
    let window = card.window;
    if window.is_multiple_of(2) {
        r.bad(
            Card::KEY.window,
            Code::LayoutValue,
            format!("{window} squares leave no middle square for the piece"),
            "use an odd number, such as 7",
        );
    }
    if !(card.scale > 0.0 && card.scale <= 1.0) {
        r.bad(
            Card::KEY.scale,
            Code::LayoutValue,
            format!(
                "a scale of {} is not a fraction of the board's squares",
                show(card.scale)
            ),
            "use 0.3 to 0.5",
        );
    } else if let Some(b) = &board {
        // A diagram of specks shows no move: its squares must be seen.
        let pitch = b.board.pitch.0;
        let square = pitch * card.scale;
        if square < MIN_DIAGRAM_SQUARE {
            r.bad(
                Card::KEY.scale,
                Code::LayoutValue,
                format!(
                    "the diagrams' squares would be {} mm ({} of the board's {} mm), too small to show a move",
                    show(square),
                    show(card.scale),
                    show(pitch)
                ),
                format!(
                    "set it to at least {:.2}, for squares of {MIN_DIAGRAM_SQUARE} mm",
                    (MIN_DIAGRAM_SQUARE / pitch * 100.0).ceil() / 100.0
                ),
            );
        }
    }
    if raw.role.is_empty() {
        r.bad(
            ROLE,
            Code::LayoutMissingKey,
            "the card has no roles".into(),
            "add a [[role]] table for each role: code, name, move and text",
        );
    }
    let mut roles = Vec::new();
    for (i, ro) in entries(&mut r, ROLE, &raw.role).iter().enumerate() {
        let keys = RoleKeys::at(i);
        let pattern = Move::parse(&ro.pattern).unwrap_or_else(|| {
            r.bad(
                &keys.pattern,
                Code::LayoutValue,
                format!("unknown move \"{}\"", ro.pattern),
                "use forward, cross, queen, diagonal, king or keeper",
            );
            Move::King
        });
        roles.push(Role {
            code: r.at_most_chars(&keys.code, ro.code.clone(), MAX_WORD_CHARS, "a role's letters"),
            name: r.text(&keys.name, &ro.name),
            pattern,
            text: r.text(&keys.text, &ro.text),
        });
    }
    // Without its board the card cannot be drawn; its finding is reported.
    let Some(board) = board else { return Err(r.findings) };
    let card = RoleCard {
        fonts: r.cx.fonts,
        page,
        board,
        title: card.title,
        window,
        scale: card.scale,
        note: card.note,
        ink: card.ink,
        piece: card.piece,
        target: card.target,
        roles,
    };
    r.finish(card)
}

/// Where the piece stands in a diagram of `n` x `n` squares (row 0 is the
/// side it attacks): the middle; the goalkeeper in the bottom row, which is
/// its goal's row behind the goal line, on the goal's right-hand square.
pub fn piece_square(m: Move, n: u32) -> (i32, i32) {
    let c = (n / 2) as i32;
    match m {
        Move::Keeper => (c, n as i32 - 1),
        _ => (c, c),
    }
}

/// The goalkeeper's goal in a diagram: its first column and its row (the
/// bottom row, behind the goal line), `goal` squares wide, ending on the
/// keeper's column so the keeper stands in its right-hand square.
pub fn keeper_goal(n: u32, goal: u32) -> (i32, i32) {
    let c = (n / 2) as i32;
    (c + 1 - goal as i32, n as i32 - 1)
}

/// The goalkeeper's area in a diagram: columns and rows `[from, to)`, the
/// board's area width and depth, centred on the goal, against the goal line
/// (above the bottom row, which is the goal's).
pub fn keeper_area(n: u32, area: (u32, u32), goal: u32) -> ((i32, i32), (i32, i32)) {
    let (g0, line) = keeper_goal(n, goal);
    // Centred on the goal: as many squares beside it on either side (the
    // left one more when the difference is odd).
    let left = g0 - (area.0 as i32 - goal as i32 + 1) / 2;
    ((left, left + area.0 as i32), (line - area.1 as i32, line))
}

/// The squares of an `n` x `n` diagram the ball can reach with move `m`: the
/// game's rules, which the diagrams draw and the checker compares them with.
pub fn targets(m: Move, n: u32, area: (u32, u32), goal: u32) -> std::collections::BTreeSet<(i32, i32)> {
    let n = n as i32;
    let (px, py) = piece_square(m, n as u32);
    let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < n && y < n;
    let ray = |dx: i32, dy: i32| {
        (1..n)
            .map(move |k| (px + dx * k, py + dy * k))
            .take_while(|&(x, y)| inside(x, y))
    };
    let rays = |dirs: &[(i32, i32)]| dirs.iter().flat_map(|&(dx, dy)| ray(dx, dy)).collect();
    let around: Vec<(i32, i32)> = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .collect();
    match m {
        Move::Forward => rays(&[(0, -1)]),
        Move::Cross => (0..n).filter(|&x| x != px).map(|x| (x, py - 1)).collect(),
        Move::Queen => rays(&around),
        Move::Diagonal => rays(&[(-1, -1), (1, -1), (-1, 1), (1, 1)]),
        Move::King => around
            .iter()
            .map(|(dx, dy)| (px + dx, py + dy))
            .filter(|&(x, y)| inside(x, y))
            .collect(),
        Move::Keeper => {
            let ((x0, x1), (y0, y1)) = keeper_area(n as u32, area, goal);
            around
                .iter()
                .map(|(dx, dy)| (px + dx, py + dy))
                .filter(|&(x, y)| inside(x, y) && (x0..x1).contains(&x) && (y0..y1).contains(&y))
                .collect()
        }
    }
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it, and one role to start from.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    use crate::layout::scaffold::{Key, Scaffold, Shown};
    let s = Scaffold::new::<Raw>(
        kind,
        "The Futbolchess role card: each role's ball move as a small diagram on the board's own squares.",
    )
    .required(
        BOARD,
        "The board layout whose squares the diagrams show, relative to this file.",
        "board.toml",
    );
    let raw: Raw = s.defaults()?;
    let keys = RoleKeys::at(0);
    let name = |key: &str| key.rsplit('.').next().unwrap_or(key).to_string();
    let role = |key: &str, doc: &str, example: &str| {
        Key::new(
            &name(key),
            &[doc],
            "",
            Shown::Required(Some(toml::Value::String(example.to_string()))),
        )
    };
    Ok(s.section(&raw.page).section(&raw.card).entry_of::<RawRole>(
        ROLE,
        "One [[role]] per role on the card: copy the table for each. This one is an example: every key of a role must be written.",
        vec![
            role(&keys.code, "The role's letters, as the board's diagrams name it.", "POR"),
            role(&keys.name, "Its name.", "@roles.keeper"),
            role(&keys.pattern, "Its ball move: forward, cross, queen, diagonal, king or keeper.", "keeper"),
            role(&keys.text, "Its words under the diagram.", "@roles.keeper_text"),
        ],
    ))
}
