//! Go over GTP: the standard command set, GNU Go's extensions the tests and tools rely on
//! (`all_legal`, `list_stones`), KGS's rules command and GoGui's rules commands.
//!
//! Go has no `gogui-rules_board_size`: GoGui plays Go in its own Go mode (a `Go` game id
//! keeps it there), and in that mode it would take the size that command gives over its
//! own `-size` and the record it was asked to open. Without it GoGui drives Go exactly as
//! it drives GNU Go: `boardsize`, `clear_board`, `play`.

use super::game::GtpGame;
use super::go_analysis::{self, AnalyzeArgs, Dialect};
use super::parse::{float, int, two_colours};
use super::records;
use super::response::{GtpError, Reply};
use super::session::Context;
use crate::games::go::board::MAX_SIZE;
use crate::games::go::engine::{Decision, GoEngine};
use crate::games::go::game::{DEFAULT_KOMI, MIN_SIZE, acceptable_komi, color_name};
use crate::games::go::score::ownership;
use crate::games::go::search::TreeMove;
use crate::games::go::{Color, GoGame, HandicapError, Move, Point, RuleSet, sgf};
use crate::rng::Rng;
use crate::search::mcts::RootMove;

const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "kgs-rules",
    "printsgf",
    "all_legal",
    "list_stones",
    "kgs-genmove_cleanup",
    "kgs-game_over",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "tabula-ownership",
    "gogui-analyze_commands",
    "gogui-rules_game_id",
    "gogui-rules_board",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_final_result",
    "gogui-rules_captured_count",
];

pub struct GoGtp {
    game: GoGame,
    engine: GoEngine,
    /// Whether the last command played the engine's own move, so that pondering has the
    /// opponent's reply to think about.
    moved: bool,
}

impl Default for GoGtp {
    fn default() -> Self {
        GoGtp {
            game: GoGame::new(19, RuleSet::Chinese, DEFAULT_KOMI),
            engine: GoEngine::default(),
            moved: false,
        }
    }
}

fn go_colour(text: &str) -> Result<Color, GtpError> {
    two_colours(text, Color::Black, Color::White)
}

fn handicap_error(e: HandicapError) -> GtpError {
    match e {
        HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
        HandicapError::InvalidNumber => GtpError::InvalidNumberOfStones,
        HandicapError::BadVertexList => GtpError::BadVertexList,
    }
}

impl GtpGame for GoGtp {
    fn name(&self) -> &'static str {
        "Go"
    }

    fn commands(&self) -> &'static [&'static str] {
        COMMANDS
    }

    fn player(&self, text: &str) -> Option<usize> {
        go_colour(text).ok().map(Color::index)
    }

    fn default_budget(&self) -> u64 {
        crate::games::go::engine::DEFAULT_PLAYOUTS
    }

    fn streams(&self, command: &str) -> bool {
        matches!(command, "lz-analyze" | "kata-analyze")
    }

    fn cleared(&self) -> Box<dyn GtpGame> {
        Box::new(GoGtp {
            game: self.game.cleared(),
            engine: GoEngine::default(),
            moved: false,
        })
    }

    /// Searches the opponent's reply to the engine's move: the tree is kept, so the next
    /// `genmove` goes on from the subtree of the move the opponent plays.
    fn ponder(&mut self, limits: &crate::search::Limits) {
        if !std::mem::take(&mut self.moved) || self.game.is_over() {
            return;
        }
        let to_move = self.game.to_move();
        let moves = self.engine.analyze(&self.game, to_move, limits);
        log::info!(
            "pondering for {to_move:?} stopped at {} visits",
            moves.iter().map(|m| u64::from(m.visits)).sum::<u64>()
        );
    }

    fn load(&mut self, record: &records::Load) -> Reply {
        let game = &self.game;
        let loaded =
            sgf::load(&record.text, game.rules(), game.komi(), record.until).map_err(|e| {
                log::warn!("loadsgf {}: {e}", record.file);
                GtpError::CannotLoadFile
            })?;
        self.game = loaded;
        Ok(String::new())
    }

    fn run(&mut self, command: &str, args: &[&str], ctx: &mut Context) -> Reply {
        let before = self.game.moves().len();
        let reply = self.command(command, args, ctx);
        self.moved = matches!(
            command,
            "genmove" | "kgs-genmove_cleanup" | "lz-genmove_analyze" | "kata-genmove_analyze"
        ) && self.game.moves().len() > before;
        reply
    }
}

