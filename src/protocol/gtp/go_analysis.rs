//! The analysis output Go GUIs read: Leela Zero's `lz-analyze` lines and KataGo's
//! `kata-analyze` lines, their arguments, and the `play` line that ends the
//! `*-genmove_analyze` commands. Formats follow Leela Zero's and KataGo's GTP extensions
//! (KataGo's `docs/GTP_Extensions.md`), so that Lizzie, Sabaki and KaTrain read them.

use std::time::Duration;

use super::parse::{boolean, colour, float, int, two_colours};
use super::response::GtpError;
use crate::games::go::search::{PASS, TreeMove};
use crate::games::go::{Color, GoGame};
use crate::search::mcts::RootMove;
use crate::search::time::MAX_MOVE_TIME;

/// Whose format the lines follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Leela Zero: winrate and prior in ten-thousandths.
    Lz,
    /// KataGo: floats, scores, and `ownership` on request.
    Kata,
}

/// What an analysis command asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeArgs {
    pub color: Color,
    /// Time between two lines.
    pub interval: Duration,
    /// Most moves a line lists.
    pub max_moves: usize,
    /// KataGo's `ownership true`: each line ends with one value per board point.
    pub ownership: bool,
    /// KataGo's `pvVisits true`: each move's line ends with the visits of its `pv`.
    pub pv_visits: bool,
}

/// Moves a line lists unless `maxmoves` says otherwise.
const DEFAULT_MAX_MOVES: usize = 20;

/// Centiseconds between two lines unless the command says otherwise.
const DEFAULT_INTERVAL_CENTIS: f64 = 100.0;

/// `[colour] [interval] KEY VALUE ...`, as KataGo parses it: an optional colour, an
/// optional interval in centiseconds, then key-value pairs (`interval`, `minmoves`,
/// `maxmoves`; for KataGo's dialect also `ownership` and `pvVisits`, and the ownership
/// variants tabula cannot give, accepted as `false` only). Anything else, or a key
/// without its value, is a syntax error, as in KataGo.
pub fn parse_args(game: &GoGame, dialect: Dialect, args: &[&str]) -> Result<AnalyzeArgs, GtpError> {
    let mut parsed = AnalyzeArgs {
        color: game.to_move(),
        interval: centiseconds(DEFAULT_INTERVAL_CENTIS),
        max_moves: DEFAULT_MAX_MOVES,
        ownership: false,
        pv_visits: false,
    };
    let mut rest = args;
    if let Some((first, tail)) = rest.split_first()
        && colour(first).is_some()
    {
        parsed.color = two_colours(first, Color::Black, Color::White)?;
        rest = tail;
    }
    if let Some((first, tail)) = rest.split_first()
        && let Some(c) = interval(first)
    {
        parsed.interval = c;
        rest = tail;
    }
    let kata = dialect == Dialect::Kata;
    for pair in rest.chunks(2) {
        let [key, value] = pair else {
            return Err(GtpError::Syntax);
        };
        match *key {
            "interval" => parsed.interval = interval(value).ok_or(GtpError::Syntax)?,
            // Only searched moves are listed: there is no minimum to honour, but the
            // key is KataGo's and Lizzie sends it.
            "minmoves" => {
                int(value).ok_or(GtpError::Syntax)?;
            }
            "maxmoves" => parsed.max_moves = int(value).ok_or(GtpError::Syntax)? as usize,
            "ownership" if kata => parsed.ownership = boolean(value).ok_or(GtpError::Syntax)?,
            "pvVisits" if kata => parsed.pv_visits = boolean(value).ok_or(GtpError::Syntax)?,
            "ownershipStdev" | "movesOwnership" | "movesOwnershipStdev" | "pvEdgeVisits"
                if kata && boolean(value) == Some(false) => {}
            _ => return Err(GtpError::Syntax),
        }
    }
    Ok(parsed)
}

/// An interval in centiseconds (a float, as KataGo reads it), at least one, at most a
/// move's longest search.
fn interval(text: &str) -> Option<Duration> {
    float(text).filter(|&c| c >= 0.0).map(centiseconds)
}

