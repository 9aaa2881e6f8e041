//! The order of the games: who plays whom, with which colour and opening, and the
//! settings that make two runs the same match.

use super::openings::Opening;
use super::options::{MatchOptions, Protocol};
use super::results::{GameRecord, SEATS_KEY};
use super::seats::Seats;

/// A game waiting to be played: its results line so far, and its opening.
pub struct Scheduled {
    pub record: GameRecord,
    pub opening: Opening,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// Every engine plays every other one.
    RoundRobin,
    /// The first engine plays every other one; they do not play each other.
    Gauntlet,
}

/// The pairs of engines that play, in schedule order (the first of a pair has the lower
/// index, and is Black in even rounds).
pub fn engine_pairs(engines: usize, pairing: Pairing) -> Vec<(usize, usize)> {
    match pairing {
        Pairing::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
        Pairing::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
    }
}

/// Where game number `game` stands in a schedule of `pairs` engine pairs: the index
/// of its engine pair and its round.
pub fn slot(game: usize, pairs: usize) -> (usize, usize) {
    let pairs = pairs.max(1);
    ((game - 1) % pairs, (game - 1) / pairs)
}

/// The number of the game that engine pair `pair` plays in `round`.
pub fn game_number(pair: usize, round: usize, pairs: usize) -> usize {
    round * pairs + pair + 1
}

/// Every game of the match in order: each pair of engines plays round after round,
/// colours alternating; opening k serves rounds 2k and 2k+1, so each engine of a pair
/// plays it with both colours. In a game of `seats` players (more than two), "Black" is
/// the engine alone in one seat and "White" the field: the lone seat moves on every
/// two rounds, so each engine of a pair sits alone in each seat in turn. Game numbers
/// depend on the engines and the pairing, not on the number of games: more games only
/// add to the end.
pub fn schedule(
    engines: usize,
    pairing: Pairing,
    games: usize,
    openings: &[Opening],
    seats: Option<usize>,
) -> Vec<Scheduled> {
    let pairs = engine_pairs(engines, pairing);
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
                    opening,
                    seat: seats.map(|n| (round / 2) % n.max(1)),
                    ..GameRecord::new(out.len() + 1, black, white)
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
    // Lines that older matches do not have are written only when they apply, so that
    // those matches can still be resumed.
    if o.pairing == Pairing::Gauntlet {
        s.push(("schedule".into(), "gauntlet".into()));
    }
    if o.seed_base != 0 {
        s.push(("seed-base".into(), o.seed_base.to_string()));
    }
    if let Some(sprt) = &o.sprt {
        s.push(("sprt".into(), sprt.text()));
    }
    if let Some(seats) = Seats::of(&o.game) {
        s.push((SEATS_KEY.into(), seats.count().to_string()));
    }
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
        let games = schedule(3, Pairing::RoundRobin, 4, &openings, None);
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
        let more = schedule(3, Pairing::RoundRobin, 6, &openings, None);
        assert!(more.iter().zip(&games).all(|(a, b)| a.record == b.record));
    }

    #[test]
    fn a_gauntlet_pits_the_first_engine_against_each_other_one() {
        let games = schedule(4, Pairing::Gauntlet, 4, &[], None);
        let summary: Vec<(usize, usize, usize)> = games
            .iter()
            .map(|s| (s.record.game, s.record.black, s.record.white))
            .collect();
        assert_eq!(
            summary[..6],
            [
                (1, 0, 1),
                (2, 0, 2),
                (3, 0, 3),
                (4, 1, 0),
                (5, 2, 0),
                (6, 3, 0)
            ]
        );
        assert_eq!(games.len(), 3 * 4);
        assert!(
            games
                .iter()
                .all(|s| s.record.black == 0 || s.record.white == 0)
        );
        for other in 1..4 {
            let as_black = games.iter().filter(|s| s.record.black == other).count();
            let as_white = games.iter().filter(|s| s.record.white == other).count();
            assert_eq!((as_black, as_white), (2, 2), "engine {other}");
        }
        // The round robin of the same engines has six pairs.
        assert_eq!(engine_pairs(4, Pairing::RoundRobin).len(), 6);
        assert_eq!(slot(5, 3), (1, 1));
        assert_eq!(game_number(1, 1, 3), 5);
    }

    #[test]
    fn each_engine_sits_alone_in_each_seat_in_turn() {
        let games = schedule(2, Pairing::RoundRobin, 8, &[], Some(4));
        let summary: Vec<(usize, Option<usize>)> = games
            .iter()
            .map(|s| (s.record.black, s.record.seat))
            .collect();
        let expected: Vec<(usize, Option<usize>)> =
            (0..8).map(|r| (r % 2, Some((r / 2) % 4))).collect();
        assert_eq!(summary, expected);
        assert!(games.iter().all(|s| s.record.white == 1 - s.record.black));
    }
}
