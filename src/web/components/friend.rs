//! Playing a friend on another device: the dialog that makes and shows
//! the links (the invitation's terms, the invitation, an invitation
//! received, the reply) and the game's part of the panel (the channel,
//! the friend's news and questions, the phrases).

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::{Color, Variant};
use crate::net::link::RtcLink;
use crate::net::{Control, Invite, Phrase, Timing};
use crate::protocol::friend::{FriendView, LetterView, LinkState};
use crate::protocol::{Lang, Side};
use crate::web::components::dialogs::{choice_button, ClockChooser, ClockFields, CopyField, Modal};
use crate::web::components::reply_field::ReplyField;
use crate::web::i18n::{fill, Text, Texts};
use crate::web::state::friend::{FriendBoard, News, Stage};

/// What the dialog's buttons ask for.
#[derive(Clone, PartialEq)]
pub struct FindActions {
    /// Invite on these terms, this player taking that side (by link:
    /// no connection, a link after each move).
    pub invite: Callback<Invitation>,
    /// A game by link kept, opened again (its fragment).
    pub open_letter: Callback<String>,
    /// Back to the invitation's terms (after a failure: by link, or with
    /// other servers).
    pub again: Callback<()>,
    pub accept: Callback<Rc<RtcLink>>,
    /// A reply link pasted.
    pub reply: Callback<String>,
    pub close: Callback<()>,
}

#[derive(Properties, PartialEq)]
pub struct FindProps {
    pub stage: Stage,
    pub lang: Lang,
    pub actions: FindActions,
}

/// The dialog that brings the two pages together, until the game begins.
#[function_component(FindDialog)]
pub fn find_dialog(props: &FindProps) -> Html {
    let t = props.lang.text();
    let close = props.actions.close.clone();
    let close_button = html! {
        <button type="button" class="button" data-testid="friend-close"
            onclick={close.reform(|_| ())}>{ t.play.close }</button>
    };
    let (title, body) = match &props.stage {
        Stage::Setup => (
            t.friend.invite_title,
            html! {
                <>
                    <InviteForm lang={props.lang} on_invite={props.actions.invite.clone()} />
                    { letters(t, &props.actions.open_letter) }
                </>
            },
        ),
        Stage::Preparing => (
            t.friend.invite_title,
            html! { <p class="note" data-testid="friend-preparing" role="status">{ t.friend.preparing }</p> },
        ),
        Stage::Inviting { link, again } => (
            if *again {
                t.friend.reconnect_title
            } else {
                t.friend.invite_title
            },
            html! {
                <>
                    { link_to_send(link, if *again { t.friend.reconnect_ready } else { t.friend.invite_ready },
                        t.friend.invite_link, "invite-link", props.lang) }
                    <p class="note" role="status" data-testid="friend-waiting">{ t.friend.waiting_reply }</p>
                    <ReplyField lang={props.lang} on_reply={props.actions.reply.clone()} />
                    <div class="dialog-buttons">{ close_button }</div>
                </>
            },
        ),
        Stage::Invited(link) => (t.friend.invited_title, invited(link, t, &props.actions)),
        Stage::Replying { link } => (
            t.friend.invited_title,
            html! {
                <>
                    { link_to_send(link, t.friend.reply_ready, t.friend.reply_link, "reply-link", props.lang) }
                    <p class="note" role="status" data-testid="friend-waiting">{ t.friend.waiting_connection }</p>
                    <div class="dialog-buttons">{ close_button }</div>
                </>
            },
        ),
        Stage::Handed(taken) => (
            t.friend.reply_link,
            html! {
                <>
                    <p class="question" role="status" data-testid="friend-handed" data-taken={taken.to_string()}>
                        { if *taken { t.friend.reply_handed } else { t.friend.reply_unclaimed } }
                    </p>
                    <div class="dialog-buttons">{ close_button }</div>
                </>
            },
        ),
        Stage::Failed(why) => (
            t.play.play_friend,
            html! {
                <>
                    <p class="question" role="alert" data-testid="friend-failed">{ why.clone() }</p>
                    <div class="dialog-buttons">
                        { close_button }
                        <button type="button" class="button primary" data-testid="friend-again"
                            onclick={props.actions.again.reform(|_| ())}>{ t.friend.instead_by_link }</button>
                    </div>
                </>
            },
        ),
        Stage::Playing => return Html::default(),
    };
    html! {
        <Modal title={title} lang={props.lang} on_close={close}>
            <div class="friend" data-testid="friend-dialog">{ body }</div>
        </Modal>
    }
}

