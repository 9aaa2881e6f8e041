//! Nakade: eye spaces of three to six points that one stone inside kills. Playouts that
//! know no nakade let such groups live: the killing sequence fills the space with a chain
//! in atari, a self-atari the policy otherwise never plays, and the vital point comes
//! only by chance. Playouts that read nakade (`policy::Scratch::nakade`) follow two rules,
//! after Pachi's: fill a space with stones in atari when their capture leaves a shape
//! with a vital point (or a square four, dead as it stands), and answer the capture with
//! that vital point.

use super::board::{Board, Cell, Color, NO_POINT, Point, listed};
use super::ladder::liberties_upto;

/// The largest eye space with a vital point (the rabbity six).
const MAX_SPACE: usize = 6;

/// The point of `space` (connected points, at most six) whose stone leaves no two eyes
/// in it, for the shapes that have one: straight or bent three, pyramid four, bulky and
/// cross five, rabbity six. Told apart by how many of the others each point touches.
fn vital_point(space: &[Point], stride: Point) -> Option<Point> {
    let n = space.len();
    let mut touching = [0u8; MAX_SPACE];
    for i in 0..n {
        for j in i + 1..n {
            let d = space[i].abs_diff(space[j]);
            if d == 1 || d == stride {
                touching[i] += 1;
                touching[j] += 1;
            }
        }
    }
    let count = |t: u8| touching[..n].iter().filter(|&&x| x == t).count();
    let point_touching = |t: u8| {
        let i = touching[..n].iter().position(|&x| x == t)?;
        Some(space[i])
    };
    match n {
        3 => point_touching(2),
        4 if count(3) == 1 => point_touching(3),
        5 if count(3) == 1 && count(1) == 1 => point_touching(3),
        5 if count(4) == 1 => point_touching(4),
        6 if count(4) == 1 && count(2) == 3 => point_touching(4),
        _ => None,
    }
}

/// Whether an eye space of these points, with the attacker to play, makes no two eyes:
/// up to three points, a square four, or a shape with a vital point.
fn is_dead_shape(space: &[Point], stride: Point) -> bool {
    match space.len() {
        0..=3 => true,
        4 if is_square(space, stride) => true,
        _ => vital_point(space, stride).is_some(),
    }
}

fn is_square(space: &[Point], stride: Point) -> bool {
    let low = space.iter().copied().min().unwrap_or(NO_POINT);
    [low, low + 1, low + stride, low + stride + 1]
        .iter()
        .all(|&p| listed(space, p))
}

impl Board {
    /// The vital point of the empty space around the empty point `around`, if that space
    /// is bounded by `owner`'s stones and the edge alone and has one (see
    /// `vital_point`).
    fn nakade_vital_point(&self, around: Point, owner: Color) -> Option<Point> {
        let intruder = owner.opponent();
        let mut space = [NO_POINT; MAX_SPACE];
        space[0] = around;
        let mut n = 1;
        let mut i = 0;
        while i < n {
            let p = space[i];
            // The packed counts settle most points: an intruder next to them, or no
            // empty point to add.
            if self.own_neighbours(p, intruder) != 0 {
                return None;
            }
            if self.empty_neighbours(p) != 0 {
                for q in self.neighbours(p) {
                    if self.cell(q) == Cell::Empty && !listed(&space[..n], q) {
                        if n == MAX_SPACE {
                            return None;
                        }
                        space[n] = q;
                        n += 1;
                    }
                }
            }
            i += 1;
        }
        vital_point(&space[..n], self.stride() as Point)
    }

    /// The vital point of an eye space of the opponent's next to their `last` move,
    /// for `color` to kill it. Only when the empty points next to `last` all touch one
    /// another (by side or corner): one space, not several.
    pub fn nakade_reply(&self, color: Color, last: Point) -> Option<Point> {
        let mut first = NO_POINT;
        for q in self.neighbours(last) {
            if self.cell(q) != Cell::Empty {
                continue;
            }
            if first == NO_POINT {
                // A stone of `color` next to the space: not the opponent's closed space.
                // Settled here, before the other points are looked at, for most moves.
                if self.own_neighbours(q, color) != 0 {
                    return None;
                }
                first = q;
            } else if !self.touch(first, q) {
                return None;
            }
        }
        if first == NO_POINT {
            return None;
        }
        self.nakade_vital_point(first, color.opponent())
            .filter(|&v| self.is_playout_move(v, color))
    }

