//! `tabula match`: engines play each other, every move refereed by tabula's own rules.
//!
//! The main thread schedules the games, writes the records and the results file as games
//! end, and prints the report; `--parallel` worker threads each own their engine
//! processes and play one game at a time.

pub mod game;
pub mod gomocup_client;
pub mod gtp_client;
pub mod openings;
pub mod options;
pub mod player;
pub mod process;
pub mod progress;
pub mod records;
pub mod referee;
pub mod results;
pub mod stats;

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use game::{GameRules, Played, Side};
use gomocup_client::GomocupClient;
use gtp_client::GtpClient;
use openings::Opening;
use options::{EngineSpec, MatchOptions, Protocol};
use player::{ClockStyle, Colour, GameSetup, Player};
use referee::{ExternalReferee, Referee};
use results::{End, GameRecord, ResultsFile};

/// Runs `tabula match` with the arguments after `match`; the process exit status.
pub fn main(args: impl Iterator<Item = String>) -> u8 {
    let options = match options::parse(args) {
        Ok(Some(o)) => o,
        Ok(None) => return 0,
        Err(e) => {
            eprintln!("tabula match: {e}");
            return 2;
        }
    };
    match run(&options) {
        Ok(report) => {
            print!("{report}");
            0
        }
        Err(e) => {
            eprintln!("tabula match: {e}");
            1
        }
    }
}

/// A game waiting to be played: its results line so far, and its opening.
struct Scheduled {
    record: GameRecord,
    opening: Opening,
}

/// Every game of the match in order: each pair of engines (a round robin) plays round
/// after round, colours alternating; opening k serves rounds 2k and 2k+1, so each
/// engine of a pair plays it with both colours.
fn schedule(engines: usize, games: usize, openings: &[Opening]) -> Vec<Scheduled> {
    let pairs: Vec<(usize, usize)> = (0..engines)
        .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
        .collect();
    let mut out = Vec::new();
    for round in 0..games {
        for &(i, j) in &pairs {
            let (black, white) = if round % 2 == 0 { (i, j) } else { (j, i) };
            let opening = if openings.is_empty() {
                0
            } else {
                (round / 2) % openings.len() + 1
            };
            out.push(Scheduled {
                record: GameRecord {
                    game: out.len() + 1,
                    black,
                    white,
                    result: String::new(),
                    end: End::Score,
                    moves: 0,
                    passes: [0, 0],
                    captures: [0, 0],
                    time: [0.0, 0.0],
                    opening,
                    reason: String::new(),
                },
                opening: opening
                    .checked_sub(1)
                    .map(|k| openings[k].clone())
                    .unwrap_or_default(),
            });
        }
    }
    out
}

/// The settings that make two runs the same match (the results file's header). The
/// number of games is not one of them: game numbers do not depend on it, so a match
/// can be resumed with more games to extend it.
fn fingerprint(o: &MatchOptions) -> Vec<(String, String)> {
    let mut s = Vec::new();
    for (i, e) in o.engines.iter().enumerate() {
        let time = format!(
            "time {} move-time {}",
            e.time.main.map_or("-".into(), |t| t.to_string()),
            e.time.per_move.map_or("-".into(), |t| t.to_string())
        );
        let protocol = match e.protocol {
            Protocol::Gtp => "gtp",
            Protocol::Gomocup => "gomocup",
        };
        s.push((
            format!("engine {i}"),
            format!("{} | {} | {protocol} | {time}", e.name, e.command),
        ));
    }
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
    s.push(("game".into(), o.game.clone()));
    s.push(("size".into(), opt(o.size.map(|v| v.to_string()))));
    s.push(("komi".into(), opt(o.komi.map(|v| v.to_string()))));
    s.push(("rules".into(), opt(o.rules.clone())));
    s.push(("gomocup-rule".into(), o.gomocup_rule.to_string()));
    s.push((
        "openings".into(),
        opt(o.openings.as_ref().map(|p| p.display().to_string())),
    ));
    s.push(("max-moves".into(), o.max_moves.to_string()));
    s.push(("referee".into(), opt(o.referee.clone())));
    s
}

fn game_setup(o: &MatchOptions) -> Result<GameSetup, String> {
    let mut setup = GameSetup {
        game: o.game.clone(),
        size: o.size,
        komi: o.komi,
        rules: o.rules.clone(),
        gomocup_rule: o.gomocup_rule,
        width: 0,
        height: 0,
    };
    let rows = Referee::new(&setup)
        .map_err(|e| format!("tabula cannot referee this game: {e}"))?
        .rows();
    setup.height = rows.len();
    setup.width = rows.first().map_or(0, |r| r.len());
    Ok(setup)
}

/// What every worker shares.
struct Shared<'a> {
    options: &'a MatchOptions,
    rules: GameRules<'a>,
    queue: Mutex<VecDeque<Scheduled>>,
    out: &'a Path,
}

fn stderr_log(out: &Path, name: &str) -> Option<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(out.join(format!("{name}.stderr")))
        .ok()
}

