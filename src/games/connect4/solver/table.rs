//! Transposition table: four entries per 64-byte bucket (one cache line), each holding both
//! bounds of a position's score, the best move found and how much work the search put in.
//!
//! Two tiers: positions with few empty cells, whose subtrees are cheap to search again,
//! live in a small tier that stays in the processor's caches; the others in the large
//! tier, where a probe usually waits for main memory but saves a large search. Most nodes
//! of a search are near its leaves, so most probes are cache hits.
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

/// Positions with fewer empty cells than this go to the small tier.
pub const NEAR_EMPTIES: i32 = 28;
/// The small tier: 2^13 buckets, 512 KiB, about what one core keeps in its level-2 cache.
const NEAR_LOG2_BUCKETS: u32 = 13;

/// One tier: a power of two of buckets indexed by a multiplicative hash of the key.
struct Tier {
    buckets: Vec<Bucket>,
    shift: u32,
}

impl Tier {
    fn new(log2_buckets: u32) -> Self {
        let len = 1usize << log2_buckets;
        let mut buckets = Vec::with_capacity(len);
        advise_huge_pages(buckets.spare_capacity_mut());
        buckets.resize(len, Bucket::default());
        Tier {
            buckets,
            shift: 64 - log2_buckets,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }
}

pub struct Table {
    near: Tier,
    far: Tier,
    generation: u8,
}

impl Table {
    /// A table whose large tier has `2^log2_buckets` buckets of 64 bytes (the small tier
    /// adds 512 KiB, or as much as the large one if that is smaller).
    pub fn new(log2_buckets: u32) -> Self {
        Table {
            near: Tier::new(log2_buckets.min(NEAR_LOG2_BUCKETS)),
            far: Tier::new(log2_buckets),
            generation: 0,
        }
    }

    pub fn bytes(&self) -> usize {
        (self.near.buckets.len() + self.far.buckets.len()) * size_of::<Bucket>()
    }

    #[inline]
    fn tier(&self, empties: i32) -> &Tier {
        if empties < NEAR_EMPTIES {
            &self.near
        } else {
            &self.far
        }
    }

    /// Marks the entries stored so far as belonging to earlier searches: they still answer
    /// look-ups but give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn clear(&mut self) {
        self.near.buckets.fill(Bucket::default());
        self.far.buckets.fill(Bucket::default());
    }

    /// Every stored position: key, bounds, and the work spent on it.
    pub fn entries(&self) -> impl Iterator<Item = (u64, Bounds, u8)> + '_ {
        self.near
            .buckets
            .iter()
            .chain(&self.far.buckets)
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

    /// Asks the memory system for the bucket of `key` ahead of its look-up.
    #[inline]
    pub fn prefetch(&self, key: u64, empties: i32) {
        #[cfg(target_arch = "x86_64")]
        {
            let tier = self.tier(empties);
            let bucket = &tier.buckets[tier.index(key)] as *const Bucket as *const i8;
            // SAFETY: a prefetch of a valid address has no effect on memory contents.
            unsafe {
                std::arch::x86_64::_mm_prefetch(bucket, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (key, empties);
    }

    /// What is known of the position of `key`, which has `empties` empty cells.
    #[inline]
    pub fn get(&self, key: u64, empties: i32) -> Option<Bounds> {
        let tier = self.tier(empties);
        let bucket = &tier.buckets[tier.index(key)];
        bucket.0.iter().find(|e| e.key == key).map(|e| Bounds {
            lower: e.lower as i32,
            upper: e.upper as i32,
            best: (e.best != NO_MOVE).then_some(e.best),
        })
    }

    /// Records what a search learned: bounds are facts, so they merge with what is known.
    /// `work` is a measure of the effort (log2 of the nodes searched).
    pub fn put(&mut self, key: u64, empties: i32, bounds: Bounds, work: u8) {
        let Bounds { lower, upper, best } = bounds;
        let generation = self.generation;
        let tier = if empties < NEAR_EMPTIES {
            &mut self.near
        } else {
            &mut self.far
        };
        let index = tier.index(key);
        let bucket = &mut tier.buckets[index].0;
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

/// Asks the kernel to back `memory` with 2 MiB pages where it can: a probe lands anywhere
/// in the large tier, and with 4 KiB pages nearly every one would miss the TLB too.
fn advise_huge_pages<T>(memory: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = (memory.as_mut_ptr() as usize).next_multiple_of(PAGE);
        let end = memory.as_mut_ptr() as usize + size_of_val(memory);
        if end > start {
            // SAFETY: the range lies inside an allocation this process owns; the advice
            // changes how it is backed, never what it holds.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(lower: i32, upper: i32, best: Option<u8>) -> Bounds {
        Bounds { lower, upper, best }
    }

    #[test]
    fn bounds_merge_and_cheap_entries_give_way_in_both_tiers() {
        for empties in [NEAR_EMPTIES - 1, NEAR_EMPTIES] {
            let mut table = Table::new(4);
            table.put(7, empties, bounds(-3, 5, None), 1);
            table.put(7, empties, bounds(-1, 9, Some(2)), 1);
            assert_eq!(table.get(7, empties), Some(bounds(-1, 5, Some(2))));
            // Fill one bucket past its ways: the cheapest entry is the one evicted.
            let tier = table.tier(empties);
            let keys: Vec<u64> = (1..10_000u64)
                .filter(|&k| tier.index(k) == tier.index(7) && k != 7)
                .take(WAYS)
                .collect();
            for (i, &k) in keys.iter().enumerate() {
                table.put(k, empties, bounds(0, 0, None), 10 + i as u8);
            }
            assert_eq!(table.get(7, empties), None);
            assert!(keys.iter().all(|&k| table.get(k, empties).is_some()));
        }
    }

    #[test]
    fn tiers_are_apart() {
        let mut table = Table::new(16);
        table.put(7, NEAR_EMPTIES - 1, bounds(0, 0, None), 1);
        assert_eq!(table.get(7, NEAR_EMPTIES), None);
        assert_eq!(table.entries().count(), 1);
    }
}
