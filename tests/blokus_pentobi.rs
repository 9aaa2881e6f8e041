//! Random games replayed through Pentobi: legal-move counts of every colour and the
//! score after every move (tests/data/blokus/README.md).

use tabula::games::blokus::{Board, Variant};

#[test]
fn legal_move_counts_and_scores_match_pentobi_along_random_games() {
    let data = include_str!("data/blokus/pentobi_random_games.txt");
    let mut games = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('|');
        let variant = Variant::from_name(fields.next().unwrap()).unwrap();
        let mut board = Board::new(variant);
        for (i, field) in fields.enumerate() {
            if i % 2 == 0 {
                let values: Vec<&str> = field.split_whitespace().collect();
                let n = board.num_colours();
                for (c, count) in values[..n].iter().enumerate() {
                    let expected: usize = count.parse().unwrap();
                    assert_eq!(
                        board.legal_moves(c).len(),
                        expected,
                        "{variant:?} after {} moves, colour {c}",
                        board.num_moves()
                    );
                }
                let score = board.final_score().to_string();
                assert_eq!(score.trim(), values[n..].join(" "), "{variant:?}");
            } else {
                let (colour, mv) = field.split_once(' ').unwrap();
                let c = board.parse_colour(colour).unwrap();
                let mv = board.parse_move(mv).unwrap();
                board.play(c, mv).unwrap();
            }
        }
        assert!(board.is_game_over(), "{variant:?}");
        games += 1;
    }
    assert_eq!(games, 5);
}