/// Starts engine `index`'s process (Gomocup engines start one per game themselves).
fn start_player(shared: &Shared, spec: &EngineSpec) -> Result<Box<dyn Player>, player::Fault> {
    let log = stderr_log(shared.out, &spec.name);
    let timeout = shared.rules.timeout;
    Ok(match spec.protocol {
        Protocol::Gtp => Box::new(GtpClient::start(&spec.command, log, timeout)?),
        Protocol::Gomocup => Box::new(GomocupClient::new(&spec.command, log, timeout)),
    })
}

fn clock_style(spec: &EngineSpec) -> ClockStyle {
    match spec.protocol {
        Protocol::Gtp => ClockStyle::Byoyomi,
        Protocol::Gomocup => ClockStyle::Gomocup,
    }
}

/// A worker: takes games from the queue until it is empty; engines stay up between
/// games, and one that failed is started afresh for its next game.
fn worker(shared: &Shared, done: mpsc::Sender<Played>) {
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
                match start_player(shared, &engines[id]) {
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
        if done.send(played).is_err() {
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
        if loser == Colour::Black {
            "Black"
        } else {
            "White"
        },
        fault.detail
    );
    Played {
        record,
        sgf: referee.sgf(),
        moves: opening.iter().map(|(c, m)| (*c, m.clone(), 0)).collect(),
    }
}

fn record_path(out: &Path, game: usize) -> PathBuf {
    out.join(format!("game-{game:04}.sgf"))
}

/// The SGF record of every game, and Piskvork's PSQ for games with a Gomocup engine
/// (when every move is a point: PSQ has no passes).
fn save_record(
    out: &Path,
    played: &Played,
    names: &[String],
    o: &MatchOptions,
    setup: &GameSetup,
) -> std::io::Result<()> {
    let r = &played.record;
    let gomocup = [r.black, r.white]
        .iter()
        .any(|&e| o.engines[e].protocol == Protocol::Gomocup);
    if gomocup
        && let Some(psq) = records::psq(
            &played.moves,
            setup,
            [&names[r.black], &names[r.white]],
            r.winner(),
        )
    {
        std::fs::write(out.join(format!("game-{:04}.psq", r.game)), psq)?;
    }
    let props = [
        ("GN", format!("game {}", r.game)),
        ("PB", names[r.black].clone()),
        ("PW", names[r.white].clone()),
        ("RE", r.result.clone()),
        ("C", format!("{} ({})", r.reason, r.end.name())),
    ];
    let mut text = records::annotate(&played.sgf, &props);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    std::fs::write(record_path(out, r.game), text)
}

/// Plays the match; the report.
pub fn run(o: &MatchOptions) -> Result<String, String> {
    let setup = game_setup(o)?;
    let openings = match &o.openings {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            openings::parse(&path.display().to_string(), &text, &setup)
                .map_err(|e| e.to_string())?
        }
        None => Vec::new(),
    };
    std::fs::create_dir_all(&o.out).map_err(|e| format!("{}: {e}", o.out.display()))?;
    let (mut results, mut finished) =
        ResultsFile::open(&o.out.join("results.tsv"), &fingerprint(o), o.resume)
            .map_err(|e| e.to_string())?;
    let all = schedule(o.engines.len(), o.games, &openings);
    let total = all.len();
    finished.retain(|r| r.game <= total);
    let queue: VecDeque<Scheduled> = all
        .into_iter()
        .filter(|s| !finished.iter().any(|r| r.game == s.record.game))
        .collect();
    let names: Vec<String> = o.engines.iter().map(|e| e.name.clone()).collect();
    let mut progress = progress::Progress::new(total, finished.len());
    let workers = o.parallel.min(queue.len());
    let shared = Shared {
        options: o,
        rules: GameRules {
            setup: &setup,
            max_moves: o.max_moves,
            margin: Duration::from_secs_f64(o.margin),
            timeout: Duration::from_secs_f64(o.timeout),
        },
        queue: Mutex::new(queue),
        out: &o.out,
    };
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..workers {
            let tx = tx.clone();
            let shared = &shared;
            scope.spawn(move || worker(shared, tx));
        }
        drop(tx);
        for played in rx {
            let saved = save_record(&o.out, &played, &names, o, &setup)
                .and_then(|_| results.append(&played.record));
            if let Err(e) = saved {
                failure = Some(format!("{}: {e}", o.out.display()));
                // Stop handing out games; the ones running finish and are dropped.
                shared
                    .queue
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clear();
            }
            finished.push(played.record.clone());
            let summary = stats::tally(&names, &finished)
                .iter()
                .map(|s| format!("{} {}", s.name, s.all.text()))
                .collect::<Vec<_>>()
                .join(", ");
            progress.game(&played.record, &names, &summary);
        }
    });
    progress.finish();
    if let Some(f) = failure {
        return Err(f);
    }
    finished.sort_by_key(|r| r.game);
    Ok(stats::report(
        &stats::tally(&names, &finished),
        finished.len(),
    ))
}
