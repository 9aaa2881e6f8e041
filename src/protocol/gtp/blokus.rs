//! Blokus over GTP in Pentobi's dialect: `set_game` with Pentobi's variant names, colours
//! `b`/`w` or `1`–`4`, moves as comma-separated points (`e10,d11,e11`), `play` and
//! `genmove` for any colour, `all_legal`, blksgf through `loadsgf`/`savesgf`.

use super::game::GtpGame;
use super::gogui_rules;
use super::records;
use super::response::{GtpError, Reply};
use super::session::Context;
use crate::games::blokus::{Board, Colour, Engine, MoveId, Variant, sgf};

const COMMANDS: &[&str] = &[
    "clear_board",
    "play",
    "genmove",
    "reg_genmove",
    "g",
    "p",
    "undo",
    "showboard",
    "final_score",
    "all_legal",
    "savesgf",
    "printsgf",
    "gogui-rules_game_id",
    "gogui-rules_board",
    "gogui-rules_side_to_move",
    "gogui-rules_legal_moves",
    "gogui-rules_final_result",
];

pub struct BlokusGtp {
    board: Board,
    engine: Engine,
}

impl BlokusGtp {
    pub fn new(variant: Variant) -> BlokusGtp {
        BlokusGtp {
            board: Board::new(variant),
            engine: Engine::new(),
        }
    }

    fn colour(&self, text: &str) -> Result<Colour, GtpError> {
        self.board
            .parse_colour(text)
            .map_err(|e| GtpError::Other(e.to_string()))
    }

    fn play(&mut self, c: Colour, text: &str) -> Reply {
        // A colour without moves passes: controllers (and tabula's arena) send that on.
        if text.eq_ignore_ascii_case("pass") {
            return if self.board.legal_moves(c).is_empty() {
                Ok(String::new())
            } else {
                Err(GtpError::IllegalMove)
            };
        }
        let mv = self
            .board
            .parse_move(text)
            .map_err(|e| GtpError::Other(e.to_string()))?;
        self.board
            .play(c, mv)
            .map_err(|e| GtpError::Other(e.to_string()))?;
        Ok(String::new())
    }

    fn generate(&mut self, c: Colour, ctx: &Context) -> Option<MoveId> {
        self.engine.set_book(ctx.settings.book);
        self.engine.genmove(&self.board, c, &ctx.limits(c, 20))
    }

    fn genmove(&mut self, c: Colour, ctx: &Context) -> Reply {
        match self.generate(c, ctx) {
            Some(mv) => {
                self.board
                    .play(c, mv)
                    .map_err(|e| GtpError::Other(e.to_string()))?;
                Ok(self.board.format_move(mv))
            }
            None => Ok("pass".into()),
        }
    }

    /// The colour `g`/`p` act for: the one to play, or the nominal one when the game is over.
    fn to_play(&self) -> Colour {
        self.board
            .to_play()
            .unwrap_or_else(|| self.board.nominal_to_play())
    }
}

impl GtpGame for BlokusGtp {
    fn name(&self) -> &'static str {
        self.board.variant().name()
    }

    fn commands(&self) -> &'static [&'static str] {
        COMMANDS
    }

    fn player(&self, text: &str) -> Option<usize> {
        self.board.parse_colour(text).ok()
    }

    fn default_budget(&self) -> u64 {
        crate::games::blokus::DEFAULT_PLAYOUTS
    }

    fn cleared(&self) -> Box<dyn GtpGame> {
        Box::new(BlokusGtp::new(self.board.variant()))
    }

    fn load(&mut self, record: &records::Load) -> Reply {
        let board = sgf::read(&record.text, record.until).map_err(|e| {
            log::warn!("loadsgf {}: {e}", record.file);
            GtpError::CannotLoadFile
        })?;
        self.board = board;
        self.engine.clear();
        Ok(String::new())
    }

    fn run(&mut self, command: &str, args: &[&str], ctx: &mut Context) -> Reply {
        match (command, args) {
            ("clear_board", []) => {
                self.board.clear();
                self.engine.clear();
                Ok(String::new())
            }
            ("play", [c, mv]) => {
                let c = self.colour(c)?;
                self.play(c, mv)
            }
            ("p", [mv]) => {
                let c = self.to_play();
                self.play(c, mv)
            }
            ("genmove", [c]) => {
                let c = self.colour(c)?;
                self.genmove(c, ctx)
            }
            ("g", []) => {
                let c = self.to_play();
                self.genmove(c, ctx)
            }
            ("reg_genmove", [c]) => {
                let c = self.colour(c)?;
                match self.generate(c, ctx) {
                    Some(mv) => Ok(self.board.format_move(mv)),
                    None => Err(GtpError::Other("player failed to generate a move".into())),
                }
            }
            ("undo", []) => self
                .board
                .undo()
                .map(|_| String::new())
                .ok_or(GtpError::CannotUndo),
            ("showboard", []) => Ok(format!("\n{}", self.board.render())),
            ("final_score", []) => Ok(self.board.final_score().to_string().trim_end().to_string()),
            ("all_legal", [c]) => {
                let c = self.colour(c)?;
                Ok(self
                    .board
                    .legal_moves(c)
                    .iter()
                    .map(|&mv| self.board.format_move(mv))
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            ("savesgf", [_]) | ("printsgf", _) => records::print(args, || sgf::write(&self.board)),
            ("gogui-rules_game_id", []) => Ok(self.name().replace(' ', "")),
            ("gogui-rules_board", []) => Ok(self.board.gogui_board()),
            // Blokus moves do not fit GoGui's one-point moves, but an empty list still says
            // the game is over, which is what referees read it for.
            ("gogui-rules_legal_moves", []) => Ok(match self.board.to_play() {
                None => String::new(),
                Some(c) => gogui_rules::legal_moves(self.board.legal_moves(c), |mv| {
                    self.board.format_move(mv)
                }),
            }),
            ("gogui-rules_final_result", []) => {
                Ok(self.board.final_score().to_string().trim_end().to_string())
            }
            ("gogui-rules_side_to_move", []) => Ok(crate::games::blokus::format_colour(
                self.board.variant(),
                self.to_play(),
            )
            .to_string()),
            _ => Err(GtpError::Syntax),
        }
    }
}
