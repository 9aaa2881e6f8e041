//! GTP command lines for the fuzzer: well-formed ones for the game being played (moves
//! taken from its legal moves where known), commands of the other games, clocks,
//! records, and lines no command accepts.

use super::gtp_wire::command_name;
use super::mutate::{ODD_NUMBERS, mutate};
use super::rng::Rng;

/// The kind of game selected, as far as the commands it answers go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Family {
    Go,
    ConnectFour,
    FiveInARow,
    Blokus { colours: usize },
}

impl Family {
    /// The family of a `gogui-rules_game_id` answer.
    pub fn from_game_id(id: &str) -> Family {
        match id {
            "Go" => Family::Go,
            "Connect Four" => Family::ConnectFour,
            blokus if blokus.starts_with("Blokus") => Family::Blokus {
                colours: if blokus.contains("Duo") || blokus.contains("Junior") {
                    2
                } else {
                    4
                },
            },
            _ => Family::FiveInARow,
        }
    }
}

/// `set_game` names: all of them, in other cases, with spaces, and unknown ones.
const GAME_NAMES: &[&str] = &[
    "Go",
    "go",
    "Connect Four",
    "connect4",
    "CONNECT FOUR",
    "Gomoku",
    "Gomoku Standard",
    "Renju",
    "renju",
    "Omok",
    "Caro",
    "Blokus",
    "Blokus Duo",
    "Blokus Two-Player",
    "Blokus Three-Player",
    "Blokus Junior",
    "blokus  duo",
    "Backgammon",
    "Connect",
    "Blokus Quattro",
    "",
];

const SESSION_COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "cputime",
    "gogui-interrupt",
];

/// Names known to some game but maybe not to the current one, for `known_command` and
/// for commands sent to the wrong game.
const ANY_COMMAND: &[&str] = &[
    "boardsize",
    "komi",
    "tabula-scores",
    "tabula-forbidden",
    "tabula-ownership",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "savesgf",
    "g",
    "p",
    "fixed_handicap",
    "gogui-rules_board_size",
    "gogui-rules_board_gfx",
    "gogui-rules_captured_count",
    "kgs-genmove_cleanup",
    "PLAY",
    "play_",
    "",
];

const RULE_SETS: &[&str] = &[
    "japanese",
    "chinese",
    "aga",
    "new_zealand",
    "tromp-taylor",
    "ing",
    "CHINESE",
];

/// One line to send and what the fuzzer needs to know about it.
pub struct Planned {
    pub bytes: Vec<u8>,
    /// The command the daemon will read in it (after any damage).
    pub name: String,
    /// Whether it may stream until the next input line (`lz-analyze`, `kata-analyze`
    /// in Go).
    pub streams: bool,
}

impl Planned {
    pub fn new(bytes: Vec<u8>, family: Family) -> Planned {
        let name = command_name(&bytes).unwrap_or_default();
        Planned {
            streams: family == Family::Go && (name == "lz-analyze" || name == "kata-analyze"),
            name,
            bytes,
        }
    }
}

/// What the generator knows of the daemon's state.
pub struct View<'a> {
    pub family: Family,
    /// The side to move's legal moves at the last probe (maybe stale).
    pub legal: &'a [String],
    /// Files `loadsgf` may name.
    pub records: &'a [String],
}

/// Go searches, which keep their tree for the next move: sent after `boardsize` or
/// `loadsgf`, they test that no tree outlives its board size.
const GO_SEARCHES: &[&str] = &[
    "genmove",
    "kgs-genmove_cleanup",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
];

/// Arguments of the analysis commands: colours, intervals, KataGo's key-value options,
/// some of them refused.
const ANALYSIS_ARGS: &[&str] = &[
    "",
    "b",
    "w 5",
    "b 10",
    "interval 3",
    "w 0",
    "10",
    "b interval 5",
    "b 10 ownership true",
    "w 5 maxmoves 2 pvVisits true",
    "b 1 minmoves 3",
    "b 10 ownership maybe",
    "w 10 avoid b D4 1",
    "b 2.5",
    "b -1",
];

pub fn line(rng: &mut Rng, view: &View) -> Planned {
    let text = well_formed(rng, view);
    let bytes = if rng.chance(30) {
        mutate(rng, text.as_bytes())
    } else {
        text.into_bytes()
    };
    Planned::new(bytes, view.family)
}

