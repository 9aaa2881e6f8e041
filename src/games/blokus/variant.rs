//! The Blokus variants Pentobi plays with square pieces: board, colours, players, start
//! points, piece set and bonuses.

use super::board::MAX_COLOURS;
use super::pieces::{NUM_PIECES, PIECE_NAMES, Piece};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// 20×20, four colours, four players (`Blokus`).
    Classic,
    /// 20×20, four colours, two players: 1+3 against 2+4 (`Blokus Two-Player`).
    ClassicTwo,
    /// 20×20, four colours, three players; colour 4 is played in turn (`Blokus Three-Player`).
    ClassicThree,
    /// 14×14, two colours (`Blokus Duo`).
    Duo,
    /// 14×14, two colours, 12 piece types with two copies each, no bonus (`Blokus Junior`).
    Junior,
}

/// Junior's piece types; each comes twice.
const JUNIOR_PIECES: [&str; 12] = [
    "L5", "P", "I5", "O", "T4", "Z4", "L4", "I4", "V3", "I3", "2", "1",
];

impl Variant {
    pub const ALL: [Variant; 5] = [
        Variant::Classic,
        Variant::ClassicTwo,
        Variant::ClassicThree,
        Variant::Duo,
        Variant::Junior,
    ];

    /// Pentobi's name, the SGF `GM` value.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "Blokus",
            Variant::ClassicTwo => "Blokus Two-Player",
            Variant::ClassicThree => "Blokus Three-Player",
            Variant::Duo => "Blokus Duo",
            Variant::Junior => "Blokus Junior",
        }
    }

    /// Parses a `set_game`/`GM` name: case-insensitive, trimmed, as Pentobi does.
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.trim();
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// Parses Pentobi's start-up `-g` identifiers (`classic`, `c2`, `duo`, ...).
    pub fn from_id(id: &str) -> Option<Variant> {
        match id.trim().to_ascii_lowercase().as_str() {
            "classic" | "c" => Some(Variant::Classic),
            "classic_2" | "c2" => Some(Variant::ClassicTwo),
            "classic_3" | "c3" => Some(Variant::ClassicThree),
            "duo" | "d" => Some(Variant::Duo),
            "junior" | "j" => Some(Variant::Junior),
            _ => None,
        }
    }

    pub fn board_size(self) -> usize {
        match self {
            Variant::Duo | Variant::Junior => 14,
            _ => 20,
        }
    }

    pub fn num_colours(self) -> usize {
        match self {
            Variant::Duo | Variant::Junior => 2,
            _ => 4,
        }
    }

    pub fn num_players(self) -> usize {
        match self {
            Variant::Classic => 4,
            Variant::ClassicThree => 3,
            _ => 2,
        }
    }

    /// The player (0-based) who moves for colour `c` when `c` has `placed` pieces on the
    /// board: colours belong to players, except in Three-Player, where colour 4 is played
    /// in turn by the player given by its pieces on the board, modulo 3 (Pentobi's
    /// `get_alt_player`).
    pub fn player_of(self, c: usize, placed: usize) -> usize {
        match self {
            Variant::ClassicTwo => c % 2,
            Variant::ClassicThree if c == 3 => placed % 3,
            _ => c,
        }
    }

    /// Points of each player from the points of each colour: Two-Player adds 1+3 and
    /// 2+4; in Three-Player the shared colour counts for no one.
    pub fn player_points(self, colour_points: [u32; MAX_COLOURS]) -> [i32; MAX_COLOURS] {
        let mut out = [0; MAX_COLOURS];
        for (c, &points) in colour_points.iter().enumerate().take(self.num_colours()) {
            match self {
                Variant::ClassicTwo => out[c % 2] += points as i32,
                Variant::ClassicThree if c == 3 => {}
                _ => out[c] = points as i32,
            }
        }
        out
    }

    /// The colours of the other players as a bit mask (bit `d` for colour `d`): every
    /// other colour, except in Two-Player, where the partner colour plays on the same
    /// side. Three-Player's shared colour counts as a rival to all.
    pub fn rivals(self, c: usize) -> u8 {
        let others = ((1u8 << self.num_colours()) - 1) & !(1 << c);
        match self.partner(c) {
            Some(d) => others & !(1 << d),
            None => others,
        }
    }

    /// The other colour of `c`'s player, in Two-Player (1 and 3, 2 and 4).
    pub fn partner(self, c: usize) -> Option<usize> {
        (self == Variant::ClassicTwo).then_some(c ^ 2)
    }

    /// Start point of a colour as (x, y), x from the left, y from the top row.
    pub fn start_point(self, colour: usize) -> (usize, usize) {
        match self {
            Variant::Duo | Variant::Junior => [(4, 4), (9, 9)][colour],
            _ => [(0, 0), (19, 0), (19, 19), (0, 19)][colour],
        }
    }

    /// How many copies of each piece a colour has.
    pub fn piece_counts(self) -> [u8; NUM_PIECES] {
        match self {
            Variant::Junior => {
                let mut counts = [0; NUM_PIECES];
                for name in JUNIOR_PIECES {
                    let i = PIECE_NAMES.iter().position(|n| *n == name).unwrap();
                    counts[i] = 2;
                }
                counts
            }
            _ => [1; NUM_PIECES],
        }
    }

    /// Bonus for placing every piece, and the extra bonus when the monomino was last.
    pub fn bonuses(self) -> (u32, u32) {
        match self {
            Variant::Junior => (0, 0),
            _ => (15, 5),
        }
    }

    /// Pentobi's colour names, for `showboard`.
    pub fn colour_name(self, colour: usize) -> &'static str {
        match self {
            Variant::Duo => ["Purple", "Orange"][colour],
            Variant::Junior => ["Green", "Orange"][colour],
            _ => ["Blue", "Yellow", "Red", "Green"][colour],
        }
    }

    /// Whether the given piece exists in this variant's set.
    pub fn has_piece(self, piece: Piece) -> bool {
        self.piece_counts()[piece as usize] > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_pentobis_case_insensitive_and_trimmed() {
        assert_eq!(Variant::from_name(" blokus duo "), Some(Variant::Duo));
        assert_eq!(Variant::from_name("BLOKUS"), Some(Variant::Classic));
        assert_eq!(
            Variant::from_name("Blokus Three-Player"),
            Some(Variant::ClassicThree)
        );
        assert_eq!(Variant::from_name("Blokus Trigon"), None);
        assert_eq!(Variant::from_id("c2"), Some(Variant::ClassicTwo));
        assert_eq!(Variant::from_id("junior"), Some(Variant::Junior));
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
        }
    }

    #[test]
    fn partners_are_no_rivals() {
        assert_eq!(Variant::ClassicTwo.rivals(0), 0b1010);
        assert_eq!(Variant::ClassicTwo.rivals(3), 0b0101);
        assert_eq!(Variant::Classic.rivals(0), 0b1110);
        assert_eq!(Variant::ClassicThree.rivals(3), 0b0111);
        assert_eq!(Variant::Duo.rivals(1), 0b01);
    }
}
