//! Games of more than two players (Blokus Classic and Three-Player) between two engines:
//! one engine alone in one seat, the other playing every other seat ("the field"). The
//! lone seat moves round the table over the schedule, so each engine sits alone in each
//! seat; what a game is worth to the lone engine is the game's own goal, the share of the
//! other players it beat.

use super::player::{Colour, GameColour};
use super::results::GameRecord;
use crate::games::blokus::{MAX_COLOURS, Variant, share_beaten};

/// The seats of a game of more than two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    variant: Variant,
}

/// What one game was worth to the lone seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatOutcome {
    /// Points of each seat (player), first seat first.
    pub points: Vec<i32>,
    /// The share of the other seats the lone seat beat (a tie counts half).
    pub share: f64,
    /// The lone seat's points less the mean of the other seats'.
    pub margin: f64,
}

impl Seats {
    /// The seats of `game` (a `set_game` name), if it has more than two players.
    pub fn of(game: &str) -> Option<Seats> {
        Variant::from_name(game)
            .filter(|v| v.num_players() > 2)
            .map(|variant| Seats { variant })
    }

    pub fn count(&self) -> usize {
        self.variant.num_players()
    }

    /// The seat that moves for `colour` after `moves`: each colour is a seat's, except
    /// Three-Player's fourth colour, which the seats play in turn.
    pub fn seat_of(&self, colour: GameColour, moves: &[(GameColour, String)]) -> usize {
        let GameColour::Numbered(n) = colour else {
            return colour.side().index();
        };
        let placed = moves
            .iter()
            .filter(|(c, mv)| *c == colour && !mv.eq_ignore_ascii_case("pass"))
            .count();
        self.variant.player_of(usize::from(n.max(1) - 1), placed)
    }

    /// The side that moves for `colour` when `lone` is the lone engine's seat: Black for
    /// the lone engine, White for the field.
    pub fn side_of(
        &self,
        colour: GameColour,
        moves: &[(GameColour, String)],
        lone: usize,
    ) -> Colour {
        if self.seat_of(colour, moves) == lone {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// The outcome for seat `lone` of a final score that gives each colour's points
    /// (`60 55 40 38`, as Pentobi and tabula answer `final_score`); `None` if it does not.
    pub fn outcome(&self, score: &str, lone: usize) -> Option<SeatOutcome> {
        let words: Vec<&str> = score.split_whitespace().collect();
        if words.len() != self.variant.num_colours() || lone >= self.count() {
            return None;
        }
        let mut colour_points = [0u32; MAX_COLOURS];
        for (slot, word) in colour_points.iter_mut().zip(&words) {
            *slot = word.parse().ok()?;
        }
        let points = self.variant.player_points(colour_points)[..self.count()].to_vec();
        Some(SeatOutcome::of(points, lone))
    }
}

impl SeatOutcome {
    /// The outcome for seat `lone` (one of them) of each seat's `points`.
    pub fn of(points: Vec<i32>, lone: usize) -> SeatOutcome {
        let others = points.len().saturating_sub(1).max(1);
        let field: i32 = points.iter().sum::<i32>() - points[lone];
        SeatOutcome {
            share: share_beaten(&points, lone),
            margin: f64::from(points[lone]) - f64::from(field) / others as f64,
            points,
        }
    }

    /// The game as a result between the lone engine (Black) and the field (White):
    /// won when it beat more than half of the other seats, drawn at exactly half.
    pub fn result(&self) -> &'static str {
        if self.share > 0.5 {
            "B+"
        } else if self.share < 0.5 {
            "W+"
        } else {
            "0"
        }
    }
}

/// Mean and half width of the 95 % interval (normal, from the sample's spread; `None`
/// from one game).
fn mean_and_error(xs: &[f64]) -> (f64, Option<f64>) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, None);
    }
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Some(1.96 * (variance / n).sqrt()))
}

fn error_text(error: Option<f64>, scale: f64) -> String {
    error.map_or("-".into(), |e| format!("{:.1}", scale * e))
}

fn per_game(total: f64, games: usize) -> String {
    if games == 0 {
        "-".into()
    } else {
        format!("{:.2}", total / games as f64)
    }
}

