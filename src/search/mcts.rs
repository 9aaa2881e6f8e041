//! Monte-Carlo tree search over any game of 2–4 players with per-player rewards.
//!
//! UCT (or Pentobi's exploration by the priors' shares) with RAVE (all-moves-as-first)
//! and priors given as virtual visits, tree reuse between moves, and tree-parallel
//! search: threads share one tree behind a mutex that is held only to walk and update
//! it, and virtual losses spread the threads over different lines while their playouts
//! run unlocked. The game brings its own move pruning, priors and playout policy
//! through [`SearchGame`]; nothing here knows a game.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::Limits;
use crate::rng::Rng;

pub const MAX_PLAYERS: usize = 4;

/// Reward of each player at the end of a game, in [0, 1] (1 = win).
pub type Rewards = [f32; MAX_PLAYERS];

/// Prior knowledge about a move: `weight` virtual visits with mean reward `value` (read
/// as [`MctsParams::selection`] says), and the move's share of the node's prior
/// probability (for [`Selection::Shares`]; the shares of a node's moves sum to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    pub value: f32,
    pub weight: f32,
    pub share: f32,
}

impl Prior {
    pub const NONE: Prior = Prior {
        value: 0.5,
        weight: 0.0,
        share: 0.0,
    };
}

/// How the tree chooses the child to walk into, and what a prior's value means for a
/// new node's starting mean reward.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Selection {
    /// UCT: the exploration term `c * sqrt(ln N / (n + 1))` (`N` the node's visits,
    /// `n` the child's) tries every move in time. A prior's value is the child's
    /// starting mean as it is.
    Uct { exploration: f32 },
    /// Pentobi's: the exploration term `c p sqrt(N) ln(N + 1) / n` (`p` the child's
    /// [`Prior::share`], `n` its visits with the prior's) lets the prior decide which
    /// moves are tried at all. A prior's value is a factor of the mean reward the
    /// playouts have given the player to move so far (this search's, and a reused
    /// tree's search's; Pentobi's: the square root of the move's weight over the best
    /// move's), so that the best judged move starts level with how the search is
    /// going, in a lost position as in a won one, where fixed values sit above every
    /// real mean of a lost position and spread the visits thin there.
    Shares { exploration: f32 },
}

impl Selection {
    /// Whether the exploration term is the prior's share over the visits.
    fn by_share(self) -> bool {
        matches!(self, Selection::Shares { .. })
    }
}

/// What the search needs from a game position.
pub trait SearchGame: Clone + Send + Sync {
    type Move: Copy + PartialEq + Send + Sync + std::fmt::Debug;
    /// Per-thread playout workspace, reused from one playout to the next.
    type Playout: Send;

    /// The player to move, `None` when the game is over.
    fn player_to_move(&self) -> Option<usize>;
    /// The moves the tree considers here (the game may prune), with priors. The
    /// playout workspace may serve to generate them; the next playout starts it afresh.
    fn tree_moves(&self, workspace: &mut Self::Playout, out: &mut Vec<(Self::Move, Prior)>);
    fn play(&mut self, mv: Self::Move);
    /// AMAF identity of a move of the player to move: below [`SearchGame::key_bound`],
    /// equal for the same move by the same player.
    fn move_key(&self, mv: Self::Move) -> u32;
    fn key_bound(&self) -> usize;
    fn new_playout(&self) -> Self::Playout;
    /// Plays the game to its end (returns at once if it is over), pushing each move
    /// played as (player, key) to `played`, and returns the rewards.
    fn playout(
        &self,
        workspace: &mut Self::Playout,
        rng: &mut Rng,
        played: &mut Vec<(u8, u32)>,
    ) -> Rewards;
    /// The final score of the playout just run in `workspace`, from the first player's
    /// view, for games that count one (Go's area margin after komi): the search keeps
    /// its mean and spread per node for analysis. `None`, the default, costs nothing.
    fn playout_score(&self, _workspace: &Self::Playout) -> Option<f32> {
        None
    }
    /// The moves leading from `earlier` to this position, if it follows from it (for
    /// reusing the tree of the previous search). They are replayed on `earlier`, so
    /// they must be moves of its board (never of a board of another size).
    fn moves_since(&self, earlier: &Self) -> Option<Vec<Self::Move>>;
    /// A key of everything the tree below this position depends on (board and its
    /// size, player to move, ko, scoring...): equal for positions that are the same to
    /// the search. A tree is reused only for a position of the key it was built for,
    /// whatever `moves_since` says, so that a tree never outlives its board.
    fn position_key(&self) -> u64;
}

#[derive(Clone, Debug)]
pub struct MctsParams {
    /// How the tree chooses a child and starts a new one from its prior.
    pub selection: Selection,
    /// AMAF visits at which RAVE and the real mean weigh the same.
    pub rave_equiv: f32,
    /// Visits a leaf needs before it is expanded.
    pub expand_threshold: u32,
    /// Extra visits needed per level below the root: deep nodes, rarely revisited, are
    /// not worth the cost of generating and judging their moves until they are.
    pub expand_threshold_per_level: f32,
    /// Upper bound on tree size. When an expansion finds no room, the search pauses,
    /// drops the subtrees below nodes of fewer than [`PRUNE_MIN_VISITS`] visits (more
    /// once pruning frees less than half), and goes on; when nothing can be freed, it
    /// goes on without expanding.
    pub max_tree_nodes: usize,
    pub reuse_tree: bool,
    /// Ends a search with a playout budget once its most visited root move leads the
    /// next one by more than this share of the playouts it has left: at 1.0 no other
    /// move can overtake it any more, below that an overtaking has become unlikely.
    /// Set, a root with a single move to consider ends the search at once. `None`:
    /// every search runs to its budget.
    pub decided_lead: Option<f32>,
    /// Whether a playout budget counts the visits the root kept from the previous
    /// search, so that a position already studied costs only what it lacks.
    pub budget_counts_reused: bool,
    /// With [`Selection::Shares`], what one AMAF observation of a child counts for in
    /// its exploration term's `n`, beside its visits (Pentobi adds them at 0.7): a move
    /// the playouts keep playing loses its bonus quickly, and the tree grows narrower
    /// and deeper. 0: visits alone.
    pub amaf_in_exploration: f32,
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            selection: Selection::Uct { exploration: 0.2 },
            rave_equiv: 800.0,
            expand_threshold: 1,
            expand_threshold_per_level: 0.0,
            max_tree_nodes: 4_000_000,
            reuse_tree: true,
            decided_lead: None,
            budget_counts_reused: false,
            amaf_in_exploration: 0.0,
        }
    }
}

/// The answer of one search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The most visited move at the root; `None` when the player has no move.
    pub best: Option<M>,
    /// Playouts run by this search (reused visits not counted).
    pub playouts: u64,
    /// Visits and mean reward of the best move, for the player to move.
    pub visits: u32,
    pub value: f32,
    pub elapsed: Duration,
    /// How the playouts went, summed over them.
    pub shape: SearchShape,
}

/// The work of a search's playouts, summed over them: divided by the playouts, how
/// deep the tree took them, how long they ran on, and what it cost to grow the tree.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchShape {
    /// Moves made in the tree (the expanded child included).
    pub tree_moves: u64,
    /// Moves made by the playouts below the tree.
    pub playout_moves: u64,
    /// Nodes the expansions created.
    pub new_nodes: u64,
}

impl SearchShape {
    /// The shape per playout of `playouts`, for logs and benchmarks.
    pub fn per_playout(&self, playouts: u64) -> String {
        let mean = |sum: u64| sum as f64 / playouts.max(1) as f64;
        format!(
            "a playout: {:.2} moves in the tree, {:.2} below, {:.1} new nodes",
            mean(self.tree_moves),
            mean(self.playout_moves),
            mean(self.new_nodes)
        )
    }
}

