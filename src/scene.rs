//! The scene: pages of tagged drawing items in millimetres.
//!
//! Builders in [`crate::compose`] produce a [`Document`]; the checker and the
//! exporters only read it. Every item says what it is for through its [`Tag`], so
//! the checker can count cells or find the penalty spot without knowing how a
//! builder drew them, and the SVG exporter can write the tag as a class and id.

use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Size, Transform};

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
}

impl Color {
    /// Black.
    pub const BLACK: Color = Color::rgb(0, 0, 0);
    /// White.
    pub const WHITE: Color = Color::rgb(255, 255, 255);

    /// A colour from its three channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b }
    }

    /// Parses `#rrggbb`, `#rgb`, or one of a few names (`black`, `white`).
    pub fn parse(s: &str) -> Option<Color> {
        let s = s.trim();
        match s.to_ascii_lowercase().as_str() {
            "black" => return Some(Color::BLACK),
            "white" => return Some(Color::WHITE),
            _ => {}
        }
        let hex = s.strip_prefix('#')?;
        if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let v = |i: usize, n: usize| u8::from_str_radix(&hex[i..i + n], 16).ok();
        match hex.len() {
            6 => Some(Color::rgb(v(0, 2)?, v(2, 2)?, v(4, 2)?)),
            3 => {
                let d = |i| v(i, 1).map(|x| x * 17);
                Some(Color::rgb(d(0)?, d(1)?, d(2)?))
            }
            _ => None,
        }
    }

    /// `#rrggbb`, as SVG and the layouts write it.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Relative luminance (0 black, 1 white), used to keep guides light and text
    /// readable.
    pub fn luminance(&self) -> f64 {
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }
}

/// How an outline is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// Line width.
    pub width: Mm,
    /// Line colour.
    pub color: Color,
    /// Dash lengths (on, off, on, ...); empty for a solid line.
    pub dash: Vec<Mm>,
}

impl Stroke {
    /// A solid line.
    pub fn solid(width: Mm, color: Color) -> Stroke {
        Stroke {
            width,
            color,
            dash: Vec::new(),
        }
    }
}

/// Stroke and fill of an item. Text uses `fill` for its colour.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Style {
    /// The outline, if any.
    pub stroke: Option<Stroke>,
    /// The fill colour, if any.
    pub fill: Option<Color>,
}

impl Style {
    /// Outline only.
    pub fn stroked(stroke: Stroke) -> Style {
        Style {
            stroke: Some(stroke),
            fill: None,
        }
    }

    /// Fill only.
    pub fn filled(color: Color) -> Style {
        Style {
            stroke: None,
            fill: Some(color),
        }
    }
}

/// Which end of a board (in page terms: the top or the bottom short side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum End {
    /// The short side at the top of the page.
    Top,
    /// The short side at the bottom of the page.
    Bottom,
}

impl End {
    /// Both ends, top first.
    pub const BOTH: [End; 2] = [End::Top, End::Bottom];

    /// `top` or `bottom`.
    pub fn name(self) -> &'static str {
        match self {
            End::Top => "top",
            End::Bottom => "bottom",
        }
    }
}

