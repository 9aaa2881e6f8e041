//! The Go player: Monte-Carlo tree search over the Go knowledge of `policy`, with
//! resignation when the game is clearly lost.

use super::board::{Board, Color, Point};
use super::game::{GoGame, Move};
use super::ladder::liberties_upto;
use super::rules::Scoring;
use super::score;
use super::search::{GoState, PASS, TreeMove};
use std::time::{Duration, Instant};

use crate::search::Limits;
use crate::search::mcts::{Mcts, MctsParams, RootMove, SearchResult, Selection};

/// What `genmove` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

pub struct GoEngine {
    mcts: Mcts<GoState>,
    /// Resign below this winning rate (0 disables resigning).
    pub resign_below: f32,
}

/// Playouts of a move when there is no clock and no `--playouts`: about 2 s on the
/// empty 19×19 board on one core.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// Playouts the best move needs before its winning rate is trusted for resigning.
const RESIGN_MIN_VISITS: u32 = 2_000;

impl Default for GoEngine {
    fn default() -> Self {
        GoEngine {
            mcts: Mcts::new(Self::params()),
            resign_below: 0.08,
        }
    }
}

impl GoEngine {
    /// An engine whose searches spend their whole playout budget, decided or not: for
    /// benchmarks, whose rates divide the budget by the time.
    pub fn spending_whole_budgets() -> GoEngine {
        let mut engine = GoEngine::default();
        engine.mcts.params.decided_lead = None;
        engine
    }

    fn params() -> MctsParams {
        MctsParams {
            selection: Selection::Uct { exploration: 0.0 },
            rave_equiv: 1500.0,
            expand_threshold: 2,
            // A search stops once its most visited move can no longer be overtaken:
            // the same move, for the playouts it would not have needed.
            decided_lead: Some(1.0),
            ..MctsParams::default()
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.mcts.clear();
    }

    /// How many more moves of its own `color` should expect, for spreading its time.
    pub fn moves_to_go(game: &GoGame) -> u32 {
        (game.board().empty_points().len() as u32 / 3).max(15)
    }

    /// The move for `color` (not played).
    pub fn genmove(&mut self, game: &GoGame, color: Color, limits: &Limits) -> Decision {
        self.decide(game, GoState::from_game(game, color), color, limits, None)
    }

    /// Like `genmove`, but shows the root moves to `report` every `interval` of the
    /// search, and once more at its end (`lz-genmove_analyze`, `kata-genmove_analyze`).
    pub fn genmove_reporting(
        &mut self,
        game: &GoGame,
        color: Color,
        limits: &Limits,
        interval: Duration,
        report: &mut dyn FnMut(&[RootMove<TreeMove>]),
    ) -> Decision {
        let state = GoState::from_game(game, color);
        self.decide(game, state, color, limits, Some((interval, report)))
    }

    /// Like `genmove`, but never passes while the opponent has dead stones on the board
    /// (`kgs-genmove_cleanup`, for area-rule servers settling a dispute), and never resigns.
    pub fn genmove_cleanup(&mut self, game: &GoGame, color: Color, limits: &Limits) -> Decision {
        let dead = game.dead_stones();
        let opponent_dead = dead
            .iter()
            .any(|&p| game.board().cell(p).color() == Some(color.opponent()));
        let mut state = GoState::from_game(game, color);
        if opponent_dead {
            state = state.without_root_pass();
        }
        let resign = std::mem::replace(&mut self.resign_below, 0.0);
        let decision = self.decide(game, state, color, limits, None);
        self.resign_below = resign;
        decision
    }

    /// Searches `color`'s position and returns the root moves, most visited first; the
    /// tree is kept, so calling it again goes on from where it stopped. Only moves of
    /// `game`'s board come out, whatever tree the search went on from.
    pub fn analyze(
        &mut self,
        game: &GoGame,
        color: Color,
        limits: &Limits,
    ) -> Vec<RootMove<TreeMove>> {
        self.mcts.search(&GoState::from_game(game, color), limits);
        self.root_moves(game)
    }

    /// The root moves of the last search that are moves of `game`'s board.
    fn root_moves(&self, game: &GoGame) -> Vec<RootMove<TreeMove>> {
        let board = game.board();
        let mut moves = self.mcts.root_moves();
        moves.retain(|m| m.pv.iter().all(|&p| p == PASS || board.is_on_board(p)));
        moves
    }

    fn decide(
        &mut self,
        game: &GoGame,
        state: GoState,
        color: Color,
        limits: &Limits,
        report: Option<Report>,
    ) -> Decision {
        if state.may_pass_at_root() && game.consecutive_passes() >= 1 && passing_wins(game, color) {
            log::info!("genmove {color:?}: the opponent passed and passing wins");
            return Decision::Play(Move::Pass);
        }
        let result = match report {
            None => self.mcts.search(&state, limits),
            Some((interval, report)) => {
                self.search_reporting(game, &state, limits, interval, report)
            }
        };
        log::info!(
            "genmove {color:?}: {} playouts in {:.2?}, best visits {} value {:.3}",
            result.playouts,
            result.elapsed,
            result.visits,
            result.value
        );
        let mv = match result.best {
            Some(PASS) | None => Move::Pass,
            Some(p) => Move::Play(p),
        };
        if self.resign_below > 0.0
            && result.value < self.resign_below
            && result.visits >= RESIGN_MIN_VISITS
            && may_resign(game, color)
        {
            return Decision::Resign;
        }
        if game.is_legal(color, mv) {
            Decision::Play(mv)
        } else {
            Decision::Play(Move::Pass)
        }
    }
}

/// How often, and to whom, a search shows its root moves.
type Report<'a> = (Duration, &'a mut dyn FnMut(&[RootMove<TreeMove>]));

