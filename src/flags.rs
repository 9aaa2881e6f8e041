//! The `--flag value` arguments of the small generator tools (the opening books), which
//! stop with a message on anything they do not understand.

/// The program's arguments as `(flag, value)` pairs.
pub fn pairs() -> Vec<(String, String)> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.chunks(2)
        .map(|pair| match pair {
            [flag, value] => (flag.clone(), value.clone()),
            [flag] => panic!("{flag} needs a value"),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// A flag's value as a number.
pub fn number<T: std::str::FromStr>(flag: &str, value: &str) -> T {
    value
        .parse()
        .unwrap_or_else(|_| panic!("bad value {value} for {flag}"))
}
