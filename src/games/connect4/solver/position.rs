//! The solver's position: two bitboards in the layout of `geometry`, with the board size
//! fixed at compile time so that every mask and shift is a constant.

/// Stones of the side to move (`current`) and of both sides (`mask`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<const W: usize, const H: usize> {
    current: u64,
    mask: u64,
    moves: u32,
}

const fn bottom_row(width: usize, height: usize) -> u64 {
    let mut bits = 0;
    let mut column = 0;
    while column < width {
        bits |= 1 << (column * (height + 1));
        column += 1;
    }
    bits
}

impl<const W: usize, const H: usize> Position<W, H> {
    pub const CELLS: i32 = (W * H) as i32;
    const BOTTOM: u64 = bottom_row(W, H);
    const BOARD: u64 = Self::BOTTOM * ((1 << H) - 1);
    const COLUMN: u64 = (1 << H) - 1;
    /// The highest score: a win with one's first stone that can make four.
    pub const MAX_SCORE: i32 = (Self::CELLS + 1) / 2 - 3;
    pub const MIN_SCORE: i32 = -Self::CELLS / 2 + 3;

    /// `current` must be the stones of the side to move, `mask` all stones, `moves` their count.
    pub fn new(current: u64, mask: u64) -> Self {
        debug_assert_eq!(mask & !Self::BOARD, 0);
        Position {
            current,
            mask,
            moves: mask.count_ones(),
        }
    }

    pub fn moves(&self) -> i32 {
        self.moves as i32
    }

    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Unique among positions of this size: per column, the bit above the top stone marks
    /// the height and the bits below it the side to move's stones.
    pub fn key(&self) -> u64 {
        self.current + self.mask + Self::BOTTOM
    }

    /// The key of the mirrored position (column `c` becomes `W - 1 - c`).
    pub fn mirrored_key(&self) -> u64 {
        let key = self.key();
        let mut mirrored = 0;
        for column in 0..W {
            let bits = (key >> (column * (H + 1))) & ((1 << (H + 1)) - 1);
            mirrored |= bits << ((W - 1 - column) * (H + 1));
        }
        mirrored
    }

    /// The landing cell of every column that is not full.
    pub fn possible(&self) -> u64 {
        (self.mask + Self::BOTTOM) & Self::BOARD
    }

    pub fn column_mask(column: usize) -> u64 {
        Self::COLUMN << (column * (H + 1))
    }

    /// The column of a one-bit move.
    pub fn column_of(mv: u64) -> usize {
        mv.trailing_zeros() as usize / (H + 1)
    }

    /// Empty cells that would complete a four for `stones`.
    pub fn winning_cells(stones: u64, mask: u64) -> u64 {
        // Vertical: only the cell above three stacked stones.
        let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
        for shift in [H + 1, H, H + 2] {
            let pair_above = (stones << shift) & (stones << (2 * shift));
            cells |= pair_above & (stones << (3 * shift));
            cells |= pair_above & (stones >> shift);
            let pair_below = (stones >> shift) & (stones >> (2 * shift));
            cells |= pair_below & (stones << shift);
            cells |= pair_below & (stones >> (3 * shift));
        }
        cells & (Self::BOARD ^ mask)
    }

    /// Cells where the side to move would complete a four.
    pub fn own_threats(&self) -> u64 {
        Self::winning_cells(self.current, self.mask)
    }

    pub fn opponent_threats(&self) -> u64 {
        Self::winning_cells(self.current ^ self.mask, self.mask)
    }

    pub fn can_win_next(&self) -> bool {
        self.own_threats() & self.possible() != 0
    }

    /// Moves that do not hand the opponent an immediate win: a forced block when the
    /// opponent threatens once, nothing when twice, and never a cell right under one of
    /// the opponent's threats. Assumes the side to move cannot win at once.
    pub fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let threats = self.opponent_threats();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// Plays a one-bit move for the side to move.
    pub fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// The position after `mv`, seen from the opponent.
    pub fn after(&self, mv: u64) -> Self {
        let mut next = *self;
        next.play(mv);
        next
    }

    /// Threats the side to move would own after `mv` (stones of the mover, not yet swapped).
    pub fn threats_after(&self, mv: u64) -> u64 {
        Self::winning_cells(self.current | mv, self.mask | mv)
    }

    pub fn current(&self) -> u64 {
        self.current
    }

    pub const fn board_mask() -> u64 {
        Self::BOARD
    }

    pub const fn bottom_mask() -> u64 {
        Self::BOTTOM
    }
}
