//! Exact play at the end of a two-player game. Close games are decided by the last
//! few placements, where the playouts judge a move only by random endings; once few
//! moves are left, alpha-beta over the final margin proves whether the colour to move
//! can force a win, and with which move. A table merges the many orders in which
//! independent placements reach one position. Past its budget the solver gives up, and
//! the tree search decides instead.
//!
//! Each search asks one question with a null window (can the mover's margin reach
//! `t`?): a move that cannot is refuted by the first reply that holds the margin
//! below `t`, where a full window would go on to find by how much. The first question
//! is whether the mover wins at all (`t` = 1); once a win is proven, the threshold
//! rises past each margin proven until no move reaches it or the budget runs out, so a
//! won game is still won by as much as the budget can prove. The table keeps what each
//! search proved (bounds on a position's margin and the move that decided it) from one
//! move of a game to the next, so a search that gave up still leaves the next one less
//! to do.

use super::board::{Board, Colour};
use super::pieces::{MONOMINO, piece_mask};
use super::tables::MoveId;
use super::variant::Variant;
use crate::rng::mix64;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What the solver proved for the colour asked, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A move wins by force.
    Win(Win),
    /// No move forces a win: best play from both sides draws or loses.
    NoWin,
    /// The budget ran out first (or the variant has more players, or the colour has
    /// no move).
    Unknown,
}

/// A proven win: `mv` wins by at least `margin` points against any defence; by exactly
/// that with best play when `most` (no move wins by more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Win {
    pub mv: MoveId,
    pub margin: i32,
    pub most: bool,
}

/// How much one proof may cost.
pub struct Budget<'a> {
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub stop: &'a AtomicBool,
}

/// The most positions the table keeps (about 50 MB): once full it only updates the
/// positions it has, and the next proof starts it again empty.
const MAX_ENTRIES: usize = 1 << 20;

/// The solver of one game: its table outlives each proof.
pub struct Solver {
    /// Per position: what is known of its margin, and the move that decided it.
    table: HashMap<u64, Entry>,
    /// The most positions `table` keeps.
    max_entries: usize,
    /// The variant the table's positions belong to.
    variant: Option<Variant>,
    /// The move list of each ply (kept to spare an allocation per position).
    buffers: Vec<Vec<MoveId>>,
}

/// What is known of a position: its margin for player 0 (points less player 1's, with
/// best play) lies in `lower..=upper`; `best` is the move of the latest search there
/// that decided it (`NO_MOVE` if none).
#[derive(Clone, Copy)]
struct Entry {
    lower: i32,
    upper: i32,
    best: MoveId,
}

const NO_MOVE: MoveId = MoveId::MAX;

impl Default for Solver {
    fn default() -> Self {
        Solver::with_max_entries(MAX_ENTRIES)
    }
}

impl Solver {
    /// A solver whose table keeps at most `max_entries` positions.
    fn with_max_entries(max_entries: usize) -> Solver {
        Solver {
            table: HashMap::new(),
            max_entries,
            variant: None,
            buffers: Vec::new(),
        }
    }

    /// Forgets every position (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Whether `colour` can force a win on `board` (a two-player variant), by which move
    /// and by how much, as far as `budget` lets it prove; the positions visited come
    /// with it.
    pub fn prove_win(&mut self, board: &Board, colour: Colour, budget: &Budget) -> (Verdict, u64) {
        if board.num_players() != 2 || colour >= board.num_colours() {
            return (Verdict::Unknown, 0);
        }
        let mut moves = board.legal_moves(colour);
        if moves.is_empty() {
            return (Verdict::Unknown, 0);
        }
        let mut search = self.search(board, budget);
        order(&search.board, &mut moves, NO_MOVE);
        let mut won: Option<(MoveId, i32)> = None;
        // Whether the questions end on an answer rather than on the budget.
        let settled = loop {
            let threshold = won.map_or(1, |(_, margin)| margin + 1);
            match search.move_reaching(colour, &moves, threshold) {
                Some(Some((mv, margin))) => {
                    won = Some((mv, margin));
                    // The best move so far leads the next question.
                    let at = moves.iter().position(|&m| m == mv).unwrap_or(0);
                    moves[..=at].rotate_right(1);
                }
                Some(None) => break true,
                None => break false,
            }
        };
        let verdict = match won {
            Some((mv, margin)) => Verdict::Win(Win {
                mv,
                margin,
                most: settled,
            }),
            None if settled => Verdict::NoWin,
            None => Verdict::Unknown,
        };
        (verdict, search.nodes)
    }

