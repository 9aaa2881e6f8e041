//! A Gomocup ("pbrain") engine as a player. As GomocupJudge does, every game is a fresh
//! process: `START`, the `INFO` limits, then `BEGIN`, `BOARD` or `TURN` for each of its
//! moves. Its `x,y` answers are turned into GTP vertices for the referee.

use std::fs::File;
use std::time::{Duration, Instant};

use super::gtp_client::excerpt;
use super::player::{
    Answer, Clock, Colour, Fault, FaultKind, GameColour, GameSetup, Player, Position,
};
use super::process::{EngineProcess, STARTUP};
use crate::games::coord;

/// Gomocup `x,y` (0-based, x the column, y counted from the top) to a GTP vertex
/// (`A1` at the bottom left, letters without I) on a board of `width` × `height`.
pub fn gomocup_to_vertex(x: usize, y: usize, width: usize, height: usize) -> Option<String> {
    (x < width && y < height && x < coord::MAX_COLUMNS)
        .then(|| coord::format_point(x, height - 1 - y))
}

/// A GTP vertex to Gomocup `x,y`; `None` for a pass or anything off the board.
pub fn vertex_to_gomocup(vertex: &str, width: usize, height: usize) -> Option<(usize, usize)> {
    coord::parse_point(vertex, width, height).map(|(x, row)| (x, height - 1 - row))
}

/// A move line: `x,y` with optional spaces around the numbers.
fn parse_move_line(line: &str) -> Option<(usize, usize)> {
    let (x, y) = line.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

pub struct GomocupClient {
    command: String,
    stderr: Option<File>,
    timeout: Duration,
    process: Option<EngineProcess>,
    me: Colour,
    setup: Option<GameSetup>,
    /// The board after our last move, to tell whether `TURN` says enough.
    board_after_mine: Option<Vec<String>>,
}

impl GomocupClient {
    pub fn new(command: &str, stderr: Option<File>, timeout: Duration) -> GomocupClient {
        GomocupClient {
            command: command.to_string(),
            stderr,
            timeout,
            process: None,
            me: Colour::Black,
            setup: None,
            board_after_mine: None,
        }
    }

    fn process(&mut self) -> Result<&mut EngineProcess, Fault> {
        self.process
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crash, "not running"))
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        Ok(self.process()?.send(line, true)?)
    }

    /// The next line that is not `MESSAGE`/`DEBUG` chatter.
    fn answer(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            let line = self.process()?.read_line(deadline)?;
            let word = line.split_whitespace().next().unwrap_or("");
            if line.trim().is_empty()
                || word.eq_ignore_ascii_case("MESSAGE")
                || word.eq_ignore_ascii_case("DEBUG")
            {
                log::debug!("{}: {line}", self.command);
                continue;
            }
            return Ok(line.trim().to_string());
        }
    }

    fn size(&self) -> (usize, usize) {
        self.setup
            .as_ref()
            .map_or((15, 15), |s| (s.width, s.height))
    }

    /// `x,y` of a GTP move on this board.
    fn coordinates(&self, vertex: &str) -> Option<(usize, usize)> {
        let (w, h) = self.size();
        vertex_to_gomocup(vertex, w, h)
    }

    /// The `BOARD` command for `position`: the stones still on the board, in the order
    /// they were played (Renju engines need the order), 1 for ours and 2 for theirs.
    fn board_lines(&self, position: &Position) -> Vec<String> {
        let mut lines = vec!["BOARD".to_string()];
        let mut seen = std::collections::HashSet::new();
        for (colour, mv) in position.moves.iter().rev() {
            let Some((x, y)) = self.coordinates(mv) else {
                continue;
            };
            let mark = match position.rows.get(y).and_then(|r| r.as_bytes().get(x)) {
                Some(b'X') => Colour::Black,
                Some(b'O') => Colour::White,
                _ => continue,
            };
            // The latest move on a point owns it (points can be emptied and refilled).
            if mark == colour.side() && seen.insert((x, y)) {
                let who = if colour.side() == self.me { 1 } else { 2 };
                lines.push(format!("{x},{y},{who}"));
            }
        }
        lines[1..].reverse();
        lines.push("DONE".into());
        lines
    }

    /// Did the opponent's last move only add its stone to the board we last saw?
    fn turn_suffices(&self, position: &Position) -> Option<String> {
        let before = self.board_after_mine.as_ref()?;
        let (colour, mv) = position.moves.last()?;
        if colour.side() == self.me {
            return None;
        }
        let (x, y) = self.coordinates(mv)?;
        let mut expected = before.clone();
        let mark = if colour.side() == Colour::Black {
            "X"
        } else {
            "O"
        };
        expected.get_mut(y)?.replace_range(x..x + 1, mark);
        (expected == position.rows).then(|| format!("TURN {x},{y}"))
    }
}

