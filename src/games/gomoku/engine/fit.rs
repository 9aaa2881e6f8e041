//! Fitting the evaluation's weights to game outcomes: a logistic model of whether the
//! side to move goes on to win, over the quiet positions of finished games, whose
//! terms are exactly those the evaluation weighs.

use super::position::{EvalTerms, EvalWeights, MOVER, Position, Threat, WAITER};
use crate::games::gomoku::{Color, Gomoku};

/// Evaluation units to a logit of the mover's chance of winning.
pub const UNITS_PER_LOGIT: f64 = 400.0;

/// The line patterns fitted (indexed by `Pat`: F1, B2, F2, B3, F3, B4). Fours and
/// fives only occur in positions that are not quiet.
const PATTERNS: [usize; 6] = [1, 2, 3, 4, 5, 6];
/// The threats fitted per role: three, double three, four, four-three.
const THREATS: [Threat; 4] = [
    Threat::Three,
    Threat::DoubleThree,
    Threat::Four,
    Threat::FourThree,
];
/// The mover's open four wins outright: four logits, or the four-three's weight if
/// that is more, as the quiet positions cannot say.
const MOVER_OPEN_FOUR: i32 = 4 * UNITS_PER_LOGIT as i32;
const FEATURES: usize = PATTERNS.len() + 2 * THREATS.len() + 1;

/// A quiet position and whether its side to move won.
#[derive(Clone, Debug)]
pub struct Sample {
    pub terms: EvalTerms,
    pub mover_won: bool,
}

/// The quiet positions of a finished game won by `winner`, from move `skip` on (the
/// opening's stones are not the players' choice). Quiet: neither side can make a five
/// or an open four, so that nothing forced is pending.
pub fn samples(game: &Gomoku, winner: Color, skip: usize) -> Vec<Sample> {
    let mut replay =
        Gomoku::new(game.rules(), game.width(), game.height()).expect("the record's own size");
    let mut out = Vec::new();
    for (ply, (point, color)) in game.history().enumerate() {
        if ply >= skip && replay.outcome().is_none() && replay.to_move() == color {
            let terms = Position::new(&replay).eval_terms();
            let pending = [Threat::OpenFour, Threat::Five]
                .iter()
                .any(|&t| terms.threat[MOVER][t as usize] + terms.threat[WAITER][t as usize] > 0);
            if !pending {
                out.push(Sample {
                    terms,
                    mover_won: color == winner,
                });
            }
        }
        if replay.place(point, color).is_err() {
            break;
        }
    }
    out
}

/// What a feature weighs: a line pattern, as the mover's count less the waiter's (one
/// weight for and against), a threat of one role, or the constant (the value of having
/// the move, which the evaluation leaves out).
enum Slot {
    Pattern(usize),
    Threat(usize, Threat),
    Constant,
}

/// The features' layout: the line patterns, then the mover's threats, then the
/// waiter's, then the constant.
fn slot(feature: usize) -> Slot {
    match feature.checked_sub(PATTERNS.len()) {
        None => Slot::Pattern(PATTERNS[feature]),
        Some(t) if t < 2 * THREATS.len() => Slot::Threat(
            [MOVER, WAITER][t / THREATS.len()],
            THREATS[t % THREATS.len()],
        ),
        Some(_) => Slot::Constant,
    }
}

/// The features' values, one per weight (see [`slot`]).
fn features(terms: &EvalTerms) -> [f64; FEATURES] {
    std::array::from_fn(|j| match slot(j) {
        Slot::Pattern(p) => {
            f64::from(terms.pattern[MOVER][p]) - f64::from(terms.pattern[WAITER][p])
        }
        Slot::Threat(role, t) => f64::from(terms.threat[role][t as usize]),
        Slot::Constant => 1.0,
    })
}

