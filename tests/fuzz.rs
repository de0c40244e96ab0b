//! Fuzzing every text the game reads, on stable Rust with proptest: inputs
//! are entries of a committed seed corpus (`tests/data/fuzz/<target>.txt`,
//! entries separated by `%%` lines) mutated by random edits (characters
//! replaced, inserted, deleted, slices repeated or cut, two entries spliced),
//! so that they stay close enough to valid text to reach deep into the
//! readers. Each target checks more than "no panic": what is accepted must
//! read back the same when written out.
//!
//! `cargo test` runs a short stretch (FUZZ_CASES, default 2,000 inputs a
//! target); `tools/fuzz.sh` runs a long one and reports inputs and minutes.
//! `cargo test --test fuzz -- --ignored` rewrites the PGN and saved-game seeds
//! from the engine.

use std::sync::OnceLock;

use pantheon::engine::{read_pgn, write_pgn, Game, PgnHeader, Position, Variant};
use pantheon::protocol::{NewGame, Player, Request};
use pantheon::web::clock::ClockLine;
use pantheon::web::link::Link;
use pantheon::web::saved;
use pantheon::worker::testing::Ask;
use pantheon::worker::Session;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn corpus(target: &str) -> &'static [String] {
    static CORPORA: OnceLock<Vec<(String, Vec<String>)>> = OnceLock::new();
    let all = CORPORA.get_or_init(|| {
        ["fen", "moves", "pgn", "link", "saved"]
            .iter()
            .map(|t| {
                let path = format!("{}/tests/data/fuzz/{t}.txt", env!("CARGO_MANIFEST_DIR"));
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
                let entries = text
                    .split("\n%%\n")
                    .map(|e| e.trim_end_matches('\n').to_string())
                    .filter(|e| !e.is_empty())
                    .collect();
                (t.to_string(), entries)
            })
            .collect()
    });
    &all.iter()
        .find(|(t, _)| t == target)
        .expect("a known target")
        .1
}

#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    /// Repeat the slice `[a, a + len)` right after itself.
    Repeat(usize, usize),
    /// Cut `len` characters from `a`.
    Cut(usize, usize),
    /// Splice: the start of this input, the end of another corpus entry.
    Splice(usize, usize, usize),
}

fn edit(entries: usize) -> impl Strategy<Value = Edit> {
    // Characters of the formats, a few that break them, and any at all.
    let chars = prop_oneof![
        4 => prop::sample::select(
            "0123456789/+[]-~=@#x*wb kKpPnNqQaAcCmMrRbBeEfFuUvVgGtTlLsS\"\n\t%&?.,;:{}()\\".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ];
    let at = 0usize..4096;
    prop_oneof![
        (at.clone(), chars.clone()).prop_map(|(a, c)| Edit::Replace(a, c)),
        (at.clone(), chars).prop_map(|(a, c)| Edit::Insert(a, c)),
        at.clone().prop_map(Edit::Delete),
        (at.clone(), 1usize..40).prop_map(|(a, n)| Edit::Repeat(a, n)),
        (at.clone(), 1usize..40).prop_map(|(a, n)| Edit::Cut(a, n)),
        (at.clone(), 0..entries, at).prop_map(|(a, e, b)| Edit::Splice(a, e, b)),
    ]
}

fn apply(text: &str, edits: &[Edit], entries: &[String]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for e in edits {
        let n = s.len();
        let at = |a: usize| if n == 0 { 0 } else { a % (n + 1) };
        match *e {
            Edit::Replace(a, c) if n > 0 => s[a % n] = c,
            Edit::Insert(a, c) => s.insert(at(a), c),
            Edit::Delete(a) if n > 0 => {
                s.remove(a % n);
            }
            Edit::Repeat(a, len) if n > 0 => {
                let a = a % n;
                let piece: Vec<char> = s[a..(a + len).min(n)].to_vec();
                let end = a + piece.len();
                s.splice(end..end, piece);
            }
            Edit::Cut(a, len) if n > 0 => {
                let a = a % n;
                s.drain(a..(a + len).min(n));
            }
            Edit::Splice(a, other, b) => {
                let tail: Vec<char> = entries[other].chars().collect();
                let from = if tail.is_empty() { 0 } else { b % tail.len() };
                s.truncate(at(a));
                s.extend_from_slice(&tail[from..]);
            }
            _ => {}
        }
    }
    s.into_iter().collect()
}

/// Runs `check` on `FUZZ_CASES` mutated entries of the target's corpus.
fn fuzz(target: &str, check: impl Fn(&str)) {
    let entries = corpus(target);
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(2000);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let input = (
        0..entries.len(),
        prop::collection::vec(edit(entries.len()), 0..8),
    )
        .prop_map(|(i, edits)| apply(&entries[i], &edits, entries));
    runner
        .run(&input, |text| {
            check(&text);
            Ok(())
        })
        .unwrap();
    println!("fuzz {target}: {cases} inputs");
}

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        corpus("fen")
            .iter()
            .flat_map(|f| {
                Variant::ALL
                    .into_iter()
                    .filter_map(move |v| Position::from_fen(v, f).ok())
            })
            .step_by(7)
            .collect()
    })
}

