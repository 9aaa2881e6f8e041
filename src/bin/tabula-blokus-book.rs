//! Generates the Blokus Duo opening book from our own search.
//!
//! `cargo run --release --bin tabula-blokus-book` searches Black's first move on the
//! empty board, White's answer to every first move of a pentomino (the only pieces the
//! search plays first) and Black's second move after its book move and every such
//! answer, and White's second move after each first move of the X pentomino (what
//! Pentobi opens with), the book's answer to it and every second pentomino of
//! Black's, and writes `data/blokus/book-duo.txt`. Each colour's first move is
//! searched with `--first-playouts` playouts (default 100,000), every later one with
//! `--playouts` (default 20,000), at seed 0: the first moves are the lines every game
//! goes through, and the engine reads a line only when its own budget for the move is
//! no larger than the line's, so deep first moves serve large budgets too. The search is
//! deterministic, so the same code gives the same file; `--threads N` (default 2)
//! shares the positions out, one search thread each.
//!
//! `--add FILE` instead extends the book at `--out`: it searches each position listed
//! in FILE (one per line, the moves from the empty board as the book writes them) that
//! the book lacks, or holds from a search of fewer than `--playouts`, and appends the
//! replies (a deeper line replaces the shallower one, which every budget reading the
//! old line reads too); a list can hold the lines some opponent actually plays. When
//! a deeper search changes a reply, the lines below the old reply are dropped: a
//! player following the book no longer reaches them, and the positions a full run
//! holds below the new reply (below a new first move of Black's, Black's second move
//! after each first pentomino of White's; below a new answer to a first X, White's
//! second move after each second pentomino of Black's) are searched as a full run
//! would, at 20,000 playouts or `--playouts` if fewer. A full run searches the
//! positions an earlier book gained this way again too, each at least as deep as the
//! book at `--out` held it, and drops the lines it then no longer reaches.
//!
//! Options: `--first-playouts N`, `--playouts N`, `--threads N`, `--out PATH`,
//! `--add FILE`.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Instant;

use tabula::flags;
use tabula::games::blokus::{Board, Book, Colour, Engine, MoveId, Variant, piece_by_name};
use tabula::search::Limits;

const USAGE: &str = "usage: tabula-blokus-book [--first-playouts N] [--playouts N] [--threads N] [--out PATH] [--add FILE]
  Generates the Blokus Duo opening book (default data/blokus/book-duo.txt); with --add FILE,
  searches the positions listed in FILE that the book lacks or holds from fewer playouts.";

/// The playouts of every move after the first in a full run, unless `--playouts`
/// says otherwise.
const LATER_PLAYOUTS: u64 = 20_000;

struct Options {
    first_playouts: u64,
    playouts: u64,
    threads: usize,
    out: String,
    add: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        first_playouts: 100_000,
        playouts: LATER_PLAYOUTS,
        threads: 2,
        out: "data/blokus/book-duo.txt".to_string(),
        add: None,
    };
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--first-playouts" => options.first_playouts = args.budget(&flag),
            "--playouts" => options.playouts = args.budget(&flag),
            "--threads" => options.threads = args.thread_count(&flag),
            "--out" => options.out = args.value(&flag),
            "--add" => options.add = Some(args.value(&flag)),
            other => flags::unknown(other),
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

/// `board` after the colour to move plays `mv`.
fn played(board: &Board, mv: MoveId) -> Board {
    let colour = board.to_play().expect("the opening goes on");
    let mut after = board.clone();
    after.play(colour, mv).expect("a legal move");
    after
}

/// The boards after each pentomino move of the colour to move on `board`.
fn after_each_pentomino(board: &Board) -> Vec<Board> {
    moves_where(board, |mv| board.tables().info(mv).len == 5)
        .into_iter()
        .map(|mv| played(board, mv))
        .collect()
}

/// The first moves of the X pentomino on `board`.
fn first_x_moves(board: &Board) -> Vec<MoveId> {
    let x = piece_by_name("X").expect("the X pentomino");
    moves_where(board, |mv| board.tables().info(mv).piece == x)
}

/// A searched position, its reply, and the playouts of the search.
struct Line {
    board: Board,
    reply: MoveId,
    playouts: u64,
}

/// The book's reply to the position `board`, among the searched lines.
fn reply_in(lines: &[Line], board: &Board) -> MoveId {
    let history = key(board);
    lines
        .iter()
        .find(|line| line.board.history().eq(history.iter().copied()))
        .map(|line| line.reply)
        .expect("the position was searched")
}

