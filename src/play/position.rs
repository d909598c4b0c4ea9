//! A player's position, and the hand the league deals of each (docs/GAMES.md,
//! "The league"): a leaf the deck's reading, dealing and playing all use.

/// Cards of each position dealt to every coach: 2 goalkeepers, 6 defenders,
/// 5 midfielders and 4 forwards (17), in the order of [`Position::index`].
pub const HAND: [u32; 4] = [2, 6, 5, 4];

/// A player's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Position {
    /// Goalkeeper.
    Goalkeeper,
    /// Defender.
    Defender,
    /// Midfielder.
    Midfielder,
    /// Forward.
    Forward,
}

impl Position {
    /// The codes a sheet may write for each position, English and Spanish.
    pub const CODES: [(&str, Position); 8] = [
        ("GK", Position::Goalkeeper),
        ("DF", Position::Defender),
        ("MF", Position::Midfielder),
        ("FW", Position::Forward),
        ("POR", Position::Goalkeeper),
        ("DEF", Position::Defender),
        ("MED", Position::Midfielder),
        ("DEL", Position::Forward),
    ];

    /// Reads GK/DF/MF/FW or the Spanish POR/DEF/MED/DEL (any case).
    pub fn parse(s: &str) -> Option<Position> {
        let code = s.trim().to_ascii_uppercase();
        Position::CODES.iter().find(|(c, _)| *c == code).map(|(_, p)| *p)
    }

    /// The other sources' words for the positions: EA FC's codes (`ST`,
    /// `CDM`, `RWB`) and Transfermarkt's `position` and `sub_position`
    /// (`Attack`, `Centre-Back`), by their lowercase spelling.
    const OTHERS: [(&str, Position); 32] = [
        ("cb", Position::Defender),
        ("lb", Position::Defender),
        ("rb", Position::Defender),
        ("lwb", Position::Defender),
        ("rwb", Position::Defender),
        ("cdm", Position::Midfielder),
        ("cm", Position::Midfielder),
        ("cam", Position::Midfielder),
        ("lm", Position::Midfielder),
        ("rm", Position::Midfielder),
        ("st", Position::Forward),
        ("cf", Position::Forward),
        ("lw", Position::Forward),
        ("rw", Position::Forward),
        ("lf", Position::Forward),
        ("rf", Position::Forward),
        ("goalkeeper", Position::Goalkeeper),
        ("defender", Position::Defender),
        ("midfield", Position::Midfielder),
        ("attack", Position::Forward),
        ("centre-back", Position::Defender),
        ("left-back", Position::Defender),
        ("right-back", Position::Defender),
        ("defensive midfield", Position::Midfielder),
        ("central midfield", Position::Midfielder),
        ("attacking midfield", Position::Midfielder),
        ("left winger", Position::Forward),
        ("right winger", Position::Forward),
        ("centre-forward", Position::Forward),
        ("second striker", Position::Forward),
        ("left midfield", Position::Midfielder),
        ("right midfield", Position::Midfielder),
    ];

    /// Reads a position cell as the statistics sites write it: one of
    /// [`Position::parse`]'s codes, another source's word for one (EA FC's
    /// `ST`, Transfermarkt's `Attack`, `Centre-Back`, `Second Striker`), or
    /// a list of them (FBref's `FW,MF`, EA FC's `RW, ST, CF`), whose first
    /// is the player's own position.
    pub fn read(s: &str) -> Option<Position> {
        let one = |w: &str| {
            let w = w.trim().to_lowercase();
            Position::parse(&w).or_else(|| Position::OTHERS.iter().find(|(c, _)| *c == w).map(|(_, p)| *p))
        };
        one(s).or_else(|| one(s.split([',', '/', ';']).next()?))
    }

    /// Its index in the template's colours and the labels.
    pub fn index(self) -> usize {
        self as usize
    }
}
