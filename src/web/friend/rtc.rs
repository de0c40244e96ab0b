//! The WebRTC connection to a friend's page: one `RtcPeerConnection` with
//! one data channel, and nothing else (no links, no game).
//!
//! **One channel, agreed beforehand.** Both pages create the same channel
//! (label `game`, id 0, ordered and reliable) with `negotiated: true`, in
//! [`Peer::new`]. Neither side then waits for `ondatachannel`, and the offer
//! always has its `m=application` section, since a channel exists before it
//! is made.
//!
//! **No trickle.** The descriptions travel in links, once each way, so a
//! description is handed out only when the browser has gathered its
//! candidates (or after a bounded wait, with whatever it has by then): the
//! candidates are inside it.
//!
//! **Events** go to one callback: the channel opened, bytes arrived, or the
//! channel or the connection ended ([`PeerEvent::Closed`], said once). They
//! are only ever sent from the browser's own event handlers, never from
//! inside a call to a [`Peer`] method, so the caller may hold its own state
//! borrowed while it calls one.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState,
    RtcDataChannelType, RtcIceGatheringState, RtcPeerConnection, RtcPeerConnectionState,
    RtcSdpType, RtcSessionDescriptionInit,
};
use yew::Callback;

/// A STUN or TURN server for the connection (`urls` like
/// `stun:host:3478`, `turn:host:3478?transport=udp`), with a TURN server's
/// user name and password: the type of `net::ice`, which reads them from
/// the page's address.
pub use crate::net::ice::IceServer;

/// The data channel's label (both pages use the same).
const LABEL: &str = "game";
/// The data channel's SCTP stream id, agreed beforehand by both pages.
const CHANNEL_ID: u16 = 0;

/// What the connection tells its owner.
#[derive(Clone, Debug, PartialEq)]
pub enum PeerEvent {
    /// The data channel is open: messages may be sent.
    Open,
    /// Bytes from the other page (binary messages only; text messages are
    /// ignored).
    Message(Vec<u8>),
    /// The channel or the connection closed or failed (a reload, a network
    /// change); the words say what the browser said (e.g. "the connection
    /// failed (ICE)"). Sent at most once.
    Closed(String),
}

/// What the browser says about the connection at one moment, to explain
/// why it did not open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnosis {
    /// The connection's state (`connectionState`): "new", "connecting",
    /// "connected", "disconnected", "failed" or "closed".
    pub state: String,
    /// The ICE transport's state (`iceConnectionState`): "new",
    /// "checking", "connected", "completed", "disconnected", "failed" or
    /// "closed".
    pub ice_state: String,
    /// The kinds of candidate this page gathered, each once, in the order
    /// first seen: "host", "srflx" (a STUN server answered), "prflx",
    /// "relay" (a TURN server answered). Empty: none at all.
    pub gathered: Vec<String>,
}

/// What the event handlers share with the [`Peer`].
struct Shared {
    on_event: Callback<PeerEvent>,
    /// `Closed` was sent (it is sent once).
    closed: Cell<bool>,
    /// The connection was connected once (a failure then is a loss, not a
    /// path never found).
    connected: Cell<bool>,
    /// The channel's last error, said with its close.
    last_error: RefCell<Option<String>>,
    /// The kinds of candidate gathered (see [`Diagnosis::gathered`]).
    gathered: RefCell<Vec<String>>,
    /// The `resolve` functions of the waits for the end of gathering.
    waiting: RefCell<Vec<js_sys::Function>>,
}

impl Shared {
    /// Says `Closed` with `words`, unless it was said already.
    fn close(&self, words: String) {
        if !self.closed.replace(true) {
            self.on_event.emit(PeerEvent::Closed(words));
        }
    }
}

/// A connection to the other page with its data channel. Dropping it
/// closes both, and no event comes after.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: RtcDataChannel,
    shared: Rc<Shared>,
    // The handlers must live as long as the browser may call them: they
    // are owned here, unset in `drop`, then freed.
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut()>,
    _on_error: Closure<dyn FnMut(JsValue)>,
    _on_candidate: Closure<dyn FnMut(JsValue)>,
    _on_gathering: Closure<dyn FnMut()>,
    _on_state: Closure<dyn FnMut()>,
}

