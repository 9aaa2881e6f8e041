//! What the tree's prior knows about a move: yes-or-no features, judged by hand
//! (`hand_prior`) and scored by weights fitted by `tabula-go-priors` to the moves a
//! stronger player chose, together with the weights of the move's neighbourhoods
//! (`neighbourhood.rs`). The tree adds the score, relative to the position's best, to
//! the hand-set prior.

use super::board::{Board, Cell, Color, NO_POINT, Point};
use super::ladder::{LadderReader, liberties_upto};
use super::{neighbourhood, policy};

pub const COUNT: usize = 19;

// The features' indices.
pub const CAPTURES: usize = 0;
pub const ANSWERS: usize = 1;
pub const SHAPE: usize = 2;
pub const BIG_SELF_ATARI: usize = 3;
pub const RUNS_INTO_CAPTURE: usize = 4;
pub const GIVES_ATARI: usize = 5;
/// First line; the second, third and fourth follow.
pub const FIRST_LINE: usize = 6;
pub const LONELY_LOW: usize = 10;
pub const LONELY_HIGH: usize = 11;
pub const TOUCHES_LAST: usize = 12;
pub const DIAGONAL_TO_LAST: usize = 13;
pub const TWO_FROM_LAST: usize = 14;
pub const FAR_FROM_LAST: usize = 15;
pub const NEAR_OWN_LAST: usize = 16;
pub const CONTACT: usize = 17;
pub const LONE_SELF_ATARI: usize = 18;

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

/// Fitted on 2026-11-28 by `tabula-go-priors --teacher
/// pachi-a,pachi-b,pachi-10k,pachi-c,pachi-d --min-seen 10 --l2 3e-5` together with the
/// neighbourhoods' weights (`neighbourhood_weights.rs`), to Pachi 12.90's moves
/// (`--nodcnn threads=1`) in 705 games of 9×9: Pachi against itself, 146 games at 5,000
/// playouts a move and 459 at 3,000, and the 100 of README's match against tabula at
/// 10,000. 23,258 positions fitted, 5,797 held out, on which the top-scored move was
/// Pachi's in 40.9 % (38.7 % for the fit to the first 246 of these games; 28.4 % there
/// for the weights before them, fitted to GNU Go's moves, without neighbourhoods).
#[rustfmt::skip]
pub const WEIGHTS: [f32; COUNT] = [
    0.99, 1.21, 0.85, -1.39, -1.72, 0.64, // captures, answers, shape, self-ataris, atari
    -0.42, 0.14, -0.08, 0.16,            // lines 1 to 4
    -1.17, 1.23,                         // nothing around: low, third or fourth line
    0.97, 0.63, 0.84, 0.27,              // from the last move: 1, diagonal, 2, 3 or 4
    0.51, 1.37, -1.53,                   // near own last move, contact, lone self-atari
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
        // The tree's board is shared: a ladder is read on a copy.
        let mut shared = board;
        policy::tactical_replies(&mut shared, color, last, ladders, &mut replies);
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

    /// The learnt score of the legal move `p` whose features are `f`: their weights and
    /// the weights of the move's neighbourhoods.
    pub fn score(&self, p: Point, f: &[bool; COUNT]) -> f32 {
        score(f) + neighbourhood::weight_of(neighbourhood::code(self.board, p, self.color))
    }

    /// The features of the legal move `p`.
    pub fn features(&self, p: Point, ladders: &mut LadderReader) -> [bool; COUNT] {
        let (board, color) = (self.board, self.color);
        let mut f = [false; COUNT];
        let captures = board.captures_any(p, color);
        let self_atari = board.liberties_after_upto::<2>(p, color) < 2 && !captures;
        // `is_bad_self_atari`, from what is already known.
        let bad_self_atari = self_atari && board.merged_size(p, color) >= 2;
        f[CAPTURES] = captures;
        f[ANSWERS] = self.replies.contains(&p);
        f[SHAPE] = self.shapes.contains(&p);
        f[BIG_SELF_ATARI] = bad_self_atari;
        f[RUNS_INTO_CAPTURE] = policy::runs_into_capture(board, color, p, ladders);
        f[GIVES_ATARI] = !self_atari && gives_atari(board, p, color);
        let size = board.size();
        let (x, y) = board.coords(p);
        let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
        if line < 4 {
            f[FIRST_LINE + line] = true;
        }
        let lonely = board
            .neighbours(p)
            .iter()
            .chain(board.diagonals(p).iter())
            .all(|&q| matches!(board.cell(q), Cell::Empty | Cell::Border));
        f[LONELY_LOW] = lonely && line <= 1;
        f[LONELY_HIGH] = lonely && (2..=3).contains(&line);
        if let Some((dx, dy)) = offset(board, self.last, p) {
            match (dx.max(dy), dx + dy) {
                (1, 1) => f[TOUCHES_LAST] = true,
                (1, _) => f[DIAGONAL_TO_LAST] = true,
                (2, _) => f[TWO_FROM_LAST] = true,
                (3..=4, _) => f[FAR_FROM_LAST] = true,
                _ => {}
            }
        }
        f[NEAR_OWN_LAST] = offset(board, self.own_last, p).is_some_and(|(dx, dy)| dx.max(dy) <= 2);
        f[CONTACT] = board
            .neighbours(p)
            .iter()
            .any(|&q| board.cell(q).color().is_some());
        f[LONE_SELF_ATARI] = self_atari && !bad_self_atari;
        f
    }
}

