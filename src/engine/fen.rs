//! FEN in the Fairy-Stockfish format: `board[hands] side - - halfmove fullmove`,
//! with `+X` for a promoted piece and both hands in brackets after the board.

use std::fmt::{self, Write};

use super::position::{Piece, Position};
use super::types::{Bitboard, Color, Square, FILES, RANKS, SQUARES};
use super::variant::{Kind, Variant, MAX_HAND, MAX_KINDS};

/// Longest FEN accepted; a real one is under 150 characters.
const MAX_FEN_LEN: usize = 512;

/// What is wrong with a FEN, in words a player can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    TooLong(usize),
    /// The board has this many ranks instead of 9.
    RankCount(usize),
    /// Rank (1–9) describes this many files instead of 9.
    RankWidth {
        rank: u8,
        files: usize,
    },
    UnknownPiece {
        letter: char,
        rank: u8,
        variant: Variant,
    },
    /// A letter that names a promoted kind, which FEN writes as `+` and the base.
    PromotedLetter {
        letter: char,
        base: char,
        name: &'static str,
    },
    NotPromotable {
        letter: char,
    },
    /// `+` not followed by a piece letter.
    DanglingPlus {
        rank: u8,
    },
    UnclosedHand,
    TextAfterHand(String),
    UnknownHandPiece {
        letter: char,
        variant: Variant,
    },
    NotForHand {
        letter: char,
    },
    HandTooLarge {
        color: Color,
        name: &'static str,
        count: usize,
        max: usize,
    },
    TooManyPieces {
        name: &'static str,
        count: usize,
        max: usize,
    },
    MissingSide,
    BadSide(String),
    BadField {
        field: &'static str,
        value: String,
    },
    KingCount {
        color: Color,
        count: usize,
    },
    OpponentInCheck(Color),
    StuckPawn {
        color: Color,
        square: Square,
    },
    /// Mansindam: two unpromoted Pawns of a side on one file.
    DoubledPawns {
        color: Color,
        file: char,
    },
}

/// "1 rank", "3 ranks".
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            Empty => write!(f, "the FEN is empty"),
            TooLong(n) => write!(
                f,
                "the FEN is {n} characters long; at most {MAX_FEN_LEN} are read"
            ),
            RankCount(n) => write!(
                f,
                "the board has {}; it needs 9, separated by '/'",
                counted(*n, "rank")
            ),
            RankWidth { rank, files } => {
                write!(f, "rank {rank} has {}; it needs 9", counted(*files, "file"))
            }
            UnknownPiece {
                letter,
                rank,
                variant,
            } => {
                write!(
                    f,
                    "unknown piece '{letter}' on rank {rank} (not a {variant} piece letter)"
                )
            }
            PromotedLetter { letter, base, name } => write!(
                f,
                "'{letter}' is written '+{base}' in FEN (a {name} is a promoted {base})"
            ),
            NotPromotable { letter } => write!(f, "'+{letter}': that piece does not promote"),
            DanglingPlus { rank } => {
                write!(f, "'+' on rank {rank} is not followed by a piece letter")
            }
            UnclosedHand => write!(f, "the hands start with '[' but have no closing ']'"),
            TextAfterHand(s) => write!(f, "unexpected '{s}' after the hands"),
            UnknownHandPiece { letter, variant } => {
                write!(
                    f,
                    "unknown piece '{letter}' in the hands (not a {variant} piece letter)"
                )
            }
            NotForHand { letter } => write!(f, "'{letter}' cannot be held in hand"),
            HandTooLarge {
                color,
                name,
                count,
                max,
            } => {
                write!(f, "{color}'s hand holds {count} {name}s; the set has {max}")
            }
            TooManyPieces { name, count, max } => {
                write!(
                    f,
                    "the position has {count} {name}s on the board and in hand; the set has {max}"
                )
            }
            MissingSide => write!(
                f,
                "the side to move is missing (add ' w' or ' b' after the board)"
            ),
            BadSide(s) => write!(f, "the side to move must be 'w' or 'b', not '{s}'"),
            BadField { field, value } => write!(f, "the {field} field '{value}' is not valid"),
            KingCount { color, count: 0 } => write!(f, "{color} has no King"),
            KingCount { color, count } => {
                write!(f, "{color} has {count} Kings; a side has exactly one")
            }
            OpponentInCheck(c) => write!(f, "{c} is in check but it is not {c}'s move"),
            StuckPawn { color, square } => {
                write!(f, "the {color} Pawn on {square} could never move (Mansindam Pawns promote on the last rank)")
            }
            DoubledPawns { color, file } => write!(
                f,
                "{color} has two Pawns on file {file}; a Mansindam side has at most one unpromoted Pawn on a file"
            ),
        }
    }
}

