//! The analysis commands Go GUIs drive, through the binary: KataGo's `kata-analyze`, the
//! `*-genmove_analyze` commands, and pondering. Each line is checked against the format
//! Leela Zero and KataGo document.

mod common;

use common::Engine;
use regex::Regex;
use std::time::Duration;

/// One `kata-analyze` block of one move, as KataGo writes it (without `pvVisits`).
const KATA_INFO: &str = r"info move (?:[A-HJ][1-9]|pass) visits \d+ utility -?[\d.]+ winrate [\d.]+ scoreMean -?[\d.]+ scoreStdev [\d.]+ scoreLead -?[\d.]+ prior [\d.]+ lcb [\d.]+ order \d+ pv(?: (?:[A-HJ][1-9]|pass))+";

/// Reads the lines of a stream up to the empty line that ends it (not included).
fn stream_lines(e: &mut Engine) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = e.read_line().expect("the output ended inside a stream");
        if line.is_empty() {
            return lines;
        }
        lines.push(line);
    }
}

/// The values after `ownership`, which ends a line.
fn ownership_values(line: &str) -> Vec<f32> {
    let (_, values) = line.split_once(" ownership ").expect("no ownership");
    values
        .split(' ')
        .map(|v| v.parse().unwrap_or_else(|_| panic!("not a float: {v:?}")))
        .collect()
}

#[test]
fn kata_analyze_streams_katago_lines_with_ownership_until_the_next_line() {
    let mut e = Engine::tabula(&[]);
    e.ok("boardsize 9");
    // A Black group in the top left corner, White to move: the corner is the opponent's.
    for v in ["A9", "B9", "C9", "A8", "B8", "C8", "A7", "B7"] {
        e.ok(&format!("play b {v}"));
    }
    e.send_raw(b"5 kata-analyze w 10 ownership true maxmoves 3\n");
    assert_eq!(e.read_line().as_deref(), Some("=5"));
    let line_format = Regex::new(&format!(
        r"\A(?:{KATA_INFO} ){{1,3}}ownership(?: -?[\d.]+){{81}}\z"
    ))
    .unwrap();
    let mut lines = Vec::new();
    for _ in 0..2 {
        lines.push(e.read_line().expect("the daemon died analysing"));
    }
    e.send_raw(b"name\n");
    lines.extend(stream_lines(&mut e));
    for line in &lines {
        assert!(line_format.is_match(line), "{line:?}");
        let owned = ownership_values(line);
        assert_eq!(owned.len(), 81, "one value per point");
        assert!(owned.iter().all(|v| (-1.0..=1.0).contains(v)), "{line:?}");
        // Row by row from A9: A9 is the first value, B7 the 11th; from White's view.
        assert!(owned[0] < -0.5 && owned[10] < -0.5, "{owned:?}");
    }
    assert_eq!(
        e.read_reply().text,
        "tabula",
        "the line that ended the stream is run"
    );
    // The same position for Black: the same points, the other sign.
    e.send_raw(b"kata-analyze b interval 10 ownership true pvVisits true\n");
    assert_eq!(e.read_line().as_deref(), Some("="));
    let line = e.read_line().expect("the daemon died analysing");
    e.send_raw(b"\n");
    stream_lines(&mut e);
    assert!(ownership_values(&line)[0] > 0.5, "{line:?}");
    let pv_visits =
        Regex::new(r" pv(?: [A-HJ][1-9]| pass)+ pvVisits(?: \d+)+ (?:info|ownership) ").unwrap();
    assert!(pv_visits.is_match(&line), "{line:?}");
    assert_eq!(e.ok("name"), "tabula");
}

#[test]
fn kata_analyze_refuses_what_katago_refuses_and_leaves_the_game_alone() {
    let mut e = Engine::tabula(&[]);
    e.ok("boardsize 9");
    for bad in [
        "kata-analyze ownership",
        "kata-analyze b 10 ownership maybe",
        "kata-analyze b 10 ownershipStdev true",
        "kata-analyze b avoid b D4 1",
        "kata-analyze b 10 20",
        "lz-analyze b 10 ownership true",
    ] {
        let reply = e.send(bad);
        assert!(!reply.ok, "{bad}: {reply:?}");
        assert_eq!(reply.text, "syntax error", "{bad}");
    }
    assert_eq!(e.ok("list_stones b"), "");
    assert_eq!(e.ok("gogui-rules_side_to_move"), "black");
}

/// Nothing follows the analysis: the end of input ends it, and the daemon.
#[test]
fn end_of_input_ends_streaming_analysis_and_the_daemon() {
    for command in ["lz-analyze b 50", "kata-analyze b 50 ownership true"] {
        let ran = common::run_to_end(
            env!("CARGO_BIN_EXE_tabula"),
            &[],
            format!("boardsize 9\n{command}\n").as_bytes(),
            Duration::from_secs(60),
        );
        let (status, out) = ran.expect("still analysing a minute after the end of input");
        assert!(status.success(), "{command}: {status:?}");
        assert!(out.starts_with("= \n\n=\n"), "{command}: {out:?}");
        assert!(out.ends_with("\n\n"), "{command}: not closed: {out:?}");
    }
}

