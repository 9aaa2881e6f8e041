//! What a finished playout is worth to each player.
//!
//! With two players: 1 for a win, ½ for a draw, 0 for a loss, plus a quality bonus for
//! the margin (Pepels et al., "Quality-based rewards for Monte-Carlo tree search
//! simulations", ECAI 2014): how far the playout's score difference lies above the
//! mean of this search's playouts, in standard deviations, squashed into ±0.3. The
//! bonus is relative, so it still tells good moves from bad ones when every playout is
//! won or every playout is lost — where a pure win/loss reward leaves the search blind
//! and it throws points away.

use super::board::MAX_COLOURS;
use super::variant::Variant;
use crate::search::mcts::Rewards;

/// Largest quality bonus, either way.
const QUALITY_BONUS: f32 = 0.3;

/// Running mean and variance of the score differences of a search's playouts
/// (Welford's method).
#[derive(Clone, Debug, Default)]
pub struct ScoreStats {
    count: f32,
    mean: f32,
    sum_squares: f32,
}

impl ScoreStats {
    fn add(&mut self, x: f32) {
        self.count += 1.0;
        let delta = x - self.mean;
        self.mean += delta / self.count;
        self.sum_squares += delta * (x - self.mean);
    }

    /// Standard deviations of `x` above the mean; 0 while the spread is unknown.
    fn z(&self, x: f32) -> f32 {
        if self.count < 2.0 || self.sum_squares <= 0.0 {
            return 0.0;
        }
        (x - self.mean) / (self.sum_squares / (self.count - 1.0)).sqrt()
    }
}

/// Reward of each player from the points of each colour: with two players, the result
/// plus the quality bonus of the margin (see the module comment), which `scores` learns
/// from; with more, the share of the other players beaten.
pub fn rewards(variant: Variant, points: [u32; MAX_COLOURS], scores: &mut ScoreStats) -> Rewards {
    let player_points = variant.player_points(points);
    let n = variant.num_players();
    let mut out = [0.0; MAX_COLOURS];
    if n == 2 {
        let diff = player_points[0] - player_points[1];
        let result = match diff.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
        scores.add(diff as f32);
        out[0] = result + QUALITY_BONUS * scores.z(diff as f32).tanh();
        out[1] = 1.0 - out[0];
    } else {
        for (i, reward) in out.iter_mut().enumerate().take(n) {
            *reward = share_beaten(&player_points[..n], i) as f32;
        }
    }
    out
}

/// The share of the other players that player `i` beat on `player_points`, a tie
/// counting half: what a game of more than two players is worth to `i` (1 for first
/// place alone, 0 for last).
pub fn share_beaten(player_points: &[i32], i: usize) -> f64 {
    let others = player_points.len().saturating_sub(1).max(1);
    let beaten: f64 = player_points
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, &p)| match player_points[i].cmp(&p) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    beaten / others as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_follow_results_and_ranks() {
        let fresh = &mut ScoreStats::default();
        assert_eq!(
            rewards(Variant::Duo, [50, 40, 0, 0], fresh)[..2],
            [1.0, 0.0]
        );
        let fresh = &mut ScoreStats::default();
        assert_eq!(
            rewards(Variant::Duo, [40, 40, 0, 0], fresh)[..2],
            [0.5, 0.5]
        );
        let fresh = &mut ScoreStats::default();
        // Two colours a side: 10 + 30 against 30 + 5.
        assert_eq!(
            rewards(Variant::ClassicTwo, [10, 30, 30, 5], fresh)[..2],
            [1.0, 0.0]
        );
        let r = rewards(Variant::Classic, [10, 30, 20, 20], fresh);
        assert_eq!(r, [0.0, 1.0, 0.5, 0.5]);
        let r = rewards(Variant::ClassicThree, [10, 30, 20, 90], fresh);
        assert_eq!(&r[..3], &[0.0, 1.0, 0.5]);
    }

    #[test]
    fn margins_above_the_searchs_mean_earn_a_bonus() {
        let scores = &mut ScoreStats::default();
        for diff in [-20, -10, -15, -5] {
            rewards(Variant::Duo, [50, (50 - diff) as u32, 0, 0], scores);
        }
        // Every playout lost, but losing by 2 is worth more than losing by 30.
        let close = rewards(Variant::Duo, [48, 50, 0, 0], &mut scores.clone());
        let heavy = rewards(Variant::Duo, [20, 50, 0, 0], &mut scores.clone());
        assert!(close[0] > 0.0 && close[0] < QUALITY_BONUS);
        assert!(heavy[0] < 0.0 && heavy[0] > -QUALITY_BONUS);
        assert_eq!(close[0] + close[1], 1.0);
        // A win is still worth more than any loss.
        let win = rewards(Variant::Duo, [30, 29, 0, 0], &mut scores.clone());
        assert!(win[0] > 1.0 - QUALITY_BONUS && win[0] > close[0] + 0.4);
    }
}
