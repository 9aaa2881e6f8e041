//! The engine against truths computed with the rules code alone: forced wins by fours
//! (VCF) found by brute force, forced blocks, fouls, budgets.

use std::time::{Duration, Instant};
use tabula::games::gomoku::engine::{Engine, WIN};
use tabula::games::gomoku::{Color, Foul, Gomoku, Outcome, Point, Rules};
use tabula::rng::Rng;
use tabula::search::Limits;

fn nodes(n: u64) -> Limits {
    Limits {
        max_nodes: Some(n),
        ..Limits::default()
    }
}

/// Whether the side to move wins at once by playing `p`.
fn wins_now(g: &mut Gomoku, p: Point) -> bool {
    let me = g.to_move();
    if g.play(p).is_err() {
        return false;
    }
    let won = g.outcome() == Some(Outcome::Win(me));
    g.undo();
    won
}

fn empties(g: &Gomoku) -> Vec<Point> {
    let mut out = Vec::new();
    for y in 0..g.height() {
        for x in 0..g.width() {
            let p = Point::new(x, y);
            if g.stone_at(p).is_none() {
                out.push(p);
            }
        }
    }
    out
}

/// Points on the four lines through `p`, within four steps.
fn line_points(g: &Gomoku, p: Point) -> Vec<Point> {
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for k in -4i32..=4 {
            let (x, y) = (p.x as i32 + k * dx, p.y as i32 + k * dy);
            if k != 0 && x >= 0 && y >= 0 && (x as usize) < g.width() && (y as usize) < g.height() {
                out.push(Point::new(x as usize, y as usize));
            }
        }
    }
    out
}

/// Points where `color` would win at once, among `points`.
fn five_points(g: &mut Gomoku, color: Color, points: &[Point]) -> Vec<Point> {
    let saved = g.to_move();
    g.set_to_move(color);
    let found = points
        .iter()
        .copied()
        .filter(|&q| g.stone_at(q).is_none() && wins_now(g, q))
        .collect();
    g.set_to_move(saved);
    found
}

/// Brute-force VCF of at most `fours` fours for the side to move (freestyle), from the
/// rules alone: each four forces the single block; two five points win.
fn brute_vcf(g: &mut Gomoku, fours: u32) -> bool {
    let me = g.to_move();
    let all = empties(g);
    if all.iter().any(|&p| wins_now(g, p)) {
        return true;
    }
    if fours == 0 || !five_points(g, me.opponent(), &all).is_empty() {
        return false;
    }
    for p in all {
        if g.play(p).is_err() {
            continue;
        }
        let threats = five_points(g, me, &line_points(g, p));
        let result = match threats.as_slice() {
            [] => false,
            [block] => {
                g.play(*block).unwrap();
                let blocked_with_four =
                    !five_points(g, me.opponent(), &line_points(g, *block)).is_empty();
                let r = !blocked_with_four && brute_vcf(g, fours - 1);
                g.undo();
                r
            }
            _ => true,
        };
        g.undo();
        if result {
            return true;
        }
    }
    false
}

/// Random freestyle positions near the centre, no game over, side to move has no five.
fn random_positions(seed: u64, count: usize, stones: usize) -> Vec<Gomoku> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        while g.stone_count() < stones && g.outcome().is_none() {
            let p = Point::new(3 + rng.below(9) as usize, 3 + rng.below(9) as usize);
            let _ = g.play(p);
        }
        let all = empties(&g);
        if g.outcome().is_none() && !all.clone().into_iter().any(|p| wins_now(&mut g, p)) {
            out.push(g);
        }
    }
    out
}

#[test]
fn finds_every_short_vcf() {
    let mut engine = Engine::new(16 << 20);
    let mut with_vcf = 0;
    for (n, g) in random_positions(11, 400, 22).into_iter().enumerate() {
        let mut probe = g.clone();
        if !brute_vcf(&mut probe, 2) {
            continue;
        }
        with_vcf += 1;
        let r = engine.genmove(&g, &nodes(20_000)).unwrap();
        assert!(
            r.score >= WIN - 100,
            "position {n}: VCF missed, played {:?} score {}\n{}",
            r.best,
            r.score,
            g.render()
        );
        // The first move of a win by fours is itself a four (or a five).
        let mut after = g.clone();
        let me = after.to_move();
        after.play(r.best).unwrap();
        let threats = five_points(&mut after, me, &line_points(&g, r.best));
        assert!(
            after.outcome().is_some() || !threats.is_empty() || !r.vcf,
            "position {n}: {:?} is no four",
            r.best
        );
    }
    assert!(with_vcf >= 15, "only {with_vcf} positions with a VCF");
}

#[test]
fn blocks_the_single_five_point() {
    let mut engine = Engine::new(16 << 20);
    let mut checked = 0;
    for g in random_positions(5, 600, 24) {
        let mut probe = g.clone();
        let me = probe.to_move();
        let all = empties(&probe);
        let theirs = five_points(&mut probe, me.opponent(), &all);
        if theirs.len() != 1 {
            continue;
        }
        checked += 1;
        let r = engine.genmove(&g, &nodes(5_000)).unwrap();
        assert_eq!(r.best, theirs[0], "\n{}", g.render());
    }
    assert!(
        checked >= 20,
        "only {checked} positions with a four to block"
    );
}