impl GoEngine {
    /// One search within `limits`, run as slices of at most `interval` on the same tree,
    /// the root moves reported after each. The result is the whole search's.
    fn search_reporting(
        &mut self,
        game: &GoGame,
        state: &GoState,
        limits: &Limits,
        interval: Duration,
        report: &mut dyn FnMut(&[RootMove<TreeMove>]),
    ) -> SearchResult<TreeMove> {
        let start = Instant::now();
        let deadline = limits.deadline(start);
        // Neither playouts nor time: the search's own default, as `genmove` has it.
        let max_playouts = match (limits.max_nodes, deadline) {
            (None, None) => Some(DEFAULT_PLAYOUTS),
            (nodes, _) => nodes,
        };
        let mut done = 0u64;
        let mut slice = 0u64;
        let mut slice_length = interval.max(Duration::from_millis(1));
        loop {
            let now = Instant::now();
            let time_left = deadline.map_or(slice_length, |d| d.saturating_duration_since(now));
            let slice_time = time_left.min(slice_length);
            let part = Limits {
                max_nodes: max_playouts.map(|n| n.saturating_sub(done)),
                max_time: Some(slice_time),
                // Each slice's playouts draw other random numbers.
                seed: limits.seed.wrapping_add(slice),
                ..limits.clone()
            };
            let mut result = self.mcts.search(state, &part);
            done += result.playouts;
            // A slice that added nothing would only repeat the last line.
            if result.playouts > 0 || slice == 0 {
                report(&self.root_moves(game));
            }
            let spent = max_playouts.is_some_and(|n| done >= n);
            let late = deadline.is_some_and(|d| Instant::now() >= d);
            // A slice that added nothing before its time ran out cannot add more (a
            // finished game, a full tree, a search decided in the slice before, which
            // the next one finds at its first look); one that ran out of time may only
            // have lost the processor, as on a busy machine, and the search goes on.
            let stuck = result.playouts == 0 && result.elapsed < slice_time;
            if spent || late || stuck || limits.stop_requested() {
                result.playouts = done;
                result.elapsed = start.elapsed();
                return result;
            }
            if result.playouts == 0 {
                // The slice ended before its first playout (a busy machine, a large
                // tree to take over): the next one gets twice the time, so the search
                // always gets on.
                slice_length = slice_length.saturating_mul(2);
            }
            slice += 1;
        }
    }
}

