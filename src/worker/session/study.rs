//! The analysis board's requests, answered as they go: an analysis tells
//! every iteration of its search, a review every position it has judged.

use std::str::FromStr;

use super::{header_of, side, spec_of, Session};
use crate::ai::{self, review, Limits};
use crate::engine::{write_pgn_annotated, Color, Game, Move, Variant};
use crate::protocol::{
    Analyse, Analysis, Eval, GameReview, LineView, Mark, MoveMark, Response, ReviewGame,
    ReviewProgress, SideSummary,
};

/// Nodes an analysis searches before it stops (some 20 to 60 seconds in a
/// browser): deep enough to trust, and a phone left on the analysis board
/// does not run its battery down.
pub const ANALYSIS_NODES: u64 = 30_000_000;

impl Session {
    /// The game a request to analyse names, or why it cannot be set up.
    fn game_of(&self, a: &Analyse) -> Result<Game, String> {
        let variant = Variant::from_str(&a.variant).map_err(|e| self.say(&e))?;
        Game::from_uci_moves(variant, Some(&a.fen), a.moves.iter().map(String::as_str))
            .map_err(|e| self.say_in(&e, variant))
    }

    /// Searches the position for `a.nodes` (at most [`ANALYSIS_NODES`]) nodes with the best
    /// `a.lines` lines, telling each finished iteration.
    pub(super) fn analyse(
        &mut self,
        a: &Analyse,
        now: &dyn Fn() -> f64,
        post: &mut dyn FnMut(Response),
    ) -> Result<(), String> {
        let game = self.game_of(a)?;
        let pos = game.position();
        let white = pos.side_to_move() == Color::White;
        let variant = game.variant();
        let answer = |depth, nodes, lines, done| Analysis {
            id: a.id,
            depth,
            nodes,
            lines,
            over: game.outcome().map(|o| Eval::Won(side(o.winner))),
            done,
        };
        if game.is_over() {
            post(Response::Analysis(answer(0, 0, Vec::new(), true)));
            return Ok(());
        }
        let wanted = usize::from(a.lines.clamp(1, 16)).min(game.legal_moves().len());
        let limits = Limits {
            nodes: Some(a.nodes.unwrap_or(ANALYSIS_NODES).min(ANALYSIS_NODES)),
            multipv: wanted,
            ..Limits::default()
        };
        // A line as the page shows it (none without a first move).
        let view = |score: ai::Score, pv: &[Move]| {
            Some(LineView {
                eval: white_view(score.for_people(variant), white),
                first: spec_of(*pv.first()?),
                san: ai::san_line(pos, pv),
            })
        };
        let mut lines: Vec<LineView> = Vec::new();
        let result = self.searcher.search(&game, &limits, now, &mut |info| {
            if info.multipv == 1 {
                lines.clear();
            }
            lines.extend(view(info.score, &info.pv));
            if info.multipv as usize == wanted {
                post(Response::Analysis(answer(
                    info.depth,
                    info.nodes,
                    lines.clone(),
                    false,
                )));
            }
        });
        let last = result
            .lines
            .iter()
            .filter_map(|l| view(l.score, &l.pv))
            .collect();
        post(Response::Analysis(answer(
            result.depth,
            result.nodes,
            last,
            true,
        )));
        Ok(())
    }

