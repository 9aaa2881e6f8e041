//! The engine's position: stones plus, for every cell and direction, the key of its ten
//! line neighbours, kept up to date incrementally, so that the pattern a move would make
//! is one table look-up. Also keeps a pattern-based evaluation up to date.

use super::patterns::{LineRule, Pat, pair_table, slot};
use crate::games::gomoku::board::{Board, CELLS, Color, DIRS, EMPTY, Point, STRIDE, WALL};
use crate::games::gomoku::forbidden::{self, FoulSet};
use crate::games::gomoku::game::{Gomoku, zobrist, zobrist_side};
use crate::games::gomoku::rules::{Rules, Variant};
use std::sync::OnceLock;

// A padded row's cells fit the bits of one word.
const _: () = assert!(STRIDE <= 64);

/// Ordering value of one line pattern on an empty cell, for the colour that could play
/// there (the evaluation has weights of its own, below).
const PAT_VALUE: [i32; 11] = [0, 2, 3, 10, 12, 40, 50, 160, 160, 600, 0];

/// The evaluation's weights, in evaluation units (400 to a logit of the mover's chance
/// of winning): per role of the colour that may play an empty cell (mover, waiter), a
/// weight per line pattern through it (indexed by [`Pat`]) and one for the threat the
/// four lines combine into (indexed by [`Threat`]). They come from logistic fits of
/// the outcome on these terms over the quiet positions (no five to block or make, no
/// open three to answer) of games of Rapfi against itself (Caro's: of tabula's, as
/// corrections to the Renju weights), by `tabula-gomoku-fit` (see protocol/gomocup.md).
/// A line pattern counts for the mover as much as against it, so that the evaluation
/// does not swing with the side to move; the threats do not: a four-three of the
/// mover's wins, one of the waiter's can still be blocked. The quiet positions show no
/// open four or five, which take four logits for the mover and the four-three's weight
/// for the waiter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    pub pattern: [[i32; 11]; 2],
    pub threat: [[i32; 7]; 2],
}

/// The counts the evaluation weighs (see [`Position::eval_terms`]), indexed like
/// [`EvalWeights`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EvalTerms {
    pub pattern: [[u32; 11]; 2],
    pub threat: [[u32; 7]; 2],
}

impl EvalTerms {
    /// The evaluation these counts make under `weights`.
    pub fn weigh(&self, weights: &EvalWeights) -> i64 {
        let mut sum = 0;
        for role in [MOVER, WAITER] {
            for (count, weight) in self.pattern[role].iter().zip(weights.pattern[role]) {
                sum += i64::from(*count) * i64::from(weight);
            }
            for (count, weight) in self.threat[role].iter().zip(weights.threat[role]) {
                sum += i64::from(*count) * i64::from(weight);
            }
        }
        sum
    }
}

/// The weights of Renju and freestyle: a fit to 640 Renju games of Rapfi against
/// itself, corrected by 995 more (`tabula-gomoku-fit --toward-current --l2 0.3`), which
/// beat the uncorrected ones 54.1 % over 900 self-play games in Renju and freestyle.
/// Weights fitted to freestyle games called their winners better but played no better
/// (protocol/gomocup.md).
pub const RENJU_WEIGHTS: EvalWeights = EvalWeights {
    pattern: [
        [0, -4, -2, 4, 24, 29, 55, 0, 0, 0, 0],
        [0, 4, 2, -4, -24, -29, -55, 0, 0, 0, 0],
    ],
    threat: [
        [0, 51, 61, 41, 1425, 1600, 0],
        [0, 5, 69, -25, -539, -539, -539],
    ],
};

/// The weights of the rules where exactly five wins (Standard, Omok), fitted to 640
/// Standard games of Rapfi against itself: they call the winners of held-out games
/// better than the Renju weights (log-loss 0.476 against 0.524) and play level with
/// them (198-206 in 404 self-play games; protocol/gomocup.md).
pub const STANDARD_WEIGHTS: EvalWeights = EvalWeights {
    pattern: [
        [0, -6, 7, 9, 52, 53, 129, 0, 0, 0, 0],
        [0, 6, -7, -9, -52, -53, -129, 0, 0, 0, 0],
    ],
    threat: [
        [0, 74, 175, 90, 1486, 1600, 0],
        [0, -15, 36, -62, -869, -869, -869],
    ],
};

/// The weights of Caro: the Renju ones of 2026-11-29 corrected by 480 Caro games of
/// tabula against itself (`tabula-gomoku-fit --toward-current --l2 0.3`: the fit's
/// penalty is on the distance from those weights, as a fit from zero to games this weak
/// lost in play). They call held-out winners better (log-loss 0.622 against 0.634) and
/// beat those weights in self-play (protocol/gomocup.md, "Caro's own weights").
pub const CARO_WEIGHTS: EvalWeights = EvalWeights {
    pattern: [
        [0, -2, 1, 8, 23, 30, 51, 0, 0, 0, 0],
        [0, 2, -1, -8, -23, -30, -51, 0, 0, 0, 0],
    ],
    threat: [
        [0, 52, 155, 39, 1453, 1600, 0],
        [0, -1, 52, -21, -419, -419, -419],
    ],
};

/// The evaluation weights a rule set plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightSet {
    Renju,
    Standard,
    Caro,
}

impl WeightSet {
    const ALL: [WeightSet; 3] = [WeightSet::Renju, WeightSet::Standard, WeightSet::Caro];

