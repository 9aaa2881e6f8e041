//! Placement rules, turn order and scoring, on hand-made positions.

use tabula::games::blokus::{
    Board, FinalScore, MoveSyntaxError, PlayError, Variant, piece_by_name, piece_size,
};

fn mv(board: &Board, text: &str) -> u32 {
    board.parse_move(text).unwrap()
}

#[test]
fn first_piece_must_cover_the_start_point() {
    let mut board = Board::new(Variant::Duo);
    assert_eq!(board.play(0, mv(&board, "d10")), Err(PlayError::Illegal));
    assert_eq!(board.play(0, mv(&board, "j5")), Err(PlayError::Illegal));
    board.play(0, mv(&board, "e10")).unwrap();
    let mut classic = Board::new(Variant::Classic);
    assert_eq!(
        classic.play(0, mv(&classic, "t20")),
        Err(PlayError::Illegal)
    );
    classic.play(1, mv(&classic, "t20")).unwrap();
    classic.play(2, mv(&classic, "t1")).unwrap();
    classic.play(3, mv(&classic, "a1")).unwrap();
    classic.play(0, mv(&classic, "a20,b20")).unwrap();
}

#[test]
fn own_pieces_touch_at_corners_never_at_edges() {
    let mut board = Board::new(Variant::Duo);
    board.play(0, mv(&board, "e10,f10")).unwrap();
    // Edge contact with the own piece.
    assert_eq!(
        board.play(0, mv(&board, "g10,g11,g12")),
        Err(PlayError::Illegal)
    );
    // No contact at all.
    assert_eq!(
        board.play(0, mv(&board, "h12,h13,i13")),
        Err(PlayError::Illegal)
    );
    // Overlap.
    assert_eq!(
        board.play(0, mv(&board, "f10,f11,f12,f13")),
        Err(PlayError::Illegal)
    );
    // Corner contact only.
    let before = board.hash();
    assert_eq!(board.play(0, mv(&board, "g11")), Ok(()));
    assert_ne!(board.hash(), before);
    // Each piece once.
    assert_eq!(
        board.play(0, mv(&board, "d9")),
        Err(PlayError::PieceAlreadyPlayed)
    );
}

#[test]
fn other_colours_may_share_edges() {
    let mut board = Board::new(Variant::Duo);
    board.play(0, mv(&board, "e10,f10,g10,h10,i10")).unwrap();
    board.play(1, mv(&board, "j5,j6,j7,j8,j9")).unwrap();
    // White's j9 touches black's i10 at a corner; a white piece along black's row.
    board.play(1, mv(&board, "k10,k11")).unwrap();
    board.play(1, mv(&board, "i9,h9")).unwrap_err(); // edge with own j9
    board.play(1, mv(&board, "i8,h9,i9")).unwrap_err(); // edge with own j8
    board.play(0, mv(&board, "j11,j12")).unwrap(); // shares an edge with white's k11
}

#[test]
fn failed_play_leaves_the_position_untouched() {
    let mut board = Board::new(Variant::Duo);
    board.play(0, mv(&board, "e10")).unwrap();
    let hash = board.hash();
    let moves = board.legal_moves(1);
    assert!(board.play(1, mv(&board, "a1")).is_err());
    assert_eq!(board.hash(), hash);
    assert_eq!(board.legal_moves(1), moves);
    assert_eq!(board.num_moves(), 1);
}

#[test]
fn junior_has_two_copies_of_each_piece() {
    let mut board = Board::new(Variant::Junior);
    board.play(0, mv(&board, "e10")).unwrap();
    board.play(0, mv(&board, "f11")).unwrap();
    assert_eq!(
        board.play(0, mv(&board, "g12")),
        Err(PlayError::PieceAlreadyPlayed)
    );
    assert_eq!(
        board.parse_move("b1,a2,b2,c2,b3"),
        Err(MoveSyntaxError::NotAPiece)
    );
}

/// Plays deterministic moves (largest piece, first in order) until the game ends.
fn play_out(board: &mut Board) -> Vec<usize> {
    let mut skipped = Vec::new();
    while let Some(c) = board.to_play() {
        if c != board.nominal_to_play() {
            skipped.push(board.nominal_to_play());
            assert!(!board.has_moves(board.nominal_to_play()));
        }
        let moves = board.legal_moves(c);
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&m| (board.tables().info(m).len, std::cmp::Reverse(m)))
            .unwrap();
        board.play(c, best).unwrap();
    }
    skipped
}

#[test]
fn colours_without_moves_are_skipped_until_the_game_ends() {
    for variant in Variant::ALL {
        let mut board = Board::new(variant);
        let skipped = play_out(&mut board);
        assert!(!skipped.is_empty(), "{variant:?}");
        assert!(board.is_game_over());
        for c in 0..board.num_colours() {
            assert!(board.legal_moves(c).is_empty());
            assert!(!board.has_moves(c));
        }
        // Scores are the squares on the board (no colour placed everything).
        let total: u32 = (0..board.num_colours()).map(|c| board.points(c)).sum();
        let squares: usize = board
            .history()
            .map(|(_, m)| board.tables().info(m).len as usize)
            .sum();
        assert_eq!(total as usize, squares, "{variant:?}");
    }
}

