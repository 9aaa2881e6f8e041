//! Counting a finished (or unfinished) game: which stones are dead, area and territory,
//! komi and handicap compensation.

use super::board::NO_POINT;
use super::board::{Board, Cell, Color, Point};
use super::playout::{max_playout_moves, owner};
use super::policy;
use super::rules::{RuleSet, Scoring};
use crate::rng::Rng;

/// The count of one position, White's komi and compensation included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub black: f64,
    pub white: f64,
}

impl Score {
    /// Black's lead (negative when White leads).
    pub fn margin(&self) -> f64 {
        self.black - self.white
    }

    /// SGF `RE` style, one decimal as GNU Go prints it: `B+3.5`, `W+12.0`, `0`.
    pub fn result(&self) -> String {
        let m = self.margin();
        if m > 0.0 {
            format!("B+{m:.1}")
        } else if m < 0.0 {
            format!("W+{:.1}", -m)
        } else {
            "0".to_string()
        }
    }

    /// A sentence for GoGui's result dialog.
    pub fn sentence(&self) -> String {
        let m = self.margin();
        if m > 0.0 {
            format!("Black wins by {m:.1} points")
        } else if m < 0.0 {
            format!("White wins by {:.1} points", -m)
        } else {
            "Draw (jigo)".to_string()
        }
    }
}

/// Playouts used to decide life and death. Their seed is fixed so that the verdict
/// depends on the position alone: `final_score` and `final_status_list` always agree.
const STATUS_PLAYOUTS: usize = 256;
const STATUS_SEED: u64 = 0x5C04E;

/// Who owns each point at the end of `playouts` policy playouts from this position:
/// +1 always Black, -1 always White, indexed by point.
pub fn ownership(board: &Board, to_move: Color, playouts: usize, seed: u64) -> Vec<f32> {
    playout_ends(board, to_move, playouts, seed).mean
}

/// What the ends of many playouts say about each point.
struct PlayoutEnds {
    /// +1 always Black's, -1 always White's.
    mean: Vec<f32>,
    /// The share of playouts that ended with the point empty and owned by neither side.
    unowned: Vec<f32>,
}

fn playout_ends(board: &Board, to_move: Color, playouts: usize, seed: u64) -> PlayoutEnds {
    let mut rng = Rng::new(seed);
    let mut sum = vec![0i32; super::board::MAX_POINTS];
    let mut unowned = vec![0u32; super::board::MAX_POINTS];
    let max_moves = max_playout_moves(board.size());
    let mut scratch = policy::Scratch::default();
    scratch.nakade = true;
    for _ in 0..playouts {
        let mut b = board.clone();
        policy::playout(
            &mut b,
            to_move,
            NO_POINT,
            &mut rng,
            &mut scratch,
            max_moves,
            |_, _| {},
        );
        for p in board.points() {
            match owner(&b, p) {
                Some(Color::Black) => sum[p as usize] += 1,
                Some(Color::White) => sum[p as usize] -= 1,
                None => unowned[p as usize] += 1,
            }
        }
    }
    let share = |n: f32| n / playouts.max(1) as f32;
    PlayoutEnds {
        mean: sum.iter().map(|&n| share(n as f32)).collect(),
        unowned: unowned.iter().map(|&n| share(n as f32)).collect(),
    }
}

/// The life-and-death verdict on every stone of a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Status {
    pub dead: Vec<Point>,
    /// Living stones that live in seki: they share a liberty with enemy stones that live
    /// too, and neither side can fill it.
    pub seki: Vec<Point>,
}

/// A shared liberty that stays empty at the end of this share of playouts is a seki
/// liberty: the policy does not fill a point that puts its own group in atari, while
/// the dame between living groups gets filled.
const SEKI_UNOWNED: f32 = 0.8;

/// The verdict of the engine's policy playouts from this position. A stone is dead when
/// the opponent owns its point at the end of most of them (never under Tromp-Taylor,
/// which counts the board as it stands); a living chain is in seki when it touches an
/// empty point next to living stones of both colours that the playouts leave empty.
pub fn status(board: &Board, to_move: Color, rules: RuleSet) -> Status {
    if board.stone_count() == 0 {
        return Status::default();
    }
    let ends = playout_ends(board, to_move, STATUS_PLAYOUTS, STATUS_SEED);
    // Whole chains are judged by their representative, so a chain is never split.
    let is_dead = |p: Point| {
        let rep = board.chain_id(p) as usize;
        rules.removes_dead_stones()
            && match board.cell(p) {
                Cell::Black => ends.mean[rep] < 0.0,
                Cell::White => ends.mean[rep] > 0.0,
                _ => false,
            }
    };
    let living = |p: Point, c: Color| board.cell(p).color() == Some(c) && !is_dead(p);
    let seki_liberty = |p: Point| {
        board.cell(p) == Cell::Empty
            && ends.unowned[p as usize] >= SEKI_UNOWNED
            && board
                .neighbours(p)
                .into_iter()
                .any(|q| living(q, Color::Black))
            && board
                .neighbours(p)
                .into_iter()
                .any(|q| living(q, Color::White))
    };
    let mut seki_chains = Vec::new();
    for p in board.points().filter(|&p| seki_liberty(p)) {
        for q in board.neighbours(p) {
            if board.cell(q).color().is_some() && !seki_chains.contains(&board.chain_id(q)) {
                seki_chains.push(board.chain_id(q));
            }
        }
    }
    let stones = || board.points().filter(|&p| board.cell(p).color().is_some());
    Status {
        dead: stones().filter(|&p| is_dead(p)).collect(),
        seki: stones()
            .filter(|&p| seki_chains.contains(&board.chain_id(p)))
            .collect(),
    }
}

