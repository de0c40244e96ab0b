use yew::prelude::*;

use crate::web::hooks::Store;
use crate::web::state::{Action, ClockAction};

/// The clock ticks while it runs (a side whose time is up loses: the
/// reducer tells the worker).
#[hook]
pub fn use_clock(store: &Store) {
    let dispatch = store.clone();
    let running = store.get().clock.clock.as_ref().and_then(|c| c.running());
    use_effect_with(running, move |running| {
        let interval = running.map(|_| {
            gloo::timers::callback::Interval::new(100, move || {
                dispatch.dispatch(Action::Clock(ClockAction::Tick(js_sys::Date::now())))
            })
        });
        move || drop(interval)
    });
}
