//! Fits the evaluation's weights to games (Texel's method; a tool, not a test):
//!
//!     cargo run --release --bin tune -- [--passes N] [--write] GAMES...
//!
//! GAMES are files of `game ...` lines as `match --verbose` writes them
//! (self-play and sparring games). Every position of every game from the 9th
//! ply on, with the side to move not in check and no capture worth making
//! (the evaluation does not see captures: a position where one is pending says
//! little about it), is labelled with the game's result for White. The
//! weights are fitted so that `1 / (1 + 10^(-K·eval/400))` predicts the
//! result with the least mean squared error: first K for the starting
//! weights, then each weight in turn by one step up or down when that lowers
//! the error, pass after pass (at most N passes per step size: 8, 4, 2, 1).
//! Every fifth game is held out: its positions fit nothing, and the weights
//! kept are those of the pass with the least error on them (positions of one
//! game are alike, so the error on the fitted games alone would reward
//! learning those games by heart). Deterministic: the same games give the
//! same weights.
//!
//! It prints both errors pass by pass and every weight that moved; with
//! `--write` it rewrites `src/ai/weights.rs` with the kept weights.

use pantheon::ai::tuning::{defaults, evaluate_with, Tables, Weights};
use pantheon::engine::{Color, Game, Position, Variant};

/// One labelled position.
struct Sample {
    pos: Position,
    /// The game's result for White: 1, ½ or 0.
    result: f64,
}

/// Reads the games of one file into `fit` and, every fifth game, `held`.
fn parse_games(
    text: &str,
    file: &str,
    fit: &mut [Vec<Sample>; 2],
    held: &mut [Vec<Sample>; 2],
) -> Result<usize, String> {
    let tables = Variant::ALL.map(|v| Tables::build(v, &defaults(v)));
    let mut games = 0;
    for (n, line) in text.lines().enumerate() {
        if !line.starts_with("game ") {
            continue;
        }
        let bad = |why: &str| format!("{file}:{}: {why}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let variant: Variant = words
            .get(2)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| bad("no variant"))?;
        let white = match words.get(4) {
            Some(&"White") => true,
            Some(&"Black") => false,
            _ => return Err(bad("no colour for engine1")),
        };
        let score: f64 = words
            .get(6)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no score"))?;
        let moves = line
            .split_once(" plies) ")
            .map_or("", |(_, m)| m)
            .split_whitespace();
        let result = if white { score } else { 1.0 - score };
        let out = if games % 5 == 4 {
            &mut *held
        } else {
            &mut *fit
        };
        let mut game = Game::new(variant);
        for (ply, m) in moves.enumerate() {
            if ply >= 8 && quiet(game.position(), &tables[variant as usize]) {
                out[variant as usize].push(Sample {
                    pos: game.position().clone(),
                    result,
                });
            }
            game.play_str(m)
                .map_err(|e| bad(&format!("move {}: {e}", ply + 1)))?;
        }
        games += 1;
    }
    Ok(games)
}

/// Not in check, and no capture of a piece worth at least its captor or
/// undefended.
fn quiet(pos: &Position, t: &Tables) -> bool {
    if pos.in_check() {
        return false;
    }
    let them = pos.side_to_move().flip();
    let occ = pos.occupied();
    !pos.legal_moves().iter().any(|&m| {
        let (Some(from), Some(victim)) = (m.from(), pos.piece_at(m.to())) else {
            return false;
        };
        let captor = pos.piece_at(from).map_or(0, |p| t.value[p.kind.index()]);
        t.value[victim.kind.index()] >= captor || pos.attackers_to(m.to(), them, occ).is_empty()
    })
}

/// Mean squared error of the predicted results, on two threads.
fn error(variant: Variant, samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let t = Tables::build(variant, w);
    let half = samples.len() / 2;
    let part = |s: &[Sample]| -> f64 {
        s.iter()
            .map(|x| {
                let e = evaluate_with(&x.pos, &t) as f64;
                let white = if x.pos.side_to_move() == Color::White {
                    e
                } else {
                    -e
                };
                let p = 1.0 / (1.0 + 10f64.powf(-k * white / 400.0));
                (x.result - p).powi(2)
            })
            .sum()
    };
    let (a, b) = samples.split_at(half);
    let sum = std::thread::scope(|s| {
        let h = s.spawn(|| part(a));
        part(b) + h.join().expect("no panic")
    });
    sum / samples.len().max(1) as f64
}

