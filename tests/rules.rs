//! Rule scenarios: move lists with their expected outcome, for every
//! game-ending rule of each game and the move rules that perft alone does not
//! name (promotion choices, drop limits, captured pieces going to the hand).

use pantheon::engine::{Color, Game, Outcome, PlayError, Reason, Variant};

const M: Variant = Variant::Mansindam;
const P: Variant = Variant::Pandemonium;

/// Plays UCI moves from a FEN (or the start), panicking with the move's
/// number if one is refused.
fn play(variant: Variant, fen: Option<&str>, moves: &str) -> Game {
    Game::from_uci_moves(variant, fen, moves.split_whitespace()).unwrap_or_else(|e| panic!("{e}"))
}

fn won(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

/// The legal moves from `from` (or drops of `from` = "P@") as sorted UCI strings.
fn moves_from(game: &Game, from: &str) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| game.position().uci(m))
        .filter(|s| s.starts_with(from))
        .collect();
    v.sort();
    v
}

// ----- checkmate -------------------------------------------------------------

#[test]
fn mansindam_shortest_mate_from_the_start() {
    // Found by a helpmate search: White's Cardinal takes f7 and mates.
    let game = play(M, None, "c1a2 d9b8 b3b4 g9f8 a2f7+");
    assert_eq!(game.outcome(), won(Color::White, Reason::Checkmate));
    assert_eq!(
        game.san_moves().collect::<Vec<_>>(),
        ["Ca2", "Ab8", "Pb4", "Cf8", "Cxf7=I#"]
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn pandemonium_shortest_mate_from_the_start_is_a_drop() {
    // The Queen takes the Knight on b9, which is then dropped to mate.
    let game = play(P, None, "c2b2 e9d8 b2b9 c8e9 N@b7");
    assert_eq!(game.outcome(), won(Color::White, Reason::Checkmate));
    assert_eq!(
        game.san_moves().collect::<Vec<_>>(),
        ["Qb2", "Kd8", "Qxb9", "Ce9", "N@b7#"]
    );
}

#[test]
fn pawn_drop_mate_is_allowed_in_both_games() {
    let m = play(
        M,
        Some("3rkr3/3p1p3/9/3N5/9/9/9/9/4K4[P] w - - 0 1"),
        "P@e8",
    );
    assert_eq!(m.outcome(), won(Color::White, Reason::Checkmate));
    let p = play(
        P,
        Some("3rkr3/3b1b3/9/3N5/9/9/9/9/4K4[P] w - - 0 1"),
        "P@e8",
    );
    assert_eq!(p.outcome(), won(Color::White, Reason::Checkmate));
}

// ----- stalemate loses -------------------------------------------------------

#[test]
fn stalemate_loses_in_both_games() {
    // The Guard (Mansindam) or Ferz (Pandemonium) steps to b7 and takes a8
    // from the Black King; the White King holds b8 and b9. No check.
    for (variant, fen) in [
        (M, "k8/2K6/9/+P8/9/9/9/9/9[] w - - 0 1"),
        (P, "k8/2K6/9/F8/9/9/9/9/9[] w - - 0 1"),
    ] {
        let game = play(variant, Some(fen), "a6b7");
        assert!(!game.position().in_check());
        assert_eq!(
            game.outcome(),
            won(Color::White, Reason::Stalemate),
            "{variant}"
        );
    }
}

// ----- campmate --------------------------------------------------------------

#[test]
fn mansindam_king_reaching_the_far_rank_wins() {
    let fen = "2r5k/3K5/9/9/9/9/9/9/9[] w - - 0 1";
    let start = Game::from_fen(M, fen).unwrap();
    // d9 and e9 are attacked by the Rook: the King may only camp on c9 by capture.
    assert_eq!(moves_from(&start, "d8"), ["d8c9", "d8d7", "d8e7", "d8e8"]);
    let game = play(M, Some(fen), "d8c9");
    assert_eq!(game.outcome(), won(Color::White, Reason::Campmate));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn mansindam_fen_with_a_camped_king_is_a_finished_game() {
    // Black just moved; White's King already stands on rank 9.
    let game = Game::from_fen(M, "4K4/9/9/9/9/9/9/k8/9[] b - - 0 1").unwrap();
    assert_eq!(game.outcome(), won(Color::White, Reason::Campmate));
    // The side to move's own King on its far rank ends nothing (as in Fairy-Stockfish).
    let game = Game::from_fen(M, "4K4/9/9/9/9/9/9/k8/9[] w - - 0 1").unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn pandemonium_has_no_campmate() {
    let game = play(P, Some("9/3K5/9/9/9/9/9/9/k8[] w - - 0 1"), "d8d9");
    assert_eq!(game.outcome(), None);
    assert!(!game.legal_moves().is_empty());
}

// ----- repetition ------------------------------------------------------------

const KINGS_ONLY: &str = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
const SHUFFLE: &str = "e1e2 e9e8 e2e1 e8e9 e1e2 e9e8 e2e1";

#[test]
fn mansindam_third_occurrence_is_illegal() {
    let mut game = play(M, Some(KINGS_ONLY), SHUFFLE);
    // e8e9 would bring back the start position a third time.
    assert!(!moves_from(&game, "e8").contains(&"e8e9".to_string()));
    assert!(moves_from(&game, "e8").contains(&"e8d9".to_string()));
    assert_eq!(
        game.play_str("e8e9"),
        Err(PlayError::IllegalRepetition("Ke9".to_string()))
    );
    // The refused move changed nothing.
    assert_eq!(game.position().fen(), "9/4k4/9/9/9/9/9/9/4K4[] b - - 7 4");
    assert_eq!(game.outcome(), None);
}

#[test]
fn mansindam_repetition_can_leave_the_defender_mated() {
    // The Knight checks from b3 and c5 in turn; the Black King's only escape
    // each time is the other of a5/a4. Returning to a5 a third time is illegal,
    // so after White's seventh move Black is checkmated.
    let fen = "9/9/9/8R/k1N6/2K6/8M/9/9[] w - - 0 1";
    let game = play(M, Some(fen), "c5b3 a5a4 b3c5 a4a5 c5b3 a5a4 b3c5");
    assert_eq!(game.outcome(), won(Color::White, Reason::Checkmate));
    // Without the history, a4a5 would be legal.
    assert_eq!(game.position().legal_moves().len(), 1);
}

#[test]
fn pandemonium_completing_a_repetition_loses() {
    let mut game = play(P, Some(KINGS_ONLY), SHUFFLE);
    let repeat = game.position().parse_uci("e8e9").unwrap();
    // A user interface can warn before the move.
    assert_eq!(
        game.repetition_verdict(repeat),
        won(Color::White, Reason::Repetition)
    );
    assert_eq!(
        game.repetition_verdict(game.position().parse_uci("e8d9").unwrap()),
        None
    );
    assert_eq!(game.play(repeat), Ok(won(Color::White, Reason::Repetition)));
    assert!(game.legal_moves().is_empty());
    // Taking it back reopens the game.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn pandemonium_perpetual_check_loses_for_the_checker() {
    // The Rook checks on a9 and a8 in turn while the King walks h9-h8.
    // Black completes the third occurrence, yet White, who checked on every
    // move, loses.
    let game = play(
        P,
        Some("7k1/R8/9/9/9/9/9/9/4K4[] w - - 0 1"),
        "a8a9 h9h8 a9a8 h8h9 a8a9 h9h8 a9a8 h8h9",
    );
    assert_eq!(game.outcome(), won(Color::Black, Reason::PerpetualCheck));
    // The same when the checker completes it.
    let game = play(
        P,
        Some("9/R6k1/9/9/9/9/9/9/4K4[] b - - 0 1"),
        "h8h9 a8a9 h9h8 a9a8 h8h9 a8a9 h9h8 a9a8",
    );
    assert_eq!(game.outcome(), won(Color::Black, Reason::PerpetualCheck));
}

// ----- promotion -------------------------------------------------------------

#[test]
fn mansindam_promotion_is_compulsory() {
    let game = Game::from_fen(M, "4k4/9/9/R8/9/9/9/9/4K4[] w - - 0 1").unwrap();
    let up: Vec<String> = moves_from(&game, "a6")
        .into_iter()
        .filter(|m| m.as_bytes()[3] > b'6')
        .collect();
    assert_eq!(up, ["a6a7+", "a6a8+", "a6a9+"]);
    // A Pawn reaching the last rank promotes by itself; the SAN shows it.
    let game = play(M, Some("k8/4P4/9/9/9/9/9/9/4K4[] w - - 0 1"), "e8e9+");
    assert_eq!(game.san_moves().last(), Some("Pe9=G"));
    assert!(Game::from_uci_moves(M, Some("k8/4P4/9/9/9/9/9/9/4K4[] w - - 0 1"), ["e8e9"]).is_err());
}

#[test]
fn pandemonium_promotion_is_optional_and_a_pawn_may_stay_on_the_last_rank() {
    let fen = "3k5/4P4/9/9/9/9/9/9/4K4[] w - - 0 1";
    let game = Game::from_fen(P, fen).unwrap();
    assert_eq!(moves_from(&game, "e8"), ["e8e9", "e8e9+"]);
    let declined = play(P, Some(fen), "e8e9");
    assert_eq!(declined.san_moves().last(), Some("Pe9"));
    assert_eq!(moves_from(&declined, "e9"), Vec::<String>::new());
    let promoted = play(P, Some(fen), "e8e9+");
    assert_eq!(promoted.san_moves().last(), Some("Pe9=G+"));
    // A piece promotes on a move that leaves the zone, too.
    let game = Game::from_fen(P, "4k4/9/R8/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    assert!(moves_from(&game, "a7").contains(&"a7a1+".to_string()));
}

// ----- drops -----------------------------------------------------------------

#[test]
fn mansindam_pawn_drop_limits() {
    let game = Game::from_fen(M, "4k4/9/9/9/9/4P4/2+P6/9/4K4[P] w - - 0 1").unwrap();
    let drops = moves_from(&game, "P@");
    assert!(
        !drops.iter().any(|m| m.starts_with("P@e")),
        "own Pawn on the e-file"
    );
    assert!(
        drops.contains(&"P@c5".to_string()),
        "a Guard does not count"
    );
    assert!(
        !drops.iter().any(|m| m.ends_with('9')),
        "no drop on the last rank"
    );
    // 77 empty squares, less 6 on the e-file and 8 on rank 9.
    assert_eq!(drops.len(), 77 - 6 - 8);
}

#[test]
fn pandemonium_drops_anywhere() {
    let game = Game::from_fen(P, "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1").unwrap();
    let drops = moves_from(&game, "P@");
    assert!(drops.contains(&"P@e5".to_string()) && drops.contains(&"P@a9".to_string()));
    assert_eq!(drops.len(), 81 - 3);
}

#[test]
fn captured_pieces_go_to_the_hand_unpromoted() {
    // Taking a promoted Ferz (a Queen) gives White a Ferz.
    let game = play(P, Some("4k4/9/9/9/R3+f4/9/9/9/1K7[] w - - 0 1"), "a5e5");
    assert_eq!(
        game.position().fen(),
        "4k4/9/9/9/4R4/9/9/9/1K7[F] b - - 0 1"
    );
    assert_eq!(game.san_moves().last(), Some("Rxe5+"));
}

// ----- resignation -----------------------------------------------------------

#[test]
fn resignation_ends_the_game_and_can_be_taken_back() {
    let mut game = Game::new(M);
    assert_eq!(
        game.resign(Color::White),
        Ok(Outcome {
            winner: Color::Black,
            reason: Reason::Resignation
        })
    );
    let over = PlayError::GameOver(Outcome {
        winner: Color::Black,
        reason: Reason::Resignation,
    });
    assert_eq!(game.play_str("e3e4"), Err(over));
    assert!(game.legal_moves().is_empty());
    game.undo();
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.play_str("Pe4").map(|_| game.position().fen()),
        Ok("rnbakqcnm/9/ppppppppp/9/9/4P4/PPPP1PPPP/9/MNCQKABNR[] b - - 1 1".to_string())
    );
}

#[test]
fn a_lost_clock_ends_the_game_and_goes_with_a_take_back() {
    let mut game = Game::new(P);
    game.play_str("e4e5").unwrap();
    let lost = Outcome {
        winner: Color::White,
        reason: Reason::Time,
    };
    assert_eq!(game.lose_on_time(Color::Black), Ok(lost));
    assert_eq!(game.resign(Color::White), Err(PlayError::GameOver(lost)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(lost.reason.to_string(), "time forfeit");
    // Taking back the last move takes the time loss back with it.
    assert_eq!(
        game.undo().map(|m| game.position().uci(m)),
        Some("e4e5".to_string())
    );
    assert_eq!((game.outcome(), game.ply_count()), (None, 0));
}

// ----- the game's history (what the repetition rules and the AI read) -------

#[test]
fn the_history_counts_each_situation_and_keeps_every_hash() {
    let fen = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
    let mut game = play(P, Some(fen), "");
    let start = game.position().hash();
    assert_eq!(game.occurrences(), 1);
    assert_eq!(game.hashes(), [start]);
    for (i, m) in ["e1d1", "e9d9", "d1e1", "d9e9"].iter().enumerate() {
        let mv = game.position().parse_uci(m).unwrap();
        game.play(mv).unwrap();
        assert_eq!(game.hashes().len(), i + 2);
        assert_eq!(game.hashes().last(), Some(&game.position().hash()));
    }
    assert_eq!(game.hashes()[0], start);
    assert_ne!(game.hashes()[1], start);
    assert_eq!(game.position().hash(), start);
    assert_eq!(game.occurrences(), 2, "the start position, a second time");
    game.undo();
    assert_eq!((game.occurrences(), game.hashes().len()), (1, 4));
    // The take-back lowered the start's count: playing the move again
    // makes it a second occurrence, not a third.
    game.play_str("d9e9").unwrap();
    assert_eq!(game.occurrences(), 2);
    game.undo();
    game.undo();
    game.play_str("d1e1").unwrap();
    assert_eq!(
        game.occurrences(),
        1,
        "the count of a situation left behind by two take-backs"
    );
}

#[test]
fn only_a_declared_end_can_be_withdrawn() {
    let mut game = play(M, None, "c1a2 d9b8 b3b4 g9f8 a2f7+");
    assert!(!game.withdraw_declaration(), "a checkmate is not declared");
    assert_eq!(game.outcome(), won(Color::White, Reason::Checkmate));
    assert!(!Reason::Checkmate.is_declared());
    assert!(Reason::Resignation.is_declared() && Reason::Time.is_declared());
}

#[test]
fn pandemonium_perpetual_check_by_black_loses_for_black() {
    // The first test above with the colours swapped: Black's Rook checks on
    // a1 and a2 in turn while White's King walks h1-h2.
    let game = play(
        P,
        Some("4k4/9/9/9/9/9/9/r8/7K1[] b - - 0 1"),
        "a2a1 h1h2 a1a2 h2h1 a2a1 h1h2 a1a2 h2h1",
    );
    assert_eq!(game.outcome(), won(Color::White, Reason::PerpetualCheck));
}

#[test]
fn pandemonium_perpetual_check_counts_only_the_repeated_cycle() {
    // A quiet Rook move and a King step come first; from there the Rook
    // checks on every move until the position comes a third time. The moves
    // before the first occurrence do not count: White loses by perpetual
    // check, not Black by repetition.
    let game = play(
        P,
        Some("7k1/9/R8/9/9/9/9/9/4K4[] w - - 0 1"),
        "a7a8 h9g9 a8a9 g9g8 a9a8 g8g9 a8a9 g9g8 a9a8 g8g9",
    );
    assert_eq!(game.outcome(), won(Color::Black, Reason::PerpetualCheck));
}
