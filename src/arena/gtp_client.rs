//! A GTP engine as a player: the controller's side of GTP v2, tolerant of what real
//! engines print (CRLF, ids, blank lines before a response) and strict about the rest.

use std::fs::File;
use std::time::{Duration, Instant};

use super::player::{
    Answer, Clock, Colour, Fault, FaultKind, GameColour, GameSetup, Player, Position,
};
use super::process::{EngineProcess, STARTUP};

/// A GTP response: success or failure, and its text.
pub type Response = Result<String, String>;

pub struct GtpClient {
    process: EngineProcess,
    /// Longest wait for an answer to anything but `genmove`.
    timeout: Duration,
    commands: Option<Vec<String>>,
}

/// Whole seconds for `time_settings` and `time_left`, never rounding a limit down to 0
/// (which GTP reads as "no limit" or "out of time").
fn whole_seconds(s: f64) -> u64 {
    if s > 0.0 { s.ceil() as u64 } else { 0 }
}

/// Shortens what an engine printed for a reason text.
pub fn excerpt(text: &str) -> String {
    let one_line = text.replace(['\n', '\r', '\t'], " ");
    if one_line.chars().count() > 60 {
        format!("{}…", one_line.chars().take(60).collect::<String>())
    } else {
        one_line
    }
}

impl GtpClient {
    pub fn start(command: &str, stderr: Option<File>, timeout: Duration) -> Result<Self, Fault> {
        Ok(GtpClient {
            process: EngineProcess::spawn(command, stderr)?,
            timeout,
            commands: None,
        })
    }

