//! The command line of `tabula match`.

use std::path::PathBuf;

use super::player::TimeControl;
use super::schedule::Pairing;
use super::shard::Shard;
use super::sprt::Sprt;

pub const USAGE: &str = "\
tabula match: engine against engine, refereed by tabula's rules

usage: tabula match [options] --engine CMD [engine options] --engine CMD [engine options]...
       tabula match --report DIR...

Every pair of engines plays --games games (a round robin; with two engines, one match),
colours alternating. Results go to DIR/results.tsv (one line per game, written as it
ends), records to DIR/game-NNNN.sgf, the report to stdout, progress to stderr.
--report prints the report of a match from its folders (one, or one per shard).

engines (each option applies to the --engine before it; before any --engine, to all):
  --engine CMD         an engine command line, run by sh (quote it)
  --name NAME          its name in the report (default: the program's file name)
  --protocol P         gtp or gomocup (default: gomocup for pbrain-* programs, else gtp)
  --time S             main time per game, seconds
  --move-time S        time per move, seconds (GTP: byo-yomi after the main time;
                       Gomocup: timeout_turn)

game:
  --game NAME          the game, as set_game names it (default Go)
  --size N             board size (Go: default 19)
  --komi K             komi (Go: default 7.5)
  --rules NAME         rule set, as kgs-rules names it (Go: chinese, japanese, ...)
  --gomocup-rule N     INFO rule sent to Gomocup engines (default 0)

match:
  --games N            games per pair of engines (default 2; with --sprt, the most)
  --gauntlet           the first engine plays every other one (they do not play
                       each other)
  --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]
                       stop once a sequential probability ratio test of the first
                       engine against the other decides (logistic Elo, game pairs;
                       alpha and beta default to 0.05); two engines or --gauntlet
  --shard I/N          play only games g with (g - 1) mod N = I - 1 (from 1); `env`
                       takes I and N from a Slurm job array or a Kubernetes Indexed
                       Job (JOB_COMPLETION_INDEX and TABULA_SHARD_COUNT)
  --openings FILE      start games from these openings (SGF, PSQ, move lists), each
                       played twice per pair, colours swapped
  --max-moves N        stop and score a game after N moves (default 1000)
  --seed-base N        game G tells every GTP engine set_random_seed N+G (default
                       0): another N gives other games from fixed-budget engines
  --parallel N         games at once (default 1)
  --referee CMD        a GTP engine whose final_score decides finished games
  --out DIR            where results and records go (default match)
  --resume             continue the match in DIR, skipping the games it holds
  --margin S           grace added to every move's time (default 1)
  --timeout S          longest wait for an answer when no clock runs (default 60)
  -h, --help           this text";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Gtp,
    Gomocup,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub command: String,
    pub name: String,
    pub protocol: Protocol,
    pub time: TimeControl,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    pub engines: Vec<EngineSpec>,
    pub game: String,
    pub size: Option<usize>,
    pub komi: Option<f64>,
    pub rules: Option<String>,
    pub gomocup_rule: u32,
    pub games: usize,
    pub openings: Option<PathBuf>,
    pub max_moves: usize,
    /// Added to the game number in each game's `set_random_seed`.
    pub seed_base: u64,
    pub parallel: usize,
    pub referee: Option<String>,
    pub out: PathBuf,
    pub resume: bool,
    pub margin: f64,
    pub timeout: f64,
    pub pairing: Pairing,
    pub sprt: Option<Sprt>,
    pub shard: Option<Shard>,
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// `--help` was printed.
    Help,
    Play(Box<MatchOptions>),
    /// `--report DIR...`: the report of a match from its folders.
    Report(Vec<PathBuf>),
}

/// What the user wrote for one engine; unset fields fall back to the defaults.
#[derive(Clone, Default)]
struct EngineArgs {
    command: String,
    name: Option<String>,
    protocol: Option<Protocol>,
    main: Option<f64>,
    per_move: Option<f64>,
}

/// The program's file name, looking past an interpreter (`python3 x.py` → `x`).
pub fn program_name(command: &str) -> String {
    let base = |w: &str| {
        let file = w.rsplit('/').next().unwrap_or(w);
        file.split('.').next().unwrap_or(file).to_string()
    };
    let mut words = command.split_whitespace();
    let first = words.next().map(base).unwrap_or_default();
    let interpreters = [
        "python", "python3", "perl", "sh", "bash", "node", "ruby", "env",
    ];
    if interpreters.contains(&first.as_str())
        && let Some(script) = words.find(|w| !w.starts_with('-'))
    {
        return base(script);
    }
    first
}

/// The engine the per-engine options apply to: the last one given, or all of them.
fn target<'a>(engines: &'a mut [EngineArgs], defaults: &'a mut EngineArgs) -> &'a mut EngineArgs {
    engines.last_mut().unwrap_or(defaults)
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let v = value.ok_or(format!("{flag} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{flag}: not a valid value: {v}"))
}

fn seconds(flag: &str, value: Option<String>) -> Result<f64, String> {
    let s: f64 = number(flag, value)?;
    if s.is_finite() && s > 0.0 {
        Ok(s)
    } else {
        Err(format!("{flag}: seconds must be positive"))
    }
}

