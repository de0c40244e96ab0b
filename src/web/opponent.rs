//! The worker's computer opponent: a small alpha-beta search with iterative
//! deepening, a capture-only quiescence search and a material evaluation,
//! under a time budget.
//!
//! Temporary: it stands in for the engine of `src/ai/` until that module
//! exists, and is meant to be replaced by it (the worker calls only
//! [`choose_move`]). It plays only moves of [`Game::legal_moves`] (which
//! applies Mansindam's repetition rule) and avoids Pandemonium moves that lose
//! by repetition unless nothing else is left.
//!
//! The clock is passed in (`now`, in milliseconds), because
//! `std::time::Instant` panics on wasm32: the worker gives it
//! `js_sys::Date::now`, native tests `Instant`.

use crate::engine::{atom, Game, Move, MoveList, Position, Square};

const MATE: i32 = 1_000_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1000;
const MAX_DEPTH: u32 = 32;
const QUIESCENCE_DEPTH: u32 = 6;
/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 256;

/// Material value of each movement atom; a piece is worth the sum of its atoms.
const ATOM_VALUE: [i32; atom::COUNT] = [
    100, // PAWN: one step forward
    120, // WAZIR
    130, // FERZ
    300, // KNIGHT
    110, // ALFIL
    110, // DABBABA
    500, // ROOK
    350, // BISHOP
];

/// Pieces in hand can be dropped anywhere: worth a little more.
const HAND_BONUS_PERCENT: i32 = 10;

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    /// Centipawns from the mover's side; beyond ±999 000 a forced mate.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

/// Chooses a move for the side to move, thinking about `budget_ms`
/// milliseconds (at least one full ply is always searched). `None` once the
/// game is over.
pub fn choose_move(game: &Game, now: &dyn Fn() -> f64, budget_ms: f64) -> Option<Choice> {
    let root_moves = game.legal_moves();
    if root_moves.is_empty() {
        return None;
    }
    let me = game.position().side_to_move();
    let values = piece_values(game.position());

    // Pandemonium: moves that end the game by repetition are scored now.
    let mut root: Vec<(Move, Option<i32>)> = root_moves
        .iter()
        .map(|&m| {
            let fixed = game.repetition_verdict(m).map(|o| {
                if o.winner == me {
                    MATE - 1
                } else {
                    -MATE_BOUND
                }
            });
            (m, fixed)
        })
        .collect();
    let mut search = Search {
        values,
        now,
        deadline: now() + budget_ms,
        nodes: 0,
        aborted: false,
        may_abort: false,
    };
    let mut pos = game.position().clone();
    order(&pos, &search.values, &mut root, |&(m, _)| m);

    let mut best = Choice {
        mv: root[0].0,
        score: -MATE,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=MAX_DEPTH {
        search.may_abort = depth > 1;
        let mut alpha = -MATE;
        let mut iteration_best: Option<(usize, i32)> = None;
        for (i, &(m, fixed)) in root.iter().enumerate() {
            let score = match fixed {
                Some(s) => s,
                None => {
                    let undo = pos.make_move(m);
                    let s = -search.negamax(&mut pos, depth - 1, -MATE, -alpha, 1);
                    pos.unmake_move(m, undo);
                    s
                }
            };
            if search.aborted {
                break;
            }
            if iteration_best.is_none_or(|(_, b)| score > b) {
                iteration_best = Some((i, score));
                alpha = alpha.max(score);
            }
        }
        if let Some((i, score)) = iteration_best {
            // An aborted iteration still searched the previous best move
            // first, so whatever beat it is better.
            best = Choice {
                mv: root[i].0,
                score,
                depth: if search.aborted { depth - 1 } else { depth },
                nodes: search.nodes,
            };
            let chosen = root.remove(i);
            root.insert(0, chosen);
        }
        if search.aborted || score_is_mate(best.score) || search.out_of_time() {
            break;
        }
    }
    best.nodes = search.nodes;
    Some(best)
}

fn score_is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Value of each kind of the position's variant, by kind index.
fn piece_values(pos: &Position) -> Vec<i32> {
    pos.rules()
        .kinds
        .iter()
        .map(|k| {
            if k.royal {
                return 0;
            }
            (0..atom::COUNT)
                .filter(|&a| k.atoms & (1 << a) != 0)
                .map(|a| ATOM_VALUE[a])
                .sum()
        })
        .collect()
}

/// Captures first (most valuable victim, then least valuable attacker), then
/// promotions, then the rest in generation order.
fn order<T>(pos: &Position, values: &[i32], moves: &mut [T], mv: impl Fn(&T) -> Move) {
    moves.sort_by_cached_key(|t| {
        let m = mv(t);
        let victim = pos.piece_at(m.to()).map_or(0, |p| values[p.kind.index()]);
        let attacker = m
            .from()
            .and_then(|f| pos.piece_at(f))
            .map_or(0, |p| values[p.kind.index()]);
        let mut key = 0;
        if victim > 0 {
            key += 10 * victim - attacker / 10 + 100_000;
        }
        if m.promotes() {
            key += 5_000;
        }
        -key
    });
}

struct Search<'a> {
    values: Vec<i32>,
    now: &'a dyn Fn() -> f64,
    deadline: f64,
    nodes: u64,
    aborted: bool,
    may_abort: bool,
}

