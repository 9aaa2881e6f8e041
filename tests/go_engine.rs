//! The Go player's behaviour through the binary: reproducible answers, passing when the
//! game is decided, eyes, the clock, interrupts and streaming analysis. Strength is
//! measured by the match script, not here.

mod common;

use common::Engine;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn moves(seed: &str) -> Vec<String> {
    moves_of(Engine::tabula(&["--seed", seed, "--playouts", "300"]))
}

fn moves_of(mut e: Engine) -> Vec<String> {
    e.ok("boardsize 9");
    (0..6)
        .map(|i| e.ok(if i % 2 == 0 { "genmove b" } else { "genmove w" }))
        .collect()
}

#[test]
fn fixed_seed_and_budget_give_identical_games() {
    let a = moves("5");
    assert_eq!(a, moves("5"));
    assert!(a.iter().all(|m| m.len() >= 2 && m != "resign"), "{a:?}");
}

#[test]
fn set_random_seed_replaces_the_command_line_seed() {
    let mut e = Engine::tabula(&["--seed", "1", "--playouts", "300"]);
    e.ok("set_random_seed 5");
    assert_eq!(moves_of(e), moves("5"));
}

#[test]
fn passes_when_the_opponent_passed_and_passing_wins() {
    let mut e = Engine::tabula(&["--playouts", "300"]);
    for cmd in ["boardsize 5", "komi 0.5", "clear_board"] {
        e.ok(cmd);
    }
    for row in 1..=5 {
        e.ok(&format!("play b c{row}"));
        e.ok(&format!("play w d{row}"));
    }
    e.ok("play w pass");
    assert_eq!(e.ok("genmove b"), "pass");
    // The same position with White to answer a Black pass: White loses by passing, so
    // it plays on.
    e.ok("undo");
    e.ok("undo");
    e.ok("play b pass");
    assert_ne!(e.ok("genmove w"), "pass");
}

/// tabula at 2,000 playouts a move (seed 1) after the 9×9 game `moves`, komi 7.5,
/// Black first.
fn replayed(moves: &str) -> Engine {
    let mut e = Engine::tabula(&["--seed", "1", "--playouts", "2000"]);
    e.ok("boardsize 9");
    e.ok("komi 7.5");
    for (i, mv) in moves.split_whitespace().enumerate() {
        let colour = if i % 2 == 0 { "b" } else { "w" };
        e.ok(&format!("play {colour} {mv}"));
    }
    e
}

/// A 9×9 game of tabula (Black) against Pachi 12.90, up to White's pass at move 44.
/// Black's group from G9 to J6 wins its capturing race against White's H8 J8, but
/// whoever moves first, it is left with one eye: if White sacrifices three stones at
/// J7, the vital point J8 of their space kills; if Black takes the two stones, their
/// space is two points. GNU Go, the match's referee, counted it dead: W+12.5 after
/// Black passed.
const ONE_EYE_AFTER_THE_RACE: &str = "E5 E3 F3 F2 D3 E4 D4 F4 G7 F5 D6 E6 E7 D5 C5 F7 E5 F6 \
                                      G8 F8 E8 E9 H6 H5 C8 D2 C2 G6 H7 J8 G9 F9 D1 E2 J6 H3 \
                                      D9 H8 H9 E1 C1 H4 D5 pass";

#[test]
fn counts_a_group_that_wins_its_race_with_one_eye_as_dead() {
    let mut e = replayed(ONE_EYE_AFTER_THE_RACE);
    // The referee's count: the playouts read the sacrifice and the vital point.
    assert_eq!(e.ok("final_score"), "W+12.5");
    assert_ne!(e.ok("genmove b"), "pass");
}

/// A 9×9 game of tabula (Black) against GNU Go, up to GNU Go's pass at move 52. Black
/// wins the count either way; White's A1 A2 A3 B2 has two liberties, but B3 and A4
/// touch no black stone: a short chain, no race.
const NO_RACE: &str = "E5 C3 H6 C6 C7 D7 D6 C8 E7 B7 D2 G3 F2 E8 F7 F8 G8 G9 C2 C5 H3 H9 \
                       B3 B4 D3 C4 H8 B2 B1 A3 H4 A2 D4 D5 E6 J8 J7 A1 C1 F9 G7 J9 G2 pass \
                       F3 pass G4 pass D8 D9 B9 pass";

#[test]
fn passes_after_a_pass_when_a_short_chain_is_in_no_race() {
    let mut e = replayed(NO_RACE);
    assert_eq!(e.ok("genmove b"), "pass");
}

/// A finished game (both passed) with three dead White stones inside Black's area.
const GAME_WITH_DEAD_STONES: &str = "tests/data/go/dead-stones/2008_EGC2008_9_Fuego9-MonteGNU.sgf";

#[test]
fn cleanup_captures_dead_stones_instead_of_passing() {
    let mut e = Engine::tabula(&["--playouts", "1000"]);
    e.ok(&format!("loadsgf {GAME_WITH_DEAD_STONES}"));
    let dead = e.ok("final_status_list dead");
    assert_eq!(
        dead.split_whitespace().collect::<Vec<_>>(),
        ["E4", "G4", "H4"]
    );
    // An ordinary genmove passes: the game is over and Black wins it.
    assert_eq!(e.ok("genmove b"), "pass");
    e.ok("undo");
    // Clean-up plays on while White's dead stones are on the board: a real move, and
    // never a tree of the genmove just made (its root could pass).
    let cleanup = e.ok("kgs-genmove_cleanup b");
    assert_ne!(cleanup, "pass");
    assert!(e.ok("list_stones black").split(' ').any(|s| s == cleanup));
}

