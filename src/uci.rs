//! The UCI front end shared by `src/bin/uci.rs`, `lab/src/bin/wasm_uci.rs` and
//! their tests: the commands
//! Fairy-Stockfish uses, so the same scripts and GUIs drive both engines.
//!
//! Searches (`go depth|nodes|movetime|wtime/btime/winc/binc|movestogo|infinite`)
//! run on a thread when the session has an asynchronous output (the binary);
//! `stop` ends them, `isready` is answered meanwhile, `quit` stops and leaves.
//! Without one (tests, and the WebAssembly build, timed by the host's clock:
//! [`Uci::with_clock`]), `go` searches before returning.
//!
//! Beside them, as in Fairy-Stockfish: `d` prints the position's FEN, and
//! `eval` its static evaluation term by term ([`ai::trace`]), one line a
//! term, then the total and the part of it the search counts.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::ai::{self, Features, Info, Limits, SearchResult, Searcher, LEVELS, MAX_TT_MB};
use crate::engine::{Game, Position, Variant};

/// Where a search thread writes its `info` and `bestmove` lines.
pub type Output = Arc<dyn Fn(String) + Send + Sync>;

const DEFAULT_HASH_MB: usize = 16;

struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
}

/// The engine's side of a UCI conversation.
pub struct Uci {
    variant: Variant,
    game: Game,
    /// Why the last `position` command was refused: until a valid one,
    /// `go` searches nothing (the game before it is no position the GUI asked for).
    refused: Option<String>,
    searcher: Option<Searcher>,
    running: Option<Running>,
    output: Option<Output>,
    hash_mb: usize,
    /// 0: full strength (only the `go` limits); 1..=LEVELS: a playing level.
    level: u8,
    seed: u64,
    /// Lines to report (`MultiPV`).
    multipv: usize,
    features: Features,
    /// The clock of a session without a search thread, in milliseconds
    /// (WebAssembly has no `Instant`); `None`: the system's.
    clock: Option<fn() -> f64>,
}

/// The most lines `MultiPV` reports.
const MAX_MULTIPV: usize = 16;

/// One list of the search switches settable as UCI check options (for
/// strength tests): each option's name with the [`Features`] field it sets.
macro_rules! search_switches {
    ($($name:literal => $field:ident,)*) => {
        /// The switches' option names.
        const SWITCHES: [&str; [$($name),*].len()] = [$($name),*];

        /// The switches of `f`, in the order of [`SWITCHES`].
        fn switches(f: &mut Features) -> [&mut bool; SWITCHES.len()] {
            [$(&mut f.$field),*]
        }
    };
}

/// A search parameter that is a whole number, as a UCI spin option: its
/// name, where it lies in [`Features`], its range and what it counts.
struct Spin {
    name: &'static str,
    field: fn(&mut Features) -> &mut i32,
    min: i32,
    max: i32,
    unit: &'static str,
}

/// The search's spin options: each game's evaluation scale
/// ([`Features::eval_scale`], by [`Variant`] order), the singular
/// extension's margin and first depth, the check extension's first
/// depth, move-count pruning's last depth, and the exchange pruning's
/// width.
const SPINS: [Spin; 7] = [
    Spin {
        name: "MansindamScale",
        field: |f| &mut f.eval_scale[Variant::Mansindam as usize],
        min: 1,
        max: 32,
        unit: "sixteenths",
    },
    Spin {
        name: "PandemoniumScale",
        field: |f| &mut f.eval_scale[Variant::Pandemonium as usize],
        min: 1,
        max: 32,
        unit: "sixteenths",
    },
    Spin {
        name: "SingularMargin",
        field: |f| &mut f.singular_margin,
        min: 1,
        max: 16,
        unit: "centipawns per ply",
    },
    Spin {
        name: "SingularDepth",
        field: |f| &mut f.singular_depth,
        min: 2,
        max: 16,
        unit: "plies",
    },
    Spin {
        name: "CheckExtensionDepth",
        field: |f| &mut f.check_extension_depth,
        min: 1,
        max: 16,
        unit: "plies",
    },
    Spin {
        name: "MoveCountDepth",
        field: |f| &mut f.move_count_depth,
        min: 1,
        max: 64,
        unit: "plies",
    },
    Spin {
        name: "SeeWidth",
        field: |f| &mut f.see_width,
        min: 1,
        max: 16,
        unit: "quarters",
    },
];

