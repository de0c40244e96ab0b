//! Game review: every position of a game searched at a fixed node budget
//! (so a review comes out the same on any device), then each move judged by
//! how much of the mover's expected score it gave away.
//!
//! The expected score of a position for the side to move is
//! `1 / (1 + 10^(-cp/400))`, `cp` in the units people read
//! ([`Score::for_people`], Fairy-Stockfish's), a mate to come counting as 1,
//! one to suffer as 0. A
//! move's loss is the mover's expected score before it, with the best move,
//! less the expected score after it; the engine's own best move loses
//! nothing by definition. The marks (docs/ai.md, Game review):
//!
//! | loss of expected score | mark |
//! |---|---|
//! | at least [`INACCURACY`] (5 %) | inaccuracy `?!` |
//! | at least [`MISTAKE`] (10 %) | mistake `?` |
//! | at least [`BLUNDER`] (20 %) | blunder `??` |
//!
//! A review runs one position at a time ([`judge`]), so that a single-threaded
//! worker can report progress and be cancelled between positions; [`moves`]
//! then turns the judged positions into judged moves and [`Summary::of`]
//! sums them per side.

use crate::engine::{Color, Game, Move, MoveNote};

use super::{Limits, Score, Searcher};

/// Nodes searched per position of a reviewed game. At 100,000 the verdict
/// on a quiet position still swung by up to two Pawns between an odd and
/// an even depth (1. Pe4: -1.80 for Black at depth 8, +0.01 at depth 9).
/// On the browser test's game (`tests/browser/review-game.txt`) 200,000
/// reaches depth 8 to 14, mostly 9 or more, in its first 34 plies (later
/// its positions hold short mates, found at once); 300,000 gained about one
/// ply there for half as much time again: 52-61 s for that 100-ply game in
/// Chromium on a slower machine (docs/ai.md, Game review).
pub const REVIEW_NODES: u64 = 200_000;

/// Expected score lost (0..1) from which a move is an inaccuracy...
pub const INACCURACY: f64 = 0.05;
/// ...a mistake...
pub const MISTAKE: f64 = 0.10;
/// ...a blunder.
pub const BLUNDER: f64 = 0.20;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The annotation a game record writes after the move.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The mark for a loss of expected score, if it earns one.
    pub fn for_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// The side to move's expected score (0..1) for a search score.
pub fn expectation(score: Score) -> f64 {
    match score {
        Score::Cp(c) => 1.0 / (1.0 + 10f64.powf(-f64::from(c) / 400.0)),
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// One position of a game, as the search saw it (the side to move's view).
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub score: Score,
    /// The best move (`None` when the game is over there).
    pub best: Option<Move>,
    /// The line the search expects, from `best`.
    pub pv: Vec<Move>,
}

/// Searches the position `game` is in for [`REVIEW_NODES`] nodes; the score
/// is in people's units ([`Score::for_people`]). A finished game's last
/// position is judged by its outcome, without a search.
pub fn judge(searcher: &mut Searcher, game: &Game) -> Judged {
    if let Some(outcome) = game.outcome() {
        let lost = outcome.winner != game.position().side_to_move();
        return Judged {
            score: if lost { Score::Mate(0) } else { Score::Mate(1) },
            best: None,
            pv: Vec::new(),
        };
    }
    // A fresh table for each position: the same position then gets the same
    // answer whatever was reviewed before it.
    searcher.new_game();
    let r = searcher.search(game, &Limits::nodes(REVIEW_NODES), &|| 0.0, &mut |_| {});
    Judged {
        score: r.score.for_people(game.variant()),
        best: r.best,
        pv: r.pv,
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's index in the game (0 = the first move).
    pub ply: usize,
    pub mover: Color,
    pub played: Move,
    /// What the engine would have played instead (`None` when it agrees).
    pub better: Option<Move>,
    /// The mover's expected score before and after the move (0..1).
    pub before: f64,
    pub after: f64,
    /// The loss in centipawns from the mover's view (0..=1000; a mate counts
    /// as 1000), for the average loss.
    pub cp_loss: i32,
    pub mark: Option<Mark>,
}

/// A score as centipawns for the loss in centipawns: mates count as ±1000.
fn capped_cp(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c.clamp(-1000, 1000),
        Score::Mate(n) if n > 0 => 1000,
        Score::Mate(_) => -1000,
    }
}

/// Judges every move of `game` from its positions' judgements (`judged[i]`
/// is the position before move `i`, and `judged[moves]` the last one).
/// Fewer judgements than positions judge only the moves they cover.
pub fn moves(game: &Game, judged: &[Judged]) -> Vec<MoveReview> {
    let start = game.start_position().side_to_move();
    game.moves()
        .enumerate()
        .take(judged.len().saturating_sub(1))
        .map(|(ply, played)| {
            let now = &judged[ply];
            let next = &judged[ply + 1];
            let mover = if ply % 2 == 0 { start } else { start.flip() };
            let agrees = now.best == Some(played);
            let before = expectation(now.score);
            let after = if agrees {
                before
            } else {
                1.0 - expectation(next.score)
            };
            let loss = (before - after).max(0.0);
            let cp_loss = if agrees {
                0
            } else {
                (capped_cp(now.score) + capped_cp(next.score)).clamp(0, 1000)
            };
            MoveReview {
                ply,
                mover,
                played,
                better: now.best.filter(|_| !agrees),
                before,
                after,
                cp_loss,
                mark: Mark::for_loss(loss),
            }
        })
        .collect()
}

/// One side's review in numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Centipawns lost per move, on average.
    pub average_loss: i32,
}

