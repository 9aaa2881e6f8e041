//! Pentobi's blksgf: round trips and records written by Pentobi's tools.

use tabula::games::blokus::{Board, Variant, sgf};

fn play_game(variant: Variant) -> Board {
    let mut board = Board::new(variant);
    let mut i = 0usize;
    while let Some(c) = board.to_play() {
        let moves = board.legal_moves(c);
        board.play(c, moves[(i * 7919) % moves.len()]).unwrap();
        i += 1;
    }
    board
}

#[test]
fn round_trip_of_whole_games_in_every_variant() {
    for variant in Variant::ALL {
        let board = play_game(variant);
        let text = sgf::write(&board);
        assert!(text.starts_with(&format!("(\n;GM[{}]\n", variant.name())));
        let loaded = sgf::read(&text, None).unwrap();
        assert_eq!(loaded.variant(), variant);
        assert_eq!(
            loaded.history().collect::<Vec<_>>(),
            board.history().collect::<Vec<_>>()
        );
        assert_eq!(loaded.hash(), board.hash());
        assert_eq!(loaded.final_score(), board.final_score());
        assert_eq!(sgf::write(&loaded), text);
    }
}

#[test]
fn four_colour_games_use_numbered_properties() {
    let board = play_game(Variant::ClassicTwo);
    let text = sgf::write(&board);
    assert!(text.contains("\n;1[") && text.contains("\n;4["));
    assert!(!text.contains(";B["));
}

#[test]
fn reads_single_line_records_with_other_properties() {
    let text = "(;GM[Blokus Duo]GN[3]PB[pentobi]PW[tabula]DT[2026-11-21]\
                ;B[e8,f8,d9,e9,e10];W[i4,h5,i5,j5,i6] ;B[ g7, G6 ])\n";
    let board = sgf::read(text, None).unwrap();
    assert_eq!(board.num_moves(), 3);
    assert_eq!(board.to_play(), Some(1));
    assert_eq!(board.points(0), 7);
    // Position before move 3.
    let board = sgf::read(text, Some(3)).unwrap();
    assert_eq!(board.num_moves(), 2);
}

#[test]
fn follows_the_main_line_of_variations() {
    let text = "(;GM[Blokus Duo];B[e10](;W[j5];B[f11,f12])(;W[j5,j6]))";
    let board = sgf::read(text, None).unwrap();
    assert_eq!(
        board
            .moves()
            .map(|(_, m)| board.format_move(m))
            .collect::<Vec<_>>(),
        ["e10", "j5", "f11,f12"]
    );
}

#[test]
fn setup_properties_place_pieces() {
    let text = "(;GM[Blokus Duo]AB[e8,e9,f9,d10,e10][g6,f7,g7,h7,g8]\
                AW[i4,h5,i5,j5,i6][j7,j8,j9,k9,j10]PL[B])";
    let board = sgf::read(text, None).unwrap();
    assert_eq!(board.points(0), 10);
    assert_eq!(board.points(1), 10);
    assert_eq!(board.to_play(), Some(0));
    assert_eq!(board.moves().count(), 0);
    let again = sgf::read(&sgf::write(&board), None).unwrap();
    assert_eq!(again.hash(), board.hash());
}

#[test]
fn rejects_bad_records() {
    assert!(sgf::read("(;GM[Go];B[e10])", None).is_err());
    assert!(sgf::read("(;GM[Blokus Duo];B[e9])", None).is_err());
    assert!(sgf::read("(;GM[Blokus Duo];B[e10]", None).is_err());
    assert!(sgf::read("(;GM[Blokus Duo];W[e10])", None).is_err());
}

#[test]
fn showboard_marks_start_points_pieces_and_the_last_move() {
    let mut board = Board::new(Variant::Duo);
    let empty = board.render();
    assert!(empty.starts_with("14 . . ."));
    assert!(empty.contains("10 . . . . + ."));
    assert!(empty.contains("(1) Purple(X): 0"));
    board.play(0, board.parse_move("e10,f10").unwrap()).unwrap();
    let text = board.render();
    assert!(text.contains("10 . . . .>X X"), "{text}");
    assert!(text.contains("(2) Orange(O): 0"));
    assert!(text.trim_end().ends_with("A B C D E F G H I J K L M N"));
    assert_eq!(board.gogui_board().lines().count(), 14);
    assert!(
        board
            .gogui_board()
            .lines()
            .nth(4)
            .unwrap()
            .starts_with(". . . . X X .")
    );
}
