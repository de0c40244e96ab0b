//! The tactics check: 84 short forced mates (in 1, 2 and 3 moves, 14 of each
//! per game) from self-play games, each confirmed by Fairy-Stockfish at depth
//! 12 (`tools/tactics.py`, data in `tests/data/tactics.txt`). At full
//! strength, within a node budget (no clock: the same result on any machine),
//! the computer must find every mate at its shortest distance and play a
//! move that keeps it forced.

use pantheon::ai::{Features, Limits, Score, Searcher};
use pantheon::engine::{Game, Variant};

/// Enough for a mate in 3 in the widest of these positions.
const NODES: u64 = 400_000;

/// The mates of the check that `features` misses, each described, and how
/// many positions were searched (those `mate_in` accepts).
fn missed_mates(features: Features, mate_in: impl Fn(i32) -> bool) -> (Vec<String>, usize) {
    let text = include_str!("data/tactics.txt");
    let mut missed = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let variant: Variant = words[0].parse().expect("variant");
        let distance: i32 = words[1].parse().expect("mate distance");
        if !mate_in(distance) {
            continue;
        }
        let game = Game::from_uci_moves(variant, None, words[3..].iter().copied())
            .expect("the moves are legal");
        let mut searcher = Searcher::new(16);
        let limits = Limits {
            features,
            ..Limits::nodes(NODES)
        };
        let result = searcher.search(&game, &limits, &|| 0.0, &mut |_| {});
        let best = result.best.expect("a move");
        let mut after = game.clone();
        after.play(best).expect("a legal move");
        let mates_now = after
            .outcome()
            .is_some_and(|o| o.winner != after.position().side_to_move());
        let kept = distance > 1 || mates_now;
        if result.score != Score::Mate(distance) || !kept {
            missed.push(format!(
                "{variant} mate in {distance} (Fairy-Stockfish {}): played {} with {:?} — {}",
                words[2],
                game.position().uci(best),
                result.score,
                words[3..].join(" ")
            ));
        }
        count += 1;
    }
    (missed, count)
}

#[test]
fn every_short_mate_is_found_at_its_distance() {
    let (missed, count) = missed_mates(Features::default(), |_| true);
    assert_eq!(count, 84);
    assert!(
        missed.is_empty(),
        "{} of {count} missed:\n{}",
        missed.len(),
        missed.join("\n")
    );
}
