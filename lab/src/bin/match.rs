//! Plays two UCI engines against each other and reports the score with an Elo
//! estimate (a measuring tool, not a test). Every game end is judged by our own
//! rules (`pantheon::engine::Game`), not by the engines.
//!
//!     cargo run --release -p pantheon-lab --bin match -- \
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
//!   --go1/--go2 "ARGS"        the same for one engine (a slower engine's handicap)
//!   --tc BASE+INC             a clock in milliseconds instead (`wtime/btime/winc/binc`);
//!                             an engine that overruns its clock loses
//!   --plies N                 random plies from the start for each opening (default 4)
//!   --seed N                  seeds the openings
//!   --max-plies N             a game this long is stopped and scored ½ (default 400)
//!   --verbose                 one line per game with its moves
//!   --concurrency N           games played at once, each pair of engines in a
//!                             thread of its own (default 1; one per core)
//!   --sprt ELO0,ELO1          a sequential probability ratio test: stop as soon
//!                             as the games say engine1 is ELO1 better rather than
//!                             ELO0 (or the reverse), at 5 % false positives and
//!                             5 % false negatives; --games is then the most
//!   --alias1/--alias2 OURS=THEIRS   the name an engine gives a variant
//!                             (Fairy-Stockfish: pandemonium=pandemonium_prose)
//!
//! Games are played in pairs: one opening, each engine White once. The
//! summary counts the pairs by their score (0, ½, 1, 1½, 2: the pentanomial
//! count) and takes the Elo interval and the SPRT from the pairs, whose
//! variance is smaller than the games' when an opening favours one side.
//!
//! `match --tally [--sprt ELO0,ELO1] FILE...` sums the game lines of earlier
//! `--verbose` runs (a long match played in parts, with different seeds) into
//! one summary, with the SPRT's LLR over all of them if asked.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Mutex;
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
    go: [String; 2],
    tc: Option<(f64, f64)>,
    plies: usize,
    seed: u64,
    max_plies: usize,
    verbose: bool,
    concurrency: usize,
    sprt: Option<Sprt>,
    aliases: [Vec<(String, String)>; 2],
}

/// The options, for `--help` and with every refused command line.
const USAGE: &str = "usage: match --engine1 CMD --engine2 CMD [--opt1/--opt2 NAME=VALUE] \
[--variant mansindam|pandemonium|both] [--games N] [--go ARGS | --go1/--go2 ARGS | --tc BASE+INC] \
[--plies N] [--seed N] [--max-plies N] [--concurrency N] [--sprt ELO0,ELO1] \
[--alias1/--alias2 OURS=THEIRS] [--verbose]
       match --tally [--sprt ELO0,ELO1] FILE...
(each option is described at the top of lab/src/bin/match.rs)";

