//! The table: the board at its centre, at its printed size, and everything
//! else beside it, in trays either side (the home side's things on the
//! right, towards the near end, where the home player sits; the away
//! side's on the left, towards the far end). And the objects TTS makes of
//! each kind of thing, at their printed sizes.

use crate::geom::{Point, Rect};

use super::save::{BOARD_TINT, CustomImage, CustomPdf, CustomTile, Object, Rgb, Transform};
use super::units::{self, DROP, REACH, TABLE_TOP, units};

/// Space left between things on the table, in units.
pub const GAP: f64 = 0.5;
/// A counter's thickness, in units (card stock glued to board: 2 mm).
pub const COUNTER_THICKNESS: f64 = 0.08;
/// A sheet's thickness as a tile, in units (thin, but not a film TTS
/// drops through the table).
pub const SHEET_THICKNESS: f64 = 0.05;
/// Objects are turned half a turn so that they read upright from the near
/// end of the table (TTS's objects face away from the player at -z).
pub const UPRIGHT: f64 = 180.0;

/// The board on the table: the rectangle of its page the board's image
/// shows, centred on the table at its printed size.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// The part of the board's page its image shows, in mm.
    pub area: Rect,
}

impl Frame {
    /// The table's (x, z) of a point of the board's page: the page's top
    /// is the far end, its left the left as the near player sees it.
    pub fn world(&self, p: Point) -> (f64, f64) {
        let c = self.area.centre();
        (units(p.x.0 - c.x.0), -units(p.y.0 - c.y.0))
    }

    /// Half the board's width and depth, in units.
    pub fn half(&self) -> (f64, f64) {
        (units(self.area.w.0) / 2.0, units(self.area.h.0) / 2.0)
    }
}

/// Which tray: the home side's (right, filled from the near end) or the
/// away side's (left, filled from the far end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tray {
    /// Right of the board, from the near end.
    Home,
    /// Left of the board, from the far end.
    Away,
}

impl Tray {
    /// The turn about the vertical that makes a thing read upright for the
    /// tray's player: the near one's for home, the far one's for away.
    pub fn facing(self) -> f64 {
        match self {
            Tray::Home => UPRIGHT,
            Tray::Away => 0.0,
        }
    }
}

/// Where the next thing in each tray goes.
#[derive(Clone, Debug)]
pub struct Trays {
    /// The inner edge of each tray's current column (|x|), its width so
    /// far, and how far along it is filled (|z| from its starting end).
    columns: [(f64, f64, f64); 2],
}

impl Trays {
    /// Trays beside a board `half_width` units wide each side of the centre.
    pub fn beside(half_width: f64) -> Trays {
        let edge = half_width + GAP * 2.0;
        Trays {
            columns: [(edge, 0.0, 0.0), (edge, 0.0, 0.0)],
        }
    }

    /// A place in `tray` for a thing `w` x `d` units: its centre (x, z).
    pub fn place(&mut self, tray: Tray, w: f64, d: f64) -> (f64, f64) {
        let k = usize::from(tray == Tray::Away);
        let (mut edge, mut width, mut filled) = self.columns[k];
        if filled > 0.0 && filled + d > REACH.1 * 2.0 {
            edge += width + GAP;
            width = 0.0;
            filled = 0.0;
        }
        let across = edge + w / 2.0;
        let along = -REACH.1 + filled + d / 2.0;
        self.columns[k] = (edge, width.max(w), filled + d + GAP);
        match tray {
            Tray::Home => (across, along),
            Tray::Away => (-across, -along),
        }
    }
}

/// The height a thing `thick` units thick is put at: a little above the
/// table (and the board on it), to settle on it.
pub fn height(thick: f64) -> f64 {
    TABLE_TOP + BOARD_THICKNESS + DROP + thick / 2.0
}

/// The board's thickness, in units (the thickness of a real save's panel).
pub const BOARD_THICKNESS: f64 = 0.2;

/// The board: a locked tile of the image at `url`, at the table's centre,
/// lying on it, the printed size of `frame` (a tile rather than TTS's
/// `Custom_Board`, whose size is the image's pixels': see [`units`]).
pub fn board(nickname: &str, url: String, frame: &Frame) -> Object {
    let depth = units(frame.area.h.0);
    let s = depth / units::TILE_DEPTH;
    let mut o = Object::new(
        "Custom_Tile",
        nickname,
        Transform::at(0.0, TABLE_TOP + BOARD_THICKNESS / 2.0, 0.0, UPRIGHT, false, (s, s)),
    );
    o.color_diffuse = Rgb::grey(BOARD_TINT);
    o.locked = true;
    o.grid = false;
    o.description = format!(
        "{:.0} x {:.0} mm, as printed (1 unit = 1 inch = 25.4 mm)",
        frame.area.w.0, frame.area.h.0
    );
    o.custom_image = Some(image(url, String::new(), Shape::Box, BOARD_THICKNESS, false));
    o
}

