//! The Go player: Monte-Carlo tree search over the Go knowledge of `policy`, with
//! resignation when the game is clearly lost.

use super::board::Color;
use super::game::{GoGame, Move};
use super::search::{GoState, PASS};
use crate::search::Limits;
use crate::search::mcts::{Mcts, MctsParams};

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
    fn params() -> MctsParams {
        MctsParams {
            exploration: 0.0,
            rave_equiv: 1500.0,
            expand_threshold: 2,
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
        let state = GoState::from_game(game, color);
        let result = self.mcts.search(&state, limits);
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
        let size = game.size();
        let late_enough = game.moves().len() >= size * size / 3;
        let handicap_game = game.handicap() > 0;
        if self.resign_below > 0.0
            && result.value < self.resign_below
            && result.visits >= RESIGN_MIN_VISITS
            && late_enough
            && !handicap_game
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::RuleSet;

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
    fn same_seed_and_budget_give_the_same_move() {
        let g = GoGame::new(9, RuleSet::Chinese, 7.5);
        let a = GoEngine::default().genmove(&g, Color::Black, &limits(500, 3));
        let b = GoEngine::default().genmove(&g, Color::Black, &limits(500, 3));
        assert_eq!(a, b);
    }

    #[test]
    fn captures_a_group_in_atari() {
        // White's F5 leaves the chain C5-F5 with one liberty, at G5.
        let wall = ["B5", "C6", "D6", "E6", "F6", "C4", "D4", "E4", "F4"];
        let g = position(
            7.5,
            &wall,
            &["C5", "D5", "E5", "H5", "H6", "H4"],
            "F5",
            Color::Black,
        );
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
