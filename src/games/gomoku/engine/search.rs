//! Principal-variation alpha-beta over threat-pruned moves, with a transposition table
//! and iterative deepening; at the root, the threat solvers (`threats.rs`) first.

use super::position::{Position, Threat};
use super::tt::{Bound, Table};
use crate::games::gomoku::board::{CELLS, Point};
use crate::games::gomoku::game::Gomoku;
use crate::games::gomoku::rules::{Rules, Variant};
use crate::search::Limits;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Score of a won position (minus the plies to the win).
pub const WIN: i32 = 30_000;
const MATE_BOUND: i32 = WIN - 1_000;
const MAX_PLY: usize = 128;
/// Plies past the horizon the search follows answers to open threes.
const THREE_EXTENSION: i32 = 8;
/// Moves searched at an ordinary interior node (the best by the ordering score).
const WIDTH: usize = 14;
/// Late-move reductions (see [`late_move_reduction`]): from which depth, and from
/// which move of the ordering one ply and two at least.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_ONE_PLY_FROM: usize = 3;
const LMR_TWO_PLIES_FROM: usize = 8;
/// Freestyle's scale of the logarithmic reductions (Rapfi's is 1.0, on top of which it
/// reduces more for moves its policy rates low and at expected cut nodes).
const FREESTYLE_REDUCTION_SCALE: f64 = 1.5;
/// Attacker moves the VCT solver looks through, and its share of the move's budget
/// (for our attack, and again for the defence against the opponent's).
const VCT_DEPTH: i32 = 10;
const VCT_SHARE: f64 = 0.2;
/// The VCT solver's table takes the main table's bytes divided by this.
const VCT_TABLE_DIVISOR: usize = 8;
/// Futility pruning: a null-window node this close to the horizon whose static value
/// beats beta by this margin per ply left is cut off unsearched.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 80;
/// History bonus of a quiet move that cuts off at depth `d`: `d * d` times this. A
/// move's history stays within [`HISTORY_MAX`] either way, which weighs as much in the
/// ordering as [`HISTORY_SHARE`] units of the pattern score.
const HISTORY_BONUS: i32 = 32;
const HISTORY_MAX: i32 = 16384;
const HISTORY_SHARE: i32 = 16;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Point,
    /// From the mover's side; `WIN - n` is a win in `n` plies.
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// Found by the VCF solver (a forced win by fours).
    pub vcf: bool,
}

/// A reusable searcher (keeps its transposition table between moves).
pub struct Engine {
    tt: Table,
    /// What the VCT solver proved, per position with the attacker to move (see
    /// [`Engine::vct_attack`]); kept between moves like the main table.
    pub(super) vct_table: Table,
    /// Whether the VCT solver uses its table (the tests compare it with a solver
    /// that does not).
    pub(super) remember_vcts: bool,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    pub(super) max_nodes: u64,
    pub(super) aborted: bool,
    stop: Arc<AtomicBool>,
    /// The scale of the late-move reductions under the game's rules (see
    /// [`reduction_scale`]).
    reduction_scale: f64,
    /// The move list of each ply.
    buffers: Vec<Vec<usize>>,
    /// The candidate cells of the latest node that listed them (kept to spare an
    /// allocation per node).
    pub(super) candidates: Vec<usize>,
    /// The four points of the latest scan, one side's at a time (kept likewise).
    fours: Vec<usize>,
    /// Scans given back by [`Engine::recycle`], for the next ones to fill.
    spare_scans: Vec<Scan>,
    /// Move generation's scored moves (kept to spare an allocation per node).
    scored: Vec<(i32, usize)>,
    /// Per colour and cell: the credit of a quiet move there, from the cut-offs it made
    /// or failed to make (see [`Engine::reward`]).
    history: Box<[[i32; CELLS]; 2]>,
    /// The attacker's stones of the threat sequence the VCT solver is searching.
    pub(super) attack_stones: Vec<usize>,
    /// Whether the VCT solver tries every three, not only those that extend the attack
    /// (the tests check its wins with a solver that does).
    pub(super) any_three: bool,
}

