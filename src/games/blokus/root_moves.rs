//! The placements a colour may still make somewhere below a search's root, listed as the
//! playouts' move generator walks them. A square taken or a point next to the colour's
//! own pieces stays so for the rest of the game, so a placement illegal at the root is
//! illegal in every playout of that search. Dropping those once per search leaves the
//! generator a table a fraction of the full one's size in the middle game, which stays in
//! cache (Pentobi's search filters its move tables the same way).

use super::board::{Board, Colour};
use super::pieces::NUM_PIECES;
use super::tables::{MAX_POINTS, Placement, Tables};

/// Number of adjacent statuses: one bit per orthogonal neighbour.
const NUM_STATUSES: usize = 16;

/// A (point, status) whose list has not been asked for yet.
const NOT_BUILT: Range = Range::Own(u32::MAX, u32::MAX);

/// Where a (point, status)'s list lies.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Range {
    /// In the narrowed lists, from..to.
    Own(u32, u32),
    /// The full tables' list: the root rules out too little of it to be worth a copy.
    Full,
}

/// The lists are built on first use: a search's playouts ask for a few statuses of the
/// points they reach, a small part of all (point, status) pairs, and building them all
/// would cost more than a short search saves.
pub struct RootMoves {
    tables: &'static Tables,
    /// The root's forbidden points of the colour, and its pieces left.
    forbidden: [u8; MAX_POINTS],
    bit: u8,
    pieces_left: [u8; NUM_PIECES],
    /// Per (point, adjacent status), where its placements are.
    ranges: Vec<Range>,
    moves: Vec<Placement>,
}

impl RootMoves {
    /// The placements of `c` still possible after `root`.
    pub fn new(root: &Board, c: Colour) -> RootMoves {
        let tables = root.tables();
        RootMoves {
            tables,
            forbidden: *root.masks().0,
            bit: 1 << c,
            pieces_left: *root.pieces_left_of(c),
            ranges: vec![NOT_BUILT; tables.num_points * NUM_STATUSES],
            moves: Vec::new(),
        }
    }

    /// The placements covering `p` that leave free the neighbours of `p` in `status`,
    /// all pieces together, grouped by piece. Early in a game some of them may have
    /// been illegal since the root, or be of pieces it has no more.
    #[inline]
    pub fn at(&mut self, p: u16, status: usize) -> &[Placement] {
        let key = p as usize * NUM_STATUSES + status;
        if self.ranges[key] == NOT_BUILT {
            self.ranges[key] = self.build(p, status);
        }
        match self.ranges[key] {
            Range::Own(from, to) => &self.moves[from as usize..to as usize],
            Range::Full => self.tables.all_moves_at(p, status),
        }
    }

    #[cold]
    fn build(&mut self, p: u16, status: usize) -> Range {
        let begin = self.moves.len();
        let (forbidden, bit) = (&self.forbidden, self.bit);
        // A point forbidden at the root is never covered; a neighbour forbidden there
        // stays forbidden, so a status without it is never asked for in earnest.
        let present = self.tables.adjacent_status(p, forbidden, bit);
        if forbidden[p as usize] & bit == 0 && status & present == present {
            for piece in 0..NUM_PIECES {
                if self.pieces_left[piece] > 0 {
                    let lists = self.tables.moves_at(p, status, piece as _);
                    self.moves.extend(
                        lists
                            .iter()
                            .filter(|placement| placement.fits(forbidden, bit)),
                    );
                }
            }
        }
        // Near the start of a game a copy would keep nearly everything, and the
        // playouts would read two tables instead of one.
        let kept = self.moves.len() - begin;
        if kept * 10 > self.tables.all_moves_at(p, status).len() * 9 {
            self.moves.truncate(begin);
            return Range::Full;
        }
        Range::Own(begin as u32, self.moves.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blokus::Variant;
    use crate::rng::Rng;

    /// Every placement legal at any position below the root is listed at each of its
    /// points under that position's adjacent status, and nothing illegal at the root is.
    #[test]
    fn the_lists_keep_every_placement_still_possible() {
        for variant in [Variant::Duo, Variant::Classic] {
            let mut rng = Rng::new(7);
            let mut board = Board::new(variant);
            for _ in 0..4 * variant.num_colours() {
                let c = board.to_play().unwrap();
                let moves = board.legal_moves(c);
                board
                    .play(c, moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            let root = board.clone();
            let tables = root.tables();
            let mut lists: Vec<RootMoves> = (0..root.num_colours())
                .map(|c| RootMoves::new(&root, c))
                .collect();
            while let Some(c) = board.to_play() {
                let (forbidden, _) = board.masks();
                for mv in board.legal_moves(c) {
                    for &p in tables.info(mv).points() {
                        let status = tables.adjacent_status(p, forbidden, 1 << c);
                        let listed = lists[c].at(p, status);
                        assert!(
                            listed.iter().any(|m| m.id == mv),
                            "{variant:?}: move {mv} of colour {c} missing"
                        );
                    }
                }
                let moves = board.legal_moves(c);
                board
                    .play(c, moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            let (forbidden, _) = root.masks();
            for (c, list) in lists.iter().enumerate() {
                let pieces_left = root.pieces_left_of(c);
                assert!(list.moves.iter().all(|m| m.fits(forbidden, 1 << c)));
                assert!(list.moves.iter().all(|m| pieces_left[m.piece as usize] > 0));
                let unfiltered: usize = (0..list.ranges.len())
                    .filter(|&key| {
                        matches!(list.ranges[key], Range::Own(..)) && list.ranges[key] != NOT_BUILT
                    })
                    .map(|key| {
                        let (p, status) = ((key / NUM_STATUSES) as u16, key % NUM_STATUSES);
                        (0..NUM_PIECES)
                            .map(|piece| tables.moves_at(p, status, piece as _).len())
                            .sum::<usize>()
                    })
                    .sum();
                assert!(
                    list.moves.len() < unfiltered,
                    "{variant:?}: {} of {unfiltered} kept",
                    list.moves.len()
                );
            }
        }
    }
}