impl std::error::Error for FenError {}

fn short(s: &str) -> String {
    let mut out: String = s.chars().take(20).collect();
    if s.chars().count() > 20 {
        out.push('…');
    }
    out
}

/// A position as a FEN writes it, before the rules judge it: what stands
/// on each square, the hands, the side to move and the counters. The board
/// editor edits one; [`Setup::position`] is where the rules accept it (or
/// say what is wrong), and [`Position::from_fen`] is [`Setup::read`] then
/// that.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    /// What stands on each square, a1 first (see [`Square::index`]).
    pub board: [Option<Piece>; SQUARES],
    /// Pieces in hand per hand kind, White's then Black's.
    pub hands: [[u16; MAX_HAND]; 2],
    pub side: Color,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Setup {
    /// An empty board, empty hands, White to move.
    pub fn empty(variant: Variant) -> Setup {
        Setup {
            variant,
            board: [None; SQUARES],
            hands: [[0; MAX_HAND]; 2],
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// What a position is made of.
    pub fn of(pos: &Position) -> Setup {
        let rules = pos.rules();
        let mut setup = Setup::empty(pos.variant());
        for sq in Square::all() {
            setup.board[sq.index()] = pos.piece_at(sq);
        }
        for color in Color::BOTH {
            for kind in rules.hand_kinds() {
                setup.hands[color.index()][kind.index()] = pos.hand(color, kind).into();
            }
        }
        setup.side = pos.side_to_move();
        setup.halfmove = pos.halfmove_clock();
        setup.fullmove = pos.fullmove_number();
        setup
    }

    /// Reads a FEN's text: any string is accepted as input, and one that is
    /// not written as a FEN of the variant gives an error naming what is
    /// wrong. Whether the rules allow the position is [`Setup::position`]'s
    /// question.
    pub fn read(variant: Variant, fen: &str) -> Result<Setup, FenError> {
        let fen = fen.trim();
        if fen.is_empty() {
            return Err(FenError::Empty);
        }
        if fen.len() > MAX_FEN_LEN {
            return Err(FenError::TooLong(fen.len()));
        }
        let rules = variant.rules();
        let mut setup = Setup::empty(variant);
        let mut fields = fen.split_whitespace();
        let first = fields.next().ok_or(FenError::Empty)?;
        let (board, hands) = match first.find('[') {
            Some(i) => {
                let rest = &first[i + 1..];
                let close = rest.find(']').ok_or(FenError::UnclosedHand)?;
                if close + 1 < rest.len() {
                    return Err(FenError::TextAfterHand(short(&rest[close + 1..])));
                }
                (&first[..i], &rest[..close])
            }
            None => (first, ""),
        };

        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != RANKS as usize {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i as u8;
            let mut file = 0usize;
            let mut promoted = false;
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    if promoted {
                        return Err(FenError::DanglingPlus { rank: rank + 1 });
                    }
                    let mut n = d as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = (n * 10 + d as usize).min(1000);
                        chars.next();
                    }
                    file += n;
                    continue;
                }
                if c == '+' {
                    if promoted {
                        return Err(FenError::DanglingPlus { rank: rank + 1 });
                    }
                    promoted = true;
                    continue;
                }
                let color = color_of(c);
                let kind =
                    rules
                        .kind_by_letter(c.to_ascii_uppercase())
                        .ok_or(FenError::UnknownPiece {
                            letter: c,
                            rank: rank + 1,
                            variant,
                        })?;
                let info = rules.kind(kind);
                if info.promoted {
                    return Err(FenError::PromotedLetter {
                        letter: c,
                        base: rules.kind(info.base).letter,
                        name: info.name,
                    });
                }
                let kind = if promoted {
                    promoted = false;
                    info.promotes_to
                        .ok_or(FenError::NotPromotable { letter: c })?
                } else {
                    kind
                };
                if let Some(sq) = Square::new(file.min(FILES as usize) as u8, rank) {
                    setup.board[sq.index()] = Some(Piece { color, kind });
                }
                file += 1;
            }
            if promoted {
                return Err(FenError::DanglingPlus { rank: rank + 1 });
            }
            if file != FILES as usize {
                return Err(FenError::RankWidth {
                    rank: rank + 1,
                    files: file,
                });
            }
        }

        for c in hands.chars() {
            let kind = rules
                .kind_by_letter(c.to_ascii_uppercase())
                .ok_or(FenError::UnknownHandPiece { letter: c, variant })?;
            if kind.index() >= rules.hand_kinds {
                return Err(FenError::NotForHand { letter: c });
            }
            setup.hands[color_of(c).index()][kind.index()] += 1;
        }

        setup.side = match fields.next() {
            None => return Err(FenError::MissingSide),
            Some("w") | Some("W") => Color::White,
            Some("b") | Some("B") => Color::Black,
            Some(s) => return Err(FenError::BadSide(short(s))),
        };
        for field in ["castling", "en passant"] {
            match fields.next() {
                None | Some("-") => {}
                Some(s) => {
                    return Err(FenError::BadField {
                        field,
                        value: short(s),
                    })
                }
            }
        }
        let mut number = |field: &'static str, default: u32| match fields.next() {
            None => Ok(default),
            Some(s) => s.parse::<u32>().map_err(|_| FenError::BadField {
                field,
                value: short(s),
            }),
        };
        setup.halfmove = number("halfmove clock", 0)?;
        setup.fullmove = number("move number", 1)?.clamp(1, 1_000_000);
        if let Some(s) = fields.next() {
            return Err(FenError::BadField {
                field: "end",
                value: short(s),
            });
        }
        Ok(setup)
    }

    /// The position, if the rules allow it: one King a side, no more pieces
    /// than the set has, no Mansindam Pawn that could never have got where
    /// it stands, and the side not to move not in check.
    pub fn position(&self) -> Result<Position, FenError> {
        let rules = self.variant.rules();
        let mut on_board = [[0usize; MAX_KINDS]; 2];
        for piece in self.board.iter().flatten() {
            on_board[piece.color.index()][piece.kind.index()] += 1;
        }
        for color in Color::BOTH {
            for kind in rules.hand_kinds() {
                let count = self.hands[color.index()][kind.index()] as usize;
                let max = 2 * rules.set_count[kind.index()] as usize;
                if count > max {
                    let name = rules.kind(kind).name;
                    return Err(FenError::HandTooLarge {
                        color,
                        name,
                        count,
                        max,
                    });
                }
            }
        }
        for color in Color::BOTH {
            let count = on_board[color.index()][rules.king.index()];
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
        }
        let mut totals = [0usize; MAX_KINDS];
        for color in Color::BOTH {
            for (k, info) in rules.kinds.iter().enumerate() {
                totals[info.base.index()] += on_board[color.index()][k];
            }
            for kind in rules.hand_kinds() {
                totals[kind.index()] += self.hands[color.index()][kind.index()] as usize;
            }
        }
        for kind in rules.hand_kinds() {
            let max = 2 * rules.set_count[kind.index()] as usize;
            if totals[kind.index()] > max {
                let name = rules.kind(kind).name;
                return Err(FenError::TooManyPieces {
                    name,
                    count: totals[kind.index()],
                    max,
                });
            }
        }

        let mut pos = Position::empty(self.variant);
        for sq in Square::all() {
            if let Some(piece) = self.board[sq.index()] {
                pos.setup_put(sq, piece);
            }
        }
        for color in Color::BOTH {
            for kind in rules.hand_kinds() {
                pos.setup_hand(color, kind, self.hands[color.index()][kind.index()] as u8);
            }
        }
        pos.setup_side(self.side);
        pos.halfmove = self.halfmove;
        pos.fullmove = self.fullmove;

        if rules.pawn_drop_limits {
            for color in Color::BOTH {
                let pawns = pos.with_atom(color, super::variant::atom::PAWN);
                if let Some(square) = (pawns & Bitboard::rank(color.far_rank())).first() {
                    return Err(FenError::StuckPawn { color, square });
                }
                // Pawns keep their file and may not be dropped beside one
                // of their own: two on a file cannot come about.
                let mut per_file = [0u8; FILES as usize];
                for (i, piece) in self.board.iter().enumerate() {
                    if *piece
                        == Some(Piece {
                            color,
                            kind: rules.pawn,
                        })
                    {
                        per_file[i % FILES as usize] += 1;
                    }
                }
                if let Some(file) = per_file.iter().position(|&n| n > 1) {
                    return Err(FenError::DoubledPawns {
                        color,
                        file: (b'a' + file as u8) as char,
                    });
                }
            }
        }
        let them = self.side.flip();
        if pos
            .attackers_to(pos.king(them), self.side, pos.occupied())
            .any()
        {
            return Err(FenError::OpponentInCheck(them));
        }
        pos.finish_setup();
        Ok(pos)
    }

    /// Writes the FEN (hands in the variant's hand order, White's first).
    pub fn fen(&self) -> String {
        let rules = self.variant.rules();
        let mut out = String::with_capacity(100);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                match Square::new(file, rank).and_then(|sq| self.board[sq.index()]) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        let info = rules.kind(p.kind);
                        let letter = if info.promoted {
                            out.push('+');
                            rules.kind(info.base).letter
                        } else {
                            info.letter
                        };
                        out.push(case(letter, p.color));
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push('[');
        for color in Color::BOTH {
            for kind in rules.hand_kinds() {
                for _ in 0..self.hands[color.index()][kind.index()] {
                    out.push(case(rules.kind(kind).letter, color));
                }
            }
        }
        out.push(']');
        let side = if self.side == Color::White { 'w' } else { 'b' };
        let _ = write!(out, " {side} - - {} {}", self.halfmove, self.fullmove);
        out
    }
}

