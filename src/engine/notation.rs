//! Move strings: the UCI form Fairy-Stockfish reads and prints (`e3e4`,
//! `c6c7+`, `P@e5`) and SAN as `pyffish.get_san(..., NOTATION_SAN)` writes it
//! (`Pe4`, `Nxd5`, `Rae6+`, `Pe9=G`, `P@e8#`).

use std::fmt;

use super::moves::Move;
use super::position::Position;
use super::types::Square;

/// Longest move string looked at.
const MAX_MOVE_LEN: usize = 16;

/// Why a move string was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not shaped like any move.
    Syntax(String),
    UnknownSquare(String),
    /// A drop of a letter that is no hand kind of this game.
    NotInHandKinds(char),
    /// Well formed, but not a legal move in this position.
    Illegal(String),
    /// SAN that fits more than one legal move.
    Ambiguous(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(
                f,
                "'{s}' is not a move (write e3e4, c6c7+, P@e5 or SAN such as Pe4)"
            ),
            MoveError::UnknownSquare(s) => {
                write!(f, "'{s}' is not a square (files a–i, ranks 1–9)")
            }
            MoveError::NotInHandKinds(c) => {
                write!(f, "'{c}' is not a piece that can be dropped in this game")
            }
            MoveError::Illegal(s) => write!(f, "{s} is not a legal move in this position"),
            MoveError::Ambiguous(s) => write!(
                f,
                "{s} fits more than one legal move; add the file or rank it comes from"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

fn shorten(s: &str) -> String {
    s.chars().take(MAX_MOVE_LEN).collect()
}

/// A letter and a rank number, as `j4`: a square of a larger board.
fn shaped_like_square(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.as_str().len() <= 2
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn square(s: &str) -> Result<Square, MoveError> {
    Square::parse(s).ok_or_else(|| MoveError::UnknownSquare(shorten(s)))
}

impl Position {
    /// The UCI string of a move (`e3e4`, `c6c7+`, `P@e5`).
    pub fn uci(&self, m: Move) -> String {
        match (m.from(), m.drop_kind()) {
            (Some(from), _) => format!("{from}{}{}", m.to(), if m.promotes() { "+" } else { "" }),
            (None, Some(k)) => format!("{}@{}", self.hand_letter(k), m.to()),
            (None, None) => "0000".to_string(),
        }
    }

    /// Reads a UCI move string and checks that the move is legal here
    /// (repetition aside).
    pub fn parse_uci(&self, s: &str) -> Result<Move, MoveError> {
        let m = self.parse_uci_shape(s)?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(shorten(s.trim())))
        }
    }

    /// Reads the shape of a UCI move string without checking legality.
    fn parse_uci_shape(&self, s: &str) -> Result<Move, MoveError> {
        let s = s.trim();
        if s.len() > MAX_MOVE_LEN || !s.is_ascii() {
            return Err(MoveError::Syntax(shorten(s)));
        }
        if let Some((piece, to)) = s.split_once('@') {
            let mut letters = piece.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return Err(MoveError::Syntax(s.to_string()));
            };
            let to = square(to)?;
            let rules = self.rules();
            let kind = rules
                .kind_by_letter(letter.to_ascii_uppercase())
                .filter(|k| k.index() < rules.hand_kinds)
                .ok_or(MoveError::NotInHandKinds(letter))?;
            return Ok(Move::drop(kind, to));
        }
        let (body, promote) = match s.strip_suffix('+') {
            Some(body) => (body, true),
            None => (s, false),
        };
        if body.len() != 4 {
            return Err(MoveError::Syntax(s.to_string()));
        }
        let from = square(&body[..2])?;
        let to = square(&body[2..])?;
        Ok(Move::normal(from, to, promote))
    }

    /// SAN as Fairy-Stockfish writes it. The move must be legal.
    pub fn san(&self, m: Move) -> String {
        let rules = self.rules();
        let mut out = String::with_capacity(10);
        match (m.from(), m.drop_kind()) {
            (None, Some(k)) => {
                out.push(rules.kind(k).letter);
                out.push('@');
                out.push_str(&m.to().to_string());
            }
            (Some(from), _) => {
                let piece = self.piece_at(from).map(|p| p.kind);
                let Some(kind) = piece else {
                    return self.uci(m);
                };
                out.push(rules.kind(kind).letter);
                // Other pieces of the same kind that can make the same move to
                // the same square (a promoting move is told apart by its `=X`).
                let mut others = super::types::Bitboard::EMPTY;
                for other in self.legal_moves().iter() {
                    if let Some(f) = other.from() {
                        if f != from
                            && other.to() == m.to()
                            && other.promotes() == m.promotes()
                            && self.piece_at(f).map(|p| p.kind) == Some(kind)
                        {
                            others |= f.bb();
                        }
                    }
                }
                if others.any() {
                    let same_file = others.any_on(|s| s.file() == from.file());
                    let same_rank = others.any_on(|s| s.rank() == from.rank());
                    let file = (b'a' + from.file()) as char;
                    let rank = (b'1' + from.rank()) as char;
                    if !same_file {
                        out.push(file);
                    } else if !same_rank {
                        out.push(rank);
                    } else {
                        out.push(file);
                        out.push(rank);
                    }
                }
                if self.piece_at(m.to()).is_some() {
                    out.push('x');
                }
                out.push_str(&m.to().to_string());
                if m.promotes() {
                    if let Some(p) = rules.kind(kind).promotes_to {
                        out.push('=');
                        out.push(rules.kind(p).letter);
                    }
                }
            }
            (None, None) => return self.uci(m),
        }
        let mut after = self.clone();
        after.make_move(m);
        if after.in_check() {
            out.push(if after.count_legal_moves() == 0 {
                '#'
            } else {
                '+'
            });
        }
        out
    }

    /// Reads SAN (as written by [`Position::san`], or without the check sign,
    /// without the `P` of a Pawn move, or without a compulsory `=X`).
    pub fn parse_san(&self, s: &str) -> Result<Move, MoveError> {
        let text = s.trim();
        if text.len() > MAX_MOVE_LEN || !text.is_ascii() || text.is_empty() {
            return Err(MoveError::Syntax(shorten(text)));
        }
        let syntax = || MoveError::Syntax(text.to_string());
        let body = text.trim_end_matches(['+', '#', '!', '?']);
        if body.contains('@') {
            return self.parse_uci(body);
        }
        let rules = self.rules();
        let (body, promotion) = match body.split_once('=') {
            Some((b, p)) => {
                let mut cs = p.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) => (b, Some(c.to_ascii_uppercase())),
                    _ => return Err(syntax()),
                }
            }
            None => (body, None),
        };
        let bytes = body.as_bytes();
        let (kind, rest) = match bytes.first() {
            Some(c) if c.is_ascii_uppercase() => (
                rules.kind_by_letter(*c as char).ok_or_else(syntax)?,
                &body[1..],
            ),
            Some(c) if c.is_ascii_lowercase() => (rules.pawn, body),
            _ => return Err(syntax()),
        };
        if rest.len() < 2 {
            return Err(syntax());
        }
        let to = square(&rest[rest.len() - 2..])?;
        let mut hint = &rest[..rest.len() - 2];
        let capture = hint.ends_with('x');
        if capture {
            hint = &hint[..hint.len() - 1];
        }
        let (hint_file, hint_rank) = match hint.as_bytes() {
            [] => (None, None),
            [f @ b'a'..=b'i'] => (Some(f - b'a'), None),
            [r @ b'1'..=b'9'] => (None, Some(r - b'1')),
            [f @ b'a'..=b'i', r @ b'1'..=b'9'] => (Some(f - b'a'), Some(r - b'1')),
            _ => return Err(syntax()),
        };
        let promoted_letter = |m: &Move| {
            rules
                .kind(kind)
                .promotes_to
                .filter(|_| m.promotes())
                .map(|p| rules.kind(p).letter)
        };
        let legal = self.legal_moves();
        let candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                let Some(from) = m.from() else { return false };
                m.to() == to
                    && self.piece_at(from).map(|p| p.kind) == Some(kind)
                    && hint_file.is_none_or(|f| from.file() == f)
                    && hint_rank.is_none_or(|r| from.rank() == r)
                    && (!capture || self.piece_at(to).is_some())
            })
            .collect();
        let chosen: Vec<Move> = match promotion {
            Some(p) => candidates
                .into_iter()
                .filter(|m| promoted_letter(m) == Some(p))
                .collect(),
            None => {
                let plain: Vec<Move> = candidates
                    .iter()
                    .copied()
                    .filter(|m| !m.promotes())
                    .collect();
                if plain.is_empty() {
                    candidates
                } else {
                    plain
                }
            }
        };
        match chosen.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(text.to_string())),
            _ => Err(MoveError::Ambiguous(text.to_string())),
        }
    }

    /// Reads a move in either UCI or SAN form.
    pub fn parse_move(&self, s: &str) -> Result<Move, MoveError> {
        match self.parse_uci(s) {
            Ok(m) => Ok(m),
            Err(uci_err @ MoveError::Illegal(_)) => Err(uci_err),
            // A word that is no move ("hello") is named whole, with the
            // forms a move takes, not by the letters SAN read as a square.
            Err(uci_err) => self.parse_san(s).map_err(|san_err| match san_err {
                MoveError::Syntax(_) => uci_err,
                MoveError::UnknownSquare(sq) if !shaped_like_square(&sq) => uci_err,
                other => other,
            }),
        }
    }
}