    /// Whether two points are neighbours or diagonal neighbours.
    fn touch(&self, p: Point, q: Point) -> bool {
        listed(&self.neighbours(p), q) || listed(&self.diagonals(p), q)
    }

    /// Whether `color` on the empty point `p`, joining a chain of two or more stones
    /// with one liberty left and capturing nothing, is a nakade: the chain, at most six
    /// stones, fills a space closed by the opponent's stones but for that liberty, which
    /// touches nothing else empty and no other stone of `color`; and once the opponent
    /// takes the chain, its points are a dead eye shape (`is_dead_shape`). Not when it
    /// may break a seki (`breaks_seki`).
    pub fn is_nakade_self_atari(&self, p: Point, color: Color) -> bool {
        let own = color.cell();
        let mut stones = [NO_POINT; MAX_SPACE];
        stones[0] = p;
        let mut n = 1;
        for q in self.neighbours(p) {
            if self.cell(q) != own || listed(&stones[..n], q) {
                continue;
            }
            for s in self.chain_stones(q) {
                if n == MAX_SPACE {
                    return false;
                }
                stones[n] = s;
                n += 1;
            }
        }
        let mut liberty = NO_POINT;
        for &s in &stones[..n] {
            for q in self.neighbours(s) {
                if self.cell(q) == Cell::Empty && q != p && q != liberty {
                    if liberty != NO_POINT {
                        return false;
                    }
                    liberty = q;
                }
            }
        }
        liberty != NO_POINT
            && self
                .neighbours(liberty)
                .iter()
                .all(|&q| match self.cell(q) {
                    Cell::Empty => q == p,
                    c => c != own || listed(&stones[..n], q),
                })
            && is_dead_shape(&stones[..n], self.stride() as Point)
            && !self.breaks_seki(&stones[..n], p, liberty, color)
    }

