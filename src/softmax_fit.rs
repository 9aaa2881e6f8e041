//! Fitting the weights of a move-choice model: each position's moves are scored by a
//! weighted sum of their features, a softmax over the scores predicts which move is
//! chosen, and the weights are fitted to the choices observed (cross-entropy, a little
//! L2, Adam). The tools that fit the engines' priors use it.

/// One position: per move, its features and the share of the choice it got (the shares
/// sum to 1: a single move chosen, or a search's visits spread over several).
pub struct Choice<const N: usize> {
    pub moves: Vec<([f64; N], f64)>,
}

/// How well `weights` predict `positions`.
pub struct Fit<const N: usize> {
    /// Mean cross-entropy of the choices.
    pub loss: f64,
    /// Share of the positions whose highest-scored move got the largest share.
    pub agree: f64,
    /// Gradient of the loss.
    pub gradient: [f64; N],
}

pub fn evaluate<const N: usize>(positions: &[Choice<N>], weights: &[f64; N]) -> Fit<N> {
    let (mut loss, mut agree) = (0.0, 0.0);
    let mut gradient = [0.0; N];
    for position in positions {
        let scores: Vec<f64> = (position.moves.iter())
            .map(|(f, _)| f.iter().zip(weights).map(|(a, b)| a * b).sum())
            .collect();
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
            for (g, x) in gradient.iter_mut().zip(features) {
                *g += (p - share) * x;
            }
        }
    }
    let n = positions.len().max(1) as f64;
    Fit {
        loss: loss / n,
        agree: agree / n,
        gradient: gradient.map(|g| g / n),
    }
}

/// Weights fitted to `positions` from zero.
pub fn fit<const N: usize>(positions: &[Choice<N>]) -> [f64; N] {
    const RATE: f64 = 0.03;
    const L2: f64 = 1e-3;
    let mut w = [0.0; N];
    let (mut m, mut v) = ([0.0; N], [0.0; N]);
    for step in 1..=2000 {
        let gradient = evaluate(positions, &w).gradient;
        for k in 0..N {
            let g = gradient[k] + L2 * w[k];
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
}
