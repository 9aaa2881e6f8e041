//! Connect Four over GTP: a move is the landing cell (`D1` is the bottom of column D; a
//! bare column `d` is accepted), `boardsize W [H]` picks the board, GoGui's rules commands
//! let GoGui show and play it, and `tabula-scores` gives the solver's exact score of every
//! column.

use super::game::GtpGame;
use super::gogui_rules::{self, Ending};
use super::parse::{int, two_colours};
use super::records;
use super::response::{GtpError, Reply};
use super::session::Context;
use crate::games::connect4::engine::Engine;
use crate::games::connect4::{BoardSize, Connect4, Move, MoveError, Outcome, Player};
use crate::sgf;

const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "printsgf",
    "tabula-scores",
    "gogui-analyze_commands",
    "gogui-rules_game_id",
    "gogui-rules_board",
    "gogui-rules_board_size",
    "gogui-rules_board_gfx",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_final_result",
];

pub struct Connect4Gtp {
    game: Connect4,
    engine: Engine,
}

impl Default for Connect4Gtp {
    fn default() -> Self {
        Connect4Gtp::new(BoardSize::STANDARD)
    }
}

impl Connect4Gtp {
    fn new(size: BoardSize) -> Connect4Gtp {
        Connect4Gtp {
            game: Connect4::new(size),
            engine: Engine::new(size),
        }
    }
}

fn player(text: &str) -> Result<Player, GtpError> {
    two_colours(text, Player::Black, Player::White)
}