/// An invitation received: its terms, to accept or decline.
fn invited(link: &Rc<RtcLink>, t: &Text, actions: &FindActions) -> Html {
    let accept = {
        let (link, accept) = (link.clone(), actions.accept.clone());
        Callback::from(move |_: MouseEvent| accept.emit(link.clone()))
    };
    html! {
        <>
            <p class="question" data-testid="friend-invitation">
                { link.invite.as_ref().map(|i| invitation_text(i, t)).unwrap_or_default() }
            </p>
            <div class="dialog-buttons">
                <button type="button" class="button" data-testid="friend-decline"
                    onclick={actions.close.reform(|_| ())}>{ t.friend.decline }</button>
                <button type="button" class="button primary" data-testid="friend-accept"
                    onclick={accept}>{ t.friend.accept }</button>
            </div>
        </>
    }
}

/// "Your friend invites you to play Mansindam: you play Black, 5+3."
pub fn invitation_text(invite: &Invite, t: &Text) -> String {
    let game = match invite.variant {
        Variant::Mansindam => t.play.mansindam,
        Variant::Pandemonium => t.play.pandemonium,
    };
    let side = t.side(side_of(invite.inviter.flip()));
    let clock = match invite.timing {
        Timing::Live(c) => t.time_control(crate::web::clock::TimeControl {
            minutes: c.minutes,
            increment_s: c.increment_s,
            byoyomi_s: c.byoyomi_s,
            periods: c.periods,
        }),
        Timing::Untimed | Timing::DaysPerMove(_) => t.friend.no_clock.to_string(),
    };
    fill(
        t.friend.invited,
        &[("game", game), ("side", side), ("clock", &clock)],
    )
}

pub fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// A link for the friend: to copy, to hand to the phone's Share sheet,
/// or to scan.
fn link_to_send(
    link: &str,
    lead: &'static str,
    label: &'static str,
    testid: &'static str,
    lang: Lang,
) -> Html {
    let t = lang.text();
    let share = {
        let link = link.to_string();
        Callback::from(move |_: MouseEvent| share_link(&link))
    };
    html! {
        <>
            <p class="note">{ lead }</p>
            <CopyField {lang} {label} value={Some(AttrValue::from(link.to_string()))} testid={testid} />
            <div class="friend-send">
                if can_share() {
                    <button type="button" class="button" data-testid={format!("share-{testid}")}
                        onclick={share}>{ t.friend.share }</button>
                }
                { qr_code(link, t.friend.qr_title) }
            </div>
            <p class="note">{ t.friend.send_link }</p>
        </>
    }
}

/// The link as a QR code, drawn as one SVG path.
fn qr_code(link: &str, title: &'static str) -> Html {
    let Ok(code) = crate::qr::encode(link.as_bytes()) else {
        return Html::default();
    };
    let side = code.size() + 8;
    html! {
        <svg class="qr" viewBox={format!("0 0 {side} {side}")} role="img" aria-label={title}
            data-testid="friend-qr" data-modules={code.size().to_string()}>
            <rect width={side.to_string()} height={side.to_string()} class="qr-light" />
            <path d={code.svg_path()} class="qr-dark" />
        </svg>
    }
}

/// The browser can hand a link to the phone's Share sheet.
fn can_share() -> bool {
    web_sys::window()
        .is_some_and(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false))
}

fn share_link(link: &str) {
    if let Some(window) = web_sys::window() {
        let data = web_sys::ShareData::new();
        data.set_url(link);
        let _ = window.navigator().share_with_data(&data);
    }
}

/// An invitation chosen: the terms, this player's side, and whether the
/// game goes by link.
pub type Invitation = (Invite, Side, bool);

#[derive(Properties, PartialEq)]
struct InviteProps {
    lang: Lang,
    on_invite: Callback<Invitation>,
}

/// The days a move may take in a game by link, as offered.
const DAY_CHOICES: [Option<u8>; 4] = [None, Some(1), Some(3), Some(7)];