#[test]
fn never_fills_its_own_eyes() {
    // Black's group has two one-point eyes (A1 and C1), White's has three on the top edge:
    // Black's only legal moves would fill its own eyes, so it passes.
    let mut e = Engine::tabula(&["--playouts", "500"]);
    e.ok("boardsize 5");
    for v in [
        "b1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
    ] {
        e.ok(&format!("play b {v}"));
    }
    for v in ["a4", "b4", "c4", "d4", "e4", "b5", "d5"] {
        e.ok(&format!("play w {v}"));
    }
    assert_eq!(e.ok("genmove b"), "pass");
    assert_eq!(e.ok("list_stones black").split(' ').count(), 13);
}

#[test]
fn stays_within_a_small_clock() {
    let mut e = Engine::tabula(&[]);
    e.ok("boardsize 9");
    e.ok("kgs-time_settings absolute 60");
    e.ok("time_left b 1.5 0");
    let start = Instant::now();
    let reply = e.ok("genmove b");
    let spent = start.elapsed();
    assert!(reply.len() >= 2);
    assert!(
        spent < Duration::from_millis(1500),
        "spent {spent:?} of 1.5 s left"
    );
}

#[test]
fn an_interrupt_stops_a_long_search() {
    // A budget that would take hours: only the interrupt can end it.
    let mut e = Engine::tabula(&["--playouts", "1000000000"]);
    e.ok("boardsize 19");
    e.send_raw(b"7 genmove b\n");
    std::thread::sleep(Duration::from_millis(300));
    e.send_raw(b"# interrupt\n");
    let reply = e.read_reply();
    assert!(reply.ok && reply.text.len() >= 2, "{reply:?}");
    assert_eq!(e.ok("name"), "tabula");
}

#[test]
fn lz_analyze_streams_until_the_next_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    stdin
        .write_all(b"boardsize 9\n3 lz-analyze b 10\n")
        .unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "= \n");
    line.clear();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "\n");
    line.clear();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "=3\n");
    // Two updates, then a new line ends the stream.
    for _ in 0..2 {
        line.clear();
        out.read_line(&mut line).unwrap();
        assert!(line.starts_with("info move "), "{line:?}");
        assert!(
            line.contains(" visits ") && line.contains(" winrate ") && line.contains(" pv "),
            "{line:?}"
        );
    }
    stdin.write_all(b"4 name\nquit\n").unwrap();
    stdin.flush().unwrap();
    let lines: Vec<String> = out.lines().map(|l| l.unwrap()).collect();
    let end = lines
        .iter()
        .position(|l| l.is_empty())
        .expect("the stream ends with an empty line");
    assert!(
        lines[..end].iter().all(|l| l.starts_with("info move ")),
        "{lines:?}"
    );
    assert_eq!(lines[end + 1..].join("\n"), "=4 tabula\n\n= \n");
    assert!(child.wait().unwrap().success());
}

/// The vertices an `lz-analyze` line names: each `move` and every move of each `pv`.
fn analysed_vertices(line: &str) -> Vec<&str> {
    let mut vertices = Vec::new();
    let mut words = line.split_whitespace().peekable();
    while let Some(word) = words.next() {
        match word {
            "move" => vertices.extend(words.next()),
            "pv" => {
                while let Some(v) = words.next_if(|&w| w != "info") {
                    vertices.push(v);
                }
            }
            _ => {}
        }
    }
    vertices
}

fn is_vertex_of_9x9(v: &str) -> bool {
    let (column, row) = v.split_at(1);
    v == "pass"
        || ("ABCDEFGHJ".contains(column) && row.parse::<u32>().is_ok_and(|r| (1..=9).contains(&r)))
}

/// A 19×19 tree once went on into the analysis of the 9×9 board `boardsize` made: its
/// points were named on the wrong board, or the daemon died naming them.
#[test]
fn analysis_after_boardsize_names_only_points_of_the_new_board() {
    let mut e = Engine::tabula(&["--playouts", "300"]);
    e.ok("boardsize 19");
    e.ok("genmove b");
    e.ok("boardsize 9");
    e.send_raw(b"lz-analyze b 10\n");
    assert_eq!(e.read_line().as_deref(), Some("="));
    let first = e.read_line().expect("the daemon died analysing");
    assert!(first.starts_with("info move "), "{first:?}");
    e.send_raw(b"name\n");
    let mut lines = vec![first];
    loop {
        let line = e.read_line().expect("the daemon died analysing");
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    for line in &lines {
        let vertices = analysed_vertices(line);
        assert!(!vertices.is_empty(), "{line:?}");
        let foreign: Vec<&&str> = vertices.iter().filter(|v| !is_vertex_of_9x9(v)).collect();
        assert!(foreign.is_empty(), "not on 9x9: {foreign:?} in {line:?}");
    }
    assert_eq!(e.ok("name"), "tabula");
}