    pub fn of(rules: Rules) -> WeightSet {
        match rules.variant {
            Variant::Freestyle | Variant::Renju => WeightSet::Renju,
            Variant::Standard => WeightSet::Standard,
            Variant::Caro => WeightSet::Caro,
        }
    }

    pub fn weights(self) -> &'static EvalWeights {
        match self {
            WeightSet::Renju => &RENJU_WEIGHTS,
            WeightSet::Standard => &STANDARD_WEIGHTS,
            WeightSet::Caro => &CARO_WEIGHTS,
        }
    }

    /// The name of its constant, for the fitting tool's output.
    pub fn constant(self) -> &'static str {
        match self {
            WeightSet::Renju => "RENJU_WEIGHTS",
            WeightSet::Standard => "STANDARD_WEIGHTS",
            WeightSet::Caro => "CARO_WEIGHTS",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

const PATS: [Pat; 16] = [
    Pat::None,
    Pat::F1,
    Pat::B2,
    Pat::F2,
    Pat::B3,
    Pat::F3,
    Pat::B4,
    Pat::F4,
    Pat::D4,
    Pat::Five,
    Pat::Overline,
    Pat::None,
    Pat::None,
    Pat::None,
    Pat::None,
    Pat::None,
];

/// What an empty cell adds to the evaluation, in evaluation units, for the colour that
/// may play it: when that colour is to move ([`MOVER`]) and when it is not ([`WAITER`],
/// negative: the mover's loss).
type CellEval = [i16; 2];
pub const MOVER: usize = 0;
pub const WAITER: usize = 1;

/// Threat, ordering value and evaluation terms of every combination of four packed
/// line patterns.
struct Combos {
    threat: Vec<Threat>,
    value: Vec<i32>,
    eval: Vec<CellEval>,
    /// The value and terms for Black under each foul set: a cell whose patterns make it
    /// look like a foul there is worth nothing, since it may never be played.
    under_fouls: Vec<(FoulSet, Vec<i32>, Vec<CellEval>)>,
}

impl Combos {
    fn under(&self, fouls: FoulSet) -> (&[i32], &[CellEval]) {
        let (_, value, eval) = (self.under_fouls.iter())
            .find(|(set, _, _)| *set == fouls)
            .expect("tables per foul set");
        (value, eval)
    }
}

/// The foul sets some rule applies to Black.
const FOUL_SETS: [FoulSet; 2] = [FoulSet::RENJU, FoulSet::DOUBLE_THREE_ONLY];

fn unpack(packed: usize) -> [Pat; 4] {
    std::array::from_fn(|d| PATS[(packed >> (4 * d)) & 15])
}

fn combos(set: WeightSet) -> &'static Combos {
    static COMBOS: [OnceLock<Combos>; WeightSet::ALL.len()] =
        [const { OnceLock::new() }; WeightSet::ALL.len()];
    COMBOS[set.index()].get_or_init(|| {
        let weights = set.weights();
        let n = 1 << 16;
        let mut threat = Vec::with_capacity(n);
        let mut value = Vec::with_capacity(n);
        let mut eval = Vec::with_capacity(n);
        let mut under_fouls =
            FOUL_SETS.map(|set| (set, Vec::with_capacity(n), Vec::with_capacity(n)));
        for packed in 0..n {
            let pats = unpack(packed);
            let combined = combine(pats);
            threat.push(combined);
            let sum = pats.iter().map(|&p| PAT_VALUE[p as usize]).sum();
            value.push(sum);
            let terms = cell_eval(weights, pats, combined);
            eval.push(terms);
            for (set, values, evals) in &mut under_fouls {
                let foul = looks_like_a_foul(pats, *set);
                values.push(if foul { 0 } else { sum });
                evals.push(if foul { [0, 0] } else { terms });
            }
        }
        Combos {
            threat,
            value,
            eval,
            under_fouls: under_fouls.into(),
        }
    })
}

/// The evaluation terms of an empty cell with these line patterns, for each role of
/// its colour: a weight per line pattern and one for the threat they combine into.
fn cell_eval(weights: &EvalWeights, pats: [Pat; 4], threat: Threat) -> CellEval {
    std::array::from_fn(|role| {
        let lines: i32 = (pats.iter())
            .map(|&p| weights.pattern[role][p as usize])
            .sum();
        (lines + weights.threat[role][threat as usize]) as i16
    })
}

/// Whether Black may not play a cell with these line patterns under `fouls`, judged
/// from the patterns alone (a three that cannot really become a straight four still
/// counts).
fn looks_like_a_foul(pats: [Pat; 4], fouls: FoulSet) -> bool {
    let count = |wanted: &[Pat]| pats.iter().filter(|p| wanted.contains(p)).count();
    let overline = fouls.overline && count(&[Pat::Overline]) > 0;
    let double_four =
        fouls.double_four && (count(&[Pat::D4]) > 0 || count(&[Pat::B4, Pat::F4]) >= 2);
    count(&[Pat::Five]) == 0 && (overline || double_four || count(&[Pat::F3]) >= 2)
}

