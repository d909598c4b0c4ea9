//! What a component's resolve produces, and what the rest of the pipeline may
//! ask of it: its pages, its own checks, and the capabilities it declares
//! (a board's square, the diagrams drawn on it, one page per item). The
//! pipeline and other components ask these questions instead of matching
//! kinds by name.

use std::any::Any;
use std::path::PathBuf;
use std::sync::Arc;

use crate::diag::Finding;
use crate::geom::{Mm, Rect, Size};
use crate::input::source::Source;
use crate::scene::item::Item;
use crate::scene::page::Document;

/// One page per imposed item (a card), with a name for each, for
/// `--per-card` previews.
#[derive(Clone, Debug)]
pub struct ItemPages {
    /// One page per item, in print order.
    pub doc: Document,
    /// A name per page for its file: lowercase ASCII letters, digits and
    /// dashes only, never empty (no path separator or control character can
    /// reach a file name from a spreadsheet cell).
    pub names: Vec<String>,
}

/// The space a piece stands on, as a board draws it: a square of side
/// `pitch` between line centres, its edges stroked `line_width` wide and
/// centred on them, so half a line eats into the square on every side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceSpace {
    /// The side, from line centre to line centre.
    pub pitch: Mm,
    /// The width of the lines on its edges.
    pub line_width: Mm,
}

impl PieceSpace {
    /// The free space across, between the inner edges of the lines: what a
    /// piece on the table really has.
    pub fn clear(&self) -> Mm {
        self.pitch - self.line_width
    }
}

/// A deck's card as a board that cards are laid on needs it: the card's
/// size and where on it the numbers a game reads (the stats) are printed,
/// from the card's top-left corner as it is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardFace {
    /// The finished card.
    pub size: Size,
    /// The stats column, in the card's own coordinates.
    pub stats: Rect,
}

/// A resolved layout of some kind, ready to compose: its pages and its own
/// checks. What other layouts and the pipeline may ask of it beyond that
/// are capabilities, each a small trait reached by an accessor
/// ([`Resolved::as_board`], ...) that a kind answers when it has it.
pub trait Resolved: std::fmt::Debug + Send + Sync + Any {
    /// The pages, composed (a pure function of the resolved values).
    fn compose(&self) -> Document;

    /// The pages, composed by a layout the document may keep: a component
    /// whose documents run to thousands of pages returns one that makes its
    /// pages a run at a time ([`Document::made`]). The others compose.
    fn compose_shared(self: std::sync::Arc<Self>) -> Document {
        self.compose()
    }

    /// The component's own rules, measured on the composed pages; the rules
    /// every page follows are the pipeline's.
    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding>;

    /// What to do when the content, `need` across and down, is larger than
    /// the sheet's printer-safe `room`: the hint names the value that fits.
    fn fit_hint(&self, need: Size, room: Size) -> String {
        let _ = (need, room);
        "use bigger paper (--paper a3), or a smaller bleed".to_string()
    }

    /// A board pieces stand on (counters and tokens must fit its spaces).
    fn as_board(&self) -> Option<&dyn Board> {
        None
    }

    /// A layout rule sheets draw diagrams from.
    fn as_diagrams(&self) -> Option<&dyn Diagrams> {
        None
    }

    /// A deck of cards.
    fn as_cards(&self) -> Option<&dyn Cards> {
        None
    }

    /// Play money.
    fn as_bank(&self) -> Option<&dyn Bank> {
        None
    }

    /// A league table.
    fn as_teams(&self) -> Option<&dyn Teams> {
        None
    }

    /// A line-up's roles (the role card).
    fn as_roles(&self) -> Option<&dyn Roles> {
        None
    }

    /// A sheet that prints other layouts' pages.
    fn as_shared_sheet(&self) -> Option<&dyn SharedSheet> {
        None
    }

    /// Pieces players move (counters, tokens, the ball).
    fn as_pieces(&self) -> Option<&dyn Pieces> {
        None
    }

    /// Dice to roll.
    fn as_dice(&self) -> Option<&dyn Dice> {
        None
    }
}

/// A board: what pieces stand on.
pub trait Board {
    /// The space a piece stands on (a square, a strategy box), which
    /// counters and tokens must fit, and the lines drawn round it; `None`
    /// when the sheet draws none (a custom sheet without a square grid).
    fn piece_space(&self) -> Option<PieceSpace>;

    /// How the pieces start a game on it, which a virtual table sets up
    /// by; none by default (the pieces wait beside it).
    fn opening(&self) -> Opening {
        Opening::Trays
    }
}

/// How pieces start a game on a board, as its rules set them up: the
/// home side (the pieces' first set) at the near end, the away side
/// across.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Opening {
    /// No set place: every piece waits beside the board.
    #[default]
    Trays,
    /// Each side's pieces on these squares, (column, row) from the board's
    /// top-left square for the side defending the top (the other side's
    /// turned half round), the ball on the centre spot (dice football).
    Squares(&'static [(i32, i32)]),
    /// Each role in its zone, the home side kicking off (Futbolchess).
    Zones,
    /// The ball on the home midfield's ball place, each coach's tokens
    /// beside their track, off the board (the league).
    Track,
}

/// A layout rule sheets draw diagrams from (a board, the role card).
pub trait Diagrams {
    /// The names of the diagrams it draws.
    fn diagram_names(&self) -> &'static [&'static str];

    /// Diagram `name` drawn `width` wide, in its own coordinates with the
    /// top-left corner at the origin, and its height. `companion` is
    /// another layout the sheet names for it (the role card).
    fn diagram(&self, name: &str, width: Mm, companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)>;

    /// For a diagram that needs another layout: the key the rule sheet
    /// names it with (`roles` for the role moves).
    fn diagram_companion(&self, name: &str) -> Option<&'static str> {
        let _ = name;
        None
    }
}

