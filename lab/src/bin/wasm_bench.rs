//! Search speed in WebAssembly, the same code the web worker runs (a benchmark,
//! not a test). Built for wasm32 it exports `bench(depth)`, which searches the
//! fixed positions of `search_bench` to that depth and returns the node count;
//! `lab/tools/wasm_bench.mjs` times it in Node (V8, as in Chromium). Natively it
//! prints the same count with the CPU time, for the comparison:
//!
//!     cargo build --profile web-worker --target wasm32-unknown-unknown -p pantheon-lab --bin wasm_bench
//!     node lab/tools/wasm_bench.mjs target/wasm32-unknown-unknown/web-worker/wasm_bench.wasm 7
//!     cargo run --release -p pantheon-lab --bin wasm_bench 7

use pantheon::ai::{Limits, Searcher};
use pantheon::engine::{Game, Variant};

/// The positions of `search_bench` (UCI moves from the start).
const POSITIONS: &[(Variant, &str)] = &[
    (Variant::Mansindam, ""),
    (
        Variant::Mansindam,
        "e3e4 e7e6 b1d2 h9f8 d2c4 f8g6 c1e2 g9e8",
    ),
    (
        Variant::Mansindam,
        "e3e4 e7e6 e4e5 e6e5 d3d4 e5e4 d4d5 d7d6 d5d6 e4e3+",
    ),
    (Variant::Pandemonium, ""),
    (Variant::Pandemonium, "e4e5 e6e5 e3e4 e5e4"),
    (Variant::Pandemonium, "c3c4 g7g6 b1c3 h9g7 c3d5 c7c6"),
];

/// Searches every position to `depth` with a fresh table; returns the nodes.
#[no_mangle]
pub extern "C" fn bench(depth: u32) -> f64 {
    let mut nodes = 0u64;
    for (variant, moves) in POSITIONS {
        let Ok(game) = Game::from_uci_moves(*variant, None, moves.split_whitespace()) else {
            continue;
        };
        let mut searcher = Searcher::new(16);
        let r = searcher.search(&game, &Limits::depth(depth), &|| 0.0, &mut |_| {});
        nodes += r.nodes;
    }
    nodes as f64
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let t = std::time::Instant::now();
    let nodes = bench(depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "native: {nodes} nodes in {s:.2} s = {:.0} knps",
        nodes / s / 1000.0
    );
}

#[cfg(target_arch = "wasm32")]
fn main() {}
