//! The rule sets of the five-in-a-row family and what makes a winning line in each.

use super::board::{Board, Color, DIRS};

/// The family member being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins for both colours; an overline does not (Gomocup "standard").
    Standard,
    /// RIF Renju: Black wins with exactly five and may not play double-three,
    /// double-four or overline; White wins with five or more.
    Renju,
    /// A five blocked by the opponent at both ends does not win (board edges do not block).
    Caro,
}

/// A complete rule set: the variant and its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub variant: Variant,
    /// Caro only: an overline does not win either (Gomocup `rule 9`).
    pub caro_exact_five: bool,
    /// Standard only: Black may not make a double-three (Korean Omok).
    pub black_double_three_forbidden: bool,
    /// Gomocup continuous game (`rule` bit 2): a five scores and the game goes on until
    /// the board is full.
    pub continuous: bool,
}

impl Rules {
    const fn of(variant: Variant) -> Rules {
        Rules {
            variant,
            caro_exact_five: false,
            black_double_three_forbidden: false,
            continuous: false,
        }
    }

    pub const fn freestyle() -> Rules {
        Rules::of(Variant::Freestyle)
    }

    pub const fn standard() -> Rules {
        Rules::of(Variant::Standard)
    }

    /// Omok: exactly five, and Black's double-three is forbidden.
    pub const fn omok() -> Rules {
        Rules {
            black_double_three_forbidden: true,
            ..Rules::of(Variant::Standard)
        }
    }

    pub const fn renju() -> Rules {
        Rules::of(Variant::Renju)
    }

    /// Caro; with `exact_five` an overline does not win.
    pub const fn caro(exact_five: bool) -> Rules {
        Rules {
            caro_exact_five: exact_five,
            ..Rules::of(Variant::Caro)
        }
    }

    /// The rule set of a Gomocup `INFO rule` bit mask: 1 exactly five, 2 continuous
    /// game, 4 renju, 8 caro (9 = caro with exactly five). Unknown bits are ignored.
    pub fn from_gomocup(mask: u32) -> Rules {
        let mut rules = if mask & 8 != 0 {
            Rules::caro(mask & 1 != 0)
        } else if mask & 4 != 0 {
            Rules::renju()
        } else if mask & 1 != 0 {
            Rules::standard()
        } else {
            Rules::freestyle()
        };
        rules.continuous = mask & 2 != 0;
        rules
    }

    /// The Gomocup bit mask of this rule set (Omok's extra restriction has no bit).
    pub fn gomocup_mask(&self) -> u32 {
        let base = match self.variant {
            Variant::Freestyle => 0,
            Variant::Standard => 1,
            Variant::Renju => 4,
            Variant::Caro => 8 | u32::from(self.caro_exact_five),
        };
        base | if self.continuous { 2 } else { 0 }
    }

    /// Whether `color` has forbidden points at all under these rules.
    pub fn has_forbidden(&self, color: Color) -> bool {
        color == Color::Black
            && (self.variant == Variant::Renju || self.black_double_three_forbidden)
    }

    /// Whether a run of `len` stones of `color`, with `blocked_ends` opponent stones
    /// (0–2) right beyond its ends, wins.
    pub fn run_wins(&self, color: Color, len: usize, blocked_ends: usize) -> bool {
        match self.variant {
            Variant::Freestyle => len >= 5,
            Variant::Standard => len == 5,
            Variant::Renju => match color {
                Color::Black => len == 5,
                Color::White => len >= 5,
            },
            Variant::Caro => {
                if self.caro_exact_five {
                    len == 5 && blocked_ends < 2
                } else {
                    len > 5 || (len == 5 && blocked_ends < 2)
                }
            }
        }
    }

    /// Whether the stone of `color` at `index` (already on `board`) completes a winning line.
    pub fn wins_at(&self, board: &Board, index: usize, color: Color) -> bool {
        let cell = color.cell();
        let other = color.opponent().cell();
        DIRS.iter().any(|&dir| {
            let (back, fwd) = board.run(index, dir, cell);
            let len = back + fwd + 1;
            if len < 5 {
                return false;
            }
            let blocked = usize::from(
                board.get((index as isize - (back as isize + 1) * dir) as usize) == other,
            ) + usize::from(
                board.get((index as isize + (fwd as isize + 1) * dir) as usize) == other,
            );
            self.run_wins(color, len, blocked)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gomocup_masks_round_trip() {
        for mask in [0, 1, 2, 3, 4, 6, 8, 9, 10, 11] {
            assert_eq!(
                Rules::from_gomocup(mask).gomocup_mask(),
                mask,
                "mask {mask}"
            );
        }
        assert_eq!(Rules::from_gomocup(5), Rules::renju());
    }

    #[test]
    fn caro_overline_depends_on_exact_five() {
        assert!(Rules::caro(false).run_wins(Color::White, 6, 2));
        assert!(!Rules::caro(true).run_wins(Color::White, 6, 0));
        assert!(!Rules::caro(true).run_wins(Color::White, 5, 2));
        assert!(Rules::caro(true).run_wins(Color::White, 5, 1));
    }
}
