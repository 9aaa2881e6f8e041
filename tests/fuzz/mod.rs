//! The protocol fuzzer: seeded lines for `tabula` (GTP) and `pbrain-tabula` (Gomocup),
//! and the checks on every answer. `tests/fuzz_protocols.rs` runs it.

pub mod gomocup;
pub mod gomocup_wire;
pub mod gtp;
pub mod gtp_lines;
pub mod gtp_wire;
pub mod mutate;
pub mod pipe;
pub mod records;
pub mod rng;

use std::path::PathBuf;
use std::time::Instant;

/// One run's settings.
pub struct Config {
    pub seed: u64,
    /// Lines to send (per protocol).
    pub lines: usize,
    /// The run's own folder: the daemons' working folder and the damaged records.
    pub dir: PathBuf,
}

/// What a run did.
#[derive(Debug, Default)]
pub struct Figures {
    pub lines: usize,
    pub answers: usize,
    pub error_answers: usize,
    /// State probes compared around an error answer.
    pub probes: usize,
    pub sessions: usize,
    pub started: Option<Instant>,
}

impl Figures {
    pub fn report(&self, protocol: &str, config: &Config) -> String {
        let seconds = self.started.map_or(0.0, |s| s.elapsed().as_secs_f64());
        let probes = if self.probes > 0 {
            format!("{} state probes compared, ", self.probes)
        } else {
            String::new()
        };
        format!(
            "{protocol}: seed {}, {} lines, {} answers, {} error answers, {probes}\
             {} daemon sessions, {seconds:.1} s",
            config.seed, self.lines, self.answers, self.error_answers, self.sessions,
        )
    }
}
