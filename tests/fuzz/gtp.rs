//! The GTP fuzzer: drives `tabula` with seeded lines over every game and checks that
//! each line that needs one gets exactly one well-framed response, that the daemon ends
//! only at `quit` or end of input (status 0), and that an error answer leaves the game
//! as it was (a state probe before and after).

use super::gtp_lines::{self, Family, Planned, View};
use super::gtp_wire::{Expected, expected, read_response};
use super::pipe::Daemon;
use super::rng::Rng;
use super::{Config, Figures, records};
use std::time::Instant;

/// The commands whose answers make up the state a failing command must not change; all
/// games answer them, and none of them searches.
const PROBE: &[&str] = &[
    "gogui-rules_game_id",
    "gogui-rules_board",
    "gogui-rules_side_to_move",
    "gogui-rules_legal_moves",
    "printsgf",
];

/// Percent of commands before which a state probe is taken, unless one is still valid.
const PROBE_PERCENT: u64 = 12;

/// The budget of the random sessions' searches (playouts or nodes), which keeps them
/// short: the games' default budgets (five in a row's 1,000,000 nodes) take seconds a
/// move. One search on a default budget ends the run: `five_in_a_row_on_the_default_budget`.
const PLAYOUTS: &str = "50";

pub fn run(config: &Config) -> Figures {
    let mut rng = Rng::new(config.seed);
    let records = records::prepare(&mut rng, &config.dir);
    let mut figures = Figures {
        started: Some(Instant::now()),
        ..Figures::default()
    };
    while figures.lines < config.lines {
        let lines = (200 + rng.below(1300)).min(config.lines - figures.lines);
        let mut session = Session::start(&mut rng, config, &records);
        figures.sessions += 1;
        session.run(&mut rng, lines, &mut figures);
    }
    five_in_a_row_on_the_default_budget(config);
    figures.sessions += 1;
    figures
}

/// Without `--playouts` and without a clock, a five-in-a-row `genmove` past the opening
/// searches on the game's default budget (1,000,000 nodes) and must answer within the
/// watchdog: the search is bounded.
fn five_in_a_row_on_the_default_budget(config: &Config) {
    let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_tabula"), &[], &config.dir);
    // On an empty board the centre answers at once; past the opening it searches.
    for line in [
        "set_game Gomoku",
        "play b h8",
        "play w j9",
        "genmove b",
        "quit",
    ] {
        daemon.send(line.as_bytes());
        read_response(&mut daemon, None);
    }
    daemon.expect_exit();
}

struct Session<'a> {
    daemon: Daemon,
    records: &'a [String],
    family: Family,
    legal: Vec<String>,
    /// The state at the last probe, while no command may have changed it since.
    probe: Option<Vec<String>>,
}

enum Flow {
    Continue,
    Ended,
}

impl<'a> Session<'a> {
    fn start(rng: &mut Rng, config: &'a Config, records: &'a [String]) -> Session<'a> {
        let seed = rng.below(1000).to_string();
        let mut args = vec!["--playouts", PLAYOUTS, "--seed", &seed];
        if rng.chance(20) {
            args.extend(["--threads", "2"]);
        }
        // Pondering searches between a Go move's answer and the next line.
        if rng.chance(25) {
            args.push("--ponder");
        }
        let daemon = Daemon::start(env!("CARGO_BIN_EXE_tabula"), &args, &config.dir);
        Session {
            daemon,
            records,
            family: Family::Go,
            legal: Vec::new(),
            probe: None,
        }
    }

    fn run(&mut self, rng: &mut Rng, lines: usize, figures: &mut Figures) {
        let mut sent = 0;
        while sent < lines {
            if self.probe.is_none() && rng.chance(PROBE_PERCENT) {
                self.probe = Some(self.take_probe());
            }
            let mut batch = vec![self.next_line(rng)];
            if batch[0].streams {
                // A streaming command answers until the next line arrives: send one.
                let follower = loop {
                    let p = self.next_line(rng);
                    if !p.streams {
                        break p;
                    }
                };
                batch.push(follower);
            }
            for planned in &batch {
                self.daemon.send(&planned.bytes);
            }
            let last = batch.len() - 1;
            for (n, planned) in batch.iter().enumerate() {
                sent += 1;
                figures.lines += 1;
                // A probe goes out only once every line sent has been answered.
                if let Flow::Ended = self.answer(planned, n == last, figures) {
                    return;
                }
            }
        }
        self.end(rng, figures);
    }

    fn next_line(&self, rng: &mut Rng) -> Planned {
        let view = View {
            family: self.family,
            legal: &self.legal,
            records: self.records,
        };
        gtp_lines::line(rng, &view)
    }

    /// Ends the session by `quit` or by end of input; in Go sometimes while `lz-analyze`
    /// streams, which must stop the search and end the daemon all the same.
    fn end(&mut self, rng: &mut Rng, figures: &mut Figures) {
        if rng.chance(50) {
            self.daemon.send(b"quit");
            figures.lines += 1;
            self.answer(&Planned::new(b"quit".to_vec(), self.family), true, figures);
            return;
        }
        if self.family == Family::Go && rng.chance(30) {
            self.daemon.send(b"lz-analyze b 10");
            self.daemon.close_input();
            figures.lines += 1;
            read_response(&mut self.daemon, None);
        } else {
            self.daemon.close_input();
        }
        self.daemon.expect_exit();
    }

    /// Reads and checks the response `planned` must get, if any; `may_probe` when no
    /// later line has been sent yet.
    fn answer(&mut self, planned: &Planned, may_probe: bool, figures: &mut Figures) -> Flow {
        let Expected::Response { id, quit } = expected(&planned.bytes) else {
            return Flow::Continue;
        };
        let response = read_response(&mut self.daemon, id);
        figures.answers += 1;
        if quit {
            if !response.ok {
                self.daemon.fail("quit refused");
            }
            self.daemon.expect_exit();
            return Flow::Ended;
        }
        if !response.ok {
            figures.error_answers += 1;
            if !may_probe {
                self.probe = None;
            } else if let Some(before) = self.probe.take() {
                let after = self.take_probe();
                self.compare(&before, &after);
                figures.probes += 1;
                self.probe = Some(after);
            }
            return Flow::Continue;
        }
        self.probe = None;
        if ["set_game", "loadsgf"].contains(&planned.name.as_str()) {
            if !may_probe {
                self.daemon.fail("a game change while a line is pending");
            }
            self.probe = Some(self.take_probe());
        }
        Flow::Continue
    }

    /// The answers of the probe commands; also learns the game and its legal moves.
    fn take_probe(&mut self) -> Vec<String> {
        let mut answers = Vec::new();
        for command in PROBE {
            self.daemon.send(command.as_bytes());
            let r = read_response(&mut self.daemon, None);
            if !r.ok {
                self.daemon
                    .fail(&format!("probe `{command}` failed: {}", r.text));
            }
            answers.push(r.text);
        }
        self.family = Family::from_game_id(&answers[0]);
        self.legal = answers[3].split_whitespace().map(String::from).collect();
        answers
    }

    fn compare(&mut self, before: &[String], after: &[String]) {
        for ((command, b), a) in PROBE.iter().zip(before).zip(after) {
            if a != b {
                let cut = |t: &str| t.chars().take(600).collect::<String>();
                self.daemon.fail(&format!(
                    "an error answer changed the state: `{command}` was\n{}\nand is now\n{}",
                    cut(b),
                    cut(a)
                ));
            }
        }
    }
}
