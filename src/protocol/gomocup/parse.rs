//! Text → command. Command names are matched case-insensitively (managers send upper
//! case, the spec leaves case to the brain); `INFO` values run to the end of the line.

use super::command::{BodyKind, Command, Coord, Stone};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, map_res, opt, recognize};
use nom::sequence::{pair, preceded};
use nom::{IResult, Parser};
use thiserror::Error;

/// A line that is not a well-formed command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("unknown command '{0}'")]
    Unknown(String),
    #[error("syntax error in '{0}': {1}")]
    Syntax(String, &'static str),
}

fn integer(input: &str) -> IResult<&str, i64> {
    map_res(recognize(pair(opt(char('-')), digit1)), str::parse).parse(input)
}

fn coord(input: &str) -> IResult<&str, Coord> {
    let (input, (x, _, _, _, y)) = (
        preceded(space0, integer),
        space0,
        char(','),
        space0,
        integer,
    )
        .parse(input)?;
    Ok((input, Coord { x, y }))
}

/// A whole argument that must be exactly `x,y`.
fn coord_arg(args: &str) -> Option<Coord> {
    all_consuming((coord, space0))
        .parse(args)
        .ok()
        .map(|(_, (c, _))| c)
}

/// A body line: `x,y,f` or a bare `x,y`.
pub fn parse_stone(line: &str) -> Option<Stone> {
    let field = preceded((space0, char(','), space0), integer);
    let (_, (at, field, _)) = all_consuming((coord, opt(field), space0))
        .parse(line.trim())
        .ok()?;
    let field = match field {
        None => None,
        Some(f @ 1..=3) => Some(f as u8),
        Some(_) => return None,
    };
    Some(Stone { at, field })
}

/// Whether a body line ends the body.
pub fn is_done(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("DONE")
}

fn word(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-').parse(input)
}

fn start_args(args: &str) -> Option<(i64, i64)> {
    let one = map_res(all_consuming((integer, space0)), |(n, _)| {
        Ok::<_, ()>((n, n))
    });
    let two = map_res(
        all_consuming((integer, alt((space1, tag(","))), space0, integer, space0)),
        |(w, _, _, h, _)| Ok::<_, ()>((w, h)),
    );
    alt((two, one)).parse(args).ok().map(|(_, wh)| wh)
}

/// Parses one (already CR-stripped) command line.
pub fn parse_line(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let Ok((rest, name)) = word(line) else {
        return Err(ParseError::Unknown(line.chars().take(40).collect()));
    };
    let args = rest.trim();
    let syntax = |what| ParseError::Syntax(line.chars().take(80).collect(), what);
    let no_args = |cmd: Command| {
        if args.is_empty() {
            Ok(cmd)
        } else {
            Err(syntax("no argument expected"))
        }
    };
    match name.to_ascii_uppercase().as_str() {
        "START" => {
            let (width, height) = start_args(args).ok_or_else(|| syntax("expected a size"))?;
            Ok(Command::Start { width, height })
        }
        "RECTSTART" => {
            let c = coord_arg(args).ok_or_else(|| syntax("expected width,height"))?;
            Ok(Command::RectStart {
                width: c.x,
                height: c.y,
            })
        }
        "RESTART" => no_args(Command::Restart),
        "BEGIN" => no_args(Command::Begin),
        "TURN" => coord_arg(args)
            .map(Command::Turn)
            .ok_or_else(|| syntax("expected x,y")),
        "TAKEBACK" => coord_arg(args)
            .map(Command::Takeback)
            .ok_or_else(|| syntax("expected x,y")),
        "PLAY" => coord_arg(args)
            .map(Command::Play)
            .ok_or_else(|| syntax("expected x,y")),
        "BOARD" => no_args(Command::Body(BodyKind::Board)),
        "YXBOARD" => no_args(Command::Body(BodyKind::YxBoard)),
        "SWAP2BOARD" => no_args(Command::Body(BodyKind::Swap2)),
        "INFO" => {
            // A keyless INFO is ignored like an unknown key: INFO never gets an answer.
            let (value, key) = word(args).unwrap_or(("", ""));
            Ok(Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.trim().to_string(),
            })
        }
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "YXSHOWFORBID" => Ok(Command::YxShowForbid),
        "YXSTOP" => Ok(Command::YxStop),
        _ => Err(ParseError::Unknown(name.chars().take(40).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(
            parse_line("START 15"),
            Ok(Command::Start {
                width: 15,
                height: 15
            })
        );
        assert_eq!(
            parse_line("start 15 20"),
            Ok(Command::Start {
                width: 15,
                height: 20
            })
        );
        assert_eq!(
            parse_line("RECTSTART 20,15"),
            Ok(Command::RectStart {
                width: 20,
                height: 15
            })
        );
        assert_eq!(
            parse_line("TURN 7, 8 "),
            Ok(Command::Turn(Coord { x: 7, y: 8 }))
        );
        assert!(matches!(parse_line("TURN 7"), Err(ParseError::Syntax(..))));
        assert!(matches!(parse_line("FOO"), Err(ParseError::Unknown(_))));
        assert!(matches!(parse_line("7,7,1"), Err(ParseError::Unknown(_))));
        assert!(matches!(parse_line(""), Err(ParseError::Unknown(_))));
    }

    #[test]
    fn info_value_runs_to_end_of_line() {
        assert_eq!(
            parse_line("INFO folder C:\\My Documents\\AI's/AI  x"),
            Ok(Command::Info {
                key: "folder".into(),
                value: "C:\\My Documents\\AI's/AI  x".into()
            })
        );
        assert_eq!(
            parse_line("INFO timeout_turn 5000"),
            Ok(Command::Info {
                key: "timeout_turn".into(),
                value: "5000".into()
            })
        );
    }

    #[test]
    fn body_lines() {
        assert_eq!(
            parse_stone("7,7,1"),
            Some(Stone {
                at: Coord { x: 7, y: 7 },
                field: Some(1)
            })
        );
        assert_eq!(
            parse_stone(" 3 , 4 "),
            Some(Stone {
                at: Coord { x: 3, y: 4 },
                field: None
            })
        );
        assert_eq!(parse_stone("7,7,4"), None);
        assert_eq!(parse_stone("7;7"), None);
        assert!(is_done("done"));
    }
}