/// The table of each engine alone in each seat (and in all of them), from the scored
/// games of a match of `count` seats: the share of the other seats it beat and its
/// points less the field's mean, each with its 95 % interval; its points and the
/// field's mean; first places; CPU seconds per game of the lone engine and of the
/// field's engine (which plays all the other seats).
pub fn seat_table(names: &[String], count: usize, games: &[GameRecord]) -> Vec<Vec<String>> {
    let header = [
        "engine",
        "seat",
        "games",
        "share",
        "±95%",
        "margin",
        "±95%",
        "points",
        "field",
        "first",
        "cpu",
        "field cpu",
    ];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for (engine, name) in names.iter().enumerate() {
        let seat_rows = (0..count).map(Some).chain([None]);
        for seat in seat_rows {
            let played: Vec<(&GameRecord, usize)> = games
                .iter()
                .filter(|g| g.black == engine && g.points.len() == count)
                .filter_map(|g| g.seat.map(|s| (g, s)))
                .filter(|&(_, s)| s < count && seat.is_none_or(|k| k == s))
                .collect();
            if played.is_empty() {
                continue;
            }
            let outcomes: Vec<SeatOutcome> = played
                .iter()
                .map(|&(g, s)| SeatOutcome::of(g.points.clone(), s))
                .collect();
            let shares: Vec<f64> = outcomes.iter().map(|o| o.share).collect();
            let margins: Vec<f64> = outcomes.iter().map(|o| o.margin).collect();
            let lone: f64 = played.iter().map(|&(g, s)| f64::from(g.points[s])).sum();
            let first = shares.iter().filter(|&&share| share >= 1.0).count();
            let cpu = |side: usize| {
                let known: Vec<f64> = played.iter().filter_map(|(g, _)| g.cpu[side]).collect();
                per_game(known.iter().sum(), known.len())
            };
            let (share, share_error) = mean_and_error(&shares);
            let (margin, margin_error) = mean_and_error(&margins);
            let n = played.len();
            rows.push(vec![
                name.clone(),
                seat.map_or("all".into(), |k| (k + 1).to_string()),
                n.to_string(),
                format!("{:.1}%", 100.0 * share),
                error_text(share_error, 100.0),
                format!("{margin:+.1}"),
                error_text(margin_error, 1.0),
                format!("{:.1}", lone / n as f64),
                format!("{:.1}", lone / n as f64 - margin),
                first.to_string(),
                cpu(0),
                cpu(1),
            ]);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[(u8, &str)]) -> Vec<(GameColour, String)> {
        list.iter()
            .map(|&(c, m)| (GameColour::Numbered(c), m.to_string()))
            .collect()
    }

    #[test]
    fn only_games_of_more_than_two_players_have_seats() {
        assert_eq!(Seats::of("Blokus").map(|s| s.count()), Some(4));
        assert_eq!(Seats::of("blokus three-player").map(|s| s.count()), Some(3));
        for two in ["Blokus Two-Player", "Blokus Duo", "Go", "Renju"] {
            assert_eq!(Seats::of(two), None, "{two}");
        }
    }

    #[test]
    fn three_players_take_turns_with_the_fourth_colour() {
        let seats = Seats::of("Blokus Three-Player").unwrap();
        let four = GameColour::Numbered(4);
        let mut played = moves(&[(1, "a1"), (2, "t1"), (3, "t20")]);
        let mut turns = Vec::new();
        for _ in 0..4 {
            turns.push(seats.seat_of(four, &played));
            played.push((four, "a20".into()));
            played.push((four, "pass".into()));
        }
        assert_eq!(turns, [0, 1, 2, 0]);
        assert_eq!(seats.seat_of(GameColour::Numbered(3), &played), 2);
        assert_eq!(seats.side_of(four, &played[..4], 1), Colour::Black);
        assert_eq!(seats.side_of(four, &played[..4], 0), Colour::White);
        let classic = Seats::of("Blokus").unwrap();
        assert_eq!(classic.seat_of(four, &played), 3);
    }

    #[test]
    fn the_lone_seat_is_worth_the_share_of_seats_it_beat() {
        let classic = Seats::of("Blokus").unwrap();
        let second = classic.outcome("60 70 40 40", 0).unwrap();
        assert_eq!(second.points, [60, 70, 40, 40]);
        assert!((second.share - 2.0 / 3.0).abs() < 1e-9);
        assert!((second.margin - 10.0).abs() < 1e-9);
        assert_eq!(second.result(), "B+");
        let tied = classic.outcome("60 70 40 40", 2).unwrap();
        assert!((tied.share - 0.5 / 3.0).abs() < 1e-9);
        assert_eq!(tied.result(), "W+");
        // Three-Player's shared colour scores for no one.
        let three = Seats::of("Blokus Three-Player").unwrap();
        let even = three.outcome("50 60 40 99", 0).unwrap();
        assert_eq!(even.points, [50, 60, 40]);
        assert_eq!((even.share, even.margin, even.result()), (0.5, 0.0, "0"));
        for bad in ["B+3", "60 70 40", "60 70 40 x", ""] {
            assert_eq!(classic.outcome(bad, 0), None, "{bad}");
        }
        assert_eq!(classic.outcome("1 2 3 4", 4), None);
    }

    #[test]
    fn the_seat_table_averages_each_engine_alone_in_each_seat() {
        let names = ["a".to_string(), "b".to_string()];
        let game = |number: usize, lone: usize, seat: usize, points: [i32; 3]| GameRecord {
            seat: Some(seat),
            points: points.to_vec(),
            cpu: [Some(2.0), Some(6.0)],
            ..GameRecord::new(number, lone, 1 - lone)
        };
        let games = [
            game(1, 0, 0, [60, 50, 40]),
            game(2, 1, 0, [30, 50, 40]),
            game(3, 0, 1, [50, 50, 50]),
            game(4, 1, 1, [40, 70, 40]),
            // Not scored (a forfeit): left out.
            GameRecord {
                seat: Some(2),
                ..GameRecord::new(5, 0, 1)
            },
        ];
        let rows = seat_table(&names, 3, &games);
        let row = |engine: &str, seat: &str| {
            rows.iter()
                .find(|r| r[0] == engine && r[1] == seat)
                .unwrap_or_else(|| panic!("{engine} {seat}: {rows:?}"))
                .clone()
        };
        assert_eq!(rows[0][3], "share");
        let a1 = row("a", "1");
        assert_eq!(a1[2..5], ["1", "100.0%", "-"]);
        assert_eq!((a1[5].as_str(), a1[9].as_str()), ("+15.0", "1"));
        let a_all = row("a", "all");
        assert_eq!(a_all[2..4], ["2", "75.0%"]);
        assert_eq!((a_all[5].as_str(), a_all[7].as_str()), ("+7.5", "55.0"));
        assert_eq!((a_all[10].as_str(), a_all[11].as_str()), ("2.00", "6.00"));
        let b_all = row("b", "all");
        assert_eq!(b_all[2..4], ["2", "50.0%"]);
        assert_eq!(b_all[5], "+7.5");
        assert!(!rows.iter().any(|r| r[1] == "3"), "{rows:?}");
    }
}
