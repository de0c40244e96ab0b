//! Game records in PGN, as pychess writes them for these variants:
//! `[Variant "Mansindam"]`, `[FEN]`/`[SetUp "1"]` for a non-standard start,
//! SAN moves, `[Result]` and a `[Termination]` reason.

use std::fmt::{self, Write};

use super::fen::FenError;
use super::game::{Game, Outcome, PlayError};
use super::types::Color;
use super::variant::Variant;

/// Longest record read (a 1,000-ply game is about 10 KB).
const MAX_PGN_LEN: usize = 1 << 20;

/// What is wrong with a PGN, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    TooLong(usize),
    /// A tag line that is not `[Name "value"]`.
    BadTag {
        line: usize,
    },
    UnknownVariant {
        line: usize,
        value: String,
    },
    BadFen {
        line: usize,
        reason: FenError,
    },
    /// A move that cannot be played; `number` counts plies from 1.
    BadMove {
        line: usize,
        number: usize,
        text: String,
        reason: PlayError,
    },
    UnclosedComment {
        line: usize,
    },
    /// The record's `[Result]` contradicts how its moves end.
    ResultMismatch {
        tag: String,
        actual: Outcome,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::TooLong(n) => write!(
                f,
                "the record is {n} bytes long; at most {MAX_PGN_LEN} are read"
            ),
            PgnError::BadTag { line } => {
                write!(f, "line {line}: a tag must look like [Name \"value\"]")
            }
            PgnError::UnknownVariant { line, value } => {
                write!(
                    f,
                    "line {line}: unknown variant \"{value}\" (expected Mansindam or Pandemonium)"
                )
            }
            PgnError::BadFen { line, reason } => {
                write!(f, "line {line}: the FEN tag is not valid: {reason}")
            }
            PgnError::BadMove {
                line,
                number,
                text,
                reason,
            } => {
                write!(f, "line {line}: move {number} ({text}): {reason}")
            }
            PgnError::UnclosedComment { line } => {
                write!(f, "line {line}: a comment opened here is never closed")
            }
            PgnError::ResultMismatch { tag, actual } => {
                write!(
                    f,
                    "the record's result is {tag}, but its moves end with {actual}"
                )
            }
        }
    }
}

impl std::error::Error for PgnError {}

