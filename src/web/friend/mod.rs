//! Play a friend on another device: the page's side (the study bundle).
//!
//! The two pages find each other by links. The inviting page makes a
//! WebRTC offer and puts it, with the game's terms, in an invitation link
//! ([`invite`]); the friend's page, opening it, shows the terms and, once
//! accepted, makes the answer and puts it in a reply link ([`accept`]);
//! the reply link, opened in the inviter's browser, reaches the waiting
//! tab over a `BroadcastChannel` ([`hand_over`]), or is pasted there
//! ([`take_reply`]). The descriptions travel in the links' fragments
//! (`#rtc=`), so they never reach the site's host.
//!
//! The game is kept in storage after every move. After a reload (or when
//! the channel drops) either page makes a reconnect link ([`reconnect`]):
//! an offer for the same game, without terms; the other browser's tab
//! that holds the game answers it (or, when none does, the tab that
//! opened it takes the kept game up), and the reply goes back as before.
//! The worker then compares both games and goes on from the same move.
//!
//! Once the data channel is open, this module only carries bytes: the
//! other page's to the worker, which checks them with its engine
//! (`net::Session`), and the worker's to the other page.

pub mod rtc;
pub mod scan;

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

use self::rtc::{Peer, PeerEvent};
use crate::net::ice::{self, IceServer};
use crate::net::link::{CorrLink, LinkError, Role, RtcLink};
use crate::net::Invite;
use crate::protocol::friend::{link_error, FriendNews, FriendRequest, SavedGame, StoredGame};
use crate::protocol::{NewGame, Request, Side};
use crate::web::bridge::WorkerHandle;
use crate::web::hooks::Store;
use crate::web::i18n::fill;
use crate::web::state::friend::Stage;
use crate::web::state::{Action, FriendAction};
use crate::web::storage;

/// How long a page gathers its network addresses before it writes its
/// link (gathering usually ends well before; a STUN server that does not
/// answer would hold it for much longer).
const GATHER_MS: u32 = 3_000;

/// How long the inviting page waits for the channel once it has the
/// reply, before it says that the connection could not be made.
const CONNECT_MS: u32 = 20_000;

/// How long a reply link opened in a tab of its own waits for the tab it
/// belongs to to take it.
const HAND_OVER_MS: u32 = 1_500;

/// The name of the channel between this site's tabs in one browser.
const TABS: &str = "pantheon-friend";

thread_local! {
    /// The connection to the friend (one per page).
    static LINE: RefCell<Option<Line>> = const { RefCell::new(None) };
    /// While this tab holds a game with a friend, it listens for the links
    /// of that game opened in other tabs of this browser.
    static HOLD: RefCell<Option<Tabs>> = const { RefCell::new(None) };
}

struct Line {
    peer: Peer,
    game_id: u64,
    /// This page made the offer: it waits for the reply.
    offerer: bool,
    /// The game has started (the worker said so): an open channel resumes
    /// it rather than accepting its terms.
    started: bool,
    /// The channel has opened.
    opened: bool,
    /// The wait for the channel after the reply was taken.
    deadline: Option<Timeout>,
}

/// A `BroadcastChannel` with its listener, and the listeners that tell the
/// worker when this device's network goes and comes back.
struct Tabs {
    channel: web_sys::BroadcastChannel,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _network: Vec<gloo::events::EventListener>,
}

impl Drop for Tabs {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

/// The servers chosen: the page's `ice=` parameter, else the ones kept
/// from the invitation form (`None`: the default).
pub fn ice_choice() -> Option<String> {
    let query = web_sys::window()?.location().search().ok()?;
    let given = query
        .trim_start_matches('?')
        .split('&')
        .find_map(|pair| pair.strip_prefix("ice="))
        .map(|v| js_sys::decode_uri_component(v).map_or(String::new(), String::from));
    given.or_else(storage::ice_setting)
}

/// The servers that help two devices find each other (`net::ice`).
pub fn ice_servers() -> Vec<IceServer> {
    ice::servers(ice_choice().as_deref())
}

/// The `ice=` parameter of the links this page makes (the servers chosen
/// go along, so both pages ask the same ones).
fn ice_parameter() -> Option<String> {
    ice_choice().map(|c| String::from(js_sys::encode_uri_component(&c)))
}

/// This page's address with a fragment: a link for the other page, which
/// asks the same servers as this one (the `ice=` parameter goes along).
fn link_to(fragment: &str) -> String {
    let page = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    match ice_parameter() {
        Some(ice) => format!("{page}?ice={ice}#{fragment}"),
        None => format!("{page}#{fragment}"),
    }
}

/// The fragment of this page's address, if it holds a friend's link.
pub fn opened_link() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    (fragment.starts_with("rtc=") || fragment.starts_with("corr=")).then(|| fragment.to_string())
}

