//! Transposition table: four entries per 64-byte bucket (one cache line), each holding both
//! bounds of a position's score, the best move found and how much work the search put in.
//!
//! A full key is kept, so a hit is never a false one. On a miss the victim is an entry of
//! an earlier search (a previous root) if the bucket has one, else the one that cost the
//! least work: expensive results near the root survive the flood of cheap leaves.

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The column that produced the lower bound or a cut, if any.
    pub best: Option<u8>,
}

const NO_MOVE: u8 = u8::MAX;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    work: u8,
    generation: u8,
}

const WAYS: usize = 4;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

pub struct Table {
    buckets: Vec<Bucket>,
    shift: u32,
    generation: u8,
}

impl Table {
    /// A table of `2^log2_buckets` buckets of 64 bytes.
    pub fn new(log2_buckets: u32) -> Self {
        Table {
            buckets: vec![Bucket::default(); 1 << log2_buckets],
            shift: 64 - log2_buckets,
            generation: 0,
        }
    }

    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Marks the entries stored so far as belonging to earlier searches: they still answer
    /// look-ups but give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// Asks the memory system for the bucket of `key` ahead of its look-up.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = &self.buckets[self.index(key)] as *const Bucket as *const i8;
            // SAFETY: a prefetch of a valid address has no effect on memory contents.
            unsafe {
                std::arch::x86_64::_mm_prefetch(bucket, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Every stored position: key, bounds, and the work spent on it.
    pub fn entries(&self) -> impl Iterator<Item = (u64, Bounds, u8)> + '_ {
        self.buckets
            .iter()
            .flat_map(|bucket| bucket.0.iter())
            .filter(|e| e.key != 0)
            .map(|e| {
                let bounds = Bounds {
                    lower: e.lower as i32,
                    upper: e.upper as i32,
                    best: (e.best != NO_MOVE).then_some(e.best),
                };
                (e.key, bounds, e.work)
            })
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<Bounds> {
        let bucket = &self.buckets[self.index(key)];
        bucket.0.iter().find(|e| e.key == key).map(|e| Bounds {
            lower: e.lower as i32,
            upper: e.upper as i32,
            best: (e.best != NO_MOVE).then_some(e.best),
        })
    }

    /// Records what a search learned: bounds are facts, so they merge with what is known.
    /// `work` is a measure of the effort (log2 of the nodes searched).
    pub fn put(&mut self, key: u64, lower: i32, upper: i32, best: Option<u8>, work: u8) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index].0;
        let best = best.unwrap_or(NO_MOVE);
        if let Some(entry) = bucket.iter_mut().find(|e| e.key == key) {
            entry.lower = entry.lower.max(lower as i8);
            entry.upper = entry.upper.min(upper as i8);
            if best != NO_MOVE {
                entry.best = best;
            }
            entry.work = entry.work.max(work);
            entry.generation = generation;
            return;
        }
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| (e.generation == generation, e.work))
            .expect("buckets are never empty");
        *victim = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best,
            work,
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_and_cheap_entries_give_way() {
        let mut table = Table::new(4);
        table.put(7, -3, 5, None, 1);
        table.put(7, -1, 9, Some(2), 1);
        assert_eq!(
            table.get(7),
            Some(Bounds {
                lower: -1,
                upper: 5,
                best: Some(2)
            })
        );
        // Fill one bucket past its ways: the cheapest entry is the one evicted.
        let keys: Vec<u64> = (1..10_000u64)
            .filter(|&k| table.index(k) == table.index(7) && k != 7)
            .take(WAYS)
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            table.put(k, 0, 0, None, 10 + i as u8);
        }
        assert_eq!(table.get(7), None);
        assert!(keys.iter().all(|&k| table.get(k).is_some()));
    }
}
