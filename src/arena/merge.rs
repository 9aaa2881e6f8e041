//! `tabula match --report DIR...`: one match put back together from the folders of its
//! shards (or from its one folder), checked to be whole, and reported as one run would.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::report::{Plan, report};
use super::results::{
    GAMES_KEY, GameRecord, Results, SEATS_KEY, SHARD_KEY, first_difference, match_identity,
};
use super::schedule::{Pairing, slot};
use super::shard::Shard;
use super::sprt::Sprt;

/// The most games `--report` accepts in a match.
const MOST_GAMES: usize = 10_000_000;

/// One folder's results, and the shard it holds.
struct Part {
    dir: PathBuf,
    shard: Shard,
    results: Results,
}

fn read_part(dir: &Path) -> Result<Part, String> {
    let results = Results::read(&dir.join("results.tsv")).map_err(|e| e.to_string())?;
    let shard = match results.get(SHARD_KEY) {
        Some(text) => Shard::parse(text).map_err(|e| format!("{}: {e}", dir.display()))?,
        None => Shard { index: 1, count: 1 },
    };
    Ok(Part {
        dir: dir.to_path_buf(),
        shard,
        results,
    })
}

/// What the header says of the match.
fn plan(results: &Results, games: usize) -> Result<Plan, String> {
    let mut names = Vec::new();
    while let Some(line) = results.get(&format!("engine {}", names.len())) {
        names.push(line.split(" | ").next().unwrap_or(line).to_string());
    }
    if names.len() < 2 {
        return Err("the results header names fewer than two engines".into());
    }
    let pairing = match results.get("schedule") {
        Some("gauntlet") => Pairing::Gauntlet,
        _ => Pairing::RoundRobin,
    };
    let sprt = results.get("sprt").map(Sprt::parse).transpose()?;
    let seats = results.get(SEATS_KEY).and_then(|n| n.parse().ok());
    Ok(Plan {
        names,
        pairing,
        games,
        sprt,
        seats,
    })
}

/// The report of the match in `dirs`; `Err` names folders that are not shards of one
/// match, shards given twice and shards missing.
pub fn report_folders(dirs: &[PathBuf]) -> Result<String, String> {
    let parts: Vec<Part> = dirs
        .iter()
        .map(|d| read_part(d))
        .collect::<Result<_, _>>()?;
    let first = &parts[0];
    let identity = match_identity(&first.results.header);
    for p in &parts[1..] {
        let other = match_identity(&p.results.header);
        if other != identity {
            return Err(format!(
                "{} and {} hold different matches ({})",
                first.dir.display(),
                p.dir.display(),
                first_difference(&identity, &other)
            ));
        }
        if p.shard.count != first.shard.count {
            return Err(format!(
                "{} is shard {} but {} is shard {}: shards of one match have the same N",
                first.dir.display(),
                first.shard.text(),
                p.dir.display(),
                p.shard.text()
            ));
        }
    }
    let count = first.shard.count;
    for (i, p) in parts.iter().enumerate() {
        if let Some(q) = parts[..i].iter().find(|q| q.shard == p.shard) {
            return Err(format!(
                "{} and {} are both shard {}",
                q.dir.display(),
                p.dir.display(),
                p.shard.text()
            ));
        }
        if let Some(g) = p.results.games.iter().find(|g| !p.shard.plays(g.game)) {
            return Err(format!(
                "{} holds game {}, which is not one of shard {}",
                p.dir.display(),
                g.game,
                p.shard.text()
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|&i| !parts.iter().any(|p| p.shard.index == i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard {} missing: give the folders of all {count} shards",
            missing.join(", ")
        ));
    }
    let games = parts
        .iter()
        .filter_map(|p| p.results.get(GAMES_KEY)?.parse().ok())
        .max()
        .unwrap_or(0);
    let plan = plan(&first.results, games)?;
    // The one run holds every game of its schedule in memory; a header saying more is
    // not one tabula wrote.
    let total = games.checked_mul(plan.engine_pairs().len());
    if total.is_none_or(|t| t > MOST_GAMES) {
        return Err(format!(
            "{}: the results header's games line ({games}) is out of range",
            first.dir.display()
        ));
    }
    let finished: Vec<GameRecord> = parts
        .iter()
        .flat_map(|p| p.results.games.iter().cloned())
        .collect();
    let mut text = report(&plan, &finished);
    let unplayed = unplayed(&plan, &finished);
    if !unplayed.is_empty() {
        let by_shard: Vec<String> = unplayed
            .iter()
            .map(|g| {
                let shard = parts
                    .iter()
                    .find(|p| p.shard.plays(*g))
                    .expect("all shards");
                format!("{g} ({})", shard.dir.display())
            })
            .collect();
        text.push_str(&format!(
            "\nNot played yet: {} of {} games: {} (resume those folders with --resume)\n",
            unplayed.len(),
            unplayed.len() + finished.len(),
            by_shard.join(", ")
        ));
    }
    Ok(text)
}

/// The games the match still has to play: every game of the schedule not finished,
/// except, with an SPRT, those after the game pair that decided it.
fn unplayed(plan: &Plan, finished: &[GameRecord]) -> Vec<usize> {
    let pairs = plan.engine_pairs().len();
    let tests = plan.tests(finished);
    let done: HashSet<usize> = finished.iter().map(|g| g.game).collect();
    (1..=plan.games * pairs)
        .filter(|&g| {
            let (p, round) = slot(g, pairs);
            let needed = tests
                .get(p)
                .and_then(|t| t.stop_round)
                .is_none_or(|stop| round < stop);
            needed && !done.contains(&g)
        })
        .collect()
}