impl Position {
    /// Reads a FEN. Any string is accepted as input; a bad one gives an error
    /// naming what is wrong.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Setup::read(variant, fen)?.position()
    }

    /// Writes the FEN (hands in the variant's hand order, White's first).
    pub fn fen(&self) -> String {
        Setup::of(self).fen()
    }

    /// The letter of a hand kind, for drops (`P@e5`).
    pub fn hand_letter(&self, kind: Kind) -> char {
        self.rules().kind(kind).letter
    }
}

fn color_of(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

fn case(letter: char, color: Color) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(variant: Variant, fen: &str) -> String {
        Position::from_fen(variant, fen).unwrap_err().to_string()
    }

    #[test]
    fn start_positions_round_trip() {
        for v in Variant::ALL {
            assert_eq!(Position::start(v).fen(), v.start_fen());
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let m = Variant::Mansindam;
        let p = Variant::Pandemonium;
        assert_eq!(err(m, ""), "the FEN is empty");
        assert_eq!(
            err(m, "9/9/9 w"),
            "the board has 3 ranks; it needs 9, separated by '/'"
        );
        assert_eq!(
            err(m, "4k4 w"),
            "the board has 1 rank; it needs 9, separated by '/'"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/k/4K4[] w"),
            "rank 2 has 1 file; it needs 9"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/4P5/4K4[] w"),
            "rank 2 has 10 files; it needs 9"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/45/4K4[] w"),
            "rank 2 has 45 files; it needs 9"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/4x4/4K4[] w"),
            "unknown piece 'x' on rank 2 (not a Mansindam piece letter)"
        );
        assert_eq!(
            err(p, "4k4/9/9/9/9/9/9/4Q4/4K4[] w"),
            "'Q' is written '+F' in FEN (a Queen is a promoted F)"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[PPPPPPPPPPPPPPPPPPP] w"),
            "White's hand holds 19 Pawns; the set has 18"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[NNNNn] w"),
            "the position has 5 Knights on the board and in hand; the set has 4"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[K] w"),
            "'K' cannot be held in hand"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[] x"),
            "the side to move must be 'w' or 'b', not 'x'"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[]"),
            "the side to move is missing (add ' w' or ' b' after the board)"
        );
        assert_eq!(err(m, "9/9/9/9/9/9/9/9/4K4[] w"), "Black has no King");
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[ w"),
            "the hands start with '[' but have no closing ']'"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/3+K4[] w"),
            "'+K': that piece does not promote"
        );
        assert_eq!(
            err(m, "4k4/4R4/9/9/9/9/9/9/4K4[] w"),
            "Black is in check but it is not Black's move"
        );
        assert_eq!(
            err(m, "1P2k4/9/9/9/9/9/9/9/4K4[] w"),
            "the White Pawn on b9 could never move (Mansindam Pawns promote on the last rank)"
        );
        // A '+' before a number, before another '+', at a rank's end.
        for rank in ["+18", "++P8", "8+", "+9"] {
            assert_eq!(
                err(m, &format!("4k4/9/9/9/9/9/9/{rank}/4K4[] w")),
                "'+' on rank 2 is not followed by a piece letter",
                "{rank}"
            );
        }
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[P]x2 w"),
            "unexpected 'x2' after the hands"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[P]] w"),
            "unexpected ']' after the hands"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/9/9/4K4[] w - - x 1"),
            "the halfmove clock field 'x' is not valid"
        );
    }

    /// A FEN of 512 characters is read, one of 513 is refused unread;
    /// spaces between the fields count, around them they do not.
    #[test]
    fn a_fen_of_512_characters_is_read_and_no_more() {
        let m = Variant::Mansindam;
        let fen = |len: usize| {
            let (board, rest) = ("4k4/9/9/9/9/9/9/9/4K4[] w", "- - 0 1");
            format!(
                "{board}{}{rest}",
                " ".repeat(len - board.len() - rest.len())
            )
        };
        assert_eq!(fen(512).len(), 512);
        let pos = Position::from_fen(m, &format!("  {}\n", fen(512))).unwrap();
        assert_eq!(pos.fen(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(
            err(m, &fen(513)),
            "the FEN is 513 characters long; at most 512 are read"
        );
    }

    /// A bad value is quoted whole up to 20 characters, then cut with '…'.
    #[test]
    fn long_bad_values_are_cut_in_messages() {
        let m = Variant::Mansindam;
        let side = |s: &str| err(m, &format!("4k4/9/9/9/9/9/9/9/4K4[] {s}"));
        let twenty = "x".repeat(20);
        assert_eq!(
            side(&twenty),
            format!("the side to move must be 'w' or 'b', not '{twenty}'")
        );
        assert_eq!(
            side(&"x".repeat(21)),
            format!("the side to move must be 'w' or 'b', not '{twenty}…'")
        );
        // Characters, not bytes.
        assert_eq!(
            side(&"é".repeat(21)),
            format!(
                "the side to move must be 'w' or 'b', not '{}…'",
                "é".repeat(20)
            )
        );
    }

    /// A Mansindam Pawn keeps its file and may not be dropped beside one of
    /// its own, so two unpromoted Pawns of a side never share a file; a
    /// promoted one (a Guard) may stand beside one, and Pandemonium allows
    /// them.
    #[test]
    fn doubled_mansindam_pawns_are_refused() {
        let m = Variant::Mansindam;
        assert_eq!(
            err(m, "4k4/9/9/9/9/9/4P4/4P4/4K4[] w"),
            "White has two Pawns on file e; a Mansindam side has at most one unpromoted Pawn on a file"
        );
        assert_eq!(
            err(m, "4k4/9/9/9/9/8p/9/8p/4K4[] b"),
            "Black has two Pawns on file i; a Mansindam side has at most one unpromoted Pawn on a file"
        );
        for fen in [
            "4k4/9/9/9/9/9/4+P4/4P4/4K4[] w - - 0 1",
            "4k4/9/9/9/9/9/3P5/4P4/4K4[] w - - 0 1",
            "4k4/9/9/9/9/9/4p4/4P4/4K4[] w - - 0 1",
        ] {
            assert_eq!(Position::from_fen(m, fen).unwrap().fen(), fen);
        }
        let p = Variant::Pandemonium;
        let fen = "4k4/9/9/9/9/9/4P4/4P4/4K4[] w - - 0 1";
        assert_eq!(Position::from_fen(p, fen).unwrap().fen(), fen);
    }

    /// The board editor's setup: any FEN written right is read, whether or
    /// not the rules allow it, and written back as it was; the rules then
    /// judge it.
    #[test]
    fn a_setup_is_read_before_the_rules_judge_it() {
        let m = Variant::Mansindam;
        let fen = "4k4/9/9/9/9/9/9/9/3KK4[Pc] b - - 4 9";
        let setup = Setup::read(m, fen).unwrap();
        assert_eq!(setup.fen(), fen);
        assert_eq!(setup.side, Color::Black);
        assert_eq!(setup.hands[1][4], 1);
        assert_eq!(
            setup.board[Square::parse("d1").unwrap().index()],
            Some(Piece {
                color: Color::White,
                kind: Kind(8)
            })
        );
        assert_eq!(
            setup.position().unwrap_err().to_string(),
            "White has 2 Kings; a side has exactly one"
        );
        assert_eq!(Setup::empty(m).fen(), "9/9/9/9/9/9/9/9/9[] w - - 0 1");
        assert_eq!(
            Setup::empty(m).position().unwrap_err().to_string(),
            "White has no King"
        );
        let start = Position::start(m);
        assert_eq!(Setup::of(&start).position().unwrap(), start);
        // A piece past the ninth file is not placed anywhere.
        assert_eq!(
            Setup::read(m, "4k4/9/9/9/9/9/9/9/9Q[] w").unwrap_err(),
            FenError::RankWidth { rank: 1, files: 10 }
        );
    }

    #[test]
    fn hands_in_any_order_are_read() {
        let pos = Position::from_fen(
            Variant::Pandemonium,
            "4k4/9/9/9/9/9/9/9/4K4[pPuVf] b - - 3 7",
        )
        .unwrap();
        assert_eq!(pos.fen(), "4k4/9/9/9/9/9/9/9/4K4[PVpfu] b - - 3 7");
    }
}
