use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::{NewGame, Snapshot};
use crate::web::bridge::WorkerHandle;
use crate::web::embed::{self, HostCommand};
use crate::web::state::{Action, State};

/// Commands from the page around an embedded game: one listener for the
/// page's life, reading the game as it stands when a command comes.
#[hook]
pub fn use_host(state: &UseReducerHandle<State>, worker: &WorkerHandle) {
    let latest: Rc<RefCell<Option<Rc<Snapshot>>>> = use_mut_ref(|| None);
    latest.replace(state.snapshot.clone());
    let worker = worker.clone();
    let dispatch = state.dispatcher();
    use_effect_with((), move |_| {
        let listener = embed::listen(move |command| match command {
            HostCommand::Flip => dispatch.dispatch(Action::Flip),
            HostCommand::SetPosition {
                variant,
                fen,
                moves,
            } => {
                let Some(snap) = latest.borrow().clone() else {
                    return;
                };
                worker.new_game(
                    NewGame {
                        variant: variant.unwrap_or_else(|| snap.variant.clone()),
                        fen,
                        moves,
                        players: snap.players,
                        level: snap.level,
                        ..NewGame::default()
                    },
                    snap.thinking,
                );
            }
        });
        move || drop(listener)
    });
}
