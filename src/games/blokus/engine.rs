//! The Blokus player: the generic Monte-Carlo tree search with Blokus knowledge —
//! opening pruning to large pieces, priors for large pieces and for moves that take
//! other colours' attach points, and the playout policy of [`Playout`].

use super::board::{Board, Colour, MAX_COLOURS};
use super::book::shipped_book;
use super::endgame::{self, Verdict, Win};
use super::knowledge::{Masks, MoveScorer, links_colours, min_piece_size, shunned_pieces};
use super::playout::Playout;
use super::rewards::{ScoreStats, rewards};
use super::tables::{MoveId, Tables};
use super::variant::Variant;
use crate::rng::Rng;
use crate::search::Limits;
use crate::search::mcts::{Mcts, MctsParams, Prior, Rewards, SearchGame, SearchResult, Selection};
use std::time::Instant;

/// A move of the search: the colour and its placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourMove {
    pub colour: u8,
    pub mv: MoveId,
}

/// A position as the search sees it.
#[derive(Clone, Debug)]
pub struct SearchPosition {
    board: Board,
}

/// How the opening heads for the centre: until how many pieces are on the board the
/// tree keeps only the moves that reach nearest to it, how much further than the
/// nearest a kept move may stay, and within what distance every move counts as there.
/// The centre decides who gets the space.
struct CentreRule {
    pieces: usize,
    slack: f32,
    near: f32,
}

/// Keeps only the moves `keep` accepts, if it accepts any: the opening's rules narrow
/// the tree's choice but never leave a colour without a move.
fn narrow(moves: &mut Vec<MoveId>, keep: impl Fn(MoveId) -> bool) {
    if moves.iter().any(|&m| keep(m)) {
        moves.retain(|&m| keep(m));
    }
}

/// Not on the small board: its two start points face each other near the centre, and
/// the second player does better blocking the first than racing it there (tabula's
/// margin against Pentobi as White improved by about 4 points without the rule). On
/// the large board, Pentobi's rule: the race is over after 12 pieces (three rounds; 10
/// in Three-Player), later the colours block rather than head inwards; a kept move
/// reaches within 0.3 of the nearest, and every move within 2 of the centre counts as
/// there.
fn centre_rule(variant: Variant) -> CentreRule {
    let (pieces, slack, near) = match variant {
        Variant::Duo | Variant::Junior => (0, 0.0, 0.0),
        Variant::Classic | Variant::ClassicTwo => (12, 0.3, 2.0),
        Variant::ClassicThree => (10, 0.3, 2.0),
    };
    CentreRule {
        pieces,
        slack,
        near,
    }
}

/// How much a move's prior counts, in playouts (Pentobi's 3): it starts at the
/// search's mean reward for the player to move times the square root of its weight
/// over the best move's.
const PRIOR_WEIGHT: f32 = 3.0;

/// How the tree explores a node's moves: the constant of the share-weighted
/// exploration term, the judgement's points by which a move's weight falls to 1/e
/// of the best move's, and what an AMAF observation counts for in the term.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TreeRule {
    exploration: f32,
    temperature: f32,
    /// [`MctsParams::amaf_in_exploration`].
    amaf_in_exploration: f32,
}

/// The tree rule of each variant (see protocol/blokus.md).
///
/// Every variant explores as Pentobi does (its constants, 0.5 on 14×14 and 0.4 on
/// 20×20): a move's share of the judgement's weights decides how often it is tried.
/// UCT tries every move in time, and at level 7's budgets that kept the Duo tree about
/// four moves deep a playout, where the shares take it about a move deeper, down the
/// lines the judgement likes; it gained 4 to 5 points a game against Pentobi's levels
/// 5 and 7 in Duo and about 7 against level 5 in Two-Player; in Three-Player, with
/// Two-Player's constants, the gap between tabula's and level 5's margins alone in a
/// seat fell from 20 to 15 points a game, in Classic tabula alone beat about 45 % of
/// the other seats instead of 37 %, and in Junior, with Duo's constants, it scored
/// 57.6 % against UCT at the same budget. The temperatures are the best of those
/// tried: in Duo 0.5 to 1.5 in self-play, in Two-Player 0.5 to 2.5 against level 5
/// (1.2 scored 49.9 % over 800 games where 1.5 scored 44.3 %, and 46.5 % on 800 games
/// it had not played).
///
/// In Duo each AMAF observation of a move counts 0.7 in its exploration term's visits,
/// as Pentobi counts them: moves the playouts keep playing lose their bonus sooner, and
/// the tree goes deeper with fewer nodes (on the benchmark's 60,000 playouts 5.6 moves
/// a playout instead of 4.5, 19.3 new nodes instead of 30.7); against level 7 it
/// scored 50.2 % over 250 games at 0.84 of its CPU (protocol/blokus.md, "Counting the
/// AMAF observations"). The other variants are untried with it.
fn tree_rule(variant: Variant) -> TreeRule {
    let (exploration, temperature, amaf_in_exploration) = match variant {
        Variant::Duo => (0.5, 1.5, 0.7),
        Variant::Junior => (0.5, 1.5, 0.0),
        Variant::Classic | Variant::ClassicTwo | Variant::ClassicThree => (0.4, 1.2, 0.0),
    };
    TreeRule {
        exploration,
        temperature,
        amaf_in_exploration,
    }
}