/// Searches every position with its playouts, sharing them out among `threads`
/// threads; returns the book lines in the order of `jobs`.
fn search_all(jobs: Vec<(Board, u64)>, options: &Options, start: Instant) -> Vec<Line> {
    let next = Mutex::new(0usize);
    let replies = Mutex::new(vec![None; jobs.len()]);
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
                    let Some((board, playouts)) = jobs.get(i) else {
                        break;
                    };
                    engine.clear();
                    let limits = Limits {
                        max_nodes: Some(*playouts),
                        ..Limits::default()
                    };
                    let colour = board.to_play().expect("the opening goes on");
                    let reply = engine
                        .genmove(board, colour, &limits)
                        .expect("a move in the opening");
                    eprintln!(
                        "{}/{} {:.0} s: {}",
                        i + 1,
                        jobs.len(),
                        start.elapsed().as_secs_f64(),
                        Book::format_line(board, reply)
                    );
                    replies.lock().unwrap()[i] = Some(reply);
                }
            });
        }
    });
    let replies = replies.into_inner().unwrap();
    jobs.into_iter()
        .zip(replies)
        .map(|((board, playouts), reply)| Line {
            board,
            reply: reply.expect("every position searched"),
            playouts,
        })
        .collect()
}

/// `lines` in the book format, under a `playouts` line wherever the depth changes.
fn format_lines(lines: &[Line]) -> String {
    let mut text = String::new();
    let mut depth = None;
    for line in lines {
        if depth != Some(line.playouts) {
            text.push_str(&format!("playouts {}\n", line.playouts));
            depth = Some(line.playouts);
        }
        text.push_str(&Book::format_line(&line.board, line.reply));
        text.push('\n');
    }
    text
}

/// The position of a line that is a position (the moves from the empty board) or a
/// book line (its reply ignored); `None` for comments and `playouts` lines.
fn position_of(line: &str) -> Option<Board> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with("playouts ") {
        return None;
    }
    let moves = line.split("->").next().unwrap_or_default();
    Some(Book::position(Variant::Duo, moves).unwrap_or_else(|e| panic!("{line}: {e}")))
}

/// The moves that lead to a position: what tells positions apart.
fn key(board: &Board) -> Vec<(Colour, MoveId)> {
    board.history().collect()
}

/// The positions of the lines of `text` that `book` lacks, or, given `deeper`, holds
/// from searches of fewer playouts; each once.
fn positions_lacking(book: &Book, text: &str, deeper: Option<u64>) -> Vec<Board> {
    let mut seen = HashSet::new();
    text.lines()
        .filter_map(position_of)
        .filter(|board| {
            let colour = board.to_play().expect("the opening goes on");
            match book.entry(board, colour) {
                None => true,
                Some(entry) => {
                    matches!((entry.playouts, deeper), (Some(had), Some(want)) if had < want)
                }
            }
        })
        .filter(|board| seen.insert(key(board)))
        .collect()
}

/// Searches the positions listed in `list` that the book at `--out` lacks, or holds
/// from searches of fewer than `--playouts`, and appends their replies to it, with
/// the positions a full run holds below each reply that changed.
fn add_positions(options: &Options, list: &str, start: Instant) {
    let text = std::fs::read_to_string(&options.out).expect("cannot read the book");
    let book = Book::parse(Variant::Duo, &text).unwrap_or_else(|e| panic!("{e}"));
    let list = std::fs::read_to_string(list).unwrap_or_else(|e| panic!("{list}: {e}"));
    let positions = positions_lacking(&book, &list, Some(options.playouts));
    // A position searched again loses its shallower line.
    let searched: HashSet<_> = positions.iter().map(key).collect();
    let replaced = |line: &&str| {
        line.contains("->") && position_of(line).is_some_and(|b| searched.contains(&key(&b)))
    };
    let mut text: String = text
        .lines()
        .filter(|line| !replaced(line))
        .map(|line| format!("{line}\n"))
        .collect();
    let mut added = positions.len();
    if !positions.is_empty() {
        let jobs = positions.iter().map(|b| (b.clone(), options.playouts));
        let lines = search_all(jobs.collect(), options, start);
        text.push_str(&format_lines(&lines));
        // Each changed reply, as the moves up to and including it.
        let changed: Vec<_> = lines
            .iter()
            .filter(|line| {
                let colour = line.board.to_play().expect("the opening goes on");
                book.reply(&line.board, colour)
                    .is_some_and(|old| old != line.reply)
            })
            .map(|line| key(&played(&line.board, line.reply)))
            .collect();
        let updated = Book::parse(Variant::Duo, &text).unwrap_or_else(|e| panic!("{e}"));
        let below = full_run_positions(&updated).into_iter().filter(|board| {
            let colour = board.to_play().expect("the opening goes on");
            updated.entry(board, colour).is_none()
                && changed.iter().any(|reply| {
                    reply.len() < board.num_moves()
                        && board.history().take(reply.len()).eq(reply.iter().copied())
                })
        });
        let playouts = options.playouts.min(LATER_PLAYOUTS);
        let jobs: Vec<_> = below.map(|b| (b, playouts)).collect();
        added += jobs.len();
        text.push_str(&format_lines(&search_all(jobs, options, start)));
    }
    let (text, dropped) = without_unreached_lines(&text);
    std::fs::write(&options.out, text).expect("cannot write the book");
    println!(
        "{added} positions added, {dropped} no longer reached, in {:.0} s -> {}",
        start.elapsed().as_secs_f64(),
        options.out
    );
}

