//! The Blokus player's behaviour: legal moves only, passes, reproducibility, the book.

mod common;

use tabula::games::blokus::{Board, Engine, Variant, shipped_book};
use tabula::search::Limits;

fn budget(playouts: u64, seed: u64) -> Limits {
    Limits {
        max_nodes: Some(playouts),
        seed,
        ..Limits::default()
    }
}

/// `limits` with the stop flag raised: a search answers before its first playout, so
/// the answer shows whether the book or the search gave the move.
fn stopped(limits: Limits) -> Limits {
    limits
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    limits
}

#[test]
fn plays_whole_games_with_legal_moves_only() {
    for variant in [Variant::Duo, Variant::ClassicThree] {
        let mut board = Board::new(variant);
        let mut engine = Engine::new();
        while let Some(c) = board.to_play() {
            let mv = engine
                .genmove(&board, c, &budget(12, 1))
                .expect("a colour to play has a move");
            board.play(c, mv).expect("the engine's move is legal");
        }
        assert!(board.is_game_over());
    }
}

#[test]
fn passes_when_the_colour_has_no_move() {
    let mut board = Board::new(Variant::Duo);
    let mut engine = Engine::new();
    // White fills the game alone; black never played so it still has its first moves.
    while board.has_moves(1) {
        let mv = engine.genmove(&board, 1, &budget(30, 2)).unwrap();
        board.play(1, mv).unwrap();
    }
    assert_eq!(engine.genmove(&board, 1, &budget(30, 2)), None);
    assert_eq!(
        engine.genmove(&board, 0, &budget(30, 2)).is_some(),
        board.has_moves(0)
    );
}

#[test]
fn opening_moves_are_pentominoes() {
    let board = Board::new(Variant::Duo);
    let mut engine = Engine::new();
    engine.set_book(false);
    let mv = engine.genmove(&board, 0, &budget(300, 3)).unwrap();
    assert_eq!(board.tables().info(mv).len, 5);
    let classic = Board::new(Variant::Classic);
    let mv = Engine::new().genmove(&classic, 2, &budget(100, 3)).unwrap();
    assert_eq!(classic.tables().info(mv).len, 5);
    assert!(classic.clone().play(2, mv).is_ok());
}

#[test]
fn same_seed_and_budget_give_the_same_move() {
    let mut board = Board::new(Variant::Duo);
    for text in ["e10,d11,e11,f11,e12", "j5,i6,j6,k6,j4"] {
        let c = board.to_play().unwrap();
        board.play(c, board.parse_move(text).unwrap()).unwrap();
    }
    let moves: Vec<_> = (0..2)
        .map(|_| Engine::new().genmove(&board, 0, &budget(500, 42)).unwrap())
        .collect();
    assert_eq!(moves[0], moves[1]);
    let results: Vec<_> = (0..2)
        .map(|_| Engine::new().search(&board, 0, &budget(500, 42)).unwrap())
        .collect();
    assert_eq!(results[0].visits, results[1].visits);
    assert_eq!(results[0].playouts, results[1].playouts);
    // Black's second move: 0.7 × e^0.1 of the budget at most (see `playouts_for_move`).
    assert!(results[0].playouts <= 387, "{}", results[0].playouts);
}

#[test]
fn only_the_unpaced_player_spends_every_budget_in_full() {
    let mut board = Board::new(Variant::Duo);
    let mut paced = Engine::new();
    let mut unpaced = Engine::unpaced();
    for _ in 0..6 {
        let c = board.to_play().unwrap();
        let full = unpaced.search(&board, c, &budget(300, 1)).unwrap();
        assert_eq!(full.playouts, 300);
        // Rounds 0–2: at most 0.7 × e^0.2 of the budget, less what the tree kept.
        let paced = paced.search(&board, c, &budget(300, 1)).unwrap();
        assert!(paced.playouts <= 256, "{}", paced.playouts);
        board.play(c, full.best.unwrap().mv).unwrap();
    }
}

