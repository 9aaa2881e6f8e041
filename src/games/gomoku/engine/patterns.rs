//! Line patterns: what a stone of one colour placed on an empty cell makes along one
//! line, read from the five cells on each side. Computed once into tables indexed by
//! the ten neighbours' contents (2 bits each: empty, black, white, wall), so that the
//! engine keeps per-cell keys up to date with a few XORs per move.

use std::sync::OnceLock;

/// The pattern a move makes on one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pat {
    None = 0,
    /// One stone with room to grow into an open two.
    F1,
    /// Two that can become a blocked three only.
    B2,
    /// Two that can become an open three.
    F2,
    /// Three that can become a four (blocked) but no straight four.
    B3,
    /// Three that can become a straight four (an open three).
    F3,
    /// A four with one five point.
    B4,
    /// A straight four (two five points).
    F4,
    /// Two fours on one line (`B.BBB.B`): wins like a straight four, a foul for Renju's black.
    D4,
    Five,
    /// Six or more where only an exact five wins.
    Overline,
}

const NEIGHBOURS: usize = 10;
/// 4^10 absolute keys.
pub const KEYS: usize = 1 << (2 * NEIGHBOURS);

/// The slot (0..10) of the neighbour `k` cells away (k in -5..=5, k != 0).
#[inline]
pub const fn slot(k: isize) -> u32 {
    if k < 0 {
        (k + 5) as u32
    } else {
        (k + 4) as u32
    }
}

/// What makes a winning line for one colour, as far as the line itself shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Five or more in a row.
    FiveOrMore,
    /// Exactly five.
    ExactlyFive,
    /// Caro: five whose two ends are not both the opponent's stones (the board's edge
    /// blocks nothing), or more than five unless `exact`.
    Caro { exact: bool },
}

impl LineRule {
    const ALL: [LineRule; 4] = [
        LineRule::FiveOrMore,
        LineRule::ExactlyFive,
        LineRule::Caro { exact: false },
        LineRule::Caro { exact: true },
    ];

    fn index(self) -> usize {
        Self::ALL
            .iter()
            .position(|&r| r == self)
            .expect("every rule is listed")
    }

    /// Whether the run of own stones through `at` wins.
    fn wins(self, line: &Line, at: usize) -> bool {
        let (lo, hi) = run(line, at);
        let len = hi - lo + 1;
        match self {
            LineRule::FiveOrMore => len >= 5,
            LineRule::ExactlyFive => len == 5,
            LineRule::Caro { .. } if len == 5 => {
                let opponent = |i: Option<usize>| i.and_then(|i| line.get(i)) == Some(&OPPONENT);
                !(opponent(lo.checked_sub(1)) && opponent(Some(hi + 1)))
            }
            LineRule::Caro { exact } => len > 5 && !exact,
        }
    }
}

/// Pattern tables for one colour (1 black, 2 white) and line rule.
pub struct Tables {
    /// Indexed by absolute key, for black and for white.
    pub by_color: [Vec<Pat>; 2],
}

/// Relative cell contents while classifying. Only Caro tells the opponent's stones
/// from the board's edge; elsewhere both are [`OPPONENT`].
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const OPPONENT: u8 = 2;
const EDGE: u8 = 3;

/// Eleven cells of a line; the centre (5) holds our stone.
type Line = [u8; 11];

/// The line's index in a relative table: two bits per neighbour, as in absolute keys.
fn encode(line: &Line) -> usize {
    (0..11)
        .filter(|&i| i != 5)
        .enumerate()
        .map(|(s, i)| (line[i] as usize) << (2 * s))
        .sum()
}

fn decode(code: usize) -> Line {
    let mut line = [OWN; 11];
    for (s, i) in (0..11).filter(|&i| i != 5).enumerate() {
        line[i] = ((code >> (2 * s)) & 3) as u8;
    }
    line
}

/// Makes every cell beyond an edge an edge too: what lies past it is not on this line.
fn close_past_edges(line: &mut Line) {
    for outward in [[4, 3, 2, 1, 0], [6, 7, 8, 9, 10]] {
        let mut edge = false;
        for i in outward {
            edge |= line[i] == EDGE;
            if edge {
                line[i] = EDGE;
            }
        }
    }
}

