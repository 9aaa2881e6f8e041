//! Search shared by the engines: the budget a `genmove` may spend and the flag that
//! stops it early.

pub mod mcts;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub mod time;

/// What one move's search may spend. Every field is optional so that a caller can ask
/// for a fixed budget (reproducible with `seed`), a time budget, or both.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Playouts, nodes or positions, as the engine counts its work.
    pub max_nodes: Option<u64>,
    /// Wall-clock time for this move, already net of any safety margin.
    pub max_time: Option<Duration>,
    /// Whether time this move leaves unspent is lost rather than kept for later moves
    /// (a limit per move and no game clock, as Gomocup's `timeout_turn` alone): a
    /// search may then work up to its deadline instead of saving what it could not use
    /// well.
    pub unspent_time_is_lost: bool,
    pub threads: usize,
    pub seed: u64,
    /// Raised by the input reader (GoGui `# interrupt`, Gomocup `YXSTOP`): answer now
    /// with the best move found so far.
    pub stop: Arc<AtomicBool>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            max_time: None,
            unspent_time_is_lost: false,
            threads: 1,
            seed: 0,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl Limits {
    /// The budget of one move: `nodes` when a fixed budget was asked for, `time` when a
    /// clock governs the move (both, when both: whichever runs out first), and otherwise
    /// the game's `default_nodes`, so that a search with neither still ends.
    pub fn per_move(nodes: Option<u64>, time: Option<Duration>, default_nodes: u64) -> Limits {
        let max_nodes = match (nodes, time) {
            (Some(n), _) => Some(n),
            (None, Some(_)) => None,
            (None, None) => Some(default_nodes),
        };
        Limits {
            max_nodes,
            max_time: time,
            ..Limits::default()
        }
    }

    /// Deadline measured from `start`, if there is a time budget; never later than
    /// [`time::MAX_MOVE_TIME`] after `start`, so that no budget, however it was
    /// computed, can overflow the clock or make a search run without end.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.max_time.map(|t| start + t.min(time::MAX_MOVE_TIME))
    }

    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_without_clock_or_fixed_budget_gets_the_default() {
        let second = Some(Duration::from_secs(1));
        let budget = |l: Limits| (l.max_nodes, l.max_time);
        assert_eq!(budget(Limits::per_move(None, None, 7)), (Some(7), None));
        assert_eq!(budget(Limits::per_move(None, second, 7)), (None, second));
        assert_eq!(budget(Limits::per_move(Some(3), None, 7)), (Some(3), None));
        assert_eq!(
            budget(Limits::per_move(Some(3), second, 7)),
            (Some(3), second)
        );
    }

    #[test]
    fn no_time_budget_runs_past_the_ceiling_or_overflows() {
        let start = Instant::now();
        for seconds in [301, 1 << 40, u64::MAX] {
            let limits = Limits {
                max_time: Some(Duration::from_secs(seconds)),
                ..Limits::default()
            };
            assert_eq!(limits.deadline(start), Some(start + time::MAX_MOVE_TIME));
        }
        let short = Limits {
            max_time: Some(Duration::from_millis(20)),
            ..Limits::default()
        };
        assert_eq!(
            short.deadline(start),
            Some(start + Duration::from_millis(20))
        );
        assert_eq!(Limits::default().deadline(start), None);
    }
}
