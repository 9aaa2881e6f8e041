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
pub mod schedule;
pub mod stats;
pub mod worker;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use game::{GameRules, Played};
use options::{MatchOptions, Protocol};
use player::GameSetup;
use referee::Referee;
use results::ResultsFile;
use schedule::{Scheduled, fingerprint, schedule};
use worker::{Shared, check_engines, worker};

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

/// The game as the options describe it, with the board's width and height as the
/// referee has them; `Err` if tabula cannot referee it.
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
    let props = [
        ("GN", title),
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
