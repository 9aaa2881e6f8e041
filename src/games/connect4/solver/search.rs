//! Exact scores by null-window alpha-beta (negamax) over a transposition table.
//!
//! Scores follow Pons: a win scores 1 + the stones the winner still holds after its winning
//! move (22 − k for a win with one's k-th stone on 7×6), a loss the opposite, a draw 0.

use std::time::Instant;

use super::book::Book;
use super::position::Position;
use super::table::{Bounds, Table};
use crate::games::connect4::geometry;
use crate::search::Limits;

/// When to give up: checked every few thousand nodes.
pub struct Budget<'a> {
    limits: Option<&'a Limits>,
    deadline: Option<Instant>,
}

impl<'a> Budget<'a> {
    pub fn unlimited() -> Self {
        Budget {
            limits: None,
            deadline: None,
        }
    }

    pub fn new(limits: &'a Limits, start: Instant) -> Self {
        Budget {
            limits: Some(limits),
            deadline: limits.deadline(start),
        }
    }

    fn exhausted(&self, nodes: u64) -> bool {
        let Some(limits) = self.limits else {
            return false;
        };
        limits.stop_requested()
            || limits.max_nodes.is_some_and(|max| nodes >= max)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// One solve (or analysis) run: borrows the long-lived table and book.
pub struct Search<'a, const W: usize, const H: usize> {
    table: &'a mut Table,
    book: Option<&'a Book>,
    budget: Budget<'a>,
    pub nodes: u64,
    aborted: bool,
}

/// Empty cells below which a node neither probes the table nor orders its moves: the
/// subtree is smaller than what that work would save.
const TABLE_MIN_EMPTY: i32 = 6;
const CHECK_EVERY: u64 = 1 << 12;
/// Plies below which positions share table entries with their mirror image.
const SYMMETRY_PLIES: i32 = 10;
/// Empty cells from which a node probes its children's entries before searching any.
const ETC_MIN_EMPTY: i32 = 12;

/// Up to one move per column, kept sorted by decreasing priority.
struct MoveList<const W: usize> {
    moves: [(u64, i32); W],
    len: usize,
}

impl<const W: usize> MoveList<W> {
    fn new() -> Self {
        MoveList {
            moves: [(0, 0); W],
            len: 0,
        }
    }

    /// Insertion keeps equal priorities in insertion order (centre columns first).
    fn add(&mut self, mv: u64, priority: i32) {
        let mut i = self.len;
        while i > 0 && self.moves[i - 1].1 < priority {
            self.moves[i] = self.moves[i - 1];
            i -= 1;
        }
        self.moves[i] = (mv, priority);
        self.len += 1;
    }
}

/// `geometry::centre_first` as an array the compiler can fold.
pub fn centre_first<const W: usize>() -> [usize; W] {
    let mut order = [0; W];
    for (slot, column) in order.iter_mut().zip(geometry::centre_first(W)) {
        *slot = column;
    }
    order
}

impl<'a, const W: usize, const H: usize> Search<'a, W, H> {
    const CELLS: i32 = Position::<W, H>::CELLS;
    /// Below any score: "no lower bound known" in the table.
    const NO_LOWER: i32 = -Self::CELLS;
    const NO_UPPER: i32 = Self::CELLS;

    pub fn new(table: &'a mut Table, book: Option<&'a Book>, budget: Budget<'a>) -> Self {
        Search {
            table,
            book,
            budget,
            nodes: 0,
            aborted: false,
        }
    }

    /// Score of the side to move winning right now.
    pub fn immediate_win(position: &Position<W, H>) -> i32 {
        (Self::CELLS + 1 - position.moves()) / 2
    }

    /// The exact score, or `None` if the budget ran out first. The position must not be
    /// over.
    pub fn solve(&mut self, position: &Position<W, H>) -> Option<i32> {
        if position.can_win_next() {
            return Some(Self::immediate_win(position));
        }
        let mut min = -(Self::CELLS - position.moves()) / 2;
        let mut max = (Self::CELLS + 1 - position.moves()) / 2;
        while min < max {
            // Probe nearer zero first: most positions are close to a draw, and narrow
            // windows near the truth cut most.
            let mut probe = min + (max - min) / 2;
            if probe <= 0 && min / 2 < probe {
                probe = min / 2;
            } else if probe >= 0 && max / 2 > probe {
                probe = max / 2;
            }
            let score = self.negamax(position, probe, probe + 1);
            if self.aborted {
                return None;
            }
            if score <= probe {
                max = score;
            } else {
                min = score;
            }
        }
        Some(min)
    }