/// A game by link opened (from the address, or from the list of games
/// kept): the worker replays it and checks it against the copy kept of
/// the same game; what it refuses is named and the copy stays as it was.
pub fn open_letter(fragment: &str, store: &Store, worker: &WorkerHandle) {
    let link = CorrLink::read(fragment);
    let variant = link
        .as_ref()
        .map_or(crate::engine::Variant::Mansindam, |l| l.variant);
    let earlier = link.ok().and_then(|l| storage::kept_letter(l.game_id));
    worker.new_game(
        NewGame {
            variant: variant.id().to_string(),
            players: [crate::protocol::Player::Human; 2],
            ..NewGame::default()
        },
        false,
    );
    worker.send(Request::Friend(FriendRequest::ByLink {
        id: worker.next_id(),
        fragment: fragment.to_string(),
        earlier,
    }));
    stage(store, Stage::Playing);
}

/// The game with the friend, kept, goes on by link (the channel cannot
/// be made again): the same game, its moves and sides, as a game by link
/// (without its clock: a game by link counts days, if anything).
pub fn continue_by_link(store: &Store, worker: &WorkerHandle) {
    let Some(game) = storage::load_online().and_then(Result::ok) else {
        return;
    };
    leave();
    storage::forget_online();
    let link = CorrLink {
        game_id: game.game_id,
        variant: game.terms.variant,
        start_fen: game.terms.start_fen.clone(),
        moves: game.moves.clone(),
        recipient: if game.white {
            crate::engine::Color::White
        } else {
            crate::engine::Color::Black
        },
        days_per_move: None,
    };
    open_letter(&link.fragment(), store, worker);
    if matches!(game.terms.timing, crate::net::Timing::Live(_)) {
        store.dispatch(Action::Friend(FriendAction::ClockLeft));
    }
}

/// A new game by link: this page's player moves first or sends the first
/// link.
pub fn invite_by_link(store: &Store, worker: &WorkerHandle, terms: Invite, me: Side) {
    leave();
    worker.send(Request::Friend(FriendRequest::NewByLink {
        id: worker.next_id(),
        game_id: random_id(),
        terms,
        me,
    }));
    stage(store, Stage::Playing);
}

/// A link of a game by link for the friend (the fragment made a link).
pub fn letter_link(fragment: &str) -> String {
    link_to(fragment)
}

/// The address loses its fragment (a reload does not open the link again).
pub fn forget_opened_link() {
    if let Some(window) = web_sys::window() {
        let l = window.location();
        let page = format!(
            "{}{}",
            l.pathname().unwrap_or_default(),
            l.search().unwrap_or_default()
        );
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&page));
        }
    }
}

/// A random game number (the channel's messages name it).
fn random_id() -> u64 {
    let high = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let low = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (high << 32 | low).max(1)
}

fn stage(store: &Store, stage: Stage) {
    store.dispatch(Action::Friend(FriendAction::Stage(stage)));
}

fn fail(store: &Store, why: &str) {
    stage(store, Stage::Failed(why.to_string()));
}

/// A link that cannot be used, named in the page's language (`None`: a
/// link of another kind than the one this page waits for).
fn bad_link(store: &Store, error: Option<&LinkError>) {
    let t = store.get().text();
    let error = match error {
        Some(e) => link_error(e, t.lang),
        None => t.friend.not_a_reply.to_string(),
    };
    fail(store, &fill(t.friend.bad_link, &[("error", &error)]));
}

