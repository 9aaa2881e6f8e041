//! One game between two players, refereed move by move.

use std::time::{Duration, Instant};

use super::openings::Opening;
use super::player::{
    Answer, Clock, ClockStyle, Colour, Fault, FaultKind, GameColour, GameSetup, Player, Position,
    TimeControl,
};
use super::referee::{ExternalReferee, Referee};
use super::results::{End, GameRecord};
use super::seats::Seats;

/// What a game needs besides its players.
pub struct GameRules<'a> {
    pub setup: &'a GameSetup,
    pub max_moves: usize,
    /// Added to every move's time before the engine is out of time.
    pub margin: Duration,
    /// The wait for an answer when no clock runs.
    pub timeout: Duration,
}

/// One side of the game: its engine, and how its clock runs.
pub struct Side<'a> {
    pub player: &'a mut dyn Player,
    pub time: TimeControl,
    pub style: ClockStyle,
}

/// A finished game: the results line and the referee's SGF.
pub struct Played {
    pub record: GameRecord,
    pub sgf: String,
    /// Every move (opening included) with the milliseconds it took (0 in the opening).
    pub moves: Vec<(GameColour, String, u64)>,
}

fn fault_end(kind: FaultKind) -> End {
    match kind {
        FaultKind::Timeout => End::Time,
        FaultKind::Crash => End::Crash,
        FaultKind::Garbage => End::Garbage,
        FaultKind::Refused => End::Refused,
    }
}

/// The SGF result of `winner` winning by `how` (`R`, `T`, `F`).
fn result_for(winner: Colour, how: char) -> String {
    format!("{}+{how}", winner.letter())
}

/// How reasons name a side: its colour, or in a game of seats, its place at the table.
pub fn side_name(c: Colour, seated: bool) -> &'static str {
    match (c, seated) {
        (Colour::Black, false) => "Black",
        (Colour::White, false) => "White",
        (Colour::Black, true) => "The lone seat",
        (Colour::White, true) => "The field",
    }
}

/// Plays game `record` (number, engines, opening and seat filled in) with `sides`
/// (Black first: in a game of more than two players, the engine alone in its seat).
/// `external` scores finished games if given.
pub fn play(
    rules: &GameRules,
    mut sides: [Side; 2],
    opening: &Opening,
    mut external: Option<&mut ExternalReferee>,
    mut record: GameRecord,
) -> Played {
    let mut referee = Referee::new(rules.setup).expect("the setup was checked at the start");
    let seats = record.seat.zip(Seats::of(&rules.setup.game));
    // Who moves for a colour: its side, or in a game of seats, the lone seat's engine
    // (Black) or the field's (White).
    let side_of = |colour: GameColour, moves: &[(GameColour, String)]| match seats {
        Some((lone, seats)) => seats.side_of(colour, moves, lone),
        None => colour.side(),
    };
    let seated = seats.is_some();
    let mut moves: Vec<(GameColour, String)> = Vec::new();
    let mut move_ms: Vec<u64> = Vec::new();
    for (colour, mv) in opening {
        referee
            .play(*colour, mv)
            .expect("openings are checked at the start");
        moves.push((*colour, mv.clone()));
        move_ms.push(0);
    }
    let mut clocks = [
        Clock::new(sides[0].time, sides[0].style),
        Clock::new(sides[1].time, sides[1].style),
    ];

    let mut cpu_at_start = [None, None];
    let outcome = 'game: {
        for c in [Colour::Black, Colour::White] {
            let side = &mut sides[c.index()];
            if let Err(f) =
                side.player
                    .new_game(rules.setup, record.game, c, &clocks[c.index()], opening)
            {
                break 'game forfeit(c, seated, f, "before the game");
            }
        }
        cpu_at_start = [sides[0].player.cpu_seconds(), sides[1].player.cpu_seconds()];
        loop {
            if referee.is_over() {
                break 'game scored(&mut referee, &mut external, rules, &moves, End::Score);
            }
            if moves.len() >= rules.max_moves {
                break 'game scored(&mut referee, &mut external, rules, &moves, End::MoveLimit);
            }
            let mover = referee.to_move();
            let c = side_of(mover, &moves);
            let rows = referee.rows();
            let clock = &mut clocks[c.index()];
            let wait = match clock.allowed() {
                None => rules.timeout,
                Some(a) if a + rules.margin.as_secs_f64() <= 0.0 => {
                    let over = format!("out of time ({:.1} s over)", -a);
                    let fault = Fault::new(FaultKind::Timeout, over);
                    break 'game forfeit(c, seated, fault, &format!("at move {}", moves.len() + 1));
                }
                Some(a) => Duration::from_secs_f64(a.max(0.0)) + rules.margin,
            };
            let position = Position {
                rows: &rows,
                moves: &moves,
            };
            let started = Instant::now();
            let answer = sides[c.index()]
                .player
                .genmove(mover, clock, wait, &position);
            let took = started.elapsed();
            clock.charge(took.as_secs_f64());
            let mv = match answer {
                Err(f) => {
                    break 'game forfeit(c, seated, f, &format!("at move {}", moves.len() + 1));
                }
                Ok(Answer::Resign) => {
                    break 'game (
                        result_for(c.opponent(), 'R'),
                        End::Resign,
                        format!(
                            "{} resigned at move {}",
                            side_name(c, seated),
                            moves.len() + 1
                        ),
                    );
                }
                Ok(Answer::Pass) => {
                    record.passes[c.index()] += 1;
                    "pass".to_string()
                }
                Ok(Answer::Move(m)) => m,
            };
            if let Err(why) = referee.play(mover, &mv) {
                break 'game (
                    result_for(c.opponent(), 'F'),
                    End::Illegal,
                    format!(
                        "{} played {mv} at move {}: {why}",
                        side_name(c, seated),
                        moves.len() + 1
                    ),
                );
            }
            moves.push((mover, mv.clone()));
            move_ms.push(took.as_millis() as u64);
            let rows = referee.rows();
            let position = Position {
                rows: &rows,
                moves: &moves,
            };
            for observer in [Colour::Black, Colour::White] {
                if let Err(f) =
                    sides[observer.index()]
                        .player
                        .observe(mover, observer == c, &mv, &position)
                {
                    break 'game forfeit(
                        observer,
                        seated,
                        f,
                        &format!("after move {}", moves.len()),
                    );
                }
            }
        }
    };
    for (i, side) in sides.iter_mut().enumerate() {
        let now = side.player.cpu_seconds();
        record.cpu[i] = cpu_at_start[i].zip(now).map(|(start, end)| end - start);
        side.player.end_game();
    }
    let (result, end, reason) = outcome;
    record.result = result;
    record.end = end;
    record.reason = reason;
    if let Some((lone, seats)) = seats
        && matches!(end, End::Score | End::MoveLimit)
    {
        seat_result(&mut record, &seats, lone);
    }
    record.moves = moves.len();
    record.captures = referee.captured();
    record.time = [clocks[0].used, clocks[1].used];
    Played {
        record,
        sgf: referee.sgf(),
        moves: moves
            .into_iter()
            .zip(move_ms)
            .map(|((c, m), ms)| (c, m, ms))
            .collect(),
    }
}

