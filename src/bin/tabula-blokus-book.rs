//! Generates the Blokus Duo opening book from our own search.
//!
//! `cargo run --release --bin tabula-blokus-book` searches Black's first move on the
//! empty board, White's answer to every first move of a pentomino (the only pieces the
//! search plays first) and Black's second move after its book move and every such
//! answer, and White's second move after each first move of the X pentomino (what
//! Pentobi opens with), the book's answer to it and every second pentomino of
//! Black's, each with `--playouts` playouts (default 20,000) at seed 0, and writes
//! `data/blokus/book-duo.txt`. The search is deterministic, so the same code
//! gives the same file; `--threads N` (default 2) shares the positions out, one search
//! thread each.
//!
//! Options: `--playouts N`, `--threads N`, `--out PATH`.

use std::sync::Mutex;
use std::time::Instant;

use tabula::flags;
use tabula::games::blokus::{Board, Book, Engine, MoveId, Variant, piece_by_name};
use tabula::search::Limits;

struct Options {
    playouts: u64,
    threads: usize,
    out: String,
}

fn options() -> Options {
    let mut options = Options {
        playouts: 20_000,
        threads: 2,
        out: "data/blokus/book-duo.txt".to_string(),
    };
    for (flag, value) in flags::pairs() {
        match flag.as_str() {
            "--playouts" => options.playouts = flags::number(&flag, &value),
            "--threads" => options.threads = flags::number::<usize>(&flag, &value).max(1),
            "--out" => options.out = value,
            other => panic!("unknown option {other}"),
        }
    }
    options
}

/// The moves of the colour to move on `board` that `keep` accepts.
fn moves_where(board: &Board, keep: impl Fn(MoveId) -> bool) -> Vec<MoveId> {
    let colour = board.to_play().expect("the opening goes on");
    board
        .legal_moves(colour)
        .into_iter()
        .filter(|&mv| keep(mv))
        .collect()
}

/// The boards after each pentomino move of the colour to move on `board`.
fn after_each_pentomino(board: &Board) -> Vec<Board> {
    let colour = board.to_play().expect("the opening goes on");
    moves_where(board, |mv| board.tables().info(mv).len == 5)
        .into_iter()
        .map(|mv| {
            let mut after = board.clone();
            after.play(colour, mv).expect("a legal move");
            after
        })
        .collect()
}

/// The first moves of the X pentomino on `board`.
fn first_x_moves(board: &Board) -> Vec<MoveId> {
    let x = piece_by_name("X").expect("the X pentomino");
    moves_where(board, |mv| board.tables().info(mv).piece == x)
}

/// The book's reply to the position `board`, among the searched lines.
fn reply_in(book: &[(Board, MoveId)], board: &Board) -> MoveId {
    let history: Vec<_> = board.history().collect();
    book.iter()
        .find(|(b, _)| b.history().eq(history.iter().copied()))
        .map(|&(_, reply)| reply)
        .expect("the position was searched")
}

/// Searches every position, sharing them out among `threads` threads; returns the
/// book lines in the order of `positions`.
fn search_all(positions: &[Board], options: &Options, start: Instant) -> Vec<(Board, MoveId)> {
    let next = Mutex::new(0usize);
    let replies = Mutex::new(vec![None; positions.len()]);
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                let mut engine = Engine::unpaced();
                engine.set_book(false);
                loop {
                    let i = {
                        let mut next = next.lock().unwrap();
                        *next += 1;
                        *next - 1
                    };
                    let Some(board) = positions.get(i) else { break };
                    engine.clear();
                    let limits = Limits {
                        max_nodes: Some(options.playouts),
                        ..Limits::default()
                    };
                    let colour = board.to_play().expect("the opening goes on");
                    let reply = engine
                        .genmove(board, colour, &limits)
                        .expect("a move in the opening");
                    eprintln!(
                        "{}/{} {:.0} s: {}",
                        i + 1,
                        positions.len(),
                        start.elapsed().as_secs_f64(),
                        Book::format_line(board, reply)
                    );
                    replies.lock().unwrap()[i] = Some(reply);
                }
            });
        }
    });
    let replies = replies.into_inner().unwrap();
    positions
        .iter()
        .cloned()
        .zip(
            replies
                .into_iter()
                .map(|r| r.expect("every position searched")),
        )
        .collect()
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let options = options();
    let start = Instant::now();
    let empty = Board::new(Variant::Duo);
    let mut book = search_all(std::slice::from_ref(&empty), &options, start);
    let (_, black_first) = book[0];
    let mut after_book_move = empty.clone();
    after_book_move
        .play(0, black_first)
        .expect("the searched move is legal");
    let mut positions = after_each_pentomino(&empty);
    positions.extend(after_each_pentomino(&after_book_move));
    book.extend(search_all(&positions, &options, start));
    let mut white_second = Vec::new();
    for black_first in first_x_moves(&empty) {
        let mut board = empty.clone();
        board.play(0, black_first).expect("a legal first move");
        let white_first = reply_in(&book, &board);
        board
            .play(1, white_first)
            .expect("the searched move is legal");
        white_second.extend(after_each_pentomino(&board));
    }
    book.extend(search_all(&white_second, &options, start));
    let mut text = format!(
        "# Blokus Duo opening book: tabula's search, {0} playouts per position, seed 0.\n\
         # Generated by `cargo run --release --bin tabula-blokus-book`.\n\
         playouts {0}\n",
        options.playouts
    );
    for (board, reply) in &book {
        text.push_str(&Book::format_line(board, *reply));
        text.push('\n');
    }
    std::fs::write(&options.out, text).expect("cannot write the book");
    println!(
        "{} positions in {:.0} s -> {}",
        book.len(),
        start.elapsed().as_secs_f64(),
        options.out
    );
}
