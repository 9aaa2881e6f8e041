//! What the engine knows of Blokus moves: a log-linear judgement from local features,
//! for the tree's priors, and the large-pieces-first schedule the tree and the playouts
//! share. Good Blokus moves are large, take or crowd the other colours' attach points,
//! spend their edges on points that are useless anyway (forbidden to the mover already)
//! rather than on free space or the mover's own attach points, and open new attach
//! points.

use super::board::{Board, Colour};
use super::pieces::piece_by_name;
use super::tables::{MAX_POINTS, MoveId, Tables};
use super::variant::Variant;

/// The features a move is judged by, as indices into [`Weights`]: its piece (one of
/// 21), each covered point, each edge neighbour and each corner neighbour by its kind.
/// A move's score is the sum of the weights of what it has.
pub mod feature {
    /// `PIECE + p` for piece `p`.
    pub const PIECE: usize = 0;
    /// A covered point on or next to another colour's attach point.
    pub const POINT_CONTESTED: usize = 21;
    pub const POINT_OTHER: usize = 22;
    /// An edge neighbour: occupied, forbidden to the mover, one of its attach points,
    /// or free.
    pub const ADJ_OCCUPIED: usize = 23;
    pub const ADJ_FORBIDDEN: usize = 24;
    pub const ADJ_OWN_ATTACH: usize = 25;
    pub const ADJ_FREE: usize = 26;
    /// A corner neighbour forbidden to the mover.
    pub const ATTACH_FORBIDDEN: usize = 27;
    /// `ATTACH_ROOM + n`: a new attach point with `n` free edge neighbours (its room
    /// to grow).
    pub const ATTACH_ROOM: usize = 28;
    pub const COUNT: usize = 33;
}

/// Log-weights of the features (see [`feature`]).
pub type Weights = [f32; feature::COUNT];

/// The small board's weights, fitted (`tabula-blokus-priors`) to where searches of
/// 30,000 playouts spent them in 1,716 positions of Blokus Duo self-play: a softmax
/// of the scores over a position's moves against the share of the root's visits each
/// got, doubled (the tree's prior halves them). Pentominoes first but the P late, the
/// monomino kept as a late filler; contested points, edges on points already forbidden
/// and attach points with room count most.
#[rustfmt::skip]
const SMALL_BOARD: Weights = [
    // pieces 1, 2, I3, V3, I4, L4, O, T4, Z4
    1.09, -0.17, -0.46, -1.30, -0.61, -1.32, -0.85, -0.56, -0.30,
    // pentominoes F, I5, L5, N, P, T5, U, V5, W, X, Y, Z5
    -0.30, 1.02, 0.48, 0.76, -1.09, 0.75, 0.10, 0.93, 0.20, 0.57, 0.21, 0.84,
    2.08, 1.25, // covered: contested, other
    0.11, 0.67, -1.69, -0.70, // edge: occupied, forbidden, own attach, free
    -0.15, // corner forbidden
    0.32, 0.62, 0.21, 0.46, 0.86, // new attach point with 0..=4 free neighbours
];

/// The large board's weights, set by hand by piece size (as the small board's were
/// before they were fitted; searches there cost about four times as much to sample).
/// A contested point counts 1.0: at 1.5 the priors all but ignored every move that
/// does not cover one, and Two-Player against Pentobi lost 2.3 points a game more
/// (protocol/blokus.md).
const LARGE_BOARD: Weights = [
    0.2, -0.6, -0.8, -0.8, -0.2, -0.2, -0.2, -0.2, -0.2, // pieces of 1 to 4 squares
    1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, // pentominoes
    1.0, 0.4, // covered: contested, other
    0.4, 0.4, -1.2, -0.5, // edge: occupied, forbidden, own attach, free
    -0.3, // corner forbidden
    -0.3, -0.1, 0.3, 0.6, 0.9, // new attach point with 0..=4 free neighbours
];

/// Three-Player's weights: the large board's, but a contested point still counts 1.5.
/// There 1.0 looked worse: one seat against Pentobi level 5, the gap between the two
/// lone engines' margins grew from 18.5 to 24.4 points a game (protocol/blokus.md).
const THREE_PLAYER: Weights = {
    let mut weights = LARGE_BOARD;
    weights[feature::POINT_CONTESTED] = 1.5;
    weights
};