/// Whether the game allows `color` to resign, however bad the search thinks it is: not
/// before a third of the board's points have been played, never in a handicap game (the
/// stones make the early winning rates of both sides misleading, and a handicap game is
/// a teaching game), and never while the count of the position as it stands (dead stones
/// estimated, as `final_score` counts) says `color` is winning.
fn may_resign(game: &GoGame, color: Color) -> bool {
    let size = game.size();
    let late_enough = game.moves().len() >= size * size / 3;
    let margin = game.score().margin();
    let winning_by_count = match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    };
    late_enough && game.handicap() == 0 && !winning_by_count
}

/// Whether ending the game now wins for `color`: by the rules' own count (territory, dead
/// stones removed) under Japanese rules; under Tromp-Taylor by the count of the board as
/// it stands; under the other area rules by both that count and the count with the
/// stones removed that would die if the opponent moved next (a referee judges the dead
/// stones, and a chain that loses a capturing race with the opponent to move is dead to
/// it, however the board stands), and only while no race is open (`has_open_race`).
fn passing_wins(game: &GoGame, color: Color) -> bool {
    let rules = game.rules();
    let wins = |margin: f64| match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    };
    let count = |dead: &[Point]| {
        wins(score::count(game.board(), dead, rules, game.komi(), game.handicap()).margin())
    };
    match rules.scoring() {
        Scoring::Territory => wins(game.score().margin()),
        Scoring::Area if !rules.removes_dead_stones() => count(&[]),
        Scoring::Area => {
            let opponent_next = score::status(game.board(), color.opponent(), rules);
            let dead = &opponent_next.dead;
            count(&[]) && count(dead) && !has_open_race(game.board(), dead)
        }
    }
}