impl Search<'_> {
    fn out_of_time(&self) -> bool {
        (self.now)() >= self.deadline
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.may_abort && self.nodes.is_multiple_of(CLOCK_EVERY) && self.out_of_time() {
            self.aborted = true;
        }
    }

    /// Material from the side to move's point of view.
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let mut score = 0;
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                let v = self.values[p.kind.index()] + centre_bonus(sq);
                score += if p.color == me { v } else { -v };
            }
        }
        for kind in pos.rules().hand_kinds() {
            let v = self.values[kind.index()] * (100 + HAND_BONUS_PERCENT) / 100;
            score += v * (pos.hand(me, kind) as i32 - pos.hand(me.flip(), kind) as i32);
        }
        score
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        if pos.campmate_over() {
            return -MATE + ply;
        }
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_DEPTH);
        }
        let list = pos.legal_moves();
        if list.is_empty() {
            // Checkmated or stalemated: both lose.
            return -MATE + ply;
        }
        let mut moves: Vec<Move> = list.as_slice().to_vec();
        order(pos, &self.values, &mut moves, |&m| m);
        let mut best = -MATE;
        for m in moves {
            let undo = pos.make_move(m);
            let score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
            pos.unmake_move(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn quiescence(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: u32,
    ) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        if pos.campmate_over() {
            return -MATE + ply;
        }
        let list: MoveList = pos.legal_moves();
        if list.is_empty() {
            return -MATE + ply;
        }
        let stand = self.evaluate(pos);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| !m.is_drop() && pos.piece_at(m.to()).is_some())
            .collect();
        order(pos, &self.values, &mut captures, |&m| m);
        let mut best = stand;
        for m in captures {
            let undo = pos.make_move(m);
            let score = -self.quiescence(pos, -beta, -alpha, ply + 1, left - 1);
            pos.unmake_move(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A few points for pieces near the centre, so that quiet moves have a purpose.
fn centre_bonus(sq: Square) -> i32 {
    let df = (sq.file() as i32 - 4).abs();
    let dr = (sq.rank() as i32 - 4).abs();
    8 - 2 * df.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use std::time::Instant;

    fn clock() -> impl Fn() -> f64 {
        let start = Instant::now();
        move || start.elapsed().as_secs_f64() * 1000.0
    }

    #[test]
    fn plays_a_legal_move_from_the_start_within_its_budget() {
        for v in Variant::ALL {
            let game = Game::new(v);
            let now = clock();
            let choice = choose_move(&game, &now, 300.0).expect("a move");
            assert!(game.legal_moves().contains(choice.mv));
            assert!(now() < 1500.0, "{v}: took {} ms", now());
            assert!(choice.depth >= 1);
        }
    }

    #[test]
    fn takes_a_free_piece() {
        // Mansindam: White's Rook on a1 can take an undefended Black Rook on a5.
        let game =
            Game::from_fen(Variant::Mansindam, "4k4/9/9/9/r8/9/9/9/R3K4[] w - - 0 1").unwrap();
        let now = clock();
        let choice = choose_move(&game, &now, 300.0).unwrap();
        assert_eq!(game.position().uci(choice.mv), "a1a5");
    }

    #[test]
    fn finds_mate_in_one() {
        // Pandemonium: a Rook dropped on a9 or i9 mates (White's King on e7
        // guards d8, e8 and f8).
        let game =
            Game::from_fen(Variant::Pandemonium, "4k4/9/4K4/9/9/9/9/9/9[R] w - - 0 1").unwrap();
        let now = clock();
        let choice = choose_move(&game, &now, 500.0).unwrap();
        let mut after = game.clone();
        let outcome = after.play(choice.mv).unwrap();
        assert!(
            outcome.is_some(),
            "{} does not end the game",
            game.position().uci(choice.mv)
        );
    }

    #[test]
    fn no_move_once_the_game_is_over() {
        let mut game = Game::new(Variant::Mansindam);
        game.resign(crate::engine::Color::White).unwrap();
        assert!(choose_move(&game, &clock(), 100.0).is_none());
    }
}