/// Whether a line can occur under `rule`: outside Caro the edge counts as the
/// opponent's stone and is never [`EDGE`]; in Caro its edges are closed.
fn is_canonical(line: &Line, rule: LineRule) -> bool {
    if !matches!(rule, LineRule::Caro { .. }) {
        return !line.contains(&EDGE);
    }
    let mut closed = *line;
    close_past_edges(&mut closed);
    closed == *line
}

/// Every canonical relative line under `rule`, indexed by [`encode`].
fn relative_table(rule: LineRule) -> Vec<Pat> {
    let mut table = vec![Pat::None; KEYS];
    let letters: &[u8] = match rule {
        LineRule::Caro { .. } => &[EMPTY, OWN, OPPONENT, EDGE],
        _ => &[EMPTY, OWN, OPPONENT],
    };
    let mut lines = vec![[OWN; 11]];
    for i in (0..11).filter(|&i| i != 5) {
        lines = (lines.into_iter())
            .flat_map(|line| {
                letters.iter().map(move |&c| {
                    let mut line = line;
                    line[i] = c;
                    line
                })
            })
            .collect();
    }
    lines.retain(|line| is_canonical(line, rule));
    // More own stones first, so that each line's "one more stone" lines are known.
    lines.sort_by_key(|line| std::cmp::Reverse(line.iter().filter(|&&v| v == OWN).count()));
    for line in lines {
        table[encode(&line)] = classify(&line, rule, |l| table[encode(l)]);
    }
    table
}

/// The first and last cell of the run of own stones through cell `at`.
fn run(line: &Line, at: usize) -> (usize, usize) {
    let mut lo = at;
    while lo > 0 && line[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = at;
    while hi < 10 && line[hi + 1] == OWN {
        hi += 1;
    }
    (lo, hi)
}

/// The empty cells where one more own stone wins with a run through the centre.
fn five_points(line: &Line, rule: LineRule) -> Vec<usize> {
    (0..11)
        .filter(|&j| line[j] == EMPTY)
        .filter(|&j| {
            let mut l = *line;
            l[j] = OWN;
            let (lo, hi) = run(&l, j);
            (lo..=hi).contains(&5) && rule.wins(&l, j)
        })
        .collect()
}

fn classify(line: &Line, rule: LineRule, known: impl Fn(&Line) -> Pat) -> Pat {
    if rule.wins(line, 5) {
        return Pat::Five;
    }
    let (lo, hi) = run(line, 5);
    if hi - lo + 1 > 5 {
        return Pat::Overline;
    }
    let fives = five_points(line, rule);
    // A four the opponent stops with one stone threatens one five; one it cannot stop
    // is straight (two five points five apart) or two fours on one line. In Caro one
    // stone can stop two five points, by closing the far ends of both.
    let stoppable = || {
        fives.len() < 2
            || (0..11).any(|e| {
                let mut l = *line;
                l[e] == EMPTY && {
                    l[e] = OPPONENT;
                    five_points(&l, rule).is_empty()
                }
            })
    };
    match fives.as_slice() {
        [] => {}
        _ if stoppable() => return Pat::B4,
        [first, second, ..] if second - first == 5 => return Pat::F4,
        _ => return Pat::D4,
    }
    // Otherwise: the best pattern one more stone (within four cells) makes.
    let mut best = Pat::None;
    for j in 1..10 {
        if j == 5 || line[j] != EMPTY {
            continue;
        }
        let mut l = *line;
        l[j] = OWN;
        let here = match known(&l) {
            Pat::F4 => Pat::F3,
            Pat::B4 | Pat::D4 => Pat::B3,
            Pat::F3 => Pat::F2,
            Pat::B3 => Pat::B2,
            Pat::F2 => Pat::F1,
            _ => Pat::None,
        };
        best = best.max(here);
    }
    best
}

fn absolute_tables(rule: LineRule) -> [Vec<Pat>; 2] {
    let relative = relative_table(rule);
    let caro = matches!(rule, LineRule::Caro { .. });
    let mut out = [vec![Pat::None; KEYS], vec![Pat::None; KEYS]];
    for (color, table) in out.iter_mut().enumerate() {
        let own = color as u8 + 1;
        for (key, entry) in table.iter_mut().enumerate() {
            let mut line = decode(key);
            for (i, cell) in line.iter_mut().enumerate() {
                if i == 5 {
                    continue;
                }
                *cell = match *cell {
                    EMPTY => EMPTY,
                    c if c == own => OWN,
                    EDGE if caro => EDGE,
                    _ => OPPONENT,
                };
            }
            // Past the edge the key holds cells of other lines.
            if caro {
                close_past_edges(&mut line);
            }
            *entry = relative[encode(&line)];
        }
    }
    out
}

/// Both colours' patterns per absolute key in one byte (Black's in the low four bits,
/// White's in the high four), each colour under its line rule: a move updates both
/// colours' patterns of a cell with one look-up.
pub fn pair_table(black: LineRule, white: LineRule) -> &'static [u8] {
    const RULES: usize = LineRule::ALL.len();
    static PAIRS: [OnceLock<Vec<u8>>; RULES * RULES] = [const { OnceLock::new() }; RULES * RULES];
    PAIRS[black.index() * RULES + white.index()].get_or_init(|| {
        let black = &tables(black).by_color[0];
        let white = &tables(white).by_color[1];
        black
            .iter()
            .zip(white)
            .map(|(&b, &w)| b as u8 | (w as u8) << 4)
            .collect()
    })
}

