//! Fits the evaluation's weights to games (Texel's method; a tool, not a test):
//!
//!     cargo run --release -p pantheon-lab --bin tune -- [--passes N] [--fix NAME,...] [--only NAME,...] [--min-positions N] [--write] FILES...
//!     cargo run --release -p pantheon-lab --bin tune -- --dump OUT [--every N] GAMES...
//!
//! FILES are files of `game ...` lines as `match --verbose` writes them
//! (self-play and sparring games), or of labelled positions, a line each:
//! `pos VARIANT GROUP TARGET FEN`, where TARGET is the expected result for
//! White (0..1) and GROUP the game the position comes from. `--dump` writes
//! the positions the tuner would use from GAMES in that form (every Nth of
//! each game) and stops; `lab/tools/label.py` replaces their targets with
//! Fairy-Stockfish's judgement, so that the weights can be fitted to a
//! stronger engine's evaluation rather than to the results of fast games. Every position of every game from the 9th
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
//! Each weight has two values, one for empty hands and one (named
//! `full.NAME`) for 8 or more pieces in hand; the evaluation blends them by
//! the pieces in both hands, and the tuner fits both.
//! `--fix tempo,full.tempo` keeps those weights (names as `PANTHEON_EVAL`
//! takes them) where they are; `--only hand_kind,hand_threat` fits those alone
//! (a new term, against the weights already played); `--only 'full.*'`
//! fits every weight whose name starts so. A name that is no
//! weight of either game stops the tuner before it reads anything.
//! `--min-positions N` also keeps every weight that fewer than N of the
//! fitted positions use (the rare ones learn those positions' noise:
//! Mansindam's King on its 4th rank, 8 positions, was fitted to -1029).
//! Tried with N = 200 and the rare ranks reset, it scored 0 Elo
//! (-24 .. +24) in 684 games: not used for the weights played.
//!
//! It prints both errors pass by pass and every weight that moved; with
//! `--write` it rewrites `src/ai/weights.rs` with the kept weights.
//! `--worst N` then prints the N positions of each game the kept weights
//! judge worst (target, prediction, evaluation, FEN): where to look for a
//! term the evaluation lacks.

use pantheon::ai::tuning::{defaults, evaluate_with, Tables, Taper, TaperedTables, Weights};
use pantheon::engine::{Color, Game, Position, Variant};

/// One labelled position.
struct Sample {
    pos: Position,
    /// The expected result for White (the game's result: 1, ½ or 0; or a
    /// stronger engine's judgement).
    result: f64,
    /// The game it comes from (every fifth game is held out).
    group: usize,
}

/// The samples of one game, fitted or held out.
struct Samples {
    fit: [Vec<Sample>; 2],
    held: [Vec<Sample>; 2],
}

impl Samples {
    fn push(&mut self, variant: Variant, sample: Sample) {
        let side = if sample.group % 5 == 4 {
            &mut self.held
        } else {
            &mut self.fit
        };
        side[variant as usize].push(sample);
    }
}

/// Reads the games or labelled positions of one file; `group` counts the
/// games read so far, `every` keeps every Nth quiet position of a game.
fn parse_file(
    text: &str,
    file: &str,
    group: &mut usize,
    every: usize,
    out: &mut Samples,
) -> Result<usize, String> {
    let tables = Variant::ALL.map(|v| TaperedTables::build(v, &defaults(v)));
    let mut lines = 0;
    for (n, line) in text.lines().enumerate() {
        let bad = |why: &str| format!("{file}:{}: {why}", n + 1);
        if let Some(rest) = line.strip_prefix("pos ") {
            let mut words = rest.splitn(4, ' ');
            let variant: Variant = words
                .next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad("no variant"))?;
            let g: usize = words
                .next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad("no group"))?;
            let result: f64 = words
                .next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad("no target"))?;
            let fen = words.next().ok_or_else(|| bad("no FEN"))?;
            let pos = Position::from_fen(variant, fen).map_err(|e| bad(&e.to_string()))?;
            out.push(
                variant,
                Sample {
                    pos,
                    result,
                    group: g,
                },
            );
            lines += 1;
            continue;
        }
        if !line.starts_with("game ") {
            continue;
        }
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
        let mut game = Game::new(variant);
        let mut quiet_seen = 0;
        for (ply, m) in moves.enumerate() {
            if ply >= 8
                && quiet(
                    game.position(),
                    tables[variant as usize].at(game.position()),
                )
            {
                if quiet_seen % every == 0 {
                    out.push(
                        variant,
                        Sample {
                            pos: game.position().clone(),
                            result,
                            group: *group,
                        },
                    );
                }
                quiet_seen += 1;
            }
            game.play_str(m)
                .map_err(|e| bad(&format!("move {}: {e}", ply + 1)))?;
        }
        *group += 1;
        lines += 1;
    }
    Ok(lines)
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

