//! Ratings: one Elo per engine over all games, by maximum likelihood as Ordo and
//! BayesElo compute them (the logistic Elo model, a draw half a win and half a loss, no
//! colour advantage), anchored so that the engines' mean is 0; and the head-to-head
//! results of every pair of engines.

use super::results::GameRecord;
use super::stats::Wdl;

/// Elo per unit of the logistic curve's natural scale: p = 1 / (1 + e^(−d·C)).
const C: f64 = std::f64::consts::LN_10 / 400.0;

/// The results between every two engines: points and games.
pub struct Crosstable {
    /// `wdl[i][j]`: engine i's wins, draws and losses against engine j.
    pub wdl: Vec<Vec<Wdl>>,
}

impl Crosstable {
    pub fn new(engines: usize, games: &[GameRecord]) -> Crosstable {
        let mut wdl = vec![vec![Wdl::default(); engines]; engines];
        for g in games {
            let (b, w) = (g.black, g.white);
            if b >= engines || w >= engines || b == w {
                continue;
            }
            let black_points = match g.winner() {
                None => 0.5,
                Some(c) if g.engine(c) == b => 1.0,
                Some(_) => 0.0,
            };
            wdl[b][w].add(black_points);
            wdl[w][b].add(1.0 - black_points);
        }
        Crosstable { wdl }
    }

    fn engines(&self) -> usize {
        self.wdl.len()
    }

    fn games(&self, i: usize, j: usize) -> f64 {
        self.wdl[i][j].games() as f64
    }

    fn points(&self, i: usize, j: usize) -> f64 {
        let r = self.wdl[i][j];
        r.wins as f64 + 0.5 * r.draws as f64
    }

    /// Engines that played at least one game.
    fn active(&self) -> Vec<usize> {
        (0..self.engines())
            .filter(|&i| (0..self.engines()).any(|j| self.games(i, j) > 0.0))
            .collect()
    }

    /// Can every engine of `set` be reached from every other by "took points from"?
    /// Only then are the maximum-likelihood ratings finite (Zermelo's condition): a
    /// group that never scored against the rest would sit infinitely far below it.
    fn strongly_connected(&self, set: &[usize]) -> bool {
        let reach = |forward: bool| {
            let mut seen = vec![false; self.engines()];
            let mut stack = vec![set[0]];
            seen[set[0]] = true;
            while let Some(i) = stack.pop() {
                for &j in set {
                    let (a, b) = if forward { (i, j) } else { (j, i) };
                    if !seen[j] && self.points(a, b) > 0.0 {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            set.iter().all(|&i| seen[i])
        };
        reach(true) && reach(false)
    }
}

/// An engine's rating and the half-width of its 95% interval, in Elo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub error95: f64,
}

/// The maximum-likelihood ratings (mean 0 over the engines that have played), or `None`
/// for every engine while they are not finite: while some group of engines has scored
/// nothing against the rest (one engine winning every game, for one).
pub fn ratings(table: &Crosstable) -> Vec<Option<Rating>> {
    let n = table.engines();
    let active = table.active();
    if active.len() < 2 || !table.strongly_connected(&active) {
        return vec![None; n];
    }
    let elo = maximum_likelihood(table, &active);
    let covariance = covariance(table, &active, &elo);
    let mut out = vec![None; n];
    for (k, &i) in active.iter().enumerate() {
        out[i] = Some(Rating {
            elo: elo[k],
            error95: 1.96 * covariance[k][k].max(0.0).sqrt(),
        });
    }
    out
}

/// The logistic expectation of a rating difference.
fn expectation(difference: f64) -> f64 {
    1.0 / (1.0 + (-C * difference).exp())
}

/// Ratings (in the order of `active`) at which every engine's expected points equal its
/// points, by the minorisation–maximisation iteration for the Bradley–Terry model
/// (Hunter 2004): γᵢ ← Wᵢ / Σⱼ nᵢⱼ / (γᵢ + γⱼ), with γ = e^(C·elo). It converges for
/// any strongly connected table.
fn maximum_likelihood(table: &Crosstable, active: &[usize]) -> Vec<f64> {
    let m = active.len();
    let mut elo = vec![0.0; m];
    for _ in 0..100_000 {
        let gamma: Vec<f64> = elo.iter().map(|r| (C * r).exp()).collect();
        let mut next: Vec<f64> = (0..m)
            .map(|a| {
                let i = active[a];
                let won: f64 = active.iter().map(|&j| table.points(i, j)).sum();
                let denominator: f64 = (0..m)
                    .filter(|&b| b != a)
                    .map(|b| table.games(i, active[b]) / (gamma[a] + gamma[b]))
                    .sum();
                (won / denominator).ln() / C
            })
            .collect();
        let mean = next.iter().sum::<f64>() / m as f64;
        next.iter_mut().for_each(|r| *r -= mean);
        let change = next
            .iter()
            .zip(&elo)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        elo = next;
        if change < 1e-10 {
            break;
        }
    }
    elo
}

/// The covariance of the ratings, by the sandwich (robust) estimate F⁺ G F⁺ on the
/// ratings of mean 0: F is the Fisher information (the likelihood's curvature), G the
/// spread of the scores actually seen, Σ over games of (s − p)² for each pair. Draws make
/// a game's score less random than a win-or-loss model says; G counts them as they
/// came. F has the all-ones vector as null space; its pseudo-inverse is
/// (F + J/m)⁻¹ − J/m.
fn covariance(table: &Crosstable, active: &[usize], elo: &[f64]) -> Vec<Vec<f64>> {
    let m = active.len();
    let mut f = vec![vec![1.0 / m as f64; m]; m];
    let mut g = vec![vec![0.0; m]; m];
    for a in 0..m {
        for b in 0..m {
            if a == b {
                continue;
            }
            let p = expectation(elo[a] - elo[b]);
            let r = table.wdl[active[a]][active[b]];
            let information = r.games() as f64 * C * C * p * (1.0 - p);
            let spread = C
                * C
                * (r.wins as f64 * (1.0 - p).powi(2)
                    + r.draws as f64 * (0.5 - p).powi(2)
                    + r.losses as f64 * p * p);
            f[a][a] += information;
            f[a][b] -= information;
            g[a][a] += spread;
            g[a][b] -= spread;
        }
    }
    let mut inverse = invert(f);
    for row in inverse.iter_mut() {
        for x in row.iter_mut() {
            *x -= 1.0 / m as f64;
        }
    }
    product(&product(&inverse, &g), &inverse)
}

fn product(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|row| {
            (0..n)
                .map(|j| row.iter().zip(b).map(|(x, b_row)| x * b_row[j]).sum())
                .collect()
        })
        .collect()
}

/// The inverse of a small positive-definite matrix, by Gauss–Jordan elimination.
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        if d == 0.0 {
            continue;
        }
        for k in 0..n {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in 0..n {
            if row != col {
                let factor = a[row][col];
                for k in 0..n {
                    a[row][k] -= factor * a[col][k];
                    inv[row][k] -= factor * inv[col][k];
                }
            }
        }
    }
    inv
}

