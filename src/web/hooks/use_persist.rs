use yew::prelude::*;

use crate::web::clock::Clock;
use crate::web::state::State;
use crate::web::storage;

/// The game and its clock are kept across reloads (where storage is
/// allowed), unless it is an embedded game, one to look at, the analysis
/// board or a puzzle.
#[hook]
pub fn use_persist(state: &State) {
    let keep = state.keeps_game();
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
