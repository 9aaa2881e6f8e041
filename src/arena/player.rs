//! What the match runner asks of an engine, whatever protocol it speaks, and the clock
//! each engine plays under.

use std::time::Duration;

use super::process::EngineError;

/// The two sides; Black (the first player) moves first in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The GTP argument.
    pub fn gtp(self) -> &'static str {
        match self {
            Colour::Black => "b",
            Colour::White => "w",
        }
    }

    /// The SGF result letter.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }

    pub fn from_index(i: usize) -> Colour {
        if i == 0 { Colour::Black } else { Colour::White }
    }
}

/// A colour of the game, as GTP names it: Black and White, or the four colours of
/// Blokus Two-Player, where the first side plays colours 1 and 3 and the second 2 and 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameColour {
    Side(Colour),
    /// 1 to 4.
    Numbered(u8),
}

impl GameColour {
    /// The side (engine) that plays it.
    pub fn side(self) -> Colour {
        match self {
            GameColour::Side(c) => c,
            GameColour::Numbered(n) => Colour::from_index(usize::from(n % 2 == 0)),
        }
    }

    /// The GTP argument.
    pub fn gtp(self) -> &'static str {
        match self {
            GameColour::Side(c) => c.gtp(),
            GameColour::Numbered(n) => ["1", "2", "3", "4"][usize::from(n - 1) % 4],
        }
    }

    /// A `gogui-rules_side_to_move` answer: GoGui reads the first letter (`white`, `W`,
    /// Pentobi's `w`); Pentobi's four-colour games answer a number.
    pub fn parse(text: &str) -> Option<GameColour> {
        let text = text.trim();
        match text.chars().next()? {
            'b' | 'B' => Some(GameColour::Side(Colour::Black)),
            'w' | 'W' => Some(GameColour::Side(Colour::White)),
            _ => match text.parse() {
                Ok(n @ 1..=4) => Some(GameColour::Numbered(n)),
                _ => None,
            },
        }
    }
}

impl From<Colour> for GameColour {
    fn from(c: Colour) -> GameColour {
        GameColour::Side(c)
    }
}

/// An engine's answer to "your move".
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A move in GTP notation, not yet checked.
    Move(String),
    Pass,
    Resign,
}

/// How an engine failed, beyond playing an illegal move (which the referee decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// No answer in its time.
    Timeout,
    /// The process died or could not start.
    Crash,
    /// Output that is not the protocol.
    Garbage,
    /// A failure answer to something it had to accept (a legal move, the board size).
    Refused,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    pub kind: FaultKind,
    pub detail: String,
}

impl Fault {
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

impl From<EngineError> for Fault {
    fn from(e: EngineError) -> Fault {
        let kind = match e {
            EngineError::Timeout(_) => FaultKind::Timeout,
            EngineError::Crashed(_) | EngineError::Spawn(_) => FaultKind::Crash,
        };
        Fault::new(kind, e.to_string())
    }
}

/// What every engine is told before a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// The `set_game` name; `Go` is not sent (GTP engines without `set_game` play Go).
    pub game: String,
    pub size: Option<usize>,
    pub komi: Option<f64>,
    /// A `kgs-rules` name.
    pub rules: Option<String>,
    /// The Gomocup `INFO rule` bitmask.
    pub gomocup_rule: u32,
    /// Added to the game number in `set_random_seed`.
    pub seed_base: u64,
    /// Board width and height as the referee has them (for Gomocup coordinates).
    pub width: usize,
    pub height: usize,
}

/// The position after the moves so far, for engines that are sent whole boards.
pub struct Position<'a> {
    /// `gogui-rules_board` rows, top row first: `X` Black, `O` White, `.` empty.
    pub rows: &'a [String],
    /// Every move of the game in order (opening included): colour and GTP move.
    pub moves: &'a [(GameColour, String)],
}

/// One engine process behind its protocol.
pub trait Player: Send {
    /// Checks that the engine starts and speaks its protocol (GTP `protocol_version` and
    /// `name`, Gomocup `ABOUT`); what it says it is.
    fn identify(&mut self) -> Result<String, Fault>;
    /// Gets ready for game number `game` in which it plays `me` under `clock`, starting
    /// with `opening` (already checked legal).
    fn new_game(
        &mut self,
        setup: &GameSetup,
        game: usize,
        me: Colour,
        clock: &Clock,
        opening: &[(GameColour, String)],
    ) -> Result<(), Fault>;
    /// Asks for the move of `colour`, which must come within `wait` (the time left for
    /// this move and the margin, or the answer timeout without a clock).
    fn genmove(
        &mut self,
        colour: GameColour,
        clock: &Clock,
        wait: Duration,
        position: &Position,
    ) -> Result<Answer, Fault>;
    /// A move the referee accepted, by either side (`move_text` is `pass` for a pass);
    /// `mine` if this engine chose it.
    fn observe(
        &mut self,
        colour: GameColour,
        mine: bool,
        move_text: &str,
        position: &Position,
    ) -> Result<(), Fault>;
    /// CPU seconds its process has used so far, if the engine tells (GTP `cputime`).
    fn cpu_seconds(&mut self) -> Option<f64>;
    /// The game is over; the process may stay for the next one.
    fn end_game(&mut self);
    /// The engine is no longer needed: it is asked to exit, then killed.
    fn close(&mut self);
    /// Can it play another game? (A process that died between games cannot.)
    fn alive(&mut self) -> bool;
}