/// Weights fitted by Newton's method to the samples' outcomes, with an L2 penalty
/// `l2` on the standardised features' weights: on their distance from `toward` when
/// given (so that few games only correct those weights), else from zero. The constant
/// (the value of having the move) is fitted but left out of the evaluation, which
/// must not swing with the side to move.
pub fn fit(samples: &[Sample], l2: f64, toward: Option<&EvalWeights>) -> EvalWeights {
    let rows: Vec<[f64; FEATURES]> = samples.iter().map(|s| features(&s.terms)).collect();
    let outcomes: Vec<bool> = samples.iter().map(|s| s.mover_won).collect();
    let centre = toward.map_or([0.0; FEATURES], |weights| {
        let raw = feature_weights(weights);
        std::array::from_fn(|j| raw[j] / UNITS_PER_LOGIT)
    });
    let w = logistic_fit(&rows, &outcomes, l2, &centre);
    let mut weights = EvalWeights {
        pattern: [[0; 11]; 2],
        threat: [[0; 7]; 2],
    };
    for (j, w) in w.iter().enumerate() {
        let units = (w * UNITS_PER_LOGIT).round() as i32;
        match slot(j) {
            Slot::Pattern(p) => {
                weights.pattern[MOVER][p] = units;
                weights.pattern[WAITER][p] = -units;
            }
            Slot::Threat(role, t) => weights.threat[role][t as usize] = units,
            Slot::Constant => {}
        }
    }
    let mover_four_three = weights.threat[MOVER][Threat::FourThree as usize];
    weights.threat[MOVER][Threat::OpenFour as usize] = MOVER_OPEN_FOUR.max(mover_four_three);
    let waiter_four_three = weights.threat[WAITER][Threat::FourThree as usize];
    weights.threat[WAITER][Threat::OpenFour as usize] = waiter_four_three;
    weights.threat[WAITER][Threat::Five as usize] = waiter_four_three;
    weights
}

/// The weight of each feature in `weights`, in evaluation units (the constant's is 0).
fn feature_weights(weights: &EvalWeights) -> [f64; FEATURES] {
    std::array::from_fn(|j| {
        f64::from(match slot(j) {
            Slot::Pattern(p) => weights.pattern[MOVER][p],
            Slot::Threat(role, t) => weights.threat[role][t as usize],
            Slot::Constant => 0,
        })
    })
}

/// How well `weights` tell the winner of the `test` positions: mean log-loss and the
/// share called right. The evaluation is first calibrated on `train` (a logistic fit
/// of a scale and a constant), since the search only compares values, and a constant
/// (the value of having the move) is left out of them.
pub fn judge(train: &[Sample], test: &[Sample], weights: &EvalWeights) -> (f64, f64) {
    let value = |s: &Sample| s.terms.weigh(weights) as f64 / UNITS_PER_LOGIT;
    let rows: Vec<[f64; 2]> = train.iter().map(|s| [value(s), 1.0]).collect();
    let outcomes: Vec<bool> = train.iter().map(|s| s.mover_won).collect();
    let [scale, constant] = logistic_fit(&rows, &outcomes, 1e-9, &[0.0; 2]);
    let n = test.len().max(1) as f64;
    let (mut loss, mut right) = (0.0, 0.0);
    for s in test {
        let p = logistic(scale * value(s) + constant).clamp(1e-6, 1.0 - 1e-6);
        loss -= if s.mover_won { p.ln() } else { (1.0 - p).ln() };
        if (p > 0.5) == s.mover_won {
            right += 1.0;
        }
    }
    (loss / n, right / n)
}