#[test]
fn parallel_search_and_tree_reuse_stay_legal() {
    let mut board = Board::new(Variant::Duo);
    let mut engine = Engine::new();
    let limits = Limits {
        max_nodes: Some(400),
        threads: 2,
        ..Limits::default()
    };
    for _ in 0..6 {
        let c = board.to_play().unwrap();
        let result = engine.search(&board, c, &limits).unwrap();
        assert!(result.playouts <= 400, "{}", result.playouts);
        board.play(c, result.best.unwrap().mv).unwrap();
    }
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_once() {
    let board = Board::new(Variant::Classic);
    let limits = stopped(Limits::default());
    let result = Engine::new().search(&board, 0, &limits).unwrap();
    assert_eq!(result.playouts, 0);
    // Even without a single playout there is a legal answer.
    let mv = Engine::new().genmove(&board, 0, &limits).unwrap();
    assert!(board.is_legal(0, mv));
}

#[test]
fn the_duo_opening_comes_from_the_book_without_searching() {
    let book = shipped_book(Variant::Duo).unwrap();
    let mut board = Board::new(Variant::Duo);
    let stopped = stopped(Limits::default());
    let mut engine = Engine::new();
    // Both colours follow the book's own line as far as it goes.
    let mut c = 0;
    while book.reply(&board, c).is_some() {
        let mv = engine.genmove(&board, c, &stopped).unwrap();
        assert_eq!(Some(mv), book.reply(&board, c));
        board.play(c, mv).unwrap();
        c = 1 - c;
    }
    assert!(board.num_moves() >= 3, "{} book moves", board.num_moves());
    // Past the book the search answers again.
    assert!(engine.genmove(&board, c, &budget(50, 1)).is_some());
}

#[test]
fn a_budget_deeper_than_the_book_searches_the_opening_itself() {
    let book = shipped_book(Variant::Duo).unwrap();
    let board = Board::new(Variant::Duo);
    let entry = book.entry(&board, 0).unwrap();
    let (from_book, depth) = (entry.mv, entry.playouts.expect("the book says how deep"));
    let stopped_at = |playouts: u64| stopped(budget(playouts, 0));
    let mut no_book = Engine::new();
    no_book.set_book(false);
    let searched = no_book.genmove(&board, 0, &stopped_at(u64::MAX)).unwrap();
    assert_ne!(searched, from_book);
    // The first move's paced budget is 0.6 × 0.7 = 0.42 × the nominal one.
    let at_most_the_book = depth * 100 / 42;
    let mut engine = Engine::new();
    assert_eq!(
        engine.genmove(&board, 0, &stopped_at(at_most_the_book)),
        Some(from_book)
    );
    for deeper in [at_most_the_book + 3, u64::MAX] {
        assert_eq!(
            engine.genmove(&board, 0, &stopped_at(deeper)),
            Some(searched)
        );
    }
    // A time budget has no playout count to compare: the book answers.
    let timed = stopped(Limits::default());
    assert_eq!(engine.genmove(&board, 0, &timed), Some(from_book));
}

#[test]
fn each_book_line_is_used_up_to_its_own_depth() {
    let book = shipped_book(Variant::Duo).unwrap();
    let mut board = Board::new(Variant::Duo);
    let mut depths = Vec::new();
    for c in [0, 1] {
        let entry = book.entry(&board, c).unwrap();
        depths.push(entry.playouts.unwrap());
        board.play(c, entry.mv).unwrap();
    }
    let second = book.entry(&board, 0).unwrap();
    let second_depth = second.playouts.unwrap();
    let first_depth = depths[0].min(depths[1]);
    assert!(
        second_depth < first_depth,
        "first moves are searched deeper than later ones"
    );
    // A budget between the depths (paced 0.7 × in round 0, 0.77 × in round 1): the
    // first moves come from the book, Black's second move from the search.
    let nominal = second_depth * 2;
    assert!(nominal * 7 / 10 <= first_depth);
    let stopped = stopped(budget(nominal, 0));
    let mut engine = Engine::new();
    let mut replay = Board::new(Variant::Duo);
    for c in [0, 1] {
        let mv = engine.genmove(&replay, c, &stopped).unwrap();
        assert_eq!(Some(mv), book.reply(&replay, c));
        replay.play(c, mv).unwrap();
    }
    let mut no_book = Engine::new();
    no_book.set_book(false);
    let searched = no_book.genmove(&replay, 0, &stopped).unwrap();
    assert_ne!(searched, second.mv);
    assert_eq!(engine.genmove(&replay, 0, &stopped), Some(searched));
}

#[test]
fn the_nobook_flag_makes_the_daemon_search_the_opening() {
    let book = shipped_book(Variant::Duo).unwrap();
    let first = |flags: &[&str]| {
        let mut args = vec!["--playouts", "50"];
        args.extend_from_slice(flags);
        let mut daemon = common::Engine::tabula(&args);
        daemon.ok("set_game Blokus Duo");
        let answer = daemon.ok("genmove b");
        daemon.quit();
        answer
    };
    let board = Board::new(Variant::Duo);
    let from_book = board.format_move(book.reply(&board, 0).unwrap());
    assert_eq!(first(&[]), from_book);
    // The same budget searched by the library, book off: what --nobook must answer.
    let mut engine = Engine::new();
    engine.set_book(false);
    let searched = board.format_move(engine.genmove(&board, 0, &budget(50, 0)).unwrap());
    assert_ne!(
        searched, from_book,
        "at this budget the search differs from the book"
    );
    assert_eq!(first(&["--nobook"]), searched);
}