/// The visits of the `info` blocks of a line: with every searched move listed, their sum
/// is the playouts of the search.
fn listed_visits(line: &str) -> u64 {
    let words: Vec<&str> = line.split(' ').collect();
    words
        .windows(2)
        .filter(|w| w[0] == "visits")
        .map(|w| w[1].parse::<u64>().unwrap())
        .sum()
}

#[test]
fn genmove_analyze_streams_then_plays_its_move_whatever_input_comes() {
    for (command, info) in [
        (
            "lz-genmove_analyze",
            r"info move \S+ visits \d+ winrate \d+ prior \d+ order \d+ pv(?: \S+)+",
        ),
        ("kata-genmove_analyze", KATA_INFO),
    ] {
        let mut e = Engine::tabula(&["--playouts", "2000"]);
        e.ok("boardsize 9");
        // A line right behind it does not cut the search short, unlike `*-analyze`.
        e.send_raw(format!("7 {command} b 1 maxmoves 1000\nname\n").as_bytes());
        assert_eq!(e.read_line().as_deref(), Some("=7"), "{command}");
        let lines = stream_lines(&mut e);
        let (last, infos) = lines.split_last().expect("nothing streamed");
        let played = last
            .strip_prefix("play ")
            .unwrap_or_else(|| panic!("{last:?}"));
        assert!(!infos.is_empty(), "{command}: no analysis before the move");
        let info_line = Regex::new(&format!(r"\A{info}(?: {info})*\z")).unwrap();
        for line in infos {
            assert!(info_line.is_match(line), "{command}: {line:?}");
        }
        // The last report is of the whole search: at most the budget, and more than
        // half of it, since a search stops early only once its move leads the next by
        // more than the playouts left.
        let visits = listed_visits(infos.last().unwrap());
        assert!(
            (1001..=2000).contains(&visits),
            "{command}: {visits} visits of 2000"
        );
        assert_eq!(e.read_reply().text, "tabula");
        // The move was played, as `genmove` plays it.
        assert_eq!(e.ok("list_stones b"), played, "{command}");
        assert_eq!(e.ok("gogui-rules_side_to_move"), "white");
        // A bad argument: an error, nothing streamed, nothing played.
        let reply = e.send(&format!("{command} w 10 avoid b D4 1"));
        assert_eq!((reply.ok, reply.text.as_str()), (false, "syntax error"));
        assert_eq!(e.ok("list_stones w"), "");
    }
}

#[test]
fn end_of_input_lets_genmove_analyze_finish_and_answer() {
    let ran = common::run_to_end(
        env!("CARGO_BIN_EXE_tabula"),
        &["--playouts", "500"],
        b"boardsize 9\nkata-genmove_analyze b 1 ownership true\n",
        Duration::from_secs(60),
    );
    let (status, out) = ran.expect("still searching a minute after the end of input");
    assert!(status.success(), "{status:?}");
    let play = Regex::new(r"\n(?:info [^\n]+ ownership[^\n]+\n)+play [A-HJ][1-9]\n\n\z").unwrap();
    assert!(
        out.starts_with("= \n\n=\n") && play.is_match(&out),
        "{out:?}"
    );
}

/// With `--ponder` the engine searches on after its move; the next line is still answered
/// (it stops the pondering), and the game is exactly as the move left it.
#[test]
fn pondering_gives_way_to_the_next_line_and_leaves_the_game_alone() {
    let mut e = Engine::tabula(&["--ponder", "--playouts", "300"]);
    e.ok("boardsize 9");
    let black = e.ok("genmove b");
    let name = e.send_within("name", Duration::from_secs(60));
    assert_eq!(
        name.as_deref(),
        Some("= tabula"),
        "the line after a move is answered"
    );
    assert_eq!(e.ok("list_stones b"), black);
    assert_eq!(e.ok("gogui-rules_side_to_move"), "white");
    e.ok("play w E5");
    let again = e.ok("genmove b");
    assert!(
        again != black && again != "E5" && again != "resign",
        "{again}"
    );
    assert_eq!(e.ok("list_stones w"), "E5");
}

#[test]
fn end_of_input_ends_pondering_and_the_daemon() {
    let ran = common::run_to_end(
        env!("CARGO_BIN_EXE_tabula"),
        &["--ponder", "--playouts", "300"],
        b"boardsize 19\ngenmove b\n",
        Duration::from_secs(60),
    );
    let (status, out) = ran.expect("still pondering a minute after the end of input");
    assert!(status.success(), "{status:?}");
    let answers = Regex::new(r"\A= \n\n= [A-HJ-T]1?\d\n\n\z").unwrap();
    assert!(answers.is_match(&out), "{out:?}");
}
