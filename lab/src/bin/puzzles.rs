//! Makes the puzzle set (`static/puzzles.tsv`, format in
//! `src/protocol/puzzle.rs`) from games of our own levels, and checks it.
//!
//!     cargo run --release -p pantheon-lab --bin puzzles -- --games 400 --seed 1 --out static/puzzles.tsv
//!     cargo run --release -p pantheon-lab --bin puzzles -- --check static/puzzles.tsv
//!
//! Options:
//!   --variant V      mansindam, pandemonium or both (default both)
//!   --games N        self-play games per variant (default 200)
//!   --seed N         seeds the games (default 1): the same seed, games and
//!                    engine give the same set on any machine and any
//!                    number of threads
//!   --threads N      games played at once (default 2)
//!   --pgn FILE       also looks for puzzles in the games of this record
//!                    (one or more games; repeatable)
//!   --levels A,B,..  the levels a game's two sides are drawn from
//!                    (default 1,2,2,3,3,4)
//!   --played-only    only the moves played set puzzles (see below)
//!   --out FILE       where to write the set (default: print it)
//!   --extend FILE    keeps every puzzle of this set, ids and all, and adds
//!                    the new ones after them (numbered on from its last id
//!                    of each game; a position and move it has are skipped),
//!                    so that links to its puzzles keep their meaning
//!   --check FILE     proves every puzzle of a set again (`--every K`: one
//!                    in K, on `--threads` threads) and names those that
//!                    fail; with `--out`, writes those that hold there
//!                    (after a search change: the engine may now see a
//!                    second win where the set's engine saw one)
//!
//! A self-play game: two levels drawn from 1-4 (the weaker ones blunder
//! into tactics), 2-6 random plies first. After each move the position is
//! judged by a quick search (`SCAN_NODES`, two best moves); so are, in a
//! balanced position, the other moves a depth-2 search ranks best (the
//! blunders a weaker level would make there: the source says which move was
//! played instead). Where the other side now wins by one move only and was
//! not already winning before the move, the position
//! before it and the move are proved with `ai::puzzle::prove` (every step a
//! fresh search of `PROOF_NODES`, two best moves: the winning one must be
//! alone). At most `PER_GAME` puzzles come from one game, a few plies apart.

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use pantheon::ai::puzzle::{self, Proof, Refusal, PROOF_NODES, SECOND_AT_MOST, WINS};
use pantheon::ai::{level, Limits, Rng, Score, Searcher};
use pantheon::engine::{read_pgn, Game, Move, Variant};
use pantheon::protocol::puzzle::{read_set, Puzzle, Theme, HEADER};
use pantheon_lab::puzzle_set::{self, themes};

/// Nodes of the quick search that judges every position of a game.
const SCAN_NODES: u64 = 8_000;
/// The most puzzles taken from one game.
const PER_GAME: usize = 4;
/// Plies skipped after a puzzle (the same tactic, a move later).
const GAP: usize = 4;
/// A self-play game stops here.
const MAX_PLIES: usize = 240;

struct Args {
    variants: Vec<Variant>,
    games: usize,
    seed: u64,
    threads: usize,
    pgns: Vec<String>,
    out: Option<String>,
    check: Option<String>,
    extend: Option<String>,
    every: usize,
    levels: Vec<u8>,
    alternatives: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        variants: Variant::ALL.to_vec(),
        games: 200,
        seed: 1,
        threads: 2,
        pgns: Vec::new(),
        out: None,
        check: None,
        extend: None,
        every: 1,
        levels: vec![1, 2, 2, 3, 3, 4],
        alternatives: true,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: \"{v}\" is not a number"))
        };
        match flag.as_str() {
            "--variant" => {
                a.variants = match value()?.as_str() {
                    "both" => Variant::ALL.to_vec(),
                    v => vec![v.parse().map_err(|_| format!("unknown variant {v}"))?],
                }
            }
            "--games" => a.games = number(value()?)? as usize,
            "--seed" => a.seed = number(value()?)?,
            "--threads" => a.threads = (number(value()?)? as usize).max(1),
            "--pgn" => a.pgns.push(value()?),
            "--out" => a.out = Some(value()?),
            "--check" => a.check = Some(value()?),
            "--extend" => a.extend = Some(value()?),
            "--levels" => {
                a.levels = value()?
                    .split(',')
                    .map(|l| {
                        l.parse()
                            .map_err(|_| format!("--levels: \"{l}\" is not a level"))
                    })
                    .collect::<Result<_, _>>()?
            }
            "--played-only" => a.alternatives = false,
            "--every" => a.every = (number(value()?)? as usize).max(1),
            _ => {
                return Err(format!(
                    "unknown argument {flag} (see lab/src/bin/puzzles.rs)"
                ))
            }
        }
    }
    Ok(a)
}

