//! Generates the Connect Four opening book from our own solver.
//!
//! `cargo run --release --bin tabula-connect4-book` solves every first move of the empty
//! 7×6 board exactly, then files the bounds the solver proved for positions of at most
//! `--depth` stones into `data/connect4/book-7x6.bin`. The search is deterministic, so the
//! same code and table size give the same file.
//!
//! Options: `--depth N` (default 12), `--table-bits B` (2^B buckets of 64 bytes, default
//! 22), `--max-entries N` (default 500000, about 5 MB), `--out PATH`.

use std::sync::Arc;
use std::time::Instant;

use tabula::flags;
use tabula::games::connect4::solver::{Book, Solver};
use tabula::games::connect4::{BoardSize, Connect4};
use tabula::search::Limits;

const USAGE: &str =
    "usage: tabula-connect4-book [--depth N] [--table-bits B] [--max-entries N] [--out PATH]
  Solves the Connect Four opening and writes the book (default data/connect4/book-7x6.bin).";

struct Options {
    depth: u32,
    table_bits: u32,
    max_entries: usize,
    out: String,
}

fn options() -> Options {
    let mut options = Options {
        depth: 12,
        table_bits: 22,
        max_entries: 500_000,
        out: "data/connect4/book-7x6.bin".to_string(),
    };
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--depth" => options.depth = args.number(&flag),
            "--table-bits" => options.table_bits = args.number(&flag),
            "--max-entries" => options.max_entries = args.number(&flag),
            "--out" => options.out = args.value(&flag),
            other => flags::unknown(other),
        }
    }
    options
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let options = options();
    let size = BoardSize::STANDARD;
    let mut solver = Solver::with_table_bits(size, options.table_bits);
    let start = Instant::now();
    let mut book = Book::new(size, options.depth, Vec::new());
    // Mirror images score alike: solving the left half and the centre is enough.
    for column in (0..size.width().div_ceil(2)).rev() {
        let mut game = Connect4::new(size);
        game.play(game.landing(column).unwrap()).unwrap();
        let (score, nodes) = solver.solve(&game).expect("a legal position");
        log::info!(
            "column {}: score {} for the first player, {nodes} nodes, {:.1} s",
            column + 1,
            -score,
            start.elapsed().as_secs_f64()
        );
        // Each solve starts a new table generation whose entries evict older ones first,
        // so what this one proved is filed now.
        book.merge(&Book::from_table(size, options.depth, solver.table()));
    }
    book.truncate(options.max_entries);
    log::info!("positions by stones: {:?}", book.counts_by_stones());
    std::fs::write(&options.out, book.to_bytes()).expect("writing the book");
    // The check that matters: with the book alone, the empty board analyses at once.
    let mut check = Solver::with_table_bits(size, 16);
    check.set_book(Some(Arc::new(book.clone())));
    let analysis = check
        .analyse(&Connect4::new(size), &Limits::default())
        .expect("the empty board is not over");
    log::info!(
        "empty board with the book: {:?}, {} nodes",
        analysis.scores,
        analysis.nodes
    );
    log::info!(
        "{} positions of at most {} stones written to {} in {:.1} s",
        book.len(),
        options.depth,
        options.out,
        start.elapsed().as_secs_f64()
    );
}
