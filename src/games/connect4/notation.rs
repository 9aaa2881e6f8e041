//! Move text: a cell, column letter then row number (`D1` is the bottom of column D),
//! case-insensitive on input. A move names its column: a bare column letter (`d`) or any
//! empty cell of the column stands for its landing cell, where the disc falls (a person
//! clicks anywhere in the column in a GUI such as GoGui). Output is always the landing
//! cell, upper case. Columns are lettered Go style, without `I`.

use nom::character::complete::{digit1, satisfy};
use nom::combinator::{eof, map, map_res, opt};
use nom::sequence::terminated;
use nom::{IResult, Parser};
use thiserror::Error;

use super::board::{Connect4, IllegalMove, Move};
use super::geometry::COLUMN_LETTERS;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a cell nor a column in this notation.
    #[error("syntax error: {0:?} is not a Connect Four move")]
    Syntax(String),
    /// The text names a cell the rules refuse here.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
}

/// What the text says, before the position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveText {
    Cell { column: u8, row: u8 },
    Column(u8),
}

fn column_letter(input: &str) -> IResult<&str, u8> {
    map(
        satisfy(|c| COLUMN_LETTERS.contains(&(c.to_ascii_uppercase() as u8))),
        |c| {
            let upper = c.to_ascii_uppercase() as u8;
            COLUMN_LETTERS.iter().position(|&l| l == upper).unwrap() as u8
        },
    )
    .parse(input)
}

fn row_number(input: &str) -> IResult<&str, u8> {
    map_res(digit1, |digits: &str| match digits.parse::<u8>() {
        Ok(row) if row >= 1 => Ok(row - 1),
        _ => Err("row numbers start at 1"),
    })
    .parse(input)
}

fn move_text(input: &str) -> IResult<&str, MoveText> {
    terminated(
        map(
            (column_letter, opt(row_number)),
            |(column, row)| match row {
                Some(row) => MoveText::Cell { column, row },
                None => MoveText::Column(column),
            },
        ),
        eof,
    )
    .parse(input)
}

impl Connect4 {
    /// Reads a move for the side to move. A bare column, or an empty cell above its
    /// column's landing cell, resolves to the landing cell, so a full column is already
    /// an illegal move here; any other cell is returned as written (`play` then refuses a
    /// taken cell or one off the board).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let (_, parsed) = move_text(text.trim()).map_err(|_| syntax())?;
        match parsed {
            MoveText::Cell { column, row } => {
                let size = self.size();
                let on_board = (column as usize) < size.width() && (row as usize) < size.height();
                let landing = on_board && !self.is_over();
                match landing.then(|| self.landing(column as usize)).flatten() {
                    Some(landing) if row > landing.row => Ok(landing),
                    _ => Ok(Move { column, row }),
                }
            }
            MoveText::Column(column) => {
                if self.is_over() {
                    return Err(IllegalMove::GameOver.into());
                }
                if column as usize >= self.size().width() {
                    return Err(IllegalMove::OffBoard.into());
                }
                Ok(self
                    .landing(column as usize)
                    .ok_or(IllegalMove::ColumnFull)?)
            }
        }
    }

    /// Upper-case cell text, `D1` for the bottom of column D.
    pub fn format_move(mv: Move) -> String {
        format!(
            "{}{}",
            COLUMN_LETTERS[mv.column as usize] as char,
            mv.row + 1
        )
    }

    /// Parses and plays for the side to move; the position is untouched on error.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_columns_parse_case_insensitively() {
        let game = Connect4::default();
        let d1 = Move { column: 3, row: 0 };
        assert_eq!(game.parse_move("D1"), Ok(d1));
        assert_eq!(game.parse_move("d1"), Ok(d1));
        assert_eq!(game.parse_move("d"), Ok(d1));
        assert_eq!(Connect4::format_move(d1), "D1");
    }

    #[test]
    fn an_empty_cell_names_its_column_and_the_disc_falls() {
        let mut game = Connect4::default();
        assert_eq!(game.parse_move("G6"), Ok(Move { column: 6, row: 0 }));
        game.play_text("d").unwrap();
        let d2 = Move { column: 3, row: 1 };
        assert_eq!(game.parse_move("d5"), Ok(d2));
        assert_eq!(game.parse_move("D2"), Ok(d2));
        // A taken cell and cells off the board stay as written, for play to refuse.
        assert_eq!(game.parse_move("D1"), Ok(Move { column: 3, row: 0 }));
        assert_eq!(game.parse_move("D7"), Ok(Move { column: 3, row: 6 }));
        assert!(game.play_text("D1").is_err());
        assert!(game.play_text("D7").is_err());
    }

    #[test]
    fn syntax_errors_are_kept_apart_from_illegal_moves() {
        let game = Connect4::default();
        for bad in ["", "4", "D0", "DD", "D1x", "I1", "pass", "d-1"] {
            assert!(
                matches!(game.parse_move(bad), Err(MoveError::Syntax(_))),
                "{bad:?} should be a syntax error"
            );
        }
        assert_eq!(
            game.parse_move("h"),
            Err(MoveError::Illegal(IllegalMove::OffBoard))
        );
    }
}
