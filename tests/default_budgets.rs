//! Without a clock and without `--playouts`, every game's `genmove` spends its bounded
//! default budget and answers on its own, over GTP as over the Gomocup protocol.

mod common;

use common::Engine;
use std::time::Duration;

/// Far more than any default budget takes, even on a loaded machine.
const WATCHDOG: Duration = Duration::from_secs(180);

#[test]
fn genmove_without_a_clock_answers_in_every_game() {
    let games: &[(&str, &[&str], &str)] = &[
        ("Go", &[], "genmove b"),
        // Past the opening move, five in a row searched until interrupted.
        ("Gomoku", &["play b h8", "play w j9"], "genmove b"),
        ("Renju", &["play b h8", "play w j9"], "genmove b"),
        // No book for this size: the solver alone would take hours.
        ("Connect Four", &["boardsize 8 7"], "genmove b"),
        ("Connect Four", &["play b d", "play w c"], "genmove b"),
        ("Blokus", &[], "genmove 1"),
    ];
    for (game, setup, genmove) in games {
        let mut engine = Engine::tabula(&[]);
        engine.ok(&format!("set_game {game}"));
        for command in *setup {
            engine.ok(command);
        }
        let answer = engine.send_within(genmove, WATCHDOG);
        assert!(
            answer.as_deref().is_some_and(|a| a.starts_with("= ")),
            "{game} after {setup:?}: {answer:?}"
        );
    }
}

/// What `pbrain-tabula` with `args` says up to its move for `input`.
fn brain_move(args: &[&str], input: &str) -> Vec<String> {
    let mut brain = Engine::start(env!("CARGO_BIN_EXE_pbrain-tabula"), args);
    brain.send_raw(input.as_bytes());
    let mut said = Vec::new();
    while let Some(line) = brain.read_line() {
        let is_move = line
            .split_once(',')
            .is_some_and(|(x, y)| x.parse::<u32>().is_ok() && y.trim().parse::<u32>().is_ok());
        said.push(line);
        if is_move {
            break;
        }
    }
    said
}

#[test]
fn gomocup_without_timeout_turn_searches_the_default_nodes() {
    // The node count and depth of a search are its signature: a time budget would
    // give other counts from run to run.
    let input = "START 15\nBOARD\n7,7,2\n8,8,1\nDONE\n";
    let default = brain_move(&[], input);
    assert!(
        default.iter().any(|l| l.starts_with("MESSAGE depth")),
        "{default:?}"
    );
    let fixed = brain_move(&["--nodes", "1000000"], input);
    assert_eq!(default, fixed);
}
