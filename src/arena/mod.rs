//! `tabula match`: engines play each other, every move refereed by tabula's own rules.
//!
//! The main thread schedules the games, writes the records and the results file as games
//! end, and prints the report; `--parallel` worker threads each own their engine
//! processes and play one game at a time.

pub mod game;
pub mod gomocup_client;
pub mod gtp_client;
pub mod merge;
pub mod openings;
pub mod options;
pub mod player;
pub mod process;
pub mod progress;
pub mod ratings;
pub mod records;
pub mod referee;
pub mod report;
pub mod results;
pub mod schedule;
pub mod seats;
pub mod shard;
pub mod sprt;
pub mod stats;
pub mod worker;

use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use game::{GameRules, Played};
use options::{MatchOptions, Parsed, Protocol};
use player::GameSetup;
use referee::Referee;
use report::Plan;
use results::{GAMES_KEY, ResultsFile, SHARD_KEY};
use schedule::{Scheduled, fingerprint, schedule, slot};
use sprt::PairTest;
use worker::{Shared, check_engines, worker};

/// Runs `tabula match` with the arguments after `match`; the process exit status.
pub fn main(args: impl Iterator<Item = String>) -> u8 {
    let result = match options::parse(args) {
        Ok(Parsed::Help) => return 0,
        Ok(Parsed::Play(o)) => run(&o),
        Ok(Parsed::Report(folders)) => merge::report_folders(&folders),
        Err(e) => {
            eprintln!("tabula match: {e}");
            return 2;
        }
    };
    match result {
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

/// The game as the options describe it, with the board's width and height as the
/// referee has them; `Err` if tabula cannot referee it.
fn game_setup(o: &MatchOptions) -> Result<GameSetup, String> {
    let mut setup = GameSetup {
        game: o.game.clone(),
        size: o.size,
        komi: o.komi,
        rules: o.rules.clone(),
        gomocup_rule: o.gomocup_rule,
        seed_base: o.seed_base,
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
    // The referee's record may name the game (`GN[Renju]`); the game number joins it.
    let title = match records::root_value(&played.sgf, "GN") {
        Some(name) => format!("{name}, game {}", r.game),
        None => format!("game {}", r.game),
    };
    let comment = format!("{} ({})", r.reason, r.end.name());
    let props = match r.seat {
        // A game of seats has no Black and White: the comment says who sat where.
        Some(seat) => vec![
            ("GN", title),
            (
                "C",
                format!(
                    "{} alone in seat {}, {} in the others. {comment}",
                    names[r.black],
                    seat + 1,
                    names[r.white]
                ),
            ),
        ],
        None => vec![
            ("GN", title),
            ("PB", names[r.black].clone()),
            ("PW", names[r.white].clone()),
            ("RE", r.result.clone()),
            ("C", comment),
        ],
    };
    let mut text = records::annotate(&played.sgf, &props);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    std::fs::write(record_path(out, r.game), text)
}

/// Removes from `queue` the games of engine pairs whose SPRT has decided.
fn drop_decided(tests: &[PairTest], queue: &mut VecDeque<Scheduled>) {
    if tests.is_empty() {
        return;
    }
    queue.retain(|s| {
        let (pair, round) = slot(s.record.game, tests.len());
        tests[pair].stop_round.is_none_or(|stop| round < stop)
    });
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
    let mut settings = fingerprint(o);
    if let Some(shard) = &o.shard {
        settings.push((SHARD_KEY.into(), shard.text()));
    }
    settings.push((GAMES_KEY.into(), o.games.to_string()));
    let (mut results, mut finished) =
        ResultsFile::open(&o.out.join("results.tsv"), &settings, o.resume)
            .map_err(|e| e.to_string())?;
    let names: Vec<String> = o.engines.iter().map(|e| e.name.clone()).collect();
    let plan = Plan {
        names: names.clone(),
        pairing: o.pairing,
        games: o.games,
        // Shards cannot see each other's games: each plays its maximum, and the test is
        // `--report`'s over all of them.
        sprt: if o.shard.is_some() { None } else { o.sprt },
        seats: seats::Seats::of(&o.game).map(|s| s.count()),
    };
    let all: Vec<Scheduled> = schedule(o.engines.len(), o.pairing, o.games, &openings, plan.seats)
        .into_iter()
        .filter(|s| o.shard.is_none_or(|shard| shard.plays(s.record.game)))
        .collect();
    let total = all.len();
    let scheduled: HashSet<usize> = all.iter().map(|s| s.record.game).collect();
    finished.retain(|r| scheduled.contains(&r.game));
    let done: HashSet<usize> = finished.iter().map(|r| r.game).collect();
    let mut queue: VecDeque<Scheduled> = all
        .into_iter()
        .filter(|s| !done.contains(&s.record.game))
        .collect();
    let mut tests = plan.new_tests();
    plan.update(&mut tests, &finished);
    drop_decided(&tests, &mut queue);
    if !queue.is_empty() {
        check_engines(o, &o.out)?;
    }
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
        for (played, taken) in rx {
            let saved = save_record(&o.out, &played, &names, o, &setup)
                .and_then(|_| results.append(&played.record));
            let mut queue = shared.queue.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(e) = saved {
                failure = Some(format!("{}: {e}", o.out.display()));
                // Stop handing out games; the ones running finish and are dropped.
                queue.clear();
            }
            // What the file holds, so that a resumed match reports the same figures.
            finished.push(played.record.as_stored());
            // A decided SPRT stops handing out its games; running ones finish.
            plan.update(&mut tests, &finished);
            drop_decided(&tests, &mut queue);
            drop(queue);
            let _ = taken.send(());
            progress.game(&played.record, &names, &plan.progress(&finished, &tests));
        }
    });
    progress.finish();
    if let Some(f) = failure {
        return Err(f);
    }
    let mut text = report::report(&plan, &finished);
    if let (Some(shard), Some(_)) = (&o.shard, &o.sprt) {
        text.push_str(&format!(
            "\nSPRT: this is shard {}; shards play their maximum, and \
             `tabula match --report` over the folders of all shards gives the test.\n",
            shard.text()
        ));
    }
    Ok(text)
}
