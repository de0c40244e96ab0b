//! Puzzles made by the engine: a position, the opponent's move that made
//! it, and a line where the solver has **one** winning answer at every move
//! (a second move that also wins keeps the position out, as lichess's
//! generator does). The generator (`lab/src/bin/puzzles.rs`) proves candidates
//! with [`prove`]; the test of the committed set (`lab/tests/puzzles.rs`)
//! checks a sample again with [`check_line`], so that a change of the rules
//! or of the engine that breaks a puzzle fails the tests. The set's file
//! format and its themes are the page's (`protocol::puzzle`); the lab
//! names a proved line's themes (`lab/src/puzzle_set.rs`).
//!
//! Every search is a fresh, node-limited one ([`PROOF_NODES`]): the same
//! engine gives the same answer on any machine.

use crate::ai::review::expectation;
use crate::ai::{Limits, Line, Score, Searcher};
use crate::engine::{Game, Move, Variant};

/// Nodes of every search that proves or checks a step of a puzzle.
pub const PROOF_NODES: u64 = 200_000;
/// The longest mate kept, in moves of the solver.
pub const MAX_MATE: i32 = 5;
/// The most moves of the solver in a puzzle that wins material.
pub const MAX_GAIN_MOVES: usize = 3;
/// A move wins when the solver's expected score after it is at least this
/// (people's units, [`Score::for_people`]: about +3.00), or it mates.
pub const WINS: f64 = 0.80;
/// The second-best move must leave the solver at most this (about +1.10)
/// and no mate: else two moves win and the position is no puzzle.
pub const SECOND_AT_MOST: f64 = 0.65;

/// Why a candidate is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The solver has no winning move (or the game is over).
    NotWinning,
    /// Only one legal move: nothing to find.
    Forced,
    /// The mate is longer than [`MAX_MATE`].
    MateTooLong,
    /// A second move also wins at this move of the solver (0 = the first).
    TwoWins(usize),
    /// A mate the search saw at first is not found again further down the
    /// line (beyond its horizon): not proved.
    MateLost,
}

/// A proved puzzle line.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// The solver's moves and the opponent's replies, starting and ending
    /// with the solver's.
    pub line: Vec<Move>,
    /// The iteration from which the search's best move was the solution's
    /// first move and stayed so: how deep one must look to find it.
    pub found_at_depth: u32,
    /// The estimate of how hard it is (see [`rating`]).
    pub rating: u32,
}

/// The two best moves of the position, from a fresh search of `nodes`, and
/// the first iteration from which the best move did not change.
fn two_best(game: &Game, nodes: u64) -> (Line, Option<Line>, u32) {
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        multipv: 2,
        ..Limits::nodes(nodes)
    };
    let mut firsts: Vec<(u32, Option<Move>)> = Vec::new();
    let result = searcher.search(game, &limits, &|| 0.0, &mut |info| {
        if info.multipv == 1 {
            firsts.push((info.depth, info.pv.first().copied()));
        }
    });
    let best = result.best;
    let found = firsts
        .iter()
        .rev()
        .take_while(|(_, m)| *m == best)
        .last()
        .map_or(1, |(d, _)| *d);
    let mut lines = result.lines.into_iter();
    let first = lines.next().unwrap_or(Line {
        score: result.score,
        pv: result.pv,
    });
    (first, lines.next(), found)
}

/// The opponent's best reply (a fresh search of `nodes`).
fn reply(game: &Game, nodes: u64) -> Option<Move> {
    Searcher::new(16)
        .search(game, &Limits::nodes(nodes), &|| 0.0, &mut |_| {})
        .best
}

fn mates(score: Score) -> bool {
    matches!(score, Score::Mate(n) if n > 0)
}

/// The expected score (0..1) of the side a search `score` is for, in
/// people's units ([`Score::for_people`]).
pub fn expected(variant: Variant, score: Score) -> f64 {
    expectation(score.for_people(variant))
}

