//! Text boards: Pentobi's `showboard` layout and the plain GoGui rules board.

use std::fmt::Write;

use super::board::Board;
use super::pieces::{NUM_PIECES, PIECE_NAMES};
use super::variant::Variant;

/// Pentobi's characters for colours 1–4.
const COLOUR_CHARS: [char; 4] = ['X', 'O', '#', '@'];

impl Board {
    /// The board as Pentobi's `showboard` draws it without ANSI colours: rows from the
    /// top, `.` empty, `+` an uncovered start point, `X O # @` colours 1–4, `>`/`<` around
    /// the last move, and per colour its points and the pieces it has left; column
    /// letters in upper case as Pentobi prints them.
    pub fn render(&self) -> String {
        let tables = self.tables();
        let size = tables.size;
        let last = self.history().last();
        let in_last = |x: usize, y: usize| {
            last.is_some_and(|(_, mv)| tables.info(mv).points().contains(&tables.point(x, y)))
        };
        let mut marked = last.is_none();
        let mut out = String::new();
        for y in 0..size {
            let _ = write!(out, "{:>2} ", size - y);
            for x in 0..size {
                if x > 0 {
                    let here = self.owner_at(x, y);
                    let left = self.owner_at(x - 1, y);
                    let last_colour = last.map(|(c, _)| c);
                    let separator = if !marked && in_last(x, y) && left != last_colour {
                        marked = true;
                        '>'
                    } else if !marked && in_last(x - 1, y) && here != last_colour {
                        marked = true;
                        '<'
                    } else {
                        ' '
                    };
                    out.push(separator);
                }
                out.push(match self.owner_at(x, y) {
                    Some(c) => COLOUR_CHARS[c],
                    None if self.is_start_point(x, y) => '+',
                    None => '.',
                });
            }
            if let Some(line) = self.info_line(y) {
                out.push_str("  ");
                out.push_str(&line);
            }
            out.push('\n');
        }
        out.push_str("  ");
        for x in 0..size {
            out.push(' ');
            out.push((b'A' + x as u8) as char);
        }
        out.push('\n');
        out
    }

    /// The text right of row `y`: three lines per colour, a blank line between colours.
    fn info_line(&self, y: usize) -> Option<String> {
        let c = y / 4;
        if c >= self.num_colours() {
            return None;
        }
        let per_line = if self.variant() == Variant::Junior {
            6
        } else {
            10
        };
        let mut names: Vec<&str> = Vec::new();
        for (piece, name) in PIECE_NAMES.iter().enumerate() {
            for _ in 0..self.pieces_left(c, piece as u8) {
                names.push(name);
            }
        }
        names.sort_unstable();
        let mut distinct = names.clone();
        distinct.dedup();
        // Lines are split by piece type; copies of a type stay on its line.
        let split = |from: usize, to: usize| {
            let kinds = &distinct[from.min(distinct.len())..to.min(distinct.len())];
            names
                .iter()
                .filter(|n| kinds.contains(n))
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        };
        match y % 4 {
            0 => {
                let mut line = String::new();
                if self.to_play() == Some(c) {
                    let _ = write!(line, "({}) ", self.num_moves() + 1);
                }
                let _ = write!(
                    line,
                    "{}({}): {}",
                    self.variant().colour_name(c),
                    COLOUR_CHARS[c],
                    self.points(c)
                );
                if !self.has_moves(c) {
                    line.push('!');
                }
                Some(line)
            }
            1 => Some(split(0, per_line)),
            2 => Some(split(per_line, NUM_PIECES)),
            _ => None,
        }
    }

    /// Rows from the top, one character per point: `X` for the first player's colours,
    /// `O` for the second's, `#` and `@` for colours of a third and fourth player, `.`
    /// empty (the GoGui rules board).
    pub fn gogui_board(&self) -> String {
        let size = self.tables().size;
        let mut out = String::new();
        for y in 0..size {
            for x in 0..size {
                if x > 0 {
                    out.push(' ');
                }
                out.push(match self.owner_at(x, y) {
                    Some(c) => COLOUR_CHARS[self.colour_owner(c)],
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    /// The player a colour's points count for (the shared colour of Three-Player counts
    /// as itself).
    fn colour_owner(&self, c: usize) -> usize {
        match self.variant() {
            Variant::ClassicTwo => c % 2,
            _ => c,
        }
    }
}