/// The weights of a logistic model of `outcomes` on the `rows`, whose last column is
/// the constant 1, by Newton's method on standardised columns with an L2 penalty `l2`
/// on their distance from `centre` (weights on the rows' own scale; the constant is
/// not penalised); given back on the rows' own scale.
fn logistic_fit<const K: usize>(
    rows: &[[f64; K]],
    outcomes: &[bool],
    l2: f64,
    centre: &[f64; K],
) -> [f64; K] {
    let n = rows.len().max(1) as f64;
    let mut mean = [0.0; K];
    let mut scale = [1.0; K];
    for j in 0..K - 1 {
        mean[j] = rows.iter().map(|r| r[j]).sum::<f64>() / n;
        let var = rows.iter().map(|r| (r[j] - mean[j]).powi(2)).sum::<f64>() / n;
        scale[j] = var.sqrt().max(1e-9);
    }
    let standard: Vec<[f64; K]> = rows
        .iter()
        .map(|r| std::array::from_fn(|j| (r[j] - mean[j]) / scale[j]))
        .collect();
    let mut w = [0.0; K];
    for _ in 0..30 {
        let mut gradient = [0.0; K];
        let mut hessian = [[0.0; K]; K];
        for (x, &won) in standard.iter().zip(outcomes) {
            let p = logistic(dot(&w, x));
            let y = if won { 1.0 } else { 0.0 };
            for j in 0..K {
                gradient[j] += (p - y) * x[j] / n;
                for k in 0..K {
                    hessian[j][k] += p * (1.0 - p) * x[j] * x[k] / n;
                }
            }
        }
        for j in 0..K - 1 {
            gradient[j] += l2 * (w[j] - centre[j] * scale[j]);
            hessian[j][j] += l2;
        }
        let step = solve(hessian, gradient);
        for j in 0..K {
            w[j] -= step[j];
        }
    }
    let mut raw: [f64; K] = std::array::from_fn(|j| w[j] / scale[j]);
    raw[K - 1] = w[K - 1] - (0..K - 1).map(|j| mean[j] * raw[j]).sum::<f64>();
    raw
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot<const K: usize>(a: &[f64; K], b: &[f64; K]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`a` is positive
/// definite here: a Hessian plus the penalty).
fn solve<const K: usize>(mut a: [[f64; K]; K], mut b: [f64; K]) -> [f64; K] {
    for col in 0..K {
        let pivot = (col..K)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("a column");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (pivot_row, pivot_b) = (a[col], b[col]);
        for row in col + 1..K {
            let factor = a[row][col] / pivot_row[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= factor * p;
            }
            b[row] -= factor * pivot_b;
        }
    }
    let mut x = [0.0; K];
    for row in (0..K).rev() {
        let rest: f64 = (row + 1..K).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// The weights as the Rust constant they are kept in.
pub fn format_weights(name: &str, weights: &EvalWeights) -> String {
    format!(
        "pub const {name}: EvalWeights = EvalWeights {{\n    pattern: [\n        {:?},\n        {:?},\n    ],\n    threat: [\n        {:?},\n        {:?},\n    ],\n}};",
        weights.pattern[MOVER],
        weights.pattern[WAITER],
        weights.threat[MOVER],
        weights.threat[WAITER]
    )
}

#[cfg(test)]
mod tests {
    use super::super::position::RENJU_WEIGHTS;
    use super::*;
    use crate::rng::Rng;

    /// Weights to draw outcomes from, and 40,000 positions' terms with outcomes drawn
    /// from them by a logistic model.
    fn drawn_samples() -> (EvalWeights, Vec<Sample>) {
        let mut truth = EvalWeights {
            pattern: [[0; 11]; 2],
            threat: [[0; 7]; 2],
        };
        let line = [0, -8, 4, 12, 30, 20, 50];
        for (p, &v) in line.iter().enumerate() {
            truth.pattern[MOVER][p] = v;
            truth.pattern[WAITER][p] = -v;
        }
        truth.threat[MOVER][1..5].copy_from_slice(&[60, 40, 30, 900]);
        truth.threat[WAITER][1..5].copy_from_slice(&[-20, 50, -30, -500]);
        let mut rng = Rng::new(3);
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let mut terms = EvalTerms::default();
                for role in [MOVER, WAITER] {
                    for p in 1..7 {
                        terms.pattern[role][p] = rng.below([0, 30, 20, 10, 8, 4, 3][p]);
                    }
                    for t in 1..5 {
                        terms.threat[role][t] = rng.below([0, 4, 2, 3, 2][t]);
                    }
                }
                let p = logistic(terms.weigh(&truth) as f64 / UNITS_PER_LOGIT);
                let mover_won = rng.next_f64() < p;
                Sample { terms, mover_won }
            })
            .collect();
        (truth, samples)
    }

    /// Outcomes drawn from a known logistic model of the terms: the fit gives the
    /// model's weights back.
    #[test]
    fn the_fit_recovers_the_weights_outcomes_were_drawn_from() {
        let (truth, samples) = drawn_samples();
        let fitted = fit(&samples, 1e-6, None);
        for p in 1..7 {
            let (got, want) = (fitted.pattern[MOVER][p], truth.pattern[MOVER][p]);
            assert!((got - want).abs() <= 6, "pattern {p}: {got} against {want}");
            assert_eq!(fitted.pattern[WAITER][p], -got);
        }
        for role in [MOVER, WAITER] {
            for t in 1..5 {
                let (got, want) = (fitted.threat[role][t], truth.threat[role][t]);
                let slack = 15 + want.abs() / 10;
                assert!(
                    (got - want).abs() <= slack,
                    "threat {role} {t}: {got} against {want}"
                );
            }
        }
        let (fitted_loss, _) = judge(&samples, &samples, &fitted);
        let (true_loss, _) = judge(&samples, &samples, &truth);
        assert!(fitted_loss <= true_loss + 1e-3, "{fitted_loss} {true_loss}");
        let blind = EvalWeights {
            pattern: [[0; 11]; 2],
            threat: [[0; 7]; 2],
        };
        let (blind_loss, _) = judge(&samples, &samples, &blind);
        assert!(true_loss < blind_loss - 0.05, "{true_loss} {blind_loss}");
    }

    /// A penalty centred on other weights pulls the fit to them as it grows, and
    /// leaves the samples' own weights when it is slight.
    #[test]
    fn a_centred_penalty_pulls_the_fit_toward_its_centre() {
        let (truth, samples) = drawn_samples();
        let centre = RENJU_WEIGHTS;
        let distance = |w: &EvalWeights| {
            let (a, b) = (feature_weights(w), feature_weights(&centre));
            a.iter().zip(&b).map(|(x, y)| (x - y).abs()).sum::<f64>()
        };
        let slight = fit(&samples, 1e-6, Some(&centre));
        let strong = fit(&samples, 1e6, Some(&centre));
        let medium = fit(&samples, 1e-1, Some(&centre));
        assert!(distance(&truth) > 600.0, "{}", distance(&truth));
        assert!(distance(&slight) > 0.9 * distance(&truth));
        assert!(distance(&strong) <= 14.0, "{}", distance(&strong));
        assert!(distance(&medium) > distance(&strong) + 14.0);
        assert!(distance(&medium) < distance(&slight) - 14.0);
        let (slight_loss, _) = judge(&samples, &samples, &slight);
        let (true_loss, _) = judge(&samples, &samples, &truth);
        assert!(slight_loss <= true_loss + 1e-3, "{slight_loss} {true_loss}");
    }

    #[test]
    fn the_solver_solves() {
        let mut a = [[0.0; FEATURES]; FEATURES];
        let mut x = [0.0; FEATURES];
        for i in 0..FEATURES {
            a[i][i] = 2.0 + i as f64;
            a[i][(i + 1) % FEATURES] = 1.0;
            x[i] = i as f64 - 3.0;
        }
        let b: [f64; FEATURES] = std::array::from_fn(|i| dot(&a[i], &x));
        let got = solve(a, b);
        for i in 0..FEATURES {
            assert!((got[i] - x[i]).abs() < 1e-9);
        }
    }
}
