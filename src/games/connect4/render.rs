//! Text boards: a human one for `showboard` and GoGui's `gogui-rules_board` rows.

use super::board::{Connect4, Player};
use super::geometry::COLUMN_LETTERS;

fn symbol(stone: Option<Player>) -> char {
    match stone {
        Some(Player::Black) => 'X',
        Some(Player::White) => 'O',
        None => '.',
    }
}

impl Connect4 {
    /// One cell as the text boards show it: `X` black (the first player), `O` white, `.`
    /// empty.
    pub fn cell_char(&self, column: usize, row: usize) -> char {
        symbol(self.stone_at(column, row))
    }

    /// Rows top first, one character per cell separated by spaces: `X` black (the first
    /// player), `O` white, `.` empty.
    pub fn gogui_rows(&self) -> Vec<String> {
        let size = self.size();
        (0..size.height())
            .rev()
            .map(|row| {
                (0..size.width())
                    .map(|column| self.cell_char(column, row).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// A board with column letters and row numbers, for `showboard`; starts with a newline
    /// so that it begins on its own line after GTP's `= `.
    pub fn render(&self) -> String {
        let width = self.size().width();
        let letters: String = COLUMN_LETTERS[..width]
            .iter()
            .map(|&l| format!(" {}", l as char))
            .collect();
        let mut text = format!("\n  {letters}\n");
        let height = self.size().height();
        for (i, row) in self.gogui_rows().iter().enumerate() {
            text.push_str(&format!("{:2} {row} {:<2}\n", height - i, height - i));
        }
        text.push_str(&format!("  {letters}"));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::BoardSize;

    #[test]
    fn rows_are_listed_top_first() {
        let game = Connect4::from_columns(BoardSize::STANDARD, &[3, 3, 0]).unwrap();
        let rows = game.gogui_rows();
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[4], ". . . O . . .");
        assert_eq!(rows[5], "X . . X . . .");
        assert!(game.render().contains(" 1 X . . X . . . 1"));
    }
}