/// The link in the address (`#rtc=`, `#corr=`), when the page opens: an
/// invitation is shown to be accepted, a game by link is opened (`true`:
/// its game is on the board); a reply or a reconnect link goes to the tab
/// of this browser that waits for it.
pub fn open_link(fragment: &str, store: &Store, worker: &WorkerHandle) -> bool {
    forget_opened_link();
    if fragment.starts_with("corr=") {
        open_letter(fragment, store, worker);
        return true;
    }
    match RtcLink::read(fragment) {
        Ok(link) => match (link.role, &link.invite) {
            (Role::Offer, Some(terms)) => {
                worker.new_game(board_of(terms), false);
                stage(store, Stage::Invited(Rc::new(link)));
                return true;
            }
            (Role::Offer, None) | (Role::Answer, _) => {
                stage(store, Stage::Preparing);
                hand_over(fragment, &link, store, worker);
            }
        },
        Err(e) => bad_link(store, Some(&e)),
    }
    false
}

/// The board behind an invitation: its game's start, for two players.
fn board_of(terms: &Invite) -> NewGame {
    NewGame {
        variant: terms.variant.id().to_string(),
        fen: terms.start_fen.clone(),
        players: [crate::protocol::Player::Human; 2],
        ..NewGame::default()
    }
}

/// The game with a friend kept in storage, opened again (after a reload):
/// `true` when there was one. It waits for a reconnect link.
pub fn restore(store: &Store, worker: &WorkerHandle) -> bool {
    match storage::load_online() {
        Some(Ok(game)) => {
            open_kept(&game, store, worker);
            true
        }
        Some(Err(e)) => {
            let t = store.get().text();
            fail(store, &fill(t.friend.kept_game_lost, &[("damage", &e)]));
            false
        }
        None => false,
    }
}

fn open_kept(game: &StoredGame, store: &Store, worker: &WorkerHandle) {
    worker.new_game(board_of(&game.terms), false);
    open_kept_in(worker, game);
    stage(store, Stage::Playing);
    hold(game.game_id, store, worker);
}

/// The worker holds game `game_id` on `terms` (numbered after every game
/// of the page), this page playing `me`, from the start or as `saved`.
fn open_in(worker: &WorkerHandle, game_id: u64, terms: Invite, me: Side, saved: Option<SavedGame>) {
    worker.send(Request::Friend(FriendRequest::Open {
        id: worker.next_id(),
        game_id,
        terms,
        me,
        saved,
    }));
}

/// The worker holds the game kept in storage.
fn open_kept_in(worker: &WorkerHandle, game: &StoredGame) {
    let saved = SavedGame {
        moves: game.moves.clone(),
        clocks: game.clocks,
        declared: game.declared,
    };
    open_in(
        worker,
        game.game_id,
        game.terms.clone(),
        game.me(),
        Some(saved),
    );
}

/// Starts a connection whose events go to the worker.
fn connect(store: &Store, worker: &WorkerHandle) -> Result<Peer, String> {
    let on_event = {
        let (store, worker) = (store.clone(), worker.clone());
        Callback::from(move |event: PeerEvent| on_peer_event(event, &store, &worker))
    };
    Peer::new(&ice_servers(), on_event)
}

/// Keeps `peer` as this page's connection for game `game_id`, and holds
/// the game (its links opened in other tabs come here).
fn keep(
    peer: Peer,
    game_id: u64,
    offerer: bool,
    started: bool,
    store: &Store,
    worker: &WorkerHandle,
) {
    hold(game_id, store, worker);
    LINE.with(|line| {
        *line.borrow_mut() = Some(Line {
            peer,
            game_id,
            offerer,
            started,
            opened: false,
            deadline: None,
        })
    });
}

