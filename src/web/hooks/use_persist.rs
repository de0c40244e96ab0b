use yew::prelude::*;

use crate::web::clock::Clock;
use crate::web::state::State;
use crate::web::storage;

/// The game and its clock are kept across reloads (where storage is
/// allowed), unless it is an embedded game, one to look at, the analysis
/// board or a puzzle.
#[hook]
pub fn use_persist(state: &State) {
    // (The analysis board's positions are not the game.)
    let keep = !state.view.embed
        && !state.view.viewer
        && state.analysis.is_none()
        && !state.editing()
        && !state.puzzling();
    let clock = state.clock.clock.as_ref().and_then(Clock::line);
    use_effect_with(
        (state.snapshot.clone(), clock, keep),
        |(snap, clock, keep)| {
            if let (Some(s), true) = (snap, keep) {
                storage::save(s, clock.as_ref());
            }
        },
    );
}