/// A time control: main time for the game and a time per move, in seconds. The two
/// protocols read it differently: for GTP engines the move time is byo-yomi after the
/// main time (Canadian, one stone per period); for Gomocup engines it bounds every move
/// (`timeout_turn`) and the main time is `timeout_match`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeControl {
    pub main: Option<f64>,
    pub per_move: Option<f64>,
}

impl TimeControl {
    pub fn is_set(&self) -> bool {
        self.main.is_some() || self.per_move.is_some()
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClockStyle {
    /// Main time, then every move within `per_move`.
    Byoyomi,
    /// Every move within `per_move`, all moves within `main`.
    Gomocup,
}

/// One engine's clock during one game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub control: TimeControl,
    pub style: ClockStyle,
    /// Main time left (seconds); `None` without main time.
    pub main_left: Option<f64>,
    /// Total thinking time used in this game.
    pub used: f64,
}

impl Clock {
    pub fn new(control: TimeControl, style: ClockStyle) -> Clock {
        Clock {
            control,
            style,
            main_left: control.main,
            used: 0.0,
        }
    }

    /// Main time is used up: the engine plays on its move time.
    pub fn in_overtime(&self) -> bool {
        self.main_left.is_some_and(|m| m <= 0.0)
    }

    /// Seconds this move may take (without the margin); `None` for no limit. Negative
    /// when earlier moves overdrew the main time inside the margin: the margin is a
    /// tolerance for the whole game, not a gift with every move (as in GomocupJudge).
    pub fn allowed(&self) -> Option<f64> {
        let TimeControl { main, per_move } = self.control;
        let left = self.main_left;
        match self.style {
            ClockStyle::Byoyomi => match (main, per_move) {
                (None, None) => None,
                (None, Some(m)) => Some(m),
                (Some(_), None) => left,
                (Some(_), Some(m)) => Some(left.unwrap_or(0.0).max(0.0) + m),
            },
            ClockStyle::Gomocup => match (left, per_move) {
                (None, None) => None,
                (Some(l), None) => Some(l),
                (None, Some(m)) => Some(m),
                (Some(l), Some(m)) => Some(l.min(m)),
            },
        }
    }

    /// Books the time one move took. Byo-yomi starts where the main time ends; without
    /// it, main time can be overdrawn (the margin decides how far).
    pub fn charge(&mut self, seconds: f64) {
        self.used += seconds;
        let overtime = self.style == ClockStyle::Byoyomi && self.control.per_move.is_some();
        if let Some(left) = self.main_left.as_mut() {
            *left -= seconds;
            if overtime {
                *left = left.max(0.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byoyomi_clock_gives_main_time_then_the_move_time() {
        let tc = TimeControl {
            main: Some(10.0),
            per_move: Some(2.0),
        };
        let mut c = Clock::new(tc, ClockStyle::Byoyomi);
        assert_eq!(c.allowed(), Some(12.0));
        c.charge(9.0);
        assert_eq!(c.allowed(), Some(3.0));
        c.charge(2.5);
        assert!(c.in_overtime());
        assert_eq!(c.allowed(), Some(2.0));
        assert_eq!(c.used, 11.5);
        let absolute = TimeControl {
            main: Some(1.0),
            per_move: None,
        };
        let mut c = Clock::new(absolute, ClockStyle::Byoyomi);
        c.charge(1.25);
        assert_eq!(c.allowed(), Some(-0.25));
    }

    #[test]
    fn gomocup_clock_bounds_every_move_and_the_game() {
        let tc = TimeControl {
            main: Some(10.0),
            per_move: Some(4.0),
        };
        let mut c = Clock::new(tc, ClockStyle::Gomocup);
        assert_eq!(c.allowed(), Some(4.0));
        c.charge(8.0);
        assert_eq!(c.allowed(), Some(2.0));
        assert_eq!(
            Clock::new(TimeControl::default(), ClockStyle::Gomocup).allowed(),
            None
        );
    }

    #[test]
    fn four_colours_belong_to_two_sides_and_keep_their_names() {
        let parsed: Vec<_> = ["1", "2", "3", "4", "white", "B"]
            .iter()
            .map(|t| GameColour::parse(t).unwrap())
            .collect();
        let sides: Vec<_> = parsed.iter().map(|c| c.side().gtp()).collect();
        assert_eq!(sides, ["b", "w", "b", "w", "w", "b"]);
        let names: Vec<_> = parsed.iter().map(|c| c.gtp()).collect();
        assert_eq!(names, ["1", "2", "3", "4", "w", "b"]);
        assert_eq!(GameColour::parse("5"), None);
        assert_eq!(GameColour::parse(""), None);
    }
}
