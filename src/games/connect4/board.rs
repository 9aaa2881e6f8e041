//! The rules: gravity drop, four in a row in any direction, a draw on a full board.

use thiserror::Error;

use super::geometry::{self, BoardSize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player (`X` on a GoGui board).
    Black,
    White,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A move is the cell where the stone lands; `column` and `row` count from 0 (A, bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub column: u8,
    pub row: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Player),
    Draw,
}

/// Why the rules refuse a move that parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("it is not this player's turn")]
    WrongTurn,
    #[error("the cell is off the board")]
    OffBoard,
    #[error("the column is full")]
    ColumnFull,
    #[error("a stone dropped in this column lands on row {landing}")]
    NotLandingCell { landing: u8 },
}

/// A Connect Four position with its move history (for `undo`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4 {
    size: BoardSize,
    /// Stones of each player, indexed by `Player`, in the layout of `geometry`.
    stones: [u64; 2],
    history: Vec<Move>,
    winner: Option<Player>,
}

impl Default for Connect4 {
    fn default() -> Self {
        Connect4::new(BoardSize::STANDARD)
    }
}

impl Connect4 {
    pub fn new(size: BoardSize) -> Self {
        Connect4 {
            size,
            stones: [0; 2],
            history: Vec::with_capacity(size.cells()),
            winner: None,
        }
    }

    /// The position after `columns` (0-based) are played from the empty board.
    pub fn from_columns(size: BoardSize, columns: &[usize]) -> Result<Self, IllegalMove> {
        let mut game = Connect4::new(size);
        for &column in columns {
            let mv = game.landing(column).ok_or(IllegalMove::ColumnFull)?;
            game.play(mv)?;
        }
        Ok(game)
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn history(&self) -> &[Move] {
        &self.history
    }

    pub fn plies(&self) -> usize {
        self.history.len()
    }

    pub fn side_to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) {
            Player::Black
        } else {
            Player::White
        }
    }

    /// `Some` once somebody has four in a row or the board is full.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(player) => Some(Outcome::Win(player)),
            None if self.history.len() == self.size.cells() => Some(Outcome::Draw),
            None => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Who owns the cell, if anybody.
    pub fn stone_at(&self, column: usize, row: usize) -> Option<Player> {
        let bit = self.size.bit(column, row);
        [Player::Black, Player::White]
            .into_iter()
            .find(|p| self.stones[p.index()] & bit != 0)
    }

    fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Stones already in `column`.
    pub fn column_height(&self, column: usize) -> usize {
        (self.occupied() & self.size.column_mask(column)).count_ones() as usize
    }

    /// The cell a stone dropped in `column` lands on, `None` when the column is full.
    pub fn landing(&self, column: usize) -> Option<Move> {
        let row = self.column_height(column);
        (row < self.size.height()).then_some(Move {
            column: column as u8,
            row: row as u8,
        })
    }

    /// Landing cells, left to right; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.size.width())
            .filter_map(|c| self.landing(c))
            .collect()
    }

    /// Every empty cell, bottom row first, left to right; none once the game is over.
    /// Each names a legal move: its column's (see `parse_move`).
    pub fn empty_cells(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let size = self.size;
        (0..size.height())
            .flat_map(|row| (0..size.width()).map(move |column| (column, row)))
            .filter(|&(column, row)| self.stone_at(column, row).is_none())
            .map(|(column, row)| Move {
                column: column as u8,
                row: row as u8,
            })
            .collect()
    }

    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let (column, row) = (mv.column as usize, mv.row as usize);
        if column >= self.size.width() || row >= self.size.height() {
            return Err(IllegalMove::OffBoard);
        }
        let landing = self.column_height(column);
        if landing == self.size.height() {
            return Err(IllegalMove::ColumnFull);
        }
        if landing != row {
            return Err(IllegalMove::NotLandingCell {
                landing: landing as u8,
            });
        }
        Ok(())
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays for the side to move; the position is untouched on error.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays for `player`, refusing a move out of turn (the rules alternate strictly).
    pub fn play_as(&mut self, player: Player, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        if player != self.side_to_move() {
            return Err(IllegalMove::WrongTurn);
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, mv: Move) {
        let player = self.side_to_move();
        let stones = &mut self.stones[player.index()];
        *stones |= self.size.bit(mv.column as usize, mv.row as usize);
        if geometry::has_four(*stones, self.size.height()) {
            self.winner = Some(player);
        }
        self.history.push(mv);
    }

    /// Takes back the last move; `None` on the empty board.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        let player = self.side_to_move();
        self.stones[player.index()] &= !self.size.bit(mv.column as usize, mv.row as usize);
        // A game ends at its first four, so no earlier position was won.
        self.winner = None;
        Some(mv)
    }

    /// Stones of the side to move and of both sides: the solver's view of the position.
    pub fn bitboards(&self) -> (u64, u64) {
        (self.stones[self.side_to_move().index()], self.occupied())
    }

    /// A key that identifies the position (stones and side to move) uniquely.
    pub fn hash(&self) -> u64 {
        let (current, occupied) = self.bitboards();
        current + occupied + bottom_mask(self.size)
    }
}

/// The bottom cell of every column.
pub(crate) fn bottom_mask(size: BoardSize) -> u64 {
    (0..size.width()).fold(0, |acc, c| acc | size.bit(c, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(column: u8, row: u8) -> Move {
        Move { column, row }
    }

    #[test]
    fn stones_fall_to_the_lowest_free_cell() {
        let mut game = Connect4::default();
        game.play(cell(3, 0)).unwrap();
        assert_eq!(game.landing(3), Some(cell(3, 1)));
        assert_eq!(
            game.play(cell(3, 3)),
            Err(IllegalMove::NotLandingCell { landing: 1 })
        );
        assert_eq!(game.plies(), 1);
    }

    #[test]
    fn undo_restores_the_position() {
        let mut game = Connect4::from_columns(BoardSize::STANDARD, &[3, 3, 2]).unwrap();
        let before = game.clone();
        game.play(cell(4, 0)).unwrap();
        assert_eq!(game.undo(), Some(cell(4, 0)));
        assert_eq!(game, before);
    }
}