/// The evaluation of a sample for White and the result it predicts.
fn predict(x: &Sample, t: &TaperedTables, k: f64) -> (i32, f64) {
    let e = evaluate_with(&x.pos, t.at(&x.pos));
    let white = if x.pos.side_to_move() == Color::White {
        e
    } else {
        -e
    };
    (
        white,
        1.0 / (1.0 + 10f64.powf(-k * f64::from(white) / 400.0)),
    )
}

/// Mean squared error of the predicted results, on two threads.
fn error(variant: Variant, samples: &[Sample], w: &Taper, k: f64) -> f64 {
    let t = TaperedTables::build(variant, w);
    let half = samples.len() / 2;
    let part = |s: &[Sample]| -> f64 {
        s.iter()
            .map(|x| (x.result - predict(x, &t, k).1).powi(2))
            .sum()
    };
    let (a, b) = samples.split_at(half);
    let sum = std::thread::scope(|s| {
        let h = s.spawn(|| part(a));
        part(b) + h.join().expect("no panic")
    });
    sum / samples.len().max(1) as f64
}

/// The `n` samples `w` predicts worst (with the fitting's K).
fn print_worst(variant: Variant, samples: &[&Sample], w: &Taper, k: f64, n: usize) {
    if n == 0 {
        return;
    }
    let t = TaperedTables::build(variant, w);
    let mut judged: Vec<(f64, f64, i32, &Sample)> = samples
        .iter()
        .map(|x| {
            let (white, p) = predict(x, &t, k);
            ((x.result - p).powi(2), p, white, *x)
        })
        .collect();
    judged.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("{variant}: the {n} positions judged worst (K {k:.3}; target, prediction and evaluation for White)");
    for (_, p, white, x) in judged.iter().take(n) {
        println!("  {:.3} {p:.3} {white:>6} {}", x.result, x.pos.fen());
    }
}

/// How many of `samples` a weight changes the evaluation of (a step of 64,
/// so that the terms divided by 4 or 1000 show it too).
fn uses(variant: Variant, samples: &[Sample], w: &Taper, i: usize) -> usize {
    let before = TaperedTables::build(variant, w);
    let mut trial = w.clone();
    *trial.fields(variant)[i].1 += 64;
    let after = TaperedTables::build(variant, &trial);
    samples
        .iter()
        .filter(|x| {
            evaluate_with(&x.pos, before.at(&x.pos)) != evaluate_with(&x.pos, after.at(&x.pos))
        })
        .count()
}

/// The K that fits the starting weights best (golden-section search).
fn fit_k(variant: Variant, samples: &[Sample], w: &Taper) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 3.0f64);
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

/// The first of `names` that names no weight of either game (names differ
/// by game: `value.A` is Mansindam's only).
fn unknown_name<'a>(mut names: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    let known: Vec<String> = Variant::ALL
        .iter()
        .flat_map(|&v| {
            defaults(v)
                .fields(v)
                .into_iter()
                .map(|(n, _)| n)
                .collect::<Vec<_>>()
        })
        .collect();
    names.find(|n| !known.iter().any(|k| names_weight(n, k)))
}

/// Whether `pattern` (a name from `--fix` or `--only`) names the weight
/// `name`: the same name, or a prefix before a `*` (`full.*`).
fn names_weight(pattern: &str, name: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => pattern == name,
    }
}

/// Whether any of `patterns` names the weight `name`.
fn named(patterns: &[String], name: &str) -> bool {
    patterns.iter().any(|p| names_weight(p, name))
}