impl Peer {
    /// A connection using `ice` servers (empty: host candidates only, which
    /// still joins two devices on one network); events go to `on_event`.
    pub fn new(ice: &[IceServer], on_event: Callback<PeerEvent>) -> Result<Peer, String> {
        let pc = RtcPeerConnection::new_with_configuration(&configuration(ice))
            .map_err(|e| format!("the connection could not be made: {}", words(&e)))?;

        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(CHANNEL_ID);
        init.set_ordered(true);
        let channel = pc.create_data_channel_with_data_channel_dict(LABEL, &init);
        // Binary messages as ArrayBuffer, read at once (a Blob is read
        // asynchronously).
        channel.set_binary_type(RtcDataChannelType::Arraybuffer);

        let shared = Rc::new(Shared {
            on_event,
            closed: Cell::new(false),
            connected: Cell::new(false),
            last_error: RefCell::new(None),
            gathered: RefCell::new(Vec::new()),
            waiting: RefCell::new(Vec::new()),
        });

        let on_open = on_open(shared.clone());
        let on_message = on_message(shared.clone());
        let on_close = on_close(shared.clone());
        let on_error = on_error(shared.clone());
        let on_candidate = on_candidate(shared.clone());
        let on_gathering = on_gathering(shared.clone(), pc.clone());
        let on_state = on_state(shared.clone(), pc.clone());
        channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        channel.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        pc.set_onicecandidate(Some(on_candidate.as_ref().unchecked_ref()));
        pc.set_onicegatheringstatechange(Some(on_gathering.as_ref().unchecked_ref()));
        pc.set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));

        Ok(Peer {
            pc,
            channel,
            shared,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
            _on_error: on_error,
            _on_candidate: on_candidate,
            _on_gathering: on_gathering,
            _on_state: on_state,
        })
    }

    /// The inviting side: makes the offer and returns its SDP once ICE
    /// gathering is complete or after `gather_ms` (whatever candidates there
    /// are by then).
    pub async fn offer(&self, gather_ms: u32) -> Result<String, String> {
        let offer = JsFuture::from(self.pc.create_offer())
            .await
            .map_err(|e| format!("the offer could not be made: {}", words(&e)))?;
        self.set_local(offer, "offer").await?;
        self.gathering(gather_ms).await;
        self.local_sdp("offer")
    }

    /// The invited side: takes the offer's SDP, returns the answer's SDP
    /// (gathered likewise).
    pub async fn answer(&self, offer_sdp: &str, gather_ms: u32) -> Result<String, String> {
        let offer = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        offer.set_sdp(offer_sdp);
        JsFuture::from(self.pc.set_remote_description(&offer))
            .await
            .map_err(|e| format!("the invitation's offer could not be used: {}", words(&e)))?;
        let answer = JsFuture::from(self.pc.create_answer())
            .await
            .map_err(|e| format!("the answer could not be made: {}", words(&e)))?;
        self.set_local(answer, "answer").await?;
        self.gathering(gather_ms).await;
        self.local_sdp("answer")
    }

    /// The inviting side: takes the answer; the channel opens afterwards
    /// ([`PeerEvent::Open`]), or the connection fails
    /// ([`PeerEvent::Closed`], which may take the browser half a minute).
    ///
    /// The answer is handed to the browser at once, in this call; the
    /// future only waits for its verdict and borrows nothing, so the caller
    /// need not keep the `Peer` borrowed while it waits.
    pub fn accept(&self, answer_sdp: &str) -> impl Future<Output = Result<(), String>> + 'static {
        let answer = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        answer.set_sdp(answer_sdp);
        let set = JsFuture::from(self.pc.set_remote_description(&answer));
        async move {
            set.await
                .map(|_| ())
                .map_err(|e| format!("the reply's answer could not be used: {}", words(&e)))
        }
    }

    /// Sends bytes as one binary message; false when the channel is not
    /// open (or the browser refused them, its buffer being full).
    pub fn send(&self, bytes: &[u8]) -> bool {
        self.channel.ready_state() == RtcDataChannelState::Open
            && self.channel.send_with_u8_array(bytes).is_ok()
    }

    /// What the browser says about the connection now (see [`Diagnosis`]).
    pub fn diagnosis(&self) -> Diagnosis {
        Diagnosis {
            state: property(&self.pc, "connectionState"),
            ice_state: property(&self.pc, "iceConnectionState"),
            gathered: self.shared.gathered.borrow().clone(),
        }
    }

    /// Sets this page's description (`what`: "offer" or "answer"), as
    /// `createOffer` or `createAnswer` made it; gathering starts then.
    async fn set_local(&self, description: JsValue, what: &str) -> Result<(), String> {
        // The promise gives an `RTCSessionDescriptionInit`-shaped object
        // (`type` and `sdp`), which is what `setLocalDescription` reads.
        let description: RtcSessionDescriptionInit = description.unchecked_into();
        JsFuture::from(self.pc.set_local_description(&description))
            .await
            .map(|_| ())
            .map_err(|e| format!("the {what} could not be set: {}", words(&e)))
    }

    /// Waits until ICE gathering is complete, or `gather_ms` at most.
    async fn gathering(&self, gather_ms: u32) {
        if self.pc.ice_gathering_state() == RtcIceGatheringState::Complete {
            return;
        }
        // A promise resolved by whichever comes first: the gathering
        // handler or the timer (resolving twice does nothing).
        let mut resolve = None;
        let done = js_sys::Promise::new(&mut |yes, _no| resolve = Some(yes));
        let Some(resolve) = resolve else { return };
        self.shared.waiting.borrow_mut().push(resolve.clone());
        let timer = {
            let resolve = resolve.clone();
            Timeout::new(gather_ms, move || {
                let _ = resolve.call0(&JsValue::NULL);
            })
        };
        let _ = JsFuture::from(done).await;
        drop(timer);
        // After a timeout, the gathering handler need not resolve it later.
        let resolve: &JsValue = resolve.as_ref();
        self.shared
            .waiting
            .borrow_mut()
            .retain(|f| !js_sys::Object::is(f, resolve));
    }

    /// This page's description as it is now, with every candidate gathered
    /// so far.
    fn local_sdp(&self, what: &str) -> Result<String, String> {
        match self.pc.local_description() {
            Some(description) => Ok(description.sdp()),
            None => Err(format!("the {what} could not be read back")),
        }
    }
}

