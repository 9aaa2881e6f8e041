//! Clocks as GTP describes them (`time_settings`, `kgs-time_settings`, `time_left`) and
//! the budget of one move under them.

use std::time::Duration;

/// No move thinks longer than this, whatever the clock says: a controller that sends an
/// absurd but legal clock (`time_settings 1000000 0 0`) still gets its answers, and
/// every larger value saturates here. Five minutes is more than any tournament rate
/// gives one move.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(300);

/// The least a move gets, however little the clock has left.
const MIN_MOVE_SECONDS: f64 = 0.01;

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

    /// Time for one move of `player`, spreading main time over `moves_to_go` moves, never
    /// more than [`MAX_MOVE_TIME`]. `None` when there is no limit. Any value the clock
    /// holds, huge, infinite or not a number, gives a budget rather than a panic.
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
        let net = if net.is_nan() {
            MIN_MOVE_SECONDS
        } else {
            net.clamp(MIN_MOVE_SECONDS, MAX_MOVE_TIME.as_secs_f64())
        };
        Some(Duration::from_secs_f64(net))
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

    /// Every system, with main time, period and `time_left` taking each value.
    fn every_clock(value: f64) -> Vec<Clock> {
        let systems = [
            TimeSystem::Absolute { main: value },
            TimeSystem::Canadian {
                main: value,
                period: value,
                stones: 1,
            },
            TimeSystem::Canadian {
                main: 0.0,
                period: value,
                stones: 25,
            },
            TimeSystem::Byoyomi {
                main: value,
                period: value,
                periods: 1,
            },
            TimeSystem::Byoyomi {
                main: 0.0,
                period: value,
                periods: 5,
            },
        ];
        let mut clocks = Vec::new();
        for system in systems {
            let mut c = Clock::default();
            c.set_system(system);
            clocks.push(c.clone());
            for count in [0, 1, 5] {
                c.set_left(
                    0,
                    TimeLeft {
                        seconds: value,
                        count,
                    },
                );
                clocks.push(c.clone());
            }
        }
        clocks
    }

    #[test]
    fn absurd_clocks_give_a_bounded_budget() {
        for value in [
            1e22,
            1e300,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
            -1.0,
            -f64::INFINITY,
            18446744073709551616.0,
            1e6,
        ] {
            for clock in every_clock(value) {
                let budget = clock.budget(0, 30).expect("a clock is set");
                assert!(
                    budget <= MAX_MOVE_TIME && budget > Duration::ZERO,
                    "{value} under {:?}: {budget:?}",
                    clock.system
                );
            }
        }
    }

    #[test]
    fn a_huge_clock_saturates_at_the_ceiling() {
        let mut c = Clock::default();
        c.set_system(TimeSystem::Absolute { main: 1e6 });
        assert_eq!(c.budget(0, 30), Some(MAX_MOVE_TIME));
    }
}
