//! Light random playouts: uniform random legal moves that never fill the player's own
//! true eyes, until both sides pass. The base policy of the Go engine, the dead-stone
//! estimate and the speed benchmark.

use super::board::{Board, Cell, Color, Point};
use crate::rng::Rng;

/// A uniformly random move for `color` that is legal under simple ko without suicide and
/// does not fill one of its own true eyes; `None` means pass. `accept` may veto further
/// candidates (the full rules' superko test, say).
#[inline]
pub fn random_move(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    mut accept: impl FnMut(Point) -> bool,
) -> Option<Point> {
    let empties = board.empty_points();
    let n = empties.len();
    if n == 0 {
        return None;
    }
    // Scanning from a random start is uniform over the first acceptable point's gap,
    // which is what libEGo does: cheap, and unbiased enough for playouts.
    let start = rng.below(n as u32) as usize;
    for i in 0..n {
        let mut j = start + i;
        if j >= n {
            j -= n;
        }
        let p = empties[j];
        if board.is_playout_move(p, color) && accept(p) {
            return Some(p);
        }
    }
    None
}

/// Plays random moves from `board` with `to_move` first until two passes in a row or
/// `max_moves`; returns the number of moves played (passes excluded).
pub fn playout(board: &mut Board, mut to_move: Color, rng: &mut Rng, max_moves: usize) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match random_move(board, to_move, rng, |_| true) {
            Some(p) => {
                board.play(p, to_move);
                passes = 0;
                moves += 1;
            }
            None => {
                board.clear_ko();
                passes += 1;
            }
        }
        to_move = to_move.opponent();
    }
    moves
}

/// Area owner of every point at the end of a playout: a stone's colour, or the colour
/// that alone surrounds an empty point (all empties are one-point eyes by then).
pub fn owner(board: &Board, p: Point) -> Option<Color> {
    match board.cell(p) {
        Cell::Black => Some(Color::Black),
        Cell::White => Some(Color::White),
        Cell::Border => None,
        Cell::Empty => {
            if board.is_eyelike(p, Color::Black) {
                Some(Color::Black)
            } else if board.is_eyelike(p, Color::White) {
                Some(Color::White)
            } else {
                None
            }
        }
    }
}

/// Black's area minus White's at the end of a playout (as `owner` counts it).
pub fn area_difference(board: &Board) -> i32 {
    let mut diff = board.stone_difference();
    for &p in board.empty_points() {
        let black = board.is_eyelike(p, Color::Black);
        diff += black as i32 - (!black && board.is_eyelike(p, Color::White)) as i32;
    }
    diff
}

/// Move cap for a playout on a board of `size`: long enough for any sane game, short
/// enough that a superko-like cycle cannot run forever.
pub fn max_playout_moves(size: usize) -> usize {
    3 * size * size + 20
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = Rng::new(11);
        for _ in 0..50 {
            let mut b = Board::new(9);
            playout(&mut b, Color::Black, &mut rng, max_playout_moves(9));
            for &p in b.empty_points() {
                assert!(owner(&b, p).is_some(), "empty point that is no eye");
            }
            let by_owner: i32 = b
                .points()
                .map(|p| match owner(&b, p) {
                    Some(Color::Black) => 1,
                    Some(Color::White) => -1,
                    None => 0,
                })
                .sum();
            assert_eq!(area_difference(&b), by_owner);
            assert!(by_owner.abs() <= 81);
        }
    }

    #[test]
    fn random_move_never_fills_an_own_true_eye() {
        // Black owns the whole board but two separate one-point eyes.
        let mut b = Board::new(5);
        for p in b.points().collect::<Vec<_>>() {
            let (x, y) = b.coords(p);
            if (x, y) != (1, 1) && (x, y) != (3, 3) {
                b.setup_stone(p, Color::Black);
            }
        }
        let mut rng = Rng::new(5);
        assert_eq!(random_move(&b, Color::Black, &mut rng, |_| true), None);
        // White may not play either: both points are suicide.
        assert_eq!(random_move(&b, Color::White, &mut rng, |_| true), None);
    }
}
