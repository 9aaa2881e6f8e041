//! The results file: a header that pins the match settings, then one tab-separated line
//! per finished game, appended and flushed as soon as the game ends. `--resume` reads
//! it back to skip the games already played.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use super::player::Colour;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Over by the rules (no legal move left, e.g. two passes in Go) and scored.
    Score,
    /// Stopped at `--max-moves` and scored as it stood.
    MoveLimit,
    Resign,
    /// The loser's answer did not come in its time.
    Time,
    /// The referee refused the loser's move.
    Illegal,
    /// The loser's process died or could not start.
    Crash,
    /// The loser printed something that is not the protocol.
    Garbage,
    /// The loser refused a legal move of its opponent or a setup command.
    Refused,
}

const END_NAMES: [(End, &str); 8] = [
    (End::Score, "score"),
    (End::MoveLimit, "move-limit"),
    (End::Resign, "resign"),
    (End::Time, "time"),
    (End::Illegal, "illegal"),
    (End::Crash, "crash"),
    (End::Garbage, "garbage"),
    (End::Refused, "refused"),
];

impl End {
    pub fn name(self) -> &'static str {
        END_NAMES
            .iter()
            .find(|(e, _)| *e == self)
            .expect("every end has a name")
            .1
    }

    pub fn from_name(name: &str) -> Option<End> {
        END_NAMES.iter().find(|(_, n)| *n == name).map(|(e, _)| *e)
    }

    /// Ended by a fault of the loser rather than by play.
    pub fn is_forfeit(self) -> bool {
        !matches!(self, End::Score | End::MoveLimit | End::Resign)
    }
}

/// One finished game, as a line of the results file.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// 1-based game number in the match schedule.
    pub game: usize,
    /// Engine indices (order of `--engine`).
    pub black: usize,
    pub white: usize,
    /// SGF `RE`: `B+3.5`, `W+R`, `B+T`, `W+F`, `0`.
    pub result: String,
    pub end: End,
    /// Moves in the record, opening included.
    pub moves: usize,
    pub passes: [u32; 2],
    pub captures: [u32; 2],
    /// Thinking seconds used by Black and White.
    pub time: [f64; 2],
    /// CPU seconds Black's and White's processes used during the game, as their
    /// `cputime` says, or else as the system counts their processes (`None` where
    /// neither can tell).
    pub cpu: [Option<f64>; 2],
    /// Index of the opening used (1-based), 0 for none.
    pub opening: usize,
    /// In a game of more than two players, the lone engine's seat (0-based; see
    /// [`super::seats`]): `black` is the lone engine, `white` the field.
    pub seat: Option<usize>,
    /// In a game of more than two players, each seat's points (empty if not scored).
    pub points: Vec<i32>,
    /// Why the game ended, for people.
    pub reason: String,
}

impl GameRecord {
    /// Game `game` of engine `black` against engine `white`, not played yet.
    pub fn new(game: usize, black: usize, white: usize) -> GameRecord {
        GameRecord {
            game,
            black,
            white,
            result: String::new(),
            end: End::Score,
            moves: 0,
            passes: [0, 0],
            captures: [0, 0],
            time: [0.0, 0.0],
            cpu: [None, None],
            opening: 0,
            seat: None,
            points: Vec::new(),
            reason: String::new(),
        }
    }

    /// The winner's colour, `None` for a draw.
    pub fn winner(&self) -> Option<Colour> {
        match self.result.as_bytes().first() {
            Some(b'B') => Some(Colour::Black),
            Some(b'W') => Some(Colour::White),
            _ => None,
        }
    }