fn well_formed(rng: &mut Rng, view: &View) -> String {
    match rng.below(100) {
        0..=3 => {
            let name = *rng.pick(SESSION_COMMANDS);
            name.to_string()
        }
        4 => {
            let names = [ANY_COMMAND, SESSION_COMMANDS].concat();
            format!("known_command {}", rng.pick(&names))
        }
        5 => format!(
            "set_random_seed {}",
            number(
                rng,
                &["0", "42", "18446744073709551615", "18446744073709551616"]
            )
        ),
        6..=9 => format!("set_game {}", rng.pick(GAME_NAMES)),
        10..=13 => loadsgf(rng, view),
        14..=18 => clock(rng, view),
        19..=21 => junk(rng),
        22 => {
            let name = rng.pick(ANY_COMMAND);
            format!("{name} {}", colour(rng, view))
        }
        23 if rng.chance(10) => "quit".into(),
        _ => match view.family {
            Family::Go => go(rng, view),
            Family::ConnectFour => connect_four(rng, view),
            Family::FiveInARow => five(rng, view),
            Family::Blokus { .. } => blokus(rng, view),
        },
    }
}

/// One of `usual`, else an odd number.
fn number(rng: &mut Rng, usual: &[&str]) -> String {
    if rng.chance(80) {
        rng.pick(usual).to_string()
    } else {
        rng.pick(ODD_NUMBERS).to_string()
    }
}

fn colour(rng: &mut Rng, view: &View) -> &'static str {
    const FOUR: &[&str] = &["1", "2", "3", "4", "blue", "yellow", "red", "green"];
    const TWO: &[&str] = &["b", "w", "black", "WHITE", "B", "w"];
    const NONE: &[&str] = &["x", "5", "0", "purple", "bw"];
    let colours = match view.family {
        _ if rng.chance(5) => NONE,
        Family::Blokus { colours: 4 } => FOUR,
        _ => TWO,
    };
    colours[rng.below(colours.len())]
}

/// A move of the current game: a legal one where known, else a random point.
fn a_move(rng: &mut Rng, view: &View) -> String {
    if !view.legal.is_empty() && rng.chance(75) {
        return rng.pick(view.legal).clone();
    }
    let col = |rng: &mut Rng| {
        let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        letters[rng.below(letters.len())] as char
    };
    match view.family {
        Family::Blokus { .. } => {
            let cells: Vec<String> = (0..1 + rng.below(5))
                .map(|_| format!("{}{}", col(rng), rng.range(0, 21)))
                .collect();
            cells.join(",")
        }
        Family::ConnectFour if rng.chance(50) => col(rng).to_string(),
        _ if rng.chance(5) => rng
            .pick(&["pass", "PASS", "resign", "AA1", "a99999999999"])
            .to_string(),
        _ => format!("{}{}", col(rng), rng.range(0, 26)),
    }
}

fn go(rng: &mut Rng, view: &View) -> String {
    let c = colour(rng, view);
    match rng.below(40) {
        0..=13 => format!("play {c} {}", a_move(rng, view)),
        14..=16 => match *rng.pick(GO_SEARCHES) {
            name @ ("genmove" | "kgs-genmove_cleanup") => format!("{name} {c}"),
            name => format!("{name} {}", rng.pick(ANALYSIS_ARGS)),
        },
        17 => format!("reg_genmove {c}"),
        18 | 19 => format!(
            "boardsize {}",
            number(rng, &["5", "7", "9", "9", "13", "19", "2", "25", "26", "1"])
        ),
        20 => "clear_board".into(),
        21 => format!(
            "komi {}",
            number(rng, &["6.5", "0", "-7.5", "1e300", "-1e300", "0.25"])
        ),
        22 | 23 => "undo".into(),
        24 => "final_score".into(),
        25 => format!(
            "final_status_list {}",
            rng.pick(&["alive", "dead", "seki", "all", ""])
        ),
        26 => format!(
            "fixed_handicap {}",
            number(rng, &["2", "4", "9", "10", "1"])
        ),
        27 => format!(
            "place_free_handicap {}",
            number(rng, &["2", "5", "30", "1"])
        ),
        28 => {
            let vs: Vec<String> = (0..rng.below(5)).map(|_| a_move(rng, view)).collect();
            format!("set_free_handicap {}", vs.join(" "))
        }
        29 => format!("kgs-rules {}", rng.pick(RULE_SETS)),
        30 => format!("all_legal {c}"),
        31 => format!("list_stones {c}"),
        32 => "tabula-ownership".into(),
        33 => "kgs-game_over".into(),
        _ => shared(rng),
    }
}

/// What sets Connect Four and five in a row apart on the wire: board sizes
/// (`boardsize W [H]`) and the game's own analysis command.
struct Grid {
    widths: &'static [&'static str],
    heights: &'static [&'static str],
    analysis: &'static str,
}

const CONNECT_FOUR: Grid = Grid {
    widths: &["7", "4", "9", "8", "3", "10"],
    heights: &["6", "4", "7", "9", "3"],
    analysis: "tabula-scores",
};

const FIVE_IN_A_ROW: Grid = Grid {
    widths: &["15", "5", "7", "19", "32", "4", "33"],
    heights: &["9", "5", "32", "4"],
    analysis: "tabula-forbidden",
};

fn connect_four(rng: &mut Rng, view: &View) -> String {
    grid(rng, view, &CONNECT_FOUR)
}

