//! Differential check against Fairy-Stockfish: replays the random games that
//! `tools/differential.py` recorded with pyffish and compares, at every ply,
//! the legal move set, the FEN, the SAN of the move played and the game-end
//! verdict. Ignored by default (it needs the recorded games):
//!
//!     tools/differential.py --games 20 && cargo test --test differential -- --ignored
//!
//! Allowed differences (the header of tests/data/variants.ini): in Mansindam a
//! move that would make a third occurrence is illegal here but listed by
//! Fairy-Stockfish; and when both sides give perpetual check Fairy-Stockfish
//! calls a draw where our rules have the repeating player lose.

use std::collections::BTreeSet;

use pantheon::engine::{Color, Game, Position, Variant};

fn uci_set(game: &Game) -> BTreeSet<String> {
    game.legal_moves()
        .iter()
        .map(|&m| game.position().uci(m))
        .collect()
}

/// Compares one recorded file; returns the number of positions checked.
fn compare(variant: Variant) -> usize {
    // DIFFERENTIAL_DIR: another folder (relative to the repository) than
    // target/differential, for tools/differential-run.sh.
    let dir = std::env::var("DIFFERENTIAL_DIR").unwrap_or_else(|_| "target/differential".into());
    let path = format!("{}/{dir}/{}.tsv", env!("CARGO_MANIFEST_DIR"), variant.id());
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}; run tools/differential.py first"));
    let mut checked = 0;
    let mut game: Option<Game> = None;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{path}:{}", n + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[0] == "G" {
            game = Some(Game::new(variant));
            continue;
        }
        let [_, fen, legal, mv, san, end] = fields[..] else {
            panic!("{at}: bad line")
        };
        let game = game.as_mut().expect("a G line first");
        let theirs = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(game.position().fen(), theirs.fen(), "{at}: FEN");

        let ours = uci_set(game);
        let fsf: BTreeSet<String> = legal.split_whitespace().map(String::from).collect();
        if ours != fsf {
            // Only Mansindam's illegal third occurrence may differ.
            let only_fsf: Vec<&String> = fsf.difference(&ours).collect();
            let only_ours: Vec<&String> = ours.difference(&fsf).collect();
            let repeats = only_fsf.iter().all(|s| {
                let m = game.position().parse_uci(s).expect("legal without history");
                variant == Variant::Mansindam && game.play(m).is_err()
            });
            assert!(
                only_ours.is_empty() && repeats,
                "{at}: only ours {only_ours:?}, only Fairy-Stockfish {only_fsf:?}"
            );
        }

        match end {
            "-" => assert_eq!(game.outcome(), None, "{at}: we ended a game that goes on"),
            verdict => {
                let outcome = game
                    .outcome()
                    .unwrap_or_else(|| panic!("{at}: Fairy-Stockfish ended the game: {verdict}"));
                let winner = if outcome.winner == Color::White {
                    "w"
                } else {
                    "b"
                };
                assert_eq!(winner, &verdict[..1], "{at}: winner ({outcome})");
            }
        }
        checked += 1;
        if mv != "-" {
            let m = game
                .position()
                .parse_uci(mv)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(game.position().san(m), san, "{at}: SAN of {mv}");
            assert_eq!(game.position().parse_san(san), Ok(m), "{at}: reading {san}");
            game.play(m).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
    checked
}

#[test]
#[ignore = "needs the games recorded by tools/differential.py"]
fn mansindam_matches_fairy_stockfish() {
    let n = compare(Variant::Mansindam);
    println!("mansindam: {n} positions agree");
    assert!(n > 0);
}

#[test]
#[ignore = "needs the games recorded by tools/differential.py"]
fn pandemonium_matches_fairy_stockfish() {
    let n = compare(Variant::Pandemonium);
    println!("pandemonium: {n} positions agree");
    assert!(n > 0);
}
