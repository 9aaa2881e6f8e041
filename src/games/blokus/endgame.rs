//! Exact play at the end of a two-player game. Close games are decided by the last
//! few placements, where the playouts judge a move only by random endings; once few
//! moves are left, alpha-beta over the final margin finds the best move outright. A
//! table merges the many orders in which independent placements reach one position.
//! Past its budget the solver gives up, and the tree search decides instead.
//!
//! The margin is the better target than the result: the largest margin one side can
//! force is above zero exactly when that side can force a win.

use super::board::{Board, Colour};
use super::pieces::{MONOMINO, piece_mask};
use super::tables::MoveId;
use crate::rng::mix64;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What the solver proved: the best move for the colour asked, the margin it forces
/// (the points of that colour's player less the other's, with best play from both
/// sides) and the positions it visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    pub mv: MoveId,
    pub margin: i32,
    pub nodes: u64,
}

/// The best move for `colour` on `board` (a two-player variant) if the game's end can
/// be searched within `max_nodes` positions and before `deadline`; `None` when it
/// cannot (or `stop` is raised), when `colour` has no move, or when the variant has
/// more players.
pub fn solve(
    board: &Board,
    colour: Colour,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> Option<Solution> {
    if board.num_players() != 2 || colour >= board.num_colours() {
        return None;
    }
    let mut moves = board.legal_moves(colour);
    if moves.is_empty() {
        return None;
    }
    let mut solver = Solver {
        board: board.clone(),
        nodes: 0,
        max_nodes,
        deadline,
        stop,
        aborted: false,
        table: HashMap::new(),
        buffers: Vec::new(),
    };
    order(&solver.board, &mut moves);
    let first_player = board.player_of(colour) == 0;
    // The margin from the mover's side; only a move that beats the best so far matters.
    let (mut best, mut best_move) = (-i32::MAX, moves[0]);
    for &mv in &moves {
        solver.board.play_unchecked(colour, mv);
        let margin = if first_player {
            solver.value(best, i32::MAX, 1)
        } else {
            -solver.value(-i32::MAX, -best, 1)
        };
        solver.board.undo();
        if solver.aborted {
            return None;
        }
        if margin > best {
            (best, best_move) = (margin, mv);
        }
    }
    Some(Solution {
        mv: best_move,
        margin: best,
        nodes: solver.nodes,
    })
}

/// What a table entry knows of a position's value.
#[derive(Clone, Copy)]
enum Bound {
    Exact,
    /// At least this much.
    Lower,
    /// At most this much.
    Upper,
}

struct Solver<'a> {
    board: Board,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
    /// Per position: its value to player 0 and what kind of bound it is.
    table: HashMap<u64, (i32, Bound)>,
    /// The move list of each ply (kept to spare an allocation per position).
    buffers: Vec<Vec<MoveId>>,
}

