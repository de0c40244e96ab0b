//! Iterative-deepening principal-variation search with a transposition table,
//! quiescence search, and each game's repetition rule applied inside the tree.
//!
//! This file holds the search's state ([`Search`]), iterative deepening with
//! aspiration windows, MultiPV and the weaker levels' choice, and the root.
//! Below the root: [`alphabeta`] (the tree), [`qsearch`] (its leaves),
//! [`movepick`] (move ordering), [`history`] (what ordering learns),
//! [`stack`] (one entry per ply), [`pv`] (the principal variation),
//! [`timeman`] (when to stop), [`repetition`] (the path and the repetition
//! rules), [`moves`] (questions about moves) and [`features`] (the
//! switches and parameters).

mod alphabeta;
mod features;
mod history;
mod movepick;
mod moves;
mod pv;
mod qsearch;
mod repetition;
mod stack;
mod timeman;

use std::sync::atomic::AtomicBool;

use crate::engine::{Game, Move, MoveList, Position, Rules};

use super::eval::{self, Tables, TaperedTables};
use super::rng::Rng;
use super::score::{public_score, INF, MATE, MATE_BOUND, MAX_PLY};
use super::tt::Tt;
use super::{Info, Limits, Line, SearchResult};
use history::History;
use pv::PvTable;
use repetition::{game_over, Path, Repetition};
use stack::{Stack, STACK};
use timeman::TimeManager;

pub use features::Features;
pub(crate) use features::EVAL_SCALE;
#[cfg(test)]
pub(crate) use moves::quiet_gives_check;

/// Whether a node is on the principal variation (searched with an open
/// window) or off it (a zero window: it fails high or low).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node {
    Pv,
    NonPv,
}

/// State that lives across searches: the table and the move-ordering history.
pub(crate) struct Persistent {
    pub tt: Tt,
    pub history: History,
}

impl Persistent {
    pub fn new(tt_mb: usize) -> Persistent {
        Persistent {
            tt: Tt::new(tt_mb),
            history: History::new(),
        }
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }
}

struct RootMove {
    mv: Move,
    score: i32,
    /// Order key for the next iteration.
    prev: i32,
    noise: i32,
    /// The line it leads, when it is one of the best (MultiPV).
    pv: Vec<Move>,
}

/// One search under way: the position being searched, the tables it
/// keeps between searches, and its limits.
pub(crate) struct Search<'a> {
    pos: Position,
    rules: &'static Rules,
    eval: &'static TaperedTables,
    p: &'a mut Persistent,
    time: TimeManager<'a>,
    features: Features,
    pub nodes: u64,
    seldepth: usize,
    aborted: bool,
    root_depth: i32,
    /// The game's positions and the search's path.
    path: Path,
    stack: [Stack; STACK],
    pv: PvTable,
    /// Late-move reductions by depth and move number.
    lmr: Box<[[u8; 64]; 64]>,
    /// Weaker levels: each root move's noise is drawn from `-noise..=noise`,
    /// the level's noise in the search's scale (as the evaluation is).
    noise: i32,
    /// Weaker levels: how far below the best a root move needs an exact score.
    noise_margin: i32,
}

/// The principal variation's move and score after an iteration.
struct Choice {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
}

