use yew::prelude::*;

use crate::web::offline;
use crate::web::state::{Action, State};

/// Offline play: the service worker is registered once the game is on the
/// board (not to slow its first load down); a new version waiting is told
/// to the state.
#[hook]
pub fn use_offline(state: &UseReducerHandle<State>) {
    let dispatch = state.dispatcher();
    use_effect_with(state.snapshot.is_some(), move |ready| {
        if *ready {
            offline::register(Callback::from(move |()| {
                dispatch.dispatch(Action::UpdateReady)
            }));
        }
    });
}