/// Whether a capturing race may be open: a chain of either colour that the playouts let
/// live (not among the `dead`), with two liberties or fewer, every one of them next to
/// an opposing stone. The playouts may judge such a race one way and a referee the other
/// (when its shared liberties are self-ataris that no playout fills), so the search,
/// which plays out the games it ends, is asked instead. A short chain with a liberty of
/// its own (an end of a wall, a connection left to make) is no race, nor is a chain the
/// playouts capture.
fn has_open_race(board: &Board, dead: &[Point]) -> bool {
    // One look per chain: at its representative stone.
    board.points().any(|p| {
        let Some(color) = board.cell(p).color() else {
            return false;
        };
        if board.chain_id(p) != p {
            return false;
        }
        let (liberties, n) = liberties_upto::<3>(board, p);
        let shared = |l: &Point| {
            (board.neighbours(*l).iter()).any(|&q| board.cell(q).color() == Some(color.opponent()))
        };
        n <= 2 && liberties[..n].iter().all(shared) && !dead.contains(&p)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::board_from;
    use crate::games::go::{Point, RuleSet};

    fn limits(playouts: u64, seed: u64) -> Limits {
        Limits {
            max_nodes: Some(playouts),
            seed,
            ..Limits::default()
        }
    }

    /// Setup stones, then `last` played as a move by the opponent of `to_move`.
    fn position(komi: f64, black: &[&str], white: &[&str], last: &str, to_move: Color) -> GoGame {
        let mut g = GoGame::new(9, RuleSet::Chinese, komi);
        for (color, stones) in [(Color::Black, black), (Color::White, white)] {
            for v in stones {
                let p = g.parse_point(v).unwrap();
                assert!(g.add_setup_stone(color, p));
            }
        }
        let mv = g.parse_move(last).unwrap();
        g.play(to_move.opponent(), mv).unwrap();
        g
    }

    #[test]
    fn a_chain_whose_liberties_all_touch_the_opponent_is_an_open_race() {
        // White H8 J8 has two liberties, J9 and J7, both next to Black's group. Black F3,
        // in atari inside White's area, is dead.
        let rows = [
            "...XOOXX.",
            "..X.XOXOO",
            "....XOXX.",
            "...XOOOXX",
            "..XXXO.O.",
            "...XOO.O.",
            "...XOX.O.",
            "..XOOO...",
            "..XXO....",
        ];
        let b = board_from(&rows);
        let f3 = b.point(5, 2);
        assert!(has_open_race(&b, &[f3]));
        // Not if the playouts capture it.
        let h8 = b.point(7, 7);
        let mut dead: Vec<Point> = b.chain_stones(h8).collect();
        dead.push(f3);
        assert!(!has_open_race(&b, &dead));
    }

    #[test]
    fn a_search_stops_once_its_move_cannot_change_and_plays_that_move() {
        let mut g = GoGame::new(9, RuleSet::Chinese, 7.5);
        g.play(Color::Black, g.parse_move("E5").unwrap()).unwrap();
        let state = GoState::from_game(&g, Color::White);
        let mut saved = 0;
        for seed in 0..4 {
            let mut decided = Mcts::new(GoEngine::params());
            let mut full = Mcts::new(MctsParams {
                decided_lead: None,
                ..GoEngine::params()
            });
            let (a, b) = (
                decided.search(&state, &limits(4_000, seed)),
                full.search(&state, &limits(4_000, seed)),
            );
            assert_eq!(a.best, b.best, "seed {seed}");
            assert_eq!(b.playouts, 4_000);
            saved += b.playouts - a.playouts;
        }
        assert!(saved > 0, "no search stopped early");
    }

    #[test]
    fn a_reported_search_ends_with_the_slice_that_decided_it() {
        let mut g = GoGame::new(9, RuleSet::Chinese, 7.5);
        g.play(Color::Black, g.parse_move("E5").unwrap()).unwrap();
        let mut stopped_short = false;
        for seed in 0..4 {
            // One slice has time for the whole budget: one report, however early the
            // search stopped, and no slices after it.
            let mut reports = Vec::new();
            GoEngine::default().genmove_reporting(
                &g,
                Color::White,
                &limits(4_000, seed),
                Duration::from_secs(3600),
                &mut |moves| reports.push(moves.iter().map(|m| m.visits).sum::<u32>()),
            );
            assert_eq!(reports.len(), 1, "seed {seed}: {reports:?}");
            stopped_short |= reports[0] < 4_000;
        }
        assert!(stopped_short, "no search stopped early");
    }

    #[test]
    fn same_seed_and_budget_give_the_same_move() {
        let g = GoGame::new(9, RuleSet::Chinese, 7.5);
        let a = GoEngine::default().genmove(&g, Color::Black, &limits(500, 3));
        let b = GoEngine::default().genmove(&g, Color::Black, &limits(500, 3));
        assert_eq!(a, b);
    }

    /// `analyze` with the search stopped before its first playout: what it shows comes
    /// from the tree it went on from.
    fn kept_analysis(engine: &mut GoEngine, game: &GoGame, color: Color) -> Vec<TreeMove> {
        let stopped = limits(1_000, 1);
        stopped
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let moves = engine.analyze(game, color, &stopped);
        moves.iter().map(|m| m.mv).collect()
    }

    #[test]
    fn the_tree_goes_on_after_the_move_it_searched() {
        let mut engine = GoEngine::default();
        let mut g = GoGame::new(9, RuleSet::Chinese, 7.5);
        let Decision::Play(mv) = engine.genmove(&g, Color::Black, &limits(500, 1)) else {
            panic!("no move on an empty board");
        };
        g.play(Color::Black, mv).unwrap();
        assert!(!kept_analysis(&mut engine, &g, Color::White).is_empty());
    }

    #[test]
    fn a_tree_never_outlives_its_board() {
        for (from, to) in [(19, 9), (9, 19), (9, 13)] {
            let mut engine = GoEngine::default();
            let before = GoGame::new(from, RuleSet::Chinese, 7.5);
            engine.genmove(&before, Color::Black, &limits(300, 1));
            let after = GoGame::new(to, RuleSet::Chinese, 7.5);
            let kept = kept_analysis(&mut engine, &after, Color::Black);
            assert_eq!(kept, [], "a {from}x{from} tree on {to}x{to}");
        }
    }

    #[test]
    fn a_tree_is_dropped_when_komi_or_side_to_move_change() {
        let mut engine = GoEngine::default();
        let g = GoGame::new(9, RuleSet::Chinese, 7.5);
        engine.genmove(&g, Color::Black, &limits(300, 1));
        assert_eq!(kept_analysis(&mut engine, &g, Color::White), []);
        engine.genmove(&g, Color::Black, &limits(300, 1));
        let other_komi = GoGame::new(9, RuleSet::Chinese, 0.5);
        assert_eq!(kept_analysis(&mut engine, &other_komi, Color::Black), []);
    }

    #[test]
    fn analysis_keeps_the_final_scores_of_the_playouts() {
        // Komi that gives White more than the board: every playout ends White's.
        let g = GoGame::new(9, RuleSet::Chinese, 100.5);
        let moves = GoEngine::default().analyze(&g, Color::Black, &limits(500, 1));
        assert!(!moves.is_empty());
        for m in &moves {
            let score = m.score.expect("Go playouts have a score");
            assert!(score.mean <= 81.0 - 100.5, "{m:?}");
            assert!(score.stdev >= 0.0 && score.stdev <= 81.0, "{m:?}");
        }
        // A fair komi: the playouts end both ways, so the scores spread.
        let fair = GoGame::new(9, RuleSet::Chinese, 7.5);
        let moves = GoEngine::default().analyze(&fair, Color::Black, &limits(500, 1));
        assert!(moves[0].score.unwrap().stdev > 1.0, "{:?}", moves[0]);
    }

    /// Black's stones on the left columns, White passing, until `moves` moves are played.
    fn black_builds_the_left_side(game: &mut GoGame, moves: usize) {
        let board = game.board();
        let left: Vec<Point> = board
            .empty_points()
            .iter()
            .copied()
            .filter(|&p| board.coords(p).0 < 4)
            .collect();
        let mut left = left.into_iter();
        while game.moves().len() < moves {
            let color = game.to_move();
            let mv = match color {
                Color::Black => Move::Play(left.next().expect("room on the left")),
                Color::White => Move::Pass,
            };
            game.play(color, mv).unwrap();
        }
    }

    #[test]
    fn never_resigns_a_game_it_wins_by_the_count() {
        let mut g = GoGame::new(9, RuleSet::Chinese, 0.5);
        black_builds_the_left_side(&mut g, 30);
        assert!(g.score().margin() > 0.0, "{}", g.score().result());
        assert!(!may_resign(&g, Color::Black), "Black leads the count");
        assert!(may_resign(&g, Color::White), "White trails it, late enough");
    }

    #[test]
    fn never_resigns_early_nor_in_a_handicap_game() {
        let mut early = GoGame::new(9, RuleSet::Chinese, 0.5);
        black_builds_the_left_side(&mut early, 26);
        assert!(
            !may_resign(&early, Color::White),
            "before a third of the points"
        );
        let mut handicap = GoGame::new(9, RuleSet::Chinese, 0.5);
        handicap.place_fixed_handicap(2).unwrap();
        black_builds_the_left_side(&mut handicap, 60);
        assert!(handicap.score().margin() > 0.0, "White trails the count");
        assert!(!may_resign(&handicap, Color::White), "a handicap game");
    }

    #[test]
    fn captures_a_group_in_atari() {
        // White's F5 leaves the chain C5-F5 with one liberty, at G5. Escaping there it
        // would join White's wall on the H line and cut Black's side in two: with this
        // komi Black wins by the capture and loses without it.
        let wall = [
            "B5", "C6", "D6", "E6", "F6", "C4", "D4", "E4", "F4", "G1", "G2", "G3", "G4", "G6",
            "G7", "G8", "G9",
        ];
        let white = [
            "C5", "D5", "E5", "H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9",
        ];
        let g = position(40.5, &wall, &white, "F5", Color::Black);
        let d = GoEngine::default().genmove(&g, Color::Black, &limits(1000, 1));
        assert_eq!(d, Decision::Play(Move::Play(g.parse_point("G5").unwrap())));
    }

    #[test]
    fn saves_its_own_group_in_atari() {
        // White's F4 leaves Black's chain C5-F5 one liberty; G5 joins it to friends.
        let wall = ["B5", "C6", "D6", "E6", "F6", "C4", "D4", "E4"];
        let g = position(
            7.5,
            &["C5", "D5", "E5", "F5", "H5", "H6", "H4"],
            &wall,
            "F4",
            Color::Black,
        );
        let d = GoEngine::default().genmove(&g, Color::Black, &limits(1000, 1));
        assert_eq!(d, Decision::Play(Move::Play(g.parse_point("G5").unwrap())));
    }
}