/// A proved puzzle and where it was found (for the set's order and ids).
struct Found {
    variant: Variant,
    /// Self-play game number, or 1000000 + record number.
    game: usize,
    ply: usize,
    fen: String,
    setter: Move,
    proof: Proof,
    themes: Vec<Theme>,
    source: String,
}

#[derive(Default)]
struct Tally {
    candidates: usize,
    refused: BTreeMap<String, usize>,
    plies: usize,
}

/// Looks for puzzles along a game's moves (`moves` from `start`); `judge`
/// is the quick search's score for the side to move at each position.
fn scan(
    start: &Game,
    moves: &[Move],
    tally: &mut Tally,
    source: &dyn Fn(usize) -> String,
    game_no: usize,
    alternatives: bool,
) -> Vec<Found> {
    let variant = start.variant();
    let mut game = start.clone();
    let mut searcher = Searcher::new(16);
    // The two best moves by a quick search (the side to move's view).
    let quick = |searcher: &mut Searcher, g: &Game| {
        searcher.new_game();
        let limits = Limits {
            multipv: 2,
            ..Limits::nodes(SCAN_NODES)
        };
        let r = searcher.search(g, &limits, &|| 0.0, &mut |_| {});
        let second = r.lines.get(1).map(|l| l.score);
        (r.score, second)
    };
    let people = |s: Score| puzzle::expected(variant, s);
    let wins = |s: Score| puzzle::wins(variant, s);
    let mut before = quick(&mut searcher, &game).0;
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut next_allowed = 0;
    for (ply, &m) in moves.iter().enumerate() {
        let fen = game.position().fen();
        let here = game.clone();
        if game.play(m).is_err() {
            break;
        }
        tally.plies += 1;
        let played = (!game.is_over()).then(|| quick(&mut searcher, &game));
        // The move played, then (in a balanced position) the moves a
        // shallow look finds good: a tactic one of them walks into is a
        // blunder the weaker levels make.
        let mut setters = vec![(m, played)];
        if alternatives && (1.0 - WINS..=WINS).contains(&people(before)) {
            for alt in plausible(&here).into_iter().filter(|&a| a != m) {
                let mut g = here.clone();
                if g.play(alt).is_ok() && !g.is_over() {
                    setters.push((alt, Some(quick(&mut searcher, &g))));
                }
            }
        }
        let not_won_before = people(before) >= 1.0 - WINS;
        for (setter, judged) in setters {
            let Some((after, second)) = judged else {
                continue;
            };
            // The other side wins after the move, by one move only (as far
            // as the quick search sees), and was not already winning.
            let candidate = not_won_before
                && wins(after)
                && second.is_none_or(|s| !wins(s) && people(s) <= SECOND_AT_MOST + 0.1);
            if !candidate
                || ply < next_allowed
                || found.len() >= PER_GAME
                || !seen.insert((fen.clone(), setter))
            {
                continue;
            }
            tally.candidates += 1;
            let Ok(mut fresh) = Game::from_fen(variant, &fen) else {
                continue;
            };
            if fresh.play(setter).is_err() {
                continue;
            }
            match puzzle::prove(&fresh, PROOF_NODES) {
                Ok(proof) => {
                    next_allowed = ply + GAP;
                    let mut from = source(ply);
                    if setter != m {
                        from.push_str(&format!(" instead of {}", here.position().uci(m)));
                    }
                    found.push(Found {
                        variant,
                        game: game_no,
                        ply,
                        fen: fen.clone(),
                        setter,
                        themes: themes(&fresh, &proof.line),
                        proof,
                        source: from,
                    });
                }
                Err(r) => {
                    let key = match r {
                        Refusal::TwoWins(_) => "two winning moves".to_string(),
                        other => format!("{other:?}"),
                    };
                    *tally.refused.entry(key).or_default() += 1;
                }
            }
        }
        match played {
            Some((after, _)) => before = after,
            None => break,
        }
    }
    found
}

/// How many moves a shallow look finds good enough to play.
const PLAUSIBLE: usize = 5;

/// The moves a depth-2 search ranks best (at most [`PLAUSIBLE`]).
fn plausible(game: &Game) -> Vec<Move> {
    let limits = Limits {
        multipv: PLAUSIBLE,
        ..Limits::depth(2)
    };
    Searcher::new(1)
        .search(game, &limits, &|| 0.0, &mut |_| {})
        .lines
        .iter()
        .filter_map(|l| l.pv.first().copied())
        .collect()
}

