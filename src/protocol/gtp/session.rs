//! One GTP session: reads command lines, answers the commands every game shares (protocol,
//! identity, clocks, game selection) and hands the rest to the selected game.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Receiver;

use super::game::{self, GtpGame};
use super::gomoku::rules_by_name;
use super::parse::{command_line, float, int, leading_id, preprocess};
use super::records::{self, RecordGame};
use super::response::{GtpError, Reply, render};
use crate::protocol::input::{Line, StopControl};
use crate::search::Limits;
use crate::search::time::{Clock, TimeLeft, TimeSystem};

/// Engine settings from the command line.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    /// Fixed budget per move (playouts or nodes), for reproducible answers.
    pub playouts: Option<u64>,
    pub threads: usize,
    /// Whether engines may answer from their opening books (Blokus Duo's).
    pub book: bool,
    /// Whether the engine searches on after its move until the next line (`--ponder`).
    pub ponder: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 0,
            playouts: None,
            threads: 1,
            book: true,
            ponder: false,
        }
    }
}

/// What a game's command may use besides its own state.
pub struct Context<'a> {
    pub settings: &'a Settings,
    pub clock: &'a Clock,
    /// The game's budget of a move without clock or `--playouts`.
    default_budget: u64,
    pub stop: Arc<AtomicBool>,
    out: &'a mut dyn Write,
    id: Option<u32>,
    streaming: bool,
}

impl Context<'_> {
    /// Starts a streaming answer (`lz-analyze`, `lz-genmove_analyze`): `=[id]` goes out at
    /// once, then the lines of `stream_line`, and the empty line that ends the response
    /// once the command returns. Whether new input stops the command is the game's
    /// `streams`, not this.
    pub fn begin_stream(&mut self) -> std::io::Result<()> {
        let id = self.id.map(|n| n.to_string()).unwrap_or_default();
        self.streaming = true;
        self.out.write_all(format!("={id}\n").as_bytes())?;
        self.out.flush()
    }

    pub fn stream_line(&mut self, line: &str) -> std::io::Result<()> {
        debug_assert!(self.streaming && !line.is_empty() && !line.contains('\n'));
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    /// The budget of one move for `player` (0 = Black/first), expecting `moves_to_go`
    /// more moves of its own in the game: `--playouts` and the clock, else the game's
    /// default budget.
    pub fn limits(&self, player: usize, moves_to_go: u32) -> Limits {
        Limits {
            threads: self.settings.threads,
            seed: self.settings.seed,
            stop: self.stop.clone(),
            ..Limits::per_move(
                self.settings.playouts,
                self.clock.budget(player, moves_to_go),
                self.default_budget,
            )
        }
    }
}

/// Pondering's budget, in default budgets of a move.
const PONDER_MOVES: u64 = 4;

/// Commands the session answers itself, whatever the game.
const SESSION_COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "set_game",
    "loadsgf",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "cputime",
    "set_random_seed",
    "gogui-interrupt",
];

pub struct Session {
    game: Box<dyn GtpGame>,
    settings: Settings,
    clock: Clock,
    control: StopControl,
}

/// What the loop does after a command.
enum Flow {
    Continue,
    Quit,
}

impl Session {
    pub fn new(game: Box<dyn GtpGame>, settings: Settings, control: StopControl) -> Session {
        Session {
            game,
            settings,
            clock: Clock::default(),
            control,
        }
    }

    /// Answers every line from `lines` on `out` until `quit` or the end of input.
    pub fn run(&mut self, lines: Receiver<Line>, out: &mut impl Write) -> std::io::Result<()> {
        for line in lines {
            let Some(text) = preprocess(&line.bytes) else {
                continue;
            };
            let flow = if line.truncated {
                out.write_all(render(leading_id(&text), &Err(GtpError::Syntax)).as_bytes())?;
                Flow::Continue
            } else {
                self.execute(&text, line.seq, out)?
            };
            out.flush()?;
            if let Flow::Quit = flow {
                break;
            }
            if self.settings.ponder {
                self.ponder(line.seq);
            }
        }
        Ok(())
    }