fn centiseconds(c: f64) -> Duration {
    Duration::from_secs_f64((c / 100.0).clamp(0.01, MAX_MOVE_TIME.as_secs_f64()))
}

/// One analysis line for `color`: an `info` block per root move, most visited first, and
/// for KataGo's `ownership true` the `ownership` block (`owned`: +1 Black's, -1 White's,
/// indexed by point). Empty when there is nothing to say.
pub fn line(
    game: &GoGame,
    dialect: Dialect,
    args: &AnalyzeArgs,
    moves: &[RootMove<TreeMove>],
    owned: Option<&[f32]>,
) -> String {
    let mut blocks: Vec<String> = moves
        .iter()
        .take(args.max_moves)
        .enumerate()
        .map(|(order, m)| match dialect {
            Dialect::Lz => lz_info(game, m, order),
            Dialect::Kata => kata_info(game, args, m, order),
        })
        .collect();
    if let (Dialect::Kata, Some(owned)) = (dialect, owned)
        && !blocks.is_empty()
    {
        blocks.push(ownership_block(game, args.color, owned));
    }
    blocks.join(" ")
}

fn vertex(game: &GoGame, m: TreeMove) -> String {
    if m == PASS {
        "pass".to_string()
    } else {
        game.format_point(m)
    }
}

fn pv(game: &GoGame, m: &RootMove<TreeMove>) -> String {
    let pv: Vec<String> = m.pv.iter().map(|&p| vertex(game, p)).collect();
    pv.join(" ")
}

/// Leela Zero's block: winrate and prior in ten-thousandths.
fn lz_info(game: &GoGame, m: &RootMove<TreeMove>, order: usize) -> String {
    format!(
        "info move {} visits {} winrate {} prior {} order {order} pv {}",
        vertex(game, m.mv),
        m.visits,
        ten_thousandths(m.value),
        ten_thousandths(m.prior),
        pv(game, m)
    )
}

fn ten_thousandths(x: f32) -> u32 {
    (x.clamp(0.0, 1.0) * 10000.0).round() as u32
}

/// KataGo's block, every value from the view of the player analysed (KataGo's default,
/// `reportAnalysisWinratesAs = SIDETOMOVE`). tabula's search values wins only, so the
/// utility is the win-loss utility, 2 × winrate − 1; the score is the mean final area
/// margin (komi included) of the playouts through the move, which is also the lead.
fn kata_info(game: &GoGame, args: &AnalyzeArgs, m: &RootMove<TreeMove>, order: usize) -> String {
    let winrate = m.value.clamp(0.0, 1.0);
    let sign = match args.color {
        Color::Black => 1.0,
        Color::White => -1.0,
    };
    let (score, stdev) = m
        .score
        .map_or((0.0, 0.0), |s| (sign * s.mean + 0.0, s.stdev));
    let mut block = format!(
        "info move {} visits {} utility {} winrate {} scoreMean {} scoreStdev {} scoreLead {} \
         prior {} lcb {} order {order} pv {}",
        vertex(game, m.mv),
        m.visits,
        decimal(2.0 * winrate - 1.0),
        decimal(winrate),
        decimal(score),
        decimal(stdev),
        decimal(score),
        decimal(m.prior.clamp(0.0, 1.0)),
        decimal(lcb(winrate, m.visits)),
        pv(game, m)
    );
    if args.pv_visits {
        let visits: Vec<String> = m.pv_visits.iter().map(u32::to_string).collect();
        block.push_str(" pvVisits ");
        block.push_str(&visits.join(" "));
    }
    block
}

/// A lower confidence bound of a winning rate: two standard errors below it, the
/// standard error of a share of `visits` playouts, never below 0.
fn lcb(winrate: f32, visits: u32) -> f32 {
    let error = (winrate * (1.0 - winrate) / visits.max(1) as f32).sqrt();
    (winrate - 2.0 * error).max(0.0)
}