    /// Whether `color`'s self-atari on `p`, leaving `stones` the one liberty `liberty`,
    /// may break a seki: an opposing chain next to them has just those two points for
    /// liberties, as in a seki of two eyeless chains, while another opposing chain
    /// next to them would not be left in atari. A nakade that ataris every chain around
    /// it is a race won, as Pachi's playouts also judge it.
    fn breaks_seki(&self, stones: &[Point], p: Point, liberty: Point, color: Color) -> bool {
        let theirs = color.opponent().cell();
        let mut shares_both = false;
        let mut one_escapes = false;
        let mut seen = [NO_POINT; 4 * MAX_SPACE];
        let mut n = 0;
        for &s in stones {
            for q in self.neighbours(s) {
                if self.cell(q) != theirs || listed(&seen[..n], self.chain_id(q)) {
                    continue;
                }
                seen[n] = self.chain_id(q);
                n += 1;
                let (libs, count) = liberties_upto::<3>(self, q);
                let within = libs[..count].iter().all(|&l| l == p || l == liberty);
                shares_both |= count == 2 && within;
                one_escapes |= !within;
            }
        }
        shares_both && one_escapes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::board_from;

    fn points(b: &Board, xy: &[(usize, usize)]) -> Vec<Point> {
        xy.iter().map(|&(x, y)| b.point(x, y)).collect()
    }

    /// A 9×9 board whose bottom rows are `rows` (drawn top row first), empty above.
    fn bottom(rows: &[&str]) -> Board {
        let mut all = vec!["........."; 9 - rows.len()];
        all.extend_from_slice(rows);
        board_from(&all)
    }

    #[test]
    fn the_shapes_with_a_vital_point_are_told_from_those_without() {
        let b = Board::new(9);
        let stride = b.stride() as Point;
        let vital = |xy: &[(usize, usize)]| vital_point(&points(&b, xy), stride);
        let at = |x, y| Some(b.point(x, y));
        // Straight and bent three: the middle.
        assert_eq!(vital(&[(2, 2), (3, 2), (4, 2)]), at(3, 2));
        assert_eq!(vital(&[(2, 2), (2, 3), (3, 2)]), at(2, 2));
        // Pyramid four: the centre; straight, bent and square four have none.
        assert_eq!(vital(&[(2, 2), (3, 2), (4, 2), (3, 3)]), at(3, 2));
        assert_eq!(vital(&[(2, 2), (3, 2), (4, 2), (5, 2)]), None);
        assert_eq!(vital(&[(2, 2), (3, 2), (4, 2), (4, 3)]), None);
        assert_eq!(vital(&[(2, 2), (3, 2), (2, 3), (3, 3)]), None);
        // Bulky five and cross five; the bent five lives.
        assert_eq!(vital(&[(2, 2), (3, 2), (2, 3), (3, 3), (4, 3)]), at(3, 3));
        assert_eq!(vital(&[(3, 2), (2, 3), (3, 3), (4, 3), (3, 4)]), at(3, 3));
        assert_eq!(vital(&[(2, 2), (3, 2), (4, 2), (4, 3), (4, 4)]), None);
        // Rabbity six; the rectangular six lives.
        let rabbity = [(3, 3), (2, 3), (4, 3), (3, 2), (3, 4), (4, 2)];
        assert_eq!(vital(&rabbity), at(3, 3));
        let rectangle = [(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3)];
        assert_eq!(vital(&rectangle), None);
        // A square four is dead as it stands, a straight four is not.
        let square = points(&b, &[(2, 2), (3, 2), (2, 3), (3, 3)]);
        assert!(is_dead_shape(&square, stride));
        let straight = points(&b, &[(2, 2), (3, 2), (4, 2), (5, 2)]);
        assert!(!is_dead_shape(&straight, stride));
    }

    #[test]
    fn the_vital_point_is_found_only_in_a_space_its_owner_closes() {
        // Black's corner: a bulky five (A1 B1 C1 A2 B2) inside Black's wall.
        let mut rows = ["XXX......", "..X......", "...X....."];
        let b = bottom(&rows);
        let around = b.point(0, 0);
        let vital = b.nakade_vital_point(around, Color::Black);
        assert_eq!(vital, Some(b.point(1, 0)));
        // Open to the rest of the board: too big for a vital point.
        rows[2] = ".........";
        assert_eq!(bottom(&rows).nakade_vital_point(around, Color::Black), None);
        // Closed by a White stone: not Black's own space.
        rows[2] = "...O.....";
        assert_eq!(bottom(&rows).nakade_vital_point(around, Color::Black), None);
    }

    #[test]
    fn the_reply_to_a_capture_that_leaves_a_straight_three_is_its_middle() {
        // White A1 B1 C1 in atari inside Black's wall; Black D1 takes them.
        let mut b = bottom(&["XXXXX....", "OOO.X...."]);
        let d1 = b.point(3, 0);
        b.play(d1, Color::Black);
        assert_eq!(b.cell(b.point(1, 0)), Cell::Empty, "the three are taken");
        assert_eq!(b.nakade_reply(Color::White, d1), Some(b.point(1, 0)));
        // A Black move in the open touches no closed space.
        let e5 = b.point(4, 4);
        b.play(e5, Color::Black);
        assert_eq!(b.nakade_reply(Color::White, e5), None);
    }

    #[test]
    fn a_self_atari_inside_the_opponents_eye_space_is_nakade_when_the_shape_dies() {
        // Black's corner space A1 B1 C1 A2 B2 holds White A2 B2 B1, with liberties A1
        // and C1.
        let mut rows = ["XXX......", "OOXX.....", ".O.X....."];
        let b = bottom(&rows);
        // Both White A1 and White C1 put four stones in atari. A1 leaves C1 alone: once
        // Black takes there, A1 B1 A2 B2 are a square four, dead. C1 leaves A1: a
        // twisted four, which lives.
        let (a1, c1) = (b.point(0, 0), b.point(2, 0));
        assert!(b.is_bad_self_atari(a1, Color::White));
        assert!(b.is_bad_self_atari(c1, Color::White));
        assert!(b.is_nakade_self_atari(a1, Color::White));
        assert!(!b.is_nakade_self_atari(c1, Color::White));
        // With the space open at D1, the liberty C1 touches another empty point: no
        // closed space, no nakade.
        rows[2] = ".O.......";
        assert!(!bottom(&rows).is_nakade_self_atari(a1, Color::White));
    }

    #[test]
    fn a_self_atari_that_may_break_a_seki_is_no_nakade() {
        // Black C1 C2 C3 D3 and White E1 E2 E3 share D1 and D2, their only liberties:
        // a seki. Black D2 would make a bulky five in atari, but White's wall on the
        // B column would not be in atari.
        let b = bottom(&[".OOOXX...", ".OXXOX...", ".OX.OX...", ".OX.OX..."]);
        let d2 = b.point(3, 1);
        let stones = points(&b, &[(2, 0), (2, 1), (2, 2), (3, 2), (3, 1)]);
        assert!(is_dead_shape(&stones, b.stride() as Point));
        assert!(b.is_bad_self_atari(d2, Color::Black));
        assert!(!b.is_nakade_self_atari(d2, Color::Black));
    }
}