/// Self-play game `k` of a variant: its levels, opening and moves.
fn self_play(variant: Variant, seed: u64, k: usize, pool: &[u8]) -> (Game, Vec<Move>, [u8; 2]) {
    let mut rng = Rng::new(
        seed.wrapping_mul(0x1_0000_0001)
            .wrapping_add(k as u64)
            .wrapping_add(variant as u64 * 0x5555),
    );
    let mut pick = || pool[rng.below(pool.len() as u64) as usize];
    let levels = [pick(), pick()];
    let mut game = Game::new(variant);
    for _ in 0..2 + rng.below(5) {
        let moves = game.legal_moves();
        let m = moves[rng.below(moves.len() as u64) as usize];
        let _ = game.play(m);
        if game.is_over() {
            break;
        }
    }
    let start = Game::new(variant);
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    while !game.is_over() && game.ply_count() < MAX_PLIES {
        let side = game.position().side_to_move() as usize;
        let mut limits = level(levels[side]);
        limits.movetime_ms = None;
        limits.seed = rng.next_u64();
        let Some(m) = searchers[side]
            .search(&game, &limits, &|| 0.0, &mut |_| {})
            .best
        else {
            break;
        };
        if game.play(m).is_err() {
            break;
        }
    }
    let moves = game.moves().collect();
    (start, moves, levels)
}

