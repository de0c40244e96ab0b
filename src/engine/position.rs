//! A position: board, hands, side to move, and the legal-move generator.

use std::fmt;

use super::moves::{Move, MoveList};
use super::tables::{geo, Geometry, MAX_HAND_COUNT};
use super::types::{Bitboard, Color, Square, SQUARES};
use super::variant::{atom, Kind, Rules, Variant, MAX_HAND};

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    #[inline]
    const fn code(self) -> u8 {
        (self.color as u8) << 5 | self.kind.0
    }

    #[inline]
    const fn from_code(code: u8) -> Piece {
        Piece {
            color: if code >> 5 == 0 {
                Color::White
            } else {
                Color::Black
            },
            kind: Kind(code & 31),
        }
    }
}

const EMPTY: u8 = 0xff;

/// What [`Position::make_move`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    moved: u8,
    hash: u64,
    halfmove: u32,
}

/// Why a move string or move was refused by [`Position::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// A complete position of either game.
///
/// Invariants (established by the FEN parser and kept by `make_move`): exactly
/// one King per side, `board`, `by_color` and `atoms` describe the same
/// pieces, `hash` is the Zobrist hash of board, hands and side to move, and the
/// side not to move is not in check.
#[derive(Clone)]
pub struct Position {
    rules: &'static Rules,
    board: [u8; SQUARES],
    by_color: [Bitboard; 2],
    /// For each colour and movement atom, the squares of the pieces that have it.
    atoms: [[Bitboard; atom::COUNT]; 2],
    royal: [Square; 2],
    hands: [[u8; MAX_HAND]; 2],
    side: Color,
    hash: u64,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules.variant == other.rules.variant
            && self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Pinned pieces: at most one per direction from the King.
struct Pins {
    pinned: Bitboard,
    len: usize,
    /// (pinned piece, squares it may move to)
    list: [(Bitboard, Bitboard); 8],
}

impl Pins {
    #[inline]
    fn allowed(&self, from: Square) -> Bitboard {
        self.list[..self.len]
            .iter()
            .find(|(p, _)| p.has(from))
            .map_or(Bitboard::EMPTY, |&(_, allowed)| allowed)
    }
}

/// Receives generated moves as bitboards, so that counting needs no list.
pub(crate) trait Sink {
    /// Moves of the piece on `from`: to each square of `plain` without
    /// promotion, to each square of `promote` with it.
    fn board(&mut self, from: Square, plain: Bitboard, promote: Bitboard);
    fn drops(&mut self, kind: Kind, to: Bitboard);
}

impl Sink for MoveList {
    #[inline]
    fn board(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        for to in plain {
            self.push(Move::normal(from, to, false));
        }
        for to in promote {
            self.push(Move::normal(from, to, true));
        }
    }

    #[inline]
    fn drops(&mut self, kind: Kind, to: Bitboard) {
        for sq in to {
            self.push(Move::drop(kind, sq));
        }
    }
}

/// Counts moves without listing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn board(&mut self, _: Square, plain: Bitboard, promote: Bitboard) {
        self.0 += (plain.count() + promote.count()) as u64;
    }

    #[inline]
    fn drops(&mut self, _: Kind, to: Bitboard) {
        self.0 += to.count() as u64;
    }
}

impl Position {
    /// The standard start position.
    pub fn start(variant: Variant) -> Position {
        // (Not `expect`: its message would bring the error's Debug
        // formatting into the worker's wasm.)
        match Position::from_fen(variant, variant.start_fen()) {
            Ok(p) => p,
            Err(_) => unreachable!("the start FEN is valid"),
        }
    }