/// The command line, or what is wrong with it.
fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        engine: [String::new(), String::new()],
        opts: [Vec::new(), Vec::new()],
        variants: vec![Variant::Mansindam],
        games: 20,
        go: ["movetime 100".into(), "movetime 100".into()],
        tc: None,
        plies: 4,
        seed: 1,
        max_plies: 400,
        verbose: false,
        concurrency: 1,
        sprt: None,
        aliases: [Vec::new(), Vec::new()],
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let flag = flag.as_str();
        if flag == "--verbose" {
            a.verbose = true;
            continue;
        }
        let v = rest
            .next()
            .cloned()
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |what: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag} needs {what}, not \"{v}\""))
        };
        let pair = |sep: char, what: &str| {
            v.split_once(sep)
                .map(|(x, y)| (x.to_string(), y.to_string()))
                .ok_or_else(|| format!("{flag} needs {what}, not \"{v}\""))
        };
        match flag {
            "--engine1" => a.engine[0] = v,
            "--engine2" => a.engine[1] = v,
            "--opt1" | "--opt2" => {
                a.opts[usize::from(flag == "--opt2")].push(pair('=', "NAME=VALUE")?);
            }
            "--variant" => {
                a.variants = match v.as_str() {
                    "both" => Variant::ALL.to_vec(),
                    name => vec![name.parse().map_err(|_| {
                        format!("--variant needs mansindam, pandemonium or both, not \"{v}\"")
                    })?],
                }
            }
            "--games" => a.games = number("a number of games")? as usize,
            "--go" => a.go = [v.clone(), v],
            "--go1" => a.go[0] = v,
            "--go2" => a.go[1] = v,
            "--tc" => {
                let (b, inc) = v.split_once('+').unwrap_or((&v, "0"));
                a.tc =
                    Some(b.parse().ok().zip(inc.parse().ok()).ok_or_else(|| {
                        format!("--tc needs BASE+INC in milliseconds, not \"{v}\"")
                    })?);
            }
            "--plies" => a.plies = number("a number of plies")? as usize,
            "--seed" => a.seed = number("a number")?,
            "--max-plies" => a.max_plies = number("a number of plies")? as usize,
            "--concurrency" => match number("a number of threads")? {
                0 => return Err("--concurrency needs at least 1".into()),
                n => a.concurrency = n as usize,
            },
            "--sprt" => a.sprt = Some(sprt_bounds(&v)?),
            "--alias1" | "--alias2" => {
                a.aliases[usize::from(flag == "--alias2")].push(pair('=', "OURS=THEIRS")?);
            }
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    if a.engine[0].is_empty() || a.engine[1].is_empty() {
        return Err("--engine1 and --engine2 are needed".into());
    }
    Ok(a)
}