    /// The engine that played `colour`.
    pub fn engine(&self, colour: Colour) -> usize {
        match colour {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// The game as its line in the results file gives it back: times to the
    /// millisecond, tabs and line breaks of the texts made spaces. A match reports
    /// this, so that its report is the one `--resume` and `--report` make from the file.
    pub fn as_stored(&self) -> GameRecord {
        parse_line(&format_line(self)).unwrap_or_else(|| self.clone())
    }
}

pub const COLUMNS: &str = "game\tblack\twhite\tresult\tend\tmoves\tb_passes\tw_passes\tb_captures\tw_captures\tb_time\tw_time\tb_cpu\tw_cpu\topening\treason";

/// The columns of a match of more than two players: two more before the reason, the
/// lone engine's seat (1-based) and each seat's points.
pub const SEAT_COLUMNS: &str = "game\tblack\twhite\tresult\tend\tmoves\tb_passes\tw_passes\tb_captures\tw_captures\tb_time\tw_time\tb_cpu\tw_cpu\topening\tseat\tpoints\treason";

/// The header key of a match of more than two players (its value: the number of seats).
pub const SEATS_KEY: &str = "seats";

/// A CPU figure, `-` when the engine did not say.
fn cpu_text(cpu: Option<f64>) -> String {
    cpu.map_or_else(|| "-".into(), |s| format!("{s:.3}"))
}

fn cpu_field(text: &str) -> Option<Option<f64>> {
    if text == "-" {
        Some(None)
    } else {
        text.parse().ok().map(Some)
    }
}

fn clean(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

/// Each seat's points, `-` before any score.
fn points_text(points: &[i32]) -> String {
    if points.is_empty() {
        return "-".into();
    }
    let words: Vec<String> = points.iter().map(i32::to_string).collect();
    words.join(" ")
}

fn points_field(text: &str) -> Option<Vec<i32>> {
    if text == "-" {
        return Some(Vec::new());
    }
    text.split(' ').map(|w| w.parse().ok()).collect()
}

pub fn format_line(r: &GameRecord) -> String {
    let seat = match r.seat {
        Some(s) => format!("{}\t{}\t", s + 1, points_text(&r.points)),
        None => String::new(),
    };
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{}\t{}\t{}\t{seat}{}",
        r.game,
        r.black,
        r.white,
        clean(&r.result),
        r.end.name(),
        r.moves,
        r.passes[0],
        r.passes[1],
        r.captures[0],
        r.captures[1],
        r.time[0],
        r.time[1],
        cpu_text(r.cpu[0]),
        cpu_text(r.cpu[1]),
        r.opening,
        clean(&r.reason)
    )
}

/// A results line of either kind (two players, or seats).
pub fn parse_line(line: &str) -> Option<GameRecord> {
    let f: Vec<&str> = line.split('\t').collect();
    let (seat, points) = match f.len() {
        16 => (None, Vec::new()),
        18 => {
            let seat: usize = f[15].parse().ok().filter(|&s| s > 0)?;
            (Some(seat - 1), points_field(f[16])?)
        }
        _ => return None,
    };
    Some(GameRecord {
        game: f[0].parse().ok().filter(|&g| g > 0)?,
        black: f[1].parse().ok()?,
        white: f[2].parse().ok()?,
        result: f[3].to_string(),
        end: End::from_name(f[4])?,
        moves: f[5].parse().ok()?,
        passes: [f[6].parse().ok()?, f[7].parse().ok()?],
        captures: [f[8].parse().ok()?, f[9].parse().ok()?],
        time: [f[10].parse().ok()?, f[11].parse().ok()?],
        cpu: [cpu_field(f[12])?, cpu_field(f[13])?],
        opening: f[14].parse().ok()?,
        seat,
        points,
        reason: f.last()?.to_string(),
    })
}

/// The header's first line.
const MAGIC: &str = "# tabula match results 1";

/// The header key of the number of games: written for `--report`, but not part of what
/// makes two runs the same match (`--resume` with more games extends it).
pub const GAMES_KEY: &str = "games";

/// The header: `#` lines that describe the match (engines and every setting that
/// changes the games), then the column names (with the seats' columns if the settings
/// name seats).
pub fn header(settings: &[(String, String)]) -> String {
    let mut out = format!("{MAGIC}\n");
    for (key, value) in settings {
        out.push_str(&format!("# {key}\t{}\n", clean(value)));
    }
    let seats = settings.iter().any(|(key, _)| key == SEATS_KEY);
    out.push_str(if seats { SEAT_COLUMNS } else { COLUMNS });
    out.push('\n');
    out
}

/// The header key of a shard's place (`2/3`): the shards of one match differ only there.
pub const SHARD_KEY: &str = "shard";

/// The header without its lines of the keys `skip`.
fn without(header: &str, skip: &[&str]) -> String {
    header
        .split_inclusive('\n')
        .filter(|l| !skip.iter().any(|k| l.starts_with(&format!("# {k}\t"))))
        .collect()
}

/// The header without its lines that do not pin the match for `--resume`.
fn pinned(header: &str) -> String {
    without(header, &[GAMES_KEY])
}

/// The header without what tells the shards of one match apart: equal for all of them.
pub fn match_identity(header: &str) -> String {
    without(header, &[GAMES_KEY, SHARD_KEY])
}

/// A results file's text split after its header (the line of column names); `None` if
/// it has no such line.
fn split_header(text: &str) -> Option<(&str, &str)> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        if [COLUMNS, SEAT_COLUMNS].contains(&line.trim_end_matches('\n')) {
            return Some((&text[..at], &text[at..]));
        }
    }
    None
}

