//! `tabula bench`: speed figures that can be compared run to run. Each line gives the work
//! done, the time and the rate, and a checksum of the work so that two runs can be seen
//! to have done the same thing. Rates are per second of the thread's CPU time, which other
//! processes on a shared machine disturb far less than wall-clock time (given too).

use crate::games::go::board::{Board, Color};
use crate::games::go::playout::{area_difference, max_playout_moves, playout};
use crate::protocol::gtp::{Session, Settings, go::GoGtp};
use crate::protocol::input::StopControl;
use crate::rng::Rng;

/// Wall-clock and CPU time of the calling thread, in seconds.
struct Timer {
    wall: std::time::Instant,
    cpu: f64,
}

impl Timer {
    fn start() -> Timer {
        Timer {
            wall: std::time::Instant::now(),
            cpu: crate::cputime::thread_seconds(),
        }
    }

    /// (CPU seconds, wall seconds) since the start.
    fn elapsed(&self) -> (f64, f64) {
        (
            crate::cputime::thread_seconds() - self.cpu,
            self.wall.elapsed().as_secs_f64(),
        )
    }
}

pub fn run(settings: &Settings) {
    println!(
        "tabula {} bench (1 thread unless said)",
        env!("CARGO_PKG_VERSION")
    );
    for (size, playouts) in [(9, 200_000), (19, 40_000)] {
        go_light_playouts(size, playouts, settings.seed);
    }
    gtp_play_undo(20_000);
    // Long enough (a few seconds each) that the two-thread speed-up is not noise.
    for (size, playouts) in [(9, 60_000), (19, 12_000)] {
        let one = go_mcts(size, playouts, 1, settings.seed);
        let two = go_mcts(size, playouts, 2, settings.seed);
        println!(
            "go {size}x{size} mcts: 2 threads give {:.2}x the playouts per wall second of 1",
            two / one
        );
    }
}

/// The Go engine's search from the empty board: heavy playouts through the tree.
/// Returns the playouts per wall-clock second.
fn go_mcts(size: usize, playouts: u64, threads: usize, seed: u64) -> f64 {
    use crate::games::go::engine::GoEngine;
    use crate::games::go::{Color, GoGame, RuleSet};
    use crate::search::Limits;
    let game = GoGame::new(size, RuleSet::Chinese, 7.5);
    let limits = Limits {
        max_nodes: Some(playouts),
        threads,
        seed,
        ..Limits::default()
    };
    let cpu = crate::cputime::process_seconds();
    let wall = std::time::Instant::now();
    let decision = GoEngine::default().genmove(&game, Color::Black, &limits);
    let (cpu, wall) = (
        crate::cputime::process_seconds() - cpu,
        wall.elapsed().as_secs_f64(),
    );
    println!(
        "go {size}x{size} mcts, {threads} thread(s): {playouts} playouts in {wall:.2} s wall ({cpu:.2} s CPU) = \
         {:.0} playouts/s wall, {:.0} per CPU second (move {decision:?})",
        playouts as f64 / wall,
        playouts as f64 / cpu,
    );
    playouts as f64 / wall
}

/// Uniform random playouts on an empty board (no own-eye filling, captures and simple
/// ko handled): playouts per second and moves per second.
fn go_light_playouts(size: usize, playouts: u32, seed: u64) {
    let mut rng = Rng::new(seed);
    let empty = Board::new(size);
    let max_moves = max_playout_moves(size);
    let timer = Timer::start();
    let (mut moves, mut black_wins) = (0u64, 0u32);
    for _ in 0..playouts {
        let mut board = empty.clone();
        moves += playout(&mut board, Color::Black, &mut rng, max_moves) as u64;
        black_wins += (area_difference(&board) > 0) as u32;
    }
    let (cpu, wall) = timer.elapsed();
    println!(
        "go {size}x{size} light playouts: {playouts} in {cpu:.2} s CPU ({wall:.2} s wall) = \
         {:.0} playouts/s, {:.2} M moves/s (avg {:.1} moves, black wins {black_wins}, checksum {moves})",
        playouts as f64 / cpu,
        moves as f64 / cpu / 1e6,
        moves as f64 / playouts as f64,
    );
}

/// `play`/`undo` pairs through the whole GTP parser and session.
fn gtp_play_undo(pairs: u32) {
    let mut session = Session::new(
        Box::new(GoGtp::default()),
        Settings::default(),
        StopControl::default(),
    );
    let vertices: Vec<String> = (0..19)
        .flat_map(|x| (1..=19).map(move |y| crate::games::coord::format_point(x, y - 1)))
        .collect();
    let timer = Timer::start();
    let mut ok = 0u32;
    for i in 0..pairs as usize {
        let v = &vertices[i % vertices.len()];
        ok += session
            .execute_line(&format!("play b {v}"))
            .starts_with('=') as u32;
        ok += session.execute_line("undo").starts_with('=') as u32;
    }
    let (cpu, wall) = timer.elapsed();
    println!(
        "gtp 19x19 play/undo pairs: {pairs} in {cpu:.2} s CPU ({wall:.2} s wall) = {:.0} pairs/s \
         (successful commands {ok})",
        pairs as f64 / cpu
    );
}