/// A tile's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A rectangle: a sheet, a card to read.
    Box,
    /// A disc: a counter.
    Circle,
}

/// A tile's images and shape.
fn image(top: String, bottom: String, shape: Shape, thick: f64, stackable: bool) -> CustomImage {
    CustomImage {
        image_url: top,
        image_secondary_url: bottom,
        image_scalar: 1.0,
        width_scale: 0.0,
        custom_tile: Some(CustomTile {
            kind: match shape {
                Shape::Box => 0,
                Shape::Circle => 2,
            },
            thickness: thick,
            stackable,
            stretch: true,
        }),
    }
}

/// A `Custom_Tile` `depth_mm` deep at (x, z) (as wide as its images' shape
/// makes it), its top the image at `top` and its bottom the one at
/// `bottom` ("" for the top again).
pub fn tile(
    nickname: &str,
    (top, bottom): (String, String),
    shape: Shape,
    depth_mm: f64,
    at: (f64, f64),
    thick: f64,
) -> Object {
    let s = units(depth_mm) / units::TILE_DEPTH;
    let mut o = Object::new(
        "Custom_Tile",
        nickname,
        Transform::at(at.0, height(thick), at.1, UPRIGHT, false, (s, s)),
    );
    o.grid = false;
    o.custom_image = Some(image(top, bottom, shape, thick, shape == Shape::Circle));
    o
}

/// TTS's six-sided die, `edge_mm` on a side, in `colour`, at (x, z).
pub fn die(nickname: &str, colour: crate::color::Color, edge_mm: f64, at: (f64, f64)) -> Object {
    let s = units(edge_mm) / units::DIE;
    let mut o = Object::new(
        "Die_6",
        nickname,
        Transform::at(at.0, height(units(edge_mm)), at.1, 0.0, false, (s, s)),
    );
    o.transform.scaleY = s;
    o.grid = false;
    o.color_diffuse = Rgb::of(colour);
    o.material_index = Some(0);
    o
}

/// A `Custom_PDF` of the document at `url`, at (x, z).
pub fn pdf(nickname: &str, url: String, at: (f64, f64)) -> Object {
    let s = units::PDF_SCALE;
    let mut o = Object::new(
        "Custom_PDF",
        nickname,
        Transform::at(at.0, height(0.1), at.1, UPRIGHT, false, (s, s)),
    );
    o.transform.scaleY = s;
    o.grid = false;
    o.custom_pdf = Some(CustomPdf {
        url,
        password: String::new(),
        page: 0,
        page_offset: 0,
    });
    o
}

/// The seats of `Table_RPG` as TTS makes them (hand zones of a real v13
/// save, the same as a 2017 save's): colour, its tint, x, z and turn. The
/// home side is White's (near, right), the away side Blue's, across.
pub const SEATS: [(&str, [f64; 3], f64, f64, f64); 8] = [
    ("White", [1.0, 1.0, 1.0], 15.196, -20.140, 0.0),
    ("Red", [0.856, 0.1, 0.094], -15.111, -20.108, 0.0),
    ("Blue", [0.118, 0.53, 1.0], 15.475, 19.837, 180.0),
    ("Green", [0.192, 0.701, 0.168], -15.193, 19.788, 180.0),
    ("Yellow", [0.905, 0.898, 0.172], -30.215, 10.175, 90.0),
    ("Orange", [0.956, 0.392, 0.113], -30.248, -8.823, 90.0),
    ("Purple", [0.627, 0.125, 0.941], 30.251, 9.591, 270.0),
    ("Pink", [0.96, 0.439, 0.807], 30.104, -8.449, 270.0),
];

/// A seat's hand zone: where the cards its player holds are kept, hidden
/// from the others.
pub fn hand((colour, [r, g, b], x, z, turn): (&'static str, [f64; 3], f64, f64, f64)) -> Object {
    // The seats at the table's ends are turned a quarter: their zones a
    // little narrower.
    let (w, d) = if (turn - 180.0).abs() > 45.0 && turn.abs() > 45.0 {
        (11.66, 4.92)
    } else {
        (11.77, 4.87)
    };
    let mut t = Transform::at(x, 4.81, z, turn, false, (w, d));
    t.scaleY = 9.17;
    let mut o = Object::new("HandTrigger", "", t);
    o.color_diffuse = Rgb { r, g, b, a: Some(0.0) };
    o.locked = true;
    o.fog_color = Some(colour);
    o
}
