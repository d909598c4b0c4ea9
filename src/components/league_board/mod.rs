//! The league game's play mat (docs/GAMES.md): each coach's three stripes
//! holding their cards, facing the other coach's, strategy tracks and
//! tallies.
//!
//! `kind = "league-board"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod diagrams;
pub mod layout;

use crate::sheet::place::pieces_note;

use crate::check::tiles;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Board, Diagrams, Opening, PieceSpace, Resolved};
use crate::diag::Finding;
use crate::geom::{Mm, Size, floor_to};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::League;

/// The `league-board` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "league-board";
    const PLACE: Placement = Placement::Kit(Role::Board, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = League;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<League, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for League {
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

    fn fit_hint(&self, need: Size, room: Size) -> String {
        // Across, two lines of cards stand side by side: a shorter step
        // takes its shortening off each of their steps; down, a shorter
        // line step off each of a column's. Neither may go below what
        // keeps the stats in sight, so a number is offered only when it does.
        let (c, face) = (&self.cards, &self.deck.face);
        let mut fixes = Vec::new();
        if self.tiling.is_none() {
            fixes.push("turn tiling on (`[tiling] enabled = true`) to split the mat across sheets".to_string());
        }
        let steps = 2.0 * f64::from(c.places.saturating_sub(1));
        let step = floor_to(c.step - (need.w - room.w) / steps, 0.5);
        if need.w > room.w && steps > 0.0 && step.0 >= (face.size.w - face.stats.x).0 {
            fixes.push(format!("set {} = {} or less", layout::Cards::KEY.step, step.0));
        }
        let line_steps = (compose::LINES.len() - 1) as f64;
        let line_step = floor_to(c.line_step - (need.h - room.h) / line_steps, 0.5);
        if need.h > room.h && line_step.0 >= (face.stats.y + face.stats.h).0 {
            fixes.push(format!(
                "set {} = {} or less",
                layout::Cards::KEY.line_step,
                line_step.0
            ));
        }
        fixes.push("use bigger paper (--paper a3)".to_string());
        pieces_note(&compose::canvas(self), &self.page, self.tiling.as_ref()) + &fixes.join(", or ")
    }

    fn as_board(&self) -> Option<&dyn Board> {
        Some(self)
    }

    fn as_diagrams(&self) -> Option<&dyn Diagrams> {
        Some(self)
    }
}

impl Board for League {
    fn piece_space(&self) -> Option<PieceSpace> {
        // Strategy tokens stand in the track's boxes and the ball token on
        // its spot; one counter sheet holds both, so the tighter bounds them.
        let track = PieceSpace {
            pitch: self.board.track_box,
            line_width: compose::TRACK_LINE,
        };
        let spot = PieceSpace {
            pitch: self.board.ball_spot,
            line_width: compose::BALL_SPOT_LINE,
        };
        Some(if spot.clear() < track.clear() { spot } else { track })
    }

    fn opening(&self) -> Opening {
        Opening::Track
    }
}

impl Diagrams for League {
    fn diagram_names(&self) -> &'static [&'static str] {
        &["strategy-track", "stripes", "setup"]
    }
    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        match name {
            "strategy-track" => Some(diagrams::track(self, width)),
            "stripes" => Some(diagrams::stripes(self, width)),
            "setup" => Some(diagrams::setup(self, width)),
            _ => None,
        }
    }
}