/// A `final_score` answer as GTP defines it: `B+n`, `W+n` or `0`; or the points of
/// each colour (Pentobi's answer in games of more than two players).
fn is_result(score: &str) -> bool {
    score == "0"
        || score.starts_with("B+")
        || score.starts_with("W+")
        || (score.contains(' ') && score.split(' ').all(|w| w.parse::<u32>().is_ok()))
}

/// A game of seats scored with each colour's points: the lone seat's result against the
/// field, and each seat's points.
fn seat_result(record: &mut GameRecord, seats: &Seats, lone: usize) {
    match seats.outcome(&record.result, lone) {
        Some(outcome) => {
            record.result = outcome.result().into();
            record.reason = format!(
                "{}; seat {} beat {:.0} % of the others",
                record.reason,
                lone + 1,
                100.0 * outcome.share
            );
            record.points = outcome.points;
        }
        None => log::warn!("cannot read each seat's points in {:?}", record.result),
    }
}

fn forfeit(loser: Colour, seated: bool, fault: Fault, when: &str) -> (String, End, String) {
    let how = if fault.kind == FaultKind::Timeout {
        'T'
    } else {
        'F'
    };
    (
        result_for(loser.opponent(), how),
        fault_end(fault.kind),
        format!("{} {when}: {}", side_name(loser, seated), fault.detail),
    )
}

/// The score of a finished (or stopped) game: the external referee's if there is one
/// and it answers, else ours.
fn scored(
    referee: &mut Referee,
    external: &mut Option<&mut ExternalReferee>,
    rules: &GameRules,
    moves: &[(GameColour, String)],
    end: End,
) -> (String, End, String) {
    let verdict = referee.verdict();
    let stopped = if end == End::MoveLimit {
        format!("stopped after {} moves; ", moves.len())
    } else {
        String::new()
    };
    if let Some(ext) = external.as_deref_mut() {
        match ext.score(rules.setup, moves) {
            Ok(score) if is_result(score.trim()) => {
                let score = score.trim().to_string();
                let reason = format!("{stopped}referee: {score} (tabula: {})", verdict.score);
                return (score, end, reason);
            }
            Ok(other) => log::warn!("referee answered {other:?}; using tabula's score"),
            Err(e) => log::warn!("referee failed ({e}); using tabula's score"),
        }
    }
    let reason = format!("{stopped}{}", verdict.sentence);
    (verdict.score, end, reason)
}