/// What an item is for. The checker and the tests find things by tag; the SVG
/// exporter writes [`Tag::class`] and [`Tag::id`].
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    /// A plain drawing with no meaning for the checker (a fill behind the board).
    Decoration,
    /// A board square at column `col`, row `row` (0-based, from the top left).
    Cell {
        /// Column, from the left.
        col: u32,
        /// Row, from the top.
        row: u32,
    },
    /// The outline of the playing area.
    Outline,
    /// The halfway line.
    HalfwayLine,
    /// The kick-off spot.
    CentreSpot,
    /// The centre circle around the kick-off spot.
    CentreCircle,
    /// A corner triangle; `col`, `row` name the corner square it sits in.
    CornerTriangle {
        /// Column of the corner square.
        col: u32,
        /// Row of the corner square.
        row: u32,
    },
    /// The penalty area at one end.
    PenaltyArea(End),
    /// The goal area at one end.
    GoalArea(End),
    /// The penalty spot at one end.
    PenaltySpot(End),
    /// The goal at one end.
    Goal(End),
    /// A light guide between two points of path-football field `field`.
    Guide {
        /// Which field on the document (0-based, across pages).
        field: u32,
    },
    /// The thick boundary of path-football field `field`.
    Boundary {
        /// Which field.
        field: u32,
    },
    /// The goal point outside one short side of field `field`.
    GoalPoint {
        /// Which field.
        field: u32,
        /// Which side.
        end: End,
    },
    /// The marked start point of field `field`.
    StartMark {
        /// Which field.
        field: u32,
    },
    /// The letter and arrow saying which side attacks the goal at `end`.
    AttackMarker {
        /// Which field.
        field: u32,
        /// Which goal.
        end: End,
    },
    /// One piece of a board split across pages: the group holding the whole
    /// board, moved and clipped to this piece.
    Tile {
        /// Column of the piece, from the left.
        col: u32,
        /// Row of the piece, from the top.
        row: u32,
    },
    /// A registration mark: a cross on a cut line, printed on both pieces it joins.
    RegistrationMark,
    /// The strip of a piece that the next piece is glued over.
    OverlapStrip,
    /// The assembly map: where each piece goes.
    AssemblyMap,
    /// A crop mark: a short line outside the trim, in line with a cut.
    CropMark,
    /// A full cut line along a trim edge.
    CutLine,
    /// The front of imposed item `index` (a group holding its art).
    ItemFront {
        /// Which item, counted over the whole print run.
        index: u32,
    },
    /// The back of imposed item `index`.
    ItemBack {
        /// Which item.
        index: u32,
    },
    /// The duplex calibration cross on a front or back page.
    CalibrationTarget {
        /// Whether this is the back page's cross.
        back: bool,
    },
    /// A counter's cut circle (its true size): counter `index` of set `set`.
    Counter {
        /// Which set, in the layout's order.
        set: u32,
        /// Which counter of the set.
        index: u32,
    },
    /// A face of die net `die`, showing `value`.
    DieFace {
        /// Which die on the sheet.
        die: u32,
        /// The value its pips show.
        value: u32,
    },
    /// A pip on a face of die net `die` showing `value`.
    Pip {
        /// Which die.
        die: u32,
        /// The face's value.
        value: u32,
    },
    /// A glue tab of die net `die`.
    GlueTab {
        /// Which die.
        die: u32,
    },
    /// A side band: the outer column on the left or the right.
    Band {
        /// Whether it is the right-hand band.
        right: bool,
    },
    /// A stripe of the league board: `line` (0 defence, 1 midfield, 2 attack)
    /// of side `team` (0 home, 1 away).
    Stripe {
        /// Whose stripe.
        team: u8,
        /// Which line of the team.
        line: u8,
    },
    /// The ball's place in a stripe.
    BallSpot {
        /// Whose stripe.
        team: u8,
        /// Which line.
        line: u8,
    },
    /// Box `n` (1-6) of a coach's strategy track.
    TrackBox {
        /// Which coach (0 home, 1 away).
        coach: u8,
        /// The box's number.
        n: u8,
    },
    /// Box `n` of a coach's tally of goals or of balls.
    Tally {
        /// Which coach.
        coach: u8,
        /// Goals (true) or balls played (false).
        goals: bool,
        /// The box's number.
        n: u8,
    },
    /// A card's photo.
    Photo,
    /// A guilloche line of a banknote (rosette or border).
    Guilloche,
    /// A banknote's serial number.
    Serial,
    /// A line to write on.
    WritingLine,
    /// Body text of a rule sheet (title, headings, paragraphs, lists), with
    /// the place of its block in the sheet (so a split paragraph can be seen).
    BodyText {
        /// The block's place in the sheet's source, from 0.
        block: u32,
    },
    /// A text column of a rule sheet (an unpainted frame the text must stay in).
    Column {
        /// Which column, from the left.
        index: u8,
    },
    /// A diagram placed in a rule sheet.
    Diagram,
    /// A square a role's ball move reaches, in that role's diagram.
    MoveTarget {
        /// The role's place on the card.
        role: u8,
    },
    /// The piece in a role's diagram.
    Piece {
        /// The role's place on the card.
        role: u8,
    },
    /// A cell of a table to fill in: row (0-based, under the heading) and column.
    TableCell {
        /// The row.
        row: u16,
        /// The column.
        col: u16,
    },
    /// A bar of known length to check the print scale.
    ScaleBar,
    /// Text for people: titles, captions, legends.
    Label,
}