impl Solver<'_> {
    /// The final margin of player 0 (its points less player 1's) with best play from
    /// here, if it lies within (`alpha`, `beta`); otherwise a bound on the side of the
    /// window it fell (fail-soft alpha-beta: player 0 maximizes, player 1 minimizes).
    /// `alpha` and `beta` are read from player 0's side whoever moves.
    fn value(&mut self, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes > self.max_nodes
            || (self.nodes.is_multiple_of(256)
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.stop.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let key = self.key();
        if let Some(&(value, bound)) = self.table.get(&key) {
            match bound {
                Bound::Exact => return value,
                Bound::Lower if value >= beta => return value,
                Bound::Upper if value <= alpha => return value,
                Bound::Lower => alpha = alpha.max(value),
                Bound::Upper => beta = beta.min(value),
            }
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let Some(colour) = self.next_mover(&mut moves) else {
            self.buffers[ply] = moves;
            let points = self.board.player_points();
            return points[0] - points[1];
        };
        order(&self.board, &mut moves);
        let maximizing = self.board.player_of(colour) == 0;
        let (window_alpha, window_beta) = (alpha, beta);
        let mut best = if maximizing { -i32::MAX } else { i32::MAX };
        for &mv in &moves {
            self.board.play_unchecked(colour, mv);
            let v = self.value(alpha, beta, ply + 1);
            self.board.undo();
            if self.aborted {
                break;
            }
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        if self.aborted {
            return 0;
        }
        let bound = if best <= window_alpha {
            Bound::Upper
        } else if best >= window_beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, (best, bound));
        best
    }

    /// The table's key of the position: the board's hash (the stones and the colour
    /// to move), and per colour the pieces it has left and whether its latest was the
    /// monomino, which the board's hash leaves out: the same squares may be covered by
    /// other pieces, and a colour that places its last piece scores more when that is
    /// the monomino.
    fn key(&self) -> u64 {
        let mut key = self.board.hash();
        for c in 0..self.board.num_colours() {
            let mask = u64::from(piece_mask(self.board.pieces_left_of(c)));
            let monomino_last = self.board.last_piece(c) == Some(MONOMINO);
            key ^= mix64((c as u64) << 32 | mask << 1 | u64::from(monomino_last));
        }
        key
    }

    /// The colour to move (the first in turn order, from the nominal one, that has a
    /// move), its moves in `moves`; `None` at the end of the game.
    fn next_mover(&self, moves: &mut Vec<MoveId>) -> Option<Colour> {
        let n = self.board.num_colours();
        let first = self.board.nominal_to_play();
        (0..n).map(|i| (first + i) % n).find(|&c| {
            moves.clear();
            self.board.generate_moves(c, moves);
            !moves.is_empty()
        })
    }
}

/// Larger pieces first: they score more, so the best move tends to come early and
/// cut the rest off.
fn order(board: &Board, moves: &mut [MoveId]) {
    let tables = board.tables();
    moves.sort_by_key(|&mv| Reverse(tables.info(mv).len));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blokus::Variant;
    use crate::rng::Rng;

    /// Player 0's final margin with best play, by plain minimax over every move, the
    /// turn order from the board's own `to_play` (the solver finds its movers itself).
    fn minimax(board: &mut Board) -> i32 {
        let Some(colour) = board.to_play() else {
            let points = board.player_points();
            return points[0] - points[1];
        };
        let moves = board.legal_moves(colour);
        let maximizing = board.player_of(colour) == 0;
        let values = moves.iter().map(|&mv| {
            board.play_unchecked(colour, mv);
            let v = minimax(board);
            board.undo();
            v
        });
        if maximizing {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// A position of `variant` played at random until the colours have at most
    /// `moves_left` legal moves together.
    fn late_position(variant: Variant, seed: u64, moves_left: usize) -> Board {
        let mut board = Board::new(variant);
        let mut rng = Rng::new(seed);
        while let Some(colour) = board.to_play() {
            let total: usize = (0..board.num_colours())
                .map(|c| board.legal_moves(c).len())
                .sum();
            if total <= moves_left {
                break;
            }
            let moves = board.legal_moves(colour);
            let mv = moves[rng.below(moves.len() as u32) as usize];
            board.play_unchecked(colour, mv);
        }
        board
    }

    /// On random late positions of both two-player board sizes the solver's margin is
    /// the plain minimax value, and its move reaches it.
    #[test]
    fn the_solver_agrees_with_plain_minimax() {
        let never = AtomicBool::new(false);
        let mut solved = 0;
        for (variant, seed) in (0..12).flat_map(|s| [(Variant::Duo, s), (Variant::ClassicTwo, s)]) {
            let mut board = late_position(variant, seed, 14);
            let Some(colour) = board.to_play() else {
                continue;
            };
            let solution = solve(&board, colour, u64::MAX, None, &never).expect("solved");
            let sign = if board.player_of(colour) == 0 { 1 } else { -1 };
            assert_eq!(
                solution.margin,
                sign * minimax(&mut board),
                "{variant:?} {seed}"
            );
            board.play_unchecked(colour, solution.mv);
            assert_eq!(
                solution.margin,
                sign * minimax(&mut board),
                "{variant:?} {seed}"
            );
            solved += 1;
        }
        assert!(solved >= 20, "{solved} positions");
    }

    /// Past its node budget the solver gives up rather than answer unproven.
    #[test]
    fn the_solver_gives_up_past_its_budget() {
        let never = AtomicBool::new(false);
        let board = late_position(Variant::Duo, 3, 40);
        let colour = board.to_play().expect("a move");
        let full = solve(&board, colour, u64::MAX, None, &never).expect("solved");
        assert!(full.nodes > 10);
        assert_eq!(solve(&board, colour, full.nodes - 1, None, &never), None);
        assert_eq!(solve(&board, colour, full.nodes, None, &never), Some(full));
    }
}
