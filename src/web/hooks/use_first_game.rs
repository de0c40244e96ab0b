use yew::prelude::*;

use crate::protocol::NewGame;
use crate::web::bridge::WorkerHandle;
use crate::web::hooks::Store;
use crate::web::link::Mode;
use crate::web::prefs::Prefs;
use crate::web::state::{Action, Notice};
use crate::web::storage;

/// Once, when the page opens: the settings, how the link asks for the game
/// to be shown, and the first game: the link's, else the saved one, else a
/// new one. An embedded game and a game to look at are the link's alone:
/// they neither resume nor replace the saved game. The worker stops with
/// the page.
#[hook]
pub fn use_first_game(store: &Store, worker: &WorkerHandle) {
    let worker = worker.clone();
    let dispatch = store.clone();
    use_effect_with((), move |_| {
        let (link, problems) = storage::link();
        let prefs = storage::load_prefs();
        let lang = storage::language(link.lang, &prefs);
        dispatch.dispatch(Action::SetPrefs(Prefs {
            pieces: link.pieces.unwrap_or(prefs.pieces),
            ..prefs
        }));
        dispatch.dispatch(Action::SetLang(lang));
        worker.set_lang(lang);
        let viewer = link.mode == Some(Mode::View);
        dispatch.dispatch(Action::Present {
            embed: link.embed,
            viewer,
            bottom: link.orient,
        });
        dispatch.dispatch(Action::LinkProblems(problems));
        let first = if link.embed || viewer {
            link.new_game()
        } else if link.has_game() {
            storage::drop_game_from_url(&link);
            link.new_game()
        } else {
            match storage::load() {
                Some(Ok(saved)) => {
                    if let Some(line) = saved.clock {
                        dispatch.dispatch(Action::ResumeClock(line));
                    }
                    saved.game
                }
                Some(Err(damage)) => {
                    dispatch.dispatch(Action::Notify(Notice::SavedGameLost(damage)));
                    NewGame::default()
                }
                None => NewGame::default(),
            }
        };
        worker.new_game(first, false);
        move || worker.stop()
    });
}
