//! The analysis board's words (the study bundle only).

texts! {
    /// The analysis board's words.
    pub struct AnalysisText, const EN, KO;
    title: "Analysis board", "분석판",
    back_to_game: "Back to the game", "대국으로 돌아가기",
    engine: "Engine", "엔진",
    engine_title: "The engine's best lines for the position on the board", "판 위 국면에 대한 엔진의 최선 수순",
    /// "Depth {depth}".
    depth: "Depth {depth}", "깊이 {depth}",
    depth_done: "Depth {depth}, done", "깊이 {depth}, 완료",
    engine_starting: "The engine is starting…", "엔진을 시작하는 중…",
    /// "Evaluation: {eval}" (the bar, for screen readers).
    evaluation: "Evaluation: {eval}", "형세 평가: {eval}",
    best_lines: "Best lines", "최선 수순",
    game_over_here: "The game is over in this position.", "이 국면에서 대국이 끝났습니다.",
    engine_off: "Turn the engine on to see its lines.", "엔진을 켜면 수순이 보입니다.",
    review: "Review the game", "대국 복기",
    review_title: "Judge every move of the main line with the engine", "본선의 모든 수를 엔진으로 평가합니다",
    /// "Reviewing: {done} of {total} positions".
    reviewing: "Reviewing: {done} of {total} positions", "복기 중: 국면 {total}개 중 {done}개",
    cancel: "Cancel", "취소",
    review_heading: "Review", "복기",
    /// Inaccuracies, mistakes, blunders (as `Mark::ALL`).
    marks as [&'static str; 3]:
        ["Inaccuracies", "Mistakes", "Blunders"],
        ["부정확한 수", "실수", "큰 실수"],
    /// One of each, for a move's label.
    mark_one as [&'static str; 3]:
        ["Inaccuracy", "Mistake", "Blunder"],
        ["부정확한 수", "실수", "큰 실수"],
    average_loss: "Average loss (pawns)", "평균 손실 (폰 단위)",
    /// "{move} was best".
    was_best: "{move} was best", "최선은 {move}",
    graph_help:
        "Evaluation through the game: choose a move to see it",
        "대국 전체의 형세 그래프: 수를 고르면 그 국면을 봅니다",
    variation: "Variation", "변화",
    moves: "Moves", "수순",
    export_with_evaluations: "Record with evaluations", "평가가 담긴 기보",
    /// "The saved review of this game could not be read ({detail}): review
    /// it again."
    review_lost:
        "The saved review of this game could not be read ({detail}): review it again.",
        "저장된 이 대국의 복기를 읽을 수 없습니다({detail}). 다시 복기해 주세요.",
}
