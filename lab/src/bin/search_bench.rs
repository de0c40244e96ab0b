//! Search speed (lab/measuring.md; a benchmark, not a test):
//!
//!     cargo run --release -p pantheon-lab --bin search_bench [ms-per-position]
//!
//! Searches a fixed set of positions of both games for a fixed time each and
//! prints depth, nodes and nodes per second; then the depth reached from each
//! start position in 1 s and 3 s.

use std::time::Instant;

use pantheon::ai::{Limits, Searcher};
use pantheon::engine::{Game, Variant};

/// Start positions and a few middlegames reached by play (UCI moves from the start).
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

/// CPU seconds used by this process (Linux), so that speed figures do not
/// depend on what else the machine runs; wall time elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("depth") {
        let depth: u32 = std::env::args()
            .nth(2)
            .and_then(|a| a.parse().ok())
            .unwrap_or(8);
        let t0 = Instant::now();
        let clock = move || t0.elapsed().as_secs_f64() * 1000.0;
        let cpu0 = cpu_seconds().unwrap_or(0.0);
        let mut nodes = 0;
        for (variant, moves) in POSITIONS {
            let Ok(game) = Game::from_uci_moves(*variant, None, moves.split_whitespace()) else {
                continue;
            };
            let mut searcher = Searcher::new(64);
            let mut limits = Limits::depth(depth);
            // `search_bench depth N off` measures without the null move.
            limits.features.null_move = std::env::args().nth(3).as_deref() != Some("off");
            let r = searcher.search(&game, &limits, &clock, &mut |_| {});
            nodes += r.nodes;
            println!(
                "{:<12} {:<40} depth {depth}: {:>9} nodes, score {}, best {}",
                variant.name(),
                if moves.is_empty() { "start" } else { moves },
                r.nodes,
                r.score.uci(),
                game.position().uci(r.best.expect("a move"))
            );
        }
        let cpu = cpu_seconds().unwrap_or(0.0) - cpu0;
        println!(
            "total {nodes} nodes, {cpu:.2} CPU s, {:.0} knps per CPU second",
            nodes as f64 / cpu.max(0.01) / 1000.0
        );
        return;
    }
    let ms: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000.0);
    let t0 = Instant::now();
    let clock = move || t0.elapsed().as_secs_f64() * 1000.0;
    let mut total_nodes = 0u64;
    let mut total_ms = 0.0;
    for (variant, moves) in POSITIONS {
        let game = match Game::from_uci_moves(*variant, None, moves.split_whitespace()) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{variant} {moves}: {e}");
                continue;
            }
        };
        let mut searcher = Searcher::new(64);
        let r = searcher.search(&game, &Limits::movetime(ms), &clock, &mut |_| {});
        total_nodes += r.nodes;
        total_ms += r.time_ms;
        let pv = pantheon::ai::uci_line(game.position(), &r.pv).join(" ");
        println!(
            "{:<12} {:<40} depth {:>2}/{:<2} score {:<10} nodes {:>9} {:>7.0} knps  pv {}",
            variant.name(),
            if moves.is_empty() { "start" } else { moves },
            r.depth,
            r.seldepth,
            r.score.uci(),
            r.nodes,
            r.nodes as f64 / r.time_ms.max(1.0),
            pv
        );
    }
    println!(
        "total: {total_nodes} nodes in {:.1} s = {:.0} knps",
        total_ms / 1000.0,
        total_nodes as f64 / total_ms.max(1.0)
    );
    for variant in Variant::ALL {
        for ms in [1000.0, 3000.0] {
            let game = Game::new(variant);
            let mut searcher = Searcher::new(64);
            let r = searcher.search(&game, &Limits::movetime(ms), &clock, &mut |_| {});
            println!(
                "{:<12} start, {:>4} ms: depth {} (seldepth {}), {} nodes, best {}",
                variant.name(),
                ms,
                r.depth,
                r.seldepth,
                r.nodes,
                game.position().uci(r.best.expect("a move"))
            );
        }
    }
}
