//! The answers to GoGui's rules commands (and `final_score`) that read the same for every
//! game: each adapter only says how its own moves, players and outcome map onto them.

use super::response::{GtpError, Reply};

/// How a game of two players ended. The winner is a player index as `GtpGame::player`
/// gives it: 0 is Black, who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Win(usize),
    Draw,
}

/// `gogui-rules_board_size`: GoGui's boards are square (a `W H` answer crashes it), so a
/// W×H game is shown on the smallest square that holds it, its lower left part; see
/// `square_board`.
pub fn board_size(width: usize, height: usize) -> String {
    width.max(height).to_string()
}

/// `gogui-rules_board` on the square of `board_size`: rows top first, cells separated by
/// spaces, `cell(x, y)` (x from the left, y from the bottom, both from 0) inside the
/// game and `?` outside it, which GoGui shows as a removed point, where nothing can be
/// played.
pub fn square_board(width: usize, height: usize, cell: impl Fn(usize, usize) -> char) -> String {
    let side = width.max(height);
    (0..side)
        .rev()
        .map(|y| {
            (0..side)
                .map(|x| {
                    if x < width && y < height {
                        cell(x, y).to_string()
                    } else {
                        "?".to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `gogui-rules_board_gfx`: GoGui draws removed points like empty ones, so the square's
/// cells outside a W×H game are greyed (`COLOR #505050 A7 B7 …`, `name(x, y)` naming
/// them); empty for a square game.
pub fn outside_gfx(width: usize, height: usize, name: impl Fn(usize, usize) -> String) -> String {
    let side = width.max(height);
    let outside: Vec<String> = (0..side)
        .rev()
        .flat_map(|y| (0..side).map(move |x| (x, y)))
        .filter(|&(x, y)| x >= width || y >= height)
        .map(|(x, y)| name(x, y))
        .collect();
    if outside.is_empty() {
        String::new()
    } else {
        format!("COLOR #505050 {}", outside.join(" "))
    }
}

/// `gogui-rules_legal_moves`: the moves on one line.
pub fn legal_moves<M>(
    moves: impl IntoIterator<Item = M>,
    format: impl FnMut(M) -> String,
) -> String {
    moves.into_iter().map(format).collect::<Vec<_>>().join(" ")
}

/// `gogui-rules_side_to_move` of a game of two players: the colour of player index `player`.
pub fn side_to_move(player: usize) -> &'static str {
    if player == 0 { "black" } else { "white" }
}

/// `gogui-rules_final_result`; `None` while the game goes on.
pub fn final_result(ending: Option<Ending>) -> String {
    match ending {
        Some(Ending::Win(0)) => "Black wins",
        Some(Ending::Win(_)) => "White wins",
        Some(Ending::Draw) => "Draw",
        None => "The game is not over",
    }
    .into()
}

/// `final_score` of a game won or drawn, without points: `B+`, `W+` or `0`. A game that
/// goes on cannot be scored.
pub fn final_score(ending: Option<Ending>) -> Reply {
    match ending {
        Some(Ending::Win(0)) => Ok("B+".into()),
        Some(Ending::Win(_)) => Ok("W+".into()),
        Some(Ending::Draw) => Ok("0".into()),
        None => Err(GtpError::CannotScore),
    }
}