    /// Sends `command` and reads its response within `wait`.
    pub fn send(&mut self, command: &str, wait: Duration) -> Result<Response, Fault> {
        self.process.send(command, false)?;
        let deadline = Instant::now() + wait;
        let first = loop {
            let line = self.process.read_line(deadline)?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        let ok = match first.as_bytes()[0] {
            b'=' => true,
            b'?' => false,
            _ => {
                self.process.kill();
                return Err(Fault::new(
                    FaultKind::Garbage,
                    format!("answered `{command}` with {:?}", excerpt(&first)),
                ));
            }
        };
        let mut text = first[1..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        loop {
            let line = self.process.read_line(deadline)?;
            if line.trim().is_empty() {
                break;
            }
            text.push('\n');
            text.push_str(line.trim_end());
        }
        Ok(if ok { Ok(text) } else { Err(text) })
    }

    /// A command that must succeed.
    pub fn require(&mut self, command: &str) -> Result<String, Fault> {
        let wait = self.timeout;
        self.send(command, wait)?.map_err(|e| {
            Fault::new(
                FaultKind::Refused,
                format!("refused `{command}`: {}", excerpt(&e)),
            )
        })
    }

    /// Whether the engine lists `name` (asked once per process).
    pub fn knows(&mut self, name: &str) -> Result<bool, Fault> {
        if self.commands.is_none() {
            // The first exchange with a new process: it may still be starting.
            let wait = self.timeout.max(STARTUP);
            let list = self.send("list_commands", wait)?.unwrap_or_default();
            self.commands = Some(list.split_whitespace().map(String::from).collect());
        }
        Ok(self.commands.iter().flatten().any(|c| c == name))
    }

    /// Sends `command` if the engine knows it; its failure is not the engine's fault.
    fn optional(&mut self, name: &str, command: &str) -> Result<(), Fault> {
        if self.knows(name)? {
            let wait = self.timeout;
            if let Err(e) = self.send(command, wait)? {
                log::info!("engine refused `{command}`: {e}");
            }
        }
        Ok(())
    }
}

impl Player for GtpClient {
    fn identify(&mut self) -> Result<String, Fault> {
        // Any well-formed answer, success or failure, shows that the engine speaks GTP:
        // Pentobi's GTP engine has neither `protocol_version` nor `boardsize`, and a
        // refusal must not keep it out of a match.
        // The first exchange with a new process: it may still be starting.
        let wait = self.timeout.max(STARTUP);
        if let Err(e) = self.send("protocol_version", wait)? {
            log::info!("engine refused `protocol_version`: {e}");
        }
        let wait = self.timeout;
        Ok(match self.send("name", wait)? {
            Ok(name) => excerpt(&name),
            Err(e) => format!("a GTP engine without a name ({})", excerpt(&e)),
        })
    }

    fn new_game(
        &mut self,
        setup: &GameSetup,
        game: usize,
        _me: Colour,
        clock: &Clock,
        opening: &[(GameColour, String)],
    ) -> Result<(), Fault> {
        self.knows("list_commands")?;
        if !setup.game.eq_ignore_ascii_case("go") {
            self.require(&format!("set_game {}", setup.game))?;
        }
        if let Some(n) = setup.size {
            self.require(&format!("boardsize {n}"))?;
        }
        self.require("clear_board")?;
        // An engine that plays the same position the same way would replay one game over
        // and over; the game number varies it, and the match stays reproducible.
        let seed = setup.seed_base.saturating_add(game as u64);
        self.optional("set_random_seed", &format!("set_random_seed {seed}"))?;
        if let Some(k) = setup.komi {
            self.optional("komi", &format!("komi {k}"))?;
        }
        if let Some(r) = &setup.rules {
            self.optional("kgs-rules", &format!("kgs-rules {r}"))?;
        }
        if clock.control.is_set() {
            let tc = clock.control;
            let main = whole_seconds(tc.main.unwrap_or(0.0));
            let (period, stones) = match tc.per_move {
                Some(m) => (whole_seconds(m), 1),
                None => (0, 0),
            };
            self.optional(
                "time_settings",
                &format!("time_settings {main} {period} {stones}"),
            )?;
        }
        for (colour, mv) in opening {
            self.require(&format!("play {} {mv}", colour.gtp()))?;
        }
        Ok(())
    }

    fn genmove(
        &mut self,
        colour: GameColour,
        clock: &Clock,
        wait: Duration,
        _position: &Position,
    ) -> Result<Answer, Fault> {
        if clock.control.is_set() {
            let (left, stones) = match (clock.main_left, clock.control.per_move) {
                (Some(m), _) if m > 0.0 => (m, 0),
                (_, Some(p)) => (p, 1),
                (_, None) => (0.0, 0),
            };
            let left = whole_seconds(left);
            self.optional(
                "time_left",
                &format!("time_left {} {left} {stones}", colour.gtp()),
            )?;
        }
        let command = format!("genmove {}", colour.gtp());
        let text = self.send(&command, wait)?.map_err(|e| {
            Fault::new(
                FaultKind::Refused,
                format!("refused `{command}`: {}", excerpt(&e)),
            )
        })?;
        let word = text.trim();
        Ok(if word.eq_ignore_ascii_case("resign") {
            Answer::Resign
        } else if word.eq_ignore_ascii_case("pass") {
            Answer::Pass
        } else {
            Answer::Move(word.to_string())
        })
    }

    fn observe(
        &mut self,
        colour: GameColour,
        mine: bool,
        move_text: &str,
        _: &Position,
    ) -> Result<(), Fault> {
        // Engines play their own moves in genmove; they are told the others'.
        if mine {
            return Ok(());
        }
        self.require(&format!("play {} {move_text}", colour.gtp()))
            .map(|_| ())
    }

    fn cpu_seconds(&mut self) -> Option<f64> {
        if !self.alive() {
            return None;
        }
        // The engine's own count where it gives one (as Pentobi's twogtp reads it), the
        // system's count of its process otherwise.
        if !self.knows("cputime").ok()? {
            return self.process.cpu_seconds();
        }
        let wait = self.timeout;
        self.send("cputime", wait).ok()?.ok()?.trim().parse().ok()
    }

    fn end_game(&mut self) {}

    fn alive(&mut self) -> bool {
        self.process.alive()
    }

    fn close(&mut self) {
        if self.process.alive() {
            let _ = self.send("quit", Duration::from_millis(500));
        }
        self.process.finish(Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that reads one command and prints `output` (a printf format).
    fn scripted(output: &str) -> GtpClient {
        let command = format!("sh -c 'read line; printf \"{output}\"; sleep 5'");
        GtpClient::start(&command, None, Duration::from_secs(5)).unwrap()
    }

    #[test]
    fn reads_responses_with_ids_crlf_and_leading_blank_lines() {
        let mut c = scripted("\\r\\n=12 E5\\r\\nsecond line\\r\\n\\r\\n");
        let reply = c.send("genmove b", Duration::from_secs(5)).unwrap();
        assert_eq!(reply, Ok("E5\nsecond line".to_string()));
        let mut c = scripted("? illegal move\\n\\n");
        let reply = c.send("play b e5", Duration::from_secs(5)).unwrap();
        assert_eq!(reply, Err("illegal move".to_string()));
    }

    #[test]
    fn an_engine_that_refuses_protocol_version_still_passes_the_start_check() {
        // Pentobi's answers: no protocol_version, but a name.
        let command = "sh -c 'read line; printf \"? unknown command\\n\\n\"; \
                       read line; printf \"= Pentobi\\n\\n\"; sleep 5'";
        let mut c = GtpClient::start(command, None, Duration::from_secs(5)).unwrap();
        assert_eq!(c.identify().unwrap(), "Pentobi");
        let command = "sh -c 'read line; printf \"= 2\\n\\n\"; \
                       read line; printf \"? unknown command\\n\\n\"; sleep 5'";
        let mut c = GtpClient::start(command, None, Duration::from_secs(5)).unwrap();
        let name = c.identify().unwrap();
        assert!(name.contains("without a name"), "{name}");
    }

    #[test]
    fn garbage_silence_and_death_are_faults() {
        let mut c = scripted("Hello, I am an engine\\n\\n");
        let f = c.send("name", Duration::from_secs(5)).unwrap_err();
        assert_eq!(f.kind, FaultKind::Garbage);
        assert!(f.detail.contains("Hello, I am an engine"), "{}", f.detail);
        let mut c = scripted("");
        let f = c.send("name", Duration::from_millis(200)).unwrap_err();
        assert_eq!(f.kind, FaultKind::Timeout);
        let mut c = GtpClient::start("sh -c 'exit 7'", None, Duration::from_secs(5)).unwrap();
        let f = c.send("name", Duration::from_secs(5)).unwrap_err();
        assert_eq!(f.kind, FaultKind::Crash);
        assert!(f.detail.contains("exit status: 7"), "{}", f.detail);
    }
}
