//! Life and death at the end of a game, against GNU Go: `final_status_list` (dead, alive,
//! seki) and `final_score` on finished positions with seki and dead stones.

mod common;

use common::{Engine, gnugo, vertex_set};

/// Two groups without eyes sharing the liberties D9 and D8 (seki), each inside a wall
/// of the other colour; B2 and H2 are dead stones in the opponent's area.
const SEKI_AND_DEAD: [&str; 9] = [
    ".OX.OX...",
    ".OX.OX...",
    ".OXXOX...",
    ".OOOXX...",
    "...OX....",
    "...OX....",
    "...OX....",
    ".X.OX..O.",
    "...OX....",
];

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

fn vertex(x: usize, y: usize, size: usize) -> String {
    format!("{}{}", COLUMNS.as_bytes()[x] as char, size - y)
}

/// `play` commands that set up `rows` (top row first) with colours alternating, White
/// passing when it has fewer stones, so that no stone reads as a handicap stone.
fn setup(rows: &[String]) -> Vec<String> {
    let size = rows.len();
    let stones = |mark: u8| -> Vec<String> {
        let mut v = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.as_bytes().iter().enumerate() {
                if c == mark {
                    v.push(vertex(x, y, size));
                }
            }
        }
        v
    };
    let (black, white) = (stones(b'X'), stones(b'O'));
    let mut commands = vec![
        format!("boardsize {size}"),
        "clear_board".into(),
        "komi 7.5".into(),
    ];
    for i in 0..black.len().max(white.len()) {
        if let Some(b) = black.get(i) {
            commands.push(format!("play b {b}"));
        }
        commands.push(match white.get(i) {
            Some(w) => format!("play w {w}"),
            None => "play w pass".into(),
        });
    }
    commands
}

fn transposed(rows: &[&str]) -> Vec<String> {
    (0..rows.len())
        .map(|x| rows.iter().map(|r| r.as_bytes()[x] as char).collect())
        .collect()
}

#[test]
#[cfg_attr(
    missing_gnugo,
    ignore = "GNU Go not found: apt-get install gnugo, or set GNUGO (.ci/run installs it)"
)]
fn seki_and_dead_stones_are_listed_and_scored_as_gnu_go_does() {
    let gnugo = gnugo();
    let plain: Vec<String> = SEKI_AND_DEAD.iter().map(|r| r.to_string()).collect();
    for rows in [plain, transposed(&SEKI_AND_DEAD)] {
        let mut ours = Engine::tabula(&[]);
        let mut theirs = Engine::start(&gnugo, &["--mode", "gtp", "--chinese-rules"]);
        for command in setup(&rows) {
            assert_eq!(ours.ok(&command), theirs.ok(&command), "{command}");
        }
        for which in ["dead", "alive", "seki"] {
            let command = format!("final_status_list {which}");
            let (a, b) = (
                vertex_set(&ours.ok(&command)),
                vertex_set(&theirs.ok(&command)),
            );
            assert_eq!(a, b, "{command} on\n{}", rows.join("\n"));
            assert!(!a.is_empty(), "{command}");
        }
        assert_eq!(ours.ok("final_score"), theirs.ok("final_score"));
        assert_eq!(ours.ok("final_score"), "B+5.5");
    }
}
