//! Rules of each five-in-a-row variant, on positions built move by move.

use tabula::games::gomoku::{Color, Foul, Gomoku, IllegalMove, Outcome, Point, Rules};

/// A point from Gomocup opening letters: `h8` = (7, 7).
fn pt(s: &str) -> Point {
    let x = s.as_bytes()[0] - b'a';
    let y: usize = s[1..].parse().unwrap();
    Point::new(x as usize, y - 1)
}

/// Plays a sequence such as `h8 h9 i8` alternately from Black.
fn game(rules: Rules, moves: &str) -> Gomoku {
    let mut g = Gomoku::new(rules, 15, 15).unwrap();
    for m in moves.split_whitespace() {
        g.play(pt(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// Places stones without judging fouls: `black` and `white` lists, then `to_move`.
fn setup(rules: Rules, black: &str, white: &str) -> Gomoku {
    let mut g = Gomoku::new(rules, 15, 15).unwrap();
    for m in black.split_whitespace() {
        g.place(pt(m), Color::Black).unwrap();
    }
    for m in white.split_whitespace() {
        g.place(pt(m), Color::White).unwrap();
    }
    g.set_to_move(Color::Black);
    g
}

#[test]
fn freestyle_overline_wins() {
    let mut g = setup(Rules::freestyle(), "c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9");
    g.play(pt("f8")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn standard_overline_does_not_win_for_either_colour() {
    let mut g = setup(Rules::standard(), "c8 d8 e8 g8 h8", "c9 d9 e9 g9 h9");
    g.play(pt("f8")).unwrap();
    assert_eq!(g.outcome(), None);
    g.play(pt("f9")).unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn standard_exact_five_wins() {
    let g = game(Rules::standard(), "h8 h9 i8 i9 j8 j9 k8 k9 l8");
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn renju_black_overline_forbidden_white_overline_wins() {
    let g = setup(Rules::renju(), "c8 d8 e8 g8 h8", "c10 d10 e10 g10 h10");
    assert_eq!(g.foul_at(pt("f8")), Some(Foul::Overline));
    assert_eq!(
        g.clone().play(pt("f8")),
        Err(IllegalMove::Forbidden(Foul::Overline))
    );
    let mut g = g;
    g.play(pt("a1")).unwrap();
    g.play(pt("f10")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::White)));
}

#[test]
fn renju_five_beats_a_foul() {
    // f8 makes a five on row 8 and, at the same time, fours on the column and the
    // diagonal (a double-four): the five wins.
    let g = setup(
        Rules::renju(),
        "b8 c8 d8 e8 f5 f6 f7 g9 h10 i11",
        "a1 a3 a5 a7 a9 a11 a13 c1 c3 c5",
    );
    let mut g = g;
    assert_eq!(g.foul_at(pt("f8")), None);
    g.play(pt("f8")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn renju_referee_case_g9_is_forbidden() {
    // GomocupJudge's rule test: after h8 h9 i7 i9 h10 i6 i11 i12, black may play
    // anything but g9 (a double-three).
    let g = game(Rules::renju(), "h8 h9 i7 i9 h10 i6 i11 i12");
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.foul_at(pt("g9")), Some(Foul::DoubleThree));
    let forbidden: Vec<_> = g.forbidden_points().into_iter().map(|(p, _)| p).collect();
    assert_eq!(forbidden, vec![pt("g9")]);
    assert!(!g.legal_moves().contains(&pt("g9")));
    assert_eq!(g.legal_moves().len(), 15 * 15 - 8 - 1);
}

#[test]
fn renju_one_line_double_four() {
    // B.BBB.B with the move in the middle group.
    let g = setup(Rules::renju(), "d8 f8 h8 j8", "a1 a3 a5 a7");
    assert_eq!(g.foul_at(pt("g8")), Some(Foul::DoubleFour));
    // BBBB.B.BBBB (the move in the middle) is no double-four: each fill makes six.
    let g = setup(
        Rules::renju(),
        "a8 b8 c8 d8 h8 i8 j8 k8",
        "a1 a3 a5 a7 a9 a11 a13 c1",
    );
    assert_eq!(g.foul_at(pt("f8")), None);
}

#[test]
fn omok_forbids_only_double_three() {
    let g = setup(Rules::omok(), "g8 i8 h7 h9", "a1 a3 a5 a7");
    assert_eq!(g.foul_at(pt("h8")), Some(Foul::DoubleThree));
    let g = setup(Rules::omok(), "d8 f8 h8 j8", "a1 a3 a5 a7");
    assert_eq!(g.foul_at(pt("g8")), None);
    let g = setup(Rules::standard(), "g8 i8 h7 h9", "a1 a3 a5 a7");
    assert_eq!(g.foul_at(pt("h8")), None);
}

#[test]
fn caro_five_blocked_at_both_ends_does_not_win() {
    // GomocupJudge's caro test: black k8 completes g8..k8 between white f8 and l8.
    let mut g = game(Rules::caro(true), "h8 f8 g8 f9 i8 f7 j8 l8");
    g.play(pt("k8")).unwrap();
    assert_eq!(g.outcome(), None);
    let mut g = game(Rules::caro(false), "h8 f8 g8 f9 i8 f7 j8 l8");
    g.play(pt("k8")).unwrap();
    assert_eq!(g.outcome(), None);
    // One open end is enough, and the board edge does not block.
    let mut g = setup(Rules::caro(true), "a8 b8 c8 d8", "f8");
    g.play(pt("e8")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn caro_overline_depends_on_the_exact_five_option() {
    for (rules, wins) in [(Rules::caro(false), true), (Rules::caro(true), false)] {
        let mut g = setup(rules, "c8 d8 e8 g8 h8", "b8 i8 a1 a3 a5");
        g.play(pt("f8")).unwrap();
        assert_eq!(g.outcome().is_some(), wins, "{rules:?}");
    }
}

#[test]
fn continuous_game_scores_fives_and_goes_on() {
    let mut rules = Rules::freestyle();
    rules.continuous = true;
    let mut g = game(rules, "h8 h9 i8 i9 j8 j9 k8 k9 l8");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.fives(Color::Black), 1);
    g.play(pt("l9")).unwrap();
    assert_eq!(g.fives(Color::White), 1);
    g.undo();
    assert_eq!(g.fives(Color::White), 0);
}

#[test]
fn full_board_is_a_draw_and_sizes_are_checked() {
    assert!(Gomoku::new(Rules::freestyle(), 4, 15).is_err());
    assert!(Gomoku::new(Rules::freestyle(), 33, 15).is_err());
    assert!(Gomoku::new(Rules::freestyle(), 32, 32).is_ok());
    // 5x5 filled row by row with a colour pattern that never makes five.
    let mut g = Gomoku::new(Rules::freestyle(), 5, 5).unwrap();
    let order = [
        (0, 0),
        (1, 0),
        (3, 0),
        (2, 0),
        (4, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (4, 1),
        (3, 1),
        (1, 2),
        (0, 2),
        (2, 2),
        (3, 2),
        (4, 2),
        (0, 3),
        (1, 3),
        (3, 3),
        (2, 3),
        (4, 3),
        (0, 4),
        (1, 4),
        (2, 4),
        (4, 4),
        (3, 4),
    ];
    for (i, (x, y)) in order.into_iter().enumerate() {
        assert_eq!(g.outcome(), None, "move {i}");
        g.play(Point::new(x, y)).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn rectangular_board_and_notation() {
    let mut g = Gomoku::new(Rules::freestyle(), 20, 7).unwrap();
    assert_eq!(g.parse_move("u7"), Ok(Point::new(19, 6)));
    assert!(g.parse_move("v7").is_err());
    assert!(g.parse_move("a8").is_err());
    for x in 0..5 {
        g.play(Point::new(15 + x, 6)).unwrap();
        if x < 4 {
            g.play(Point::new(15 + x, 0)).unwrap();
        }
    }
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(g.format_move(Point::new(19, 6)), "U7");
    assert_eq!(g.format_gomocup(Point::new(19, 6)), "19,6");
    assert!(g.render().starts_with(" 7 . . ."));
    assert_eq!(g.gogui_board().lines().count(), 7);
}

#[test]
fn undo_and_take_back_restore_hash_and_turn() {
    let mut g = game(Rules::renju(), "h8 h9 i8");
    let h = g.hash();
    g.play(pt("i9")).unwrap();
    assert_ne!(g.hash(), h);
    assert_eq!(g.undo(), Some((pt("i9"), Color::White)));
    assert_eq!(g.hash(), h);
    assert_eq!(g.to_move(), Color::White);
    assert!(g.take_back(pt("h9")));
    assert_eq!(g.stone_count(), 2);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.stone_at(pt("i8")), Some(Color::Black));
    assert!(!g.take_back(pt("a1")));
    assert_eq!(g.play(pt("h8")), Err(IllegalMove::Occupied));
}
