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
//! Once the data channel is open, this module only carries bytes: the
//! other page's to the worker, which checks them with its engine
//! (`net::Session`), and the worker's to the other page.

pub mod rtc;

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

use self::rtc::{Peer, PeerEvent};
use crate::net::ice::{self, IceServer};
use crate::net::link::{Role, RtcLink};
use crate::net::Invite;
use crate::protocol::friend::{FriendNews, FriendRequest};
use crate::protocol::{Request, Side};
use crate::web::bridge::WorkerHandle;
use crate::web::hooks::Store;
use crate::web::i18n::fill;
use crate::web::state::friend::Stage;
use crate::web::state::{Action, FriendAction};

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
}

struct Line {
    peer: Peer,
    game_id: u64,
    inviter: bool,
    /// The invited page has told the worker the terms are taken.
    accepted: bool,
    /// The channel has opened at least once.
    opened: bool,
    /// The inviting page listens for its reply link from another tab.
    tabs: Option<Tabs>,
    /// The wait for the channel after the reply was taken.
    deadline: Option<Timeout>,
}

/// A `BroadcastChannel` with its listener.
struct Tabs {
    channel: web_sys::BroadcastChannel,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl Drop for Tabs {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

/// The servers that help two devices find each other: the `ice=`
/// parameter's, else the default STUN server (`net::ice`).
pub fn ice_servers() -> Vec<IceServer> {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let given = query
        .trim_start_matches('?')
        .split('&')
        .find_map(|pair| pair.strip_prefix("ice="))
        .map(|v| js_sys::decode_uri_component(v).map_or(String::new(), String::from));
    ice::servers(given.as_deref())
}

/// This page's address with a fragment: a link for the other page.
fn link_to(fragment: &str) -> String {
    let page = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    format!("{page}#{fragment}")
}

/// The fragment of this page's address, if it holds a friend's link.
pub fn opened_link() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    fragment.starts_with("rtc=").then(|| fragment.to_string())
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

/// The stage the page opens at for the link in its address: an
/// invitation to accept, or a reply link to hand to the tab that waits
/// for it.
pub fn stage_of(fragment: &str, store: &Store) -> Stage {
    let t = store.get().text();
    match RtcLink::read(fragment) {
        Ok(link) if link.role == Role::Offer && link.invite.is_some() => {
            Stage::Invited(Rc::new(link))
        }
        Ok(link) if link.role == Role::Answer => {
            hand_over(fragment, link.game_id, store);
            Stage::Preparing
        }
        Ok(_) => Stage::Failed(fill(t.fr.bad_link, &[("error", "not an invitation")])),
        Err(e) => Stage::Failed(fill(t.fr.bad_link, &[("error", &e.to_string())])),
    }
}

/// Starts a connection whose events go to the worker.
fn connect(store: &Store, worker: &WorkerHandle) -> Result<Peer, String> {
    let on_event = {
        let (store, worker) = (store.clone(), worker.clone());
        Callback::from(move |event: PeerEvent| on_peer_event(event, &store, &worker))
    };
    Peer::new(&ice_servers(), on_event)
}

/// Invites a friend to a game on `terms` (this page playing `me`): the
/// invitation link, once made, and the wait for the reply.
pub fn invite(store: &Store, worker: &WorkerHandle, terms: Invite, me: Side) {
    leave();
    store.dispatch(Action::Friend(FriendAction::Stage(Stage::Preparing)));
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
        worker.send(Request::Friend(FriendRequest::Open {
            id: worker.next_id(),
            game_id,
            terms,
            me,
            saved: None,
        }));
        let tabs = listen_for_reply(game_id, &store);
        LINE.with(|line| {
            *line.borrow_mut() = Some(Line {
                peer,
                game_id,
                inviter: true,
                accepted: false,
                opened: false,
                tabs,
                deadline: None,
            })
        });
        store.dispatch(Action::Friend(FriendAction::Stage(Stage::Inviting {
            link: link_to(&link.fragment()),
        })));
    });
}

