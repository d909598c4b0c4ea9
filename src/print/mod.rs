//! Print options shared by the layout stage and the sheet stage: paper,
//! orientation, N-up imposition, duplex and tiling. Plain values built on the
//! base types alone ([`crate::geom`], [`crate::color`]), so `layout` can
//! resolve them, `sheet` can use them and the scene can name them (a page's
//! [`Flip`]) without any of them importing another.

pub mod separation;
pub mod target;

use crate::color::Color;
use crate::geom::{Mm, Orientation, PaperSize, Point, Rect, Size};

/// How to turn the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrientationChoice {
    /// This way, always.
    Fixed(Orientation),
    /// Portrait when the content fits that way, else landscape.
    Auto,
}

/// A validated `[page]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageSpec {
    /// The paper size printed on: the one the layout (or the printer
    /// profile) asks for, unless `--paper` chose another.
    pub paper: PaperSize,
    /// The paper the layout (or the printer profile) asks for, whatever
    /// `--paper` says: what its own words were written for (a kit's cover).
    pub written: PaperSize,
    /// How to turn it.
    pub orientation: OrientationChoice,
    /// The printer-safe margin.
    pub margin: Mm,
}

/// Which edge the sheet turns over in duplex printing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// Turned like a book's page (the usual default of duplex printers).
    LongEdge,
    /// Turned like a calendar's page.
    ShortEdge,
}

/// How far to move the backs to correct a printer that shifts them, one
/// reading for portrait sheets and one for landscape ones: a printer feeds
/// a sheet the same way whatever is printed on it, so its shift is along
/// the paper and shows on the page differently for each orientation (each
/// is measured with the calibration sheet of that orientation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BackOffset {
    /// For pages taller than wide (and square ones).
    pub portrait: (Mm, Mm),
    /// For pages wider than tall.
    pub landscape: (Mm, Mm),
}

impl BackOffset {
    /// No correction.
    pub const ZERO: BackOffset = BackOffset {
        portrait: (Mm::ZERO, Mm::ZERO),
        landscape: (Mm::ZERO, Mm::ZERO),
    };

    /// The same reading for both orientations (a plain `back_offset = [x, y]`).
    pub fn both(offset: (Mm, Mm)) -> BackOffset {
        BackOffset {
            portrait: offset,
            landscape: offset,
        }
    }

    /// The reading for a `page`-sized sheet.
    pub fn on(&self, page: Size) -> (Mm, Mm) {
        if page.w.0 > page.h.0 {
            self.landscape
        } else {
            self.portrait
        }
    }
}

/// Duplex settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duplex {
    /// The edge the sheet turns over.
    pub flip: Flip,
    /// Added to every back page's placement, by the page's orientation, to
    /// correct a printer that shifts its backs.
    pub offset: BackOffset,
}

impl Duplex {
    /// Where the back of something at `front` (a rectangle on a `page`-sized
    /// front page) goes on the back page so that it lands behind it.
    ///
    /// A print dialog's long and short edges are the paper's: a portrait sheet
    /// turned over its long edge turns like a book's page (left and right
    /// swap), a landscape one like a calendar's (top and bottom swap), and
    /// the short edge the other way round.
    pub fn back_of(&self, front: Rect, page: Size) -> Rect {
        let (x, y) = if self.swaps_left_right(page) {
            (page.w - front.x - front.w, front.y)
        } else {
            (front.x, page.h - front.y - front.h)
        };
        let (dx, dy) = self.offset.on(page);
        Rect {
            x: x + dx,
            y: y + dy,
            ..front
        }
    }

    /// Whether turning a `page`-sized sheet swaps left and right (turned over
    /// a vertical edge), rather than top and bottom.
    pub fn swaps_left_right(&self, page: Size) -> bool {
        let landscape = page.w.0 > page.h.0;
        matches!(
            (self.flip, landscape),
            (Flip::LongEdge, false) | (Flip::ShortEdge, true)
        )
    }

    /// Where the back of the point `p` goes.
    pub fn back_of_point(&self, p: Point, page: Size) -> Point {
        let r = self.back_of(Rect::from_origin_size(p, Size::default()), page);
        Point { x: r.x, y: r.y }
    }
}

/// Many items to a sheet, or one item to a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Imposition {
    /// As many items as fit on each sheet of paper, for home printing.
    Sheet,
    /// One item per page, the page its bleed plus room for crop marks, with PDF
    /// TrimBox and BleedBox set: what a print shop asks for.
    Single,
    /// Each front and its back on one side of one sheet, mirrored about a fold
    /// line through the sheet's middle: printed one-sided, folded printed
    /// side out, glued and cut through both layers (for printers without
    /// duplex, or backs that must never drift).
    GutterFold,
}

