//! The board editor's words (the study bundle only).

texts! {
    /// The board editor's words.
    pub struct EditorText, const EN, KO;
    title: "Board editor", "국면 편집기",
    pieces_to_place: "Pieces to place", "놓을 말",
    /// "{side}'s pieces".
    pieces_of: "{side}'s pieces", "{side} 말",
    palette_help:
        "Choose a piece, then tap squares to place it; tap a piece on the board to take it off.",
        "말을 고른 뒤 칸을 누르면 놓입니다. 판 위의 말을 누르면 치워집니다.",
    /// "{side}'s hand".
    hand_of: "{side}'s hand", "{side} 보유 말",
    /// "One more {piece} in {side}'s hand" / "One fewer".
    one_more_in_hand: "One more {piece} in {side}'s hand", "{side} 보유 말에 {piece} 하나 더",
    one_fewer_in_hand: "One fewer {piece} in {side}'s hand", "{side} 보유 말에서 {piece} 하나 빼기",
    to_move: "To move", "둘 차례",
    clear: "Clear", "모두 치우기",
    start_position: "Start position", "시작 국면",
    game: "Game", "게임",
    fen_help: "Paste a FEN and press Enter to set it up", "FEN을 붙여 넣고 Enter를 누르면 배치됩니다",
    set_up_from_fen: "Set up", "배치",
    /// The position can be played: "{side} to move".
    legal_position: "A legal position, {side} to move.", "둘 수 있는 국면입니다. {side} 차례.",
    /// "The game is over here: {ending}".
    game_over_here: "The game is already over here: {ending}.", "이 국면에서는 이미 대국이 끝났습니다: {ending}.",
    checking_position: "Checking the position…", "국면을 확인하는 중…",
    play_computer: "Play the computer", "컴퓨터와 두기",
    play_friend: "Play a friend", "친구와 두기",
    analyse: "Analyse", "분석",
    share: "Share", "공유",
}