/// Places every piece of colour 0 alone on the board, largest first, the given piece
/// last, searching depth-first (colour 0 may move out of turn).
fn place_all(board: &mut Board, last: &str) -> bool {
    let last = piece_by_name(last).unwrap();
    fn search(board: &mut Board, last: u8, budget: &mut u32) -> bool {
        let left: usize = (0..21u8).map(|p| board.pieces_left(0, p) as usize).sum();
        if left == 0 {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut moves = board.legal_moves(0);
        let tables = board.tables();
        let info = |m: u32| tables.info(m).piece;
        let only_last_left = left == board.pieces_left(0, last) as usize;
        moves.retain(|&m| only_last_left || info(m) != last);
        // Largest pieces first, then the placements that leave the most room to grow.
        let mut scored: Vec<(usize, usize, u32)> = moves
            .into_iter()
            .map(|m| {
                board.play(0, m).unwrap();
                let room = board.legal_moves(0).len();
                board.undo();
                (piece_size(info(m)), room, m)
            })
            .collect();
        scored.sort_by_key(|&(size, room, m)| std::cmp::Reverse((size, room, m)));
        for (_, _, m) in scored.into_iter().take(3) {
            board.play(0, m).unwrap();
            if search(board, last, budget) {
                return true;
            }
            board.undo();
        }
        false
    }
    search(board, last, &mut 2_000)
}

#[test]
fn bonuses_for_all_pieces_and_the_monomino_last() {
    let mut board = Board::new(Variant::Classic);
    assert!(place_all(&mut board, "1"));
    assert_eq!(board.points(0), 89 + 15 + 5);
    assert_eq!(
        board.final_score(),
        FinalScore::PerColour(vec![109, 0, 0, 0])
    );
    assert_eq!(board.final_score().to_string(), "109 0 0 0 ");

    let mut board = Board::new(Variant::Duo);
    assert!(place_all(&mut board, "2"));
    assert_eq!(board.points(0), 89 + 15);
    assert_eq!(board.final_score().to_string(), "B+104");

    let mut board = Board::new(Variant::Junior);
    assert!(place_all(&mut board, "1"));
    assert_eq!(board.points(0), 88);
    assert_eq!(board.final_score().to_string(), "B+88");
}

#[test]
fn scoring_in_each_variant() {
    let mut duo = Board::new(Variant::Duo);
    assert_eq!(duo.final_score().to_string(), "0");
    duo.play(0, mv(&duo, "e10,f10")).unwrap();
    duo.play(1, mv(&duo, "j5,j6,j7")).unwrap();
    assert_eq!(duo.final_score(), FinalScore::TwoPlayer(-1));
    assert_eq!(duo.final_score().to_string(), "W+1");

    let mut two = Board::new(Variant::ClassicTwo);
    two.play(0, mv(&two, "a20")).unwrap();
    two.play(1, mv(&two, "t20,s20")).unwrap();
    two.play(2, mv(&two, "t1,s1,r1")).unwrap();
    two.play(3, mv(&two, "a1")).unwrap();
    // Colours 1+3 have 4 squares, 2+4 have 3.
    assert_eq!(two.final_score().to_string(), "B+1");
    assert_eq!(two.player_of(2), 0);
    assert_eq!(two.player_of(3), 1);

    let mut three = Board::new(Variant::ClassicThree);
    three.play(0, mv(&three, "a20")).unwrap();
    three.play(1, mv(&three, "t20,s20")).unwrap();
    three.play(2, mv(&three, "t1,s1,r1")).unwrap();
    assert_eq!(three.player_of(3), 0);
    three.play(3, mv(&three, "a1,a2,a3,a4")).unwrap();
    assert_eq!(three.player_of(3), 1);
    assert_eq!(three.final_score().to_string(), "1 2 3 4 ");
    // The shared colour's points count for no player.
    assert_eq!(three.player_points()[..3], [1, 2, 3]);

    let mut classic = Board::new(Variant::Classic);
    classic.play(0, mv(&classic, "a20,b20,c20")).unwrap();
    assert_eq!(classic.final_score().to_string(), "3 0 0 0 ");
}

#[test]
fn turn_order_follows_the_last_move() {
    let mut board = Board::new(Variant::Classic);
    assert_eq!(board.to_play(), Some(0));
    board.play(2, mv(&board, "t1")).unwrap();
    assert_eq!(board.to_play(), Some(3));
    board.undo();
    assert_eq!(board.to_play(), Some(0));
    assert_eq!(board.undo(), None);
}
