//! A log-linear judgement of a move from local features, shared by the tree's priors
//! and the playout policy. Good Blokus moves are large, take or crowd the other
//! colours' attach points, spend their edges on points that are useless anyway
//! (occupied, or already forbidden to the mover) rather than on free space or the
//! mover's own attach points, and open new attach points with room around them.

use super::board::Colour;
use super::pieces::piece_size;
use super::tables::{MAX_POINTS, MoveId, Tables};
use super::variant::Variant;

/// Log-weight of the piece by its size: pentominoes first, the monomino kept as a late
/// filler rather than wasted early, small pieces last.
const SIZE: [f32; 6] = [0.0, 0.2, -0.6, -0.8, -0.2, 1.2];
/// Per point of the move: on or next to another colour's attach point, or elsewhere.
const POINT_CONTESTED: f32 = 1.5;
const POINT_OTHER: f32 = 0.4;
/// Per edge neighbour of the move.
const ADJ_OCCUPIED: f32 = 0.4;
const ADJ_FORBIDDEN: f32 = 0.4;
const ADJ_OWN_ATTACH: f32 = -1.2;
const ADJ_FREE: f32 = -0.5;
/// Per corner neighbour of the move (a future attach point).
const ATTACH_FORBIDDEN: f32 = -0.3;
/// Per new attach point, by its number of free edge neighbours (its room to grow).
const ATTACH_ROOM: [f32; 5] = [-0.3, -0.1, 0.3, 0.6, 0.9];

/// The two masks of a position: per point, the colours it is forbidden to and the
/// colours it is a corner point of.
pub struct Masks<'a> {
    pub forbidden: &'a [u8; MAX_POINTS],
    pub corner: &'a [u8; MAX_POINTS],
}

/// Scores the legal moves of one colour in one position. Every term of a score
/// depends on one point only (a covered point, an edge neighbour or a corner neighbour),
/// so each point's three terms are worked out once and a move's score is a sum of
/// lookups: the tree scores a few hundred moves at every expansion.
pub struct MoveScorer {
    /// Per point: as covered by the move, as its edge neighbour, as its corner neighbour.
    covered: [f32; MAX_POINTS],
    edge: [f32; MAX_POINTS],
    corner: [f32; MAX_POINTS],
}

impl MoveScorer {
    /// Judges the points the moves of `c` at `attach_points` can reach.
    pub fn new(tables: &Tables, masks: &Masks, c: Colour, attach_points: &[u16]) -> MoveScorer {
        let bit = 1u8 << c;
        let others = 0xF & !bit;
        let mut scorer = MoveScorer {
            covered: [0.0; MAX_POINTS],
            edge: [0.0; MAX_POINTS],
            corner: [0.0; MAX_POINTS],
        };
        // Other colours' attach points, looked at five times each below.
        let mut theirs = [false; MAX_POINTS];
        for (t, (&f, &corner)) in theirs
            .iter_mut()
            .zip(masks.forbidden.iter().zip(masks.corner))
            .take(tables.num_points)
        {
            *t = corner & !f & others != 0;
        }
        // A move covers points at most four steps from the attach point it takes, and
        // touches points five steps away: only that box needs judging (early on, a
        // corner of the board).
        const REACH: usize = 5;
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for &p in attach_points {
            let (x, y) = tables.coords(p);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let columns = x0.saturating_sub(REACH)..(x1 + REACH + 1).min(tables.size);
        let rows = y0.saturating_sub(REACH)..(y1 + REACH + 1).min(tables.size);
        let on_board = rows
            .flat_map(|y| columns.clone().map(move |x| (x, y)))
            .map(|(x, y)| tables.point(x, y));
        for p in on_board {
            let i = p as usize;
            let contested = theirs[i] || tables.neighbours(p).iter().any(|&q| theirs[q as usize]);
            scorer.covered[i] = if contested {
                POINT_CONTESTED
            } else {
                POINT_OTHER
            };
            let f = masks.forbidden[i];
            scorer.edge[i] = if f == 0xF {
                ADJ_OCCUPIED
            } else if f & bit != 0 {
                ADJ_FORBIDDEN
            } else if masks.corner[i] & bit != 0 {
                ADJ_OWN_ATTACH
            } else {
                ADJ_FREE
            };
            scorer.corner[i] = if f & bit != 0 {
                ATTACH_FORBIDDEN
            } else if masks.corner[i] & bit == 0 {
                // Counted before the move: the two neighbours next to the touching
                // corner are about to be forbidden, so every new attach point counts
                // them alike.
                let room = tables
                    .neighbours(p)
                    .iter()
                    .filter(|&&n| masks.forbidden[n as usize] & bit == 0)
                    .count();
                ATTACH_ROOM[room]
            } else {
                // Already an attach point: the move adds nothing there.
                0.0
            };
        }
        scorer
    }

    /// Log-score of a legal move; higher is better.
    #[inline]
    pub fn score(&self, tables: &Tables, mv: MoveId) -> f32 {
        let info = tables.info(mv);
        let mut score = SIZE[piece_size(info.piece)];
        for &p in info.points() {
            score += self.covered[p as usize];
        }
        for &q in tables.adj_points(mv) {
            score += self.edge[q as usize];
        }
        for &q in tables.diag_points(mv) {
            score += self.corner[q as usize];
        }
        score
    }
}

/// Smallest piece worth playing, by the number of pieces on the board: big pieces
/// first, as every strong player does. The tree keeps its opening narrow with it and
/// the playouts follow the same plan.
pub fn min_piece_size(variant: Variant, pieces_played: usize) -> usize {
    let round = pieces_played / variant.num_colours();
    match (variant.board_size(), round) {
        (14, 0..2) => 5,
        (14, 2) => 4,
        (14, 3..5) => 3,
        (20, 0..3) => 5,
        (20, 3..5) => 4,
        (20, 5..7) => 3,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blokus::Board;
    use crate::rng::Rng;

    /// Judging only the box the attach points reach scores every legal move as judging
    /// the whole board does.
    #[test]
    fn the_judged_box_holds_every_point_a_move_reaches() {
        for variant in [Variant::Duo, Variant::Classic] {
            let mut board = Board::new(variant);
            let mut rng = Rng::new(5);
            let tables = board.tables();
            let corners = [
                tables.point(0, 0),
                tables.point(tables.size - 1, tables.size - 1),
            ];
            let mut scored = 0;
            while let Some(c) = board.to_play() {
                let (forbidden, corner) = board.masks();
                let masks = Masks { forbidden, corner };
                let boxed = MoveScorer::new(tables, &masks, c, board.attach_points(c));
                let whole = MoveScorer::new(tables, &masks, c, &corners);
                let moves = board.legal_moves(c);
                for &mv in &moves {
                    assert_eq!(
                        boxed.score(tables, mv),
                        whole.score(tables, mv),
                        "{variant:?}"
                    );
                }
                scored += moves.len();
                board
                    .play(c, moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            assert!(scored > 1000, "{variant:?}: {scored} moves");
        }
    }
}
