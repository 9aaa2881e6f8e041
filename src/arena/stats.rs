//! Per-engine statistics: results against the field with a 95% interval on the score,
//! how its games went, and the tables of the report.

use super::player::Colour;
use super::ratings::Rating;
use super::results::{End, GameRecord};

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, a draw counting half.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    pub fn add(&mut self, points: f64) {
        if points == 1.0 {
            self.wins += 1;
        } else if points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// `wins-draws-losses`.
    pub fn text(&self) -> String {
        format!("{}-{}-{}", self.wins, self.draws, self.losses)
    }

    /// The Elo difference this score implies and its 95% error (normal approximation of
    /// the per-game score, carried through the logistic curve); `None` while the score
    /// is 0 or 1.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let p = self.score();
        if n == 0.0 || p <= 0.0 || p >= 1.0 {
            return None;
        }
        let squares = self.wins as f64 + 0.25 * self.draws as f64;
        let variance = (squares / n - p * p).max(0.0);
        let se = (variance / n).sqrt();
        let slope = 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
        Some((elo(p), 1.96 * se * slope))
    }

    /// `elo()` for the report: `+191±150`, `+inf`, `-inf`, or `-` without games.
    pub fn elo_text(&self) -> String {
        match self.elo() {
            Some((e, err)) => elo_with_error(e, err),
            None if self.games() == 0 => "-".into(),
            None if self.score() >= 1.0 => "+inf".into(),
            None => "-inf".into(),
        }
    }
}

/// `+12±34`, rounded to whole Elo (never `-0`).
pub fn elo_with_error(elo: f64, error: f64) -> String {
    format!("{:+.0}±{error:.0}", elo.round() + 0.0)
}

/// One engine's line of the report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineStats {
    pub name: String,
    pub all: Wdl,
    pub as_black: Wdl,
    pub as_white: Wdl,
    pub total_moves: usize,
    pub captures: u32,
    pub passes: u32,
    pub resignations: u32,
    pub timeouts: u32,
    pub illegal: u32,
    /// Crashes, garbage and refusals.
    pub failures: u32,
    /// CPU seconds over the games whose CPU time is known, and how many those are.
    pub cpu: f64,
    pub cpu_games: u32,
}

/// Wilson's 95% interval for a proportion `p` over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference that gives an expected score `p`.
pub fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Adds every game to the statistics of the engines that played it.
pub fn tally(names: &[String], games: &[GameRecord]) -> Vec<EngineStats> {
    let mut stats: Vec<EngineStats> = names
        .iter()
        .map(|n| EngineStats {
            name: n.clone(),
            ..EngineStats::default()
        })
        .collect();
    for g in games {
        let winner = g.winner();
        for colour in [Colour::Black, Colour::White] {
            let Some(s) = stats.get_mut(g.engine(colour)) else {
                continue;
            };
            let points = match winner {
                None => 0.5,
                Some(w) if w == colour => 1.0,
                Some(_) => 0.0,
            };
            s.all.add(points);
            match colour {
                Colour::Black => s.as_black.add(points),
                Colour::White => s.as_white.add(points),
            }
            s.total_moves += g.moves;
            s.captures += g.captures[colour.index()];
            s.passes += g.passes[colour.index()];
            if let Some(cpu) = g.cpu[colour.index()] {
                s.cpu += cpu;
                s.cpu_games += 1;
            }
            if points == 0.0 {
                match g.end {
                    End::Resign => s.resignations += 1,
                    End::Time => s.timeouts += 1,
                    End::Illegal => s.illegal += 1,
                    End::Crash | End::Garbage | End::Refused => s.failures += 1,
                    End::Score | End::MoveLimit => {}
                }
            }
        }
    }
    stats
}

/// The table of engines, one row per engine under a row of column names; `ratings`
/// gives the Elo column (`+inf`/`-inf` for an engine that won or lost every game while
/// the ratings are not finite).
pub fn engine_table(stats: &[EngineStats], ratings: &[Option<Rating>]) -> Vec<Vec<String>> {
    let header = [
        "engine", "games", "W-D-L", "black", "white", "score", "interval", "Elo±95%", "length",
        "captures", "passes", "resign", "time", "illegal", "crash", "cpu",
    ];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for (i, s) in stats.iter().enumerate() {
        let n = s.all.games();
        let per_game = |x: f64| {
            if n == 0 {
                "-".to_string()
            } else {
                format!("{:.1}", x / n as f64)
            }
        };
        let (lo, hi) = wilson(s.all.score(), n as f64);
        let elo = match ratings.get(i).copied().flatten() {
            Some(r) => elo_with_error(r.elo, r.error95),
            None if n > 0 && s.all.score() >= 1.0 => "+inf".into(),
            None if n > 0 && s.all.score() <= 0.0 => "-inf".into(),
            None => "-".into(),
        };
        rows.push(vec![
            s.name.clone(),
            n.to_string(),
            s.all.text(),
            s.as_black.text(),
            s.as_white.text(),
            format!("{:.1}%", 100.0 * s.all.score()),
            format!("{:.1}–{:.1}%", 100.0 * lo, 100.0 * hi),
            elo,
            per_game(s.total_moves as f64),
            per_game(s.captures as f64),
            s.passes.to_string(),
            s.resignations.to_string(),
            s.timeouts.to_string(),
            s.illegal.to_string(),
            s.failures.to_string(),
            match s.cpu_games {
                0 => "-".to_string(),
                k => format!("{:.2}", s.cpu / k as f64),
            },
        ]);
    }
    rows
}

/// A table as text: columns as wide as their widest cell, the first left-aligned and
/// the others right-aligned, two spaces apart.
pub fn render(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |cell| cell.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, &w))| {
                let pad = " ".repeat(w - cell.chars().count());
                if i == 0 {
                    format!("{cell}{pad}")
                } else {
                    format!("{pad}{cell}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_and_elo_agree_with_known_values() {
        let (lo, hi) = wilson(0.5, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(1.0, 10.0);
        assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0, "{lo}");
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo(0.5), 0.0);
    }

    fn game(black: usize, white: usize, result: &str, end: End) -> GameRecord {
        GameRecord {
            result: result.into(),
            end,
            moves: 10,
            passes: [1, 2],
            captures: [3, 4],
            ..GameRecord::new(1, black, white)
        }
    }

    #[test]
    fn tally_counts_colours_and_ways_of_losing() {
        let games = [
            game(0, 1, "B+R", End::Resign),
            game(1, 0, "B+T", End::Time),
            game(0, 1, "0", End::Score),
            game(1, 0, "W+3.5", End::Score),
        ];
        let s = tally(&["a".into(), "b".into()], &games);
        assert_eq!(
            s[0].all,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(
            s[0].as_black,
            Wdl {
                wins: 1,
                draws: 1,
                losses: 0
            }
        );
        assert_eq!(s[0].timeouts, 1);
        assert_eq!(s[1].resignations, 1);
        assert_eq!(s[0].captures, 3 + 4 + 3 + 4);
        assert_eq!(s[1].passes, 2 + 1 + 2 + 1);
        let (e, err) = s[0].all.elo().unwrap();
        assert!((e - elo(0.625)).abs() < 1e-9 && err > 100.0);
        let text = render(&engine_table(&s, &[None, None]));
        assert!(text.contains("2-1-1"), "{text}");
    }
}
