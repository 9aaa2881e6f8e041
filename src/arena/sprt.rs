//! The sequential probability ratio test of one engine against another, over game
//! pairs (one opening, or one round pair, played with colours swapped), with the
//! pentanomial model and logistic Elo as fishtest computes them (`LLR_logistic` in its
//! `LLRcalc.py`): the generalised log-likelihood ratio of "the first engine's expected
//! score per game is s(elo1)" against "it is s(elo0)", where each hypothesis takes the
//! distribution of pair scores that is most likely given the counts.

use std::collections::HashMap;

use super::results::GameRecord;
use super::schedule::game_number;

/// `--sprt elo0=E0,elo1=E1,alpha=A,beta=B`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    H0,
    H1,
}

impl Verdict {
    pub fn text(self) -> &'static str {
        match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        }
    }
}

/// Counts of game pairs by the first engine's points in the pair: 0 (two losses), ½ (a
/// loss and a draw), 1 (two draws, or a win and a loss), 1½, 2 (two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Adds a pair in which the first engine scored `half_points` halves (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    pub fn text(&self) -> String {
        let c = self.0;
        format!(
            "pentanomial [{}, {}, {}, {}, {}] (pairs scoring 0, ½, 1, 1½, 2)",
            c[0], c[1], c[2], c[3], c[4]
        )
    }
}

/// The expected score per game of an Elo advantage (logistic Elo).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The probabilities that maximise the likelihood of the observed distribution
/// `observed` (value, probability) among those whose mean is `s`: `pᵢ / (1 + λ (aᵢ − s))`
/// with λ the root of `Σ pᵢ (aᵢ − s) / (1 + λ (aᵢ − s)) = 0` (fishtest's `MLE_expected`).
fn most_likely_with_mean(observed: &[(f64, f64)], s: f64) -> Vec<f64> {
    let f = |lambda: f64| -> f64 {
        observed
            .iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + lambda * (a - s)))
            .sum()
    };
    // The root lies where every 1 + λ (aᵢ − s) stays positive: between −1 / (max − s)
    // and −1 / (min − s). f falls from +∞ to −∞ across it, so bisection finds it.
    let low_value = observed.iter().map(|o| o.0).fold(f64::INFINITY, f64::min) - s;
    let high_value = observed
        .iter()
        .map(|o| o.0)
        .fold(f64::NEG_INFINITY, f64::max)
        - s;
    let (mut lo, mut hi) = (-1.0 / high_value, -1.0 / low_value);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = 0.5 * (lo + hi);
    observed
        .iter()
        .map(|&(a, p)| p / (1.0 + lambda * (a - s)))
        .collect()
}

impl Sprt {
    /// Parses `elo0=E0,elo1=E1[,alpha=A][,beta=B]` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',') {
            let (key, value) = part
                .split_once('=')
                .ok_or(format!("--sprt: expected key=value, found {part:?}"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("--sprt: not a number: {value:?}"))?;
            match key.trim() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => return Err(format!("--sprt: unknown key {other:?}")),
            }
        }
        if !(sprt.elo0.is_finite() && sprt.elo1.is_finite()) {
            return Err("--sprt needs elo0 and elo1".into());
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err("--sprt: elo0 must be below elo1".into());
        }
        // Beyond ±1000 Elo an expected score is 1 or 0 to a few parts in 10⁴: no test
        // between two such hypotheses is worth a match.
        if sprt.elo0.abs() > 1000.0 || sprt.elo1.abs() > 1000.0 {
            return Err("--sprt: elo0 and elo1 must be within ±1000".into());
        }
        let unit = |x: f64| x > 0.0 && x < 1.0;
        if !(unit(sprt.alpha) && unit(sprt.beta) && sprt.alpha + sprt.beta < 1.0) {
            return Err("--sprt: alpha and beta must be in (0, 1), their sum below 1".into());
        }
        Ok(sprt)
    }

    /// The canonical text (the results file's header keeps it).
    pub fn text(&self) -> String {
        format!(
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }

    /// The LLR bounds: `ln(β / (1 − α))` (H0 below it) and `ln((1 − β) / α)` (H1 above).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pair counts. As fishtest does,
    /// an empty count is taken as 0.001 pairs, so both hypotheses can be fitted to any
    /// counts.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        if counts.pairs() == 0 {
            return 0.0;
        }
        let n: Vec<f64> = counts
            .0
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let total: f64 = n.iter().sum();
        // Values are the pair's points per game: 0, ¼, ½, ¾, 1.
        let observed: Vec<(f64, f64)> = n
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 / 4.0, c / total))
            .collect();
        let p0 = most_likely_with_mean(&observed, expected_score(self.elo0));
        let p1 = most_likely_with_mean(&observed, expected_score(self.elo1));
        total
            * observed
                .iter()
                .zip(p0.iter().zip(&p1))
                .map(|(&(_, p), (q0, q1))| p * (q1.ln() - q0.ln()))
                .sum::<f64>()
    }

    /// The verdict for an LLR, if it has crossed a bound.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// The test of one pair of engines in a match: its first engine (the lower index; the
