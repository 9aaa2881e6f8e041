//! Fits the Gomoku engine's evaluation weights (the rule's `..._WEIGHTS` in
//! `src/games/gomoku/engine/position.rs`) to the outcomes of recorded games.
//!
//! `tabula-gomoku-fit --records DIR[,DIR...] --gomocup-rule N [--skip 3]` reads every
//! `*.sgf` in the folders (as `tabula match --out` writes them; draws and records
//! without a result are left out), replays each under the rule (Gomocup `INFO rule`
//! mask) and takes its quiet positions from move `--skip` on. Every fifth game is held
//! out: the tool fits a logistic model of the mover's win to the rest and reports on
//! the held-out positions the log-loss and share called right of the engine's current
//! weights and of the fitted ones (each calibrated on the rest, as the
//! search only compares values), then prints the fitted weights as Rust. With
//! `--toward-current` the penalty is on the distance from the rule's current weights
//! rather than from zero, so that the games only correct them.

use tabula::flags;
use tabula::games::gomoku::engine::{WeightSet, fit};
use tabula::games::gomoku::{Rules, sgf};

const USAGE: &str =
    "usage: tabula-gomoku-fit --records DIR[,DIR...] --gomocup-rule N [--skip N] [--l2 X]
                         [--toward-current]
  Fits the evaluation weights to the outcomes of the games recorded (*.sgf) in the folders;
  --l2 is the penalty on the weights of the standardised counts (default 0.001), on
  their distance from the rule's current weights with --toward-current, else from zero.";

fn main() {
    let mut records: Option<String> = None;
    let mut rule: Option<u32> = None;
    let mut skip = 3;
    let mut l2 = 1e-3;
    let mut toward_current = false;
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--records" => records = Some(args.value(&flag)),
            "--gomocup-rule" => rule = Some(args.number(&flag)),
            "--skip" => skip = args.number(&flag),
            "--l2" => l2 = args.number(&flag),
            "--toward-current" => toward_current = true,
            other => flags::unknown(other),
        }
    }
    let Some(rule) = rule else {
        flags::fail("--gomocup-rule is needed");
    };
    let Some(records) = records else {
        flags::fail("--records is needed");
    };
    let rules = Rules::from_gomocup(rule);
    let files = flags::record_files(&records);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let (mut games, mut unread, mut undecided) = (0, 0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Some(game) = sgf::read(&text, rules, None) else {
            unread += 1;
            continue;
        };
        let Some(winner) = sgf::winner(&text) else {
            undecided += 1;
            continue;
        };
        let samples = fit::samples(&game, winner, skip);
        if games % 5 == 0 {
            test.extend(samples);
        } else {
            train.extend(samples);
        }
        games += 1;
    }
    println!(
        "games: {games} with a winner ({undecided} drawn or without a result, {unread} unreadable)"
    );
    println!(
        "quiet positions: {} to fit, {} held out",
        train.len(),
        test.len()
    );
    if train.is_empty() || test.is_empty() {
        eprintln!("error: too few games to fit and to judge the fit");
        std::process::exit(1);
    }
    let set = WeightSet::of(rules);
    let fitted = fit::fit(&train, l2, toward_current.then(|| set.weights()));
    for (name, weights) in [
        ("current weights", set.weights()),
        ("fitted weights", &fitted),
    ] {
        let (loss, right) = fit::judge(&train, &test, weights);
        println!(
            "{name}: held-out log-loss {loss:.4}, {:.1} % called right",
            100.0 * right
        );
    }
    println!("{}", fit::format_weights(set.constant(), &fitted));
}
