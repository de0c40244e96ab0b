//! What went wrong, as the page tells it: a saved game that cannot be
//! read, a link's ignored parameter, the engine stopped, a request the
//! worker refused (the reason itself comes from the worker, in the page's
//! language: `worker::messages`).

texts! {
    /// The page's messages of what went wrong.
    pub struct ErrorText, const EN, KO;
    // The engine and the saved game.
    engine_stopped:
        "The game engine stopped working. Reload the page to start again.",
        "게임 엔진이 멈췄습니다. 페이지를 새로 고쳐 다시 시작하세요.",
    saved_game_lost:
        "The saved game could not be read ({damage}), so a new game has started.",
        "저장된 대국을 읽을 수 없어({damage}) 새 게임을 시작했습니다.",
    saved_too_long: "{bytes} bytes, more than a saved game holds", "{bytes}바이트로 저장된 대국이라기엔 너무 깁니다",
    saved_missing: "line {line} is missing", "{line}행이 없습니다",
    saved_too_many_moves:
        "line 3 holds {count} moves, more than {max}",
        "3행의 수가 {count}개로 {max}개보다 많습니다",
    saved_unreadable: "line {line} cannot be read: “{value}”", "{line}행을 읽을 수 없습니다: “{value}”",
    /// A request the worker refused, with its reason.
    worker_refused: "{detail}", "할 수 없습니다: {detail}",
    // A link's parameter that was ignored, and why.
    link_problem:
        "“{param}={value}” in the link was ignored: {expected}.",
        "링크의 “{param}={value}”은(는) 무시했습니다: {expected}.",
    expected_one_of: "use one of {list}", "{list} 중 하나를 쓰세요",
    expected_level: "use a level from 1 to 6", "1부터 6까지의 수준을 쓰세요",
    expected_at_most: "it is too long (at most {n})", "너무 깁니다(최대 {n})",
    expected_against_computer:
        "a level is for a game against the computer (mode=ai)",
        "수준은 컴퓨터와 두는 대국에만 씁니다(mode=ai)",
    expected_squares:
        "squares such as e4, or moves such as e2e4, separated by commas (at most 40)",
        "e4 같은 칸이나 e2e4 같은 수를 쉼표로 나눠 씁니다(40개까지)",
    expected_puzzle_id: "a puzzle's name, such as m17 or p4", "m17이나 p4 같은 퍼즐 이름을 씁니다",
}