/// The positions a full run searches (see [`generate`]), as far as `book`'s replies
/// lead: the empty board, White's answer to every first pentomino, Black's second
/// move after its book move and each first pentomino of White's, and White's second
/// move after each first X, the book's answer and each second pentomino of Black's.
fn full_run_positions(book: &Book) -> Vec<Board> {
    let empty = Board::new(Variant::Duo);
    let mut positions = vec![empty.clone()];
    positions.extend(after_each_pentomino(&empty));
    let after_reply =
        |board: &Board, colour: Colour| book.reply(board, colour).map(|reply| played(board, reply));
    if let Some(board) = after_reply(&empty, 0) {
        positions.extend(after_each_pentomino(&board));
    }
    for black_first in first_x_moves(&empty) {
        if let Some(board) = after_reply(&played(&empty, black_first), 1) {
            positions.extend(after_each_pentomino(&board));
        }
    }
    positions
}

/// Whether a player following `book` can reach `board`: at every earlier turn of the
/// colour to move, the book either holds no reply or holds the move played there.
fn reached(book: &Book, board: &Board) -> bool {
    let colour = board.to_play().expect("the opening goes on");
    let mut replay = Board::new(Variant::Duo);
    for (c, mv) in board.history() {
        if c == colour && book.reply(&replay, c).is_some_and(|reply| reply != mv) {
            return false;
        }
        replay.play(c, mv).expect("the line replays");
    }
    true
}

/// The book `text` without the lines a player following it no longer reaches (a
/// deeper search changed an earlier reply of theirs), and how many there were; a
/// `playouts` line left with no line of its own goes too.
fn without_unreached_lines(text: &str) -> (String, usize) {
    let book = Book::parse(Variant::Duo, text).unwrap_or_else(|e| panic!("{e}"));
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| position_of(line).is_none_or(|board| reached(&book, &board)))
        .collect();
    let dropped = text.lines().count() - kept.len();
    let is_depth = |line: &str| line.starts_with("playouts ");
    let text = kept
        .iter()
        .enumerate()
        .filter(|&(i, line)| !is_depth(line) || kept.get(i + 1).is_some_and(|next| !is_depth(next)))
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    (text, dropped)
}

/// Generates the book: the positions every game goes through, searched at their
/// default depths, and every position of the earlier book at `--out` the generated
/// lines lack. A position the earlier book holds from a deeper search is searched that
/// deep again, so a full run keeps what `--add` deepened; the lines then no longer
/// reached are dropped as `--add` drops them.
fn generate(options: &Options, start: Instant) {
    let earlier_text = std::fs::read_to_string(&options.out).unwrap_or_default();
    let earlier = Book::parse(Variant::Duo, &earlier_text).unwrap_or_else(|e| panic!("{e}"));
    let job = |board: Board, default: u64| {
        let colour = board.to_play().expect("the opening goes on");
        let had = earlier.entry(&board, colour).and_then(|e| e.playouts);
        let playouts = had.map_or(default, |had| had.max(default));
        (board, playouts)
    };

    let empty = Board::new(Variant::Duo);
    let mut first_moves = search_all(
        vec![job(empty.clone(), options.first_playouts)],
        options,
        start,
    );
    let black_first = first_moves[0].reply;
    let white_firsts = after_each_pentomino(&empty).into_iter();
    let jobs = white_firsts.map(|b| job(b, options.first_playouts));
    first_moves.extend(search_all(jobs.collect(), options, start));

    let mut positions = after_each_pentomino(&played(&empty, black_first));
    for black_first in first_x_moves(&empty) {
        let board = played(&empty, black_first);
        let board = played(&board, reply_in(&first_moves, &board));
        positions.extend(after_each_pentomino(&board));
    }
    let jobs = positions.into_iter().map(|b| job(b, options.playouts));
    let mut lines = first_moves;
    lines.extend(search_all(jobs.collect(), options, start));

    let generated = format_lines(&lines);
    let book = Book::parse(Variant::Duo, &generated).expect("the generated book reads");
    let gained = positions_lacking(&book, &earlier_text, None);
    let jobs = gained.into_iter().map(|b| job(b, options.playouts));
    lines.extend(search_all(jobs.collect(), options, start));
    // Deepest first, so that each depth is written once.
    lines.sort_by_key(|line| std::cmp::Reverse(line.playouts));
    let text = format!(
        "# Blokus Duo opening book: tabula's search at seed 0, each line with the \
         playouts above it.\n\
         # Generated by `cargo run --release --bin tabula-blokus-book`.\n{}",
        format_lines(&lines)
    );
    let (text, dropped) = without_unreached_lines(&text);
    std::fs::write(&options.out, text).expect("cannot write the book");
    println!(
        "{} positions searched, {dropped} no longer reached, in {:.0} s -> {}",
        lines.len(),
        start.elapsed().as_secs_f64(),
        options.out
    );
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let options = options();
    let start = Instant::now();
    match &options.add {
        Some(list) => add_positions(&options, list, start),
        None => generate(&options, start),
    }
}