search_switches! {
    "NullMove" => null_move,
    "LMR" => lmr,
    "LMP" => lmp,
    "Futility" => futility,
    "ReverseFutility" => reverse_futility,
    "CheckExtension" => check_extension,
    "SeePruning" => see_pruning,
    "ContHistory" => cont_history,
    "SafeCheckExtension" => safe_check_extension,
    "IIR" => iir,
    "MoveCountPruning" => move_count_pruning,
    "QsearchChecks" => qsearch_checks,
    "Singular" => singular,
    "QsearchTt" => qsearch_tt,
    "WideAspiration" => wide_aspiration,
    "RootLmr" => root_lmr,
    "DeltaSwing" => delta_swing,
    "WideDelta" => wide_delta,
    "CheckLmr" => check_lmr,
}

impl Default for Uci {
    fn default() -> Self {
        Uci::new()
    }
}

/// What the front end should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Uci {
    /// A session whose `go` searches before returning (for tests and scripts).
    pub fn new() -> Uci {
        Uci {
            variant: Variant::Mansindam,
            game: Game::new(Variant::Mansindam),
            refused: None,
            searcher: None,
            running: None,
            output: None,
            hash_mb: DEFAULT_HASH_MB,
            level: 0,
            seed: 0,
            multipv: 1,
            features: Features::default(),
            clock: None,
        }
    }

    /// A session whose `go` searches before returning, timed by `now_ms`
    /// (the WebAssembly build under Node: `lab/src/bin/wasm_uci.rs`).
    pub fn with_clock(now_ms: fn() -> f64) -> Uci {
        Uci {
            clock: Some(now_ms),
            ..Uci::new()
        }
    }

    /// A session whose searches run on a thread writing to `output`.
    pub fn with_output(output: Output) -> Uci {
        Uci {
            output: Some(output),
            ..Uci::new()
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether a search thread is running.
    pub fn searching(&mut self) -> bool {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.join();
        }
        self.running.is_some()
    }

    /// Stops a running search (its thread prints `bestmove`) and waits for it.
    pub fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    fn join(&mut self) {
        if let Some(r) = self.running.take() {
            let searcher = r
                .handle
                .join()
                .unwrap_or_else(|_| Searcher::new(self.hash_mb));
            searcher.stop_flag().store(false, Ordering::Relaxed);
            self.searcher = Some(searcher);
        }
    }

    /// Handles one command line, writing replies through `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn FnMut(String)) -> Flow {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                out(format!("id name Pantheon {}", env!("CARGO_PKG_VERSION")));
                out("id author the Pantheon developers".into());
                out("option name UCI_Variant type combo default mansindam var mansindam var pandemonium".into());
                out(format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_TT_MB}"
                ));
                out(format!(
                    "option name Level type spin default 0 min 0 max {LEVELS}"
                ));
                out(format!(
                    "option name Skill Level type spin default 0 min 0 max {LEVELS}"
                ));
                out("option name Seed type spin default 0 min 0 max 2147483647".into());
                out(format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                let mut defaults = Features::default();
                for spin in &SPINS {
                    out(format!(
                        "option name {} type spin default {} min {} max {}",
                        spin.name,
                        (spin.field)(&mut defaults),
                        spin.min,
                        spin.max
                    ));
                }
                for (name, on) in SWITCHES.iter().zip(switches(&mut defaults)) {
                    out(format!("option name {name} type check default {on}"));
                }
                out("uciok".into());
            }
            "isready" => out("readyok".into()),
            "ucinewgame" => {
                self.stop();
                self.game = Game::new(self.variant);
                self.refused = None;
                if let Some(s) = &mut self.searcher {
                    s.new_game();
                }
            }
            "setoption" => {
                self.stop();
                self.setoption(&rest, out)
            }
            "position" => self.position(&rest, out),
            "go" => self.go(&rest, out),
            "stop" => self.stop(),
            "d" => out(format!("Fen: {}", self.game.position().fen())),
            "eval" => {
                let trace = ai::trace(self.game.position(), &self.features);
                for line in trace.to_string().lines() {
                    out(line.to_string());
                }
            }
            "quit" => {
                self.stop();
                return Flow::Quit;
            }
            _ => out(format!("info string unknown command '{}'", clip(command))),
        }
        Flow::Continue
    }

    fn setoption(&mut self, args: &[&str], out: &mut dyn FnMut(String)) {
        // setoption name <id> [value <x>]
        let text = args.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return out("info string setoption needs 'name <option> value <value>'".into());
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let number = |max: u64| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(n) if n <= max => Ok(n),
                _ => Err(format!(
                    "info string {} needs a whole number from 0 to {max}, not '{}'",
                    clip(name),
                    clip(value)
                )),
            }
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match value.parse::<Variant>() {
                Ok(v) => {
                    self.variant = v;
                    self.game = Game::new(v);
                    self.refused = None;
                }
                Err(e) => out(format!("info string {e}")),
            }
        } else if name.eq_ignore_ascii_case("Hash") {
            match number(MAX_TT_MB as u64) {
                Ok(mb) => {
                    self.hash_mb = (mb as usize).max(1);
                    self.searcher = None;
                }
                Err(e) => out(e),
            }
        } else if name.eq_ignore_ascii_case("Level") || name.eq_ignore_ascii_case("Skill Level") {
            match number(LEVELS as u64) {
                Ok(n) => self.level = n as u8,
                Err(e) => out(e),
            }
        } else if let Some(spin) = SPINS.iter().find(|s| s.name.eq_ignore_ascii_case(name)) {
            match value.parse::<i32>() {
                Ok(n) if (spin.min..=spin.max).contains(&n) => {
                    *(spin.field)(&mut self.features) = n
                }
                _ => out(format!(
                    "info string {} needs a whole number from {} to {} ({}), not '{}'",
                    spin.name,
                    spin.min,
                    spin.max,
                    spin.unit,
                    clip(value)
                )),
            }
        } else if let Some(i) = SWITCHES.iter().position(|s| s.eq_ignore_ascii_case(name)) {
            let on = match value {
                "true" => true,
                "false" => false,
                _ => {
                    return out(format!(
                        "info string {} needs true or false, not '{}'",
                        SWITCHES[i],
                        clip(value)
                    ))
                }
            };
            *switches(&mut self.features)[i] = on;
        } else if name.eq_ignore_ascii_case("MultiPV") {
            match number(MAX_MULTIPV as u64) {
                Ok(n) => self.multipv = (n as usize).max(1),
                Err(e) => out(e),
            }
        } else if name.eq_ignore_ascii_case("Seed") {
            match number(u64::MAX) {
                Ok(n) => self.seed = n,
                Err(e) => out(e),
            }
        } else {
            out(format!("info string unknown option '{}'", clip(name)));
        }
    }

    fn position(&mut self, args: &[&str], out: &mut dyn FnMut(String)) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let fen = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => None,
            Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
            _ => {
                return self.refuse(
                    "position needs 'startpos' or 'fen <FEN>', then optionally 'moves ...'".into(),
                    out,
                )
            }
        };
        // Build the new game aside, so a bad command leaves the old one intact.
        match Game::from_uci_moves(self.variant, fen.as_deref(), moves.iter().copied()) {
            Ok(game) => {
                self.game = game;
                self.refused = None;
            }
            Err(e) => self.refuse(e.to_string(), out),
        }
    }

    /// What `go` says when the last `position` command was refused.
    fn refused(&self) -> Option<String> {
        self.refused.as_ref().map(|why| {
            format!("info string no valid position to search: the last position command was refused ({why})")
        })
    }

    fn refuse(&mut self, why: String, out: &mut dyn FnMut(String)) {
        out(format!("info string {why}"));
        self.refused = Some(why);
    }

    /// Reads the `go` arguments into limits; `Ok(None)` for `go perft`.
    fn go_limits(&self, args: &[&str]) -> Result<Limits, String> {
        let mut go = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0.0, 0.0, None);
        let mut infinite = false;
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            if key == "infinite" {
                infinite = true;
                i += 1;
                continue;
            }
            let Some(value) = args.get(i + 1) else {
                return Err(format!("go {} needs a value", clip(key)));
            };
            let n: f64 = match value.parse::<f64>() {
                Ok(n) if n.is_finite() => n,
                _ => {
                    return Err(format!(
                        "go {} needs a number, not '{}'",
                        clip(key),
                        clip(value)
                    ))
                }
            };
            let whole = n.max(0.0) as u64;
            match key {
                "depth" => go.depth = Some(whole.clamp(1, 90) as u32),
                "nodes" => go.nodes = Some(whole.max(1)),
                "movetime" => go.movetime_ms = Some(n.max(1.0)),
                "wtime" => wtime = Some(n),
                "btime" => btime = Some(n),
                "winc" => winc = n,
                "binc" => binc = n,
                "movestogo" => mtg = Some(whole.clamp(1, 1000) as u32),
                _ => return Err(format!("unknown go parameter '{}'", clip(key))),
            }
            i += 2;
        }
        let white = self.game.position().side_to_move() == crate::engine::Color::White;
        let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let Some(t) = time {
            go = go.tightened(&Limits::from_clock(t, inc, mtg));
        }
        let mut limits = if self.level > 0 {
            // The level sets depth, nodes and randomness; an explicit time from
            // `go` (movetime or a clock) replaces its guard against slow devices.
            let timed = go.movetime_ms.is_some();
            let mut l = ai::level(self.level).tightened(&go);
            if timed {
                l.movetime_ms = go.movetime_ms;
                l.soft_ms = go.soft_ms;
            }
            l
        } else {
            go
        };
        if infinite {
            limits.depth = None;
            limits.nodes = None;
            limits.movetime_ms = None;
            limits.soft_ms = None;
        }
        limits.seed = self.seed;
        limits.multipv = self.multipv;
        limits.features = self.features;
        Ok(limits)
    }

    fn go(&mut self, args: &[&str], out: &mut dyn FnMut(String)) {
        if let ["perft", n] = args {
            return match n.parse::<u32>() {
                Ok(depth) if depth >= 1 => match self.refused() {
                    Some(why) => {
                        out(why);
                        out("Nodes searched: 0".into())
                    }
                    None => self.perft(depth, out),
                },
                _ => out(format!(
                    "info string perft depth must be a whole number from 1, not '{}'",
                    clip(n)
                )),
            };
        }
        let limits = match self.go_limits(args) {
            Ok(l) => l,
            Err(e) => {
                return out(format!(
                    "info string {e} (supported: go depth <n> | nodes <n> | movetime <ms> | wtime <ms> btime <ms> [winc <ms> binc <ms>] [movestogo <n>] | infinite | perft <n>)"
                ))
            }
        };
        if let Some(why) = self.refused() {
            out(why);
            return out("bestmove (none)".into());
        }
        self.stop();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb));
        let game = self.game.clone();
        match &self.output {
            Some(output) => {
                let output = Arc::clone(output);
                let stop = searcher.stop_flag();
                let handle = std::thread::spawn(move || {
                    let sink = |line: String| output(line);
                    run_search(&mut searcher, &game, &limits, None, &sink);
                    searcher
                });
                self.running = Some(Running { handle, stop });
            }
            None => {
                if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime_ms.is_none()
                {
                    self.searcher = Some(searcher);
                    return out("info string go without a limit needs a search thread".into());
                }
                let lines = std::cell::RefCell::new(Vec::new());
                run_search(&mut searcher, &game, &limits, self.clock, &|l| {
                    lines.borrow_mut().push(l)
                });
                for l in lines.into_inner() {
                    out(l);
                }
                self.searcher = Some(searcher);
            }
        }
    }

    /// `move: count` per legal move, then the total, as Fairy-Stockfish prints it.
    fn perft(&self, depth: u32, out: &mut dyn FnMut(String)) {
        let mut pos: Position = self.game.position().clone();
        let mut total = 0;
        for &m in &pos.legal_moves() {
            let name = pos.uci(m);
            let undo = pos.make_move(m);
            let n = pos.perft(depth - 1);
            pos.unmake_move(m, undo);
            total += n;
            out(format!("{name}: {n}"));
        }
        out(String::new());
        out(format!("Nodes searched: {total}"));
    }
}

