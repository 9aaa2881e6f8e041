//! The Gomocup fuzzer: drives `pbrain-tabula` with seeded commands, bodies and damaged
//! lines, and checks each answer against a model of the board kept from the protocol
//! and from the brain's own moves: exactly the answers a command gets (`OK`, `ERROR`,
//! `UNKNOWN`, a move on a free point, nothing), and an exit with status 0 only at `END`
//! or end of input.

use super::gomocup_wire::{BodyKind, Command, as_read, command, is_done, stone};
use super::mutate::{ODD_NUMBERS, mutate};
use super::pipe::Daemon;
use super::rng::Rng;
use super::{Config, Figures};
use std::collections::HashSet;
use std::time::Instant;

pub fn run(config: &Config) -> Figures {
    let mut rng = Rng::new(config.seed ^ 0x6011_0c0b);
    let mut figures = Figures {
        started: Some(Instant::now()),
        ..Figures::default()
    };
    while figures.lines < config.lines {
        let lines = (200 + rng.below(1300)).min(config.lines - figures.lines);
        let mut brain = Brain::start(&mut rng, config);
        figures.sessions += 1;
        brain.run(&mut rng, lines, &mut figures);
    }
    figures
}

/// What the model knows of the brain's game.
struct Model {
    size: Option<(i64, i64)>,
    stones: HashSet<(i64, i64)>,
    /// False once an answer left it open whether a stone was placed (a `TURN` answered
    /// `ERROR game is over`): then only what is certain is checked, until a new board.
    exact: bool,
    body: Option<(BodyKind, Vec<(i64, i64)>)>,
}

impl Model {
    fn on_board(&self, (x, y): (i64, i64)) -> bool {
        self.size
            .is_some_and(|(w, h)| (0..w).contains(&x) && (0..h).contains(&y))
    }

    fn free(&self, p: (i64, i64)) -> bool {
        self.on_board(p) && !self.stones.contains(&p)
    }

    fn new_board(&mut self, stones: HashSet<(i64, i64)>) {
        self.stones = stones;
        self.exact = true;
    }
}

struct Brain {
    daemon: Daemon,
    model: Model,
    /// Whether searches have a node budget (`--nodes`) rather than the turn's time.
    fixed_nodes: bool,
}

impl Brain {
    fn start(rng: &mut Rng, config: &Config) -> Brain {
        let fixed_nodes = rng.chance(70);
        let args: &[&str] = if fixed_nodes {
            &["--nodes", "300"]
        } else {
            &[]
        };
        let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_pbrain-tabula"), args, &config.dir);
        if !fixed_nodes {
            // The protocol's default turn is 5 s; keep every search short.
            daemon.send(b"INFO timeout_turn 20");
        }
        Brain {
            daemon,
            fixed_nodes,
            model: Model {
                size: None,
                stones: HashSet::new(),
                exact: true,
                body: None,
            },
        }
    }

    fn run(&mut self, rng: &mut Rng, lines: usize, figures: &mut Figures) {
        let mut sent = 0;
        while sent < lines {
            let mut unit = self.unit(rng);
            let sets_turn = |l: &Vec<u8>| {
                l.to_ascii_lowercase()
                    .windows(12)
                    .any(|w| w == b"timeout_turn")
            };
            if !self.fixed_nodes && unit.iter().any(sets_turn) {
                // Damage may have made the turn long: searches must stay short.
                unit.push(b"INFO timeout_turn 20".to_vec());
            }
            for raw in &unit {
                self.daemon.send(raw);
            }
            for raw in &unit {
                sent += 1;
                figures.lines += 1;
                if !self.answer(raw, figures) {
                    return;
                }
            }
            // ABOUT answers at once and always: whatever came before it is now out, so
            // an answer the model did not expect shows here at the latest.
            if rng.chance(20) && self.model.body.is_none() {
                self.daemon.send(b"ABOUT");
                figures.lines += 1;
                self.answer(b"ABOUT", figures);
            }
        }
        if rng.chance(50) {
            self.daemon.send(b"END");
            figures.lines += 1;
            self.answer(b"END", figures);
        } else {
            self.daemon.close_input();
        }
        self.daemon.expect_exit();
    }

