//! One brain's state across commands: the position, the rules and limits the manager
//! sent, and a multi-line body being read. Turns each line into answer lines and, when
//! a move is due, a search request that the caller runs on a worker thread.

use super::command::{BodyKind, Command, Coord, Stone};
use super::parse::{ParseError, is_done, parse_line, parse_stone};
use crate::games::gomoku::engine::{DEFAULT_NODES, Engine, SearchResult, tt_bytes_for};
use crate::games::gomoku::{Color, Gomoku, IllegalMove, Point, Rules, Variant};
use crate::search::Limits;
use crate::search::time::MAX_MOVE_TIME;
use std::num::IntErrorKind;
use std::time::Duration;

/// `timeout_turn 0` means "as fast as possible".
const FASTEST_TURN_MS: u64 = 100;
/// `time_left` at or above this means no match limit.
const UNLIMITED_MS: i64 = 2_147_483_647;

/// Options from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Read `INFO rule 2` as Renju, as Yixin-Board does.
    pub yixin_rules: bool,
    /// Search a fixed number of nodes per move (reproducible answers for tests).
    pub nodes: Option<u64>,
}

/// What a move search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    /// A `SWAP2BOARD` decision with this many stones given (3 or 5).
    Swap2(usize),
}

/// A search to run off the reader thread.
pub struct Think {
    pub game: Gomoku,
    pub limits: Limits,
    pub engine: Engine,
    pub purpose: Purpose,
}

/// The answer to one line.
#[derive(Default)]
pub struct Reply {
    pub lines: Vec<String>,
    pub think: Option<Think>,
    pub quit: bool,
}

