//! The neighbourhood of a move, as the tree's prior learns it. Its 3×3 part: each of
//! the eight points around the move is empty, the mover's, the opponent's or off the
//! board, and a stone next to the move (not diagonal) also says whether its chain has
//! one, two, or three or more liberties. The wide neighbourhood adds the four points two
//! steps away along the lines. 4 bits a point: 32 bits for the 3×3 part, 48 for the
//! wide one. A neighbourhood and its rotations and reflections share one weight, kept
//! under the smallest of their codes (`canonical`); wide ones are told apart by the top
//! bit (`WIDE`). The prior adds up the weights of a move's two neighbourhoods;
//! `tabula-go-priors` fits them.

use std::sync::OnceLock;

use super::board::{Board, Color, NO_POINT, Point};
use super::neighbourhood_weights::WEIGHTS;

/// The points in the order of their 4-bit fields, lowest first, as (column, row)
/// offsets from the move: the 3×3 part, then the wide one's four.
const OFFSETS: [(i8, i8); 12] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (0, -2),
    (-2, 0),
    (2, 0),
    (0, 2),
];

/// The fields of the 3×3 part.
const SMALL: u64 = 0xffff_ffff;

/// Marks the key of a wide neighbourhood.
pub const WIDE: u64 = 1 << 63;

#[cfg(test)]
const EMPTY: u64 = 0;
const OWN: u64 = 1;
const OPPONENT: u64 = 2;
const OFF_BOARD: u64 = 3;

/// The code of the wide neighbourhood of the empty point `p` for `color` to move there.
/// The prior asks it for every legal move of every new node: the points are read as
/// three rows of five cells and, the two far ones along the column, one by one.
#[inline]
pub fn code(board: &Board, p: Point, color: Color) -> u64 {
    let s = board.stride() as isize;
    let q = p as isize;
    // The board's cell states are 0 empty, 1 Black, 2 White, 3 off the board: White to
    // move swaps 1 and 2, so that 1 is always the mover's (`OWN`).
    let relative = |row: u32| match color {
        Color::Black => row,
        Color::White => {
            let one_bit = (row ^ row >> 1) & 0b01_0101_0101;
            row ^ (one_bit | one_bit << 1)
        }
    };
    let [south, middle, north] =
        [q - s - 2, q - 2, q + s - 2].map(|first| relative(board.five_cells(first)));
    let cell = |row: u32, i: u32| u64::from(row >> (2 * i) & 0b11);
    // Two steps away: off the board if the point between is (the padded board has one
    // border line, shared by the row ends). The point beyond is read only then: two
    // rows past the edge may be past the board's cells.
    let far = |between: u64, beyond: &dyn Fn() -> u64| {
        if between == OFF_BOARD {
            OFF_BOARD
        } else {
            beyond()
        }
    };
    let column = |step: isize| u64::from(relative(board.cell((q + step) as Point) as u32));
    let states = [
        cell(south, 1),
        cell(south, 2),
        cell(south, 3),
        cell(middle, 1),
        cell(middle, 3),
        cell(north, 1),
        cell(north, 2),
        cell(north, 3),
        far(cell(south, 2), &|| column(-2 * s)),
        far(cell(middle, 1), &|| cell(middle, 0)),
        far(cell(middle, 3), &|| cell(middle, 4)),
        far(cell(north, 2), &|| column(2 * s)),
    ];
    let mut code = states
        .iter()
        .enumerate()
        .fold(0, |code, (i, &state)| code | state << (4 * i));
    // The chains next to `p` have `p` as a liberty: their count is one more than their
    // liberties besides `p`, which the board tells without a walk.
    for (i, step) in [(1, -s), (3, -1), (4, 1), (6, s)] {
        if states[i] == OWN || states[i] == OPPONENT {
            let liberties = match board.liberty_besides((q + step) as Point, p) {
                Some(NO_POINT) => 1,
                Some(_) => 2,
                None => 3,
            };
            code |= liberties << (4 * i + 2);
        }
    }
    code
}

/// The keys of a move whose wide neighbourhood is `code`, as canonical codes: its 3×3
/// part and the whole (marked `WIDE`).
pub fn keys(code: u64) -> [u64; 2] {
    [canonical(code & SMALL), canonical(code) | WIDE]
}

/// The eight symmetries of the square as permutations of the fields: `field` i of a
/// code moves to field `SYMMETRIES[s][i]`.
fn symmetries() -> &'static [[usize; 12]; 8] {
    static TABLE: OnceLock<[[usize; 12]; 8]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let field = |(dx, dy): (i8, i8)| OFFSETS.iter().position(|&o| o == (dx, dy)).unwrap();
        let mut table = [[0; 12]; 8];
        for (s, row) in table.iter_mut().enumerate() {
            for (i, to) in row.iter_mut().enumerate() {
                let (mut dx, mut dy) = OFFSETS[i];
                // A quarter turn s % 4 times, then a reflection for s ≥ 4.
                for _ in 0..s % 4 {
                    (dx, dy) = (-dy, dx);
                }
                if s >= 4 {
                    dx = -dx;
                }
                *to = field((dx, dy));
            }
        }
        table
    })
}