/// The K that fits the starting weights best (golden-section search).
fn fit_k(variant: Variant, samples: &[Sample], w: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 3.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(variant, samples, w, a) < error(variant, samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn tune(variant: Variant, samples: &[Sample], held: &[Sample], passes: usize) -> Weights {
    let start = defaults(variant);
    let mut w = start.clone();
    let k = fit_k(variant, samples, &w);
    let mut best = error(variant, samples, &w, k);
    let mut kept = (error(variant, held, &w, k), w.clone());
    println!(
        "{variant}: {} positions fitted, {} held out, K {k:.3}, errors {best:.6} / {:.6}",
        samples.len(),
        held.len(),
        kept.0
    );
    let count = w.fields(variant).len();
    // Each pass tries every weight one step up, else one step down, and
    // keeps what lowers the error; a step size is used until a pass moves
    // nothing (or `passes` times), then halved.
    for step in [8, 4, 2, 1] {
        for pass in 1..=passes {
            let mut moved = 0;
            for i in 0..count {
                for dir in [1, -1] {
                    let mut trial = w.clone();
                    *trial.fields(variant)[i].1 += dir * step;
                    let e = error(variant, samples, &trial, k);
                    if e < best {
                        best = e;
                        w = trial;
                        moved += 1;
                        break;
                    }
                }
            }
            let on_held = error(variant, held, &w, k);
            println!(
                "  step {step}, pass {pass}: errors {best:.6} / {on_held:.6}, {moved} weights moved"
            );
            if on_held < kept.0 {
                kept = (on_held, w.clone());
            }
            if moved == 0 {
                break;
            }
        }
    }
    let w = kept.1;
    println!("  kept: held-out error {:.6}", kept.0);
    let mut before = start.clone();
    let mut after = w.clone();
    for ((name, a), (_, b)) in before
        .fields(variant)
        .into_iter()
        .zip(after.fields(variant))
    {
        if a != b {
            println!("  {name}: {a} -> {b}");
        }
    }
    w
}

fn literal(variant: Variant, w: &Weights) -> String {
    let rules = variant.rules();
    let letters: Vec<String> = rules.kinds.iter().map(|k| k.letter.to_string()).collect();
    let list = |v: &[i32]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let name = variant.id().to_uppercase();
    let mut s = format!(
        "/// Kinds: {}.\nconst {name}: Weights = Weights {{\n    value: [{}],\n",
        letters.join(" "),
        list(&w.value)
    );
    s += &format!("    pawn_rank: [{}],\n", list(&w.pawn_rank));
    s += &format!("    king_rank: [{}],\n", list(&w.king_rank));
    let mut copy = w.clone();
    for (n, v) in copy.fields(variant) {
        if !n.contains('.') {
            s += &format!("    {n}: {v},\n");
        }
    }
    s + "};\n"
}

fn main() {
    let mut passes = 10;
    let mut write = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--passes" => {
                passes = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--passes N")
            }
            "--write" => write = true,
            _ => files.push(a),
        }
    }
    assert!(
        !files.is_empty(),
        "usage: tune [--passes N] [--write] GAMES..."
    );
    let mut fit: [Vec<Sample>; 2] = [Vec::new(), Vec::new()];
    let mut held: [Vec<Sample>; 2] = [Vec::new(), Vec::new()];
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let n = parse_games(&text, f, &mut fit, &mut held).unwrap_or_else(|e| panic!("{e}"));
        println!("{f}: {n} games");
    }
    let tuned = Variant::ALL.map(|v| tune(v, &fit[v as usize], &held[v as usize], passes));
    if write {
        let path = "src/ai/weights.rs";
        let text = std::fs::read_to_string(path).expect("src/ai/weights.rs");
        let head = text
            .split("/// Kinds:")
            .next()
            .expect("the file's head")
            .to_string();
        let body: Vec<String> = Variant::ALL
            .iter()
            .zip(&tuned)
            .map(|(&v, w)| literal(v, w))
            .collect();
        std::fs::write(path, head + &body.join("\n")).expect("write src/ai/weights.rs");
        println!("wrote {path} (run cargo fmt)");
    }
}
