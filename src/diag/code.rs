//! Every finding's code, declared once with what it means. The book's table
//! of codes is generated from this list (`tests/it/readme.rs` fails when they
//! differ), so the two cannot drift apart.

use std::fmt;

macro_rules! codes {
    ($( $(#[doc = $doc:expr])* $variant:ident = $name:literal, $severity:ident, $what:literal; )*) => {
        /// What a finding is about: a stable kebab-case name for people and
        /// machines (`layout-value`, `cell-pitch`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $( $(#[doc = $doc])* #[doc = $what] $variant, )*
        }

        impl Code {
            /// Every code, in the order of the book's table (`docs/book/src/checker.md`).
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The name findings print (`layout-value`).
            pub fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// What the code means, for the book's table.
            pub fn description(self) -> &'static str {
                match self { $(Code::$variant => $what,)* }
            }

            /// Whether findings of this code are warnings (the build goes on)
            /// rather than errors.
            pub fn is_warning(self) -> bool {
                match self { $(Code::$variant => stringify!($severity) == "warning",)* }
            }
        }
    };
}

codes! {
    LayoutSyntax = "layout-syntax", error, "the layout is not valid TOML";
    LayoutUnknownKey = "layout-unknown-key", error, "a key the layout's kind does not have (a typo)";
    LayoutMissingKey = "layout-missing-key", error, "a key the layout must set is missing";
    LayoutValue = "layout-value", error, "a value out of its range or of the wrong kind";
    LayoutColour = "layout-colour", error, "a colour that is not `#rrggbb`, `#rgb`, `black` or `white`";
    LayoutKind = "layout-kind", error, "a `kind` pitchprint does not know, or none";
    LayoutRead = "layout-read", error, "a layout file that cannot be read";
    LayoutBoard = "layout-board", error, "a referenced layout (a counter sheet's or rule sheet's board, a deck's table or bank, a mat's deck) that is missing or of the wrong kind";
    LayoutCycle = "layout-cycle", error, "layouts that refer to each other in a loop";
    PageFit = "page-fit", error, "the content is larger than the sheet's printer-safe area";
    SafeArea = "safe-area", error, "something reaches into the margin the printer cannot print";
    StrokeThin = "stroke-thin", error, "a line thinner than 0.1 mm";
    TextSmall = "text-small", error, "text smaller than 6 pt";
    TextGlyph = "text-glyph", error, "a character the font cannot draw (nothing is dropped silently)";
    TextBox = "text-box", error, "a text whose ink (its glyphs as printed) reaches past the box it is set in, the trim of the card or note it is printed on, or a frame it is drawn in: it would be cut off or print over its neighbours";
    TextControl = "text-control", error, "a control character or invisible mark (U+0000 to U+001F, U+007F to U+009F, a tab or line break in a one-line text, a bidi or zero-width mark, a noncharacter such as U+FFFF) in a title, label, spreadsheet cell or Markdown line";
    TextDirection = "text-direction", error, "text in a script written right to left (Hebrew, Arabic, Syriac, Thaana...), which pitchprint, laying out left-to-right scripts only, would print reversed: refused in a title, label, spreadsheet cell or Markdown line";
    CellCount = "cell-count", error, "the board does not have the game's number of squares";
    CellPitch = "cell-pitch", error, "the squares are not all equal, edge to edge";
    MarkingCount = "marking-count", error, "a marking is missing or doubled";
    AreaSize = "area-size", error, "an area is not the game's size";
    MarkingPlace = "marking-place", error, "a marking is not where the game puts it";
    FieldPoints = "field-points", error, "the guides of a path-football field do not form its 7 x 9 points";
    FieldEdges = "field-edges", error, "the guides do not join the points with the field's 110 edges";
    FieldDiagonal = "field-diagonal", error, "a guide runs diagonally";
    FieldOpening = "field-opening", error, "a goal opening is not two squares wide and centred";
    FieldBoundary = "field-boundary", error, "the boundary is not the field's edge";
    FieldExit = "field-exit", error, "a goal point is not joined to the field by one line";
    FieldStart = "field-start", error, "the start point is not marked in the middle";
    FieldCoordinates = "field-coordinates", error, "coordinates are printed on a field (the game has none)";
    FieldContrast = "field-contrast", error, "the guides are as heavy as the boundary";
    FieldPitch = "field-pitch", error, "the points are too close to draw between with a pen";
    TileCover = "tile-cover", error, "the pieces of a tiled board do not cover it";
    TileOverlap = "tile-overlap", error, "neighbouring pieces do not overlap by the glue strip";
    TileRegistration = "tile-registration", error, "a join lacks its three registration marks (beyond both ends and in the middle) at the same places on both pieces";
    TileCutLine = "tile-cut-line", error, "a join's cut line is missing from the piece laid on top, or drawn on the piece underneath (where it would cut off the glue strip)";
    TileCut = "tile-cut", warning, "a cut crosses a square or a line of text instead of passing between them";
    NupFit = "nup-fit", error, "an item that fits no sheet";
    MarkTrim = "mark-trim", error, "a crop mark reaches into art";
    DuplexAlign = "duplex-align", error, "a back that does not land behind its front";
    CutterMarks = "cutter-marks", error, "a cutting machine's registration mark missing or off its place, art where the machine looks for a mark, or a cut path off its item";
    CounterSize = "counter-size", error, "a counter that does not fit a square of grid lines with its clearance (2 mm unless set) to spare, measured to the ink";
    CounterLabel = "counter-label", error, "a counter's label wider than the counter";
    DieNet = "die-net", error, "a die net that would not fold into a proper die";
    CardColumn = "card-column", error, "the spreadsheet lacks a column the deck maps (a warning for an optional column the layout names, with the nearest header)";
    CardPosition = "card-position", error, "a position the deck does not know";
    CardStat = "card-stat", error, "a stat that is not a number of 0 or more";
    CardDuplicate = "card-duplicate", warning, "the same player (name and team) on two rows, most likely pasted twice";
    CardText = "card-text", error, "a card text that does not fit its box";
    CardData = "card-data", error, "a spreadsheet that cannot be read";
    CardEncoding = "card-encoding", warning, "a CSV that is not UTF-8, read as Windows-1252 (Latin-1): check its accented letters";
    CardPrice = "card-price", error, "a card's price that the bank's notes cannot pay exactly";
    DeckPlay = "deck-play", error, "a deck whose league matches, played by the checker, cannot be played: balls that do not end within `[deal] max_plays`, or shots that are (almost) never goals or never saves";
    DeckFormation = "deck-formation", warning, "a line-up that never shoots in the checker's matches with the deck";
    DeckSize = "deck-size", error, "a deck too small to deal every coach of its league table a hand and fill the market for a season";
    CardPhoto = "card-photo", warning, "a photo that cannot be read (the card shows a silhouette), is cut short, or prints below 150 dpi";
    CutBorder = "cut-border", warning, "a border along the trim narrower than 3 mm: a cut that strays by a millimetre shows it uneven";
    NoteSerial = "note-serial", error, "two banknotes with one serial";
    SlipLine = "slip-line", error, "writing lines too close to write on";
    SlipCount = "slip-count", error, "bid slips too few for a round of the league table they name: fewer slips than its coaches, or fewer bid lines than the market's nine draws";
    TableSize = "table-size", error, "league table rows too short to write in";
    Fixture = "fixture", error, "a fixture list that is not a single round robin of the table's rows: a pair that meets twice or never, a coach twice in a round, a rest where none is due, a number with no row";
    GangPart = "gang-part", error, "a part of a shared sheet that prints more than one page or has backs";
    KitPart = "kit-part", error, "a print-and-play kit that lacks a layout of its game (or a page of one), or holds its pages out of order";
    KitPaper = "kit-paper", error, "a page of a print-and-play kit that is not on the kit's paper";
    KitDuplex = "kit-duplex", error, "a two-sided part of a print-and-play kit that starts on an even page, or a back that is not right after its front";
    TtsPart = "tts-part", warning, "a layout of a game that the virtual table cannot lay out as its kind's role says (cards, dice, notes, the board) because the kind declares no deck, dice or bank, or draws nothing to lay: the save is written without it";
    ScoreCard = "score-card", error, "a score card missing a box for a period, the total or a penalty kick, or with boxes too small to write in";
    RoleMove = "role-move", error, "a role drawn with another role's move";
    TextOverflow = "text-overflow", error, "rule-sheet text out of its column";
    CardOverflow = "card-overflow", error, "reference-card text that does not fit inside its card's safe area";
    TextForced = "text-forced", warning, "a word wider than its line or box, broken by force between two letters (its line ends in ‐) so that nothing is lost";
    TextStretch = "text-stretch", error, "word spaces stretched past twice their width";
    TextHyphen = "text-hyphen", error, "a hyphenation a careful typesetter avoids: under 2 letters before or 3 after the break, more than 2 hyphenated lines in a row, a hyphen at a column's foot, a paragraph ending on a tail of 4 letters or fewer (a warning for a word longer than two lines of its column, which must break that often, and for a language without hyphenation patterns)";
    RulesMissing = "rules-missing", error, "a language without its rule text";
    TextMissing = "text-missing", warning, "a language of the project's labels that a rule sheet, cover or reference card has no text in: a build of every language leaves it out";
    RulesMarkdown = "rules-markdown", error, "Markdown outside the rule sheets' subset";
    RulesDiagram = "rules-diagram", error, "a diagram the game's board does not draw";
    RulesCaption = "rules-caption", error, "a rule-sheet figure without a one-sentence caption";
    RulesSparse = "rules-sparse", warning, "a rule sheet whose last page is less than half used";
    I18nMissing = "i18n-missing", error, "a label key (or a whole language) missing from the label tables";
    I18nSyntax = "i18n-syntax", error, "a label table that is not valid TOML";
    I18nLiteral = "i18n-literal", warning, "a title, caption or label written as words in a layout that is built in several languages: every language prints them as written (write an `@key` label, in the game's own words)";
    GoalSize = "goal-size", error, "the Futbolchess goal is not two squares, each the size of a board square";
    GoalCentre = "goal-centre", error, "the Futbolchess goal's squares are not side by side, centred, behind the goal line";
    Band = "band", error, "the Futbolchess side bands are not the outer columns";
    StripeOrder = "stripe-order", error, "the league mat's stripes do not each face the other side's stripe they play against, ball places level";
    BallSpot = "ball-spot", error, "a stripe without its ball place, or one a card covers";
    TrackBoxes = "track-boxes", error, "a strategy track without its six boxes";
    Tally = "tally", error, "a tally with the wrong boxes: one shared tally of balls and a goals tally per side, each of at least 7 boxes";
    ZoneTint = "zone-tint", error, "a Futbolchess placement zone tinted over other squares than the rules give it, or two zones in one tint";
    Legend = "legend", error, "a tint or mark of the board without its legend entry, or a legend entry over the board";
    LabelShape = "label-shape", error, "a label drawn on a disc whose letters reach outside it";
    CardPlace = "card-place", error, "a stripe of the league mat without its six card places of the named deck's card size";
    CardStats = "card-stats", error, "a card laid on the league mat covers the stats of a card beneath it";
    TextCovered = "text-covered", error, "a word or number covered by a token or counter drawn over it";
    SheetRule = "sheet-rule", error, "a rule a custom sheet's layout declares (cells, pitch, zone, point, clearance) does not hold on what is drawn";
    LabelOverlap = "label-overlap", warning, "two words of a custom sheet printed over each other";
    GameNumber = "game-number", error, "a `{name}` in a rule sheet, cover or reference card that the game file (game.toml) does not give";
    BankShort = "bank-short", error, "a bank whose notes cannot pay the game's starting money or prizes exactly, or lack enough for every coach's start and a season's prizes";
    OutputOverInput = "output-over-input", error, "an output that would be written over (or removed as an old page) a file the build reads: nothing is written";
    OutputClash = "output-clash", error, "a layout whose file name ends in -<lang> beside the layout of that name (`team-en.toml` beside `team.toml`): its files would take the other's names in that language";
    OutputName = "output-name", error, "an output whose file name is longer than the 255 bytes a file system takes: nothing is written";
    TargetSize = "target-size", error, "a card or item size the print shop named by `--target` does not cut, or pages that are not items for a shop that prints one image a face";
    TargetResolution = "target-resolution", warning, "a photo printed below the shop's 300 pixels an inch (`--target`)";
    TargetSafe = "target-safe", warning, "text or a frame line closer to the trim than the shop's safe zone, where a cut that strays takes the text or makes the frame uneven (`--target`)";
    TargetText = "target-text", warning, "coloured text under 8 pt printed in more than one ink, blurred by any misregistration of the press (`--target drivethrucards` or `offset`)";
    TargetBleed = "target-bleed", warning, "art that reaches an item's trim but not its bleed, so a cut that strays shows a white edge (`--target`)";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Code {
    /// The code named `name`, for tools that read findings back.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The book's table of codes, as Markdown.
    pub fn table() -> String {
        let mut out = String::from("| code | severity | what it means |\n|---|---|---|\n");
        for c in Code::ALL {
            let severity = if c.is_warning() { "warning" } else { "error" };
            out.push_str(&format!("| `{}` | {severity} | {} |\n", c.name(), c.description()));
        }
        out
    }
}
