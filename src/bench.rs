//! `tabula bench`: speed figures that can be compared run to run. Each line gives the work
//! done, the time and the rate, and a checksum of the work so that two runs can be seen
//! to have done the same thing.

use std::time::Instant;

use crate::games::go::board::{Board, Color};
use crate::games::go::playout::{area_difference, max_playout_moves, playout};
use crate::protocol::gtp::{Session, Settings, go::GoGtp};
use crate::protocol::input::StopControl;
use crate::rng::Rng;

pub fn run(settings: &Settings) {
    println!("tabula {} bench (1 thread)", env!("CARGO_PKG_VERSION"));
    for (size, playouts) in [(9, 200_000), (19, 40_000)] {
        go_light_playouts(size, playouts, settings.seed);
    }
    gtp_play_undo(20_000);
}

/// Uniform random playouts on an empty board (no own-eye filling, captures and simple
/// ko handled): playouts per second and moves per second.
fn go_light_playouts(size: usize, playouts: u32, seed: u64) {
    let mut rng = Rng::new(seed);
    let empty = Board::new(size);
    let max_moves = max_playout_moves(size);
    let start = Instant::now();
    let (mut moves, mut black_wins) = (0u64, 0u32);
    for _ in 0..playouts {
        let mut board = empty.clone();
        moves += playout(&mut board, Color::Black, &mut rng, max_moves) as u64;
        black_wins += (area_difference(&board) > 0) as u32;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "go {size}x{size} light playouts: {playouts} in {secs:.2} s = {:.0} playouts/s, {:.2} M moves/s \
         (avg {:.1} moves, black wins {black_wins}, checksum {moves})",
        playouts as f64 / secs,
        moves as f64 / secs / 1e6,
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
    let start = Instant::now();
    let mut ok = 0u32;
    for i in 0..pairs as usize {
        let v = &vertices[i % vertices.len()];
        ok += session
            .execute_line(&format!("play b {v}"))
            .starts_with('=') as u32;
        ok += session.execute_line("undo").starts_with('=') as u32;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "gtp 19x19 play/undo pairs: {pairs} in {secs:.2} s = {:.0} pairs/s (successful commands {ok})",
        pairs as f64 / secs
    );
}
