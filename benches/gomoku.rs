//! Five-in-a-row figures, comparable run to run: Renju forbidden-point checks per
//! second, engine search speed at a fixed node budget and at 1 s per move, and the
//! threat solver's wins and nodes at a fixed budget.
//!
//! `cargo bench --bench gomoku`

use std::time::{Duration, Instant};
use tabula::games::gomoku::engine::Engine;
use tabula::games::gomoku::{Color, Gomoku, Point, Rules};
use tabula::rng::Rng;
use tabula::search::Limits;

/// Renju positions from a seeded random walk: Black avoids its forbidden points.
fn renju_positions(count: usize, stones: usize) -> Vec<Gomoku> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Gomoku::new(Rules::renju(), 15, 15).unwrap();
        while g.stone_count() < stones && g.outcome().is_none() {
            let p = Point::new(3 + rng.below(9) as usize, 3 + rng.below(9) as usize);
            let _ = g.play(p);
        }
        if g.outcome().is_none() {
            g.set_to_move(Color::Black);
            out.push(g);
        }
    }
    out
}

fn forbidden_checks() {
    let positions = renju_positions(300, 30);
    let start = Instant::now();
    let (mut points, mut forbidden) = (0u64, 0u64);
    for _ in 0..3 {
        for g in &positions {
            points += (g.width() * g.height() - g.stone_count()) as u64;
            forbidden += g.forbidden_points().len() as u64;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "renju forbidden check: {points} empty points ({forbidden} forbidden) in {secs:.3} s = {:.0} points/s",
        points as f64 / secs
    );
}

fn search(label: &str, limits: &Limits, positions: &[Gomoku]) {
    let mut engine = Engine::new(64 << 20);
    let (mut nodes, mut depth) = (0u64, 0i64);
    let start = Instant::now();
    for g in positions {
        engine.clear();
        let r = engine.genmove(g, limits).unwrap();
        nodes += r.nodes;
        depth += r.depth as i64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "search {label}: {} positions, {nodes} nodes, mean depth {:.1}, {:.3} s/move, {:.0} nodes/s",
        positions.len(),
        depth as f64 / positions.len() as f64,
        secs / positions.len() as f64,
        nodes as f64 / secs
    );
}

/// The threat solver alone (fours and open threes, as the root tries it first) on
/// positions of a seeded random walk: how many wins it finds within its budget, and
/// the nodes it spends (a search that finds nothing spends them all unless it exhausts
/// its depth first).
fn threat_wins(label: &str, positions: &[Gomoku]) {
    let mut engine = Engine::new(64 << 20);
    let (mut wins, mut nodes) = (0, 0u64);
    let start = Instant::now();
    for g in positions {
        engine.clear();
        let (found, used) = engine.threat_win(g, 200_000);
        wins += usize::from(found.is_some());
        nodes += used;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "threat solver {label}: {} positions, {wins} wins, {nodes} nodes, {:.0} nodes/s",
        positions.len(),
        nodes as f64 / secs
    );
}

fn main() {
    forbidden_checks();
    let mut freestyle = Vec::new();
    for g in renju_positions(6, 12) {
        let mut f = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        for (p, c) in g.history() {
            f.place(p, c).unwrap();
        }
        f.set_to_move(g.to_move());
        freestyle.push(f);
    }
    let fixed = Limits {
        max_nodes: Some(300_000),
        ..Limits::default()
    };
    search("freestyle, 300k nodes", &fixed, &freestyle);
    search("renju, 300k nodes", &fixed, &renju_positions(6, 12));
    let second = Limits {
        max_time: Some(Duration::from_secs(1)),
        ..Limits::default()
    };
    search("freestyle, 1 s/move", &second, &freestyle[..3]);
    threat_wins("renju, 200k nodes", &renju_positions(200, 24));
}
