//! The embed builder's words (the study bundle only).

texts! {
    /// The embed builder's words.
    pub struct BuilderText, const EN, KO;
    title: "Put this game in a post", "이 대국을 글에 넣기",
    intro:
        "Choose what your readers see; the preview is the frame itself. Copy the snippet into your post's HTML.",
        "독자에게 보일 것을 고르세요. 미리보기가 바로 그 틀입니다. 아래 코드를 글의 HTML에 붙여 넣으세요.",
    post_shows: "The post shows", "글에 보일 것",
    /// Play on, the game, a diagram, the puzzle (as `Show::ALL`).
    show_choices as [&'static str; 4]:
        [
            "This position, to play on against the computer",
            "The whole game, to step through",
            "A still diagram of this position",
            "This puzzle, to solve",
        ],
        ["이 국면에서 컴퓨터와 이어 두기", "대국 전체를 한 수씩 보기", "이 국면의 그림", "이 퍼즐 풀어 보기"],
    level: "Computer's level", "컴퓨터 수준",
    at_the_bottom: "At the bottom", "아래쪽",
    size: "Frame size", "틀 크기",
    /// Small, medium, large (as `SIZES`).
    sizes as [&'static str; 3]:
        ["Small", "Medium", "Large"],
        ["작게", "보통", "크게"],
    width: "Width", "너비",
    height: "Height", "높이",
    preview: "Preview", "미리보기",
    snippet: "Snippet for your post", "글에 넣을 코드",
    back_to_game: "Back to the game", "대국으로 돌아가기",
    download_diagram: "Download it as SVG or PNG", "SVG나 PNG로 내려받기",
    /// The frame's title, as a screen reader says it: "{game}: …" (as
    /// `Show::ALL`).
    frame_title as [&'static str; 4]:
        [
            "{game}: play against the computer",
            "{game}: a game to step through",
            "{game}: a diagram",
            "{game}: a puzzle to solve",
        ],
        ["{game}: 컴퓨터와 두기", "{game}: 한 수씩 보는 대국", "{game}: 국면 그림", "{game}: 풀어 볼 퍼즐"],
}
