//! Connect Four rules and the engine's choices, from outside the crate.

use tabula::games::connect4::engine::Engine;
use tabula::games::connect4::solver::Solver;
use tabula::games::connect4::{BoardSize, Connect4, IllegalMove, Move, MoveError, Outcome, Player};
use tabula::search::Limits;

/// The position after `moves`, 1-based column digits on the 7×6 board.
fn replay(moves: &str) -> Connect4 {
    let columns: Vec<usize> = moves.bytes().map(|b| (b - b'1') as usize).collect();
    Connect4::from_columns(BoardSize::STANDARD, &columns).unwrap()
}

/// Games whose last move makes the only four, found by random play and checked by an
/// independent scan of every line through the last stone.
const EDGE_WINS: [(&str, &str, Player); 7] = [
    (
        "horizontal, top row, left edge",
        "1322453163256766622611523344774315477174",
        Player::White,
    ),
    (
        "horizontal, bottom row, right edge, completed in the middle",
        "266117762425",
        Player::White,
    ),
    (
        "vertical, right edge, up to the top",
        "4772271415472327134247",
        Player::White,
    ),
    (
        "diagonal up from the bottom-left corner",
        "71741766613257761571446633123524",
        Player::White,
    ),
    (
        "diagonal down from the top-left corner",
        "2677313646143471651657271451735222",
        Player::White,
    ),
    (
        "diagonal up to the top-right corner",
        "21257636637632544555716763514343177",
        Player::Black,
    ),
    (
        "diagonal down to the bottom-right corner",
        "65174242133577314617667574",
        Player::White,
    ),
];

#[test]
fn fours_in_every_direction_win_at_the_edges() {
    for (what, moves, winner) in EDGE_WINS {
        let (before, last) = moves.split_at(moves.len() - 1);
        let mut game = replay(before);
        assert_eq!(game.outcome(), None, "{what}: nobody has won yet");
        assert_eq!(game.side_to_move(), winner, "{what}");
        let column = (last.as_bytes()[0] - b'1') as usize;
        game.play(game.landing(column).unwrap()).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Win(winner)), "{what}");
        assert!(game.legal_moves().is_empty(), "{what}: no move after a win");
        assert_eq!(
            game.play_text("a"),
            Err(MoveError::Illegal(IllegalMove::GameOver)),
            "{what}"
        );
    }
}

#[test]
fn a_full_column_refuses_more_stones() {
    let mut game = replay("444444");
    assert_eq!(game.landing(3), None);
    assert_eq!(
        game.parse_move("d"),
        Err(MoveError::Illegal(IllegalMove::ColumnFull))
    );
    assert_eq!(
        game.play_text("D7"),
        Err(MoveError::Illegal(IllegalMove::OffBoard))
    );
    assert_eq!(
        game.play(Move { column: 3, row: 5 }),
        Err(IllegalMove::ColumnFull)
    );
    assert_eq!(game.legal_moves().len(), 6);
    assert_eq!(game.plies(), 6, "refused moves leave the position alone");
}

#[test]
fn only_the_landing_cell_is_legal() {
    let mut game = replay("44");
    assert_eq!(
        game.play_text("d2"),
        Err(MoveError::Illegal(IllegalMove::NotLandingCell {
            landing: 2
        }))
    );
    assert_eq!(game.play_text("d3"), Ok(Move { column: 3, row: 2 }));
    assert_eq!(Connect4::format_move(game.history()[2]), "D3");
    assert_eq!(
        game.play_as(Player::Black, Move { column: 0, row: 0 }),
        Err(IllegalMove::WrongTurn)
    );
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    let moves = "455714637617614767242476316455122212535333";
    let mut game = replay(&moves[..41]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves(), vec![Move { column: 2, row: 5 }]);
    game.play_text("c").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.legal_moves().is_empty());
    assert!(game.gogui_rows().iter().all(|row| !row.contains('.')));
}

#[test]
fn undo_takes_back_moves_one_by_one() {
    let (_, moves, winner) = EDGE_WINS[2];
    let mut game = replay(moves);
    assert_eq!(game.outcome(), Some(Outcome::Win(winner)));
    let last = *game.history().last().unwrap();
    assert_eq!(game.undo(), Some(last));
    assert_eq!(game.outcome(), None);
    assert_eq!(game, replay(&moves[..moves.len() - 1]));
    while game.undo().is_some() {}
    assert_eq!(game, Connect4::default());
    assert_eq!(game.undo(), None);
}

#[test]
fn other_sizes_are_played_with_their_own_columns() {
    let size = BoardSize::new(9, 6).unwrap();
    let mut game = Connect4::new(size);
    // Column letters skip I, as GoGui's do.
    assert_eq!(game.play_text("j"), Ok(Move { column: 8, row: 0 }));
    assert!(matches!(game.parse_move("i1"), Err(MoveError::Syntax(_))));
    assert_eq!(game.gogui_rows()[5], ". . . . . . . . X");
    assert!(BoardSize::new(8, 8).is_err());
}

#[test]
fn genmove_wins_at_once_and_blocks() {
    let mut engine = Engine::with_solver(Solver::with_table_bits(BoardSize::STANDARD, 16));
    let limits = Limits::default();
    // Black has D1 D2 D3: D4 wins now.
    let game = replay("414141");
    assert_eq!(
        engine.genmove(&game, &limits),
        Some(Move { column: 3, row: 3 })
    );
    // White must block D4.
    let game = replay("41414");
    assert_eq!(
        engine.genmove(&game, &limits),
        Some(Move { column: 3, row: 3 })
    );
    let over = replay("4141414");
    assert_eq!(engine.genmove(&over, &limits), None);
}

#[test]
fn analysis_scores_every_column_and_genmove_follows_it() {
    // The first line of Test_L3_R1 scores -1 for the side to move.
    let game = replay("2252576253462244111563365343671351441");
    let mut engine = Engine::with_solver(Solver::with_table_bits(BoardSize::STANDARD, 18));
    let analysis = engine.analyse(&game, &Limits::default()).unwrap();
    assert!(analysis.complete);
    let best = analysis.scores.iter().flatten().max().copied();
    assert_eq!(best, Some(-1));
    let chosen = engine.genmove(&game, &Limits::default()).unwrap();
    assert_eq!(analysis.scores[chosen.column as usize], Some(-1));
    // Full columns (A to E here) score nothing.
    let full = |c: usize| game.landing(c).is_none();
    assert_eq!((0..7).filter(|&c| full(c)).count(), 5);
    assert!((0..7).all(|c| full(c) == analysis.scores[c].is_none()));
}

#[test]
fn genmove_answers_within_a_tiny_budget() {
    let mut engine = Engine::with_solver(Solver::with_table_bits(BoardSize::STANDARD, 16));
    let limits = Limits {
        max_nodes: Some(1_000),
        ..Limits::default()
    };
    let game = replay("4");
    let mv = engine
        .genmove(&game, &limits)
        .expect("a move even unsolved");
    assert!(game.is_legal(mv));
}
