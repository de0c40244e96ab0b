//! The diagram page's words (`diagram.html`: only its bundle has them).

use crate::protocol::Lang;

texts! {
    /// The diagram page's words.
    pub struct DiagramText, static EN, KO;
    download_svg: "Download SVG", "SVG 내려받기",
    download_png: "Download PNG", "PNG 내려받기",
    play_from_here: "Play from this position", "이 국면에서 두기",
    /// "This diagram's position could not be read ({detail})."
    unreadable:
        "This diagram's position could not be read ({detail}).",
        "이 그림의 국면을 읽을 수 없습니다({detail}).",
    /// A link's move that cannot be played: the diagram stops before it.
    moves_stop:
        "The diagram shows the position before a move that could not be played ({detail}).",
        "둘 수 없는 수가 있어 그 앞의 국면을 보여 줍니다({detail}).",
    offline:
        "The pieces could not be loaded: connect once to keep them for offline use.",
        "말 그림을 불러오지 못했습니다. 한 번 연결하면 오프라인에서도 쓸 수 있습니다.",
}

impl DiagramText {
    pub fn of(lang: Lang) -> &'static DiagramText {
        match lang {
            Lang::En => &EN,
            Lang::Ko => &KO,
        }
    }
}
