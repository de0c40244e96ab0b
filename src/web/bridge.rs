//! The page's end of the worker: starts it, sends [`Request`]s, hands every
//! [`Response`] to a callback.
//!
//! The worker is loaded by a relative path (`./worker-loader.js`), so the same
//! `dist/` works at `/`, under a sub-path and inside an iframe, with the build
//! id (written into `index.html` by the build) as a query, so that a cached
//! old worker is never paired with a new page. Requests made before the
//! worker says [`Response::Ready`] wait in a queue.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

use crate::protocol::{Request, Response};

const LOADER: &str = "./worker-loader.js";

pub struct Bridge {
    worker: Worker,
    queue: Rc<RefCell<Option<Vec<Request>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Bridge {
    pub fn spawn(on_response: Callback<Response>) -> Result<Bridge, String> {
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
                let response = match serde_wasm_bindgen::from_value::<Response>(event.data()) {
                    Ok(r) => r,
                    Err(e) => {
                        Response::Error(format!("unreadable message from the game engine: {e}"))
                    }
                };
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
            on_response.emit(Response::Error(
                "The game engine stopped working. Reload the page to start again.".into(),
            ));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));

        Ok(Bridge {
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

impl Drop for Bridge {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

fn post(worker: &Worker, request: &Request) {
    if let Ok(value) = serde_wasm_bindgen::to_value(request) {
        // A failed post means the worker is gone; its error handler reports that.
        let _ = worker.post_message(&value);
    }
}

/// The build id from `<meta name="pantheon-build">` (set by the release
/// build), reduced to characters safe in a URL.
fn build_id() -> String {
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
