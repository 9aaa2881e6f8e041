//! The `--flag value` arguments of the small generator tools (the opening books, the
//! priors' fit). `--help` prints the tool's usage; anything a tool does not understand
//! stops it with a one-line message and exit status 2, before any work starts.

/// The program's arguments as `(flag, value)` pairs; `--help` or `-h` prints `usage`
/// and exits.
pub fn pairs(usage: &str) -> Vec<(String, String)> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{usage}");
        std::process::exit(0);
    }
    args.chunks(2)
        .map(|pair| match pair {
            [flag, value] => (flag.clone(), value.clone()),
            [flag] => fail(&format!("{flag} needs a value")),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// A flag's value as a number.
pub fn number<T: std::str::FromStr>(flag: &str, value: &str) -> T {
    value
        .parse()
        .unwrap_or_else(|_| fail(&format!("bad value {value} for {flag}")))
}

/// Stops the tool: bad arguments.
pub fn fail(message: &str) -> ! {
    eprintln!("error: {message} (--help lists the options)");
    std::process::exit(2);
}
