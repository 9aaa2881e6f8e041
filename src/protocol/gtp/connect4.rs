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
use crate::games::connect4::{BoardSize, Connect4, Move, MoveError, Outcome, Player, sgf};

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
        let game = sgf::read(&record.text, record.until).ok_or(GtpError::CannotLoadFile)?;
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
            ("printsgf", _) => records::print(args, || sgf::write(&self.game)),
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
}
