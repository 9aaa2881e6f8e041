//! Threat-space searches: VCF (victory by continuous fours) and VCT (victory by
//! continuous threats, fours and open threes). Both are AND/OR searches where the
//! attacker only plays threats and the defender only the moves that answer them, so
//! they see much deeper than the main search along forcing lines.

use super::position::{Position, Threat};
use super::search::{Engine, Scan};
use super::tt::Bound;
use crate::games::gomoku::board::{Color, Point};
use std::cmp::Reverse;

/// The score a VCT table entry holds for a proved win.
const PROVED_WIN: i32 = 1;
/// The score of a table entry for a defender's position that holds the defence which
/// refuted the attack there (a hint for the move order, never a result).
const REFUTED_BY: i32 = -1;
/// Below the VCT's first move, an open three is tried only if it lies on a line within
/// this many cells of one of the attack's stones: threes elsewhere are another attack.
const RELATED_REACH: i32 = 4;

/// Plies of fours the VCF solver looks through.
pub(super) const VCF_DEPTH: i32 = 24;

impl Engine {
    /// A first move of a forced win by continuous fours, if there is one.
    pub(super) fn vcf_root(&mut self, pos: &mut Position) -> Option<usize> {
        let me = pos.to_move();
        let scan = self.scan(pos);
        let mut fours: Vec<usize> = scan.my_open_fours.clone();
        fours.extend(&scan.my_fours);
        self.first_win(pos, me, fours, |engine, pos, _| {
            engine.vcf_after_four(pos, VCF_DEPTH)
        })
    }