impl Tag {
    /// The tag's kind as a CSS class name (`cell`, `penalty-area`, ...).
    pub fn class(&self) -> &'static str {
        match self {
            Tag::Decoration => "decoration",
            Tag::Cell { .. } => "cell",
            Tag::Outline => "outline",
            Tag::HalfwayLine => "halfway-line",
            Tag::CentreSpot => "centre-spot",
            Tag::CentreCircle => "centre-circle",
            Tag::CornerTriangle { .. } => "corner-triangle",
            Tag::PenaltyArea(_) => "penalty-area",
            Tag::GoalArea(_) => "goal-area",
            Tag::PenaltySpot(_) => "penalty-spot",
            Tag::Goal(_) => "goal",
            Tag::Guide { .. } => "guide",
            Tag::Boundary { .. } => "boundary",
            Tag::GoalPoint { .. } => "goal-point",
            Tag::StartMark { .. } => "start",
            Tag::AttackMarker { .. } => "attack-marker",
            Tag::Tile { .. } => "tile",
            Tag::RegistrationMark => "registration-mark",
            Tag::OverlapStrip => "overlap-strip",
            Tag::AssemblyMap => "assembly-map",
            Tag::CropMark => "crop-mark",
            Tag::CutLine => "cut-line",
            Tag::ItemFront { .. } => "item-front",
            Tag::ItemBack { .. } => "item-back",
            Tag::CalibrationTarget { .. } => "calibration-target",
            Tag::Counter { .. } => "counter",
            Tag::DieFace { .. } => "die-face",
            Tag::Pip { .. } => "pip",
            Tag::GlueTab { .. } => "glue-tab",
            Tag::Band { .. } => "band",
            Tag::Stripe { .. } => "stripe",
            Tag::BallSpot { .. } => "ball-spot",
            Tag::TrackBox { .. } => "track-box",
            Tag::Tally { .. } => "tally",
            Tag::Photo => "photo",
            Tag::Guilloche => "guilloche",
            Tag::Serial => "serial",
            Tag::WritingLine => "writing-line",
            Tag::BodyText { .. } => "body",
            Tag::Column { .. } => "column",
            Tag::Diagram => "diagram",
            Tag::MoveTarget { .. } => "move-target",
            Tag::Piece { .. } => "piece",
            Tag::TableCell { .. } => "table-cell",
            Tag::ScaleBar => "scale-bar",
            Tag::Label => "label",
        }
    }

    /// The path-football field a tag belongs to, for tags that have one.
    pub fn field(&self) -> Option<u32> {
        match self {
            Tag::Guide { field }
            | Tag::Boundary { field }
            | Tag::GoalPoint { field, .. }
            | Tag::StartMark { field }
            | Tag::AttackMarker { field, .. } => Some(*field),
            _ => None,
        }
    }

    /// The end of the board a tag belongs to, for tags that have one.
    pub fn end(&self) -> Option<End> {
        match self {
            Tag::PenaltyArea(e) | Tag::GoalArea(e) | Tag::PenaltySpot(e) | Tag::Goal(e) => Some(*e),
            Tag::GoalPoint { end, .. } | Tag::AttackMarker { end, .. } => Some(*end),
            _ => None,
        }
    }

    /// A unique id for tags that name one thing (`cell-3-7`, `goal-top`).
    pub fn id(&self) -> Option<String> {
        match self {
            Tag::Cell { col, row } => Some(format!("cell-{col}-{row}")),
            Tag::CornerTriangle { col, row } => Some(format!("corner-triangle-{col}-{row}")),
            Tag::PenaltyArea(e) | Tag::GoalArea(e) | Tag::PenaltySpot(e) | Tag::Goal(e) => {
                Some(format!("{}-{}", self.class(), e.name()))
            }
            Tag::Outline | Tag::HalfwayLine | Tag::CentreSpot | Tag::CentreCircle | Tag::ScaleBar => {
                Some(self.class().to_string())
            }
            Tag::GoalPoint { field, end } => Some(format!("goal-point-{field}-{}", end.name())),
            Tag::StartMark { field } => Some(format!("start-{field}")),
            Tag::Tile { col, row } => Some(format!("tile-{col}-{row}")),
            Tag::Counter { set, index } => Some(format!("counter-{set}-{index}")),
            Tag::TableCell { row, col } => Some(format!("cell-{row}-{col}")),
            Tag::Piece { role } => Some(format!("piece-{role}")),
            Tag::DieFace { die, value } => Some(format!("die-{die}-face-{value}")),
            Tag::Stripe { team, line } => Some(format!("stripe-{team}-{line}")),
            Tag::BallSpot { team, line } => Some(format!("ball-spot-{team}-{line}")),
            Tag::TrackBox { coach, n } => Some(format!("track-{coach}-{n}")),
            Tag::Tally { coach, goals, n } => Some(format!("{}-{coach}-{n}", if *goals { "goals" } else { "balls" })),
            Tag::Band { right } => Some(if *right { "band-right" } else { "band-left" }.to_string()),
            Tag::ItemFront { index } => Some(format!("front-{index}")),
            Tag::ItemBack { index } => Some(format!("back-{index}")),
            Tag::CalibrationTarget { back } => {
                Some(if *back { "calibration-back" } else { "calibration-front" }.to_string())
            }
            Tag::Guide { .. }
            | Tag::Boundary { .. }
            | Tag::AttackMarker { .. }
            | Tag::RegistrationMark
            | Tag::OverlapStrip
            | Tag::AssemblyMap
            | Tag::CropMark
            | Tag::CutLine
            | Tag::Pip { .. }
            | Tag::GlueTab { .. }
            | Tag::Photo
            | Tag::Guilloche
            | Tag::Serial
            | Tag::WritingLine
            | Tag::BodyText { .. }
            | Tag::Column { .. }
            | Tag::Diagram
            | Tag::MoveTarget { .. }
            | Tag::Decoration
            | Tag::Label => None,
        }
    }
}

