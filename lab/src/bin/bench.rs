//! Speed figures (lab/measuring.md; a benchmark, not a test):
//!
//!     cargo run --release -p pantheon-lab --bin bench [perft]
//!
//! Perft from both start positions at depths 4 and 5, counting the last ply's
//! moves without making them (as Fairy-Stockfish's perft does), and the same
//! with every leaf move listed, for an honest comparison.

use std::time::Instant;

use pantheon::engine::{Position, Variant};

fn listed_perft(pos: &mut Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in &moves {
        let undo = pos.make_move(m);
        total += listed_perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    total
}

fn report(label: &str, nodes: u64, seconds: f64) {
    println!(
        "{label:<38} {nodes:>12} nodes {seconds:>7.2} s {:>7.2} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}

fn main() {
    for variant in Variant::ALL {
        for depth in [4, 5] {
            let mut pos = Position::start(variant);
            let t = Instant::now();
            let nodes = pos.perft(depth);
            report(
                &format!("{variant} perft {depth} (leaves counted)"),
                nodes,
                t.elapsed().as_secs_f64(),
            );
            let t = Instant::now();
            let nodes = listed_perft(&mut pos, depth);
            report(
                &format!("{variant} perft {depth} (leaves listed)"),
                nodes,
                t.elapsed().as_secs_f64(),
            );
        }
    }
}
