//! The report of a match, printed at its end and by `tabula match --report`: the engines'
//! table with their ratings, the head-to-head table, and the SPRT.

use super::ratings::{self, Crosstable};
use super::results::GameRecord;
use super::schedule::{Pairing, engine_pairs};
use super::seats::seat_table;
use super::sprt::{PairTest, Sprt, new_tests, pair_tests, update_tests};
use super::stats;

/// What the report needs to know of a match besides its games.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub names: Vec<String>,
    pub pairing: Pairing,
    /// Games per pair of engines (with an SPRT, the most).
    pub games: usize,
    pub sprt: Option<Sprt>,
    /// The number of seats of a game of more than two players.
    pub seats: Option<usize>,
}

impl Plan {
    pub fn engine_pairs(&self) -> Vec<(usize, usize)> {
        engine_pairs(self.names.len(), self.pairing)
    }

    /// The SPRT of every pair of engines, if the match has one.
    pub fn tests(&self, finished: &[GameRecord]) -> Vec<PairTest> {
        match &self.sprt {
            Some(sprt) => pair_tests(sprt, &self.engine_pairs(), self.games, finished),
            None => Vec::new(),
        }
    }

    /// The tests before any game, to bring up to date with `update` as games end.
    pub fn new_tests(&self) -> Vec<PairTest> {
        match &self.sprt {
            Some(_) => new_tests(&self.engine_pairs(), self.games),
            None => Vec::new(),
        }
    }

    pub fn update(&self, tests: &mut [PairTest], finished: &[GameRecord]) {
        if let Some(sprt) = &self.sprt {
            update_tests(sprt, tests, finished);
        }
    }

    /// The progress line's summary: each engine's W-D-L, and the LLR of each test.
    pub fn progress(&self, finished: &[GameRecord], tests: &[PairTest]) -> String {
        let mut parts: Vec<String> = stats::tally(&self.names, finished)
            .iter()
            .map(|s| format!("{} {}", s.name, s.all.text()))
            .collect();
        if let Some(sprt) = &self.sprt {
            let several = tests.len() > 1;
            for t in tests {
                let who = if several {
                    format!("{}: ", self.names[t.engines.1])
                } else {
                    String::new()
                };
                parts.push(format!("{who}{}", t.progress(sprt)));
            }
        }
        parts.join(", ")
    }
}

const LEGEND: &str = "W-D-L: wins-draws-losses (black, white: as that colour); score: \
    points per game (draw = ½) against all opponents, with its 95% interval; Elo: the \
    rating by maximum likelihood over all games (mean 0), with its 95% error; length: \
    moves per game; captures: stones captured per game; resign/time/illegal/crash: games \
    lost that way; cpu: CPU seconds per game, as the engine's cputime reports them or \
    else as the system counts its process.\n";

const SEATS_LEGEND: &str = "Seats: each engine alone in one seat against the other in \
    all the others (W-D-L above: beating more than half of the other seats is a win). \
    share: the mean share of the other seats it beat (a tie counts half), what the game \
    is worth to a player; margin: its points less the field's mean; ±95%: the half \
    width of their 95% intervals; points, field: its points and the field's mean; \
    first: games it won outright; cpu, field cpu: CPU seconds per game of the lone \
    engine and of the field's (which plays every other seat).\n";

const HEAD_TO_HEAD_LEGEND: &str = "Head to head: the first engine's results against the \
    second, and the Elo difference its score implies.\n";

/// The whole report of `finished` (in any order).
pub fn report(plan: &Plan, finished: &[GameRecord]) -> String {
    let mut games = finished.to_vec();
    games.sort_by_key(|g| g.game);
    let table = Crosstable::new(plan.names.len(), &games);
    let ratings = ratings::ratings(&table);
    let engines = stats::engine_table(&stats::tally(&plan.names, &games), &ratings);
    let mut out = format!("{} games\n", games.len());
    out.push_str(&stats::render(&engines));
    out.push_str(LEGEND);
    if ratings.iter().all(Option::is_none) && !games.is_empty() {
        out.push_str(
            "No finite ratings yet: some group of engines has scored nothing against the \
             rest.\n",
        );
    }
    out.push('\n');
    out.push_str(&stats::render(&ratings::head_to_head(&plan.names, &table)));
    out.push_str(HEAD_TO_HEAD_LEGEND);
    if let Some(count) = plan.seats {
        out.push('\n');
        out.push_str(&stats::render(&seat_table(&plan.names, count, &games)));
        out.push_str(SEATS_LEGEND);
    }
    if let Some(sprt) = &plan.sprt {
        out.push('\n');
        for t in plan.tests(&games) {
            out.push_str(&t.summary(sprt, &plan.names));
        }
    }
    out
}