/// The connection's settings: the `ice` servers to use.
fn configuration(ice: &[IceServer]) -> RtcConfiguration {
    let config = RtcConfiguration::new();
    let servers = js_sys::Array::new();
    for server in ice {
        let s = web_sys::RtcIceServer::new();
        s.set_urls(&JsValue::from_str(&server.urls));
        if let Some(username) = &server.username {
            s.set_username(username);
        }
        if let Some(credential) = &server.credential {
            s.set_credential(credential);
        }
        servers.push(&s);
    }
    config.set_ice_servers(&servers);
    config
}

/// The channel opened.
fn on_open(shared: Rc<Shared>) -> Closure<dyn FnMut()> {
    Closure::<dyn FnMut()>::new(move || {
        if !shared.closed.get() {
            shared.on_event.emit(PeerEvent::Open);
        }
    })
}

/// A message on the channel: the game's are bytes; text (or anything
/// else) is not the game's and is ignored.
fn on_message(shared: Rc<Shared>) -> Closure<dyn FnMut(MessageEvent)> {
    Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(buffer) = e.data().dyn_ref::<js_sys::ArrayBuffer>() {
            let bytes = js_sys::Uint8Array::new(buffer).to_vec();
            shared.on_event.emit(PeerEvent::Message(bytes));
        }
    })
}

/// The channel closed, with the error that came before, if any.
fn on_close(shared: Rc<Shared>) -> Closure<dyn FnMut()> {
    Closure::<dyn FnMut()>::new(move || {
        let words = match shared.last_error.borrow().as_deref() {
            Some(error) => format!("the channel closed ({error})"),
            None => "the channel closed".to_string(),
        };
        shared.close(words);
    })
}