/// One root move after a search, for analysis output.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove<M> {
    pub mv: M,
    pub visits: u32,
    /// Mean reward for the player making the move, prior included.
    pub value: f32,
    pub prior: f32,
    /// The move and the most visited line after it.
    pub pv: Vec<M>,
    /// The visits of each node of `pv`.
    pub pv_visits: Vec<u32>,
    /// The final scores of the playouts through the move, for games that count one.
    pub score: Option<ScoreStats>,
}

/// Mean and standard deviation of the final scores of a node's playouts, from the first
/// player's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreStats {
    pub mean: f32,
    pub stdev: f32,
}

/// What selection and the AMAF update read and write of every child of a node, kept
/// apart from the rest of the node ([`Node`]) in an array of its own: a node has
/// hundreds of children in some games, and these reads are most of a search's memory
/// traffic, half a cache line each instead of one or two lines.
#[derive(Clone, Copy, Debug)]
struct Hot {
    /// Visits and reward sum including the prior.
    n: f32,
    w: f32,
    amaf_n: f32,
    amaf_w: f32,
    /// The mean blended with the AMAF mean, as [`blend`] gives it; kept up to date by
    /// every change of the four above.
    blended: f32,
    /// The child's part of the exploration term, kept up to date like `blended`:
    /// [`uncertainty`] of `n`, or with [`Selection::Shares`] the prior's share over `n`
    /// (over 1 while `n` is less).
    uncertainty: f32,
    key: u32,
    /// Threads walking through the node (at most one per thread).
    virtual_loss: u16,
    /// The player who made the node's move: its values are from this player's view.
    player: u8,
}

/// How a child's counts become its selection values: what every update of a [`Hot`]
/// reads of the search's parameters.
#[derive(Clone, Copy, Debug)]
struct Counting {
    /// `1 / rave_equiv`, as [`blend`] takes it.
    fade: f32,
    /// Whether the exploration term is the prior's share over the count.
    by_share: bool,
    /// What an AMAF observation adds to that count ([`MctsParams::amaf_in_exploration`]).
    amaf_weight: f32,
}

impl Counting {
    fn of(params: &MctsParams) -> Counting {
        let by_share = params.selection.by_share();
        Counting {
            fade: params.rave_equiv.recip(),
            by_share,
            amaf_weight: if by_share {
                params.amaf_in_exploration
            } else {
                0.0
            },
        }
    }
}

impl Hot {
    /// The `n` of the exploration term by the priors' shares.
    fn exploration_count(&self, counting: Counting) -> f32 {
        self.n + counting.amaf_weight * self.amaf_n
    }

    /// Brings `blended` and `uncertainty` up to date after one more visit.
    fn reblend(&mut self, counting: Counting) {
        self.reblend_amaf(counting.fade);
        self.uncertainty = if counting.by_share {
            self.shrunk_share(1.0, counting)
        } else {
            uncertainty(self.n)
        };
    }

    /// Adds one AMAF observation of `reward`.
    fn add_amaf(&mut self, reward: f32, counting: Counting) {
        self.amaf_n += 1.0;
        self.amaf_w += reward;
        self.reblend_amaf(counting.fade);
        if counting.amaf_weight > 0.0 {
            self.uncertainty = self.shrunk_share(counting.amaf_weight, counting);
        }
    }

    /// share / count from share / (count - `added`), the count just grown by `added`:
    /// the share itself is not kept.
    fn shrunk_share(&self, added: f32, counting: Counting) -> f32 {
        let count = self.exploration_count(counting);
        self.uncertainty * (count - added).max(1.0) / count.max(1.0)
    }

    /// The child's part of the exploration term with `extra` more visits (virtual
    /// losses).
    fn uncertainty_with(&self, extra: f32, counting: Counting) -> f32 {
        if counting.by_share {
            let count = self.exploration_count(counting);
            self.uncertainty * count.max(1.0) / (count + extra).max(1.0)
        } else {
            uncertainty(self.n + extra)
        }
    }

    /// Brings `blended` up to date after a change of the AMAF counts.
    fn reblend_amaf(&mut self, fade: f32) {
        self.blended = blend(self.n, self.w, self.amaf_n, self.amaf_w, fade);
    }

    /// The mean reward, prior included.
    fn mean(&self) -> f32 {
        self.w / self.n.max(1e-6)
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    first_child: u32,
    num_children: u32,
    visits: u32,
    /// The prior's value, kept for analysis output.
    prior: f32,
    /// Running mean and sum of squared deviations (Welford) of the playouts' final
    /// scores, first player's view; untouched for games without a score.
    score_mean: f32,
    score_m2: f32,
    /// Whether any playout through the node had a score.
    scored: bool,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, key: u32, player: u8, prior: Prior, by_share: bool) -> (Self, Hot) {
        let node = Node {
            mv,
            first_child: 0,
            num_children: 0,
            visits: 0,
            prior: prior.value,
            score_mean: 0.0,
            score_m2: 0.0,
            scored: false,
        };
        let hot = Hot {
            n: prior.weight,
            w: prior.weight * prior.value,
            amaf_n: 0.0,
            amaf_w: 0.0,
            // No AMAF yet: the blend is the mean alone, whatever the equivalence.
            blended: blend(prior.weight, prior.weight * prior.value, 0.0, 0.0, 1.0),
            uncertainty: if by_share {
                prior.share / prior.weight.max(1.0)
            } else {
                uncertainty(prior.weight)
            },
            key,
            virtual_loss: 0,
            player,
        };
        (node, hot)
    }

    /// Adds the final score of one more playout (after `visits` was counted).
    fn add_score(&mut self, score: f32) {
        let n = self.visits.max(1) as f32;
        let delta = score - self.score_mean;
        self.score_mean += delta / n;
        self.score_m2 += delta * (score - self.score_mean);
        self.scored = true;
    }

    fn score_stats(&self) -> Option<ScoreStats> {
        self.scored.then(|| ScoreStats {
            mean: self.score_mean,
            stdev: (self.score_m2.max(0.0) / self.visits.max(1) as f32).sqrt(),
        })
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.num_children) as usize
    }
}

/// Running bests of the selection loop, each over every `LANES`th child.
const LANES: usize = 4;

/// The index of the first item of the highest value (0 if none is above minus
/// infinity). Each comparison with a running best waits for the one before, which
/// bounds a selection's loop; `LANES` running bests, one per item of every `LANES`,
/// wait for one another that many times less.
#[inline]
fn first_of_highest<T>(items: &[T], value: impl Fn(&T) -> f32) -> usize {
    let mut best = [(f32::NEG_INFINITY, 0usize); LANES];
    let mut keep = |lane: usize, index: usize, item: &T| {
        let v = value(item);
        if v > best[lane].0 {
            best[lane] = (v, index);
        }
    };
    let mut groups = items.chunks_exact(LANES);
    for (k, group) in groups.by_ref().enumerate() {
        for (lane, item) in group.iter().enumerate() {
            keep(lane, k * LANES + lane, item);
        }
    }
    let done = items.len() - groups.remainder().len();
    for (lane, item) in groups.remainder().iter().enumerate() {
        keep(lane, done + lane, item);
    }
    let first_best = |a: (f32, usize), b: (f32, usize)| {
        if b.0 > a.0 || (b.0 == a.0 && b.1 < a.1) {
            b
        } else {
            a
        }
    };
    best.into_iter().fold(best[0], first_best).1
}

/// RAVE: the mean of `n` visits worth `w` blended with the AMAF mean, the AMAF weight
/// falling as real visits grow (equal at `rave_equiv` visits); `fade` is
/// `1 / rave_equiv`.
///
/// The weight is `beta = a / (a + n + a n / rave_equiv)` for `a` AMAF visits worth
/// `aw`, and `(1 - beta) w / n + beta aw / a` is written over the one denominator of
/// beta: a single division where the plain form has three, for what every AMAF update
/// of every child recomputes.
#[inline]
fn blend(n: f32, w: f32, amaf_n: f32, amaf_w: f32, fade: f32) -> f32 {
    if amaf_n > 0.0 {
        let fading = amaf_n * fade;
        (w + fading * w + amaf_w) / (amaf_n + n + fading * n)
    } else if n > 0.0 {
        w / n
    } else {
        1.0
    }
}

