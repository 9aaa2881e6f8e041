//! Fits the weights by which the Go tree's prior judges moves (`WEIGHTS` in
//! `src/games/go/features.rs` and the neighbourhoods' weights in
//! `src/games/go/neighbourhood_weights.rs`) to the moves stronger players chose in
//! recorded games.
//!
//! `tabula-go-priors --teacher NAME[,NAME...] --records DIR[,DIR...]` reads every
//! `*.sgf` in the folders (as `tabula match --out` writes them), takes the games where a
//! teacher (the `PB` or `PW` of the record) played without handicap or setup stones,
//! replays them and, before each stone a teacher played, records for every legal move of
//! that position that fills no own true eye its features and its 3×3 neighbourhood, and
//! which move the teacher chose. Every fifth game is held out: the tool fits a softmax
//! of the weighted features over each position's moves to the choices of the other
//! games, a weight per feature and per neighbourhood seen in at least `--min-seen`
//! (default 20) of the moves fitted. It reports on the held-out positions the
//! cross-entropy and how often the top-scored move was the teacher's, for the current
//! weights and the fitted ones, prints the fitted feature weights as Rust, and with
//! `--neighbourhoods FILE` writes the neighbourhoods' weights there as Rust.

use std::collections::HashMap;
use std::fmt::Write as _;

use tabula::flags::{self, print_out};
use tabula::games::go::board::NO_POINT;
use tabula::games::go::features::{self, Judge};
use tabula::games::go::ladder::LadderReader;
use tabula::games::go::neighbourhood;
use tabula::games::go::{Color, GoGame, Move, RuleSet, sgf};
use tabula::softmax_fit::{self, SparseChoice, evaluate_sparse};

const USAGE: &str = "usage: tabula-go-priors --teacher NAME[,NAME...] --records DIR[,DIR...]
       [--min-seen N] [--l2 X] [--neighbourhoods FILE]
  Fits the Go prior's weights to the teachers' moves in the games recorded (*.sgf) in
  the folders; --neighbourhoods writes the neighbourhoods' weights to FILE as Rust.";

/// A legal move as the fit sees it: its features, its canonical neighbourhood, and
/// whether the teacher chose it.
struct Candidate {
    features: [bool; features::COUNT],
    neighbourhoods: [u64; 2],
    chosen: bool,
}

type Position = Vec<Candidate>;

fn main() {
    let mut teachers: Option<Vec<String>> = None;
    let mut records: Option<String> = None;
    let mut min_seen = 20usize;
    let mut l2 = 1e-4f64;
    let mut out: Option<String> = None;
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--teacher" => {
                let names = args.value(&flag);
                teachers = Some(names.split(',').map(|n| n.trim().to_string()).collect());
            }
            "--records" => records = Some(args.value(&flag)),
            "--min-seen" => min_seen = args.number(&flag),
            "--l2" => l2 = args.number(&flag),
            "--neighbourhoods" => out = Some(args.value(&flag)),
            other => flags::unknown(other),
        }
    }
    let Some(teachers) = teachers else {
        flags::fail("--teacher is needed");
    };
    let Some(records) = records else {
        flags::fail("--records is needed");
    };
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut games = 0;
    for path in flags::record_files(&records) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let Some(positions) = teacher_positions(&text, &teachers) else {
            continue;
        };
        if games % 5 == 0 {
            test.extend(positions);
        } else {
            train.extend(positions);
        }
        games += 1;
    }
    let teacher = teachers.join(",");
    print_out(&format!(
        "{games} games of {teacher}: {} positions to fit, {} held out",
        train.len(),
        test.len()
    ));
    if train.is_empty() || test.is_empty() {
        eprintln!("error: too few games to fit and to judge the fit");
        std::process::exit(1);
    }
    let keys = Keys::seen_in(&train, min_seen);
    print_out(&format!(
        "{} neighbourhoods (3×3 and wide) seen in at least {min_seen} of the moves fitted",
        keys.codes.len()
    ));
    let (train, test) = (keys.choices(&train), keys.choices(&test));
    let report = |name: &str, w: &[f64]| {
        let fit = evaluate_sparse(&test, w);
        print_out(&format!(
            "{name}: held-out cross-entropy {:.4}, top move is {teacher}'s {:.1} %",
            fit.loss,
            100.0 * fit.agree
        ));
    };
    let current: Vec<f64> = (features::WEIGHTS.iter().map(|&w| f64::from(w)))
        .chain(
            keys.codes
                .iter()
                .map(|&c| f64::from(neighbourhood::weight(c))),
        )
        .collect();
    report("current weights", &current);
    let fitted = softmax_fit::fit_sparse(&train, features::COUNT + keys.codes.len(), l2);
    report("fitted weights", &fitted);
    print_out("pub const WEIGHTS: [f32; COUNT] = [");
    for (w, name) in fitted.iter().zip(features::NAMES) {
        print_out(&format!("    {w:.2}, // {name}"));
    }
    print_out("];");
    if let Some(out) = out {
        let table = keys.codes.iter().zip(&fitted[features::COUNT..]);
        if let Err(e) = std::fs::write(&out, rust_table(table, &teacher, games, (min_seen, l2))) {
            flags::fail(&format!("cannot write {out}: {e}"));
        }
    }
}

/// The neighbourhoods that get a weight, each with its index after the features'.
struct Keys {
    codes: Vec<u64>,
    index: HashMap<u64, u32>,
}