/// A run of text on one line, already laid out: the exporters place it as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct TextRun {
    /// Left end of the baseline.
    pub origin: Point,
    /// The face.
    pub font: FontFace,
    /// Size in points.
    pub size_pt: f64,
    /// The text.
    pub text: String,
    /// Advance width, measured with the font's glyph advances (the extra word
    /// spacing included).
    pub width: Mm,
    /// Space added to every word space, for justified lines (0 otherwise).
    pub word_gap: Mm,
    /// Height above the baseline (the font's ascender at this size).
    pub ascent: Mm,
    /// Depth below the baseline (the font's descender at this size, positive).
    pub descent: Mm,
}

/// A picture ready to embed: JPEG bytes and their pixel size, named by a hash
/// of the bytes so that one picture used many times is embedded once.
#[derive(Clone, PartialEq)]
pub struct Picture {
    /// A stable name from the bytes' hash.
    pub id: String,
    /// The JPEG file.
    pub jpeg: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The bytes are named by their hash; printing them would say no more.
        write!(f, "Picture({} {}x{})", self.id, self.width, self.height)
    }
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCmd {
    /// Start a new subpath.
    MoveTo(Point),
    /// A straight segment.
    LineTo(Point),
    /// A cubic Bézier: two control points and the end point.
    CubicTo(Point, Point, Point),
    /// Close the subpath.
    Close,
}

