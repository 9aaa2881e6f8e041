//! What `pbrain-tabula` makes of one raw line, worked out independently of it from the
//! protocol (`protocol/gomocup.md`): the line as the brain reads it, and the parse of a
//! command or a body row.

/// Longest line the brain reads; a longer one arrives as this word.
const MAX_LINE: usize = 64 * 1024;

/// The line as the brain's reader passes it on: invalid UTF-8 replaced, NUL and CR
/// dropped, an overlong line replaced by a word no command has.
pub fn as_read(raw: &[u8]) -> String {
    if raw.len() > MAX_LINE {
        return "OVERLONG-LINE".into();
    }
    String::from_utf8_lossy(raw)
        .chars()
        .filter(|&c| c != '\0' && c != '\r')
        .collect()
}

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Start(i64, i64),
    Restart,
    Begin,
    Turn(i64, i64),
    Board(BodyKind),
    Info,
    End,
    About,
    Takeback(i64, i64),
    Play(i64, i64),
    ShowForbid,
    Stop,
    /// A known command with arguments it cannot take: `ERROR`.
    Malformed,
    /// `UNKNOWN`.
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BodyKind {
    Board,
    YxBoard,
    Swap2,
}

/// A cursor over the spec's tokens: integers, commas, spaces and tabs.
struct Tokens<'a>(&'a str);

impl Tokens<'_> {
    fn spaces(&mut self) -> bool {
        let rest = self.0.trim_start_matches([' ', '\t']);
        let any = rest.len() < self.0.len();
        self.0 = rest;
        any
    }

    fn comma(&mut self) -> bool {
        self.0.strip_prefix(',').map(|r| self.0 = r).is_some()
    }

    fn integer(&mut self) -> Option<i64> {
        let sign = usize::from(self.0.starts_with('-'));
        let digits = self.0[sign..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return None;
        }
        let (number, rest) = self.0.split_at(sign + digits);
        self.0 = rest;
        number.parse().ok()
    }

    /// `x,y` with optional spaces around the comma.
    fn coord(&mut self) -> Option<(i64, i64)> {
        self.spaces();
        let x = self.integer()?;
        self.spaces();
        if !self.comma() {
            return None;
        }
        self.spaces();
        Some((x, self.integer()?))
    }

    fn done(&mut self) -> bool {
        self.spaces();
        self.0.is_empty()
    }
}

fn coord_arg(args: &str) -> Option<(i64, i64)> {
    let mut t = Tokens(args);
    let c = t.coord()?;
    t.done().then_some(c)
}

fn start_args(args: &str) -> Option<(i64, i64)> {
    let mut t = Tokens(args);
    let w = t.integer()?;
    let mut two = Tokens(t.0);
    if two.spaces() || two.comma() {
        two.spaces();
        if let Some(h) = two.integer()
            && two.done()
        {
            return Some((w, h));
        }
    }
    t.done().then_some((w, w))
}

/// A body row `x,y[,f]`; `f` must be 1 to 3.
pub fn stone(line: &str) -> Option<(i64, i64, Option<i64>)> {
    let mut t = Tokens(line.trim());
    let (x, y) = t.coord()?;
    let mut field = Tokens(t.0);
    field.spaces();
    let f = if field.comma() {
        field.spaces();
        let f = field.integer()?;
        t = field;
        Some(f)
    } else {
        None
    };
    if f.is_some_and(|f| !(1..=3).contains(&f)) {
        return None;
    }
    t.done().then_some((x, y, f))
}

pub fn is_done(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("DONE")
}

pub fn command(line: &str) -> Command {
    let line = line.trim();
    let word_len = line
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        .count();
    if word_len == 0 {
        return Command::Unknown;
    }
    let (name, rest) = line.split_at(word_len);
    let args = rest.trim();
    let bare = |c: Command| {
        if args.is_empty() {
            c
        } else {
            Command::Malformed
        }
    };
    let coord =
        |f: fn(i64, i64) -> Command| coord_arg(args).map_or(Command::Malformed, |(x, y)| f(x, y));
    match name.to_ascii_uppercase().as_str() {
        "START" => start_args(args).map_or(Command::Malformed, |(w, h)| Command::Start(w, h)),
        "RECTSTART" => coord(Command::Start),
        "RESTART" => bare(Command::Restart),
        "BEGIN" => bare(Command::Begin),
        "TURN" => coord(Command::Turn),
        "TAKEBACK" => coord(Command::Takeback),
        "PLAY" => coord(Command::Play),
        "BOARD" => bare(Command::Board(BodyKind::Board)),
        "YXBOARD" => bare(Command::Board(BodyKind::YxBoard)),
        "SWAP2BOARD" => bare(Command::Board(BodyKind::Swap2)),
        "INFO" => Command::Info,
        "END" => Command::End,
        "ABOUT" => Command::About,
        "YXSHOWFORBID" => Command::ShowForbid,
        "YXSTOP" => Command::Stop,
        _ => Command::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_rows() {
        assert_eq!(command("start 15 20"), Command::Start(15, 20));
        assert_eq!(command("START 20,15"), Command::Start(20, 15));
        assert_eq!(command("START 15 , 20"), Command::Malformed);
        assert_eq!(command("RECTSTART 20,15"), Command::Start(20, 15));
        assert_eq!(command("TURN 7 , 8 "), Command::Turn(7, 8));
        assert_eq!(command("TURN 7,"), Command::Malformed);
        assert_eq!(command("TURN 99999999999999999999,1"), Command::Malformed);
        assert_eq!(command("BEGIN now"), Command::Malformed);
        assert_eq!(command("START15"), Command::Unknown);
        assert_eq!(command(",5"), Command::Unknown);
        assert_eq!(stone(" 7,8,1 "), Some((7, 8, Some(1))));
        assert_eq!(stone("7,8"), Some((7, 8, None)));
        assert_eq!(stone("7,8,4"), None);
        assert_eq!(stone("7,8,"), None);
        assert!(is_done(" done "));
        assert_eq!(as_read(b"TU\0RN 1,2\r"), "TURN 1,2");
    }
}
