//! Ratings of three or more engines against Ordo's on a known results set, and the
//! report of a results file that holds them.

mod arena_common;

use std::path::Path;
use std::process::Command;

use arena_common::*;
use tabula::arena::ratings::{Crosstable, ratings};
use tabula::arena::results::{COLUMNS, End, GameRecord, format_line, header};

/// tests/data/arena/ratings.pgn: 78 games between four engines (made up, with draws and
/// unequal numbers of games per pair), as (names, games): Black and White are the PGN's
/// Black and White.
fn results_set() -> (Vec<String>, Vec<GameRecord>) {
    let pgn_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/arena/ratings.pgn");
    let pgn = std::fs::read_to_string(pgn_path).unwrap();
    let mut names: Vec<String> = Vec::new();
    let mut index = |name: &str| {
        names.iter().position(|n| n == name).unwrap_or_else(|| {
            names.push(name.to_string());
            names.len() - 1
        })
    };
    let tag = |game: &str, key: &str| -> String {
        let start = game.find(&format!("[{key} \"")).unwrap() + key.len() + 3;
        game[start..].split('"').next().unwrap().to_string()
    };
    let mut games = Vec::new();
    for game in pgn.split("[Event ").skip(1) {
        let white = index(&tag(game, "White"));
        let black = index(&tag(game, "Black"));
        let result = match tag(game, "Result").as_str() {
            "1-0" => "W+R",
            "0-1" => "B+R",
            "1/2-1/2" => "0",
            other => panic!("result {other}"),
        };
        games.push(GameRecord {
            result: result.into(),
            end: End::Resign,
            ..GameRecord::new(games.len() + 1, black, white)
        });
    }
    (names, games)
}

/// Ordo 1.2.6 (github.com/michiguel/Ordo, commit 17eec774f2e4), built from source and
/// run on tests/data/arena/ratings.pgn as
/// `ordo -q -a 0 -z 200.2409402 -D -p ratings.pgn -N 3 -s 4000`:
/// `-a 0` puts the pool's average at 0, as ours is; `-z 200.2409402` is the Elo
/// difference that gives a 76% expectation on the logistic curve of base 10 and scale
/// 400 (= 400·log10(76/24)), so that Ordo's scale is the usual Elo's (its default is
/// 202); draws count half a point, no white advantage (its defaults). Its errors come
/// from 4000 simulated tournaments at the draw rate it fits to the games (`-D`), so they
/// are only a rough check of ours.
const ORDO: [(&str, f64, f64); 4] = [
    ("alpha", 136.953, 85.591),
    ("beta", 35.738, 81.700),
    ("gamma", -81.318, 75.257),
    ("delta", -91.373, 75.862),
];

#[test]
fn ratings_agree_with_ordo_on_a_known_results_set() {
    let (names, games) = results_set();
    assert_eq!(games.len(), 78);
    let rated = ratings(&Crosstable::new(names.len(), &games));
    for (name, elo, error) in ORDO {
        let i = names.iter().position(|n| n == name).unwrap();
        let ours = rated[i].unwrap();
        assert!(
            (ours.elo - elo).abs() < 1.0,
            "{name}: {} against Ordo's {elo}",
            ours.elo
        );
        // Ours is the sandwich estimate, Ordo's a simulation: within 10%.
        assert!(
            (ours.error95 - error).abs() < 0.10 * error,
            "{name}: ±{} against Ordo's ±{error}",
            ours.error95
        );
    }
}

#[test]
fn the_report_of_a_results_file_shows_the_ratings_and_the_head_to_head_table() {
    let (names, games) = results_set();
    let dir = out_dir("ratings");
    let mut settings: Vec<(String, String)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (format!("engine {i}"), format!("{n} | {n} | gtp | -")))
        .collect();
    settings.push(("games".into(), "0".into()));
    let mut text = header(&settings);
    assert!(text.ends_with(&format!("{COLUMNS}\n")));
    for g in &games {
        text.push_str(&format_line(g));
        text.push('\n');
    }
    std::fs::write(dir.join("results.tsv"), text).unwrap();
    let out = Command::new(TABULA)
        .args(["match", "--report"])
        .arg(&dir)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(report.starts_with("78 games\n"), "{report}");
    for (name, elo, _) in ORDO {
        let cell = report_cell(&report, name, "Elo±95%");
        let shown: f64 = cell.split('±').next().unwrap().parse().unwrap();
        assert!(
            (shown - elo).abs() <= 0.5,
            "{name}: {cell} against {elo}\n{report}"
        );
    }
    // Head to head: gamma against delta, 6 wins, 6 draws, 8 losses.
    let row = report
        .lines()
        .find(|l| l.starts_with("gamma") && l.contains("delta"))
        .unwrap_or_else(|| panic!("{report}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells[..5],
        ["gamma", "delta", "20", "6-6-8", "45.0%"],
        "{row}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