fn combine(pats: [Pat; 4]) -> Threat {
    let (mut fours, mut threes, mut open_four) = (0, 0, false);
    for pat in pats {
        match pat {
            Pat::Five => return Threat::Five,
            Pat::F4 | Pat::D4 => open_four = true,
            Pat::B4 => fours += 1,
            Pat::F3 => threes += 1,
            _ => {}
        }
    }
    if open_four || fours >= 2 {
        Threat::OpenFour
    } else if fours == 1 && threes >= 1 {
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if threes >= 2 {
        Threat::DoubleThree
    } else if threes == 1 {
        Threat::Three
    } else {
        Threat::None
    }
}

/// What a move makes for its colour, combining the four lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Threat {
    None,
    /// Makes an open three.
    Three,
    /// Makes two open threes.
    DoubleThree,
    /// Makes a four (one five point).
    Four,
    /// Makes a four and an open three.
    FourThree,
    /// Makes a straight four or two fours: wins next move.
    OpenFour,
    Five,
}

/// Calls `visit(direction, offset, cell)` for the cells within five of the playable
/// cell `index` along its four lines, `index` itself left out. The board's padding
/// keeps them all on the array, walls included.
#[inline(always)]
fn for_line_neighbours(index: usize, mut visit: impl FnMut(usize, isize, usize)) {
    for (d, &dir) in DIRS.iter().enumerate() {
        for k in (-5..=5isize).filter(|&k| k != 0) {
            visit(d, k, index.wrapping_add_signed(k * dir));
        }
    }
}

/// A set of cells, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellSet([u64; CELLS.div_ceil(64)]);

impl Default for CellSet {
    fn default() -> CellSet {
        CellSet([0; CELLS.div_ceil(64)])
    }
}

impl CellSet {
    #[inline]
    fn set(&mut self, cell: usize, member: bool) {
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        self.0[word] = (self.0[word] & !bit) | (u64::from(member) * bit);
    }

    /// The members from `first` to `last`, in increasing order, and any others that
    /// share a word with those two.
    fn cells(&self, first: usize, last: usize) -> impl Iterator<Item = usize> + '_ {
        let words = &self.0[first / 64..=last / 64];
        words.iter().zip(first / 64..).flat_map(|(&bits, word)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let cell = word * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    cell
                })
            })
        })
    }
}

/// A move on the stack: its cell, where its entries in the overwritten patterns begin,
/// and the evaluation and four points before it.
struct Played {
    index: usize,
    overwritten_from: usize,
    eval: [[i32; 2]; 2],
    /// The four points before it: most cells around a move change patterns, so a
    /// copy restores them cheaper than their patterns would.
    four_cells: [CellSet; 2],
}

/// Both colours' patterns of an empty cell along one direction, as a move found them.
struct OverwrittenPair {
    index: u16,
    direction: u8,
    pair: u8,
}

