//! Iterative-deepening principal-variation search with a transposition table,
//! quiescence search, and each game's repetition rule applied inside the tree.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::{
    Color, Game, Kind, Move, MoveList, Position, RepetitionRule, Rules, Square, Variant, MAX_KINDS,
};

use super::eval::{self, can_campmate, Tables, TaperedTables};
use super::rng::Rng;
use super::score::{mate_in, mated_in, public_score, INF, MATE, MATE_BOUND, MAX_PLY};
use super::see::{least_valuable, see_ge};
use super::tt::{Bound, Record, Tt};
use super::{Info, Limits, Line, Score, SearchResult};

/// Rows of the history table: 81 origin squares, then one per hand kind.
const FROM_SLOTS: usize = 81 + 9;
const HISTORY_MAX: i32 = 16_384;
/// A moved piece for the continuation history: its kind and the square it
/// went to, seen from the side to move (`kind * 81 + square`).
const PIECE_TO: usize = MAX_KINDS * 81;
/// The sixteenths of each game's static evaluation the search counts, by
/// [`Variant`] order ([`Features::eval_scale`]'s default).
pub(crate) const EVAL_SCALE: [i32; 2] = [9, 12];

/// Search switches, settable as UCI check options for strength tests: each
/// is on, as games showed it gains (lab/sprt.md); turned off, it measures
/// what it is worth.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub lmr: bool,
    pub lmp: bool,
    pub futility: bool,
    pub reverse_futility: bool,
    pub check_extension: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Shallow pruning of moves that lose material in the exchange on their
    /// square (static exchange evaluation), drops included.
    pub see_pruning: bool,
    /// Quiet moves ordered also by how they did after the same opponent's
    /// move and after our own move before it (continuation history).
    pub cont_history: bool,
    /// Checks are extended only when the checking piece cannot be won on its
    /// square (static exchange).
    pub safe_check_extension: bool,
    /// A node without a table move is searched one ply shallower (internal
    /// iterative reduction).
    pub iir: bool,
    /// Late quiet moves skipped after `(3 + depth²) / 2` of them at depth 8
    /// or less (twice that when the position improves on the one two plies
    /// back), instead of after `6 + 3·depth²` at depth 4 or less.
    pub move_count_pruning: bool,
    /// Quiescence's first ply also tries drops that give check and hold
    /// their square.
    pub qsearch_checks: bool,
    /// The table's move is searched one ply deeper when every other move,
    /// searched to half the depth, falls short of its score by
    /// `singular_margin·depth`
    /// (a singular move); when one reaches it and it is above beta, the node
    /// is cut (several moves refute).
    pub singular: bool,
    /// Quiescence reads the table (a cut at a zero-window node when a
    /// stored bound decides) and writes its result: depth 0 at its first
    /// ply (which also tries checking drops), -1 deeper.
    pub qsearch_tt: bool,
    /// The root's aspiration window starts at ±120 (not ±40): our
    /// centipawns are two to four of Fairy-Stockfish's (the fitted slope).
    pub wide_aspiration: bool,
    /// Late quiet root moves are reduced like late moves inside the tree
    /// (one ply less, as at any principal-variation node), and searched
    /// again at full depth when they reach alpha.
    pub root_lmr: bool,
    /// Quiescence's delta pruning counts what a capture swings in a drop
    /// game (the piece off the board and into the captor's hand), not its
    /// board value alone.
    pub delta_swing: bool,
    /// Quiescence's delta pruning with a margin of 400, not 150: a capture
    /// near a King moves our evaluation by more than its material.
    pub wide_delta: bool,
    /// Late quiet moves that give check but are not extended are reduced
    /// like the other late quiet moves (in a drop game many drops check).
    /// With checks extended only from depth 7 (`check_extension_depth`):
    /// +47 Elo at 100 ms (792 games, H1).
    pub check_lmr: bool,
    /// Each game's static evaluation counts this many sixteenths of its
    /// centipawns (by [`Variant`] order), so that a margin means about as
    /// much in one game as in the other. Fitted to the same judgement,
    /// Mansindam's scores ran 1.8 times Pandemonium's for the same expected
    /// result (the tuner's K is 0.245 there, 0.445 in Pandemonium): at 9/16
    /// Mansindam gained 76 Elo; Pandemonium then gained 23 at 12/16. UCI:
    /// `MansindamScale`, `PandemoniumScale`.
    pub eval_scale: [i32; 2],
    /// How far below the table's score (centipawns per ply of depth) every
    /// other move must stay for the table's move to count as singular
    /// (with [`Features::singular`]). UCI: `SingularMargin`.
    pub singular_margin: i32,
    /// The least depth at which the singular extension is tried (with
    /// [`Features::singular`]). UCI: `SingularDepth`.
    pub singular_depth: i32,
    /// The least depth at which a check is extended (with
    /// [`Features::check_extension`]); 7, as Fairy-Stockfish, with
    /// [`Features::check_lmr`] (+47 Elo against 1 without it). UCI:
    /// `CheckExtensionDepth`.
    pub check_extension_depth: i32,
    /// The most depth at which move-count pruning skips late quiet moves
    /// (with [`Features::move_count_pruning`]). UCI: `MoveCountDepth`.
    pub move_count_depth: i32,
    /// The exchange thresholds of the shallow pruning ([`Features::see_pruning`]:
    /// `-25·depth²` for quiet moves, `-150·depth` for captures) in quarters:
    /// 4 as they are, 8 twice as wide. UCI: `SeeWidth`.
    pub see_width: i32,
}

/// Moves a history entry of `i16` by `bonus`, less as it nears
/// ±[`HISTORY_MAX`] (so that it never leaves that range).
fn nudge(h: &mut i16, bonus: i32) {
    *h += (bonus - i32::from(*h) * bonus.abs() / HISTORY_MAX) as i16;
}

impl Features {
    /// Evaluation centipawns of `variant` in the search's scale.
    fn scaled(&self, variant: Variant, cp: i32) -> i32 {
        cp * self.eval_scale[variant as usize] / 16
    }
}

