//! The rules help's words: both games' rules, the moves' legend.

texts! {
    /// The rules help's words.
    pub struct RulesText, const EN, KO;
    rules: "§ Rules", "§ 규칙",
    rules_title: "Rules", "규칙",
    rules_mansindam as &'static [&'static str]:
        &[
            "Checkmate the King to win. A player who cannot move, in check or not (stalemate), loses. There are no draws.",
            "A captured piece changes sides and goes to the capturer's hand, unpromoted. Instead of moving, you may drop a piece from your hand on any empty square; it arrives unpromoted.",
            "Pawn drops: not on your last rank, and not on a file that already holds an unpromoted Pawn of yours. A Pawn drop may give mate.",
            "Promotion zone: the far three ranks. A move that starts or ends there promotes, always (promotion is compulsory).",
            "Campmate: a King that moves onto the far rank wins at once (like any King move, not into check).",
            "Repetition: a move that would make the same position (pieces, hands, side to move) occur a third time is not allowed; a player left without moves so loses.",
        ],
        &[
            "왕을 외통수로 잡으면 이깁니다. 장군을 받았든 아니든 둘 수가 없는 쪽(스테일메이트)이 집니다. 무승부는 없습니다.",
            "잡은 말은 편을 바꾸어 잡은 쪽의 보유 말이 되며, 승격은 풀립니다. 말을 움직이는 대신 보유 말 하나를 빈 칸에 놓을 수 있고, 놓은 말은 승격하지 않은 상태입니다.",
            "보병 놓기: 자신의 마지막 줄에는 놓을 수 없고, 승격하지 않은 자신의 보병이 이미 있는 줄에도 놓을 수 없습니다. 보병을 놓아 외통수를 만들 수는 있습니다.",
            "승격 구역: 상대 쪽 세 줄. 이 구역에서 출발하거나 도착하는 수는 반드시 승격합니다(의무 승격).",
            "입옥: 왕이 상대의 끝 줄로 움직이면 곧바로 이깁니다(다른 왕의 수처럼 장군 받는 칸으로는 갈 수 없습니다).",
            "동형 반복: 같은 국면(말의 배치, 보유 말, 둘 차례)을 세 번째로 만드는 수는 둘 수 없습니다. 그 때문에 둘 수가 없으면 집니다.",
        ],
    rules_pandemonium as &'static [&'static str]:
        &[
            "Checkmate the King to win. A player who cannot move, in check or not (stalemate), loses. There are no draws.",
            "A captured piece changes sides and goes to the capturer's hand, unpromoted. Instead of moving, you may drop a piece from your hand on any empty square, Pawns too: on any file, even the last rank, and a Pawn drop may mate.",
            "Promotion zone: the far three ranks. A move that starts or ends there may promote: you choose each time. The three pieces on each second rank start promoted.",
            "No campmate: a King on the far rank does not win.",
            "Repetition: the move that makes a position occur for the third time ends the game. If one side gave check with every move since the first time, that side loses (perpetual check); otherwise the player who repeated loses. The page warns you first.",
        ],
        &[
            "왕을 외통수로 잡으면 이깁니다. 장군을 받았든 아니든 둘 수가 없는 쪽(스테일메이트)이 집니다. 무승부는 없습니다.",
            "잡은 말은 편을 바꾸어 잡은 쪽의 보유 말이 되며, 승격은 풀립니다. 말을 움직이는 대신 보유 말 하나를 아무 빈 칸에나 놓을 수 있습니다. 병도 어느 줄이든, 마지막 줄에도 놓을 수 있고 병을 놓아 외통수를 만들 수 있습니다.",
            "승격 구역: 상대 쪽 세 줄. 이 구역에서 출발하거나 도착하는 수는 승격할 수 있으며 매번 선택합니다. 양쪽 둘째 줄의 세 말은 승격한 상태로 시작합니다.",
            "입옥은 없습니다. 왕이 끝 줄에 가도 이기지 않습니다.",
            "동형 반복: 같은 국면이 세 번째로 나오게 하는 수를 두면 대국이 끝납니다. 처음 나온 뒤로 한 쪽이 매 수마다 장군을 걸었다면 그쪽이 지고(연속 장군), 아니면 반복한 쪽이 집니다. 두기 전에 경고합니다.",
        ],
    legend_step: "one step", "한 칸",
    legend_leap: "leaps (over pieces)", "뛰어넘기",
    legend_slide: "slides any distance", "몇 칸이든",
    promotes_to: "promotes to", "승격하면",
    inventor_page: "The inventor's page (English)", "창안자의 설명 (영어)",
}