/// The complete game lines of a results file's body, each game once, with their text.
/// A last line cut short by a kill is dropped.
fn game_lines<'a>(name: &str, body: &'a str) -> Vec<(&'a str, GameRecord)> {
    let mut games: Vec<(&str, GameRecord)> = Vec::new();
    for line in body.split_inclusive('\n') {
        match parse_line(line.trim_end_matches('\n')) {
            Some(r) if line.ends_with('\n') => {
                if !games.iter().any(|(_, k)| k.game == r.game) {
                    games.push((line, r));
                }
            }
            _ => log::warn!("{name}: dropping an incomplete line: {line:?}"),
        }
    }
    games
}

#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    #[error("{0}: {1}")]
    Io(String, io::Error),
    #[error("{0} exists with finished games; use --resume to continue it, or another --out")]
    Exists(String),
    #[error("{0} was written by a match with other settings ({1}); use another --out")]
    Mismatch(String, String),
    #[error("{0} is not a results file of tabula match")]
    NotResults(String),
}

/// A results file read back: its header's settings (key, value) and its games.
pub struct Results {
    pub settings: Vec<(String, String)>,
    /// The header as written, for comparing two files.
    pub header: String,
    pub games: Vec<GameRecord>,
}

impl Results {
    pub fn read(path: &Path) -> Result<Results, ResultsError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ResultsError::Io(name.clone(), e))?;
        let Some((head, body)) = split_header(&text).filter(|(h, _)| h.starts_with(MAGIC)) else {
            return Err(ResultsError::NotResults(name));
        };
        let settings = head
            .lines()
            .skip(1)
            .filter_map(|l| l.strip_prefix("# ")?.split_once('\t'))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let games = game_lines(&name, body)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        Ok(Results {
            settings,
            header: head.to_string(),
            games,
        })
    }

    /// The value of header key `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The open results file, ready to append to.
pub struct ResultsFile {
    file: File,
}

impl ResultsFile {
    /// Creates the file, or with `resume` reopens it and returns the games it holds.
    /// The header must pin the same match (its `games` line is rewritten); a last line
    /// cut short by a kill is dropped.
    pub fn open(
        path: &Path,
        settings: &[(String, String)],
        resume: bool,
    ) -> Result<(ResultsFile, Vec<GameRecord>), ResultsError> {
        let name = path.display().to_string();
        let io_err = |e| ResultsError::Io(name.clone(), e);
        let head = header(settings);
        let existing = match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_err(e)),
        };
        let mut records = Vec::new();
        let mut keep = head.clone();
        if let Some(text) = existing.filter(|t| !t.is_empty()) {
            let (found, body) = split_header(&text).unwrap_or((&text, ""));
            if pinned(found) != pinned(&head) {
                let differs = first_difference(&pinned(&head), &pinned(found));
                return Err(ResultsError::Mismatch(name, differs));
            }
            for (line, r) in game_lines(&name, body) {
                keep.push_str(line);
                records.push(r);
            }
            if !records.is_empty() && !resume {
                return Err(ResultsError::Exists(name));
            }
        }
        std::fs::write(path, &keep).map_err(io_err)?;
        let file = OpenOptions::new().append(true).open(path).map_err(io_err)?;
        Ok((ResultsFile { file }, records))
    }

    /// Appends one game and flushes it to the disk.
    pub fn append(&mut self, record: &GameRecord) -> io::Result<()> {
        self.file
            .write_all(format!("{}\n", format_line(record)).as_bytes())?;
        self.file.sync_data()
    }
}

