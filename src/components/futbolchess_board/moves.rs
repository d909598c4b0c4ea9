//! The ball moves of Futbolchess's roles, as the game defines them: what a
//! role card draws and letters, and what the board's line-up names.

/// A ball move, as the game defines them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Straight ahead only, like a rook going forward (central defender).
    Forward,
    /// One square forward, then sideways (full-back's cross).
    Cross,
    /// Any line, like a queen (midfielder).
    Queen,
    /// Diagonals, like a bishop (winger).
    Diagonal,
    /// One square any way, like a king (forward).
    King,
    /// Catches the ball inside its own area (goalkeeper).
    Keeper,
}

impl Move {
    /// The layout's name of each move.
    pub const NAMES: [(&str, Move); 6] = [
        ("forward", Move::Forward),
        ("cross", Move::Cross),
        ("queen", Move::Queen),
        ("diagonal", Move::Diagonal),
        ("king", Move::King),
        ("keeper", Move::Keeper),
    ];

    /// The layout's name for the move.
    pub fn name(self) -> &'static str {
        Move::NAMES
            .iter()
            .find(|(_, m)| *m == self)
            .map_or("", |(name, _)| name)
    }

    /// Reads the layout's name for a move.
    pub fn parse(s: &str) -> Option<Move> {
        Move::NAMES.iter().find(|(name, _)| *name == s).map(|(_, m)| *m)
    }
}
