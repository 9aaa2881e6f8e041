//! What the arena tests share: running `tabula match`, the fake engines, and checking
//! the records it writes.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use tabula::arena::results::{GameRecord, parse_line};

pub const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// A fresh, empty folder for one test's match.
pub fn out_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-arena-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn fake_engines() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines")
}

/// The command line of the misbehaving GTP engine.
pub fn fake(mode: &str, arg: &str) -> String {
    format!(
        "python3 {} {mode} {arg}",
        fake_engines().join("fake_gtp.py").display()
    )
}

pub fn tabula(seed: u64) -> String {
    // One playout a move: a weak, fast player whose games are quick to referee.
    format!("{TABULA} --seed {seed} --playouts 1")
}

pub struct MatchRun {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
    pub games: Vec<GameRecord>,
}

/// The games of a results file, in file order.
pub fn read_results(dir: &Path) -> Vec<GameRecord> {
    let text = std::fs::read_to_string(dir.join("results.tsv")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game\t"))
        .map(|l| parse_line(l).unwrap_or_else(|| panic!("bad results line {l:?}")))
        .collect()
}

/// Runs `tabula match --out DIR ARGS` to the end.
pub fn run_match(dir: &Path, args: &[&str]) -> MatchRun {
    run_match_with_env(dir, args, &[])
}

/// `run_match` with environment variables for the engines.
pub fn run_match_with_env(dir: &Path, args: &[&str], env: &[(&str, &Path)]) -> MatchRun {
    let out = Command::new(TABULA)
        .envs(env.iter().copied())
        .arg("match")
        .arg("--out")
        .arg(dir)
        .args(args)
        .output()
        .expect("tabula runs");
    let run = MatchRun {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        games: read_results(dir),
    };
    assert!(
        run.status == 0,
        "tabula match failed ({}):\n{}",
        run.status,
        run.stderr
    );
    run
}

/// A cell of the report: the row of `engine`, the column headed `column`.
pub fn report_cell(report: &str, engine: &str, column: &str) -> String {
    let header: Vec<&str> = report
        .lines()
        .find(|l| l.starts_with("engine"))
        .expect("a header")
        .split_whitespace()
        .collect();
    let row: Vec<&str> = report
        .lines()
        .find(|l| l.split_whitespace().next() == Some(engine))
        .unwrap_or_else(|| panic!("no row for {engine} in\n{report}"))
        .split_whitespace()
        .collect();
    let i = header.iter().position(|h| *h == column).expect("a column");
    row[i].to_string()
}

/// Every game has a record that our SGF reader and the Go loader read, whose result
/// and move count are the results file's; and sgfmill reads them too if it is there.
pub fn check_records(dir: &Path, games: &[GameRecord]) {
    let mut files = Vec::new();
    for g in games {
        let path = dir.join(format!("game-{:04}.sgf", g.game));
        let text = std::fs::read_to_string(&path).unwrap();
        let trees = tabula::sgf::parse(&text).unwrap_or_else(|_| panic!("{text}"));
        let root = &trees[0].nodes[0];
        assert_eq!(root.first("RE"), Some(g.result.as_str()), "{text}");
        assert!(root.first("C").is_some_and(|c| c.contains(g.end.name())));
        let moves = trees[0]
            .main_line()
            .iter()
            .filter(|n| n.first("B").is_some() || n.first("W").is_some())
            .count();
        assert_eq!(moves, g.moves, "{text}");
        let rules = tabula::games::go::RuleSet::Chinese;
        tabula::games::go::sgf::load(&text, rules, 7.5, None)
            .unwrap_or_else(|e| panic!("{e}: {text}"));
        files.push(path);
    }
    sgfmill_reads(&files, games);
}

/// A property that stands twice in one node of the SGF `text` (SGF allows one of each),
/// with the node's number (from 0). Read as text, so that Pentobi's four-colour
/// properties (`1[…]` to `4[…]`), which no SGF reader takes, are checked too.
pub fn repeated_property(text: &str) -> Option<(usize, String)> {
    let mut nodes: Vec<Vec<String>> = Vec::new();
    let mut ident = String::new();
    let (mut in_value, mut escaped) = (false, false);
    for c in text.chars() {
        if in_value {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => in_value = false,
                _ => {}
            }
        } else if c == ';' {
            nodes.push(Vec::new());
        } else if c == '[' {
            in_value = true;
            // `AB[aa][bb]`: a value with no identifier before it is another value.
            if !ident.is_empty() {
                nodes.last_mut()?.push(std::mem::take(&mut ident));
            }
        } else if c.is_ascii_alphanumeric() {
            ident.push(c);
        }
    }
    nodes.iter().enumerate().find_map(|(n, ids)| {
        let twice = ids
            .iter()
            .enumerate()
            .find(|(i, id)| ids[..*i].contains(id))?;
        Some((n, twice.1.clone()))
    })
}

/// sgfmill's reading of the records: their results and lengths. Left out where the
/// build found no sgfmill (`tests/arena_engines.rs` then shows its own sgfmill test as
/// ignored, with the reason; under CI a missing sgfmill fails `tests/outside_programs.rs`).
fn sgfmill_reads(files: &[PathBuf], games: &[GameRecord]) {
    if cfg!(missing_sgfmill) {
        return;
    }
    let script = "import sys\nfrom sgfmill import sgf\nfor f in sys.argv[1:]:\n    g = sgf.Sgf_game.from_bytes(open(f, 'rb').read())\n    print(g.get_root().get('RE'), len(g.get_main_sequence()) - 1)\n";
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for (line, g) in text.lines().zip(games) {
        assert_eq!(line, format!("{} {}", g.result, g.moves));
    }
}