    /// The first of `moves` for `me` (forbidden points left out) after which `wins` holds;
    /// `None` when none does or the budget ran out first.
    fn first_win(
        &mut self,
        pos: &mut Position,
        me: Color,
        moves: impl IntoIterator<Item = usize>,
        mut wins: impl FnMut(&mut Engine, &mut Position, usize) -> bool,
    ) -> Option<usize> {
        for mv in moves {
            if pos.is_forbidden(mv, me) {
                continue;
            }
            pos.play(mv);
            let win = wins(self, pos, mv);
            pos.undo();
            if win {
                return Some(mv);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// Counts a defender's node and scans it; `None` (the attack fails) when the budget
    /// is spent or the defender has a five of its own, which wins first.
    fn defender_scan(&mut self, pos: &mut Position) -> Option<Scan> {
        self.nodes += 1;
        if self.out_of_budget() {
            return None;
        }
        let scan = self.scan(pos);
        scan.my_fives.is_empty().then_some(scan)
    }

    /// With the attacker's four just played (the defender to move): does it win?
    fn vcf_after_four(&mut self, pos: &mut Position, depth: i32) -> bool {
        let Some(scan) = self.defender_scan(pos) else {
            return false;
        };
        let defender = pos.to_move();
        let attacker = defender.opponent();
        // It wins when every stop of the four (none: it cannot be stopped) loses.
        let wins = !scan.their_fives.is_empty()
            && scan.their_stops.iter().all(|&block| {
                if pos.is_forbidden(block, defender) {
                    return true;
                }
                pos.play(block);
                let win = self.vcf_attack(pos, depth - 1, attacker);
                pos.undo();
                win
            });
        self.recycle(scan);
        wins
    }

    /// The attacker to move, the defender having just blocked: a four that wins?
    fn vcf_attack(&mut self, pos: &mut Position, depth: i32, me: Color) -> bool {
        if depth <= 0 {
            return false;
        }
        let scan = self.scan(pos);
        // Our fours to go on with, or whether it is decided already: won with a five; or
        // lost when the block made a four, which only a four that also blocks it could
        // answer (given up).
        let fours = if !scan.my_fives.is_empty() {
            Err(true)
        } else if !scan.their_fives.is_empty() {
            Err(false)
        } else {
            Ok([&scan.my_open_fours[..], &scan.my_fours[..]].concat())
        };
        self.recycle(scan);
        let mut fours = match fours {
            Ok(fours) => fours,
            Err(won) => return won,
        };
        fours.sort_by_key(|&i| Reverse(pos.move_score(i, me)));
        self.first_win(pos, me, fours, |engine, pos, _| {
            engine.vcf_after_four(pos, depth - 1)
        })
        .is_some()
    }

    /// A first move of a forced win by fours and open threes within `depth` attacker
    /// moves (iteratively deepened), if the budget finds one.
    pub(super) fn vct_root(&mut self, pos: &mut Position, depth: i32) -> Option<usize> {
        self.attack_stones.clear();
        (1..=depth).find_map(|d| {
            if self.aborted {
                return None;
            }
            self.vct_attack(pos, d)
        })
    }

    /// The attacker to move: a threat (or five) that wins within `depth` attacker moves.
    /// Threat sequences reach one position in many orders, so what is proved of a
    /// position is kept: a winning move (a win at any depth), or the depth to which
    /// there is none (among the threes that extend the attack which got there first).
    fn vct_attack(&mut self, pos: &mut Position, depth: i32) -> Option<usize> {
        self.nodes += 1;
        if self.out_of_budget() {
            return None;
        }
        let me = pos.to_move();
        let scan = self.scan(pos);
        let key = pos.hash();
        // A five, the depth spent, or what the table has proved.
        let settled = if let Some(&five) = scan.my_fives.first() {
            Some(Some(five))
        } else if depth <= 0 {
            Some(None)
        } else {
            let hit = (self.vct_table.probe(key))
                .filter(|hit| self.remember_vcts && hit.score != REFUTED_BY);
            hit.and_then(|hit| match hit.mv {
                Some(win) if hit.score == PROVED_WIN => Some(Some(win)),
                _ if hit.depth >= depth => Some(None),
                _ => None,
            })
        };
        if let Some(found) = settled {
            self.recycle(scan);
            return found;
        }
        let found = self.vct_attack_moves(pos, depth, me, &scan);
        self.recycle(scan);
        if self.remember_vcts && !self.aborted {
            let score = if found.is_some() { PROVED_WIN } else { 0 };
            (self.vct_table).store(key, depth, score, Bound::Exact, found);
        }
        found
    }

    /// [`Engine::vct_attack`]'s search of the attacker's threats.
    fn vct_attack_moves(
        &mut self,
        pos: &mut Position,
        depth: i32,
        me: Color,
        scan: &Scan,
    ) -> Option<usize> {
        if !scan.their_fives.is_empty() {
            // A counter-four must be stopped; the attack goes on only if our threat stands.
            let stops = scan.their_stops.clone();
            return self.first_attack_win(pos, me, stops, depth);
        }
        let mut threats: Vec<(i32, usize)> = Vec::new();
        for &i in scan.my_open_fours.iter().chain(&scan.my_fours) {
            threats.push((1 << 20 | pos.move_score(i, me), i));
        }
        // An open three of theirs outruns any three of ours, unless ours is made where
        // it also stops theirs: then only such threes (if the stop is not enough, their
        // straight four is among the defences and refutes it).
        let their_three = !scan.their_open_fours.is_empty();
        let stops_of_their_three = their_three.then(|| scan.open_three_answers(pos));
        pos.candidates(&mut self.candidates);
        for &i in &self.candidates {
            let allowed = stops_of_their_three
                .as_ref()
                .is_none_or(|stops| stops.contains(&i));
            if allowed
                && matches!(pos.threat(i, me), Threat::Three | Threat::DoubleThree)
                && self.extends_the_attack(i)
            {
                threats.push((pos.move_score(i, me), i));
            }
        }
        threats.sort_unstable_by_key(|&(s, _)| Reverse(s));
        let moves = threats.into_iter().map(|(_, mv)| mv);
        self.first_attack_win(pos, me, moves, depth)
    }

    /// The first of the attacker's `moves` the defender cannot hold against within
    /// `depth` attacker moves (this one included); each is one of the attack's stones
    /// while its answers are searched.
    fn first_attack_win(
        &mut self,
        pos: &mut Position,
        me: Color,
        moves: impl IntoIterator<Item = usize>,
        depth: i32,
    ) -> Option<usize> {
        self.first_win(pos, me, moves, |engine, pos, mv| {
            engine.attack_stones.push(mv);
            let win = engine.vct_defend(pos, depth - 1);
            engine.attack_stones.pop();
            win
        })
    }

    /// Whether a three at `index` belongs to the attack being searched: any does at its
    /// first move; later, one on a line within [`RELATED_REACH`] of one of the attack's
    /// stones. A three elsewhere starts another attack, which the search would otherwise
    /// interleave with this one in every order (with the defences ordered too, the
    /// solver finds more wins in less than half the nodes: see protocol/gomocup.md).
    fn extends_the_attack(&self, index: usize) -> bool {
        self.any_three
            || self.attack_stones.is_empty()
            || self
                .attack_stones
                .iter()
                .any(|&stone| on_a_line_near(index, stone))
    }

    /// The defender to move after an attacker's move: does the attack win whatever the
    /// defender does? False when the attacker threatens nothing.
    fn vct_defend(&mut self, pos: &mut Position, depth: i32) -> bool {
        let Some(scan) = self.defender_scan(pos) else {
            return false;
        };
        let me = pos.to_move();
        // The moves that answer the threat, or whether the attack has won already.
        let answers = match scan.their_fives.as_slice() {
            [] if scan.their_open_fours.is_empty() => Err(false),
            [] => Ok(scan.open_three_answers(pos)),
            _ if scan.their_stops.is_empty() => Err(true),
            _ => Ok(scan.their_stops.clone()),
        };
        self.recycle(scan);
        let mut defences = match answers {
            Ok(defences) => defences,
            Err(won) => return won,
        };
        defences.retain(|&i| !pos.is_forbidden(i, me));
        // One refutation settles the node, so the likeliest go first: the defence that
        // refuted this position's attack before (a shallower iteration's, or an earlier
        // move's), then the defender's strongest points.
        let key = pos.hash();
        let hit = self.vct_table.probe(key).filter(|_| self.remember_vcts);
        let refuted_before = (hit.as_ref())
            .filter(|hit| hit.score == REFUTED_BY)
            .and_then(|hit| hit.mv);
        // The same position, with the same side to move, is the attacker's in a search
        // for the other side's win (the root's defence runs one): a win proved there is
        // worth more than a hint, and keeps its entry.
        let keep_entry = hit.is_some_and(|hit| hit.score == PROVED_WIN);
        defences.sort_by_cached_key(|&i| {
            (
                Reverse(Some(i) == refuted_before),
                Reverse(pos.move_score(i, me)),
            )
        });
        for mv in defences {
            pos.play(mv);
            let win = self.vct_attack(pos, depth).is_some();
            pos.undo();
            if !win {
                if self.remember_vcts && !self.aborted && !keep_entry {
                    (self.vct_table).store(key, 0, REFUTED_BY, Bound::Exact, Some(mv));
                }
                return false;
            }
        }
        !self.aborted
    }
}

/// Whether two cells lie on one line (a row, a column or a diagonal) within
/// [`RELATED_REACH`] cells of each other.
fn on_a_line_near(a: usize, b: usize) -> bool {
    let (a, b) = (Point::from_index(a), Point::from_index(b));
    let dx = i32::from(a.x) - i32::from(b.x);
    let dy = i32::from(a.y) - i32::from(b.y);
    dx.abs().max(dy.abs()) <= RELATED_REACH && (dx == 0 || dy == 0 || dx.abs() == dy.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::{Gomoku, Outcome, Point, Rules};
    use crate::rng::Rng;

    fn board(rules: Rules, black: &[(usize, usize)], white: &[(usize, usize)]) -> Gomoku {
        let mut g = Gomoku::new(rules, 15, 15).unwrap();
        for &(x, y) in black {
            g.place(Point::new(x, y), Color::Black).unwrap();
        }
        for &(x, y) in white {
            g.place(Point::new(x, y), Color::White).unwrap();
        }
        g
    }

    fn vct(g: &Gomoku, depth: i32) -> Option<usize> {
        vct_trying(g, depth, false)
    }

    /// [`vct`], trying every three if `any_three`.
    fn vct_trying(g: &Gomoku, depth: i32, any_three: bool) -> Option<usize> {
        let mut engine = Engine::new(1 << 20);
        engine.any_three = any_three;
        engine.max_nodes = 2_000_000;
        let found = engine.vct_root(&mut Position::new(g), depth);
        assert!(!engine.aborted, "budget too small");
        found
    }

    #[test]
    fn double_three_is_a_vct_but_no_vcf() {
        // Black: two open twos crossing at 7,7 (free ends everywhere).
        let mut g = board(
            Rules::freestyle(),
            &[(5, 7), (6, 7), (7, 5), (7, 6)],
            &[(0, 0), (14, 0), (0, 14), (14, 14)],
        );
        g.set_to_move(Color::Black);
        let mut engine = Engine::new(1 << 20);
        assert_eq!(engine.vcf_root(&mut Position::new(&g)), None);
        assert!(vct(&g, 3).is_some());
        // White to move breaks it: White has no VCT of its own.
        g.set_to_move(Color::White);
        assert_eq!(vct(&g, 6), None);
    }

    #[test]
    fn renju_double_three_is_no_vct_for_black() {
        // The same shape is a foul for Black under Renju: no win through it.
        let mut g = board(
            Rules::renju(),
            &[(5, 7), (6, 7), (7, 5), (7, 6)],
            &[(0, 0), (14, 0), (0, 14), (14, 14)],
        );
        g.set_to_move(Color::Black);
        assert!(g.foul_at(Point::new(7, 7)).is_some());
        let found = vct(&g, 3);
        assert_ne!(found, Some(Point::new(7, 7).index()));
        // White with the same stones wins: no fouls for White.
        let mut w = board(
            Rules::renju(),
            &[(0, 0), (14, 0), (0, 14), (14, 14), (1, 1)],
            &[(5, 7), (6, 7), (7, 5), (7, 6)],
        );
        w.set_to_move(Color::White);
        assert!(vct(&w, 3).is_some());
    }

    /// Black's open three on row 7 whose two straight-four points each also make a four
    /// on a column: under Renju both are double-fours, so the three threatens nothing
    /// and White need not answer it; in freestyle both are open-four points.
    #[test]
    fn four_points_that_are_fouls_threaten_nothing() {
        let black = [
            (5, 7),
            (6, 7),
            (7, 7),
            (8, 4),
            (8, 5),
            (8, 6),
            (4, 8),
            (4, 9),
            (4, 10),
        ];
        let white = [
            (8, 3),
            (4, 11),
            (0, 0),
            (14, 0),
            (0, 14),
            (14, 14),
            (1, 1),
            (13, 1),
        ];
        let open_four_points = |rules: Rules| {
            let mut g = board(rules, &black, &white);
            g.set_to_move(Color::White);
            let mut engine = Engine::new(1 << 20);
            let mut pos = Position::new(&g);
            let scan = engine.scan(&mut pos);
            let mut points = scan.their_open_fours.clone();
            points.sort_unstable();
            (points, scan.their_fours.contains(&Point::new(8, 7).index()))
        };
        let (renju, renju_four) = open_four_points(Rules::renju());
        assert_eq!(renju, Vec::<usize>::new());
        assert!(!renju_four);
        let (free, _) = open_four_points(Rules::freestyle());
        let mut expected = vec![Point::new(4, 7).index(), Point::new(8, 7).index()];
        expected.sort_unstable();
        assert_eq!(free, expected);
    }

    /// A Renju game of tabula (Black) against Rapfi, after 11 moves: Black's broken
    /// three on the diagonal 7,6 8,7 _ 10,9 has its lower end 6,5 where Black would make
    /// two fours in the line, a foul. White stops the three there and makes its own
    /// open three on row 5 at once, and wins by threats (Rapfi did, from this position).
    #[test]
    fn a_three_that_stops_theirs_at_a_foul_point_wins() {
        let mut g = board(
            Rules::renju(),
            &[(8, 5), (10, 9), (8, 7), (4, 3), (8, 6), (7, 6)],
            &[(4, 4), (4, 5), (4, 6), (5, 5), (8, 8)],
        );
        g.set_to_move(Color::White);
        let stop = Point::new(6, 5);
        assert!(g.foul_at(stop).is_some());
        let mut engine = Engine::new(1 << 20);
        let mut pos = Position::new(&g);
        let scan = engine.scan(&mut pos);
        assert!(!scan.their_open_fours.is_empty(), "Black's three is open");
        assert!(scan.open_three_answers(&pos).contains(&stop.index()));
        assert!(pos.threat(stop.index(), Color::White) == Threat::Three);
        assert!(vct(&g, 10).is_some());
    }

    /// A Renju game of tabula (Black) against Rapfi from a standard opening, after 18
    /// moves: Black wins by threats in nine moves (Rapfi proved it). Trying every three
    /// on the board, and the defences in board order, the solver found the win in
    /// 738,000 nodes, past the 200,000 of its share at a million nodes a move;
    /// following the attack's own lines and trying first the defence that refuted a
    /// shallower iteration, it needs about a third of that.
    #[test]
    fn a_nine_move_vct_from_a_standard_opening_within_budget() {
        let mut g = Gomoku::new(Rules::renju(), 15, 15).unwrap();
        for mv in [
            "7,7", "8,6", "5,8", "7,6", "5,7", "8,7", "8,8", "6,6", "5,6", "5,5", "6,5", "4,7",
            "10,6", "7,8", "11,7", "9,4", "12,8", "13,9",
        ] {
            g.play(g.parse_gomocup(mv).unwrap()).unwrap();
        }
        let mut engine = Engine::new(1 << 22);
        engine.max_nodes = 300_000;
        let found = engine.vct_root(&mut Position::new(&g), 10);
        assert!(found.is_some(), "{} nodes", engine.nodes);
    }

    #[test]
    fn a_refutation_hint_leaves_a_proved_win_in_place() {
        // White to move against Black's lone open three: a block refutes the attack.
        let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
        for (x, y) in [(6, 7), (0, 0), (7, 7), (14, 14), (8, 7)] {
            g.play(Point::new(x, y)).unwrap();
        }
        let mut pos = Position::new(&g);
        assert_eq!(pos.to_move(), Color::White);
        let key = pos.hash();
        let mut engine = Engine::new(1 << 20);
        engine.max_nodes = 1_000_000;
        // The block that refuted is kept as a hint for the next search of the position.
        assert!(!engine.vct_defend(&mut pos, 3));
        let hint = engine.vct_table.probe(key).expect("a hint");
        assert_eq!((hint.score, hint.depth), (REFUTED_BY, 0));
        assert!(hint.mv.is_some());
        // The same position is White's to attack in a search for White's own win (the
        // root's defence runs one for the opponent): a win proved there stays.
        let white_wins = Some(Point::new(10, 10).index());
        (engine.vct_table).store(key, 3, PROVED_WIN, Bound::Exact, white_wins);
        assert!(!engine.vct_defend(&mut pos, 3));
        let kept = engine.vct_table.probe(key).expect("the win");
        assert_eq!((kept.score, kept.mv), (PROVED_WIN, white_wins));
    }

    #[test]
    fn only_cells_on_a_line_within_reach_are_near() {
        let at = |x, y| Point::new(x, y).index();
        assert!(on_a_line_near(at(7, 7), at(11, 7)));
        assert!(on_a_line_near(at(7, 7), at(7, 3)));
        assert!(on_a_line_near(at(7, 7), at(3, 11)));
        assert!(on_a_line_near(at(7, 7), at(10, 10)));
        assert!(!on_a_line_near(at(7, 7), at(12, 7)), "five cells away");
        assert!(!on_a_line_near(at(7, 7), at(9, 8)), "a knight's move");
        assert!(!on_a_line_near(at(2, 7), at(7, 2)) && on_a_line_near(at(3, 6), at(6, 3)));
    }

    /// The VCT table loses no win: one engine carried through many positions, its
    /// table filling up, finds a VCT wherever a solver without a table does (it may
    /// find more: a win proved deeper elsewhere is taken where it recurs), and asked
    /// again about a position answers from the table alone. That its wins are real is
    /// `claimed_vcts_survive_every_reply`'s business.
    #[test]
    fn the_vct_table_finds_what_the_plain_solver_finds() {
        let mut rng = Rng::new(23);
        let mut carried = Engine::new(1 << 20);
        let (mut positions, mut wins) = (0, 0);
        while positions < 40 {
            let mut g = Gomoku::new(Rules::freestyle(), 15, 15).unwrap();
            while g.stone_count() < 14 && g.outcome().is_none() {
                let p = Point::new(4 + rng.below(7) as usize, 4 + rng.below(7) as usize);
                let _ = g.play(p);
            }
            let mut pos = Position::new(&g);
            let scan = carried.scan(&mut pos);
            if g.outcome().is_some() || !scan.their_fives.is_empty() {
                continue;
            }
            positions += 1;
            let mut plain = Engine::new(1 << 16);
            plain.remember_vcts = false;
            let truth = plain.vct_root(&mut Position::new(&g), 3);
            let found = carried.vct_root(&mut pos, 3);
            assert!(!plain.aborted && !carried.aborted);
            assert!(truth.is_none() || found.is_some(), "\n{}", g.render());
            let before = carried.nodes;
            assert_eq!(carried.vct_root(&mut pos, 3), found);
            assert!(
                carried.nodes - before <= 3,
                "{} nodes",
                carried.nodes - before
            );
            wins += usize::from(truth.is_some());
        }
        assert!(
            wins >= 3 && wins < positions,
            "{wins} VCTs in {positions} positions"
        );
    }

    /// Every VCT claimed in random positions survives every reply of the defender (not
    /// only the threat answers the solver considers): after any reply the attacker still
    /// has a five or a VCT one move shorter. The shorter one is looked for among all
    /// threes: it may go on from the first move's stone, which a new search's attack
    /// does not count as its own.
    #[test]
    fn claimed_vcts_survive_every_reply() {
        // Caro's VCTs once overlooked the stones that close a five's far end.
        for (rules, claims) in [(Rules::freestyle(), 6), (Rules::caro(false), 30)] {
            claimed_vcts_survive_every_reply_under(rules, claims);
        }
    }

    fn claimed_vcts_survive_every_reply_under(rules: Rules, claims: usize) {
        let mut rng = Rng::new(17);
        let (mut claimed, mut tried) = (0, 0);
        while claimed < claims && tried < 100 * claims {
            tried += 1;
            let mut g = Gomoku::new(rules, 15, 15).unwrap();
            while g.stone_count() < 16 && g.outcome().is_none() {
                let p = Point::new(4 + rng.below(7) as usize, 4 + rng.below(7) as usize);
                let _ = g.play(p);
            }
            if g.outcome().is_some() {
                continue;
            }
            let mut engine = Engine::new(1 << 20);
            let mut pos = Position::new(&g);
            let scan = engine.scan(&mut pos);
            if !scan.their_fives.is_empty() || !scan.my_fives.is_empty() {
                continue;
            }
            if engine.vcf_root(&mut pos).is_some() {
                continue;
            }
            let Some(mv) = vct(&g, 4) else { continue };
            claimed += 1;
            let attacker = g.to_move();
            g.play(Point::from_index(mv)).unwrap();
            for reply in g.legal_moves() {
                g.play(reply).unwrap();
                assert_ne!(g.outcome(), Some(Outcome::Win(attacker.opponent())));
                let mut pos = Position::new(&g);
                let five = !engine.scan(&mut pos).my_fives.is_empty();
                assert!(
                    five || vct_trying(&g, 3, true).is_some(),
                    "{rules:?}: {:?} then {reply:?} refutes\n{}",
                    Point::from_index(mv),
                    g.render()
                );
                g.undo();
            }
        }
        assert!(
            claimed >= claims,
            "{rules:?}: only {claimed} VCTs in {tried} positions"
        );
    }
}