impl Default for Features {
    fn default() -> Self {
        Features {
            lmr: true,
            lmp: true,
            futility: true,
            reverse_futility: true,
            check_extension: true,
            null_move: true,
            see_pruning: true,
            cont_history: true,
            safe_check_extension: true,
            iir: true,
            move_count_pruning: true,
            qsearch_checks: true,
            singular: true,
            qsearch_tt: true,
            wide_aspiration: true,
            root_lmr: true,
            delta_swing: true,
            wide_delta: true,
            check_lmr: true,
            eval_scale: EVAL_SCALE,
            singular_margin: 2,
            singular_depth: 6,
            check_extension_depth: 7,
            move_count_depth: 8,
            see_width: 4,
        }
    }
}

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
    pub history: Box<[[[i32; 81]; FROM_SLOTS]; 2]>,
    /// Continuation history: two planes (after the opponent's last move, after
    /// our move before it), each `PIECE_TO × PIECE_TO`.
    pub cont: Vec<i16>,
}

impl Persistent {
    pub fn new(tt_mb: usize) -> Persistent {
        Persistent {
            tt: Tt::new(tt_mb),
            history: Box::new([[[0; 81]; FROM_SLOTS]; 2]),
            cont: vec![0; 2 * PIECE_TO * PIECE_TO],
        }
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        for c in self.history.iter_mut() {
            for row in c.iter_mut() {
                row.fill(0);
            }
        }
        self.cont.fill(0);
    }
}

/// What a move made into the current node means for the repetition rule.
enum Repetition {
    No,
    /// Mansindam: the move is illegal.
    Illegal,
    /// Pandemonium: the game ended; the score is for the side now to move.
    Over(i32),
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
    stop: &'a AtomicBool,
    now: &'a dyn Fn() -> f64,
    features: Features,
    start_ms: f64,
    hard_ms: f64,
    node_limit: u64,
    /// Node limit applies only once a first iteration is complete.
    node_limit_armed: bool,
    pub nodes: u64,
    seldepth: usize,
    aborted: bool,
    root_depth: i32,
    /// Hashes of the game's positions then of the search path, with whether the
    /// move leading to each gave check.
    hashes: Vec<u64>,
    checks: Vec<bool>,
    filter: Box<[u8; 4096]>,
    killers: [[Move; 2]; MAX_PLY + 2],
    pv: Box<[[Move; MAX_PLY + 2]; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    lmr: Box<[[u8; 64]; 64]>,
    /// The move into this ply was a null move.
    null_here: [bool; MAX_PLY + 2],
    /// The move a singular-extension search leaves out at each ply.
    excluded: [Option<Move>; MAX_PLY + 2],
    /// The piece moved at each ply and where it went (absolute square,
    /// `kind * 81 + square`); `None` for a null move.
    moved: [Option<u16>; MAX_PLY + 2],
    /// The static evaluation at each ply of the path (`-INF` in check).
    evals: [i32; MAX_PLY + 2],
    /// Weaker levels: each root move's noise is drawn from `-noise..=noise`,
    /// the level's noise in the search's scale (as the evaluation is).
    noise: i32,
    /// Weaker levels: how far below the best a root move needs an exact score.
    noise_margin: i32,
    /// Move lists by ply, kept to avoid allocating at every node.
    bufs: Vec<Vec<(i32, Move)>>,
}

/// Whether a quiet move (no capture, no promotion) gives check, known
/// before it is made: the piece attacks the enemy King from its new
/// square, or it leaves a line along which one of ours then attacks it.
/// (The side to move never attacks the enemy King now, so no piece of
/// ours attacks it after the move unless the move made it so.)
pub(crate) fn quiet_gives_check(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let ksq = pos.king(us.flip());
    let to = m.to();
    let (kind, occ) = match (m.from(), m.drop_kind()) {
        (Some(from), _) => match pos.piece_at(from) {
            Some(p) => (p.kind, pos.occupied() ^ from.bb() ^ to.bb()),
            None => return false,
        },
        (None, Some(kind)) => (kind, pos.occupied() | to.bb()),
        _ => return false,
    };
    if pos.attacks_from(kind, us, to, occ).has(ksq) {
        return true;
    }
    m.from().is_some_and(|from| {
        let (df, dr) = (
            i32::from(from.file()) - i32::from(ksq.file()),
            i32::from(from.rank()) - i32::from(ksq.rank()),
        );
        (df == 0 || dr == 0 || df.abs() == dr.abs()) && pos.attackers_to(ksq, us, occ).any()
    })
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
        let start_ms = now();
        let hard_ms = limits
            .movetime_ms
            .map_or(f64::INFINITY, |t| start_ms + t.max(1.0));
        // Hashes and check flags of the game so far.
        let mut hashes = Vec::with_capacity(game.hashes().len() + MAX_PLY + 2);
        let mut checks = Vec::with_capacity(hashes.capacity());
        let mut replay = game.start_position().clone();
        hashes.push(replay.hash());
        checks.push(replay.in_check());
        for m in game.moves() {
            replay.make_move(m);
            hashes.push(replay.hash());
            checks.push(replay.in_check());
        }
        let mut filter = Box::new([0u8; 4096]);
        for &h in &hashes {
            let slot = &mut filter[(h & 4095) as usize];
            *slot = slot.saturating_add(1);
        }
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
            stop,
            now,
            features: limits.features,
            start_ms,
            hard_ms,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            node_limit_armed: false,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 0,
            hashes,
            checks,
            filter,
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            pv: Box::new([[Move::NULL; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            lmr,
            null_here: [false; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 2],
            moved: [None; MAX_PLY + 2],
            evals: [-INF; MAX_PLY + 2],
            noise,
            noise_margin: 2 * noise + 1,
            bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
        }
    }

    fn elapsed(&self) -> f64 {
        (self.now)() - self.start_ms
    }

    #[inline]
    fn poll(&mut self) {
        self.nodes += 1;
        if self.node_limit_armed && self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed) || (self.now)() >= self.hard_ms)
        {
            self.aborted = true;
        }
    }

    // ----- the path and repetitions -------------------------------------

