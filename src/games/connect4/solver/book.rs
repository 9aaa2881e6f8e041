//! Opening book: bounds on the scores of positions near the start, proved by our own solver
//! and kept for good (the transposition table forgets).
//!
//! File format (little endian): `C4BK`, width, height, depth (one byte each), a reserved
//! byte, the entry count (u32), then the entries sorted by key: key (u64), lower and upper
//! bound (i8 each). Keys are the smaller of a position's key and its mirror's, so one
//! entry serves both.

use thiserror::Error;

use super::position::Position;
use super::table::Table;
use crate::games::connect4::BoardSize;

const MAGIC: &[u8; 4] = b"C4BK";
const HEADER_BYTES: usize = 12;
const ENTRY_BYTES: usize = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub key: u64,
    pub lower: i8,
    pub upper: i8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    size: BoardSize,
    /// Positions with at most this many stones may be in the book.
    depth: u32,
    entries: Vec<BookEntry>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum BookError {
    #[error("not a Connect Four book")]
    BadHeader,
    #[error("the book is truncated")]
    Truncated,
    #[error("the book is for another board size")]
    WrongSize,
}

impl Book {
    pub fn new(size: BoardSize, depth: u32, mut entries: Vec<BookEntry>) -> Self {
        entries.sort_unstable_by_key(|e| e.key);
        entries.dedup_by_key(|e| e.key);
        Book {
            size,
            depth,
            entries,
        }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Builds a book from what a solver's table learned: every position with at most
    /// `depth` stones, filed under its mirror-canonical key.
    pub fn from_table(size: BoardSize, depth: u32, table: &Table) -> Self {
        let entries = table
            .entries()
            .filter(|(key, _, _)| stones_of_key(size, *key) <= depth)
            .map(|(key, bounds, _)| BookEntry {
                key: key.min(mirrored_key(size, key)),
                lower: bounds.lower as i8,
                upper: bounds.upper as i8,
            })
            .collect();
        Book::new(size, depth, entries)
    }

    /// Adds what `other` knows: both bounds of a position are kept at their tightest.
    pub fn merge(&mut self, other: &Book) {
        self.entries.extend_from_slice(&other.entries);
        self.entries.sort_unstable_by_key(|e| e.key);
        self.entries.dedup_by(|later, kept| {
            let same = later.key == kept.key;
            if same {
                kept.lower = kept.lower.max(later.lower);
                kept.upper = kept.upper.min(later.upper);
            }
            same
        });
        self.depth = self.depth.max(other.depth);
    }

    /// Keeps at most `max_entries` positions, those with fewest stones first.
    pub fn truncate(&mut self, max_entries: usize) {
        if self.entries.len() > max_entries {
            let size = self.size;
            self.entries
                .sort_unstable_by_key(|e| (stones_of_key(size, e.key), e.key));
            self.entries.truncate(max_entries);
            self.entries.sort_unstable_by_key(|e| e.key);
        }
    }

    /// How many positions the book holds for each number of stones.
    pub fn counts_by_stones(&self) -> Vec<usize> {
        let mut counts = vec![0; self.depth as usize + 1];
        for e in &self.entries {
            counts[stones_of_key(self.size, e.key) as usize] += 1;
        }
        counts
    }

    /// The key a position is filed under: the same for a position and its mirror image.
    pub fn key_of<const W: usize, const H: usize>(position: &Position<W, H>) -> u64 {
        position.key().min(position.mirrored_key())
    }

    /// Lower and upper bounds of the score of `position`, if the book has it.
    pub fn get<const W: usize, const H: usize>(
        &self,
        position: &Position<W, H>,
    ) -> Option<(i32, i32)> {
        if position.moves() as u32 > self.depth {
            return None;
        }
        let key = Self::key_of(position);
        let i = self.entries.binary_search_by_key(&key, |e| e.key).ok()?;
        let entry = self.entries[i];
        Some((entry.lower as i32, entry.upper as i32))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + ENTRY_BYTES * self.entries.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[
            self.size.width() as u8,
            self.size.height() as u8,
            self.depth as u8,
            0,
        ]);
        bytes.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            bytes.extend_from_slice(&e.key.to_le_bytes());
            bytes.push(e.lower as u8);
            bytes.push(e.upper as u8);
        }
        bytes
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        if bytes.len() < HEADER_BYTES || &bytes[..4] != MAGIC {
            return Err(BookError::BadHeader);
        }
        let size = BoardSize::new(bytes[4] as usize, bytes[5] as usize)
            .map_err(|_| BookError::BadHeader)?;
        let depth = bytes[6] as u32;
        let count = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let body = &bytes[HEADER_BYTES..];
        if body.len() != count * ENTRY_BYTES {
            return Err(BookError::Truncated);
        }
        let entries = body
            .chunks_exact(ENTRY_BYTES)
            .map(|chunk| BookEntry {
                key: u64::from_le_bytes(chunk[..8].try_into().unwrap()),
                lower: chunk[8] as i8,
                upper: chunk[9] as i8,
            })
            .collect();
        Ok(Book::new(size, depth, entries))
    }
}

/// Stones on the board of a position key: in each column the highest set bit marks the
/// first empty cell.
fn stones_of_key(size: BoardSize, key: u64) -> u32 {
    let column_bits = size.height() + 1;
    (0..size.width())
        .map(|c| {
            let column = (key >> (c * column_bits)) & ((1 << column_bits) - 1);
            63 - column.leading_zeros()
        })
        .sum()
}

/// The key of the mirror image (column `c` becomes `width - 1 - c`).
fn mirrored_key(size: BoardSize, key: u64) -> u64 {
    let column_bits = size.height() + 1;
    (0..size.width()).fold(0, |mirrored, c| {
        let column = (key >> (c * column_bits)) & ((1 << column_bits) - 1);
        mirrored | column << ((size.width() - 1 - c) * column_bits)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_decode_to_stone_counts_and_mirror() {
        let position = Position::<7, 6>::new(0b1, 0b11);
        let key = position.key();
        assert_eq!(stones_of_key(BoardSize::STANDARD, key), 2);
        assert_eq!(
            mirrored_key(BoardSize::STANDARD, key),
            position.mirrored_key()
        );
    }

    #[test]
    fn a_book_survives_its_file_format() {
        let entries = vec![
            BookEntry {
                key: 99,
                lower: -2,
                upper: 3,
            },
            BookEntry {
                key: 5,
                lower: 1,
                upper: 1,
            },
        ];
        let book = Book::new(BoardSize::STANDARD, 4, entries);
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(&bytes), Ok(book));
        assert_eq!(
            Book::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Truncated)
        );
    }
}