/// How far ahead a paced search's most visited root move must be, as a share of the
/// playouts left, for the search to stop early (see [`MctsParams::decided_lead`]). In
/// Two-Player a search stopping at 0.3 instead of 0.5 spends about 15 % less CPU on
/// the same budget, and with the CPU spent on more playouts (900 instead of 800 at
/// level 5's CPU) it took 1.5 more points a game from level 5 and won 50 % of the
/// games instead of 48 % (protocol/blokus.md, "The decided lead in Two-Player"). The
/// other variants keep the 0.5 that Duo's games were played with.
fn decided_lead(variant: Variant) -> f32 {
    match variant {
        Variant::ClassicTwo => 0.3,
        _ => 0.5,
    }
}

/// Euclidean distance from the board's centre to the nearest point of a move.
fn centre_distance(tables: &Tables, mv: MoveId) -> f32 {
    let centre = (tables.size as f32 - 1.0) / 2.0;
    tables
        .info(mv)
        .points()
        .iter()
        .map(|&p| {
            let (x, y) = tables.coords(p);
            (x as f32 - centre).hypot(y as f32 - centre)
        })
        .fold(f32::INFINITY, f32::min)
}

/// Playout workspace: the incremental move lists and what the playouts so far scored,
/// and the buffers of the tree's expansions.
pub struct PlayoutWorkspace {
    playout: Playout,
    scores: ScoreStats,
    moves: Vec<MoveId>,
    id_bits: Vec<u64>,
    scorer: Box<MoveScorer>,
}

/// Puts the distinct move ids of `ids` in increasing order through the bit set `bits`
/// (all zero before and after, at least one bit per id): at an expansion's few hundred
/// ids, cheaper than a comparison sort.
fn sort_distinct_ids(ids: &mut [MoveId], bits: &mut [u64]) {
    if ids.is_empty() {
        return;
    }
    let (mut low, mut high) = (usize::MAX, 0);
    for &id in ids.iter() {
        let word = id as usize / 64;
        bits[word] |= 1 << (id % 64);
        (low, high) = (low.min(word), high.max(word));
    }
    let mut out = ids.iter_mut();
    for (word, bits) in bits[low..=high].iter_mut().enumerate() {
        let mut set = std::mem::take(bits);
        while set != 0 {
            let id = ((low + word) * 64) as MoveId + set.trailing_zeros();
            *out.next().expect("one id per bit") = id;
            set &= set - 1;
        }
    }
}

impl SearchGame for SearchPosition {
    type Move = ColourMove;
    type Playout = PlayoutWorkspace;

    fn player_to_move(&self) -> Option<usize> {
        self.board.to_play().map(|c| self.board.player_of(c))
    }