/// Parses the arguments after `match`.
pub fn parse(args: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut o = MatchOptions {
        engines: Vec::new(),
        game: "Go".into(),
        size: None,
        komi: None,
        rules: None,
        gomocup_rule: 0,
        games: 2,
        openings: None,
        max_moves: 1000,
        seed_base: 0,
        parallel: 1,
        referee: None,
        out: PathBuf::from("match"),
        resume: false,
        margin: 1.0,
        timeout: 60.0,
        pairing: Pairing::RoundRobin,
        sprt: None,
        shard: None,
    };
    let mut report: Option<Vec<PathBuf>> = None;
    let mut defaults = EngineArgs::default();
    let mut engines: Vec<EngineArgs> = Vec::new();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = || inline.clone().or_else(|| args.next());
        match flag.as_str() {
            "-h" | "--help" => {
                crate::flags::print_out(USAGE);
                return Ok(Parsed::Help);
            }
            "--engine" => {
                let command = value().ok_or("--engine needs a command line")?;
                engines.push(EngineArgs {
                    command,
                    name: None,
                    ..defaults.clone()
                });
            }
            "--name" => {
                target(&mut engines, &mut defaults).name =
                    Some(value().ok_or("--name needs a value")?)
            }
            "--protocol" => {
                target(&mut engines, &mut defaults).protocol = Some(match value().as_deref() {
                    Some("gtp") => Protocol::Gtp,
                    Some("gomocup") => Protocol::Gomocup,
                    _ => return Err("--protocol: gtp or gomocup".into()),
                })
            }
            "--time" => {
                target(&mut engines, &mut defaults).main = Some(seconds("--time", value())?)
            }
            "--move-time" => {
                target(&mut engines, &mut defaults).per_move =
                    Some(seconds("--move-time", value())?)
            }
            "--game" => o.game = value().ok_or("--game needs a name")?,
            "--size" => o.size = Some(number("--size", value())?),
            "--komi" => {
                let komi: f64 = number("--komi", value())?;
                let acceptable = crate::games::go::game::acceptable_komi(komi);
                o.komi = Some(acceptable.ok_or(format!("--komi: out of range: {komi:e}"))?);
            }
            "--rules" => o.rules = Some(value().ok_or("--rules needs a name")?),
            "--gomocup-rule" => o.gomocup_rule = number("--gomocup-rule", value())?,
            "--games" => o.games = number("--games", value())?,
            "--openings" => o.openings = Some(value().ok_or("--openings needs a file")?.into()),
            "--max-moves" => o.max_moves = number("--max-moves", value())?,
            "--seed-base" => o.seed_base = number("--seed-base", value())?,
            "--parallel" => {
                o.parallel = number::<usize>("--parallel", value())?;
                if o.parallel == 0 {
                    return Err("--parallel: at least one game at a time".into());
                }
            }
            "--referee" => o.referee = Some(value().ok_or("--referee needs a command")?),
            "--out" => o.out = value().ok_or("--out needs a folder")?.into(),
            "--resume" => o.resume = true,
            "--margin" => o.margin = number("--margin", value())?,
            "--timeout" => o.timeout = seconds("--timeout", value())?,
            "--gauntlet" => o.pairing = Pairing::Gauntlet,
            "--sprt" => o.sprt = Some(Sprt::parse(&value().ok_or("--sprt needs a value")?)?),
            "--shard" => {
                let v = value().ok_or("--shard needs I/N or env")?;
                o.shard = Some(if v == "env" {
                    Shard::from_env(|name| std::env::var(name).ok())?
                } else {
                    Shard::parse(&v)?
                });
            }
            "--report" => {
                let folders = report.get_or_insert_with(Vec::new);
                folders.extend(inline.clone().map(PathBuf::from));
                while let Some(dir) = args.next_if(|a| !a.starts_with("--")) {
                    folders.push(dir.into());
                }
            }
            other => return Err(format!("unknown option {other} (try tabula match --help)")),
        }
    }
    if let Some(folders) = report {
        if !engines.is_empty() {
            return Err("--report reads the match from its folders; it takes no --engine".into());
        }
        if folders.is_empty() {
            return Err("--report needs the match's folders".into());
        }
        return Ok(Parsed::Report(folders));
    }
    if engines.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    if o.sprt.is_some() {
        if engines.len() > 2 && o.pairing == Pairing::RoundRobin {
            return Err(
                "--sprt tests one engine against another: give two engines, \
                        or --gauntlet to test the first against each other one"
                    .into(),
            );
        }
        if o.games % 2 == 1 {
            return Err("--sprt counts game pairs (colours swapped): --games must be even".into());
        }
    }
    if o.game.eq_ignore_ascii_case("go") {
        o.size.get_or_insert(19);
        o.komi.get_or_insert(7.5);
    }
    o.engines = engines
        .into_iter()
        .map(|e| {
            let program = program_name(&e.command);
            EngineSpec {
                protocol: e.protocol.unwrap_or(if program.starts_with("pbrain-") {
                    Protocol::Gomocup
                } else {
                    Protocol::Gtp
                }),
                name: e.name.unwrap_or(program),
                time: TimeControl {
                    main: e.main,
                    per_move: e.per_move,
                },
                command: e.command,
            }
        })
        .collect();
    // Repeated names get a number, so every line of the report is told apart.
    let given: Vec<String> = o.engines.iter().map(|e| e.name.clone()).collect();
    for (i, name) in given.iter().enumerate() {
        if given.iter().filter(|n| *n == name).count() > 1 {
            let nth = given[..i].iter().filter(|n| *n == name).count() + 1;
            o.engines[i].name = format!("{name}-{nth}");
        }
    }
    Ok(Parsed::Play(Box::new(o)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &[&str]) -> impl Iterator<Item = String> {
        line.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .into_iter()
    }

    fn play(line: &[&str]) -> MatchOptions {
        match parse(args(line)) {
            Ok(Parsed::Play(o)) => *o,
            other => panic!("{line:?}: {other:?}"),
        }
    }

    #[test]
    fn engine_options_follow_their_engine_and_defaults_come_first() {
        let o = play(&[
            "--move-time",
            "5",
            "--engine",
            "gnugo --mode gtp",
            "--time",
            "60",
            "--engine",
            "/opt/pbrain-rapfi",
            "--engine",
            "python3 t/fake.py hang",
            "--name",
            "x",
            "--size=9",
            "--games",
            "4",
        ]);
        let e = &o.engines;
        assert_eq!(e[0].name, "gnugo");
        assert_eq!(
            e[0].time,
            TimeControl {
                main: Some(60.0),
                per_move: Some(5.0)
            }
        );
        assert_eq!(e[1].protocol, Protocol::Gomocup);
        assert_eq!(e[1].time.main, None);
        assert_eq!((e[2].name.as_str(), e[2].protocol), ("x", Protocol::Gtp));
        assert_eq!((o.size, o.komi, o.games), (Some(9), Some(7.5), 4));
    }

    #[test]
    fn repeated_names_are_numbered_and_one_engine_is_refused() {
        let o = play(&["--engine", "tabula", "--engine", "tabula --seed 2"]);
        assert_eq!(o.engines[0].name, "tabula-1");
        assert_eq!(o.engines[1].name, "tabula-2");
        assert!(parse(args(&["--engine", "tabula"])).is_err());
        assert!(parse(args(&["--engine", "a", "--engine", "b", "--bogus"])).is_err());
    }

    #[test]
    fn a_komi_no_game_can_have_is_refused() {
        let engines = ["--engine", "a", "--engine", "b"];
        for komi in ["1e300", "inf", "nan", "-10000.5"] {
            let args_with_komi = [&engines[..], &["--komi", komi]].concat();
            assert!(parse(args(&args_with_komi)).is_err(), "{komi}");
        }
        assert_eq!(
            play(&[&engines[..], &["--komi", "-6.5"]].concat()).komi,
            Some(-6.5)
        );
    }

    #[test]
    fn the_seed_base_is_a_number() {
        let engines = ["--engine", "a", "--engine", "b"];
        assert_eq!(play(&engines).seed_base, 0);
        let base = play(&[&engines[..], &["--seed-base", "1000"]].concat());
        assert_eq!(base.seed_base, 1000);
        for bad in ["-1", "x", "1e3"] {
            let with_bad = [&engines[..], &["--seed-base", bad]].concat();
            assert!(parse(args(&with_bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn no_game_at_a_time_is_refused() {
        let engines = ["--engine", "a", "--engine", "b"];
        assert!(parse(args(&[&engines[..], &["--parallel", "0"]].concat())).is_err());
        assert_eq!(
            play(&[&engines[..], &["--parallel", "3"]].concat()).parallel,
            3
        );
    }

    #[test]
    fn sprt_gauntlet_shard_and_report_options() {
        let o = play(&[
            "--sprt",
            "elo0=0,elo1=5",
            "--shard",
            "2/3",
            "--engine",
            "a",
            "--engine",
            "b",
        ]);
        assert_eq!(o.sprt.unwrap().alpha, 0.05);
        assert_eq!(o.shard, Some(Shard { index: 2, count: 3 }));
        let three = [
            "--sprt=elo0=0,elo1=5",
            "--engine",
            "a",
            "--engine",
            "b",
            "--engine",
            "c",
        ];
        assert!(parse(args(&three)).unwrap_err().contains("--gauntlet"));
        let mut gauntlet = three.to_vec();
        gauntlet.push("--gauntlet");
        assert_eq!(play(&gauntlet).pairing, Pairing::Gauntlet);
        let odd = [
            "--sprt=elo0=0,elo1=5",
            "--games",
            "3",
            "--engine",
            "a",
            "--engine",
            "b",
        ];
        assert!(parse(args(&odd)).unwrap_err().contains("even"));
        assert_eq!(
            parse(args(&["--report", "s1", "s2", "--report=s3"])),
            Ok(Parsed::Report(vec!["s1".into(), "s2".into(), "s3".into()]))
        );
        assert!(parse(args(&["--report", "s1", "--engine", "a"])).is_err());
    }
}
