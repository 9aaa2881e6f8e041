//! Exact scores by null-window alpha-beta (negamax) over a transposition table.
//!
//! Scores follow Pons: a win scores 1 + the stones the winner still holds after its winning
//! move (22 − k for a win with one's k-th stone on 7×6), a loss the opposite, a draw 0.

use std::time::Instant;

use super::book::Book;
use super::position::Position;
use super::table::Table;
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

const CHECK_EVERY: u64 = 1 << 12;
/// Plies below which positions share table entries with their mirror image.
const SYMMETRY_PLIES: i32 = 10;
/// Empty cells from which a node probes its children's entries before searching any.
const ETC_MIN_EMPTY: i32 = 16;

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

        let (key, mirrored) = Self::table_key(position);
        let mut hint = None;
        if let Some(known) = self.table.get(key) {
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

        // Children's buckets are fetched together, so that their cache misses overlap
        // with the ordering work and with each other.
        let mut children = [(0u64, 0u64, 0i32); W];
        let mut count = 0;
        for column in centre_first::<W>() {
            let mv = candidates & Position::<W, H>::column_mask(column);
            if mv == 0 {
                continue;
            }
            let child = position.after(mv);
            let (child_key, _) = Self::table_key(&child);
            self.table.prefetch(child_key);
            let threats = position.threats_after(mv);
            let playable = threats & child.possible();
            if playable & playable.wrapping_sub(1) != 0 {
                // Two fours to complete at once: the opponent, who cannot win now, blocks
                // one and we win with our next stone, the best we can hope for here.
                return ceiling;
            }
            let priority = if hint == Some(column as u8) {
                i32::MAX
            } else {
                threats.count_ones() as i32
            };
            children[count] = (mv, child_key, priority);
            count += 1;
        }
        let children = &children[..count];
        if Self::CELLS - moves >= ETC_MIN_EMPTY {
            for &(_, child_key, _) in children {
                if let Some(child) = self.table.get(child_key)
                    && -child.upper >= beta
                {
                    // Enhanced transposition cutoff: a child already known to refute
                    // the window spares the search of its elder siblings.
                    return -child.upper;
                }
            }
        }
        let mut list = MoveList::<W>::new();
        for &(mv, _, priority) in children {
            list.add(mv, priority);
        }

        let start = self.nodes;
        let original_alpha = alpha;
        let mut best = i32::MIN;
        let mut best_column = None;
        for &(mv, _) in &list.moves[..list.len] {
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
                self.table
                    .put(key, score, Self::NO_UPPER, best_column, work);
                return score;
            }
            alpha = alpha.max(score);
        }
        let work = self.work_since(start);
        if best > original_alpha {
            // A child landed strictly inside the window: its score is exact, and so is ours.
            self.table.put(key, best, best, best_column, work);
        } else {
            self.table.put(key, Self::NO_LOWER, best, None, work);
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