/// Invites a friend to a game on `terms` (this page playing `me`): the
/// invitation link, once made, and the wait for the reply.
pub fn invite(store: &Store, worker: &WorkerHandle, terms: Invite, me: Side) {
    leave();
    stage(store, Stage::Preparing);
    let peer = match connect(store, worker) {
        Ok(peer) => peer,
        Err(e) => return fail(store, &e),
    };
    let game_id = random_id();
    let (store, worker) = (store.clone(), worker.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let offer = match peer.offer(GATHER_MS).await {
            Ok(sdp) => sdp,
            Err(e) => return fail(&store, &e),
        };
        let link = RtcLink {
            role: Role::Offer,
            game_id,
            invite: Some(terms.clone()),
            sdp: offer,
        };
        open_in(&worker, game_id, terms, me, None);
        keep(peer, game_id, true, false, &store, &worker);
        stage(
            &store,
            Stage::Inviting {
                link: link_to(&link.fragment()),
                again: false,
            },
        );
    });
}

/// A reconnect link for the game held: an offer for the same game; the
/// friend's reply goes on with it.
pub fn reconnect(store: &Store, worker: &WorkerHandle) {
    let Some(game) = storage::load_online().and_then(Result::ok) else {
        return;
    };
    stage(store, Stage::Preparing);
    let peer = match connect(store, worker) {
        Ok(peer) => peer,
        Err(e) => return fail(store, &e),
    };
    let (store, worker) = (store.clone(), worker.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let offer = match peer.offer(GATHER_MS).await {
            Ok(sdp) => sdp,
            Err(e) => return fail(&store, &e),
        };
        let link = RtcLink {
            role: Role::Offer,
            game_id: game.game_id,
            invite: None,
            sdp: offer,
        };
        keep(peer, game.game_id, true, true, &store, &worker);
        stage(
            &store,
            Stage::Inviting {
                link: link_to(&link.fragment()),
                again: true,
            },
        );
    });
}

/// Accepts an invitation: the reply link, once made, and the wait for the
/// friend to open it.
pub fn accept(store: &Store, worker: &WorkerHandle, invitation: &RtcLink) {
    let Some(terms) = invitation.invite.clone() else {
        return;
    };
    leave();
    // The one who accepts plays the other side.
    let me = match terms.inviter {
        crate::engine::Color::White => Side::Black,
        crate::engine::Color::Black => Side::White,
    };
    open_in(worker, invitation.game_id, terms, me, None);
    answer(invitation, false, store, worker);
}

/// Answers an offer (an invitation accepted, or a reconnect link for the
/// game held): the reply link, and the wait for the friend to open it.
fn answer(offer: &RtcLink, started: bool, store: &Store, worker: &WorkerHandle) {
    stage(store, Stage::Preparing);
    let peer = match connect(store, worker) {
        Ok(peer) => peer,
        Err(e) => return fail(store, &e),
    };
    let (store, worker) = (store.clone(), worker.clone());
    let (game_id, sdp) = (offer.game_id, offer.sdp.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let answer = match peer.answer(&sdp, GATHER_MS).await {
            Ok(sdp) => sdp,
            Err(e) => return fail(&store, &e),
        };
        let reply = RtcLink {
            role: Role::Answer,
            game_id,
            invite: None,
            sdp: answer,
        };
        keep(peer, game_id, false, started, &store, &worker);
        stage(
            &store,
            Stage::Replying {
                link: link_to(&reply.fragment()),
            },
        );
    });
}

/// The reply (a link or its fragment, pasted or handed over from another
/// tab) for the offer this page waits with: the connection is made.
/// `false` when it is not the reply this page waits for.
pub fn take_reply(text: &str, store: &Store) -> bool {
    let fragment = match text.find("rtc=") {
        Some(i) => &text[i..],
        None => text.trim(),
    };
    let reply = match RtcLink::read(fragment.trim()) {
        Ok(reply) if reply.role == Role::Answer => reply,
        Ok(_) => {
            bad_link(store, None);
            return false;
        }
        Err(e) => {
            bad_link(store, Some(&e));
            return false;
        }
    };
    let accepted = LINE.with(|line| {
        let line = line.borrow();
        let l = line.as_ref()?;
        let waits = l.offerer && !l.opened && l.game_id == reply.game_id;
        // (The future borrows nothing: it is awaited outside.)
        waits.then(|| l.peer.accept(&reply.sdp))
    });
    let Some(accepted) = accepted else {
        return false;
    };
    let store = store.clone();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = accepted.await {
            return fail(&store, &e);
        }
        // The channel may have opened while the answer was being taken (a
        // fast local path): then no deadline, and the game's stage stays.
        if LINE.with(|line| line.borrow().as_ref().is_some_and(|l| l.opened)) {
            return;
        }
        let deadline = {
            let store = store.clone();
            Timeout::new(CONNECT_MS, move || not_connected(&store))
        };
        LINE.with(|line| {
            if let Some(l) = line.borrow_mut().as_mut() {
                l.deadline = Some(deadline);
            }
        });
        stage(&store, Stage::Preparing);
    });
    true
}

