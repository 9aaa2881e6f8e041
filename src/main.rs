//! `tabula`: the GTP daemon (default), and the `bench` and `match` subcommands.

use std::io::{self, BufReader};
use std::process::ExitCode;

use tabula::flags;
use tabula::protocol::gtp::{self, Settings, game};

const USAGE: &str = "\
tabula: a game engine over GTP v2 on stdin/stdout

usage: tabula [options]          serve GTP (Go 19x19 by default)
       tabula bench [options]    print speed figures
       tabula bench go-light|go-mcts SIZE PLAYOUTS [options]
                                 one figure alone: light playouts, or one search
                                 of the Go engine (1 thread), on a SIZExSIZE board
       tabula bench blokus-mcts MOVES PLAYOUTS [options]
                                 one search of the Blokus engine (1 thread, no
                                 book, every playout spent) after the first MOVES
                                 (0 to 12) moves of a recorded Duo game
       tabula match [options]    engine against engine (tabula match --help)

options:
  --game NAME      game to start with, as set_game names it (Go)
  --seed N         seed of every random choice (default 0): same seed, same answers
  --playouts N     fixed budget per move (playouts or nodes, at least 1), for
                   reproducible play
  --threads N      search threads, 1 to 64 (default 1)
  --nobook         no opening book (Blokus Duo): every move searched
  --ponder         Go: after its move, search the opponent's reply until the next
                   line arrives (at most 4 default moves' budget); off by default
  -h, --help       this text
  -V, --version    version

Logs go to stderr; set RUST_LOG=debug for more.";

struct Options {
    bench: bool,
    bench_only: Option<tabula::bench::Only>,
    game: Option<String>,
    settings: Settings,
}

/// The value of `flag` read by `check`, which says what is wrong with it.
fn checked<T>(
    flag: &str,
    value: Option<String>,
    check: fn(&str, &str) -> Result<T, String>,
) -> Result<T, String> {
    let value = value.ok_or(format!("{flag} needs a value"))?;
    check(flag, &value)
}

fn parse_options(args: impl Iterator<Item = String>) -> Result<Option<Options>, String> {
    let mut options = Options {
        bench: false,
        bench_only: None,
        game: None,
        settings: Settings::default(),
    };
    let mut args = args.peekable();
    if args.peek().is_some_and(|a| a == "bench") {
        args.next();
        options.bench = true;
        if let Some(name) = args.next_if(|a| !a.starts_with('-')) {
            let size = args.next().unwrap_or_default();
            let playouts = args.next().unwrap_or_default();
            options.bench_only = match tabula::bench::Only::parse(&name, &size, &playouts) {
                Some(only) => Some(only?),
                None => return Err(format!("unknown bench {name:?} (try --help)")),
            };
        }
    }
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = || inline.clone().or_else(|| args.next());
        match flag.as_str() {
            "-h" | "--help" => {
                flags::print_out(USAGE);
                return Ok(None);
            }
            "-V" | "--version" => {
                flags::print_out(concat!("tabula ", env!("CARGO_PKG_VERSION")));
                return Ok(None);
            }
            "--game" => options.game = Some(value().ok_or("--game needs a name")?),
            "--seed" => options.settings.seed = checked(&flag, value(), flags::parse_number)?,
            "--playouts" => {
                options.settings.playouts = Some(checked(&flag, value(), flags::parse_budget)?);
            }
            "--nobook" => options.settings.book = false,
            "--ponder" => options.settings.ponder = true,
            "--threads" => {
                options.settings.threads = checked(&flag, value(), flags::parse_thread_count)?;
            }
            other => return Err(format!("unknown flag {other} (try --help)")),
        }
    }
    Ok(Some(options))
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "match") {
        args.next();
        return ExitCode::from(tabula::arena::main(args));
    }
    let options = match parse_options(args) {
        Ok(Some(o)) => o,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {e}");
            return ExitCode::from(2);
        }
    };
    if options.bench {
        tabula::bench::run(&options.settings, options.bench_only);
        return ExitCode::SUCCESS;
    }
    let default_game: Box<dyn game::GtpGame> = Box::new(gtp::go::GoGtp::default());
    let game = match &options.game {
        None => default_game,
        Some(name) => match game::by_name(name, default_game.as_ref()) {
            Some(g) => g,
            None => {
                eprintln!(
                    "tabula: unknown game {name:?} (known: {})",
                    game::GAME_NAMES.join(", ")
                );
                return ExitCode::from(2);
            }
        },
    };
    let input = BufReader::new(io::stdin());
    let mut output = io::stdout().lock();
    match gtp::serve(game, options.settings, input, &mut output) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller went away: nothing left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("{e}");
            ExitCode::FAILURE
        }
    }
}