#[test]
fn open_four_in_one_move_is_played() {
    // Black has an open three with room: .XXX. on row 7; White elsewhere; Black to move
    // makes the open four (or a five later), never anything slower.
    let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
    for (b, w) in [((5, 7), (0, 0)), ((6, 7), (14, 0)), ((7, 7), (0, 14))] {
        g.place(Point::new(b.0, b.1), Color::Black).unwrap();
        g.place(Point::new(w.0, w.1), Color::White).unwrap();
    }
    let r = Engine::new(1 << 20).genmove(&g, &nodes(5_000)).unwrap();
    assert!(
        [Point::new(4, 7), Point::new(8, 7)].contains(&r.best),
        "{r:?}"
    );
    assert!(r.score >= WIN - 100);
}

#[test]
fn never_plays_a_forbidden_point_in_renju() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/renju/renju_forbidden_generated.jsonl"),
    )
    .unwrap();
    let mut engine = Engine::new(16 << 20);
    let mut checked = 0;
    for line in text.lines().step_by(15) {
        let mut g = Gomoku::new(Rules::renju(), 15, 15).unwrap();
        for (key, color) in [("\"black\":", Color::Black), ("\"white\":", Color::White)] {
            let start = line.find(key).unwrap() + key.len();
            let list = &line[start..start + line[start..].find("]]").unwrap() + 1];
            for pair in list.split("],[") {
                let nums: Vec<usize> = pair
                    .trim_matches(|c| c == '[' || c == ']')
                    .split(',')
                    .map(|s| s.parse().unwrap())
                    .collect();
                g.place(Point::new(nums[0], nums[1]), color).unwrap();
            }
        }
        g.set_to_move(Color::Black);
        if g.outcome().is_some() || g.forbidden_points().is_empty() {
            continue;
        }
        let r = engine.genmove(&g, &nodes(3_000)).unwrap();
        assert_eq!(g.foul_at(r.best), None, "{line}");
        assert!(g.is_legal(r.best));
        checked += 1;
    }
    assert!(checked >= 150, "{checked}");
}

#[test]
fn answers_a_legal_move_when_the_only_defence_is_forbidden() {
    // White's four 3,3..6,6 (blocked at 2,2) can only be stopped at 7,7, a double-three
    // for Black.
    let mut g = Gomoku::new(Rules::renju(), 15, 15).unwrap();
    let black = [(6, 7), (8, 7), (7, 6), (7, 8), (2, 2)];
    let white = [(3, 3), (4, 4), (5, 5), (6, 6), (14, 14)];
    for (b, w) in black.iter().zip(white) {
        g.place(Point::new(b.0, b.1), Color::Black).unwrap();
        g.place(Point::new(w.0, w.1), Color::White).unwrap();
    }
    g.set_to_move(Color::Black);
    assert_eq!(g.foul_at(Point::new(7, 7)), Some(Foul::DoubleThree));
    let r = Engine::new(1 << 20).genmove(&g, &nodes(5_000)).unwrap();
    assert!(g.is_legal(r.best), "{r:?}");
    assert!(r.score <= -WIN + 100, "{r:?}");
}

#[test]
fn budgets_are_kept_and_answers_reproducible() {
    let g = random_positions(3, 1, 16).pop().unwrap();
    let a = Engine::new(8 << 20).genmove(&g, &nodes(30_000)).unwrap();
    let b = Engine::new(8 << 20).genmove(&g, &nodes(30_000)).unwrap();
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert!(a.nodes <= 30_001, "{}", a.nodes);
    // A generous bound: only a search that ignores its clock fails it.
    let start = Instant::now();
    let limits = Limits {
        max_time: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    Engine::new(8 << 20).genmove(&g, &limits).unwrap();
    assert!(start.elapsed() < Duration::from_secs(3));
}

/// White threatens a double three at 7,7 (two open twos crossing there; Black's stones
/// close the diagonals); Black, to move with nothing forcing of its own, must stop it:
/// afterwards White finds no forced win.
#[test]
fn stops_a_threatened_double_three() {
    let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
    let white = [(5, 7), (6, 7), (7, 5), (7, 6)];
    let black = [(6, 6), (8, 8), (4, 8), (8, 4)];
    for (b, w) in black.iter().zip(white) {
        g.place(Point::new(b.0, b.1), Color::Black).unwrap();
        g.place(Point::new(w.0, w.1), Color::White).unwrap();
    }
    g.set_to_move(Color::White);
    let threat = Engine::new(8 << 20).genmove(&g, &nodes(200_000)).unwrap();
    assert!(threat.score >= WIN - 100, "no threat to stop: {threat:?}");
    g.set_to_move(Color::Black);
    let defence = Engine::new(8 << 20).genmove(&g, &nodes(200_000)).unwrap();
    g.play(defence.best).unwrap();
    let after = Engine::new(8 << 20).genmove(&g, &nodes(200_000)).unwrap();
    assert!(
        after.score < WIN - 100,
        "{:?} does not stop it: {after:?}\n{}",
        defence.best,
        g.render()
    );
}