/// The weights the engine judges moves by in a variant.
pub fn weights(variant: Variant) -> &'static Weights {
    match (variant, variant.board_size()) {
        (_, 14) => &SMALL_BOARD,
        (Variant::ClassicThree, _) => &THREE_PLAYER,
        _ => &LARGE_BOARD,
    }
}

/// The two masks of a position: per point, the colours it is forbidden to and the
/// colours it is a corner point of.
pub struct Masks<'a> {
    pub forbidden: &'a [u8; MAX_POINTS],
    pub corner: &'a [u8; MAX_POINTS],
}

/// Classifies the points around one colour's moves into features.
struct PointJudge<'a> {
    tables: &'a Tables,
    masks: &'a Masks<'a>,
    bit: u8,
    /// The other players' attach points, looked at five times each.
    theirs: [bool; MAX_POINTS],
}

/// The features one point gives a move: covering it, as an edge neighbour, and as a
/// corner neighbour (`None` when it is already an attach point: nothing new there).
struct PointFeatures {
    covered: usize,
    edge: usize,
    corner: Option<usize>,
}

impl<'a> PointJudge<'a> {
    /// Judges for `c`, whose rivals are the colours of `rivals` (a bit mask): taking a
    /// partner colour's attach points is no gain.
    fn new(tables: &'a Tables, masks: &'a Masks<'a>, c: Colour, rivals: u8) -> PointJudge<'a> {
        let bit = 1u8 << c;
        let mut theirs = [false; MAX_POINTS];
        for (t, (&f, &corner)) in theirs
            .iter_mut()
            .zip(masks.forbidden.iter().zip(masks.corner))
            .take(tables.num_points)
        {
            *t = corner & !f & rivals != 0;
        }
        PointJudge {
            tables,
            masks,
            bit,
            theirs,
        }
    }

    fn features(&self, p: u16) -> PointFeatures {
        let (tables, masks, bit, i) = (self.tables, self.masks, self.bit, p as usize);
        let contested = self.theirs[i]
            || tables
                .neighbours(p)
                .iter()
                .any(|&q| self.theirs[q as usize]);
        let f = masks.forbidden[i];
        let edge = if f == 0xF {
            feature::ADJ_OCCUPIED
        } else if f & bit != 0 {
            feature::ADJ_FORBIDDEN
        } else if masks.corner[i] & bit != 0 {
            feature::ADJ_OWN_ATTACH
        } else {
            feature::ADJ_FREE
        };
        let corner = if f & bit != 0 {
            Some(feature::ATTACH_FORBIDDEN)
        } else if masks.corner[i] & bit == 0 {
            // Counted before the move: the two neighbours next to the touching corner
            // are about to be forbidden, so every new attach point counts them alike.
            let room = tables
                .neighbours(p)
                .iter()
                .filter(|&&n| masks.forbidden[n as usize] & bit == 0)
                .count();
            Some(feature::ATTACH_ROOM + room)
        } else {
            None
        };
        PointFeatures {
            covered: if contested {
                feature::POINT_CONTESTED
            } else {
                feature::POINT_OTHER
            },
            edge,
            corner,
        }
    }
}

/// How many of each feature a legal move of `c` has (what [`MoveScorer::score`]
/// weighs), for fitting the weights.
pub fn move_features(board: &Board, c: Colour, mv: MoveId) -> [f32; feature::COUNT] {
    let tables = board.tables();
    let (forbidden, corner) = board.masks();
    let masks = Masks { forbidden, corner };
    let judge = PointJudge::new(tables, &masks, c, board.variant().rivals(c));
    let mut count = [0.0; feature::COUNT];
    let info = tables.info(mv);
    count[feature::PIECE + info.piece as usize] += 1.0;
    for &p in info.points() {
        count[judge.features(p).covered] += 1.0;
    }
    for &q in tables.adj_points(mv) {
        count[judge.features(q).edge] += 1.0;
    }
    for &q in tables.diag_points(mv) {
        if let Some(corner) = judge.features(q).corner {
            count[corner] += 1.0;
        }
    }
    count
}

/// Scores the legal moves of one colour in one position. Every term of a score
/// depends on one point only (a covered point, an edge neighbour or a corner neighbour),
/// so each point's three terms are worked out once and a move's score is a sum of
/// lookups: the tree scores a few hundred moves at every expansion.
pub struct MoveScorer {
    variant: Variant,
    weights: &'static Weights,
    /// Per point: as covered by the move, as its edge neighbour, as its corner neighbour.
    covered: [f32; MAX_POINTS],
    edge: [f32; MAX_POINTS],
    corner: [f32; MAX_POINTS],
}

impl MoveScorer {
    /// A scorer of `variant` that has judged no position yet: [`MoveScorer::judge`]
    /// before scoring.
    pub fn unjudged(variant: Variant) -> MoveScorer {
        MoveScorer {
            variant,
            weights: weights(variant),
            covered: [0.0; MAX_POINTS],
            edge: [0.0; MAX_POINTS],
            corner: [0.0; MAX_POINTS],
        }
    }