/// The invitation's terms: the game, the side (or random), the clock and
/// a start position.
#[function_component(InviteForm)]
fn invite_form(props: &InviteProps) -> Html {
    let t = props.lang.text();
    let pandemonium = use_state(|| false);
    // `None`: random.
    let side = use_state(|| Some(Side::White));
    let clock = use_state(|| ClockFields::of(None));
    let by_link = use_state(|| false);
    let days = use_state(|| None::<u8>);
    let fen = use_node_ref();
    let servers = use_node_ref();
    let choice =
        |testid: &'static str, title: &'static str, on: bool, set: Callback<MouseEvent>| {
            choice_button(testid.into(), title, "", on, set)
        };
    let set_game = |p: bool| {
        let pandemonium = pandemonium.clone();
        Callback::from(move |_| pandemonium.set(p))
    };
    let set_side = |s: Option<Side>| {
        let side = side.clone();
        Callback::from(move |_| side.set(s))
    };
    let chosen = Chosen {
        pandemonium: *pandemonium,
        side: *side,
        clock: *clock,
        by_link: *by_link,
        days: *days,
    };
    let invite = invite(
        chosen,
        fen.clone(),
        servers.clone(),
        props.on_invite.clone(),
    );
    let set_how = |b: bool| {
        let by_link = by_link.clone();
        Callback::from(move |_| by_link.set(b))
    };
    let on_clock = {
        let clock = clock.clone();
        Callback::from(move |v| clock.set(v))
    };
    html! {
        <>
            <p class="note">{ t.friend.play_friend_help }</p>
            <fieldset>
                <legend>{ t.play.game }</legend>
                <div class="choices">
                    { choice("friend-mansindam", t.play.mansindam, !*pandemonium, set_game(false)) }
                    { choice("friend-pandemonium", t.play.pandemonium, *pandemonium, set_game(true)) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.friend.your_side }</legend>
                <div class="choices">
                    { choice("friend-white", t.play.white, *side == Some(Side::White), set_side(Some(Side::White))) }
                    { choice("friend-black", t.play.black, *side == Some(Side::Black), set_side(Some(Side::Black))) }
                    { choice("friend-random", t.friend.random_side, side.is_none(), set_side(None)) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.friend.how_you_play }</legend>
                <div class="choices">
                    { choice("friend-live", t.friend.live, !*by_link, set_how(false)) }
                    { choice("friend-by-link", t.friend.by_link, *by_link, set_how(true)) }
                </div>
                if *by_link { <p class="note">{ t.friend.by_link_help }</p> }
            </fieldset>
            if *by_link {
                { days_field(t, &days) }
            } else {
                <ClockChooser value={*clock} lang={props.lang} on_change={on_clock} />
            }
            <label class="field">
                <span class="field-label">{ t.play.start_fen }</span>
                <input type="text" ref={fen} data-testid="friend-fen" spellcheck="false" autocomplete="off" />
            </label>
            if !*by_link {
                <label class="field">
                    <span class="field-label">{ t.friend.servers }</span>
                    <input type="text" ref={servers} data-testid="friend-servers" spellcheck="false"
                        autocomplete="off" placeholder={t.friend.servers_help}
                        value={crate::web::storage::ice_setting().unwrap_or_default()} />
                </label>
            }
            <div class="dialog-buttons">
                <button type="button" class="button primary" data-testid="friend-invite" onclick={invite}>
                    { t.friend.make_invite }
                </button>
            </div>
        </>
    }
}

/// The invitation's terms as the form shows them (`side` `None`: random).
#[derive(Clone, Copy)]
struct Chosen {
    pandemonium: bool,
    side: Option<Side>,
    clock: ClockFields,
    by_link: bool,
    days: Option<u8>,
}

/// The Invite button: draws the side if it is random, reads the start
/// position and the servers, and sends the terms.
fn invite(
    chosen: Chosen,
    fen: NodeRef,
    servers: NodeRef,
    on_invite: Callback<Invitation>,
) -> Callback<MouseEvent> {
    let Chosen {
        pandemonium,
        side,
        clock,
        by_link,
        days,
    } = chosen;
    Callback::from(move |_: MouseEvent| {
        let me = side.unwrap_or(if js_sys::Math::random() < 0.5 {
            Side::White
        } else {
            Side::Black
        });
        let start_fen = fen
            .cast::<web_sys::HtmlInputElement>()
            .map(|i| i.value().trim().to_string())
            .filter(|f| !f.is_empty());
        let timing = match (by_link, days) {
            (true, Some(days)) => Timing::DaysPerMove(days),
            (true, None) => Timing::Untimed,
            (false, _) => clock.control().map_or(Timing::Untimed, |c| {
                Timing::Live(Control {
                    minutes: c.minutes,
                    increment_s: c.increment_s,
                    byoyomi_s: c.byoyomi_s,
                    periods: c.periods,
                })
            }),
        };
        let terms = Invite {
            variant: if pandemonium {
                Variant::Pandemonium
            } else {
                Variant::Mansindam
            },
            start_fen,
            inviter: match me {
                Side::White => Color::White,
                Side::Black => Color::Black,
            },
            timing,
        };
        if let Some(field) = servers.cast::<web_sys::HtmlInputElement>() {
            crate::web::storage::set_ice_setting(Some(&field.value()));
        }
        on_invite.emit((terms, me, by_link));
    })
}

