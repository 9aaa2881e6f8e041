//! GTP input: the spec's preprocessing of a raw line, the command line grammar
//! (`[id] name [args…]`) and the entity parsers commands use for their arguments.

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, map_res, opt, recognize, value};
use nom::multi::many0;
use nom::number::complete::recognize_float;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use super::response::GtpError;

/// The spec's preprocessing (GTP v2 §3.1): drop control characters but HT and LF (so CR
/// goes), cut a `#` comment, turn HT into a space. Invalid UTF-8 becomes U+FFFD, which no
/// command name or entity accepts. `None` for a line that is then empty or blank.
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let mut bytes: Vec<u8> = Vec::with_capacity(raw.len());
    for &b in raw {
        match b {
            b'#' => break,
            b'\t' => bytes.push(b' '),
            b'\n' => {}
            0..=31 | 127 => {}
            _ => bytes.push(b),
        }
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    (!text.trim().is_empty()).then_some(text)
}

/// One command line after preprocessing.
#[derive(Debug, Clone, PartialEq)]
pub struct CommandLine<'a> {
    pub id: Option<u32>,
    pub name: &'a str,
    pub args: Vec<&'a str>,
}

/// Largest id the spec allows (a non-negative 32-bit signed int).
const MAX_ID: u32 = i32::MAX as u32;

fn word(input: &str) -> IResult<&str, &str> {
    take_till1(|c| c == ' ')(input)
}

fn id(input: &str) -> IResult<&str, u32> {
    terminated(
        map_res(digit1, |d: &str| {
            d.parse::<u32>().ok().filter(|&n| n <= MAX_ID).ok_or(())
        }),
        space1,
    )
    .parse(input)
}

/// Parses a preprocessed, non-blank line. A leading number is the id only when a command
/// name follows it.
pub fn command_line(line: &str) -> Option<CommandLine<'_>> {
    let parser = (
        preceded(space0, opt(id)),
        word,
        many0(preceded(space1, word)),
        space0,
    );
    all_consuming(parser)
        .parse(line)
        .ok()
        .map(|(_, (id, name, args, _))| CommandLine { id, name, args })
}

/// The id of a line that is too broken to be a command, so the error can still carry it.
pub fn leading_id(line: &str) -> Option<u32> {
    preceded(space0, id).parse(line).ok().map(|(_, id)| id)
}

/// Runs an entity parser over a whole argument.
fn entity<'a, O>(
    parser: impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
    text: &'a str,
) -> Option<O> {
    all_consuming(parser).parse(text).ok().map(|(_, o)| o)
}

/// An `int` entity: unsigned decimal.
pub fn int(text: &str) -> Option<u32> {
    entity(map_res(digit1, str::parse::<u32>), text)
}

/// A `float` entity; also a signed integer. Infinities and NaN are refused.
pub fn float(text: &str) -> Option<f64> {
    entity(recognize(preceded(opt(char('+')), recognize_float)), text)
        .and_then(|t| t.trim_start_matches('+').parse::<f64>().ok())
        .filter(|f| f.is_finite())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Black,
    White,
}

/// A `color` entity: `b`, `w`, `black`, `white`, any case.
pub fn colour(text: &str) -> Option<Colour> {
    entity(
        alt((
            value(Colour::Black, alt((tag_no_case("black"), tag_no_case("b")))),
            value(Colour::White, alt((tag_no_case("white"), tag_no_case("w")))),
        )),
        text,
    )
}

/// A colour argument as one of a two-colour game's own colour values.
pub fn two_colours<T>(text: &str, black: T, white: T) -> Result<T, GtpError> {
    match colour(text) {
        Some(Colour::Black) => Ok(black),
        Some(Colour::White) => Ok(white),
        None => Err(GtpError::Syntax),
    }
}

/// A `boolean` entity.
pub fn boolean(text: &str) -> Option<bool> {
    match text {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_the_spec() {
        assert_eq!(preprocess(b"play\tb  e5\r"), Some("play b  e5".into()));
        assert_eq!(preprocess(b"  # only a comment"), None);
        assert_eq!(preprocess(b"\t \r"), None);
        assert_eq!(preprocess(b"na\x00me # x"), Some("name ".into()));
        assert_eq!(preprocess(b"name\xff"), Some("name\u{fffd}".into()));
    }

    #[test]
    fn command_lines_with_and_without_ids() {
        let c = command_line("12 play b E5").unwrap();
        assert_eq!((c.id, c.name, c.args), (Some(12), "play", vec!["b", "E5"]));
        let c = command_line("  name  ").unwrap();
        assert_eq!((c.id, c.name, c.args.len()), (None, "name", 0));
        let c = command_line("12").unwrap();
        assert_eq!((c.id, c.name), (None, "12"));
        let c = command_line("99999999999 name").unwrap();
        assert_eq!((c.id, c.name), (None, "99999999999"));
        assert_eq!(leading_id("7 x"), Some(7));
    }

    #[test]
    fn entities() {
        assert_eq!(int("19"), Some(19));
        assert_eq!(int("-1"), None);
        assert_eq!(int("99999999999999999999"), None);
        assert_eq!(float("6.5"), Some(6.5));
        assert_eq!(float("-3"), Some(-3.0));
        assert_eq!(float("1e3"), Some(1000.0));
        assert_eq!(float("inf"), None);
        assert_eq!(float("x"), None);
        assert_eq!(colour("BLACK"), Some(Colour::Black));
        assert_eq!(colour("w"), Some(Colour::White));
        assert_eq!(colour("bl"), None);
        assert_eq!(boolean("true"), Some(true));
    }
}