/// `code` after the symmetry `s` (0 to 7) of the square.
fn transformed(code: u64, s: usize) -> u64 {
    symmetries()[s]
        .iter()
        .enumerate()
        .fold(0, |out, (i, &to)| out | (code >> (4 * i) & 0xf) << (4 * to))
}

/// The smallest code among `code`'s rotations and reflections: one key for all eight.
pub fn canonical(code: u64) -> u64 {
    (0..8).map(|s| transformed(code, s)).min().unwrap_or(code)
}

/// Every orientation of every fitted neighbourhood with its weight, in an
/// open-addressing hash table: the prior looks up two keys for every move of every new
/// node, and one probe (into about two megabytes for 6,600 neighbourhoods) costs less
/// than a binary search's dozen.
struct Table {
    slots: Vec<(u64, f32)>,
    shift: u32,
}

/// No key has every bit set: a field of 15 would be an off-board point with liberties.
const FREE: u64 = u64::MAX;

impl Table {
    fn new(entries: impl Iterator<Item = (u64, f32)> + Clone) -> Table {
        let bits = (2 * entries.clone().count())
            .max(2)
            .next_power_of_two()
            .trailing_zeros();
        let mut table = Table {
            slots: vec![(FREE, 0.0); 1 << bits],
            shift: 64 - bits,
        };
        for (key, w) in entries {
            let i = table.find(key);
            table.slots[i] = (key, w);
        }
        table
    }

    /// The slot of `key`, or the free slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        while self.slots[i].0 != key && self.slots[i].0 != FREE {
            i = (i + 1) & mask;
        }
        i
    }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        Table::new(WEIGHTS.iter().flat_map(|&(key, w)| {
            (0..8).map(move |s| (transformed(key & !WIDE, s) | key & WIDE, w))
        }))
    })
}

/// The fitted weight of the key `key`, in any orientation (0 for one not fitted).
#[inline]
pub fn weight(key: u64) -> f32 {
    let table = table();
    table.slots[table.find(key)].1
}

