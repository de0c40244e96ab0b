//! The pieces' Korean names, read from their Chinese characters (RULES.md;
//! Mansindam by the full names on the inventor's page). The English names
//! and the characters are in each variant's table ([`super::variant`]).

use super::Variant;

impl Variant {
    /// The game's Korean name.
    pub const fn korean_name(self) -> &'static str {
        match self {
            Variant::Mansindam => "만신담",
            Variant::Pandemonium => "수라장",
        }
    }

    /// The Korean name of one of the game's pieces, by its letter.
    pub fn korean_piece_name(self, letter: char) -> Option<&'static str> {
        let table: &[(char, &str)] = if self == Variant::Pandemonium {
            &[
                ('P', "병"),
                ('G', "도"),
                ('R', "주"),
                ('D', "용"),
                ('B', "각"),
                ('H', "마"),
                ('N', "기"),
                ('O', "대"),
                ('E', "장"),
                ('W', "화"),
                ('F', "인"),
                ('Q', "분"),
                ('V', "전"),
                ('M', "서"),
                ('A', "유"),
                ('C', "예"),
                ('U', "우"),
                ('T', "관"),
                ('K', "궁"),
            ]
        } else {
            &[
                ('P', "보병"),
                ('G', "초병"),
                ('N', "기사"),
                ('E', "위사"),
                ('B', "각행"),
                ('H', "용마"),
                ('R', "방행"),
                ('T', "용왕"),
                ('C', "예하"),
                ('I', "성하"),
                ('M', "수상"),
                ('S', "명상"),
                ('Q', "분왕"),
                ('A', "천마"),
                ('K', "옥장"),
            ]
        };
        table.iter().find(|(l, _)| *l == letter).map(|(_, n)| *n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_of_both_games_has_a_korean_name() {
        for variant in Variant::ALL {
            let mut seen = Vec::new();
            for k in variant.rules().kinds.iter() {
                let name = variant.korean_piece_name(k.letter);
                assert!(name.is_some(), "{variant:?} {} has no Korean name", k.name);
                assert!(!seen.contains(&name), "{variant:?}: {name:?} twice");
                seen.push(name);
            }
        }
        assert_eq!(Variant::Mansindam.korean_piece_name('K'), Some("옥장"));
        assert_eq!(Variant::Pandemonium.korean_piece_name('K'), Some("궁"));
        assert_eq!(Variant::Mansindam.korean_piece_name('X'), None);
    }
}