    /// Fail-soft negamax: the result is the exact score when it lies strictly inside
    /// `(alpha, beta)`, an upper bound when `<= alpha`, a lower bound when `>= beta`.
    /// The side to move must not be able to win at once.
    fn negamax(&mut self, position: &Position<W, H>, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.budget.exhausted(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let candidates = position.non_losing_moves();
        let moves = position.moves();
        if candidates == 0 {
            // Every move lets the opponent win with its next stone.
            return -(Self::CELLS - moves) / 2;
        }
        if moves >= Self::CELLS - 2 {
            // Two cells left and neither side can make four with them.
            return 0;
        }
        // We cannot win at once and the opponent cannot win with its next stone.
        let floor = -(Self::CELLS - 2 - moves) / 2;
        let ceiling = (Self::CELLS - 1 - moves) / 2;
        alpha = alpha.max(floor);
        beta = beta.min(ceiling);
        if alpha >= beta {
            return alpha;
        }

        if candidates & (candidates - 1) == 0 {
            // A single move that does not lose at once: the child's search is ours, and
            // the child keeps what it learns in the table.
            return -self.negamax(&position.after(candidates), -beta, -alpha);
        }
        let empties = Self::CELLS - moves;
        if empties < TABLE_MIN_EMPTY {
            return self.small(position, candidates, alpha, beta);
        }
        let (key, mirrored) = Self::table_key(position);
        let mut hint = None;
        if let Some(known) = self.table.get(key, empties) {
            if known.lower >= beta {
                return known.lower;
            }
            if known.upper <= alpha {
                return known.upper;
            }
            alpha = alpha.max(known.lower);
            beta = beta.min(known.upper);
            hint = known.best.map(|c| Self::orient(c, mirrored));
        }
        if let Some(book) = self.book
            && let Some((lower, upper)) = book.get(position)
        {
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }

        // The table's move first, and alone: when it cuts, as it usually does, the other
        // moves are never generated nor ordered.
        let mut list = MoveList::<W>::new();
        let hinted = hint.map_or(0, |c| {
            candidates & Position::<W, H>::column_mask(c as usize)
        });
        if hinted != 0 {
            list.add(hinted, i32::MAX);
        }
        let mut generated = hinted == 0;
        if generated && let Some(score) = self.generate(position, candidates, 0, beta, &mut list) {
            return score;
        }

        let start = self.nodes;
        let original_alpha = alpha;
        let mut best = i32::MIN;
        let mut best_column = None;
        let mut next = 0;
        loop {
            if next == list.len {
                if generated {
                    break;
                }
                generated = true;
                if let Some(score) = self.generate(position, candidates, hinted, beta, &mut list) {
                    return score;
                }
                if next == list.len {
                    break;
                }
            }
            let mv = list.moves[next].0;
            next += 1;
            let score = -self.negamax(&position.after(mv), -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_column = Some(Self::orient(
                    Position::<W, H>::column_of(mv) as u8,
                    mirrored,
                ));
            }
            if score >= beta {
                let work = self.work_since(start);
                let bounds = Bounds {
                    lower: score,
                    upper: Self::NO_UPPER,
                    best: best_column,
                };
                self.table.put(key, empties, bounds, work);
                return score;
            }
            alpha = alpha.max(score);
        }
        let work = self.work_since(start);
        let bounds = if best > original_alpha {
            // A child landed strictly inside the window: its score is exact, and so is ours.
            Bounds {
                lower: best,
                upper: best,
                best: best_column,
            }
        } else {
            Bounds {
                lower: Self::NO_LOWER,
                upper: best,
                best: None,
            }
        };
        self.table.put(key, empties, bounds, work);
        best
    }

    /// Adds the `candidates` other than `skip` to `list`, most threats first (centre first
    /// among equals). Returns a score instead when it finds the search unnecessary: a move
    /// that makes two fours at once, or a child the table already knows refutes `beta`.
    fn generate(
        &self,
        position: &Position<W, H>,
        candidates: u64,
        skip: u64,
        beta: i32,
        list: &mut MoveList<W>,
    ) -> Option<i32> {
        let moves = position.moves();
        let empties = Self::CELLS - moves;
        if empties >= ETC_MIN_EMPTY {
            // Request the children's buckets together, probed below and again by the
            // children: their cache misses overlap with each other and with the ordering.
            let mut rest = candidates & !skip;
            while rest != 0 {
                let mv = rest & rest.wrapping_neg();
                rest ^= mv;
                let (child_key, _) = Self::table_key(&position.after(mv));
                self.table.prefetch(child_key, empties - 1);
            }
        }
        for column in centre_first::<W>() {
            let mv = candidates & !skip & Position::<W, H>::column_mask(column);
            if mv == 0 {
                continue;
            }
            let threats = position.threats_after(mv);
            // The cells the opponent could answer on, ours included once `mv` lands.
            let playable = threats & (position.possible() | mv << 1);
            if playable & playable.wrapping_sub(1) != 0 {
                // Two fours to complete at once: the opponent, who cannot win now, blocks
                // one and we win with our next stone, the best we can hope for here.
                return Some((Self::CELLS - 1 - moves) / 2);
            }
            list.add(mv, threats.count_ones() as i32);
        }
        if empties >= ETC_MIN_EMPTY {
            for &(mv, _) in &list.moves[..list.len] {
                if mv == skip {
                    continue;
                }
                let (child_key, _) = Self::table_key(&position.after(mv));
                if let Some(child) = self.table.get(child_key, empties - 1)
                    && -child.upper >= beta
                {
                    // Enhanced transposition cutoff: a child already known to refute
                    // the window spares the search of its elder siblings.
                    return Some(-child.upper);
                }
            }
        }
        None
    }

    /// A node near the end of the game: no table, the moves centre first.
    fn small(
        &mut self,
        position: &Position<W, H>,
        candidates: u64,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = i32::MIN;
        for column in centre_first::<W>() {
            let mv = candidates & Position::<W, H>::column_mask(column);
            if mv == 0 {
                continue;
            }
            let score = -self.negamax(&position.after(mv), -beta, -alpha);
            if score > best {
                best = score;
                if score >= beta {
                    return score;
                }
                alpha = alpha.max(score);
            }
        }
        best
    }

    /// The table key: near the start, where mirror images meet often, the smaller of the
    /// key and the mirrored key, so that both share one entry.
    fn table_key(position: &Position<W, H>) -> (u64, bool) {
        let key = position.key();
        if position.moves() < SYMMETRY_PLIES {
            let mirrored = position.mirrored_key();
            if mirrored < key {
                return (mirrored, true);
            }
        }
        (key, false)
    }

    /// A column between the table's orientation and the position's.
    fn orient(column: u8, mirrored: bool) -> u8 {
        if mirrored {
            (W - 1) as u8 - column
        } else {
            column
        }
    }

    fn work_since(&self, start: u64) -> u8 {
        (64 - (self.nodes - start).leading_zeros()) as u8
    }
}
