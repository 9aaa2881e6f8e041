//! Clocks over GTP: no value a controller may send (`time_settings`,
//! `kgs-time_settings`, `time_left`) makes a later `genmove` abort, in any game, and a
//! `genmove` without a clock answers on its own.

mod common;

use common::Engine;

/// Each game with moves that leave it mid-game for the engine, and its `genmove`.
const GAMES: &[(&str, &[&str], &str)] = &[
    (
        "Go",
        &["boardsize 9", "play b e5", "play w c3"],
        "genmove b",
    ),
    ("Gomoku", &["play b h8", "play w j9"], "genmove b"),
    ("Connect Four", &["play b d", "play w c"], "genmove b"),
    (
        "Blokus Two-Player",
        &["play 1 a20", "play 2 t20", "play 3 t1", "play 4 a1"],
        "genmove 1",
    ),
];

/// Clocks whose budget is too large for a `Duration` or an `Instant`: each is set
/// before `set_game`, since the clock outlives the game.
const HUGE_CLOCKS: &[&[&str]] = &[
    &["time_settings 1e22 0 0"],
    &["kgs-time_settings absolute 1e300"],
    &["kgs-time_settings byoyomi 0 1e300 1"],
    &["kgs-time_settings canadian 1e300 1e300 1"],
    &["time_settings 0 1e19 1"],
    &["kgs-time_settings byoyomi 8 18446744073709551616 18"],
    &["time_settings 600 0 0", "time_left b 1e300 0"],
    &["time_settings 600 0 0", "time_left 1 1e300 0"],
    &["kgs-time_settings byoyomi 0 30 5", "time_left b 1e300 5"],
    &["time_settings 600 0 0", "time_left b -5 0"],
];

/// `genmove` interrupted at once: the search starts, computes its deadline, and answers
/// with what it has.
fn interrupted_genmove(engine: &mut Engine, genmove: &str) -> Option<String> {
    engine.send_raw(format!("{genmove}\n# interrupt\n").as_bytes());
    engine.read_response()
}

#[test]
fn huge_clocks_never_abort_a_genmove() {
    let mut failures = Vec::new();
    for (game, setup, genmove) in GAMES {
        for clock in HUGE_CLOCKS {
            let mut engine = Engine::tabula(&[]);
            for command in *clock {
                // `time_left` names a colour of the game being played.
                if !command.starts_with("time_left") {
                    engine.ok(command);
                }
            }
            engine.ok(&format!("set_game {game}"));
            for command in clock.iter().filter(|c| c.starts_with("time_left")) {
                let _ = engine.send(command);
            }
            for command in *setup {
                engine.ok(command);
            }
            let answer = interrupted_genmove(&mut engine, genmove);
            if !answer.as_deref().is_some_and(|a| a.starts_with('=')) || !engine.quit_cleanly() {
                failures.push(format!("{game} under {clock:?}: {answer:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn clocks_that_are_not_numbers_are_refused() {
    let mut engine = Engine::tabula(&[]);
    for command in [
        "time_settings nan 0 0",
        "time_settings inf 0 0",
        "time_settings 1e400 0 0",
        "time_settings -1 0 0",
        "kgs-time_settings absolute NaN",
        "kgs-time_settings byoyomi 0 infinity 1",
        "time_left b nan 0",
        "time_left b -inf 0",
    ] {
        let reply = engine.send(command);
        assert!(!reply.ok, "`{command}` accepted");
    }
    assert!(interrupted_genmove(&mut engine, "genmove b").is_some_and(|a| a.starts_with('=')));
    assert!(engine.quit_cleanly());
}