    /// Reads and checks what `raw` must answer; false once the brain has ended.
    fn answer(&mut self, raw: &[u8], figures: &mut Figures) -> bool {
        let line = as_read(raw);
        if let Some((kind, _)) = &self.model.body {
            let kind = *kind;
            if is_done(&line) {
                let (kind, stones) = self.model.body.take().unwrap();
                self.finish_body(kind, stones, figures);
                return true;
            }
            if line.trim().is_empty() {
                return true;
            }
            match stone(&line) {
                Some((x, y, f)) if kind == BodyKind::Swap2 || f.is_some() => {
                    self.model.body.as_mut().unwrap().1.push((x, y));
                    return true;
                }
                // A row that is no stone ends the body with an error and is then read
                // as a command.
                _ => {
                    self.model.body = None;
                    self.expect_error(figures);
                }
            }
        }
        if line.trim().is_empty() {
            return true;
        }
        match command(&line) {
            Command::Start(w, h) => {
                if (5..=32).contains(&w) && (5..=32).contains(&h) {
                    self.expect_exact("OK", figures);
                    self.model.size = Some((w, h));
                    self.model.new_board(HashSet::new());
                    self.model.body = None;
                } else {
                    self.expect_error(figures);
                }
            }
            Command::Restart => match self.model.size {
                Some(_) => {
                    self.expect_exact("OK", figures);
                    self.model.new_board(HashSet::new());
                }
                None => self.expect_error(figures),
            },
            Command::Begin if self.model.size.is_some() => self.expect_move(figures),
            Command::Turn(x, y) => self.turn((x, y), figures),
            Command::Board(kind) if self.model.size.is_some() => {
                self.model.body = Some((kind, Vec::new()));
            }
            Command::Takeback(x, y) => self.takeback((x, y), figures),
            Command::Play(x, y) => self.play((x, y), figures),
            Command::ShowForbid if self.model.size.is_some() => self.expect_forbid(figures),
            Command::Begin | Command::Board(_) | Command::ShowForbid | Command::Malformed => {
                self.expect_error(figures)
            }
            Command::Info | Command::Stop => {}
            Command::End => return false,
            Command::About => {
                let about = self.next_answer(figures);
                if !about.starts_with("name=\"tabula\", version=\"") {
                    self.daemon.fail(&format!("ABOUT answered {about:?}"));
                }
            }
            Command::Unknown => {
                let a = self.next_answer(figures);
                if !a.starts_with("UNKNOWN ") {
                    self.daemon.fail(&format!("expected UNKNOWN, got {a:?}"));
                }
            }
        }
        true
    }

    fn turn(&mut self, p: (i64, i64), figures: &mut Figures) {
        if !self.model.free(p) && (self.model.exact || !self.model.on_board(p)) {
            return self.expect_error(figures);
        }
        let a = self.next_answer(figures);
        if let Some(answer) = coord(&a) {
            self.model.stones.insert(p);
            self.check_free(answer);
            self.model.stones.insert(answer);
        } else if is_game_over(&a) {
            // Either the stone ended the game or the game was over before it.
            figures.error_answers += 1;
            self.model.exact = false;
        } else if a == "ERROR point is occupied" && !self.model.exact {
            figures.error_answers += 1;
            self.model.stones.insert(p);
        } else {
            self.daemon.fail(&format!("TURN answered {a:?}"));
        }
    }

    fn takeback(&mut self, p: (i64, i64), figures: &mut Figures) {
        let there = self.model.stones.contains(&p) && self.model.on_board(p);
        if self.model.exact && !there {
            return self.expect_error(figures);
        }
        let a = self.next_answer(figures);
        match a.as_str() {
            "OK" if self.model.on_board(p) => {
                self.model.stones.remove(&p);
            }
            "ERROR no such stone" if !self.model.exact => {}
            _ => self.daemon.fail(&format!("TAKEBACK answered {a:?}")),
        }
    }

    fn play(&mut self, p: (i64, i64), figures: &mut Figures) {
        if !self.model.free(p) && (self.model.exact || !self.model.on_board(p)) {
            return self.expect_error(figures);
        }
        let a = self.next_answer(figures);
        if a == format!("{},{}", p.0, p.1) {
            self.model.stones.insert(p);
        } else if a.starts_with("ERROR ") {
            // A foul or a finished game: nothing was played.
            figures.error_answers += 1;
        } else {
            self.daemon.fail(&format!("PLAY answered {a:?}"));
        }
    }

    fn finish_body(&mut self, kind: BodyKind, stones: Vec<(i64, i64)>, figures: &mut Figures) {
        if kind == BodyKind::Swap2 && ![0, 3, 5].contains(&stones.len()) {
            return self.expect_error(figures);
        }
        let distinct: HashSet<(i64, i64)> = stones.iter().copied().collect();
        if distinct.len() != stones.len() || !stones.iter().all(|&p| self.model.on_board(p)) {
            return self.expect_error(figures);
        }
        self.model.new_board(distinct);
        match kind {
            BodyKind::YxBoard => {}
            BodyKind::Board => self.expect_move(figures),
            BodyKind::Swap2 if stones.is_empty() => {
                let a = self.next_answer(figures);
                let opening: Option<Vec<(i64, i64)>> = a.split(' ').map(coord).collect();
                match opening {
                    Some(points) if points.len() == 3 => {
                        for p in points {
                            self.check_free(p);
                            self.model.stones.insert(p);
                        }
                    }
                    _ => self.daemon.fail(&format!("SWAP2BOARD answered {a:?}")),
                }
            }
            BodyKind::Swap2 => {
                let a = self.next_answer(figures);
                if a == "SWAP" {
                    return;
                }
                match coord(&a) {
                    Some(p) => {
                        self.check_free(p);
                        self.model.stones.insert(p);
                    }
                    None if is_game_over(&a) => self.model.exact = false,
                    None => self.daemon.fail(&format!("SWAP2BOARD answered {a:?}")),
                }
            }
        }
    }

