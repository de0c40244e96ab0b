use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::web::hooks::Store;
use crate::web::offline;
use crate::web::state::{Action, DialogAction};

/// Offline play: the service worker is registered once the game is on the
/// board (not to slow its first load down); a new version waiting is told
/// to the store.
#[hook]
pub fn use_offline(store: &Store) {
    let dispatch = store.clone();
    use_effect_with(store.get().snapshot.is_some(), move |ready| {
        if *ready {
            // In a task of its own, not the one that draws the first game.
            Timeout::new(0, move || {
                offline::register(Callback::from(move |()| {
                    dispatch.dispatch(Action::Dialog(DialogAction::UpdateReady))
                }))
            })
            .forget();
        }
    });
}