    /// Lets the game search on after the answer to line `seq`, until any later line
    /// arrives or the input ends, within a budget of [`PONDER_MOVES`] moves (and never
    /// longer than a move's longest search), so that nobody there costs nothing forever.
    fn ponder(&mut self, seq: u64) {
        let stop = Arc::new(AtomicBool::new(false));
        self.control.start(seq, stop.clone(), true);
        let limits = Limits {
            max_nodes: Some(self.game.default_budget().saturating_mul(PONDER_MOVES)),
            max_time: Some(crate::search::time::MAX_MOVE_TIME),
            threads: self.settings.threads,
            seed: self.settings.seed,
            stop,
            ..Limits::default()
        };
        self.game.ponder(&limits);
        self.control.finish();
    }

    /// Runs one preprocessed line and returns the response text; for tests and benchmarks.
    pub fn execute_line(&mut self, text: &str) -> String {
        let mut out = Vec::new();
        self.execute(text, 0, &mut out)
            .expect("writing to memory cannot fail");
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Runs one line and writes its whole response.
    fn execute(&mut self, text: &str, seq: u64, out: &mut dyn Write) -> std::io::Result<Flow> {
        let Some(cmd) = command_line(text) else {
            out.write_all(render(leading_id(text), &Err(GtpError::Syntax)).as_bytes())?;
            return Ok(Flow::Continue);
        };
        if cmd.name == "quit" {
            out.write_all(render(cmd.id, &Ok(String::new())).as_bytes())?;
            return Ok(Flow::Quit);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let streams = self.game.streams(cmd.name);
        self.control.start(seq, stop.clone(), streams);
        let mut ctx = Context {
            settings: &self.settings,
            clock: &self.clock,
            default_budget: self.game.default_budget(),
            stop,
            out,
            id: cmd.id,
            streaming: false,
        };
        let reply = match cmd.name {
            name if SESSION_COMMANDS.contains(&name) => None,
            name if self.game.commands().contains(&name) => {
                Some(self.game.run(name, &cmd.args, &mut ctx))
            }
            _ => Some(Err(GtpError::UnknownCommand)),
        };
        let streamed = ctx.streaming;
        let reply = match reply {
            Some(r) => r,
            None => self.session_command(cmd.name, &cmd.args),
        };
        self.control.finish();
        if streamed {
            if let Err(e) = &reply {
                log::warn!("{}: {e}", cmd.name);
            }
            out.write_all(b"\n")?;
        } else {
            out.write_all(render(cmd.id, &reply).as_bytes())?;
        }
        Ok(Flow::Continue)
    }

    fn known(&self, name: &str) -> bool {
        SESSION_COMMANDS.contains(&name) || self.game.commands().contains(&name)
    }

    fn session_command(&mut self, name: &str, args: &[&str]) -> Reply {
        match name {
            "protocol_version" => no_args(args).map(|_| "2".into()),
            "name" => no_args(args).map(|_| "tabula".into()),
            "version" => no_args(args).map(|_| env!("CARGO_PKG_VERSION").into()),
            "known_command" => match args {
                [c] => Ok(self.known(c).to_string()),
                _ => Err(GtpError::Syntax),
            },
            "list_commands" => {
                no_args(args)?;
                let mut names: Vec<&str> = SESSION_COMMANDS.to_vec();
                names.extend(self.game.commands());
                Ok(names.join("\n"))
            }
            "set_game" => self.set_game(args),
            "loadsgf" => self.loadsgf(args),
            "time_settings" => self.time_settings(args),
            "kgs-time_settings" => self.kgs_time_settings(args),
            "time_left" => self.time_left(args),
            "cputime" => no_args(args).map(|_| format!("{:.3}", crate::cputime::process_seconds())),
            // Replaces `--seed` for every later search, whatever the game.
            "set_random_seed" => match args {
                [n] => {
                    self.settings.seed = n.parse().map_err(|_| GtpError::Syntax)?;
                    Ok(String::new())
                }
                _ => Err(GtpError::Syntax),
            },
            // Listing it tells GoGui to send `# interrupt`, which the input reader handles.
            "gogui-interrupt" => no_args(args).map(|_| String::new()),
            _ => Err(GtpError::UnknownCommand),
        }
    }

    /// `set_game NAME` (Pentobi's command; the name may contain spaces). An unknown name
    /// leaves the current game as it is.
    fn set_game(&mut self, args: &[&str]) -> Reply {
        let name = args.join(" ");
        match game::by_name(&name, self.game.as_ref()) {
            Some(g) => {
                self.game = g;
                Ok(String::new())
            }
            None => Err(GtpError::Other(format!("unknown game: {name}"))),
        }
    }

    /// `loadsgf FILE [MOVE]`: the record's game is selected first, as `set_game` would
    /// (so a Renju record is read under Renju's rules, whatever was being played), then
    /// the record is replayed. If it cannot be, the game stays exactly as it was.
    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        let record = records::load(args)?;
        let name = match records::record_game(&record.text) {
            Some(RecordGame::Named(name)) => name,
            // A rule the record does not name: the one being played, if it is of the family.
            Some(RecordGame::FiveInARow) if rules_by_name(self.game.name()).is_some() => {
                self.game.name().to_string()
            }
            Some(RecordGame::FiveInARow) => "Gomoku".to_string(),
            None => {
                log::warn!("loadsgf {}: not an SGF record", record.file);
                return Err(GtpError::CannotLoadFile);
            }
        };
        if name.eq_ignore_ascii_case(self.game.name()) {
            return self.game.load(&record);
        }
        let Some(mut game) = game::by_name(&name, self.game.as_ref()) else {
            log::warn!(
                "loadsgf {}: a record of {name}, which is not played here",
                record.file
            );
            return Err(GtpError::CannotLoadFile);
        };
        game.load(&record)?;
        self.game = game;
        Ok(String::new())
    }

    fn time_settings(&mut self, args: &[&str]) -> Reply {
        let [main, byo, stones] = args else {
            return Err(GtpError::Syntax);
        };
        let (main, byo, stones) = (
            seconds(main)?,
            seconds(byo)?,
            int(stones).ok_or(GtpError::Syntax)?,
        );
        let system = if byo > 0.0 && stones == 0 {
            TimeSystem::None
        } else if byo == 0.0 || stones == 0 {
            TimeSystem::Absolute { main }
        } else {
            TimeSystem::Canadian {
                main,
                period: byo,
                stones,
            }
        };
        self.clock.set_system(system);
        Ok(String::new())
    }

    fn kgs_time_settings(&mut self, args: &[&str]) -> Reply {
        let system = match args {
            ["none"] => TimeSystem::None,
            ["absolute", main] => TimeSystem::Absolute {
                main: seconds(main)?,
            },
            ["canadian", main, period, stones] => TimeSystem::Canadian {
                main: seconds(main)?,
                period: seconds(period)?,
                stones: int(stones).ok_or(GtpError::Syntax)?,
            },
            ["byoyomi", main, period, periods] => TimeSystem::Byoyomi {
                main: seconds(main)?,
                period: seconds(period)?,
                periods: int(periods).ok_or(GtpError::Syntax)?,
            },
            _ => return Err(GtpError::Syntax),
        };
        self.clock.set_system(system);
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Reply {
        let [who, time, count] = args else {
            return Err(GtpError::Syntax);
        };
        let player = self.game.player(who).ok_or(GtpError::Syntax)?;
        let left = TimeLeft {
            seconds: float(time).ok_or(GtpError::Syntax)?,
            count: int(count).ok_or(GtpError::Syntax)?,
        };
        self.clock.set_left(player, left);
        Ok(String::new())
    }
}

fn no_args(args: &[&str]) -> Result<(), GtpError> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(GtpError::Syntax)
    }
}

/// A non-negative number of seconds.
fn seconds(text: &str) -> Result<f64, GtpError> {
    float(text).filter(|&s| s >= 0.0).ok_or(GtpError::Syntax)
}