/// The geometry of an item.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight segment.
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
    },
    /// Connected segments; a polygon when `closed`.
    Polyline {
        /// The vertices.
        points: Vec<Point>,
        /// Whether the last vertex joins the first.
        closed: bool,
    },
    /// An axis-aligned rectangle.
    Rect(Rect),
    /// A circle.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius.
        radius: Mm,
    },
    /// A general path of lines and cubic Béziers.
    Path(Vec<PathCmd>),
    /// A line of text.
    Text(TextRun),
    /// A picture stretched over a rectangle (callers crop it to the
    /// rectangle's proportions first).
    Image {
        /// Where it goes.
        rect: Rect,
        /// What it shows.
        picture: std::sync::Arc<Picture>,
    },
    /// Items drawn under a transform, optionally clipped (clip in the group's
    /// own coordinates).
    Group {
        /// Maps the group's coordinates onto its parent's.
        transform: Transform,
        /// Clip rectangle, if any.
        clip: Option<Rect>,
        /// The members.
        items: Vec<Item>,
    },
}

/// A tagged, styled shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// What is drawn.
    pub shape: Shape,
    /// How it is drawn.
    pub style: Style,
    /// What it is for.
    pub tag: Tag,
    /// The layout key it came from (`board.pitch`), for findings about where
    /// or what it is.
    pub source: Option<&'static str>,
    /// The layout key that sets its line width or text size, for findings about
    /// how it is drawn (`style.grid_width`); `source` when unset.
    pub style_key: Option<&'static str>,
}

impl Item {
    /// An item with a shape, a style and a tag.
    pub fn new(shape: Shape, style: Style, tag: Tag) -> Item {
        Item {
            shape,
            style,
            tag,
            source: None,
            style_key: None,
        }
    }

    /// The same item, remembering the layout key it came from.
    pub fn from_key(mut self, key: &'static str) -> Item {
        self.source = Some(key);
        self
    }

    /// The same item moved by `dx`, `dy` (a group's transform absorbs the move).
    pub fn translated(self, dx: Mm, dy: Mm) -> Item {
        self.mapped(&Transform::translate(dx, dy))
    }

    /// The same item with its geometry mapped by `t` (a move and a uniform
    /// scale): line widths and text sizes stay as they are, so a board drawn
    /// smaller keeps printable lines.
    pub fn mapped(mut self, t: &Transform) -> Item {
        let k = (t.m[0] * t.m[3] - t.m[1] * t.m[2]).abs().sqrt();
        let mv = |p: Point| t.apply(p);
        self.shape = match self.shape {
            Shape::Line { from, to } => Shape::Line {
                from: mv(from),
                to: mv(to),
            },
            Shape::Polyline { points, closed } => Shape::Polyline {
                points: points.into_iter().map(mv).collect(),
                closed,
            },
            Shape::Rect(r) => Shape::Rect(t.apply_rect(&r)),
            Shape::Circle { centre, radius } => Shape::Circle {
                centre: mv(centre),
                radius: radius * k,
            },
            Shape::Path(cmds) => Shape::Path(
                cmds.into_iter()
                    .map(|c| match c {
                        PathCmd::MoveTo(p) => PathCmd::MoveTo(mv(p)),
                        PathCmd::LineTo(p) => PathCmd::LineTo(mv(p)),
                        PathCmd::CubicTo(a, b, c) => PathCmd::CubicTo(mv(a), mv(b), mv(c)),
                        PathCmd::Close => PathCmd::Close,
                    })
                    .collect(),
            ),
            Shape::Text(mut run) => {
                run.origin = mv(run.origin);
                Shape::Text(run)
            }
            Shape::Image { rect, picture } => Shape::Image {
                rect: t.apply_rect(&rect),
                picture,
            },
            // A move goes into the group's transform; a scale maps the members
            // (builders only scale groups whose own transform is the identity).
            Shape::Group { transform, clip, items } if t.m[..4] == [1.0, 0.0, 0.0, 1.0] => Shape::Group {
                transform: transform.then(t),
                clip,
                items,
            },
            Shape::Group { transform, clip, items } => Shape::Group {
                transform,
                clip: clip.map(|c| t.apply_rect(&c)),
                items: items.into_iter().map(|i| i.mapped(t)).collect(),
            },
        };
        self
    }