/// The variant and opening of pair `k` (the same for a seed whatever the
/// order the threads take the pairs in).
fn pair_opening(a: &Args, k: usize) -> (Variant, Vec<String>) {
    let variant = a.variants[k % a.variants.len()];
    let mut rng = Rng::new(a.seed.wrapping_mul(0x1_0000_0001).wrapping_add(k as u64));
    (variant, opening(variant, a.plies, &mut rng))
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
    for (e, aliases) in engines.iter_mut().zip(&a.aliases) {
        let name = aliases
            .iter()
            .find(|(ours, _)| ours == variant.id())
            .map_or(variant.id(), |(_, theirs)| theirs.as_str());
        e.send("ucinewgame");
        e.send(&format!("setoption name UCI_Variant value {name}"));
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
            _ => (format!("go {}", a.go[who]), Duration::from_secs(120)),
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

/// The score fraction of an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The sequential probability ratio test (the generalised SPRT the strong
/// engines' testing frameworks use): the log-likelihood ratio of "engine1 is
/// `elo1` better" against "`elo0` better", from the mean and variance of the
/// pair scores (a normal approximation, good after a few dozen pairs).
#[derive(Clone, Copy)]
struct Sprt {
    elo0: f64,
    elo1: f64,
    lower: f64,
    upper: f64,
}

impl Sprt {
    /// Bounds for 5 % false positives (alpha) and 5 % false negatives (beta).
    fn new(elo0: f64, elo1: f64) -> Sprt {
        assert!(elo0 < elo1, "--sprt needs ELO0 < ELO1");
        let (alpha, beta) = (0.05f64, 0.05f64);
        Sprt {
            elo0,
            elo1,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        }
    }

    fn llr(&self, pairs: &Pentanomial) -> f64 {
        let (n, mean, var) = pairs.stats();
        if n < 2.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The summary's last line: the LLR and what the test decided.
    fn report(&self, pairs: &Pentanomial, verdict: Option<bool>) {
        let said = match verdict {
            Some(true) => "H1 accepted (engine1 is the stronger)",
            Some(false) => "H0 accepted (no gain of that size)",
            None => "undecided (the games ran out first)",
        };
        println!(
            "SPRT [{:+}, {:+}] Elo, alpha = beta = 0.05: LLR {:+.2} (bounds {:.2} .. {:.2}), {said}",
            self.elo0,
            self.elo1,
            self.llr(pairs),
            self.lower,
            self.upper
        );
    }

    /// `Some(true)`: H1 accepted (a gain of `elo1`); `Some(false)`: H0.
    fn verdict(&self, pairs: &Pentanomial) -> Option<bool> {
        let llr = self.llr(pairs);
        (llr >= self.upper)
            .then_some(true)
            .or((llr <= self.lower).then_some(false))
    }
}

/// Pairs of games counted by engine1's score in the pair: 0, ½, 1, 1½, 2.
#[derive(Default, Clone, Copy)]
struct Pentanomial([u32; 5]);

impl Pentanomial {
    fn add(&mut self, pair_score: f64) {
        self.0[(pair_score * 2.0).round() as usize] += 1;
    }

    /// Number of pairs, the mean score fraction of a pair and its variance.
    fn stats(&self) -> (f64, f64, f64) {
        let n: f64 = self.0.iter().map(|&c| f64::from(c)).sum();
        if n == 0.0 {
            return (0.0, 0.5, 0.0);
        }
        let value = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| f64::from(self.0[i]) * value(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| f64::from(self.0[i]) * (value(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        (n, mean, var)
    }

    /// The Elo and its 95 % interval.
    fn elo(&self) -> (f64, f64, f64) {
        let (n, mean, var) = self.stats();
        let se = (var / n.max(1.0)).sqrt();
        (elo(mean), elo(mean - 1.96 * se), elo(mean + 1.96 * se))
    }
}

/// The results of a match: each game's score for engine 1, by variant and
/// by how it ended, and the pairs.
#[derive(Default)]
struct Tally {
    scores: Vec<f64>,
    per_variant: BTreeMap<String, (f64, usize)>,
    reasons: BTreeMap<String, usize>,
    pairs: Pentanomial,
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

    /// Reads the `game ...` lines that `--verbose` prints (two games in a
    /// row with one opening are a pair).
    fn read(&mut self, text: &str) -> Result<(), String> {
        let mut first: Option<f64> = None;
        for line in text.lines().filter(|l| l.starts_with("game ")) {
            let bad = || format!("not a game line: {line}");
            let mut words = line.split_whitespace();
            let variant = words.nth(2).ok_or_else(bad)?;
            let (_, rest) = line.split_once(" : ").ok_or_else(bad)?;
            let (score, rest) = rest.split_once(" (").ok_or_else(bad)?;
            let score: f64 = score.parse().map_err(|_| bad())?;
            let (reason, _) = rest.rsplit_once(", ").ok_or_else(bad)?;
            self.add(variant, score, reason);
            match first.take() {
                Some(f) => self.pairs.add(f + score),
                None => first = Some(score),
            }
        }
        Ok(())
    }

    fn print(&self) {
        let n = self.scores.len() as f64;
        let total: f64 = self.scores.iter().sum();
        let p = total / n;
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
        let [p0, p1, p2, p3, p4] = self.pairs.0;
        println!("  pairs by engine1's score 0/½/1/1½/2: {p0} {p1} {p2} {p3} {p4}");
        let (e, lo, hi) = self.pairs.elo();
        println!(
            "engine1 +{wins} -{losses} ={unfinished} (unfinished), score {:.1}%, Elo {:+.0} (95%: {lo:+.0} .. {hi:+.0})",
            100.0 * p,
            e,
        );
    }
}

/// `match --tally [--sprt ELO0,ELO1] FILE...`: the summary of games played
/// before, from the output of `--verbose` runs (a long match played in
/// parts); with `--sprt`, the test's LLR over all of them (a test continued
/// with another seed after a stop).
fn tally(args: &[String]) -> Result<(), String> {
    let (sprt, files) = match args {
        [flag, bounds, files @ ..] if flag == "--sprt" => (Some(sprt_bounds(bounds)?), files),
        files => (None, files),
    };
    let mut t = Tally::default();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        t.read(&text).map_err(|e| format!("{f}: {e}"))?;
    }
    if t.scores.is_empty() {
        return Err(format!("no game lines in {files:?}"));
    }
    println!("{} games from {}", t.scores.len(), files.join(", "));
    t.print();
    if let Some(s) = sprt {
        s.report(&t.pairs, s.verdict(&t.pairs));
    }
    Ok(())
}

/// `ELO0,ELO1`, the bounds of `--sprt`.
fn sprt_bounds(v: &str) -> Result<Sprt, String> {
    v.split_once(',')
        .and_then(|(e0, e1)| Some(Sprt::new(e0.parse().ok()?, e1.parse().ok()?)))
        .ok_or_else(|| format!("--sprt needs ELO0,ELO1, not \"{v}\""))
}

/// What the threads share: the next pair to play, the results, and whether
/// to stop (the SPRT has decided).
struct Shared {
    next_pair: usize,
    results: Tally,
    verdict: Option<bool>,
}

/// One thread: its own two engines, pairs of games until there are no more.
fn play_pairs(a: &Args, names: &[String; 2], shared: &Mutex<Shared>, started: Instant) {
    let mut engines = [0, 1].map(|i| Engine::start(&a.engine[i], &a.opts[i], names[i].clone()));
    let pairs = a.games.div_ceil(2);
    loop {
        let k = {
            let mut s = shared.lock().expect("no thread panicked");
            if s.verdict.is_some() || s.next_pair >= pairs {
                return;
            }
            s.next_pair += 1;
            s.next_pair - 1
        };
        let (variant, open) = pair_opening(a, k);
        let games: Vec<_> = (0..2)
            .map(|white| play_game(a, &mut engines, variant, &open, white))
            .collect();
        let mut s = shared.lock().expect("no thread panicked");
        for (white, (score, reason, moves)) in games.iter().enumerate() {
            s.results.add(variant.id(), *score, reason);
            if a.verbose {
                println!(
                    "game {:>3} {:<11} engine1 {} : {} ({reason}, {} plies) {}",
                    2 * k + white + 1,
                    variant.id(),
                    if white == 0 { "White" } else { "Black" },
                    score,
                    moves.len(),
                    moves.join(" ")
                );
            }
        }
        s.results.pairs.add(games[0].0 + games[1].0);
        let total: f64 = s.results.scores.iter().sum();
        let llr = a
            .sprt
            .map(|t| format!(", LLR {:+.2}", t.llr(&s.results.pairs)))
            .unwrap_or_default();
        eprint!(
            "\r{} games, engine1 {:.1}/{}{llr} ({:.0} s)   ",
            s.results.scores.len(),
            total,
            s.results.scores.len(),
            started.elapsed().as_secs_f64()
        );
        if let Some(t) = a.sprt {
            s.verdict = t.verdict(&s.results.pairs);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let refuse = |e: String| -> ! {
        eprintln!("match: {e}\n{USAGE}");
        std::process::exit(2)
    };
    match args.first().map(String::as_str) {
        Some("--help" | "-h") => return println!("{USAGE}"),
        Some("--tally") => return tally(&args[1..]).unwrap_or_else(|e| refuse(e)),
        _ => {}
    }
    let a = parse_args(&args).unwrap_or_else(|e| refuse(e));
    let names = [0, 1].map(|i| {
        let opts: Vec<String> = a.opts[i].iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{} {}", a.engine[i], opts.join(" "))
            .trim()
            .to_string()
    });
    let shared = Mutex::new(Shared {
        next_pair: 0,
        results: Tally::default(),
        verdict: None,
    });
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..a.concurrency {
            scope.spawn(|| play_pairs(&a, &names, &shared, started));
        }
    });
    let Shared {
        results, verdict, ..
    } = shared.into_inner().expect("no thread panicked");
    eprintln!();
    println!("engine1: {}", names[0]);
    println!("engine2: {}", names[1]);
    let cond = match a.tc {
        Some((b, i)) => format!("clock {b:.0}+{i:.0} ms"),
        None if a.go[0] == a.go[1] => format!("go {}", a.go[0]),
        None => format!("engine1 go {}, engine2 go {}", a.go[0], a.go[1]),
    };
    println!(
        "{} games, {cond}, {} random opening plies, seed {}, {} at once",
        results.scores.len(),
        a.plies,
        a.seed,
        a.concurrency
    );
    results.print();
    if let Some(t) = a.sprt {
        t.report(&results.pairs, verdict);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Args, String> {
        parse_args(&line.split(' ').map(String::from).collect::<Vec<_>>())
    }

    /// A command line the tool cannot use is named, not a panic.
    #[test]
    fn a_bad_command_line_is_named() {
        let cases = [
            (
                "--engine1 a --engine2 b --games x",
                "--games needs a number of games, not \"x\"",
            ),
            (
                "--engine1 a --engine2 b --frobnicate 1",
                "unknown argument --frobnicate",
            ),
            ("--engine1 a --engine2 b --seed", "--seed needs a value"),
            (
                "--engine1 a --engine2 b --opt1 Hash",
                "--opt1 needs NAME=VALUE, not \"Hash\"",
            ),
            (
                "--engine1 a --engine2 b --variant chess",
                "--variant needs mansindam, pandemonium or both, not \"chess\"",
            ),
            (
                "--engine1 a --engine2 b --tc 60000+x",
                "--tc needs BASE+INC in milliseconds, not \"60000+x\"",
            ),
            (
                "--engine1 a --engine2 b --sprt 5",
                "--sprt needs ELO0,ELO1, not \"5\"",
            ),
            (
                "--engine1 a --engine2 b --concurrency 0",
                "--concurrency needs at least 1",
            ),
            (
                "--engine1 a --games 2",
                "--engine1 and --engine2 are needed",
            ),
        ];
        for (line, message) in cases {
            assert_eq!(parse(line).err().as_deref(), Some(message), "{line}");
        }
        let a = parse("--engine1 a --verbose --engine2 b --tc 60000+500 --opt2 Hash=8").unwrap();
        assert_eq!(
            (a.verbose, a.tc, &a.opts[1][..]),
            (
                true,
                Some((60000.0, 500.0)),
                &[("Hash".to_string(), "8".to_string())][..]
            )
        );
    }

    #[test]
    fn pairs_give_the_mean_and_variance_of_a_pair_score() {
        let mut p = Pentanomial::default();
        for score in [0.0, 1.0, 1.0, 2.0] {
            p.add(score);
        }
        assert_eq!(p.0, [1, 0, 2, 0, 1]);
        // Pair fractions 0, ½, ½, 1: mean ½, variance (¼ + 0 + 0 + ¼) / 4.
        assert_eq!(p.stats(), (4.0, 0.5, 0.125));
        let (e, lo, hi) = p.elo();
        assert_eq!(e, 0.0);
        assert!((lo + hi).abs() < 1e-9 && hi > 200.0, "{lo} .. {hi}");
    }

    #[test]
    fn the_sprt_decides_for_a_clear_gain_and_against_a_clear_loss() {
        let t = Sprt::new(0.0, 10.0);
        assert!((t.upper - 2.944).abs() < 1e-3 && (t.lower + 2.944).abs() < 1e-3);
        let mut won = Pentanomial::default();
        let mut lost = Pentanomial::default();
        for _ in 0..30 {
            for (score, times) in [(2.0, 3), (1.5, 4), (1.0, 6), (0.5, 2), (0.0, 1)] {
                for _ in 0..times {
                    won.add(score);
                    lost.add(2.0 - score);
                }
            }
        }
        assert!(t.llr(&won) > t.upper && t.verdict(&won) == Some(true));
        assert!(t.llr(&lost) < t.lower && t.verdict(&lost) == Some(false));
        let mut even = Pentanomial::default();
        for score in [0.0, 2.0, 1.0, 1.0] {
            even.add(score);
        }
        assert_eq!(t.verdict(&even), None, "LLR {}", t.llr(&even));
    }

    #[test]
    fn tally_pairs_two_game_lines_in_a_row() {
        let mut t = Tally::default();
        t.read(
            "game   1 mansindam   engine1 White : 1 (checkmate, 41 plies) e3e4\n\
             game   2 mansindam   engine1 Black : 0.5 (move limit, 400 plies) e3e4\n\
             game   3 pandemonium engine1 White : 0 (repetition, 12 plies) e3e4\n",
        )
        .unwrap();
        assert_eq!(t.scores, [1.0, 0.5, 0.0]);
        assert_eq!(t.pairs.0, [0, 0, 0, 1, 0]);
        assert_eq!(t.reasons.get("checkmate"), Some(&1));
    }
}
