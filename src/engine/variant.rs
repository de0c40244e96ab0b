//! The two games as data: every piece kind with its moves, promotion and hand
//! behaviour, and the handful of rule switches that tell the games apart.
//!
//! Nothing else in the engine knows a piece by name: move generation, attack
//! detection, FEN and SAN all read these tables.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use super::types::{Bitboard, Color, Square, SQUARES};

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    Mansindam,
    Pandemonium,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Mansindam, Variant::Pandemonium];

    /// The identifier used in URLs, UCI (`UCI_Variant`) and file names.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Mansindam => "mansindam",
            Variant::Pandemonium => "pandemonium",
        }
    }

    /// The name for people (and for PGN's `[Variant]` tag).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Mansindam => "Mansindam",
            Variant::Pandemonium => "Pandemonium",
        }
    }

    pub fn rules(self) -> &'static Rules {
        match self {
            Variant::Mansindam => &MANSINDAM,
            Variant::Pandemonium => &PANDEMONIUM,
        }
    }

    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Mansindam => "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
            Variant::Pandemonium => {
                "rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/9/4V4/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] w - - 0 1"
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for an unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected mansindam or pandemonium)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "mansindam" | "pantheon" | "pantheontale" => Ok(Variant::Mansindam),
            // Fairy-Stockfish's name for the prose-following definition.
            "pandemonium" | "pandemonium_prose" | "surajang" => Ok(Variant::Pandemonium),
            _ => Err(UnknownVariant(s.chars().take(40).collect())),
        }
    }
}

/// A piece kind's index in its variant's table (`0..rules.kinds.len()`).
/// Hand kinds come first, so a hand kind's index is also its hand slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The ways a piece moves, as a set of Betza atoms. Every move of every piece of
/// both games is a union of these.
pub mod atom {
    /// One step straight forward (`fW`).
    pub const PAWN: u8 = 0;
    /// One step orthogonally (`W`, Wazir).
    pub const WAZIR: u8 = 1;
    /// One step diagonally (`F`, Ferz).
    pub const FERZ: u8 = 2;
    /// Knight leap (`N`).
    pub const KNIGHT: u8 = 3;
    /// Leap two squares diagonally (`A`, Alfil).
    pub const ALFIL: u8 = 4;
    /// Leap two squares orthogonally (`D`, Dabbaba).
    pub const DABBABA: u8 = 5;
    /// Slide orthogonally (`R`).
    pub const ROOK: u8 = 6;
    /// Slide diagonally (`B`).
    pub const BISHOP: u8 = 7;
    pub const COUNT: usize = 8;

    /// Leaper offsets `(file, rank)` from White's point of view.
    pub const fn offsets(atom: u8) -> &'static [(i8, i8)] {
        match atom {
            PAWN => &[(0, 1)],
            WAZIR => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
            FERZ => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            KNIGHT => &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            ALFIL => &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
            DABBABA => &[(0, 2), (2, 0), (0, -2), (-2, 0)],
            _ => &[],
        }
    }

    pub const fn is_slider(atom: u8) -> bool {
        atom == ROOK || atom == BISHOP
    }
}

/// Parses the Betza subset used by the two games (`fW W F N A D R B K`) into a
/// bit set of [`atom`]s.
const fn betza(s: &str) -> u8 {
    const fn bit(a: u8) -> u8 {
        1 << a
    }
    let b = s.as_bytes();
    let mut i = 0;
    let mut set = 0u8;
    while i < b.len() {
        let bits = match b[i] {
            b'f' => {
                // Only `fW` is used: one step forward.
                assert!(
                    i + 1 < b.len() && b[i + 1] == b'W',
                    "unsupported Betza modifier"
                );
                i += 1;
                bit(atom::PAWN)
            }
            b'W' => bit(atom::WAZIR),
            b'F' => bit(atom::FERZ),
            b'K' => bit(atom::WAZIR) | bit(atom::FERZ),
            b'N' => bit(atom::KNIGHT),
            b'A' => bit(atom::ALFIL),
            b'D' => bit(atom::DABBABA),
            b'R' => bit(atom::ROOK),
            b'B' => bit(atom::BISHOP),
            _ => panic!("unsupported Betza atom"),
        };
        set |= bits;
        i += 1;
    }
    set
}