    fn push(&mut self, gave_check: bool) -> Repetition {
        let h = self.pos.hash();
        self.hashes.push(h);
        self.checks.push(gave_check);
        let slot = &mut self.filter[(h & 4095) as usize];
        *slot = slot.saturating_add(1);
        if *slot < 3 {
            return Repetition::No;
        }
        let count = self.hashes.iter().filter(|&&x| x == h).count();
        if count < 3 {
            return Repetition::No;
        }
        match self.rules.repetition {
            RepetitionRule::Illegal => Repetition::Illegal,
            RepetitionRule::Loses => Repetition::Over(self.repetition_verdict(h)),
        }
    }

    fn pop(&mut self) {
        let h = self.hashes.pop().expect("pushed");
        self.checks.pop();
        let slot = &mut self.filter[(h & 4095) as usize];
        *slot = slot.saturating_sub(1);
    }

    /// Pandemonium's verdict on the third occurrence just made, for the side now
    /// to move (as `Game` judges it). The ply is filled in by the caller.
    fn repetition_verdict(&self, h: u64) -> i32 {
        let now = self.hashes.len() - 1;
        let first = self.hashes.iter().position(|&x| x == h).unwrap_or(now);
        // Since the first occurrence, the side that just moved made the moves
        // into positions now, now - 2, ...; the other side those into now - 1,
        // now - 3, ...
        let cycle = (first + 1..=now).rev();
        let mover_all = cycle.clone().step_by(2).all(|i| self.checks[i]);
        let other_all = cycle.skip(1).step_by(2).all(|i| self.checks[i]);
        // +1: the side to move (not the mover) wins; -1: it loses.
        if !mover_all && other_all {
            -1 // the side to move checked perpetually
        } else {
            1
        }
    }

    // ----- move helpers ---------------------------------------------------

    #[inline]
    fn history_slot(m: Move) -> usize {
        match (m.from(), m.drop_kind()) {
            (Some(f), _) => f.index(),
            (None, Some(k)) => 81 + k.index(),
            _ => 0,
        }
    }

    #[inline]
    fn is_capture(&self, m: Move) -> bool {
        !m.is_drop() && self.pos.piece_at(m.to()).is_some()
    }

    /// A quiet move neither captures nor promotes (the history tables learn
    /// from these, and the reductions and prunings of quiet moves apply).
    #[inline]
    fn is_quiet(&self, m: Move) -> bool {
        !self.is_capture(m) && !m.promotes()
    }

    /// Pandemonium offers every promotion both ways; the promoted piece moves
    /// as the unpromoted one and more, so inside the tree the move that declines
    /// is not searched.
    #[inline]
    fn declines_promotion(&self, m: Move) -> bool {
        if self.rules.promotion_compulsory || m.promotes() {
            return false;
        }
        let Some(from) = m.from() else { return false };
        let us = self.pos.side_to_move();
        let zone = self.rules.zone(us);
        (zone.has(from) || zone.has(m.to()))
            && self
                .pos
                .piece_at(from)
                .is_some_and(|p| self.rules.kind(p.kind).promotes_to.is_some())
    }