/// Runs one search, writing `info` lines and the `bestmove`; `now_ms` is
/// the clock, or the system's when `None`.
fn run_search(
    searcher: &mut Searcher,
    game: &Game,
    limits: &Limits,
    now_ms: Option<fn() -> f64>,
    out: &dyn Fn(String),
) {
    let clock: Box<dyn Fn() -> f64> = match now_ms {
        Some(now) => Box::new(now),
        None => {
            let t0 = Instant::now();
            Box::new(move || t0.elapsed().as_secs_f64() * 1000.0)
        }
    };
    let pos = game.position();
    let mut on_info = |info: &Info| out(info_line(pos, info));
    let r: SearchResult = searcher.search(game, limits, &*clock, &mut on_info);
    match r.best {
        Some(m) => out(format!("bestmove {}", pos.uci(m))),
        None => {
            if let Some(o) = game.outcome() {
                out(format!("info string the game is over: {o}"));
            }
            out("bestmove (none)".into())
        }
    }
}

fn info_line(pos: &Position, info: &Info) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score.uci(),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms as u64,
        ai::uci_line(pos, &info.pv).join(" ")
    )
}

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::time::Duration;

    fn run(session: &mut Uci, line: &str) -> Vec<String> {
        let mut lines = Vec::new();
        session.handle(line, &mut |l| lines.push(l));
        lines
    }

    /// A session with its own clock (the WebAssembly build's) times its
    /// searches by it: here a clock that moves 100 ms each time it is read,
    /// so that `go movetime 1000` ends after a few reads, at a whole number
    /// of its steps.
    #[test]
    fn a_session_with_its_own_clock_is_timed_by_it() {
        use std::sync::atomic::AtomicU64;
        static READS: AtomicU64 = AtomicU64::new(0);
        fn clock() -> f64 {
            READS.fetch_add(1, Ordering::Relaxed) as f64 * 100.0
        }
        let mut s = Uci::with_clock(clock);
        let lines = run(&mut s, "go movetime 1000");
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
        let reads = READS.load(Ordering::Relaxed);
        assert!((2..=40).contains(&reads), "{reads} reads");
        for l in &lines[..lines.len() - 1] {
            let time: u64 = l
                .split(" time ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(time % 100, 0, "{l}");
            assert!(time <= 1000, "{l}");
        }
    }

    #[test]
    fn perft_and_display() {
        let mut s = Uci::new();
        assert_eq!(
            run(&mut s, "setoption name UCI_Variant value pandemonium"),
            Vec::<String>::new()
        );
        run(&mut s, "position startpos moves e4e5");
        assert_eq!(
            run(&mut s, "d"),
            ["Fen: rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/4V4/9/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] b - - 1 1"]
        );
        // 1716 as counted by pyffish for the same position.
        let lines = run(&mut s, "go perft 2");
        assert_eq!(lines.last().unwrap(), "Nodes searched: 1716");
    }

    /// `eval` prints the position's static evaluation, a line a term, then
    /// the total for the side to move and the part the search counts, at
    /// the session's scale (a spin option).
    #[test]
    fn eval_prints_the_terms_and_the_searchs_part() {
        let mut s = Uci::new();
        run(&mut s, "position startpos moves e3e4 e7e6");
        let lines = run(&mut s, "eval");
        assert_eq!(lines.len(), 2 + ai::Term::ALL.len() + 1, "{lines:?}");
        assert!(lines[0].starts_with("Term "), "{lines:?}");
        assert!(lines[1].starts_with("Material "), "{lines:?}");
        let number = |l: &str| l.rsplit(' ').next().unwrap().parse::<i32>().unwrap();
        let total = number(&lines[lines.len() - 2]);
        assert!(lines[lines.len() - 2].starts_with("Total (White to move)"));
        let search = lines.last().unwrap();
        assert!(search.starts_with("Search (9/16 of it)"), "{search}");
        assert_eq!(number(search), total * 9 / 16);
        run(&mut s, "setoption name MansindamScale value 16");
        assert_eq!(number(run(&mut s, "eval").last().unwrap()), total);
    }

    #[test]
    fn bad_input_keeps_the_game() {
        let mut s = Uci::new();
        run(&mut s, "position startpos moves e3e4");
        let before = s.game().position().fen();
        assert_eq!(
            run(&mut s, "position fen 4k4/9/9 w"),
            ["info string the board has 3 ranks; it needs 9, separated by '/'"]
        );
        assert_eq!(
            run(&mut s, "position startpos moves e3e4 e3e4"),
            ["info string move 2: e3e4 is not a legal move in this position"]
        );
        assert_eq!(
            run(&mut s, "frobnicate"),
            ["info string unknown command 'frobnicate'"]
        );
        assert_eq!(
            run(&mut s, "setoption name UCI_Variant value chess"),
            ["info string unknown variant 'chess' (expected mansindam or pandemonium)"]
        );
        assert!(run(&mut s, "go depth x")[0].starts_with("info string go depth needs a number"));
        assert!(run(&mut s, "go sideways 3")[0].starts_with("info string unknown go parameter"));
        assert_eq!(
            run(&mut s, "setoption name Level value 9"),
            ["info string Level needs a whole number from 0 to 6, not '9'"]
        );
        assert_eq!(s.game().position().fen(), before);
        assert_eq!(run(&mut s, "quit"), Vec::<String>::new());
    }

    #[test]
    fn after_a_refused_position_go_searches_nothing() {
        let mut s = Uci::new();
        run(&mut s, "position startpos moves e3e4");
        run(&mut s, "position startpos moves e7e6 e7e6");
        let why = "info string no valid position to search: the last position command was refused (move 1: e7e6 is not a legal move in this position)";
        assert_eq!(run(&mut s, "go depth 2"), [why, "bestmove (none)"]);
        assert_eq!(run(&mut s, "go perft 1"), [why, "Nodes searched: 0"]);
        run(&mut s, "position fen");
        assert_eq!(
            run(&mut s, "go movetime 10"),
            [
                "info string no valid position to search: the last position command was refused (position needs 'startpos' or 'fen <FEN>', then optionally 'moves ...')",
                "bestmove (none)"
            ]
        );
        // A valid position (or a new game, or another variant) ends it.
        for valid in [
            "position startpos",
            "ucinewgame",
            "setoption name UCI_Variant value pandemonium",
        ] {
            run(&mut s, "position fen x");
            run(&mut s, valid);
            let lines = run(&mut s, "go perft 1");
            let total = lines.last().unwrap();
            assert!(total.starts_with("Nodes searched: 3"), "{valid}: {lines:?}");
        }
    }

    #[test]
    fn multipv_reports_each_line_per_iteration() {
        let mut s = Uci::new();
        // White to move wins with a Rook dropped on c9..i9 or b8.
        run(&mut s, "position fen k8/9/K8/9/9/9/9/9/9[R] w - - 0 1");
        run(&mut s, "setoption name MultiPV value 3");
        let lines = run(&mut s, "go depth 2");
        let depth2: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 2 "))
            .collect();
        assert_eq!(depth2.len(), 3, "{lines:?}");
        let mut firsts = Vec::new();
        for (i, l) in depth2.iter().enumerate() {
            assert!(
                l.contains(&format!(" multipv {} score mate 1 ", i + 1)),
                "{l}"
            );
            let first = l.split(" pv ").nth(1).unwrap();
            assert!(first.starts_with("R@"), "{l}");
            firsts.push(first.to_string());
        }
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "{firsts:?}");
        assert_eq!(
            run(&mut s, "setoption name MultiPV value 17"),
            ["info string MultiPV needs a whole number from 0 to 16, not '17'"]
        );
    }

    /// `go depth N` on the current position: the node count its last
    /// iteration reports.
    fn nodes_to_depth(s: &mut Uci, depth: u32) -> String {
        let lines = run(s, &format!("go depth {depth}"));
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with(&format!("info depth {depth} ")))
            .unwrap_or_else(|| panic!("{lines:?}"));
        let after = last.split(" nodes ").nth(1).expect("nodes");
        after.split(' ').next().expect("a count").to_string()
    }

    /// The singular extension's margin and first depth, the check
    /// extension's first depth, move-count pruning's last depth and the
    /// exchange pruning's width are spin options: listed with their
    /// defaults, refused outside their ranges with the reason, and they
    /// reach the search (with `Singular` on, the tree to depth 8 changes
    /// with each).
    #[test]
    fn the_extensions_margins_and_depths_are_options() {
        let cases = [
            ("SingularMargin", 2, 1, 16, "centipawns per ply", 16),
            ("SingularDepth", 6, 2, 16, "plies", 16),
            ("CheckExtensionDepth", 7, 1, 16, "plies", 1),
            ("MoveCountDepth", 8, 1, 64, "plies", 2),
            ("SeeWidth", 4, 1, 16, "quarters", 8),
        ];
        for (name, default, min, max, unit, other) in cases {
            let mut s = Uci::new();
            let listed = run(&mut s, "uci");
            assert!(listed.contains(&format!(
                "option name {name} type spin default {default} min {min} max {max}"
            )));
            for bad in [
                format!("{}", min - 1),
                format!("{}", max + 1),
                "wide".into(),
            ] {
                assert_eq!(
                    run(&mut s, &format!("setoption name {name} value {bad}")),
                    [format!("info string {name} needs a whole number from {min} to {max} ({unit}), not '{bad}'")]
                );
            }
            run(&mut s, "setoption name Singular value true");
            run(&mut s, "setoption name Hash value 1");
            let mut nodes = |value: i32| {
                run(&mut s, "ucinewgame");
                run(&mut s, &format!("setoption name {name} value {value}"));
                run(&mut s, "position startpos moves e3e4 e7e6 b1d2 h9f8");
                nodes_to_depth(&mut s, 8)
            };
            let (usual, changed) = (nodes(default), nodes(other));
            assert_ne!(usual, changed, "{name}");
            assert_eq!(
                nodes(default),
                usual,
                "{name}: the same value, the same tree"
            );
        }
    }

    /// Each game's evaluation scale is a spin option: listed with its
    /// default, refused outside 1..=32 with the reason, and it reaches the
    /// search (the tree to a fixed depth changes with it, in its game only).
    #[test]
    fn each_games_evaluation_scale_is_an_option() {
        let mut s = Uci::new();
        let listed = run(&mut s, "uci");
        assert!(
            listed.contains(&"option name MansindamScale type spin default 9 min 1 max 32".into())
        );
        assert!(listed
            .contains(&"option name PandemoniumScale type spin default 12 min 1 max 32".into()));
        assert_eq!(
            run(&mut s, "setoption name PandemoniumScale value 33"),
            ["info string PandemoniumScale needs a whole number from 1 to 32 (sixteenths), not '33'"]
        );
        let nodes = |s: &mut Uci| nodes_to_depth(s, 5);
        for variant in ["mansindam", "pandemonium"] {
            run(
                &mut s,
                &format!("setoption name UCI_Variant value {variant}"),
            );
            run(&mut s, "setoption name Hash value 1");
            run(&mut s, "position startpos");
            run(&mut s, "setoption name MansindamScale value 9");
            let at_9 = nodes(&mut s);
            run(&mut s, "ucinewgame");
            run(&mut s, "setoption name MansindamScale value 16");
            let at_16 = nodes(&mut s);
            run(&mut s, "ucinewgame");
            assert_eq!(
                at_9 == at_16,
                variant == "pandemonium",
                "{variant}: {at_9} {at_16}"
            );
        }
    }

    #[test]
    fn go_depth_answers_info_and_a_legal_bestmove() {
        for (variant, first) in [("mansindam", "e3e4"), ("pandemonium", "e4e5")] {
            let mut s = Uci::new();
            run(
                &mut s,
                &format!("setoption name UCI_Variant value {variant}"),
            );
            assert!(run(&mut s, &format!("position startpos moves {first}")).is_empty());
            let lines = run(&mut s, "go depth 3");
            assert!(lines[0].starts_with("info depth 1 "), "{lines:?}");
            assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")));
            let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
            assert!(s.game().position().parse_uci(best).is_ok(), "{best}");
            // Nodes and levels too.
            let lines = run(&mut s, "go nodes 2000");
            assert!(lines.last().unwrap().starts_with("bestmove "));
            run(&mut s, "setoption name Skill Level value 1");
            let lines = run(&mut s, "go movetime 500");
            assert!(lines.last().unwrap().starts_with("bestmove "));
        }
    }

    #[test]
    fn a_level_keeps_its_nodes_and_takes_the_time_from_go() {
        let mut s = Uci::new();
        run(&mut s, "setoption name Level value 6");
        let l = s.go_limits(&["movetime", "60000"]).unwrap();
        assert_eq!(l.nodes, ai::level(6).nodes);
        assert_eq!(l.movetime_ms, Some(60000.0));
        let l = s.go_limits(&["nodes", "1000"]).unwrap();
        assert_eq!(l.nodes, Some(1000));
        assert_eq!(l.movetime_ms, ai::level(6).movetime_ms);
        run(&mut s, "setoption name Level value 0");
        let l = s.go_limits(&["depth", "5"]).unwrap();
        assert_eq!((l.depth, l.nodes, l.movetime_ms), (Some(5), None, None));
    }

    #[test]
    fn finished_game_answers_bestmove_none() {
        let mut s = Uci::new();
        // Black's King stands on rank 1, its far rank: Black has won by campmate.
        let e = run(&mut s, "position fen 9/9/9/9/9/9/K8/9/4k4[] w - - 0 1");
        assert!(e.is_empty(), "{e:?}");
        assert!(s.game().is_over());
        let lines = run(&mut s, "go depth 2");
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
    }

    #[test]
    fn stop_and_isready_during_an_infinite_search() {
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let sink = Arc::clone(&lines);
        let mut s = Uci::with_output(Arc::new(move |l| sink.lock().unwrap().push(l)));
        run(&mut s, "position startpos");
        assert!(run(&mut s, "go infinite").is_empty());
        assert_eq!(run(&mut s, "isready"), ["readyok"]);
        std::thread::sleep(Duration::from_millis(30));
        assert!(s.searching());
        run(&mut s, "stop");
        assert!(!s.searching());
        let got = lines.lock().unwrap().clone();
        let best = got.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(s.game().position().parse_uci(best).is_ok());
        // quit stops a running search too.
        run(&mut s, "go infinite");
        assert_eq!(run(&mut s, "quit"), Vec::<String>::new());
        assert!(!s.searching());
    }
}