    /// Reviews a game position by position at the review's node budget
    /// (`ai::review`), telling `post` the progress after each position.
    pub(super) fn review(
        &mut self,
        r: &ReviewGame,
        post: &mut dyn FnMut(Response),
    ) -> Result<GameReview, String> {
        let game = self.game_of(&r.game)?;
        let variant = game.variant();
        let mut replay =
            Game::from_fen(variant, &r.game.fen).map_err(|e| self.say_in(&e, variant))?;
        let played: Vec<Move> = game.moves().collect();
        let total = played.len() as u32 + 1;
        let mut judged = Vec::with_capacity(played.len() + 1);
        for i in 0..=played.len() {
            judged.push(review::judge(&mut self.searcher, &replay));
            post(Response::ReviewProgress(ReviewProgress {
                id: r.game.id,
                done: i as u32 + 1,
                total,
            }));
            if let Some(&m) = played.get(i) {
                replay.play(m).map_err(|e| self.say_in(&e, variant))?;
            }
        }
        // The game's own end (a resignation, a flag) is the record's too.
        let reviews = review::moves(&game, &judged);
        let evals = judged
            .iter()
            .enumerate()
            .map(|(ply, j)| {
                let white = game.position_at(ply).side_to_move() == Color::White;
                match (j.score, ply == played.len(), game.outcome()) {
                    (_, true, Some(o)) => Eval::Won(side(o.winner)),
                    (score, _, _) => white_view(score, white),
                }
            })
            .collect();
        let marks = reviews
            .iter()
            .map(|m| {
                let before = game.position_at(m.ply);
                MoveMark {
                    mark: m.mark.map(|k| match k {
                        review::Mark::Inaccuracy => Mark::Inaccuracy,
                        review::Mark::Mistake => Mark::Mistake,
                        review::Mark::Blunder => Mark::Blunder,
                    }),
                    better: m.better.map(spec_of),
                    better_san: m.better.map(|b| before.san(b)),
                    loss: m.cp_loss.max(0) as u32,
                }
            })
            .collect();
        let summary = [Color::White, Color::Black].map(|c| {
            let s = review::Summary::of(&reviews, c);
            SideSummary {
                moves: s.moves as u32,
                inaccuracies: s.inaccuracies as u32,
                mistakes: s.mistakes as u32,
                blunders: s.blunders as u32,
                average_loss: s.average_loss.max(0) as u32,
            }
        });
        let notes = review::notes(&game, &judged, &reviews);
        let header = header_of(r.players, r.level, &r.date);
        Ok(GameReview {
            id: r.game.id,
            moves: r.game.moves.clone(),
            evals,
            marks,
            summary,
            pgn: write_pgn_annotated(&game, &header, &notes),
        })
    }
}