impl Summary {
    /// The summary of `color`'s moves.
    pub fn of(reviews: &[MoveReview], color: Color) -> Summary {
        let mut s = Summary::default();
        let mut total = 0i64;
        for r in reviews.iter().filter(|r| r.mover == color) {
            s.moves += 1;
            total += i64::from(r.cp_loss);
            match r.mark {
                Some(Mark::Inaccuracy) => s.inaccuracies += 1,
                Some(Mark::Mistake) => s.mistakes += 1,
                Some(Mark::Blunder) => s.blunders += 1,
                None => {}
            }
        }
        // No moves: no loss (and no division by zero).
        s.average_loss = (total as f64 / s.moves.max(1) as f64).round() as i32;
        s
    }
}

/// A position's evaluation as a game record's `[%eval]` writes it: from
/// White's view, in Pawns (`0.35`, `-1.2`) or as a mate (`#3`, `#-2`).
/// `None` for a finished game's last position.
pub fn eval_tag(score: Score, white_to_move: bool) -> Option<String> {
    let for_white = |x: i32| if white_to_move { x } else { -x };
    match score {
        Score::Mate(0) => None,
        Score::Mate(n) => Some(format!("#{}", for_white(n))),
        // Trailing zeros and a bare point dropped: 0.35, -1.2, 3, 0 (a
        // negative score is at least 0.01 away from 0, so never "-0").
        Score::Cp(c) => {
            let pawns = super::pawns(for_white(c), false);
            Some(pawns.trim_end_matches('0').trim_end_matches('.').into())
        }
    }
}