/// first `--engine` in a gauntlet) against the second.
#[derive(Clone, Debug, PartialEq)]
pub struct PairTest {
    pub engines: (usize, usize),
    /// The game pairs in the test.
    pub counts: Pentanomial,
    pub llr: f64,
    pub verdict: Option<Verdict>,
    /// Complete game pairs after the verdict: played while it was being reached (games
    /// already running) or by shards, which cannot stop; they are not in the test.
    pub later_pairs: u32,
    /// The first round this engine pair no longer needs to play (after a verdict).
    pub stop_round: Option<usize>,
    /// The most game pairs the match allows.
    pub max_pairs: usize,
    /// The first game pair not yet in the test.
    next: usize,
}

/// The tests of every pair of engines before any game.
pub fn new_tests(engine_pairs: &[(usize, usize)], games_per_pair: usize) -> Vec<PairTest> {
    engine_pairs
        .iter()
        .map(|&engines| PairTest {
            engines,
            counts: Pentanomial::default(),
            llr: 0.0,
            verdict: None,
            later_pairs: 0,
            stop_round: None,
            max_pairs: games_per_pair / 2,
            next: 0,
        })
        .collect()
}

/// Brings `tests` (one per pair of engines, in schedule order) up to date with the
/// `finished` games. Game pair k of an engine pair is its rounds 2k and 2k + 1 (the same
/// opening, colours swapped); the pairs are read in this order, and the test stops at
/// the first one missing a game, so that the verdict does not depend on the order in
/// which parallel games end: a pair counts once it and every pair before it are
/// complete. Each pair's LLR is computed once, when it joins the test.
pub fn update_tests(sprt: &Sprt, tests: &mut [PairTest], finished: &[GameRecord]) {
    let by_number: HashMap<usize, &GameRecord> = finished.iter().map(|g| (g.game, g)).collect();
    let n = tests.len();
    for (p, test) in tests.iter_mut().enumerate() {
        let pair = |k: usize| match [2 * k, 2 * k + 1].map(|r| by_number.get(&game_number(p, r, n)))
        {
            [Some(a), Some(b)] => Some((*a, *b)),
            _ => None,
        };
        while test.verdict.is_none() && test.next < test.max_pairs {
            let Some((a, b)) = pair(test.next) else {
                break;
            };
            let first = test.engines.0;
            test.counts
                .add(half_points(a, first) + half_points(b, first));
            test.llr = sprt.llr(&test.counts);
            test.verdict = sprt.verdict(test.llr);
            test.next += 1;
            if test.verdict.is_some() {
                test.stop_round = Some(2 * test.next);
            }
        }
        if test.verdict.is_some() {
            test.later_pairs = (test.next..test.max_pairs)
                .filter(|&k| pair(k).is_some())
                .count() as u32;
        }
    }
}

/// The test of every pair of engines after the `finished` games (see `update_tests`).
pub fn pair_tests(
    sprt: &Sprt,
    engine_pairs: &[(usize, usize)],
    games_per_pair: usize,
    finished: &[GameRecord],
) -> Vec<PairTest> {
    let mut tests = new_tests(engine_pairs, games_per_pair);
    update_tests(sprt, &mut tests, finished);
    tests
}

/// Engine `engine`'s points in game `g`, in halves.
fn half_points(g: &GameRecord, engine: usize) -> usize {
    match g.winner() {
        None => 1,
        Some(c) if g.engine(c) == engine => 2,
        Some(_) => 0,
    }
}

impl PairTest {
    /// `LLR 1.23 [-2.94, 2.94]`, and the verdict once there is one.
    pub fn progress(&self, sprt: &Sprt) -> String {
        let (lower, upper) = sprt.bounds();
        let mut text = format!("LLR {:.2} [{lower:.2}, {upper:.2}]", self.llr);
        if let Some(v) = self.verdict {
            text.push_str(&format!(" {}", v.text()));
        }
        text
    }

