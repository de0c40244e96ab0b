use yew::prelude::*;

use crate::protocol::NewGame;
use crate::web::bridge::WorkerHandle;
use crate::web::embed::{self, HostCommand};
use crate::web::hooks::Store;
use crate::web::state::{Action, ViewAction};

/// Commands from the page around an embedded game: one listener for the
/// page's life, reading the game as it stands when a command comes.
#[hook]
pub fn use_host(store: &Store, worker: &WorkerHandle) {
    let worker = worker.clone();
    let dispatch = store.clone();
    use_effect_with((), move |_| {
        let listener = embed::listen(move |command| match command {
            HostCommand::Flip => dispatch.dispatch(Action::View(ViewAction::Flip)),
            HostCommand::SetPosition {
                variant,
                fen,
                moves,
            } => {
                let Some(snap) = dispatch.get().snapshot.clone() else {
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
