//! Fits the weights by which the Go tree's prior judges moves (`WEIGHTS` in
//! `src/games/go/features.rs`) to the moves a stronger player chose in recorded games.
//!
//! `tabula-go-priors --teacher NAME --records DIR[,DIR...]` reads every `*.sgf` in the
//! folders (as `tabula match --out` writes them), takes the games where NAME (the
//! `PB` or `PW` of the record) played without handicap or setup stones, replays them
//! and, before each stone NAME played, records the features of every legal move of
//! that position that fills no own true eye, and which one NAME chose. Every fifth game
//! is held out: the tool fits a softmax of the weighted features over each position's
//! moves to the choices of the other games, reports on the held-out positions the
//! cross-entropy and how often the top-scored move was NAME's, for the current weights
//! and the fitted ones, and prints the fitted weights as Rust.

use tabula::flags;
use tabula::games::go::board::NO_POINT;
use tabula::games::go::features::{self, Judge};
use tabula::games::go::ladder::LadderReader;
use tabula::games::go::{Color, GoGame, Move, RuleSet, sgf};
use tabula::softmax_fit::{self, Choice, evaluate};

const USAGE: &str = "usage: tabula-go-priors --teacher NAME --records DIR[,DIR...]
  Fits the Go prior's weights to NAME's moves in the games recorded (*.sgf) in the folders.";

type Position = Choice<{ features::COUNT }>;

fn main() {
    let mut teacher: Option<String> = None;
    let mut records: Option<String> = None;
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--teacher" => teacher = Some(args.value(&flag)),
            "--records" => records = Some(args.value(&flag)),
            other => flags::unknown(other),
        }
    }
    let Some(teacher) = teacher else {
        flags::fail("--teacher is needed");
    };
    let Some(records) = records else {
        flags::fail("--records is needed");
    };
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut games = 0;
    for path in flags::record_files(&records) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let Some(positions) = teacher_positions(&text, &teacher) else {
            continue;
        };
        if games % 5 == 0 {
            test.extend(positions);
        } else {
            train.extend(positions);
        }
        games += 1;
    }
    println!(
        "{games} games of {teacher}: {} positions to fit, {} held out",
        train.len(),
        test.len()
    );
    if train.is_empty() || test.is_empty() {
        eprintln!("error: too few games to fit and to judge the fit");
        std::process::exit(1);
    }
    let report = |name: &str, w: &[f64; features::COUNT]| {
        let fit = evaluate(&test, w);
        println!(
            "{name}: held-out cross-entropy {:.4}, top move is {teacher}'s {:.1} %",
            fit.loss,
            100.0 * fit.agree
        );
    };
    report("current weights", &features::WEIGHTS.map(f64::from));
    let fitted = softmax_fit::fit(&train);
    report("fitted weights", &fitted);
    println!("pub const WEIGHTS: [f32; COUNT] = [");
    for (w, name) in fitted.iter().zip(features::NAMES) {
        println!("    {w:.2}, // {name}");
    }
    println!("];");
}

/// The positions before each stone `teacher` played in the record `text`; `None` if
/// the record is no even game of `teacher`'s.
fn teacher_positions(text: &str, teacher: &str) -> Option<Vec<Position>> {
    let trees = tabula::sgf::parse(text).ok()?;
    let root = trees.first()?.main_line()[0];
    let colour = |id: &str| root.first(id).is_some_and(|name| name.trim() == teacher);
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
            let own_last = point(i.checked_sub(2).and_then(|j| record.moves().get(j)));
            let judge = Judge::new(board, color, last, own_last, &mut ladders);
            let moves: Vec<_> = game
                .legal_points(color)
                .into_iter()
                .filter(|&p| !board.is_true_eye(p, color) || p == chosen)
                .map(|p| {
                    let f = judge
                        .features(p, &mut ladders)
                        .map(|on| f64::from(u8::from(on)));
                    (f, f64::from(u8::from(p == chosen)))
                })
                .collect();
            if moves.len() >= 2 && moves.iter().any(|m| m.1 > 0.0) {
                positions.push(Position { moves });
            }
        }
        game.force_play(color, mv).ok()?;
    }
    Some(positions)
}
