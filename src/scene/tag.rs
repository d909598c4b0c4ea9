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

/// Which side of the board, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The left-hand side.
    Left,
    /// The right-hand side.
    Right,
}

impl Side {
    /// Both sides, left first.
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    /// `left` or `right`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// Whose: the home side (team A, the first coach) or the away side (team B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Team {
    /// The home side: team A, the first coach.
    Home,
    /// The away side: team B, the second coach.
    Away,
}

impl Team {
    /// Both sides, home first.
    pub const BOTH: [Team; 2] = [Team::Home, Team::Away];

    /// 0 for home, 1 for away: the number ids are written with (`stripe-1-2`)
    /// and the place of the side in left-to-right order.
    pub fn index(self) -> usize {
        match self {
            Team::Home => 0,
            Team::Away => 1,
        }
    }
}

/// A team's line on the league board, from its own goal outwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// The defence, nearest its own goal.
    Defence,
    /// The midfield.
    Midfield,
    /// The attack, nearest the other side's goal.
    Attack,
}

impl Line {
    /// The three lines, defence first.
    pub const ALL: [Line; 3] = [Line::Defence, Line::Midfield, Line::Attack];

    /// 0 defence, 1 midfield, 2 attack: the number ids are written with.
    pub fn index(self) -> usize {
        match self {
            Line::Defence => 0,
            Line::Midfield => 1,
            Line::Attack => 2,
        }
    }
}

/// What a coach's tally counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Count {
    /// Goals scored.
    Goals,
    /// Balls played.
    Balls,
}

impl Count {
    /// Both tallies, goals first (the order they are drawn in).
    pub const BOTH: [Count; 2] = [Count::Goals, Count::Balls];

    /// `goals` or `balls`.
    pub fn name(self) -> &'static str {
        match self {
            Count::Goals => "goals",
            Count::Balls => "balls",
        }
    }
}

/// Which face of a printed sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// The front, printed first.
    Front,
    /// The back, printed on the other side of the sheet.
    Back,
}

impl Face {
    /// `front` or `back`.
    pub fn name(self) -> &'static str {
        match self {
            Face::Front => "front",
            Face::Back => "back",
        }
    }
}

/// A Futbolchess placement zone: where a role may stand at kick-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zone {
    /// The midfielders': every square of the half off the bands.
    Midfield,
    /// The goalkeeper's and the central defenders': the area.
    Area,
    /// The forwards': the front part of the half, bands included.
    Front,
}

impl Zone {
    /// The three zones, in the order they are drawn (the midfield under the
    /// other two, which share its squares).
    pub const ALL: [Zone; 3] = [Zone::Midfield, Zone::Area, Zone::Front];

    /// `midfield`, `area` or `front`.
    pub fn name(self) -> &'static str {
        match self {
            Zone::Midfield => "midfield",
            Zone::Area => "area",
            Zone::Front => "front",
        }
    }
}