/// One row of a variant's piece table, as RULES.md writes it.
pub struct PieceDef {
    /// The letter in SAN and on the international piece set. For a promoted kind,
    /// FEN writes `+` and the letter of the kind it was promoted from.
    pub letter: char,
    pub name: &'static str,
    /// The character on the traditional tile.
    pub hanja: &'static str,
    /// Moves in Betza notation (from White's side).
    pub betza: &'static str,
    /// The letter of the kind this one promotes to.
    pub promotes_to: Option<char>,
    pub royal: bool,
}

const fn piece(
    letter: char,
    name: &'static str,
    hanja: &'static str,
    betza: &'static str,
) -> PieceDef {
    PieceDef {
        letter,
        name,
        hanja,
        betza,
        promotes_to: None,
        royal: false,
    }
}

const fn promotes(
    letter: char,
    name: &'static str,
    hanja: &'static str,
    betza: &'static str,
    to: char,
) -> PieceDef {
    PieceDef {
        letter,
        name,
        hanja,
        betza,
        promotes_to: Some(to),
        royal: false,
    }
}

const fn king(hanja: &'static str) -> PieceDef {
    PieceDef {
        letter: 'K',
        name: "King",
        hanja,
        betza: "K",
        promotes_to: None,
        royal: true,
    }
}

/// Mansindam (RULES.md): hand kinds first, in the order the hand shows them.
const MANSINDAM_PIECES: &[PieceDef] = &[
    promotes('P', "Pawn", "步", "fW", 'G'),
    promotes('N', "Knight", "騎", "N", 'E'),
    promotes('B', "Bishop", "角", "B", 'H'),
    promotes('R', "Rook", "方", "R", 'T'),
    promotes('C', "Cardinal", "猊", "BN", 'I'),
    promotes('M', "Marshal", "首", "RN", 'S'),
    piece('Q', "Queen", "奔", "RB"),
    piece('A', "Angel", "天", "RBN"),
    king("玉"),
    piece('G', "Guard", "哨", "WF"),
    piece('E', "Centaur", "衛", "WFN"),
    piece('H', "Archer", "馬", "BW"),
    piece('T', "Tiger", "龍", "RF"),
    piece('I', "Rhino", "聖", "BNW"),
    piece('S', "Ship", "名", "RNF"),
];

/// Pandemonium (RULES.md): hand kinds first, in the order the hand shows them.
const PANDEMONIUM_PIECES: &[PieceDef] = &[
    promotes('P', "Pawn", "兵", "fW", 'G'),
    promotes('N', "Knight", "騎", "N", 'O'),
    promotes('B', "Bishop", "閣", "B", 'H'),
    promotes('R', "Rook", "走", "R", 'D'),
    promotes('F', "Ferz", "刃", "F", 'Q'),
    promotes('E', "Erlking", "將", "WF", 'W'),
    promotes('A', "Alfil", "遊", "A", 'C'),
    promotes('U', "Bull", "牛", "D", 'T'),
    promotes('V', "Van", "前", "W", 'M'),
    king("宮"),
    piece('G', "Guard", "鍍", "WF"),
    piece('O', "Kangaroo", "袋", "NA"),
    piece('H', "Horse", "馬", "BW"),
    piece('D', "Dragon", "龍", "RF"),
    piece('Q', "Queen", "奔", "RB"),
    piece('W', "Hwacha", "火", "WFD"),
    piece('C', "Cardinal", "猊", "BN"),
    piece('T', "Centaur", "冠", "WFN"),
    piece('M', "Marshal", "犀", "RN"),
];

/// Most kinds in any variant; sizes the fixed tables.
pub const MAX_KINDS: usize = 20;
/// Most hand kinds in any variant.
pub const MAX_HAND: usize = 9;

