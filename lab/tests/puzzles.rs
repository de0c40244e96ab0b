//! The committed puzzle set (`static/puzzles.tsv`, made by
//! `cargo run --release -p pantheon-lab --bin puzzles`): every puzzle plays by the rules and
//! ends as its themes say, and a spread sample is proved again by the engine
//! as it is now (`puzzle_set::check`: each of the solver's moves the only
//! winning one), so that a change of the rules or of the engine that breaks
//! a puzzle fails here. The whole set is checked by
//! `cargo run --release -p pantheon-lab --bin puzzles -- --check static/puzzles.tsv`.

use std::collections::HashSet;

use pantheon::ai::puzzle::{prove, rating, Refusal, PROOF_NODES};
use pantheon::engine::{Game, Variant};
use pantheon::protocol::puzzle::{read_set, Puzzle, Theme};
use pantheon_lab::puzzle_set::{check, themes};

/// Puzzles of each game proved again by the engine.
const SAMPLE: usize = 6;
/// Puzzles the set must have, per game.
const AT_LEAST: usize = 300;

fn set() -> Vec<Puzzle> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../static/puzzles.tsv"
    ))
    .expect("static/puzzles.tsv");
    read_set(&text).expect("the set reads")
}

fn of(set: &[Puzzle], v: Variant) -> Vec<&Puzzle> {
    set.iter().filter(|p| p.variant == v.id()).collect()
}

/// The position the solver faces: the stored one after the opponent's move.
fn start_of(p: &Puzzle) -> Game {
    let variant: Variant = p.variant.parse().unwrap();
    let mut game = Game::from_fen(variant, &p.fen).unwrap();
    game.play_str(&p.moves[0]).unwrap();
    game
}

#[test]
fn every_puzzle_plays_by_the_rules_and_ends_as_its_themes_say() {
    let set = set();
    let mut ids = HashSet::new();
    for p in &set {
        assert!(ids.insert(&p.id), "{} twice", p.id);
        let variant: Variant = p.variant.parse().unwrap();
        let mut game = Game::from_fen(variant, &p.fen).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        let solver = game.position().side_to_move().flip();
        for (i, m) in p.moves.iter().enumerate() {
            assert!(
                !game.is_over(),
                "{}: the game ended before move {}",
                p.id,
                i + 1
            );
            game.play_str(m)
                .unwrap_or_else(|e| panic!("{}: move {} {m}: {e}", p.id, i + 1));
        }
        let won = game.outcome().is_some_and(|o| o.winner == solver);
        assert_eq!(p.themes.contains(&Theme::Mate), won, "{}: mate theme", p.id);
        assert_eq!(p.themes.contains(&Theme::Advantage), !won, "{}", p.id);
        assert!(
            (400..=2800).contains(&p.rating),
            "{}: rating {}",
            p.id,
            p.rating
        );
        assert!(!p.source.is_empty(), "{}: no source", p.id);
    }
    for v in Variant::ALL {
        let n = of(&set, v).len();
        assert!(n >= AT_LEAST, "{v}: {n} puzzles, fewer than {AT_LEAST}");
    }
}

/// The set's themes and ratings are what the generator's functions give for
/// each line today: `themes` of the line, and a rating that `rating` gives
/// for some depth the solution was found at (1 to 16; it is not stored).
#[test]
fn every_puzzles_themes_and_rating_are_the_generators() {
    let set = set();
    for p in &set {
        let start = start_of(p);
        let mut game = start.clone();
        let line: Vec<_> = p.moves[1..]
            .iter()
            .map(|m| game.play_str(m).unwrap())
            .collect();
        assert_eq!(themes(&start, &line), p.themes, "{}", p.id);
        assert!(
            (1..=16).any(|depth| rating(depth, &start, &line) == p.rating),
            "{}: rating {}",
            p.id,
            p.rating
        );
    }
}

#[test]
fn a_spread_sample_is_proved_again_by_the_engine() {
    let set = set();
    for v in Variant::ALL {
        let puzzles = of(&set, v);
        let step = (puzzles.len() / SAMPLE).max(1);
        for p in puzzles.iter().step_by(step).take(SAMPLE) {
            if let Err(e) = check(p, PROOF_NODES) {
                panic!("{e}");
            }
        }
    }
}

