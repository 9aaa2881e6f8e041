//! Misbehaving engines against tabula: each game ends with the right result and reason,
//! the arena never hangs, and the records still read.

mod arena_common;

use std::time::Instant;

use arena_common::*;
use tabula::arena::results::{End, GameRecord};

/// One game (or `games`) of the fake engine in `mode` as Black against tabula on 9×9.
/// A match of the fake engine (black in the first game) against tabula; also returns
/// the fake engine's stderr log.
fn fake_as_black(
    test: &str,
    mode: &str,
    arg: &str,
    extra: &[&str],
    games: &str,
) -> (MatchRun, String) {
    let dir = out_dir(test);
    let fake = fake(mode, arg);
    let tab = tabula(1);
    let mut args = vec![
        "--size",
        "9",
        "--games",
        games,
        "--max-moves",
        "200",
        "--engine",
        &fake,
        "--name",
        "fake",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--engine", &tab, "--name", "tabula"]);
    let run = run_match(&dir, &args);
    check_records(&dir, &run.games);
    let log = std::fs::read_to_string(dir.join("fake.stderr")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (run, log)
}

fn only_game(run: &MatchRun) -> &GameRecord {
    assert_eq!(run.games.len(), 1, "{}", run.stderr);
    &run.games[0]
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn a_crash_loses_and_the_engine_is_restarted_for_the_next_game() {
    let marker = std::env::temp_dir().join(format!("tabula-crash-once-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let (run, log) = fake_as_black("crash", "crash-once", marker.to_str().unwrap(), &[], "2");
    let _ = std::fs::remove_file(&marker);
    let first = &run.games[0];
    assert_eq!((first.result.as_str(), first.end), ("W+F", End::Crash));
    assert!(
        first.reason.contains("Black at move 3: crashed"),
        "{}",
        first.reason
    );
    // The reason quotes what the engine said on stderr before it died.
    assert!(
        first
            .reason
            .contains("its stderr ended with: fake: giving up at genmove 2"),
        "{}",
        first.reason
    );
    assert!(log.contains("fake: giving up at genmove 2\n"), "{log:?}");
    assert_eq!(first.moves, 2);
    // The second game needs a new process: the first one is dead.
    let second = &run.games[1];
    assert_eq!(second.black, 1, "colours alternate");
    // The fresh process plays on (it does not follow captures, so it may end the game
    // with a move on a taken point, but it no longer crashes).
    assert!(second.end != End::Crash && second.moves > 10, "{second:?}");
    assert_eq!(report_cell(&run.stdout, "fake", "crash"), "1");
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn an_engine_that_hangs_loses_on_time_after_its_move_time_and_margin() {
    let started = Instant::now();
    let (run, _) = fake_as_black(
        "hang",
        "hang",
        "2",
        &["--move-time", "0.5", "--margin", "0.2"],
        "1",
    );
    let g = only_game(&run);
    assert_eq!((g.result.as_str(), g.end), ("W+T", End::Time));
    assert!(g.reason.contains("no answer within"), "{}", g.reason);
    assert!(started.elapsed().as_secs_f64() < 15.0);
    assert_eq!(report_cell(&run.stdout, "fake", "time"), "1");
    assert_eq!(report_cell(&run.stdout, "tabula", "W-D-L"), "1-0-0");
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn an_engine_without_a_clock_is_still_cut_off_by_the_timeout() {
    let (run, _) = fake_as_black("timeout", "hang", "1", &["--timeout", "1"], "1");
    let g = only_game(&run);
    assert_eq!((g.result.as_str(), g.end, g.moves), ("W+T", End::Time, 0));
    assert!(
        g.reason.contains("Black at move 1: no answer within 1.0 s"),
        "{}",
        g.reason
    );
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn running_out_of_main_time_loses_and_the_engine_is_told_its_clock() {
    let dir = out_dir("slow");
    let log = dir.join("commands.log");
    let slow = fake("slow", "0.3");
    let tab = tabula(1);
    let args = [
        "--size", "9", "--games", "1", "--engine", &slow, "--name", "slow", "--time", "1",
        "--margin", "0.2", "--engine", &tab,
    ];
    let run = run_match_with_env(&dir, &args, &[("FAKE_GTP_LOG", &log)]);
    let g = only_game(&run);
    assert_eq!((g.result.as_str(), g.end), ("W+T", End::Time));
    assert!(g.time[0] >= 0.9, "{g:?}");
    let commands = std::fs::read_to_string(&log).unwrap();
    let all: Vec<&str> = commands.lines().collect();
    // The check before the match: a process of its own, asked who it is.
    assert_eq!(all[..3], ["protocol_version", "name", "quit"], "{commands}");
    let lines = &all[3..];
    assert_eq!(
        lines[..6],
        [
            "list_commands",
            "boardsize 9",
            "clear_board",
            "set_random_seed 1",
            "komi 7.5",
            "time_settings 1 0 0"
        ]
    );
    // Before each genmove, the time left in whole seconds (rounded up).
    assert_eq!(lines[6..8], ["time_left b 1 0", "genmove b"]);
    assert!(commands.contains("play w "), "{commands}");
    check_records(&dir, &run.games);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn the_seed_base_shifts_every_games_seed() {
    let dir = out_dir("seed-base");
    let log = dir.join("commands.log");
    let fake = fake("pass", "0");
    let tab = tabula(1);
    let args = [
        "--size",
        "9",
        "--games",
        "2",
        "--max-moves",
        "4",
        "--seed-base",
        "1000",
        "--engine",
        &fake,
        "--engine",
        &tab,
    ];
    let run = run_match_with_env(&dir, &args, &[("FAKE_GTP_LOG", &log)]);
    assert_eq!(run.games.len(), 2);
    let commands = std::fs::read_to_string(&log).unwrap();
    let seeds: Vec<&str> = commands
        .lines()
        .filter(|l| l.starts_with("set_random_seed"))
        .collect();
    assert_eq!(
        seeds,
        ["set_random_seed 1001", "set_random_seed 1002"],
        "{commands}"
    );
    let results = std::fs::read_to_string(dir.join("results.tsv")).unwrap();
    assert!(results.contains("# seed-base\t1000\n"), "{results}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn garbage_output_loses() {
    let g = only_game(&fake_as_black("garbage", "garbage", "2", &[], "1").0).clone();
    assert_eq!((g.result.as_str(), g.end), ("W+F", End::Garbage));
    assert!(g.reason.contains("I think I will play"), "{}", g.reason);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn an_illegal_move_loses_with_the_move_named() {
    let (run, _) = fake_as_black("illegal", "illegal", "2", &[], "1");
    let g = only_game(&run);
    assert_eq!((g.result.as_str(), g.end), ("W+F", End::Illegal));
    assert!(
        g.reason.starts_with("Black played ") && g.reason.ends_with("illegal move"),
        "{}",
        g.reason
    );
    assert_eq!(g.moves, 2, "the illegal move is not in the record");
    assert_eq!(report_cell(&run.stdout, "fake", "illegal"), "1");
    // tabula reports its CPU time through `cputime`; the fake engine has no such
    // command, and the system's count of its process stands in.
    assert!(g.cpu.iter().all(|c| c.is_some_and(|s| s >= 0.0)), "{g:?}");
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
#[cfg_attr(
    not(target_os = "linux"),
    ignore = "the system's count of a process's CPU is read from Linux's /proc"
)]
fn an_engine_without_cputime_gets_the_cpu_its_process_used() {
    // The fake engine spends 0.3 s of its own CPU clock on its first genmove and has
    // no `cputime`: the game's record and the report show at least that much for it.
    let (run, _) = fake_as_black("busy", "busy", "0.3", &[], "1");
    let g = only_game(&run);
    let fake_cpu = g.cpu[0].expect("the system counts the fake engine's CPU");
    // Less one tick of the system's clock (a hundredth of a second).
    assert!(fake_cpu >= 0.29, "{g:?}");
    let reported: f64 = report_cell(&run.stdout, "fake", "cpu").parse().unwrap();
    assert!(reported >= 0.29, "{}", run.stdout);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn resigning_and_refusing_a_legal_move_lose() {
    let (run, _) = fake_as_black("resign", "resign", "3", &[], "1");
    let g = only_game(&run);
    assert_eq!((g.result.as_str(), g.end), ("W+R", End::Resign));
    assert_eq!(g.moves, 4);
    assert_eq!(report_cell(&run.stdout, "fake", "resign"), "1");

    let g = only_game(&fake_as_black("refuse", "refuse", "1", &[], "1").0).clone();
    assert_eq!((g.result.as_str(), g.end), ("W+F", End::Refused));
    assert!(
        g.reason.contains("after move 2: refused `play w"),
        "{}",
        g.reason
    );
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_the_first_game() {
    let dir = out_dir("cannot-start");
    let tab = tabula(1);
    let out = std::process::Command::new(TABULA)
        .arg("match")
        .arg("--out")
        .arg(&dir)
        .args(["--size", "9", "--games", "4", "--engine", &tab])
        .args(["--engine", "nonexistent-engine --gtp", "--name", "ghost"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // It names the engine, its exit status and the last line of its stderr.
    assert!(
        stderr.contains("engine 1 (ghost) does not start: crashed (exit status: 127"),
        "{stderr}"
    );
    assert!(stderr.contains("nonexistent-engine: not found"), "{stderr}");
    assert!(read_results(&dir).is_empty(), "no game is played");
    assert!(!dir.join("game-0001.sgf").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn an_engine_that_answers_garbage_at_the_start_stops_the_match() {
    let dir = out_dir("garbage-start");
    // A Gomocup brain speaking GTP: its answer to `protocol_version` is not GTP.
    let brain = format!(
        "python3 {}",
        fake_engines().join("pbrain-fake.py").display()
    );
    let out = std::process::Command::new(TABULA)
        .arg("match")
        .arg("--out")
        .arg(&dir)
        .args(["--size", "9", "--engine", &tabula(1), "--engine", &brain])
        .args(["--protocol", "gtp"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("engine 1 (pbrain-fake) does not start: answered `protocol_version` with"),
        "{stderr}"
    );
    assert!(read_results(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
