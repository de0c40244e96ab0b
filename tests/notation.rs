//! SAN and UCI move strings, as exact facts: each SAN below is what
//! Fairy-Stockfish (pyffish 0.0.90, `NOTATION_SAN`, tests/data/variants.ini)
//! writes for the move, and each error names the fault. The differential
//! games compare SAN on a large scale but run only on request; these run
//! with every `cargo test`.

use pantheon::engine::{MoveError, Position, Variant};

fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).expect("a legal test position")
}

/// The SAN of each UCI move, and that it reads back as the same move.
fn sans(variant: Variant, fen: &str, moves: &[&str]) -> Vec<String> {
    let pos = position(variant, fen);
    moves
        .iter()
        .map(|uci| {
            let m = pos.parse_uci(uci).expect("a legal move");
            let san = pos.san(m);
            assert_eq!(pos.parse_san(&san), Ok(m), "{san} reads back as {uci}");
            san
        })
        .collect()
}

#[test]
fn san_names_the_file_the_rank_or_the_square_a_piece_comes_from() {
    let m = Variant::Mansindam;
    // Two Rooks on one rank: the file tells them apart.
    assert_eq!(
        sans(m, "4k4/9/9/9/9/9/9/4K4/R7R[] w - - 0 1", &["a1e1", "i1e1"]),
        ["Rae1", "Rie1"]
    );
    // On one file: the rank.
    assert_eq!(
        sans(m, "4k4/9/9/9/R8/9/9/4K4/R8[] w - - 0 1", &["a1a3", "a5a3"]),
        ["R1a3", "R5a3"]
    );
    // Three Knights to b3: a1 shares its file with a5 and its rank with c1,
    // so it needs both; the others one each.
    assert_eq!(
        sans(
            m,
            "4k4/9/9/9/N8/9/9/4K4/N1N6[] w - - 0 1",
            &["a1b3", "a5b3", "c1b3"]
        ),
        ["Na1b3", "N5b3", "Ncb3"]
    );
    // Only the Knights that can go there count; none other: no sign.
    assert_eq!(
        sans(
            m,
            "4k4/9/9/9/9/9/2N1N4/9/2N3K2[] w - - 0 1",
            &["c1d3", "e3d5", "c3d5", "c3d1", "c3e2"]
        ),
        ["Nd3", "Ned5", "Ncd5", "Ncd1", "N3e2"]
    );
}

#[test]
fn san_writes_captures_promotions_drops_and_checks() {
    let m = Variant::Mansindam;
    // A capture, disambiguated as a move would be.
    assert_eq!(
        sans(
            m,
            "4k4/9/9/9/N8/9/1p7/4K4/N1N6[] w - - 0 1",
            &["a1b3", "c1b3"]
        ),
        ["Na1xb3", "Ncxb3"]
    );
    assert_eq!(
        sans(m, "4k4/9/9/9/9/9/9/4K4/9[N] w - - 0 1", &["N@e5"]),
        ["N@e5"]
    );
    assert_eq!(
        sans(m, "4k4/9/9/9/9/9/9/4K4/9[] w - - 0 1", &["e2e3"]),
        ["Ke3"]
    );
    assert_eq!(
        sans(m, "4k4/9/9/9/3P5/9/9/9/4K4[] w - - 0 1", &["d5d6"]),
        ["Pd6"]
    );
    // Compulsory promotion (`=` and the new piece's letter), check, mate.
    assert_eq!(
        sans(
            m,
            "3k5/9/3P5/9/9/9/9/9/4K4[R] w - - 0 1",
            &["R@d8", "d7d8+"]
        ),
        ["R@d8+", "Pd8=G+"]
    );
    assert_eq!(
        sans(
            m,
            "4k4/9/R8/9/9/9/9/9/4K3R[] w - - 0 1",
            &["i1i9+", "a7a8+", "a7e7+"]
        ),
        ["Ri9=T+", "Ra8=T", "Re7=T+"]
    );
    assert_eq!(
        sans(m, "4k4/9/4K4/9/9/9/9/9/8R[] w - - 0 1", &["i1i9+"]),
        ["Ri9=T#"]
    );
}