/// A mate in two of the set proved again from its start by the generator's
/// `prove`: the same first move, the opponent's best reply, the mate.
#[test]
fn a_mate_in_two_is_proved_again_with_the_reply() {
    let set = set();
    let p = set
        .iter()
        .find(|p| p.id == "m294")
        .expect("m294 in the set");
    assert_eq!(p.moves.len(), 4);
    let start = start_of(p);
    let solver = start.position().side_to_move();
    let proof = prove(&start, PROOF_NODES).expect("proved");
    assert_eq!(proof.line.len(), 3, "{proof:?}");
    assert_eq!(start.position().uci(proof.line[0]), p.moves[1]);
    let mut game = start.clone();
    for &m in &proof.line {
        game.play(m).unwrap();
    }
    assert_eq!(game.outcome().map(|o| o.winner), Some(solver));
    assert!(themes(&start, &proof.line).contains(&Theme::Mate));
    // check() follows the stored line to the mate, and refuses it with the
    // mate theme taken away.
    assert_eq!(check(p, PROOF_NODES), Ok(()));
    let unthemed = Puzzle {
        themes: vec![Theme::Advantage],
        ..p.clone()
    };
    assert_eq!(
        check(&unthemed, PROOF_NODES),
        Err("m294: the line unexpectedly ends the game".to_string())
    );
    // m74's stored line is proved by check(), but prove() today answers the
    // solver's first move with another reply, after which two moves mate:
    // no puzzle along that line.
    let p = set.iter().find(|p| p.id == "m74").expect("m74 in the set");
    assert_eq!(check(p, PROOF_NODES), Ok(()));
    assert_eq!(prove(&start_of(p), PROOF_NODES), Err(Refusal::TwoWins(1)));
}

/// A puzzle whose answer the search finds only from its second iteration
/// (m29): `prove` gives that depth and, from it, the stored rating
/// (500 + 140 for the depth, one move, not quiet).
#[test]
fn a_puzzle_found_at_depth_two_keeps_its_rating() {
    let set = set();
    let p = set.iter().find(|p| p.id == "m29").expect("m29 in the set");
    let start = start_of(p);
    let proof = prove(&start, PROOF_NODES).expect("proved");
    let line: Vec<String> = proof
        .line
        .iter()
        .map(|&m| start.position().uci(m))
        .collect();
    assert_eq!(line, p.moves[1..]);
    assert_eq!((proof.found_at_depth, proof.rating), (2, p.rating));
    assert_eq!(p.rating, 640);
}

/// Where `prove` ends a line that wins material (the engine as it is now):
/// m73's third move of the solver has a second winning move, so the line
/// ends with its second move; p349's solver wins on for three moves, the most
/// a gain puzzle gets.
#[test]
fn a_gain_line_ends_at_a_second_win_or_after_three_moves() {
    let set = set();
    let proved = |id: &str| {
        let p = set.iter().find(|p| p.id == id).expect("in the set");
        let start = start_of(p);
        let proof = prove(&start, PROOF_NODES).expect("proved");
        assert!(
            themes(&start, &proof.line).contains(&Theme::Advantage),
            "{id}"
        );
        let line: Vec<String> = proof
            .line
            .iter()
            .map(|&m| start.position().uci(m))
            .collect();
        line.join(" ")
    };
    assert_eq!(proved("m73"), "i5h5 d1h5 g6f4");
    assert_eq!(proved("p349"), "g1h2 B@h3 f5h3 f4h3 i2h3");
}

#[test]
fn a_broken_puzzle_is_caught() {
    // The first puzzle with its answer replaced by another legal move.
    let set = set();
    let p = &set[0];
    let game = start_of(p);
    let other = game
        .legal_moves()
        .as_slice()
        .iter()
        .map(|&m| game.position().uci(m))
        .find(|m| *m != p.moves[1])
        .unwrap();
    let broken = Puzzle {
        moves: vec![p.moves[0].clone(), other.clone()],
        ..p.clone()
    };
    let e = check(&broken, PROOF_NODES).unwrap_err();
    assert!(
        e.starts_with(&format!(
            "{}: move 2 {other} is not the winning move (best ",
            p.id
        )),
        "{e}"
    );
}