/// Both colours' tables under `rule`.
pub fn tables(rule: LineRule) -> &'static Tables {
    static TABLES: [OnceLock<Tables>; LineRule::ALL.len()] =
        [const { OnceLock::new() }; LineRule::ALL.len()];
    TABLES[rule.index()].get_or_init(|| Tables {
        by_color: absolute_tables(rule),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key from a picture of the ten neighbours, `x` own (black), `o` opponent, `|` wall.
    fn key(picture: &str) -> usize {
        let cells: Vec<u32> = picture
            .chars()
            .filter(|&c| c != '*')
            .map(|c| match c {
                'x' => 1,
                'o' => 2,
                '|' => 3,
                _ => 0,
            })
            .collect();
        assert_eq!(cells.len(), 10);
        cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c as usize) << (2 * i))
            .sum()
    }

    #[test]
    fn classifies_the_usual_shapes() {
        let t = &tables(LineRule::FiveOrMore).by_color[0];
        assert_eq!(t[key(".xxxx*.....")], Pat::Five);
        assert_eq!(t[key("..xxx*.....")], Pat::F4);
        assert_eq!(t[key("..oxx*x....")], Pat::B4);
        assert_eq!(t[key("...x.*x....")], Pat::F3);
        assert_eq!(t[key("....x*x....")], Pat::F3);
        assert_eq!(t[key("...ox*x....")], Pat::B3);
        assert_eq!(t[key("....|*x....")], Pat::B2);
        assert_eq!(t[key("..x.x*x.x..")], Pat::D4);
        assert_eq!(t[key(".....*.....")], Pat::F1);
        assert_eq!(t[key("....o*....o")], Pat::None);
        let exact = &tables(LineRule::ExactlyFive).by_color[0];
        assert_eq!(exact[key(".xxxxx*....")], Pat::Overline);
        assert_eq!(exact[key("x.xxx*.....")], Pat::B4);
        assert_eq!(t[key("x.xxx*.....")], Pat::F4);
    }

    #[test]
    fn caro_lines_are_closed_by_stones_not_by_the_edge() {
        let free = &tables(LineRule::FiveOrMore).by_color[0];
        let caro = &tables(LineRule::Caro { exact: false }).by_color[0];
        // A five between two opponent stones does not win; at the edge it does.
        assert_eq!(free[key("oxxxx*o....")], Pat::Five);
        assert_ne!(caro[key("oxxxx*o....")], Pat::Five);
        assert_eq!(caro[key("|xxxx*o....")], Pat::Five);
        // A four whose five would be closed at both ends is none.
        assert_eq!(free[key("..oxx*x.o..")], Pat::B4);
        assert_eq!(caro[key("..oxx*x.o..")], Pat::None);
        // One stone at either five point closes the other: a four, not a straight one.
        assert_eq!(free[key("o.xxx*.o...")], Pat::F4);
        assert_eq!(caro[key("o.xxx*.o...")], Pat::B4);
        assert_eq!(caro[key("|.xxx*.|...")], Pat::F4);
        assert_eq!(caro[key("..xxx*.....")], Pat::F4);
        // What lies beyond the edge is another line's.
        assert_eq!(caro[key("o|xxx*x.o..")], caro[key("||xxx*x.o..")]);
    }
}