/// Accepts an invitation: the reply link, once made, and the wait for the
/// friend to open it.
pub fn accept(store: &Store, worker: &WorkerHandle, invitation: &RtcLink) {
    let Some(terms) = invitation.invite.clone() else {
        return;
    };
    leave();
    forget_opened_link();
    store.dispatch(Action::Friend(FriendAction::Stage(Stage::Preparing)));
    let peer = match connect(store, worker) {
        Ok(peer) => peer,
        Err(e) => return fail(store, &e),
    };
    let (store, worker) = (store.clone(), worker.clone());
    let (game_id, offer) = (invitation.game_id, invitation.sdp.clone());
    let me = match terms.inviter {
        crate::engine::Color::White => Side::Black,
        crate::engine::Color::Black => Side::White,
    };
    wasm_bindgen_futures::spawn_local(async move {
        let answer = match peer.answer(&offer, GATHER_MS).await {
            Ok(sdp) => sdp,
            Err(e) => return fail(&store, &e),
        };
        let reply = RtcLink {
            role: Role::Answer,
            game_id,
            invite: None,
            sdp: answer,
        };
        worker.send(Request::Friend(FriendRequest::Open {
            id: worker.next_id(),
            game_id,
            terms,
            me,
            saved: None,
        }));
        LINE.with(|line| {
            *line.borrow_mut() = Some(Line {
                peer,
                game_id,
                inviter: false,
                accepted: false,
                opened: false,
                tabs: None,
                deadline: None,
            })
        });
        store.dispatch(Action::Friend(FriendAction::Stage(Stage::Replying {
            link: link_to(&reply.fragment()),
        })));
    });
}

/// The reply (a link or its fragment, pasted or handed over from another
/// tab) for the invitation this page waits with: the connection is made.
/// `false` when it is not the reply this page waits for.
pub fn take_reply(text: &str, store: &Store) -> bool {
    let fragment = match text.find("rtc=") {
        Some(i) => &text[i..],
        None => text.trim(),
    };
    let t = store.get().text();
    let reply = match RtcLink::read(fragment.trim()) {
        Ok(reply) if reply.role == Role::Answer => reply,
        Ok(_) => {
            fail(store, &fill(t.fr.bad_link, &[("error", "not a reply")]));
            return false;
        }
        Err(e) => {
            fail(store, &fill(t.fr.bad_link, &[("error", &e.to_string())]));
            return false;
        }
    };
    let waiting = LINE.with(|line| {
        line.borrow()
            .as_ref()
            .is_some_and(|l| l.inviter && !l.opened && l.game_id == reply.game_id)
    });
    if !waiting {
        return false;
    }
    let store = store.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let accepted = LINE.with(|line| {
            let line = line.borrow();
            let peer = &line.as_ref()?.peer;
            // (The future holds no borrow across the wait.)
            Some(peer.accept(&reply.sdp))
        });
        let Some(accepted) = accepted else { return };
        if let Err(e) = accepted.await {
            return fail(&store, &e);
        }
        let deadline = {
            let store = store.clone();
            Timeout::new(CONNECT_MS, move || not_connected(&store))
        };
        LINE.with(|line| {
            if let Some(l) = line.borrow_mut().as_mut() {
                l.tabs = None;
                l.deadline = Some(deadline);
            }
        });
        store.dispatch(Action::Friend(FriendAction::Stage(Stage::Preparing)));
    });
    true
}

/// The connection did not open in time: the cause, as far as the browser
/// tells it.
fn not_connected(store: &Store) {
    let diagnosis = LINE.with(|line| line.borrow().as_ref().map(|l| l.peer.diagnosis()));
    let t = store.get().text();
    let cause = diagnosis.map_or_else(String::new, |d| {
        format!(
            "state {}, addresses gathered: {}",
            d.state,
            if d.gathered.is_empty() {
                "none".to_string()
            } else {
                d.gathered.join(", ")
            }
        )
    });
    fail(store, &fill(t.fr.no_connection, &[("cause", &cause)]));
}

