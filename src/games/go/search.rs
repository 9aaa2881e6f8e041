//! Go as the generic tree search sees it: a position that plays fast (simple ko, no
//! suicide below the root), moves with priors from the Go knowledge, and heavy playouts
//! scored by area with komi.

use std::sync::Arc;

use super::board::{Board, Color, MAX_POINTS, NO_POINT, Point};
use super::features::{self, Judge};
use super::game::{GoGame, Move};
use super::playout::{area_difference, max_playout_moves};
use super::policy::{self, Scratch};
use super::rules::Scoring;
use crate::rng::Rng;
use crate::search::mcts::{Prior, Rewards, SearchGame};

/// A move in the tree: a point, or `PASS`.
pub type TreeMove = Point;
pub const PASS: TreeMove = NO_POINT;

pub struct GoState {
    board: Board,
    to_move: Color,
    passes: u32,
    /// The point of the last move; `NO_POINT` after a pass or before any move.
    last: Point,
    /// White's komi plus any handicap compensation, for area counting.
    komi: f32,
    /// Every move since the start of the game, so that a later search can find this
    /// position in the tree of an earlier one.
    moves: Vec<(Color, TreeMove)>,
    start_hash: u64,
    /// Points the full rules forbid at the root (superko), where the tree starts.
    root_forbidden: Arc<Vec<Point>>,
    root_ply: usize,
    /// Clean-up mode: passing at the root is not an option while other moves exist.
    root_no_pass: bool,
    /// Whether the rules take dead stones off before counting (all but Tromp-Taylor):
    /// then a game the tree ends with two passes is played out before it is counted,
    /// since a stone that cannot live counts for the other side, as a referee judges it.
    plays_out_ended_games: bool,
}

impl Clone for GoState {
    fn clone(&self) -> GoState {
        GoState {
            board: self.board.clone(),
            moves: self.moves.clone(),
            root_forbidden: Arc::clone(&self.root_forbidden),
            ..*self
        }
    }

    /// Every iteration of the search starts from a copy of the root: the board copies
    /// only the points of its size and the move list keeps its allocation (the derived
    /// `clone_from` built a whole 25×25 board and moved it into place, two copies of
    /// about 17 kB, an eighth of a 9×9 iteration).
    fn clone_from(&mut self, source: &GoState) {
        // Naming every field makes a new one a compile error here until it is copied.
        let GoState {
            board,
            to_move,
            passes,
            last,
            komi,
            moves,
            start_hash,
            root_forbidden,
            root_ply,
            root_no_pass,
            plays_out_ended_games,
        } = source;
        self.board.clone_from(board);
        self.to_move = *to_move;
        self.passes = *passes;
        self.last = *last;
        self.komi = *komi;
        self.moves.clone_from(moves);
        self.start_hash = *start_hash;
        self.root_forbidden.clone_from(root_forbidden);
        self.root_ply = *root_ply;
        self.root_no_pass = *root_no_pass;
        self.plays_out_ended_games = *plays_out_ended_games;
    }
}

impl GoState {
    /// The position of `game` with `color` to move.
    pub fn from_game(game: &GoGame, color: Color) -> GoState {
        let board = game.board().clone();
        let forbidden: Vec<Point> = board
            .empty_points()
            .iter()
            .copied()
            .filter(|&p| board.is_legal_simple(p, color) && !game.is_legal(color, Move::Play(p)))
            .collect();
        let last = match game.moves().last() {
            Some(&(_, Move::Play(p))) => p,
            _ => NO_POINT,
        };
        let rules = game.rules();
        let bonus = match rules.scoring() {
            Scoring::Area => rules.handicap_bonus().points(game.handicap()),
            Scoring::Territory => 0.0,
        };
        let moves: Vec<(Color, TreeMove)> = game
            .moves()
            .iter()
            .map(|&(c, m)| (c, if let Move::Play(p) = m { p } else { PASS }))
            .collect();
        GoState {
            board,
            to_move: color,
            passes: game.consecutive_passes(),
            last,
            komi: (game.komi() + bonus) as f32,
            root_ply: moves.len(),
            moves,
            start_hash: game.start_hash(),
            root_forbidden: Arc::new(forbidden),
            root_no_pass: false,
            plays_out_ended_games: rules.removes_dead_stones(),
        }
    }