/// The sum of the fitted weights of the neighbourhoods of the wide `code`, looked up in
/// the orientation the board has.
pub fn weight_of(code: u64) -> f32 {
    weight(code & SMALL) + weight(code | WIDE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::{Cell, board_from};
    use crate::games::go::ladder::liberties_upto;
    use crate::games::go::{GoGame, Move, RuleSet};
    use crate::rng::Rng;

    /// `rows` (top row first) turned a quarter to the left.
    fn turned(rows: &[&str]) -> Vec<String> {
        let n = rows.len();
        let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        (0..n)
            .map(|y| (0..n).map(|x| grid[x][n - 1 - y]).collect())
            .collect()
    }

    fn mirrored(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|r| r.chars().rev().collect()).collect()
    }

    /// The keys of every empty point of `rows`, for Black, with the point's (x, y).
    fn codes(rows: &[String]) -> Vec<(usize, usize, [u64; 2])> {
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let b = board_from(&refs);
        b.points()
            .filter(|&p| b.cell(p) == Cell::Empty)
            .map(|p| {
                let (x, y) = b.coords(p);
                (x, y, keys(code(&b, p, Color::Black)))
            })
            .collect()
    }

    #[test]
    fn a_neighbourhood_keeps_its_key_when_the_board_turns_or_is_reflected() {
        let rows = [".XO..", "XO.O.", ".XXO.", "O..X.", "....."];
        let n = rows.len();
        let original = codes(&rows.map(String::from));
        let turned_rows = turned(&rows);
        let turned_refs: Vec<&str> = turned_rows.iter().map(String::as_str).collect();
        for (other, place) in [
            (
                codes(&turned_rows),
                // A left quarter turn of the rows (top first) takes (x, y) counted from
                // the lower left to (n - 1 - y, x).
                Box::new(|x: usize, y: usize| (n - 1 - y, x)) as Box<dyn Fn(usize, usize) -> _>,
            ),
            (
                codes(&mirrored(&turned_refs)),
                Box::new(|x: usize, y: usize| (y, x)),
            ),
        ] {
            for &(x, y, key) in &original {
                let (tx, ty) = place(x, y);
                let found = other.iter().find(|&&(ox, oy, _)| (ox, oy) == (tx, ty));
                assert_eq!(found.map(|f| f.2), Some(key), "point {x},{y}");
            }
        }
        // Different neighbourhoods keep different keys.
        for part in 0..2 {
            let distinct: std::collections::HashSet<u64> =
                original.iter().map(|o| o.2[part]).collect();
            assert!(distinct.len() > original.len() / 2, "{distinct:?}");
        }
    }

    #[test]
    fn the_code_tells_liberties_and_colours_apart() {
        // Black to move at the centre of a 3×3 board: a white stone in atari to the
        // north (row 2 is the top), a black one with two liberties to the west.
        let b = board_from(&["XOX", "X..", "..."]);
        let centre = b.point(1, 1);
        let c = code(&b, centre, Color::Black);
        let field = |dx: i8, dy: i8| {
            let i = OFFSETS.iter().position(|&o| o == (dx, dy)).unwrap();
            c >> (4 * i) & 0xf
        };
        assert_eq!(field(0, 1), OPPONENT | 1 << 2, "white stone, one liberty");
        assert_eq!(field(-1, 0), OWN | 2 << 2, "black chain, two liberties");
        assert_eq!(field(-1, 1), OWN, "diagonal: colour only");
        assert_eq!(field(1, 0), EMPTY);
        assert_eq!(field(1, -1), EMPTY);
        let w = code(&b, centre, Color::White);
        assert_ne!(canonical(c), canonical(w), "the mover's colour matters");
        let corner = code(&b, b.point(2, 0), Color::Black);
        assert_eq!(corner >> (4 * 7) & 0xf, OFF_BOARD);
        // Two steps from the lower left corner: the top left stone and the lower right
        // point; the other two are off the board.
        let wide = |dx: i8, dy: i8| {
            let i = OFFSETS.iter().position(|&o| o == (dx, dy)).unwrap();
            code(&b, b.point(0, 0), Color::Black) >> (4 * i) & 0xf
        };
        assert_eq!(wide(0, 2), OWN);
        assert_eq!(wide(2, 0), EMPTY);
        assert_eq!(wide(-2, 0), OFF_BOARD);
        assert_eq!(wide(0, -2), OFF_BOARD);
        // From the middle of the right edge, the point two to the east is off the board
        // (on the padded board it would be the next row's first point).
        let east = OFFSETS.iter().position(|&o| o == (2, 0)).unwrap();
        assert_eq!(
            code(&b, b.point(2, 1), Color::Black) >> (4 * east) & 0xf,
            OFF_BOARD
        );
    }

    /// The definition, one point at a time: each point's state looked up on its own,
    /// a point two steps away off the board if the one between is, and the liberties
    /// of a chain next to the move counted by walking it.
    fn plain_code(b: &Board, p: Point, color: Color) -> u64 {
        let stride = b.stride() as isize;
        let at = |dx: i8, dy: i8| (p as isize + dx as isize + dy as isize * stride) as Point;
        let mut code = 0;
        for (i, &(dx, dy)) in OFFSETS.iter().enumerate() {
            let between = (dx.abs() == 2 || dy.abs() == 2).then(|| at(dx / 2, dy / 2));
            let cell = match between {
                Some(q) if b.cell(q) == Cell::Border => Cell::Border,
                _ => b.cell(at(dx, dy)),
            };
            let state = match cell {
                Cell::Empty => EMPTY,
                Cell::Border => OFF_BOARD,
                c if c.color() == Some(color) => OWN,
                _ => OPPONENT,
            };
            let liberties = if dx.abs() + dy.abs() == 1 && cell.color().is_some() {
                liberties_upto::<3>(b, at(dx, dy)).1 as u64
            } else {
                0
            };
            code |= (state | liberties << 2) << (4 * i);
        }
        code
    }

    #[test]
    fn the_code_is_its_definition_for_both_colours_everywhere() {
        let mut rng = Rng::new(11);
        let mut liberties_seen = [0; 4];
        for size in [5, 9, 13] {
            for _ in 0..8 {
                let mut game = GoGame::new(size, RuleSet::Chinese, 7.5);
                for _ in 0..size * size {
                    let color = game.to_move();
                    let legal = game.legal_points(color);
                    if legal.is_empty() {
                        break;
                    }
                    let p = legal[rng.below(legal.len() as u32) as usize];
                    game.play(color, Move::Play(p)).unwrap();
                    let b = game.board();
                    for &e in b.empty_points() {
                        for color in [Color::Black, Color::White] {
                            let c = code(b, e, color);
                            assert_eq!(c, plain_code(b, e, color), "{size}×{size} at {e}");
                            liberties_seen[(c >> 6 & 0b11) as usize] += 1;
                        }
                    }
                }
            }
        }
        assert!(
            liberties_seen.iter().all(|&n| n > 100),
            "{liberties_seen:?}"
        );
    }

    #[test]
    fn every_orientation_of_a_fitted_neighbourhood_finds_its_weight() {
        assert!(WEIGHTS.len() > 100, "a fitted table");
        for &(key, w) in WEIGHTS.iter().take(400) {
            let (code, mark) = (key & !WIDE, key & WIDE);
            for s in 0..8 {
                assert_eq!(weight(transformed(code, s) | mark), w);
            }
            assert_eq!(canonical(code), code, "the table keeps canonical codes");
        }
    }
}
