//! Board sizes and the bitboard layout shared by the rules and the solver.
//!
//! A board of `width` columns and `height` rows lives in one `u64`: column `c` owns bits
//! `c * (height + 1) .. c * (height + 1) + height`, bottom cell first, plus one sentinel bit
//! on top that always stays empty. The sentinel keeps column overflow and alignment shifts
//! from bleeding into the next column, so a board fits when `width * (height + 1) <= 64`.

use thiserror::Error;

/// Column letters, Go style (no `I`), so that GoGui's own coordinates match ours.
pub const COLUMN_LETTERS: &[u8; 9] = b"ABCDEFGHJ";

pub const MIN_SIDE: usize = 4;
pub const MAX_WIDTH: usize = COLUMN_LETTERS.len();
pub const MAX_HEIGHT: usize = 9;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: usize,
    height: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("unacceptable size {width}x{height}")]
pub struct UnacceptableSize {
    pub width: usize,
    pub height: usize,
}

impl BoardSize {
    /// The standard board: 7 columns, 6 rows.
    pub const STANDARD: BoardSize = BoardSize {
        width: 7,
        height: 6,
    };

    /// Sides from 4 to 9 (columns A–J without I, rows 1–9) whose board plus sentinel row
    /// fits 64 bits: every 4–9 × 4–9 board but 7×9, 8×8, 8×9, 9×7, 9×8 and 9×9.
    pub fn new(width: usize, height: usize) -> Result<Self, UnacceptableSize> {
        let fits = (MIN_SIDE..=MAX_WIDTH).contains(&width)
            && (MIN_SIDE..=MAX_HEIGHT).contains(&height)
            && width * (height + 1) <= 64;
        if fits {
            Ok(BoardSize { width, height })
        } else {
            Err(UnacceptableSize { width, height })
        }
    }

    pub fn width(self) -> usize {
        self.width
    }

    pub fn height(self) -> usize {
        self.height
    }

    pub fn cells(self) -> usize {
        self.width * self.height
    }

    /// Bit of the cell in `column` (0 = A) and `row` (0 = bottom).
    pub fn bit(self, column: usize, row: usize) -> u64 {
        1 << (column * (self.height + 1) + row)
    }

    /// Every playable cell (sentinels excluded).
    pub fn board_mask(self) -> u64 {
        (0..self.width).fold(0, |acc, c| acc | self.column_mask(c))
    }

    pub fn column_mask(self, column: usize) -> u64 {
        ((1 << self.height) - 1) << (column * (self.height + 1))
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

/// Columns from the centre outwards (`D C E B F A G` on 7 columns; on an even width the
/// right one of the two central columns first): the usual order of strength, used to
/// order the search and to break ties between equal moves.
pub fn centre_first(width: usize) -> impl Iterator<Item = usize> {
    (0..width).map(move |i| {
        let offset = i.div_ceil(2);
        if i % 2 == 1 {
            width / 2 - offset
        } else {
            width / 2 + offset
        }
    })
}

/// Cells of `stones` that end a line of four, in the layout above. Alignment shifts are
/// 1 (vertical), `h + 1` (horizontal), `h` and `h + 2` (the two diagonals).
pub fn has_four(stones: u64, height: usize) -> bool {
    let h = height as u32;
    [1, h + 1, h, h + 2].into_iter().any(|shift| {
        let pairs = stones & (stones >> shift);
        pairs & (pairs >> (2 * shift)) != 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_that_fit_64_bits_are_accepted() {
        assert!(BoardSize::new(7, 6).is_ok());
        assert!(BoardSize::new(8, 7).is_ok());
        assert!(BoardSize::new(9, 6).is_ok());
        assert!(BoardSize::new(6, 9).is_ok());
        assert!(BoardSize::new(8, 8).is_err());
        assert!(BoardSize::new(9, 7).is_err());
        assert!(BoardSize::new(3, 6).is_err());
        assert!(BoardSize::new(10, 4).is_err());
    }

    #[test]
    fn column_order_starts_in_the_centre() {
        assert_eq!(centre_first(7).collect::<Vec<_>>(), [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(
            centre_first(8).collect::<Vec<_>>(),
            [4, 3, 5, 2, 6, 1, 7, 0]
        );
    }

    #[test]
    fn masks_leave_the_sentinel_row_empty() {
        let size = BoardSize::STANDARD;
        assert_eq!(size.board_mask().count_ones(), 42);
        assert_eq!(size.column_mask(1), 0b111111 << 7);
        assert_eq!(size.board_mask() & size.bit(0, 6), 0);
    }
}