/// The threat points of both sides among the candidate cells: where a stone makes a
/// five, a straight four (an open four) or a four with one five point.
#[derive(Default)]
pub(super) struct Scan {
    pub my_fives: Vec<usize>,
    pub their_fives: Vec<usize>,
    /// The cells that stop every one of their fives with one stone (see
    /// [`Position::stops`]): empty when they have none, or when nothing stops them all.
    pub their_stops: Vec<usize>,
    pub my_fours: Vec<usize>,
    pub my_open_fours: Vec<usize>,
    pub their_open_fours: Vec<usize>,
    pub their_fours: Vec<usize>,
}

impl Scan {
    fn clear(&mut self) {
        for list in [
            &mut self.my_fives,
            &mut self.their_fives,
            &mut self.their_stops,
            &mut self.my_fours,
            &mut self.my_open_fours,
            &mut self.their_open_fours,
            &mut self.their_fours,
        ] {
            list.clear();
        }
    }

    /// The moves that may stop their open three (the points where they make a straight
    /// four): outside Caro every point that stops a straight four is a four point of
    /// theirs, a foul of Black's included (Black may not play it, the stop may); in Caro
    /// a closing cell too (see [`Position::closing_cells`]); or a four of ours gains a
    /// tempo.
    pub fn open_three_answers(&self, pos: &Position) -> Vec<usize> {
        let them = pos.to_move().opponent();
        let mut set = Vec::new();
        pos.four_points(them, &mut set);
        for &point in &self.their_open_fours {
            pos.closing_cells(point, them, &mut set);
        }
        set.extend(&self.my_fours);
        set.extend(&self.my_open_fours);
        set.sort_unstable();
        set.dedup();
        set
    }
}

