//! The solver against Pascal Pons' test sets (exact scores, `tests/data/connect4`) and
//! against the known outcomes of other board sizes.

use std::path::PathBuf;

use tabula::games::connect4::solver::Solver;
use tabula::games::connect4::{BoardSize, Connect4};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4")
}

/// `(moves, score)` lines of a test set, moves as 1-based column digits.
fn test_set(name: &str) -> Vec<(String, i32)> {
    let text = std::fs::read_to_string(data_dir().join(name)).unwrap();
    text.lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            (moves.to_string(), score.parse().unwrap())
        })
        .collect()
}

fn position(moves: &str) -> Connect4 {
    let columns: Vec<usize> = moves.bytes().map(|b| (b - b'1') as usize).collect();
    Connect4::from_columns(BoardSize::STANDARD, &columns).unwrap()
}

/// Solves every `step`-th position of a set and lists those that come out wrong.
fn check_set(name: &str, step: usize) {
    let set = test_set(name);
    assert_eq!(set.len(), 1000, "{name} has 1000 positions");
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, 18);
    let wrong: Vec<String> = set
        .iter()
        .step_by(step)
        .filter_map(|(moves, expected)| {
            let (score, _) = solver.solve(&position(moves)).unwrap();
            (score != *expected).then(|| format!("{moves}: {score} instead of {expected}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{name}: {wrong:#?}");
}

#[test]
fn end_easy_positions_get_their_exact_scores() {
    check_set("Test_L3_R1", 1);
}

#[test]
fn middle_easy_positions_get_their_exact_scores() {
    check_set("Test_L2_R1", 1);
}

#[test]
fn middle_medium_positions_get_their_exact_scores() {
    check_set("Test_L2_R2", 1);
}

#[test]
fn begin_easy_positions_get_their_exact_scores() {
    check_set("Test_L1_R1", 1);
}

#[test]
fn a_sample_of_begin_medium_positions_gets_exact_scores() {
    check_set("Test_L1_R2", 25);
}

#[test]
fn a_sample_of_begin_hard_positions_gets_exact_scores() {
    check_set("Test_L1_R3", 200);
}

/// The first player's score of the empty board and the ply on which perfect play ends.
fn solve_empty(width: usize, height: usize) -> (i32, usize) {
    let size = BoardSize::new(width, height).unwrap();
    let mut solver = Solver::with_table_bits(size, 18);
    let (score, _) = solver.solve(&Connect4::new(size)).unwrap();
    let cells = width * height;
    // A win scores 1 + the stones the winner still holds after its winning stone.
    let end = match score {
        0 => cells,
        s if s > 0 => 2 * (cells.div_ceil(2) + 1 - s as usize) - 1,
        s => 2 * (cells / 2 + 1 - (-s) as usize),
    };
    (score.signum(), end)
}

#[test]
fn small_boards_have_their_known_outcomes() {
    // Width, height, winner (1 first, -1 second, 0 draw), last ply: the table of
    // tests/data/connect4/README.md (Tromp, Steininger).
    let known = [
        (4, 4, 0, 16),
        (5, 4, 0, 20),
        (6, 4, -1, 24),
        (7, 4, 0, 28),
        (4, 5, 0, 20),
        (5, 5, 0, 25),
        (6, 5, 0, 30),
        (4, 6, 0, 24),
        (5, 6, 0, 30),
        (4, 7, 0, 28),
    ];
    for (width, height, winner, end) in known {
        assert_eq!(
            solve_empty(width, height),
            (winner, end),
            "{width}x{height}"
        );
    }
}
