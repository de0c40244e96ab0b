//! The worker's entry: the rules engine and the computer opponent run
//! here, off the page's thread. It only passes messages: each request goes
//! to [`Session::stream`] and its answers go back as they come. The
//! computer's move is searched in a later task (a zero timeout), after the
//! snapshot that says it is thinking has gone out, so that a new request
//! between two computer moves is read in time.
//!
//! Two binaries start it: `study_worker` (with the `study` feature: the analysis
//! board's analyses and reviews, the board editor's judgements), which the
//! study bundle uses, and `play_worker` (without it), which the play page
//! uses, so that a first visit downloads only what a game needs.

use std::cell::{Cell, RefCell};

use crate::protocol::{decode, encode, Request, Response};
use crate::worker::Session;
use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::new());
    /// The computer's move is scheduled (once, however many requests
    /// come before it runs).
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(responses: Vec<Response>) {
    for response in responses {
        let bytes = js_sys::Uint8Array::from(encode(&response).as_slice());
        let _ = scope().post_message(&bytes);
    }
}

/// After every answer: the computer's turn, if it is one.
fn schedule_computer() {
    let due = SESSION.with(|s| s.borrow().computer_to_move());
    if due && !SCHEDULED.replace(true) {
        Timeout::new(0, || {
            SCHEDULED.set(false);
            post(SESSION.with(|s| s.borrow_mut().computer_move(&js_sys::Date::now)));
            schedule_computer();
        })
        .forget();
    }
}

fn on_message(event: MessageEvent) {
    let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
    match decode::<Request>(&bytes) {
        // Each answer goes out as it comes: an analysis tells every
        // iteration while it searches.
        Ok(request) => SESSION.with(|s| {
            s.borrow_mut()
                .stream(request, &js_sys::Date::now, &mut |r| post(vec![r]))
        }),
        Err(e) => post(vec![Response::Error(format!("unreadable request: {e}"))]),
    }
    schedule_computer();
}

pub fn start() {
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
    post(vec![Response::Ready]);
}
