//! Property tests over arbitrary input: no parser panics, every error has a
//! message, and whatever is accepted is a consistent position.

use pantheon::engine::{read_pgn, Game, Position, Variant};
use proptest::prelude::*;

const SAMPLE_FENS: &[&str] = &[
    "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
    "rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/9/4V4/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] w - - 0 1",
    "2n5+R/4k1+P2/5+Mp2/9/9/1+n3+BP2/4K4/2q6/2+n6[PPPPPAAMCCRppppppppppqbn] b - - 1 65",
    "1+A2k+V3/6+R1+U/+F6+Rn/9/1e1n3E1/8P/1+r2+n4/4K4/+u8[EEVPPPPPBBppppafrbbn] b - - 0 79",
];

/// Whatever the parser accepts must be a sound position.
fn accepted_is_sound(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash());
    let again = Position::from_fen(pos.variant(), &pos.fen()).expect("own FEN reads back");
    assert_eq!(again.fen(), pos.fen());
    // Generating moves must not panic either.
    let _ = pos.legal_moves();
}

fn try_all_parsers(text: &str) {
    for variant in Variant::ALL {
        match Position::from_fen(variant, text) {
            Ok(pos) => accepted_is_sound(&pos),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        let start = Position::start(variant);
        for result in [
            start.parse_uci(text),
            start.parse_san(text),
            start.parse_move(text),
        ] {
            if let Err(e) = result {
                assert!(!e.to_string().is_empty());
            }
        }
        let _ = Game::from_uci_moves(variant, None, text.split_whitespace());
        if let Err(e) = read_pgn(text, variant) {
            assert!(!e.to_string().is_empty());
        }
    }
    let _ = text.parse::<Variant>();
}

/// A sample FEN with a few characters replaced, inserted or deleted: malformed
/// in ways that reach deep into the parser.
fn mutated_fen() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "0123456789/+[]-wb kKpPnNqQaAcCmMrRbBeEfFuUvVgGtTxX"
        .chars()
        .collect();
    (
        prop::sample::select(SAMPLE_FENS),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                0u8..3,
                prop::sample::select(alphabet),
            ),
            1..4,
        ),
    )
        .prop_map(|(fen, edits)| {
            let mut chars: Vec<char> = fen.chars().collect();
            for (at, op, c) in edits {
                let i = at.index(chars.len() + 1);
                match op {
                    0 if i < chars.len() => chars[i] = c,
                    1 => chars.insert(i, c),
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        try_all_parsers(&text);
    }

    #[test]
    fn move_shaped_strings_never_panic(text in "[a-kP-Z@+=x#1-90]{1,7}") {
        try_all_parsers(&text);
    }

    #[test]
    fn mutated_fens_never_panic(text in mutated_fen()) {
        try_all_parsers(&text);
    }
}