impl Player for GomocupClient {
    fn identify(&mut self) -> Result<String, Fault> {
        let stderr = self.stderr.as_ref().and_then(|f| f.try_clone().ok());
        self.process = Some(EngineProcess::spawn(&self.command, stderr)?);
        self.send("ABOUT")?;
        let answer = self.answer(Instant::now() + self.timeout.max(STARTUP));
        self.end_game();
        Ok(excerpt(&answer?))
    }

    fn new_game(
        &mut self,
        setup: &GameSetup,
        _game: usize,
        me: Colour,
        clock: &Clock,
        _opening: &[(GameColour, String)],
    ) -> Result<(), Fault> {
        if let Some(mut old) = self.process.take() {
            old.finish(Duration::from_millis(500));
        }
        let stderr = self.stderr.as_ref().and_then(|f| f.try_clone().ok());
        self.process = Some(EngineProcess::spawn(&self.command, stderr)?);
        self.me = me;
        self.setup = Some(setup.clone());
        self.board_after_mine = None;
        let start = if setup.width == setup.height {
            format!("START {}", setup.width)
        } else {
            format!("RECTSTART {},{}", setup.width, setup.height)
        };
        self.send(&start)?;
        let answer = self.answer(Instant::now() + self.timeout.max(STARTUP))?;
        if !answer.eq_ignore_ascii_case("OK") {
            return Err(Fault::new(
                FaultKind::Refused,
                format!("answered `{start}` with {:?}", excerpt(&answer)),
            ));
        }
        let ms = |s: Option<f64>| s.map_or(0, |s| (s * 1000.0) as u64);
        let infos = [
            format!("INFO timeout_turn {}", ms(clock.control.per_move)),
            format!("INFO timeout_match {}", ms(clock.control.main)),
            "INFO max_memory 0".into(),
            "INFO game_type 1".into(),
            format!("INFO rule {}", setup.gomocup_rule),
        ];
        for info in infos {
            self.send(&info)?;
        }
        Ok(())
    }

    fn genmove(
        &mut self,
        _colour: GameColour,
        clock: &Clock,
        wait: Duration,
        position: &Position,
    ) -> Result<Answer, Fault> {
        if let Some(left) = clock.main_left {
            self.send(&format!("INFO time_left {}", (left * 1000.0) as i64))?;
        }
        let lines = if let Some(turn) = self.turn_suffices(position) {
            vec![turn]
        } else if position.moves.is_empty() {
            vec!["BEGIN".to_string()]
        } else {
            self.board_lines(position)
        };
        for line in &lines {
            self.send(line)?;
        }
        let answer = self.answer(Instant::now() + wait)?;
        let Some((x, y)) = parse_move_line(&answer) else {
            self.process()?.kill();
            return Err(Fault::new(
                FaultKind::Garbage,
                format!("answered `{}` with {:?}", lines[0], excerpt(&answer)),
            ));
        };
        let (w, h) = self.size();
        Ok(Answer::Move(
            gomocup_to_vertex(x, y, w, h).unwrap_or_else(|| format!("{x},{y}")),
        ))
    }

    fn observe(
        &mut self,
        _: GameColour,
        mine: bool,
        _: &str,
        position: &Position,
    ) -> Result<(), Fault> {
        if mine {
            self.board_after_mine = Some(position.rows.to_vec());
        }
        Ok(())
    }

    fn cpu_seconds(&mut self) -> Option<f64> {
        // The protocol has no way to ask: the system's count of the process.
        self.process.as_ref()?.cpu_seconds()
    }

    fn end_game(&mut self) {
        if let Ok(p) = self.process() {
            let _ = p.send("END", true);
            p.finish(Duration::from_millis(500));
        }
        self.process = None;
    }

    fn close(&mut self) {
        self.end_game();
    }

    /// Every game starts a new process anyway.
    fn alive(&mut self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gomocup_coordinates_count_rows_from_the_top() {
        assert_eq!(gomocup_to_vertex(0, 0, 15, 15).as_deref(), Some("A15"));
        assert_eq!(gomocup_to_vertex(7, 7, 15, 15).as_deref(), Some("H8"));
        assert_eq!(gomocup_to_vertex(8, 14, 15, 15).as_deref(), Some("J1"));
        assert_eq!(gomocup_to_vertex(19, 0, 20, 20).as_deref(), Some("U20"));
        assert_eq!(gomocup_to_vertex(15, 0, 15, 15), None);
        assert_eq!(vertex_to_gomocup("J1", 15, 15), Some((8, 14)));
        assert_eq!(vertex_to_gomocup("a15", 15, 15), Some((0, 0)));
        assert_eq!(vertex_to_gomocup("pass", 15, 15), None);
        for x in 0..20 {
            for y in 0..20 {
                let v = gomocup_to_vertex(x, y, 20, 20).unwrap();
                assert_eq!(vertex_to_gomocup(&v, 20, 20), Some((x, y)));
            }
        }
    }

    #[test]
    fn move_lines_tolerate_spaces() {
        assert_eq!(parse_move_line(" 7, 8\r"), Some((7, 8)));
        assert_eq!(parse_move_line("OK"), None);
        assert_eq!(parse_move_line("-1,2"), None);
    }
}