    fn tree_moves(&self, workspace: &mut PlayoutWorkspace, out: &mut Vec<(ColourMove, Prior)>) {
        let Some(c) = self.board.to_play() else {
            return;
        };
        let moves = &mut workspace.moves;
        moves.clear();
        workspace.playout.legal_moves(&self.board, c, moves);
        // In id order, as the board lists them, so that ties among children break
        // the same way whichever generator made them.
        sort_distinct_ids(moves, &mut workspace.id_bits);
        let tables = self.board.tables();
        let min_size = min_piece_size(self.board.variant(), self.board.num_moves());
        let largest = moves
            .iter()
            .map(|&m| tables.info(m).len as usize)
            .max()
            .unwrap_or(0);
        let min_size = min_size.min(largest);
        moves.retain(|&m| tables.info(m).len as usize >= min_size);
        let shunned = shunned_pieces(self.board.variant(), self.board.num_moves());
        narrow(moves, |m| shunned >> tables.info(m).piece & 1 == 0);
        if links_colours(self.board.variant(), self.board.num_moves()) {
            narrow(moves, |m| self.board.touches_partner(c, m));
        }
        let centre = centre_rule(self.board.variant());
        let distance = |m: MoveId| centre_distance(tables, m).max(centre.near);
        let opening = self.board.num_moves() < centre.pieces;
        let max_distance = if opening {
            moves
                .iter()
                .map(|&m| distance(m))
                .fold(f32::INFINITY, f32::min)
                + centre.slack
        } else {
            f32::INFINITY
        };
        let (forbidden, corner) = self.board.masks();
        let masks = Masks { forbidden, corner };
        let scorer = &mut workspace.scorer;
        scorer.judge(&masks, c, self.board.attach_points(c));
        let temperature = tree_rule(self.board.variant()).temperature;
        let first = out.len();
        let mut best = f32::NEG_INFINITY;
        for &mv in moves.iter() {
            if opening && distance(mv) > max_distance {
                continue;
            }
            let score = scorer.score(tables, mv);
            best = best.max(score);
            let colour_move = ColourMove {
                colour: c as u8,
                mv,
            };
            // The score is kept in the prior's value until the best is known.
            out.push((
                colour_move,
                Prior {
                    value: score,
                    weight: PRIOR_WEIGHT,
                    share: 0.0,
                },
            ));
        }
        // A prior's value is the square root of the move's weight over the best
        // move's (scaled by the search's mean reward); its share is its weight over
        // the sum of the weights.
        let priors = &mut out[first..];
        let mut sum = 0.0;
        for (_, prior) in priors.iter_mut() {
            let ratio = ((prior.value - best) / temperature).exp();
            prior.value = ratio.sqrt();
            prior.share = ratio;
            sum += ratio;
        }
        priors.iter_mut().for_each(|(_, prior)| prior.share /= sum);
    }

    fn play(&mut self, mv: ColourMove) {
        self.board.play_unchecked(mv.colour as Colour, mv.mv);
    }

    fn move_key(&self, mv: ColourMove) -> u32 {
        mv.colour as u32 * self.board.tables().num_moves() as u32 + mv.mv
    }

    fn key_bound(&self) -> usize {
        MAX_COLOURS * self.board.tables().num_moves()
    }

    fn new_playout(&self) -> PlayoutWorkspace {
        let tables = self.board.tables();
        PlayoutWorkspace {
            playout: Playout::new(&self.board),
            scores: ScoreStats::default(),
            moves: Vec::new(),
            id_bits: vec![0; tables.num_moves().div_ceil(64)],
            scorer: Box::new(MoveScorer::unjudged(self.board.variant())),
        }
    }

    fn playout(
        &self,
        workspace: &mut PlayoutWorkspace,
        rng: &mut Rng,
        played: &mut Vec<(u8, u32)>,
    ) -> Rewards {
        let board = &self.board;
        let variant = board.variant();
        let num_moves = board.tables().num_moves() as u32;
        let playout = &mut workspace.playout;
        playout.start(board);
        let mut shared_colour_pieces = board.pieces_on_board(3.min(board.num_colours() - 1));
        playout.run(rng, |c, mv| {
            let player = match variant {
                Variant::ClassicTwo => c % 2,
                Variant::ClassicThree if c == 3 => {
                    shared_colour_pieces += 1;
                    (shared_colour_pieces - 1) % 3
                }
                _ => c,
            };
            played.push((player as u8, c as u32 * num_moves + mv));
        });
        let mut points = [0; MAX_COLOURS];
        for (c, p) in points.iter_mut().enumerate().take(board.num_colours()) {
            *p = playout.points(c);
        }
        let rewards = rewards(variant, points, &mut workspace.scores);
        // The side with the larger reward won (a draw goes by the margin bonus).
        let best = rewards.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        playout.learn(|c| match variant {
            Variant::ClassicTwo => Some(rewards[c % 2] >= best),
            Variant::ClassicThree if c == 3 => None,
            _ => Some(rewards[c] >= best),
        });
        rewards
    }

    fn moves_since(&self, earlier: &SearchPosition) -> Option<Vec<ColourMove>> {
        let (now, then) = (&self.board, &earlier.board);
        if now.variant() != then.variant() || now.num_moves() < then.num_moves() {
            return None;
        }
        if !now.history().zip(then.history()).all(|(a, b)| a == b) {
            return None;
        }
        let rest = now
            .history()
            .skip(then.num_moves())
            .map(|(c, mv)| ColourMove {
                colour: c as u8,
                mv,
            })
            .collect();
        Some(rest)
    }

    /// The hash covers the colour to move too: genmove may ask for any colour.
    fn position_key(&self) -> u64 {
        self.board.hash()
    }
}