    /// The report's paragraph: the verdict (or none yet), the counts and the LLR.
    pub fn summary(&self, sprt: &Sprt, names: &[String]) -> String {
        let (a, b) = (&names[self.engines.0], &names[self.engines.1]);
        let (lower, upper) = sprt.bounds();
        let pairs = self.counts.pairs();
        let state = match self.verdict {
            Some(v) => format!("{} after {pairs} game pairs", v.text()),
            None => format!(
                "no decision after {pairs} of at most {} game pairs",
                self.max_pairs
            ),
        };
        let mut text = format!(
            "SPRT {a} vs {b} (logistic Elo, elo0={}, elo1={}, alpha={}, beta={}): {state}; \
             {}; LLR {:.2} [{lower:.2}, {upper:.2}]",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            self.counts.text(),
            self.llr
        );
        if self.later_pairs > 0 {
            text.push_str(&format!(
                "; {} more complete pairs were played after the decision and are not in it",
                self.later_pairs
            ));
        }
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values from fishtest's own code: `LLRcalc.LLR_logistic(elo0, elo1,
    /// counts)` of official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py at
    /// commit 93fe81eb8256b870ab759ec4470f6251fe985827, run with Python 3.11 and SciPy
    /// 1.17.1 (counts in the order LL, LD, DD+WL, WD, WW; the third is fishtest's own
    /// example in stat_util.py).
    #[test]
    fn llr_agrees_with_fishtest() {
        let cases: [(f64, f64, [u32; 5], f64); 5] = [
            (0.0, 10.0, [1, 3, 10, 5, 2], 0.2049470340099178),
            (0.0, 50.0, [0, 0, 2, 5, 8], 2.003742760641027),
            (
                -3.0,
                1.0,
                [10789, 19328, 33806, 19402, 10543],
                2.1310678117940807,
            ),
            (0.0, 5.0, [40, 200, 500, 210, 45], 0.21701242081732305),
            (0.0, 5.0, [8, 0, 0, 0, 0], -0.1159868287798846),
        ];
        for (elo0, elo1, counts, expected) in cases {
            let sprt = Sprt {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
            };
            let llr = sprt.llr(&Pentanomial(counts));
            assert!(
                (llr - expected).abs() < 1e-6,
                "{counts:?}: {llr} against fishtest's {expected}"
            );
        }
    }

    #[test]
    fn bounds_and_verdicts() {
        let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944438979).abs() < 1e-8 && (upper - 2.944438979).abs() < 1e-8);
        assert_eq!(sprt.verdict(3.0), Some(Verdict::H1));
        assert_eq!(sprt.verdict(-3.0), Some(Verdict::H0));
        assert_eq!(sprt.verdict(0.0), None);
        let sprt = Sprt::parse("elo0=-1,elo1=4,alpha=0.1,beta=0.2").unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.1, 0.2));
        assert!((sprt.bounds().1 - (0.8f64 / 0.1).ln()).abs() < 1e-12);
        assert_eq!(Sprt::parse(&sprt.text()).unwrap(), sprt);
        for bad in [
            "elo0=5,elo1=0",
            "elo1=5",
            "elo0=0,elo1=5,alpha=1",
            "elo0=0,x=1",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    /// Game `game` of a two-engine match, won by engine 0 (Black in odd games).
    fn won_by_first(game: usize) -> GameRecord {
        let (black, white) = if game % 2 == 1 { (0, 1) } else { (1, 0) };
        GameRecord {
            result: if black == 0 { "B+R" } else { "W+R" }.into(),
            ..GameRecord::new(game, black, white)
        }
    }

    #[test]
    fn pairs_count_in_order_once_complete_and_the_decision_stops_the_rest() {
        // Two wins make a pair of 2 points; with these bounds (±1.10) the second such
        // pair decides (LLR 0.60, then 1.20).
        let sprt = Sprt::parse("elo0=0,elo1=400,alpha=0.25,beta=0.25").unwrap();
        let pairs = [(0, 1)];
        // Game 3 is still running: pair 2 (games 3, 4) is not complete, and pair 3
        // (games 5, 6), complete, waits for it.
        let finished: Vec<GameRecord> = [1, 2, 4, 5, 6].map(won_by_first).to_vec();
        let t = &pair_tests(&sprt, &pairs, 10, &finished)[0];
        assert_eq!(t.counts, Pentanomial([0, 0, 0, 0, 1]));
        assert_eq!((t.verdict, t.stop_round, t.max_pairs), (None, None, 5));
        assert!((t.llr - 0.5978864606316351).abs() < 1e-6, "{}", t.llr);
        // Game 3 ends: pair 2 decides, and pair 3 was played after the decision. Tests
        // brought up to date game by game agree with tests computed afresh.
        let mut running = new_tests(&pairs, 10);
        update_tests(&sprt, &mut running, &finished);
        let mut finished = finished;
        finished.insert(0, won_by_first(3));
        update_tests(&sprt, &mut running, &finished);
        assert_eq!(running, pair_tests(&sprt, &pairs, 10, &finished));
        let t = &running[0];
        assert_eq!(t.counts, Pentanomial([0, 0, 0, 0, 2]));
        assert_eq!(t.verdict, Some(Verdict::H1));
        assert_eq!((t.stop_round, t.later_pairs), (Some(4), 1));
        assert!(
            t.summary(&sprt, &["a".into(), "b".into()])
                .contains("H1 accepted after 2 game pairs; pentanomial [0, 0, 0, 0, 2]")
        );
    }
}