    /// A walk from `board` over the table, which starts again empty for another
    /// variant or once it is full.
    fn search<'a>(&'a mut self, board: &Board, budget: &'a Budget<'a>) -> Search<'a> {
        if self.variant != Some(board.variant()) || self.table.len() >= self.max_entries {
            self.table.clear();
            self.variant = Some(board.variant());
        }
        Search {
            board: board.clone(),
            nodes: 0,
            budget,
            aborted: false,
            table: &mut self.table,
            max_entries: self.max_entries,
            buffers: &mut self.buffers,
        }
    }

    /// Whether `mv` of `colour` wins by at least `margin` points against any defence:
    /// `None` if that is not settled within `budget`.
    pub fn reaches(
        &mut self,
        board: &Board,
        colour: Colour,
        mv: MoveId,
        margin: i32,
        budget: &Budget,
    ) -> Option<bool> {
        if board.num_players() != 2
            || colour >= board.num_colours()
            || !board.legal_moves(colour).contains(&mv)
        {
            return None;
        }
        let mut search = self.search(board, budget);
        search
            .move_reaching(colour, &[mv], margin)
            .map(|reached| reached.is_some())
    }
}

/// One proof's walk over the game tree.
struct Search<'a> {
    board: Board,
    nodes: u64,
    budget: &'a Budget<'a>,
    aborted: bool,
    table: &'a mut HashMap<u64, Entry>,
    max_entries: usize,
    buffers: &'a mut Vec<Vec<MoveId>>,
}

