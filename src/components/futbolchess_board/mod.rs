//! The Futbolchess board (docs/GAMES.md): 8 x 12 squares, bands, areas and
//! two-square goals.
//!
//! `kind = "futbolchess-board"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod art;
pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;
pub mod legend;
pub mod moves;

use crate::check::tiles;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Board, Diagrams, Opening, PieceSpace, Resolved};
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::Futbolchess;

/// The `futbolchess-board` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "futbolchess-board";
    const PLACE: Placement = Placement::Kit(Role::Board, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = Futbolchess;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Futbolchess, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for Futbolchess {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let mut findings = check::check(source, &tiles::board_view(doc));
        if let Some(t) = &self.tiling {
            findings.extend(tiles::check(source, doc, t.overlap));
        }
        findings
    }

    fn fit_hint(&self, _need: Size, _room: Size) -> String {
        check::fit_hint(self)
    }

    fn as_board(&self) -> Option<&dyn Board> {
        Some(self)
    }

    fn as_diagrams(&self) -> Option<&dyn Diagrams> {
        Some(self)
    }
}

impl Board for Futbolchess {
    fn piece_space(&self) -> Option<PieceSpace> {
        // Every square is stroked with the grid line (compose::squares).
        Some(PieceSpace {
            pitch: self.board.pitch,
            line_width: self.style.grid_width,
        })
    }

    fn opening(&self) -> Opening {
        Opening::Zones
    }
}

impl Diagrams for Futbolchess {
    fn diagram_names(&self) -> &'static [&'static str] {
        &["setup", "role-moves"]
    }
    fn diagram(&self, name: &str, width: Mm, companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "setup" => Some(diagrams::setup(self, width, companion.and_then(|c| c.as_roles()))),
            // The role moves are drawn by the role card the sheet names.
            "role-moves" => companion.and_then(|c| c.as_diagrams()?.diagram(name, width, None)),
            _ => None,
        }
    }
    fn diagram_companion(&self, name: &str) -> Option<&'static str> {
        // The line-up letters its roles as the role card does.
        matches!(name, "setup" | "role-moves").then_some("roles")
    }
}
