//! The shipped opening book: the empty 7×6 board analyses from it at once.

use tabula::games::connect4::engine::Engine;
use tabula::games::connect4::{BoardSize, Connect4, Move};
use tabula::search::Limits;

#[test]
fn the_empty_board_analyses_from_the_book() {
    let mut engine = Engine::new(BoardSize::STANDARD);
    let limits = Limits {
        max_nodes: Some(10_000),
        ..Limits::default()
    };
    let analysis = engine.analyse(&Connect4::default(), &limits).unwrap();
    assert!(analysis.complete);
    let scores: Vec<i32> = analysis.scores.iter().map(|s| s.unwrap()).collect();
    assert_eq!(scores, [-2, -1, 0, 1, 0, -1, -2]);
    assert_eq!(
        engine.genmove(&Connect4::default(), &limits),
        Some(Move { column: 3, row: 0 })
    );
}
