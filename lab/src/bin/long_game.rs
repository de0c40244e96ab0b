//! A long game (a benchmark, not a test): 1,000 plies of each variant,
//! played through the worker's session the way the page plays them, with
//! captures preferred so that the hands fill up. Prints the time the worker
//! needs per move (play and snapshot) early and late in the game, and the
//! memory held after each move, to show that nothing grows but the history.
//!
//!     cargo run --release -p pantheon-lab --bin long_game [plies] [out-dir]
//!
//! Writes each game's moves (UCI, one line) to `<out-dir>/<variant>.txt`
//! (default `target/long-game`), for `lab/tools/long-game.mjs`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use pantheon::protocol::{NewGame, Player, Request, Snapshot};
use pantheon::worker::testing::Ask;
use pantheon::worker::Session;

/// The system allocator, counting the bytes in use.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// xorshift64*: the same game on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// A move for the side to move that does not end the game: a capture when
/// there is one, else a move on the board, a drop only when nothing else is
/// left (so the hands fill up). Returns the snapshot after it, and the time
/// (µs) the move and its snapshot took.
fn choose(session: &mut Session, snap: &Snapshot, rng: &mut Rng) -> Option<(Snapshot, f64)> {
    let mut order: Vec<usize> = (0..snap.moves.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order.sort_by_key(|&i| {
        let spec = snap.moves[i].spec;
        (snap.piece(spec.to).is_none(), spec.drop.is_some())
    });
    for i in order {
        let m = snap.moves[i];
        if m.ends_game.is_some() {
            continue;
        }
        let t = Instant::now();
        session.ask(Request::Play(m.spec)).ok()?;
        let after = session.snapshot();
        let micros = t.elapsed().as_secs_f64() * 1e6;
        if after.ending.is_none() {
            return Some((after, micros));
        }
        session.ask(Request::TakeBack { reopened: true }).ok()?;
    }
    None
}

type Played = (Session, Snapshot, usize, Vec<f64>, Vec<usize>);

/// Plays up to `plies` moves from the start: the session, the last snapshot,
/// the memory in use at the start, and the time and memory after each move.
fn play(variant: &str, plies: usize, seed: u64) -> Played {
    let mut session = Session::new();
    session
        .ask(Request::NewGame(NewGame {
            variant: variant.into(),
            players: [Player::Human, Player::Human],
            ..NewGame::default()
        }))
        .expect("a new game");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
    let mut snap = session.snapshot();
    let start_bytes = LIVE.load(Ordering::Relaxed);
    let mut times = Vec::with_capacity(plies);
    let mut live = Vec::with_capacity(plies);
    for _ in 0..plies {
        match choose(&mut session, &snap, &mut rng) {
            Some((after, micros)) => {
                snap = after;
                times.push(micros);
            }
            None => break,
        }
        live.push(LIVE.load(Ordering::Relaxed));
    }
    (session, snap, start_bytes, times, live)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let out = args.next().unwrap_or_else(|| "target/long-game".into());
    std::fs::create_dir_all(&out).expect("cannot create the output folder");
    println!(
        "{plies} plies a game; worker time per move = play + snapshot (what the page waits for)"
    );
    for variant in ["mansindam", "pandemonium"] {
        // A random game can reach a position where every move ends it: then
        // the next seed is tried, until one lasts the whole length.
        let (session, snap, start_bytes, times, live) = (1..)
            .map(|seed| play(variant, plies, seed))
            .find(|game| game.3.len() == plies)
            .expect("some seed gives a game of that length");
        drop(session);
        let played = times.len();
        // Medians: a busy machine adds the odd slow move.
        let median = |r: std::ops::Range<usize>| {
            let mut window = times[r.start.min(played)..r.end.min(played)].to_vec();
            window.sort_by(f64::total_cmp);
            window.get(window.len() / 2).copied().unwrap_or(0.0)
        };
        let in_hand: u32 = snap.hands.iter().flatten().map(|&c| u32::from(c)).sum();
        println!("\n{variant}: {played} plies, {in_hand} pieces in hand at the end");
        println!(
            "  worker per move (median): plies 1-100 {:.0} µs, 451-550 {:.0} µs, {}-{} {:.0} µs",
            median(0..100),
            median(450..550),
            played.saturating_sub(99),
            played,
            median(played.saturating_sub(100)..played),
        );
        let at = |ply: usize| {
            live.get(ply.saturating_sub(1))
                .copied()
                .unwrap_or(start_bytes)
        };
        let growth =
            (at(played) as f64 - at(100) as f64) / (played.saturating_sub(100)).max(1) as f64;
        println!(
            "  memory in use: start {:.1} MB, ply 100 {:.1} MB, ply {played} {:.1} MB: {growth:.0} bytes a ply (the history: moves, SAN, hashes)",
            start_bytes as f64 / 1e6,
            at(100) as f64 / 1e6,
            at(played) as f64 / 1e6,
        );
        let path = format!("{out}/{variant}.txt");
        std::fs::write(&path, snap.uci.join(",") + "\n").expect("cannot write the moves");
        println!("  moves written to {path}");
    }
}