impl Search<'_> {
    /// The first of `moves` (placements of `colour`, whose player moves at the root)
    /// that reaches a margin of at least `threshold` for that player, with the margin it
    /// is proven to reach; `Some(None)` if none does, `None` if the budget ran out.
    fn move_reaching(
        &mut self,
        colour: Colour,
        moves: &[MoveId],
        threshold: i32,
    ) -> Option<Option<(MoveId, i32)>> {
        // The null window (alpha, alpha + 1) asks whether player 0's margin is above
        // alpha: at least `threshold` for player 0, at most −`threshold` for player 1.
        let first_player = self.board.player_of(colour) == 0;
        let alpha = if first_player {
            threshold - 1
        } else {
            -threshold
        };
        for &mv in moves {
            self.board.play_unchecked(colour, mv);
            let value = self.value(alpha, alpha + 1, 1);
            self.board.undo();
            if self.aborted {
                return None;
            }
            let margin = if first_player { value } else { -value };
            if margin >= threshold {
                return Some(Some((mv, margin)));
            }
        }
        Some(None)
    }

    /// The final margin of player 0 (its points less player 1's) with best play from
    /// here, if it lies within (`alpha`, `beta`); otherwise a bound on the side of the
    /// window it fell (fail-soft alpha-beta: player 0 maximizes, player 1 minimizes).
    /// `alpha` and `beta` are read from player 0's side whoever moves.
    fn value(&mut self, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes > self.budget.max_nodes
            || (self.nodes.is_multiple_of(256)
                && (self.budget.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.budget.stop.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let key = self.key();
        let known = self.table.get(&key).copied();
        if let Some(entry) = known {
            if entry.lower >= beta || entry.lower == entry.upper {
                return entry.lower;
            }
            if entry.upper <= alpha {
                return entry.upper;
            }
            alpha = alpha.max(entry.lower);
            beta = beta.min(entry.upper);
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
        order(&self.board, &mut moves, known.map_or(NO_MOVE, |e| e.best));
        let maximizing = self.board.player_of(colour) == 0;
        let (window_alpha, window_beta) = (alpha, beta);
        let mut best = if maximizing { -i32::MAX } else { i32::MAX };
        let mut best_move = NO_MOVE;
        for &mv in &moves {
            self.board.play_unchecked(colour, mv);
            let v = self.value(alpha, beta, ply + 1);
            self.board.undo();
            if self.aborted {
                break;
            }
            if (maximizing && v > best) || (!maximizing && v < best) {
                (best, best_move) = (v, mv);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
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
        let mut entry = known.unwrap_or(Entry {
            lower: -i32::MAX,
            upper: i32::MAX,
            best: NO_MOVE,
        });
        if best > window_alpha {
            entry.lower = entry.lower.max(best);
        }
        if best < window_beta {
            entry.upper = entry.upper.min(best);
        }
        entry.best = best_move;
        if self.table.len() < self.max_entries {
            self.table.insert(key, entry);
        } else if let Some(kept) = self.table.get_mut(&key) {
            *kept = entry;
        }
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

/// The move that decided the position before (`first`) leads, then larger pieces: they
/// score more, so the best move tends to come early and cut the rest off.
fn order(board: &Board, moves: &mut [MoveId], first: MoveId) {
    let tables = board.tables();
    moves.sort_by_key(|&mv| (mv != first, Reverse(tables.info(mv).len)));
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

    /// Whether `colour` can force a win, by plain minimax.
    fn wins(board: &mut Board, colour: Colour) -> bool {
        let sign = if board.player_of(colour) == 0 { 1 } else { -1 };
        sign * minimax(board) > 0
    }

    /// A budget of `max_nodes` positions and no deadline.
    fn positions(max_nodes: u64, stop: &AtomicBool) -> Budget<'_> {
        Budget {
            max_nodes,
            deadline: None,
            stop,
        }
    }

    /// On random late positions of both two-player board sizes the solver proves a win
    /// exactly when plain minimax finds one, by the same margin, and its move keeps it;
    /// it tells which moves win by at least two as minimax does. One solver plays on to
    /// the end of each game, its table carried from move to move.
    #[test]
    fn the_solver_agrees_with_plain_minimax() {
        let never = AtomicBool::new(false);
        let budget = positions(u64::MAX, &never);
        let (mut wins_proven, mut no_wins, mut reached) = (0, 0, 0);
        for variant in [Variant::Duo, Variant::ClassicTwo] {
            let mut solver = Solver::default();
            for seed in 0..12 {
                let mut board = late_position(variant, seed, 14);
                while let Some(colour) = board.to_play() {
                    let (verdict, _) = solver.prove_win(&board, colour, &budget);
                    let sign = if board.player_of(colour) == 0 { 1 } else { -1 };
                    // Whether each move reaches a margin of 2 for the mover.
                    for mv in board.legal_moves(colour) {
                        board.play_unchecked(colour, mv);
                        let margin = sign * minimax(&mut board);
                        board.undo();
                        let reaches = solver.reaches(&board, colour, mv, 2, &budget);
                        assert_eq!(reaches, Some(margin >= 2), "{variant:?} {seed}");
                        reached += usize::from(margin >= 2);
                    }
                    let mv = match verdict {
                        Verdict::Win(Win { mv, margin, most }) => {
                            assert!(most, "{variant:?} {seed}: no budget limit");
                            assert_eq!(margin, sign * minimax(&mut board), "{variant:?} {seed}");
                            board.play_unchecked(colour, mv);
                            assert_eq!(margin, sign * minimax(&mut board), "{variant:?} {seed}");
                            board.undo();
                            wins_proven += 1;
                            mv
                        }
                        Verdict::NoWin => {
                            assert!(!wins(&mut board, colour), "{variant:?} {seed}");
                            no_wins += 1;
                            board.legal_moves(colour)[0]
                        }
                        Verdict::Unknown => panic!("{variant:?} {seed}: no budget limit"),
                    };
                    board.play_unchecked(colour, mv);
                }
            }
        }
        assert!(
            wins_proven >= 20 && no_wins >= 20 && reached >= 20,
            "{wins_proven} wins, {no_wins} not, {reached} moves reaching 2"
        );
    }

    /// A table held to a few positions still gives the right answers, and keeps no
    /// more than it may.
    #[test]
    fn a_full_table_still_solves() {
        let never = AtomicBool::new(false);
        let budget = positions(u64::MAX, &never);
        let board = late_position(Variant::Duo, 3, 40);
        let colour = board.to_play().expect("a move");
        let mut unbounded = Solver::default();
        let (verdict, nodes) = unbounded.prove_win(&board, colour, &budget);
        assert!(
            unbounded.table.len() > 500,
            "{} positions",
            unbounded.table.len()
        );
        let mut small = Solver::with_max_entries(50);
        let (small_verdict, more_nodes) = small.prove_win(&board, colour, &budget);
        assert_eq!(small_verdict, verdict);
        assert!(more_nodes > nodes);
        assert_eq!(small.table.len(), 50);
    }

    /// Past its node budget the solver answers only what it proved by then: nothing, or
    /// a win by less than it could prove with more; what it proved is kept, and the
    /// next try needs fewer positions.
    #[test]
    fn the_solver_gives_up_past_its_budget() {
        let never = AtomicBool::new(false);
        let budget = |max_nodes| positions(max_nodes, &never);
        let board = late_position(Variant::Duo, 3, 40);
        let colour = board.to_play().expect("a move");
        let (verdict, nodes) = Solver::default().prove_win(&board, colour, &budget(u64::MAX));
        assert!(nodes > 10);
        let Verdict::Win(Win {
            margin: full_margin,
            ..
        }) = verdict
        else {
            panic!("the position was chosen for a win, not {verdict:?}");
        };
        assert_eq!(
            Solver::default().prove_win(&board, colour, &budget(1)).0,
            Verdict::Unknown
        );
        let mut solver = Solver::default();
        match solver.prove_win(&board, colour, &budget(nodes - 1)).0 {
            Verdict::Unknown => {}
            Verdict::Win(Win {
                margin,
                most: false,
                ..
            }) => assert!(margin <= full_margin),
            other => panic!("{other:?} with one position too few"),
        }
        let (again, fewer) = solver.prove_win(&board, colour, &budget(nodes - 1));
        assert_eq!(again, verdict);
        assert!(
            fewer < nodes / 2,
            "{fewer} positions the second time, {nodes} at once"
        );
        assert_eq!(
            Solver::default().prove_win(&board, colour, &budget(nodes)),
            (verdict, nodes)
        );
    }
}