/// The days a move may take in a game by link.
fn days_field(t: &Text, days: &UseStateHandle<Option<u8>>) -> Html {
    html! {
        <fieldset>
            <legend>{ t.friend.days_per_move }</legend>
            <div class="clock-presets">
                { for DAY_CHOICES.into_iter().map(|d| {
                    let on = **days == d;
                    let set = days.clone();
                    let label = d.map_or(t.friend.no_limit.to_string(), |n| fill(t.friend.days_short, &[("n", &n.to_string())]));
                    html! {
                        <button type="button" class={classes!("level", "clock-preset", on.then_some("on"))}
                            data-testid={format!("friend-days-{}", d.unwrap_or(0))} aria-pressed={on.to_string()}
                            onclick={Callback::from(move |_| set.set(d))}>{ label }</button>
                    }
                }) }
            </div>
        </fieldset>
    }
}

/// What the panel's friend part can ask.
#[derive(Clone, PartialEq)]
pub struct GameActions {
    pub reconnect: Callback<()>,
    pub by_link: Callback<()>,
    pub claim: Callback<()>,
    pub say: Callback<Phrase>,
    pub answer_takeback: Callback<bool>,
    pub answer_rematch: Callback<bool>,
    pub dismiss: Callback<()>,
}

/// The games by link this browser keeps, to open again.
fn letters(t: &Text, open: &Callback<String>) -> Html {
    let kept = crate::web::storage::kept_letters();
    if kept.is_empty() {
        return Html::default();
    }
    html! {
        <section class="letters" data-testid="friend-letters">
            <h3>{ t.friend.letters_title }</h3>
            <ul>
                { for kept.into_iter().filter_map(|(id, over, fragment)| {
                    let link = crate::net::link::CorrLink::read(&fragment).ok()?;
                    let game = match link.variant {
                        Variant::Mansindam => t.play.mansindam,
                        Variant::Pandemonium => t.play.pandemonium,
                    };
                    let first = match &link.start_fen {
                        Some(fen) if fen.split_whitespace().nth(1) == Some("b") => Color::Black,
                        _ => Color::White,
                    };
                    let to_move = if link.moves.len() % 2 == 0 { first } else { first.flip() };
                    let turn = if over {
                        t.friend.letter_over
                    } else if to_move == link.recipient {
                        t.friend.letter_yours
                    } else {
                        t.friend.letter_theirs
                    };
                    let text = fill(t.friend.letter_item, &[
                        ("game", game),
                        ("side", t.side(side_of(link.recipient))),
                        ("moves", &fill(t.friend.moves_counted[usize::from(link.moves.len() != 1)],
                            &[("n", &link.moves.len().to_string())])),
                        ("turn", turn),
                    ]);
                    let open = open.reform(move |_: MouseEvent| fragment.clone());
                    Some(html! {
                        <li>
                            <button type="button" class="button letter" data-testid={format!("letter-{id:x}")}
                                onclick={open}>{ text }</button>
                        </li>
                    })
                }) }
            </ul>
        </section>
    }
}