#[test]
fn fen() {
    fuzz("fen", |text| {
        for variant in Variant::ALL {
            match Position::from_fen(variant, text) {
                Ok(pos) => {
                    assert_eq!(pos.hash(), pos.compute_hash(), "{text:?}");
                    let again =
                        Position::from_fen(variant, &pos.fen()).expect("its own FEN reads back");
                    assert_eq!(again.fen(), pos.fen());
                    let _ = pos.legal_moves();
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    });
}

#[test]
fn moves() {
    let positions = positions();
    fuzz("moves", |text| {
        for pos in positions.iter().take(24) {
            for parsed in [
                pos.parse_uci(text),
                pos.parse_san(text),
                pos.parse_move(text),
            ] {
                let Ok(m) = parsed else { continue };
                // What a reader accepts is a move here, written back the same.
                assert!(pos.legal_moves().contains(m), "{text:?} in {}", pos.fen());
                assert_eq!(pos.parse_san(&pos.san(m)), Ok(m));
                assert_eq!(pos.parse_uci(&pos.uci(m)), Ok(m));
            }
        }
    });
}

#[test]
fn pgn() {
    fuzz("pgn", |text| {
        for variant in Variant::ALL {
            match read_pgn(text, variant) {
                Ok(game) => {
                    let written = write_pgn(&game, &PgnHeader::default());
                    let again = read_pgn(&written, variant).expect("its own PGN reads back");
                    assert_eq!(again.uci_moves(), game.uci_moves(), "{text:?}");
                    assert_eq!(again.position().fen(), game.position().fen());
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    });
}

#[test]
fn link() {
    fuzz("link", |text| {
        let (link, problems) = Link::parse(text);
        assert!(problems.len() <= text.split('&').count());
        // What it read, written again, reads the same.
        assert_eq!(Link::parse(&link.query()), (link.clone(), vec![]));
        let game = link.new_game();
        assert!((1..=6).contains(&game.level));
    });
}

#[test]
fn saved() {
    // One session for every input (each new one allocates its search table).
    let session = std::cell::RefCell::new(Session::new());
    fuzz("saved", |text| {
        if let Ok(saved::Saved { game, clock }) = saved::read(text) {
            if let Some(clock) = clock {
                assert_eq!(ClockLine::parse(&clock.to_string()), Some(clock));
            }
            // The worker sets up what the reader gives, or refuses it and
            // keeps the game it had.
            let mut session = session.borrow_mut();
            let before = session.snapshot().uci;
            if session.ask(Request::NewGame(game)).is_err() {
                assert_eq!(session.snapshot().uci, before);
            }
        }
    });
}

/// Rewrites the PGN and saved-game seeds from games the engine plays.
#[test]
#[ignore]
fn write_seed_corpus() {
    let dir = format!("{}/tests/data/fuzz", env!("CARGO_MANIFEST_DIR"));
    let games: [(&str, Option<&str>, &str); 4] = [
        ("mansindam", None, "c1a2 d9b8 b3b4 g9f8 a2f7+"),
        ("pandemonium", None, "c2b2 e9d8 b2b9 c8e9 N@b7"),
        ("mansindam", None, "e3e4 e7e6 b1c3 b9c7 c3d5 c7d5 e4d5 P@e4"),
        ("pandemonium", None, "e4e5 e6e5 c3c4 c7c6 V@e4"),
    ];
    let mut pgns = Vec::new();
    let mut saves = Vec::new();
    for (i, (variant, fen, moves)) in games.into_iter().enumerate() {
        let v: Variant = variant.parse().unwrap();
        let game = Game::from_uci_moves_partly(v, fen, moves.split(' ')).0;
        pgns.push(write_pgn(
            &game,
            &PgnHeader {
                event: "Seed".into(),
                white: "Player".into(),
                black: "Computer (level 3)".into(),
                ..PgnHeader::default()
            },
        ));
        let mut session = Session::new();
        session
            .ask(Request::NewGame(NewGame {
                variant: variant.into(),
                moves: game.uci_moves(),
                players: [Player::Human, Player::Computer],
                ..NewGame::default()
            }))
            .unwrap();
        // Every other game with a two-player clock.
        let snap = session.snapshot();
        let clock = format!("clock {} 2000 61000 59500 b 1763900000000", snap.uci.len());
        let clock = (i % 2 == 1).then(|| ClockLine::parse(&clock).unwrap());
        saves.push(saved::write(&snap, clock.as_ref()));
    }
    std::fs::write(format!("{dir}/pgn.txt"), pgns.join("\n%%\n") + "\n").unwrap();
    std::fs::write(format!("{dir}/saved.txt"), saves.join("\n%%\n") + "\n").unwrap();
}