/// A search score for the side to move (in people's units) as an evaluation
/// from White's view.
fn white_view(score: ai::Score, white_to_move: bool) -> Eval {
    let sign = if white_to_move { 1 } else { -1 };
    match score {
        ai::Score::Cp(c) => Eval::Cp(c * sign),
        ai::Score::Mate(n) => Eval::Mate(n * sign),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::read_pgn;
    use crate::protocol::{MoveSpec, Player, Request, Side};

    pub(super) fn analyse(moves: &[&str], lines: u8, nodes: u64) -> Analyse {
        Analyse {
            id: 41,
            variant: "mansindam".into(),
            fen: Variant::Mansindam.start_fen().to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            lines,
            nodes: Some(nodes),
        }
    }

    fn streamed(s: &mut Session, request: Request) -> Vec<Response> {
        let mut out = Vec::new();
        s.stream(request, &crate::worker::testing::clock(), &mut |r| {
            out.push(r)
        });
        out
    }

    #[test]
    fn an_analysis_tells_every_iteration_with_its_best_lines() {
        let mut s = Session::new();
        let before = s.snapshot();
        let answers = streamed(&mut s, Request::Analyse(analyse(&["e3e4"], 3, 200_000)));
        let analyses: Vec<&Analysis> = answers
            .iter()
            .map(|r| match r {
                Response::Analysis(a) => a,
                other => panic!("{other:?}"),
            })
            .collect();
        assert!(analyses.len() >= 4, "{analyses:?}");
        let (last, iterations) = analyses.split_last().unwrap();
        assert!(last.done && iterations.iter().all(|a| !a.done));
        assert!(analyses.iter().all(|a| a.id == 41 && a.over.is_none()));
        // One answer per iteration, each deeper than the one before.
        assert!(iterations.windows(2).all(|w| w[1].depth == w[0].depth + 1));
        assert_eq!(iterations[0].depth, 1);
        let game = Game::from_uci_moves(Variant::Mansindam, None, ["e3e4"]).unwrap();
        for a in &analyses {
            assert_eq!(a.lines.len(), 3);
            let firsts: Vec<MoveSpec> = a.lines.iter().map(|l| l.first).collect();
            assert!(firsts
                .iter()
                .all(|f| { game.legal_moves().iter().any(|&m| spec_of(m) == *f) }));
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
            // Black is to move: the best line is best for Black.
            let black: Vec<i32> = a
                .lines
                .iter()
                .map(|l| l.eval.for_side(Side::Black))
                .collect();
            assert!(black.windows(2).all(|w| w[0] >= w[1]), "{black:?}");
            for l in &a.lines {
                let first = game
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|&m| spec_of(m) == l.first);
                assert_eq!(l.san[0], game.position().san(first.unwrap()));
            }
        }
        // The worker's own game is not touched.
        assert_eq!(s.snapshot(), before);
    }

    #[test]
    fn a_finished_position_is_analysed_as_its_result() {
        let line = include_str!("../../../tests/data/tactics.txt")
            .lines()
            .next()
            .unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(&words[..3], ["mansindam", "1", "C@d7"]);
        let mut moves = words[3..].to_vec();
        moves.push(words[2]);
        let answers = streamed(
            &mut Session::new(),
            Request::Analyse(analyse(&moves, 3, 10_000)),
        );
        let winner = if moves.len() % 2 == 1 {
            Side::White
        } else {
            Side::Black
        };
        assert_eq!(
            answers,
            [Response::Analysis(Analysis {
                id: 41,
                depth: 0,
                nodes: 0,
                lines: Vec::new(),
                over: Some(Eval::Won(winner)),
                done: true,
            })]
        );
    }

    #[test]
    fn a_position_that_cannot_be_set_up_is_refused_by_name() {
        let mut s = Session::new();
        let mut bad = analyse(&["e3e4", "e3e4"], 3, 10_000);
        let answers = streamed(&mut s, Request::Analyse(bad.clone()));
        assert_eq!(answers.len(), 1);
        assert!(
            matches!(&answers[0], Response::Error(e) if e.contains("e3e4") && e.contains('2')),
            "{answers:?}"
        );
        bad.moves.clear();
        bad.fen = "9/9 w".into();
        let answers = streamed(
            &mut s,
            Request::Review(ReviewGame {
                game: bad,
                players: [Player::Human; 2],
                level: 3,
                date: "2026.11.24".into(),
            }),
        );
        assert!(matches!(&answers[..], [Response::Error(_)]), "{answers:?}");
    }

    #[test]
    fn a_review_marks_the_blunder_and_writes_the_record_with_it() {
        let mut s = Session::new();
        let moves = ["e3e4", "e7e6", "c1g5"];
        let request = ReviewGame {
            game: analyse(&moves, 1, 0),
            players: [Player::Human, Player::Computer],
            level: 2,
            date: "2026.11.24".into(),
        };
        let answers = streamed(&mut s, Request::Review(request.clone()));
        let progress: Vec<(u32, u32)> = answers
            .iter()
            .filter_map(|r| match r {
                Response::ReviewProgress(p) if p.id == 41 => Some((p.done, p.total)),
                _ => None,
            })
            .collect();
        assert_eq!(progress, [(1, 4), (2, 4), (3, 4), (4, 4)]);
        let Some(Response::Reviewed(review)) = answers.last() else {
            panic!("{answers:?}");
        };
        assert_eq!(review.id, 41);
        assert_eq!(review.moves, moves);
        assert_eq!(review.evals.len(), 4);
        assert_eq!(review.marks.len(), 3);
        assert_eq!(review.marks[2].mark, Some(Mark::Blunder));
        let better = review.marks[2].better_san.clone().expect("a better move");
        assert_eq!(review.summary[0].blunders, 1);
        assert_eq!(review.summary[0].moves, 2);
        assert_eq!(review.summary[1].moves, 1);
        // White gave the Cardinal away: Black is far ahead after it.
        assert!(
            review.evals[3].for_side(Side::Black) >= 400,
            "{:?}",
            review.evals
        );
        assert!(review.pgn.contains("[White \"Player\"]"));
        assert!(review.pgn.contains("[Black \"Computer (level 2)\"]"));
        assert!(review.pgn.contains("Cg5?? { [%eval "), "{}", review.pgn);
        assert!(review.pgn.contains(&format!("Blunder. {better} was best.")));
        // Our reader takes the record back as the same game.
        let back = read_pgn(&review.pgn, Variant::Mansindam).unwrap();
        assert_eq!(back.uci_moves(), moves);
        // The same review again: the same answer (a fixed node budget).
        assert_eq!(streamed(&mut s, Request::Review(request)), answers);
    }
}