/// The head-to-head table: one line per pair of engines that met.
pub fn head_to_head(names: &[String], table: &Crosstable) -> Vec<Vec<String>> {
    let mut rows = vec![
        ["engine", "opponent", "games", "W-D-L", "score", "Elo±95%"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    ];
    for i in 0..table.engines() {
        for j in i + 1..table.engines() {
            let r = table.wdl[i][j];
            if r.games() == 0 {
                continue;
            }
            rows.push(vec![
                names[i].clone(),
                names[j].clone(),
                r.games().to_string(),
                r.text(),
                format!("{:.1}%", 100.0 * r.score()),
                r.elo_text(),
            ]);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(black: usize, white: usize, result: &str) -> GameRecord {
        GameRecord {
            result: result.into(),
            ..GameRecord::new(1, black, white)
        }
    }

    #[test]
    fn two_engines_split_the_elo_difference_of_their_score() {
        // 7 wins, 2 draws, 3 losses: 8 points of 12.
        let mut games = Vec::new();
        games.extend((0..7).map(|_| game(0, 1, "B+R")));
        games.extend((0..2).map(|_| game(1, 0, "0")));
        games.extend((0..3).map(|_| game(1, 0, "B+R")));
        let table = Crosstable::new(2, &games);
        let r = ratings(&table);
        let (a, b) = (r[0].unwrap(), r[1].unwrap());
        let difference = crate::arena::stats::elo(8.0 / 12.0);
        assert!((a.elo - b.elo - difference).abs() < 1e-6, "{a:?} {b:?}");
        assert!((a.elo + b.elo).abs() < 1e-9);
        // Between two engines the error is that of their score, halved for each engine
        // about the mean.
        let (_, difference_error) = table.wdl[0][1].elo().unwrap();
        assert!(
            (a.error95 - difference_error / 2.0).abs() < 1e-6,
            "{a:?} {difference_error}"
        );
    }

    #[test]
    fn no_finite_ratings_while_a_group_never_scored() {
        let games = [game(0, 1, "B+R"), game(1, 2, "0"), game(2, 1, "0")];
        let table = Crosstable::new(3, &games);
        assert_eq!(ratings(&table), vec![None; 3]);
        let rows = head_to_head(&["a".into(), "b".into(), "c".into()], &table);
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert_eq!(rows[1][..5], ["a", "b", "1", "1-0-0", "100.0%"]);
        assert_eq!(rows[2][3], "0-2-0");
    }
}