/// Whether `score` (a search's, for the side to move) wins: a mate, or an
/// expected score of at least [`WINS`].
pub fn wins(variant: Variant, score: Score) -> bool {
    mates(score) || expected(variant, score) >= WINS
}

/// Whether a second-best move leaves the first one alone (see
/// [`SECOND_AT_MOST`]).
fn leaves_one_win(game: &Game, second: Option<&Line>) -> bool {
    second.is_none_or(|s| !mates(s.score) && expected(game.variant(), s.score) <= SECOND_AT_MOST)
}

/// Proves the puzzle of `game`'s position (the opponent's move that sets it
/// already played): the solver's only winning move, the opponent's best
/// reply, and so on until the game ends in the solver's favour, or, for a
/// gain of material, until a second move would also win or
/// [`MAX_GAIN_MOVES`] are made.
pub fn prove(game: &Game, nodes: u64) -> Result<Proof, Refusal> {
    let start = game.clone();
    let mut game = game.clone();
    if game.is_over() {
        return Err(Refusal::NotWinning);
    }
    if game.legal_moves().len() < 2 {
        return Err(Refusal::Forced);
    }
    let mut line = Vec::new();
    let mut mate = false;
    let mut found_at_depth = 1;
    for k in 0.. {
        let (best, second, found) = two_best(&game, nodes);
        let Some(&m) = best.pv.first() else {
            return Err(Refusal::NotWinning);
        };
        if k == 0 {
            match best.score {
                Score::Mate(n) if n > MAX_MATE => return Err(Refusal::MateTooLong),
                s if !wins(game.variant(), s) => return Err(Refusal::NotWinning),
                s => mate = mates(s),
            }
            found_at_depth = found;
        } else if mate && !mates(best.score) {
            return Err(Refusal::MateLost);
        } else if !wins(game.variant(), best.score) {
            return Err(Refusal::NotWinning);
        }
        if !leaves_one_win(&game, second.as_ref()) {
            if k == 0 || mate {
                return Err(Refusal::TwoWins(k));
            }
            // The gain is made: the line ends with the solver's last move.
            line.pop();
            break;
        }
        game.play(m).map_err(|_| Refusal::NotWinning)?;
        line.push(m);
        if game.is_over() || (!mate && k + 1 == MAX_GAIN_MOVES) {
            break;
        }
        let Some(r) = reply(&game, nodes) else { break };
        game.play(r).map_err(|_| Refusal::NotWinning)?;
        line.push(r);
    }
    let rating = rating(found_at_depth, &start, &line);
    Ok(Proof {
        line,
        found_at_depth,
        rating,
    })
}

/// The puzzle's estimated rating: a move found only by a deeper search, a
/// longer line and a quiet first move (no capture, no check) make it
/// harder. `500 + 140·(depth−1) + 160·(moves−1) + 150·quiet`, between 400
/// and 2800. Players' results cannot correct it (no server), so it stays
/// an estimate.
pub fn rating(found_at_depth: u32, start: &Game, line: &[Move]) -> u32 {
    let depth = found_at_depth.clamp(1, 16);
    let moves = line.len().div_ceil(2).max(1) as u32;
    let pos = start.position();
    let quiet = line.first().is_some_and(|&m| {
        let mut after = pos.clone();
        let capture = pos.piece_at(m.to()).is_some();
        after.make_move(m);
        !capture && !after.in_check()
    });
    (500 + 140 * (depth - 1) + 160 * (moves - 1) + if quiet { 150 } else { 0 }).clamp(400, 2800)
}

