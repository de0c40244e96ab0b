//! The worker's entry point: the rules engine and the computer opponent run
//! here, off the page's thread. Requests come in as messages; every change
//! goes back as a snapshot. The computer's move is searched in a later task
//! (a zero timeout), after the snapshot that says it is thinking has gone out,
//! so that a new request between two computer moves is read in time.

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;

    use gloo::timers::callback::Timeout;
    use pantheon::protocol::{Request, Response};
    use pantheon::web::session::Session;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    thread_local! {
        static SESSION: RefCell<Session> = RefCell::new(Session::new());
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn post(response: &Response) {
        if let Ok(value) = serde_wasm_bindgen::to_value(response) {
            let _ = scope().post_message(&value);
        }
    }

    fn post_snapshot() {
        let snap = SESSION.with(|s| s.borrow().snapshot());
        post(&Response::Snapshot(Box::new(snap)));
    }

    fn schedule_computer() {
        if SESSION.with(|s| s.borrow().computer_to_move()) {
            Timeout::new(0, computer_move).forget();
        }
    }

    fn computer_move() {
        let now = js_sys::Date::now;
        let played = SESSION.with(|s| s.borrow_mut().play_computer(&now));
        if played.is_some() {
            post_snapshot();
            schedule_computer();
        }
    }

    fn on_message(event: MessageEvent) {
        let request = match serde_wasm_bindgen::from_value::<Request>(event.data()) {
            Ok(r) => r,
            Err(e) => {
                post(&Response::Error(format!("unreadable request: {e}")));
                return;
            }
        };
        match request {
            Request::Hint => {
                if let Some(hint) = SESSION.with(|s| s.borrow_mut().hint(&js_sys::Date::now)) {
                    post(&Response::Hint(hint));
                }
                return;
            }
            Request::Record { date } => {
                let pgn = SESSION.with(|s| s.borrow().record(&date));
                post(&Response::Record(pgn));
                return;
            }
            Request::Parse(text) => {
                post(&match SESSION.with(|s| s.borrow().parse(&text)) {
                    Ok(spec) => Response::Parsed(spec),
                    Err(e) => Response::Error(e),
                });
                return;
            }
            // The language of later refusals: nothing on the board changes
            // (a snapshot now would be taken for the game being started).
            Request::SetLang(_) => {
                SESSION.with(|s| s.borrow_mut().handle(request)).ok();
                return;
            }
            Request::ShowMove(ply) => {
                if let Some(past) = SESSION.with(|s| s.borrow().snapshot_at(ply as usize)) {
                    post(&Response::Past(Box::new(past)));
                }
                return;
            }
            _ => {}
        }
        let quiet = matches!(request, Request::Play(_));
        let result = SESSION.with(|s| s.borrow_mut().handle(request));
        if let Err(e) = result {
            // An illegal move simply does nothing; other refusals are told.
            if !quiet {
                post(&Response::Error(e));
            }
        }
        post_snapshot();
        schedule_computer();
    }

    pub fn start() {
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
        scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        handler.forget();
        post(&Response::Ready);
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The worker runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
