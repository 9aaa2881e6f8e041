//! What the session needs from a game to serve it over GTP, and the games `set_game`
//! knows.

use super::blokus::BlokusGtp;
use super::connect4::Connect4Gtp;
use super::go::GoGtp;
use super::gomoku::{GomokuGtp, rules_by_name};
use super::records::Load;
use super::response::Reply;
use super::session::Context;
use crate::search::Limits;

/// A game behind GTP: the commands it answers (beyond the session's own) and how.
/// Each game speaks its own dialect: Go has `boardsize` and `komi`, Blokus follows
/// Pentobi and has neither.
pub trait GtpGame: Send {
    /// The `set_game` name, as `gogui-rules_game_id` also reports it.
    fn name(&self) -> &'static str;
    fn commands(&self) -> &'static [&'static str];
    /// Runs one of `commands()`.
    fn run(&mut self, command: &str, args: &[&str], ctx: &mut Context) -> Reply;
    /// The player index (0 = first to move at the start) a colour argument names.
    fn player(&self, colour: &str) -> Option<usize>;
    /// Nodes or playouts of a move when there is neither a clock nor `--playouts`: a
    /// few seconds of search, so that `genmove` always answers.
    fn default_budget(&self) -> u64;
    /// The same game, cleared, for `set_game` naming the game already selected.
    fn cleared(&self) -> Box<dyn GtpGame>;
    /// `loadsgf`: replaces the game by the record's, which the session has found to be
    /// of this game; on failure the game stays as it was.
    fn load(&mut self, record: &Load) -> Reply;
    /// Whether `command` streams its answer until the next input line (`lz-analyze`).
    fn streams(&self, _command: &str) -> bool {
        false
    }
    /// With `--ponder`, called once the answer of each command is out: the game may
    /// search on (the opponent's reply, after its own move) until `limits.stop` is
    /// raised by the next input line or the end of input, or the budget runs out.
    fn ponder(&mut self, _limits: &Limits) {}
}

/// Names `set_game` accepts, matched without regard to case.
pub const GAME_NAMES: &[&str] = &[
    "Go",
    "Connect Four",
    "Gomoku",
    "Gomoku Standard",
    "Renju",
    "Omok",
    "Caro",
    "Blokus",
    "Blokus Duo",
    "Blokus Two-Player",
    "Blokus Three-Player",
    "Blokus Junior",
];

/// The game `set_game NAME` selects; `None` for a name we do not play.
pub fn by_name(name: &str, current: &dyn GtpGame) -> Option<Box<dyn GtpGame>> {
    let name = name.trim();
    if name.eq_ignore_ascii_case(current.name()) {
        return Some(current.cleared());
    }
    match name.to_ascii_lowercase().as_str() {
        "go" => Some(Box::new(GoGtp::default())),
        "connect four" | "connect4" => Some(Box::new(Connect4Gtp::default())),
        other => {
            if let Some(variant) = crate::games::blokus::Variant::from_name(other) {
                return Some(Box::new(BlokusGtp::new(variant)));
            }
            let (name, rules) = rules_by_name(other)?;
            Some(Box::new(GomokuGtp::new(name, rules, 15, 15)?))
        }
    }
}