/// The connection did not open in time: the cause, as far as the browser
/// tells it.
fn not_connected(store: &Store) {
    let diagnosis = LINE.with(|line| line.borrow().as_ref().map(|l| l.peer.diagnosis()));
    let t = store.get().text();
    let cause = diagnosis.map_or_else(String::new, |d| {
        let gathered = if d.gathered.is_empty() {
            "none".to_string()
        } else {
            d.gathered.join(", ")
        };
        format!("state {}, addresses gathered: {gathered}", d.state)
    });
    fail(store, &fill(t.friend.no_connection, &[("cause", &cause)]));
}

/// What the connection does: bytes to the worker, the channel's state.
fn on_peer_event(event: PeerEvent, store: &Store, worker: &WorkerHandle) {
    match event {
        PeerEvent::Open => {
            let accept = LINE.with(|line| {
                let mut line = line.borrow_mut();
                let l = line.as_mut()?;
                l.opened = true;
                l.deadline = None;
                Some(!l.offerer && !l.started)
            });
            worker.send(Request::Friend(FriendRequest::Channel(true)));
            if accept == Some(true) {
                worker.send(Request::Friend(FriendRequest::Accept));
            }
        }
        PeerEvent::Message(bytes) => {
            worker.send(Request::Friend(FriendRequest::Incoming(bytes)));
        }
        PeerEvent::Closed(why) => {
            let opened = LINE.with(|line| line.borrow().as_ref().is_some_and(|l| l.opened));
            if opened {
                if !online() {
                    worker.send(Request::Friend(FriendRequest::Network { online: false }));
                }
                worker.send(Request::Friend(FriendRequest::Channel(false)));
            } else {
                let t = store.get().text();
                fail(store, &fill(t.friend.no_connection, &[("cause", &why)]));
            }
        }
    }
}

/// Whether the browser says this device is online.
fn online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

/// The worker's word on the online game: bytes go to the other page, the
/// rest to the page's state; the game is kept after every change.
pub fn on_news(news: FriendNews, store: &Store) {
    match news {
        FriendNews::Send(bytes) => {
            LINE.with(|line| {
                if let Some(l) = line.borrow().as_ref() {
                    l.peer.send(&bytes);
                }
            });
        }
        FriendNews::State(view) => {
            // A finished game is kept too, with its ending: a reload shows
            // it and its record (until the player leaves the friend mode).
            if view.started {
                storage::save_online(&StoredGame::of(&view));
            }
            LINE.with(|line| {
                if let Some(l) = line.borrow_mut().as_mut() {
                    l.started |= view.started;
                }
            });
            store.dispatch(Action::Friend(FriendAction::Game(Rc::from(view))));
        }
        FriendNews::Letter(view) => {
            storage::keep_letter(view.game_id, &view.kept, view.over);
            store.dispatch(Action::Friend(FriendAction::Letter(Rc::from(view))));
        }
        FriendNews::Event(event) => store.dispatch(Action::Friend(FriendAction::Event(event))),
        FriendNews::Refused(why) => {
            web_sys::console::warn_1(&format!("refused from the friend's page: {why}").into());
            store.dispatch(Action::Friend(FriendAction::Refused));
        }
    }
}

/// The connection is closed and the game let go (the friend mode is left;
/// a replaced worker no longer gets it back: `Commands::leave_friend`).
pub fn leave() {
    LINE.with(|line| line.borrow_mut().take());
    HOLD.with(|hold| hold.borrow_mut().take());
}

