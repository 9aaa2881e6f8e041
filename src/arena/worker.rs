//! A worker thread: plays games from the shared queue with engine processes of its own.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::path::Path;
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use super::game::{self, GameRules, Played, Side};
use super::gomocup_client::GomocupClient;
use super::gtp_client::GtpClient;
use super::openings::Opening;
use super::options::{EngineSpec, MatchOptions, Protocol};
use super::player::{self, ClockStyle, Colour, GameSetup, Player};
use super::referee::{ExternalReferee, Referee};
use super::results::{End, GameRecord};
use super::schedule::Scheduled;

/// What every worker shares.
pub struct Shared<'a> {
    pub options: &'a MatchOptions,
    pub rules: GameRules<'a>,
    pub queue: Mutex<VecDeque<Scheduled>>,
    /// Where engines' stderr logs go.
    pub out: &'a Path,
}

/// The file an engine's stderr is appended to, named after the engine (with anything
/// but letters, digits, `-`, `_` and `.` replaced, so a name never makes a path).
fn stderr_log(out: &Path, name: &str) -> Option<File> {
    let file: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(out.join(format!("{file}.stderr")))
        .ok()
}

/// Starts the engine of `spec` (a Gomocup engine starts a process per game itself),
/// its stderr going to a log in `out`.
fn start_player(
    out: &Path,
    timeout: Duration,
    spec: &EngineSpec,
) -> Result<Box<dyn Player>, player::Fault> {
    let log = stderr_log(out, &spec.name);
    Ok(match spec.protocol {
        Protocol::Gtp => Box::new(GtpClient::start(&spec.command, log, timeout)?),
        Protocol::Gomocup => Box::new(GomocupClient::new(&spec.command, log, timeout)),
    })
}

/// Starts every engine once before the first game and asks it who it is, so that an
/// engine that cannot start stops the match at once instead of losing every game.
pub fn check_engines(o: &MatchOptions, out: &Path) -> Result<(), String> {
    let timeout = Duration::from_secs_f64(o.timeout);
    for (i, spec) in o.engines.iter().enumerate() {
        let checked = start_player(out, timeout, spec).and_then(|mut player| {
            let answer = player.identify();
            player.close();
            answer
        });
        match checked {
            Ok(name) => log::info!("engine {i} ({}) is {name}", spec.name),
            Err(fault) => {
                return Err(format!(
                    "engine {i} ({}) does not start: {} (command: {})",
                    spec.name, fault.detail, spec.command
                ));
            }
        }
    }
    Ok(())
}

fn clock_style(spec: &EngineSpec) -> ClockStyle {
    match spec.protocol {
        Protocol::Gtp => ClockStyle::Byoyomi,
        Protocol::Gomocup => ClockStyle::Gomocup,
    }
}

/// A finished game, and how the main thread says it has taken it into account.
pub type Done = (Played, mpsc::Sender<()>);

/// A worker: takes games from the queue until it is empty; engines stay up between
/// games, and one that failed is started afresh for its next game. After each game it
/// waits until the main thread has taken the result into account (an SPRT may have
/// decided), so that it never starts a game the result would have cancelled.
pub fn worker(shared: &Shared, done: mpsc::Sender<Done>) {
    let (taken, wait_taken) = mpsc::channel();
    let engines = &shared.options.engines;
    let mut players: Vec<Option<Box<dyn Player>>> = engines.iter().map(|_| None).collect();
    loop {
        let next = shared
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front();
        let Some(Scheduled { record, opening }) = next else {
            break;
        };
        let ids = [record.black, record.white];
        let mut started = Vec::new();
        for (c, &id) in ids.iter().enumerate() {
            if players[id].as_mut().is_some_and(|p| !p.alive()) {
                log::info!("{} died between games; restarting it", engines[id].name);
                players[id] = None;
            }
            if players[id].is_none() {
                match start_player(shared.out, shared.rules.timeout, &engines[id]) {
                    Ok(p) => players[id] = Some(p),
                    Err(f) => started.push((Colour::from_index(c), f)),
                }
            }
        }
        let played = if let Some((loser, fault)) = started.into_iter().next() {
            cannot_start(record, loser, fault, &opening, shared.rules.setup)
        } else {
            let mut black = players[ids[0]].take().expect("started above");
            let mut white = players[ids[1]].take().expect("started above");
            let mut external = shared.options.referee.as_deref().and_then(|cmd| {
                match ExternalReferee::start(cmd, shared.rules.timeout) {
                    Ok(r) => Some(r),
                    Err(e) => {
                        log::warn!("cannot start the referee: {e}");
                        None
                    }
                }
            });
            let sides = [
                Side {
                    player: black.as_mut(),
                    time: engines[ids[0]].time,
                    style: clock_style(&engines[ids[0]]),
                },
                Side {
                    player: white.as_mut(),
                    time: engines[ids[1]].time,
                    style: clock_style(&engines[ids[1]]),
                },
            ];
            let played = game::play(&shared.rules, sides, &opening, external.as_mut(), record);
            players[ids[0]] = Some(black);
            players[ids[1]] = Some(white);
            played
        };
        // The loser of a forfeit may be hung or confused: it starts afresh next time.
        if played.record.end.is_forfeit()
            && let Some(winner) = played.record.winner()
        {
            let loser = played.record.engine(winner.opponent());
            if let Some(mut p) = players[loser].take() {
                p.close();
            }
        }
        if done.send((played, taken.clone())).is_err() || wait_taken.recv().is_err() {
            break;
        }
    }
    for p in players.iter_mut().flatten() {
        p.close();
    }
}

/// The game an engine could not even start for: lost by it, recorded as it stood.
fn cannot_start(
    mut record: GameRecord,
    loser: Colour,
    fault: player::Fault,
    opening: &Opening,
    setup: &GameSetup,
) -> Played {
    let mut referee = Referee::new(setup).expect("the setup was checked at the start");
    for (c, mv) in opening {
        let _ = referee.play(*c, mv);
    }
    record.result = format!("{}+F", loser.opponent().letter());
    record.end = End::Crash;
    record.moves = opening.len();
    record.reason = format!(
        "{} before the game: {}",
        game::side_name(loser, record.seat.is_some()),
        fault.detail
    );
    Played {
        record,
        sgf: referee.sgf(),
        moves: opening.iter().map(|(c, m)| (*c, m.clone(), 0)).collect(),
    }
}
