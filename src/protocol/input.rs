//! The one thread that owns stdin. It splits the byte stream into lines without ever
//! trusting it (no UTF-8 assumption, bounded memory), hands them to the session over a
//! channel, and raises the stop flag of a running search when the protocol says so.

use std::io::{BufRead, ErrorKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;

/// Longest line kept; the rest of a longer line is read and dropped, and the line is
/// marked so the session can refuse it.
pub const MAX_LINE: usize = 1 << 20;

#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The line without its LF, cut at `MAX_LINE` bytes.
    pub bytes: Vec<u8>,
    /// True if the line was longer than `MAX_LINE`.
    pub truncated: bool,
    /// Position of the line in the input (1-based); interrupts refer to it.
    pub seq: u64,
}

/// What the reader needs to stop a search: the stop flag of the command being run, and
/// whether any new line (not only an interrupt) should stop it.
#[derive(Default)]
struct Running {
    seq: u64,
    flag: Option<Arc<AtomicBool>>,
    stop_on_input: bool,
    /// The last line an interrupt was raised for.
    interrupted_upto: u64,
    /// The last line read.
    last_read: u64,
}

/// Shared between the reader thread and the session.
#[derive(Clone, Default)]
pub struct StopControl {
    running: Arc<Mutex<Running>>,
}

impl StopControl {
    /// Registers the command on line `seq` as running with `flag`; raises it at once if an
    /// interrupt for that line arrived before the command started.
    pub fn start(&self, seq: u64, flag: Arc<AtomicBool>, stop_on_input: bool) {
        let mut r = self.running.lock().unwrap_or_else(|e| e.into_inner());
        // An interrupt for this line, or (for streaming commands) any later line, may have
        // come in before the command started.
        if r.interrupted_upto >= seq || (stop_on_input && r.last_read > seq) {
            flag.store(true, Ordering::Relaxed);
        }
        r.seq = seq;
        r.flag = Some(flag);
        r.stop_on_input = stop_on_input;
    }

    pub fn finish(&self) {
        let mut r = self.running.lock().unwrap_or_else(|e| e.into_inner());
        r.flag = None;
    }

    /// An interrupt arrived after line `last_seq` was read: it stops that command.
    fn interrupt(&self, last_seq: u64) {
        let mut r = self.running.lock().unwrap_or_else(|e| e.into_inner());
        r.interrupted_upto = last_seq;
        if r.seq == last_seq
            && let Some(flag) = &r.flag
        {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The input has ended: no line will ever stop a streaming command, so the end does,
    /// as if a line came after every other. Bounded commands run on and are answered.
    fn input_ended(&self) {
        self.input_arrived(u64::MAX);
    }

    /// Line `seq` arrived: commands that run until the next input (streaming analysis)
    /// stop now.
    fn input_arrived(&self, seq: u64) {
        let mut r = self.running.lock().unwrap_or_else(|e| e.into_inner());
        r.last_read = seq;
        if r.stop_on_input
            && let Some(flag) = &r.flag
        {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// Reads one line of at most `MAX_LINE` bytes; `None` at end of input.
pub fn read_line(input: &mut impl BufRead) -> Option<(Vec<u8>, bool)> {
    let mut line = Vec::new();
    let mut truncated = false;
    let mut saw_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return saw_any.then_some((line, truncated)),
        };
        if buf.is_empty() {
            return saw_any.then_some((line, truncated));
        }
        saw_any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE - line.len();
        if chunk.len() > room {
            truncated = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            return Some((line, truncated));
        }
    }
}

/// Starts the reader thread over `input`. `is_interrupt` recognises a raw line that
/// interrupts the running command instead of being a command (GoGui's `# interrupt`,
/// Gomocup's `YXSTOP`); such lines are still passed on.
pub fn spawn_reader(
    mut input: impl BufRead + Send + 'static,
    control: StopControl,
    is_interrupt: fn(&[u8]) -> bool,
) -> Receiver<Line> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut seq = 0;
        while let Some((bytes, truncated)) = read_line(&mut input) {
            if is_interrupt(&bytes) {
                control.interrupt(seq);
            }
            seq += 1;
            control.input_arrived(seq);
            if tx
                .send(Line {
                    bytes,
                    truncated,
                    seq,
                })
                .is_err()
            {
                return;
            }
        }
        control.input_ended();
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn splits_lines_keeps_bytes_and_bounds_memory() {
        let mut data = b"a\r\nb\xff\x00c\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        data.extend_from_slice(b"\nlast");
        let mut input = Cursor::new(data);
        assert_eq!(read_line(&mut input), Some((b"a\r".to_vec(), false)));
        assert_eq!(read_line(&mut input), Some((b"b\xff\x00c".to_vec(), false)));
        let (long, truncated) = read_line(&mut input).unwrap();
        assert!(truncated);
        assert_eq!(long.len(), MAX_LINE);
        assert_eq!(read_line(&mut input), Some((b"last".to_vec(), false)));
        assert_eq!(read_line(&mut input), None);
    }

    #[test]
    fn an_interrupt_before_the_command_starts_still_stops_it() {
        let control = StopControl::default();
        control.interrupt(3);
        let flag = Arc::new(AtomicBool::new(false));
        control.start(3, flag.clone(), false);
        assert!(flag.load(Ordering::Relaxed));
        let later = Arc::new(AtomicBool::new(false));
        control.start(4, later.clone(), false);
        assert!(!later.load(Ordering::Relaxed));
        control.input_arrived(5);
        assert!(
            !later.load(Ordering::Relaxed),
            "only streaming commands stop on input"
        );
        let streaming = Arc::new(AtomicBool::new(false));
        control.start(4, streaming.clone(), true);
        assert!(
            streaming.load(Ordering::Relaxed),
            "a line after it already came in"
        );
    }

    #[test]
    fn the_end_of_input_stops_streaming_commands_only() {
        let control = StopControl::default();
        let streaming = Arc::new(AtomicBool::new(false));
        control.start(1, streaming.clone(), true);
        control.input_ended();
        assert!(streaming.load(Ordering::Relaxed));
        let bounded = Arc::new(AtomicBool::new(false));
        control.start(2, bounded.clone(), false);
        assert!(!bounded.load(Ordering::Relaxed));
        // A streaming command read before the end but started after it stops too.
        let late = Arc::new(AtomicBool::new(false));
        control.start(3, late.clone(), true);
        assert!(late.load(Ordering::Relaxed));
    }
}