/// Checks a puzzle's line with the engine as it is now: from `fen` of
/// `variant`, `moves` (UCI) are the opponent's setting move, then the
/// solver's and the opponent's in turn; every solver's move must be the
/// search's best, winning and the only winning move, and every move legal.
/// Tells whether the line ends the game in the solver's favour, or says
/// what is wrong.
pub fn check_line(
    variant: Variant,
    fen: &str,
    moves: &[String],
    nodes: u64,
) -> Result<bool, String> {
    let mut game = Game::from_fen(variant, fen).map_err(|e| e.to_string())?;
    let solver = game.position().side_to_move().flip();
    for (i, uci) in moves.iter().enumerate() {
        let m = game
            .position()
            .parse_uci(uci)
            .map_err(|e| format!("move {} {uci}: {e}", i + 1))?;
        if i % 2 == 1 {
            let (best, second, _) = two_best(&game, nodes);
            let shown = |l: &Line| format!("{} {}", game.position().uci(l.pv[0]), l.score.uci());
            if best.pv.first() != Some(&m) || !wins(game.variant(), best.score) {
                return Err(format!(
                    "move {} {uci} is not the winning move (best {})",
                    i + 1,
                    shown(&best)
                ));
            }
            if !leaves_one_win(&game, second.as_ref()) {
                return Err(format!(
                    "move {} {uci} is not the only win ({} also)",
                    i + 1,
                    second.as_ref().map(shown).unwrap_or_default()
                ));
            }
        }
        game.play(m)
            .map_err(|e| format!("move {} {uci}: {e}", i + 1))?;
    }
    Ok(game.outcome().is_some_and(|o| o.winner == solver))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> Game {
        Game::from_fen(Variant::Mansindam, fen).unwrap()
    }

    #[test]
    fn a_win_is_a_mate_or_an_expected_score_of_at_least_80_percent() {
        let v = Variant::Mansindam;
        assert!(mates(Score::Mate(2)) && !mates(Score::Mate(-1)) && !mates(Score::Mate(0)));
        assert!(!mates(Score::Cp(5_000)));
        assert!(wins(v, Score::Mate(3)) && !wins(v, Score::Mate(-3)));
        // In people's units +2.41 is 80 % (K = 0.256 for Mansindam's
        // evaluation, which the search counts at 9/16: 0.455 for its scores).
        let cp = |people: i32| Score::Cp(people * 1000 / 455 + 1);
        assert!(wins(v, cp(241)) && !wins(v, cp(239)));
        // A second move up to +1.10 (65 %) leaves the first the only win.
        let line = |score| Line {
            score,
            pv: Vec::new(),
        };
        let g = Game::new(v);
        assert!(leaves_one_win(&g, None));
        assert!(leaves_one_win(&g, Some(&line(cp(107)))));
        assert!(!leaves_one_win(&g, Some(&line(cp(109)))));
        assert!(!leaves_one_win(&g, Some(&line(Score::Mate(4)))));
    }

    #[test]
    fn one_winning_move_is_a_puzzle_and_two_are_not() {
        // White's King on e8, in check from the Rook on e3: d9 campmates at
        // once (f9 is White's own Bishop's, e9 still on the Rook's file);
        // any other move lets Black's King on b2 campmate first.
        let one = game("5B3/4K4/9/9/9/9/4r4/1k7/9[] w - - 0 1");
        let proof = prove(&one, 20_000).unwrap();
        let d9 = one.position().parse_uci("e8d9").unwrap();
        assert_eq!(proof.line, [d9]);
        // (Its themes, mate by campmate in one: lab/src/puzzle_set.rs.)
        // Found at once, one move, quiet (no capture, no check): 500 + 150.
        assert_eq!((proof.found_at_depth, proof.rating), (1, 650));
        // Without the Bishop, f9 campmates too.
        let two = game("9/4K4/9/9/9/9/4r4/1k7/9[] w - - 0 1");
        assert_eq!(prove(&two, 20_000), Err(Refusal::TwoWins(0)));
        // The start: nothing wins.
        assert_eq!(
            prove(&Game::new(Variant::Mansindam), 20_000),
            Err(Refusal::NotWinning)
        );
        // White's King on a1, checked by the Rooks on a9 and h1, has one
        // move, to b2: nothing to find.
        let forced = game("r8/9/9/9/4k4/9/9/9/K6r1[] w - - 0 1");
        assert_eq!(forced.legal_moves().len(), 1);
        assert_eq!(prove(&forced, 20_000), Err(Refusal::Forced));
    }
}