impl Reply {
    fn line(text: impl Into<String>) -> Reply {
        Reply {
            lines: vec![text.into()],
            ..Reply::default()
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    timeout_turn: Option<u64>,
    timeout_match: u64,
    time_left: Option<i64>,
    max_memory: u64,
}

pub struct Session {
    options: Options,
    rules: Rules,
    size: Option<(usize, usize)>,
    game: Option<Gomoku>,
    body: Option<(BodyKind, Vec<Stone>)>,
    clock: Clock,
    engine: Option<Engine>,
    engine_memory: u64,
    folder: Option<String>,
}

impl Session {
    pub fn new(options: Options) -> Session {
        Session {
            options,
            rules: Rules::freestyle(),
            size: None,
            game: None,
            body: None,
            clock: Clock::default(),
            engine: None,
            engine_memory: 0,
            folder: None,
        }
    }

    /// The persistent folder the manager gave (`INFO folder`), if any.
    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// Handles one input line (CR already stripped or not).
    pub fn handle_line(&mut self, line: &str) -> Reply {
        let line = line.trim_end_matches(['\r', '\n']);
        if let Some((kind, stones)) = &mut self.body {
            if is_done(line) {
                let (kind, stones) = self.body.take().unwrap();
                return self.finish_body(kind, stones);
            }
            if line.trim().is_empty() {
                return Reply::default();
            }
            return match parse_stone(line) {
                Some(stone) if *kind == BodyKind::Swap2 || stone.field.is_some() => {
                    stones.push(stone);
                    Reply::default()
                }
                _ => {
                    // A line that is no stone: drop the body, then treat the line normally.
                    log::warn!("body line '{line}' is not x,y,field; body abandoned");
                    self.body = None;
                    let mut reply = Reply::line("ERROR board body interrupted");
                    let next = self.handle_line(line);
                    reply.lines.extend(next.lines);
                    reply.think = next.think;
                    reply.quit = next.quit;
                    reply
                }
            };
        }
        if line.trim().is_empty() {
            return Reply::default();
        }
        match parse_line(line) {
            Ok(command) => self.handle(command),
            Err(ParseError::Unknown(name)) => Reply::line(format!("UNKNOWN command '{name}'")),
            Err(e @ ParseError::Syntax(..)) => Reply::line(format!("ERROR {e}")),
        }
    }

    fn handle(&mut self, command: Command) -> Reply {
        match command {
            Command::Start { width, height } | Command::RectStart { width, height } => {
                self.start(width, height)
            }
            Command::Restart => match self.size {
                Some((w, h)) => self.start(w as i64, h as i64),
                None => Reply::line("ERROR no board size yet (send START first)"),
            },
            Command::Begin => match &self.game {
                None => Reply::line("ERROR no game (send START first)"),
                Some(_) => self.think(Purpose::Move),
            },
            Command::Turn(coord) => self.turn(coord),
            Command::Body(kind) => {
                if self.game.is_none() {
                    return Reply::line("ERROR no game (send START first)");
                }
                self.body = Some((kind, Vec::new()));
                Reply::default()
            }
            Command::Info { key, value } => {
                self.info(&key, &value);
                Reply::default()
            }
            Command::End => Reply {
                quit: true,
                ..Reply::default()
            },
            Command::About => Reply::line(format!(
                "name=\"tabula\", version=\"{}\", author=\"tabula authors\"",
                env!("CARGO_PKG_VERSION")
            )),
            Command::Takeback(coord) => self.takeback(coord),
            Command::Play(coord) => self.play_suggested(coord),
            Command::YxShowForbid => self.show_forbidden(),
            // A stop with no search running has nothing to stop.
            Command::YxStop => Reply::default(),
        }
    }

    fn start(&mut self, width: i64, height: i64) -> Reply {
        let size = |n: i64| usize::try_from(n).unwrap_or(0);
        match Gomoku::new(self.rules, size(width), size(height)) {
            Ok(game) => {
                if self.size != Some((game.width(), game.height())) {
                    // Stored values belong to another board size.
                    self.engine = None;
                }
                self.size = Some((game.width(), game.height()));
                self.game = Some(game);
                self.body = None;
                Reply::line("OK")
            }
            Err(e) => Reply::line(format!("ERROR {e}")),
        }
    }

    fn info(&mut self, key: &str, value: &str) {
        let int = || saturating_int(value);
        match key {
            // A value that is no number leaves the setting as it was, not at its default.
            "timeout_turn" => {
                if let Some(v) = int() {
                    self.clock.timeout_turn = Some(v.max(0) as u64);
                }
            }
            "timeout_match" => {
                if let Some(v) = int() {
                    self.clock.timeout_match = v.max(0) as u64;
                }
            }
            "time_left" => {
                if let Some(v) = int() {
                    self.clock.time_left = Some(v);
                }
            }
            "max_memory" => {
                if let Some(v) = int() {
                    self.clock.max_memory = v.max(0) as u64;
                }
            }
            "rule" => {
                if let Some(mask) = int() {
                    let rules = if self.options.yixin_rules && mask == 2 {
                        Rules::renju()
                    } else {
                        Rules::from_gomocup(mask.max(0) as u32)
                    };
                    self.set_rules(rules);
                }
            }
            "folder" => self.folder = Some(value.to_string()),
            // game_type, evaluate and anything unknown need nothing from us.
            _ => {}
        }
    }

    /// New rules apply to the current position too (managers send `rule` after `START`).
    fn set_rules(&mut self, rules: Rules) {
        if rules != self.rules {
            // Stored values were found under the old rules; a new table costs nothing
            // until it is used.
            self.engine = None;
        }
        self.rules = rules;
        if let Some(old) = &self.game {
            let mut game = Gomoku::new(rules, old.width(), old.height()).expect("same size");
            for (p, c) in old.history() {
                let _ = game.place(p, c);
            }
            game.set_to_move(old.to_move());
            self.game = Some(game);
        }
    }

    fn point(&self, coord: Coord) -> Option<Point> {
        let game = self.game.as_ref()?;
        let ok = |v: i64, n: usize| v >= 0 && (v as usize) < n;
        (ok(coord.x, game.width()) && ok(coord.y, game.height()))
            .then(|| Point::new(coord.x as usize, coord.y as usize))
    }

    fn turn(&mut self, coord: Coord) -> Reply {
        if self.game.is_none() {
            return Reply::line("ERROR no game (send START first)");
        }
        let Some(p) = self.point(coord) else {
            return Reply::line(format!("ERROR {},{} is off the board", coord.x, coord.y));
        };
        let game = self.game.as_mut().unwrap();
        let color = game.to_move();
        match game.play(p) {
            Ok(()) => {}
            // The referee judges the opponent's fouls; record the stone as played.
            Err(IllegalMove::Forbidden(_)) => game.place(p, color).expect("empty point"),
            Err(e) => return Reply::line(format!("ERROR {e}")),
        }
        self.think(Purpose::Move)
    }

    fn takeback(&mut self, coord: Coord) -> Reply {
        let Some(p) = self.point(coord) else {
            return Reply::line("ERROR no such stone");
        };
        if self.game.as_mut().unwrap().take_back(p) {
            Reply::line("OK")
        } else {
            Reply::line("ERROR no such stone")
        }
    }

    fn play_suggested(&mut self, coord: Coord) -> Reply {
        let Some(p) = self.point(coord) else {
            return Reply::line(format!("ERROR {},{} is off the board", coord.x, coord.y));
        };
        match self.game.as_mut().unwrap().play(p) {
            Ok(()) => Reply::line(format!("{},{}", p.x, p.y)),
            Err(e) => Reply::line(format!("ERROR {e}")),
        }
    }

    fn show_forbidden(&self) -> Reply {
        let Some(game) = &self.game else {
            return Reply::line("ERROR no game (send START first)");
        };
        let mut text = String::from("FORBID ");
        if game.to_move() == Color::Black && game.rules().has_forbidden(Color::Black) {
            for (p, _) in game.forbidden_points() {
                text.push_str(&format!("{:02}{:02}", p.x, p.y));
            }
        }
        text.push('.');
        Reply::line(text)
    }

    fn finish_body(&mut self, kind: BodyKind, stones: Vec<Stone>) -> Reply {
        let old = self.game.as_ref().expect("bodies start only with a game");
        let mut game = Gomoku::new(self.rules, old.width(), old.height()).expect("same size");
        let ours = |s: &Stone| s.field == Some(1);
        let us = match kind {
            BodyKind::Swap2 => {
                if ![0, 3, 5].contains(&stones.len()) {
                    return Reply::line("ERROR swap2 needs 0, 3 or 5 stones");
                }
                // Opening stones alternate from Black.
                if stones.len().is_multiple_of(2) {
                    Color::Black
                } else {
                    Color::White
                }
            }
            // Renju bodies come in move order: the first stone is Black's.
            _ if self.rules.variant == Variant::Renju && !stones.is_empty() => {
                if ours(&stones[0]) {
                    Color::Black
                } else {
                    Color::White
                }
            }
            _ => {
                let own = stones.iter().filter(|s| ours(s)).count();
                if own >= stones.len() - own {
                    Color::Black
                } else {
                    Color::White
                }
            }
        };
        for (n, stone) in stones.iter().enumerate() {
            let color = match kind {
                BodyKind::Swap2 if n % 2 == 0 => Color::Black,
                BodyKind::Swap2 => Color::White,
                _ if ours(stone) => us,
                _ => us.opponent(),
            };
            let placed = self.point(stone.at).map(|p| game.place(p, color));
            if !matches!(placed, Some(Ok(()))) {
                return Reply::line(format!(
                    "ERROR bad stone {},{} in board",
                    stone.at.x, stone.at.y
                ));
            }
        }
        game.set_to_move(us);
        self.game = Some(game);
        match kind {
            BodyKind::Board => self.think(Purpose::Move),
            BodyKind::YxBoard => Reply::default(),
            BodyKind::Swap2 if stones.is_empty() => self.swap2_opening(),
            BodyKind::Swap2 => self.think(Purpose::Swap2(stones.len())),
        }
    }

    /// Our three opening stones for Swap2: a near-balanced shape by the centre.
    fn swap2_opening(&mut self) -> Reply {
        let game = self.game.as_mut().unwrap();
        let (cx, cy) = (game.width() / 2, game.height() / 2);
        let stones = [(cx, cy), (cx + 1, cy + 1), (cx + 2, cy - 1)];
        for (x, y) in stones {
            let _ = game.play(Point::new(x, y));
        }
        Reply::line(
            stones
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    fn think(&mut self, purpose: Purpose) -> Reply {
        let game = self.game.clone().expect("think needs a game");
        if game.outcome().is_some() {
            return Reply::line("ERROR game is over");
        }
        if self.engine.is_none() || self.engine_memory != self.clock.max_memory {
            // Drop the old table before allocating the new one.
            self.engine = None;
            self.engine = Some(Engine::new(tt_bytes_for(self.clock.max_memory)));
            self.engine_memory = self.clock.max_memory;
        }
        // A fixed budget is for reproducible answers: the clock does not cut it short.
        let time = match self.options.nodes {
            Some(_) => None,
            None => self.move_budget(),
        };
        let limits = Limits {
            unspent_time_is_lost: time.is_some() && self.unspent_time_is_lost(&game),
            ..Limits::per_move(self.options.nodes, time, DEFAULT_NODES)
        };
        Reply {
            think: Some(Think {
                game,
                limits,
                engine: self.engine.take().unwrap(),
                purpose,
            }),
            ..Reply::default()
        }
    }

    /// This move's wall-clock budget, well inside the referee's tolerance and never more
    /// than `MAX_MOVE_TIME`; `None` when the manager set no limit (the search then
    /// spends the default node budget, as over GTP).
    fn move_budget(&self) -> Option<Duration> {
        let turn = self.turn_ms().map(|t| t as f64);
        let share_of_match = self.match_time_left().map(|left| left as f64 / 12.0);
        let ms = match (turn, share_of_match) {
            (None, None) => return None,
            (Some(t), None) | (None, Some(t)) => t,
            (Some(t), Some(m)) => t.min(m),
        };
        let ms = (ms * 0.95 - 30.0).clamp(10.0, MAX_MOVE_TIME.as_millis() as f64);
        Some(Duration::from_millis(ms as u64))
    }

    /// The ms a turn may take, when the manager set a turn limit (0 meaning "as fast
    /// as possible").
    fn turn_ms(&self) -> Option<u64> {
        self.clock.timeout_turn.map(|t| match t {
            0 => FASTEST_TURN_MS,
            t => t,
        })
    }

    /// The ms left on the match clock, when the game has a limit.
    fn match_time_left(&self) -> Option<u64> {
        (self.clock.timeout_match > 0)
            .then(|| {
                self.clock
                    .time_left
                    .unwrap_or(self.clock.timeout_match as i64)
            })
            .filter(|&left| left < UNLIMITED_MS)
            .map(|left| left.max(0) as u64)
    }

    /// Whether time this move leaves unspent is lost: it is under a turn limit, and
    /// either the game has no match clock or one that cannot run short before the board
    /// is full, even if every move of ours takes its whole turn (1 s turns and a
    /// `timeout_match` of 10⁸ ms, say). Otherwise what a move saves may buy time later.
    fn unspent_time_is_lost(&self, game: &Gomoku) -> bool {
        let Some(turn) = self.turn_ms() else {
            return false;
        };
        match self.match_time_left() {
            None => true,
            Some(left) => {
                let empty = (game.width() * game.height()).saturating_sub(game.stone_count());
                let our_moves = empty.div_ceil(2) as u128;
                u128::from(left) >= u128::from(turn) * our_moves
            }
        }
    }

    /// The search ended: take the engine back, play our move and answer it.
    pub fn finish(
        &mut self,
        purpose: Purpose,
        engine: Engine,
        result: Option<SearchResult>,
    ) -> Vec<String> {
        self.engine = Some(engine);
        let game = self.game.as_mut().expect("search implies a game");
        let Some(result) = result else {
            return vec!["ERROR no move to play".to_string()];
        };
        let mut lines = vec![format!(
            "MESSAGE depth {} score {} nodes {}{}",
            result.depth,
            result.score,
            result.nodes,
            if result.vcf { " vcf" } else { "" }
        )];
        let swap = match purpose {
            Purpose::Move => false,
            // With three stones, White to move: take Black if White stands badly.
            Purpose::Swap2(3) => result.score < -100,
            // With five stones we play White's sixth unless White stands badly.
            Purpose::Swap2(_) => result.score < -50,
        };
        if swap {
            lines.push("SWAP".to_string());
            return lines;
        }
        let p = result.best;
        let color = game.to_move();
        if game.play(p).is_err() {
            // Only when every empty point is a foul: the move is still an answer.
            let _ = game.place(p, color);
        }
        lines.push(format!("{},{}", p.x, p.y));
        lines
    }
}

/// An `INFO` number; one too large for 64 bits saturates rather than being dropped.
fn saturating_int(text: &str) -> Option<i64> {
    match text.trim().parse::<i64>() {
        Ok(n) => Some(n),
        Err(e) => match e.kind() {
            IntErrorKind::PosOverflow => Some(i64::MAX),
            IntErrorKind::NegOverflow => Some(i64::MIN),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_budget_keeps_inside_the_turn_and_the_match() {
        let mut session = Session::new(Options::default());
        session.handle_line("INFO timeout_turn 1000");
        assert_eq!(session.move_budget(), Some(Duration::from_millis(920)));
        // A match limit with 1,200 ms left allows a twelfth of it, 100 ms, less the margin.
        session.handle_line("INFO timeout_match 60000");
        session.handle_line("INFO time_left 1200");
        assert_eq!(session.move_budget(), Some(Duration::from_millis(65)));
    }

    #[test]
    fn huge_timeouts_saturate_at_the_ceiling() {
        let mut session = Session::new(Options::default());
        session.handle_line("INFO timeout_turn 9223372036854775807");
        assert_eq!(session.move_budget(), Some(MAX_MOVE_TIME));
        session.handle_line("INFO timeout_match 9223372036854775807");
        session.handle_line("INFO time_left 2147483646");
        assert_eq!(session.move_budget(), Some(MAX_MOVE_TIME));
        let mut session = Session::new(Options::default());
        session.handle_line("INFO timeout_turn 99999999999999999999999999");
        assert_eq!(session.move_budget(), Some(MAX_MOVE_TIME));
        // A match limit alone still limits the move.
        let mut session = Session::new(Options::default());
        session.handle_line("INFO timeout_match 1200");
        assert_eq!(session.move_budget(), Some(Duration::from_millis(65)));
    }

    #[test]
    fn without_a_time_limit_a_move_gets_the_default_node_budget() {
        let mut session = Session::new(Options::default());
        assert_eq!(session.move_budget(), None);
        session.handle_line("START 15");
        let think = session.handle_line("BEGIN").think.expect("a search");
        assert_eq!(think.limits.max_nodes, Some(DEFAULT_NODES));
        assert_eq!(think.limits.max_time, None);
        // A match without limit (timeout_match 0) is no limit either.
        session.handle_line("INFO timeout_match 0");
        assert_eq!(session.move_budget(), None);
    }

    /// A turn limit loses the time a move leaves unspent when no match clock could use
    /// it later: none, or one with time for every move to the full board; a move
    /// without a turn limit keeps it.
    #[test]
    fn a_turn_limit_alone_loses_unspent_time() {
        let lost = |lines: &[&str]| {
            let mut session = Session::new(Options::default());
            for line in lines {
                session.handle_line(line);
            }
            session.handle_line("START 15");
            let think = session.handle_line("BEGIN").think.expect("a search");
            think.limits.unspent_time_is_lost
        };
        assert!(lost(&["INFO timeout_turn 1000"]));
        assert!(lost(&["INFO timeout_turn 1000", "INFO timeout_match 0"]));
        assert!(!lost(&[
            "INFO timeout_turn 1000",
            "INFO timeout_match 60000"
        ]));
        assert!(!lost(&["INFO timeout_match 60000"]));
        assert!(!lost(&[]));
        // 113 moves of ours fill the 225 points: 113 s of turns.
        let left = |ms: u64| {
            lost(&[
                "INFO timeout_turn 1000",
                "INFO timeout_match 100000000",
                &format!("INFO time_left {ms}"),
            ])
        };
        assert!(left(113_000));
        assert!(!left(112_999));
    }

    #[test]
    fn unparsable_info_values_leave_the_limits_as_they_were() {
        let mut session = Session::new(Options::default());
        for line in [
            "INFO timeout_turn 1000",
            "INFO timeout_match 60000",
            "INFO time_left 1200",
            "INFO max_memory 83886080",
            "INFO timeout_turn x",
            "INFO timeout_match 1e3",
            "INFO time_left",
            "INFO max_memory lots",
        ] {
            session.handle_line(line);
        }
        assert_eq!(session.move_budget(), Some(Duration::from_millis(65)));
        assert_eq!(session.clock.max_memory, 83886080);
    }
}
