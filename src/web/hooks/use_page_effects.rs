//! The play page's effects, in the order the page has always run them: the
//! first game, the document's language, sounds, the page around an embedded
//! game, offline play, the saved game, the clock, the keys and the move
//! lists that follow play.

use yew::prelude::*;

use crate::web::bridge::WorkerHandle;
use crate::web::state::State;

use super::{
    use_clock, use_first_game, use_follow_moves, use_host, use_keys, use_language, use_offline,
    use_persist, use_sound, Store,
};

/// Runs the play page's effects for the state just rendered.
#[hook]
pub fn use_page_effects(store: &Store, worker: &WorkerHandle, state: &State) {
    use_first_game(store, worker);
    use_language(state.view.lang, worker);
    use_sound(state.snapshot.clone(), state.view.prefs.sound);
    use_host(store, worker);
    use_offline(store);
    use_persist(state);
    use_clock(store);
    use_keys(store);
    use_follow_moves(state);
}
