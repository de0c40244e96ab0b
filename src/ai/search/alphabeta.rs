//! The alpha-beta search of the tree below the root: a principal-variation
//! search with the table's cuts, reverse futility, the null move, the
//! singular extension of the table's move, shallow pruning of late or
//! losing moves, check extensions and late-move reductions.

use crate::ai::score::{mate_in, mated_in, INF, MATE_BOUND, MAX_PLY};
use crate::ai::see::see_ge;
use crate::ai::tt::{Bound, Record};
use crate::engine::{Color, Move, Undo};

use super::movepick::{MovePicker, GOOD_KEY};
use super::moves::quiet_gives_check;
use super::repetition::{game_over, Repetition};
use super::{Node, Search};

/// What a node knows before its moves, for their pruning, extension and
/// reduction.
struct Frame {
    depth: i32,
    ply: usize,
    node: Node,
    in_check: bool,
    /// The static evaluation (`-INF` in check).
    static_eval: i32,
    /// The singular extension of the table's move.
    singular_ext: i32,
    /// Move-count pruning: up to this depth, after this many quiet moves.
    lmp_depth: i32,
    lmp_limit: usize,
}

/// A move just made and searched from a node.
struct Made {
    m: Move,
    /// Its order key.
    okey: i32,
    /// The table's move, tried before the others were generated.
    from_tt: bool,
    quiet: bool,
    gives_check: bool,
    /// The legal moves tried so far, this one included.
    legal: usize,
}

/// The quiet moves a node remembers, to lower their history when a later
/// quiet move refutes.
const MAX_QUIETS: usize = 32;