    fn expect_move(&mut self, figures: &mut Figures) {
        if let Some(p) = self.move_or_error(figures) {
            self.check_free(p);
            self.model.stones.insert(p);
        }
    }

    /// A move answer, or `None` for the errors of a finished game.
    fn move_or_error(&mut self, figures: &mut Figures) -> Option<(i64, i64)> {
        let a = self.next_answer(figures);
        if let Some(p) = coord(&a) {
            return Some(p);
        }
        if !is_game_over(&a) {
            self.daemon.fail(&format!("expected a move, got {a:?}"));
        }
        figures.error_answers += 1;
        None
    }

    fn check_free(&mut self, p: (i64, i64)) {
        let ok = if self.model.exact {
            self.model.free(p)
        } else {
            self.model.on_board(p)
        };
        if !ok {
            self.daemon.fail(&format!(
                "the brain moved to {},{}: not a free point",
                p.0, p.1
            ));
        }
    }

    fn expect_forbid(&mut self, figures: &mut Figures) {
        let a = self.next_answer(figures);
        let points = a
            .strip_prefix("FORBID ")
            .and_then(|r| r.strip_suffix('.'))
            .filter(|d| d.len() % 4 == 0 && d.bytes().all(|b| b.is_ascii_digit()));
        let Some(digits) = points else {
            self.daemon.fail(&format!("YXSHOWFORBID answered {a:?}"));
        };
        for i in (0..digits.len()).step_by(4) {
            let p = (
                digits[i..i + 2].parse().unwrap(),
                digits[i + 2..i + 4].parse().unwrap(),
            );
            self.check_free(p);
        }
    }

    fn expect_exact(&mut self, want: &str, figures: &mut Figures) {
        let a = self.next_answer(figures);
        if a != want {
            self.daemon.fail(&format!("expected {want:?}, got {a:?}"));
        }
    }

    fn expect_error(&mut self, figures: &mut Figures) {
        let a = self.next_answer(figures);
        if !a.starts_with("ERROR ") {
            self.daemon.fail(&format!("expected ERROR, got {a:?}"));
        }
        figures.error_answers += 1;
    }

    /// The next answer line; at most one `MESSAGE` line may come before it.
    fn next_answer(&mut self, figures: &mut Figures) -> String {
        figures.answers += 1;
        let line = self.daemon.line();
        if line.starts_with("MESSAGE ") {
            let answer = self.daemon.line();
            if answer.starts_with("MESSAGE ") || answer.starts_with("ERROR") {
                self.daemon
                    .fail(&format!("{answer:?} after a MESSAGE line"));
            }
            return answer;
        }
        line
    }

    /// A few lines that belong together: a command, or a body with its rows and `DONE`,
    /// some of them damaged.
    fn unit(&self, rng: &mut Rng) -> Vec<Vec<u8>> {
        let lines = self.well_formed(rng);
        let damage = if lines.len() > 1 { 8 } else { 25 };
        lines
            .into_iter()
            .map(|l| {
                if rng.chance(damage) {
                    mutate(rng, l.as_bytes())
                } else {
                    l.into_bytes()
                }
            })
            .collect()
    }

    fn well_formed(&self, rng: &mut Rng) -> Vec<String> {
        let one = |s: String| vec![s];
        match rng.below(100) {
            0..=5 => one(format!("START {}", start_size(rng))),
            6 => one(format!("RECTSTART {},{}", size(rng), size(rng))),
            7..=8 => one("RESTART".into()),
            9..=11 => one("BEGIN".into()),
            12..=39 => {
                let (x, y) = self.point(rng);
                one(format!("TURN {x},{y}"))
            }
            40..=47 => self.body(rng, "BOARD", true),
            48..=50 => self.body(rng, "YXBOARD", true),
            51..=53 => self.body(rng, "SWAP2BOARD", false),
            54..=63 => info(rng),
            64..=67 => {
                let (x, y) = match self.model.stones.iter().next() {
                    Some(&p) if rng.chance(70) => p,
                    _ => self.point(rng),
                };
                one(format!("TAKEBACK {x},{y}"))
            }
            68..=70 => {
                let (x, y) = self.point(rng);
                one(format!("PLAY {x},{y}"))
            }
            71..=73 => one("YXSHOWFORBID".into()),
            74 => one("YXSTOP".into()),
            75 => one("ABOUT".into()),
            76 if rng.chance(10) => one("END".into()),
            77..=80 => one(rng
                .pick(&[
                    "",
                    "   ",
                    "HELLO",
                    "turn 1,1",
                    "Board",
                    "DONE",
                    "7,7,1",
                    "SUGGEST 1,1",
                    "\u{fffd}",
                ])
                .to_string()),
            _ => {
                let (x, y) = self.point(rng);
                one(format!("TURN {x},{y}"))
            }
        }
    }