/// A deck of cards.
pub trait Cards {
    /// Its cards' size and where their stats are, which a play mat's card
    /// places must hold and leave in sight.
    fn card_face(&self) -> CardFace;

    /// For a deck dealt by the league's rules: the figures of the matches
    /// the checker played with it.
    fn play(&self) -> Option<&crate::play::PlayReport>;

    /// How its sheet was read, when it is a statistics site's export (the
    /// site, the files joined, the columns taken): said beside the deck.
    fn reading(&self) -> Option<&str> {
        None
    }

    /// One page per card, for `--per-card`.
    fn item_pages(&self) -> ItemPages;

    /// How many cards it prints, copies counted.
    fn count(&self) -> usize;

    /// How many clubs (teams) its cards come from.
    fn clubs(&self) -> usize;

    /// How many cards a sheet holds.
    fn per_sheet(&self) -> usize;

    /// Every printed card's name and tooltip, and the groups they are
    /// dealt in, for a virtual table.
    fn dealt(&self) -> Dealt;
}

/// Pieces players move, as a table stands them.
pub trait Pieces {
    /// Every piece, in print order.
    fn pieces(&self) -> Vec<Piece>;
}

/// One piece: what a table needs to tell whose it is and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The set it belongs to (`local`, `red`): the first set of players is
    /// the home side's, the second the away side's.
    pub set: String,
    /// Its 0-based place in its set.
    pub index: u32,
    /// Its diameter.
    pub diameter: Mm,
    /// Its label, possibly empty.
    pub label: String,
    /// Whether it is the ball (drawn with the ball's emblem).
    pub ball: bool,
    /// Whether it stands on the board at all (a coin to toss does not).
    pub on_board: bool,
}

/// Dice to roll: six-sided, each in its colour.
pub trait Dice {
    /// The side of a die.
    fn edge(&self) -> Mm;

    /// Each die's name and colour.
    fn dice(&self) -> Vec<(String, crate::color::Color)>;
}

/// What a table shows of a deck's printed cards, beyond their faces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dealt {
    /// The groups the rules deal apart (a player deck's positions), in
    /// order; empty when the deck is dealt whole.
    pub groups: Vec<String>,
    /// Every printed card, copies counted, in print order.
    pub cards: Vec<CardText>,
}

/// A printed card's words for a table's tooltip.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardText {
    /// The group it is dealt in, one of [`Dealt::groups`].
    pub group: Option<String>,
    /// Its name (the tooltip's title).
    pub name: String,
    /// Its tooltip's text, a line each (team, position, stats, price).
    pub description: String,
}

/// Play money.
pub trait Bank {
    /// Its notes: each denomination's value and how many are printed.
    fn notes(&self) -> Vec<(u32, u32)>;

    /// The currency printed after an amount, in the language built.
    fn currency(&self) -> &str;

    /// How many notes a sheet holds.
    fn per_sheet(&self) -> usize;
}

/// A league table.
pub trait Teams {
    /// How many teams (coaches) it has rows for.
    fn teams(&self) -> u32;
}

/// A line-up's roles (the Futbolchess role card), as a board's diagrams
/// letter them.
pub trait Roles {
    /// The letters of the role that makes the move the layouts call
    /// `move_name` (the first, if several make it).
    fn letters_of(&self, move_name: &str) -> Option<&str>;
}

/// A sheet that prints other layouts' pages (a gang).
pub trait SharedSheet {
    /// The layouts whose pages it prints, which a kit then leaves out
    /// (printing them as well would print them twice).
    fn prints(&self) -> Vec<PathBuf>;
}

/// A loaded and resolved layout with its source.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The component kind (`dice-pitch`).
    pub kind: &'static str,
    /// The file it came from.
    pub source: Source,
    /// What it describes.
    pub layout: Arc<dyn Resolved>,
    /// Whether resolving looked up a label (`@key`), so that the layout
    /// reads differently in each language.
    pub uses_labels: bool,
    /// The labels resolving looked up (`dice.title`, `format.decimal`),
    /// found or not: what the layout prints of the label tables.
    pub labels: Vec<String>,
    /// Findings made while loading and said with the checker's: a title
    /// written as words in a layout of several languages (a warning), a
    /// layout whose outputs would take another's names (an error, which
    /// stops its files as any checker's error does).
    pub warnings: Vec<crate::diag::Finding>,
    /// What the written files say about themselves: title and language.
    pub naming: Naming,
    /// Where it is printed: `--target`, else its own `[print] target` (or
    /// its profile's), else a home printer.
    pub target: crate::print::target::Target,
}

/// How a document names itself in its files' metadata: "game — component
/// (language)", each part in the language it is built in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Naming {
    /// The language code (`es`) when the layout has words in one.
    pub lang: Option<String>,
    /// The game, from the layout's folder (`layouts/league/…`).
    pub game: Option<String>,
    /// What the component is (`player cards`).
    pub component: Option<String>,
    /// The language's own name (`español`).
    pub language: Option<String>,
}

impl Naming {
    /// The title: the parts known, the game falling back to the document's
    /// own heading (a layout outside a game's folder).
    pub fn title(&self, own: &str) -> String {
        let game = self.game.as_deref().unwrap_or(own);
        let mut title = match &self.component {
            Some(c) if !game.is_empty() => format!("{game} — {c}"),
            Some(c) => c.clone(),
            None => game.to_string(),
        };
        if let Some(language) = &self.language {
            title.push_str(&format!(" ({language})"));
        }
        title
    }
}
