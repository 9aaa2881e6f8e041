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

/// `gogui-rules_board_size`: one number for a square board (as GoGui's own boards
/// are), `W H` otherwise.
pub fn board_size(width: usize, height: usize) -> String {
    if width == height {
        width.to_string()
    } else {
        format!("{width} {height}")
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
