//! `genmove` and the analysis command: perfect play from the exact solver, within a budget.

use std::time::Instant;

use super::geometry::centre_first;
use super::solver::{Analysis, SolveError, Solver};
use super::{BoardSize, Connect4, Move, Outcome};
use crate::search::Limits;

/// Solver nodes of a move when there is no clock and no `--playouts`: about 1 s on one
/// core. Positions the book or the table settle take far fewer; past the budget the
/// engine plays the best move found so far.
pub const DEFAULT_NODES: u64 = 16_000_000;

/// The Connect Four player: a solver whose table and book last from move to move.
pub struct Engine {
    solver: Solver,
}

impl Engine {
    /// An engine for `size`, with the shipped opening book when there is one.
    pub fn new(size: BoardSize) -> Self {
        Engine {
            solver: Solver::new(size),
        }
    }

    pub fn with_solver(solver: Solver) -> Self {
        Engine { solver }
    }

    pub fn size(&self) -> BoardSize {
        self.solver.size()
    }

    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The exact score of every column for the side to move (see `Analysis`).
    pub fn analyse(&mut self, game: &Connect4, limits: &Limits) -> Result<Analysis, SolveError> {
        self.solver.analyse(game, limits)
    }

    /// An optimal move for the side to move: the fastest win, else a draw, else the slowest
    /// loss; among equals the most central column. When the budget runs out first, the best
    /// move found so far (logged as a warning). `None` once the game is over.
    pub fn genmove(&mut self, game: &Connect4, limits: &Limits) -> Option<Move> {
        let start = Instant::now();
        let analysis = match self.solver.analyse(game, limits) {
            Ok(analysis) => analysis,
            Err(SolveError::GameOver) => return None,
            Err(error) => panic!("engine and game disagree: {error}"),
        };
        let column = if analysis.complete {
            best_column(&analysis)
        } else {
            let column = fallback_column(game, &analysis);
            log::warn!(
                "connect4: no exact solution within the budget ({:.2} s, {} nodes): \
                 playing column {} from partial scores {:?}",
                start.elapsed().as_secs_f64(),
                analysis.nodes,
                column + 1,
                analysis.scores
            );
            column
        };
        log::debug!("connect4 analysis {:?}", analysis.scores);
        game.landing(column)
    }
}

/// The solved column with the highest score, the most central among equals.
fn best_solved(analysis: &Analysis) -> Option<(usize, i32)> {
    centre_first(analysis.scores.len())
        .filter_map(|c| analysis.scores[c].map(|score| (c, score)))
        .fold(None, |best, (c, score)| match best {
            Some((_, best_score)) if best_score >= score => best,
            _ => Some((c, score)),
        })
}

fn best_column(analysis: &Analysis) -> usize {
    best_solved(analysis)
        .expect("a game that is not over has a playable column")
        .0
}

/// With some columns unsolved: a proven win or draw is kept; otherwise an unsolved column
/// that does not hand the opponent an immediate four, centre first; else the least bad.
fn fallback_column(game: &Connect4, analysis: &Analysis) -> usize {
    let width = game.size().width();
    let proven = best_solved(analysis);
    if let Some((column, score)) = proven
        && score >= 0
    {
        return column;
    }
    let unsolved = |c: &usize| analysis.scores[*c].is_none() && game.landing(*c).is_some();
    centre_first(width)
        .filter(unsolved)
        .find(|&c| !hands_a_win(game, c))
        .or(proven.map(|(c, _)| c))
        .or_else(|| centre_first(width).find(unsolved))
        .expect("a game that is not over has a playable column")
}

/// Whether dropping in `column` lets the opponent make four with its next stone.
fn hands_a_win(game: &Connect4, column: usize) -> bool {
    let mut after = game.clone();
    after
        .play(game.landing(column).expect("a playable column"))
        .unwrap();
    if after.is_over() {
        return false;
    }
    (0..after.size().width()).any(|c| {
        after.landing(c).is_some_and(|mv| {
            let mut reply = after.clone();
            reply.play(mv).unwrap();
            reply.outcome().is_some_and(|o| o != Outcome::Draw)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_centre() {
        let analysis = Analysis {
            scores: vec![Some(1), None, Some(3), Some(-2), Some(3), None, Some(0)],
            complete: true,
            nodes: 0,
        };
        assert_eq!(best_column(&analysis), 2);
    }
}