    /// A point: mostly a free one of the board, sometimes off it or taken.
    fn point(&self, rng: &mut Rng) -> (i64, i64) {
        let (w, h) = self.model.size.unwrap_or((15, 15));
        if rng.chance(90) {
            for _ in 0..20 {
                let p = (rng.range(0, w - 1), rng.range(0, h - 1));
                if !self.model.stones.contains(&p) {
                    return p;
                }
            }
        }
        (rng.range(-2, w + 1), rng.range(-2, h + 1))
    }

    fn body(&self, rng: &mut Rng, head: &str, fields: bool) -> Vec<String> {
        let count = if fields {
            rng.below(12)
        } else {
            *rng.pick(&[0, 3, 5, 0, 3, 5, 1, 4])
        };
        let mut lines = vec![head.to_string()];
        let mut used = HashSet::new();
        for n in 0..count {
            let (x, y) = self.point(rng);
            if !used.insert((x, y)) && rng.chance(80) {
                continue;
            }
            lines.push(if fields {
                format!("{x},{y},{}", if rng.chance(3) { 3 } else { 1 + n % 2 })
            } else {
                format!("{x},{y}")
            });
        }
        if rng.chance(95) {
            lines.push("DONE".into());
        }
        lines
    }
}

fn start_size(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 => format!("{} {}", size(rng), size(rng)),
        1 => format!("{},{}", size(rng), size(rng)),
        _ => size(rng),
    }
}

fn size(rng: &mut Rng) -> String {
    if rng.chance(85) {
        rng.pick(&["15", "20", "5", "7", "32", "10"]).to_string()
    } else {
        rng.pick(&[
            "4",
            "33",
            "0",
            "-15",
            "1000000",
            "99999999999999999999",
            "x",
        ])
        .to_string()
    }
}

/// `INFO` lines; a long turn is always followed by a short one, so that searches stay
/// short in brains without `--nodes`.
fn info(rng: &mut Rng) -> Vec<String> {
    let value = |rng: &mut Rng, usual: &[&str]| {
        if rng.chance(85) {
            rng.pick(usual).to_string()
        } else {
            rng.pick(ODD_NUMBERS).to_string()
        }
    };
    let line = match rng.below(10) {
        0 | 1 => {
            let turn = value(rng, &["5", "20", "1", "0", "-100"]);
            if turn.parse::<i64>().is_ok_and(|t| t > 100) || turn.starts_with("99") {
                return vec![
                    format!("INFO timeout_turn {turn}"),
                    "INFO timeout_turn 20".into(),
                ];
            }
            format!("INFO timeout_turn {turn}")
        }
        2 => format!(
            "INFO timeout_match {}",
            value(rng, &["0", "1000", "180000", "2147483647"])
        ),
        3 => format!(
            "INFO time_left {}",
            value(rng, &["100", "2147483647", "-5", "0", "99999"])
        ),
        4 => format!(
            "INFO max_memory {}",
            value(rng, &["0", "83886080", "367001600", "1", "-1"])
        ),
        5 | 6 => format!(
            "INFO rule {}",
            value(rng, &["0", "1", "2", "4", "5", "8", "9", "6", "3"])
        ),
        7 => format!("INFO game_type {}", value(rng, &["0", "1", "2"])),
        8 => "INFO folder /tmp/a folder with spaces".to_string(),
        _ => rng
            .pick(&[
                "INFO evaluate 7,7",
                "INFO",
                "INFO unknown_key 5",
                "info RULE 4",
            ])
            .to_string(),
    };
    vec![line]
}

/// An `x,y` answer.
fn coord(text: &str) -> Option<(i64, i64)> {
    let (x, y) = text.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(x) && digits(y)).then(|| (x.parse().unwrap(), y.parse().unwrap()))
}

fn is_game_over(answer: &str) -> bool {
    answer == "ERROR game is over" || answer == "ERROR no move to play"
}
