//! The dice-football pitch (docs/GAMES.md): a 10 x 18 board of squares with
//! every marking, on one sheet or tiled.
//!
//! `kind = "dice-pitch"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;

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
use layout::DicePitch;

/// The `dice-pitch` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "dice-pitch";
    const PLACE: Placement = Placement::Kit(Role::Board, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = DicePitch;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<DicePitch, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for DicePitch {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let mut findings = check::check(source, self, &tiles::board_view(doc));
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

impl Board for DicePitch {
    fn piece_space(&self) -> Option<PieceSpace> {
        // Every square is stroked with the grid line (compose::squares).
        Some(PieceSpace {
            pitch: self.board.pitch,
            line_width: self.style.grid_width,
        })
    }

    fn opening(&self) -> Opening {
        Opening::Squares(&diagrams::SETUP)
    }
}

impl Diagrams for DicePitch {
    fn diagram_names(&self) -> &'static [&'static str] {
        &["kickoff", "shot", "setup"]
    }
    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "kickoff" => Some(diagrams::dice(self, width, true)),
            "shot" => Some(diagrams::dice(self, width, false)),
            "setup" => Some(diagrams::setup(self, width)),
            _ => None,
        }
    }
}
