//! What the tree's prior learns about a move: yes-or-no features, scored by weights
//! fitted by `tabula-go-priors` to the moves a stronger player chose. The tree adds
//! the score, relative to the position's best, to the hand-set prior of `policy`.

use super::board::{Board, Cell, Color, NO_POINT, Point};
use super::ladder::{LadderReader, liberties_upto};
use super::policy;

pub const COUNT: usize = 19;

/// The feature that marks an extension of a chain in atari that dies anyway.
pub const RUNS_INTO_CAPTURE: usize = 4;

/// The features' names, in the order of `WEIGHTS`.
pub const NAMES: [&str; COUNT] = [
    "captures",
    "answers the last move (capture, escape, ladder)",
    "shape",
    "big self-atari",
    "runs into capture",
    "gives atari",
    "first line",
    "second line",
    "third line",
    "fourth line",
    "nothing around, first or second line",
    "nothing around, third or fourth line",
    "touches the last move",
    "diagonal to the last move",
    "two points from the last move",
    "three or four points from the last move",
    "two points from own last move",
    "touches a stone",
    "single-stone self-atari",
];

/// Fitted on 2026-11-27 by `tabula-go-priors --teacher gnugo-level10 --records DIRS`
/// to GNU Go 3.8 level 10's moves in 300 games of 9×9 against tabula (the 100 and 200
/// games of README's match of 2026-11-26, builds 69b199c and 4447bba): 5,355 positions
/// fitted, 1,306 held out, on which the top-scored move was GNU Go's in 23.3 % (a
/// uniform choice: about 2 %).
#[rustfmt::skip]
pub const WEIGHTS: [f32; COUNT] = [
    1.31, 1.73, 2.01, -0.77, -0.98, 0.90, // captures, answers, shape, self-ataris, atari
    -1.09, -0.82, -0.74, -0.72,          // lines 1 to 4
    -1.57, 1.45,                         // nothing around: low, third or fourth line
    0.28, 0.06, 0.67, 0.11,              // from the last move: 1, diagonal, 2, 3 or 4
    0.69, 1.02, -1.99,                   // near own last move, contact, lone self-atari
];

/// A position whose moves are to be judged: the moves that answer the last one and the
/// shapes around it are found once.
pub struct Judge<'a> {
    board: &'a Board,
    color: Color,
    last: Point,
    own_last: Point,
    replies: Vec<Point>,
    shapes: Vec<Point>,
}

impl<'a> Judge<'a> {
    /// `color` to move after the opponent's `last` and its own `own_last` (`NO_POINT`
    /// for a pass or none).
    pub fn new(
        board: &'a Board,
        color: Color,
        last: Point,
        own_last: Point,
        ladders: &mut LadderReader,
    ) -> Judge<'a> {
        let mut replies = Vec::new();
        policy::tactical_replies(board, color, last, ladders, &mut replies);
        policy::ladder_moves(board, color, ladders, &mut replies);
        let mut shapes = Vec::new();
        policy::pattern_replies(board, color, last, &mut shapes);
        Judge {
            board,
            color,
            last,
            own_last,
            replies,
            shapes,
        }
    }

    /// Captures and escapes answering the last move, and ladder moves anywhere.
    pub fn replies(&self) -> &[Point] {
        &self.replies
    }

    /// Empty points around the last move that complete a good shape.
    pub fn shapes(&self) -> &[Point] {
        &self.shapes
    }

    /// The features of the legal move `p`.
    pub fn features(&self, p: Point, ladders: &mut LadderReader) -> [bool; COUNT] {
        let (board, color) = (self.board, self.color);
        let mut f = [false; COUNT];
        let captures = board.captures_any(p, color);
        let self_atari = board.liberties_after(p, color) < 2 && !captures;
        let bad_self_atari = board.is_bad_self_atari(p, color);
        f[0] = captures;
        f[1] = self.replies.contains(&p);
        f[2] = self.shapes.contains(&p);
        f[3] = bad_self_atari;
        f[RUNS_INTO_CAPTURE] = policy::runs_into_capture(board, color, p, ladders);
        f[5] = !self_atari && gives_atari(board, p, color);
        let size = board.size();
        let (x, y) = board.coords(p);
        let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
        if line < 4 {
            f[6 + line] = true;
        }
        let lonely = board
            .neighbours(p)
            .iter()
            .chain(board.diagonals(p).iter())
            .all(|&q| matches!(board.cell(q), Cell::Empty | Cell::Border));
        f[10] = lonely && line <= 1;
        f[11] = lonely && (2..=3).contains(&line);
        if let Some((dx, dy)) = offset(board, self.last, p) {
            match (dx.max(dy), dx + dy) {
                (1, 1) => f[12] = true,
                (1, _) => f[13] = true,
                (2, _) => f[14] = true,
                (3..=4, _) => f[15] = true,
                _ => {}
            }
        }
        f[16] = offset(board, self.own_last, p).is_some_and(|(dx, dy)| dx.max(dy) <= 2);
        f[17] = board
            .neighbours(p)
            .iter()
            .any(|&q| board.cell(q).color().is_some());
        f[18] = self_atari && !bad_self_atari;
        f
    }
}

/// The weighted sum of the features `f`.
pub fn score(f: &[bool; COUNT]) -> f32 {
    f.iter()
        .zip(&WEIGHTS)
        .filter(|(on, _)| **on)
        .map(|(_, w)| w)
        .sum()
}

/// Column and row distances from `from` to `to`; `None` if `from` is no point.
fn offset(board: &Board, from: Point, to: Point) -> Option<(usize, usize)> {
    if from == NO_POINT {
        return None;
    }
    let (fx, fy) = board.coords(from);
    let (x, y) = board.coords(to);
    Some((fx.abs_diff(x), fy.abs_diff(y)))
}

/// Whether `color` on `p` leaves an opponent chain next to it with one liberty.
fn gives_atari(board: &Board, p: Point, color: Color) -> bool {
    board.neighbours(p).iter().any(|&q| {
        board.cell(q).color() == Some(color.opponent()) && liberties_upto::<3>(board, q).1 == 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::board_from;

    #[test]
    fn a_capture_next_to_the_last_move_outscores_a_lone_first_line_move() {
        // White C3 in atari after Black's C2 (the last move); Black's own last was C4.
        // D3 captures, a shape too; E1 is a corner far from everything.
        let b = board_from(&[".....", "..X..", ".XO..", "..X..", "....."]);
        let (capture, corner) = (b.point(3, 2), b.point(4, 0));
        let mut ladders = LadderReader::default();
        let judge = Judge::new(&b, Color::Black, b.point(2, 1), b.point(2, 3), &mut ladders);
        let f = judge.features(capture, &mut ladders);
        let on: Vec<&str> = (0..COUNT).filter(|&i| f[i]).map(|i| NAMES[i]).collect();
        assert_eq!(
            on,
            [
                "captures",
                "answers the last move (capture, escape, ladder)",
                "shape",
                "second line",
                "diagonal to the last move",
                "two points from own last move",
                "touches a stone",
            ]
        );
        let g = judge.features(corner, &mut ladders);
        assert!(g[6] && g[10], "the corner: first line, nothing around");
        assert!(score(&f) > score(&g) + 2.0);
    }
}