    /// The same item, remembering the layout key that sets its line width or
    /// text size.
    pub fn styled_by(mut self, key: &'static str) -> Item {
        self.style_key = Some(key);
        self
    }

    /// The key to blame for how the item is drawn.
    pub fn style_source(&self) -> Option<&'static str> {
        self.style_key.or(self.source)
    }

    /// The area the item covers on the page, its stroke included, in its own
    /// coordinates (a group's transform is applied to its members).
    pub fn bbox(&self) -> Option<Rect> {
        let half = self.style.stroke.as_ref().map(|s| s.width / 2.0).unwrap_or(Mm::ZERO);
        let grow = |r: Rect| r.inset(-half);
        match &self.shape {
            Shape::Line { from, to } => {
                // Lines end flat (butt caps): the stroke widens them sideways only.
                let len = from.distance(*to).0;
                let (nx, ny) = if len > 0.0 {
                    ((to.y.0 - from.y.0) / len * half.0, (from.x.0 - to.x.0) / len * half.0)
                } else {
                    (half.0, half.0)
                };
                let corners = [
                    from.offset(Mm(nx), Mm(ny)),
                    from.offset(Mm(-nx), Mm(-ny)),
                    to.offset(Mm(nx), Mm(ny)),
                    to.offset(Mm(-nx), Mm(-ny)),
                ];
                bbox_of_points(corners.into_iter())
            }
            Shape::Polyline { points, .. } => bbox_of_points(points.iter().copied()).map(grow),
            Shape::Rect(r) => Some(grow(*r)),
            Shape::Circle { centre, radius } => Some(grow(Rect {
                x: centre.x - *radius,
                y: centre.y - *radius,
                w: *radius * 2.0,
                h: *radius * 2.0,
            })),
            // The control polygon holds the curve, so its box is a safe bound.
            Shape::Path(cmds) => bbox_of_points(cmds.iter().flat_map(|c| match c {
                PathCmd::MoveTo(p) | PathCmd::LineTo(p) => vec![*p],
                PathCmd::CubicTo(a, b, c) => vec![*a, *b, *c],
                PathCmd::Close => vec![],
            }))
            .map(grow),
            Shape::Image { rect, .. } => Some(*rect),
            Shape::Text(t) => Some(Rect {
                x: t.origin.x,
                y: t.origin.y - t.ascent,
                w: t.width,
                h: t.ascent + t.descent,
            }),
            Shape::Group { transform, clip, items } => {
                let inner = items.iter().filter_map(Item::bbox).reduce(|a, b| a.union(&b))?;
                let inner = match clip {
                    Some(c) => intersect(&inner, c)?,
                    None => inner,
                };
                Some(transform.apply_rect(&inner))
            }
        }
    }
}

fn bbox_of_points(points: impl Iterator<Item = Point>) -> Option<Rect> {
    points.map(|p| Rect::from_corners(p, p)).reduce(|a, b| a.union(&b))
}

fn intersect(a: &Rect, b: &Rect) -> Option<Rect> {
    let x0 = a.x.max(b.x);
    let y0 = a.y.max(b.y);
    let x1 = a.right().min(b.right());
    let y1 = a.bottom().min(b.bottom());
    (x1.0 >= x0.0 && y1.0 >= y0.0).then(|| Rect::from_corners(Point { x: x0, y: y0 }, Point { x: x1, y: y1 }))
}

/// One page: its size, its printer-safe area, the print-shop boxes when the
/// page is one finished piece, and the items in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The sheet size.
    pub size: Size,
    /// The printer-safe area: nothing may be drawn outside it.
    pub safe_area: Rect,
    /// The finished size after cutting (PDF TrimBox), when the page is one piece.
    pub trim: Option<Rect>,
    /// The trim grown by the bleed (PDF BleedBox), when the page is one piece.
    pub bleed: Option<Rect>,
    /// The items, drawn first to last.
    pub items: Vec<Item>,
}