impl GtpGame for Connect4Gtp {
    fn name(&self) -> &'static str {
        "Connect Four"
    }

    fn commands(&self) -> &'static [&'static str] {
        COMMANDS
    }

    fn player(&self, text: &str) -> Option<usize> {
        player(text).ok().map(|p| p as usize)
    }

    fn default_budget(&self) -> u64 {
        crate::games::connect4::engine::DEFAULT_NODES
    }

    fn cleared(&self) -> Box<dyn GtpGame> {
        Box::new(Connect4Gtp::new(self.game.size()))
    }

    fn load(&mut self, record: &records::Load) -> Reply {
        let game = read_sgf(&record.text, record.until).ok_or(GtpError::CannotLoadFile)?;
        if game.size() != self.game.size() {
            self.engine = Engine::new(game.size());
        }
        self.game = game;
        Ok(String::new())
    }

    fn run(&mut self, command: &str, args: &[&str], ctx: &mut Context) -> Reply {
        match (command, args) {
            ("boardsize", [w]) | ("boardsize", [w, _]) => {
                let width = int(w).ok_or(GtpError::Syntax)? as usize;
                let height = match args {
                    [_, h] => int(h).ok_or(GtpError::Syntax)? as usize,
                    _ => width.saturating_sub(1),
                };
                let size = BoardSize::new(width, height).map_err(|_| GtpError::UnacceptableSize)?;
                *self = Connect4Gtp::new(size);
                Ok(String::new())
            }
            ("clear_board", []) => {
                self.game = Connect4::new(self.game.size());
                Ok(String::new())
            }
            ("play", [c, v]) => {
                let p = player(c)?;
                let mv = self.game.parse_move(v).map_err(move_error)?;
                self.game
                    .play_as(p, mv)
                    .map_err(|_| GtpError::IllegalMove)?;
                Ok(String::new())
            }
            ("genmove", [c]) => {
                let p = player(c)?;
                match self.generate(p, ctx)? {
                    Some(mv) => {
                        self.game
                            .play_as(p, mv)
                            .map_err(|_| GtpError::IllegalMove)?;
                        Ok(Connect4::format_move(mv))
                    }
                    None => Ok("pass".into()),
                }
            }
            ("reg_genmove", [c]) => {
                let p = player(c)?;
                Ok(self
                    .generate(p, ctx)?
                    .map_or("pass".into(), Connect4::format_move))
            }
            ("undo", []) => self
                .game
                .undo()
                .map(|_| String::new())
                .ok_or(GtpError::CannotUndo),
            ("showboard", []) => Ok(format!("\n{}", self.game.render())),
            ("final_score", []) => gogui_rules::final_score(self.ending()),
            ("printsgf", _) => records::print(args, || self.sgf()),
            ("tabula-scores", []) => {
                let limits = ctx.limits(self.game.side_to_move() as usize, 1);
                let analysis = self
                    .engine
                    .analyse(&self.game, &limits)
                    .map_err(|e| GtpError::Other(e.to_string()))?;
                let width = self.game.size().width();
                Ok((0..width)
                    .map(|c| {
                        let letter = Connect4::format_move(Move {
                            column: c as u8,
                            row: 0,
                        });
                        let letter = &letter[..1];
                        match analysis.scores[c] {
                            Some(s) => format!("{letter} {s}"),
                            None => format!("{letter} -"),
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            ("gogui-analyze_commands", []) => Ok("string/Column Scores/tabula-scores".into()),
            ("gogui-rules_game_id", []) => Ok("Connect Four".into()),
            ("gogui-rules_board", []) => {
                let size = self.game.size();
                Ok(gogui_rules::square_board(
                    size.width(),
                    size.height(),
                    |x, y| self.game.cell_char(x, y),
                ))
            }
            ("gogui-rules_board_gfx", []) => {
                let size = self.game.size();
                Ok(gogui_rules::outside_gfx(
                    size.width(),
                    size.height(),
                    |x, y| {
                        Connect4::format_move(Move {
                            column: x as u8,
                            row: y as u8,
                        })
                    },
                ))
            }
            ("gogui-rules_board_size", []) => {
                let size = self.game.size();
                Ok(gogui_rules::board_size(size.width(), size.height()))
            }
            // Every cell a person may click: any empty cell drops a disc in its column.
            ("gogui-rules_legal_moves", []) => Ok(gogui_rules::legal_moves(
                self.game.empty_cells(),
                Connect4::format_move,
            )),
            ("gogui-rules_side_to_move", []) => {
                Ok(gogui_rules::side_to_move(self.game.side_to_move() as usize).into())
            }
            ("gogui-rules_final_result", []) => Ok(gogui_rules::final_result(self.ending())),
            _ => Err(GtpError::Syntax),
        }
    }
}

fn move_error(e: MoveError) -> GtpError {
    match e {
        MoveError::Syntax(_) => GtpError::Syntax,
        MoveError::Illegal(_) => GtpError::IllegalMove,
    }
}

impl Connect4Gtp {
    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|outcome| match outcome {
            Outcome::Win(p) => Ending::Win(p as usize),
            Outcome::Draw => Ending::Draw,
        })
    }

    /// The engine's move for `p`, who must be the side to move; `None` when the game is over.
    fn generate(&mut self, p: Player, ctx: &Context) -> Result<Option<Move>, GtpError> {
        if self.game.is_over() {
            return Ok(None);
        }
        if p != self.game.side_to_move() {
            return Err(GtpError::Other("it is not this player's turn".into()));
        }
        let left = (self.game.size().cells() - self.game.plies()).div_ceil(2) as u32;
        let limits = ctx.limits(p as usize, left);
        Ok(self.engine.genmove(&self.game, &limits))
    }

    /// SGF has no game number for Connect Four: the game is named in `GM`, as Pentobi
    /// names Blokus; `SZ[W:H]`, and moves as SGF points, column letter then row letter
    /// counted from the top.
    fn sgf(&self) -> String {
        let size = self.game.size();
        let mut out = format!(
            "(;FF[4]GM[Connect Four]CA[UTF-8]AP[tabula:{}]SZ[{}:{}]",
            env!("CARGO_PKG_VERSION"),
            size.width(),
            size.height()
        );
        let mut player = Player::Black;
        for mv in self.game.history() {
            let id = if player == Player::Black { "B" } else { "W" };
            let row_from_top = size.height() - 1 - mv.row as usize;
            out.push_str(&format!(
                "\n;{id}[{}{}]",
                (b'a' + mv.column) as char,
                (b'a' + row_from_top as u8) as char
            ));
            player = player.opponent();
        }
        out.push_str(")\n");
        out
    }
}

/// Reads a record written by `printsgf` (or any SGF with `SZ[W:H]` and B/W points,
/// without another game's `GM`); `None` if it is not a Connect Four game we can replay.
fn read_sgf(text: &str, until: Option<usize>) -> Option<Connect4> {
    let trees = sgf::parse(text).ok()?;
    let nodes = trees[0].main_line();
    let root = nodes[0];
    if root
        .first("GM")
        .is_some_and(|gm| !gm.trim().eq_ignore_ascii_case("connect four"))
    {
        return None;
    }
    let (w, h) = match root.first("SZ") {
        None => (7, 6),
        Some(sz) => {
            let (w, h) = sz.split_once(':')?;
            (w.trim().parse().ok()?, h.trim().parse().ok()?)
        }
    };
    let size = BoardSize::new(w, h).ok()?;
    let mut game = Connect4::new(size);
    let mut number = 0;
    for node in nodes {
        for (id, p) in [("B", Player::Black), ("W", Player::White)] {
            let Some(v) = node.first(id) else { continue };
            number += 1;
            if until.is_some_and(|n| number >= n) {
                return Some(game);
            }
            let b = v.as_bytes();
            if b.len() != 2 {
                return None;
            }
            let column = b[0].checked_sub(b'a')?;
            let from_top = b[1].checked_sub(b'a')? as usize;
            let row = (h - 1).checked_sub(from_top)? as u8;
            game.play_as(p, Move { column, row }).ok()?;
        }
    }
    Some(game)
}
