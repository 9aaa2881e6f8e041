//! Fitting the weights of a move-choice model: each position's moves are scored by a
//! weighted sum of their features, a softmax over the scores predicts which move is
//! chosen, and the weights are fitted to the choices observed (cross-entropy, a little
//! L2, Adam). The tools that fit the engines' priors use it.

/// One position: per move, its features and the share of the choice it got (the shares
/// sum to 1: a single move chosen, or a search's visits spread over several).
pub struct Choice<const N: usize> {
    pub moves: Vec<([f64; N], f64)>,
}

/// One position for a model with many features of which a move has few: per move, its
/// features as (index, value), the others 0, and its share of the choice.
pub struct SparseChoice {
    pub moves: Vec<(Vec<(u32, f64)>, f64)>,
}

impl<const N: usize> From<&Choice<N>> for SparseChoice {
    fn from(choice: &Choice<N>) -> SparseChoice {
        let moves = (choice.moves.iter())
            .map(|(f, share)| {
                let on = (0..N as u32).zip(f.iter().copied());
                (on.filter(|&(_, x)| x != 0.0).collect(), *share)
            })
            .collect();
        SparseChoice { moves }
    }
}

/// How well weights predict positions.
pub struct Fit {
    /// Mean cross-entropy of the choices.
    pub loss: f64,
    /// Share of the positions whose highest-scored move got the largest share.
    pub agree: f64,
    /// Gradient of the loss.
    pub gradient: Vec<f64>,
}

pub fn evaluate<const N: usize>(positions: &[Choice<N>], weights: &[f64; N]) -> Fit {
    let sparse: Vec<SparseChoice> = positions.iter().map(SparseChoice::from).collect();
    evaluate_sparse(&sparse, weights)
}

pub fn evaluate_sparse(positions: &[SparseChoice], weights: &[f64]) -> Fit {
    let (mut loss, mut agree) = (0.0, 0.0);
    let mut gradient = vec![0.0; weights.len()];
    let mut scores = Vec::new();
    for position in positions {
        scores.clear();
        scores.extend(
            position
                .moves
                .iter()
                .map(|(f, _)| f.iter().map(|&(i, x)| weights[i as usize] * x).sum::<f64>()),
        );
        let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let log_z = scores.iter().map(|s| (s - max).exp()).sum::<f64>().ln() + max;
        let argmax = |values: &mut dyn Iterator<Item = f64>| {
            values
                .enumerate()
                .fold((0, f64::NEG_INFINITY), |best, (i, v)| {
                    if v > best.1 { (i, v) } else { best }
                })
                .0
        };
        let chosen = argmax(&mut position.moves.iter().map(|m| m.1));
        if argmax(&mut scores.iter().copied()) == chosen {
            agree += 1.0;
        }
        for ((features, share), score) in position.moves.iter().zip(&scores) {
            loss -= share * (score - log_z);
            let p = (score - log_z).exp();
            for &(i, x) in features {
                gradient[i as usize] += (p - share) * x;
            }
        }
    }
    let n = positions.len().max(1) as f64;
    gradient.iter_mut().for_each(|g| *g /= n);
    Fit {
        loss: loss / n,
        agree: agree / n,
        gradient,
    }
}

/// Weights fitted to `positions` from zero.
pub fn fit<const N: usize>(positions: &[Choice<N>]) -> [f64; N] {
    let sparse: Vec<SparseChoice> = positions.iter().map(SparseChoice::from).collect();
    let w = fit_sparse(&sparse, N, 1e-3);
    std::array::from_fn(|k| w[k])
}

/// `count` weights fitted to `positions` from zero, with the L2 penalty `l2`: the
/// larger it is, the closer to 0 stay the weights of features seen in few positions.
pub fn fit_sparse(positions: &[SparseChoice], count: usize, l2: f64) -> Vec<f64> {
    const RATE: f64 = 0.03;
    let mut w = vec![0.0; count];
    let (mut m, mut v) = (vec![0.0; count], vec![0.0; count]);
    for step in 1..=2000 {
        let gradient = evaluate_sparse(positions, &w).gradient;
        for k in 0..count {
            let g = gradient[k] + l2 * w[k];
            m[k] = 0.9 * m[k] + 0.1 * g;
            v[k] = 0.999 * v[k] + 0.001 * g * g;
            let m_hat = m[k] / (1.0 - 0.9f64.powi(step));
            let v_hat = v[k] / (1.0 - 0.999f64.powi(step));
            w[k] -= RATE * m_hat / (v_hat.sqrt() + 1e-8);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_finds_the_feature_that_decides() {
        // The chosen move is the one with feature 0; feature 1 is noise.
        let positions: Vec<Choice<2>> = (0..40)
            .map(|i| Choice {
                moves: vec![
                    ([1.0, (i % 2) as f64], 1.0),
                    ([0.0, ((i + 1) % 2) as f64], 0.0),
                    ([0.0, 1.0], 0.0),
                ],
            })
            .collect();
        let before = evaluate(&positions, &[0.0, 0.0]);
        let w = fit(&positions);
        let after = evaluate(&positions, &w);
        assert!(w[0] > 2.0 && w[1].abs() < 0.5, "{w:?}");
        assert!(after.loss < before.loss / 4.0);
        assert_eq!(after.agree, 1.0);
    }

    #[test]
    fn a_sparse_fit_weighs_the_feature_that_decides_and_leaves_absent_ones_at_zero() {
        // Features 0..4 are shapes, one per move; the chosen move is the one with
        // shape 3, the others draw theirs from the rest. Feature 9 is never on.
        let positions: Vec<SparseChoice> = (0..60u32)
            .map(|i| SparseChoice {
                moves: vec![
                    (vec![(3, 1.0)], 1.0),
                    (vec![(i % 3, 1.0)], 0.0),
                    (vec![((i + 1) % 3, 1.0), (4, 0.5)], 0.0),
                ],
            })
            .collect();
        let w = fit_sparse(&positions, 10, 1e-3);
        assert!(
            w[3] > w[0] + 2.0 && w[3] > w[1] + 2.0 && w[3] > w[2] + 2.0,
            "{w:?}"
        );
        assert_eq!(w[9], 0.0);
        let fit = evaluate_sparse(&positions, &w);
        assert_eq!(fit.agree, 1.0);
        assert!(fit.loss < 0.1, "{}", fit.loss);
    }
}
