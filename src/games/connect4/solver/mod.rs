//! The exact solver behind `genmove` and the analysis command.
//!
//! The search is compiled once per board size (every mask and shift a constant); `Solver`
//! picks the right one at run time and keeps the transposition table and the opening book
//! from one call to the next.

mod book;
mod position;
mod search;
mod table;

use std::sync::Arc;
use std::time::Instant;

use thiserror::Error;

pub use book::{Book, BookEntry, BookError};
pub use table::Table;

use super::{BoardSize, Connect4};
use crate::search::Limits;
use position::Position;
use search::{Budget, Search};

/// Default table: 2^20 buckets of 64 bytes in the large tier (64 MiB, four million
/// positions), plus the 512 KiB small tier.
pub const DEFAULT_TABLE_BITS: u32 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    #[error("the game is over")]
    GameOver,
    #[error("the search ran out of time or nodes")]
    OutOfBudget,
    #[error("the solver is for another board size")]
    WrongSize,
}

/// The exact score of every column for the side to move (`None` for a full column), or,
/// when the budget ran out, of the columns solved so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Indexed by column; `None` for a full column or one left unsolved.
    pub scores: Vec<Option<i32>>,
    /// Whether every playable column got its exact score.
    pub complete: bool,
    pub nodes: u64,
}

struct Job<'a> {
    table: &'a mut Table,
    book: Option<&'a Book>,
    budget: Budget<'a>,
    current: u64,
    mask: u64,
}

/// Size-specific entry points, chosen once per solver.
#[derive(Clone, Copy)]
struct Kernel {
    solve: fn(Job) -> (Option<i32>, u64),
    analyse: fn(Job) -> Analysis,
}

fn solve_sized<const W: usize, const H: usize>(job: Job) -> (Option<i32>, u64) {
    let position = Position::<W, H>::new(job.current, job.mask);
    let mut search = Search::<W, H>::new(job.table, job.book, job.budget);
    let score = search.solve(&position);
    (score, search.nodes)
}

fn analyse_sized<const W: usize, const H: usize>(job: Job) -> Analysis {
    let position = Position::<W, H>::new(job.current, job.mask);
    let mut search = Search::<W, H>::new(job.table, job.book, job.budget);
    let mut scores = vec![None; W];
    let mut complete = true;
    let possible = position.possible();
    for column in search::centre_first::<W>() {
        let mv = possible & Position::<W, H>::column_mask(column);
        if mv == 0 {
            continue;
        }
        if Position::<W, H>::winning_cells(position.current(), position.mask()) & mv != 0 {
            scores[column] = Some(Search::<W, H>::immediate_win(&position));
            continue;
        }
        let child = position.after(mv);
        let score = if child.moves() == Position::<W, H>::CELLS {
            Some(0)
        } else {
            search.solve(&child).map(|s| -s)
        };
        if score.is_none() {
            complete = false;
            break;
        }
        scores[column] = score;
    }
    Analysis {
        scores,
        complete,
        nodes: search.nodes,
    }
}

macro_rules! kernel_for {
    ($size:expr; $(($w:literal, $h:literal)),* $(,)?) => {
        match ($size.width(), $size.height()) {
            $(($w, $h) => Kernel {
                solve: solve_sized::<$w, $h>,
                analyse: analyse_sized::<$w, $h>,
            },)*
            (w, h) => unreachable!("board size {w}x{h} is refused by BoardSize::new"),
        }
    };
}

fn kernel(size: BoardSize) -> Kernel {
    kernel_for!(size;
        (4, 4), (4, 5), (4, 6), (4, 7), (4, 8), (4, 9),
        (5, 4), (5, 5), (5, 6), (5, 7), (5, 8), (5, 9),
        (6, 4), (6, 5), (6, 6), (6, 7), (6, 8), (6, 9),
        (7, 4), (7, 5), (7, 6), (7, 7), (7, 8),
        (8, 4), (8, 5), (8, 6), (8, 7),
        (9, 4), (9, 5), (9, 6),
    )
}

/// An exact solver for one board size, with its transposition table and optional book.
pub struct Solver {
    size: BoardSize,
    kernel: Kernel,
    table: Table,
    book: Option<Arc<Book>>,
}

impl Solver {
    /// A solver with the default table, and the shipped book when there is one for `size`.
    pub fn new(size: BoardSize) -> Self {
        let mut solver = Solver::with_table_bits(size, DEFAULT_TABLE_BITS);
        solver.book = super::opening::shipped_book(size);
        solver
    }

    /// A solver without book and a table of `2^log2_buckets` buckets of 64 bytes.
    pub fn with_table_bits(size: BoardSize, log2_buckets: u32) -> Self {
        Solver {
            size,
            kernel: kernel(size),
            table: Table::new(log2_buckets),
            book: None,
        }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book.filter(|b| b.size() == self.size);
    }

    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Forgets every position (the book stays).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn job<'a>(&'a mut self, game: &Connect4, budget: Budget<'a>) -> Result<Job<'a>, SolveError> {
        if game.size() != self.size {
            return Err(SolveError::WrongSize);
        }
        if game.is_over() {
            return Err(SolveError::GameOver);
        }
        self.table.new_search();
        let (current, mask) = game.bitboards();
        Ok(Job {
            table: &mut self.table,
            book: self.book.as_deref(),
            budget,
            current,
            mask,
        })
    }

    /// The exact score for the side to move, with the nodes searched.
    pub fn solve(&mut self, game: &Connect4) -> Result<(i32, u64), SolveError> {
        let kernel = self.kernel;
        let (score, nodes) = (kernel.solve)(self.job(game, Budget::unlimited())?);
        Ok((score.expect("an unlimited search finishes"), nodes))
    }

    /// Like `solve`, within the node and time budget of `limits`.
    pub fn solve_within(
        &mut self,
        game: &Connect4,
        limits: &Limits,
    ) -> Result<(i32, u64), SolveError> {
        let kernel = self.kernel;
        let (score, nodes) = (kernel.solve)(self.job(game, Budget::new(limits, Instant::now()))?);
        score.map(|s| (s, nodes)).ok_or(SolveError::OutOfBudget)
    }

    /// The exact score of each column, centre columns first, within `limits`.
    pub fn analyse(&mut self, game: &Connect4, limits: &Limits) -> Result<Analysis, SolveError> {
        let kernel = self.kernel;
        Ok((kernel.analyse)(
            self.job(game, Budget::new(limits, Instant::now()))?,
        ))
    }
}