pub struct Position {
    rules: Rules,
    board: Board,
    width: usize,
    height: usize,
    keys: Box<[[u32; 4]; CELLS]>,
    /// The table's answer for each key, per cell and colour: four 4-bit patterns, one
    /// per direction, so that a cell's threat and value are one look-up each.
    pats: Box<[[u16; 2]; CELLS]>,
    /// Stones within two cells (candidate moves have at least one).
    near: Box<[u8; CELLS]>,
    /// The empty cells with a stone within two cells, so that listing the candidate
    /// moves skips the rest of the board.
    candidate_cells: CellSet,
    /// Per colour, the empty cells where that colour makes a four or better
    /// ([`Threat::Four`] and up), so that finding them skips the other cells.
    four_cells: [CellSet; 2],
    /// Both colours' patterns per line key (see [`pair_table`]).
    pair_table: &'static [u8],
    /// The threat of a cell from its packed patterns.
    threats: &'static [Threat],
    /// Per colour: the ordering value of a cell from its packed patterns.
    cell_values: [&'static [i32]; 2],
    /// Per colour: the evaluation terms of a cell from its packed patterns.
    cell_evals: [&'static [CellEval]; 2],
    /// Per colour and role, the sum of the terms over the empty cells.
    eval: [[i32; 2]; 2],
    /// The moves played, each with what taking it back restores.
    stack: Vec<Played>,
    /// The line patterns the moves on the stack overwrote, oldest first.
    overwritten: Vec<OverwrittenPair>,
    to_move: Color,
    hash: u64,
    fouls: Option<FoulSet>,
}

impl Position {
    pub fn new(game: &Gomoku) -> Position {
        let rules = game.rules();
        let line_rule = |c: Color| match rules.variant {
            Variant::Freestyle => LineRule::FiveOrMore,
            Variant::Standard => LineRule::ExactlyFive,
            Variant::Renju if c == Color::Black => LineRule::ExactlyFive,
            Variant::Renju => LineRule::FiveOrMore,
            Variant::Caro => LineRule::Caro {
                exact: rules.caro_exact_five,
            },
        };
        let fouls = game.foul_set();
        let combos = combos(WeightSet::of(rules));
        let (black_values, black_evals) = fouls
            .map_or((&combos.value[..], &combos.eval[..]), |set| {
                combos.under(set)
            });
        let mut pos = Position {
            rules,
            board: Board::new(game.width(), game.height()),
            width: game.width(),
            height: game.height(),
            keys: Box::new([[0; 4]; CELLS]),
            pats: Box::new([[0; 2]; CELLS]),
            near: Box::new([0; CELLS]),
            candidate_cells: CellSet::default(),
            four_cells: [CellSet::default(); 2],
            pair_table: pair_table(line_rule(Color::Black), line_rule(Color::White)),
            threats: &combos.threat,
            cell_values: [black_values, &combos.value],
            cell_evals: [black_evals, &combos.eval],
            eval: [[0; 2]; 2],
            stack: Vec::with_capacity(game.width() * game.height()),
            overwritten: Vec::new(),
            to_move: Color::Black,
            hash: 0,
            fouls,
        };
        pos.init_keys();
        for (p, color) in game.history() {
            pos.to_move = color;
            pos.play(p.index());
        }
        if pos.to_move != game.to_move() {
            pos.to_move = game.to_move();
            pos.hash ^= zobrist_side();
        }
        pos
    }

    fn init_keys(&mut self) {
        for index in 0..CELLS {
            if self.board.get(index) == WALL {
                continue;
            }
            let mut keys = [0; 4];
            for_line_neighbours(index, |d, k, j| {
                keys[d] |= u32::from(self.board.get(j)) << (2 * slot(k));
            });
            self.keys[index] = keys;
            for (d, key) in keys.into_iter().enumerate() {
                self.set_pats(index, d, self.pair_table[key as usize]);
            }
        }
        self.eval = [[0; 2]; 2];
        let cells: Vec<usize> = self.board.indices().collect();
        for i in cells {
            self.add_evals(i, 1);
            self.mark_fours(i);
        }
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn is_full(&self) -> bool {
        self.stack.len() == self.width * self.height
    }

    /// The pattern `color` makes at the empty cell `index` along direction `d`.
    #[inline]
    pub fn pat(&self, index: usize, d: usize, color: Color) -> Pat {
        PATS[((self.pats[index][color.index()] >> (4 * d)) & 15) as usize]
    }

    /// Sets both colours' patterns along direction `d` from a [`pair_table`] byte.
    #[inline]
    fn set_pats(&mut self, index: usize, d: usize, pair: u8) {
        let shift = 4 * d;
        let keep = !(15u16 << shift);
        let packed = &mut self.pats[index];
        packed[0] = (packed[0] & keep) | u16::from(pair & 15) << shift;
        packed[1] = (packed[1] & keep) | u16::from(pair >> 4) << shift;
    }

    /// Both colours' patterns along direction `d`, as a [`pair_table`] byte.
    #[inline]
    fn pair(&self, index: usize, d: usize) -> u8 {
        let shift = 4 * d;
        let [black, white] = self.pats[index].map(|p| ((p >> shift) & 15) as u8);
        black | white << 4
    }

    /// Adds (`sign` 1) or takes away (-1) the evaluation terms of the empty cell
    /// `index`; nothing for an occupied one.
    #[inline]
    fn add_evals(&mut self, index: usize, sign: i32) {
        if self.board.get(index) != EMPTY {
            return;
        }
        let packed = self.pats[index];
        for ((sums, table), pats) in self.eval.iter_mut().zip(self.cell_evals).zip(packed) {
            let terms = table[pats as usize];
            sums[MOVER] += sign * i32::from(terms[MOVER]);
            sums[WAITER] += sign * i32::from(terms[WAITER]);
        }
    }

    /// Gives the empty cell `index` the patterns `pair` along direction `d`: its
    /// terms in the evaluation and its four points follow.
    #[inline]
    fn repattern(&mut self, index: usize, d: usize, pair: u8) {
        let before = self.pats[index];
        self.set_pats(index, d, pair);
        let after = self.pats[index];
        for c in 0..2 {
            let (old, new) = (before[c] as usize, after[c] as usize);
            let (table, sums) = (self.cell_evals[c], &mut self.eval[c]);
            for role in [MOVER, WAITER] {
                sums[role] += i32::from(table[new][role]) - i32::from(table[old][role]);
            }
            self.four_cells[c].set(index, self.threats[new] >= Threat::Four);
        }
    }

    fn cell_value(&self, index: usize, color: Color) -> i32 {
        if self.board.get(index) != EMPTY {
            return 0;
        }
        self.cell_values[color.index()][self.pats[index][color.index()] as usize]
    }

    /// The combined threat `color` makes by playing the empty cell `index` (fouls not judged).
    #[inline]
    pub fn threat(&self, index: usize, color: Color) -> Threat {
        self.threats[self.pats[index][color.index()] as usize]
    }

    /// A move score for ordering: what the move makes for us plus what it takes from them.
    pub fn move_score(&self, index: usize, color: Color) -> i32 {
        let attack = self.cell_value(index, color);
        let defence = self.cell_value(index, color.opponent());
        attack * 2 + defence + i32::from(self.near[index])
    }

    /// Whether `color` may not play the empty cell `index` (Black's fouls).
    pub fn is_forbidden(&mut self, index: usize, color: Color) -> bool {
        let Some(fouls) = self.fouls else {
            return false;
        };
        if color != Color::Black {
            return false;
        }
        // The patterns rule out most cells cheaply: a foul needs an overline, two fours
        // or two threes, and a five is never a foul.
        let (mut fours, mut threes, mut suspicious) = (0, 0, false);
        for d in 0..4 {
            match self.pat(index, d, color) {
                Pat::Five => return false,
                Pat::Overline | Pat::D4 => suspicious = true,
                Pat::F4 | Pat::B4 => fours += 1,
                Pat::F3 => threes += 1,
                _ => {}
            }
        }
        let candidate = if fouls.double_four {
            suspicious || fours >= 2 || threes >= 2
        } else {
            threes >= 2
        };
        candidate && forbidden::foul_at(&mut self.board, index, fouls).is_some()
    }

    /// Whether `color` playing the empty cell `index` makes a winning line (exact for
    /// every rule set, Caro's blocked ends included).
    pub fn wins_by(&self, index: usize, color: Color) -> bool {
        let other = color.opponent().cell();
        (0..DIRS.len()).any(|d| {
            if self.pat(index, d, color) != Pat::Five {
                return false;
            }
            let (len, ends) = self.run_through(index, d, color);
            let blocked = ends.iter().filter(|&&i| self.board.get(i) == other).count();
            self.rules.run_wins(color, len, blocked)
        })
    }

    /// The run `color` would make through the empty cell `index` along direction `d`:
    /// its length and the two cells just beyond its ends.
    fn run_through(&self, index: usize, d: usize, color: Color) -> (usize, [usize; 2]) {
        let dir = DIRS[d];
        let (back, fwd) = self.board.run(index, dir, color.cell());
        let beyond =
            |steps: usize, sign: isize| (index as isize + sign * steps as isize * dir) as usize;
        (back + fwd + 1, [beyond(back + 1, -1), beyond(fwd + 1, 1)])
    }

    /// The cells where `color`'s opponent stops every one of `color`'s five points
    /// `fives` with one stone: the five point itself when there is one; in Caro also
    /// the open end of a five whose other end the opponent already holds, since a five
    /// blocked at both ends does not win there. Empty when no stone stops them all.
    pub fn stops(&self, fives: &[usize], color: Color) -> Vec<usize> {
        let mut common: Option<Vec<usize>> = None;
        for &five in fives {
            let own = self.stops_of(five, color);
            common = Some(match common {
                None => own,
                Some(mut both) => {
                    both.retain(|i| own.contains(i));
                    both
                }
            });
        }
        common.unwrap_or_default()
    }

    /// Caro only (nothing elsewhere): the empty cells within five of `index` on the
    /// lines where `color` makes a straight four there. In Caro a stone on one of them
    /// can close the far end of the five to come, which stops the four without taking
    /// any of its points.
    pub fn closing_cells(&self, index: usize, color: Color, out: &mut Vec<usize>) {
        if self.rules.variant != Variant::Caro {
            return;
        }
        for (d, &dir) in DIRS.iter().enumerate() {
            if !matches!(self.pat(index, d, color), Pat::F4 | Pat::D4) {
                continue;
            }
            for sign in [-1, 1] {
                for k in 1..=5 {
                    let j = (index as isize + sign * k * dir) as usize;
                    match self.board.get(j) {
                        EMPTY => out.push(j),
                        WALL => break,
                        _ => {}
                    }
                }
            }
        }
    }

    fn stops_of(&self, five: usize, color: Color) -> Vec<usize> {
        let mut stops = vec![five];
        if self.rules.variant != Variant::Caro {
            return stops;
        }
        // A five on two lines at once cannot be closed at both ends by one stone.
        let mut lines = (0..DIRS.len()).filter(|&d| self.pat(five, d, color) == Pat::Five);
        if let (Some(d), None) = (lines.next(), lines.next()) {
            let other = color.opponent().cell();
            let (len, ends) = self.run_through(five, d, color);
            match ends.map(|i| self.board.get(i)) {
                [a, EMPTY] if len == 5 && a == other => stops.push(ends[1]),
                [EMPTY, b] if len == 5 && b == other => stops.push(ends[0]),
                _ => {}
            }
        }
        stops
    }

    pub fn play(&mut self, index: usize) {
        let color = self.to_move;
        self.stack.push(Played {
            index,
            overwritten_from: self.overwritten.len(),
            eval: self.eval,
            four_cells: self.four_cells,
        });
        self.place(index, color.cell());
        self.hash ^= zobrist(index, color) ^ zobrist_side();
        self.to_move = color.opponent();
    }

    /// Hands the move to the other side without a stone (threat probes only).
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= zobrist_side();
    }

    pub fn undo(&mut self) {
        let played = self.stack.pop().expect("undo on the initial position");
        let color = self.to_move.opponent();
        self.lift(&played, color.cell());
        self.hash ^= zobrist(played.index, color) ^ zobrist_side();
        self.to_move = color;
    }

    /// Puts `stone` on the empty cell `index` and refreshes the keys, patterns and
    /// evaluation of the cells whose lines see it, noting every pattern it overwrites.
    fn place(&mut self, index: usize, stone: u8) {
        // The cell's own terms leave the evaluation; its patterns stay as they are
        // while it is occupied (only empty cells' are looked at), which is what they
        // are again when the stone is lifted.
        self.add_evals(index, -1);
        for_line_neighbours(index, |d, k, j| {
            // `j` sees `index` at offset -k. Walls get keys too, which nothing reads:
            // cheaper than a test.
            let key = self.keys[j][d] ^ (u32::from(stone) << (2 * slot(-k)));
            self.keys[j][d] = key;
            if self.board.get(j) != EMPTY {
                return;
            }
            let pair = self.pair_table[key as usize];
            let old = self.pair(j, d);
            if pair == old {
                return;
            }
            self.overwritten.push(OverwrittenPair {
                index: j as u16,
                direction: d as u8,
                pair: old,
            });
            self.repattern(j, d, pair);
        });
        self.board.set(index, stone);
        self.mark_fours(index);
        self.count_near(index, 1);
    }

    /// Takes the stone `stone` of `played` off the board: the keys change back, and
    /// the overwritten patterns, the evaluation and the four points are restored.
    fn lift(&mut self, played: &Played, stone: u8) {
        let index = played.index;
        for_line_neighbours(index, |d, k, j| {
            self.keys[j][d] ^= u32::from(stone) << (2 * slot(-k));
        });
        let from = played.overwritten_from;
        for n in (from..self.overwritten.len()).rev() {
            let OverwrittenPair {
                index: j,
                direction,
                pair,
            } = self.overwritten[n];
            self.set_pats(j as usize, direction as usize, pair);
        }
        self.overwritten.truncate(from);
        self.eval = played.eval;
        self.four_cells = played.four_cells;
        self.board.set(index, EMPTY);
        self.count_near(index, -1);
    }

    /// Puts the cell `index` in or out of [`Position::four_cells`] from its patterns
    /// (out for an occupied cell).
    #[inline]
    fn mark_fours(&mut self, index: usize) {
        let empty = self.board.get(index) == EMPTY;
        for (cells, packed) in self.four_cells.iter_mut().zip(self.pats[index]) {
            cells.set(
                index,
                empty && self.threats[packed as usize] >= Threat::Four,
            );
        }
    }

    /// A stone comes (`step` 1) or goes (-1) at `index`, whose cell is already set: the
    /// cells within two of it count it. A cell's candidacy changes only where its
    /// count leaves or reaches zero, and at `index` itself.
    fn count_near(&mut self, index: usize, step: i8) {
        let boundary = if step > 0 { 1 } else { 0 };
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let j = (index as isize + dy * DIRS[1] + dx) as usize;
                self.near[j] = self.near[j].wrapping_add_signed(step);
                if self.near[j] == boundary {
                    let candidate = boundary == 1 && self.board.get(j) == EMPTY;
                    self.candidate_cells.set(j, candidate);
                }
            }
        }
        let candidate = self.near[index] > 0 && self.board.get(index) == EMPTY;
        self.candidate_cells.set(index, candidate);
    }