/// Declares [`Tag`] from one table, so that adding a tag is one edit: each
/// entry is a variant with its docs and payload (a tuple payload names its
/// binding, `PenaltyArea(end: End)`), then `=>` its CSS class and, where it has
/// them, `id:` the id it is written with, `field:` the path-football field and
/// `end:` the end of the board it belongs to, `block:` the rule-sheet block
/// it carries and `step:` the step of a play it draws. The clauses are
/// expressions over the payload's bindings (which are references) and come in
/// that order. From the table come the enum and [`Tag::class`], [`Tag::id`],
/// [`Tag::field`], [`Tag::end`], [`Tag::block`] and [`Tag::step`].
macro_rules! tags {
    ($(
        $(#[$attr:meta])*
        $variant:ident
        $( ( $($tname:ident : $tty:ty),+ ) )?
        $( { $( $(#[$fattr:meta])* $fname:ident : $fty:ty ),+ $(,)? } )?
        => $class:literal
        $(, id: $id:expr)?
        $(, field: $field:expr)?
        $(, end: $end:expr)?
        $(, block: $block:expr)?
        $(, step: $step:expr)?
        ;
    )*) => {
        /// What an item is for. The checker and the tests find things by tag;
        /// exporters write [`Tag::attributes`] (its class, id and data).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Tag {
            $(
                $(#[$attr])*
                $variant
                $( ( $($tty),+ ) )?
                $( { $( $(#[$fattr])* $fname : $fty ),+ } )?,
            )*
        }

        // A clause left out of an entry is `None`; the bindings an entry's
        // clauses do not use are unused on purpose.
        #[allow(unused_variables)]
        impl Tag {
            /// The tag's kind as a CSS class name (`cell`, `penalty-area`, ...).
            pub fn class(&self) -> &'static str {
                match self {
                    $( Tag::$variant { .. } => $class, )*
                }
            }

            /// A unique id for tags that name one thing (`cell-3-7`, `goal-top`).
            pub fn id(&self) -> Option<String> {
                match self {
                    $( Tag::$variant $( ( $($tname),+ ) )? $( { $($fname),+ } )? => tag_clause!($($id)?), )*
                }
            }

            /// The path-football field a tag belongs to, for tags that have one.
            pub fn field(&self) -> Option<u32> {
                match self {
                    $( Tag::$variant $( ( $($tname),+ ) )? $( { $($fname),+ } )? => tag_clause!($($field)?), )*
                }
            }

            /// The end of the board a tag belongs to, for tags that have one.
            pub fn end(&self) -> Option<End> {
                match self {
                    $( Tag::$variant $( ( $($tname),+ ) )? $( { $($fname),+ } )? => tag_clause!($($end)?), )*
                }
            }

            /// The place in the rule sheet's source of the block a text belongs
            /// to, for body text (so a paragraph split across columns can be seen).
            pub fn block(&self) -> Option<u32> {
                match self {
                    $( Tag::$variant $( ( $($tname),+ ) )? $( { $($fname),+ } )? => tag_clause!($($block)?), )*
                }
            }

            /// Which step of a play a diagram's mark draws, counted from 1 as
            /// the step numbers beside it read.
            pub fn step(&self) -> Option<u32> {
                match self {
                    $( Tag::$variant $( ( $($tname),+ ) )? $( { $($fname),+ } )? => tag_clause!($($step)?), )*
                }
            }
        }
    };
}

/// An optional clause of the `tags!` table: `Some` of its value, or `None`
/// when the entry leaves it out.
macro_rules! tag_clause {
    () => {
        None
    };
    ($value:expr) => {
        Some($value)
    };
}

tags! {
    /// A plain drawing with no meaning for the checker (a fill behind the board).
    Decoration => "decoration";
    /// A board square at column `col`, row `row` (0-based, from the top left).
    Cell {
        /// Column, from the left.
        col: u32,
        /// Row, from the top.
        row: u32,
    } => "cell", id: format!("cell-{col}-{row}");
    /// The outline of the playing area.
    Outline => "outline", id: "outline".into();
    /// The halfway line.
    HalfwayLine => "halfway-line", id: "halfway-line".into();
    /// The kick-off spot.
    CentreSpot => "centre-spot", id: "centre-spot".into();
    /// The centre circle around the kick-off spot.
    CentreCircle => "centre-circle", id: "centre-circle".into();
    /// A corner triangle; `col`, `row` name the corner square it sits in.
    CornerTriangle {
        /// Column of the corner square.
        col: u32,
        /// Row of the corner square.
        row: u32,
    } => "corner-triangle", id: format!("corner-triangle-{col}-{row}");
    /// The penalty area at one end.
    PenaltyArea(end: End) => "penalty-area", id: format!("penalty-area-{}", end.name()), end: *end;
    /// The goal area at one end.
    GoalArea(end: End) => "goal-area", id: format!("goal-area-{}", end.name()), end: *end;
    /// The penalty spot at one end.
    PenaltySpot(end: End) => "penalty-spot", id: format!("penalty-spot-{}", end.name()), end: *end;
    /// The goal at one end.
    Goal(end: End) => "goal", id: format!("goal-{}", end.name()), end: *end;
    /// A light guide between two points of path-football field `field`.
    Guide {
        /// Which field on the document (0-based, across pages).
        field: u32,
    } => "guide", field: *field;
    /// The thick boundary of path-football field `field`.
    Boundary {
        /// Which field.
        field: u32,
    } => "boundary", field: *field;
    /// The goal point outside one short side of field `field`.
    GoalPoint {
        /// Which field.
        field: u32,
        /// Which side.
        end: End,
    } => "goal-point", id: format!("goal-point-{field}-{}", end.name()), field: *field, end: *end;
    /// The marked start point of field `field`.
    StartMark {
        /// Which field.
        field: u32,
    } => "start", id: format!("start-{field}"), field: *field;
    /// The letter and arrow saying which side attacks the goal at `end`.
    AttackMarker {
        /// Which field.
        field: u32,
        /// Which goal.
        end: End,
    } => "attack-marker", field: *field, end: *end;
    /// One piece of a board split across pages: the group holding the whole
    /// board, moved and clipped to this piece.
    Tile {
        /// Column of the piece, from the left.
        col: u32,
        /// Row of the piece, from the top.
        row: u32,
    } => "tile", id: format!("tile-{col}-{row}");
    /// A registration mark: a target on the line where two pieces join,
    /// printed at the same place of the board on both.
    RegistrationMark => "registration-mark";
    /// The strip of a piece that the next piece is glued over.
    OverlapStrip => "overlap-strip";
    /// Where to cut a tiled piece: the line along its edge and the scissors
    /// beside it, printed only on the piece that is cut (the one laid on top).
    CutMark => "cut-mark";
    /// Where a cut edge goes: the line along the inner edge of a glue strip,
    /// printed only on the piece underneath.
    GlueLine => "glue-line";
    /// A cell of a custom sheet's grid (`kind = "custom-sheet"`): grid `grid`
    /// (its place among the layout's `[[grid]]` tables), drawn as copy
    /// `copy` of its group (0 when it has none).
    GridCell {
        /// Which grid.
        grid: u32,
        /// Which copy.
        copy: u32,
        /// Column, from the left.
        col: u32,
        /// Row, from the top.
        row: u32,
    } => "grid-cell", id: format!("grid-{grid}-{copy}-cell-{col}-{row}");
    /// A line of a custom sheet's grid drawn from side to side.
    GridLine {
        /// Which grid.
        grid: u32,
        /// Which copy.
        copy: u32,
    } => "grid-line";
    /// A dot on a lattice point of a custom sheet's grid.
    GridPoint {
        /// Which grid.
        grid: u32,
        /// Which copy.
        copy: u32,
    } => "grid-point";
    /// A zone of a custom sheet: a rectangle of a grid's cells.
    SheetZone {
        /// Which zone (its place among the `[[zone]]` tables).
        zone: u32,
        /// Which copy.
        copy: u32,
    } => "zone", id: format!("zone-{zone}-{copy}");
    /// A shape of a custom sheet (its place in the layout's list of
    /// shapes), drawn as copy `copy` of its group.
    SheetShape {
        /// Which shape.
        shape: u32,
        /// Which copy.
        copy: u32,
    } => "shape", id: format!("shape-{shape}-{copy}");
    /// The assembly map: where each piece goes.
    AssemblyMap => "assembly-map";
    /// A crop mark: a short line outside the trim, in line with a cut.
    CropMark => "crop-mark";
    /// A full cut line along a trim edge.
    CutLine => "cut-line";
    /// A gutter-fold sheet's fold line, through the sheet's middle: the
    /// backs on one side are the fronts on the other reflected about it.
    FoldLine => "fold-line";
    /// A cutting machine's registration mark (print then cut), read by its
    /// optical eye before it cuts.
    CutterMark => "cutter-mark";
    /// The hatched frame around a gutter-fold sheet's backs: how far the
    /// blank sides are glued together.
    GlueZone => "glue-zone";
    /// The print settings in small print in a sheet's margin.
    PrintNote => "print-note";
    /// The front of imposed item `index` (a group holding its art).
    ItemFront {
        /// Which item, counted over the whole print run.
        index: u32,
    } => "item-front", id: format!("front-{index}");
    /// The back of imposed item `index`.
    ItemBack {
        /// Which item.
        index: u32,
    } => "item-back", id: format!("back-{index}");
    /// The duplex calibration cross on a front or back page.
    CalibrationTarget {
        /// The face of the sheet it is printed on.
        face: Face,
    } => "calibration-target", id: format!("calibration-{}", face.name());
    /// A counter's cut circle (its true size): counter `index` of set `set`.
    Counter {
        /// Which set, in the layout's order.
        set: u32,
        /// Which counter of the set.
        index: u32,
    } => "counter", id: format!("counter-{set}-{index}");
    /// A face of die net `die`, showing `value`.
    DieFace {
        /// Which die on the sheet.
        die: u32,
        /// The value its pips show.
        value: u32,
    } => "die-face", id: format!("die-{die}-face-{value}");
    /// A pip on a face of die net `die` showing `value`.
    Pip {
        /// Which die.
        die: u32,
        /// The face's value.
        value: u32,
    } => "pip";
    /// A glue tab of die net `die`.
    GlueTab {
        /// Which die.
        die: u32,
    } => "glue-tab";
    /// A side band: the outer column on the left or the right.
    Band {
        /// Which side it is on.
        side: Side,
    } => "band", id: format!("band-{}", side.name());
    /// A stripe of the league board: one line of one side.
    Stripe {
        /// Whose stripe.
        team: Team,
        /// Which line of the team.
        line: Line,
    } => "stripe", id: format!("stripe-{}-{}", team.index(), line.index());
    /// The ball's place in a stripe.
    BallSpot {
        /// Whose stripe.
        team: Team,
        /// Which line.
        line: Line,
    } => "ball-spot", id: format!("ball-spot-{}-{}", team.index(), line.index());
    /// Box `n` (1-6) of a coach's strategy track.
    TrackBox {
        /// Whose track.
        coach: Team,
        /// The box's number.
        n: u8,
    } => "track-box", id: format!("track-{}-{n}", coach.index());
    /// The place of card `n` (from 1, the one laid first) in a stripe of
    /// the league mat: the card's own size, where it lies.
    CardPlace {
        /// Whose stripe.
        team: Team,
        /// Which line.
        line: Line,
        /// The place in the line, from 1.
        n: u8,
    } => "card-place", id: format!("card-place-{}-{}-{n}", team.index(), line.index());
    /// Box `n` of a tally of goals or of balls: a coach's own (`goals-0-3`),
    /// or one both coaches share (`balls-3`).
    Tally {
        /// Whose tally; `None` for one both coaches share.
        coach: Option<Team>,
        /// What it counts.
        count: Count,
        /// The box's number.
        n: u8,
    } => "tally", id: match coach {
        Some(c) => format!("{}-{}-{n}", count.name(), c.index()),
        None => format!("{}-{n}", count.name()),
    };
    /// A card's photo.
    Photo => "photo";
    /// An image a card template places: a club's crest, the back's image.
    CardImage => "card-image";
    /// A guilloche line of a banknote (rosette or border).
    Guilloche => "guilloche";
    /// A banknote's serial number.
    Serial => "serial";
    /// A line to write on.
    WritingLine => "writing-line";
    /// Body text of a rule sheet (title, headings, paragraphs, lists), with
    /// the place of its block in the sheet (so a split paragraph can be seen).
    BodyText {
        /// The block's place in the sheet's source, from 0.
        block: u32,
    } => "body", block: *block;
    /// A text column of a rule sheet (an unpainted frame the text must stay in).
    Column {
        /// Which column, from the left.
        index: u8,
    } => "column";
    /// A diagram placed in a rule sheet.
    Diagram => "diagram";
    /// A line of a diagram's caption, with the place of its diagram's block in
    /// the sheet.
    Caption {
        /// The diagram's block, from 0.
        block: u32,
    } => "caption", block: *block;
    /// A boxed aside of a rule sheet (a quick reference): its frame.
    Aside => "aside";
    /// Step `n` of a play drawn in a diagram: the square a count reaches, or
    /// the pen line a step draws.
    Step {
        /// The step's number, from 1.
        n: u32,
    } => "step", step: *n;
    /// Where a turn ends in a diagram of a play.
    TurnEnd => "turn-end";
    /// Where the ball bounces (the same side plays on) in a diagram of a play.
    Bounce => "bounce";
    /// Where the ball is trapped in a diagram of a play: the dead end.
    DeadEnd => "dead-end";
    /// A square a role's ball move reaches, in that role's diagram.
    MoveTarget {
        /// The role's place on the card.
        role: u8,
    } => "move-target";
    /// The piece in a role's diagram.
    Piece {
        /// The role's place on the card.
        role: u8,
    } => "piece", id: format!("piece-{role}");
    /// A cell of a table to fill in: row (0-based, under the heading) and column.
    TableCell {
        /// The row.
        row: u16,
        /// The column.
        col: u16,
    } => "table-cell", id: format!("cell-{row}-{col}");
    /// A match of a league's fixture list: the list for `coaches`, its
    /// `round` (from 1), and the two coaches by their row numbers, home first.
    FixtureMatch {
        /// The number of coaches the list is for.
        coaches: u8,
        /// The round, from 1.
        round: u8,
        /// The coach at home.
        home: u8,
        /// The coach away.
        away: u8,
    } => "fixture-match", id: format!("fixture-{coaches}-{round}-{home}-{away}");
    /// The coach who rests in a round of a fixture list for an odd number.
    FixtureBye {
        /// The number of coaches the list is for.
        coaches: u8,
        /// The round, from 1.
        round: u8,
        /// The coach who rests.
        coach: u8,
    } => "fixture-bye", id: format!("bye-{coaches}-{round}");
    /// A card laid on the league mat in a picture of the set-up: card `n`
    /// (from 1, the one laid first) of a side's line.
    LaidCard {
        /// Whose card.
        team: Team,
        /// Which line it is laid in.
        line: Line,
        /// Its place in the line, from 1.
        n: u8,
    } => "laid-card", id: format!("laid-card-{}-{}-{n}", team.index(), line.index());
    /// A box of a score card to write a period's goals (or the total) in:
    /// card, team (0 or 1) and column (the periods, then the total).
    ScoreBox {
        /// The card, from the top.
        card: u16,
        /// The team's row.
        team: u16,
        /// The column.
        column: u16,
    } => "score-box", id: format!("score-{card}-{team}-{column}");
    /// A circle of a score card's penalty shoot-out, to tick or cross: card,
    /// team and kick (the shoot-out's, then the sudden-death ones).
    PenaltyKick {
        /// The card.
        card: u16,
        /// The team's row.
        team: u16,
        /// The kick.
        kick: u16,
    } => "penalty-kick", id: format!("kick-{card}-{team}-{kick}");
    /// One layout's page on a shared sheet, moved to its place there.
    GangPart {
        /// Its place in the gang's list, from 0.
        index: u16,
    } => "gang-part", id: format!("part-{index}");
    /// A bar of known length to check the print scale.
    ScaleBar => "scale-bar", id: "scale-bar".into();
    /// Text for people: titles, captions, legends.
    Label => "label";
    /// One square of the Futbolchess goal at `end`, on the `side` of the
    /// goal's middle: a board square behind the goal line.
    GoalSquare {
        /// Which goal.
        end: End,
        /// Which of its two squares, as the page shows it.
        side: Side,
    } => "goal-square", id: format!("goal-square-{}-{}", end.name(), side.name()), end: *end;
    /// The tint (or hatching) of a Futbolchess placement zone in the half at
    /// `end`; a hatched zone is many items, so it has no id.
    ZoneTint {
        /// Which zone.
        zone: Zone,
        /// Whose half: the one at this end of the board.
        end: End,
    } => "zone-tint", end: *end;
    /// Entry `entry` of a board's legend: its swatch and its words.
    Legend {
        /// Which entry, from 0.
        entry: u8,
    } => "legend";
    /// Where the ball starts at kick-off in the half at `end`.
    KickOff(end: End) => "kick-off", id: format!("kick-off-{}", end.name()), end: *end;
}

impl Tag {
    /// The attributes an exporter writes for the tag, in order: its `class`,
    /// its `id` when it names one thing, then its data (`data-field`,
    /// `data-block`, `data-step`). Exporters write them as they come, knowing no tag.
    pub fn attributes(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("class", self.class().to_string())];
        out.extend(self.id().map(|id| ("id", id)));
        out.extend(self.field().map(|field| ("data-field", field.to_string())));
        out.extend(self.block().map(|block| ("data-block", block.to_string())));
        out.extend(self.step().map(|step| ("data-step", step.to_string())));
        out
    }
}