/// Points of each colour's area or territory with the `dead` stones taken off.
/// Returns (black, white) counts: stones (area scoring only) plus empty regions that
/// reach only that colour.
fn count_regions(board: &Board, dead: &[Point], scoring: Scoring) -> (u32, u32) {
    let n = super::board::MAX_POINTS;
    let mut effective: Vec<Cell> = (0..n).map(|i| board.cell(i as Point)).collect();
    for &p in dead {
        effective[p as usize] = Cell::Empty;
    }
    let mut seen = vec![false; n];
    let (mut black, mut white) = (0u32, 0u32);
    let mut stack = Vec::new();
    for p in board.points() {
        match effective[p as usize] {
            Cell::Black if scoring == Scoring::Area => black += 1,
            Cell::White if scoring == Scoring::Area => white += 1,
            Cell::Empty if !seen[p as usize] => {
                let (mut size, mut reaches_b, mut reaches_w) = (0u32, false, false);
                seen[p as usize] = true;
                stack.push(p);
                while let Some(q) = stack.pop() {
                    size += 1;
                    for r in board.neighbours(q) {
                        match effective[r as usize] {
                            Cell::Empty if !seen[r as usize] => {
                                seen[r as usize] = true;
                                stack.push(r);
                            }
                            Cell::Black => reaches_b = true,
                            Cell::White => reaches_w = true,
                            _ => {}
                        }
                    }
                }
                match (reaches_b, reaches_w) {
                    (true, false) => black += size,
                    (false, true) => white += size,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    (black, white)
}

/// Counts the position with `dead` removed under `rules`, with `komi` and `handicap`
/// stones (for the compensation of area rule sets).
pub fn count(board: &Board, dead: &[Point], rules: RuleSet, komi: f64, handicap: usize) -> Score {
    let scoring = rules.scoring();
    let (b, w) = count_regions(board, dead, scoring);
    let (mut black, mut white) = (b as f64, w as f64);
    match scoring {
        Scoring::Area => white += rules.handicap_bonus().points(handicap),
        Scoring::Territory => {
            let dead_of = |c: Color| {
                dead.iter()
                    .filter(|&&p| board.cell(p).color() == Some(c))
                    .count()
            };
            black += (board.prisoners(Color::Black) as usize + dead_of(Color::White)) as f64;
            white += (board.prisoners(Color::White) as usize + dead_of(Color::Black)) as f64;
        }
    }
    white += komi;
    Score { black, white }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::board_from;

    #[test]
    fn area_counts_stones_and_surrounded_points() {
        let b = board_from(&["..XO.", "..XO.", "..XO.", "..XO.", "..XO."]);
        let s = count(&b, &[], RuleSet::TrompTaylor, 0.5, 0);
        assert_eq!((s.black, s.white), (15.0, 10.5));
        assert_eq!(s.result(), "B+4.5");
    }

    #[test]
    fn territory_counts_prisoners_and_dead_stones() {
        let b = board_from(&["..XO.", "..XO.", ".OXO.", "..XO.", "..XO."]);
        let dead: Vec<Point> = vec![b.point(1, 2)];
        let s = count(&b, &dead, RuleSet::Japanese, 6.5, 0);
        // Black: 10 points of territory (the dead stone's included) + 1 prisoner;
        // White: 5 + 6.5 komi.
        assert_eq!((s.black, s.white), (11.0, 11.5));
    }

    #[test]
    fn dead_stone_estimate_finds_a_lone_invader() {
        let b = board_from(&[
            ".X.XO..", "XXXXO..", "..XOO.O", ".XXO...", "XX.XO..", ".X.XO.X", "..XXO..",
        ]);
        let dead = status(&b, Color::Black, RuleSet::Chinese).dead;
        assert!(
            dead.contains(&b.point(6, 1)),
            "the white-area black stone is dead"
        );
        assert!(!dead.contains(&b.point(6, 4)));
        assert!(
            status(&b, Color::Black, RuleSet::TrompTaylor)
                .dead
                .is_empty()
        );
    }

    #[test]
    fn results_read_like_sgf() {
        assert_eq!(
            Score {
                black: 10.0,
                white: 10.0
            }
            .result(),
            "0"
        );
        assert_eq!(
            Score {
                black: 3.0,
                white: 10.5
            }
            .result(),
            "W+7.5"
        );
    }
}
