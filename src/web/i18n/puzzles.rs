//! The puzzle board's words (the study bundle only).

texts! {
    /// The puzzle board's words.
    pub struct PuzzleText, const EN, KO;
    title: "Puzzles", "퍼즐",
    /// "{side} to move: find the best move."
    your_move: "{side} to move: find the best move.", "{side} 차례: 가장 좋은 수를 찾으세요.",
    right_move: "Right! Keep going.", "맞습니다! 계속하세요.",
    /// "{move} is not the move. Try another."
    wrong_move: "{move} is not the move. Try another.", "{move}은(는) 답이 아닙니다. 다른 수를 찾아보세요.",
    solved: "Solved!", "풀었습니다!",
    failed: "Not solved this time.", "이번에는 풀지 못했습니다.",
    solution_shown: "The solution:", "정답 수순:",
    loading: "Loading the puzzles…", "퍼즐을 불러오는 중…",
    /// "The puzzles could not be loaded: {detail}."
    load_failed: "The puzzles could not be loaded: {detail}.", "퍼즐을 불러오지 못했습니다: {detail}.",
    /// "There is no puzzle “{id}”."
    no_such_puzzle: "There is no puzzle “{id}”.", "“{id}” 퍼즐은 없습니다.",
    none_fits: "No puzzle has this game and theme.", "이 게임과 주제에 맞는 퍼즐이 없습니다.",
    connect_for_offline: "connect once to keep them for offline play", "한 번 연결하면 오프라인에서도 풀 수 있습니다",
    show_solution: "Show the solution", "정답 보기",
    retry: "Try again", "다시 풀기",
    next: "Next puzzle", "다음 퍼즐",
    /// "Puzzle {id} · rated {rating}".
    puzzle_rated: "Puzzle {id} · rated {rating}", "퍼즐 {id} · 난이도 {rating}",
    /// "Your puzzle rating: {rating}".
    your_rating: "Your puzzle rating: {rating}", "퍼즐 레이팅: {rating}",
    /// "Streak {streak} · best {best} · solved {solved}".
    streak:
        "Streak {streak} · best {best} · solved {solved}",
        "연속 {streak} · 최고 {best} · 푼 퍼즐 {solved}",
    /// "The line: {moves}".
    solution_line: "The line: {moves}", "수순: {moves}",
    game: "Game", "게임",
    both_games: "Both games", "두 게임 모두",
    theme: "Theme", "주제",
    any_theme: "Any theme", "모든 주제",
    /// By `Theme::ALL`'s order.
    themes as [&'static str; 9]:
        [
            "Mate",
            "Winning material",
            "Drop mate",
            "Campmate",
            "Repetition rule",
            "Promotion",
            "Fork",
            "One move",
            "Three moves or more",
        ],
        ["외통", "기물 이득", "드롭 외통", "입옥", "반복 규칙", "승격", "양수걸이", "한 수", "세 수 이상"],
    /// "Mate in {n}".
    mate_in: "Mate in {n}", "{n}수 외통",
    /// "Your puzzle record could not be read ({detail}): it starts again."
    record_unreadable:
        "Your puzzle record could not be read ({detail}): it starts again.",
        "저장된 퍼즐 기록을 읽을 수 없어 새로 시작합니다: {detail}.",
    not_a_record: "it is not a puzzle record", "퍼즐 기록이 아닙니다",
    /// "its {field} “{value}” is not a number".
    not_a_number: "its {field} “{value}” is not a number", "{field} 값 “{value}”이(가) 숫자가 아닙니다",
    /// "it has a line “{line}” it should not have".
    unknown_line: "it has a line “{line}” it should not have", "있으면 안 되는 줄 “{line}”이(가) 있습니다",
}

impl PuzzleText {
    pub fn theme(&self, theme: crate::protocol::puzzle::Theme) -> &'static str {
        self.themes[theme as usize]
    }
}
