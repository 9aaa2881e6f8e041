//! Fits the weights by which the Blokus engine judges moves for its tree's priors
//! (`SMALL_BOARD` and `LARGE_BOARD` in `src/games/blokus/knowledge.rs`) to where deep
//! searches spend their playouts.
//!
//! Sampling: `tabula-blokus-priors --out FILE --seed S --games N` plays N games of
//! `--variant` (a Pentobi game name or id: `duo`, the default, or `c2` for Two-Player)
//! against itself (seeds S, S+1, ...; `--playouts` per move, default 900, no book)
//! and, in every other position once each colour has placed a piece, runs a separate
//! search of `--deep` playouts (default 30,000, unpaced, no tree kept) and writes each
//! move its root considered: a line `P seed moves count`, then per move its visits and
//! its feature counts (`feature` in knowledge.rs). Deterministic: the same seeds give
//! the same file. Run several processes with different seeds to use more cores.
//!
//! From game records: `tabula-blokus-priors --records FILE[,FILE...] --out FILE` writes
//! the same lines for every other position of each game (blksgf, any variant, setup
//! pieces placed first; `--seed` picks which half), one per move the tree would
//! consider there, with 1 for the move the record goes on with and 0 for the others: a
//! fit to them imitates whoever played the games. Positions whose move the tree would
//! not consider are left out and counted.
//!
//! Fitting: `tabula-blokus-priors [--variant V] --fit FILE[,FILE...]` fits a softmax
//! over each position's moves of the weighted feature sum to the share of the root's
//! visits each move got (cross-entropy, a little L2, Adam), trains on the first four
//! fifths of the positions and reports the loss and how often the top-scored move was
//! the most visited on the last fifth, for the variant's current weights and the fitted
//! ones, then prints the fitted weights doubled (the tree's prior halves them) as Rust.

use std::io::Write;

use tabula::flags;
use tabula::games::blokus::{
    Board, Colour, Engine, MoveId, Variant, feature, move_features, sgf, weights,
};
use tabula::search::Limits;
use tabula::softmax_fit::{self, Choice, evaluate};

const USAGE: &str = "usage: tabula-blokus-priors [--variant V] --out FILE [--seed S] [--games N]
         [--playouts N] [--deep N]
       tabula-blokus-priors --records FILE[,FILE...] --out FILE [--seed S]
       tabula-blokus-priors [--variant V] --fit FILE[,FILE...]
  Samples deep searches of self-play positions or the moves of game records, or fits
  the prior weights to samples.";

struct Options {
    variant: Variant,
    out: Option<String>,
    fit: Vec<String>,
    records: Vec<String>,
    seed: u64,
    games: u64,
    playouts: u64,
    deep: u64,
}

fn options() -> Options {
    let mut options = Options {
        variant: Variant::Duo,
        out: None,
        fit: Vec::new(),
        records: Vec::new(),
        seed: 1,
        games: 10,
        playouts: 900,
        deep: 30_000,
    };
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--variant" => {
                let name = args.value(&flag);
                options.variant = Variant::from_name(&name)
                    .or_else(|| Variant::from_id(&name))
                    .unwrap_or_else(|| flags::fail(&format!("unknown variant {name}")));
            }
            "--out" => options.out = Some(args.value(&flag)),
            "--fit" => {
                let files = args.value(&flag);
                options.fit = files.split(',').map(str::to_string).collect();
            }
            "--records" => {
                let files = args.value(&flag);
                options.records = files.split(',').map(str::to_string).collect();
            }
            "--seed" => options.seed = args.number(&flag),
            "--games" => options.games = args.number(&flag),
            "--playouts" => options.playouts = args.budget(&flag),
            "--deep" => options.deep = args.budget(&flag),
            other => flags::unknown(other),
        }
    }
    options
}

fn main() {
    let options = options();
    match &options.out {
        Some(out) if !options.records.is_empty() => sample_records(&options, out),
        Some(out) => sample(&options, out),
        None if !options.fit.is_empty() => fit(options.variant, &options.fit),
        None => flags::fail("give --out FILE to sample or --fit FILES to fit"),
    }
}