/// How a third occurrence of a situation is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// Mansindam: a move that would make a third occurrence is illegal.
    Illegal,
    /// Pandemonium: the move ends the game; the perpetual checker, or else the
    /// player who made the move, loses.
    Loses,
}

/// Everything about one kind that the engine reads in its inner loops.
#[derive(Clone, Debug)]
pub struct KindInfo {
    pub letter: char,
    pub name: &'static str,
    pub hanja: &'static str,
    pub betza: &'static str,
    /// Bit set of [`atom`]s.
    pub atoms: u8,
    pub promotes_to: Option<Kind>,
    /// The kind it was promoted from (itself for an unpromoted kind); a captured
    /// piece goes to the hand as this kind.
    pub base: Kind,
    pub promoted: bool,
    pub royal: bool,
}

/// A variant's complete rule data, built once.
pub struct Rules {
    pub variant: Variant,
    pub kinds: Vec<KindInfo>,
    /// Hand kinds are `Kind(0)..Kind(hand_kinds)`.
    pub hand_kinds: usize,
    pub king: Kind,
    pub pawn: Kind,
    /// Mansindam: every move that may promote must promote.
    pub promotion_compulsory: bool,
    /// Mansindam: no Pawn drop on the last rank or on a file holding an own
    /// unpromoted Pawn.
    pub pawn_drop_limits: bool,
    /// Mansindam: a King that moves onto its far rank wins.
    pub campmate: bool,
    pub repetition: RepetitionRule,
    /// How many of each hand kind one side starts with (the set), by kind index.
    pub set_count: [u8; MAX_KINDS],
    /// Leaper attacks by colour, kind and square.
    pub(crate) leaps: Box<[[[Bitboard; SQUARES]; MAX_KINDS]; 2]>,
}

impl Rules {
    fn build(variant: Variant, defs: &[PieceDef]) -> Rules {
        assert!(defs.len() <= MAX_KINDS);
        let find = |letter: char| {
            let i = defs
                .iter()
                .position(|d| d.letter == letter)
                .expect("kind in table");
            Kind(i as u8)
        };
        let mut kinds: Vec<KindInfo> = defs
            .iter()
            .enumerate()
            .map(|(i, d)| KindInfo {
                letter: d.letter,
                name: d.name,
                hanja: d.hanja,
                betza: d.betza,
                atoms: betza(d.betza),
                promotes_to: d.promotes_to.map(find),
                base: Kind(i as u8),
                promoted: false,
                royal: d.royal,
            })
            .collect();
        for i in 0..kinds.len() {
            if let Some(p) = kinds[i].promotes_to {
                kinds[p.index()].base = Kind(i as u8);
                kinds[p.index()].promoted = true;
            }
        }
        let hand_kinds = kinds.iter().take_while(|k| !k.promoted && !k.royal).count();
        assert!(hand_kinds <= MAX_HAND);
        assert!(kinds[hand_kinds..].iter().all(|k| k.promoted || k.royal));

        let mut leaps = Box::new([[[Bitboard::EMPTY; SQUARES]; MAX_KINDS]; 2]);
        for color in Color::BOTH {
            for (k, info) in kinds.iter().enumerate() {
                for sq in Square::all() {
                    leaps[color.index()][k][sq.index()] = leaper_attacks(info.atoms, color, sq);
                }
            }
        }

        let (promotion_compulsory, pawn_drop_limits, campmate, repetition) = match variant {
            Variant::Mansindam => (true, true, true, RepetitionRule::Illegal),
            Variant::Pandemonium => (false, false, false, RepetitionRule::Loses),
        };
        let mut rules = Rules {
            variant,
            hand_kinds,
            king: find('K'),
            pawn: find('P'),
            kinds,
            promotion_compulsory,
            pawn_drop_limits,
            campmate,
            repetition,
            set_count: [0; MAX_KINDS],
            leaps,
        };
        rules.set_count = count_set(&rules, variant.start_fen());
        rules
    }

    #[inline]
    pub fn kind(&self, k: Kind) -> &KindInfo {
        &self.kinds[k.index()]
    }