impl Page {
    /// A page with no print-shop boxes.
    pub fn new(size: Size, safe_area: Rect, items: Vec<Item>) -> Page {
        Page {
            size,
            safe_area,
            trim: None,
            bleed: None,
            items,
        }
    }

    /// Visits every leaf item (groups opened) with the transform that maps it
    /// onto the page.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Item, &Transform)) {
        self.walk_clipped(&mut |item, t, _| f(item, t));
    }

    /// Visits every leaf item with its transform and the clip (on the page) of
    /// the groups around it.
    pub fn walk_clipped<'a>(&'a self, f: &mut dyn FnMut(&'a Item, &Transform, Option<Rect>)) {
        fn go<'a>(
            items: &'a [Item],
            t: &Transform,
            clip: Option<Rect>,
            f: &mut dyn FnMut(&'a Item, &Transform, Option<Rect>),
        ) {
            for item in items {
                match &item.shape {
                    Shape::Group {
                        transform,
                        clip: own,
                        items,
                    } => {
                        let t2 = transform.then(t);
                        let own = own.map(|c| t.apply_rect(&transform.apply_rect(&c)));
                        let clip = match (clip, own) {
                            (Some(a), Some(b)) => Some(intersect(&a, &b).unwrap_or(Rect::new(a.x.0, a.y.0, 0.0, 0.0))),
                            (a, b) => a.or(b),
                        };
                        go(items, &t2, clip, f)
                    }
                    _ => f(item, t, clip),
                }
            }
        }
        go(&self.items, &Transform::IDENTITY, None, f);
    }

    /// Every leaf item with the part of its bounding box that shows on the page
    /// (`None` when a clip hides it whole).
    pub fn leaves(&self) -> Vec<(&Item, Option<Rect>)> {
        let mut out = Vec::new();
        self.walk_clipped(&mut |item, t, clip| {
            let b = item.bbox().map(|b| t.apply_rect(&b));
            let shown = match (b, clip) {
                (Some(b), Some(c)) => intersect(&b, &c),
                (b, _) => b,
            };
            out.push((item, shown));
        });
        out
    }
}

/// A composed document: what one layout produces.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Title written into the PDF's metadata and the SVG's `<title>`.
    pub title: String,
    /// The pages, in order.
    pub pages: Vec<Page>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_in_long_short_and_named_forms() {
        assert_eq!(Color::parse("#1f5e2a"), Some(Color::rgb(0x1f, 0x5e, 0x2a)));
        assert_eq!(Color::parse("#fff"), Some(Color::WHITE));
        assert_eq!(Color::parse("black"), Some(Color::BLACK));
        assert_eq!(Color::parse("green-ish"), None);
        assert_eq!(Color::parse("#12345"), None);
        assert_eq!(Color::parse("#ggg"), None);
    }

    #[test]
    fn a_stroked_line_widens_sideways_but_not_past_its_ends() {
        let item = Item::new(
            Shape::Line {
                from: Point::new(10.0, 0.0),
                to: Point::new(10.0, 50.0),
            },
            Style::stroked(Stroke::solid(Mm(0.4), Color::BLACK)),
            Tag::CropMark,
        );
        let b = item.bbox().unwrap();
        assert!((b.x.0 - 9.8).abs() < 1e-9 && (b.w.0 - 0.4).abs() < 1e-9);
        assert!((b.y.0 - 0.0).abs() < 1e-9 && (b.h.0 - 50.0).abs() < 1e-9);
    }

    #[test]
    fn a_stroked_rectangle_grows_by_half_its_stroke() {
        let item = Item::new(
            Shape::Rect(Rect::new(10.0, 10.0, 20.0, 20.0)),
            Style::stroked(Stroke::solid(Mm(2.0), Color::BLACK)),
            Tag::Outline,
        );
        assert_eq!(item.bbox(), Some(Rect::new(9.0, 9.0, 22.0, 22.0)));
    }
}