fn sample(options: &Options, out: &str) {
    let file = std::fs::File::create(out).unwrap_or_else(|e| panic!("{out}: {e}"));
    let mut out = std::io::BufWriter::new(file);
    for seed in options.seed..options.seed + options.games {
        let mut board = Board::new(options.variant);
        let mut player = Engine::new();
        player.set_book(false);
        let mut turn = 0u64;
        while let Some(c) = board.to_play() {
            turn += 1;
            if (seed + turn).is_multiple_of(2) && board.num_moves() >= board.num_colours() {
                let mut deep = Engine::unpaced();
                deep.set_book(false);
                let limits = Limits {
                    max_nodes: Some(options.deep),
                    seed: seed * 1000 + turn,
                    ..Limits::default()
                };
                deep.search(&board, c, &limits);
                let visits = deep.root_visits().into_iter().map(|(m, n)| (m.mv, n));
                write_position(&mut out, seed, &board, c, visits);
            }
            let limits = Limits {
                max_nodes: Some(options.playouts),
                seed: seed * 7919 + turn,
                ..Limits::default()
            };
            let Some(mv) = player.genmove(&board, c, &limits) else {
                break;
            };
            board.play(c, mv).expect("the engine plays legal moves");
        }
        out.flush().unwrap();
        eprintln!("game {seed} sampled");
    }
}

fn sample_records(options: &Options, out: &str) {
    let file = std::fs::File::create(out).unwrap_or_else(|e| panic!("{out}: {e}"));
    let mut out = std::io::BufWriter::new(file);
    let (mut written, mut outside) = (0u64, 0u64);
    for (game, path) in options.records.iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let record = sgf::read(&text, None).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut board = Board::new(record.variant());
        for (c, mv) in record.setup_pieces() {
            board
                .place_setup(c, mv)
                .expect("the record's setup was valid");
        }
        for (turn, (c, played)) in record.moves().enumerate() {
            let sampled = (options.seed + game as u64 + turn as u64).is_multiple_of(2);
            if sampled && board.num_moves() >= board.num_colours() {
                let moves = Engine::considered_moves(&board, c);
                if !moves.contains(&played) {
                    outside += 1;
                } else {
                    let chosen = moves.into_iter().map(|m| (m, u32::from(m == played)));
                    written += u64::from(write_position(&mut out, game as u64, &board, c, chosen));
                }
            }
            board
                .play(c, played)
                .expect("the record's moves were legal");
        }
    }
    out.flush().unwrap();
    eprintln!(
        "{written} positions written, {outside} left out (a move the tree would not consider)"
    );
}

/// Writes a position of `game` where `c` is to move: a line `P game moves count`, then
/// per move its target (visits, or 1 for the move played) and its feature counts.
/// Positions of fewer than two moves teach nothing and are skipped; returns whether
/// this one was written.
fn write_position(
    out: &mut impl Write,
    game: u64,
    board: &Board,
    c: Colour,
    targets: impl ExactSizeIterator<Item = (MoveId, u32)>,
) -> bool {
    if targets.len() < 2 {
        return false;
    }
    writeln!(out, "P {game} {} {}", board.num_moves(), targets.len()).unwrap();
    for (mv, target) in targets {
        let counts = move_features(board, c, mv).map(|x| x.to_string());
        writeln!(out, "{target} {}", counts.join(" ")).unwrap();
    }
    true
}

fn load(paths: &[String]) -> Vec<Choice<{ feature::COUNT }>> {
    let mut positions: Vec<Choice<{ feature::COUNT }>> = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            if line.starts_with('P') {
                positions.push(Choice { moves: Vec::new() });
                continue;
            }
            let numbers: Vec<f64> = line
                .split(' ')
                .map(|x| {
                    x.parse()
                        .unwrap_or_else(|_| panic!("{path}: bad line {line}"))
                })
                .collect();
            assert_eq!(numbers.len(), 1 + feature::COUNT, "{path}: bad line {line}");
            let position = positions.last_mut().expect("a P line first");
            position
                .moves
                .push((std::array::from_fn(|i| numbers[1 + i]), numbers[0]));
        }
    }
    positions.retain(|p| p.moves.len() >= 2);
    for position in &mut positions {
        let total: f64 = position.moves.iter().map(|m| m.1).sum();
        for m in &mut position.moves {
            m.1 /= total.max(1.0);
        }
    }
    positions
}

fn fit(variant: Variant, paths: &[String]) {
    let positions = load(paths);
    let (train, test) = positions.split_at(positions.len() * 4 / 5);
    println!("{} positions, {} to train on", positions.len(), train.len());
    let report = |name: &str, w: &[f64; feature::COUNT]| {
        let fit = evaluate(test, w);
        println!(
            "{name}: test loss {:.4}, top move agrees {:.1} %",
            fit.loss,
            100.0 * fit.agree
        );
    };
    // The engine halves its weights (knowledge.rs), so it predicts with half of them.
    report("current", &weights(variant).map(|w| f64::from(w) / 2.0));
    let w = softmax_fit::fit(train);
    report("fitted", &w);
    let doubled: Vec<String> = w.iter().map(|x| format!("{:.2}", 2.0 * x)).collect();
    println!("const WEIGHTS: Weights = [{}];", doubled.join(", "));
}