fn tune(
    variant: Variant,
    samples: &[Sample],
    held: &[Sample],
    passes: usize,
    fixed: &[String],
    only: &[String],
    min_positions: usize,
) -> (Taper, f64) {
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
    // A weight that few positions use would be fitted to their noise (a
    // King on a rank it visits in 14 positions): it keeps its value.
    let names: Vec<String> = w
        .clone()
        .fields(variant)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    let mut free = Vec::new();
    for (i, name) in names.iter().enumerate() {
        if named(fixed, name) || !(only.is_empty() || named(only, name)) {
            continue;
        }
        let n = uses(variant, samples, &w, i);
        if n < min_positions {
            println!(
                "  {name} kept at {}: {n} positions use it",
                w.clone().fields(variant)[i].1
            );
        } else {
            free.push(i);
        }
    }
    // Each pass tries every weight one step up, else one step down, and
    // keeps what lowers the error; a step size is used until a pass moves
    // nothing (or `passes` times), then halved.
    for step in [8, 4, 2, 1] {
        for pass in 1..=passes {
            let mut moved = 0;
            for &i in &free {
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
    (w, k)
}

/// Both weight sets of a game as `weights.rs` writes them.
fn literals(variant: Variant, t: &Taper) -> String {
    let name = variant.id().to_uppercase();
    let full = if t.full == t.empty {
        format!("/// The same as with empty hands: no set of its own has played better.\nconst {name}_FULL: Weights = {name};\n")
    } else {
        literal(variant, &format!("{name}_FULL"), &t.full)
    };
    literal(variant, &name, &t.empty) + "\n" + &full
}

fn literal(variant: Variant, name: &str, w: &Weights) -> String {
    let rules = variant.rules();
    let letters: Vec<String> = rules.kinds.iter().map(|k| k.letter.to_string()).collect();
    let list = |v: &[i32]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = format!(
        "/// Kinds: {}.\nconst {name}: Weights = Weights {{\n    value: [{}],\n",
        letters.join(" "),
        list(&w.value)
    );
    s += &format!("    hand_value: [{}],\n", list(&w.hand_value));
    s += &format!("    mobility_kind: [{}],\n", list(&w.mobility_kind));
    s += &format!("    pawn_rank: [{}],\n", list(&w.pawn_rank));
    s += &format!("    king_rank: [{}],\n", list(&w.king_rank));
    for (name, table) in [
        ("near_own", &w.near_own),
        ("near_enemy", &w.near_enemy),
        ("slider_own", &w.slider_own),
        ("slider_enemy", &w.slider_enemy),
    ] {
        s += &format!("    {name}: [{}],\n", list(table));
    }
    let mut copy = *w;
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
    let mut dump = None;
    let mut every = 1;
    let mut fixed: Vec<String> = Vec::new();
    let mut only: Vec<String> = Vec::new();
    let mut min_positions = 0;
    let mut worst = 0;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    let usage =
        "usage: tune [--passes N] [--fix NAMES] [--only NAMES] [--min-positions N] [--write] [--worst N] FILES... | tune --dump OUT [--every N] GAMES...";
    // A wrong command line gets the usage and status 2, `--help` the usage.
    let stop = |status: i32| -> ! {
        eprintln!("{usage}");
        std::process::exit(status)
    };
    // An option's value; a list of weights' names is split at commas.
    let number = |v: String| -> usize { v.parse().unwrap_or_else(|_| stop(2)) };
    let names = |v: String| v.split(',').map(str::to_string).collect::<Vec<_>>();
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| stop(2));
        match a.as_str() {
            "--passes" => passes = number(value()),
            "--every" => every = number(value()).max(1),
            "--min-positions" => min_positions = number(value()),
            "--worst" => worst = number(value()),
            "--write" => write = true,
            "--fix" => fixed.extend(names(value())),
            "--only" => only.extend(names(value())),
            "--dump" => dump = Some(value()),
            "--help" | "-h" => stop(0),
            flag if flag.starts_with("--") => {
                eprintln!("tune: no option {flag}");
                stop(2)
            }
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        stop(2)
    }
    if let Some(name) = unknown_name(fixed.iter().chain(&only)) {
        eprintln!(
            "tune: no weight is named {name} in either game (names as PANTHEON_EVAL takes them)"
        );
        std::process::exit(2);
    }
    let mut samples = Samples {
        fit: [Vec::new(), Vec::new()],
        held: [Vec::new(), Vec::new()],
    };
    let mut group = 0;
    for f in &files {
        let n = std::fs::read_to_string(f)
            .map_err(|e| format!("{f}: {e}"))
            .and_then(|text| parse_file(&text, f, &mut group, every, &mut samples))
            .unwrap_or_else(|e| {
                eprintln!("tune: {e}");
                std::process::exit(2)
            });
        println!("{f}: {n} games or positions");
    }
    if let Some(out) = dump {
        let mut text = String::new();
        for v in Variant::ALL {
            let (a, b) = (&samples.fit[v as usize], &samples.held[v as usize]);
            let mut all: Vec<&Sample> = a.iter().chain(b).collect();
            all.sort_by_key(|s| s.group);
            for s in all {
                text += &format!(
                    "pos {} {} {:.4} {}\n",
                    v.id(),
                    s.group,
                    s.result,
                    s.pos.fen()
                );
            }
        }
        std::fs::write(&out, text).unwrap_or_else(|e| panic!("{out}: {e}"));
        println!("wrote {out}");
        return;
    }
    let tuned = Variant::ALL.map(|v| {
        tune(
            v,
            &samples.fit[v as usize],
            &samples.held[v as usize],
            passes,
            &fixed,
            &only,
            min_positions,
        )
    });
    for (v, w) in Variant::ALL.iter().zip(&tuned) {
        let all: Vec<&Sample> = samples.fit[*v as usize]
            .iter()
            .chain(&samples.held[*v as usize])
            .collect();
        print_worst(*v, &all, &w.0, w.1, worst);
    }
    if write {
        // The game crate's weights, wherever the tuner is run from.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../src/ai/weights.rs");
        let text = std::fs::read_to_string(path).expect("src/ai/weights.rs");
        let head = text
            .split("/// Kinds:")
            .next()
            .expect("the file's head")
            .to_string();
        let body: Vec<String> = Variant::ALL
            .iter()
            .zip(&tuned)
            .map(|(&v, w)| literals(v, &w.0))
            .collect();
        std::fs::write(path, head + &body.join("\n")).expect("write src/ai/weights.rs");
        println!("wrote {path} (run cargo fmt)");
    }
}
