//! The Gomocup / Piskvork "pbrain" protocol (see `protocol/gomocup.md`).
//!
//! One reader thread owns stdin and forwards lines; the main thread runs the session
//! and writes every answer line flushed; searches run on a worker thread so that
//! `YXSTOP` and `END` can stop them.

pub mod command;
pub mod parse;
pub mod session;

use session::{Options, Reply, Session};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Longest line kept; the rest of a longer line is dropped (it can be no valid command).
const MAX_LINE: usize = 64 * 1024;

enum Event {
    Line(String),
    Eof,
    /// A search's answer, with the engine handed back (boxed: it is large).
    Done(
        session::Purpose,
        Box<crate::games::gomoku::engine::Engine>,
        Option<crate::games::gomoku::engine::SearchResult>,
    ),
}

/// Reads lines from `input` for ever, tolerating CR, NUL bytes, invalid UTF-8 and
/// overlong lines; raises `stop` at once on `YXSTOP` and `END`.
fn read_lines(input: impl BufRead, events: mpsc::Sender<Event>, stop: Arc<AtomicBool>) {
    let mut input = input;
    let mut line = Vec::new();
    loop {
        line.clear();
        let mut overlong = false;
        let eof = loop {
            let buf = match input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break true,
            };
            if buf.is_empty() {
                break true;
            }
            let (chunk, used, complete) = match buf.iter().position(|&b| b == b'\n') {
                Some(at) => (&buf[..at], at + 1, true),
                None => (buf, buf.len(), false),
            };
            if line.len() + chunk.len() <= MAX_LINE {
                line.extend_from_slice(chunk);
            } else {
                overlong = true;
            }
            input.consume(used);
            if complete {
                break false;
            }
        };
        if eof && line.is_empty() {
            let _ = events.send(Event::Eof);
            return;
        }
        let text: String = String::from_utf8_lossy(&line)
            .chars()
            .filter(|&c| c != '\0' && c != '\r')
            .collect();
        let text = if overlong {
            "OVERLONG-LINE".to_string()
        } else {
            text
        };
        let word = text.trim().to_ascii_uppercase();
        if word == "YXSTOP" || word == "END" {
            stop.store(true, Ordering::Relaxed);
        }
        if events.send(Event::Line(text)).is_err() || eof {
            let _ = events.send(Event::Eof);
            return;
        }
    }
}

fn write_lines(out: &mut impl Write, lines: &[String]) {
    for line in lines {
        // A closed stdout leaves nothing to do but go on reading until END or EOF.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// Runs the protocol on stdin/stdout until `END` or end of input.
pub fn serve(options: Options) {
    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let tx = tx.clone();
        let stop = stop.clone();
        std::thread::spawn(move || read_lines(std::io::stdin().lock(), tx, stop));
    }
    let mut session = Session::new(options);
    let mut out = std::io::stdout().lock();
    let mut pending: VecDeque<String> = VecDeque::new();
    let mut thinking = false;
    // Set at the end of input: searches still to come start stopped, and answer at once.
    let mut input_ended = false;
    loop {
        let event = if !thinking && let Some(line) = pending.pop_front() {
            Event::Line(line)
        } else {
            match rx.recv() {
                Ok(event) => event,
                Err(_) => return,
            }
        };
        match event {
            Event::Line(line) if thinking => {
                let word = line.trim().to_ascii_uppercase();
                if word == "END" {
                    return;
                }
                // The reader raised the flag already, but it may have done so before
                // this search started (and cleared it): raise it again.
                if word == "YXSTOP" {
                    stop.store(true, Ordering::Relaxed);
                } else {
                    pending.push_back(line);
                }
            }
            Event::Line(line) => {
                // The manager's clock runs from its command: count set-up work too.
                let received = Instant::now();
                let Reply { lines, think, quit } = session.handle_line(&line);
                write_lines(&mut out, &lines);
                if quit {
                    return;
                }
                if let Some(mut think) = think {
                    stop.store(input_ended, Ordering::Relaxed);
                    think.limits.stop = stop.clone();
                    think.limits.max_time = think
                        .limits
                        .max_time
                        .map(|t| t.saturating_sub(received.elapsed()));
                    let tx = tx.clone();
                    thinking = true;
                    std::thread::spawn(move || {
                        let result = think.engine.genmove(&think.game, &think.limits);
                        let _ = tx.send(Event::Done(think.purpose, Box::new(think.engine), result));
                    });
                }
            }
            Event::Done(purpose, engine, result) => {
                thinking = false;
                let lines = session.finish(purpose, *engine, result);
                write_lines(&mut out, &lines);
            }
            // The manager is gone: the search answers with what it has found, the
            // lines read before the end are answered, then the brain ends.
            Event::Eof if thinking => {
                input_ended = true;
                stop.store(true, Ordering::Relaxed);
                pending.push_back("END".to_string());
            }
            Event::Eof => return,
        }
    }
}
