//! The page's end of the worker: [`Connection`] starts one worker, sends
//! [`Request`]s and hands every [`Response`] to a callback; [`WorkerHandle`] keeps
//! a worker running, restarting it with the game as it stands when it fails
//! or when the page wants a search stopped.
//!
//! The worker is loaded by a relative path (`./play-worker-loader.js` on the
//! play page, `./study-worker-loader.js` in the study bundle), so the same
//! `dist/` works at `/`, under a sub-path and inside an iframe, with the build
//! id (written into `index.html` by the build) as a query, so that a cached
//! old worker is never paired with a new page. Requests made before the
//! worker says [`Response::Ready`] wait in a queue.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

use crate::protocol::Lang;
use crate::protocol::{decode, encode, Load, NewGame, Request, Response};

/// The play page's worker has no analysis board (`play_worker`, built
/// without the `study` feature); the study bundle's has (`worker`).
#[cfg(not(feature = "study"))]
const LOADER: &str = "./play-worker-loader.js";
#[cfg(feature = "study")]
const LOADER: &str = "./study-worker-loader.js";

pub struct Connection {
    worker: Worker,
    queue: Rc<RefCell<Option<Vec<Request>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Connection {
    /// Starts a worker. `on_failure` hears when it stops working (a panic,
    /// a wasm trap, a script that failed to load).
    pub fn spawn(
        on_response: Callback<Response>,
        on_failure: Callback<()>,
    ) -> Result<Connection, String> {
        let url = format!("{LOADER}?v={}", build_id());
        let worker =
            Worker::new(&url).map_err(|e| format!("the game engine could not start: {e:?}"))?;
        // Requests wait here (Some) until the worker is ready (None).
        let queue: Rc<RefCell<Option<Vec<Request>>>> = Rc::new(RefCell::new(Some(Vec::new())));

        let on_message = {
            let queue = Rc::clone(&queue);
            let worker = worker.clone();
            let on_response = on_response.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
                let response = decode::<Response>(&bytes).unwrap_or_else(|e| {
                    Response::Error(format!("unreadable message from the game engine: {e}"))
                });
                if matches!(response, Response::Ready) {
                    let waiting = queue.borrow_mut().take().unwrap_or_default();
                    for request in waiting {
                        post(&worker, &request);
                    }
                }
                on_response.emit(response);
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));

        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_event: web_sys::Event| {
            on_failure.emit(());
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));

