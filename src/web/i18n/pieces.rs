use crate::protocol::{KindView, Side};
use crate::web::prefs::PieceSet;

/// The character on a traditional tile (and in the traditional set's
/// notation): the piece's own, but for the Kings,
/// which are the Yang (陽, White's) and the Eum (陰, Black's), as the inventor
/// names them.
pub fn character(side: Side, kind: &KindView) -> char {
    tile_character(kind.royal, kind.hanja, side)
}

/// [`character`] from a piece's parts (the diagrams read them from the
/// engine's tables).
pub const fn tile_character(royal: bool, hanja: char, side: Side) -> char {
    match (royal, side) {
        (true, Side::White) => '陽',
        (true, Side::Black) => '陰',
        _ => hanja,
    }
}

/// A move's SAN as the piece set writes it: with the traditional set, each
/// piece letter (the moving piece's, first, and the promoted kind's, after
/// `=`) becomes the piece's character, as on its tile, of `mover`'s side
/// (lishogi's kanji notation). File letters are lower case and stay.
pub fn notation(san: &str, mover: Side, kinds: &[KindView], set: PieceSet) -> String {
    if set != PieceSet::Traditional {
        return san.to_string();
    }
    let mut after_equals = true;
    san.chars()
        .map(|c| {
            let piece = after_equals && c.is_ascii_uppercase();
            after_equals = c == '=';
            match kinds.iter().find(|k| k.letter == c).filter(|_| piece) {
                Some(kind) => character(mover, kind),
                None => c,
            }
        })
        .collect()
}

#[cfg(test)]
mod notation_tests {
    use super::*;
    use crate::worker::testing;

    fn written(variant: &str, san: &str, mover: Side) -> String {
        let kinds = testing::game(variant, None).snapshot().kinds;
        notation(san, mover, &kinds, PieceSet::Traditional)
    }

    #[test]
    fn the_traditional_set_writes_each_piece_letter_as_its_character() {
        let w = Side::White;
        for (san, expected) in [
            ("Pe4", "步e4"),
            ("Na1xb3", "騎a1xb3"),
            ("R1a3", "方1a3"),
            ("N@e5", "騎@e5"),
            ("Pd8=G+", "步d8=哨+"),
            ("Ri9=T#", "方i9=龍#"),
            ("Ke3", "陽e3"),
        ] {
            assert_eq!(written("mansindam", san, w), expected, "{san}");
        }
        // The Kings are the Yang and the Eum, as on their tiles.
        assert_eq!(written("pandemonium", "Kxe2", Side::White), "陽xe2");
        assert_eq!(written("pandemonium", "Ke8", Side::Black), "陰e8");
        assert_eq!(written("pandemonium", "Ve4=M", Side::Black), "前e4=犀");
        // The international and figurine sets keep the letters.
        let kinds = testing::game("mansindam", None).snapshot().kinds;
        assert_eq!(notation("Bxc4", w, &kinds, PieceSet::International), "Bxc4");
        assert_eq!(notation("Bxc4", w, &kinds, PieceSet::Figurine), "Bxc4");
    }
}
