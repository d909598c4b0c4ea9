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

    /// Its index in the template's colours and the labels.
    pub fn index(self) -> usize {
        self as usize
    }
}
