//! The order of the games: who plays whom, with which colour and opening, and the
//! settings that make two runs the same match.

use super::openings::Opening;
use super::options::{MatchOptions, Protocol};
use super::results::{End, GameRecord};

/// A game waiting to be played: its results line so far, and its opening.
pub struct Scheduled {
    pub record: GameRecord,
    pub opening: Opening,
}

/// Every game of the match in order: each pair of engines (a round robin) plays round
/// after round, colours alternating; opening k serves rounds 2k and 2k+1, so each
/// engine of a pair plays it with both colours.
pub fn schedule(engines: usize, games: usize, openings: &[Opening]) -> Vec<Scheduled> {
    let pairs: Vec<(usize, usize)> = (0..engines)
        .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
        .collect();
    let mut out = Vec::new();
    for round in 0..games {
        for &(i, j) in &pairs {
            let (black, white) = if round % 2 == 0 { (i, j) } else { (j, i) };
            let opening = if openings.is_empty() {
                0
            } else {
                (round / 2) % openings.len() + 1
            };
            out.push(Scheduled {
                record: GameRecord {
                    game: out.len() + 1,
                    black,
                    white,
                    result: String::new(),
                    end: End::Score,
                    moves: 0,
                    passes: [0, 0],
                    captures: [0, 0],
                    time: [0.0, 0.0],
                    cpu: [None, None],
                    opening,
                    reason: String::new(),
                },
                opening: opening
                    .checked_sub(1)
                    .map(|k| openings[k].clone())
                    .unwrap_or_default(),
            });
        }
    }
    out
}

/// The settings that make two runs the same match (the results file's header). The
/// number of games is not one of them: game numbers do not depend on it, so a match
/// can be resumed with more games to extend it.
pub fn fingerprint(o: &MatchOptions) -> Vec<(String, String)> {
    let mut s = Vec::new();
    for (i, e) in o.engines.iter().enumerate() {
        let time = format!(
            "time {} move-time {}",
            e.time.main.map_or("-".into(), |t| t.to_string()),
            e.time.per_move.map_or("-".into(), |t| t.to_string())
        );
        let protocol = match e.protocol {
            Protocol::Gtp => "gtp",
            Protocol::Gomocup => "gomocup",
        };
        s.push((
            format!("engine {i}"),
            format!("{} | {} | {protocol} | {time}", e.name, e.command),
        ));
    }
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
    s.push(("game".into(), o.game.clone()));
    s.push(("size".into(), opt(o.size.map(|v| v.to_string()))));
    s.push(("komi".into(), opt(o.komi.map(|v| v.to_string()))));
    s.push(("rules".into(), opt(o.rules.clone())));
    s.push(("gomocup-rule".into(), o.gomocup_rule.to_string()));
    s.push((
        "openings".into(),
        opt(o.openings.as_ref().map(|p| p.display().to_string())),
    ));
    s.push(("max-moves".into(), o.max_moves.to_string()));
    s.push(("referee".into(), opt(o.referee.clone())));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::player::Colour;

    #[test]
    fn round_robin_alternates_colours_and_plays_each_opening_both_ways() {
        let openings: Vec<Opening> = vec![
            vec![(Colour::Black.into(), "E5".into())],
            vec![(Colour::Black.into(), "C3".into())],
        ];
        let games = schedule(3, 4, &openings);
        let summary: Vec<(usize, usize, usize, usize)> = games
            .iter()
            .map(|s| {
                (
                    s.record.game,
                    s.record.black,
                    s.record.white,
                    s.record.opening,
                )
            })
            .collect();
        assert_eq!(
            summary[..6],
            [
                (1, 0, 1, 1),
                (2, 0, 2, 1),
                (3, 1, 2, 1),
                (4, 1, 0, 1),
                (5, 2, 0, 1),
                (6, 2, 1, 1)
            ]
        );
        assert_eq!(summary[6], (7, 0, 1, 2));
        assert_eq!(games.len(), 12);
        assert_eq!(games[6].opening[0].1, "C3");
        // More games only add to the end: a match can be extended.
        let more = schedule(3, 6, &openings);
        assert!(more.iter().zip(&games).all(|(a, b)| a.record == b.record));
    }
}
