//! Differential test against GNU Go: hundreds of random games with captures, ko fights,
//! suicide attempts, passes, non-alternating moves and undo, played on both engines at
//! once. After every step the stones and the legal moves must be identical (Japanese
//! rules on both sides: simple ko, no suicide).

mod common;

use common::{Engine, gnugo, vertex_set};
use tabula::rng::Rng;

struct Pair {
    ours: Engine,
    theirs: Engine,
}

impl Pair {
    fn both(&mut self, command: &str) -> (bool, bool) {
        let a = self.ours.send(command);
        let b = self.theirs.send(command);
        (a.ok, b.ok)
    }

    fn assert_same(&mut self, context: &str, check_legal: &[&str]) {
        for colour in ["black", "white"] {
            let cmd = format!("list_stones {colour}");
            let a = vertex_set(&self.ours.ok(&cmd));
            let b = vertex_set(&self.theirs.ok(&cmd));
            assert_eq!(a, b, "{context}: {colour} stones differ");
        }
        for colour in check_legal {
            let cmd = format!("all_legal {colour}");
            let a = vertex_set(&self.ours.ok(&cmd));
            let b = vertex_set(&self.theirs.ok(&cmd));
            assert_eq!(a, b, "{context}: legal moves for {colour} differ");
        }
    }
}

fn letters(size: usize) -> Vec<char> {
    "ABCDEFGHJKLMNOPQRST".chars().take(size).collect()
}

fn play_game(pair: &mut Pair, size: usize, max_moves: usize, seed: u64) -> (usize, usize, usize) {
    let mut rng = Rng::new(seed);
    for cmd in [
        format!("boardsize {size}"),
        "clear_board".into(),
        "komi 6.5".into(),
    ] {
        let (a, b) = pair.both(&cmd);
        assert!(a && b, "{cmd}");
    }
    let cols = letters(size);
    let all: Vec<String> = cols
        .iter()
        .flat_map(|c| (1..=size).map(move |r| format!("{c}{r}")))
        .collect();
    let mut colour = "black";
    let (mut played, mut refused, mut refused_empty) = (0, 0, 0);
    for step in 0..max_moves {
        let context = format!("{size}x{size} seed {seed} step {step}");
        let roll = rng.below(100);
        if roll < 4 && played > 0 {
            let (a, b) = pair.both("undo");
            assert_eq!(a, b, "{context}: undo");
        } else if roll < 6 {
            let (a, b) = pair.both(&format!("play {colour} pass"));
            assert!(a && b, "{context}: pass");
        } else if roll < 14 {
            // Try a move that should be refused: occupied, suicide or ko.
            let legal = vertex_set(&pair.ours.ok(&format!("all_legal {colour}")));
            let mut stones = vertex_set(&pair.ours.ok("list_stones black"));
            stones.extend(vertex_set(&pair.ours.ok("list_stones white")));
            let illegal: Vec<&String> = all.iter().filter(|v| !legal.contains(v)).collect();
            // Empty but illegal points are the interesting ones: suicide and ko.
            let empty_illegal: Vec<&String> = illegal
                .iter()
                .copied()
                .filter(|v| !stones.contains(v))
                .collect();
            let pool = if !empty_illegal.is_empty() && rng.below(100) < 80 {
                &empty_illegal
            } else {
                &illegal
            };
            if let Some(v) = pool.get(rng.below(pool.len().max(1) as u32) as usize) {
                let (a, b) = pair.both(&format!("play {colour} {v}"));
                assert!(
                    !a && !b,
                    "{context}: play {colour} {v} must be refused by both"
                );
                refused += 1;
                if !stones.contains(v) {
                    refused_empty += 1;
                }
            }
            continue;
        } else {
            let legal = vertex_set(&pair.ours.ok(&format!("all_legal {colour}")));
            if legal.is_empty() {
                pair.both(&format!("play {colour} pass"));
            } else {
                // Prefer moves next to stones: they make captures and ko fights.
                let near: Vec<&String> = legal
                    .iter()
                    .filter(|v| neighbours(v, size).iter().any(|n| !legal.contains(n)))
                    .collect();
                let v = if !near.is_empty() && rng.below(100) < 70 {
                    near[rng.below(near.len() as u32) as usize].clone()
                } else {
                    legal[rng.below(legal.len() as u32) as usize].clone()
                };
                let (a, b) = pair.both(&format!("play {colour} {v}"));
                assert!(a && b, "{context}: play {colour} {v}: ours {a}, GNU Go {b}");
                played += 1;
            }
        }
        // Mostly alternate; sometimes the same colour plays again, as GTP allows.
        if rng.below(100) >= 3 {
            colour = if colour == "black" { "white" } else { "black" };
        }
        let other = if colour == "black" { "white" } else { "black" };
        let check: &[&str] = if step % 8 == 0 {
            &[colour, other]
        } else {
            &[colour]
        };
        pair.assert_same(&context, check);
    }
    (played, refused, refused_empty)
}

fn neighbours(v: &str, size: usize) -> Vec<String> {
    let cols = letters(size);
    let mut chars = v.chars();
    let c = chars.next().unwrap();
    let x = cols.iter().position(|&l| l == c).unwrap() as i32;
    let y: i32 = chars.as_str().parse().unwrap();
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .iter()
        .filter(|&&(x, y)| x >= 0 && (x as usize) < size && y >= 1 && y as usize <= size)
        .map(|&(x, y)| format!("{}{}", cols[x as usize], y))
        .collect()
}

fn run_share(gnugo: String, games: Vec<(usize, usize, u64)>) -> [usize; 4] {
    let mut pair = Pair {
        ours: Engine::tabula(&[]),
        theirs: Engine::start(&gnugo, &["--mode", "gtp", "--level", "0"]),
    };
    pair.ours.ok("kgs-rules japanese");
    let mut totals = [games.len(), 0, 0, 0];
    for &(size, moves, seed) in &games {
        let (p, r, e) = play_game(&mut pair, size, moves, seed);
        totals[1] += p;
        totals[2] += r;
        totals[3] += e;
    }
    totals
}

#[test]
#[cfg_attr(
    missing_gnugo,
    ignore = "GNU Go not found: apt-get install gnugo, or set GNUGO (.ci/run installs it)"
)]
fn random_games_agree_with_gnu_go_move_for_move() {
    let gnugo = gnugo();
    let mut games = Vec::new();
    for (size, count, moves) in [(5, 110, 60), (9, 100, 130), (13, 50, 160), (19, 40, 170)] {
        for i in 0..count {
            games.push((size, moves, (size * 1000 + i) as u64));
        }
    }
    assert!(games.len() >= 300);
    // Two workers, each with its own pair of engines.
    let halves: Vec<Vec<(usize, usize, u64)>> = vec![
        games.iter().copied().step_by(2).collect(),
        games.iter().copied().skip(1).step_by(2).collect(),
    ];
    let handles: Vec<_> = halves
        .into_iter()
        .map(|share| {
            let g = gnugo.clone();
            std::thread::spawn(move || run_share(g, share))
        })
        .collect();
    let mut t = [0usize; 4];
    for h in handles {
        let share = h.join().expect("a worker failed");
        for i in 0..4 {
            t[i] += share[i];
        }
    }
    let [games, played, refused, suicide_or_ko] = t;
    println!(
        "{games} games, {played} moves played, {refused} illegal moves refused by both \
         ({suicide_or_ko} of them on empty points: suicide or ko)"
    );
    assert!(games >= 300 && refused > 1000 && suicide_or_ko > 300);
}