impl Search<'_> {
    /// The score of the position for the side to move, searched `depth`
    /// plies deep with the window `alpha..beta` at `ply` from the root
    /// (quiescence when no depth is left).
    pub(super) fn search(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        node: Node,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        let mut buf = std::mem::take(&mut self.stack[ply].moves);
        let s = self.search_node(&mut buf, alpha, beta, depth, ply, node);
        self.stack[ply].moves = buf;
        s
    }

    /// The checks every node starts with (quiescence's too): the node is
    /// counted (the search stops at a limit), lost when the opponent has
    /// just campmated, statically evaluated at the deepest ply. `Some`
    /// score when the node ends there.
    #[inline]
    pub(super) fn enter(&mut self, ply: usize) -> Option<i32> {
        self.pv.clear(ply);
        self.poll();
        if self.aborted {
            return Some(0);
        }
        if self.pos.campmate_over() {
            return Some(mated_in(ply));
        }
        if ply >= MAX_PLY {
            return Some(self.evaluate());
        }
        self.seldepth = self.seldepth.max(ply);
        None
    }

    /// [`Self::search`] with the ply's move list `order` at hand.
    fn search_node(
        &mut self,
        order: &mut Vec<(i32, Move)>,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        node: Node,
    ) -> i32 {
        let pv_node = node == Node::Pv;
        if let Some(s) = self.enter(ply) {
            return s;
        }
        // Mate distance pruning.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = self.pos.hash();
        let hit = self.p.tt.probe(key, ply);
        let tt_move = hit.and_then(|h| h.mv);
        // Inside a singular-extension search, which leaves this move out.
        let excluded = self.stack[ply].excluded;
        if let Some(h) = hit.filter(|_| excluded.is_none()) {
            if !pv_node && h.depth >= depth && h.decides(alpha, beta) {
                return h.score;
            }
        }

        let mut depth = depth;
        if self.features.iir && depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }
        let in_check = self.pos.in_check();
        let static_eval = if in_check {
            -INF
        } else {
            hit.and_then(|h| h.eval).unwrap_or_else(|| self.evaluate())
        };
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && (ply < 2 || static_eval > self.stack[ply - 2].static_eval);

        // Prunings before any move: off the principal variation, not in
        // check, outside a singular-extension search.
        if !pv_node && excluded.is_none() && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left.
            if self.features.reverse_futility && depth <= 5 && static_eval - 100 * depth >= beta {
                return static_eval;
            }
            if let Some(s) = self.null_move(beta, depth, ply, node, static_eval) {
                return s;
            }
        }

        // The table's move first, before generating the others.
        let tt_first = tt_move.filter(|&m| self.pseudo_legal(m));
        let singular_ext = match (hit, tt_first) {
            (Some(h), Some(m)) if excluded.is_none() && self.singular_candidate(&h, depth) => {
                match self.singular(order, h.score, m, beta, depth, ply) {
                    Ok(ext) => ext,
                    Err(s) => return s,
                }
            }
            _ => 0,
        };
        let (lmp_depth, lmp_limit) = self.move_count_limit(depth, improving);
        let f = Frame {
            depth,
            ply,
            node,
            in_check,
            static_eval,
            singular_ext,
            lmp_depth,
            lmp_limit,
        };
        let picker = MovePicker::new(tt_move, tt_first, excluded);
        let (best, best_move, legal) = self.search_moves(order, &f, picker, alpha, beta, excluded);
        if self.aborted {
            return 0;
        }
        if legal == 0 {
            if excluded.is_some() {
                // The left-out move was the only one: it is singular.
                return alpha;
            }
            // Every move repeats a third time (Mansindam): no legal move, a loss.
            return mated_in(ply);
        }
        // All moves pruned cannot happen: pruning needs a searched move.
        let best = if best == -INF { alpha } else { best };
        if excluded.is_none() {
            self.store(key, &f, best, best_move, alpha, beta);
        }
        best
    }

    /// The table keeps the result `best` of the node `f` (at `key`,
    /// searched with the window `alpha..beta`), with the move that raised
    /// alpha.
    #[inline]
    fn store(
        &mut self,
        key: u64,
        f: &Frame,
        best: i32,
        best_move: Option<Move>,
        alpha: i32,
        beta: i32,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let record = Record {
            mv: best_move,
            score: best,
            depth: f.depth,
            bound,
            eval: (!f.in_check).then_some(f.static_eval),
            pv: f.node == Node::Pv,
        };
        self.p.tt.store(key, f.ply, record);
    }

    /// The moves of the node `f` in the order of `picker`, each pruned,
    /// or searched (extended or reduced), until one reaches `beta`: the
    /// best score (`-INF` when every move was pruned), the move that raised
    /// `alpha` last, and how many moves were legal (pruned ones counted).
    /// The caller checks whether the search was stopped meanwhile.
    #[inline]
    fn search_moves(
        &mut self,
        order: &mut Vec<(i32, Move)>,
        f: &Frame,
        mut picker: MovePicker,
        mut alpha: i32,
        beta: i32,
        excluded: Option<Move>,
    ) -> (i32, Option<Move>, usize) {
        let (depth, ply) = (f.depth, f.ply);
        let us = self.pos.side_to_move();
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0usize;
        let mut quiets_seen = 0usize;
        let mut quiets = [Move::NULL; MAX_QUIETS];
        let mut n_quiets = 0;
        while let Some((okey, m, from_tt)) = picker.next(self, order, ply) {
            if self.declines_promotion(m) || Some(m) == excluded {
                continue;
            }
            let quiet = self.is_quiet(m);
            // Off the principal variation, once a move that does not lose
            // by force is known.
            let prunable =
                f.node != Node::Pv && !f.in_check && best > -MATE_BOUND && okey < GOOD_KEY;
            let (loses_exchange, shallow) = if prunable {
                self.prunes(f, m, quiet, alpha, quiets_seen)
            } else {
                (false, false)
            };
            // A quiet move pruned is not made: whether it gives check is
            // known before.
            if quiet && (loses_exchange || shallow) && !quiet_gives_check(&self.pos, m) {
                legal += 1;
                quiets_seen += 1;
                continue;
            }
            #[cfg(debug_assertions)]
            let expected_check = quiet && quiet_gives_check(&self.pos, m);
            let Some((undo, gives_check, rep)) = self.make(m, ply, from_tt, us) else {
                continue;
            };
            legal += 1;
            if quiet {
                quiets_seen += 1;
            }
            if loses_exchange && !gives_check {
                self.take_back(m, undo);
                continue;
            }
            #[cfg(debug_assertions)]
            debug_assert!(
                !quiet || gives_check == expected_check,
                "{m:?}: gives check {gives_check}, foreseen {expected_check}"
            );
            let score = if let Repetition::Over(v) = rep {
                -game_over(v, ply + 1)
            } else {
                let made = Made {
                    m,
                    okey,
                    from_tt,
                    quiet,
                    gives_check,
                    legal,
                };
                self.search_made(f, &made, alpha, beta)
            };
            self.take_back(m, undo);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if f.node == Node::Pv {
                        self.pv.update(ply, m);
                    }
                    if alpha >= beta {
                        if quiet {
                            let bonus = (depth * depth * 16).min(1200);
                            self.quiet_cutoff(m, &quiets[..n_quiets], ply, bonus);
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < MAX_QUIETS {
                quiets[n_quiets] = m;
                n_quiets += 1;
            }
        }
        (best, best_move, legal)
    }

    /// Makes `m` at `ply` (a move of `us`; the table's when `from_tt`,
    /// whose legality is checked here): what to undo it with, whether it
    /// gives check and what the repetition rule makes of it; `None`, and
    /// the move taken back, when it is illegal.
    #[inline]
    fn make(
        &mut self,
        m: Move,
        ply: usize,
        from_tt: bool,
        us: Color,
    ) -> Option<(Undo, bool, Repetition)> {
        self.stack[ply].moved = Some(self.piece_to(m));
        self.pv.clear(ply + 1);
        let undo = self.pos.make_move(m);
        if from_tt && self.left_king_attacked(us) {
            self.pos.unmake_move(m, undo);
            return None;
        }
        let gives_check = self.pos.in_check();
        let rep = self.push(gives_check);
        if let Repetition::Illegal = rep {
            self.take_back(m, undo);
            return None;
        }
        Some((undo, gives_check, rep))
    }

    /// Takes back the move `m` made by [`Self::make`].
    #[inline]
    pub(super) fn take_back(&mut self, m: Move, undo: Undo) {
        self.pop();
        self.pos.unmake_move(m, undo);
    }

    /// The shallow prunings of a move `m` at the node `f` (where moves may
    /// be pruned): whether it loses in the exchange (decided before the
    /// move is made; checks are kept), and for a quiet move whether it
    /// falls to futility (its static evaluation far below `alpha` with
    /// little depth left) or to move-count pruning (`quiets_seen` quiet
    /// moves tried already).
    #[inline]
    fn prunes(
        &self,
        f: &Frame,
        m: Move,
        quiet: bool,
        alpha: i32,
        quiets_seen: usize,
    ) -> (bool, bool) {
        let loses_exchange =
            self.features.see_pruning && f.depth <= 6 && self.loses_exchange(m, quiet, f.depth);
        let shallow = quiet
            && ((self.features.futility
                && f.depth <= 3
                && f.static_eval + 120 + 110 * f.depth <= alpha)
                || (self.features.lmp && f.depth <= f.lmp_depth && quiets_seen + 1 > f.lmp_limit));
        (loses_exchange, shallow)
    }

    /// The search of a move made at the node `f` (its child at the next
    /// ply): extended by a check or as singular, the first with the
    /// node's window, the later ones as [`Self::later_move`] says, late
    /// quiet ones reduced.
    #[inline]
    fn search_made(&mut self, f: &Frame, made: &Made, alpha: i32, beta: i32) -> i32 {
        let (depth, ply) = (f.depth, f.ply);
        let check_ext = self.check_extension(made.gives_check, depth, ply, made.m);
        let ext = if made.from_tt {
            check_ext.max(f.singular_ext)
        } else {
            check_ext
        };
        let new_depth = depth - 1 + ext;
        if made.legal == 1 {
            return -self.search(-beta, -alpha, new_depth, ply + 1, f.node);
        }
        let reduced = self.features.lmr
            && depth >= 3
            && made.quiet
            && !f.in_check
            && (!made.gives_check || (self.features.check_lmr && ext == 0))
            && made.legal > 3;
        let r = if reduced {
            self.late_reduction(depth, made.legal, f.node == Node::Pv, made.okey)
                .clamp(0, new_depth - 1)
        } else {
            0
        };
        self.later_move(alpha, beta, new_depth, r, ply + 1, f.node == Node::Pv)
    }

    /// Null move: the opponent moves twice; when a search a few plies
    /// shallower still holds beta, the node is cut (its score, `Some`;
    /// `Some(0)` when the search was stopped).
    #[inline]
    fn null_move(
        &mut self,
        beta: i32,
        depth: i32,
        ply: usize,
        node: Node,
        static_eval: i32,
    ) -> Option<i32> {
        if !self.features.null_move || depth < 3 || self.stack[ply].null_move || static_eval < beta
        {
            return None;
        }
        let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
        self.pos.pass();
        self.push(false);
        self.stack[ply].moved = None;
        self.stack[ply + 1].null_move = true;
        let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, node);
        self.stack[ply + 1].null_move = false;
        self.pop();
        self.pos.pass();
        if self.aborted {
            return Some(0);
        }
        (s >= beta).then_some(if s >= MATE_BOUND { beta } else { s })
    }

    /// Move-count pruning: at depths up to the first, quiet moves after
    /// the second many are skipped.
    #[inline]
    fn move_count_limit(&self, depth: i32, improving: bool) -> (i32, usize) {
        if self.features.move_count_pruning {
            (
                self.features.move_count_depth,
                (3 + (depth * depth) as usize) << usize::from(improving) >> 1,
            )
        } else {
            (4, 6 + 3 * (depth * depth) as usize)
        }
    }

    /// Whether the table's result `h` is deep and sure enough to test its
    /// move for a singular extension at `depth`.
    #[inline]
    fn singular_candidate(&self, h: &Record, depth: i32) -> bool {
        self.features.singular
            && depth >= self.features.singular_depth
            && h.depth >= depth - 3
            && h.bound != Bound::Upper
            && h.score.abs() < MATE_BOUND
    }

    /// The singular extension of the table's move `m`, whose score is
    /// `tt_score`: every other move is searched to half the depth against
    /// a bound below that score. All fall short: `m` is extended a ply
    /// (`Ok(1)`). One reaches the bound and the bound is above beta:
    /// several moves refute, the node is cut (`Err`, its score; `Err(0)`
    /// when the search was stopped). Else `Ok(0)`.
    #[inline]
    fn singular(
        &mut self,
        order: &mut Vec<(i32, Move)>,
        tt_score: i32,
        m: Move,
        beta: i32,
        depth: i32,
        ply: usize,
    ) -> Result<i32, i32> {
        let singular_beta = tt_score - self.features.singular_margin * depth;
        self.stack[ply].excluded = Some(m);
        let half = (depth - 1) / 2;
        let v = self.search_node(
            order,
            singular_beta - 1,
            singular_beta,
            half,
            ply,
            Node::NonPv,
        );
        self.stack[ply].excluded = None;
        if self.aborted {
            return Err(0);
        }
        if v < singular_beta {
            Ok(1)
        } else if singular_beta >= beta {
            // Another move also reaches beta: cut without searching.
            Err(singular_beta)
        } else {
            Ok(0)
        }
    }

    /// Whether `m` loses in the exchange by more than `depth` can make
    /// good, by the thresholds of `see_width` quarters.
    #[inline]
    fn loses_exchange(&self, m: Move, quiet: bool, depth: i32) -> bool {
        let floor = if quiet {
            -25 * depth * depth
        } else {
            -150 * depth
        };
        !see_ge(
            &self.pos,
            self.tables(),
            m,
            floor * self.features.see_width / 4,
        )
    }

    /// The extension of a move `m` just made from `ply` that gives check
    /// (or not): a ply, deep enough in the tree, near enough to the root,
    /// when the checking piece cannot be won on its square.
    #[inline]
    fn check_extension(&self, gives_check: bool, depth: i32, ply: usize, m: Move) -> i32 {
        i32::from(
            self.features.check_extension
                && gives_check
                && depth >= self.features.check_extension_depth
                && (ply as i32) < 2 * self.root_depth
                && (!self.features.safe_check_extension || self.holds(m.to())),
        )
    }

    /// The late-move reduction of the `legal`th move at `depth` (order key
    /// `okey`): a ply less on the principal variation and for killers.
    #[inline]
    fn late_reduction(&self, depth: i32, legal: usize, pv_node: bool, okey: i32) -> i32 {
        let mut r = self.reduction(depth, legal);
        if pv_node {
            r -= 1;
        }
        if okey >= GOOD_KEY {
            r -= 1;
        }
        r
    }

    /// A move after the first, made, its child at `ply`: searched with a
    /// zero window, reduced by `r` plies first; at full depth when not
    /// reduced or when the reduced search does not fail low; and on the
    /// principal variation with the full window when it lands inside it.
    #[inline]
    pub(super) fn later_move(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        r: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let mut s = alpha + 1;
        if r > 0 {
            s = -self.search(-alpha - 1, -alpha, depth - r, ply, Node::NonPv);
        }
        if s > alpha {
            s = -self.search(-alpha - 1, -alpha, depth, ply, Node::NonPv);
        }
        if s > alpha && s < beta && pv_node {
            s = -self.search(-beta, -alpha, depth, ply, Node::Pv);
        }
        s
    }
}