impl Engine {
    /// An engine whose transposition table takes about `tt_bytes`, and whose VCT table
    /// an eighth of that.
    pub fn new(tt_bytes: usize) -> Engine {
        Engine {
            tt: Table::with_bytes(tt_bytes),
            vct_table: Table::with_bytes(tt_bytes / VCT_TABLE_DIVISOR),
            remember_vcts: true,
            nodes: 0,
            deadline: None,
            max_nodes: u64::MAX,
            aborted: false,
            stop: Arc::new(AtomicBool::new(false)),
            reduction_scale: 0.0,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            candidates: Vec::with_capacity(256),
            fours: Vec::new(),
            spare_scans: Vec::new(),
            scored: Vec::with_capacity(256),
            history: Box::new([[0; CELLS]; 2]),
            attack_stones: Vec::with_capacity(2 * VCT_DEPTH as usize),
            any_three: false,
        }
    }

    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes() + self.vct_table.bytes()
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.vct_table.clear();
        *self.history = [[0; CELLS]; 2];
    }

    /// The move to play for the side to move, or `None` when the game is over or the
    /// board is full. Black never gets a forbidden point unless every empty point is one.
    pub fn genmove(&mut self, game: &Gomoku, limits: &Limits) -> Option<SearchResult> {
        if game.outcome().is_some() {
            return None;
        }
        self.begin(limits);
        self.reduction_scale = reduction_scale(game.rules());
        // Older searches' history counts for less.
        for h in self.history.iter_mut().flat_map(|c| c.iter_mut()) {
            *h /= 2;
        }
        let mut pos = Position::new(game);
        let me = pos.to_move();

        let mut moves = Vec::new();
        self.root_moves(&mut pos, &mut moves);
        if moves.is_empty() {
            // Every empty point is forbidden to Black (or none is left): answer anyway.
            let mut empties = Vec::new();
            pos.empties(&mut empties);
            let &first = empties.first()?;
            return Some(self.result(first, -WIN, 0, false));
        }
        if moves.len() == 1 {
            return Some(self.result(moves[0], 0, 0, false));
        }
        let scan = self.scan(&mut pos);
        if let Some(&win) = scan.my_fives.first() {
            return Some(self.result(win, WIN - 1, 1, false));
        }
        if scan.their_fives.is_empty()
            && let Some(mv) = self.vcf_root(&mut pos)
        {
            return Some(self.result(mv, WIN - 3, 1, true));
        }

        if scan.their_fives.is_empty() {
            let vct = self.with_share(VCT_SHARE, |e| e.vct_root(&mut pos, VCT_DEPTH));
            if let Some(mv) = vct {
                log::debug!("VCT {:?} nodes {}", Point::from_index(mv), self.nodes);
                return Some(self.result(mv, WIN - 5, 1, false));
            }
            self.keep_moves_against(&mut pos, &mut moves, |e, p| e.vcf_root(p));
            self.with_share(VCT_SHARE, |e| {
                e.keep_moves_against(&mut pos, &mut moves, |e, p| e.vct_root(p, VCT_DEPTH))
            });
        }

        let mut best = moves[0];
        let mut best_score = -WIN;
        let mut reached = 0;
        let search_start = Instant::now();
        for depth in 1..=60 {
            let (score, mv, completed) = self.root(&mut pos, &mut moves, depth);
            if self.aborted {
                // The previous best was searched first: a better move found before the
                // clock ran out is better at this depth too.
                if completed > 1 && mv != best {
                    best = mv;
                    best_score = score;
                }
                break;
            }
            best = mv;
            best_score = score;
            reached = depth;
            log::debug!(
                "depth {depth} score {score} move {:?} nodes {}",
                Point::from_index(mv),
                self.nodes
            );
            if score.abs() >= MATE_BOUND {
                break;
            }
            if let Some(deadline) = self.deadline
                && !another_iteration(
                    search_start.elapsed(),
                    deadline.saturating_duration_since(Instant::now()),
                    limits.unspent_time_is_lost,
                )
            {
                break;
            }
            if limits.stop_requested() {
                break;
            }
        }
        debug_assert!(me == pos.to_move());
        Some(self.result(best, best_score, reached, false))
    }

    /// The first move of a forced win by fours and open threes for the side to move,
    /// if the threat solver alone finds one within `max_nodes` (what the root tries
    /// before its main search), and the nodes it used.
    pub fn threat_win(&mut self, game: &Gomoku, max_nodes: u64) -> (Option<Point>, u64) {
        self.begin(&Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        });
        let found = self.vct_root(&mut Position::new(game), VCT_DEPTH);
        (found.map(Point::from_index), self.nodes)
    }

    /// Starts a search's budget (time, nodes, the stop flag) from `limits`.
    fn begin(&mut self, limits: &Limits) {
        self.deadline = limits.deadline(Instant::now());
        self.max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.aborted = false;
        self.stop = limits.stop.clone();
    }

    /// If the opponent threatens a forced win (`find` answers its first move with the
    /// opponent to move), keeps the root moves after which `find` fails, best first;
    /// all of them when none does. Moves not examined before the budget ran out stay.
    fn keep_moves_against(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<usize>,
        find: impl Fn(&mut Engine, &mut Position) -> Option<usize>,
    ) {
        pos.pass();
        let threat = find(self, pos).is_some();
        pos.pass();
        if !threat || self.aborted {
            return;
        }
        let mut safe = Vec::new();
        let mut examined = 0;
        for &mv in moves.iter() {
            pos.play(mv);
            let refuted = self.still_refuted_after_block(pos, &find);
            pos.undo();
            if self.aborted {
                break;
            }
            examined += 1;
            if refuted {
                safe.push(mv);
            }
        }
        log::debug!(
            "opponent threat: {} of {examined} examined moves out of {} stop it",
            safe.len(),
            moves.len()
        );
        if !safe.is_empty() {
            safe.extend_from_slice(&moves[examined..]);
            *moves = safe;
        }
    }

    /// With our move just played: true when the opponent's `find` fails. A four of ours
    /// only postpones the threat: the opponent blocks it and we must then stop the threat
    /// with our next move, so that is what is judged.
    fn still_refuted_after_block(
        &mut self,
        pos: &mut Position,
        find: &impl Fn(&mut Engine, &mut Position) -> Option<usize>,
    ) -> bool {
        let scan = self.scan(pos);
        if scan.their_stops.is_empty() || !scan.my_fives.is_empty() {
            return find(self, pos).is_none();
        }
        // Refuted unless some stop of the four leaves them without the win.
        scan.their_stops.iter().all(|&block| {
            if pos.is_forbidden(block, pos.to_move()) {
                return true;
            }
            pos.play(block);
            pos.pass();
            let refuted = find(self, pos).is_none();
            pos.pass();
            pos.undo();
            refuted
        })
    }

    /// Runs `f` with a `share` of what is left of the budget (time and nodes), then
    /// restores the budget; the main search goes on unless a stop was requested.
    fn with_share<T>(&mut self, share: f64, f: impl FnOnce(&mut Engine) -> T) -> T {
        let (deadline, max_nodes) = (self.deadline, self.max_nodes);
        if let Some(d) = deadline {
            let now = Instant::now();
            self.deadline = Some(now + d.saturating_duration_since(now).mul_f64(share));
        }
        if max_nodes != u64::MAX {
            self.max_nodes =
                self.nodes + (max_nodes.saturating_sub(self.nodes) as f64 * share) as u64;
        }
        let out = f(self);
        self.deadline = deadline;
        self.max_nodes = max_nodes;
        self.aborted = self.stop.load(Ordering::Relaxed);
        out
    }

    fn result(&self, index: usize, score: i32, depth: i32, vcf: bool) -> SearchResult {
        SearchResult {
            best: Point::from_index(index),
            score,
            depth,
            nodes: self.nodes,
            vcf,
        }
    }

    /// Legal root moves, ordered; threats narrow them as at any node.
    fn root_moves(&mut self, pos: &mut Position, moves: &mut Vec<usize>) {
        let scan = self.scan(pos);
        self.generate(pos, &scan, moves, None, true);
        if moves.is_empty() {
            let me = pos.to_move();
            let mut all = Vec::new();
            pos.empties(&mut all);
            moves.extend(all.into_iter().filter(|&i| !pos.is_forbidden(i, me)));
        }
    }

    /// One iteration over the root moves: (score, best move, moves completed).
    fn root(&mut self, pos: &mut Position, moves: &mut [usize], depth: i32) -> (i32, usize, usize) {
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = moves[0];
        let mut scores = Vec::with_capacity(moves.len());
        for (n, &mv) in moves.iter().enumerate() {
            let wins = pos.wins_by(mv, pos.to_move());
            pos.play(mv);
            let score = if wins {
                WIN - 1
            } else if n == 0 {
                -self.negamax(pos, depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(pos, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.aborted {
                    -self.negamax(pos, depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            pos.undo();
            if self.aborted {
                break;
            }
            scores.push((score, mv));
            if score > alpha {
                alpha = score;
                best = mv;
            }
        }
        // Best first for the next iteration.
        if !self.aborted {
            scores.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            for (slot, &(_, mv)) in moves.iter_mut().zip(&scores) {
                *slot = mv;
            }
        }
        (alpha, best, scores.len())
    }

    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted = late || self.stop.load(Ordering::Relaxed);
        }
        self.aborted
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if pos.is_full() {
            return 0;
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv;
            let score = from_tt(hit.score, ply);
            if hit.depth >= depth {
                match hit.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let scan = self.scan(pos);
        if let Some(score) = settled_by_scan(pos, &scan, depth, ply, alpha, beta) {
            self.recycle(scan);
            return score;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let generated = self.generate(pos, &scan, &mut moves, tt_move, false);
        self.recycle(scan);
        let result = 'node: {
            let answering = match generated {
                Generated::Decided(score) => break 'node score - sign(score) * ply as i32,
                Generated::Moves { answering } => answering,
            };
            if moves.is_empty() {
                // Every defence is forbidden to Black: lost.
                break 'node -(WIN - ply as i32 - 1);
            }
            let original_alpha = alpha;
            let mut best = -WIN - 1;
            let mut best_move = moves[0];
            for (n, &mv) in moves.iter().enumerate() {
                let me = pos.to_move();
                let wins = pos.wins_by(mv, me);
                let reduction = if answering {
                    0
                } else {
                    late_move_reduction(self.reduction_scale, depth, n, pos.threat(mv, me))
                };
                pos.play(mv);
                let score = if wins {
                    WIN - ply as i32 - 1
                } else if n == 0 {
                    -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    let null = |e: &mut Engine, pos: &mut Position, d: i32| {
                        -e.negamax(pos, d, ply + 1, -alpha - 1, -alpha)
                    };
                    let mut s = null(self, pos, depth - 1 - reduction);
                    if reduction > 0 && s > alpha && !self.aborted {
                        s = null(self, pos, depth - 1);
                    }
                    if s > alpha && s < beta && !self.aborted {
                        -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
                    } else {
                        s
                    }
                };
                pos.undo();
                if self.aborted {
                    break 'node 0;
                }
                if score > best {
                    best = score;
                    best_move = mv;
                }
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    if !answering {
                        self.reward(pos, &moves[..=n], depth);
                    }
                    break;
                }
            }
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, depth, to_tt(best, ply), bound, Some(best_move));
            best
        };
        self.buffers[ply] = moves;
        result
    }

    /// The last of the `tried` moves cut the search off: if it is quiet (short of a
    /// four) it gains credit for the ordering at other nodes, and the quiet moves tried
    /// before it in vain lose as much. Fours are ordered by their patterns alone.
    fn reward(&mut self, pos: &Position, tried: &[usize], depth: i32) {
        let me = pos.to_move();
        let bonus = (depth * depth).min(400) * HISTORY_BONUS;
        let (&cut, failed) = tried.split_last().expect("a move cut off");
        let history = &mut self.history[me.index()];
        let mut update = |i: usize, b: i32| {
            let h = &mut history[i];
            // Moves towards the bonus's sign, less the nearer it is to the bound.
            *h += b - *h * b.abs() / HISTORY_MAX;
        };
        if pos.threat(cut, me) < Threat::Four {
            update(cut, bonus);
        }
        for &i in failed {
            if pos.threat(i, me) < Threat::Four {
                update(i, -bonus);
            }
        }
    }

    /// Keeps `scan`'s lists for a later [`Engine::scan`]: the scans of the busiest
    /// nodes give theirs back, which spares the allocations of a node.
    pub(super) fn recycle(&mut self, scan: Scan) {
        self.spare_scans.push(scan);
    }

    /// Finds both sides' four points (the position keeps them listed).
    pub(super) fn scan(&mut self, pos: &mut Position) -> Scan {
        let me = pos.to_move();
        let them = me.opponent();
        let mut scan = self.spare_scans.pop().unwrap_or_default();
        scan.clear();
        // A four point that is a foul for Black threatens nothing: it may not be played.
        let mut fours = std::mem::take(&mut self.fours);
        pos.four_points(me, &mut fours);
        for &i in &fours {
            match pos.threat(i, me) {
                Threat::Five if pos.wins_by(i, me) => scan.my_fives.push(i),
                Threat::OpenFour if !pos.is_forbidden(i, me) => scan.my_open_fours.push(i),
                Threat::Four | Threat::FourThree if !pos.is_forbidden(i, me) => {
                    scan.my_fours.push(i)
                }
                _ => {}
            }
        }
        pos.four_points(them, &mut fours);
        for &i in &fours {
            match pos.threat(i, them) {
                Threat::Five if pos.wins_by(i, them) => scan.their_fives.push(i),
                Threat::OpenFour if !pos.is_forbidden(i, them) => scan.their_open_fours.push(i),
                Threat::Four | Threat::FourThree if !pos.is_forbidden(i, them) => {
                    scan.their_fours.push(i)
                }
                _ => {}
            }
        }
        self.fours = fours;
        if !scan.their_fives.is_empty() {
            scan.their_stops = pos.stops(&scan.their_fives, them);
        }
        scan
    }

    /// Fills `moves` with the moves worth searching, best first, unless the node is
    /// decided without search.
    fn generate(
        &mut self,
        pos: &mut Position,
        scan: &Scan,
        moves: &mut Vec<usize>,
        tt_move: Option<usize>,
        root: bool,
    ) -> Generated {
        let me = pos.to_move();
        moves.clear();
        if !scan.my_fives.is_empty() {
            moves.push(scan.my_fives[0]);
            return if root {
                Generated::Moves { answering: false }
            } else {
                Generated::Decided(WIN)
            };
        }
        if !scan.their_fives.is_empty() {
            // Lost when nothing stops them all; the five points are still moves to return.
            let answers = if scan.their_stops.is_empty() {
                &scan.their_fives
            } else {
                &scan.their_stops
            };
            moves.extend(
                answers
                    .iter()
                    .copied()
                    .filter(|&i| !pos.is_forbidden(i, me)),
            );
            moves.dedup();
            return Generated::Moves { answering: true };
        }
        // A straight four wins when the opponent has no four to answer with.
        if !root
            && scan.their_fours.is_empty()
            && scan.their_open_fours.is_empty()
            && !scan.my_open_fours.is_empty()
        {
            return Generated::Decided(WIN - 2);
        }
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        // The pattern score decides; the history orders moves of close scores.
        let history = &self.history[me.index()];
        let score = |i: usize| {
            (
                pos.move_score(i, me) * HISTORY_MAX / HISTORY_SHARE + history[i],
                i,
            )
        };
        let answering = !scan.their_open_fours.is_empty();
        if answering {
            scored.extend(scan.open_three_answers(pos).into_iter().map(score));
        } else {
            pos.candidates(&mut self.candidates);
            scored.extend(self.candidates.iter().map(|&i| score(i)));
        }
        scored.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
        let limit = if root { usize::MAX } else { WIDTH };
        if let Some(tt) = tt_move
            && let Some(at) = scored.iter().position(|&(_, i)| i == tt)
        {
            let entry = scored.remove(at);
            scored.insert(0, entry);
        }
        for &(_, i) in &scored {
            if moves.len() >= limit {
                break;
            }
            if !pos.is_forbidden(i, me) {
                moves.push(i);
            }
        }
        self.scored = scored;
        Generated::Moves { answering }
    }
}

/// Whether to start another iteration with `left` of the move's time, the earlier
/// ones having taken `used`. An unfinished iteration still tries the best move first
/// and can find a better one, so where the time would be lost unspent it is worth
/// starting with any time left; where a clock keeps it for later moves, one that could
/// barely start (less than a quarter of `used` left) is skipped.
fn another_iteration(used: Duration, left: Duration, unspent_time_is_lost: bool) -> bool {
    if unspent_time_is_lost {
        !left.is_zero()
    } else {
        left >= used / 4
    }
}

/// What a node's scan settles without searching its moves: a five to make, a leaf's
/// static value (unless a five must be blocked or an open three answered), or a
/// futile node near the horizon.
fn settled_by_scan(
    pos: &Position,
    scan: &Scan,
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
) -> Option<i32> {
    if !scan.my_fives.is_empty() {
        return Some(WIN - ply as i32);
    }
    if depth <= 0 || ply >= MAX_PLY {
        // A leaf, unless there is a five to block or an open three to answer: a
        // static value under an open three misjudges double threats.
        let three_to_answer = !scan.their_open_fours.is_empty() && depth > -THREE_EXTENSION;
        if (scan.their_fives.is_empty() && !three_to_answer) || ply >= MAX_PLY {
            let quiet = scan.their_fours.is_empty() && scan.their_open_fours.is_empty();
            if quiet && !scan.my_open_fours.is_empty() {
                return Some(WIN - ply as i32 - 2);
            }
            return Some(pos.evaluate());
        }
    }
    // Futility: near the horizon, a position far above beta is not searched to
    // prove it, unless a five must be blocked first.
    let null_window = beta - alpha == 1;
    if null_window
        && depth <= FUTILITY_DEPTH
        && scan.their_fives.is_empty()
        && beta.abs() < MATE_BOUND
    {
        let eval = pos.evaluate();
        if eval - FUTILITY_MARGIN * depth >= beta {
            return Some(eval);
        }
    }
    None
}

/// What move generation found at a node.
enum Generated {
    /// Decided without search: a score from the mover's side, before ply adjustment.
    Decided(i32),
    /// Moves to search; `answering` when they only answer the opponent's five or open
    /// three (none of them is searched shallower then).
    Moves { answering: bool },
}

/// Plies a move is searched shallower, from its place in the ordering and what it
/// makes: the ordering puts the moves that matter first, so the late ones are looked at
/// shallowly, and searched again at full depth only if they beat the best so far. A
/// four or a five is never reduced: it forces the answer, and nothing is reduced
/// nearer the horizon than [`LMR_MIN_DEPTH`]. The `n`th move (from 0) at `depth` loses
/// `scale · ln(depth) · ln(n + 1)` plies, rounded (the form of Rapfi's reductions), but
/// at least one from the fourth move and two from the ninth, and at most `depth - 1`:
/// the move is still played and its position judged.
fn late_move_reduction(scale: f64, depth: i32, n: usize, threat: Threat) -> i32 {
    if threat >= Threat::Four || depth < LMR_MIN_DEPTH {
        return 0;
    }
    let at_least = if n >= LMR_TWO_PLIES_FROM {
        2
    } else if n >= LMR_ONE_PLY_FROM {
        1
    } else {
        0
    };
    let logarithmic = (scale * f64::from(depth).ln() * ((n + 1) as f64).ln()).round() as i32;
    logarithmic.max(at_least).min(depth - 1)
}

/// The scale of the logarithmic late-move reductions under `rules` (see
/// [`late_move_reduction`]): freestyle's, where it takes the search about three plies
/// deeper at 1,000,000 nodes and played no worse (protocol/gomocup.md, "Logarithmic
/// reductions in freestyle"); the other rules keep the fixed steps, which Renju's
/// self-play preferred.
fn reduction_scale(rules: Rules) -> f64 {
    match rules.variant {
        Variant::Freestyle => FREESTYLE_REDUCTION_SCALE,
        _ => 0.0,
    }
}

fn sign(score: i32) -> i32 {
    if score >= 0 { 1 } else { -1 }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::Color;

    /// With a clock that keeps unspent time, an iteration that would get less than a
    /// quarter of the time the earlier ones took is skipped; where unspent time is
    /// lost, any time left starts one.
    #[test]
    fn the_last_iteration_starts_when_its_time_would_be_lost() {
        let ms = Duration::from_millis;
        assert!(another_iteration(ms(400), ms(100), false));
        assert!(!another_iteration(ms(400), ms(99), false));
        assert!(another_iteration(ms(400), ms(1), true));
        assert!(!another_iteration(ms(400), ms(0), true));
    }

    /// The first moves of the ordering and every four keep their depth; with no
    /// logarithmic scale the later quiet moves lose one ply, then two.
    #[test]
    fn only_late_moves_short_of_a_four_are_reduced() {
        for scale in [0.0, FREESTYLE_REDUCTION_SCALE] {
            for threat in [Threat::Four, Threat::FourThree, Threat::OpenFour] {
                assert_eq!(late_move_reduction(scale, 10, 20, threat), 0);
            }
        }
        let quiet: Vec<i32> = (0..10)
            .map(|n| late_move_reduction(0.0, 10, n, Threat::Three))
            .collect();
        assert_eq!(quiet, [0, 0, 0, 1, 1, 1, 1, 1, 2, 2]);
    }

    /// The logarithmic reductions grow with the depth and the move's place, never fall
    /// below the fixed steps, and leave every move at least one ply.
    #[test]
    fn logarithmic_reductions_grow_with_depth_and_lateness() {
        let at = |depth: i32| -> Vec<i32> {
            (0..10)
                .map(|n| late_move_reduction(1.0, depth, n, Threat::Three))
                .collect()
        };
        // round(ln 10 · ln(n + 1)): 0, 1.60, 2.53, 3.19, 3.71, 4.13, 4.48, 4.79, ...
        assert_eq!(at(10), [0, 2, 3, 3, 4, 4, 4, 5, 5, 5]);
        // ln 3 · ln(n + 1) reaches 2.5 by the tenth move; depth 3 loses two plies at most.
        assert_eq!(at(3), [0, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
        let fixed: Vec<i32> = (0..10)
            .map(|n| late_move_reduction(0.0, 30, n, Threat::Three))
            .collect();
        let small: Vec<i32> = (0..10)
            .map(|n| late_move_reduction(0.01, 30, n, Threat::Three))
            .collect();
        assert_eq!(small, fixed);
        assert_eq!(reduction_scale(Rules::renju()), 0.0);
        assert_eq!(
            reduction_scale(Rules::freestyle()),
            FREESTYLE_REDUCTION_SCALE
        );
    }

    /// The engine applies the scale of the game's rules: `genmove` takes freestyle's,
    /// and with it the same iterations over a quiet middle-game position (the first of
    /// benches/gomoku-midgame.txt) visit fewer nodes than with the fixed steps.
    #[test]
    fn freestyle_searches_reduce_by_their_own_scale() {
        let stones = [
            (6, 6),
            (4, 5),
            (4, 10),
            (5, 6),
            (6, 7),
            (6, 5),
            (4, 7),
            (5, 5),
        ];
        let position = |rules: Rules| {
            let mut g = Gomoku::new(rules, 15, 15).unwrap();
            for &(x, y) in &stones {
                g.play(Point::new(x, y)).unwrap();
            }
            g
        };
        let budget = Limits {
            max_nodes: Some(2_000),
            ..Limits::default()
        };
        for (rules, scale) in [
            (Rules::freestyle(), FREESTYLE_REDUCTION_SCALE),
            (Rules::renju(), 0.0),
        ] {
            let mut engine = Engine::new(1 << 20);
            engine.genmove(&position(rules), &budget).unwrap();
            assert_eq!(engine.reduction_scale, scale);
        }
        let nodes_to_depth = |scale: f64| {
            let mut engine = Engine::new(1 << 20);
            engine.reduction_scale = scale;
            let mut pos = Position::new(&position(Rules::freestyle()));
            let mut moves = Vec::new();
            engine.root_moves(&mut pos, &mut moves);
            for depth in 1..=6 {
                engine.root(&mut pos, &mut moves, depth);
            }
            engine.nodes
        };
        let (logarithmic, fixed) = (
            nodes_to_depth(FREESTYLE_REDUCTION_SCALE),
            nodes_to_depth(0.0),
        );
        assert!(logarithmic < fixed, "{logarithmic} nodes against {fixed}");
    }

    /// A quiet move that cuts off gains history, the quiet moves tried before it lose
    /// it, and a four is left out either way; the credit stays within its bound.
    #[test]
    fn a_cut_off_rewards_the_quiet_move_that_made_it() {
        let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        for (x, y, color) in [(7, 7, Color::Black), (0, 0, Color::White)] {
            g.place(Point::new(x, y), color).unwrap();
        }
        for x in 8..10 {
            g.place(Point::new(x, 7), Color::Black).unwrap();
        }
        g.set_to_move(Color::Black);
        let pos = Position::new(&g);
        let four = Point::new(10, 7).index();
        let (failed, cut) = (Point::new(3, 3).index(), Point::new(7, 9).index());
        assert_eq!(pos.threat(four, Color::Black), Threat::OpenFour);
        let mut engine = Engine::new(1 << 16);
        engine.reward(&pos, &[four, failed, cut], 4);
        let black = &engine.history[Color::Black.index()];
        assert_eq!(black[cut], 16 * HISTORY_BONUS);
        assert_eq!(black[failed], -16 * HISTORY_BONUS);
        assert_eq!(black[four], 0);
        assert!(engine.history[Color::White.index()].iter().all(|&h| h == 0));
        for _ in 0..1000 {
            engine.reward(&pos, &[cut], 20);
        }
        let h = engine.history[Color::Black.index()][cut];
        assert!(h > HISTORY_MAX / 2 && h <= HISTORY_MAX, "{h}");
    }

    /// A null-window node near the horizon is cut off unsearched, at its static value,
    /// exactly when that value beats beta by the margin per ply left.
    #[test]
    fn futility_cuts_off_only_past_the_margin() {
        let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        for (x, y, color) in [(7, 7, Color::Black), (8, 8, Color::White)] {
            g.place(Point::new(x, y), color).unwrap();
        }
        g.place(Point::new(8, 7), Color::Black).unwrap();
        g.set_to_move(Color::Black);
        for depth in 1..=FUTILITY_DEPTH {
            let mut pos = Position::new(&g);
            let eval = pos.evaluate();
            let mut engine = Engine::new(1 << 16);
            let beta = eval - FUTILITY_MARGIN * depth;
            assert_eq!(engine.negamax(&mut pos, depth, 1, beta - 1, beta), eval);
            assert_eq!(engine.nodes, 1);
            let mut engine = Engine::new(1 << 16);
            engine.negamax(&mut pos, depth, 1, beta, beta + 1);
            assert!(engine.nodes > 1, "depth {depth}");
        }
    }

    /// A one-ply search sees that a double three wins: past the horizon the defender
    /// must answer one open three and the other becomes a straight four.
    #[test]
    fn a_double_three_at_the_horizon_is_a_win() {
        let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        let black = [(5, 7), (6, 7), (7, 5), (7, 6)];
        let white = [(0, 0), (14, 0), (0, 14), (14, 14)];
        for (&(bx, by), &(wx, wy)) in black.iter().zip(&white) {
            g.place(Point::new(bx, by), Color::Black).unwrap();
            g.place(Point::new(wx, wy), Color::White).unwrap();
        }
        g.set_to_move(Color::Black);
        let mut engine = Engine::new(1 << 20);
        let mut pos = Position::new(&g);
        let mut moves = Vec::new();
        engine.root_moves(&mut pos, &mut moves);
        let (score, best, _) = engine.root(&mut pos, &mut moves, 1);
        assert!(score >= MATE_BOUND, "score {score}");
        assert_eq!(best, Point::new(7, 7).index());
    }
}