/// Tags written before the standard ones (Event, Site, Date, players).
#[derive(Clone, Debug, Default)]
pub struct PgnHeader {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`; the engine has no clock.
    pub date: String,
    pub white: String,
    pub black: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// What an annotated record writes after a move: a suffix glued to it
/// (`?!`, `?`, `??`) and a comment in braces (`[%eval 0.35] Mistake.`).
/// Empty parts are left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveNote {
    pub suffix: String,
    pub comment: String,
}

/// Writes a game as PGN.
pub fn write_pgn(game: &Game, header: &PgnHeader) -> String {
    write_pgn_annotated(game, header, &[])
}

/// Writes a game as PGN with `notes[i]` after move `i` (fewer notes than
/// moves leave the rest bare). [`read_pgn`] reads it back: it skips comments
/// and the suffixes.
pub fn write_pgn_annotated(game: &Game, header: &PgnHeader, notes: &[MoveNote]) -> String {
    let mut out = String::new();
    let or = |s: &str, default: &str| {
        if s.is_empty() {
            default.to_string()
        } else {
            escape(s)
        }
    };
    let result = game.outcome().map_or("*", Outcome::result);
    let _ = writeln!(out, "[Event \"{}\"]", or(&header.event, "Casual game"));
    let _ = writeln!(out, "[Site \"{}\"]", or(&header.site, "?"));
    let _ = writeln!(out, "[Date \"{}\"]", or(&header.date, "????.??.??"));
    let _ = writeln!(out, "[Round \"-\"]");
    let _ = writeln!(out, "[White \"{}\"]", or(&header.white, "?"));
    let _ = writeln!(out, "[Black \"{}\"]", or(&header.black, "?"));
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[Variant \"{}\"]", game.variant().name());
    let start = game.start_position().fen();
    if start != game.variant().start_fen() {
        let _ = writeln!(out, "[FEN \"{start}\"]");
        let _ = writeln!(out, "[SetUp \"1\"]");
    }
    if let Some(o) = game.outcome() {
        let _ = writeln!(out, "[Termination \"{}\"]", o.reason.as_str());
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(game.ply_count() * 3 / 2 + 1);
    let first_black = game.start_position().side_to_move() == Color::Black;
    let mut number = game.start_position().fullmove_number();
    let mut after_comment = false;
    for (i, san) in game.san_moves().enumerate() {
        let white_moves = (i % 2 == 0) != first_black;
        let note = notes.get(i);
        let suffix = note.map_or("", |n| n.suffix.as_str());
        if white_moves {
            tokens.push(format!("{number}. {san}{suffix}"));
        } else if i == 0 || after_comment {
            tokens.push(format!("{number}... {san}{suffix}"));
        } else {
            tokens.push(format!("{san}{suffix}"));
        }
        after_comment = false;
        if let Some(n) = note.filter(|n| !n.comment.is_empty()) {
            // Word by word, so that long comments wrap like moves.
            let text = n.comment.replace(['{', '}'], "");
            tokens.push("{".to_string());
            tokens.extend(text.split_whitespace().map(str::to_string));
            tokens.push("}".to_string());
            after_comment = true;
        }
        if !white_moves {
            number += 1;
        }
    }
    tokens.push(result.to_string());
    // Lines of at most 79 characters.
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 {
            if line_len + 1 + token.len() > 79 {
                out.push('\n');
                line_len = 0;
            } else {
                out.push(' ');
                line_len += 1;
            }
        }
        line_len += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    out
}

/// Reads a PGN record (the first game in the text). `default` is the game
/// assumed when there is no `[Variant]` tag.
pub fn read_pgn(text: &str, default: Variant) -> Result<Game, PgnError> {
    if text.len() > MAX_PGN_LEN {
        return Err(PgnError::TooLong(text.len()));
    }
    let mut variant = default;
    let mut fen: Option<(usize, String)> = None;
    let mut result_tag: Option<String> = None;
    let mut body_start = 0;
    // Tags: lines starting with '[' before the movetext.
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('%') {
            continue;
        }
        if !trimmed.starts_with('[') {
            body_start = i;
            break;
        }
        body_start = i + 1;
        let (name, value) = parse_tag(trimmed).ok_or(PgnError::BadTag { line: i + 1 })?;
        match name.as_str() {
            "Variant" => {
                variant = value.parse().map_err(|_| PgnError::UnknownVariant {
                    line: i + 1,
                    value: value.chars().take(40).collect(),
                })?;
            }
            "FEN" => fen = Some((i + 1, value)),
            "Result" => result_tag = Some(value),
            _ => {}
        }
    }
    let mut game = match &fen {
        Some((line, f)) => Game::from_fen(variant, f).map_err(|e| PgnError::BadFen {
            line: *line,
            reason: e,
        })?,
        None => Game::new(variant),
    };

    for (i, (line, token)) in tokens(text, body_start)?.into_iter().enumerate() {
        if is_result(token) {
            if result_tag.is_none() {
                result_tag = Some(token.to_string());
            }
            break;
        }
        game.play_str(token).map_err(|e| PgnError::BadMove {
            line,
            number: i + 1,
            text: token.chars().take(16).collect(),
            reason: e,
        })?;
    }

    // A decisive result that the moves do not reach was a resignation (or a
    // loss on time or by abandonment, which end the game the same way).
    let winner = match result_tag.as_deref() {
        Some("1-0") => Some(Color::White),
        Some("0-1") => Some(Color::Black),
        _ => None,
    };
    match (game.outcome(), winner) {
        (Some(actual), Some(w)) if actual.winner != w => {
            return Err(PgnError::ResultMismatch {
                tag: result_tag.unwrap_or_default(),
                actual,
            });
        }
        (None, Some(w)) => {
            let _ = game.resign(w.flip());
        }
        _ => {}
    }
    Ok(game)
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// `[Name "value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

/// The move tokens of the movetext with their line numbers, skipping move
/// numbers, comments, variations and annotation glyphs.
fn tokens(text: &str, first_line: usize) -> Result<Vec<(usize, &str)>, PgnError> {
    let mut out = Vec::new();
    let mut comment_from: Option<usize> = None;
    let mut depth = 0usize;
    for (i, line) in text.lines().enumerate().skip(first_line) {
        let n = i + 1;
        let mut rest = line;
        while !rest.is_empty() {
            if comment_from.is_some() {
                match rest.find('}') {
                    Some(end) => {
                        // The brace itself is skipped below, as a stray one is.
                        comment_from = None;
                        rest = &rest[end..];
                    }
                    None => break,
                }
                continue;
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                '{' => {
                    comment_from = Some(n);
                    rest = &rest[1..];
                }
                ';' => break,
                '(' => {
                    depth += 1;
                    rest = &rest[1..];
                }
                ')' => {
                    depth = depth.saturating_sub(1);
                    rest = &rest[1..];
                }
                // The end of a comment, or a stray closing brace.
                '}' => rest = &rest[1..],
                _ => {
                    // At least the character seen, so that no input can stop
                    // the reader moving on.
                    let end = rest
                        .find(|c: char| c.is_whitespace() || "{}();".contains(c))
                        .unwrap_or(rest.len())
                        .max(c.len_utf8());
                    let word = &rest[..end];
                    rest = &rest[end..];
                    if depth > 0 || word.starts_with('$') {
                        continue;
                    }
                    if is_result(word) {
                        out.push((n, word));
                        continue;
                    }
                    // "12." or "12..." alone, or glued to a move: "12.Pe4".
                    let mv = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                    if !mv.is_empty() {
                        out.push((n, mv));
                    }
                }
            }
        }
    }
    if let Some(line) = comment_from {
        return Err(PgnError::UnclosedComment { line });
    }
    Ok(out)
}
