//! What an item is for: the tag the checker and the tests find things by,
//! and the payloads that say which one (which end, which field, which cell).

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