/// The child's share of the exploration term `c * sqrt(ln N / (n + 1))`.
#[inline]
fn uncertainty(n: f32) -> f32 {
    (n + 1.0).sqrt().recip()
}

/// The nodes, and the [`Hot`] part of each at the same index.
struct Tree<M> {
    nodes: Vec<Node<M>>,
    hot: Vec<Hot>,
    /// The rewards of each player summed over the playouts of this search and of the
    /// searches of the tree it reuses (discounted), and their number: what
    /// [`Selection::Shares`] starts its priors from.
    reward_sums: Rewards,
    playouts: f32,
}

impl<M> Default for Tree<M> {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            hot: Vec::new(),
            reward_sums: [0.0; MAX_PLAYERS],
            playouts: 0.0,
        }
    }
}

impl<M: Copy> Tree<M> {
    /// A tree of a root alone, in the buffers of `spare` (emptied first; their capacity
    /// is what they are there for).
    fn fresh_in(mut spare: Tree<M>) -> Self {
        spare.clear();
        spare.reward_sums = [0.0; MAX_PLAYERS];
        spare.playouts = 0.0;
        spare.push(Node::new(None, 0, 0, Prior::NONE, false));
        spare
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.hot.clear();
    }

    fn push(&mut self, (node, hot): (Node<M>, Hot)) {
        self.nodes.push(node);
        self.hot.push(hot);
    }

    fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The mean reward of `player` over the playouts counted, starting from a draw.
    fn mean_reward(&self, player: usize) -> f32 {
        (self.reward_sums[player] + 0.5) / (self.playouts + 1.0)
    }

    /// Counts the rewards so far as [`REUSED_REWARDS_WEIGHT`] playouts at most, with
    /// their mean: a reused tree's position is a few moves on, so that what its last
    /// search found is a good start but the new playouts soon outweigh it.
    fn discount_rewards(&mut self) {
        if self.playouts > REUSED_REWARDS_WEIGHT {
            let scale = REUSED_REWARDS_WEIGHT / self.playouts;
            self.reward_sums.iter_mut().for_each(|sum| *sum *= scale);
            self.playouts = REUSED_REWARDS_WEIGHT;
        }
    }

    /// Copies the subtree under `root` into a new tree in the buffers of `spare`
    /// (emptied first), breadth first, children staying contiguous. Below the root,
    /// only the children of nodes of at least `min_visits` visits are copied: the
    /// others become leaves. The search's rewards so far go along.
    fn subtree_in(&self, root: usize, min_visits: u32, mut spare: Tree<M>) -> Self {
        spare.clear();
        spare.reward_sums = self.reward_sums;
        spare.playouts = self.playouts;
        spare.push((self.nodes[root].clone(), self.hot[root]));
        spare.nodes[0].mv = None;
        let mut next = 0;
        let mut sources = vec![root];
        while next < spare.len() {
            let source = &self.nodes[sources[next]];
            let range = if next == 0 || source.visits >= min_visits {
                source.children()
            } else {
                0..0
            };
            spare.nodes[next].first_child = spare.len() as u32;
            spare.nodes[next].num_children = range.len() as u32;
            for child in range {
                spare.push((self.nodes[child].clone(), self.hot[child]));
                sources.push(child);
            }
            next += 1;
        }
        spare
    }
}

pub struct Mcts<G: SearchGame> {
    pub params: MctsParams,
    previous: Option<(G, Tree<G::Move>)>,
    /// The buffers of an earlier tree, the next tree is built in: their memory stays
    /// mapped, where new buffers have the kernel map and zero every page again as the
    /// tree grows (several per cent of a search's time).
    spare: Tree<G::Move>,
}

/// Visits below which a full tree's nodes lose their subtrees at the first pruning (as
/// in Pentobi's search).
const PRUNE_MIN_VISITS: u32 = 16;

/// The most playouts the rewards of an earlier search count as in a reused tree (as in
/// Pentobi's search): see [`Selection::Shares`].
const REUSED_REWARDS_WEIGHT: f32 = 100.0;

/// Budget used when the limits set neither nodes nor time.
const DEFAULT_PLAYOUTS: u64 = 10_000;

/// Playouts between two checks whether the search is decided (each check reads every
/// root child under the tree's lock).
const DECIDED_CHECK_INTERVAL: u64 = 8;

struct Shared<'a, G: SearchGame> {
    tree: Mutex<Tree<G::Move>>,
    root: &'a G,
    limits: &'a Limits,
    params: &'a MctsParams,
    started: AtomicU64,
    /// [`SearchShape`]'s sums.
    tree_moves: AtomicU64,
    playout_moves: AtomicU64,
    new_nodes: AtomicU64,
    deadline: Option<Instant>,
    max_playouts: u64,
    /// Raised once the budget is spent or the best move can no longer change (see
    /// [`MctsParams::decided_lead`]).
    finished: AtomicBool,
    /// Raised once an expansion found no room under [`MctsParams::max_tree_nodes`]:
    /// leaves are then no longer expanded, so that their moves and priors are not
    /// generated only to be thrown away.
    full: AtomicBool,
    /// Whether the threads stop on a full tree for it to be pruned (lowered once
    /// pruning can free nothing).
    prunable: AtomicBool,
}

impl<G: SearchGame> Default for Mcts<G> {
    fn default() -> Self {
        Mcts::new(MctsParams::default())
    }
}

impl<G: SearchGame> Mcts<G> {
    pub fn new(params: MctsParams) -> Self {
        Mcts {
            params,
            previous: None,
            spare: Tree::default(),
        }
    }

    /// Forgets the previous tree (a new game).
    pub fn clear(&mut self) {
        self.previous = None;
    }

    fn reused_tree(&mut self, state: &G) -> Tree<G::Move> {
        let buffer = std::mem::take(&mut self.spare);
        let Some((old_state, old_tree)) = self.previous.take() else {
            return Tree::fresh_in(buffer);
        };
        let tree = match self.reused_root(state, &old_state, &old_tree) {
            Some(node) => {
                let mut tree = old_tree.subtree_in(node, 0, buffer);
                tree.discount_rewards();
                tree
            }
            None => Tree::fresh_in(buffer),
        };
        self.spare = old_tree;
        tree
    }

    /// The node of the previous tree for `state`, if the tree is to be reused.
    fn reused_root(&self, state: &G, old_state: &G, old_tree: &Tree<G::Move>) -> Option<usize> {
        if !self.params.reuse_tree {
            return None;
        }
        let moves = state.moves_since(old_state)?;
        let mut replayed = old_state.clone();
        for &mv in &moves {
            replayed.play(mv);
        }
        if replayed.position_key() != state.position_key() {
            return None;
        }
        let mut node = 0;
        for mv in moves {
            node = old_tree.nodes[node]
                .children()
                .find(|&c| old_tree.nodes[c].mv == Some(mv))?;
        }
        Some(node)
    }

    /// Every move the root of the last search considered, with its visits (unvisited
    /// moves too), in the tree's order.
    pub fn root_visits(&self) -> Vec<(G::Move, u32)> {
        let Some((_, tree)) = &self.previous else {
            return Vec::new();
        };
        let root = &tree.nodes[0];
        root.children()
            .filter_map(|i| Some((tree.nodes[i].mv?, tree.nodes[i].visits)))
            .collect()
    }