/// The hand-set prior of a move with the features `f` on a board of `size`, as (value
/// for the mover in [0, 1], weight in visits): captures and answers to the last move
/// are good, self-ataris and runs into capture bad, lone stones low on a board of 9×9
/// or more are wasted, moves near the last one urgent.
pub fn hand_prior(f: &[bool; COUNT], size: usize) -> (f32, f32) {
    let mut weight = 10.0f32;
    let mut total = 5.0f32; // an even start: 10 visits at 0.5
    let mut add = |value: f32, w: f32| {
        weight += w;
        total += value * w;
    };
    if f[CAPTURES] {
        add(1.0, 15.0);
    }
    if f[ANSWERS] {
        add(1.0, 15.0);
    }
    if f[SHAPE] {
        add(0.9, 10.0);
    }
    if f[BIG_SELF_ATARI] {
        add(0.0, 30.0);
    }
    if f[RUNS_INTO_CAPTURE] {
        add(0.0, 20.0);
    }
    if size >= 9 {
        if f[LONELY_LOW] && f[FIRST_LINE] {
            add(0.0, 20.0);
        } else if f[LONELY_LOW] {
            add(0.2, 10.0);
        } else if f[LONELY_HIGH] {
            add(0.7, 5.0);
        }
    }
    if f[TOUCHES_LAST] || f[DIAGONAL_TO_LAST] || f[TWO_FROM_LAST] {
        add(0.7, 5.0);
    }
    (total / weight, weight)
}

/// The weighted sum of the features `f`.
fn score(f: &[bool; COUNT]) -> f32 {
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
        assert!(
            g[FIRST_LINE] && g[LONELY_LOW],
            "the corner: first line, nothing around"
        );
        assert!(score(&f) > score(&g) + 2.0);
        let (v, w) = hand_prior(&f, 5);
        assert!(v > 0.8 && w > 20.0, "{v} {w}");
    }

    #[test]
    fn the_hand_set_prior_shuns_self_atari_and_lone_first_line_stones() {
        let b = board_from(&[".....", ".....", "XXX..", "O.X..", ".XX.."]);
        let mut ladders = LadderReader::default();
        let judge = Judge::new(&b, Color::White, NO_POINT, NO_POINT, &mut ladders);
        let (v, _) = hand_prior(&judge.features(b.point(1, 1), &mut ladders), 5);
        assert!(v < 0.2, "{v}");
        let b = Board::new(9);
        let judge = Judge::new(&b, Color::Black, NO_POINT, NO_POINT, &mut ladders);
        let (edge, centre) = (b.point(0, 4), b.point(2, 2));
        let (v, _) = hand_prior(&judge.features(edge, &mut ladders), 9);
        assert!(v < 0.2, "{v}");
        let (v, _) = hand_prior(&judge.features(centre, &mut ladders), 9);
        assert!(v > 0.5, "{v}");
    }
}