/// The playout budget of a colour's `round`-th move (from 0) on a board of `size` when
/// `nominal` is asked per move: 0.7 × e^(0.1 × round) of it, the schedule of Pentobi's
/// levels. Playouts get shorter and cheaper as the board fills, so a growing budget
/// spreads the game's CPU more evenly over its moves, and the opening, where the
/// pruning to large pieces and the book narrow the choice, gets fewer playouts than the
/// middle game. The first rounds get less again, as in Pentobi's levels: a first move on
/// 14×14 0.6 of that, on 20×20 the first two moves 0.2 and the third 0.3, where the
/// opening rules leave a few moves heading for the centre and the playouts, each the
/// whole game long, cost the most.
fn playouts_for_move(nominal: u64, round: usize, size: usize) -> u64 {
    let opening = match (size, round) {
        (14, 0) => 0.6,
        (20, 0 | 1) => 0.2,
        (20, 2) => 0.3,
        _ => 1.0,
    };
    (nominal as f64 * opening * 0.7 * (0.1 * round as f64).exp()).round() as u64
}

/// The exact endgame solver (see `endgame.rs`) is tried in two-player games once the
/// colours together have at most `ENDGAME_MOVES` legal moves, and may spend
/// 1 / `ENDGAME_SHARE` of the move's budget (positions against playouts, or time)
/// before the tree search takes over; a win proven by less than the most possible may
/// take another share of positions, or under a clock a share of the time the solver
/// left, to check the tree's move (`keep_the_win`). At level 7's budget in Duo it
/// settles most positions from about ten moves before the end; past 150 moves its tries
/// mostly fail and only cost the tree search its share (protocol/blokus.md).
const ENDGAME_MOVES: usize = 150;
const ENDGAME_SHARE: u32 = 4;