    /// Judges the points the moves of `c` at `attach_points` can reach, in place: the
    /// tree judges a position at every expansion. Points outside that box keep what an
    /// earlier judgement left there; no legal move reads them.
    pub fn judge(&mut self, masks: &Masks, c: Colour, attach_points: &[u16]) {
        let variant = self.variant;
        let tables = Tables::get(variant.board_size());
        let weights = self.weights;
        let judge = PointJudge::new(tables, masks, c, variant.rivals(c));
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
            let point = judge.features(p);
            self.covered[i] = weights[point.covered];
            self.edge[i] = weights[point.edge];
            self.corner[i] = point.corner.map_or(0.0, |f| weights[f]);
        }
    }

    /// Log-score of a legal move; higher is better.
    #[inline]
    pub fn score(&self, tables: &Tables, mv: MoveId) -> f32 {
        let info = tables.info(mv);
        let mut score = self.weights[feature::PIECE + info.piece as usize];
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

/// The pentominoes left out of an opening on the large board as a bit mask (bit `p`
/// for piece `p`), by the number of pieces on the board: Pentobi's plan. The
/// first piece is the V or the Z, which head for the centre along the diagonal; the F,
/// P, T, U and X block too little of the way on in the second round, the P and U in
/// the third. The tree keeps the shunned pieces only where nothing else fits, and the
/// playouts play them only then.
pub fn shunned_pieces(variant: Variant, pieces_played: usize) -> u32 {
    let mask = |names: &[&str]| {
        names.iter().fold(0, |mask, name| {
            mask | 1 << piece_by_name(name).expect("a piece of the classic set")
        })
    };
    if variant.board_size() != 20 {
        return 0;
    }
    match pieces_played / variant.num_colours() {
        0 => !mask(&["V5", "Z5"]),
        1 => mask(&["F", "P", "T5", "U", "X"]),
        2 => mask(&["P", "U"]),
        _ => 0,
    }
}

/// Pieces on the board before which a Two-Player colour links up with its partner
/// colour when it can: the tree keeps only the moves that touch the partner's pieces.
/// The two colours of a side start in opposite corners; joined in the middle they wall
/// the other side's colours apart (Pentobi prunes the same way up to 14 pieces).
const LINK_BEFORE: usize = 14;

/// Whether the tree keeps only moves that touch the partner colour, where there are
/// any, with `pieces_played` pieces on the board.
pub fn links_colours(variant: Variant, pieces_played: usize) -> bool {
    variant == Variant::ClassicTwo && pieces_played < LINK_BEFORE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A scorer that has judged the moves of `c` at `attach_points`.
    fn judged(variant: Variant, masks: &Masks, c: Colour, attach_points: &[u16]) -> MoveScorer {
        let mut scorer = MoveScorer::unjudged(variant);
        scorer.judge(masks, c, attach_points);
        scorer
    }

    /// Plays a random game of `variant`, calling `visit` with each position, the colour
    /// to move, its masks and its legal moves; returns how many moves were visited.
    fn random_game(
        variant: Variant,
        seed: u64,
        mut visit: impl FnMut(&Board, Colour, &Masks, &[MoveId]),
    ) -> usize {
        let mut board = Board::new(variant);
        let mut rng = Rng::new(seed);
        let mut visited = 0;
        while let Some(c) = board.to_play() {
            let moves = board.legal_moves(c);
            let (forbidden, corner) = board.masks();
            visit(&board, c, &Masks { forbidden, corner }, &moves);
            visited += moves.len();
            board
                .play(c, moves[rng.below(moves.len() as u32) as usize])
                .unwrap();
        }
        visited
    }

    /// Judging only the box the attach points reach scores every legal move as judging
    /// the whole board does, also with one scorer judging position after position (as
    /// the tree's does), whatever earlier judgements left outside the box.
    #[test]
    fn the_judged_box_holds_every_point_a_move_reaches() {
        for variant in [Variant::Duo, Variant::Classic] {
            let tables = Board::new(variant).tables();
            let corners = [
                tables.point(0, 0),
                tables.point(tables.size - 1, tables.size - 1),
            ];
            let mut boxed = MoveScorer::unjudged(variant);
            let scored = random_game(variant, 5, |board, c, masks, moves| {
                boxed.judge(masks, c, board.attach_points(c));
                let whole = judged(variant, masks, c, &corners);
                for &mv in moves {
                    assert_eq!(
                        boxed.score(tables, mv),
                        whole.score(tables, mv),
                        "{variant:?}"
                    );
                }
            });
            assert!(scored > 1000, "{variant:?}: {scored} moves");
        }
    }

    /// The scorer's per-point lookups give every legal move the weighted sum of the
    /// features counted move by move (what the weights are fitted on), and the counts
    /// add up: one piece, a covered point per square, a kind per edge neighbour.
    #[test]
    fn a_score_is_the_weighted_sum_of_the_move_features() {
        for variant in [Variant::Duo, Variant::Classic] {
            random_game(variant, 7, |board, c, masks, moves| {
                let tables = board.tables();
                let weights = weights(variant);
                let scorer = judged(variant, masks, c, board.attach_points(c));
                for &mv in moves {
                    let counts = move_features(board, c, mv);
                    let sum: f32 = counts.iter().zip(weights).map(|(n, w)| n * w).sum();
                    let score = scorer.score(tables, mv);
                    assert!((score - sum).abs() < 1e-4, "{variant:?}: {score} {sum}");
                    let total =
                        |range: std::ops::Range<usize>| -> f32 { counts[range].iter().sum() };
                    let info = tables.info(mv);
                    assert_eq!(total(feature::PIECE..feature::POINT_CONTESTED), 1.0);
                    assert_eq!(
                        total(feature::POINT_CONTESTED..feature::ADJ_OCCUPIED),
                        info.len as f32
                    );
                    assert_eq!(
                        total(feature::ADJ_OCCUPIED..feature::ATTACH_FORBIDDEN),
                        tables.adj_points(mv).len() as f32
                    );
                    assert!(
                        total(feature::ATTACH_FORBIDDEN..feature::COUNT)
                            <= tables.diag_points(mv).len() as f32
                    );
                }
            });
        }
    }

    /// In Two-Player a covered point counts as contested only near the other side's
    /// attach points: crowding the partner colour's is no gain.
    #[test]
    fn only_the_other_sides_attach_points_are_contested() {
        let variant = Variant::ClassicTwo;
        let mut near_partner_only = 0;
        random_game(variant, 3, |board, c, masks, moves| {
            let tables = board.tables();
            let attach_of = |p: u16, colours: u8| {
                let i = p as usize;
                masks.corner[i] & !masks.forbidden[i] & colours != 0
            };
            let near = |p: u16, colours: u8| {
                attach_of(p, colours) || tables.neighbours(p).iter().any(|&q| attach_of(q, colours))
            };
            let (rivals, partner) = (variant.rivals(c), 1u8 << (c ^ 2));
            for &mv in moves {
                let points = tables.info(mv).points();
                let contested = points.iter().filter(|&&p| near(p, rivals)).count();
                near_partner_only += (points.iter())
                    .filter(|&&p| near(p, partner) && !near(p, rivals))
                    .count();
                let counts = move_features(board, c, mv);
                assert_eq!(counts[feature::POINT_CONTESTED], contested as f32);
            }
        });
        assert!(near_partner_only > 100, "{near_partner_only}");
    }

    /// The large board's variants share one judgement, but Three-Player weighs a
    /// contested point more.
    #[test]
    fn three_player_weighs_contested_points_more_than_the_other_large_boards() {
        let large = weights(Variant::ClassicTwo);
        assert_eq!(weights(Variant::Classic), large);
        let three = weights(Variant::ClassicThree);
        for i in 0..feature::COUNT {
            if i == feature::POINT_CONTESTED {
                assert!(three[i] > large[i]);
            } else {
                assert_eq!(three[i], large[i], "feature {i}");
            }
        }
        assert_eq!(weights(Variant::Duo), &SMALL_BOARD);
    }
}