impl Keys {
    /// The neighbourhoods of at least `min_seen` of the moves of `positions`.
    fn seen_in(positions: &[Position], min_seen: usize) -> Keys {
        let mut counts: HashMap<u64, usize> = HashMap::new();
        for key in positions.iter().flatten().flat_map(|c| c.neighbourhoods) {
            *counts.entry(key).or_default() += 1;
        }
        let mut codes: Vec<u64> = (counts.into_iter())
            .filter(|&(_, n)| n >= min_seen)
            .map(|(code, _)| code)
            .collect();
        codes.sort_unstable();
        let index = (codes.iter().enumerate())
            .map(|(i, &code)| (code, (features::COUNT + i) as u32))
            .collect();
        Keys { codes, index }
    }

    fn choices(&self, positions: &[Position]) -> Vec<SparseChoice> {
        (positions.iter())
            .map(|position| SparseChoice {
                moves: (position.iter())
                    .map(|c| {
                        let on = (0..features::COUNT as u32).filter(|&i| c.features[i as usize]);
                        let keys = c.neighbourhoods.iter();
                        let known = keys.filter_map(|key| self.index.get(key).copied());
                        let f = on.chain(known).map(|i| (i, 1.0)).collect();
                        (f, f64::from(u8::from(c.chosen)))
                    })
                    .collect(),
            })
            .collect()
    }
}

/// `neighbourhood_weights.rs`: the weights of `table`, those that round to 0 left out.
fn rust_table<'a>(
    table: impl Iterator<Item = (&'a u64, &'a f64)>,
    teacher: &str,
    games: usize,
    (min_seen, l2): (usize, f64),
) -> String {
    let mut s = format!(
        "//! Generated by `tabula-go-priors --teacher {teacher} --min-seen {min_seen} \
         --l2 {l2:e}\n//! --neighbourhoods` from {games} games; see `neighbourhood.rs`.\n\n\
         /// (neighbourhood key, weight), by key.\n\
         #[rustfmt::skip]\npub const WEIGHTS: &[(u64, f32)] = &[\n"
    );
    for (code, w) in table.filter(|(_, w)| w.abs() >= 0.005) {
        let _ = writeln!(s, "    (0x{code:016x}, {w:.2}),");
    }
    s.push_str("];\n");
    s
}

/// The positions before each stone a teacher played in the record `text`; `None` if
/// the record is no even game of a teacher's.
fn teacher_positions(text: &str, teachers: &[String]) -> Option<Vec<Position>> {
    let trees = tabula::sgf::parse(text).ok()?;
    let root = trees.first()?.main_line()[0];
    let colour = |id: &str| {
        root.first(id)
            .is_some_and(|name| teachers.iter().any(|t| name.trim() == t))
    };
    let (black, white) = (colour("PB"), colour("PW"));
    let record = sgf::load(text, RuleSet::Chinese, 7.5, None).ok()?;
    if !(black || white) || record.handicap() > 0 || !record.setup().is_empty() {
        return None;
    }
    let mut game = GoGame::new(record.size(), RuleSet::Chinese, record.komi());
    let mut ladders = LadderReader::default();
    let mut positions = Vec::new();
    let point = |m: Option<&(_, Move)>| match m {
        Some(&(_, Move::Play(p))) => p,
        _ => NO_POINT,
    };
    for (i, &(color, mv)) in record.moves().iter().enumerate() {
        let taught = if color == Color::Black { black } else { white };
        if let (true, Move::Play(chosen)) = (taught, mv) {
            let board = game.board();
            let last = point(i.checked_sub(1).and_then(|j| record.moves().get(j)));
            // As the engine's own: the move two before, if this colour made it (a
            // record may give one colour two moves in a row).
            let own_last = match i.checked_sub(2).and_then(|j| record.moves().get(j)) {
                Some(&(c, Move::Play(p))) if c == color => p,
                _ => NO_POINT,
            };
            let judge = Judge::new(board, color, last, own_last, &mut ladders);
            let moves: Position = (game.legal_points(color).into_iter())
                .filter(|&p| !board.is_true_eye(p, color) || p == chosen)
                .map(|p| Candidate {
                    features: judge.features(p, &mut ladders),
                    neighbourhoods: neighbourhood::keys(neighbourhood::code(board, p, color)),
                    chosen: p == chosen,
                })
                .collect();
            if moves.len() >= 2 && moves.iter().any(|m| m.chosen) {
                positions.push(moves);
            }
        }
        game.force_play(color, mv).ok()?;
    }
    Some(positions)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some candidate of some position has the feature "near its own last move".
    fn near_own_last(record: &str) -> bool {
        let positions = teacher_positions(record, &["t".to_string()]).unwrap();
        assert!(!positions.is_empty());
        positions
            .iter()
            .flatten()
            .any(|c| c.features[features::NEAR_OWN_LAST])
    }

    #[test]
    fn the_own_last_move_is_the_colours_own() {
        assert!(near_own_last("(;GM[1]SZ[9]PB[t]PW[u];B[ee];W[cc];B[ff])"));
        // White moved twice: the move two before Black's second is White's, not Black's.
        assert!(!near_own_last(
            "(;GM[1]SZ[9]PB[t]PW[u];B[ee];W[cc];W[gg];B[ff])"
        ));
    }
}
