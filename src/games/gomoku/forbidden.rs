//! Black's forbidden points (RIF Renju, and Omok's double-three).
//!
//! The definitions are the RIF ones, read as the Gomocup referee (Piskvork's `renju.cpp`)
//! and Rapfi read them:
//! - a *five* is exactly five in a row for Black; a point where Black makes a five is
//!   never forbidden, whatever else the move makes;
//! - a *four* is a line to which one more stone gives a five; a straight four (`.BBBB.`)
//!   is one four, but two fives on one line that do not share four stones are two fours
//!   (`B.BBB.B`, `BB.BB.BB`, `BBB.B.BBB`);
//! - a *three* is a line that one more stone turns into a straight four, where that
//!   stone neither makes a five nor is itself forbidden (decided recursively).

use super::board::{BLACK, Board, DIRS, EMPTY, Point};

/// Why a point is forbidden to Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Foul {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl Foul {
    /// The name used by the test data and the GTP command listing forbidden points.
    pub fn name(self) -> &'static str {
        match self {
            Foul::DoubleThree => "double_three",
            Foul::DoubleFour => "double_four",
            Foul::Overline => "overline",
        }
    }
}

/// Which fouls apply: all three in Renju, only the double-three in Omok.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoulSet {
    pub double_four: bool,
    pub overline: bool,
}

impl FoulSet {
    pub const RENJU: FoulSet = FoulSet {
        double_four: true,
        overline: true,
    };
    pub const DOUBLE_THREE_ONLY: FoulSet = FoulSet {
        double_four: false,
        overline: false,
    };
}

/// The foul Black would commit by playing the empty point `index`, if any. The board is
/// used as scratch space and restored before returning.
pub fn foul_at(board: &mut Board, index: usize, fouls: FoulSet) -> Option<Foul> {
    debug_assert_eq!(board.get(index), EMPTY);
    if !may_be_foul(board, index) {
        return None;
    }
    board.set(index, BLACK);
    let foul = classify(board, index, fouls);
    board.set(index, EMPTY);
    foul
}

/// Every forbidden empty point of the position, in board order.
pub fn forbidden_points(board: &mut Board, fouls: FoulSet) -> Vec<(Point, Foul)> {
    let empties: Vec<usize> = board.indices().filter(|&i| board.get(i) == EMPTY).collect();
    empties
        .into_iter()
        .filter_map(|i| foul_at(board, i, fouls).map(|f| (Point::from_index(i), f)))
        .collect()
}

/// A cheap necessary condition: a foul needs two lines with two other black stones
/// near the point, or one line with four (one-line double-four, overline).
#[inline]
fn may_be_foul(board: &Board, index: usize) -> bool {
    let mut busy_lines = 0;
    for &dir in &DIRS {
        let (mut within4, mut within5) = (0, 0);
        for k in 1..=5isize {
            for sign in [-1isize, 1] {
                if board.get((index as isize + sign * k * dir) as usize) == BLACK {
                    within5 += 1;
                    if k <= 4 {
                        within4 += 1;
                    }
                }
            }
        }
        if within4 >= 4 || within5 >= 5 {
            return true;
        }
        if within4 >= 2 {
            busy_lines += 1;
        }
    }
    busy_lines >= 2
}

/// Classifies the black stone just placed at `index`.
fn classify(board: &mut Board, index: usize, fouls: FoulSet) -> Option<Foul> {
    let mut overline = false;
    for &dir in &DIRS {
        let (back, fwd) = board.run(index, dir, BLACK);
        match back + fwd + 1 {
            5 => return None,
            n if n > 5 => overline = true,
            _ => {}
        }
    }
    if fouls.overline && overline {
        return Some(Foul::Overline);
    }
    if fouls.double_four {
        let fours: usize = DIRS.iter().map(|&d| fours_in_line(board, index, d)).sum();
        if fours >= 2 {
            return Some(Foul::DoubleFour);
        }
    }
    let mut threes = 0;
    for &dir in &DIRS {
        if is_real_three(board, index, dir, fouls) {
            threes += 1;
            if threes == 2 {
                return Some(Foul::DoubleThree);
            }
        }
    }
    None
}

/// Offsets `k` (along `dir`, relative to the black stone at `index`) of the empty points
/// that give Black an exact five through `index`; at most two exist on a line.
fn five_points(board: &mut Board, index: usize, dir: isize) -> ([isize; 2], usize) {
    let mut found = [0isize; 2];
    let mut n = 0;
    for k in -4..=4isize {
        let q = (index as isize + k * dir) as usize;
        if k == 0 || board.get(q) != EMPTY {
            continue;
        }
        board.set(q, BLACK);
        let (back, fwd) = board.run(q, dir, BLACK);
        board.set(q, EMPTY);
        // The five must contain `index`, which lies `-k` steps from `q`.
        if back + fwd + 1 == 5 && k <= back as isize && -k <= fwd as isize {
            if n < 2 {
                found[n] = k;
            }
            n += 1;
        }
    }
    (found, n)
}

/// Fours through the black stone at `index` along `dir`: a straight four is one four,
/// two fives that do not share four stones are two.
fn fours_in_line(board: &mut Board, index: usize, dir: isize) -> usize {
    match five_points(board, index, dir) {
        (_, 0) => 0,
        ([a, b], 2) if b - a == 5 => 1,
        (_, n) => n,
    }
}

/// Whether the line along `dir` through the black stone at `index` is a real three:
/// some empty point makes a straight four with it, without making a five, and is not
/// itself forbidden.
fn is_real_three(board: &mut Board, index: usize, dir: isize, fouls: FoulSet) -> bool {
    for k in -3..=3isize {
        let q = (index as isize + k * dir) as usize;
        if k == 0 || board.get(q) != EMPTY {
            continue;
        }
        board.set(q, BLACK);
        let straight = match five_points(board, index, dir) {
            ([a, b], 2) => b - a == 5 && a < k && k < b,
            _ => false,
        };
        let real = straight && classify_after_move(board, q, fouls);
        board.set(q, EMPTY);
        if real {
            return true;
        }
    }
    false
}

/// With Black's stone already at `q`: true when the move at `q` is neither a five nor a
/// foul, so that the straight four it makes is a genuine threat.
fn classify_after_move(board: &mut Board, q: usize, fouls: FoulSet) -> bool {
    let makes_five = DIRS.iter().any(|&d| {
        let (back, fwd) = board.run(q, d, BLACK);
        back + fwd + 1 == 5
    });
    if makes_five {
        return false;
    }
    board.set(q, EMPTY);
    let may = may_be_foul(board, q);
    board.set(q, BLACK);
    !may || classify(board, q, fouls).is_none()
}
