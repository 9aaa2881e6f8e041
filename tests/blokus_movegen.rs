//! Move-generation counts that Pentobi's `all_legal` agrees with
//! (see the Blokus reference, section "Verified invariants").

use tabula::games::blokus::{Board, Tables, Variant};

#[test]
fn first_moves_in_every_variant() {
    for variant in [Variant::Classic, Variant::ClassicTwo, Variant::ClassicThree] {
        let board = Board::new(variant);
        for c in 0..4 {
            assert_eq!(board.legal_moves(c).len(), 58, "{variant:?} colour {c}");
        }
    }
    for c in 0..2 {
        assert_eq!(Board::new(Variant::Duo).legal_moves(c).len(), 414);
        assert_eq!(Board::new(Variant::Junior).legal_moves(c).len(), 189);
    }
}

#[test]
fn duo_first_moves_by_piece_size() {
    let board = Board::new(Variant::Duo);
    let mut by_size = [0; 6];
    for mv in board.legal_moves(0) {
        by_size[board.tables().info(mv).len as usize] += 1;
    }
    assert_eq!(by_size[1..], [1, 4, 18, 76, 315]);
}

#[test]
fn empty_board_placements() {
    assert_eq!(Tables::get(20).num_moves(), 30_433);
    assert_eq!(Tables::get(14).num_moves(), 13_729);
    let junior = Variant::Junior.piece_counts();
    let tables = Tables::get(14);
    let junior_placements: u32 = (0..21u8)
        .filter(|&p| junior[p as usize] > 0)
        .map(|p| tables.piece_placements(p))
        .sum();
    assert_eq!(junior_placements, 7_217);
}

fn perft(board: &mut Board, depth: u32) -> u64 {
    let Some(c) = board.to_play() else {
        return 1;
    };
    let moves = board.legal_moves(c);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        board.play_unchecked(c, mv);
        total += perft(board, depth - 1);
        board.undo();
    }
    total
}

#[test]
fn duo_perft_2() {
    let mut board = Board::new(Variant::Duo);
    assert_eq!(perft(&mut board, 2), 171_396);
}

#[test]
fn classic_second_moves_of_colour_1() {
    let mut board = Board::new(Variant::Classic);
    let mut total = 0;
    let mut counts = Vec::new();
    for mv in board.legal_moves(0) {
        board.play(0, mv).unwrap();
        let n = board.legal_moves(0).len();
        counts.push((board.format_move(mv), n));
        total += n;
        board.undo();
    }
    assert_eq!(total, 9_729);
    let count_after = |text: &str| counts.iter().find(|(m, _)| m == text).unwrap().1;
    assert_eq!(count_after("a20"), 106);
    assert_eq!(count_after("a19,a20"), 113);
    assert_eq!(count_after("a16,a17,a18,a19,a20"), 114);
    assert_eq!(count_after("c19,a20,b20,c20,d20"), 243);
    assert_eq!(counts.iter().map(|c| c.1).min(), Some(106));
    assert_eq!(counts.iter().map(|c| c.1).max(), Some(243));
}

#[test]
fn undo_restores_generation_and_hash() {
    let mut board = Board::new(Variant::Duo);
    let before: Vec<_> = (0..2).map(|c| board.legal_moves(c)).collect();
    let hash = board.hash();
    let mut played = 0;
    while let Some(c) = board.to_play() {
        let moves = board.legal_moves(c);
        board.play(c, moves[moves.len() / 3]).unwrap();
        played += 1;
    }
    assert!(played > 10);
    while board.undo().is_some() {}
    let after: Vec<_> = (0..2).map(|c| board.legal_moves(c)).collect();
    assert_eq!(before, after);
    assert_eq!(board.hash(), hash);
}
