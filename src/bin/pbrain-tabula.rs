//! `pbrain-tabula`: tabula's five-in-a-row engine for Gomocup managers (Piskvork,
//! GomocupJudge, Yixin-Board) over the pbrain protocol on stdin/stdout.
//!
//! Options: `--yixin` reads `INFO rule 2` as Renju (Yixin-Board's dialect);
//! `--nodes N` searches a fixed number of nodes per move (reproducible answers).
//! Logs go to stderr (`RUST_LOG=debug`).

use tabula::protocol::gomocup::{self, session::Options};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let mut options = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--yixin" => options.yixin_rules = true,
            "--nodes" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => options.nodes = Some(n),
                None => {
                    eprintln!("--nodes needs a number");
                    std::process::exit(2);
                }
            },
            other => {
                eprintln!("unknown option {other} (known: --yixin, --nodes N)");
                std::process::exit(2);
            }
        }
    }
    gomocup::serve(options);
}
