//! A match split into shards (`--shard I/N`, `--shard env`) and put back together by
//! `--report` is the match played in one run, game for game; `--report` refuses what is
//! not one whole match and says what is not played yet.

mod arena_common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use arena_common::*;
use tabula::arena::results::GameRecord;

/// A gauntlet of three deterministic engines on 5×5 from two openings, with an SPRT
/// that cannot decide in three game pairs (so that the one run plays every game, as
/// the shards do).
fn match_args(openings: &Path) -> Vec<String> {
    let args = [
        "--size",
        "5",
        "--komi",
        "0.5",
        "--games",
        "6",
        "--gauntlet",
        "--sprt",
        "elo0=-10,elo1=10",
        "--openings",
        openings.to_str().unwrap(),
        "--engine",
        &format!("{TABULA} --playouts 20"),
        "--name",
        "a",
        "--engine",
        &format!("{TABULA} --playouts 5"),
        "--name",
        "b",
        "--engine",
        &format!("{TABULA} --playouts 40"),
        "--name",
        "c",
    ];
    args.iter().map(|s| s.to_string()).collect()
}

fn play(dir: &Path, args: &[String], extra: &[&str], env: &[(&str, &str)]) -> MatchRun {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend_from_slice(extra);
    let mut command = Command::new(TABULA);
    command.envs(env.iter().copied());
    // Whatever the machine running the tests has set must not choose the shard.
    for var in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"] {
        if !env.iter().any(|(k, _)| *k == var) {
            command.env_remove(var);
        }
    }
    let out = command
        .arg("match")
        .arg("--out")
        .arg(dir)
        .args(&all)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    MatchRun {
        status: 0,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
        games: read_results(dir),
    }
}

fn report(dirs: &[&PathBuf]) -> Output {
    Command::new(TABULA)
        .args(["match", "--report"])
        .args(dirs)
        .output()
        .unwrap()
}

/// A game's line without the seconds and CPU times, which differ run to run.
fn outcome(g: &GameRecord) -> GameRecord {
    GameRecord {
        time: [0.0, 0.0],
        cpu: [None, None],
        ..g.clone()
    }
}

/// The report without its `cpu` column (the last of the engines' table).
fn without_cpu(report: &str) -> String {
    let mut in_table = true;
    let mut out = String::new();
    for line in report.lines().skip(1) {
        if line.starts_with("W-D-L:") {
            in_table = false;
        }
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if in_table {
            words.pop();
        }
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn three_shards_and_report_give_the_unsharded_match_game_for_game() {
    let base = out_dir("shards");
    let openings = base.join("openings.txt");
    std::fs::write(&openings, "C3\nB2 D4\n").unwrap();
    let args = match_args(&openings);
    let dir = |name: &str| base.join(name);
    let whole = play(&dir("whole"), &args, &["--parallel", "2"], &[]);
    // Shard 1 by its number, 2 as a Slurm array task (--array=0-2), 3 as a Kubernetes
    // Indexed Job's pod.
    let s1 = play(&dir("s1"), &args, &["--shard", "1/3"], &[]);
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    let s2 = play(&dir("s2"), &args, &["--shard", "env"], &slurm);
    let kubernetes = [("JOB_COMPLETION_INDEX", "2"), ("TABULA_SHARD_COUNT", "3")];
    let s3 = play(&dir("s3"), &args, &["--shard", "env"], &kubernetes);

    // 2 pairs (a-b, a-c: a gauntlet) × 6 games; b and c never meet.
    assert_eq!(whole.games.len(), 12, "{}", whole.stderr);
    assert!(whole.games.iter().all(|g| g.black == 0 || g.white == 0));
    for (shard, run) in [(1, &s1), (2, &s2), (3, &s3)] {
        let mut numbers: Vec<usize> = run.games.iter().map(|g| g.game).collect();
        numbers.sort();
        let expected: Vec<usize> = (1..=12).filter(|g| (g - 1) % 3 == shard - 1).collect();
        assert_eq!(numbers, expected, "shard {shard}");
        assert!(run.stdout.contains(&format!("this is shard {shard}/3")));
    }
    // Game for game: the same engines, colours, opening, moves and result, and the
    // same record byte for byte.
    for g in &whole.games {
        let (shard, run) = [("s1", &s1), ("s2", &s2), ("s3", &s3)][(g.game - 1) % 3];
        let twin = run.games.iter().find(|s| s.game == g.game).unwrap();
        assert_eq!(outcome(twin), outcome(g));
        assert_eq!(g.opening, (g.game - 1) / 2 / 2 % 2 + 1, "{g:?}");
        let name = format!("game-{:04}.sgf", g.game);
        let one = std::fs::read_to_string(dir("whole").join(&name)).unwrap();
        let other = std::fs::read_to_string(dir(shard).join(&name)).unwrap();
        assert_eq!(one, other);
    }
    // The report of the shards is the report of the whole match, SPRT included.
    let merged = report(&[&dir("s3"), &dir("s1"), &dir("s2")]);
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let merged = String::from_utf8_lossy(&merged.stdout);
    assert!(merged.starts_with("12 games\n"), "{merged}");
    assert!(merged.contains("SPRT a vs b (logistic Elo, elo0=-10, elo1=10"));
    assert!(merged.contains("no decision after 3 of at most 3 game pairs"));
    assert_eq!(without_cpu(&merged), without_cpu(&whole.stdout));
    // The whole match's own folder reports what the match did, CPU figures included.
    let again = report(&[&dir("whole")]);
    assert_eq!(String::from_utf8_lossy(&again.stdout), whole.stdout);

    // Not one whole match: refused, saying why.
    let refused = |dirs: &[&PathBuf], why: &str| {
        let out = report(dirs);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{why}: {stderr}");
        assert!(stderr.contains(why), "{why}: {stderr}");
    };
    refused(&[&dir("s1"), &dir("s2")], "shard 3/3 missing");
    refused(&[&dir("s1"), &dir("s2"), &dir("s1")], "are both shard 1/3");
    refused(
        &[&dir("whole"), &dir("s2")],
        "shards of one match have the same N",
    );
    let other = dir("other");
    std::fs::create_dir_all(&other).unwrap();
    let text = std::fs::read_to_string(dir("s3").join("results.tsv")).unwrap();
    let changed = text.replace("# komi\t0.5\n", "# komi\t7.5\n");
    assert_ne!(changed, text);
    std::fs::write(other.join("results.tsv"), changed).unwrap();
    refused(&[&dir("s1"), &dir("s2"), &other], "hold different matches");

    // A shard cut short: the report says which games are not played yet.
    let short = dir("short");
    std::fs::create_dir_all(&short).unwrap();
    let text = std::fs::read_to_string(dir("s2").join("results.tsv")).unwrap();
    let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with("8\t")).collect();
    std::fs::write(short.join("results.tsv"), kept.join("\n") + "\n").unwrap();
    let out = report(&[&dir("s1"), &short, &dir("s3")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.starts_with("11 games\n"), "{text}");
    assert!(
        text.contains(&format!(
            "Not played yet: 1 of 12 games: 8 ({}) (resume those folders with --resume)",
            short.display()
        )),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&base);
}
