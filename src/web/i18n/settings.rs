//! The settings dialog's words: language, pieces, board, sound.

texts! {
    /// The settings dialog's words.
    pub struct SettingsText, const EN, KO;
    language: "Language", "언어",
    settings: "Settings", "설정",
    pieces: "Pieces", "말",
    international: "International", "국제식",
    international_note: "letters, as in the move list", "기보와 같은 알파벳",
    traditional: "Traditional", "전통식",
    traditional_note: "Chinese characters on shogi tiles", "쇼기식 말에 한자",
    figurine: "Figurine", "체스 그림",
    figurine_note:
        "chess figures; a fairy piece shows what it combines",
        "체스 말 그림. 요정 말은 합친 말들의 모습",
    board_theme: "Board", "판",
    wood: "Wood", "나무",
    slate: "Slate", "청회색",
    sound: "Sound", "소리",
    on: "On", "켜기",
    off: "Off", "끄기",
}