/// Playouts of a move when there is no clock and no `--playouts`, paced over the game
/// as a fixed budget is: about 2 s for an early move of four-colour Blokus on one core.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// The Blokus player: keeps its search tree from one move to the next.
pub struct Engine {
    mcts: Mcts<SearchPosition>,
    /// Whether `genmove` answers from the shipped opening book where it can.
    use_book: bool,
    /// The exact endgame solver, its table kept from move to move of a game.
    endgame: endgame::Solver,
    /// Whether a fixed budget is paced as in play (see [`playouts_for_move`] and
    /// [`Engine::params`]) rather than spent in full on every move; the search
    /// parameters follow it.
    paced: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine::with_pacing(true)
    }

    /// A player that spends every fixed budget in full, the same on every move: for the
    /// opening book, where each position deserves its whole search.
    pub fn unpaced() -> Engine {
        Engine::with_pacing(false)
    }

    fn with_pacing(paced: bool) -> Engine {
        Engine {
            mcts: Mcts::new(Engine::params(paced)),
            use_book: true,
            endgame: endgame::Solver::default(),
            paced,
        }
    }

    /// The search parameters of the Blokus player. Paced, a search stops once its
    /// choice is all but sure, and a fixed budget counts what the previous search left:
    /// the CPU they save buys playouts where the choice is still open
    /// (protocol/blokus.md).
    fn params(paced: bool) -> MctsParams {
        MctsParams {
            expand_threshold_per_level: 0.5,
            // Each search sets its variant's lead (see `decided_lead`).
            decided_lead: None,
            budget_counts_reused: paced,
            // Each search sets its variant's constant (see `tree_rule`).
            selection: Selection::Shares { exploration: 0.5 },
            ..MctsParams::default()
        }
    }

    /// Every move the last search considered for the colour, with its visits.
    pub fn root_visits(&self) -> Vec<(ColourMove, u32)> {
        self.mcts.root_visits()
    }

    /// The moves a search of `colour` on `board` would consider at its root (the
    /// opening's centre rule, the pieces' schedule and the linking of partner colours
    /// applied), without searching; none when `colour` cannot move.
    pub fn considered_moves(board: &Board, colour: Colour) -> Vec<MoveId> {
        if colour >= board.num_colours() || !board.has_moves(colour) {
            return Vec::new();
        }
        let mut position = SearchPosition {
            board: board.clone(),
        };
        position.board.set_to_play(colour);
        let mut children = Vec::new();
        position.tree_moves(&mut position.new_playout(), &mut children);
        children.into_iter().map(|(m, _)| m.mv).collect()
    }

    /// Turns the opening book on or off (it is on by default).
    pub fn set_book(&mut self, on: bool) {
        self.use_book = on;
    }

    /// Forgets the search tree (a new game or a loaded position).
    pub fn clear(&mut self) {
        self.mcts.clear();
        self.endgame.clear();
    }

    /// Searches a move for any colour, in turn or not; `None` (pass) when it has none.
    pub fn search(
        &mut self,
        board: &Board,
        colour: Colour,
        limits: &Limits,
    ) -> Option<SearchResult<ColourMove>> {
        if colour >= board.num_colours() || !board.has_moves(colour) {
            return None;
        }
        let mut position = SearchPosition {
            board: board.clone(),
        };
        if board.to_play() != Some(colour) {
            position.board.set_to_play(colour);
        }
        let limits = Limits {
            max_nodes: self.playouts_for(board, limits),
            ..limits.clone()
        };
        let rule = tree_rule(board.variant());
        self.mcts.params.selection = Selection::Shares {
            exploration: rule.exploration,
        };
        self.mcts.params.amaf_in_exploration = rule.amaf_in_exploration;
        self.mcts.params.decided_lead = self.paced.then(|| decided_lead(board.variant()));
        let result = self.mcts.search(&position, &limits);
        log::info!(
            "blokus genmove: {} playouts in {:.3} s, best visits {} value {:.3}; {}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.visits,
            result.value,
            result.shape.per_playout(result.playouts),
        );
        Some(result)
    }

    /// The fixed playout budget of a search on `board` under `limits`, if it has one.
    fn playouts_for(&self, board: &Board, limits: &Limits) -> Option<u64> {
        let round = board.num_moves() / board.num_colours();
        limits.max_nodes.map(|n| {
            if self.paced {
                playouts_for_move(n, round, board.variant().board_size())
            } else {
                n
            }
        })
    }

    /// The solver's budget on a move: a share of its positions against playouts, and
    /// time until `deadline`; `None` when the move has neither limit.
    fn endgame_budget<'a>(
        &self,
        board: &Board,
        limits: &'a Limits,
        deadline: Option<Instant>,
    ) -> Option<endgame::Budget<'a>> {
        let max_nodes = self
            .playouts_for(board, limits)
            .map_or(u64::MAX, |n| n / u64::from(ENDGAME_SHARE));
        (max_nodes != u64::MAX || deadline.is_some()).then_some(endgame::Budget {
            max_nodes,
            deadline,
            stop: &limits.stop,
        })
    }

    /// What the solver proves within `budget`, when few moves are left in a two-player
    /// game: a move that wins by force, by how much, and whether by the most possible. A
    /// game that best play draws or loses is left to the tree search: against a
    /// fallible opponent the move that loses least is not always the one most likely to
    /// win.
    fn prove_endgame_win(
        &mut self,
        board: &Board,
        colour: Colour,
        budget: &endgame::Budget,
    ) -> Option<Win> {
        if board.num_players() != 2 {
            return None;
        }
        let moves_per_colour: Vec<usize> = (0..board.num_colours())
            .map(|c| board.legal_moves(c).len())
            .collect();
        let moves_left: usize = moves_per_colour.iter().sum();
        if moves_per_colour.get(colour).is_none_or(|&n| n == 0) || moves_left > ENDGAME_MOVES {
            return None;
        }
        let (verdict, nodes) = self.endgame.prove_win(board, colour, budget);
        let outcome = match verdict {
            Verdict::Win(win) => format!(
                "{} wins by force by {}{}",
                board.format_move(win.mv),
                if win.most { "" } else { "at least " },
                win.margin
            ),
            Verdict::NoWin => "no win by force: the tree search tries for one".to_string(),
            Verdict::Unknown => format!("unsolved ({moves_left} moves left)"),
        };
        log::info!("blokus genmove: endgame {outcome}, {nodes} positions");
        match verdict {
            Verdict::Win(win) => Some(win),
            _ => None,
        }
    }

    /// Between a move the solver proved to win (not by the most possible) and the tree
    /// search's choice: the tree's move if the solver proves within `budget` that it
    /// wins by as much; the proven move otherwise.
    fn keep_the_win(
        &mut self,
        board: &Board,
        colour: Colour,
        budget: Option<endgame::Budget>,
        win: Win,
        tree: MoveId,
    ) -> MoveId {
        if tree == win.mv {
            return tree;
        }
        let Some(budget) = budget else {
            return win.mv;
        };
        let reaches = self
            .endgame
            .reaches(board, colour, tree, win.margin, &budget);
        log::info!(
            "blokus genmove: the tree's {} wins by {} or more: {}",
            board.format_move(tree),
            win.margin,
            reaches.map_or("unknown", |yes| if yes { "yes" } else { "no" })
        );
        if reaches == Some(true) { tree } else { win.mv }
    }

    /// The move to play for `colour`, or `None` (pass) when it has none.
    pub fn genmove(&mut self, board: &Board, colour: Colour, limits: &Limits) -> Option<MoveId> {
        // A book reply is only as good as the search that chose it: a search with a
        // larger budget judges the position better itself.
        let budget = self.playouts_for(board, limits);
        let from_book = self
            .use_book
            .then(|| shipped_book(board.variant()))
            .flatten()
            .and_then(|book| book.entry(board, colour))
            .filter(|reply| match (reply.playouts, budget) {
                (Some(depth), Some(budget)) => budget <= depth,
                _ => true,
            });
        if let Some(mv) = from_book.map(|reply| reply.mv) {
            log::info!(
                "blokus genmove: {} from the opening book",
                board.format_move(mv)
            );
            return Some(mv);
        }
        let start = Instant::now();
        let deadline = |share| limits.max_time.map(|t| start + t / share);
        let proof = self
            .endgame_budget(board, limits, deadline(ENDGAME_SHARE))
            .and_then(|budget| self.prove_endgame_win(board, colour, &budget));
        if let Some(win) = proof.filter(|win| win.most) {
            return Some(win.mv);
        }
        // The tree search has the move's time that the solver left, less a share kept
        // for checking its move where the solver proved a win but not the largest: the
        // game is won either way, and without that share the proven move would be
        // played unchecked.
        let left = Limits {
            max_time: limits.max_time.map(|t| {
                let left = t.saturating_sub(start.elapsed());
                match proof {
                    Some(_) => left - left / ENDGAME_SHARE,
                    None => left,
                }
            }),
            ..limits.clone()
        };
        let result = self.search(board, colour, &left)?;
        // Stopped before the first playout: the largest piece is a sound answer.
        let largest = || {
            let moves = board.legal_moves(colour);
            moves
                .into_iter()
                .max_by_key(|&m| board.tables().info(m).len)
        };
        let tree = result.best.map(|m| m.mv).or_else(largest)?;
        // Checking the tree's move may take what is left of the move's time: at least
        // the share the tree search left it.
        Some(match proof {
            Some(win) => {
                let budget = self.endgame_budget(board, limits, deadline(1));
                self.keep_the_win(board, colour, budget, win, tree)
            }
            None => tree,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blokus::PIECE_NAMES;

    /// The bit-set ordering puts every legal move list in the order a sort does and
    /// leaves its bits clear for the next.
    #[test]
    fn distinct_ids_come_out_sorted() {
        let mut board = Board::new(Variant::Duo);
        let mut bits = vec![0; board.tables().num_moves().div_ceil(64)];
        let mut rng = Rng::new(9);
        let mut lists = 0;
        while let Some(c) = board.to_play() {
            let mut ids = board.legal_moves(c);
            for i in (1..ids.len()).rev() {
                ids.swap(i, rng.below(i as u32 + 1) as usize);
            }
            let mut sorted = ids.clone();
            sorted.sort_unstable();
            sort_distinct_ids(&mut ids, &mut bits);
            assert_eq!(ids, sorted);
            assert!(bits.iter().all(|&word| word == 0));
            lists += 1;
            let pick = sorted[rng.below(sorted.len() as u32) as usize];
            board.play(c, pick).unwrap();
        }
        assert!(lists > 10, "{lists}");
    }

    #[test]
    fn later_moves_get_more_playouts() {
        for size in [14, 20] {
            assert_eq!(playouts_for_move(1000, 3, size), 945);
            assert_eq!(playouts_for_move(1000, 7, size), 1410);
            assert_eq!(playouts_for_move(1000, 20, size), 5172);
            assert_eq!(playouts_for_move(0, 20, size), 0);
        }
    }

    #[test]
    fn the_first_rounds_get_fewer_playouts() {
        assert_eq!(playouts_for_move(1000, 0, 14), 420);
        assert_eq!(playouts_for_move(1000, 1, 14), 774);
        assert_eq!(playouts_for_move(1000, 0, 20), 140);
        assert_eq!(playouts_for_move(1000, 1, 20), 155);
        assert_eq!(playouts_for_move(1000, 2, 20), 256);
    }

    /// The large board's openings head for the centre as Pentobi's do: for three
    /// rounds (Three-Player: 10 pieces) the tree keeps the moves that reach within 0.3
    /// of the nearest any reaches, all those within 2 of the centre counting as there.
    #[test]
    fn large_board_openings_head_for_the_centre_for_their_first_pieces() {
        for (variant, pieces) in [
            (Variant::ClassicTwo, 12),
            (Variant::Classic, 12),
            (Variant::ClassicThree, 10),
        ] {
            let mut board = Board::new(variant);
            let tables = board.tables();
            assert_eq!(centre_rule(variant).pieces, pieces);
            while board.num_moves() < pieces {
                let search = SearchPosition {
                    board: board.clone(),
                };
                let mut children = Vec::new();
                search.tree_moves(&mut search.new_playout(), &mut children);
                let distances = children
                    .iter()
                    .map(|(m, _)| centre_distance(tables, m.mv).max(2.0));
                let (near, far) = distances.fold((f32::INFINITY, 0.0f32), |(near, far), d| {
                    (near.min(d), far.max(d))
                });
                assert!(
                    far - near <= 0.3 + 1e-4,
                    "{variant:?} move {}",
                    board.num_moves()
                );
                let c = board.to_play().unwrap();
                board.play(c, children[0].0.mv).unwrap();
            }
        }
    }

    /// The tree's pieces in the first rounds on the large board follow Pentobi's plan;
    /// Duo keeps every pentomino.
    #[test]
    fn large_board_openings_leave_out_the_shunned_pentominoes() {
        let names = |variant: Variant, board: &Board| -> Vec<&str> {
            let search = SearchPosition {
                board: board.clone(),
            };
            let mut children = Vec::new();
            search.tree_moves(&mut search.new_playout(), &mut children);
            assert_eq!(board.variant(), variant);
            let mut names: Vec<&str> = (children.iter())
                .map(|(m, _)| PIECE_NAMES[board.tables().info(m.mv).piece as usize])
                .collect();
            names.sort_unstable();
            names.dedup();
            names
        };
        let mut board = Board::new(Variant::ClassicTwo);
        assert_eq!(names(Variant::ClassicTwo, &board), ["V5", "Z5"]);
        for _ in 0..4 {
            let c = board.to_play().unwrap();
            let v = board.legal_moves(c).into_iter();
            let mv = v.max_by_key(|&m| board.tables().info(m).len).unwrap();
            board.play(c, mv).unwrap();
        }
        let second = names(Variant::ClassicTwo, &board);
        assert!(second.len() >= 3, "{second:?}");
        for shunned in ["F", "P", "T5", "U", "X"] {
            assert!(!second.contains(&shunned), "{second:?}");
        }
        for large in [Variant::Classic, Variant::ClassicThree] {
            assert_eq!(names(large, &Board::new(large)), ["V5", "Z5"]);
        }
        let duo = names(Variant::Duo, &Board::new(Variant::Duo));
        assert!(duo.len() > 2, "{duo:?}");
    }

    /// In the Two-Player opening the tree keeps only the moves that link the mover's
    /// colours once any does, and every move again afterwards.
    #[test]
    fn two_player_colours_link_up_in_the_opening() {
        let mut board = Board::new(Variant::ClassicTwo);
        let tables = board.tables();
        let position = |board: &Board| SearchPosition {
            board: board.clone(),
        };
        let mut linked = 0;
        while board.num_moves() < 20 {
            let c = board.to_play().unwrap();
            let search = position(&board);
            let mut workspace = search.new_playout();
            let mut children = Vec::new();
            search.tree_moves(&mut workspace, &mut children);
            assert!(!children.is_empty());
            let touching = children
                .iter()
                .filter(|(m, _)| board.touches_partner(c, m.mv))
                .count();
            if board.num_moves() < 14 && touching > 0 {
                assert_eq!(touching, children.len(), "move {}", board.num_moves());
                let min_size = min_piece_size(Variant::ClassicTwo, board.num_moves());
                // The rule left out moves the tree would have kept without it.
                linked += (board.legal_moves(c).into_iter()).any(|m| {
                    tables.info(m).len as usize >= min_size && !board.touches_partner(c, m)
                }) as usize;
            }
            if board.num_moves() >= 14 {
                assert!(touching < children.len(), "move {}", board.num_moves());
            }
            // Heads for the centre with the largest piece, so that the colours meet.
            let mv = (board.legal_moves(c).into_iter())
                .min_by(|&a, &b| {
                    let key =
                        |m: MoveId| (-(tables.info(m).len as f32), centre_distance(tables, m));
                    key(a).partial_cmp(&key(b)).unwrap()
                })
                .unwrap();
            board.play(c, mv).unwrap();
        }
        assert!(linked >= 1, "linked {linked} times");
    }

    /// The tree's priors are factors of the search's mean reward, 1 for the best, each
    /// the square root of the move's weight over the best's, the weights following the
    /// judgement at the rule's temperature and their shares summing to 1. Each search
    /// sets its variant's exploration constant.
    #[test]
    fn each_variants_priors_follow_its_tree_rule() {
        let children = |variant: Variant| -> Vec<(ColourMove, Prior)> {
            let search = SearchPosition {
                board: Board::new(variant),
            };
            let mut children = Vec::new();
            search.tree_moves(&mut search.new_playout(), &mut children);
            assert!(children.len() > 1, "{variant:?}");
            children
        };
        // The judgement's score of each child, as the tree's expansion judged it.
        let judged = |variant: Variant, children: &[(ColourMove, Prior)]| -> Vec<f32> {
            let board = Board::new(variant);
            let (forbidden, corner) = board.masks();
            let c = board.to_play().unwrap();
            let mut scorer = MoveScorer::unjudged(variant);
            scorer.judge(&Masks { forbidden, corner }, c, board.attach_points(c));
            children
                .iter()
                .map(|(mv, _)| scorer.score(board.tables(), mv.mv))
                .collect()
        };
        let constants = [
            (Variant::Duo, 0.5, 1.5, 0.7),
            (Variant::Junior, 0.5, 1.5, 0.0),
            (Variant::Classic, 0.4, 1.2, 0.0),
            (Variant::ClassicTwo, 0.4, 1.2, 0.0),
            (Variant::ClassicThree, 0.4, 1.2, 0.0),
        ];
        for (variant, c, temperature, amaf_in_exploration) in constants {
            assert_eq!(
                tree_rule(variant),
                TreeRule {
                    exploration: c,
                    temperature,
                    amaf_in_exploration,
                }
            );
            let children = children(variant);
            let (low, high) = children
                .iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |(low, high), (_, p)| {
                    (low.min(p.value), high.max(p.value))
                });
            assert_eq!(high, 1.0);
            assert!(low > 0.0 && low < high, "{low}");
            let sum: f32 = children.iter().map(|(_, p)| p.share).sum();
            assert!((sum - 1.0).abs() < 1e-4, "{sum}");
            let best_share = children.iter().map(|(_, p)| p.share).fold(0.0, f32::max);
            // The weights are e^(s/T) of the judgement's scores at the rule's T.
            let scores = judged(variant, &children);
            let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            for ((_, p), score) in children.iter().zip(scores) {
                assert_eq!(p.weight, PRIOR_WEIGHT);
                assert!(
                    (p.value * p.value - p.share / best_share).abs() < 1e-4,
                    "{p:?}"
                );
                let ratio = ((score - best) / temperature).exp();
                assert!(
                    (p.share / best_share - ratio).abs() < 1e-4,
                    "{variant:?} {p:?}"
                );
            }
        }
        // Each search sets the exploration constants and the decided lead of its
        // board's variant.
        let mut engine = Engine::unpaced();
        engine.set_book(false);
        let limits = Limits {
            max_nodes: Some(20),
            ..Limits::default()
        };
        for variant in [
            Variant::ClassicTwo,
            Variant::Junior,
            Variant::Classic,
            Variant::Duo,
        ] {
            engine.search(&Board::new(variant), 0, &limits).unwrap();
            let params = &engine.mcts.params;
            let rule = tree_rule(variant);
            let exploration = rule.exploration;
            assert_eq!(params.selection, Selection::Shares { exploration });
            assert_eq!(params.amaf_in_exploration, rule.amaf_in_exploration);
            // Unpaced, every search runs to its budget; paced, it stops once decided
            // by its variant's lead.
            assert_eq!(params.decided_lead, None);
            let mut paced = Engine::new();
            paced.set_book(false);
            paced.search(&Board::new(variant), 0, &limits).unwrap();
            let lead = paced.mcts.params.decided_lead;
            assert_eq!(lead, Some(decided_lead(variant)), "{variant:?}");
        }
    }

    /// The root's visits (what the weights are fitted to) list every move the tree
    /// considers, unvisited ones too, and account for every playout.
    #[test]
    fn root_visits_cover_the_considered_moves_and_the_playouts() {
        let mut board = Board::new(Variant::Duo);
        for _ in 0..2 {
            let c = board.to_play().unwrap();
            let mv = board.legal_moves(c)[0];
            board.play(c, mv).unwrap();
        }
        let c = board.to_play().unwrap();
        let mut engine = Engine::unpaced();
        engine.set_book(false);
        let limits = Limits {
            max_nodes: Some(500),
            ..Limits::default()
        };
        let result = engine.search(&board, c, &limits).unwrap();
        let visits = engine.root_visits();
        let tables = board.tables();
        let min_size = min_piece_size(Variant::Duo, board.num_moves());
        let mut considered: Vec<MoveId> = (board.legal_moves(c).into_iter())
            .filter(|&mv| tables.info(mv).len as usize >= min_size)
            .collect();
        let mut listed: Vec<MoveId> = visits.iter().map(|(m, _)| m.mv).collect();
        considered.sort_unstable();
        listed.sort_unstable();
        assert_eq!(listed, considered);
        assert!(
            visits.iter().any(|&(_, n)| n == 0),
            "a few hundred moves, 500 playouts"
        );
        let total: u64 = visits.iter().map(|&(_, n)| u64::from(n)).sum();
        assert_eq!(total, result.playouts);
        // The same list without a search.
        let mut unsearched = Engine::considered_moves(&board, c);
        unsearched.sort_unstable();
        assert_eq!(unsearched, considered);
    }
}