/// The first header line that differs, for the error message.
pub fn first_difference(expected: &str, found: &str) -> String {
    for (e, f) in expected.lines().zip(found.lines()) {
        if e != f {
            return format!("expected {e:?}, found {f:?}");
        }
    }
    "the header is cut short".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: usize) -> GameRecord {
        GameRecord {
            game,
            black: 0,
            white: 1,
            result: "W+F".into(),
            end: End::Illegal,
            moves: 12,
            passes: [1, 0],
            captures: [2, 3],
            time: [0.5, 1.25],
            cpu: [Some(0.25), None],
            opening: 0,
            seat: None,
            points: Vec::new(),
            reason: "Black played E5\ton an occupied point".into(),
        }
    }

    #[test]
    fn games_of_seats_keep_their_seat_and_points() {
        let seated = GameRecord {
            seat: Some(2),
            points: vec![60, 55, -3],
            ..record(4)
        };
        let line = format_line(&seated);
        assert_eq!(line.split('\t').count(), 18);
        let back = parse_line(&line).unwrap();
        assert_eq!((back.seat, back.points), (Some(2), vec![60, 55, -3]));
        let unscored = GameRecord {
            points: Vec::new(),
            ..seated
        };
        assert_eq!(
            parse_line(&format_line(&unscored)).unwrap(),
            GameRecord {
                reason: "Black played E5 on an occupied point".into(),
                ..unscored
            }
        );
        assert_eq!(format_line(&record(4)).split('\t').count(), 16);
        let header = header(&[(SEATS_KEY.to_string(), "4".to_string())]);
        assert!(header.ends_with(&format!("{SEAT_COLUMNS}\n")));
        assert_eq!(split_header(&header).map(|(_, body)| body), Some(""));
    }

    #[test]
    fn a_game_as_stored_is_what_its_line_reads_back() {
        let played = GameRecord {
            time: [0.0044, 1.2345678],
            cpu: [Some(0.0049), None],
            ..record(3)
        };
        let stored = played.as_stored();
        assert_eq!(stored.time, [0.004, 1.235]);
        assert_eq!(stored.cpu, [Some(0.005), None]);
        assert_eq!(stored.reason, "Black played E5 on an occupied point");
        assert_eq!(parse_line(&format_line(&played)), Some(stored.clone()));
        assert_eq!(stored.as_stored(), stored);
    }

    #[test]
    fn game_numbers_start_at_one() {
        let line = format_line(&record(1));
        assert!(parse_line(&line).is_some());
        assert_eq!(parse_line(&format!("0{}", &line[1..])), None);
    }

    #[test]
    fn lines_round_trip() {
        let r = record(3);
        let back = parse_line(&format_line(&r)).unwrap();
        assert_eq!(back.reason, "Black played E5 on an occupied point");
        assert_eq!(back.winner(), Some(Colour::White));
        assert_eq!(
            GameRecord {
                reason: r.reason.clone(),
                ..back
            },
            r
        );
    }

    #[test]
    fn resume_keeps_whole_lines_and_refuses_other_settings() {
        let dir = std::env::temp_dir().join(format!("tabula-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.tsv");
        let _ = std::fs::remove_file(&path);
        let settings = vec![("game".to_string(), "Go".to_string())];
        let (mut f, old) = ResultsFile::open(&path, &settings, false).unwrap();
        assert!(old.is_empty());
        f.append(&record(1)).unwrap();
        f.append(&record(2)).unwrap();
        drop(f);
        // A kill in the middle of a write leaves half a line.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("3\t0\t1\tB+");
        std::fs::write(&path, text).unwrap();
        assert!(matches!(
            ResultsFile::open(&path, &settings, false),
            Err(ResultsError::Exists(_))
        ));
        let (_, old) = ResultsFile::open(&path, &settings, true).unwrap();
        assert_eq!(old.iter().map(|r| r.game).collect::<Vec<_>>(), [1, 2]);
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .ends_with("occupied point\n")
        );
        // The number of games does not pin the match: resuming with more rewrites it.
        let more = |n: &str| vec![settings[0].clone(), (GAMES_KEY.to_string(), n.to_string())];
        let (_, old) = ResultsFile::open(&path, &more("4"), true).unwrap();
        assert_eq!(old.len(), 2);
        let (_, old) = ResultsFile::open(&path, &more("8"), true).unwrap();
        assert_eq!(old.len(), 2);
        let back = Results::read(&path).unwrap();
        assert_eq!(back.get(GAMES_KEY), Some("8"));
        assert_eq!(back.get("game"), Some("Go"));
        assert_eq!(back.games.len(), 2);
        // The shard does.
        let mut shard = more("8");
        shard.push((SHARD_KEY.to_string(), "1/2".to_string()));
        assert!(matches!(
            ResultsFile::open(&path, &shard, true),
            Err(ResultsError::Mismatch(..))
        ));
        let other = vec![("game".to_string(), "Renju".to_string())];
        assert!(matches!(
            ResultsFile::open(&path, &other, true),
            Err(ResultsError::Mismatch(..))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
