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

/// The movetext's other parts are skipped, each by its own rule: a comment
/// in braces (across lines), a comment to the end of the line, variations
/// (nested), glyphs, and move numbers glued to the move.
#[test]
fn comments_variations_and_glyphs_are_skipped() {
    for (text, moves) in [
        ("1. Pe4 { 1... Pd6 } Pe6 *", "e3e4 e7e6"),
        ("1. Pe4 {a comment\nover 2. Pd4 lines} Pe6 *", "e3e4 e7e6"),
        ("1. Pe4 ; 1... Pd6 2. Pd4\nPe6 *", "e3e4 e7e6"),
        ("1. Pe4 (1. Pd4 Pd6) Pe6 *", "e3e4 e7e6"),
        (
            "1. Pe4 (1. Pd4 (1. Pc4 Pc6) Pd6 2. Pc4) Pe6 2. Pd4 *",
            "e3e4 e7e6 d3d4",
        ),
        ("1. Pe4 ) Pe6 *", "e3e4 e7e6"),
        ("1. Pe4 $1 Pe6 $14 2.Pd4 *", "e3e4 e7e6 d3d4"),
        ("1.Pe4 1...Pe6 *", "e3e4 e7e6"),
    ] {
        let g = read_pgn(text, Variant::Mansindam).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(g.uci_moves().join(" "), moves, "{text:?}");
    }
}

/// No input stops the reader moving on: every character is either part of
/// a token or skipped. (Said directly, as a test that fails rather than
/// hangs: a reader that loops is stopped after 30 s.)
#[test]
fn the_reader_always_finishes() {
    let inputs: Vec<String> = [
        "{", "}", "(", ")", ";", "$", ".", "{}", "()", "1.", "1...", "é", "\u{301}",
    ]
    .iter()
    .flat_map(|s| {
        [
            s.to_string(),
            format!("1. Pe4 {s} Pe6 *"),
            format!("{s}{s}{s}\n{s}"),
        ]
    })
    .collect();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for text in &inputs {
            let _ = read_pgn(text, Variant::Mansindam);
            done.send(text.clone()).unwrap();
        }
    });
    for _ in 0..13 * 3 {
        finished
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the reader did not finish");
    }
}

/// Lines of at most 79 characters, and a line of exactly 79 is not broken.
#[test]
fn a_line_of_79_characters_is_kept_whole() {
    let g = game(Variant::Mansindam, None, "e3e4");
    let note = |word: String| MoveNote {
        suffix: String::new(),
        comment: word,
    };
    // "1. Pe4 { " + 68 characters + " }": 79.
    let pgn = write_pgn_annotated(&g, &PgnHeader::default(), &[note("x".repeat(68))]);
    let moves = pgn.split("\n\n").nth(1).unwrap();
    assert_eq!(moves, format!("1. Pe4 {{ {} }}\n*\n", "x".repeat(68)));
    // One more and the closing brace starts the next line.
    let pgn = write_pgn_annotated(&g, &PgnHeader::default(), &[note("x".repeat(69))]);
    let moves = pgn.split("\n\n").nth(1).unwrap();
    assert_eq!(moves, format!("1. Pe4 {{ {}\n}} *\n", "x".repeat(69)));
}

/// A record's size limit: 1 MiB is read, a byte more is refused.
#[test]
fn a_record_of_one_mebibyte_is_read_and_no_more() {
    const MAX: usize = 1 << 20;
    let head = "1. Pe4 {";
    let tail = "} *";
    let text = format!("{head}{}{tail}", " ".repeat(MAX - head.len() - tail.len()));
    assert_eq!(text.len(), MAX);
    assert_eq!(
        read_pgn(&text, Variant::Mansindam).unwrap().uci_moves(),
        ["e3e4"]
    );
    let longer = format!("{text} ");
    assert_eq!(
        read_pgn(&longer, Variant::Mansindam)
            .unwrap_err()
            .to_string(),
        format!(
            "the record is {} bytes long; at most {MAX} are read",
            MAX + 1
        )
    );
}

/// The tags: blank lines and `%` escape lines between them are skipped, and
/// a record of tags alone is a game with no moves.
#[test]
fn tags_with_blank_and_escape_lines_and_no_movetext() {
    let text = "[Event \"x\"]\n\n% an escaped line\n[Variant \"Pandemonium\"]\n\n1. e4e5 *";
    let g = read_pgn(text, Variant::Mansindam).unwrap();
    assert_eq!(g.variant(), Variant::Pandemonium);
    assert_eq!(g.uci_moves(), ["e4e5"]);
    let g = read_pgn(
        "[Variant \"Pandemonium\"]\n[Result \"*\"]",
        Variant::Mansindam,
    )
    .unwrap();
    assert_eq!(g.variant(), Variant::Pandemonium);
    assert_eq!(g.ply_count(), 0);
    assert_eq!(g.outcome(), None);
}

/// A decisive result the moves do not reach is the loser's resignation,
/// whichever side won; a draw or `*` leaves the game going on.
#[test]
fn a_result_the_moves_do_not_reach_is_a_resignation() {
    for (result, winner) in [
        ("1-0", Some(Color::White)),
        ("0-1", Some(Color::Black)),
        ("1/2-1/2", None),
        ("*", None),
    ] {
        for text in [
            format!("1. Pe4 Pe6 {result}"),
            format!("[Result \"{result}\"]\n\n1. Pe4 Pe6"),
        ] {
            let g = read_pgn(&text, Variant::Mansindam).unwrap();
            assert_eq!(g.ply_count(), 2, "{text}");
            assert_eq!(
                g.outcome(),
                winner.map(|winner| Outcome {
                    winner,
                    reason: Reason::Resignation
                }),
                "{text}"
            );
        }
    }
}
