//! Renju forbidden points against `tests/data/renju` (see its README): the quintet unit
//! test cases, and 3,000 generated positions whose forbidden points were computed with the
//! Gomocup referee's algorithm and checked against Rapfi.

use std::collections::BTreeSet;
use std::path::PathBuf;
use tabula::games::gomoku::{Color, Foul, Gomoku, Point, Rules};

/// Just enough JSON for these records: objects, arrays, strings, integers, null, booleans.
#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Json {
        let mut chars = text.trim().chars().peekable();
        let value = Self::value(&mut chars);
        assert!(chars.next().is_none(), "trailing text in {text}");
        value
    }

    fn value(it: &mut std::iter::Peekable<std::str::Chars>) -> Json {
        while it.peek().is_some_and(|c| c.is_whitespace()) {
            it.next();
        }
        match it.peek().copied() {
            Some('{') => {
                it.next();
                let mut fields = Vec::new();
                loop {
                    match Self::value(it) {
                        Json::Str(key) => {
                            assert_eq!(it.next(), Some(':'));
                            fields.push((key, Self::value(it)));
                        }
                        Json::Null if it.peek() == Some(&'}') => {}
                        other => panic!("bad key {other:?}"),
                    }
                    match it.next() {
                        Some(',') => continue,
                        Some('}') => return Json::Object(fields),
                        c => panic!("bad object at {c:?}"),
                    }
                }
            }
            Some('[') => {
                it.next();
                let mut items = Vec::new();
                if it.peek() == Some(&']') {
                    it.next();
                    return Json::Array(items);
                }
                loop {
                    items.push(Self::value(it));
                    match it.next() {
                        Some(',') => continue,
                        Some(']') => return Json::Array(items),
                        c => panic!("bad array at {c:?}"),
                    }
                }
            }
            Some('"') => {
                it.next();
                let mut s = String::new();
                for c in it.by_ref() {
                    if c == '"' {
                        return Json::Str(s);
                    }
                    s.push(c);
                }
                panic!("unterminated string")
            }
            Some('}') => Json::Null,
            Some(c) if c == '-' || c.is_ascii_digit() => {
                let mut s = String::new();
                while let Some(&c) = it.peek() {
                    if c == '-' || c.is_ascii_digit() {
                        s.push(c);
                        it.next();
                    } else {
                        break;
                    }
                }
                Json::Int(s.parse().unwrap())
            }
            Some(_) => {
                let mut word = String::new();
                while it.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    word.push(it.next().unwrap());
                }
                match word.as_str() {
                    "null" => Json::Null,
                    "true" => Json::Bool(true),
                    "false" => Json::Bool(false),
                    w => panic!("bad literal {w}"),
                }
            }
            None => panic!("unexpected end"),
        }
    }

    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn array(&self) -> &[Json] {
        match self {
            Json::Array(items) => items,
            other => panic!("not an array: {other:?}"),
        }
    }

    fn int(&self) -> i64 {
        match self {
            Json::Int(n) => *n,
            other => panic!("not an integer: {other:?}"),
        }
    }

    fn bool(&self) -> bool {
        match self {
            Json::Bool(b) => *b,
            other => panic!("not a boolean: {other:?}"),
        }
    }

    fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
}

fn data_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/renju")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn point(j: &Json) -> Point {
    let xy = j.array();
    Point::new(xy[0].int() as usize, xy[1].int() as usize)
}

fn position(record: &Json) -> Gomoku {
    let mut game = Gomoku::new(Rules::renju(), 15, 15).unwrap();
    for (key, color) in [("black", Color::Black), ("white", Color::White)] {
        for p in record.get(key).unwrap().array() {
            game.place(point(p), color).unwrap();
        }
    }
    game.set_to_move(Color::Black);
    game
}

fn kind(name: &str) -> Foul {
    match name {
        "double_three" => Foul::DoubleThree,
        "double_four" => Foul::DoubleFour,
        "overline" => Foul::Overline,
        other => panic!("unknown kind {other}"),
    }
}

fn expected_set(list: &Json) -> BTreeSet<(Point, Foul)> {
    list.array()
        .iter()
        .map(|e| {
            let a = e.array();
            let p = Point::new(a[0].int() as usize, a[1].int() as usize);
            (p, kind(a[2].str().unwrap()))
        })
        .collect()
}

#[test]
fn quintet_cases() {
    let text = data_file("quintet_forbidden_tests.jsonl");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record = Json::parse(line);
        let id = record.get("id").unwrap().str().unwrap().to_string();
        let game = position(&record);
        if let Some(all) = record.get("expected_all") {
            let got: BTreeSet<_> = game.forbidden_points().into_iter().collect();
            assert_eq!(got, expected_set(all), "{id}");
        } else {
            let p = point(record.get("point").unwrap());
            let expected = record.get("expected").unwrap().str().map(kind);
            assert_eq!(game.foul_at(p), expected, "{id}");
            assert_eq!(game.is_legal(p), expected.is_none(), "{id}");
        }
        checked += 1;
    }
    assert_eq!(checked, 23);
}

#[test]
fn generated_positions() {
    let text = data_file("renju_forbidden_generated.jsonl");
    let (mut clean, mut with_five, mut recursion_only, mut quintet_differs) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record = Json::parse(line);
        let id = record.get("id").unwrap().str().unwrap().to_string();
        let game = position(&record);
        let got: BTreeSet<_> = game.forbidden_points().into_iter().collect();
        let expected = expected_set(record.get("forbidden").unwrap());
        if !record.get("all_agree").unwrap().bool() {
            quintet_differs += 1;
        }
        if record.get("black_five_points").unwrap().array().is_empty() {
            clean += 1;
        } else {
            with_five += 1;
        }
        // Points a non-recursive test would flag must stay legal.
        for p in record
            .get("not_forbidden_only_by_recursion")
            .unwrap()
            .array()
        {
            assert!(game.is_legal(point(p)), "{id}: {:?}", point(p));
            recursion_only += 1;
        }
        if got != expected {
            failures.push(format!(
                "{id}: missing {:?} extra {:?}",
                expected.difference(&got).collect::<Vec<_>>(),
                got.difference(&expected).collect::<Vec<_>>()
            ));
        }
    }
    assert_eq!((clean, with_five), (1371, 1629));
    assert_eq!(recursion_only, 2017);
    assert_eq!(quintet_differs, 161);
    assert!(
        failures.is_empty(),
        "{} positions differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