impl GoGtp {
    fn command(&mut self, command: &str, args: &[&str], ctx: &mut Context) -> Reply {
        let game = &mut self.game;
        match (command, args) {
            ("boardsize", [n]) => {
                let n = int(n).ok_or(GtpError::Syntax)? as usize;
                if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
                    return Err(GtpError::UnacceptableSize);
                }
                *game = GoGame::new(n, game.rules(), game.komi());
                Ok(String::new())
            }
            ("clear_board", []) => {
                *game = game.cleared();
                Ok(String::new())
            }
            ("komi", [k]) => {
                let komi = float(k).and_then(acceptable_komi);
                game.set_komi(komi.ok_or(GtpError::Syntax)?);
                Ok(String::new())
            }
            ("play", [c, v]) => {
                let color = go_colour(c)?;
                let mv = game.parse_move(v).ok_or(GtpError::Syntax)?;
                game.play(color, mv).map_err(|_| GtpError::IllegalMove)?;
                Ok(String::new())
            }
            ("genmove", [c]) => {
                let color = go_colour(c)?;
                match generate(&mut self.engine, game, color, ctx) {
                    Decision::Resign => Ok("resign".into()),
                    Decision::Play(mv) => {
                        game.play(color, mv)
                            .expect("the engine only proposes legal moves");
                        Ok(game.format_move(mv))
                    }
                }
            }
            ("kgs-genmove_cleanup", [c]) => {
                let color = go_colour(c)?;
                let limits = ctx.limits(color.index(), GoEngine::moves_to_go(game));
                match self.engine.genmove_cleanup(game, color, &limits) {
                    Decision::Resign => Ok("resign".into()),
                    Decision::Play(mv) => {
                        game.play(color, mv)
                            .expect("the engine only proposes legal moves");
                        Ok(game.format_move(mv))
                    }
                }
            }
            // The server says the game is over: pondering stopped when this line came.
            ("kgs-game_over", []) => Ok(String::new()),
            ("lz-analyze", args) => self.analyze(Dialect::Lz, args, ctx),
            ("kata-analyze", args) => self.analyze(Dialect::Kata, args, ctx),
            ("lz-genmove_analyze", args) => self.genmove_analyze(Dialect::Lz, args, ctx),
            ("kata-genmove_analyze", args) => self.genmove_analyze(Dialect::Kata, args, ctx),
            ("tabula-ownership", []) => {
                let own = ownership(
                    game.board(),
                    game.to_move(),
                    OWNERSHIP_PLAYOUTS,
                    ctx.settings.seed,
                );
                let n = game.size();
                Ok((0..n)
                    .rev()
                    .map(|y| {
                        (0..n)
                            .map(|x| format!("{:.2}", own[game.board().point(x, y) as usize]))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            ("reg_genmove", [c]) => {
                // A fresh tree, so that asking does not change what genmove will think.
                let color = go_colour(c)?;
                let mut fresh = GoEngine::default();
                Ok(match generate(&mut fresh, game, color, ctx) {
                    Decision::Resign => "resign".into(),
                    Decision::Play(mv) => game.format_move(mv),
                })
            }
            ("undo", []) => game.undo().then(String::new).ok_or(GtpError::CannotUndo),
            ("showboard", []) => Ok(format!("\n{}", game.render())),
            ("final_score", []) => Ok(game.score().result()),
            ("final_status_list", [which]) => {
                let status = game.status();
                let stones: Vec<Point> = match *which {
                    "dead" => status.dead,
                    "seki" => status.seki,
                    // GNU Go's reading: seki stones are not listed as alive.
                    "alive" => game
                        .board()
                        .points()
                        .filter(|&p| {
                            game.board().cell(p).color().is_some()
                                && !status.dead.contains(&p)
                                && !status.seki.contains(&p)
                        })
                        .collect(),
                    _ => return Err(GtpError::Syntax),
                };
                Ok(chain_lines(game, &stones))
            }
            ("fixed_handicap", [n]) => {
                let n = int(n).ok_or(GtpError::Syntax)? as usize;
                let points = game.place_fixed_handicap(n).map_err(handicap_error)?;
                Ok(point_list(game, &points))
            }
            ("place_free_handicap", [n]) => {
                let n = int(n).ok_or(GtpError::Syntax)? as usize;
                let points = free_handicap(game, n, ctx.settings.seed)?;
                Ok(point_list(game, &points))
            }
            ("set_free_handicap", vertices) if !vertices.is_empty() => {
                let mut points = Vec::with_capacity(vertices.len());
                for v in vertices {
                    match game.parse_move(v).ok_or(GtpError::Syntax)? {
                        Move::Play(p) => points.push(p),
                        Move::Pass => return Err(GtpError::BadVertexList),
                    }
                }
                game.place_handicap(&points).map_err(handicap_error)?;
                Ok(String::new())
            }
            ("kgs-rules", [name]) => {
                let rules: RuleSet =
                    name.parse()
                        .map_err(|e: crate::games::go::rules::UnknownRuleSet| {
                            GtpError::Other(e.to_string())
                        })?;
                game.set_rules(rules);
                Ok(String::new())
            }
            ("printsgf", _) => records::print(args, || sgf::write(game)),
            ("all_legal", [c]) => {
                let color = go_colour(c)?;
                Ok(point_list(game, &game.legal_points(color)))
            }
            ("list_stones", [c]) => {
                let color = Some(go_colour(c)?);
                let stones: Vec<Point> = game
                    .board()
                    .points()
                    .filter(|&p| game.board().cell(p).color() == color)
                    .collect();
                Ok(point_list(game, &stones))
            }
            ("gogui-analyze_commands", []) => Ok([
                "dboard/Ownership/tabula-ownership",
                "plist/Dead Stones/final_status_list dead",
                "string/Final Score/final_score",
                "plist/Legal Moves/all_legal %m",
            ]
            .join("\n")),
            ("gogui-rules_game_id", []) => Ok("Go".into()),
            ("gogui-rules_board", []) => Ok(game.rows().join("\n")),
            ("gogui-rules_legal_moves", []) => {
                if game.is_over() {
                    return Ok(String::new());
                }
                let legal = game.legal_points(game.to_move());
                Ok(format!("{} pass", point_list(game, &legal))
                    .trim_start()
                    .to_string())
            }
            ("gogui-rules_side_to_move", []) => Ok(color_name(game.to_move()).into()),
            ("gogui-rules_final_result", []) => Ok(game.score().sentence()),
            ("gogui-rules_captured_count", []) => Ok(format!(
                "{} {}",
                game.board().prisoners(Color::Black),
                game.board().prisoners(Color::White)
            )),
            _ => Err(GtpError::Syntax),
        }
    }

    /// `lz-analyze` and `kata-analyze`: `=` at once, then a line every interval until the
    /// next input line (or the end of input) stops the search.
    fn analyze(&mut self, dialect: Dialect, args: &[&str], ctx: &mut Context) -> Reply {
        let game = &self.game;
        let args = go_analysis::parse_args(game, dialect, args)?;
        let owned = args.ownership.then(|| playout_ownership(game, &args, ctx));
        ctx.begin_stream().map_err(stream_error)?;
        loop {
            let mut limits = ctx.limits(args.color.index(), 1);
            limits.max_nodes = None;
            limits.max_time = Some(args.interval);
            let moves = self.engine.analyze(game, args.color, &limits);
            let line = go_analysis::line(game, dialect, &args, &moves, owned.as_deref());
            if !line.is_empty() {
                ctx.stream_line(&line).map_err(stream_error)?;
            }
            if limits.stop_requested() || moves.is_empty() {
                break;
            }
        }
        Ok(String::new())
    }

    /// `lz-genmove_analyze` and `kata-genmove_analyze`: `genmove` within its usual budget,
    /// streaming analysis lines every interval meanwhile (new input does not stop it), then
    /// the line `play MOVE` (a vertex, `pass` or `resign`). The move is played.
    fn genmove_analyze(&mut self, dialect: Dialect, args: &[&str], ctx: &mut Context) -> Reply {
        let game = &mut self.game;
        let args = go_analysis::parse_args(game, dialect, args)?;
        let color = args.color;
        let owned = args.ownership.then(|| playout_ownership(game, &args, ctx));
        let limits = ctx.limits(color.index(), GoEngine::moves_to_go(game));
        ctx.begin_stream().map_err(stream_error)?;
        let mut written = Ok(());
        let mut report = |moves: &[RootMove<TreeMove>]| {
            let line = go_analysis::line(game, dialect, &args, moves, owned.as_deref());
            if !line.is_empty() && written.is_ok() {
                written = ctx.stream_line(&line);
            }
        };
        let decision =
            self.engine
                .genmove_reporting(game, color, &limits, args.interval, &mut report);
        written.map_err(stream_error)?;
        let answer = match decision {
            Decision::Resign => "resign".to_string(),
            Decision::Play(mv) => {
                game.play(color, mv)
                    .expect("the engine only proposes legal moves");
                game.format_move(mv)
            }
        };
        ctx.stream_line(&format!("play {answer}"))
            .map_err(stream_error)?;
        Ok(String::new())
    }
}

fn stream_error(e: std::io::Error) -> GtpError {
    GtpError::Other(e.to_string())
}

/// Who owns each point at the end of the playouts from the analysed position (the
/// estimate `tabula-ownership` shows, for the colour analysed to move).
fn playout_ownership(game: &GoGame, args: &AnalyzeArgs, ctx: &Context) -> Vec<f32> {
    ownership(
        game.board(),
        args.color,
        OWNERSHIP_PLAYOUTS,
        ctx.settings.seed,
    )
}

/// Playouts of an ownership estimate.
const OWNERSHIP_PLAYOUTS: usize = 256;

/// The engine's answer for `color`, within the budget of the session's settings and clock.
fn generate(engine: &mut GoEngine, game: &GoGame, color: Color, ctx: &Context) -> Decision {
    let limits = ctx.limits(color.index(), GoEngine::moves_to_go(game));
    engine.genmove(game, color, &limits)
}

/// The engine's own handicap: the fixed points where the board has them, then random
/// (seeded) points for the rest.
fn free_handicap(game: &mut GoGame, n: usize, seed: u64) -> Result<Vec<Point>, GtpError> {
    let size = game.size();
    if n < 2 || n >= size * size {
        return Err(GtpError::InvalidNumberOfStones);
    }
    let fixed = n.min(crate::games::go::handicap::max_fixed_handicap(size));
    let mut points: Vec<Point> = if fixed >= 2 {
        let mut probe = game.cleared();
        probe.place_fixed_handicap(fixed).map_err(handicap_error)?
    } else {
        Vec::new()
    };
    let mut rng = Rng::new(seed);
    let mut candidates: Vec<Point> = game
        .board()
        .points()
        .filter(|p| !points.contains(p))
        .collect();
    while points.len() < n {
        let i = rng.below(candidates.len() as u32) as usize;
        points.push(candidates.swap_remove(i));
    }
    game.place_handicap(&points).map_err(handicap_error)?;
    Ok(points)
}

/// Points top row first, left to right, as GNU Go lists them.
fn point_list(game: &GoGame, points: &[Point]) -> String {
    let mut points = points.to_vec();
    game.sort_for_display(&mut points);
    points
        .iter()
        .map(|&p| game.format_point(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One chain per line, as GNU Go lists `final_status_list`.
fn chain_lines(game: &GoGame, stones: &[Point]) -> String {
    game.chains_of(stones)
        .iter()
        .map(|chain| point_list(game, chain))
        .collect::<Vec<_>>()
        .join("\n")
}
