//! PGN export and import: round trips, records as pychess writes them, and
//! errors that say what is wrong and where.

use pantheon::engine::{
    read_pgn, write_pgn, write_pgn_annotated, Color, Game, MoveNote, Outcome, PgnHeader, Reason,
    Variant,
};

fn game(variant: Variant, fen: Option<&str>, moves: &str) -> Game {
    Game::from_uci_moves(variant, fen, moves.split_whitespace()).unwrap()
}

#[test]
fn export_of_a_finished_game() {
    let g = game(Variant::Pandemonium, None, "c2b2 e9d8 b2b9 c8e9 N@b7");
    let header = PgnHeader {
        date: "2026.11.22".into(),
        white: "Ann".into(),
        black: "Bo \"B\"".into(),
        ..Default::default()
    };
    assert_eq!(
        write_pgn(&g, &header),
        "[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"2026.11.22\"]\n[Round \"-\"]\n[White \"Ann\"]\n\
         [Black \"Bo \\\"B\\\"\"]\n[Result \"1-0\"]\n[Variant \"Pandemonium\"]\n[Termination \"checkmate\"]\n\n\
         1. Qb2 Kd8 2. Qxb9 Ce9 3. N@b7# 1-0\n"
    );
}

#[test]
fn export_from_a_position_with_black_to_move() {
    let fen = "4k4/9/9/9/9/9/9/9/4K4[Pp] b - - 0 12";
    let g = game(Variant::Mansindam, Some(fen), "P@e5 e1d1");
    let pgn = write_pgn(&g, &PgnHeader::default());
    assert!(pgn.contains("[FEN \"4k4/9/9/9/9/9/9/9/4K4[Pp] b - - 0 12\"]\n[SetUp \"1\"]\n"));
    assert!(pgn.ends_with("\n12... P@e5 13. Kd1 *\n"), "{pgn}");
}

#[test]
fn round_trip_keeps_moves_start_and_result() {
    for (variant, fen, moves) in [
        (Variant::Mansindam, None, "c1a2 d9b8 b3b4 g9f8 a2f7+"),
        (
            Variant::Pandemonium,
            Some("7k1/R8/9/9/9/9/9/9/4K4[] w - - 0 1"),
            "a8a9 h9h8 a9a8 h8h9 a8a9 h9h8 a9a8 h8h9",
        ),
        (Variant::Pandemonium, None, "e4e5 e6e5 e3e4"),
    ] {
        let g = game(variant, fen, moves);
        let back = read_pgn(&write_pgn(&g, &PgnHeader::default()), Variant::Mansindam).unwrap();
        assert_eq!(back.variant(), variant);
        assert_eq!(back.start_position().fen(), g.start_position().fen());
        assert_eq!(back.uci_moves(), g.uci_moves());
        assert_eq!(back.outcome(), g.outcome());
    }
}

#[test]
fn a_long_game_wraps_lines_and_reads_back() {
    for variant in Variant::ALL {
        let mut g = Game::new(variant);
        for i in 0..150 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play(moves[(i * 7919) % moves.len()]).unwrap();
        }
        let pgn = write_pgn(&g, &PgnHeader::default());
        assert!(pgn.lines().all(|l| l.len() <= 79), "{pgn}");
        let back = read_pgn(&pgn, variant).unwrap();
        assert_eq!(back.uci_moves(), g.uci_moves());
        assert_eq!(back.outcome(), g.outcome());
    }
}

#[test]
fn reads_a_pychess_style_record_with_comments_and_resignation() {
    let text = r#"[Event "Rated game"]
[Site "https://example.org/abc"]
[White "x"]
[Black "y"]
[Result "0-1"]
[Variant "Mansindam"]
[TimeControl "300+2"]
[Termination "resign"]

1. Pe4 {[%clk 0:05:00]} Pe6 2. Nd2 $1 (2. Pd4 Pd6) Nd8 ; a line comment
3.Ph4 0-1
"#;
    let g = read_pgn(text, Variant::Pandemonium).unwrap();
    assert_eq!(g.variant(), Variant::Mansindam);
    assert_eq!(g.uci_moves(), ["e3e4", "e7e6", "b1d2", "b9d8", "h3h4"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Color::Black,
            reason: Reason::Resignation
        })
    );
}

#[test]
fn uci_moves_and_a_missing_variant_tag_are_accepted() {
    let g = read_pgn("1. e3e4 e7e6 *", Variant::Mansindam).unwrap();
    assert_eq!(g.san_moves().collect::<Vec<_>>(), ["Pe4", "Pe6"]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn errors_say_what_and_where() {
    let err = |text: &str| read_pgn(text, Variant::Mansindam).unwrap_err().to_string();
    assert_eq!(
        err("[Variant \"Chess\"]\n1. e4"),
        "line 1: unknown variant \"Chess\" (expected Mansindam or Pandemonium)"
    );
    assert_eq!(
        err("[Event \"x\"]\n[Variant Mansindam]\n"),
        "line 2: a tag must look like [Name \"value\"]"
    );
    assert_eq!(
        err("[Variant \"Mansindam\"]\n[FEN \"9/9 w\"]\n\n1. Pe4"),
        "line 2: the FEN tag is not valid: the board has 2 ranks; it needs 9, separated by '/'"
    );
    assert_eq!(
        err("1. Pe4 Pe6\n2. Pe4 *"),
        "line 2: move 3 (Pe4): Pe4 is not a legal move in this position"
    );
    assert_eq!(
        err("1. Pe4 {unfinished"),
        "line 1: a comment opened here is never closed"
    );
    assert_eq!(
        err("[Result \"0-1\"]\n1. c1a2 d9b8 2. b3b4 g9f8 3. a2f7+"),
        "the record's result is 0-1, but its moves end with White wins by checkmate"
    );
}

#[test]
fn stray_closing_brace_is_skipped() {
    // Found by the property test: this once looped for ever.
    let g = read_pgn("} 1. Pe4 } *", Variant::Mansindam).unwrap();
    assert_eq!(g.uci_moves(), ["e3e4"]);
}

#[test]
fn an_annotated_record_writes_marks_and_comments_and_reads_back() {
    let g = game(Variant::Pandemonium, None, "c2b2 e9d8 b2b9 c8e9 N@b7");
    let note = |suffix: &str, comment: &str| MoveNote {
        suffix: suffix.into(),
        comment: comment.into(),
    };
    let notes = [
        note("", "[%eval 0.35]"),
        note("??", "[%eval #3] Blunder. Ke8 was best."),
        note("", ""),
        note("?!", "{braces} are [%eval #-1] dropped"),
    ];
    let pgn = write_pgn_annotated(&g, &PgnHeader::default(), &notes);
    let moves = pgn.split("\n\n").nth(1).unwrap();
    assert_eq!(
        moves,
        "1. Qb2 { [%eval 0.35] } 1... Kd8?? { [%eval #3] Blunder. Ke8 was best. }\n\
         2. Qxb9 Ce9?! { braces are [%eval #-1] dropped } 3. N@b7# 1-0\n"
    );
    let back = read_pgn(&pgn, Variant::Mansindam).unwrap();
    assert_eq!(back.uci_moves(), g.uci_moves());
    assert_eq!(back.outcome(), g.outcome());
    // No notes: the plain record.
    assert_eq!(
        write_pgn_annotated(&g, &PgnHeader::default(), &[]),
        write_pgn(&g, &PgnHeader::default())
    );
}