    /// Static evaluation for the side to move: its cells' terms as the mover, the
    /// opponent's as the waiter.
    pub fn evaluate(&self) -> i32 {
        let me = self.to_move.index();
        self.eval[me][MOVER] + self.eval[1 - me][WAITER]
    }

    /// What the evaluation sums, counted: per role (the side to move's cells, the
    /// other side's), how many line patterns of each kind and combined threats of each
    /// kind pass through its empty cells, leaving out Black's cells that look like a
    /// foul, as the evaluation does. The evaluation is these counts times the weights.
    pub fn eval_terms(&self) -> EvalTerms {
        let mut terms = EvalTerms::default();
        let mover = self.to_move;
        for index in self.board.indices() {
            if self.board.get(index) != EMPTY {
                continue;
            }
            for (role, color) in [(MOVER, mover), (WAITER, mover.opponent())] {
                let pats = unpack(self.pats[index][color.index()] as usize);
                let foul = color == Color::Black
                    && self.fouls.is_some_and(|set| looks_like_a_foul(pats, set));
                if foul {
                    continue;
                }
                for pat in pats {
                    terms.pattern[role][pat as usize] += 1;
                }
                terms.threat[role][self.threat(index, color) as usize] += 1;
            }
        }
        terms
    }

    /// Empty cells near a stone (or the centre on an empty board), in board order.
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.stack.is_empty() {
            out.push(Point::new(self.width / 2, self.height / 2).index());
            return;
        }
        out.extend(self.board_cells_in(&self.candidate_cells));
    }

    /// The empty cells where `color` makes a four or better ([`Threat::Four`] and up,
    /// fouls not judged), in board order. Each has a stone within two cells (three
    /// stones of a five's window are), so each is a candidate.
    pub fn four_points(&self, color: Color, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.board_cells_in(&self.four_cells[color.index()]));
    }

    /// The cells of `set`, in board order (only the board's empty cells are ever in
    /// the position's sets: the cells around it are walls).
    fn board_cells_in<'a>(&self, set: &'a CellSet) -> impl Iterator<Item = usize> + 'a {
        let first = Point::new(0, 0).index();
        let last = Point::new(self.width - 1, self.height - 1).index();
        set.cells(first, last)
    }

    /// Every empty cell of the board.
    pub fn empties(&self, out: &mut Vec<usize>) {
        out.clear();
        for y in 0..self.height {
            let row = Point::new(0, y).index();
            out.extend((row..row + self.width).filter(|&i| self.board.get(i) == EMPTY));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The patterns of every empty cell (a stone's are not kept up to date).
    fn empty_cell_pats(pos: &Position) -> Vec<(usize, [u16; 2])> {
        let mut empties = Vec::new();
        pos.empties(&mut empties);
        empties.into_iter().map(|i| (i, pos.pats[i])).collect()
    }

    /// Random games on a small board, so that the edges take part: calls `visit` with
    /// every position before the game ends.
    fn small_board_games(rules: Rules, games: u64, mut visit: impl FnMut(&Gomoku, &Position)) {
        for seed in 0..games {
            let mut rng = Rng::new(seed);
            let mut game = Gomoku::new(rules, 9, 9).unwrap();
            while game.outcome().is_none() {
                visit(&game, &Position::new(&game));
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
        }
    }

    /// Whether `color` playing the empty cell `index` wins, by the rules themselves.
    fn rules_win(game: &Gomoku, index: usize, color: Color) -> bool {
        let mut board = game.board().clone();
        board.set(index, color.cell());
        game.rules().wins_at(&board, index, color)
    }

    /// Whether a stone of `color` on some empty cell of `board` wins, by the rules.
    fn wins_somewhere(rules: Rules, board: &Board, color: Color) -> bool {
        board.indices().any(|w| {
            board.get(w) == EMPTY && {
                let mut b = board.clone();
                b.set(w, color.cell());
                rules.wins_at(&b, w, color)
            }
        })
    }

    fn empties(pos: &Position) -> Vec<usize> {
        let mut empties = Vec::new();
        pos.empties(&mut empties);
        empties
    }

    const LINE_RULES: [Rules; 5] = [
        Rules::freestyle(),
        Rules::standard(),
        Rules::renju(),
        Rules::caro(false),
        Rules::caro(true),
    ];

    /// A cell's line pattern is a five exactly where the rules say a stone there wins:
    /// in Caro a five closed by the opponent at both ends is none, one at the edge is.
    #[test]
    fn fives_of_the_patterns_are_the_rules_fives() {
        for rules in LINE_RULES {
            let mut fives = 0;
            small_board_games(rules, 40, |game, pos| {
                for i in empties(pos) {
                    for color in [Color::Black, Color::White] {
                        let by_pattern = (0..4).any(|d| pos.pat(i, d, color) == Pat::Five);
                        assert_eq!(
                            by_pattern,
                            rules_win(game, i, color),
                            "{rules:?} {i}\n{}",
                            game.render()
                        );
                        fives += usize::from(by_pattern);
                    }
                }
            });
            assert!(fives > 100, "{rules:?}: only {fives} fives seen");
        }
    }

    /// The listed four points are exactly the empty cells whose threat is a four or
    /// better, and each of them is a candidate (the search finds threats among the
    /// four points alone, where it once looked through every candidate).
    #[test]
    fn four_points_are_the_candidates_that_make_fours() {
        for rules in LINE_RULES {
            let mut fours = 0;
            small_board_games(rules, 40, |_, pos| {
                let mut candidates = Vec::new();
                pos.candidates(&mut candidates);
                for color in [Color::Black, Color::White] {
                    let mut listed = Vec::new();
                    pos.four_points(color, &mut listed);
                    let by_threat: Vec<usize> = empties(pos)
                        .into_iter()
                        .filter(|&i| pos.threat(i, color) >= Threat::Four)
                        .collect();
                    assert_eq!(listed, by_threat, "{rules:?} {color:?}");
                    assert!(listed.iter().all(|i| candidates.contains(i)));
                    fours += listed.len();
                }
            });
            assert!(fours > 100, "{rules:?}: only {fours} four points seen");
        }
    }

    /// A straight four (or two fours on one line) wins whatever single stone the
    /// opponent puts anywhere: in Caro that rules out fours whose five points one
    /// stone closes at both ends.
    #[test]
    fn straight_fours_survive_every_reply() {
        for rules in LINE_RULES {
            let mut checked = 0;
            small_board_games(rules, 40, |game, pos| {
                let cells = empties(pos);
                for &i in &cells {
                    for color in [Color::Black, Color::White] {
                        if !(0..4).any(|d| matches!(pos.pat(i, d, color), Pat::F4 | Pat::D4))
                            || rules_win(game, i, color)
                        {
                            continue;
                        }
                        let mut four = game.clone();
                        four.set_to_move(color);
                        if four.place(Point::from_index(i), color).is_err() {
                            continue;
                        }
                        for &reply in cells.iter().filter(|&&e| e != i) {
                            let mut board = four.board().clone();
                            board.set(reply, color.opponent().cell());
                            assert!(
                                wins_somewhere(rules, &board, color),
                                "{rules:?}: four at {i}, reply {reply}\n{}",
                                four.render()
                            );
                        }
                        checked += 1;
                    }
                }
            });
            assert!(
                checked > 20,
                "{rules:?}: only {checked} straight fours seen"
            );
        }
    }

    /// The stops of a side's fives are exactly the cells where one stone of the other
    /// side leaves it no winning cell.
    #[test]
    fn stops_are_the_cells_that_leave_no_five() {
        for rules in LINE_RULES {
            let mut far_ends = 0;
            small_board_games(rules, 60, |game, pos| {
                let cells = empties(pos);
                for color in [Color::Black, Color::White] {
                    let fives: Vec<usize> = cells
                        .iter()
                        .copied()
                        .filter(|&i| rules_win(game, i, color))
                        .collect();
                    if fives.is_empty() {
                        continue;
                    }
                    let mut stops = pos.stops(&fives, color);
                    stops.sort_unstable();
                    let truth: Vec<usize> = (cells.iter().copied())
                        .filter(|&e| {
                            let mut board = game.board().clone();
                            board.set(e, color.opponent().cell());
                            !wins_somewhere(rules, &board, color)
                        })
                        .collect();
                    assert_eq!(stops, truth, "{rules:?} {color:?}\n{}", game.render());
                    far_ends += stops.iter().filter(|i| !fives.contains(i)).count();
                }
            });
            if rules.variant == Variant::Caro {
                assert!(far_ends > 5, "{rules:?}: only {far_ends} far ends seen");
            }
        }
    }

    /// Everything a position keeps up to date that the search reads: the same as
    /// computed from scratch (`fresh`), or the panic says where it differs.
    fn assert_same_state(pos: &Position, fresh: &Position, game: &Gomoku) {
        let on_board: Vec<usize> = fresh.board.indices().collect();
        let keys = |p: &Position| on_board.iter().map(|&i| p.keys[i]).collect::<Vec<_>>();
        let why = game.render();
        assert_eq!(pos.eval, fresh.eval, "evaluation\n{why}");
        assert_eq!(
            empty_cell_pats(pos),
            empty_cell_pats(fresh),
            "patterns\n{why}"
        );
        assert_eq!(keys(pos), keys(fresh), "line keys\n{why}");
        assert_eq!(pos.near[..], fresh.near[..], "stones near\n{why}");
        assert_eq!(
            pos.candidate_cells, fresh.candidate_cells,
            "candidates\n{why}"
        );
        assert_eq!(pos.four_cells, fresh.four_cells, "four points\n{why}");
        assert_eq!(
            (pos.hash, pos.to_move),
            (fresh.hash, fresh.to_move),
            "{why}"
        );
    }

    /// The keys, patterns and evaluation kept up to date move by move, and move by move
    /// taken back (also in the middle of a game, as the search does), equal the ones
    /// computed from scratch.
    #[test]
    fn incremental_values_match_a_fresh_count() {
        for rules in [Rules::freestyle(), Rules::renju(), Rules::caro(false)] {
            let mut rng = Rng::new(5);
            let mut game = Gomoku::new(rules, 15, 15).unwrap();
            let mut pos = Position::new(&game);
            let mut undone = 0;
            for _ in 0..120 {
                if rng.below(3) == 0 && game.undo().is_some() {
                    pos.undo();
                    undone += 1;
                } else {
                    let p = Point::new(3 + rng.below(9) as usize, 3 + rng.below(9) as usize);
                    if game.outcome().is_some() || game.play(p).is_err() {
                        continue;
                    }
                    pos.play(p.index());
                }
                assert_same_state(&pos, &Position::new(&game), &game);
            }
            assert!(game.history().len() > 20 && undone > 20);
            while game.undo().is_some() {
                pos.undo();
                assert_same_state(&pos, &Position::new(&game), &game);
            }
            assert!(pos.overwritten.is_empty());
        }
    }

    /// The fitting tool's counts are what the evaluation weighs: their weighted sum is
    /// the evaluation, Black's foul-looking cells left out alike.
    #[test]
    fn the_weighed_terms_are_the_evaluation() {
        for rules in [
            Rules::freestyle(),
            Rules::renju(),
            Rules::omok(),
            Rules::caro(false),
        ] {
            let mut rng = Rng::new(11);
            let mut game = Gomoku::new(rules, 15, 15).unwrap();
            let mut checked = 0;
            for _ in 0..80 {
                let p = Point::new(3 + rng.below(9) as usize, 3 + rng.below(9) as usize);
                if game.outcome().is_some() || game.play(p).is_err() {
                    continue;
                }
                let pos = Position::new(&game);
                let terms = pos.eval_terms();
                assert_eq!(
                    terms.weigh(WeightSet::of(rules).weights()),
                    i64::from(pos.evaluate())
                );
                let empty = (15 * 15 - game.history().len()) as u32;
                assert!(terms.threat[MOVER].iter().sum::<u32>() <= empty);
                checked += 1;
            }
            assert!(checked > 30);
        }
    }

    /// A four-three point wins for the side to move, while the other side can still
    /// block it: the evaluation says so, from either side.
    #[test]
    fn a_four_three_point_counts_most_for_the_side_to_move() {
        let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        let black = [(4, 7), (5, 7), (6, 7), (7, 8), (7, 9)];
        let white = [(3, 7), (0, 0), (14, 0), (0, 14), (14, 14)];
        for (&(bx, by), &(wx, wy)) in black.iter().zip(&white) {
            g.place(Point::new(bx, by), Color::Black).unwrap();
            g.place(Point::new(wx, wy), Color::White).unwrap();
        }
        let pos = Position::new(&g);
        let centre = Point::new(7, 7).index();
        assert_eq!(pos.threat(centre, Color::Black), Threat::FourThree);
        g.set_to_move(Color::Black);
        let black_to_move = Position::new(&g).evaluate();
        g.set_to_move(Color::White);
        let white_to_move = Position::new(&g).evaluate();
        assert!(black_to_move >= 1_000, "{black_to_move}");
        assert!(white_to_move <= -300, "{white_to_move}");
        assert!(black_to_move > -white_to_move + 500);
    }

    /// Under Renju and Omok a cell where Black would make two open threes is worth
    /// nothing to Black (it may not be played); in freestyle it is Black's best cell.
    #[test]
    fn a_double_three_point_is_worth_nothing_to_renju_black() {
        let black = [(5, 7), (6, 7), (7, 5), (7, 6)];
        let white = [(0, 0), (14, 0), (0, 14), (14, 14)];
        let value_at_centre = |rules: Rules| {
            let mut g = Gomoku::new(rules, 15, 15).unwrap();
            for (&(bx, by), &(wx, wy)) in black.iter().zip(&white) {
                g.place(Point::new(bx, by), Color::Black).unwrap();
                g.place(Point::new(wx, wy), Color::White).unwrap();
            }
            let pos = Position::new(&g);
            let centre = Point::new(7, 7).index();
            assert_eq!(pos.threat(centre, Color::Black), Threat::DoubleThree);
            pos.cell_value(centre, Color::Black)
        };
        assert_eq!(value_at_centre(Rules::renju()), 0);
        assert_eq!(value_at_centre(Rules::omok()), 0);
        assert!(value_at_centre(Rules::freestyle()) >= 2 * PAT_VALUE[Pat::F3 as usize]);
    }
}
