//! A custom sheet (`kind = "custom-sheet"`): a board, field, pad or token sheet of
//! the user's own design, described with primitives (grids, zones,
//! rectangles, circles, lines, polylines, arcs, text boxes, pictures and
//! repeats) and checked like the shipped kinds: the page rules every
//! layout follows, and the rules its author declares (`[[rule]]`).
//!
//! [`layout`] reads and validates the file, [`compose`] draws it and puts it
//! on paper (framed and tiled as a board, or imposed N-up as items),
//! [`check`] measures the declared rules on what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use crate::check::{sheet, tiles};
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Board, Diagrams, PieceSpace, Resolved};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Mm, Rect, Size};
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::item::Item;
use crate::scene::page::Document;
use layout::{CustomSheet, GridDraw, GridShape};

/// The `custom-sheet` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = layout::KIND;
    const PLACE: Placement = Placement::Kit(Role::Board, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = CustomSheet;

    fn schema() -> serde_json::Value {
        layout::schema(Self::NAME)
    }

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<CustomSheet, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for CustomSheet {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let mut findings = self.warnings.clone();
        findings.extend(check::check(self, source, doc));
        match (&self.nup, &self.tiling) {
            (Some(opts), _) => findings.extend(sheet::check(
                source,
                doc,
                opts,
                self.drawing.copies as usize,
                compose::drawing_size(self),
            )),
            (None, Some(t)) => {
                findings.extend(tiles::check(source, doc, t.overlap));
                // Tiled, the pieces follow the drawing, and a shape past
                // it would be cut off without a word: said as the page
                // that cannot hold it is said untiled.
                if overhang(self).is_some() {
                    let size = compose::drawing_size(self);
                    findings.push(
                        Finding::error(
                            Code::PageFit,
                            "shapes reach past the drawing, which the pieces are cut from: they would not print",
                            source.locate(layout::Drawing::KEY.size),
                        )
                        .with_hint(self.fit_hint(size, size)),
                    );
                }
            }
            (None, None) => {}
        }
        findings
    }

    fn fit_hint(&self, _need: Size, _room: Size) -> String {
        // Shapes past the drawing and its room make the page too small
        // however small the drawing is declared: the drawing is too small
        // for them, the other way round from a drawing too big for the paper.
        if let Some(ink) = overhang(self) {
            let size = compose::drawing_size(self);
            return format!(
                "the drawing is too small for its shapes: they reach from ({}, {}) to ({}, {}) mm of a {} x {} mm drawing; make [drawing] size (or room) hold them, or move them inside it",
                fmt_mm(ink.x.0),
                fmt_mm(ink.y.0),
                fmt_mm(ink.right().0),
                fmt_mm(ink.bottom().0),
                fmt_mm(size.w.0),
                fmt_mm(size.h.0)
            );
        }
        match (&self.nup, &self.tiling) {
            (Some(_), _) => "make [drawing] size smaller, use bigger paper (--paper a3), or a smaller bleed".to_string(),
            (None, Some(_)) => "make [drawing] size smaller, or keep the shapes inside it: a drawing larger than the paper is tiled, but not one whose shapes reach past the pieces".to_string(),
            (None, None) => "turn [tiling] on (enabled = true) to print it in pieces to glue, use bigger paper (--paper a3), or make [drawing] size smaller".to_string(),
        }
    }

    fn as_board(&self) -> Option<&dyn Board> {
        Some(self)
    }

    fn as_diagrams(&self) -> Option<&dyn Diagrams> {
        Some(self)
    }
}

/// Where the front's ink reaches when it goes beyond the drawing and its
/// room (in the drawing's mm, from its top-left corner); `None` when it
/// stays inside.
fn overhang(s: &CustomSheet) -> Option<Rect> {
    let size = compose::drawing_size(s);
    let (across, down) = s.drawing.room;
    let ink = compose::drawn(s, layout::Face::Front)
        .iter()
        .filter_map(Item::bbox)
        .reduce(|a, b| a.union(&b))?;
    // An outline on the drawing's edge reaches half its width past it: that
    // is the frame's room to give, not shapes the drawing is too small for.
    const TOLERANCE_MM: f64 = 2.0;
    let out = ink.x.0 < -across.0 - TOLERANCE_MM
        || ink.y.0 < -down.0 - TOLERANCE_MM
        || ink.right().0 > (size.w + across).0 + TOLERANCE_MM
        || ink.bottom().0 > (size.h + down).0 + TOLERANCE_MM;
    out.then_some(ink)
}

/// A length in mm to a tenth, for a hint.
fn fmt_mm(v: f64) -> String {
    let text = format!("{:.1}", v);
    text.trim_end_matches(".0").to_string()
}

/// The one diagram a custom sheet gives a rule sheet: the whole drawing.
pub const SHEET_DIAGRAM: &str = "sheet";

impl Diagrams for CustomSheet {
    fn diagram_names(&self) -> &'static [&'static str] {
        &[SHEET_DIAGRAM]
    }

    /// The drawing's front and the room round it (a goal's net), scaled
    /// down to `width` when wider, never up, its words with it (its title,
    /// caption and scale bar are the sheet's frame, not the drawing).
    fn diagram(&self, name: &str, width: Mm, _companion: Option<&dyn Resolved>) -> Option<(Vec<Item>, Mm)> {
        if name != SHEET_DIAGRAM {
            return None;
        }
        let size = compose::drawing_size(self);
        let (across, down) = self.drawing.room;
        let area = Rect {
            x: -across,
            y: -down,
            w: size.w + across * 2.0,
            h: size.h + down * 2.0,
        };
        let (group, t, h) = crate::compose::diagrams::window(&compose::drawn(self, layout::Face::Front), area, width);
        // The sheet's own words (numbers in its squares) are part of the
        // picture: scaled with it.
        Some((vec![crate::compose::diagrams::texts_scaled(group, t.m[0])], h))
    }
}

impl Board for CustomSheet {
    /// The first square grid drawn in cells is the board counters stand on.
    fn piece_space(&self) -> Option<PieceSpace> {
        self.grids
            .iter()
            .find(|g| g.shape == GridShape::Square && g.draw == GridDraw::Cells)
            .map(|g| PieceSpace {
                pitch: g.pitch,
                line_width: g.width,
            })
    }
}
