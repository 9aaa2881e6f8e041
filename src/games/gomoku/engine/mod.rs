//! The Gomoku engine: incremental line patterns, a pattern evaluation, alpha-beta/PVS
//! with a transposition table over threat-pruned moves, and VCF and VCT solvers.

pub mod fit;
mod patterns;
mod position;
mod search;
mod threats;
mod tt;

pub use position::{EvalWeights, WeightSet};
pub use search::{Engine, SearchResult, WIN};

/// Search nodes of a move when there is no clock and no fixed budget (GTP without
/// `--playouts`, Gomocup without `timeout_turn`): about 2 to 3 s early in the game on
/// one core.
pub const DEFAULT_NODES: u64 = 1_000_000;

/// Bytes left to the transposition table out of a whole-process memory limit
/// (Gomocup `max_memory`, judged on the process's unique set size): the pattern tables
/// (4 MiB), the binary and the heap take about 16 MiB; keep half of the rest as slack,
/// from which the VCT table's eighth more is taken.
pub fn tt_bytes_for(max_memory: u64) -> usize {
    const DEFAULT: usize = 64 << 20;
    const OVERHEAD: u64 = 24 << 20;
    if max_memory == 0 {
        return DEFAULT;
    }
    let room = max_memory.saturating_sub(OVERHEAD) / 2;
    (room as usize).min(256 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_size_follows_the_memory_limit() {
        assert_eq!(tt_bytes_for(0), 64 << 20);
        assert!(tt_bytes_for(350 << 20) <= 163 << 20);
        assert_eq!(tt_bytes_for(10 << 20), 0);
        assert_eq!(tt_bytes_for(u64::MAX), 256 << 20);
    }
}