/// The notes of a reviewed game's record: after each move the `[%eval]` of
/// the position it leads to, and for a marked move its suffix and the move
/// that was better (`Blunder. Qd7 was best.`).
pub fn notes(game: &Game, judged: &[Judged], reviews: &[MoveReview]) -> Vec<MoveNote> {
    reviews
        .iter()
        .map(|r| {
            let before = game.position_at(r.ply);
            let white_next = r.mover == Color::Black;
            let mut comment = judged
                .get(r.ply + 1)
                .and_then(|j| eval_tag(j.score, white_next))
                .map_or(String::new(), |e| format!("[%eval {e}]"));
            if let (Some(mark), Some(better)) = (r.mark, r.better) {
                let name = match mark {
                    Mark::Inaccuracy => "Inaccuracy",
                    Mark::Mistake => "Mistake",
                    Mark::Blunder => "Blunder",
                };
                comment += &format!(" {name}. {} was best.", before.san(better));
            }
            MoveNote {
                suffix: r.mark.map_or("", Mark::suffix).to_string(),
                comment: comment.trim().to_string(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn expected_scores_and_marks() {
        assert_eq!(expectation(Score::Cp(0)), 0.5);
        assert!((expectation(Score::Cp(400)) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(expectation(Score::Mate(3)), 1.0);
        assert_eq!(expectation(Score::Mate(-2)), 0.0);
        assert_eq!(expectation(Score::Mate(0)), 0.0);
        assert_eq!(Mark::for_loss(0.049), None);
        assert_eq!(Mark::for_loss(0.05), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(0.1), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(0.2), Some(Mark::Blunder));
        assert_eq!(Mark::Blunder.suffix(), "??");
        assert_eq!(eval_tag(Score::Cp(35), true).as_deref(), Some("0.35"));
        assert_eq!(eval_tag(Score::Cp(120), false).as_deref(), Some("-1.2"));
        assert_eq!(eval_tag(Score::Cp(-300), false).as_deref(), Some("3"));
        assert_eq!(eval_tag(Score::Cp(0), false).as_deref(), Some("0"));
        assert_eq!(eval_tag(Score::Cp(5), false).as_deref(), Some("-0.05"));
        assert_eq!(eval_tag(Score::Cp(-100), true).as_deref(), Some("-1"));
        assert_eq!(eval_tag(Score::Mate(2), false).as_deref(), Some("#-2"));
        assert_eq!(eval_tag(Score::Mate(-3), false).as_deref(), Some("#3"));
        assert_eq!(eval_tag(Score::Mate(0), true), None);
    }

    /// Judgements written by hand: the first move is the engine's own, the
    /// second gives away a won position, the third is a small slip.
    #[test]
    fn moves_are_judged_by_the_expected_score_they_give_away() {
        let mut game = Game::new(Variant::Mansindam);
        let played: Vec<Move> = ["e3e4", "e7e6", "d3d4"]
            .iter()
            .map(|m| game.play_str(m).unwrap())
            .collect();
        let j = |cp: i32, best: Option<Move>| Judged {
            score: Score::Cp(cp),
            best,
            pv: best.into_iter().collect(),
        };
        let other = game.legal_moves()[0];
        let judged = [
            j(30, Some(played[0])),
            j(300, Some(other)), // Black to move, +3 for Black...
            j(-20, Some(other)), // ...then -0.20 for White: Black's e6 lost it.
            j(80, Some(other)),  // White's d4 lost 0.60 of a Pawn more.
        ];
        let r = moves(&game, &judged);
        assert_eq!(r.len(), 3);
        assert_eq!((r[0].mark, r[0].better, r[0].cp_loss), (None, None, 0));
        assert_eq!(r[1].mover, Color::Black);
        assert_eq!(r[1].mark, Some(Mark::Blunder));
        assert_eq!(r[1].better, Some(other));
        assert_eq!(r[1].cp_loss, 280);
        assert_eq!(r[2].cp_loss, 60);
        assert_eq!(r[2].mark, Some(Mark::Inaccuracy));
        let white = Summary::of(&r, Color::White);
        assert_eq!(
            white,
            Summary {
                moves: 2,
                inaccuracies: 1,
                mistakes: 0,
                blunders: 0,
                average_loss: 30,
            }
        );
        assert_eq!(Summary::of(&r, Color::Black).blunders, 1);
        // The record's notes: after each move the evaluation of the position
        // it leads to, from White's view, then the mark's name.
        let n = notes(&game, &judged, &r);
        assert_eq!(
            (n[0].suffix.as_str(), n[0].comment.as_str()),
            ("", "[%eval -3]")
        );
        assert_eq!(n[1].suffix, "??");
        assert!(
            n[1].comment.starts_with("[%eval -0.2] Blunder. "),
            "{:?}",
            n[1]
        );
        assert_eq!(n[2].suffix, "?!");
        assert!(
            n[2].comment.starts_with("[%eval -0.8] Inaccuracy. "),
            "{:?}",
            n[2]
        );
        // Fewer judgements: only the moves they cover.
        assert_eq!(moves(&game, &judged[..2]).len(), 1);
    }

    /// A side's summary counts each of its marks and averages its losses,
    /// rounded; a side without moves lost nothing.
    #[test]
    fn a_summary_counts_each_mark_of_its_side() {
        let game = Game::new(Variant::Mansindam);
        let m = game.legal_moves()[0];
        let review = |mover: Color, cp_loss: i32, mark: Option<Mark>| MoveReview {
            ply: 0,
            mover,
            played: m,
            better: None,
            before: 0.5,
            after: 0.5,
            cp_loss,
            mark,
        };
        let reviews = [
            review(Color::White, 40, Some(Mark::Inaccuracy)),
            review(Color::White, 90, Some(Mark::Mistake)),
            review(Color::White, 300, Some(Mark::Blunder)),
            review(Color::White, 0, None),
            review(Color::Black, 100, Some(Mark::Mistake)),
            review(Color::Black, 100, Some(Mark::Mistake)),
        ];
        assert_eq!(
            Summary::of(&reviews, Color::White),
            Summary {
                moves: 4,
                inaccuracies: 1,
                mistakes: 1,
                blunders: 1,
                average_loss: 108, // 430 / 4 = 107.5
            }
        );
        let black = Summary::of(&reviews, Color::Black);
        assert_eq!(
            (black.moves, black.mistakes, black.average_loss),
            (2, 2, 100)
        );
        assert_eq!(Summary::of(&reviews[..0], Color::Black), Summary::default());
    }

    /// In the average loss a mate counts as 10 Pawns, for and against.
    #[test]
    fn a_mate_given_away_counts_ten_pawns_of_loss() {
        let mut game = Game::new(Variant::Mansindam);
        let played: Vec<Move> = ["e3e4", "e7e6"]
            .iter()
            .map(|m| game.play_str(m).unwrap())
            .collect();
        let other = game.legal_moves()[0];
        assert!(!played.contains(&other));
        let j = |score: Score| Judged {
            score,
            best: Some(other),
            pv: vec![other],
        };
        // White had a mate in 3 and is 2 Pawns down after e4: 10 - 2 lost.
        // Black's answer ends the game, White to move having lost: it gives
        // nothing away.
        let judged = [j(Score::Mate(3)), j(Score::Cp(-200)), j(Score::Mate(0))];
        let r = moves(&game, &judged);
        assert_eq!((r[0].cp_loss, r[1].cp_loss), (800, 0));
        assert_eq!(r[0].mark, Some(Mark::Blunder));
    }

    /// A finished game's last position: the side to move has lost (no
    /// move, `Mate(0)`) or won (`Mate(1)`, as a mate just given), whatever
    /// a search would say.
    #[test]
    fn a_finished_games_last_position_is_judged_by_its_outcome() {
        let mut searcher = Searcher::new(1);
        let mut over = |fen: &str, moves: &str| {
            let g = Game::from_uci_moves(Variant::Pandemonium, Some(fen), moves.split(' '));
            let g = g.unwrap();
            assert!(g.is_over(), "{fen} {moves}");
            judge(&mut searcher, &g)
        };
        // Black's King goes back to a9 a third time: White, who checked on
        // every move, loses, and is to move.
        let lost = over(
            "k8/9/9/9/9/9/9/1R7/4K4[] w - - 0 1",
            "b2a2 a9b8 a2b2 b8a9 b2a2 a9b8 a2b2 b8a9",
        );
        assert_eq!(
            lost,
            Judged {
                score: Score::Mate(0),
                best: None,
                pv: Vec::new()
            }
        );
        // White's check repeats the start a third time: White loses, and
        // Black is to move.
        let won = over(
            "k8/9/9/9/9/9/9/R8/4K4[] b - - 0 1",
            "a9b8 a2b2 b8a9 b2a2 a9b8 a2b2 b8a9 b2a2",
        );
        assert_eq!(
            won,
            Judged {
                score: Score::Mate(1),
                best: None,
                pv: Vec::new()
            }
        );
    }

    /// A real game: 2. Cg5?? gives the Cardinal away for nothing.
    #[test]
    fn a_piece_given_away_is_a_blunder_with_a_better_move() {
        let mut game = Game::new(Variant::Mansindam);
        for m in ["e3e4", "e7e6", "c1g5"] {
            game.play_str(m).unwrap();
        }
        let mut searcher = Searcher::new(16);
        let judged: Vec<Judged> = (0..=game.ply_count())
            .map(|ply| {
                let mut g = Game::new(Variant::Mansindam);
                for m in game.moves().take(ply) {
                    g.play(m).unwrap();
                }
                judge(&mut searcher, &g)
            })
            .collect();
        let r = moves(&game, &judged);
        // Two ordinary opening moves, then the blunder.
        assert!(r[..2].iter().all(|m| m.mark < Some(Mark::Blunder)), "{r:?}");
        assert_eq!(r[2].mark, Some(Mark::Blunder));
        let better = r[2].better.expect("a better move");
        assert!(game.position_at(2).is_legal(better));
        assert!(r[2].cp_loss >= 500, "{:?}", r[2]);
        assert_eq!(Summary::of(&r, Color::White).blunders, 1);
        // The same review again: the same judgements (a fixed node budget).
        assert_eq!(judge(&mut searcher, &game), judged[3]);
        // The record's notes: an eval after every move, the mark and the
        // better move after the blunder.
        let notes = notes(&game, &judged, &r);
        assert_eq!(notes.len(), 3);
        assert!(notes.iter().all(|n| n.comment.starts_with("[%eval ")));
        assert_eq!(notes[2].suffix, "??");
        let better_san = game.position_at(2).san(better);
        assert!(
            notes[2]
                .comment
                .ends_with(&format!(" Blunder. {better_san} was best.")),
            "{:?}",
            notes[2]
        );
    }
}