#[test]
fn san_is_read_without_the_pawn_letter_the_check_sign_or_a_compulsory_promotion() {
    let pos = position(Variant::Mansindam, "3k5/9/3P5/9/9/9/9/9/4K4[R] w - - 0 1");
    let promotion = pos.parse_uci("d7d8+").unwrap();
    for text in ["Pd8=G+", "Pd8=G", "d8=G", "d8", "Pd8", "d8+", " Pd8=G+ "] {
        assert_eq!(pos.parse_san(text), Ok(promotion), "{text:?}");
    }
    let start = Position::start(Variant::Mansindam);
    assert_eq!(start.parse_san("e4"), start.parse_uci("e3e4"));
    assert_eq!(start.parse_san("Pe4"), start.parse_uci("e3e4"));
}

#[test]
fn a_move_string_that_cannot_be_read_is_named() {
    let start = Position::start(Variant::Mansindam);
    let long = "e3e4e3e4e3e4e3e4e3e4";
    // Too long: named by its first sixteen characters.
    for error in [start.parse_uci(long), start.parse_san(long)] {
        assert_eq!(error, Err(MoveError::Syntax("e3e4e3e4e3e4e3e4".into())));
    }
    assert_eq!(
        start.parse_uci("e3e4e3e4e3e4e3e4").unwrap_err().to_string(),
        "'e3e4e3e4e3e4e3e4' is not a move (write e3e4, c6c7+, P@e5 or SAN such as Pe4)"
    );
    // The King is no hand kind: it is not a drop at all, rather than an
    // illegal one.
    assert_eq!(start.parse_uci("K@e5"), Err(MoveError::NotInHandKinds('K')));
    assert_eq!(
        Position::start(Variant::Pandemonium).parse_uci("K@e5"),
        Err(MoveError::NotInHandKinds('K'))
    );
    // The Angel is (hand kinds end with it), but none is in hand.
    assert_eq!(
        start.parse_uci("A@e5"),
        Err(MoveError::Illegal("A@e5".into()))
    );
    assert_eq!(start.parse_uci("e3"), Err(MoveError::Syntax("e3".into())));
    assert_eq!(
        start.parse_uci("e3j4"),
        Err(MoveError::UnknownSquare("j4".into()))
    );
    // Sixteen characters are read; the first fault is then named.
    assert_eq!(
        start.parse_uci("P@e5xxxxxxxxxxxx"),
        Err(MoveError::UnknownSquare("e5xxxxxxxxxxxx".into()))
    );
    assert_eq!(start.parse_san("Pe4?!!!!!!!!!!!!"), start.parse_uci("e3e4"));
    // SAN starts with a piece letter or a Pawn's file, nothing else.
    assert_eq!(start.parse_san("3e4"), Err(MoveError::Syntax("3e4".into())));
    assert_eq!(start.parse_san("x"), Err(MoveError::Syntax("x".into())));
    assert_eq!(start.parse_san("Ze4"), Err(MoveError::Syntax("Ze4".into())));
    // A typed word that is no move is named whole, with the forms a move
    // takes; a square off the board is still named as one.
    assert_eq!(
        start.parse_move("hello").unwrap_err().to_string(),
        "'hello' is not a move (write e3e4, c6c7+, P@e5 or SAN such as Pe4)"
    );
    assert_eq!(
        start.parse_move("Nj4"),
        Err(MoveError::UnknownSquare("j4".into()))
    );
    assert_eq!(
        start.parse_move("e10"),
        Err(MoveError::Syntax("e10".into()))
    );
}

#[test]
fn each_game_has_its_korean_name() {
    assert_eq!(Variant::Mansindam.korean_name(), "만신담");
    assert_eq!(Variant::Pandemonium.korean_name(), "수라장");
}
