//! Connect Four solver figures: for each Pons test set, the mean time and nodes per
//! position (strong solver, exact score, one thread, one table kept from position to
//! position as Pons' own driver does), then the empty 7×6 board analysed with the book.
//!
//! `cargo bench --bench connect4` runs every set; `cargo bench --bench connect4 -- L2_R2`
//! runs the sets whose names contain one of the arguments (`empty` for the book), and
//! `--every N` solves only every N-th position (the first, the N+1-th...) of each set.

use std::path::PathBuf;
use std::time::Instant;

use tabula::games::connect4::solver::Solver;
use tabula::games::connect4::{BoardSize, Connect4};
use tabula::search::Limits;

const SETS: [&str; 6] = ["L3_R1", "L2_R1", "L2_R2", "L1_R1", "L1_R2", "L1_R3"];

/// Pons' test sets, kept in the repository with their provenance
/// (`tests/data/connect4/README.md`).
fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4")
}

fn position(moves: &str) -> Connect4 {
    let columns: Vec<usize> = moves.bytes().map(|b| (b - b'1') as usize).collect();
    Connect4::from_columns(BoardSize::STANDARD, &columns).expect("a legal test position")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let every = args
        .iter()
        .position(|a| a == "--every")
        .map_or(1, |i| args[i + 1].parse::<usize>().expect("--every N"));
    let filters: Vec<&String> = args
        .iter()
        .filter(|a| !a.starts_with('-') && a.parse::<usize>().is_err())
        .collect();
    let wanted =
        |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    println!("set        positions  wrong  mean CPU time   mean nodes   nodes/s");
    for set in SETS.iter().filter(|s| wanted(s)) {
        let text = std::fs::read_to_string(data_dir().join(format!("Test_{set}"))).unwrap();
        let mut solver = Solver::with_table_bits(
            BoardSize::STANDARD,
            tabula::games::connect4::solver::DEFAULT_TABLE_BITS,
        );
        let (mut count, mut wrong, mut nodes) = (0u64, 0u64, 0u64);
        let start = tabula::cputime::thread_seconds();
        for line in text.lines().step_by(every) {
            let (moves, expected) = line.split_once(' ').unwrap();
            let game = position(moves);
            let (score, n) = solver.solve(&game).unwrap();
            nodes += n;
            count += 1;
            wrong += u64::from(score != expected.parse::<i32>().unwrap());
        }
        let seconds = tabula::cputime::thread_seconds() - start;
        println!(
            "{set:<10} {count:>9} {wrong:>6} {:>9.1} µs {:>14.1} {:>9.2} M",
            seconds / count as f64 * 1e6,
            nodes as f64 / count as f64,
            nodes as f64 / seconds / 1e6
        );
    }
    if wanted("empty") {
        // Reading the embedded book counts too.
        let start = Instant::now();
        let mut solver = Solver::new(BoardSize::STANDARD);
        let analysis = solver
            .analyse(&Connect4::default(), &Limits::default())
            .unwrap();
        println!(
            "empty 7x6 board with the book: {:?} in {:.3} s, {} nodes",
            analysis.scores,
            start.elapsed().as_secs_f64(),
            analysis.nodes
        );
    }
}