impl<'a> Search<'a> {
    pub fn new(
        game: &Game,
        p: &'a mut Persistent,
        stop: &'a AtomicBool,
        now: &'a dyn Fn() -> f64,
        limits: &Limits,
    ) -> Search<'a> {
        let pos = game.position().clone();
        let rules = pos.rules();
        let time = TimeManager::new(limits, now, stop);
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.2) as u8;
            }
        }
        let noise = limits
            .features
            .scaled(rules.variant, limits.noise_cp.max(0));
        Search {
            eval: eval::tables(rules.variant),
            rules,
            pos,
            p,
            time,
            features: limits.features,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 0,
            path: Path::new(game),
            stack: Stack::new(),
            pv: PvTable::new(),
            lmr,
            noise,
            noise_margin: 2 * noise + 1,
        }
    }

    /// Counts a node and stops the search when a limit is reached.
    #[inline]
    fn poll(&mut self) {
        self.nodes += 1;
        if self.time.out_of_nodes(self.nodes) {
            self.aborted = true;
        }
        if self.time.must_stop(self.nodes) {
            self.aborted = true;
        }
    }

    /// The position just reached by a move that `gave_check` (or not)
    /// joins the path.
    fn push(&mut self, gave_check: bool) -> Repetition {
        self.path.push(self.pos.hash(), gave_check)
    }

    fn pop(&mut self) {
        self.path.pop();
    }

    /// The static evaluation of the position, in the search's scale.
    fn evaluate(&self) -> i32 {
        let e = eval::evaluate_with(&self.pos, self.tables());
        self.features.scaled(self.rules.variant, e)
    }

    /// The evaluation's tables for the position's pieces in hand (piece
    /// values for exchanges and move order too).
    #[inline]
    fn tables(&self) -> &'static Tables {
        self.eval.at(&self.pos)
    }

    /// The late-move reduction at `depth` of the `n`th move (from 1).
    #[inline]
    fn reduction(&self, depth: i32, n: usize) -> i32 {
        i32::from(self.lmr[(depth.max(0) as usize).min(63)][n.min(63)])
    }

    // ----- the root ---------------------------------------------------------

    /// Searches every root move; with `exact`, each with a full window (so that
    /// the scores of all moves are known, for the weaker levels' choice). The
    /// best move found is moved to the front; `None` if no move was completed.
    fn root(
        &mut self,
        rm: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        exact: bool,
    ) -> Option<i32> {
        self.pv.clear(0);
        let mut best = -INF;
        let mut best_i = None;
        #[allow(clippy::needless_range_loop)]
        for i in 0..rm.len() {
            let m = rm[i].mv;
            self.pv.clear(1);
            self.stack[0].moved = Some(self.piece_to(m));
            let quiet = self.is_quiet(m);
            let undo = self.pos.make_move(m);
            let gives_check = self.pos.in_check();
            let rep = self.push(gives_check);
            let score = match rep {
                // Game::legal_moves has already removed these.
                Repetition::Illegal => -INF,
                Repetition::Over(v) => -game_over(v, 1),
                Repetition::No => {
                    let ext = i32::from(self.features.check_extension && gives_check);
                    let nd = depth - 1 + ext;
                    if exact {
                        // Exact scores are needed only near the best: a move
                        // `margin` below it cannot win even with the most noise.
                        let floor = if best > -MATE_BOUND {
                            best - self.noise_margin
                        } else {
                            -INF
                        };
                        -self.search(-INF, -floor, nd, 1, Node::Pv)
                    } else if i == 0 {
                        -self.search(-beta, -alpha, nd, 1, Node::Pv)
                    } else {
                        let r = if self.features.root_lmr
                            && depth >= 3
                            && i >= 3
                            && quiet
                            && !gives_check
                        {
                            (self.reduction(depth, i + 1) - 1).clamp(0, nd - 1)
                        } else {
                            0
                        };
                        self.later_move(alpha, beta, nd, r, 1, true)
                    }
                }
            };
            self.take_back(m, undo);
            if self.aborted {
                break;
            }
            rm[i].score = score;
            if score > best {
                best = score;
                best_i = Some(i);
                self.pv.update(0, m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let i = best_i?;
        rm[..=i].rotate_right(1);
        Some(best)
    }

    /// The root's moves, in the order of their keys (the table's move
    /// first), each with its noise on the weaker levels.
    fn root_moves(&mut self, legal: &MoveList, seed: u64) -> Vec<RootMove> {
        let mut rng = Rng::new(seed ^ self.pos.hash());
        let mut keys = Vec::new();
        let tt_move = self.p.tt.probe(self.pos.hash(), 0).and_then(|h| h.mv);
        self.score_moves(legal, tt_move, None, 0, &mut keys);
        let mut rm: Vec<RootMove> = keys
            .into_iter()
            .map(|(k, mv)| RootMove {
                mv,
                score: -INF,
                prev: k,
                noise: 0,
                pv: Vec::new(),
            })
            .collect();
        rm.sort_by_key(|r| std::cmp::Reverse(r.prev));
        if self.noise > 0 {
            for r in rm.iter_mut() {
                r.noise = rng.symmetric(self.noise);
            }
        }
        rm
    }

    /// One line of an iteration (the best of `rm`, the moves not ranked
    /// above it) in an aspiration window around `centre`, widened until
    /// the score falls inside: the score (`None` if no move was completed)
    /// and the window's last alpha.
    fn aspiration(
        &mut self,
        rm: &mut [RootMove],
        depth: i32,
        centre: i32,
        exact: bool,
    ) -> (Option<i32>, i32) {
        let mut delta = if self.features.wide_aspiration {
            120
        } else {
            40
        };
        let (mut alpha, mut beta) = if depth >= 5 && !exact && centre.abs() < MATE_BOUND {
            (centre - delta, centre + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let found = self.root(rm, depth, alpha, beta, exact);
            if self.aborted {
                return (found, alpha);
            }
            let s = found.unwrap_or(-INF);
            if s <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
                beta = (alpha + beta) / 2;
            } else if s >= beta && beta < INF {
                beta = (beta + delta).min(INF);
            } else {
                return (found, alpha);
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// One iteration to `depth`: each of the first `lines` root moves in
    /// turn, the first around `centre` (the last iteration's score), each
    /// as the best of the moves not ranked above it. The last line's score
    /// (`None` if no move was completed, or if the search stopped after the
    /// first line: the lines of the last finished iteration stand) and its
    /// window's last alpha.
    fn iteration(
        &mut self,
        rm: &mut [RootMove],
        depth: i32,
        lines: usize,
        centre: i32,
        exact: bool,
    ) -> (Option<i32>, i32) {
        let mut found = None;
        let mut alpha = -INF;
        for line in 0..lines {
            let centre = if line == 0 { centre } else { rm[line].prev };
            (found, alpha) = self.aspiration(&mut rm[line..], depth, centre, exact);
            if self.aborted {
                return (if line > 0 { None } else { found }, alpha);
            }
            rm[line].pv = self.pv.root_line(rm[line].mv);
        }
        (found, alpha)
    }

    /// Full strength: the first line's move, its score (`found`, the last
    /// line's, when there is one line) and line; with several lines, these
    /// are first ordered by their scores (a later line may have come out
    /// better than an earlier one).
    fn best_line(rm: &mut [RootMove], lines: usize, found: Option<i32>) -> Choice {
        if lines > 1 {
            rm[..lines].sort_by_key(|r| std::cmp::Reverse(r.score));
        }
        Choice {
            mv: rm[0].mv,
            score: if lines > 1 {
                rm[0].score
            } else {
                found.unwrap_or(-INF)
            },
            pv: rm[0].pv.clone(),
        }
    }

    /// Weaker levels: the move with the best score after noise; moves that
    /// win or lose by force keep their exact score. The moves are then
    /// ordered by their scores for the next iteration.
    fn noisy_choice(&self, rm: &mut [RootMove]) -> Choice {
        let top = rm[0].mv;
        let (mv, score) = rm
            .iter()
            .max_by_key(|r| {
                if r.score.abs() >= MATE_BOUND {
                    r.score
                } else {
                    r.score + r.noise
                }
            })
            .map(|r| (r.mv, r.score))
            .expect("moves");
        let pv = if mv == top {
            self.pv.root_line(mv)
        } else {
            vec![mv]
        };
        rm.sort_by_key(|r| std::cmp::Reverse(r.score));
        Choice { mv, score, pv }
    }

    /// Fills `result` after a completed iteration to `depth` whose choice is
    /// `best` and tells `on_info` its lines; from then on the node limit
    /// applies (the search stops if it is reached).
    fn report(
        &mut self,
        result: &mut SearchResult,
        best: &Choice,
        rm: &[RootMove],
        lines: usize,
        depth: i32,
        on_info: &mut dyn FnMut(&Info),
    ) {
        result.best = Some(best.mv);
        result.score = public_score(best.score);
        result.depth = depth as u32;
        result.seldepth = self.seldepth as u32;
        result.pv = best.pv.clone();
        result.nodes = self.nodes;
        result.time_ms = self.time.elapsed();
        if self.time.iteration_done(self.nodes) {
            self.aborted = true;
        }
        result.lines = if lines == 1 {
            vec![Line {
                score: result.score,
                pv: result.pv.clone(),
            }]
        } else {
            rm[..lines]
                .iter()
                .map(|r| Line {
                    score: public_score(r.score),
                    pv: r.pv.clone(),
                })
                .collect()
        };
        let nps = (self.nodes as f64 * 1000.0 / result.time_ms.max(1.0)) as u64;
        for (i, line) in result.lines.iter().enumerate() {
            on_info(&Info {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                multipv: i as u32 + 1,
                score: line.score,
                nodes: self.nodes,
                time_ms: result.time_ms,
                nps,
                hashfull: self.p.tt.hashfull(),
                pv: line.pv.clone(),
            });
        }
    }

    /// Searches the position by iterative deepening until a limit: the
    /// best move, its score and line, and the best lines with MultiPV.
    pub fn run(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let legal = game.legal_moves();
        let mut result = SearchResult::none();
        if legal.is_empty() {
            return result;
        }
        self.p.tt.new_search();
        let mut rm = self.root_moves(&legal, limits.seed);
        let exact = self.noise > 0;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4) as i32;
        let mut best = Choice {
            mv: rm[0].mv,
            score: -INF,
            pv: vec![rm[0].mv],
        };

        // MultiPV: the first `lines` root moves are searched one after the
        // other, each as the best of the moves not yet ranked above it.
        let lines = if exact {
            1
        } else {
            limits.multipv.clamp(1, rm.len())
        };

        for depth in 1..=max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            let (found, alpha) = self.iteration(&mut rm, depth, lines, best.score, exact);
            if self.aborted {
                // Keep a move found in the unfinished iteration when it is a
                // real result: the first iteration, or a move that beat the
                // previous best in a full search. A move whose score is not
                // above the window's alpha is only known to be no better than
                // alpha (the window failed low): not a result.
                if let Some(s) = found {
                    if depth == 1 || (!exact && lines == 1 && rm[0].mv != best.mv && s > alpha) {
                        let mv = rm[0].mv;
                        result.best = Some(mv);
                        result.pv = self.pv.root_line(mv);
                        result.score = public_score(s);
                        result.depth = result.depth.max(1);
                    }
                }
                break;
            }
            best = if exact {
                self.noisy_choice(&mut rm)
            } else {
                Self::best_line(&mut rm, lines, found)
            };
            for r in rm.iter_mut() {
                r.prev = r.score;
            }
            self.report(&mut result, &best, &rm, lines, depth, on_info);
            // A forced result found at this depth will not change with more
            // (with several lines, the others may still).
            let forced =
                lines == 1 && best.score.abs() >= MATE_BOUND && MATE - best.score.abs() <= depth;
            if self.aborted || forced || (rm.len() == 1 && depth >= 4) || self.time.past_soft() {
                break;
            }
        }
        if result.best.is_none() {
            result.best = Some(best.mv);
            result.pv = best.pv;
        }
        if result.lines.is_empty() {
            result.lines = vec![Line {
                score: result.score,
                pv: result.pv.clone(),
            }];
        }
        result.nodes = self.nodes;
        result.time_ms = self.time.elapsed();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tests::random_game_positions;

    /// UCI's `eval` says what the search counts: the trace's search line is
    /// the search's static evaluation, in both games, at the default scale
    /// and at another.
    #[test]
    fn the_trace_gives_the_searchs_static_evaluation() {
        let (stop, now) = (AtomicBool::new(false), || 0.0);
        let mut p = Persistent::new(1);
        let other = Features {
            eval_scale: [5, 21],
            ..Features::default()
        };
        for v in crate::engine::Variant::ALL {
            for game in random_game_positions(v, &mut Rng::new(29), 6, 100) {
                for features in [Features::default(), other] {
                    let limits = Limits {
                        features,
                        ..Limits::depth(1)
                    };
                    let s = Search::new(&game, &mut p, &stop, &now, &limits);
                    let trace = crate::ai::trace(game.position(), &features);
                    assert_eq!(trace.search, s.evaluate(), "{v} {}", game.position().fen());
                }
            }
        }
    }
}
