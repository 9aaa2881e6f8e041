//! Real engines in the arena: tabula against GNU Go and against itself, a Gomocup brain,
//! openings, an outside referee and parallel games.

mod arena_common;
mod common;

use std::io::Write;
use std::path::Path;
use std::process::Command;

use arena_common::*;
use tabula::arena::results::{End, GameRecord};

#[test]
#[cfg_attr(
    missing_gnugo,
    ignore = "GNU Go not found: apt-get install gnugo, or set GNUGO (.ci/run installs it)"
)]
fn gnu_go_beats_random_tabula_and_the_scores_agree_with_its_referee() {
    let gnugo = common::gnugo();
    let dir = out_dir("gnugo");
    let gnugo_player = format!("{gnugo} --mode gtp --level 1 --chinese-rules");
    let referee = format!("{gnugo} --mode gtp --chinese-rules");
    let tab = tabula(3);
    let run = run_match(
        &dir,
        &[
            "--size",
            "9",
            "--komi",
            "7.5",
            "--rules",
            "chinese",
            "--games",
            "2",
            "--parallel",
            "2",
            "--engine",
            &gnugo_player,
            "--name",
            "gnugo",
            "--engine",
            &tab,
            "--name",
            "tabula",
            "--referee",
            &referee,
        ],
    );
    assert_eq!(run.games.len(), 2);
    for g in &run.games {
        let gnugo_colour = if g.black == 0 { 'B' } else { 'W' };
        assert!(
            g.result.starts_with(gnugo_colour),
            "GNU Go should win every game: {g:?}"
        );
        assert!(matches!(g.end, End::Score | End::Resign), "{g:?}");
        if g.end == End::Score {
            // The referee's score, with ours beside it: they must agree on the winner.
            assert!(g.reason.starts_with("referee: "), "{}", g.reason);
            let ours = g.reason.split("(tabula: ").nth(1).unwrap();
            assert!(ours.starts_with(gnugo_colour), "{}", g.reason);
        }
        assert!(g.moves > 20, "{g:?}");
    }
    assert_eq!(report_cell(&run.stdout, "gnugo", "W-D-L"), "2-0-0");
    assert_eq!(report_cell(&run.stdout, "gnugo", "black"), "1-0-0");
    check_records(&dir, &run.games);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tabula_against_itself_from_openings_in_parallel() {
    let dir = out_dir("self");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# two openings\nE5 C3\nc7 g3 pass\n").unwrap();
    let (a, b) = (tabula(1), tabula(2));
    let run = run_match(
        &dir,
        &[
            "--size",
            "9",
            "--games",
            "4",
            "--parallel",
            "2",
            "--openings",
            openings.to_str().unwrap(),
            "--engine",
            &a,
            "--engine",
            &b,
        ],
    );
    let mut numbers: Vec<usize> = run.games.iter().map(|g| g.game).collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4]);
    for g in &run.games {
        assert_eq!(g.black, (g.game - 1) % 2, "colours alternate: {g:?}");
        assert_eq!(g.opening, (g.game - 1) / 2 + 1, "each opening twice: {g:?}");
        assert_eq!(g.end, End::Score, "{g:?}");
        let sgf = std::fs::read_to_string(dir.join(format!("game-{:04}.sgf", g.game))).unwrap();
        let start = if g.opening == 1 {
            ";B[ee]\n;W[cg]"
        } else {
            ";B[cc]\n;W[gg]\n;B[]"
        };
        assert!(sgf.contains(start), "{sgf}");
    }
    assert_eq!(report_cell(&run.stdout, "tabula-1", "games"), "4");
    assert!(run.stderr.contains("4/4 games"), "{}", run.stderr);
    // Both sides answer `cputime`, so every game has their CPU time and so has the report.
    assert!(
        run.games
            .iter()
            .all(|g| g.cpu.iter().all(|c| c.is_some_and(|s| s >= 0.0)))
    );
    let cpu: f64 = report_cell(&run.stdout, "tabula-1", "cpu").parse().unwrap();
    assert!(cpu >= 0.0);
    check_records(&dir, &run.games);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn a_gomocup_brain_plays_through_coordinate_conversion() {
    let dir = out_dir("gomocup");
    let brain = format!(
        "python3 {}",
        fake_engines().join("pbrain-fake.py").display()
    );
    let tab = tabula(5);
    let run = run_match(
        &dir,
        &[
            "--size",
            "9",
            "--games",
            "2",
            "--max-moves",
            "12",
            "--engine",
            &brain,
            "--move-time",
            "5",
            "--engine",
            &tab,
        ],
    );
    assert_eq!(run.games.len(), 2);
    for g in &run.games {
        assert_eq!(g.end, End::MoveLimit, "{g:?}");
        assert_eq!(g.moves, 12);
        assert!(
            g.reason.starts_with("stopped after 12 moves; "),
            "{}",
            g.reason
        );
    }
    // The brain plays the first empty point from the top left: its `0,0` is A9, `aa`.
    let first = std::fs::read_to_string(dir.join("game-0001.sgf")).unwrap();
    assert!(first.contains("\n;B[aa]\n"), "{first}");
    // And Piskvork's record of the same game: 1-based, `x,y,ms`, then the players.
    let psq = std::fs::read_to_string(dir.join("game-0001.psq")).unwrap();
    let lines: Vec<&str> = psq.lines().collect();
    assert_eq!(lines[0], "Piskvorky 9x9, 11:11, 0");
    assert!(lines[1].starts_with("1,1,"), "{psq}");
    assert_eq!(lines.len(), 1 + 12 + 4, "{psq}");
    assert_eq!(lines[13..15], ["pbrain-fake", "tabula"]);
    let second = std::fs::read_to_string(dir.join("game-0002.sgf")).unwrap();
    // As White it is told tabula's moves by TURN (and BOARD) and always takes the first
    // empty point in reading order (`aa`, `ba`, … then `ab`, …).
    let mut taken: Vec<String> = Vec::new();
    let mut brain_moves = 0;
    for line in second.lines() {
        let Some((colour, rest)) = line.strip_prefix(';').and_then(|l| l.split_once('[')) else {
            continue;
        };
        let point = rest.split(']').next().unwrap().to_string();
        if colour == "W" {
            let first_empty = (b'a'..=b'i')
                .flat_map(|y| (b'a'..=b'i').map(move |x| format!("{}{}", x as char, y as char)))
                .find(|p| !taken.contains(p))
                .unwrap();
            assert_eq!(point, first_empty, "{second}");
            brain_moves += 1;
        }
        taken.push(point);
    }
    assert_eq!(brain_moves, 6, "{second}");
    assert_eq!(report_cell(&run.stdout, "pbrain-fake", "games"), "2");
    check_records(&dir, &run.games);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    missing_python3,
    ignore = "python3 not found: the fake engines are Python scripts"
)]
fn a_gomocup_brain_gets_its_limits_and_loses_on_time_when_it_hangs() {
    let dir = out_dir("gomocup-hang");
    let log = dir.join("brain.log");
    let brain = format!(
        "python3 {} hang 3",
        fake_engines().join("pbrain-fake.py").display()
    );
    let tab = tabula(5);
    let args = [
        "--size",
        "9",
        "--games",
        "1",
        "--engine",
        &brain,
        "--move-time",
        "0.5",
        "--time",
        "30",
        "--margin",
        "0.3",
        "--engine",
        &tab,
    ];
    let run = run_match_with_env(&dir, &args, &[("FAKE_PBRAIN_LOG", &log)]);
    let g = &run.games[0];
    assert_eq!(
        (g.result.as_str(), g.end, g.moves),
        ("W+T", End::Time, 4),
        "{g:?}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    // Before the match, one process is started to check that the brain answers ABOUT.
    let (check, lines): (Vec<&str>, Vec<&str>) = {
        let all: Vec<&str> = sent.lines().collect();
        (all[..2].to_vec(), all[2..].to_vec())
    };
    assert_eq!(check, ["ABOUT", "END"], "{sent}");
    assert_eq!(
        lines[..7],
        [
            "START 9",
            "INFO timeout_turn 500",
            "INFO timeout_match 30000",
            "INFO max_memory 0",
            "INFO game_type 1",
            "INFO rule 0",
            "INFO time_left 30000",
        ]
    );
    assert_eq!(lines[7], "BEGIN");
    assert!(lines[9].starts_with("TURN "), "{sent}");
    check_records(&dir, &run.games);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tabula_against_itself_in_every_two_player_game() {
    for (game, end) in [
        ("Connect Four", End::Score),
        ("Renju", End::Score),
        ("Blokus Duo", End::Score),
        ("Blokus Two-Player", End::Score),
    ] {
        let dir = out_dir(&format!("self-{}", game.replace(' ', "-")));
        let (a, b) = (
            format!("{TABULA} --playouts 200"),
            format!("{TABULA} --seed 2 --playouts 200"),
        );
        let run = run_match(
            &dir,
            &[
                "--game", game, "--games", "1", "--engine", &a, "--engine", &b,
            ],
        );
        assert_eq!(run.games.len(), 1, "{game}: {}", run.stderr);
        let g = &run.games[0];
        assert_eq!(g.end, end, "{game}: {g:?}");
        assert!(g.moves > 6, "{game}: {g:?}");
        let record = std::fs::read_to_string(dir.join("game-0001.sgf")).unwrap();
        if game.starts_with("Blokus") {
            // blksgf names four-colour moves `1`..`4`, which only its own reader takes.
            let board = tabula::games::blokus::sgf::read(&record, None)
                .unwrap_or_else(|e| panic!("{game}: {e}: {record}"));
            assert_eq!(board.num_moves(), g.moves, "{game}: {record}");
            assert!(record.contains(&format!("RE[{}]", g.result)), "{record}");
            // In Two-Player each side plays two of the four colours, in turn.
            let first: Vec<usize> = board.history().take(4).map(|(c, _)| c).collect();
            let expected: &[usize] = if board.num_colours() == 4 {
                &[0, 1, 2, 3]
            } else {
                &[0, 1, 0, 1]
            };
            assert_eq!(first, expected, "{game}: {record}");
        } else {
            let trees =
                tabula::sgf::parse(&record).unwrap_or_else(|e| panic!("{game}: {e}: {record}"));
            let root = &trees[0].nodes[0];
            assert_eq!(root.get("RE").map(<[String]>::len), Some(1), "{record}");
            assert_eq!(trees[0].main_line().len(), g.moves + 1, "{game}: {record}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn engines_that_take_a_seed_get_the_game_number_so_games_differ() {
    let dir = out_dir("seeds");
    let engine = format!("{TABULA} --playouts 100");
    let run = run_match(
        &dir,
        &[
            "--size", "7", "--games", "3", "--engine", &engine, "--engine", &engine,
        ],
    );
    assert_eq!(run.games.len(), 3, "{}", run.stderr);
    let moves = |game: usize| {
        let record = std::fs::read_to_string(dir.join(format!("game-{game:04}.sgf"))).unwrap();
        record[record.find(";B[").unwrap()..].to_string()
    };
    // Games 1 and 3 have the same engines with the same colours: without a seed per
    // game, two deterministic engines would play them move for move alike.
    assert_ne!(moves(1), moves(3));
    check_records(&dir, &run.games);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The commands an engine read in each game, from the log its command line tees them to.
fn commands_by_game(log: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(log).unwrap();
    let mut games: Vec<Vec<String>> = Vec::new();
    for line in text.lines() {
        if line.starts_with("set_game") {
            games.push(Vec::new());
        }
        if let Some(game) = games.last_mut() {
            game.push(line.to_string());
        }
    }
    games
}

#[test]
fn games_of_more_than_two_players_seat_one_engine_alone_in_turn() {
    for (game, seats) in [("Blokus", 4), ("Blokus Three-Player", 3)] {
        let dir = out_dir(&format!("seats-{seats}"));
        let engine = |seed: u64, log: &str| {
            let log = dir.join(log);
            format!("tee -a {} | {}", log.display(), tabula(seed))
        };
        let games = 2 * seats;
        let run = run_match(
            &dir,
            &[
                "--game",
                game,
                "--games",
                &games.to_string(),
                "--engine",
                &engine(1, "a.log"),
                "--name",
                "a",
                "--engine",
                &engine(2, "b.log"),
                "--name",
                "b",
            ],
        );
        assert_eq!(run.status, 0, "{game}: {}", run.stderr);
        assert_eq!(run.games.len(), games);
        let logs = [
            commands_by_game(&dir.join("a.log")),
            commands_by_game(&dir.join("b.log")),
        ];
        for (i, g) in run.games.iter().enumerate() {
            // Each engine alone in each seat in turn.
            assert_eq!((g.black, g.seat), (i % 2, Some(i / 2 % seats)), "{g:?}");
            assert_eq!(g.points.len(), seats, "{g:?}");
            // The points are the rules' points of the game recorded.
            let sgf = std::fs::read_to_string(dir.join(format!("game-{:04}.sgf", g.game))).unwrap();
            let mut referee = Command::new(TABULA)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let path = dir.join(format!("game-{:04}.sgf", g.game));
            writeln!(
                referee.stdin.take().unwrap(),
                "set_game {game}\nloadsgf {}\nfinal_score",
                path.display()
            )
            .unwrap();
            let answers = String::from_utf8(referee.wait_with_output().unwrap().stdout).unwrap();
            let score = answers.trim_end().rsplit("= ").next().unwrap();
            let colour_points: Vec<i32> = score.split(' ').map(|w| w.parse().unwrap()).collect();
            assert_eq!(g.points[..], colour_points[..seats], "{answers}");
            let lone = g.seat.unwrap();
            let share = g.points.iter().enumerate().filter(|&(j, _)| j != lone);
            let beaten: f64 = share
                .map(|(_, &p)| match p.cmp(&g.points[lone]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                })
                .sum();
            let expected = match beaten / (seats - 1) as f64 {
                s if s > 0.5 => "B+",
                s if s < 0.5 => "W+",
                _ => "0",
            };
            assert_eq!(g.result, expected, "{g:?}");
            // The lone engine was asked for its seat's moves and told all the others;
            // the field engine the other way round. Three-Player's fourth colour goes
            // round the seats.
            let moves: Vec<(String, String)> = sgf
                .lines()
                .filter_map(|l| l.strip_prefix(';'))
                .filter_map(|l| l.split_once('['))
                .filter(|(c, _)| c.len() == 1)
                .map(|(c, m)| (c.to_string(), m.trim_end_matches(']').to_string()))
                .collect();
            assert_eq!(moves.len(), g.moves, "{sgf}");
            let mut fourth = 0;
            let mut asked: [Vec<String>; 2] = [Vec::new(), Vec::new()];
            for (colour, mv) in &moves {
                let n: usize = colour.parse().unwrap();
                let seat = if n == 4 && seats == 3 {
                    fourth += 1;
                    (fourth - 1) % 3
                } else {
                    n - 1
                };
                let side = usize::from(seat != lone);
                let engine = if side == 0 { g.black } else { g.white };
                asked[engine].push(format!("genmove {colour}"));
                asked[1 - engine].push(format!("play {colour} {mv}"));
            }
            for engine in 0..2 {
                // Moves are passed on as their engine wrote them (Blokus in lower case).
                let told: Vec<String> = logs[engine][i]
                    .iter()
                    .filter(|c| c.starts_with("genmove") || c.starts_with("play"))
                    .cloned()
                    .collect();
                assert_eq!(told, asked[engine], "engine {engine}, game {}", g.game);
            }
        }
        assert!(run.stdout.contains("share"), "{}", run.stdout);
        assert!(run.stderr.contains("(seat 1) - "), "{}", run.stderr);
        // The report from the folder alone knows the seats too.
        let again = Command::new(TABULA)
            .args(["match", "--report", dir.to_str().unwrap()])
            .output()
            .unwrap();
        // CPU figures included: the match reports what the results file keeps.
        let seat_rows = |report: &str| -> Vec<String> {
            let table = report.split("engine  seat").nth(1).unwrap_or_default();
            table
                .lines()
                .skip(1)
                .take_while(|l| !l.starts_with("Seats:"))
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect()
        };
        let rows = seat_rows(&run.stdout);
        assert_eq!(rows.len(), 2 * (seats + 1), "{}", run.stdout);
        assert_eq!(seat_rows(&String::from_utf8_lossy(&again.stdout)), rows);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_fault_in_a_game_of_seats_is_told_by_the_place_at_the_table() {
    let dir = out_dir("seats-fault");
    // The field's engine reads 12 lines and then its input ends (`sed -u` passes each
    // line on at once): it dies in its first game, at a move or when told one.
    let dying = format!("sed -u 12q | {}", tabula(2));
    let run = run_match(
        &dir,
        &[
            "--game",
            "Blokus",
            "--games",
            "1",
            "--engine",
            &tabula(1),
            "--engine",
            &dying,
        ],
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let game = &run.games[0];
    assert_eq!(
        (game.seat, game.result.as_str()),
        (Some(0), "B+F"),
        "{game:?}"
    );
    assert!(game.points.is_empty(), "{game:?}");
    assert!(game.reason.starts_with("The field "), "{}", game.reason);
    let _ = std::fs::remove_dir_all(&dir);
}

/// One short match of tabula against itself in each game with a board (`--max-moves`
/// keeps the five-in-a-row games short); the folder and its games. The folder is named
/// after the calling test too: tests run at the same time, and two of them playing the
/// same game must not clear each other's folder.
fn short_match(
    test: &str,
    game: &str,
    size: Option<&str>,
) -> (std::path::PathBuf, Vec<GameRecord>) {
    let dir = out_dir(&format!("{test}-{}", game.replace(' ', "-")));
    let (a, b) = (tabula(1), format!("{TABULA} --seed 2 --playouts 5"));
    let mut args = vec!["--game", game, "--games", "2", "--max-moves", "30"];
    if let Some(n) = size {
        args.extend(["--size", n]);
    }
    args.extend(["--engine", &a, "--engine", &b]);
    let run = run_match(&dir, &args);
    assert_eq!(run.games.len(), 2, "{game}: {}", run.stderr);
    (dir, run.games)
}

fn record(dir: &std::path::Path, game: usize) -> String {
    std::fs::read_to_string(dir.join(format!("game-{game:04}.sgf"))).unwrap()
}

#[test]
fn every_record_has_each_property_once_per_node() {
    for (game, size) in [
        ("Go", Some("7")),
        ("Connect Four", None),
        ("Gomoku", None),
        ("Renju", None),
        ("Blokus Duo", None),
        ("Blokus Two-Player", None),
    ] {
        let (dir, games) = short_match("properties", game, size);
        for g in &games {
            let text = record(&dir, g.game);
            assert_eq!(repeated_property(&text), None, "{game}: {text}");
            // The game number joins the name the referee gives the game, if any; what
            // the game is stays in GM (and the rule in RU), for loadsgf.
            let title = text.split("GN[").nth(1).unwrap().split(']').next().unwrap();
            assert!(title.ends_with(&format!("game {}", g.game)), "{text}");
            match game {
                "Renju" => assert!(text.contains("GM[4]") && text.contains("RU[Renju]")),
                "Connect Four" => assert!(text.contains("GM[Connect Four]"), "{text}"),
                _ => {}
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
#[cfg_attr(
    missing_sgfmill,
    ignore = "sgfmill not found: python3 -m pip install sgfmill (.ci/run installs it)"
)]
fn sgfmill_reads_every_square_board_record() {
    // sgfmill reads square boards only (Connect Four is 7:6, Blokus has no SZ). Reading
    // every root property's value fails on a property given twice ("multiple values").
    let script = "import sys\nfrom sgfmill import sgf\nfor f in sys.argv[1:]:\n    g = sgf.Sgf_game.from_bytes(open(f, 'rb').read())\n    root = g.get_root()\n    for p in root.properties():\n        root.get(p)\n    print(g.get_size(), root.get('RE'), len(g.get_main_sequence()) - 1)\n";
    for (game, size, side) in [
        ("Go", Some("7"), 7),
        ("Gomoku", None, 15),
        ("Renju", None, 15),
    ] {
        let (dir, games) = short_match("sgfmill", game, size);
        let files: Vec<_> = games
            .iter()
            .map(|g| dir.join(format!("game-{:04}.sgf", g.game)))
            .collect();
        let out = std::process::Command::new("python3")
            .arg("-c")
            .arg(script)
            .args(&files)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{game}: {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            record(&dir, games[0].game)
        );
        for (line, g) in said.lines().zip(&games) {
            assert_eq!(line, format!("{side} {} {}", g.result, g.moves), "{game}");
        }
        assert_eq!(said.lines().count(), games.len());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