/// A float as KataGo writes one (C++'s default stream format): six significant digits,
/// never more than six after the point, trailing zeros dropped.
fn decimal(x: f32) -> String {
    // Bounded komi keeps scores finite; should anything else not be, a 0 keeps the
    // line readable.
    let x = if x.is_finite() { x } else { 0.0 };
    let whole_digits = if x.abs() >= 1.0 {
        x.abs().log10().floor() as usize + 1
    } else {
        0
    };
    let text = format!("{:.*}", 6usize.saturating_sub(whole_digits), x + 0.0);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" => "0".to_string(),
        t => t.to_string(),
    }
}

/// `ownership` and one value per point, row by row from the top left (A19 on 19×19) to
/// the bottom right, from the view of `color`, as KataGo orders and signs them.
fn ownership_block(game: &GoGame, color: Color, owned: &[f32]) -> String {
    let sign = match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    };
    let n = game.size();
    let board = game.board();
    let values: Vec<String> = (0..n)
        .rev()
        .flat_map(|y| (0..n).map(move |x| board.point(x, y)))
        .map(|p| decimal(sign * owned[p as usize]))
        .collect();
    format!("ownership {}", values.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::RuleSet;

    fn game() -> GoGame {
        GoGame::new(9, RuleSet::Chinese, 7.5)
    }

    #[test]
    fn arguments_are_read_as_katago_reads_them() {
        let g = game();
        let kata = |args: &[&str]| parse_args(&g, Dialect::Kata, args);
        let a = kata(&["w", "25", "ownership", "true", "maxmoves", "3"]).unwrap();
        assert_eq!(a.color, Color::White);
        assert_eq!(a.interval, Duration::from_millis(250));
        assert!(a.ownership && !a.pv_visits);
        assert_eq!(a.max_moves, 3);
        let a = kata(&["interval", "50", "pvVisits", "true", "minmoves", "2"]).unwrap();
        assert_eq!(
            (a.color, a.interval),
            (Color::Black, Duration::from_millis(500))
        );
        assert!(a.pv_visits);
        assert!(kata(&["ownershipStdev", "false"]).is_ok());
        for bad in [
            &["ownership"][..],
            &["ownership", "yes"],
            &["ownershipStdev", "true"],
            &["avoid", "b", "D4", "1"],
            &["b", "10", "20"],
            &["interval", "-1"],
        ] {
            assert_eq!(kata(bad), Err(GtpError::Syntax), "{bad:?}");
        }
        // Leela Zero has no ownership.
        assert!(parse_args(&g, Dialect::Lz, &["ownership", "true"]).is_err());
        // A huge interval saturates.
        assert_eq!(kata(&["1e300"]).unwrap().interval, MAX_MOVE_TIME);
    }

    #[test]
    fn floats_are_plain_decimals() {
        assert_eq!(decimal(0.5), "0.5");
        assert_eq!(decimal(-0.0), "0");
        assert_eq!(decimal(-0.0000001), "0");
        assert_eq!(decimal(24.705_8), "24.7058");
        assert_eq!(decimal(1.0), "1");
        assert_eq!(decimal(-0.480_018), "-0.480018");
        assert_eq!(decimal(-361.5), "-361.5");
    }

    #[test]
    fn ownership_starts_at_the_top_left_for_the_player_analysed() {
        let g = game();
        let board = g.board();
        let mut owned = vec![0.0; crate::games::go::board::MAX_POINTS];
        owned[board.point(0, 8) as usize] = 1.0; // A9, Black's
        owned[board.point(8, 0) as usize] = -0.5; // J1, White's
        let as_black = ownership_block(&g, Color::Black, &owned);
        let values: Vec<&str> = as_black.split(' ').skip(1).collect();
        assert_eq!(values.len(), 81);
        assert_eq!((values[0], values[80]), ("1", "-0.5"));
        let as_white = ownership_block(&g, Color::White, &owned);
        assert!(as_white.starts_with("ownership -1 0 "), "{as_white}");
        assert!(as_white.ends_with(" 0 0.5"), "{as_white}");
    }
}