        Ok(Connection {
            worker,
            queue,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    pub fn send(&self, request: Request) {
        if let Some(waiting) = self.queue.borrow_mut().as_mut() {
            waiting.push(request);
            return;
        }
        post(&self.worker, &request);
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Failures in a row (without a snapshot between them) after which the page
/// stops restarting the worker and says so.
const MAX_RESTARTS: u32 = 3;

/// A worker that is restarted when it fails, resuming the game as the last
/// snapshot showed it, and that can be restarted on purpose to stop a search
/// (a single-threaded worker reads no message while it searches).
#[derive(Clone)]
pub struct WorkerHandle {
    inner: Rc<HandleInner>,
}

struct HandleInner {
    bridge: RefCell<Option<Connection>>,
    on_response: Callback<Response>,
    /// The worker failed [`MAX_RESTARTS`] times without progress: given up.
    on_stopped: Callback<()>,
    /// The game to resume after a failure: the last snapshot's, or the one
    /// being started.
    game: RefCell<Option<NewGame>>,
    next_id: Cell<u32>,
    failures: Cell<u32>,
    /// The language of the worker's refusals (told to every new worker).
    lang: Cell<Lang>,
    /// Told after the worker was replaced and the game resumed in the new
    /// one (a game with a friend is opened there again).
    on_restart: RefCell<Option<Callback<WorkerHandle>>>,
}

impl WorkerHandle {
    pub fn new(on_response: Callback<Response>, on_stopped: Callback<()>) -> WorkerHandle {
        WorkerHandle {
            inner: Rc::new(HandleInner {
                bridge: RefCell::new(None),
                on_response,
                on_stopped,
                game: RefCell::new(None),
                next_id: Cell::new(1),
                failures: Cell::new(0),
                lang: Cell::new(Lang::En),
                on_restart: RefCell::new(None),
            }),
        }
    }

    /// Starts a new game (numbered here). `stop_search`: in a new worker,
    /// so that whatever the old one is computing is dropped at once.
    pub fn new_game(&self, mut game: NewGame, stop_search: bool) {
        game.id = self.inner.next_id.get();
        self.inner.next_id.set(game.id.wrapping_add(1));
        self.resume(game, stop_search);
    }

    /// Starts (or resumes) a game that keeps its number, in a new worker
    /// when `restart` or when none runs.
    pub fn resume(&self, game: NewGame, restart: bool) {
        *self.inner.game.borrow_mut() = Some(game.clone());
        if restart || self.inner.bridge.borrow().is_none() {
            self.inner.spawn();
        }
        self.send(Request::NewGame(game));
    }

    /// Plays on from a pasted record (numbered here); the worker keeps the
    /// game it has if the record cannot be read. Against a thinking
    /// computer, `stop_search` sends it to a new worker.
    pub fn load(&self, mut load: Load, stop_search: bool) {
        load.id = self.inner.next_id.get();
        self.inner.next_id.set(load.id.wrapping_add(1));
        if stop_search {
            self.inner.spawn();
            if let Some(game) = self.inner.game.borrow().clone() {
                self.send(Request::NewGame(game));
            }
        }
        self.send(Request::Load(load));
    }

    pub fn send(&self, request: Request) {
        if let Some(b) = self.inner.bridge.borrow().as_ref() {
            b.send(request);
        }
    }

    /// A number for a game the worker starts by another request (a game
    /// against a friend), after every game numbered so far.
    #[cfg(feature = "study")]
    pub fn next_id(&self) -> u32 {
        let id = self.inner.next_id.get();
        self.inner.next_id.set(id.wrapping_add(1));
        id
    }

    /// The worker has not answered in time (it hangs, or was stopped from
    /// outside, which sends no event): replace it as if it had failed.
    pub fn recover(&self) {
        self.inner.failed();
    }

    /// What to do once a failed worker is replaced and the game resumed.
    #[cfg(feature = "study")]
    pub fn on_restart(&self, then: Option<Callback<WorkerHandle>>) {
        *self.inner.on_restart.borrow_mut() = then;
    }

    /// The language the worker writes its refusals in.
    pub fn set_lang(&self, lang: Lang) {
        self.inner.lang.set(lang);
        self.send(Request::SetLang(lang));
    }

    /// Stops the worker (when the page goes away).
    pub fn stop(&self) {
        self.inner.bridge.borrow_mut().take();
    }
}

impl HandleInner {
    /// Replaces the worker (terminating the old one) by a fresh one.
    fn spawn(self: &Rc<Self>) {
        self.bridge.borrow_mut().take();
        let on_response = {
            let me = Rc::downgrade(self);
            Callback::from(move |r: Response| {
                if let (Some(me), Response::Snapshot(snap)) = (me.upgrade(), &r) {
                    let game = snap.resume();
                    // Only a game that moved on proves the new worker sound:
                    // the first snapshot of a resumed game is the game itself.
                    if me.game.borrow().as_ref() != Some(&game) {
                        me.failures.set(0);
                    }
                    *me.game.borrow_mut() = Some(game);
                    let id = me.next_id.get().max(snap.game_id.wrapping_add(1));
                    me.next_id.set(id);
                }
                if let Some(me) = me.upgrade() {
                    me.on_response.emit(r);
                }
            })
        };
        let on_failure = {
            let me: Weak<HandleInner> = Rc::downgrade(self);
            Callback::from(move |()| {
                if let Some(me) = me.upgrade() {
                    me.failed();
                }
            })
        };
        match Connection::spawn(on_response, on_failure) {
            Ok(b) => {
                b.send(Request::SetLang(self.lang.get()));
                *self.bridge.borrow_mut() = Some(b);
            }
            // No worker at all (scripts blocked, an old browser): say so.
            Err(_) => self.on_stopped.emit(()),
        }
    }

    /// The worker failed: start a new one with the game as it stood.
    fn failed(self: &Rc<Self>) {
        let failures = self.failures.get() + 1;
        self.failures.set(failures);
        let game = self.game.borrow().clone();
        match game {
            Some(game) if failures <= MAX_RESTARTS => {
                self.spawn();
                if let Some(b) = self.bridge.borrow().as_ref() {
                    b.send(Request::NewGame(game));
                }
                let then = self.on_restart.borrow().clone();
                if let Some(then) = then {
                    then.emit(WorkerHandle {
                        inner: Rc::clone(self),
                    });
                }
            }
            _ => {
                self.bridge.borrow_mut().take();
                self.on_stopped.emit(());
            }
        }
    }
}

fn post(worker: &Worker, request: &Request) {
    let bytes = js_sys::Uint8Array::from(encode(request).as_slice());
    // A failed post means the worker is gone; its error handler reports that.
    let _ = worker.post_message(&bytes);
}

/// The build id from `<meta name="pantheon-build">` (set by the release
/// build), reduced to characters safe in a URL.
pub fn build_id() -> String {
    let id = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=pantheon-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_default();
    let id: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
        .take(40)
        .collect();
    if id.is_empty() {
        "dev".into()
    } else {
        id
    }
}
