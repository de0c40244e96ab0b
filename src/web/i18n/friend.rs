//! The words of a game against a friend on another device (the study
//! bundle only). `{name}` marks a value filled in by `i18n::fill`.

use crate::net::Phrase;
use crate::protocol::friend::FriendEvent;

texts! {
    /// The friend game's words.
    pub struct FriendText, const EN, KO;
    /// The invitation's help.
    play_friend_help:
        "On another device: you send a link, your friend sends one back.",
        "다른 기기의 친구와: 링크를 보내면 친구가 답장 링크를 보냅니다.",
    /// The invitation being set up.
    invite_title: "Invite a friend", "친구 초대",
    your_side: "You play", "내 편",
    random_side: "Random", "무작위",
    make_invite: "Make the invitation link", "초대 링크 만들기",
    /// The link to send, and how.
    invite_ready: "Send this link to your friend:", "이 링크를 친구에게 보내세요:",
    send_link: "Send it by any chat app, or let them scan the code.", "메신저로 보내거나 친구가 코드를 찍게 하세요.",
    share: "Share…", "공유…",
    qr_title: "The link as a QR code", "링크의 QR 코드",
    waiting_reply: "Waiting for your friend's reply link…", "친구의 답장 링크를 기다리는 중…",
    paste_reply: "Their reply link", "친구의 답장 링크",
    paste_reply_help: "Open it in this browser, or paste it here.", "이 브라우저에서 열거나 여기에 붙여 넣으세요.",
    use_reply: "Connect", "연결",
    /// The reply link read from the clipboard, or scanned with the camera.
    paste_button: "Paste the reply", "답장 붙여 넣기",
    paste_not_link:
        "What was copied is not a reply link: copy the whole link your friend sent.",
        "복사한 내용이 답장 링크가 아닙니다. 친구가 보낸 링크를 통째로 복사하세요.",
    paste_refused:
        "This browser did not let the page read what was copied: paste the link into the field.",
        "이 브라우저가 복사한 내용을 읽지 못하게 했습니다. 링크를 칸에 붙여 넣으세요.",
    scan_button: "Scan the reply's code", "답장 코드 찍기",
    scan_stop: "Stop the camera", "카메라 끄기",
    scan_refused:
        "The camera could not be used: paste the link into the field.",
        "카메라를 쓸 수 없습니다. 링크를 칸에 붙여 넣으세요.",
    /// The invited player's view: "Your friend invites you to play
    /// {game}: you play {side}, {clock}."
    invited_title: "An invitation", "초대",
    invited:
        "Your friend invites you to play {game}: you play {side}, {clock}.",
        "친구가 {game} 대국에 초대했습니다: 내 편은 {side}, {clock}.",
    accept: "Accept", "수락",
    decline: "Decline", "거절",
    no_clock: "no clock", "시계 없음",
    reply_ready:
        "Send this reply link back to your friend: they open it, or paste it into “Their reply link” on their invitation screen.",
        "이 답장 링크를 친구에게 보내세요. 친구는 링크를 열거나, 초대 화면의 ‘친구의 답장 링크’ 칸에 붙여 넣으면 됩니다.",
    waiting_connection: "The game starts when your friend opens it.", "친구가 열면 대국이 시작됩니다.",
    /// The reply link opened in the inviter's browser.
    reply_handed:
        "The reply went to your waiting game in this browser: you can close this tab.",
        "답장이 이 브라우저의 기다리는 대국으로 갔습니다. 이 탭은 닫아도 됩니다.",
    reply_unclaimed:
        "No game in this browser waits for this reply: open it in the browser that made the invitation, or paste it there.",
        "이 브라우저에는 이 답장을 기다리는 대국이 없습니다. 초대를 만든 브라우저에서 열거나 거기에 붙여 넣으세요.",
    /// A link that cannot be used: "{error}"; a link pasted where a
    /// reply was awaited that is not one.
    bad_link: "This link cannot be used: {error}.", "이 링크는 쓸 수 없습니다: {error}.",
    not_a_reply: "it is not a reply link", "답장 링크가 아닙니다",
    /// The game: whose move, who the opponent is.
    player_name: "Friend", "친구",
    their_move: "Your friend's move ({side})", "친구 차례 ({side})",
    connecting: "Connecting to your friend…", "친구와 연결하는 중…",
    connected: "Connected", "연결됨",
    preparing: "Preparing the link…", "링크를 준비하는 중…",
    /// The connection could not be made: "{cause}".
    no_connection:
        "The connection to your friend could not be made: {cause}",
        "친구와 연결하지 못했습니다: {cause}",
    /// Something the other page sent was refused.
    message_refused:
        "Your friend's page sent something this page could not accept; the game is as it was.",
        "친구의 페이지가 받을 수 없는 것을 보냈습니다. 대국은 그대로입니다.",
    they_resigned: "Your friend resigned.", "친구가 기권했습니다.",
    their_clock_out: "Your friend's clock ran out.", "친구의 시간이 다 되었습니다.",
    /// The phrases, as `Phrase::ALL` orders them; "Your friend says: {phrase}".
    phrases as [&'static str; 3]:
        ["Hello!", "Good game!", "Thanks!"],
        ["안녕하세요!", "좋은 대국이었어요!", "고마워요!"],
    they_say: "Your friend says: {phrase}", "친구의 말: {phrase}",
    say_title: "Say to your friend", "친구에게 말하기",
    /// The friend's questions and the answers to this player's.
    takeback_asked: "Your friend asks to take back their last move.", "친구가 마지막 수를 무르자고 합니다.",
    takeback_accepted: "Your friend accepted: your move is taken back.", "친구가 받아들였습니다. 내 수를 물렀습니다.",
    takeback_declined: "Your friend declined to take back your move.", "친구가 무르기를 거절했습니다.",
    takeback_crossed:
        "You both asked to take back at once: neither request stands.",
        "둘이 동시에 무르기를 청해서 둘 다 취소되었습니다.",
    takeback_waiting: "Take-back asked: waiting for your friend…", "무르기를 청했습니다. 친구의 대답을 기다리는 중…",
    rematch_offered:
        "Your friend offers a rematch with the colours swapped.",
        "친구가 편을 바꿔 한 판 더 두자고 합니다.",
    rematch_declined: "Your friend declined the rematch.", "친구가 한 판 더 두기를 거절했습니다.",
    rematch_waiting: "Rematch offered: waiting for your friend…", "한 판 더 두자고 했습니다. 친구의 대답을 기다리는 중…",
    rematch_started: "The rematch has begun: the colours are swapped.", "새 게임이 시작되었습니다. 편이 바뀌었습니다.",
    started: "Your friend accepted: the game has begun.", "친구가 수락했습니다. 대국이 시작되었습니다.",
    resumed: "Reconnected: the game goes on.", "다시 연결되었습니다. 대국이 이어집니다.",
    /// A claim made while this page was away, and two claims that lapse.
    claimed: "While you were away, your friend claimed the win.", "내가 자리를 비운 사이에 친구가 승리를 선언했습니다.",
    claim_told:
        "Your friend is back, and has been told that you claimed the win.",
        "친구가 돌아왔고, 내가 승리를 선언한 것을 전해 받았습니다.",
    claims_lapsed:
        "While the connection was down you both claimed the win: neither claim stands, and the game goes on.",
        "연결이 끊긴 동안 둘 다 승리를 선언해서 둘 다 취소되었습니다. 대국이 이어집니다.",
    /// The result card of a game won by a claim.
    you_claimed:
        "Your friend was away for a minute, and you claimed the win.",
        "친구가 1분 동안 자리를 비워서 승리를 선언했습니다.",
    friend_claimed:
        "You were away for a minute, and your friend claimed the win.",
        "내가 1분 동안 자리를 비워서 친구가 승리를 선언했습니다.",
    /// The channel: down, being resumed, given up.
    friend_away: "Your friend is disconnected.", "친구의 연결이 끊어졌습니다.",
    /// This page left the game (a reload, a lost network): how to go on.
    you_left:
        "You left the game (a reload or a lost connection). Send your friend a reconnect link to go on; if you are not back within a minute, your friend may claim the win.",
        "내가 대국을 떠났습니다(새로고침 또는 연결 끊김). 이어서 두려면 친구에게 재연결 링크를 보내세요. 1분 안에 돌아오지 않으면 친구가 승리를 선언할 수 있습니다.",
    /// A finished game opened again after a reload: no channel.
    left_over:
        "The game is over, and this page is no longer connected to your friend's.",
        "대국이 끝났고, 친구의 페이지와 더 이상 연결되어 있지 않습니다.",
    resuming: "Reconnecting…", "다시 연결하는 중…",
    link_failed:
        "The two games differ: this game can no longer go on here.",
        "두 대국이 서로 달라서 여기서는 더 둘 수 없습니다.",
    invite_link: "Invitation link", "초대 링크",
    reply_link: "Reply link", "답장 링크",
    friend_won: "Your friend won", "친구가 이겼습니다",
    /// The game kept could not be read: "{damage}".
    kept_game_lost:
        "The game with your friend could not be read ({damage}).",
        "친구와의 대국을 읽을 수 없습니다 ({damage}).",
    reconnect: "Make a reconnect link", "다시 연결 링크 만들기",
    reconnect_title: "Reconnect", "다시 연결",
    reconnect_ready:
        "Send this link to your friend: the game goes on from where it stands.",
        "이 링크를 친구에게 보내세요. 대국이 멈춘 곳에서 이어집니다.",
    /// While the friend is away: "You may claim the win in {s} s.", then
    /// the button.
    claim_win_in:
        "If your friend does not come back, you may claim the win in {s} s.",
        "친구가 돌아오지 않으면 {s}초 뒤에 승리를 선언할 수 있습니다.",
    claim_win: "Claim the win", "승리 선언",
    /// Games by link (correspondence).
    how_you_play: "How you play", "두는 방법",
    live: "Live", "실시간",
    by_link: "By link", "링크로",
    by_link_help:
        "No connection needed: after each move you send your friend a link that holds the whole game.",
        "연결이 필요 없습니다. 한 수 둘 때마다 대국 전체가 담긴 링크를 친구에게 보냅니다.",
    days_per_move: "Time per move", "한 수의 시간",
    no_limit: "No limit", "제한 없음",
    /// "{n} d" chips, and "{n} days per move" in the game.
    days_short: "{n} d", "{n}일",
    days_note: "{n} days per move.", "한 수에 {n}일.",
    letter_send:
        "Send this link to your friend: it holds the whole game.",
        "이 링크를 친구에게 보내세요. 대국 전체가 담겨 있습니다.",
    letter_your_move: "Your move: then send your friend the link.", "내 차례입니다. 두고 나서 친구에게 링크를 보내세요.",
    letter_link: "Link of the game", "대국 링크",
    letters_title: "Your games by link", "링크로 두는 대국",
    /// "{game}, you play {side}, {moves}: {turn}", the moves counted as
    /// "1 move" or "{n} moves".
    letter_item: "{game}, you play {side}, {moves}: {turn}", "{game}, 내 편 {side}, {moves}: {turn}",
    moves_counted as [&'static str; 2]:
        ["1 move", "{n} moves"],
        ["1수", "{n}수"],
    letter_yours: "your move", "내 차례",
    letter_theirs: "your friend's move", "친구 차례",
    letter_over: "over", "끝남",
    /// The servers field, its help, and the way out of a failed connection.
    servers: "Connection servers (optional)", "연결 서버 (선택)",
    servers_help:
        "stun:host:3478, turn:user:password@host:3478 — or none",
        "stun:host:3478, turn:user:password@host:3478 또는 none",
    instead_by_link: "Other servers, or by link", "다른 서버나 링크로",
    continue_by_link: "Go on by link instead", "대신 링크로 이어 두기",
    /// A live game with a clock gone on by link.
    clock_left:
        "A game by link has no clock: the live game's clock stays behind.",
        "링크로 두는 대국에는 시계가 없어서 실시간 대국의 시계는 이어지지 않습니다.",
}

impl FriendText {
    pub fn phrase(&self, p: Phrase) -> &'static str {
        self.phrases[p as usize]
    }

    /// What the player is told of the friend's doing.
    pub fn event(&self, e: FriendEvent) -> String {
        match e {
            FriendEvent::Started => self.started.into(),
            // As `fill` would (this module is a leaf: nothing above it).
            FriendEvent::Phrase(p) => self.they_say.replace("{phrase}", self.phrase(p)),
            FriendEvent::TakebackAsked => self.takeback_asked.into(),
            FriendEvent::TakebackAccepted => self.takeback_accepted.into(),
            FriendEvent::TakebackDeclined => self.takeback_declined.into(),
            FriendEvent::TakebackCrossed => self.takeback_crossed.into(),
            FriendEvent::RematchOffered => self.rematch_offered.into(),
            FriendEvent::RematchDeclined => self.rematch_declined.into(),
            FriendEvent::Rematch => self.rematch_started.into(),
            FriendEvent::Resumed => self.resumed.into(),
            FriendEvent::Claimed => self.claimed.into(),
            FriendEvent::ClaimTold => self.claim_told.into(),
            FriendEvent::ClaimsLapsed => self.claims_lapsed.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rematch_is_called_a_new_game_as_everywhere_else() {
        let ko = crate::web::i18n::Texts::text(crate::protocol::Lang::Ko);
        assert_eq!(ko.play.new_game, "새 게임");
        assert!(KO.rematch_started.starts_with(ko.play.new_game));
    }
}
