//! Fixed handicap placement, point for point as GNU Go places it.

/// The largest fixed handicap a board of `size` allows: 9 on odd boards from 9×9 up, 4
/// on other boards from 7×7 up, none below.
pub fn max_fixed_handicap(size: usize) -> usize {
    if size % 2 == 1 && size >= 9 {
        9
    } else if size >= 7 {
        4
    } else {
        0
    }
}

/// The (column, row) points of a fixed handicap of `stones`, or `None` if the board does
/// not allow that many. Star points sit on the third line up to 11×11, on the fourth above.
pub fn fixed_handicap(size: usize, stones: usize) -> Option<Vec<(usize, usize)>> {
    if stones < 2 || stones > max_fixed_handicap(size) {
        return None;
    }
    let edge = if size > 11 { 3 } else { 2 };
    let (low, mid, high) = (edge, size / 2, size - 1 - edge);
    // GNU Go's order: opposite corners first, then the other two, the side points, and
    // the centre, which odd counts (5, 7, 9) take.
    let corners = [(high, high), (low, low), (low, high), (high, low)];
    let sides_lr = [(low, mid), (high, mid)];
    let sides_tb = [(mid, high), (mid, low)];
    let mut points: Vec<(usize, usize)> = corners.iter().take(stones.min(4)).copied().collect();
    let even = stones - stones % 2;
    if even >= 6 {
        points.extend(sides_lr);
    }
    if even >= 8 {
        points.extend(sides_tb);
    }
    if stones % 2 == 1 && stones >= 5 {
        points.push((mid, mid));
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::coord::format_point;

    /// Top row first, left to right: the order GNU Go prints them in.
    fn names(size: usize, stones: usize) -> String {
        let mut pts = fixed_handicap(size, stones).unwrap();
        pts.sort_by_key(|&(x, y)| (std::cmp::Reverse(y), x));
        pts.iter()
            .map(|&(x, y)| format_point(x, y))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn matches_gnu_go_on_19x19() {
        assert_eq!(names(19, 2), "Q16 D4");
        assert_eq!(names(19, 3), "D16 Q16 D4");
        assert_eq!(names(19, 4), "D16 Q16 D4 Q4");
        assert_eq!(names(19, 5), "D16 Q16 K10 D4 Q4");
        assert_eq!(names(19, 6), "D16 Q16 D10 Q10 D4 Q4");
        assert_eq!(names(19, 7), "D16 Q16 D10 K10 Q10 D4 Q4");
        assert_eq!(names(19, 8), "D16 K16 Q16 D10 Q10 D4 K4 Q4");
        assert_eq!(names(19, 9), "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
    }

    #[test]
    fn small_and_even_boards_follow_gnu_go() {
        assert_eq!(names(9, 2), "G7 C3");
        assert_eq!(names(7, 4), "C5 E5 C3 E3");
        assert_eq!(names(12, 4), "D9 J9 D4 J4");
        assert_eq!(fixed_handicap(10, 5), None);
        assert_eq!(fixed_handicap(6, 2), None);
        assert_eq!(fixed_handicap(9, 1), None);
        assert_eq!(fixed_handicap(9, 10), None);
    }
}
