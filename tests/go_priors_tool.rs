//! `tabula-go-priors`: reads a folder of game records, keeps the even games of the
//! player it learns from, and fits weights that find what that player does.

use std::process::Command;

use regex::Regex;
use tabula::games::go::features::{self, NAMES};
use tabula::games::go::{Color, GoGame, Move, RuleSet, sgf};
use tabula::rng::Rng;

/// A 9×9 game in which Black captures whenever it can and otherwise both play random
/// legal moves.
fn capturing_game(rng: &mut Rng) -> GoGame {
    let mut game = GoGame::new(9, RuleSet::Chinese, 7.5);
    for _ in 0..70 {
        let color = game.to_move();
        let legal = game.legal_points(color);
        if legal.is_empty() {
            break;
        }
        let board = game.board();
        let capture = legal.iter().find(|&&p| board.captures_any(p, color));
        let p = match capture {
            Some(&p) if color == Color::Black => p,
            _ => legal[rng.below(legal.len() as u32) as usize],
        };
        game.play(color, Move::Play(p)).unwrap();
    }
    game
}

#[test]
fn the_tool_learns_what_the_teacher_does() {
    let dir = std::env::temp_dir().join(format!("tabula-go-priors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(3);
    for n in 0..30 {
        let record = sgf::write(&capturing_game(&mut rng));
        let record = record.replacen("SZ[9]", "SZ[9]PB[catcher]PW[random]", 1);
        std::fs::write(dir.join(format!("game-{n:04}.sgf")), record).unwrap();
    }
    // Neither a game of the teacher's nor a record at all: both left out.
    let other = sgf::write(&capturing_game(&mut rng)).replacen("SZ[9]", "SZ[9]PB[x]PW[y]", 1);
    std::fs::write(dir.join("x-other.sgf"), other).unwrap();
    std::fs::write(dir.join("x-broken.sgf"), "(;GM[1]SZ[9];B[zz").unwrap();

    let table = dir.join("neighbourhood_weights.rs");
    let output = Command::new(env!("CARGO_BIN_EXE_tabula-go-priors"))
        .args([
            "--teacher",
            "nobody,catcher",
            "--records",
            dir.to_str().unwrap(),
        ])
        .args([
            "--min-seen",
            "5",
            "--neighbourhoods",
            table.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let table = std::fs::read_to_string(&table).unwrap_or_default();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.status.success(), "{output:?}");
    let out = String::from_utf8(output.stdout).unwrap();
    let counts =
        Regex::new(r"^30 games of nobody,catcher: (\d+) positions to fit, (\d+) held out").unwrap();
    let counts = counts.captures(&out).unwrap_or_else(|| panic!("{out}"));
    let fitted: usize = counts[1].parse().unwrap();
    let held_out: usize = counts[2].parse().unwrap();
    // Black's 35 moves a game, the held-out fifth apart (a few positions have one move).
    assert!(fitted > 24 * 30 && held_out > 6 * 30, "{out}");
    let agree = Regex::new(r"fitted weights: .* top move is nobody,catcher's (\d+\.\d) %").unwrap();
    let agree: f64 = agree.captures(&out).unwrap_or_else(|| panic!("{out}"))[1]
        .parse()
        .unwrap();
    assert!(agree > 10.0, "random moves would agree about 2 %: {out}");

    let weight = Regex::new(r"(?m)^\s+(-?\d+\.\d+), // (.+)$").unwrap();
    let weights: Vec<(f64, String)> = weight
        .captures_iter(&out)
        .map(|c| (c[1].parse().unwrap(), c[2].to_string()))
        .collect();
    assert_eq!(weights.len(), features::COUNT, "{out}");
    let names: Vec<&str> = weights.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, NAMES);
    let top = weights.iter().max_by(|a, b| a.0.total_cmp(&b.0)).unwrap();
    assert_eq!(top.1, "captures", "{out}");

    // The neighbourhoods' weights, as Rust: a key (the wide ones marked by the top bit)
    // and a weight each.
    assert!(
        table.contains("pub const WEIGHTS: &[(u64, f32)] = &["),
        "{table}"
    );
    let entry = Regex::new(r"(?m)^    \(0x([0-9a-f]{16}), -?\d+\.\d+\),$").unwrap();
    let keys: Vec<u64> = entry
        .captures_iter(&table)
        .map(|c| u64::from_str_radix(&c[1], 16).unwrap())
        .collect();
    let wide = keys.iter().filter(|&&k| k >> 63 == 1).count();
    assert!(wide > 10 && keys.len() - wide > 10, "{table}");
}