    /// The root moves of the last search, most visited first, each with its principal
    /// variation (most visited children below it).
    pub fn root_moves(&self) -> Vec<RootMove<G::Move>> {
        let Some((_, tree)) = &self.previous else {
            return Vec::new();
        };
        let mut moves: Vec<RootMove<G::Move>> = tree.nodes[0]
            .children()
            .filter(|&i| tree.nodes[i].visits > 0)
            .filter_map(|i| {
                let node = &tree.nodes[i];
                let mut pv = vec![node.mv?];
                let mut pv_visits = vec![node.visits];
                let mut at = i;
                while let Some(next) = tree.nodes[at]
                    .children()
                    .max_by_key(|&c| tree.nodes[c].visits)
                {
                    if tree.nodes[next].visits == 0 {
                        break;
                    }
                    pv.push(tree.nodes[next].mv?);
                    pv_visits.push(tree.nodes[next].visits);
                    at = next;
                }
                Some(RootMove {
                    mv: node.mv?,
                    visits: node.visits,
                    value: tree.hot[i].mean(),
                    prior: node.prior,
                    pv,
                    pv_visits,
                    score: node.score_stats(),
                })
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.visits));
        moves
    }

    /// Searches `state` within `limits` and returns the most visited move.
    pub fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        let tree = self.reused_tree(state);
        let reused = if self.params.budget_counts_reused {
            u64::from(tree.nodes[0].visits)
        } else {
            0
        };
        let max_playouts = match (limits.max_nodes, limits.max_time) {
            (Some(n), _) => n.saturating_sub(reused),
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        };
        let mut shared = Shared {
            tree: Mutex::new(tree),
            root: state,
            limits,
            params: &self.params,
            started: AtomicU64::new(0),
            tree_moves: AtomicU64::new(0),
            playout_moves: AtomicU64::new(0),
            new_nodes: AtomicU64::new(0),
            deadline: limits.deadline(start),
            max_playouts,
            finished: AtomicBool::new(false),
            full: AtomicBool::new(false),
            prunable: AtomicBool::new(true),
        };
        // Each thread's workspace outlives a pause for pruning: its random numbers go
        // on, and its playouts keep what they learnt.
        let mut scratches: Vec<Scratch<G>> = (0..limits.threads.max(1))
            .map(|thread| shared.scratch(thread))
            .collect();
        let mut min_visits = PRUNE_MIN_VISITS;
        while state.player_to_move().is_some() {
            std::thread::scope(|scope| {
                let (first, others) = scratches.split_first_mut().expect("one thread at least");
                for s in others {
                    let shared = &shared;
                    scope.spawn(move || shared.work(s));
                }
                shared.work(first);
            });
            if !shared.stopped_to_prune() {
                break;
            }
            // Every thread has finished its playout: no virtual loss is pending.
            let tree = shared.tree.get_mut().unwrap_or_else(|e| e.into_inner());
            let before = tree.len();
            let pruned = tree.subtree_in(0, min_visits, std::mem::take(&mut self.spare));
            let after = pruned.len();
            self.spare = std::mem::replace(tree, pruned);
            log::debug!("search tree pruned below {min_visits} visits: {before} -> {after} nodes");
            if after * 2 > before {
                min_visits = min_visits.saturating_mul(2);
            }
            if after == before {
                shared.prunable.store(false, Ordering::Relaxed);
            } else {
                shared.full.store(false, Ordering::Relaxed);
            }
        }
        let playouts = shared.started.load(Ordering::Relaxed);
        let tree = shared.tree.into_inner().unwrap_or_else(|e| e.into_inner());
        let best = tree.nodes[0].children().max_by(|&a, &b| {
            (tree.nodes[a].visits, tree.hot[a].mean())
                .partial_cmp(&(tree.nodes[b].visits, tree.hot[b].mean()))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let result = SearchResult {
            best: best.and_then(|i| tree.nodes[i].mv),
            playouts,
            visits: best.map_or(0, |i| tree.nodes[i].visits),
            value: best.map_or(0.0, |i| tree.hot[i].mean()),
            elapsed: start.elapsed(),
            shape: SearchShape {
                tree_moves: shared.tree_moves.into_inner(),
                playout_moves: shared.playout_moves.into_inner(),
                new_nodes: shared.new_nodes.into_inner(),
            },
        };
        self.previous = Some((state.clone(), tree));
        result
    }
}

/// Per-thread buffers, allocated once per search.
struct Scratch<G: SearchGame> {
    state: G,
    path: Vec<usize>,
    moves: Vec<G::Move>,
    candidates: Vec<(G::Move, Prior)>,
    played: Vec<(u8, u32)>,
    marks: Vec<u8>,
    playout: G::Playout,
    rng: Rng,
}

impl<G: SearchGame> Shared<'_, G> {
    fn budget_left(&self) -> bool {
        if self.limits.stop_requested() {
            return false;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.finished.load(Ordering::Relaxed)
        {
            return false;
        }
        let started = self.started.fetch_add(1, Ordering::Relaxed);
        let decided = || started.is_multiple_of(DECIDED_CHECK_INTERVAL) && self.is_decided(started);
        if started >= self.max_playouts || decided() {
            self.finished.store(true, Ordering::Relaxed);
            // Not started after all: `started` counts the playouts run.
            self.started.fetch_sub(1, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// Whether the most visited root move leads the next by more than
    /// [`MctsParams::decided_lead`] of the playouts left (counting those of other
    /// threads still under way), or is the only move the root considers.
    fn is_decided(&self, started: u64) -> bool {
        let Some(lead) = self.params.decided_lead else {
            return false;
        };
        if self.max_playouts == u64::MAX {
            return false;
        }
        let left = self.max_playouts - started + self.limits.threads.max(1) as u64;
        let tree = self.lock();
        if tree.nodes[0].num_children == 1 {
            return true;
        }
        let (mut first, mut second) = (0, 0);
        for child in tree.nodes[0].children() {
            let visits = tree.nodes[child].visits;
            if visits > first {
                second = first;
                first = visits;
            } else if visits > second {
                second = visits;
            }
        }
        (first - second) as f32 > lead * left as f32
    }

    fn scratch(&self, thread: usize) -> Scratch<G> {
        Scratch {
            state: self.root.clone(),
            path: Vec::with_capacity(128),
            moves: Vec::with_capacity(128),
            candidates: Vec::with_capacity(1024),
            played: Vec::with_capacity(256),
            marks: vec![0; self.root.key_bound()],
            playout: self.root.new_playout(),
            rng: Rng::new(
                self.limits
                    .seed
                    .wrapping_add((thread as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            ),
        }
    }

    fn work(&self, s: &mut Scratch<G>) {
        while !self.stopped_to_prune() && self.budget_left() {
            self.iterate(s);
        }
    }

    /// Whether the tree is full and the threads are to stop for it to be pruned.
    fn stopped_to_prune(&self) -> bool {
        self.full.load(Ordering::Relaxed) && self.prunable.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tree<G::Move>> {
        self.tree.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Visits a leaf at `level` below the root needs before it is expanded.
    fn expand_threshold(&self, level: usize) -> f32 {
        self.params.expand_threshold as f32 + self.params.expand_threshold_per_level * level as f32
    }

    /// The child of `parent` with the best RAVE-UCT value for the player to move there.
    fn select(&self, tree: &Tree<G::Move>, parent: usize) -> usize {
        let p = &tree.nodes[parent];
        let parent_n = (p.visits + u32::from(tree.hot[parent].virtual_loss)) as f32;
        let log_n = (parent_n + 1.0).ln();
        // c * sqrt(ln N / (n + 1)) or c * sqrt(N) ln(N + 1) * share / n, with the
        // child's part kept in the node.
        let selection = self.params.selection;
        let exploration = match selection {
            Selection::Shares { exploration: c } => c * parent_n.sqrt() * log_n,
            Selection::Uct { exploration: c } => c * log_n.sqrt(),
        };
        let counting = Counting::of(self.params);
        let value = |hot: &Hot| {
            if hot.virtual_loss == 0 {
                hot.blended + exploration * hot.uncertainty
            } else {
                // Virtual losses count as visits that lost.
                let extra = hot.virtual_loss as f32;
                let n = hot.n + extra;
                blend(n, hot.w, hot.amaf_n, hot.amaf_w, counting.fade)
                    + exploration * hot.uncertainty_with(extra, counting)
            }
        };
        p.first_child as usize + first_of_highest(&tree.hot[p.children()], value)
    }

    fn iterate(&self, s: &mut Scratch<G>) {
        s.state.clone_from(self.root);
        s.path.clear();
        s.moves.clear();
        // Walk down, taking virtual losses.
        let leaf_visits = {
            let mut tree = self.lock();
            let mut node = 0;
            s.path.push(0);
            while tree.nodes[node].num_children > 0 {
                node = self.select(&tree, node);
                tree.hot[node].virtual_loss += 1;
                s.path.push(node);
                s.moves
                    .push(tree.nodes[node].mv.expect("only the root has no move"));
            }
            tree.nodes[node].visits
        };
        for &mv in &s.moves {
            s.state.play(mv);
        }
        // Expand a leaf that has been visited enough.
        if let Some(player) = s.state.player_to_move()
            && (leaf_visits as f32 >= self.expand_threshold(s.path.len() - 1) || s.path.len() == 1)
            && !self.full.load(Ordering::Relaxed)
        {
            s.candidates.clear();
            s.state.tree_moves(&mut s.playout, &mut s.candidates);
            let leaf = *s.path.last().unwrap();
            let mut tree = self.lock();
            let room = tree.len() + s.candidates.len() <= self.params.max_tree_nodes;
            if !room {
                self.full.store(true, Ordering::Relaxed);
            }
            if tree.nodes[leaf].num_children == 0 && !s.candidates.is_empty() && room {
                let first = tree.len() as u32;
                let mean = tree.mean_reward(player);
                let by_share = self.params.selection.by_share();
                for &(mv, prior) in &s.candidates {
                    let key = s.state.move_key(mv);
                    let value = if by_share {
                        mean * prior.value
                    } else {
                        prior.value
                    };
                    let prior = Prior { value, ..prior };
                    tree.push(Node::new(Some(mv), key, player as u8, prior, by_share));
                }
                tree.nodes[leaf].first_child = first;
                tree.nodes[leaf].num_children = s.candidates.len() as u32;
                self.new_nodes
                    .fetch_add(s.candidates.len() as u64, Ordering::Relaxed);
            }
            if tree.nodes[leaf].num_children > 0 {
                let child = self.select(&tree, leaf);
                tree.hot[child].virtual_loss += 1;
                s.path.push(child);
                let mv = tree.nodes[child].mv.expect("children have moves");
                drop(tree);
                s.state.play(mv);
            }
        }
        s.played.clear();
        let rewards = s.state.playout(&mut s.playout, &mut s.rng, &mut s.played);
        let score = s.state.playout_score(&s.playout);
        self.tree_moves
            .fetch_add(s.path.len() as u64 - 1, Ordering::Relaxed);
        self.playout_moves
            .fetch_add(s.played.len() as u64, Ordering::Relaxed);
        self.backup(s, &rewards, score);
    }

    fn backup(&self, s: &mut Scratch<G>, rewards: &Rewards, score: Option<f32>) {
        let counting = Counting::of(self.params);
        for &(player, key) in &s.played {
            s.marks[key as usize] |= 1 << player;
        }
        let mut guard = self.lock();
        let tree = &mut *guard;
        for (sum, reward) in tree.reward_sums.iter_mut().zip(rewards) {
            *sum += reward;
        }
        tree.playouts += 1.0;
        for (depth, &i) in s.path.iter().enumerate().rev() {
            // AMAF: the children of this node whose move its player made later on.
            // The children are all moves of one player, the one to move at the node.
            let children = &mut tree.hot[tree.nodes[i].children()];
            if let Some(player) = children.first().map(|hot| hot.player) {
                debug_assert!(children.iter().all(|hot| hot.player == player));
                let (bit, reward) = (1 << player, rewards[player as usize]);
                for hot in children {
                    if s.marks[hot.key as usize] & bit != 0 {
                        hot.add_amaf(reward, counting);
                    }
                }
            }
            let (node, hot) = (&mut tree.nodes[i], &mut tree.hot[i]);
            node.visits += 1;
            hot.n += 1.0;
            hot.w += rewards[hot.player as usize];
            hot.reblend(counting);
            if let Some(score) = score {
                node.add_score(score);
            }
            if depth > 0 {
                hot.virtual_loss -= 1;
                s.marks[hot.key as usize] |= 1 << hot.player;
            }
        }
        for &i in &s.path[1..] {
            s.marks[tree.hot[i].key as usize] = 0;
        }
        drop(guard);
        for &(_, key) in &s.played {
            s.marks[key as usize] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1–3 stones, whoever takes the last stone wins. A pile that
    /// is a multiple of 4 loses for the player to move.
    #[derive(Clone, Debug)]
    struct Nim {
        stones: u32,
        to_move: usize,
        taken: Vec<u32>,
    }

    impl SearchGame for Nim {
        type Move = u32;
        type Playout = ();

        fn player_to_move(&self) -> Option<usize> {
            (self.stones > 0).then_some(self.to_move)
        }

        fn tree_moves(&self, _: &mut (), out: &mut Vec<(u32, Prior)>) {
            out.extend((1..=self.stones.min(3)).map(|n| (n, Prior::NONE)));
        }

        fn play(&mut self, mv: u32) {
            self.stones -= mv;
            self.taken.push(mv);
            self.to_move = 1 - self.to_move;
        }

        fn move_key(&self, mv: u32) -> u32 {
            mv - 1
        }

        fn key_bound(&self) -> usize {
            3
        }

        fn new_playout(&self) {}

        fn playout(&self, _: &mut (), rng: &mut Rng, played: &mut Vec<(u8, u32)>) -> Rewards {
            let mut game = self.clone();
            let mut winner = 1 - game.to_move;
            while game.stones > 0 {
                let mv = 1 + rng.below(game.stones.min(3));
                played.push((game.to_move as u8, mv - 1));
                winner = game.to_move;
                game.play(mv);
            }
            let mut rewards = [0.0; MAX_PLAYERS];
            rewards[winner] = 1.0;
            rewards
        }

        fn moves_since(&self, earlier: &Self) -> Option<Vec<u32>> {
            self.taken
                .starts_with(&earlier.taken)
                .then(|| self.taken[earlier.taken.len()..].to_vec())
        }

        fn position_key(&self) -> u64 {
            u64::from(self.stones) << 1 | self.to_move as u64
        }
    }

    fn nim(stones: u32) -> Nim {
        Nim {
            stones,
            to_move: 0,
            taken: Vec::new(),
        }
    }

    fn limits(playouts: u64, threads: usize, seed: u64) -> Limits {
        Limits {
            max_nodes: Some(playouts),
            threads,
            seed,
            ..Limits::default()
        }
    }

    #[test]
    fn selection_takes_the_first_child_of_the_highest_value() {
        // Short lists of few distinct values, ties everywhere, against a plain scan.
        let mut rng = Rng::new(9);
        for _ in 0..20_000 {
            let len = rng.below(23) as usize;
            let values: Vec<f32> = (0..len)
                .map(|_| [f32::NEG_INFINITY, -1.0, 0.0, 0.5, 2.0][rng.below(5) as usize])
                .collect();
            let mut plain = 0;
            let mut highest = f32::NEG_INFINITY;
            for (i, &v) in values.iter().enumerate() {
                if v > highest {
                    (plain, highest) = (i, v);
                }
            }
            assert_eq!(first_of_highest(&values, |&v| v), plain, "{values:?}");
        }
    }

    #[test]
    fn the_blend_is_the_rave_weighting_written_out() {
        // The textbook form: beta = a / (a + n + a n / k), the blend
        // (1 - beta) * mean + beta * AMAF mean, the mean 1 for a node without visits.
        let plain = |n: f32, w: f32, a: f32, aw: f32, k: f32| {
            let mean = if n > 0.0 { w / n } else { 1.0 };
            if a == 0.0 {
                return mean;
            }
            let beta = a / (a + n + a * n / k);
            (1.0 - beta) * mean + beta * aw / a
        };
        let mut rng = Rng::new(3);
        for _ in 0..100_000 {
            let n = [0, 1, 7, 60, 4_000, 900_000][rng.below(6) as usize] as f32;
            let a = [0, 1, 3, 500, 20_000, 2_000_000][rng.below(6) as usize] as f32;
            let (w, aw) = (
                n * rng.below(1001) as f32 / 1000.0,
                a * rng.below(1001) as f32 / 1000.0,
            );
            let k = [1.0, 800.0, 1500.0][rng.below(3) as usize];
            let (ours, theirs) = (blend(n, w, a, aw, 1.0 / k), plain(n, w, a, aw, k));
            assert!(
                (ours - theirs).abs() <= 1e-5,
                "n {n} w {w} a {a} aw {aw} k {k}: {ours} against {theirs}"
            );
        }
    }

    #[test]
    fn finds_the_winning_move_in_a_known_game() {
        for (stones, winning) in [(5, 1), (6, 2), (7, 3), (9, 1), (10, 2)] {
            let mut mcts: Mcts<Nim> = Mcts::default();
            let result = mcts.search(&nim(stones), &limits(4_000, 1, 7));
            assert_eq!(result.best, Some(winning), "{stones} stones");
            assert!(result.value > 0.6);
        }
    }

    #[test]
    fn fixed_seed_and_budget_reproduce_the_search() {
        let run = || {
            let mut mcts: Mcts<Nim> = Mcts::new(MctsParams {
                reuse_tree: false,
                ..MctsParams::default()
            });
            let r = mcts.search(&nim(21), &limits(500, 1, 99));
            (r.best, r.visits, r.value)
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn reuses_the_subtree_of_the_moves_played() {
        let mut mcts: Mcts<Nim> = Mcts::default();
        let mut game = nim(13);
        mcts.search(&game, &limits(3_000, 1, 1));
        game.play(1);
        game.play(2);
        let reused = mcts.reused_tree(&game);
        assert!(reused.nodes[0].visits > 50, "{}", reused.nodes[0].visits);
        assert!(reused.nodes[0].mv.is_none());
        // An unrelated position starts afresh.
        mcts.search(&game, &limits(100, 1, 1));
        assert_eq!(mcts.reused_tree(&nim(8)).nodes.len(), 1);
    }

    #[test]
    fn a_tree_is_not_reused_for_another_position_with_the_same_moves() {
        let mut mcts: Mcts<Nim> = Mcts::default();
        mcts.search(&nim(13), &limits(1_000, 1, 1));
        // No move taken in either game, but another pile: the moves of the tree for
        // 13 stones (and its visits) mean nothing for 2.
        assert_eq!(mcts.reused_tree(&nim(2)).nodes.len(), 1);
        mcts.search(&nim(2), &limits(100, 1, 1));
        let moves: Vec<u32> = mcts.root_visits().iter().map(|&(mv, _)| mv).collect();
        assert_eq!(moves, [1, 2]);
    }

    /// Per tree level, the fewest visits of a node that has children.
    fn fewest_visits_of_expanded_nodes(tree: &Tree<u32>) -> Vec<u32> {
        let mut fewest = Vec::new();
        let mut level = vec![0];
        while !level.is_empty() {
            let expanded = level.iter().filter(|&&i| tree.nodes[i].num_children > 0);
            fewest.push(expanded.clone().map(|&i| tree.nodes[i].visits).min());
            level = expanded.flat_map(|&i| tree.nodes[i].children()).collect();
        }
        fewest.into_iter().flatten().collect()
    }

    /// The length of the most visited line from the root of the last search.
    fn principal_line_length(mcts: &Mcts<Nim>) -> usize {
        mcts.root_moves().first().map_or(0, |m| m.pv.len())
    }

    #[test]
    fn a_full_tree_is_pruned_and_the_search_goes_on_growing_it() {
        for threads in [1, 2] {
            let search = |max_tree_nodes| {
                let mut mcts: Mcts<Nim> = Mcts::new(MctsParams {
                    max_tree_nodes,
                    ..MctsParams::default()
                });
                let r = mcts.search(&nim(13), &limits(20_000, threads, 9));
                (mcts, r)
            };
            let (_, roomy_result) = search(4_000_000);
            let (cramped, result) = search(100);
            let (_, tree) = cramped.previous.as_ref().unwrap();
            assert!(tree.nodes.len() <= 100, "{} nodes", tree.nodes.len());
            // The whole budget is spent, every playout counted at the root.
            assert_eq!(result.playouts, 20_000);
            assert_eq!(u64::from(tree.nodes[0].visits), result.playouts);
            // 12 stones lose for the player to move: take 1.
            assert_eq!(roomy_result.best, Some(1));
            assert_eq!(result.best, Some(1), "{threads} thread(s)");
            // A hundred nodes hold a ninth of this search's tree: pruning the rarely
            // visited ones made room to follow the main line deeper than a tree that
            // stopped growing (4 moves). Two threads' searches vary from run to run.
            let depth = principal_line_length(&cramped);
            if threads == 1 {
                assert!(depth >= 6, "main line of {depth} moves");
            }
        }
    }

    #[test]
    fn deeper_leaves_wait_for_more_visits_before_they_expand() {
        let search = |per_level: f32| {
            let mut mcts: Mcts<Nim> = Mcts::new(MctsParams {
                expand_threshold_per_level: per_level,
                ..MctsParams::default()
            });
            mcts.search(&nim(30), &limits(3_000, 1, 5));
            let (_, tree) = mcts.previous.take().unwrap();
            (tree.nodes.len(), fewest_visits_of_expanded_nodes(&tree))
        };
        let (all_nodes, eager) = search(0.0);
        let (fewer_nodes, patient) = search(4.0);
        let threshold = |level: usize| 1 + 4 * level as u32;
        assert!(fewer_nodes < all_nodes, "{fewer_nodes} >= {all_nodes}");
        // Without the extra threshold some deep node expanded with fewer visits.
        assert!(
            eager
                .iter()
                .enumerate()
                .any(|(level, &v)| v < threshold(level))
        );
        for (level, &visits) in patient.iter().enumerate().skip(1) {
            assert!(visits >= threshold(level), "level {level}: {visits}");
        }
    }

    #[test]
    fn a_search_that_can_no_longer_change_its_answer_stops_with_that_answer() {
        let search = |decided_lead, stones, seed| {
            let mut mcts: Mcts<Nim> = Mcts::new(MctsParams {
                decided_lead,
                ..MctsParams::default()
            });
            let r = mcts.search(&nim(stones), &limits(3_000, 1, seed));
            let (_, tree) = mcts.previous.as_ref().unwrap();
            assert_eq!(u64::from(tree.nodes[0].visits), r.playouts);
            (r.best, r.playouts)
        };
        let mut saved = 0;
        for stones in [5, 6, 7, 9, 12, 21] {
            for seed in 0..4 {
                let (full_best, full_playouts) = search(None, stones, seed);
                let (best, playouts) = search(Some(1.0), stones, seed);
                assert_eq!(full_playouts, 3_000);
                // The first playouts are the same; the rest could not have overtaken.
                assert_eq!(best, full_best, "{stones} stones, seed {seed}");
                saved += full_playouts - playouts;
                // A smaller lead stops no later.
                assert!(search(Some(0.5), stones, seed).1 <= playouts);
            }
        }
        assert!(saved > 10_000, "{saved} playouts saved");
    }

    #[test]
    fn a_lone_move_is_answered_without_spending_the_budget() {
        let mut mcts: Mcts<Nim> = Mcts::new(MctsParams {
            decided_lead: Some(0.5),
            ..MctsParams::default()
        });
        // One stone: taking it is the only move.
        let r = mcts.search(&nim(1), &limits(3_000, 1, 0));
        assert_eq!(r.best, Some(1));
        // The stop rule is looked at every few playouts.
        assert!(
            r.playouts <= DECIDED_CHECK_INTERVAL,
            "{} playouts",
            r.playouts
        );
        // Without the stop rule the budget is spent whatever the choice.
        let mut mcts: Mcts<Nim> = Mcts::new(MctsParams::default());
        assert_eq!(mcts.search(&nim(1), &limits(3_000, 1, 0)).playouts, 3_000);
    }

    #[test]
    fn a_budget_can_count_the_visits_kept_from_the_previous_search() {
        let search_twice = |budget_counts_reused| {
            let mut mcts: Mcts<Nim> = Mcts::new(MctsParams {
                budget_counts_reused,
                ..MctsParams::default()
            });
            let game = nim(17);
            mcts.search(&game, &limits(500, 1, 3));
            [500, 800].map(|budget| mcts.search(&game, &limits(budget, 1, 3)).playouts)
        };
        // The same position again: the root kept all its visits.
        assert_eq!(search_twice(true), [0, 300]);
        assert_eq!(search_twice(false), [500, 800]);
    }

    #[test]
    fn threads_share_the_budget_and_agree_on_the_answer() {
        let mut mcts: Mcts<Nim> = Mcts::default();
        let result = mcts.search(&nim(9), &limits(4_000, 2, 3));
        assert_eq!(result.playouts, 4_000);
        assert_eq!(result.best, Some(1));
    }

    #[test]
    fn a_time_budget_alone_ends_the_search() {
        let mut mcts: Mcts<Nim> = Mcts::default();
        let limits = Limits {
            max_time: Some(std::time::Duration::from_millis(50)),
            ..Limits::default()
        };
        let result = mcts.search(&nim(30), &limits);
        assert!(result.playouts > 0);
        assert!(result.best.is_some());
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let mut mcts: Mcts<Nim> = Mcts::default();
        let result = mcts.search(&nim(0), &limits(100, 1, 0));
        assert_eq!(result.best, None);
        assert_eq!(result.playouts, 0);
    }

    /// Two plies of three moves, each judged 0.2 below the best by the prior; one
    /// player always wins.
    #[derive(Clone, Debug)]
    struct OneWins {
        played: Vec<u32>,
        winner: usize,
    }

    impl SearchGame for OneWins {
        type Move = u32;
        type Playout = ();

        fn player_to_move(&self) -> Option<usize> {
            (self.played.len() < 2).then_some(self.played.len())
        }

        fn tree_moves(&self, _: &mut (), out: &mut Vec<(u32, Prior)>) {
            let prior = Prior {
                value: -0.2,
                weight: 8.0,
                share: 1.0 / 3.0,
            };
            out.extend((0..3).map(|mv| (mv, prior)));
        }

        fn play(&mut self, mv: u32) {
            self.played.push(mv);
        }

        fn move_key(&self, mv: u32) -> u32 {
            mv
        }

        fn key_bound(&self) -> usize {
            3
        }

        fn new_playout(&self) {}

        fn playout(&self, _: &mut (), _: &mut Rng, _: &mut Vec<(u8, u32)>) -> Rewards {
            let mut rewards = [0.0; MAX_PLAYERS];
            rewards[self.winner] = 1.0;
            rewards
        }

        fn moves_since(&self, earlier: &Self) -> Option<Vec<u32>> {
            (self.played.starts_with(&earlier.played))
                .then(|| self.played[earlier.played.len()..].to_vec())
        }

        fn position_key(&self) -> u64 {
            self.played.len() as u64
        }
    }

    fn one_wins(winner: usize) -> OneWins {
        OneWins {
            played: Vec::new(),
            winner,
        }
    }

    /// Under the shares the second player's moves, expanded once its playouts have
    /// all been won, start at the prior's value (-0.2) times its mean reward (0.75
    /// after the first playout, nearer 1 after more); under UCT at the value itself.
    #[test]
    fn shared_priors_start_from_the_searchs_mean_reward() {
        let second_ply_priors = |selection: Selection| -> Vec<f32> {
            let mut mcts: Mcts<OneWins> = Mcts::new(MctsParams {
                selection,
                ..MctsParams::default()
            });
            mcts.search(&one_wins(1), &limits(50, 1, 1));
            let (_, tree) = mcts.previous.as_ref().unwrap();
            let first_ply = tree.nodes[0].children();
            assert_eq!(first_ply.len(), 3);
            (first_ply.flat_map(|i| tree.nodes[i].children()))
                .map(|i| tree.nodes[i].prior)
                .collect()
        };
        let scaled = second_ply_priors(Selection::Shares { exploration: 0.5 });
        assert!(
            scaled.len() >= 3 && scaled.iter().all(|p| (-0.201..-0.149).contains(p)),
            "{scaled:?}"
        );
        let fixed = second_ply_priors(Selection::Uct { exploration: 0.2 });
        assert!(
            fixed.len() >= 3 && fixed.iter().all(|&p| p == -0.2),
            "{fixed:?}"
        );
    }

    /// One move to make, of three that all draw, the first with nearly all the prior
    /// probability; each prior's value says the move draws, under `selection`.
    #[derive(Clone, Debug)]
    struct Draws {
        played: bool,
        prior_weight: f32,
        selection: Selection,
    }

    impl SearchGame for Draws {
        type Move = u32;
        type Playout = ();

        fn player_to_move(&self) -> Option<usize> {
            (!self.played).then_some(0)
        }

        fn tree_moves(&self, _: &mut (), out: &mut Vec<(u32, Prior)>) {
            for (mv, share) in [(0, 0.98), (1, 0.01), (2, 0.01)] {
                // A draw's reward as it is, or as a factor of the mean reward (all
                // draws).
                let value = if self.selection.by_share() { 1.0 } else { 0.5 };
                let prior = Prior {
                    value,
                    weight: self.prior_weight,
                    share,
                };
                out.push((mv, prior));
            }
        }

        fn play(&mut self, _: u32) {
            self.played = true;
        }

        fn move_key(&self, mv: u32) -> u32 {
            mv
        }

        fn key_bound(&self) -> usize {
            3
        }

        fn new_playout(&self) {}

        fn playout(&self, _: &mut (), _: &mut Rng, _: &mut Vec<(u8, u32)>) -> Rewards {
            [0.5; MAX_PLAYERS]
        }

        fn moves_since(&self, _: &Self) -> Option<Vec<u32>> {
            None
        }

        fn position_key(&self) -> u64 {
            u64::from(self.played)
        }
    }

    /// Where every move is worth the same, UCT spreads the visits evenly and the
    /// prior-weighted exploration by the prior's shares (20 of 2,000 for a share of
    /// 1 %, the prior's visits included); with two threads too, whose
    /// virtual losses count as visits on either rule, and with priors of no weight,
    /// whose shares still count after the first visit.
    #[test]
    fn the_shares_spread_the_visits_by_the_prior() {
        for (threads, prior_weight) in [(1, 3.0), (2, 3.0), (1, 0.0)] {
            let visits = |selection: Selection| -> Vec<u32> {
                let mut mcts: Mcts<Draws> = Mcts::new(MctsParams {
                    selection,
                    ..MctsParams::default()
                });
                let root = Draws {
                    played: false,
                    prior_weight,
                    selection,
                };
                mcts.search(&root, &limits(2_000, threads, 1));
                let (_, tree) = mcts.previous.as_ref().unwrap();
                tree.nodes[0]
                    .children()
                    .map(|i| tree.nodes[i].visits)
                    .collect()
            };
            let uct = visits(Selection::Uct { exploration: 0.2 });
            assert!(uct.iter().all(|&v| (600..734).contains(&v)), "{uct:?}");
            let by_prior = visits(Selection::Shares { exploration: 0.5 });
            assert!(
                by_prior[1..].iter().all(|&v| (15..=25).contains(&v)),
                "{by_prior:?}"
            );
        }
    }

    /// With the share-weighted term a child's exploration factor is its prior's share
    /// over its visits (over 1 while fewer), the virtual losses of other threads
    /// counted as visits; with UCT's, `1 / √(n + 1)` of the same count.
    #[test]
    fn the_exploration_factor_counts_visits_and_virtual_losses() {
        let close = |a: f32, b: f32| (a - b).abs() < 1e-6;
        let shares = Counting {
            fade: 1.0 / 800.0,
            by_share: true,
            amaf_weight: 0.0,
        };
        let uct = Counting {
            by_share: false,
            ..shares
        };
        let prior = Prior {
            value: 0.5,
            weight: 3.0,
            share: 0.2,
        };
        let (_, mut hot) = Node::<u32>::new(Some(1), 0, 0, prior, true);
        assert!(close(hot.uncertainty, 0.2 / 3.0));
        for n in 4..=8 {
            hot.n += 1.0;
            hot.w += 1.0;
            hot.reblend(shares);
            let n = n as f32;
            assert!(close(hot.uncertainty, 0.2 / n), "{n}");
            assert!(close(hot.uncertainty_with(2.0, shares), 0.2 / (n + 2.0)));
            assert!(close(
                hot.uncertainty_with(2.0, uct),
                (n + 3.0).sqrt().recip()
            ));
        }
        let weightless = Prior {
            weight: 0.0,
            ..prior
        };
        let (_, mut hot) = Node::<u32>::new(Some(1), 0, 0, weightless, true);
        assert!(close(hot.uncertainty, 0.2));
        assert!(close(hot.uncertainty_with(1.0, shares), 0.2));
        assert!(close(hot.uncertainty_with(2.0, shares), 0.1));
        for (n, factor) in [(1.0, 0.2), (2.0, 0.1), (3.0, 0.2 / 3.0)] {
            hot.n = n;
            hot.reblend(shares);
            assert!(close(hot.uncertainty, factor), "{n}");
        }
    }

    /// Counted in the exploration term, each AMAF observation adds its weight to the
    /// child's `n` there, on top of the visits; not counted, it leaves the term alone.
    #[test]
    fn amaf_observations_count_in_the_exploration_term_by_their_weight() {
        let close = |a: f32, b: f32| (a - b).abs() < 1e-5;
        let prior = Prior {
            value: 0.5,
            weight: 3.0,
            share: 0.2,
        };
        for weight in [0.0, 0.7] {
            let counting = Counting {
                fade: 1.0 / 800.0,
                by_share: true,
                amaf_weight: weight,
            };
            let (_, mut hot) = Node::<u32>::new(Some(1), 0, 0, prior, true);
            for amaf in 1..=10 {
                hot.add_amaf(1.0, counting);
                if amaf % 3 == 0 {
                    hot.n += 1.0;
                    hot.reblend(counting);
                }
                let count = hot.n + weight * amaf as f32;
                assert!(close(hot.uncertainty, 0.2 / count), "{weight} {amaf}");
                assert!(close(
                    hot.uncertainty_with(2.0, counting),
                    0.2 / (count + 2.0)
                ));
            }
        }
    }

    /// A game of exactly [`FourMoves::LENGTH`] moves, each a choice of three, that the
    /// first player wins when the moves sum to an even number.
    #[derive(Clone, Debug, Default)]
    struct FourMoves {
        played: Vec<u32>,
    }

    impl FourMoves {
        const LENGTH: usize = 4;

        fn rewards(&self) -> Rewards {
            let mut rewards = [0.0; MAX_PLAYERS];
            rewards[(self.played.iter().sum::<u32>() % 2) as usize] = 1.0;
            rewards
        }
    }

    impl SearchGame for FourMoves {
        type Move = u32;
        type Playout = ();

        fn player_to_move(&self) -> Option<usize> {
            (self.played.len() < Self::LENGTH).then_some(self.played.len() % 2)
        }

        fn tree_moves(&self, _: &mut (), out: &mut Vec<(u32, Prior)>) {
            out.extend((0..3).map(|mv| (mv, Prior::NONE)));
        }

        fn play(&mut self, mv: u32) {
            self.played.push(mv);
        }

        fn move_key(&self, mv: u32) -> u32 {
            mv
        }

        fn key_bound(&self) -> usize {
            3
        }

        fn new_playout(&self) {}

        fn playout(&self, _: &mut (), rng: &mut Rng, played: &mut Vec<(u8, u32)>) -> Rewards {
            let mut game = self.clone();
            while let Some(player) = game.player_to_move() {
                let mv = rng.below(3);
                played.push((player as u8, mv));
                game.play(mv);
            }
            game.rewards()
        }

        fn moves_since(&self, earlier: &Self) -> Option<Vec<u32>> {
            (self.played.starts_with(&earlier.played))
                .then(|| self.played[earlier.played.len()..].to_vec())
        }

        fn position_key(&self) -> u64 {
            self.played
                .iter()
                .fold(1, |key, &mv| key * 4 + u64::from(mv))
        }
    }

    /// The shape of a search sums its playouts' work: every game is played to its
    /// end, in the tree or below it, and the expansions created every node of the
    /// fresh tree but its root.
    #[test]
    fn the_search_shape_counts_every_move_and_new_node() {
        let mut mcts: Mcts<FourMoves> = Mcts::default();
        let result = mcts.search(&FourMoves::default(), &limits(200, 1, 1));
        let shape = result.shape;
        assert_eq!(result.playouts, 200);
        let length = FourMoves::LENGTH as u64;
        assert_eq!(shape.tree_moves + shape.playout_moves, length * 200);
        // Expanded at every first visit, the tree takes each playout a move deeper
        // than the last one of its line.
        assert!(shape.tree_moves > 2 * 200, "{shape:?}");
        let (_, tree) = mcts.previous.as_ref().expect("a search was made");
        assert_eq!(shape.new_nodes as usize, tree.len() - 1);
        assert!(tree.len() > 1 + 3 + 9, "{}", tree.len());
    }

    /// A reused tree keeps the rewards of the search that built it, counted as 100
    /// playouts at most; a tree built afresh starts from a draw.
    #[test]
    fn a_reused_tree_keeps_the_rewards_of_its_search() {
        let mut mcts: Mcts<OneWins> = Mcts::new(MctsParams {
            selection: Selection::Shares { exploration: 0.5 },
            ..MctsParams::default()
        });
        let root = one_wins(0);
        mcts.search(&root, &limits(300, 1, 1));
        let rewards = |mcts: &Mcts<OneWins>| {
            let (_, tree) = mcts.previous.as_ref().unwrap();
            (tree.playouts, tree.mean_reward(0), tree.mean_reward(1))
        };
        let (playouts, first, second) = rewards(&mcts);
        assert_eq!(playouts, 300.0);
        assert!(first > 0.99 && second < 0.01, "{first} {second}");
        let next = OneWins {
            played: vec![0],
            winner: 0,
        };
        mcts.search(&next, &limits(20, 1, 1));
        let (playouts, first, second) = rewards(&mcts);
        assert_eq!(playouts, 120.0);
        assert!(first > 0.99 && second < 0.01, "{first} {second}");
        mcts.clear();
        mcts.search(&next, &limits(1, 1, 1));
        assert_eq!(rewards(&mcts), (1.0, 0.75, 0.25));
    }
}
