//! The words of a game against a friend on another device (the study
//! bundle only), in English and Korean. `{name}` marks a value filled in
//! by `i18n::fill`.

use crate::net::Phrase;
use crate::protocol::friend::FriendEvent;

pub struct FriendText {
    /// The invitation's help.
    pub play_friend_help: &'static str,
    /// The invitation being set up.
    pub invite_title: &'static str,
    pub your_side: &'static str,
    pub random_side: &'static str,
    pub make_invite: &'static str,
    /// The link to send, and how.
    pub invite_ready: &'static str,
    pub send_link: &'static str,
    pub share: &'static str,
    pub qr_title: &'static str,
    pub waiting_reply: &'static str,
    pub paste_reply: &'static str,
    pub paste_reply_help: &'static str,
    pub use_reply: &'static str,
    /// The invited player's view: "Your friend invites you to play
    /// {game}: you play {side}, {clock}."
    pub invited_title: &'static str,
    pub invited: &'static str,
    pub accept: &'static str,
    pub decline: &'static str,
    pub no_clock: &'static str,
    pub reply_ready: &'static str,
    pub waiting_connection: &'static str,
    /// The reply link opened in the inviter's browser.
    pub reply_handed: &'static str,
    pub reply_unclaimed: &'static str,
    /// A link that cannot be used: "{error}".
    pub bad_link: &'static str,
    /// The game: whose move, who the opponent is.
    pub friend: &'static str,
    pub their_move: &'static str,
    pub connecting: &'static str,
    pub connected: &'static str,
    pub preparing: &'static str,
    /// The connection could not be made: "{cause}".
    pub no_connection: &'static str,
    /// Something the other page sent was refused.
    pub refused: &'static str,
    pub they_resigned: &'static str,
    pub their_clock_out: &'static str,
    /// The phrases, as `Phrase::ALL` orders them; "Your friend says: {phrase}".
    pub phrases: [&'static str; 3],
    pub they_say: &'static str,
    pub say_title: &'static str,
    /// The friend's questions and the answers to this player's.
    pub takeback_asked: &'static str,
    pub takeback_accepted: &'static str,
    pub takeback_declined: &'static str,
    pub takeback_crossed: &'static str,
    pub takeback_waiting: &'static str,
    pub rematch_offered: &'static str,
    pub rematch_declined: &'static str,
    pub rematch_waiting: &'static str,
    pub rematch_started: &'static str,
    pub started: &'static str,
    pub resumed: &'static str,
    /// The channel: down, being resumed, given up.
    pub away: &'static str,
    pub resuming: &'static str,
    pub link_failed: &'static str,
    pub invite_link: &'static str,
    pub reply_link: &'static str,
    pub friend_won: &'static str,
    /// The game kept could not be read: "{damage}".
    pub kept_game_lost: &'static str,
    pub reconnect: &'static str,
    pub reconnect_title: &'static str,
    pub reconnect_ready: &'static str,
}

impl FriendText {
    pub fn phrase(&self, p: Phrase) -> &'static str {
        self.phrases[p as usize]
    }

    /// What the player is told of the friend's doing.
    pub fn event(&self, e: FriendEvent) -> String {
        match e {
            FriendEvent::Started => self.started.into(),
            FriendEvent::Phrase(p) => {
                crate::web::i18n::fill(self.they_say, &[("phrase", self.phrase(p))])
            }
            FriendEvent::TakebackAsked => self.takeback_asked.into(),
            FriendEvent::TakebackAccepted => self.takeback_accepted.into(),
            FriendEvent::TakebackDeclined => self.takeback_declined.into(),
            FriendEvent::TakebackCrossed => self.takeback_crossed.into(),
            FriendEvent::RematchOffered => self.rematch_offered.into(),
            FriendEvent::RematchDeclined => self.rematch_declined.into(),
            FriendEvent::Rematch => self.rematch_started.into(),
            FriendEvent::Resumed => self.resumed.into(),
        }
    }
}