/// The game's part of the panel: the channel, the news, the friend's
/// questions, the phrases (live); the link to send (by link). `now`: the
/// page's clock (ms since 1970), for the countdown while the friend is
/// away.
pub fn section(board: &FriendBoard, t: &Text, actions: &GameActions, now: f64) -> Html {
    if let Some(letter) = board.letter.as_deref() {
        return letter_section(letter, board.news, t);
    }
    let Some(game) = board.game.as_deref() else {
        return Html::default();
    };
    let (takeback, rematch) = board.asked();
    let question = |testid: &'static str, text: &'static str, answer: &Callback<bool>| {
        html! {
            <div class="friend-question" role="alert" data-testid={testid}>
                <p>{ text }</p>
                <div class="dialog-buttons">
                    <button type="button" class="button" data-testid={format!("{testid}-no")}
                        onclick={answer.reform(|_| false)}>{ t.friend.decline }</button>
                    <button type="button" class="button primary" data-testid={format!("{testid}-yes")}
                        onclick={answer.reform(|_| true)}>{ t.friend.accept }</button>
                </div>
            </div>
        }
    };
    html! {
        <section class="friend-game" data-testid="friend-game">
            { link_line(game, t) }
            if let (LinkState::Away { claim_at, .. }, false) = (game.link, game.over) {
                if now >= claim_at as f64 {
                    <button type="button" class="button" data-testid="friend-claim"
                        onclick={actions.claim.reform(|_| ())}>{ t.friend.claim_win }</button>
                } else {
                    <p class="note" role="timer" data-testid="friend-countdown">
                        { fill(t.friend.claim_win_in, &[("s", &(((claim_at as f64 - now) / 1000.0).ceil() as u64).to_string())]) }
                    </p>
                }
            }
            if game.started && !game.over && matches!(game.link, LinkState::Away { .. } | LinkState::Left | LinkState::Connecting) {
                <button type="button" class="button primary" data-testid="friend-reconnect"
                    onclick={actions.reconnect.reform(|_| ())}>{ t.friend.reconnect }</button>
            }
            if game.started && !game.over && game.link != LinkState::Connected {
                <button type="button" class="button" data-testid="friend-continue-by-link"
                    onclick={actions.by_link.reform(|_| ())}>{ t.friend.continue_by_link }</button>
            }
            if takeback {
                { question("friend-takeback", t.friend.takeback_asked, &actions.answer_takeback) }
            } else if game.takeback == Some(game.me) {
                <p class="note" role="status" data-testid="friend-takeback-waiting">{ t.friend.takeback_waiting }</p>
            }
            if rematch {
                { question("friend-rematch", t.friend.rematch_offered, &actions.answer_rematch) }
            } else if game.rematch == Some(game.me) {
                <p class="note" role="status" data-testid="friend-rematch-waiting">{ t.friend.rematch_waiting }</p>
            }
            if let Some(news) = board.news {
                <p class="friend-news" role="status" data-testid="friend-news">
                    <span>{ match news {
                        News::Event(e) => t.friend.event(e),
                        News::Refused => t.friend.message_refused.to_string(),
                        News::ClockLeft => t.friend.clock_left.to_string(),
                    } }</span>
                    <button type="button" class="button icon" aria-label={t.play.close}
                        onclick={actions.dismiss.reform(|_| ())}>{ "✕" }</button>
                </p>
            }
            // (Nothing can be said once a finished game's channel is gone.)
            if board.connected() || !game.over {
            <div class="phrases" role="group" aria-label={t.friend.say_title}>
                { for Phrase::ALL.into_iter().map(|p| html! {
                    <button type="button" class="button" data-testid={format!("say-{}", p as u8)}
                        disabled={!board.connected()} onclick={actions.say.reform(move |_| p)}>
                        { t.friend.phrase(p) }
                    </button>
                }) }
            </div>
            }
        </section>
    }
}

/// A game by link: the link to send after this player's move.
fn letter_section(letter: &LetterView, news: Option<News>, t: &Text) -> Html {
    let lang = t.lang;
    html! {
        <section class="friend-game" data-testid="friend-letter">
            if let Some(fragment) = &letter.to_send {
                { link_to_send(&crate::web::friend::letter_link(fragment), t.friend.letter_send,
                    t.friend.letter_link, "letter-link", lang) }
            } else {
                <p class="note" role="status">{ t.friend.letter_your_move }</p>
            }
            if let Some(days) = letter.days_per_move {
                <p class="note">{ fill(t.friend.days_note, &[("n", &days.to_string())]) }</p>
            }
            if news == Some(News::ClockLeft) {
                <p class="note" data-testid="letter-clock-left">{ t.friend.clock_left }</p>
            }
        </section>
    }
}

/// The channel's state in one line.
fn link_line(game: &FriendView, t: &Text) -> Html {
    let (state, text) = match game.link {
        LinkState::Connecting => ("connecting", t.friend.connecting),
        LinkState::Connected => ("connected", t.friend.connected),
        LinkState::Away { .. } => ("away", t.friend.friend_away),
        LinkState::Left if game.over => ("left", t.friend.left_over),
        LinkState::Left => ("left", t.friend.you_left),
        LinkState::Resuming => ("resuming", t.friend.resuming),
        LinkState::Failed => ("failed", t.friend.link_failed),
    };
    html! {
        <p class={classes!("friend-link", state)} data-testid="friend-link" data-state={state}>{ text }</p>
    }
}
