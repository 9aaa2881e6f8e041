//! Clocks as GTP describes them (`time_settings`, `kgs-time_settings`, `time_left`) and
//! the budget of one move under them.

use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeSystem {
    /// No limit.
    None,
    /// Main time only.
    Absolute { main: f64 },
    /// After main time, `stones` moves in every `period` seconds.
    Canadian { main: f64, period: f64, stones: u32 },
    /// After main time, `periods` periods of `period` seconds, one move each.
    Byoyomi {
        main: f64,
        period: f64,
        periods: u32,
    },
}

/// What `time_left` last said for one player: seconds, and stones (Canadian) or periods
/// (byo-yomi) left; 0 while in main time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    pub seconds: f64,
    pub count: u32,
}

#[derive(Clone, Debug)]
pub struct Clock {
    pub system: TimeSystem,
    left: Vec<Option<TimeLeft>>,
}

/// Kept back from every budget for process start, pipes and the controller's own
/// bookkeeping: a fixed part and a share of the time.
const MARGIN_SECONDS: f64 = 0.1;
const MARGIN_SHARE: f64 = 0.05;

impl Default for Clock {
    fn default() -> Self {
        Clock {
            system: TimeSystem::None,
            left: vec![None; 4],
        }
    }
}

impl Clock {
    /// New settings forget what `time_left` said.
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = vec![None; 4];
    }

    pub fn set_left(&mut self, player: usize, left: TimeLeft) {
        if player < self.left.len() {
            self.left[player] = Some(left);
        }
    }

    /// Time for one move of `player`, spreading main time over `moves_to_go` moves.
    /// `None` when there is no limit.
    pub fn budget(&self, player: usize, moves_to_go: u32) -> Option<Duration> {
        let moves_to_go = moves_to_go.max(1) as f64;
        let left = self.left.get(player).copied().flatten();
        let seconds = match (self.system, left) {
            (TimeSystem::None, _) => return None,
            (TimeSystem::Absolute { main }, None) => main / moves_to_go,
            (TimeSystem::Absolute { .. }, Some(l)) => l.seconds / moves_to_go,
            (
                TimeSystem::Canadian {
                    main,
                    period,
                    stones,
                },
                None,
            ) => main / moves_to_go + period / stones.max(1) as f64,
            (TimeSystem::Canadian { period, stones, .. }, Some(l)) => {
                if l.count == 0 {
                    l.seconds / moves_to_go + period / stones.max(1) as f64
                } else {
                    l.seconds / l.count as f64
                }
            }
            (TimeSystem::Byoyomi { main, period, .. }, None) => main / moves_to_go + period,
            (TimeSystem::Byoyomi { period, .. }, Some(l)) => {
                if l.count == 0 {
                    // Main time: the periods come after it, so spend a share of both.
                    l.seconds / moves_to_go + period
                } else {
                    period.min(l.seconds.max(period))
                }
            }
        };
        let net = seconds * (1.0 - MARGIN_SHARE) - MARGIN_SECONDS;
        Some(Duration::from_secs_f64(net.max(0.01)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_limit_without_settings() {
        assert_eq!(Clock::default().budget(0, 30), None);
    }

    #[test]
    fn budgets_stay_inside_what_is_left() {
        let mut c = Clock::default();
        c.set_system(TimeSystem::Canadian {
            main: 60.0,
            period: 30.0,
            stones: 5,
        });
        c.set_left(
            0,
            TimeLeft {
                seconds: 10.0,
                count: 5,
            },
        );
        let b = c.budget(0, 30).unwrap().as_secs_f64();
        assert!(b < 2.0 && b > 1.0, "{b}");
        c.set_system(TimeSystem::Absolute { main: 5.0 });
        c.set_left(
            1,
            TimeLeft {
                seconds: 0.3,
                count: 0,
            },
        );
        assert!(c.budget(1, 30).unwrap().as_secs_f64() <= 0.3);
    }
}
