//! Five in a row over GTP (Gomoku, Renju, Omok, Caro): Go-style points (`H8`, letters
//! without I), `boardsize W [H]` from 5 to 32, Black's forbidden points left out of
//! GoGui's legal moves and listed by `tabula-forbidden`.

use super::game::GtpGame;
use super::gogui_rules::{self, Ending};
use super::parse::{int, two_colours};
use super::records;
use super::response::{GtpError, Reply};
use super::session::Context;
use crate::games::gomoku::engine::{Engine, tt_bytes_for};
use crate::games::gomoku::{Color, Gomoku, NotationError, Outcome, Point, Rules, sgf};

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
    "tabula-forbidden",
    "gogui-analyze_commands",
    "gogui-rules_game_id",
    "gogui-rules_board",
    "gogui-rules_board_size",
    "gogui-rules_board_gfx",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_final_result",
];

/// The `set_game` names of the family and their rules.
pub fn rules_by_name(name: &str) -> Option<(&'static str, Rules)> {
    match name.to_ascii_lowercase().as_str() {
        "gomoku" | "freestyle" => Some(("Gomoku", Rules::freestyle())),
        "gomoku standard" | "standard" => Some(("Gomoku Standard", Rules::standard())),
        "renju" => Some(("Renju", Rules::renju())),
        "omok" => Some(("Omok", Rules::omok())),
        "caro" => Some(("Caro", Rules::caro(false))),
        _ => None,
    }
}

pub struct GomokuGtp {
    name: &'static str,
    game: Gomoku,
    engine: Engine,
}

impl GomokuGtp {
    pub fn new(name: &'static str, rules: Rules, width: usize, height: usize) -> Option<GomokuGtp> {
        let game = Gomoku::new(rules, width, height).ok()?;
        Some(GomokuGtp {
            name,
            game,
            engine: Engine::new(tt_bytes_for(0)),
        })
    }
}

fn gomoku_colour(text: &str) -> Result<Color, GtpError> {
    two_colours(text, Color::Black, Color::White)
}

impl GtpGame for GomokuGtp {
    fn name(&self) -> &'static str {
        self.name
    }

    fn commands(&self) -> &'static [&'static str] {
        COMMANDS
    }

    fn player(&self, text: &str) -> Option<usize> {
        gomoku_colour(text).ok().map(Color::index)
    }

    fn default_budget(&self) -> u64 {
        crate::games::gomoku::engine::DEFAULT_NODES
    }

    fn cleared(&self) -> Box<dyn GtpGame> {
        let g = &self.game;
        Box::new(
            GomokuGtp::new(self.name, g.rules(), g.width(), g.height())
                .expect("same size as before"),
        )
    }

    fn load(&mut self, record: &records::Load) -> Reply {
        let game = sgf::read(&record.text, self.game.rules(), record.until)
            .ok_or(GtpError::CannotLoadFile)?;
        self.game = game;
        self.engine.clear();
        Ok(String::new())
    }

    fn run(&mut self, command: &str, args: &[&str], ctx: &mut Context) -> Reply {
        match (command, args) {
            ("boardsize", [w]) | ("boardsize", [w, _]) => {
                let width = int(w).ok_or(GtpError::Syntax)? as usize;
                let height = match args {
                    [_, h] => int(h).ok_or(GtpError::Syntax)? as usize,
                    _ => width,
                };
                let fresh = GomokuGtp::new(self.name, self.game.rules(), width, height)
                    .ok_or(GtpError::UnacceptableSize)?;
                *self = fresh;
                Ok(String::new())
            }
            ("clear_board", []) => {
                self.game = Gomoku::new(self.game.rules(), self.game.width(), self.game.height())
                    .expect("same size as before");
                self.engine.clear();
                Ok(String::new())
            }
            ("play", [c, v]) => {
                let color = gomoku_colour(c)?;
                let p = self.game.parse_move(v).map_err(notation_error)?;
                self.play_as(color, p)?;
                Ok(String::new())
            }
            ("genmove", [c]) => {
                let color = gomoku_colour(c)?;
                match self.generate(color, ctx) {
                    Some(p) => {
                        self.play_as(color, p)?;
                        Ok(self.game.format_move(p))
                    }
                    None => Ok("pass".into()),
                }
            }
            ("reg_genmove", [c]) => {
                let color = gomoku_colour(c)?;
                Ok(self
                    .generate(color, ctx)
                    .map_or("pass".into(), |p| self.game.format_move(p)))
            }
            ("undo", []) => self
                .game
                .undo()
                .map(|_| String::new())
                .ok_or(GtpError::CannotUndo),
            ("showboard", []) => Ok(format!("\n{}", self.game.render())),
            ("final_score", []) => gogui_rules::final_score(self.ending()),
            ("tabula-forbidden", []) => Ok(self
                .game
                .forbidden_points()
                .iter()
                .map(|(p, foul)| format!("{} {}", self.game.format_move(*p), foul.name()))
                .collect::<Vec<_>>()
                .join("\n")),
            ("printsgf", _) => records::print(args, || sgf::write(&self.game, self.name)),
            ("gogui-analyze_commands", []) => Ok("string/Forbidden Points/tabula-forbidden".into()),
            ("gogui-rules_game_id", []) => Ok(self.name.replace(' ', "")),
            ("gogui-rules_board", []) => {
                let g = &self.game;
                Ok(gogui_rules::square_board(g.width(), g.height(), |x, y| {
                    g.cell_char(x, y)
                }))
            }
            ("gogui-rules_board_gfx", []) => {
                let g = &self.game;
                Ok(gogui_rules::outside_gfx(g.width(), g.height(), |x, y| {
                    g.format_move(Point::new(x, y))
                }))
            }
            ("gogui-rules_board_size", []) => Ok(gogui_rules::board_size(
                self.game.width(),
                self.game.height(),
            )),
            ("gogui-rules_legal_moves", []) => {
                Ok(gogui_rules::legal_moves(self.game.legal_moves(), |p| {
                    self.game.format_move(p)
                }))
            }
            ("gogui-rules_side_to_move", []) => {
                Ok(gogui_rules::side_to_move(self.game.to_move().index()).into())
            }
            ("gogui-rules_final_result", []) => Ok(gogui_rules::final_result(self.ending())),
            _ => Err(GtpError::Syntax),
        }
    }
}

fn notation_error(_: NotationError) -> GtpError {
    GtpError::Syntax
}

impl GomokuGtp {
    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|outcome| match outcome {
            Outcome::Win(c) => Ending::Win(c.index()),
            Outcome::Draw => Ending::Draw,
        })
    }

    /// Plays `p` for `color` under the rules (fouls included), leaving the game as it was
    /// if they refuse it. Either colour may move, as GTP allows.
    fn play_as(&mut self, color: Color, p: Point) -> Result<(), GtpError> {
        let before = self.game.to_move();
        self.game.set_to_move(color);
        self.game.play(p).map_err(|_| {
            self.game.set_to_move(before);
            GtpError::IllegalMove
        })
    }

    /// The engine's move for `color`; `None` when the game is over or the board full.
    fn generate(&mut self, color: Color, ctx: &Context) -> Option<Point> {
        if self.game.outcome().is_some() {
            return None;
        }
        let mut game = self.game.clone();
        game.set_to_move(color);
        let empties = game.width() * game.height() - game.stone_count();
        let limits = ctx.limits(color.index(), (empties as u32 / 4).clamp(10, 60));
        self.engine.genmove(&game, &limits).map(|r| r.best)
    }
}