fn fail(store: &Store, why: &str) {
    store.dispatch(Action::Friend(FriendAction::Stage(Stage::Failed(
        why.to_string(),
    ))));
}

/// What the connection does: bytes to the worker, the channel's state.
fn on_peer_event(event: PeerEvent, store: &Store, worker: &WorkerHandle) {
    match event {
        PeerEvent::Open => {
            let first_accept = LINE.with(|line| {
                let mut line = line.borrow_mut();
                let l = line.as_mut()?;
                l.opened = true;
                l.deadline = None;
                l.tabs = None;
                let first = !l.inviter && !l.accepted;
                l.accepted = true;
                Some(first)
            });
            worker.send(Request::Friend(FriendRequest::Channel(true)));
            if first_accept == Some(true) {
                worker.send(Request::Friend(FriendRequest::Accept));
            }
        }
        PeerEvent::Message(bytes) => {
            worker.send(Request::Friend(FriendRequest::Incoming(bytes)));
        }
        PeerEvent::Closed(why) => {
            let opened = LINE.with(|line| line.borrow().as_ref().is_some_and(|l| l.opened));
            if opened {
                worker.send(Request::Friend(FriendRequest::Channel(false)));
            } else {
                let t = store.get().text();
                fail(store, &fill(t.fr.no_connection, &[("cause", &why)]));
            }
        }
    }
}

/// The worker's word on the online game: bytes go to the other page, the
/// rest to the page's state.
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
            store.dispatch(Action::Friend(FriendAction::Game(Rc::from(view))));
        }
        FriendNews::Event(event) => store.dispatch(Action::Friend(FriendAction::Event(event))),
        FriendNews::Refused(why) => {
            web_sys::console::warn_1(&format!("refused from the friend's page: {why}").into());
            store.dispatch(Action::Friend(FriendAction::Refused));
        }
    }
}

/// The connection is closed (the friend mode is left).
pub fn leave() {
    LINE.with(|line| line.borrow_mut().take());
}

/// The inviting page listens, while it waits, for its reply link opened
/// in another tab of this browser, and says it took it.
fn listen_for_reply(game_id: u64, store: &Store) -> Option<Tabs> {
    let channel = web_sys::BroadcastChannel::new(TABS).ok()?;
    let on_message = {
        let (store, channel) = (store.clone(), channel.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            let Some(fragment) = text.strip_prefix("reply ") else {
                return;
            };
            if matches!(RtcLink::read(fragment), Ok(l) if l.game_id == game_id)
                && take_reply(fragment, &store)
            {
                let _ = channel.post_message(&JsValue::from_str(&format!("taken {game_id}")));
            }
        })
    };
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Some(Tabs {
        channel,
        _on_message: on_message,
    })
}

/// A reply link opened in a tab of its own: offered to the tabs of this
/// browser; the one that waits for it says so, and this tab says where
/// the reply went (or that no tab took it).
fn hand_over(fragment: &str, game_id: u64, store: &Store) {
    let Ok(channel) = web_sys::BroadcastChannel::new(TABS) else {
        return fail_hand_over(store);
    };
    let taken = Rc::new(std::cell::Cell::new(false));
    let on_message = {
        let (taken, store) = (taken.clone(), store.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if e.data().as_string() == Some(format!("taken {game_id}")) && !taken.replace(true) {
                store.dispatch(Action::Friend(FriendAction::Stage(Stage::Handed(true))));
            }
        })
    };
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let _ = channel.post_message(&JsValue::from_str(&format!("reply {fragment}")));
    let store = store.clone();
    Timeout::new(HAND_OVER_MS, move || {
        channel.set_onmessage(None);
        channel.close();
        drop(on_message);
        if !taken.get() {
            fail_hand_over(&store);
        }
    })
    .forget();
}

fn fail_hand_over(store: &Store) {
    store.dispatch(Action::Friend(FriendAction::Stage(Stage::Handed(false))));
}