/// The marks an imposed sheet is cut by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marks {
    /// Crop marks (when `crop_marks` asks), for a knife or a trimmer.
    Crop,
    /// Silhouette Studio's print-and-cut registration marks (a filled
    /// square top left, L marks top right and bottom left), read by a
    /// Silhouette cutting machine's optical eye; the cut paths go in a cut
    /// file beside the PDF.
    Silhouette,
    /// Cricut Design Space's Print Then Cut: each sheet an image no larger
    /// than Design Space prints (it adds its own registration frame), the
    /// cut paths in a cut file of the same size.
    Cricut,
}

impl Marks {
    /// Whether a cutting machine cuts the sheet (a cut file is written).
    pub fn by_machine(self) -> bool {
        self != Marks::Crop
    }
}

/// How far each Silhouette registration mark's outer corner is from the
/// paper's edges: Studio's smallest inset (see [`crate::sheet::cutter`]).
pub const SILHOUETTE_INSET: Mm = Mm(10.0);
/// The side of the filled square at a Silhouette sheet's top-left corner.
pub const SILHOUETTE_SQUARE: Mm = Mm(5.0);
/// The length of a Silhouette L mark's arms.
pub const SILHOUETTE_LENGTH: Mm = Mm(20.0);
/// The thickness of a Silhouette L mark's arms.
pub const SILHOUETTE_THICKNESS: Mm = Mm(0.3);

/// How to impose.
#[derive(Clone, Debug, PartialEq)]
pub struct NupOptions {
    /// The paper.
    pub paper: PaperSize,
    /// How to turn it (`auto`: whichever holds more items, portrait on a tie).
    pub orientation: OrientationChoice,
    /// The printer-safe margin.
    pub margin: Mm,
    /// Art beyond the trim on every side, cut off when trimming.
    pub bleed: Mm,
    /// Space between neighbouring items' bleeds.
    pub gutter: Mm,
    /// Crop marks in the margins around the grid (never with a cutting
    /// machine's marks).
    pub crop_marks: bool,
    /// Thin lines along every trim edge, across the sheet.
    pub cut_lines: bool,
    /// Crop marks for a hand cut, or a cutting machine's registration marks.
    pub marks: Marks,
    /// Backs on alternate pages, when set.
    pub duplex: Option<Duplex>,
    /// Many to a sheet, or one to a page.
    pub imposition: Imposition,
    /// The print settings in small print in the sheet's margin, when asked
    /// for (a print shop's single pages have none: the shop sets its press).
    pub note: Option<String>,
    /// One item a page: each back page before its front (DriveThruCards'
    /// order), not after it.
    pub back_first: bool,
}

impl NupOptions {
    /// How backs are placed: as the duplex setting says, except that a print
    /// shop's one-item pages ignore `back_offset` (the shop aligns its own
    /// press, and an offset would move the art inside its trim and bleed).
    pub fn backs(&self) -> Option<Duplex> {
        self.duplex.map(|d| match self.imposition {
            Imposition::Single => Duplex {
                offset: BackOffset::ZERO,
                ..d
            },
            Imposition::Sheet | Imposition::GutterFold => d,
        })
    }

    /// Whether the items' backs are printed: on back pages (duplex) or
    /// beside their fronts (gutter-fold).
    pub fn prints_backs(&self) -> bool {
        self.duplex.is_some() || self.imposition == Imposition::GutterFold
    }
}

/// The words printed on the pieces and the map.
#[derive(Clone, Debug, PartialEq)]
pub struct TileText {
    /// Each piece's label; `{n}`, `{total}`, `{row}` and `{col}` are filled in.
    pub piece: String,
    /// How to join the pieces, on every piece and on the map.
    pub instructions: String,
    /// Printed in each glue strip, naming the piece glued on it (`{n}`).
    pub glue: String,
    /// The map page's title.
    pub map_title: String,
}

/// How to tile.
#[derive(Clone, Debug, PartialEq)]
pub struct TileOptions {
    /// The paper the pieces are printed on.
    pub paper: PaperSize,
    /// How to turn it (`auto`: whichever needs fewer pieces).
    pub orientation: OrientationChoice,
    /// The printer-safe margin.
    pub margin: Mm,
    /// How far neighbouring pieces overlap.
    pub overlap: Mm,
    /// The words.
    pub text: TileText,
    /// Colour of the labels.
    pub text_colour: Color,
}