fn five(rng: &mut Rng, view: &View) -> String {
    grid(rng, view, &FIVE_IN_A_ROW)
}

fn grid(rng: &mut Rng, view: &View, game: &Grid) -> String {
    let c = colour(rng, view);
    match rng.below(30) {
        0..=13 => format!("play {c} {}", a_move(rng, view)),
        14 | 15 => format!("genmove {c}"),
        16 => format!("reg_genmove {c}"),
        17 | 18 => {
            let w = number(rng, game.widths);
            let h = if rng.chance(45) {
                format!(" {}", number(rng, game.heights))
            } else {
                String::new()
            };
            format!("boardsize {w}{h}")
        }
        19 | 20 => "undo".into(),
        21 => game.analysis.into(),
        22 => "clear_board".into(),
        _ => shared(rng),
    }
}

fn blokus(rng: &mut Rng, view: &View) -> String {
    let c = colour(rng, view);
    match rng.below(30) {
        0..=9 => format!("play {c} {}", a_move(rng, view)),
        10..=12 => format!("p {}", a_move(rng, view)),
        13 | 14 => format!("genmove {c}"),
        15 => "g".into(),
        16 => format!("reg_genmove {c}"),
        17 => format!("all_legal {c}"),
        18 | 19 => "undo".into(),
        20 => format!("savesgf {}", output_file(rng)),
        21 => "clear_board".into(),
        _ => shared(rng),
    }
}

/// Commands every game has.
fn shared(rng: &mut Rng) -> String {
    let gogui = [
        "gogui-rules_game_id",
        "gogui-rules_board",
        "gogui-rules_board_size",
        "gogui-rules_legal_moves",
        "gogui-rules_side_to_move",
        "gogui-rules_final_result",
        "gogui-analyze_commands",
        "showboard",
        "final_score",
    ];
    match rng.below(4) {
        0 => format!("printsgf {}", output_file(rng)),
        1 => "printsgf".into(),
        _ => {
            let name = *rng.pick(&gogui);
            name.to_string()
        }
    }
}

/// Where `printsgf`/`savesgf` write: the run's own folder (the daemon's working folder),
/// or places that cannot be written.
fn output_file(rng: &mut Rng) -> String {
    if rng.chance(85) {
        format!("out-{}.sgf", rng.below(4))
    } else {
        rng.pick(&["/nonexistent/dir/out.sgf", ".", ""]).to_string()
    }
}

fn loadsgf(rng: &mut Rng, view: &View) -> String {
    let file = if rng.chance(20) {
        output_file(rng)
    } else {
        rng.pick(view.records).clone()
    };
    match rng.below(4) {
        0 => format!(
            "loadsgf {file} {}",
            number(rng, &["1", "2", "5", "30", "0"])
        ),
        _ => format!("loadsgf {file}"),
    }
}

/// Clock values: ordinary, negative, not numbers, and huge ones, which a move's budget
/// must saturate rather than overflow.
fn seconds(rng: &mut Rng) -> String {
    if rng.chance(15) {
        return rng
            .pick(&["1e22", "1e19", "1e300", "9223372036854775807", "1e12"])
            .to_string();
    }
    number(rng, &["0", "1", "5", "30", "600", "0.5", "-5", "-1e300"])
}

fn clock(rng: &mut Rng, view: &View) -> String {
    let c = colour(rng, view);
    let stones = |rng: &mut Rng| number(rng, &["0", "1", "5", "25", "4294967295"]);
    match rng.below(6) {
        0 | 1 => {
            let (m, b, s) = (seconds(rng), seconds(rng), stones(rng));
            format!("time_settings {m} {b} {s}")
        }
        2 | 3 => {
            let (m, p, s) = (seconds(rng), seconds(rng), stones(rng));
            let args = match rng.below(5) {
                0 => "none".to_string(),
                1 => format!("absolute {m}"),
                2 => format!("canadian {m} {p} {s}"),
                3 => format!("byoyomi {m} {p} {s}"),
                _ => format!("fischer {m} {p}"),
            };
            format!("kgs-time_settings {args}")
        }
        _ => {
            let (t, s) = (seconds(rng), stones(rng));
            format!("time_left {c} {t} {s}")
        }
    }
}

/// Lines no command accepts, and lines that get no response at all.
fn junk(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => String::new(),
        1 => rng
            .pick(&["# a comment", "   ", "\t", "# interrupt", "\r"])
            .to_string(),
        2 => rng
            .pick(&[
                "=",
                "?",
                "= 1",
                "12",
                "12 ",
                "-1 name",
                "name name",
                "\u{fffd}",
            ])
            .to_string(),
        3 => "x".repeat(1 + rng.below(200)),
        _ => (0..1 + rng.below(40))
            .map(|_| char::from(32 + rng.below(95) as u8))
            .collect(),
    }
}
