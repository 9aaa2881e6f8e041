//! `pbrain-tabula`: tabula's five-in-a-row engine for Gomocup managers (Piskvork,
//! GomocupJudge, Yixin-Board) over the pbrain protocol on stdin/stdout.

use tabula::flags;
use tabula::protocol::gomocup::{self, session::Options};

const USAGE: &str = "\
pbrain-tabula: a five-in-a-row engine (Gomoku, Renju and their kin) for Gomocup
managers, over the pbrain protocol on stdin/stdout; the manager's INFO commands
choose the rule and the time a move.

usage: pbrain-tabula [options]

options:
  --yixin          read INFO rule 2 as Renju (Yixin-Board's dialect) instead of
                   the protocol's continuous game
  --nodes N        search N nodes a move (at least 1) instead of the manager's
                   time, for reproducible answers
  -h, --help       this text
  -V, --version    version

Logs go to stderr; set RUST_LOG=debug for more.";

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let mut options = Options::default();
    let mut args = flags::Args::new(USAGE);
    while let Some(flag) = args.next_flag() {
        match flag.as_str() {
            "--yixin" => options.yixin_rules = true,
            "--nodes" => options.nodes = Some(args.budget(&flag)),
            "-V" | "--version" => {
                flags::print_out(concat!("pbrain-tabula ", env!("CARGO_PKG_VERSION")));
                return;
            }
            other => flags::unknown(other),
        }
    }
    gomocup::serve(options);
}
