//! Last good replies for the playouts (LGRF-2): per colour, the move it last played
//! after a given move, and after a given pair of moves, in a playout its side won; a
//! reply is forgotten as soon as it is played in a playout that side loses. Blokus
//! answers are local and urgent (take the corner the opponent just opened), and the
//! same fights recur across playouts of one search, so remembering what worked
//! sharpens the playouts as the search goes on.

use super::board::Colour;
use super::tables::MoveId;

/// A move with its colour, unique across colours: `colour * placements + move`.
pub type MoveKey = u32;

/// Entries of the table of replies to pairs of moves.
const PAIR_BITS: u32 = 16;

/// Low bits of a pair entry, holding the reply + 1 (0 = none). The bits above hold the
/// tag's low `64 - PAIR_BITS` bits, which with the slot (the tag's top `PAIR_BITS`)
/// make the whole tag: one word per entry tells pairs apart as surely as the full tag.
const REPLY_BITS: u32 = PAIR_BITS;
const REPLY_MASK: u64 = (1 << REPLY_BITS) - 1;

pub struct Replies {
    num_keys: usize,
    /// Per colour and previous move: the reply + 1, 0 = none.
    to_move: Vec<u16>,
    /// Per slot: tag and reply + 1 packed as [`REPLY_BITS`] describes. The tables are
    /// read at random once per playout move, so their size is cache misses.
    to_pair: Vec<u64>,
}

impl Replies {
    /// Replies of `num_colours` colours to `num_keys` moves (of every colour).
    pub fn new(num_colours: usize, num_keys: usize) -> Replies {
        assert!(
            num_keys / num_colours < u16::MAX as usize,
            "replies fit in 16 bits"
        );
        Replies {
            num_keys,
            to_move: vec![0; num_colours * num_keys],
            to_pair: vec![0; 1 << PAIR_BITS],
        }
    }

    /// The replies of `c` remembered after `second` then `last`: to the pair first,
    /// then to the last move alone.
    pub fn get(&self, c: Colour, last: MoveKey, second: Option<MoveKey>) -> [Option<MoveId>; 2] {
        let pair = second.and_then(|second| {
            let (i, tag) = self.pair_slot(c, last, second);
            let entry = self.to_pair[i];
            let reply = (entry & REPLY_MASK) as MoveId;
            (entry & !REPLY_MASK == tag << REPLY_BITS && reply != 0).then(|| reply - 1)
        });
        let single = self.to_move[self.move_slot(c, last)] as MoveId;
        [pair, single.checked_sub(1)]
    }

    /// Asks the memory system for the entries [`Replies::get`] will read.
    #[inline]
    pub fn prefetch(&self, c: Colour, last: MoveKey, second: Option<MoveKey>) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let single = &self.to_move[self.move_slot(c, last)] as *const u16 as *const i8;
            // SAFETY: a prefetch of a valid address has no effect on memory contents.
            unsafe { _mm_prefetch(single, _MM_HINT_T0) };
            if let Some(second) = second {
                let (i, _) = self.pair_slot(c, last, second);
                let pair = &self.to_pair[i] as *const u64 as *const i8;
                // SAFETY: as above.
                unsafe { _mm_prefetch(pair, _MM_HINT_T0) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (c, last, second);
    }

    /// Remembers `reply` as `c`'s answer, which won.
    pub fn store(&mut self, c: Colour, last: MoveKey, second: Option<MoveKey>, reply: MoveId) {
        let slot = self.move_slot(c, last);
        self.to_move[slot] = (reply + 1) as u16;
        if let Some(second) = second {
            let (i, tag) = self.pair_slot(c, last, second);
            self.to_pair[i] = tag << REPLY_BITS | (reply + 1) as u64;
        }
    }

    /// Forgets `reply` as `c`'s answer, which lost.
    pub fn forget(&mut self, c: Colour, last: MoveKey, second: Option<MoveKey>, reply: MoveId) {
        let slot = self.move_slot(c, last);
        if self.to_move[slot] as MoveId == reply + 1 {
            self.to_move[slot] = 0;
        }
        if let Some(second) = second {
            let (i, tag) = self.pair_slot(c, last, second);
            if self.to_pair[i] == tag << REPLY_BITS | (reply + 1) as u64 {
                self.to_pair[i] = tag << REPLY_BITS;
            }
        }
    }

    fn move_slot(&self, c: Colour, last: MoveKey) -> usize {
        c * self.num_keys + last as usize
    }

    fn pair_slot(&self, c: Colour, last: MoveKey, second: MoveKey) -> (usize, u64) {
        let tag = ((c as u64) << 58 | (second as u64) << 29 | last as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            | 1;
        ((tag >> (64 - PAIR_BITS)) as usize, tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_remembered_per_colour_and_forgotten_when_they_lose() {
        let mut replies = Replies::new(2, 100);
        assert_eq!(replies.get(0, 7, Some(3)), [None, None]);
        replies.store(0, 7, Some(3), 42);
        assert_eq!(replies.get(0, 7, Some(3)), [Some(42), Some(42)]);
        assert_eq!(replies.get(0, 7, Some(4)), [None, Some(42)]);
        assert_eq!(replies.get(1, 7, Some(3)), [None, None]);
        replies.forget(0, 7, Some(3), 41);
        assert_eq!(replies.get(0, 7, Some(3)), [Some(42), Some(42)]);
        replies.forget(0, 7, Some(3), 42);
        assert_eq!(replies.get(0, 7, Some(3)), [None, None]);
    }
}