fn generate(a: &Args) -> Vec<Found> {
    // Work items: (variant, game number); records after the self-play games.
    let mut records: Vec<(Game, String)> = Vec::new();
    for path in &a.pgns {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (i, one) in split_records(&text).iter().enumerate() {
            match read_pgn(one, Variant::Mansindam) {
                Ok(g) => records.push((g, format!("record {path} #{}", i + 1))),
                Err(e) => eprintln!("{path} #{}: skipped ({e})", i + 1),
            }
        }
    }
    let jobs: Vec<(Variant, usize)> = a
        .variants
        .iter()
        .flat_map(|&v| (0..a.games).map(move |k| (v, k)))
        .chain((0..records.len()).map(|r| (Variant::Mansindam, 1_000_000 + r)))
        .collect();
    let next = AtomicUsize::new(0);
    let out = Mutex::new((Vec::new(), Tally::default()));
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..a.threads {
            s.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(variant, k)) = jobs.get(j) else {
                    break;
                };
                let mut tally = Tally::default();
                let found = if k >= 1_000_000 {
                    let (game, name) = &records[k - 1_000_000];
                    let start = Game::from_position(game.start_position().clone());
                    let moves: Vec<Move> = game.moves().collect();
                    scan(
                        &start,
                        &moves,
                        &mut tally,
                        &|ply| format!("{name} p{}", ply + 1),
                        k,
                        false,
                    )
                } else {
                    let (start, moves, lv) = self_play(variant, a.seed, k, &a.levels);
                    let seed = a.seed;
                    scan(
                        &start,
                        &moves,
                        &mut tally,
                        &|ply| format!("self-play s{seed} g{k} p{} L{}-L{}", ply + 1, lv[0], lv[1]),
                        k,
                        a.alternatives,
                    )
                };
                let mut o = out.lock().unwrap();
                o.0.extend(found);
                o.1.candidates += tally.candidates;
                o.1.plies += tally.plies;
                for (r, n) in tally.refused {
                    *o.1.refused.entry(r).or_default() += n;
                }
                if (j + 1).is_multiple_of(20) {
                    eprintln!(
                        "{} of {} games, {} puzzles, {:.0} s",
                        j + 1,
                        jobs.len(),
                        o.0.len(),
                        started.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    let (mut found, tally) = out.into_inner().unwrap();
    found.sort_by_key(|f| (f.variant, f.game, f.ply));
    eprintln!(
        "{} plies judged, {} candidates proved: {} puzzles, refused {:?}; {:.0} s",
        tally.plies,
        tally.candidates,
        found.len(),
        tally.refused,
        started.elapsed().as_secs_f64()
    );
    found
}

/// The games of a record file: a new game starts at a tag line after moves.
fn split_records(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            games.push(std::mem::take(&mut current));
            in_moves = false;
        }
        in_moves |= !tag && !line.trim().is_empty();
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

/// The puzzles found, after those of `kept` (a set extended): numbered on
/// from its highest id of each game, without a position and setting move
/// it already has.
fn to_puzzles(found: &[Found], kept: &[Puzzle]) -> Vec<Puzzle> {
    let mut counts: BTreeMap<Variant, usize> = BTreeMap::new();
    let mut seen = HashSet::new();
    for p in kept {
        let Ok(v) = p.variant.parse::<Variant>() else {
            continue;
        };
        let n = p.id[1..].parse().unwrap_or(0);
        let last = counts.entry(v).or_default();
        *last = (*last).max(n);
        seen.insert((v, p.fen.clone(), p.moves[0].clone()));
    }
    found
        .iter()
        // The same position and move from another game (an opening).
        .filter(|f| {
            let setter = pantheon::engine::Position::from_fen(f.variant, &f.fen)
                .expect("FEN")
                .uci(f.setter);
            seen.insert((f.variant, f.fen.clone(), setter))
        })
        .map(|f| {
            let n = counts.entry(f.variant).or_default();
            *n += 1;
            let mut pos = pantheon::engine::Position::from_fen(f.variant, &f.fen).expect("FEN");
            let mut moves = vec![pos.uci(f.setter)];
            pos.make_move(f.setter);
            for &m in &f.proof.line {
                moves.push(pos.uci(m));
                pos.make_move(m);
            }
            Puzzle {
                id: format!("{}{}", &f.variant.id()[..1], n),
                variant: f.variant.id().to_string(),
                fen: f.fen.clone(),
                moves,
                rating: f.proof.rating,
                themes: f.themes.clone(),
                source: f.source.clone(),
            }
        })
        .collect()
}

fn summary(puzzles: &[Puzzle]) {
    for v in Variant::ALL {
        let of: Vec<&Puzzle> = puzzles.iter().filter(|p| p.variant == v.id()).collect();
        if of.is_empty() {
            continue;
        }
        eprintln!("{}: {} puzzles", v.name(), of.len());
        let themes: Vec<String> = Theme::ALL
            .iter()
            .map(|t| {
                format!(
                    "{} {}",
                    t.id(),
                    of.iter().filter(|p| p.themes.contains(t)).count()
                )
            })
            .collect();
        eprintln!("  themes: {}", themes.join(", "));
        let mut mates = BTreeMap::new();
        for p in &of {
            if let Some(n) = p.mate_in() {
                *mates.entry(n).or_insert(0) += 1;
            }
        }
        eprintln!("  mate in N: {mates:?}");
        let mut bands = BTreeMap::new();
        for p in &of {
            *bands.entry(p.rating / 200 * 200).or_insert(0) += 1;
        }
        eprintln!("  ratings by 200: {bands:?}");
    }
}

/// Proves a set's puzzles again (every `every`th), on `threads` threads;
/// with `out`, writes the puzzles that still hold there (after a search
/// change the engine may find a second win where the set's engine did not).
fn check(path: &str, every: usize, threads: usize, out: Option<&str>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let set = read_set(&text).map_err(|e| format!("{path}: {e}"))?;
    let started = Instant::now();
    let sample: Vec<&Puzzle> = set.iter().step_by(every).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut held = vec![true; sample.len()];
    let verdicts = std::sync::Mutex::new(&mut held);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(p) = sample.get(i) else { break };
                if let Err(e) = puzzle_set::check(p, PROOF_NODES) {
                    eprintln!("{e}");
                    verdicts.lock().expect("no thread panicked")[i] = false;
                }
            });
        }
    });
    let failed = held.iter().filter(|&&h| !h).count();
    eprintln!(
        "{} of {} puzzles checked, {failed} failed, {:.0} s",
        sample.len(),
        set.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(out) = out {
        // Every puzzle of the set but those that failed (one not in the
        // sample was not checked, so it stays).
        let failed: HashSet<&str> = sample
            .iter()
            .zip(&held)
            .filter(|(_, &h)| !h)
            .map(|(p, _)| p.id.as_str())
            .collect();
        let kept: Vec<&Puzzle> = set
            .iter()
            .filter(|p| !failed.contains(p.id.as_str()))
            .collect();
        write_set(&kept, Some(out))?;
        eprintln!("{} puzzles written to {out}", kept.len());
        return Ok(());
    }
    summary(&set);
    if failed > 0 {
        return Err(format!("{failed} puzzles failed"));
    }
    Ok(())
}

/// Writes a set (its header, a puzzle a line) to `out`, or prints it.
fn write_set(puzzles: &[&Puzzle], out: Option<&str>) -> Result<(), String> {
    let mut text = format!("{HEADER}\n");
    for p in puzzles {
        text.push_str(&format!("{p}\n"));
    }
    match out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{path}: {e}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn main() {
    let result = parse_args().and_then(|a| {
        if let Some(path) = &a.check {
            return check(path, a.every, a.threads, a.out.as_deref());
        }
        let kept = match &a.extend {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                read_set(&text).map_err(|e| format!("{path}: {e}"))?
            }
            None => Vec::new(),
        };
        let puzzles: Vec<Puzzle> = kept
            .iter()
            .cloned()
            .chain(to_puzzles(&generate(&a), &kept))
            .collect();
        summary(&puzzles);
        write_set(&puzzles.iter().collect::<Vec<_>>(), a.out.as_deref())
    });
    if let Err(e) = result {
        eprintln!("puzzles: {e}");
        std::process::exit(2);
    }
}
