//! A match killed half-way continues with `--resume`: no finished game is lost or
//! played twice.

mod arena_common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arena_common::*;

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn a_killed_match_resumes_without_losing_or_repeating_games() {
    let dir = out_dir("resume");
    // Slow enough (about a second a game) to be killed in the middle.
    let slow = fake("slow", "0.1");
    let tab = tabula(4);
    let args = [
        "--size",
        "9",
        "--games",
        "6",
        "--max-moves",
        "16",
        "--engine",
        &slow,
        "--name",
        "slow",
        "--engine",
        &tab,
        "--name",
        "tabula",
    ];
    let mut child = Command::new(TABULA)
        .arg("match")
        .arg("--out")
        .arg(&dir)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while read_results(&dir).len() < 2 {
        assert!(started.elapsed() < Duration::from_secs(60), "no progress");
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = read_results(&dir);
    assert!(before.len() < 6, "killed too late to test anything");

    // Without --resume the finished games are not overwritten.
    let out = Command::new(TABULA)
        .arg("match")
        .arg("--out")
        .arg(&dir)
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resume"));

    let mut resumed = args.to_vec();
    resumed.extend(["--resume", "--parallel", "2"]);
    let run = run_match(&dir, &resumed);
    assert_eq!(
        &run.games[..before.len()],
        &before[..],
        "finished games stay as they were"
    );
    let mut numbers: Vec<usize> = run.games.iter().map(|g| g.game).collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    assert_eq!(report_cell(&run.stdout, "slow", "games"), "6");
    assert!(run.stdout.starts_with("6 games"), "{}", run.stdout);
    check_records(&dir, &run.games);

    // Resuming a finished match plays nothing and reports it all again.
    let again = run_match(&dir, &resumed);
    assert_eq!(again.games, run.games);
    assert_eq!(again.stdout, run.stdout);

    // More games extend it: only games 7 and 8 are played.
    let more: Vec<&str> = resumed
        .iter()
        .map(|a| if *a == "6" { "8" } else { a })
        .collect();
    let extended = run_match(&dir, &more);
    assert_eq!(&extended.games[..6], &run.games[..]);
    let added: Vec<usize> = extended.games[6..].iter().map(|g| g.game).collect();
    assert!(added == [7, 8] || added == [8, 7], "{added:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
