//! `tabula-gomoku-fit`: reads a folder of game records, counts what it could not use,
//! fits on four games in five and prints weights shaped as the evaluation needs them.

use std::process::Command;

use regex::Regex;
use tabula::games::gomoku::engine::{WeightSet, fit};
use tabula::games::gomoku::{Color, Gomoku, Outcome, Point, Rules, sgf};
use tabula::rng::Rng;

/// A game of random moves near the centre, played until someone makes five.
fn random_game(rng: &mut Rng) -> (Gomoku, Color) {
    loop {
        let mut game = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        while game.outcome().is_none() && game.history().len() < 81 {
            let p = Point::new(3 + rng.below(9) as usize, 3 + rng.below(9) as usize);
            let _ = game.play(p);
        }
        if let Some(Outcome::Win(winner)) = game.outcome() {
            return (game, winner);
        }
    }
}

fn with_result(record: &str, result: &str) -> String {
    record.replacen("SZ[15]", &format!("SZ[15]RE[{result}]"), 1)
}

#[test]
fn the_tool_fits_recorded_games_and_reports_what_it_read() {
    let dir = std::env::temp_dir().join(format!("tabula-gomoku-fit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(9);
    let (mut fitted, mut held_out) = (0, 0);
    for n in 0..60 {
        let (game, winner) = random_game(&mut rng);
        let result = if winner == Color::Black { "B+" } else { "W+" };
        let record = with_result(&sgf::write(&game, "Gomoku"), result);
        std::fs::write(dir.join(format!("game-{n:04}.sgf")), record).unwrap();
        let samples = fit::samples(&game, winner, 3).len();
        if n % 5 == 0 {
            held_out += samples;
        } else {
            fitted += samples;
        }
    }
    let (drawn, _) = random_game(&mut rng);
    std::fs::write(
        dir.join("x-drawn.sgf"),
        with_result(&sgf::write(&drawn, "Gomoku"), "0"),
    )
    .unwrap();
    std::fs::write(dir.join("x-broken.sgf"), "(;GM[4]SZ[15];B[hh];W[hh])").unwrap();
    std::fs::write(dir.join("results.tsv"), "not a record").unwrap();

    let fit_tool = |extra: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula-gomoku-fit"))
            .args(["--records", dir.to_str().unwrap(), "--gomocup-rule", "0"])
            .args(extra)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let out = fit_tool(&[]);
    let penalised = fit_tool(&["--l2", "100"]);
    let anchored = fit_tool(&["--toward-current", "--l2", "100"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        out.contains("pub const RENJU_WEIGHTS"),
        "freestyle plays with the Renju weights: {out}"
    );
    assert!(
        out.contains("games: 60 with a winner (1 drawn or without a result, 1 unreadable)"),
        "{out}"
    );
    assert!(fitted > 0 && held_out > 0);
    assert!(
        out.contains(&format!(
            "quiet positions: {fitted} to fit, {held_out} held out"
        )),
        "{out}"
    );
    let losses = Regex::new(r"held-out log-loss (\d+\.\d+)").unwrap();
    assert_eq!(losses.captures_iter(&out).count(), 2, "{out}");

    let rows = weight_rows(&out);
    assert_eq!(rows.len(), 4, "{out}");
    let (mover_lines, waiter_lines) = (&rows[0], &rows[1]);
    assert_eq!(mover_lines.len(), 11);
    for (m, w) in mover_lines.iter().zip(waiter_lines) {
        assert_eq!(
            *m, -*w,
            "a line pattern counts as much for the mover as against it"
        );
    }
    let (mover_threats, waiter_threats) = (&rows[2], &rows[3]);
    assert_eq!(mover_threats.len(), 7);
    assert_eq!(
        mover_threats[5],
        mover_threats[4].max(1600),
        "the mover's open four is four logits, or the four-three's weight if more"
    );
    assert_eq!(waiter_threats[5], waiter_threats[4]);

    // A heavy penalty shrinks every fitted weight (the open four's floor is set, not fitted).
    let size = |rows: &[Vec<i32>]| -> i32 {
        let lines: i32 = rows[0].iter().map(|w| w.abs()).sum();
        let threats: i32 = rows[2][..5].iter().chain(&rows[3]).map(|w| w.abs()).sum();
        lines + threats
    };
    let shrunk = weight_rows(&penalised);
    assert!(size(&shrunk) * 2 < size(&rows), "{penalised}\n{out}");

    // Toward the current weights, the same penalty keeps them instead.
    let current = WeightSet::of(Rules::freestyle()).weights();
    let kept = weight_rows(&anchored);
    let distance = |rows: &[Vec<i32>]| -> i32 {
        let lines = rows[0].iter().zip(&current.pattern[0]);
        let threats = (rows[2][..5].iter().zip(&current.threat[0]))
            .chain(rows[3][..5].iter().zip(&current.threat[1]));
        lines.chain(threats).map(|(a, b)| (a - b).abs()).sum()
    };
    assert!(distance(&kept) <= 14, "{anchored}");
    assert!(distance(&shrunk) > 100, "{penalised}");
}

/// The rows of numbers of the printed weights.
fn weight_rows(out: &str) -> Vec<Vec<i32>> {
    let rows = Regex::new(r"\[(-?\d+(?:, -?\d+)*)\]").unwrap();
    rows.captures_iter(out)
        .map(|c| c[1].split(", ").map(|v| v.parse().unwrap()).collect())
        .collect()
}

#[test]
fn the_tool_needs_a_rule_and_records() {
    for args in [
        &["--records", "."][..],
        &["--gomocup-rule", "4"][..],
        &["--skip"][..],
        &["--records", ".", "--gomocup-rule", "4", "--l2", "much"][..],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula-gomoku-fit"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    }
}