pub static FR_EN: FriendText = FriendText {
    play_friend_help: "On another device: you send a link, your friend sends one back.",
    invite_title: "Invite a friend",
    your_side: "You play",
    random_side: "Random",
    make_invite: "Make the invitation link",
    invite_ready: "Send this link to your friend:",
    send_link: "Send it by any chat app, or let them scan the code.",
    share: "Share…",
    qr_title: "The link as a QR code",
    waiting_reply: "Waiting for your friend's reply link…",
    paste_reply: "Their reply link",
    paste_reply_help: "Open it in this browser, or paste it here.",
    use_reply: "Connect",
    invited_title: "An invitation",
    invited: "Your friend invites you to play {game}: you play {side}, {clock}.",
    accept: "Accept",
    decline: "Decline",
    no_clock: "no clock",
    reply_ready: "Send this reply link back to your friend:",
    waiting_connection: "The game starts when your friend opens it.",
    reply_handed: "The reply went to your waiting game in this browser: you can close this tab.",
    reply_unclaimed: "No game in this browser waits for this reply: open it in the browser that made the invitation, or paste it there.",
    bad_link: "This link cannot be used: {error}.",
    friend: "Friend",
    their_move: "Your friend's move ({side})",
    connecting: "Connecting to your friend…",
    connected: "Connected",
    preparing: "Preparing the link…",
    no_connection: "The connection to your friend could not be made: {cause}",
    refused: "Your friend's page sent something this page could not accept; the game is as it was.",
    they_resigned: "Your friend resigned.",
    their_clock_out: "Your friend's clock ran out.",
    phrases: ["Hello!", "Good game!", "Thanks!"],
    they_say: "Your friend says: {phrase}",
    say_title: "Say to your friend",
    takeback_asked: "Your friend asks to take back their last move.",
    takeback_accepted: "Your friend accepted: your move is taken back.",
    takeback_declined: "Your friend declined to take back your move.",
    takeback_crossed: "You both asked to take back at once: neither request stands.",
    takeback_waiting: "Take-back asked: waiting for your friend…",
    rematch_offered: "Your friend offers a rematch with the colours swapped.",
    rematch_declined: "Your friend declined the rematch.",
    rematch_waiting: "Rematch offered: waiting for your friend…",
    rematch_started: "The rematch has begun: the colours are swapped.",
    started: "Your friend accepted: the game has begun.",
    resumed: "Reconnected: the game goes on.",
    away: "Your friend is disconnected.",
    resuming: "Reconnecting…",
    link_failed: "The two games differ: this game can no longer go on here.",
    invite_link: "Invitation link",
    reply_link: "Reply link",
    friend_won: "Your friend won",
    kept_game_lost: "The game with your friend could not be read ({damage}).",
    reconnect: "Make a reconnect link",
    reconnect_title: "Reconnect",
    reconnect_ready: "Send this link to your friend: the game goes on from where it stands.",
};

pub static FR_KO: FriendText = FriendText {
    play_friend_help: "다른 기기의 친구와: 링크를 보내면 친구가 답장 링크를 보냅니다.",
    invite_title: "친구 초대",
    your_side: "내 편",
    random_side: "무작위",
    make_invite: "초대 링크 만들기",
    invite_ready: "이 링크를 친구에게 보내세요:",
    send_link: "메신저로 보내거나 친구가 코드를 찍게 하세요.",
    share: "공유…",
    qr_title: "링크의 QR 코드",
    waiting_reply: "친구의 답장 링크를 기다리는 중…",
    paste_reply: "친구의 답장 링크",
    paste_reply_help: "이 브라우저에서 열거나 여기에 붙여 넣으세요.",
    use_reply: "연결",
    invited_title: "초대",
    invited: "친구가 {game} 대국에 초대했습니다: 내 편은 {side}, {clock}.",
    accept: "수락",
    decline: "거절",
    no_clock: "시계 없음",
    reply_ready: "이 답장 링크를 친구에게 보내세요:",
    waiting_connection: "친구가 열면 대국이 시작됩니다.",
    reply_handed: "답장이 이 브라우저의 기다리는 대국으로 갔습니다. 이 탭은 닫아도 됩니다.",
    reply_unclaimed: "이 브라우저에는 이 답장을 기다리는 대국이 없습니다. 초대를 만든 브라우저에서 열거나 거기에 붙여 넣으세요.",
    bad_link: "이 링크는 쓸 수 없습니다: {error}.",
    friend: "친구",
    their_move: "친구 차례 ({side})",
    connecting: "친구와 연결하는 중…",
    connected: "연결됨",
    preparing: "링크를 준비하는 중…",
    no_connection: "친구와 연결하지 못했습니다: {cause}",
    refused: "친구의 페이지가 받을 수 없는 것을 보냈습니다. 대국은 그대로입니다.",
    they_resigned: "친구가 기권했습니다.",
    their_clock_out: "친구의 시간이 다 되었습니다.",
    phrases: ["안녕하세요!", "좋은 대국이었어요!", "고마워요!"],
    they_say: "친구의 말: {phrase}",
    say_title: "친구에게 말하기",
    takeback_asked: "친구가 마지막 수를 무르자고 합니다.",
    takeback_accepted: "친구가 받아들였습니다. 내 수를 물렀습니다.",
    takeback_declined: "친구가 무르기를 거절했습니다.",
    takeback_crossed: "둘이 동시에 무르기를 청해서 둘 다 취소되었습니다.",
    takeback_waiting: "무르기를 청했습니다. 친구의 대답을 기다리는 중…",
    rematch_offered: "친구가 편을 바꿔 한 판 더 두자고 합니다.",
    rematch_declined: "친구가 한 판 더 두기를 거절했습니다.",
    rematch_waiting: "한 판 더 두자고 했습니다. 친구의 대답을 기다리는 중…",
    rematch_started: "새 대국이 시작되었습니다. 편이 바뀌었습니다.",
    started: "친구가 수락했습니다. 대국이 시작되었습니다.",
    resumed: "다시 연결되었습니다. 대국이 이어집니다.",
    away: "친구의 연결이 끊어졌습니다.",
    resuming: "다시 연결하는 중…",
    link_failed: "두 대국이 서로 달라서 여기서는 더 둘 수 없습니다.",
    invite_link: "초대 링크",
    reply_link: "답장 링크",
    friend_won: "친구가 이겼습니다",
    kept_game_lost: "친구와의 대국을 읽을 수 없습니다 ({damage}).",
    reconnect: "다시 연결 링크 만들기",
    reconnect_title: "다시 연결",
    reconnect_ready: "이 링크를 친구에게 보내세요. 대국이 멈춘 곳에서 이어집니다.",
};
