//! The engine's errors in Korean (the inventor's language), written from
//! the same typed values as their English `Display`, so that a player
//! reading Korean learns what is wrong and where. The worker's refusals and
//! the diagram page both say them through this.

use std::fmt;

use crate::engine::{
    Color, FenError, MoveError, PgnError, PlayError, SetupError, UnknownVariant, Variant,
};

/// An engine error in Korean; `variant` names the pieces. Its English is
/// its `Display`.
pub trait Korean: fmt::Display {
    fn korean(&self, variant: Variant) -> String;

    /// The error in Korean, or else in English: the one choice of language
    /// the worker's refusals and the diagram page share.
    fn said(&self, korean: bool, variant: Variant) -> String {
        if korean {
            self.korean(variant)
        } else {
            self.to_string()
        }
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "백",
        Color::Black => "흑",
    }
}

/// The Korean name of a piece the engine names in English.
fn piece(variant: Variant, english: &str) -> String {
    variant
        .rules()
        .kinds
        .iter()
        .find(|k| k.name == english)
        .and_then(|k| variant.korean_piece_name(k.letter))
        .unwrap_or(english)
        .to_string()
}

fn game_name(variant: Variant) -> &'static str {
    variant.korean_name()
}

impl Korean for FenError {
    fn korean(&self, variant: Variant) -> String {
        use FenError::*;
        match self {
            Empty => "FEN이 비어 있습니다".into(),
            TooLong(n) => format!("FEN이 {n}자로 너무 깁니다"),
            RankCount(n) => format!("판이 {n}줄입니다. '/'로 나눈 9줄이어야 합니다"),
            RankWidth { rank, files } => format!("{rank}줄이 {files}칸입니다. 9칸이어야 합니다"),
            UnknownPiece { letter, rank, variant } => format!(
                "{rank}줄의 '{letter}'는 {} 말 기호가 아닙니다",
                game_name(*variant)
            ),
            PromotedLetter { letter, base, .. } => {
                format!("'{letter}'는 FEN에서 '+{base}'로 씁니다 (승격한 말)")
            }
            NotPromotable { letter } => format!("'+{letter}': 승격하지 않는 말입니다"),
            DanglingPlus { rank } => format!("{rank}줄의 '+' 뒤에 말 기호가 없습니다"),
            UnclosedHand => "보유 말이 '['로 시작했지만 ']'로 닫히지 않았습니다".into(),
            TextAfterHand(s) => format!("보유 말 뒤에 알 수 없는 '{s}'가 있습니다"),
            UnknownHandPiece { letter, variant } => format!(
                "보유 말의 '{letter}'는 {} 말 기호가 아닙니다",
                game_name(*variant)
            ),
            NotForHand { letter } => format!("'{letter}'는 보유할 수 없는 말입니다"),
            HandTooLarge {
                color,
                name,
                count,
                max,
            } => format!(
                "{} 보유 말에 {}이(가) {count}개 있습니다. 한 벌에는 {max}개뿐입니다",
                side(*color),
                piece(variant, name)
            ),
            TooManyPieces { name, count, max } => format!(
                "판과 보유 말을 합쳐 {}이(가) {count}개입니다. 한 벌에는 {max}개뿐입니다",
                piece(variant, name)
            ),
            MissingSide => "둘 차례가 없습니다 (판 뒤에 ' w' 또는 ' b'를 붙이세요)".into(),
            BadSide(s) => format!("둘 차례는 'w' 또는 'b'여야 합니다 ('{s}'가 아님)"),
            BadField { field, value } => format!("{field} 칸의 '{value}'는 올바르지 않습니다"),
            KingCount { color, count: 0 } => format!("{}에게 왕이 없습니다", side(*color)),
            KingCount { color, count } => format!(
                "{}의 왕이 {count}개입니다. 한 쪽에 꼭 하나여야 합니다",
                side(*color)
            ),
            OpponentInCheck(c) => format!(
                "{}이(가) 장군을 받고 있는데 {}의 차례가 아닙니다",
                side(*c),
                side(*c)
            ),
            StuckPawn { color, square } => format!(
                "{square}의 {} 보병은 움직일 수 없습니다 (만신담의 보병은 마지막 줄에서 승격합니다)",
                side(*color)
            ),
            DoubledPawns { color, file } => format!(
                "{}의 보병이 {file}열에 둘 있습니다. 만신담에서는 한 열에 승격하지 않은 보병이 하나뿐입니다",
                side(*color)
            ),
        }
    }
}

impl Korean for MoveError {
    fn korean(&self, _: Variant) -> String {
        match self {
            MoveError::Syntax(s) => {
                format!("'{s}'는 수가 아닙니다 (e3e4, c6c7+, P@e5 또는 Pe4 같은 SAN으로 쓰세요)")
            }
            MoveError::UnknownSquare(s) => format!("'{s}'는 칸이 아닙니다 (a–i열, 1–9줄)"),
            MoveError::NotInHandKinds(c) => {
                format!("'{c}'는 이 게임에서 놓을 수 있는 말이 아닙니다")
            }
            MoveError::Illegal(s) => format!("{s}는 이 국면에서 둘 수 없는 수입니다"),
            MoveError::Ambiguous(s) => {
                format!("{s}에 맞는 수가 여럿입니다. 출발하는 열이나 줄을 덧붙이세요")
            }
        }
    }
}

impl Korean for PlayError {
    fn korean(&self, variant: Variant) -> String {
        match self {
            PlayError::GameOver(_) => "대국이 이미 끝났습니다".into(),
            PlayError::IllegalRepetition(m) => {
                format!("{m}는 같은 국면을 세 번째로 만들어 만신담에서는 둘 수 없습니다")
            }
            PlayError::Move(e) => e.korean(variant),
        }
    }
}

impl Korean for SetupError {
    fn korean(&self, variant: Variant) -> String {
        match self {
            SetupError::Fen(e) => e.korean(variant),
            SetupError::Move { number, error } => {
                format!("{number}번째 수: {}", error.korean(variant))
            }
        }
    }
}

impl Korean for PgnError {
    fn korean(&self, variant: Variant) -> String {
        match self {
            PgnError::TooLong(n) => format!("기보가 {n}바이트로 너무 깁니다"),
            PgnError::BadTag { line } => {
                format!("{line}행: 태그는 [Name \"value\"] 꼴이어야 합니다")
            }
            PgnError::UnknownVariant { line, value } => format!(
                "{line}행: 알 수 없는 게임 \"{value}\" (Mansindam 또는 Pandemonium이어야 합니다)"
            ),
            PgnError::BadFen { line, reason } => format!(
                "{line}행: FEN 태그가 올바르지 않습니다: {}",
                reason.korean(variant)
            ),
            PgnError::BadMove {
                line,
                number,
                text,
                reason,
            } => format!(
                "{line}행: {number}번째 수 ({text}): {}",
                reason.korean(variant)
            ),
            PgnError::UnclosedComment { line } => {
                format!("{line}행: 여기서 연 주석이 닫히지 않았습니다")
            }
            PgnError::ResultMismatch { tag, actual } => {
                format!("기보의 결과는 {tag}인데 수순은 {actual}(으)로 끝납니다")
            }
        }
    }
}

impl Korean for UnknownVariant {
    fn korean(&self, _: Variant) -> String {
        format!(
            "알 수 없는 게임 '{}' (mansindam 또는 pandemonium이어야 합니다)",
            self.0
        )
    }
}
