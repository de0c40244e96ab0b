//! The puzzle set as the generator writes it: the themes of a proved line
//! (the page's vocabulary, `protocol::puzzle::Theme`), and the check of a
//! stored puzzle with the engine as it is now (`ai::puzzle::check_line`).

use pantheon::ai::puzzle::check_line;
use pantheon::engine::{Bitboard, Color, Game, Move, Position, Reason, Variant};
use pantheon::protocol::puzzle::{Puzzle, Theme};

/// The themes of a proved line played from `start`.
pub fn themes(start: &Game, line: &[Move]) -> Vec<Theme> {
    let mut game = start.clone();
    let solver = game.position().side_to_move();
    let mut themes = Vec::new();
    let mut forked: Vec<Bitboard> = Vec::new();
    let mut took_forked = false;
    for (i, &m) in line.iter().enumerate() {
        let pos = game.position().clone();
        if i % 2 == 0 {
            if m.promotes() {
                themes.push(Theme::Promotion);
            }
            if pos.piece_at(m.to()).is_some() && forked.iter().any(|f| f.has(m.to())) {
                took_forked = true;
            }
        }
        if game.play(m).is_err() {
            break;
        }
        if i % 2 == 0 {
            forked.push(fork(game.position(), m, solver));
        }
    }
    match game.outcome() {
        Some(o) if o.winner == solver => {
            themes.push(Theme::Mate);
            match o.reason {
                Reason::Campmate => themes.push(Theme::Campmate),
                Reason::Repetition | Reason::PerpetualCheck => themes.push(Theme::Repetition),
                Reason::Checkmate if line.last().is_some_and(|m| m.from().is_none()) => {
                    themes.push(Theme::DropMate)
                }
                _ => {}
            }
        }
        _ => themes.push(Theme::Advantage),
    }
    if took_forked {
        themes.push(Theme::Fork);
    }
    match line.len().div_ceil(2) {
        1 => themes.push(Theme::Short),
        n if n >= 3 => themes.push(Theme::Long),
        _ => {}
    }
    themes.sort();
    themes.dedup();
    themes
}

/// The opponent's pieces (the King, or any but a Pawn) attacked by the piece
/// the solver's move `m` put on its square, when there are two or more of
/// them; else none.
fn fork(pos: &Position, m: Move, solver: Color) -> Bitboard {
    let Some(piece) = pos.piece_at(m.to()) else {
        return Bitboard::default();
    };
    let rules = pos.rules();
    let targets =
        pos.attacks_from(piece.kind, solver, m.to(), pos.occupied()) & pos.pieces_of(solver.flip());
    let mut big = Bitboard::default();
    for sq in targets {
        if pos
            .piece_at(sq)
            .is_some_and(|p| rules.kind(p.kind).base != rules.pawn)
        {
            big |= sq.bb();
        }
    }
    if big.more_than_one() {
        big
    } else {
        Bitboard::default()
    }
}

/// Checks a puzzle of the set with the engine as it is now: every solver's
/// move the stored one, winning and the only winning move, the opponent's
/// moves legal, and a mate puzzle's line ending the game in the solver's
/// favour. Says what is wrong, after the puzzle's id.
pub fn check(puzzle: &Puzzle, nodes: u64) -> Result<(), String> {
    let variant: Variant = puzzle
        .variant
        .parse()
        .map_err(|_| format!("{}: unknown game {}", puzzle.id, puzzle.variant))?;
    let won = check_line(variant, &puzzle.fen, &puzzle.moves, nodes)
        .map_err(|e| format!("{}: {e}", puzzle.id))?;
    if puzzle.themes.contains(&Theme::Mate) != won {
        return Err(format!(
            "{}: the line {} the game",
            puzzle.id,
            if won {
                "unexpectedly ends"
            } else {
                "does not end"
            }
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pantheon::ai::puzzle::prove;

    fn game(fen: &str) -> Game {
        Game::from_fen(Variant::Mansindam, fen).unwrap()
    }

    #[test]
    fn a_line_is_a_mate_only_when_the_solver_wins_the_game() {
        // Pandemonium: Black's King goes back to a9 a third time, and White,
        // who checked on every move, loses by the repetition rule.
        let start = Game::from_uci_moves(
            Variant::Pandemonium,
            Some("k8/9/9/9/9/9/9/1R7/4K4[] w - - 0 1"),
            "b2a2 a9b8 a2b2 b8a9 b2a2 a9b8 a2b2".split(' '),
        )
        .unwrap();
        let back = start.position().parse_uci("b8a9").unwrap();
        assert_eq!(
            themes(&start, &[back]),
            [Theme::Mate, Theme::Repetition, Theme::Short]
        );
        // Mansindam: White's King steps forward and Black's campmates: the
        // game is over, but lost by the solver.
        let start = game("9/9/9/9/4K4/9/9/1k7/9[] w - - 0 1");
        let mut after = start.clone();
        let line = ["e5e6", "b2b1"].map(|m| after.play_str(m).unwrap());
        assert!(after.is_over());
        assert_eq!(themes(&start, &line), [Theme::Advantage, Theme::Short]);
    }

    #[test]
    fn a_campmate_in_one_is_a_mate_by_campmate_and_short() {
        // White's King on e8, in check from the Rook on e3: d9 campmates at
        // once (ai::puzzle's test proves this line).
        let one = game("5B3/4K4/9/9/9/9/4r4/1k7/9[] w - - 0 1");
        let proof = prove(&one, 20_000).unwrap();
        assert_eq!(
            themes(&one, &proof.line),
            [Theme::Mate, Theme::Campmate, Theme::Short]
        );
    }
}
