//! The progress line on stderr: a bar redrawn in place on a terminal, one line per
//! finished game otherwise (logs, pipes). stdout stays for the report.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use super::results::GameRecord;

pub struct Progress {
    total: usize,
    done: usize,
    started: Instant,
    terminal: bool,
}

impl Progress {
    pub fn new(total: usize, already: usize) -> Progress {
        Progress {
            total,
            done: already,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// One more game finished.
    pub fn game(&mut self, record: &GameRecord, names: &[String], score: &str) {
        self.done += 1;
        let (black, white): (String, String) = match record.seat {
            Some(seat) => (format!("seat {}", seat + 1), "the others".into()),
            None => ("B".into(), "W".into()),
        };
        let game = format!(
            "game {}: {} ({black}) - {} ({white}) {} [{}]",
            record.game,
            names[record.black],
            names[record.white],
            record.result,
            record.end.name()
        );
        let width = 20;
        let filled = width * self.done / self.total.max(1);
        let bar = format!("[{}{}]", "#".repeat(filled), "-".repeat(width - filled));
        let elapsed = self.started.elapsed().as_secs();
        let status = format!(
            "{bar} {}/{} games, {}:{:02}  {score}",
            self.done,
            self.total,
            elapsed / 60,
            elapsed % 60
        );
        let mut err = std::io::stderr().lock();
        if self.terminal {
            let _ = write!(err, "\r\x1b[K{game}\n{status}");
        } else {
            let _ = writeln!(err, "{game}  {status}");
        }
        let _ = err.flush();
    }

    /// Ends the line before the report.
    pub fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}
