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
    pub fn new(tables: &Tables, masks: &Masks, c: Colour) -> MoveScorer {
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
        let on_board = (0..tables.size)
            .flat_map(|y| (0..tables.size).map(move |x| (x, y)))
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
