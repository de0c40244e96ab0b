use yew::prelude::*;

use crate::protocol::Request;
use crate::web::bridge::WorkerHandle;
use crate::web::state::{Action, State};

/// The clock ticks while it runs; a side whose time is up loses (told to
/// the worker once).
#[hook]
pub fn use_clock(state: &UseReducerHandle<State>, worker: &WorkerHandle) {
    let dispatch = state.dispatcher();
    let running = state.clock.as_ref().and_then(|c| c.running());
    use_effect_with(running, move |running| {
        let interval = running.map(|_| {
            gloo::timers::callback::Interval::new(100, move || {
                dispatch.dispatch(Action::Tick(js_sys::Date::now()))
            })
        });
        move || drop(interval)
    });
    let worker = worker.clone();
    use_effect_with(state.flag, move |flag| {
        if let Some(side) = *flag {
            worker.send(Request::Flag(side));
        }
    });
}