/// A replaced worker (it failed) has the board but not the game with the
/// friend: it is opened there again as kept, the channel still open.
fn reopen(worker: &WorkerHandle) {
    let Some(game) = storage::load_online().and_then(Result::ok) else {
        return;
    };
    open_kept_in(worker, &game);
    let open = LINE.with(|line| line.borrow().as_ref().is_some_and(|l| l.opened));
    if open {
        worker.send(Request::Friend(FriendRequest::Channel(true)));
    }
}

/// While this tab holds game `game_id`, a link of that game opened in
/// another tab of this browser comes here (a reply to this tab's offer, a
/// reconnect link from the friend); the tab that opened it is told. A
/// worker that fails meanwhile is given the game again.
fn hold(game_id: u64, store: &Store, worker: &WorkerHandle) {
    worker.on_restart(Some(Callback::from(|worker: WorkerHandle| reopen(&worker))));
    let Ok(channel) = web_sys::BroadcastChannel::new(TABS) else {
        return;
    };
    // A drop while this device is offline is this page's: it gets no claim.
    let network = web_sys::window().map_or_else(Vec::new, |window| {
        [("offline", false), ("online", true)]
            .into_iter()
            .map(|(event, online)| {
                let worker = worker.clone();
                gloo::events::EventListener::new(&window, event, move |_| {
                    worker.send(Request::Friend(FriendRequest::Network { online }));
                })
            })
            .collect()
    });
    let on_message = {
        let (store, worker, channel) = (store.clone(), worker.clone(), channel.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Some(fragment) = e.data().as_string() else {
                return;
            };
            let Ok(link) = RtcLink::read(&fragment) else {
                return;
            };
            if link.game_id != game_id {
                return;
            }
            let taken = match (link.role, &link.invite) {
                (Role::Answer, _) => take_reply(&fragment, &store),
                (Role::Offer, None) => {
                    answer(&link, true, &store, &worker);
                    true
                }
                (Role::Offer, Some(_)) => false,
            };
            if taken {
                let _ = channel.post_message(&JsValue::from_str(&format!("taken {game_id}")));
            }
        })
    };
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    HOLD.with(|hold| {
        *hold.borrow_mut() = Some(Tabs {
            channel,
            _on_message: on_message,
            _network: network,
        })
    });
}

/// A reply or reconnect link opened in a tab of its own: offered to the
/// tabs of this browser; the one that holds its game says so, and this
/// tab says where the link went. A reconnect link no tab took is taken up
/// here, with the game kept in storage.
fn hand_over(fragment: &str, link: &RtcLink, store: &Store, worker: &WorkerHandle) {
    let Ok(channel) = web_sys::BroadcastChannel::new(TABS) else {
        return not_taken(link, store, worker);
    };
    let game_id = link.game_id;
    let taken = Rc::new(std::cell::Cell::new(false));
    let on_message = {
        let (taken, store) = (taken.clone(), store.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if e.data().as_string() == Some(format!("taken {game_id}")) && !taken.replace(true) {
                stage(&store, Stage::Handed(true));
            }
        })
    };
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let _ = channel.post_message(&JsValue::from_str(fragment));
    let (store, worker, link) = (store.clone(), worker.clone(), link.clone());
    Timeout::new(HAND_OVER_MS, move || {
        channel.set_onmessage(None);
        channel.close();
        drop(on_message);
        if !taken.get() {
            not_taken(&link, &store, &worker);
        }
    })
    .forget();
}

/// No tab took the link: a reconnect link for the game kept here is
/// answered by this tab; anything else is said to have gone nowhere.
fn not_taken(link: &RtcLink, store: &Store, worker: &WorkerHandle) {
    let kept = storage::load_online()
        .and_then(Result::ok)
        .filter(|g| g.game_id == link.game_id);
    match (link.role, kept) {
        (Role::Offer, Some(game)) => {
            open_kept(&game, store, worker);
            answer(link, true, store, worker);
        }
        _ => stage(store, Stage::Handed(false)),
    }
}
