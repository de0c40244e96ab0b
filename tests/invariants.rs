//! Invariants over random games of both variants:
//! - the incremental Zobrist hash equals the hash computed from scratch;
//! - unmaking a move restores the exact position;
//! - the generator's moves are exactly those of a slow reference generator
//!   that walks each piece's moves square by square and tests King safety by
//!   scanning every enemy piece (no bitboard tables shared with the engine).

use pantheon::engine::{atom, Color, Game, Kind, Move, Position, Square, Variant};

/// xorshift64*: a fixed-seed generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Squares a piece reaches, stepping over the board one square at a time.
fn reach(pos: &Position, kind: Kind, color: Color, from: Square) -> Vec<Square> {
    let atoms = pos.rules().kind(kind).atoms;
    let forward = if color == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    for a in 0..atom::COUNT as u8 {
        if atoms & (1 << a) == 0 {
            continue;
        }
        let (steps, slide): (Vec<(i8, i8)>, bool) = match a {
            atom::PAWN => (vec![(0, forward)], false),
            atom::WAZIR => (vec![(0, 1), (1, 0), (0, -1), (-1, 0)], false),
            atom::FERZ => (vec![(1, 1), (1, -1), (-1, 1), (-1, -1)], false),
            atom::KNIGHT => (
                vec![
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
                false,
            ),
            atom::ALFIL => (vec![(2, 2), (2, -2), (-2, 2), (-2, -2)], false),
            atom::DABBABA => (vec![(0, 2), (2, 0), (0, -2), (-2, 0)], false),
            atom::ROOK => (vec![(0, 1), (1, 0), (0, -1), (-1, 0)], true),
            atom::BISHOP => (vec![(1, 1), (1, -1), (-1, 1), (-1, -1)], true),
            _ => unreachable!(),
        };
        for (df, dr) in steps {
            let mut cur = from;
            while let Some(to) = cur.offset(df, dr) {
                out.push(to);
                if !slide || pos.piece_at(to).is_some() {
                    break;
                }
                cur = to;
            }
        }
    }
    out
}

fn attacked(pos: &Position, sq: Square, by: Color) -> bool {
    Square::all().any(|from| match pos.piece_at(from) {
        Some(p) if p.color == by => reach(pos, p.kind, by, from).contains(&sq),
        _ => false,
    })
}

fn zone(color: Color, sq: Square) -> bool {
    match color {
        Color::White => sq.rank() >= 6,
        Color::Black => sq.rank() <= 2,
    }
}

fn reference_moves(pos: &Position) -> Vec<u16> {
    let rules = pos.rules();
    let us = pos.side_to_move();
    let them = us.flip();
    if rules.campmate && pos.king(them).rank() == them.far_rank() {
        return Vec::new();
    }
    let mut pseudo = Vec::new();
    for from in Square::all() {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.color != us {
            continue;
        }
        let info = rules.kind(p.kind);
        for to in reach(pos, p.kind, us, from) {
            if pos.piece_at(to).is_some_and(|q| q.color == us) {
                continue;
            }
            let may = info.promotes_to.is_some() && (zone(us, from) || zone(us, to));
            if !may || !rules.promotion_compulsory {
                pseudo.push(Move::normal(from, to, false));
            }
            if may {
                pseudo.push(Move::normal(from, to, true));
            }
        }
    }
    for kind in rules.hand_kinds() {
        if pos.hand(us, kind) == 0 {
            continue;
        }
        for to in Square::all() {
            if pos.piece_at(to).is_some() {
                continue;
            }
            if kind == rules.pawn && rules.pawn_drop_limits {
                let own_pawn_on_file = (0..9).any(|r| {
                    let s = Square::new(to.file(), r).unwrap();
                    pos.piece_at(s)
                        .is_some_and(|q| q.color == us && q.kind == rules.pawn)
                });
                if to.rank() == us.far_rank() || own_pawn_on_file {
                    continue;
                }
            }
            pseudo.push(Move::drop(kind, to));
        }
    }
    let mut legal: Vec<u16> = pseudo
        .into_iter()
        .filter(|&m| {
            let mut after = pos.clone();
            after.make_move(m);
            !attacked(&after, after.king(us), them)
        })
        .map(Move::bits)
        .collect();
    legal.sort_unstable();
    legal
}

fn check_position(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {}", pos.fen());
    // A square holds one piece at most.
    assert!(
        (pos.pieces_of(Color::White) & pos.pieces_of(Color::Black)).is_empty(),
        "both colours on a square in {}",
        pos.fen()
    );
    let moves = pos.legal_moves();
    let mut generated: Vec<u16> = moves.iter().map(|m| m.bits()).collect();
    generated.sort_unstable();
    assert_eq!(generated, reference_moves(pos), "moves of {}", pos.fen());
    assert_eq!(pos.count_legal_moves(), moves.len() as u64);
    let mut work = pos.clone();
    for &m in &moves {
        let undo = work.make_move(m);
        assert_eq!(
            work.hash(),
            work.compute_hash(),
            "hash after {} in {}",
            pos.uci(m),
            pos.fen()
        );
        work.unmake_move(m, undo);
        assert_eq!(&work, pos, "unmake {}", pos.uci(m));
        assert_eq!(work.hash(), pos.hash());
    }
    // The search's null move: the other side to move, as its FEN says.
    if !pos.in_check() {
        work.pass();
        assert_eq!(work.side_to_move(), pos.side_to_move().flip());
        assert_eq!(
            work.hash(),
            work.compute_hash(),
            "hash after a pass in {}",
            pos.fen()
        );
        work.pass();
        assert_eq!((&work, work.hash()), (pos, pos.hash()), "two passes");
    }
}

fn random_games(variant: Variant, games: usize, max_plies: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut positions = 0;
    for _ in 0..games {
        let mut game = Game::new(variant);
        for _ in 0..max_plies {
            check_position(game.position());
            positions += 1;
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures and drops a little, to fill the hands.
            let pick = (0..3)
                .map(|_| moves[rng.below(moves.len())])
                .find(|&m| m.is_drop() || game.position().piece_at(m.to()).is_some())
                .unwrap_or(moves[rng.below(moves.len())]);
            game.play(pick).expect("a legal move plays");
        }
    }
    positions
}

#[test]
fn mansindam_random_games_keep_invariants() {
    assert!(random_games(Variant::Mansindam, 30, 160, 0x5eed_0001) > 2000);
}

#[test]
fn pandemonium_random_games_keep_invariants() {
    assert!(random_games(Variant::Pandemonium, 30, 160, 0x5eed_0002) > 2000);
}