    /// An empty board (no Kings: not a valid position until pieces are added
    /// and [`Position::finish_setup`] accepts it).
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            rules: variant.rules(),
            board: [EMPTY; SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            atoms: [[Bitboard::EMPTY; atom::COUNT]; 2],
            royal: [Square::from_index_unchecked(0); 2],
            hands: [[0; MAX_HAND]; 2],
            side: Color::White,
            hash: 0,
            halfmove: 0,
            fullmove: 1,
        }
    }

    // ----- reading ---------------------------------------------------------

    #[inline]
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.board[sq.index()];
        (code != EMPTY).then(|| Piece::from_code(code))
    }

    /// How many pieces both sides hold in hand together.
    #[inline]
    pub fn pieces_in_hand(&self) -> usize {
        self.hands.iter().flatten().map(|&n| usize::from(n)).sum()
    }

    /// How many pieces of a hand kind a side holds.
    #[inline]
    pub fn hand(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()]
            .get(kind.index())
            .copied()
            .unwrap_or(0)
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.royal[color.index()]
    }

    /// Squares of `color`'s pieces whose moves include an atom.
    #[inline]
    pub fn with_atom(&self, color: Color, a: u8) -> Bitboard {
        self.atoms[color.index()][a as usize]
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    // ----- changing --------------------------------------------------------

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let bb = sq.bb();
        self.board[sq.index()] = p.code();
        self.by_color[p.color.index()] |= bb;
        let mut atoms = self.rules.kind(p.kind).atoms;
        while atoms != 0 {
            self.atoms[p.color.index()][atoms.trailing_zeros() as usize] |= bb;
            atoms &= atoms - 1;
        }
        if self.rules.kind(p.kind).royal {
            self.royal[p.color.index()] = sq;
        }
    }

    #[inline]
    fn remove(&mut self, sq: Square, p: Piece) {
        let bb = !sq.bb();
        self.board[sq.index()] = EMPTY;
        self.by_color[p.color.index()] &= bb;
        let mut atoms = self.rules.kind(p.kind).atoms;
        while atoms != 0 {
            self.atoms[p.color.index()][atoms.trailing_zeros() as usize] &= bb;
            atoms &= atoms - 1;
        }
    }

    /// Places a piece while setting up (FEN). The square must be empty.
    pub(crate) fn setup_put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq.index()] == EMPTY);
        self.put(sq, p);
    }

    pub(crate) fn setup_hand(&mut self, color: Color, kind: Kind, count: u8) {
        self.hands[color.index()][kind.index()] = count;
    }

    pub(crate) fn setup_side(&mut self, side: Color) {
        self.side = side;
    }

    /// Computes the hash once the pieces are placed.
    pub(crate) fn finish_setup(&mut self) {
        self.hash = self.compute_hash();
    }

    /// The Zobrist hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let z = &geo().zobrist;
        let mut h = 0;
        for sq in self.occupied() {
            h ^= z.piece[self.board[sq.index()] as usize][sq.index()];
        }
        for c in Color::BOTH {
            for k in self.rules.hand_kinds() {
                h ^= z.hand[c.index()][k.index()][self.hand(c, k) as usize];
            }
        }
        if self.side == Color::Black {
            h ^= z.black_to_move;
        }
        h
    }

    #[inline]
    fn hand_change(&mut self, color: Color, kind: Kind, delta: i8) {
        let z = &geo().zobrist;
        let slot = &mut self.hands[color.index()][kind.index()];
        let keys = &z.hand[color.index()][kind.index()];
        let old = *slot as usize;
        let new = (*slot as i8 + delta) as u8;
        *slot = new;
        self.hash ^= keys[old.min(MAX_HAND_COUNT)] ^ keys[(new as usize).min(MAX_HAND_COUNT)];
    }

    /// Plays a move known to be legal (from this position's generator), returning
    /// what [`Position::unmake_move`] needs to take it back.
    pub fn make_move(&mut self, m: Move) -> Undo {
        let z = &geo().zobrist;
        let us = self.side;
        let to = m.to();
        let mut undo = Undo {
            captured: EMPTY,
            moved: EMPTY,
            hash: self.hash,
            halfmove: self.halfmove,
        };
        let mut reset_clock = false;
        match (m.from(), m.drop_kind()) {
            (None, Some(kind)) => {
                self.hand_change(us, kind, -1);
                let p = Piece { color: us, kind };
                self.put(to, p);
                self.hash ^= z.piece[p.code() as usize][to.index()];
                reset_clock = true;
            }
            (Some(from), _) => {
                let code = self.board[from.index()];
                let moving = Piece::from_code(code);
                undo.moved = code;
                self.remove(from, moving);
                self.hash ^= z.piece[code as usize][from.index()];
                let captured = self.board[to.index()];
                if captured != EMPTY {
                    let victim = Piece::from_code(captured);
                    self.remove(to, victim);
                    self.hash ^= z.piece[captured as usize][to.index()];
                    self.hand_change(us, self.rules.kind(victim.kind).base, 1);
                    undo.captured = captured;
                    reset_clock = true;
                }
                let placed = match self.rules.kind(moving.kind).promotes_to {
                    Some(promoted) if m.promotes() => {
                        reset_clock = true;
                        Piece {
                            color: us,
                            kind: promoted,
                        }
                    }
                    _ => moving,
                };
                self.put(to, placed);
                self.hash ^= z.piece[placed.code() as usize][to.index()];
            }
            (None, None) => unreachable!("a move is a board move or a drop"),
        }
        self.halfmove = if reset_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.hash ^= z.black_to_move;
        undo
    }

    /// A null move for the search: the other side is to move, nothing else
    /// changes. Its own inverse. Only for a side not in check (the side not to
    /// move is never in check), and not a move of the game.
    pub fn pass(&mut self) {
        debug_assert!(!self.in_check(), "a side in check cannot pass");
        self.side = self.side.flip();
        self.hash ^= geo().zobrist.black_to_move;
    }

    /// Takes back the move `m` made by [`Position::make_move`].
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let us = self.side.flip();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let to = m.to();
        let placed = Piece::from_code(self.board[to.index()]);
        self.remove(to, placed);
        match m.from() {
            None => {
                let slot = &mut self.hands[us.index()][placed.kind.index()];
                *slot += 1;
            }
            Some(from) => {
                self.put(from, Piece::from_code(undo.moved));
                if undo.captured != EMPTY {
                    let victim = Piece::from_code(undo.captured);
                    self.put(to, victim);
                    self.hands[us.index()][self.rules.kind(victim.kind).base.index()] -= 1;
                }
            }
        }
        self.hash = undo.hash;
        self.halfmove = undo.halfmove;
    }

    /// Plays `m` if it is legal here.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.make_move(m);
            Ok(())
        } else {
            Err(IllegalMove(format!("{m:?}")))
        }
    }

    // ----- attacks ---------------------------------------------------------

    /// Pieces of `by` that attack `sq` with the board occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let g = geo();
        let a = &self.atoms[by.index()];
        let mut att = Bitboard::EMPTY;
        for at in 0..atom::ROOK {
            att |= g.atom_sources(at, by, sq) & a[at as usize];
        }
        let rooks = a[atom::ROOK as usize];
        if (g.rook_empty(sq) & rooks).any() {
            att |= g.rook_attacks(sq, occ) & rooks;
        }
        let bishops = a[atom::BISHOP as usize];
        if (g.bishop_empty(sq) & bishops).any() {
            att |= g.bishop_attacks(sq, occ) & bishops;
        }
        att
    }

    /// The squares a piece of `kind` and `color` on `sq` attacks.
    #[inline]
    pub fn attacks_from(&self, kind: Kind, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        self.rules.leaps[color.index()][kind.index()][sq.index()]
            | geo().slider_attacks(self.rules.kind(kind).atoms, sq, occ)
    }

    /// The Rook's and the Bishop's attacks from `sq`, for
    /// [`Position::attacks_with_rays`].
    #[inline]
    pub fn slider_rays(&self, sq: Square, occ: Bitboard) -> [Bitboard; 2] {
        [geo().rook_attacks(sq, occ), geo().bishop_attacks(sq, occ)]
    }

    /// [`Position::attacks_from`] for a square whose [`Position::slider_rays`]
    /// are already known (the evaluation asks it for every kind from the
    /// King's square).
    #[inline]
    pub fn attacks_with_rays(
        &self,
        kind: Kind,
        color: Color,
        sq: Square,
        [rook, bishop]: [Bitboard; 2],
    ) -> Bitboard {
        self.rules.leaps[color.index()][kind.index()][sq.index()]
            | Geometry::pick(self.rules.kind(kind).atoms, rook, bishop)
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.side), self.side.flip(), self.occupied())
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `color`'s King stands on its far rank in a game with campmate.
    #[inline]
    pub fn has_camped(&self, color: Color) -> bool {
        self.rules.campmate && self.king(color).rank() == color.far_rank()
    }

    /// Mansindam: the side that just moved has reached its far rank and won, so
    /// the side to move has no moves.
    #[inline]
    pub fn campmate_over(&self) -> bool {
        self.has_camped(self.side.flip())
    }

    /// Own pieces pinned to their King, each with the squares it may still go
    /// to: those between the King and the pinner, and the pinner's square. (A
    /// pinned leaper could otherwise jump past the pinner along the line.)
    fn pins(&self, us: Color, ksq: Square, occ: Bitboard) -> Pins {
        let g = geo();
        let them = &self.atoms[us.flip().index()];
        let snipers = (g.rook_empty(ksq) & them[atom::ROOK as usize])
            | (g.bishop_empty(ksq) & them[atom::BISHOP as usize]);
        let own = self.by_color[us.index()];
        let mut pins = Pins {
            pinned: Bitboard::EMPTY,
            len: 0,
            list: [(Bitboard::EMPTY, Bitboard::EMPTY); 8],
        };
        for s in snipers {
            let between = g.between(ksq, s);
            let b = between & occ;
            if !b.more_than_one() && (b & own).any() {
                pins.pinned |= b;
                pins.list[pins.len] = (b, between | s.bb());
                pins.len += 1;
            }
        }
        pins
    }

    /// Squares where a piece stops the check from `checker`: the squares between
    /// it and the King if it checks by sliding; none if it leaps.
    fn block_squares(&self, ksq: Square, checker: Square) -> Bitboard {
        let p = Piece::from_code(self.board[checker.index()]);
        if self.rules.leaps[p.color.index()][p.kind.index()][checker.index()].has(ksq) {
            Bitboard::EMPTY
        } else {
            geo().between(ksq, checker)
        }
    }

    /// Files holding an unpromoted Pawn of `color`, as a bitboard of whole files.
    fn pawn_files(&self, color: Color) -> Bitboard {
        let mut x = self.atoms[color.index()][atom::PAWN as usize].0;
        let mut files = 0u128;
        while x != 0 {
            files |= x & 0x1ff;
            x >>= 9;
        }
        // Each file's bit on rank 1, copied up every rank.
        const A_FILE: u128 = Bitboard::file(0).0;
        Bitboard(files * A_FILE)
    }

    // ----- move generation -------------------------------------------------

    /// Sends every legal move (repetition aside: that needs the game's history)
    /// to `sink`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.campmate_over() {
            return;
        }
        let g = geo();
        let r = self.rules;
        let us = self.side;
        let them = us.flip();
        let own = self.by_color[us.index()];
        let occ = own | self.by_color[them.index()];
        let ksq = self.king(us);
        let checkers = self.attackers_to(ksq, them, occ);

        let mut king_to = Bitboard::EMPTY;
        let without_king = occ ^ ksq.bb();
        for to in r.leaps[us.index()][r.king.index()][ksq.index()] & !own {
            if self.attackers_to(to, them, without_king).is_empty() {
                king_to |= to.bb();
            }
        }
        if king_to.any() {
            sink.board(ksq, king_to, Bitboard::EMPTY);
        }
        if checkers.more_than_one() {
            return;
        }
        let (move_mask, drop_mask) = match checkers.first() {
            Some(c) => {
                let block = self.block_squares(ksq, c);
                (block | c.bb(), block)
            }
            None => (!own, !occ),
        };

        let pins = self.pins(us, ksq, occ);
        let zone = r.zone(us);
        for from in own ^ ksq.bb() {
            let kind = Kind(self.board[from.index()] & 31);
            let info = r.kind(kind);
            let mut to = (r.leaps[us.index()][kind.index()][from.index()]
                | g.slider_attacks(info.atoms, from, occ))
                & !own
                & move_mask;
            if pins.pinned.has(from) {
                to &= pins.allowed(from);
            }
            if to.is_empty() {
                continue;
            }
            if info.promotes_to.is_none() {
                sink.board(from, to, Bitboard::EMPTY);
                continue;
            }
            let may_promote = if zone.has(from) { to } else { to & zone };
            if r.promotion_compulsory {
                sink.board(from, to & !may_promote, may_promote);
            } else {
                sink.board(from, to, may_promote);
            }
        }

        if drop_mask.is_empty() {
            return;
        }
        for kind in r.hand_kinds() {
            if self.hands[us.index()][kind.index()] == 0 {
                continue;
            }
            let mut to = drop_mask;
            if kind == r.pawn && r.pawn_drop_limits {
                to &= !Bitboard::rank(us.far_rank()) & !self.pawn_files(us);
            }
            sink.drops(kind, to);
        }
    }

    /// All legal moves (without the repetition rule; see `Game::legal_moves`).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Counts leaf move sequences of length `depth`.
    pub fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let moves = self.legal_moves();
                let mut total = 0;
                for &m in &moves {
                    let undo = self.make_move(m);
                    total += self.perft(depth - 1);
                    self.unmake_move(m, undo);
                }
                total
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(variant: Variant, fen: &str) -> Position {
        Position::from_fen(variant, fen).unwrap()
    }

    /// Two positions are equal only when every part is: the game, the
    /// pieces, the hands, the side to move and both counters.
    #[test]
    fn positions_differ_in_any_part() {
        let m = Variant::Mansindam;
        let base = "4k4/9/9/9/9/9/9/9/4K4[P] w - - 3 7";
        let a = pos(m, base);
        assert_eq!(a, pos(m, base));
        for other in [
            "4k4/9/9/9/9/9/9/9/3K5[P] w - - 3 7",
            "4k4/9/9/9/9/9/9/9/4K4[p] w - - 3 7",
            "4k4/9/9/9/9/9/9/9/4K4[P] b - - 3 7",
            "4k4/9/9/9/9/9/9/9/4K4[P] w - - 4 7",
            "4k4/9/9/9/9/9/9/9/4K4[P] w - - 3 8",
        ] {
            assert_ne!(a, pos(m, other), "{other}");
        }
        assert_ne!(a, pos(Variant::Pandemonium, base));
        assert_eq!(
            format!("{a:?}"),
            "Position(4k4/9/9/9/9/9/9/9/4K4[P] w - - 3 7)"
        );
        assert_eq!((a.halfmove_clock(), a.fullmove_number()), (3, 7));
    }

    /// No piece both leaps to a square and slides through it: its leaps
    /// and its lines from any square are disjoint (so `attacks_from` may
    /// join them with `|` or `^` alike), and the King's orthogonal and
    /// diagonal lines share no square.
    #[test]
    fn leaps_and_lines_never_meet() {
        let g = geo();
        for v in Variant::ALL {
            let rules = v.rules();
            for (k, kind) in rules.kinds.iter().enumerate() {
                for color in Color::BOTH {
                    for sq in Square::all() {
                        let leaps = rules.leaps[color.index()][k][sq.index()];
                        let lines = g.slider_attacks(kind.atoms, sq, Bitboard::EMPTY);
                        assert!((leaps & lines).is_empty(), "{v} {} {sq}", kind.name);
                    }
                }
            }
        }
        for sq in Square::all() {
            assert!((g.rook_empty(sq) & g.bishop_empty(sq)).is_empty(), "{sq}");
        }
    }

    /// Attacks from rays computed once are each kind's own attacks, on a
    /// crowded board: a Queen-mover gets both rays, a Rook- or
    /// Bishop-mover one, a leaper none. (On the long diagonal below, the
    /// Queen's line from a1 stops at b2, and so does the Bishop's.)
    #[test]
    fn attacks_from_known_rays_are_each_kinds_own() {
        let p = pos(
            Variant::Mansindam,
            "k3q4/9/2+c1r1c2/3+P1+P3/2+m+PK+Pa2/3+P+P+P3/2a1m1q2/9/9[] w - - 0 1",
        );
        let occ = p.occupied();
        for (k, kind) in p.rules.kinds.iter().enumerate() {
            for color in Color::BOTH {
                for sq in Square::all() {
                    let rays = p.slider_rays(sq, occ);
                    assert_eq!(
                        p.attacks_with_rays(Kind(k as u8), color, sq, rays),
                        p.attacks_from(Kind(k as u8), color, sq, occ),
                        "{} {sq}",
                        kind.name
                    );
                }
            }
        }
        let q = pos(
            Variant::Mansindam,
            "k7a/7a1/6q2/5q3/4c4/3c5/2b6/1b7/K8[] w - - 0 1",
        );
        let a1 = Square::parse("a1").unwrap();
        let [rook, bishop] = q.slider_rays(a1, q.occupied());
        assert_eq!(bishop, Square::parse("b2").unwrap().bb());
        assert_eq!(rook.count(), 16);
        let queen = q.rules.kinds.iter().position(|k| k.letter == 'Q').unwrap();
        let rays = [rook, bishop];
        let attacks = q.attacks_with_rays(Kind(queen as u8), Color::White, a1, rays);
        assert_eq!(attacks, rook | bishop);
    }

    /// All eight of Black's Bishop-movers fill the long diagonal from a
    /// corner: the one next to White's King there checks it.
    #[test]
    fn eight_bishop_movers_on_a_long_diagonal() {
        let p = pos(
            Variant::Mansindam,
            "k7a/7a1/6q2/5q3/4c4/3c5/2b6/1b7/K8[] w - - 0 1",
        );
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(p.checkers(), Square::parse("b2").unwrap().bb());
        assert_eq!(p.attackers_to(a1, Color::Black, p.occupied()).count(), 1);
        assert!(p.in_check());
    }

    /// Seven White Guards around their King are each pinned by a slider
    /// behind them, and a Rook checks along the eighth line with a Queen
    /// behind it: no Guard may leave its line, so it is mate. (The pins
    /// are one per line: a slider behind the checker pins nothing.)
    #[test]
    fn seven_pins_and_a_check() {
        let p = pos(
            Variant::Mansindam,
            "k3q4/9/2+c1r1c2/3+P1+P3/2+m+PK+Pa2/3+P+P+P3/2a1m1q2/9/9[] w - - 0 1",
        );
        assert_eq!(p.checkers(), Square::parse("e7").unwrap().bb());
        assert_eq!(p.legal_moves().len(), 0);
        assert!(p.in_check());
    }

    #[test]
    fn an_illegal_move_is_refused_by_name() {
        let mut p = Position::start(Variant::Mansindam);
        let sq = |s: &str| Square::parse(s).unwrap();
        let e = p.play(Move::normal(sq("e3"), sq("e5"), false)).unwrap_err();
        assert_eq!(e.to_string(), "e3e5 is not a legal move here");
        assert_eq!(p, Position::start(Variant::Mansindam));
    }
}
