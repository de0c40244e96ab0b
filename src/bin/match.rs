//! Plays two UCI engines against each other and reports the score with an Elo
//! estimate (a measuring tool, not a test). Every game end is judged by our own
//! rules (`pantheon::engine::Game`), not by the engines.
//!
//!     cargo run --release --bin match -- \
//!         --engine1 "target/release/uci" --opt1 Level=4 \
//!         --engine2 "target/release/uci" --opt2 Level=3 \
//!         --variant both --games 100 --go "movetime 200"
//!
//! Options:
//!   --engine1/--engine2 CMD   engine command lines (run with `sh -c`)
//!   --opt1/--opt2 NAME=VALUE  a UCI option for one engine (repeatable)
//!   --variant V               mansindam, pandemonium or both (alternating pairs)
//!   --games N                 number of games (even: each opening is played
//!                             with both colours)
//!   --go "ARGS"               what follows `go` each move (default "movetime 100")
//!   --tc BASE+INC             a clock in milliseconds instead (`wtime/btime/winc/binc`);
//!                             an engine that overruns its clock loses
//!   --plies N                 random plies from the start for each opening (default 4)
//!   --seed N                  seeds the openings
//!   --max-plies N             a game this long is stopped and scored ½ (default 400)
//!   --verbose                 one line per game with its moves
//!
//! `match --tally FILE...` sums the game lines of earlier `--verbose` runs
//! (a long match played in parts, with different seeds) into one summary.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use pantheon::ai::Rng;
use pantheon::engine::{Color, Game, Variant};

struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(cmd: &str, options: &[(String, String)], name: String) -> Engine {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start '{cmd}': {e}"));
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            name,
            child,
            stdin,
            lines: rx,
        };
        e.send("uci");
        e.wait_for("uciok", Duration::from_secs(10))
            .expect("engine answers uci");
        for (k, v) in options {
            e.send(&format!("setoption name {k} value {v}"));
        }
        e
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.starts_with(prefix) {
                        return Some(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    return None
                }
            }
        }
    }

    fn ready(&mut self) {
        self.send("isready");
        self.wait_for("readyok", Duration::from_secs(30))
            .expect("engine answers isready");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Args {
    engine: [String; 2],
    opts: [Vec<(String, String)>; 2],
    variants: Vec<Variant>,
    games: usize,
    go: String,
    tc: Option<(f64, f64)>,
    plies: usize,
    seed: u64,
    max_plies: usize,
    verbose: bool,
}

fn parse_args() -> Args {
    let mut a = Args {
        engine: [String::new(), String::new()],
        opts: [Vec::new(), Vec::new()],
        variants: vec![Variant::Mansindam],
        games: 20,
        go: "movetime 100".into(),
        tc: None,
        plies: 4,
        seed: 1,
        max_plies: 400,
        verbose: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    let value = |i: usize| -> String {
        args.get(i + 1)
            .cloned()
            .unwrap_or_else(|| panic!("{} needs a value", args[i]))
    };
    while i < args.len() {
        let flag = args[i].as_str();
        let mut step = 2;
        match flag {
            "--engine1" => a.engine[0] = value(i),
            "--engine2" => a.engine[1] = value(i),
            "--opt1" | "--opt2" => {
                let v = value(i);
                let (k, val) = v.split_once('=').expect("option as NAME=VALUE");
                a.opts[usize::from(flag == "--opt2")].push((k.into(), val.into()));
            }
            "--variant" => {
                a.variants = match value(i).as_str() {
                    "both" => Variant::ALL.to_vec(),
                    v => vec![v.parse().expect("variant")],
                }
            }
            "--games" => a.games = value(i).parse().expect("number of games"),
            "--go" => a.go = value(i),
            "--tc" => {
                let v = value(i);
                let (b, inc) = v.split_once('+').unwrap_or((&v, "0"));
                a.tc = Some((b.parse().expect("base ms"), inc.parse().expect("inc ms")));
            }
            "--plies" => a.plies = value(i).parse().expect("plies"),
            "--seed" => a.seed = value(i).parse().expect("seed"),
            "--max-plies" => a.max_plies = value(i).parse().expect("max plies"),
            "--verbose" => {
                a.verbose = true;
                step = 1;
            }
            _ => panic!("unknown argument {flag} (see the comment at the top of src/bin/match.rs)"),
        }
        i += step;
    }
    assert!(
        !a.engine[0].is_empty() && !a.engine[1].is_empty(),
        "--engine1 and --engine2 are needed"
    );
    a
}

/// A random opening: `plies` random legal moves that do not end the game.
fn opening(variant: Variant, plies: usize, rng: &mut Rng) -> Vec<String> {
    loop {
        let mut g = Game::new(variant);
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let _ = g.play(m);
        }
        if !g.is_over() {
            return g.uci_moves();
        }
    }
}

/// Result of one game for engine 1: 1, 0 or ½, with the reason.
fn play_game(
    a: &Args,
    engines: &mut [Engine; 2],
    variant: Variant,
    opening: &[String],
    white: usize,
) -> (f64, String, Vec<String>) {
    let mut game = Game::from_uci_moves(variant, None, opening.iter().map(|s| s.as_str()))
        .expect("opening is legal");
    for e in engines.iter_mut() {
        e.send("ucinewgame");
        e.send(&format!(
            "setoption name UCI_Variant value {}",
            variant.id()
        ));
        e.ready();
    }
    let mut clock = a.tc.map(|(base, _)| [base, base]);
    let mut moves: Vec<String> = opening.to_vec();
    let score_for = |winner: Color| -> f64 {
        let winner_engine = if winner == Color::White {
            white
        } else {
            1 - white
        };
        if winner_engine == 0 {
            1.0
        } else {
            0.0
        }
    };
    loop {
        if let Some(o) = game.outcome() {
            return (score_for(o.winner), o.reason.to_string(), moves);
        }
        if moves.len() >= a.max_plies {
            return (0.5, "move limit".into(), moves);
        }
        let side = game.position().side_to_move();
        let who = if side == Color::White {
            white
        } else {
            1 - white
        };
        let e = &mut engines[who];
        let pos_cmd = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&pos_cmd);
        let (go, timeout) = match (a.tc, clock) {
            (Some((_, inc)), Some([w, b])) => (
                format!("go wtime {w:.0} btime {b:.0} winc {inc:.0} binc {inc:.0}"),
                Duration::from_millis((if side == Color::White { w } else { b }) as u64 + 5000),
            ),
            _ => (format!("go {}", a.go), Duration::from_secs(120)),
        };
        let t = Instant::now();
        e.send(&go);
        let reply = e.wait_for("bestmove", timeout);
        let used = t.elapsed().as_secs_f64() * 1000.0;
        if let (Some((_, inc)), Some(c)) = (a.tc, clock.as_mut()) {
            let left = &mut c[side.index()];
            *left -= used;
            if *left < 0.0 {
                return (
                    score_for(side.flip()),
                    format!("{} lost on time", e.name),
                    moves,
                );
            }
            *left += inc;
        }
        let Some(reply) = reply else {
            return (
                score_for(side.flip()),
                format!("{} gave no move", e.name),
                moves,
            );
        };
        let mv = reply.split_whitespace().nth(1).unwrap_or("").to_string();
        let legal = game
            .position()
            .parse_uci(&mv)
            .ok()
            .filter(|m| game.legal_moves().contains(*m));
        match legal {
            Some(m) => {
                game.play(m).expect("checked legal");
                moves.push(mv);
            }
            None => {
                return (
                    score_for(side.flip()),
                    format!("{} played an illegal move '{mv}'", e.name),
                    moves,
                )
            }
        }
    }
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    // Beyond ±1200 the estimate means nothing more than "all games".
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The results of a match: each game's score for engine 1, by variant and
/// by how it ended.
#[derive(Default)]
struct Tally {
    scores: Vec<f64>,
    per_variant: BTreeMap<String, (f64, usize)>,
    reasons: BTreeMap<String, usize>,
}

impl Tally {
    fn add(&mut self, variant: &str, score: f64, reason: &str) {
        self.scores.push(score);
        let v = self
            .per_variant
            .entry(variant.to_string())
            .or_insert((0.0, 0));
        v.0 += score;
        v.1 += 1;
        let key = if reason.contains("illegal")
            || reason.contains("time")
            || reason.contains("no move")
        {
            reason.to_string()
        } else {
            reason.split(' ').next().unwrap_or("").to_string()
        };
        *self.reasons.entry(key).or_insert(0) += 1;
    }

    /// Reads the `game ...` lines that `--verbose` prints.
    fn read(&mut self, text: &str) -> Result<(), String> {
        for line in text.lines().filter(|l| l.starts_with("game ")) {
            let bad = || format!("not a game line: {line}");
            let mut words = line.split_whitespace();
            let variant = words.nth(2).ok_or_else(bad)?;
            let (_, rest) = line.split_once(" : ").ok_or_else(bad)?;
            let (score, rest) = rest.split_once(" (").ok_or_else(bad)?;
            let score: f64 = score.parse().map_err(|_| bad())?;
            let (reason, _) = rest.rsplit_once(", ").ok_or_else(bad)?;
            self.add(variant, score, reason);
        }
        Ok(())
    }

    fn print(&self) {
        let n = self.scores.len() as f64;
        let total: f64 = self.scores.iter().sum();
        let p = total / n;
        let var = self.scores.iter().map(|s| (s - p) * (s - p)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        let (lo, hi) = (elo((p - 1.96 * se).max(0.0)), elo((p + 1.96 * se).min(1.0)));
        let wins = self.scores.iter().filter(|&&s| s == 1.0).count();
        let losses = self.scores.iter().filter(|&&s| s == 0.0).count();
        let unfinished = self.scores.len() - wins - losses;
        for (v, (s, k)) in &self.per_variant {
            println!("  {v}: {s:.1}/{k}");
        }
        let why: Vec<String> = self
            .reasons
            .iter()
            .map(|(r, k)| format!("{r} {k}"))
            .collect();
        println!("  endings: {}", why.join(", "));
        println!(
            "engine1 +{wins} -{losses} ={unfinished} (unfinished), score {:.1}%, Elo {:+.0} (95%: {:+.0} .. {:+.0})",
            100.0 * p,
            elo(p),
            lo,
            hi
        );
    }
}

/// `match --tally FILE...`: the summary of games played before, from the
/// output of `--verbose` runs (a long match played in parts).
fn tally(files: &[String]) {
    let mut t = Tally::default();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        t.read(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
    }
    assert!(!t.scores.is_empty(), "no game lines in {files:?}");
    println!("{} games from {}", t.scores.len(), files.join(", "));
    t.print();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--tally") {
        return tally(&args[1..]);
    }
    let a = parse_args();
    let names = [0, 1].map(|i| {
        let opts: Vec<String> = a.opts[i].iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{} {}", a.engine[i], opts.join(" "))
            .trim()
            .to_string()
    });
    let mut engines = [0, 1].map(|i| Engine::start(&a.engine[i], &a.opts[i], names[i].clone()));
    let mut rng = Rng::new(a.seed);
    let mut results = Tally::default();
    let started = Instant::now();
    let mut pair = 0;
    let mut open = Vec::new();
    let mut variant = a.variants[0];
    for g in 0..a.games {
        if g % 2 == 0 {
            variant = a.variants[pair % a.variants.len()];
            open = opening(variant, a.plies, &mut rng);
            pair += 1;
        }
        let white = g % 2; // engine 1 has White in even games
        let (s, reason, moves) = play_game(&a, &mut engines, variant, &open, white);
        results.add(variant.id(), s, &reason);
        if a.verbose {
            println!(
                "game {:>3} {:<11} engine1 {} : {} ({reason}, {} plies) {}",
                g + 1,
                variant.id(),
                if white == 0 { "White" } else { "Black" },
                s,
                moves.len(),
                moves.join(" ")
            );
        }
        let total: f64 = results.scores.iter().sum();
        eprint!(
            "\r{} games, engine1 {:.1}/{} ({:.0} s)   ",
            results.scores.len(),
            total,
            results.scores.len(),
            started.elapsed().as_secs_f64()
        );
    }
    eprintln!();
    println!("engine1: {}", names[0]);
    println!("engine2: {}", names[1]);
    let cond = match a.tc {
        Some((b, i)) => format!("clock {b:.0}+{i:.0} ms"),
        None => format!("go {}", a.go),
    };
    println!(
        "{} games, {cond}, {} random opening plies, seed {}",
        results.scores.len(),
        a.plies,
        a.seed
    );
    results.print();
}