/// An `RTCErrorEvent` (its type is not among web-sys's features here):
/// its `error.message`, kept for the close that follows.
fn on_error(shared: Rc<Shared>) -> Closure<dyn FnMut(JsValue)> {
    Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let error = js_sys::Reflect::get(&e, &"error".into()).unwrap_or(JsValue::NULL);
        *shared.last_error.borrow_mut() = Some(words(&error));
    })
}

/// An `RTCPeerConnectionIceEvent`: its `candidate` is null at the end of
/// gathering, else its `candidate` line holds `typ <kind>`, kept once.
fn on_candidate(shared: Rc<Shared>) -> Closure<dyn FnMut(JsValue)> {
    Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let line = js_sys::Reflect::get(&e, &"candidate".into())
            .ok()
            .filter(|c| c.is_object())
            .and_then(|c| js_sys::Reflect::get(&c, &"candidate".into()).ok())
            .and_then(|line| line.as_string());
        if let Some(kind) = line.as_deref().and_then(candidate_type) {
            let mut gathered = shared.gathered.borrow_mut();
            if !gathered.iter().any(|k| k == kind) {
                gathered.push(kind.to_string());
            }
        }
    })
}

/// ICE gathering completed: the offer or answer waiting for it goes.
fn on_gathering(shared: Rc<Shared>, pc: RtcPeerConnection) -> Closure<dyn FnMut()> {
    Closure::<dyn FnMut()>::new(move || {
        if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
            let waiting = std::mem::take(&mut *shared.waiting.borrow_mut());
            for resolve in waiting {
                let _ = resolve.call0(&JsValue::NULL);
            }
        }
    })
}

/// The connection's state: "disconnected" may mend by itself (ICE tries
/// again); "failed" and "closed" do not.
fn on_state(shared: Rc<Shared>, pc: RtcPeerConnection) -> Closure<dyn FnMut()> {
    Closure::<dyn FnMut()>::new(move || match pc.connection_state() {
        RtcPeerConnectionState::Connected => shared.connected.set(true),
        RtcPeerConnectionState::Failed => {
            // Which layer failed. Chrome's ICE state beside it may say
            // "disconnected" rather than "failed" either way, so whether it
            // was ever connected tells the two apart.
            let ice = property(&pc, "iceConnectionState");
            let words = if matches!(ice.as_str(), "connected" | "completed") {
                "the connection failed (DTLS)"
            } else if shared.connected.get() {
                "the connection failed (ICE: the other device stopped answering)"
            } else {
                "the connection failed (ICE: no path between the devices)"
            };
            shared.close(words.to_string());
        }
        RtcPeerConnectionState::Closed => shared.close("the connection closed".into()),
        _ => {}
    })
}

impl Drop for Peer {
    fn drop(&mut self) {
        // Handlers first, so that closing sends no event (the owner may be
        // dropping this while its state is borrowed).
        self.channel.set_onopen(None);
        self.channel.set_onmessage(None);
        self.channel.set_onclose(None);
        self.channel.set_onerror(None);
        self.pc.set_onicecandidate(None);
        self.pc.set_onicegatheringstatechange(None);
        self.pc.set_onconnectionstatechange(None);
        self.channel.close();
        self.pc.close();
    }
}

/// The kind of an ICE candidate line (`candidate:… typ srflx raddr …`).
fn candidate_type(line: &str) -> Option<&str> {
    let mut fields = line.split_ascii_whitespace();
    fields.find(|&f| f == "typ")?;
    fields.next()
}

/// A string property of a browser object, "" when it has none. (Used for
/// the states whose web-sys enums are not among the crate's features, and
/// so that a state newer than web-sys is still said as the browser says
/// it.)
fn property(object: &JsValue, name: &str) -> String {
    js_sys::Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// A JS error in words: its message (an `Error` or `DOMException`), else
/// the value itself as text.
fn words(error: &JsValue) -> String {
    let message = property(error, "message");
    if !message.is_empty() {
        return message;
    }
    if let Some(text) = error.as_string() {
        return text;
    }
    match js_sys::JSON::stringify(error)
        .ok()
        .and_then(|s| s.as_string())
    {
        Some(text) => text,
        None => "unknown error".to_string(),
    }
}
