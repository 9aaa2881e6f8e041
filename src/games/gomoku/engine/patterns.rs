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

/// Pattern tables for one colour (1 black, 2 white) and winning-length rule.
pub struct Tables {
    /// Indexed by absolute key, for black and for white.
    pub by_color: [Vec<Pat>; 2],
}

/// Relative cell contents while classifying.
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCK: u8 = 2;

/// 3^10 relative lines: the centre cell holds our stone.
fn relative_table(exact: bool) -> Vec<Pat> {
    let count = 3usize.pow(NEIGHBOURS as u32);
    let mut table = vec![Pat::None; count];
    let decode = |mut code: usize| {
        let mut line = [EMPTY; 11];
        for (i, cell) in line.iter_mut().enumerate() {
            if i == 5 {
                *cell = OWN;
                continue;
            }
            *cell = (code % 3) as u8;
            code /= 3;
        }
        line
    };
    let encode = |line: &[u8; 11]| {
        let mut code = 0;
        for i in (0..11).rev() {
            if i != 5 {
                code = code * 3 + line[i] as usize;
            }
        }
        code
    };
    // More own stones first, so that each line's "one more stone" lines are known.
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(decode(c).iter().filter(|&&v| v == OWN).count()));
    for code in order {
        let line = decode(code);
        table[code] = classify(&line, exact, |l| table[encode(l)]);
    }
    table
}

/// Length of the run of own stones through cell `at`.
fn run(line: &[u8; 11], at: usize) -> usize {
    let mut lo = at;
    while lo > 0 && line[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = at;
    while hi < 10 && line[hi + 1] == OWN {
        hi += 1;
    }
    hi - lo + 1
}

fn wins(len: usize, exact: bool) -> bool {
    if exact { len == 5 } else { len >= 5 }
}

fn classify(line: &[u8; 11], exact: bool, known: impl Fn(&[u8; 11]) -> Pat) -> Pat {
    let len = run(line, 5);
    if wins(len, exact) {
        return Pat::Five;
    }
    if len > 5 {
        return Pat::Overline;
    }
    // Five points containing the centre.
    let mut fives = [0usize; 2];
    let mut n = 0;
    for j in 1..10 {
        if j == 5 || line[j] != EMPTY {
            continue;
        }
        let mut l = *line;
        l[j] = OWN;
        if wins(run(&l, j), exact) && run(&l, 5) == run(&l, j) {
            if n < 2 {
                fives[n] = j;
            }
            n += 1;
        }
    }
    match n {
        0 => {}
        1 => return Pat::B4,
        _ if fives[1] - fives[0] == 5 => return Pat::F4,
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
        let next = known(&l);
        let here = match next {
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

fn absolute_tables(exact: bool) -> [Vec<Pat>; 2] {
    let relative = relative_table(exact);
    let mut out = [vec![Pat::None; KEYS], vec![Pat::None; KEYS]];
    for (color, table) in out.iter_mut().enumerate() {
        let own = color as u32 + 1;
        for (key, entry) in table.iter_mut().enumerate() {
            let mut code = 0usize;
            for s in (0..NEIGHBOURS as u32).rev() {
                let cell = (key as u32 >> (2 * s)) & 3;
                let rel = if cell == 0 {
                    EMPTY
                } else if cell == own {
                    OWN
                } else {
                    BLOCK
                };
                code = code * 3 + rel as usize;
            }
            *entry = relative[code];
        }
    }
    out
}

/// Both colours' patterns per absolute key in one byte (Black's in the low four bits,
/// White's in the high four), each colour winning with exactly five (`exact`) or five or
/// more: a move updates both colours' patterns of a cell with one look-up.
pub fn pair_table(black_exact: bool, white_exact: bool) -> &'static [u8] {
    static PAIRS: [OnceLock<Vec<u8>>; 4] = [const { OnceLock::new() }; 4];
    PAIRS[usize::from(black_exact) * 2 + usize::from(white_exact)].get_or_init(|| {
        let black = &tables(black_exact).by_color[0];
        let white = &tables(white_exact).by_color[1];
        black
            .iter()
            .zip(white)
            .map(|(&b, &w)| b as u8 | (w as u8) << 4)
            .collect()
    })
}

/// Tables for "exactly five wins" (`exact`) or "five or more".
pub fn tables(exact: bool) -> &'static Tables {
    static EXACT: OnceLock<Tables> = OnceLock::new();
    static FREE: OnceLock<Tables> = OnceLock::new();
    let cell = if exact { &EXACT } else { &FREE };
    cell.get_or_init(|| Tables {
        by_color: absolute_tables(exact),
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
        let t = &tables(false).by_color[0];
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
        let exact = &tables(true).by_color[0];
        assert_eq!(exact[key(".xxxxx*....")], Pat::Overline);
        assert_eq!(exact[key("x.xxx*.....")], Pat::B4);
        assert_eq!(t[key("x.xxx*.....")], Pat::F4);
    }
}