    /// The kind whose own letter (SAN, international set) is `letter`.
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .map(|i| Kind(i as u8))
    }

    /// The hand kinds in display order.
    pub fn hand_kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..self.hand_kinds as u8).map(Kind)
    }

    /// The squares where a move that starts or ends may promote: ranks 7–9 for
    /// White, 1–3 for Black.
    #[inline]
    pub fn zone(&self, color: Color) -> Bitboard {
        match color {
            Color::White => {
                Bitboard(Bitboard::rank(6).0 | Bitboard::rank(7).0 | Bitboard::rank(8).0)
            }
            Color::Black => {
                Bitboard(Bitboard::rank(0).0 | Bitboard::rank(1).0 | Bitboard::rank(2).0)
            }
        }
    }
}

/// Squares a leaper made of `atoms` reaches from `sq` on an empty board.
fn leaper_attacks(atoms: u8, color: Color, sq: Square) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for a in 0..atom::COUNT as u8 {
        if atoms & (1 << a) == 0 {
            continue;
        }
        for &(df, dr) in atom::offsets(a) {
            let dr = if color == Color::White { dr } else { -dr };
            if let Some(to) = sq.offset(df, dr) {
                bb |= to.bb();
            }
        }
    }
    bb
}

/// Counts one side's pieces of each hand kind (by base kind) in a start FEN.
fn count_set(rules: &Rules, fen: &str) -> [u8; MAX_KINDS] {
    let mut counts = [0u8; MAX_KINDS];
    let board = fen.split('[').next().unwrap_or("");
    let mut promoted = false;
    for c in board.chars() {
        if c == '+' {
            promoted = true;
            continue;
        }
        if c.is_ascii_uppercase() {
            let k = rules
                .kind_by_letter(c)
                .expect("start FEN uses known letters");
            let k = if promoted {
                rules.kind(k).promotes_to.expect("promotable")
            } else {
                k
            };
            counts[rules.kind(k).base.index()] += 1;
        }
        promoted = false;
    }
    counts
}

static MANSINDAM: LazyLock<Rules> =
    LazyLock::new(|| Rules::build(Variant::Mansindam, MANSINDAM_PIECES));
static PANDEMONIUM: LazyLock<Rules> =
    LazyLock::new(|| Rules::build(Variant::Pandemonium, PANDEMONIUM_PIECES));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_follow_rules_md() {
        let m = Variant::Mansindam.rules();
        let letters: String = m.hand_kinds().map(|k| m.kind(k).letter).collect();
        assert_eq!(letters, "PNBRCMQA");
        let p = Variant::Pandemonium.rules();
        let letters: String = p.hand_kinds().map(|k| p.kind(k).letter).collect();
        assert_eq!(letters, "PNBRFEAUV");
        // A Pandemonium Queen is a promoted Ferz and goes to the hand as a Ferz.
        let q = p.kind_by_letter('Q').unwrap();
        assert_eq!(p.kind(p.kind(q).base).letter, 'F');
        assert!(p.kind(q).promoted);
        // Set counts come from the start position.
        assert_eq!(m.set_count[m.pawn.index()], 9);
        assert_eq!(p.set_count[p.pawn.index()], 5);
        assert_eq!(p.set_count[p.kind_by_letter('E').unwrap().index()], 2);
        assert_eq!(p.set_count[p.kind_by_letter('F').unwrap().index()], 1);
    }

    #[test]
    fn leaper_tables() {
        let p = Variant::Pandemonium.rules();
        let e5 = Square::parse("e5").unwrap();
        let count = |letter: char, c: Color| {
            p.leaps[c.index()][p.kind_by_letter(letter).unwrap().index()][e5.index()].count()
        };
        assert_eq!(count('W', Color::White), 12); // Hwacha: WFD
        assert_eq!(count('O', Color::White), 12); // Kangaroo: NA
        assert_eq!(count('P', Color::Black), 1);
        let pawn = p.leaps[1][p.pawn.index()][e5.index()];
        assert_eq!(pawn.first(), Square::parse("e4"));
    }
}