    /// Whether a move (from the table, maybe from another position) can be
    /// played here: right piece, reachable square, allowed promotion or drop.
    /// Whether it leaves the King attacked is checked after making it.
    fn pseudo_legal(&self, m: Move) -> bool {
        let pos = &self.pos;
        let us = pos.side_to_move();
        let to = m.to();
        let occ = pos.occupied();
        match (m.from(), m.drop_kind()) {
            (Some(from), _) => {
                let Some(p) = pos.piece_at(from) else {
                    return false;
                };
                if p.color != us || pos.pieces_of(us).has(to) {
                    return false;
                }
                if !pos.attacks_from(p.kind, us, from, occ).has(to) {
                    return false;
                }
                let zone = self.rules.zone(us);
                let can = self.rules.kind(p.kind).promotes_to.is_some()
                    && (zone.has(from) || zone.has(to));
                if m.promotes() {
                    can
                } else {
                    !(can && self.rules.promotion_compulsory)
                }
            }
            (None, Some(kind)) => {
                if kind.index() >= self.rules.hand_kinds || pos.hand(us, kind) == 0 || occ.has(to) {
                    return false;
                }
                if kind == self.rules.pawn && self.rules.pawn_drop_limits {
                    if to.rank() == us.far_rank() {
                        return false;
                    }
                    let file = crate::engine::Bitboard::file(to.file());
                    let pawn = crate::engine::Piece {
                        color: us,
                        kind: self.rules.pawn,
                    };
                    if (file & pos.pieces_of(us)).any_on(|sq| pos.piece_at(sq) == Some(pawn)) {
                        return false;
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// Whether the piece that just moved to `sq` cannot be won there by the
    /// side now to move (its least valuable attacker takes, exchange follows).
    fn holds(&self, sq: Square) -> bool {
        let them = self.pos.side_to_move();
        let occ = self.pos.occupied();
        let t = self.tables();
        match least_valuable(&self.pos, t, self.pos.attackers_to(sq, them, occ)) {
            None => true,
            Some((from, _)) => !see_ge(&self.pos, t, Move::normal(from, sq, false), 1),
        }
    }

    /// The late-move reduction at `depth` of the `n`th move (from 1).
    #[inline]
    fn reduction(&self, depth: i32, n: usize) -> i32 {
        i32::from(self.lmr[(depth.max(0) as usize).min(63)][n.min(63)])
    }

    /// After a pseudo-legal move of `us`: whether it left our King attacked
    /// (the move is then illegal).
    fn left_king_attacked(&self, us: Color) -> bool {
        self.pos
            .attackers_to(self.pos.king(us), us.flip(), self.pos.occupied())
            .any()
    }

    fn promotion_gain(&self, m: Move) -> i32 {
        if !m.promotes() {
            return 0;
        }
        let Some(p) = m.from().and_then(|f| self.pos.piece_at(f)) else {
            return 0;
        };
        match self.rules.kind(p.kind).promotes_to {
            Some(k) => {
                let value = &self.tables().value;
                value[k.index()] - value[p.kind.index()]
            }
            None => 0,
        }
    }

    /// Order keys for a node's moves.
    fn score_moves(
        &self,
        moves: &MoveList,
        tt_move: Option<Move>,
        skip: Option<Move>,
        ply: usize,
        out: &mut Vec<(i32, Move)>,
    ) {
        out.clear();
        let us = self.pos.side_to_move();
        let king = self.rules.king;
        let rows = self.cont_rows(ply);
        let t = self.tables();
        for &m in moves.iter() {
            if Some(m) == skip {
                continue;
            }
            let key = if Some(m) == tt_move {
                1 << 30
            } else if let Some(from) = m.from() {
                let mover = self.pos.piece_at(from).map_or(king, |p| p.kind);
                if self.rules.campmate && mover == king && m.to().rank() == us.far_rank() {
                    1 << 29
                } else if let Some(victim) = self.pos.piece_at(m.to()) {
                    let v = t.value[victim.kind.index()];
                    let a = if mover == king {
                        0
                    } else {
                        t.value[mover.index()]
                    };
                    let good = see_ge(&self.pos, t, m, 0);
                    let mvv = v * 8 - a / 16 + self.promotion_gain(m);
                    if good {
                        (1 << 26) + mvv
                    } else {
                        -(1 << 24) + mvv
                    }
                } else if m.promotes() {
                    (1 << 25) + self.promotion_gain(m)
                } else {
                    self.quiet_order(m, ply, rows)
                }
            } else {
                self.quiet_order(m, ply, rows)
            };
            out.push((key, m));
        }
    }

    fn update_history(&mut self, m: Move, ply: usize, bonus: i32) {
        let us = self.pos.side_to_move();
        let h = &mut self.p.history[us.index()][Self::history_slot(m)][m.to().index()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        for i in self.cont_slots(m, ply).into_iter().flatten() {
            nudge(&mut self.p.cont[i], bonus);
        }
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

    /// The piece a move moves (or drops) and its square, as `moved` keeps it.
    fn piece_to(&self, m: Move) -> u16 {
        let kind = match (m.from(), m.drop_kind()) {
            (Some(from), _) => self.pos.piece_at(from).map_or(0, |p| p.kind.index()),
            (_, Some(k)) => k.index(),
            _ => 0,
        };
        (kind * 81 + m.to().index()) as u16
    }

    /// Where `m`'s continuation history lies after the opponent's last move
    /// and after our move before it (none after a null move, or at the root).
    fn cont_slots(&self, m: Move, ply: usize) -> [Option<usize>; 2] {
        self.cont_entries(m, self.cont_rows(ply))
    }

    /// `m`'s entries in the node's continuation-history `rows`
    /// ([`Self::cont_rows`]): each row plus the move's relative piece and
    /// square.
    #[inline]
    fn cont_entries(&self, m: Move, rows: [Option<usize>; 2]) -> [Option<usize>; 2] {
        let cur = self.relative(self.piece_to(m));
        rows.map(|row| row.map(|r| r + cur))
    }

    /// A piece and square as `moved` keeps them, seen from the side to move,
    /// so that both sides share the continuation history.
    #[inline]
    fn relative(&self, pt: u16) -> usize {
        let (kind, sq) = (pt as usize / 81, pt as usize % 81);
        let sq = match self.pos.side_to_move() {
            Color::White => sq,
            Color::Black => (8 - sq / 9) * 9 + sq % 9,
        };
        kind * 81 + sq
    }

    /// Where the continuation-history rows of a node's moves begin: after
    /// the opponent's last move and after our move before it (a move's
    /// entries are [`Self::cont_entries`]).
    fn cont_rows(&self, ply: usize) -> [Option<usize>; 2] {
        if !self.features.cont_history {
            return [None, None];
        }
        [1, 2].map(|back| {
            let prev = self.moved[ply.checked_sub(back)?]?;
            Some(((back - 1) * PIECE_TO + self.relative(prev)) * PIECE_TO)
        })
    }

    /// A quiet move's order key: the killers first, then by history;
    /// `rows` are the node's [`Self::cont_rows`].
    fn quiet_order(&self, m: Move, ply: usize, rows: [Option<usize>; 2]) -> i32 {
        if self.killers[ply][0] == m {
            (1 << 24) + 2
        } else if self.killers[ply][1] == m {
            (1 << 24) + 1
        } else {
            self.quiet_key(m, rows)
        }
    }

    /// A quiet move's history key: its history, and its continuation history.
    fn quiet_key(&self, m: Move, rows: [Option<usize>; 2]) -> i32 {
        let us = self.pos.side_to_move();
        let mut key = self.p.history[us.index()][Self::history_slot(m)][m.to().index()];
        for i in self.cont_entries(m, rows).into_iter().flatten() {
            key += i32::from(self.p.cont[i]);
        }
        key
    }

    // ----- the tree ---------------------------------------------------------

    /// `node` tells a principal-variation node, one expected to fail high
    /// (a cut node) and one expected to fail low.
    fn search(&mut self, alpha: i32, beta: i32, depth: i32, ply: usize, node: Node) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let s = self.search_node(&mut buf, alpha, beta, depth, ply, node);
        self.bufs[ply] = buf;
        s
    }

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
        self.pv_len[ply] = ply;
        self.poll();
        if self.aborted {
            return 0;
        }
        if self.pos.campmate_over() {
            return mated_in(ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        self.seldepth = self.seldepth.max(ply);
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
        let excluded = self.excluded[ply];
        if let Some(h) = hit.filter(|_| excluded.is_none()) {
            if !pv_node && h.depth >= depth && h.decides(alpha, beta) {
                return h.score;
            }
        }

        let mut depth = depth;
        if self.features.iir && depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }
        let us = self.pos.side_to_move();
        let in_check = self.pos.in_check();
        let static_eval = if in_check {
            -INF
        } else {
            hit.and_then(|h| h.eval).unwrap_or_else(|| self.evaluate())
        };
        self.evals[ply] = static_eval;
        let improving = !in_check && (ply < 2 || static_eval > self.evals[ply - 2]);

        // Reverse futility: far above beta with little depth left.
        if self.features.reverse_futility
            && !pv_node
            && excluded.is_none()
            && !in_check
            && depth <= 5
            && beta.abs() < MATE_BOUND
            && static_eval - 100 * depth >= beta
        {
            return static_eval;
        }

        // Null move: give the opponent a free move; still above beta, cut.
        if self.features.null_move
            && !pv_node
            && excluded.is_none()
            && !in_check
            && depth >= 3
            && !self.null_here[ply]
            && beta.abs() < MATE_BOUND
            && static_eval >= beta
        {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            self.pos.pass();
            self.push(false);
            self.moved[ply] = None;
            self.null_here[ply + 1] = true;
            let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, node);
            self.null_here[ply + 1] = false;
            self.pop();
            self.pos.pass();
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0usize;
        let mut quiets_seen = 0usize;
        let mut quiets = [Move::NULL; 32];
        let mut n_quiets = 0;
        let (lmp_depth, lmp_limit) = if self.features.move_count_pruning {
            (
                self.features.move_count_depth,
                (3 + (depth * depth) as usize) << usize::from(improving) >> 1,
            )
        } else {
            (4, 6 + 3 * (depth * depth) as usize)
        };
        // The table's move first, before generating the others.
        let tt_first = tt_move.filter(|&m| self.pseudo_legal(m));
        let singular_ext = match (hit, tt_first) {
            (Some(h), Some(m))
                if self.features.singular
                    && excluded.is_none()
                    && depth >= self.features.singular_depth
                    && h.depth >= depth - 3
                    && h.bound != Bound::Upper
                    && h.score.abs() < MATE_BOUND =>
            {
                let singular_beta = h.score - self.features.singular_margin * depth;
                self.excluded[ply] = Some(m);
                let half = (depth - 1) / 2;
                let v = self.search_node(
                    order,
                    singular_beta - 1,
                    singular_beta,
                    half,
                    ply,
                    Node::NonPv,
                );
                self.excluded[ply] = None;
                if self.aborted {
                    return 0;
                }
                if v < singular_beta {
                    1
                } else if singular_beta >= beta {
                    // Another move also reaches beta: cut without searching.
                    return singular_beta;
                } else {
                    0
                }
            }
            _ => 0,
        };
        let mut pending = tt_first.filter(|&m| Some(m) != excluded);
        let mut generated = false;
        let mut i = 0;

        loop {
            let from_tt = pending.is_some();
            let (okey, m) = if let Some(m) = pending.take() {
                (1 << 30, m)
            } else {
                if !generated {
                    generated = true;
                    let moves = self.pos.legal_moves();
                    self.score_moves(&moves, tt_move, tt_first, ply, order);
                }
                if i >= order.len() {
                    break;
                }
                // Selection: bring the best remaining move forward (the
                // first of equals; two plain passes run faster than one
                // that compares and branches).
                let rest = &order[i..];
                let top = rest.iter().map(|e| e.0).max().expect("a move is left");
                let bi = i + rest.iter().position(|e| e.0 == top).expect("it is there");
                order.swap(i, bi);
                i += 1;
                order[i - 1]
            };
            if self.declines_promotion(m) || Some(m) == excluded {
                continue;
            }
            let quiet = self.is_quiet(m);
            // Losing in the exchange by more than the depth can make good
            // (decided before the move is made; checks are kept), scaled by
            // `see_width` quarters.
            let exchange_floor = if quiet {
                -25 * depth * depth
            } else {
                -150 * depth
            };
            let loses_exchange = self.features.see_pruning
                && !pv_node
                && !in_check
                && depth <= 6
                && best > -MATE_BOUND
                && okey < (1 << 24)
                && !see_ge(
                    &self.pos,
                    self.tables(),
                    m,
                    exchange_floor * self.features.see_width / 4,
                );
            // Shallow pruning of quiet moves once a move that does not lose
            // is known; checks are kept.
            let prunable = quiet && !pv_node && !in_check && best > -MATE_BOUND && okey < (1 << 24);
            let futile = prunable
                && self.features.futility
                && depth <= 3
                && static_eval + 120 + 110 * depth <= alpha;
            let shallow = futile
                || (prunable
                    && self.features.lmp
                    && depth <= lmp_depth
                    && quiets_seen + 1 > lmp_limit);
            // A quiet move pruned is not made: whether it gives check is
            // known before.
            if quiet && (loses_exchange || shallow) && !quiet_gives_check(&self.pos, m) {
                legal += 1;
                quiets_seen += 1;
                continue;
            }
            #[cfg(debug_assertions)]
            let expected_check = quiet && quiet_gives_check(&self.pos, m);
            self.moved[ply] = Some(self.piece_to(m));
            self.pv_len[ply + 1] = ply + 1;
            let undo = self.pos.make_move(m);
            if from_tt && self.left_king_attacked(us) {
                self.pos.unmake_move(m, undo);
                continue;
            }
            let gives_check = self.pos.in_check();
            let rep = self.push(gives_check);
            if let Repetition::Illegal = rep {
                self.pop();
                self.pos.unmake_move(m, undo);
                continue;
            }
            legal += 1;
            if quiet {
                quiets_seen += 1;
            }
            if loses_exchange && !gives_check {
                self.pop();
                self.pos.unmake_move(m, undo);
                continue;
            }
            #[cfg(debug_assertions)]
            debug_assert!(
                !quiet || gives_check == expected_check,
                "{m:?}: gives check {gives_check}, foreseen {expected_check}"
            );
            let score = if let Repetition::Over(v) = rep {
                -(if v > 0 {
                    mate_in(ply + 1)
                } else {
                    mated_in(ply + 1)
                })
            } else {
                let check_ext = i32::from(
                    self.features.check_extension
                        && gives_check
                        && depth >= self.features.check_extension_depth
                        && (ply as i32) < 2 * self.root_depth
                        && (!self.features.safe_check_extension || self.holds(m.to())),
                );
                let ext = if from_tt {
                    check_ext.max(singular_ext)
                } else {
                    check_ext
                };
                let new_depth = depth - 1 + ext;
                if legal == 1 {
                    -self.search(-beta, -alpha, new_depth, ply + 1, node)
                } else {
                    let mut r = 0;
                    if self.features.lmr
                        && depth >= 3
                        && quiet
                        && !in_check
                        && (!gives_check || (self.features.check_lmr && ext == 0))
                        && legal > 3
                    {
                        r = self.reduction(depth, legal);
                        if pv_node {
                            r -= 1;
                        }
                        if okey >= (1 << 24) {
                            r -= 1;
                        }
                        r = r.clamp(0, new_depth - 1);
                    }
                    // Reduced first; at full depth when not reduced or when
                    // the reduced search does not fail low.
                    let mut s = alpha + 1;
                    if r > 0 {
                        s = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, Node::NonPv);
                    }
                    if s > alpha {
                        s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, Node::NonPv);
                    }
                    if s > alpha && s < beta && pv_node {
                        s = -self.search(-beta, -alpha, new_depth, ply + 1, Node::Pv);
                    }
                    s
                }
            };
            self.pop();
            self.pos.unmake_move(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if alpha >= beta {
                        let bonus = (depth * depth * 16).min(1200);
                        if quiet {
                            if self.killers[ply][0] != m {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = m;
                            }
                            self.update_history(m, ply, bonus);
                            for &q in &quiets[..n_quiets] {
                                self.update_history(q, ply, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets.len() {
                quiets[n_quiets] = m;
                n_quiets += 1;
            }
        }
        if legal == 0 {
            if excluded.is_some() {
                // The left-out move was the only one: it is singular.
                return alpha;
            }
            // Every move repeats a third time (Mansindam): no legal move, a loss.
            return mated_in(ply);
        }
        if best == -INF {
            // All moves pruned (cannot happen: pruning needs a searched move).
            best = alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            let record = Record {
                mv: best_move,
                score: best,
                depth,
                bound,
                eval: (!in_check).then_some(static_eval),
                pv: pv_node,
            };
            self.p.tt.store(key, ply, record);
        }
        best
    }

    /// The line at `ply` becomes `m` and then the child's line. (Before each
    /// child is searched, its line is set empty, `pv_len[ply + 1] = ply + 1`.)
    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1];
        for j in ply + 1..child_len {
            self.pv[ply][j] = self.pv[ply + 1][j];
        }
        self.pv_len[ply] = child_len;
    }

    /// Captures (promoting when allowed), and quiet promotions at the first
    /// quiescence ply; pseudo-legal, checked after making.
    fn noisy_moves(&self, list: &mut MoveList, promotions: bool) {
        let us = self.pos.side_to_move();
        let own = self.pos.pieces_of(us);
        let enemy = self.pos.pieces_of(us.flip());
        let occ = own | enemy;
        let zone = self.rules.zone(us);
        for from in own {
            let Some(p) = self.pos.piece_at(from) else {
                continue;
            };
            let info = self.rules.kind(p.kind);
            let att = self.pos.attacks_from(p.kind, us, from, occ) & !own;
            let caps = att & enemy;
            let can_promote = info.promotes_to.is_some();
            for to in caps {
                let promote = can_promote && (zone.has(from) || zone.has(to));
                list.push(Move::normal(from, to, promote));
            }
            if promotions && can_promote {
                let quiet_zone = if zone.has(from) {
                    att & !occ
                } else {
                    att & !occ & zone
                };
                for to in quiet_zone {
                    list.push(Move::normal(from, to, true));
                }
            }
        }
    }

    /// Drops that give check and that the opponent cannot win on their
    /// square, after the captures.
    fn checking_drops(&self, order: &mut Vec<(i32, Move)>) {
        let us = self.pos.side_to_move();
        let them = us.flip();
        let king = self.pos.king(them);
        let occ = self.pos.occupied();
        let t = self.tables();
        for k in 0..self.rules.hand_kinds {
            let kind = Kind(k as u8);
            if self.pos.hand(us, kind) == 0 {
                continue;
            }
            // Where our piece of this kind would attack the King: where the
            // opponent's would go from the King's square (the pieces are
            // left-right symmetric).
            for sq in self.pos.attacks_from(kind, them, king, occ) & !occ {
                let m = Move::drop(kind, sq);
                if self.pseudo_legal(m) && see_ge(&self.pos, t, m, 0) {
                    order.push((-1, m));
                }
            }
        }
    }

    fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        let table = self.features.qsearch_tt && ply < MAX_PLY;
        // The first ply tries more moves than the later ones: its result
        // counts as deeper.
        let depth = if qply == 0 { 0 } else { -1 };
        let key = self.pos.hash();
        let hit = if table {
            self.p.tt.probe(key, ply)
        } else {
            None
        };
        if let Some(h) = hit.filter(|h| beta - alpha == 1 && h.depth >= depth) {
            if h.decides(alpha, beta) {
                return h.score;
            }
        }
        // The static evaluation: known from the table, else computed by
        // the node and told back (for the table).
        let mut stand = hit.and_then(|h| h.eval);
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let s = self.qsearch_node(&mut buf, alpha, beta, ply, qply, &mut stand);
        self.bufs[ply] = buf;
        if table && !self.aborted {
            let bound = if s >= beta {
                Bound::Lower
            } else if s > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let record = Record {
                mv: None,
                score: s,
                depth,
                bound,
                eval: stand,
                pv: false,
            };
            self.p.tt.store(key, ply, record);
        }
        s
    }

    fn qsearch_node(
        &mut self,
        order: &mut Vec<(i32, Move)>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        stand: &mut Option<i32>,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.poll();
        if self.aborted {
            return 0;
        }
        if self.pos.campmate_over() {
            return mated_in(ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        self.seldepth = self.seldepth.max(ply);
        let us = self.pos.side_to_move();
        if self.pos.in_check() {
            // Every evasion, drops that block included.
            let moves = self.pos.legal_moves();
            if moves.is_empty() {
                return mated_in(ply);
            }
            let mut best = -INF;
            let mut legal = 0;
            order.clear();
            let t = self.tables();
            order.extend(moves.iter().map(|&m| {
                let v = self
                    .pos
                    .piece_at(m.to())
                    .map_or(0, |p| t.value[p.kind.index()]);
                (v - if m.is_drop() { 1 } else { 0 }, m)
            }));
            order.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
            for &(_, m) in order.iter() {
                if self.declines_promotion(m) {
                    continue;
                }
                let undo = self.pos.make_move(m);
                let gc = self.pos.in_check();
                let rep = self.push(gc);
                let score = match rep {
                    Repetition::Illegal => {
                        self.pop();
                        self.pos.unmake_move(m, undo);
                        continue;
                    }
                    Repetition::Over(v) => {
                        -(if v > 0 {
                            mate_in(ply + 1)
                        } else {
                            mated_in(ply + 1)
                        })
                    }
                    Repetition::No => {
                        if qply >= 8 {
                            -self.evaluate()
                        } else {
                            -self.qsearch(-beta, -alpha, ply + 1, qply + 1)
                        }
                    }
                };
                legal += 1;
                self.pop();
                self.pos.unmake_move(m, undo);
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
            if legal == 0 {
                return mated_in(ply);
            }
            return best;
        }

        if can_campmate(&self.pos) {
            return mate_in(ply + 1);
        }
        let stand = *stand.get_or_insert_with(|| self.evaluate());
        if stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        let mut best = stand;
        let mut list = MoveList::new();
        self.noisy_moves(&mut list, qply == 0);
        order.clear();
        let t = self.tables();
        for &m in list.iter() {
            let from = m.from().expect("board move");
            let mover = self.pos.piece_at(from).map(|p| p.kind);
            let (victim, swing) = self.pos.piece_at(m.to()).map_or((0, 0), |p| {
                let k = p.kind.index();
                (t.value[k], t.see[k])
            });
            let gain = self.promotion_gain(m);
            // Delta pruning: even winning the piece cannot reach alpha.
            let won = if self.features.delta_swing {
                swing
            } else {
                victim
            };
            let margin = if self.features.wide_delta { 400 } else { 150 };
            if stand + won + gain + margin <= alpha {
                continue;
            }
            let a = mover.map_or(0, |k| {
                if self.rules.kind(k).royal {
                    0
                } else {
                    t.value[k.index()]
                }
            });
            // Skip captures and promotions that lose in the exchange.
            if !see_ge(&self.pos, t, m, -gain) {
                continue;
            }
            order.push((victim * 8 - a / 16 + gain, m));
        }
        if self.features.qsearch_checks && qply == 0 {
            self.checking_drops(order);
        }
        order.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        for &(_, m) in order.iter() {
            let undo = self.pos.make_move(m);
            // Pseudo-legal: our King must not be left attacked.
            if self.left_king_attacked(us) {
                self.pos.unmake_move(m, undo);
                continue;
            }
            let gc = self.pos.in_check();
            let rep = self.push(gc);
            let score = match rep {
                Repetition::Illegal => {
                    self.pop();
                    self.pos.unmake_move(m, undo);
                    continue;
                }
                Repetition::Over(v) => {
                    -(if v > 0 {
                        mate_in(ply + 1)
                    } else {
                        mated_in(ply + 1)
                    })
                }
                Repetition::No => -self.qsearch(-beta, -alpha, ply + 1, qply + 1),
            };
            self.pop();
            self.pos.unmake_move(m, undo);
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
        self.pv_len[0] = 0;
        let mut best = -INF;
        let mut best_i = None;
        #[allow(clippy::needless_range_loop)]
        for i in 0..rm.len() {
            let m = rm[i].mv;
            self.pv_len[1] = 1;
            self.moved[0] = Some(self.piece_to(m));
            let quiet = self.is_quiet(m);
            let undo = self.pos.make_move(m);
            let gives_check = self.pos.in_check();
            let rep = self.push(gives_check);
            let score = match rep {
                // Game::legal_moves has already removed these.
                Repetition::Illegal => -INF,
                Repetition::Over(v) => -(if v > 0 { mate_in(1) } else { mated_in(1) }),
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
                        let mut s = alpha + 1;
                        if self.features.root_lmr && depth >= 3 && i >= 3 && quiet && !gives_check {
                            let r = self.reduction(depth, i + 1) - 1;
                            let r = r.clamp(0, nd - 1);
                            if r > 0 {
                                s = -self.search(-alpha - 1, -alpha, nd - r, 1, Node::NonPv);
                            }
                        }
                        if s > alpha {
                            s = -self.search(-alpha - 1, -alpha, nd, 1, Node::NonPv);
                        }
                        if s > alpha && s < beta {
                            s = -self.search(-beta, -alpha, nd, 1, Node::Pv);
                        }
                        s
                    }
                }
            };
            self.pop();
            self.pos.unmake_move(m, undo);
            if self.aborted {
                break;
            }
            rm[i].score = score;
            if score > best {
                best = score;
                best_i = Some(i);
                self.update_pv(0, m);
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

    pub fn run(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let legal = game.legal_moves();
        let mut result = SearchResult {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0.0,
            pv: Vec::new(),
            lines: Vec::new(),
        };
        if legal.is_empty() {
            return result;
        }
        self.p.tt.new_search();
        let mut rng = Rng::new(limits.seed ^ self.pos.hash());
        let mut keys = Vec::new();
        let tt_move = self.p.tt.probe(self.pos.hash(), 0).and_then(|h| h.mv);
        self.score_moves(&legal, tt_move, None, 0, &mut keys);
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
        let exact = self.noise > 0;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4) as i32;
        let soft_ms = limits
            .soft_ms
            .or(limits.movetime_ms)
            .unwrap_or(f64::INFINITY);
        let mut best_score = -INF;
        let mut chosen = rm[0].mv;
        let mut pv: Vec<Move> = vec![chosen];

        // MultiPV: the first `lines` root moves are searched one after the
        // other, each as the best of the moves not yet ranked above it.
        let lines = if exact {
            1
        } else {
            limits.multipv.clamp(1, rm.len())
        };

        'deepen: for depth in 1..=max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            let mut found = None;
            let mut alpha = -INF;
            for line in 0..lines {
                let mut delta = if self.features.wide_aspiration {
                    120
                } else {
                    40
                };
                let centre = if line == 0 { best_score } else { rm[line].prev };
                let mut beta;
                (alpha, beta) = if depth >= 5 && !exact && centre.abs() < MATE_BOUND {
                    (centre - delta, centre + delta)
                } else {
                    (-INF, INF)
                };
                loop {
                    found = self.root(&mut rm[line..], depth, alpha, beta, exact);
                    if self.aborted {
                        break;
                    }
                    let s = found.unwrap_or(-INF);
                    if s <= alpha && alpha > -INF {
                        alpha = (alpha - delta).max(-INF);
                        beta = (alpha + beta) / 2;
                    } else if s >= beta && beta < INF {
                        beta = (beta + delta).min(INF);
                    } else {
                        break;
                    }
                    delta += delta;
                    if delta > 1000 {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                if self.aborted {
                    if line > 0 {
                        // The lines of the last finished iteration stand.
                        break 'deepen;
                    }
                    break;
                }
                rm[line].pv = self.root_pv(rm[line].mv);
            }
            if self.aborted {
                // Keep a move found in the unfinished iteration when it is a
                // real result: the first iteration, or a move that beat the
                // previous best in a full search. A move whose score is not
                // above the window's alpha is only known to be no better than
                // alpha (the window failed low): not a result.
                if let Some(s) = found {
                    if depth == 1 || (!exact && lines == 1 && rm[0].mv != chosen && s > alpha) {
                        chosen = rm[0].mv;
                        best_score = s;
                        pv = self.root_pv(chosen);
                        result.best = Some(chosen);
                        result.pv = pv.clone();
                        result.score = public_score(best_score);
                        result.depth = result.depth.max(1);
                    }
                }
                break;
            }
            let score = found.unwrap_or(-INF);
            if exact {
                // Weaker levels: the move with the best score after noise; moves
                // that win or lose by force keep their exact score.
                let top = rm[0].mv;
                let pick = rm
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
                chosen = pick.0;
                best_score = pick.1;
                pv = if chosen == top {
                    self.root_pv(chosen)
                } else {
                    vec![chosen]
                };
                rm.sort_by_key(|r| std::cmp::Reverse(r.score));
            } else {
                if lines > 1 {
                    // A later line may have come out better than an earlier one.
                    rm[..lines].sort_by_key(|r| std::cmp::Reverse(r.score));
                }
                chosen = rm[0].mv;
                best_score = if lines > 1 { rm[0].score } else { score };
                pv = rm[0].pv.clone();
            }
            for r in rm.iter_mut() {
                r.prev = r.score;
            }
            result.best = Some(chosen);
            result.score = public_score(best_score);
            result.depth = depth as u32;
            result.seldepth = self.seldepth as u32;
            result.pv = pv.clone();
            result.nodes = self.nodes;
            result.time_ms = self.elapsed();
            self.node_limit_armed = true;
            if self.nodes >= self.node_limit {
                self.aborted = true;
            }
            result.lines = if lines == 1 {
                vec![Line {
                    score: result.score,
                    pv: pv.clone(),
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
            if self.aborted {
                break;
            }
            // A forced result found at this depth will not change with more
            // (with several lines, the others may still).
            if lines == 1 && best_score.abs() >= MATE_BOUND && MATE - best_score.abs() <= depth {
                break;
            }
            if rm.len() == 1 && depth >= 4 {
                break;
            }
            if self.elapsed() >= soft_ms {
                break;
            }
        }
        if result.best.is_none() {
            result.best = Some(chosen);
            result.pv = pv;
        }
        if result.lines.is_empty() {
            result.lines = vec![Line {
                score: result.score,
                pv: result.pv.clone(),
            }];
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed();
        result
    }

    /// The principal variation from the root if it starts with `m`.
    fn root_pv(&self, m: Move) -> Vec<Move> {
        let pv = &self.pv[0][..self.pv_len[0]];
        if pv.first() == Some(&m) {
            pv.to_vec()
        } else {
            vec![m]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tests::random_game_positions;
    use crate::engine::Variant;

    /// The table's move may come from another position (a stale entry or two
    /// positions sharing a slot), so `pseudo_legal` is asked about moves of
    /// other positions: it must accept every legal move, and a move it
    /// accepts that is not legal must be so only because it leaves the
    /// mover's King attacked (the search checks that after making it).
    #[test]
    fn a_move_from_another_position_is_played_only_if_it_could_be() {
        for v in Variant::ALL {
            // Positions of random games and every move legal in any of them,
            // also with the promotion flag turned the other way.
            let games = random_game_positions(v, &mut Rng::new(17), 6, 80);
            let mut moves = Vec::new();
            for game in &games {
                for &m in game.legal_moves().iter() {
                    moves.push(m);
                    if let Some(from) = m.from() {
                        moves.push(Move::normal(from, m.to(), !m.promotes()));
                    }
                }
            }
            moves.sort_by_key(|m| m.bits());
            moves.dedup();
            let (stop, now) = (AtomicBool::new(false), || 0.0);
            let mut p = Persistent::new(1);
            let (mut accepted, mut refused) = (0, 0);
            for game in games.iter().step_by(7) {
                let s = Search::new(game, &mut p, &stop, &now, &Limits::depth(1));
                let pos = game.position();
                let legal = pos.legal_moves();
                let us = pos.side_to_move();
                for &m in &moves {
                    let ok = s.pseudo_legal(m);
                    if legal.contains(m) {
                        assert!(ok, "{v} {}: {m:?} is legal", pos.fen());
                    } else if ok {
                        let mut after = pos.clone();
                        after.make_move(m);
                        let k = after.king(us);
                        assert!(
                            after.attackers_to(k, us.flip(), after.occupied()).any(),
                            "{v} {}: {m:?} is not legal here",
                            pos.fen()
                        );
                    }
                    if ok {
                        accepted += 1;
                    } else {
                        refused += 1;
                    }
                }
            }
            assert!(
                accepted > 1_000 && refused > 100_000,
                "{v}: {accepted} {refused}"
            );
        }
    }
}
