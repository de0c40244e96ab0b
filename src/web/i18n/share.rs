//! Records, links and sharing: the Record dialog, the Share dialog.

texts! {
    /// The record and share dialogs' words.
    pub struct ShareText, const EN, KO;
    /// The Share dialog's way to the embed builder.
    embed_in_post: "Put it in a post…", "글에 넣기…",
    // The Record dialog.
    record: "✎ Record", "✎ 기보",
    record_title: "Game record", "기보",
    fen_label: "This position (FEN)", "이 국면 (FEN)",
    pgn_label: "This game (PGN)", "이 대국 (PGN)",
    copy: "Copy", "복사",
    copied: "Copied ✓", "복사됨 ✓",
    paste_label:
        "Play on from a position or game: paste its FEN or PGN",
        "국면이나 대국에서 이어 두기: FEN 또는 PGN을 붙여 넣으세요",
    play_from_record: "Play from it", "이어 두기",
    bad_record:
        "This cannot be read, and the game on the board stays as it was. {error}",
        "읽을 수 없어 판의 대국은 그대로입니다. {error}",
    // The Share dialog.
    share: "↗ Share", "↗ 공유",
    share_title: "Share this game", "이 대국 공유하기",
    share_text:
        "This link opens the game as it stands, seen as you see it.",
        "이 링크는 지금의 대국을 지금 보이는 그대로 엽니다.",
    link_label: "Link", "링크",
    open_full: "Open the full game", "전체 화면으로 열기",
}