    /// Forbids passing at the root while any other move is legal, and takes the game as
    /// going on whatever passes came before (`kgs-genmove_cleanup`: the players
    /// disagreed about the dead stones, and play resumes to capture them).
    pub fn without_root_pass(mut self) -> GoState {
        self.root_no_pass = true;
        self.passes = 0;
        self
    }

    pub fn may_pass_at_root(&self) -> bool {
        !self.root_no_pass
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The stone the player to move played last, if its last move was one.
    fn own_last(&self) -> Point {
        match self.moves.len() {
            n if n >= 2 && self.moves[n - 2].0 == self.to_move => self.moves[n - 2].1,
            _ => NO_POINT,
        }
    }
}

pub struct Playout {
    board: Board,
    scratch: Scratch,
    /// Black's area minus White's, komi included, at the end of the last playout.
    margin: f32,
}

/// The colour that wins a playout ending with Black ahead by `black_margin`; `None` for
/// a draw.
fn winner(black_margin: f32) -> Option<Color> {
    if black_margin > 0.0 {
        Some(Color::Black)
    } else if black_margin < 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

fn rewards_for(winner: Option<Color>) -> Rewards {
    match winner {
        Some(Color::Black) => [1.0, 0.0, 0.0, 0.0],
        Some(Color::White) => [0.0, 1.0, 0.0, 0.0],
        None => [0.5, 0.5, 0.0, 0.0],
    }
}

/// Wins the learnt judgement adds to a move: this many times the square root of the
/// move's share of the softmax over the position's moves, the form of Pachi's pattern
/// prior (`pattern_eqex`, 210 on 9×9). Ten wins for the best move, and fewer in
/// proportion to the share itself, said too little of what the judgement knows
/// (README, "Strength against Pachi").
const LEARNT_WINS: f32 = 105.0;

/// The smallest board the learnt judgement is used on.
const LEARNT_MIN_SIZE: usize = 9;

impl SearchGame for GoState {
    type Move = TreeMove;
    type Playout = Playout;

    fn player_to_move(&self) -> Option<usize> {
        (self.passes < 2).then_some(self.to_move.index())
    }

    fn tree_moves(&self, ws: &mut Self::Playout, out: &mut Vec<(TreeMove, Prior)>) {
        let board = &self.board;
        let color = self.to_move;
        let ladders = &mut ws.scratch.ladders;
        let judge = Judge::new(board, color, self.last, self.own_last(), ladders);
        let at_root = self.moves.len() == self.root_ply;
        let first = out.len();
        let mut scores = Vec::new();
        for &p in board.empty_points() {
            if !board.is_legal_simple(p, color) || board.is_true_eye(p, color) {
                continue;
            }
            if at_root && self.root_forbidden.contains(&p) {
                continue;
            }
            let f = judge.features(p, ladders);
            let (value, weight) = features::hand_prior(&f, board.size());
            out.push((
                p,
                Prior {
                    value,
                    weight,
                    share: 0.0,
                },
            ));
            scores.push(judge.score(p, &f));
        }
        // The learnt judgement adds wins: most to the moves it likes best. It learnt
        // from 9×9 games; on smaller boards, where every point is near the edge and
        // near the last move, it misleads.
        if board.size() >= LEARNT_MIN_SIZE {
            let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            // Each score becomes its odds against the best; their sum normalises them
            // into the softmax's shares.
            for score in &mut scores {
                *score = (*score - best).exp();
            }
            let total: f32 = scores.iter().sum();
            for ((_, prior), odds) in out[first..].iter_mut().zip(&scores) {
                let wins = LEARNT_WINS * (odds / total).sqrt();
                let weight = prior.weight + wins;
                prior.value = (prior.value * prior.weight + wins) / weight;
                prior.weight = weight;
            }
        }
        if at_root && self.root_no_pass && !out.is_empty() {
            return;
        }
        // Passing is always possible but rarely right before the end.
        let pass_value = if out.is_empty() { 0.5 } else { 0.1 };
        out.push((
            PASS,
            Prior {
                value: pass_value,
                weight: 10.0,
                share: 0.0,
            },
        ));
    }

    fn play(&mut self, mv: TreeMove) {
        if mv == PASS {
            self.board.clear_ko();
            self.passes += 1;
        } else {
            self.board.play(mv, self.to_move);
            self.passes = 0;
        }
        self.last = mv;
        self.moves.push((self.to_move, mv));
        self.to_move = self.to_move.opponent();
    }

    fn move_key(&self, mv: TreeMove) -> u32 {
        mv as u32
    }

    fn key_bound(&self) -> usize {
        MAX_POINTS
    }

    fn new_playout(&self) -> Playout {
        Playout {
            board: self.board.clone(),
            scratch: Scratch::default(),
            margin: 0.0,
        }
    }

    fn playout(&self, ws: &mut Playout, rng: &mut Rng, played: &mut Vec<(u8, u32)>) -> Rewards {
        ws.board.clone_from(&self.board);
        let board = &mut ws.board;
        let start = played.len();
        if self.passes < 2 || self.plays_out_ended_games {
            let max_moves = max_playout_moves(board.size());
            policy::playout(
                board,
                self.to_move,
                self.last,
                rng,
                &mut ws.scratch,
                max_moves,
                |c, p| played.push((c.index() as u8, p as u32)),
            );
        }
        ws.margin = area_difference(board) as f32 - self.komi;
        let winner = winner(ws.margin);
        ws.scratch
            .replies
            .learn(self.last, &played[start..], winner);
        rewards_for(winner)
    }

    fn playout_score(&self, ws: &Playout) -> Option<f32> {
        Some(ws.margin)
    }

    fn moves_since(&self, earlier: &Self) -> Option<Vec<TreeMove>> {
        let n = earlier.moves.len();
        // Every empty board hashes alike, whatever its size.
        if self.board.size() != earlier.board.size()
            || self.start_hash != earlier.start_hash
            || self.moves.len() < n
            || self.moves[..n] != earlier.moves[..]
        {
            return None;
        }
        // The tree alternates colours: reuse it only if the game did too.
        let mut color = earlier.to_move;
        for &(c, _) in &self.moves[n..] {
            if c != color {
                return None;
            }
            color = color.opponent();
        }
        (color == self.to_move).then(|| self.moves[n..].iter().map(|&(_, m)| m).collect())
    }

    fn position_key(&self) -> u64 {
        let facts = [
            self.board.size() as u64,
            self.to_move.index() as u64,
            u64::from(self.board.ko_point()),
            u64::from(self.passes),
            u64::from(self.komi.to_bits()),
            // A tree without a pass at its root serves `kgs-genmove_cleanup` only.
            u64::from(self.root_no_pass),
        ];
        facts.iter().fold(self.board.hash(), |key, &fact| {
            (key ^ fact)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::rules::RuleSet;

    /// A state copied over another (another size, another history, as a search's
    /// scratch state is) is the source's position: same key, same history, and the
    /// same playouts from the same seed.
    #[test]
    fn clone_from_gives_the_source_position() {
        let mut game = GoGame::new(9, RuleSet::Chinese, 7.0);
        for (x, y) in [(4, 4), (2, 6), (6, 2), (3, 3)] {
            let color = game.to_move();
            let p = game.board().point(x, y);
            game.play(color, Move::Play(p)).unwrap();
        }
        let source = GoState::from_game(&game, game.to_move());
        for size in [9, 13] {
            let other = GoGame::new(size, RuleSet::Chinese, 0.5);
            let mut copy = GoState::from_game(&other, Color::White);
            copy.play(other.board().point(1, 1));
            copy.clone_from(&source);
            assert_eq!(copy.position_key(), source.position_key());
            assert_eq!(copy.moves_since(&source), Some(vec![]));
            assert_eq!(source.moves_since(&copy), Some(vec![]));
            let mut runs = [(&source, Vec::new()), (&copy, Vec::new())];
            for (state, played) in &mut runs {
                let mut workspace = state.new_playout();
                state.playout(&mut workspace, &mut Rng::new(4), played);
            }
            assert_eq!(runs[0].1, runs[1].1);
            assert!(runs[0].1.len() > 20);
        }
    }
}
