//! Blokus speed: move generation, Duo perft(3), playouts per second from the empty board
//! and from the middle game, and the search's playouts per second.
//!
//! `cargo bench --bench blokus` (add `-- quick` to skip perft(3)).
//!
//! Rates are per second of this thread's CPU time, so that other jobs on a shared
//! machine do not change them much.

/// The CPU time this thread ran since the clock started, in seconds: the machine is
/// shared, so wall-clock time would measure the neighbours too.
struct CpuClock {
    start: f64,
}

impl CpuClock {
    fn start() -> CpuClock {
        CpuClock {
            start: tabula::cputime::thread_seconds(),
        }
    }

    fn elapsed(&self) -> f64 {
        tabula::cputime::thread_seconds() - self.start
    }
}

use std::time::Duration;

use tabula::games::blokus::{Board, Engine, Playout, Variant};
use tabula::rng::Rng;
use tabula::search::Limits;

/// Positions along a few random games, to time generation in every phase of the game.
fn sample_positions(variant: Variant, games: u64) -> Vec<Board> {
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut board = Board::new(variant);
        while let Some(c) = board.to_play() {
            positions.push(board.clone());
            let moves = board.legal_moves(c);
            board.play_unchecked(c, moves[rng.below(moves.len() as u32) as usize]);
        }
    }
    positions
}

fn bench_generation(variant: Variant) {
    let positions = sample_positions(variant, 20);
    let mut out = Vec::with_capacity(2048);
    let start = CpuClock::start();
    let mut generated = 0u64;
    let mut rounds = 0;
    while start.elapsed() < 2.0 {
        for board in &positions {
            for c in 0..board.num_colours() {
                out.clear();
                board.generate_moves(c, &mut out);
                generated += out.len() as u64;
            }
        }
        rounds += 1;
    }
    let secs = start.elapsed();
    println!(
        "movegen {:<20} {:>6} positions x {rounds} rounds: {:>12.0} moves/s, {:>9.0} generations/s",
        variant.name(),
        positions.len(),
        generated as f64 / secs,
        (positions.len() * rounds * variant.num_colours()) as f64 / secs
    );
}

fn perft(board: &mut Board, depth: u32, moves: &mut [Vec<u32>]) -> u64 {
    let Some(c) = board.to_play() else {
        return 1;
    };
    let (here, deeper) = moves.split_first_mut().unwrap();
    here.clear();
    board.generate_moves(c, here);
    if depth == 1 {
        return here.len() as u64;
    }
    let mut total = 0;
    for &mv in here.iter() {
        board.play_unchecked(c, mv);
        total += perft(board, depth - 1, deeper);
        board.undo();
    }
    total
}

fn bench_perft() {
    let mut board = Board::new(Variant::Duo);
    let mut buffers = (0..4).map(|_| Vec::with_capacity(2048)).collect::<Vec<_>>();
    let start = CpuClock::start();
    let nodes = perft(&mut board, 3, &mut buffers);
    let secs = start.elapsed();
    println!(
        "perft(3) Blokus Duo = {nodes} (expected 89204762) in {secs:.2} s, {:.0} leaves/s",
        nodes as f64 / secs
    );
    assert_eq!(nodes, 89_204_762);
}

/// The position after `rounds` rounds of a playout from the empty board (seed 1).
fn position_after(variant: Variant, rounds: usize) -> Board {
    let mut board = Board::new(variant);
    let mut playout = Playout::new(&board);
    playout.start(&board);
    let mut moves = Vec::new();
    playout.run(&mut Rng::new(1), |c, mv| moves.push((c, mv)));
    for (c, mv) in moves.into_iter().take(rounds * variant.num_colours()) {
        board.play(c, mv).unwrap();
    }
    board
}

/// Playouts from the position after `rounds` rounds: from the empty board the moves
/// come from the full tables, later from the ones narrowed to the position.
fn bench_playouts(variant: Variant, rounds: usize) {
    let board = position_after(variant, rounds);
    let mut playout = Playout::new(&board);
    let mut rng = Rng::new(1);
    let start = CpuClock::start();
    let mut count = 0u64;
    let mut moves = 0u64;
    let mut points = [0u64; 4];
    while start.elapsed() < 3.0 {
        playout.start(&board);
        playout.run(&mut rng, |_, _| moves += 1);
        for (c, p) in points.iter_mut().enumerate().take(variant.num_colours()) {
            *p += playout.points(c) as u64;
        }
        count += 1;
    }
    let secs = start.elapsed();
    let mean: Vec<String> = points[..variant.num_colours()]
        .iter()
        .map(|p| format!("{:.1}", *p as f64 / count as f64))
        .collect();
    println!(
        "playouts {:<19} {:>9.0} playouts/s from round {rounds:<2}, {:.1} moves each, mean points {}",
        variant.name(),
        count as f64 / secs,
        moves as f64 / count as f64,
        mean.join(" ")
    );
}

/// CPU time of the whole process (all threads), in seconds.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Playouts of the full search in 2 s of wall time with one and with two threads (the
/// wall-clock ratio needs two idle cores to mean anything; playouts per CPU second show
/// whether the threads lose work to each other).
fn bench_search_threads(variant: Variant) {
    let board = Board::new(variant);
    let mut rates = Vec::new();
    for threads in [1, 2] {
        let limits = Limits {
            max_time: Some(Duration::from_secs(2)),
            threads,
            ..Limits::default()
        };
        let cpu_before = process_cpu_seconds();
        let result = Engine::new().search(&board, 0, &limits).unwrap();
        let cpu = process_cpu_seconds().zip(cpu_before).map(|(a, b)| a - b);
        let rate = result.playouts as f64 / result.elapsed.as_secs_f64();
        let per_cpu = cpu.map_or(f64::NAN, |cpu| result.playouts as f64 / cpu);
        println!(
            "search   {:<19} {threads} thread(s): {:>9.0} playouts/s (wall), {:>9.0} per CPU s",
            variant.name(),
            rate,
            per_cpu
        );
        rates.push(rate);
    }
    println!(
        "search   {:<19} 2 threads / 1 thread = {:.2}",
        variant.name(),
        rates[1] / rates[0]
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    for variant in [Variant::Duo, Variant::Classic] {
        bench_generation(variant);
    }
    for variant in [Variant::Duo, Variant::Classic, Variant::Junior] {
        bench_playouts(variant, 0);
    }
    bench_playouts(Variant::Duo, 6);
    bench_playouts(Variant::Classic, 6);
    for variant in [Variant::Duo, Variant::Classic] {
        bench_search_threads(variant);
    }
    if !quick {
        bench_perft();
    }
}
