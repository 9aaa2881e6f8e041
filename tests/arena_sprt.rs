//! The SPRT in real matches: it stops early with H1 when one engine is much stronger,
//! with H0 when the two are the same engine, and `--report` reads the same test back.

mod arena_common;

use std::process::Command;

use arena_common::*;

/// A match on 5×5 of at most 100 games per pair with `--sprt elo0=0,elo1=50`.
fn five_by_five(test: &str, args: &[&str]) -> (std::path::PathBuf, MatchRun) {
    let dir = out_dir(test);
    let mut all = vec!["--size", "5", "--komi", "0.5", "--games", "100"];
    all.extend(["--sprt", "elo0=0,elo1=50"]);
    all.extend_from_slice(args);
    let run = run_match(&dir, &all);
    (dir, run)
}

/// Tabula at 300 playouts a move against tabula at 1.
fn lopsided(test: &str, parallel: &str) -> (std::path::PathBuf, MatchRun) {
    let (strong, weak) = (format!("{TABULA} --playouts 300"), tabula(1));
    five_by_five(
        test,
        &[
            "--parallel",
            parallel,
            "--engine",
            &strong,
            "--name",
            "strong",
            "--engine",
            &weak,
            "--name",
            "weak",
        ],
    )
}

/// The strong engine wins every game: each pair of two wins adds 0.134 to the LLR
/// (fishtest's LLR_logistic(0, 50, [0, 0, 0, 0, n]) is 2.67 for n = 20, 3.07 for 23),
/// so the 23rd pair crosses 2.94.
const H1_VERDICT: &str = "H1 accepted after 23 game pairs; \
    pentanomial [0, 0, 0, 0, 23] (pairs scoring 0, ½, 1, 1½, 2); LLR 3.07 [-2.94, 2.94]";

#[test]
fn sprt_accepts_h1_early_on_a_lopsided_pair() {
    let (dir, run) = lopsided("sprt-h1", "1");
    assert!(run.stdout.contains(H1_VERDICT), "{}", run.stdout);
    assert_eq!(run.games.len(), 46, "one game at a time: it stops at once");
    assert!(
        run.games
            .iter()
            .all(|g| g.winner().map(|c| g.engine(c)) == Some(0))
    );
    assert!(
        run.stderr.contains("LLR 3.07 [-2.94, 2.94] H1 accepted"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("LLR 0.13 [-2.94, 2.94]"),
        "{}",
        run.stderr
    );
    // The report read back from the folder says the same.
    let out = Command::new(TABULA)
        .args(["match", "--report"])
        .arg(&dir)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains(H1_VERDICT), "{report}");
    // The games after the decision are not missing: the match is over.
    assert!(!report.contains("Not played yet"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_parallel_games_the_verdict_is_the_same() {
    // Two at a time, games end in any order; a pair counts once it and the pairs
    // before it are complete, so the test decides at the same pair. Games running (or
    // started while game 46 was) finish and are recorded, outside the test.
    let (dir, run) = lopsided("sprt-h1-parallel", "2");
    assert!(run.stdout.contains(H1_VERDICT), "{}", run.stdout);
    assert!((46..100).contains(&run.games.len()), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_accepts_h0_on_identical_engines_within_its_maximum() {
    let dir = out_dir("sprt-h0");
    let engine = format!("{TABULA} --playouts 50");
    let args = [
        "--game",
        "Connect Four",
        "--games",
        "60",
        "--sprt",
        "elo0=0,elo1=50",
        "--engine",
        &engine,
        "--engine",
        &engine,
    ];
    let run = run_match(&dir, &args);
    // Every game of the engine against itself is drawn: each pair of two draws takes
    // 0.154 from the LLR (fishtest: LLR_logistic(0, 50, [0, 0, 20, 0, 0]) = -3.08).
    assert!(
        run.stdout.contains(
            "H0 accepted after 20 game pairs; \
             pentanomial [0, 0, 20, 0, 0] (pairs scoring 0, ½, 1, 1½, 2); \
             LLR -3.08 [-2.94, 2.94]"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(run.games.len(), 40, "one game at a time: it stops at once");
    assert!(run.stdout.starts_with("40 games\n"));
    // Resumed, the decided match plays nothing more and reports the same.
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let again = run_match(&dir, &resumed);
    assert_eq!(again.games, run.games);
    assert_eq!(again.stdout, run.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gauntlet_tests_the_first_engine_against_each_other_one() {
    let (strong, weak) = (format!("{TABULA} --playouts 300"), tabula(1));
    let (dir, run) = five_by_five(
        "sprt-gauntlet",
        &[
            "--gauntlet",
            "--engine",
            &strong,
            "--name",
            "a",
            "--engine",
            &weak,
            "--name",
            "b",
            "--engine",
            &strong,
            "--name",
            "c",
        ],
    );
    // a beats b every time (H1 after 23 pairs, as above). Against itself, c, Black wins
    // nearly every 5×5 game, so most pairs are a win and a loss, and which verdict the
    // SPRT reaches (H0, no decision within 50 pairs, even a false H1), and when, depends
    // on the seeded Go engine's play. Each pair of engines stops on its own: a played c
    // exactly as many pairs as its verdict counts.
    assert!(
        run.stdout.contains(&format!(
            "SPRT a vs b (logistic Elo, elo0=0, elo1=50, alpha=0.05, beta=0.05): {H1_VERDICT}"
        )),
        "{}",
        run.stdout
    );
    let against_c = "SPRT a vs c (logistic Elo, elo0=0, elo1=50, alpha=0.05, beta=0.05): ";
    let pairs: usize = run
        .stdout
        .split(against_c)
        .nth(1)
        .and_then(|verdict| verdict.split(" after ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no verdict for a vs c:\n{}", run.stdout));
    let played = |other: usize| {
        run.games
            .iter()
            .filter(|g| g.black == other || g.white == other)
            .count()
    };
    assert_eq!((played(1), played(2)), (46, 2 * pairs));
    assert!(run.games.iter().all(|g| g.black == 0 || g.white == 0));
    assert!(run.stderr.contains("b: LLR "), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
