//! The game's words: the status line, the buttons, the dialogs (New game,
//! resign, repetition), the hands, the board and the moves.

texts! {
    /// The game's words.
    pub struct PlayText, const EN, KO;
    /// The button that opens the analysis board, and its title.
    analyse: "Analyse", "분석",
    analyse_title:
        "Explore this game with the engine on an analysis board",
        "분석판에서 엔진과 함께 이 대국을 살펴봅니다",
    /// The New game dialog's way to the board editor.
    set_up_position: "Set up a position", "국면 배치하기",
    /// The New game dialog's way to the puzzles.
    solve_puzzles: "Solve puzzles", "퍼즐 풀기",
    /// The New game dialog's way to a game with a friend on another device.
    play_friend: "Play a friend online", "온라인으로 친구와 두기",
    tagline: "Chess on 9×9 with drops", "잡은 말을 다시 놓는 9×9 체스",
    loading: "Starting the game engine…", "게임 엔진을 시작하는 중…",
    white: "White", "백",
    black: "Black", "흑",
    mansindam: "Mansindam", "만신담",
    pandemonium: "Pandemonium", "수라장",
    // Status line.
    to_move: "{side} to move", "{side} 차례",
    your_move: "Your move ({side})", "당신 차례 ({side})",
    thinking: "Computer is thinking…", "컴퓨터가 생각하는 중…",
    check: "{status} — check!", "{status} — 장군!",
    wins_by: "{side} wins by {reason}", "{side} 승리: {reason}",
    // Buttons.
    new_game: "New game", "새 게임",
    /// New game on a phone's top bar, where the game's name needs the room.
    new_game_short: "New", "새 게임",
    flip: "⇅ Flip", "⇅ 뒤집기",
    flip_title: "Turn the board around", "판을 돌려 봅니다",
    take_back: "↶ Take back", "↶ 무르기",
    hint: "? Hint", "? 힌트",
    hint_title: "The computer's best move here", "이 국면에서 컴퓨터가 찾은 최선의 수",
    resign: "⚑ Resign", "⚑ 기권",
    ok: "OK", "확인",
    // Hint.
    hint_searching: "Looking for a good move…", "좋은 수를 찾는 중…",
    hint_label: "Hint: ", "힌트: ",
    hint_score_title:
        "The evaluation for you: + is good, # is a forced mate",
        "당신 쪽에서 본 평가: +는 유리, #은 외통수",
    hint_line: "Expected: {line} (depth {depth})", "예상 수순: {line} (깊이 {depth})",
    // Result.
    you_won: "You won!", "당신이 이겼습니다!",
    computer_won: "The computer won", "컴퓨터가 이겼습니다",
    side_won: "{side} won", "{side} 승리",
    end_reasons as [&'static str; 7]:
        [
            "checkmate",
            "stalemate",
            "campmate",
            "repetition",
            "perpetual check",
            "resignation",
            "time",
        ],
        ["외통수", "스테일메이트", "입옥", "동형 반복", "연속 장군", "기권", "시간패"],
    /// Why a game ended, for the endings that need no name (a
    /// resignation and a loss on time name who lost: `resigned`,
    /// `out_of_time`), in `EndReason` order.
    end_explanations as [&'static str; 5]:
        [
            "The King is in check and cannot escape.",
            "The side to move has no legal move, which loses.",
            "The King reached the far rank.",
            "The same position occurred a third time; the player who repeated it loses.",
            "The same position occurred a third time through perpetual check; the checking side loses.",
        ],
        [
            "왕이 장군을 받았고 피할 수 없습니다.",
            "둘 차례인 쪽에 둘 수 있는 수가 없으면 집니다.",
            "왕이 상대의 끝 줄에 들어갔습니다.",
            "같은 국면이 세 번째로 나왔습니다. 반복한 쪽이 집니다.",
            "연속 장군으로 같은 국면이 세 번째로 나왔습니다. 장군을 건 쪽이 집니다.",
        ],
    /// Who lost by resigning and by time, for the explanation: a side
    /// (`{side}`), you (against the computer), the computer.
    resigned as [&'static str; 3]:
        ["{side} resigned.", "You resigned.", "The computer resigned."],
        ["{side}이 기권했습니다.", "당신이 기권했습니다.", "컴퓨터가 기권했습니다."],
    out_of_time as [&'static str; 3]:
        ["{side}'s clock ran out.", "Your clock ran out.", "The computer's clock ran out."],
        ["{side}의 시간이 다 되었습니다.", "당신의 시간이 다 되었습니다.", "컴퓨터의 시간이 다 되었습니다."],
    reopen: "Reopen the game (allow take back)", "대국 다시 열기 (무르기 허용)",
    rematch: "Rematch", "재대국",
    swap_sides: "Swap sides", "흑백 바꿔 재대국",
    // Moves.
    moves_heading: "{game} · moves", "{game} · 기보",
    no_moves: "No moves yet.", "아직 둔 수가 없습니다.",
    viewing_move: "Move {n} of {total}", "{total}수 중 {n}수째",
    viewing_start: "The start position", "처음 국면",
    back_to_game: "Back to the game", "대국으로 돌아가기",
    // Hands.
    hand: "{side}'s hand", "{side} 보유 말",
    hand_slot: "{side}'s hand: {count} {piece}", "{side} 보유 말: {piece} {count}개",
    computer: "Computer", "컴퓨터",
    you: "You", "당신",
    player: "Player", "대국자",
    // Board.
    board: "Board", "판",
    empty_square: "empty", "빈 칸",
    promote: "Promote", "승격",
    dont_promote: "Don't promote", "승격하지 않음",
    promote_confirm: "Promote?", "승격할까요?",
    // Dialogs.
    repetition: "Repetition", "동형 반복",
    repetition_warning:
        "This move makes the same position occur for the third time. {mover} would lose: {winner} wins by {reason}.",
        "이 수를 두면 같은 국면이 세 번째로 나옵니다. {mover} 패배: {winner} 승리 ({reason}).",
    play_anyway: "Play it anyway", "그래도 둔다",
    take_it_back: "Take it back", "무른다",
    resign_confirm: "Resign?", "기권할까요?",
    resign_confirm_text: "{side} gives up this game.", "{side}이(가) 이 게임을 포기합니다.",
    play_on: "Play on", "계속 둔다",
    game: "Game", "게임",
    mansindam_note: "萬神談 · compulsory promotion, campmate", "萬神談 · 의무 승격, 입옥 승리",
    pandemonium_note: "修羅場 · optional promotion, drops anywhere", "修羅場 · 선택 승격, 잡은 말을 어디든 놓기",
    opponent: "Opponent", "상대",
    second_player: "Second player", "다른 사람",
    on_this_device: "on this device", "이 기기에서 함께",
    strength: "Computer's strength", "컴퓨터의 실력",
    level_number: "Level {n}", "{n}단계",
    level_notes as [&'static str; 6]:
        [
            "A beginner: sees one move ahead and often errs.",
            "Casual: looks two moves ahead.",
            "Club player: a quick, solid game.",
            "Strong: a fraction of a second a move.",
            "Expert: about a second a move.",
            "Master: its best, up to four seconds a move.",
        ],
        [
            "입문: 한 수 앞만 보고 자주 실수합니다.",
            "초급: 두 수 앞을 봅니다.",
            "중급: 빠르고 탄탄하게 둡니다.",
            "상급: 한 수에 1초도 걸리지 않습니다.",
            "고수: 한 수에 1초 정도 생각합니다.",
            "최고수: 한 수에 최대 4초까지 생각합니다.",
        ],
    you_play: "You play", "당신의 색",
    at_the_bottom: "At the bottom", "아래쪽",
    moves_first: "moves first", "먼저 둠",
    cancel: "Cancel", "취소",
    start: "Start", "시작",
    clock: "Clock", "시계",
    clock_minutes: "minutes each", "분 (각자)",
    clock_increment: "seconds added per move", "초 (한 수마다 추가)",
    clock_byoyomi: "seconds of byoyomi (each move, after)", "초읽기 (그 뒤 한 수마다 초)",
    clock_periods: "byoyomi periods", "초읽기 횟수",
    no_clock: "None", "없음",
    /// A main time in minutes: `{m}`.
    minutes_short: "{m} min", "{m}분",
    /// A clock's byoyomi periods left: `{b}` seconds, `{p}` periods.
    byoyomi_left: "{p}×{b} s", "{p}×{b}초",
    start_fen: "Start from a position (FEN, optional)", "국면에서 시작 (FEN, 선택)",
    // Keyboard and screen readers.
    type_move: "Type a move: e3e4, P@e5, Nc3…", "수 입력: e3e4, P@e5, Nc3…",
    move_announced: "{side} played {san}. {status}", "{side}: {san}. {status}",
    /// A move chosen while the computer thinks (`{move}`: `e3–e4`, `R@e5`).
    premove: "Premove: {move}", "미리 두기: {move}",
    /// A dialog's Close button.
    close: "Close", "닫기",
    // The buttons that step through the moves.
    step_first: "First position", "처음 국면",
    step_back: "Previous move", "이전 수",
    step_forward: "Next move", "다음 수",
    step_last: "Last move", "마지막 수",
    // A new version of the site, installed beside this one.
    update_ready: "A new version of the game is ready.", "게임의 새 버전이 준비되었습니다.",
    reload: "Reload", "새로 고침",
}
