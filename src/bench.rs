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

/// One figure of the bench alone, with its work fixed on the command line, so that it can
/// be timed from outside against another program doing the same work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// `go-light SIZE PLAYOUTS`: light playouts from the empty board.
    GoLight { size: usize, playouts: u32 },
    /// `go-mcts SIZE PLAYOUTS`: one search of the Go engine from the empty board, 1 thread.
    GoMcts { size: usize, playouts: u64 },
    /// `blokus-mcts MOVES PLAYOUTS`: one search of the Blokus engine, 1 thread, every
    /// playout spent, after the first MOVES moves of the recorded Duo game.
    BlokusMcts { moves: usize, playouts: u64 },
}

/// A Blokus Duo game's first moves, one a line after `#` comments: the middle-game
/// position that Blokus speed is measured on, against Pentobi too
/// (benches/blokus-vs-pentobi.sh).
const BLOKUS_DUO_MIDGAME: &str = include_str!("../benches/blokus-duo-midgame.txt");

/// The moves of [`BLOKUS_DUO_MIDGAME`].
fn blokus_duo_midgame() -> impl Iterator<Item = &'static str> {
    BLOKUS_DUO_MIDGAME
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
}

impl Only {
    /// Reads `NAME SIZE PLAYOUTS`; `None` if `name` is not a bench name.
    pub fn parse(name: &str, size: &str, playouts: &str) -> Option<Result<Only, String>> {
        use crate::games::go::{board::MAX_SIZE, game::MIN_SIZE};
        if name == "blokus-mcts" {
            return Some(Only::parse_blokus(size, playouts));
        }
        if name != "go-light" && name != "go-mcts" {
            return None;
        }
        let size = match size.parse::<usize>() {
            Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
            _ => {
                return Some(Err(format!(
                    "{name}: size {size:?} is not {MIN_SIZE} to {MAX_SIZE}"
                )));
            }
        };
        let Ok(playouts) = playouts.parse::<u32>() else {
            return Some(Err(format!("{name}: not a playout count: {playouts:?}")));
        };
        Some(Ok(match name {
            "go-light" => Only::GoLight { size, playouts },
            _ => Only::GoMcts {
                size,
                playouts: playouts as u64,
            },
        }))
    }

    fn parse_blokus(moves: &str, playouts: &str) -> Result<Only, String> {
        let recorded = blokus_duo_midgame().count();
        let moves = match moves.parse::<usize>() {
            Ok(n) if n <= recorded => n,
            _ => {
                return Err(format!(
                    "blokus-mcts: moves {moves:?} is not 0 to {recorded}"
                ));
            }
        };
        match playouts.parse::<u64>() {
            Ok(playouts) if playouts > 0 => Ok(Only::BlokusMcts { moves, playouts }),
            _ => Err(format!("blokus-mcts: not a playout count: {playouts:?}")),
        }
    }
}

pub fn run(settings: &Settings, only: Option<Only>) {
    println!(
        "tabula {} bench (1 thread unless said)",
        env!("CARGO_PKG_VERSION")
    );
    match only {
        Some(Only::GoLight { size, playouts }) => {
            return go_light_playouts(size, playouts, settings.seed);
        }
        Some(Only::GoMcts { size, playouts }) => {
            go_mcts(size, playouts, 1, settings.seed);
            return;
        }
        Some(Only::BlokusMcts { moves, playouts }) => {
            blokus_mcts(moves, playouts, settings.seed);
            return;
        }
        None => {}
    }
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
    let decision = GoEngine::spending_whole_budgets().genmove(&game, Color::Black, &limits);
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

/// One search of the Blokus engine (no book, 1 thread, the whole budget spent) for the
/// colour to move after the first `moves` moves of the recorded Duo game.
fn blokus_mcts(moves: usize, playouts: u64, seed: u64) {
    use crate::games::blokus::{Board, Engine, Variant};
    use crate::search::Limits;
    let mut board = Board::new(Variant::Duo);
    for text in blokus_duo_midgame().take(moves) {
        let c = board.to_play().expect("the recorded game goes on");
        let mv = board.parse_move(text).expect("a recorded move");
        board.play(c, mv).expect("a legal recorded move");
    }
    let c = board.to_play().expect("the recorded game goes on");
    let limits = Limits {
        max_nodes: Some(playouts),
        seed,
        ..Limits::default()
    };
    let mut engine = Engine::unpaced();
    engine.set_book(false);
    let timer = Timer::start();
    let result = engine
        .search(&board, c, &limits)
        .expect("a colour with moves");
    let (cpu, wall) = timer.elapsed();
    let best = result
        .best
        .map_or("none".to_string(), |m| board.format_move(m.mv));
    println!(
        "blokus duo mcts after {moves} moves: {} playouts in {cpu:.2} s CPU ({wall:.2} s wall) = \
         {:.0} playouts per CPU second (move {best}, {} visits); {}",
        result.playouts,
        result.playouts as f64 / cpu,
        result.visits,
        result.shape.per_playout(result.playouts),
    );
}

/// Uniform random playouts on an empty board (no own-eye filling, captures and simple
/// ko handled): playouts per second and moves per second.
fn go_light_playouts(size: usize, playouts: u32, seed: u64) {
    let mut rng = Rng::new(seed);
    let empty = Board::new(size);
    let mut board = empty.clone();
    let max_moves = max_playout_moves(size);
    let timer = Timer::start();
    let (mut moves, mut black_wins) = (0u64, 0u32);
    for _ in 0..playouts {
        board.clone_from(&empty);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_figure_is_named_with_its_size_and_count() {
        assert_eq!(
            Only::parse("go-light", "9", "200000"),
            Some(Ok(Only::GoLight {
                size: 9,
                playouts: 200_000
            }))
        );
        assert_eq!(
            Only::parse("go-mcts", "19", "500"),
            Some(Ok(Only::GoMcts {
                size: 19,
                playouts: 500
            }))
        );
        assert_eq!(
            Only::parse("blokus-mcts", "12", "3000"),
            Some(Ok(Only::BlokusMcts {
                moves: 12,
                playouts: 3000
            }))
        );
        for (moves, count) in [("13", "10"), ("12", "0"), ("-1", "10"), ("6", "")] {
            assert!(matches!(
                Only::parse("blokus-mcts", moves, count),
                Some(Err(_))
            ));
        }
        assert_eq!(Only::parse("gtp", "9", "1"), None);
        for (size, count) in [
            ("1", "10"),
            ("26", "10"),
            ("9", "-1"),
            ("9", ""),
            ("x", "1"),
        ] {
            assert!(matches!(Only::parse("go-light", size, count), Some(Err(_))));
        }
    }
}
