use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::protocol::NewGame;
use crate::web::bridge::WorkerHandle;
use crate::web::hooks::Store;
#[cfg(feature = "study")]
use crate::web::link::Link;
use crate::web::link::Mode;
use crate::web::prefs::Prefs;
use crate::web::state::{Action, ClockAction, DialogAction, Notice, State, ViewAction};
#[cfg(feature = "study")]
use crate::web::state::{BuilderAction, PuzzleAction};
use crate::web::storage;

/// The state the page starts with: the link's layout (the page's, a
/// frame's, a game to look at), the settings and the language, from the
/// first render on, so that nothing changes under the eyes when the game
/// comes.
pub fn first_state() -> State {
    let (link, _) = storage::link();
    let prefs = storage::load_prefs();
    let lang = storage::language(link.lang, &prefs);
    let actions = [
        Action::View(ViewAction::SetPrefs(Prefs {
            pieces: link.pieces.unwrap_or(prefs.pieces),
            theme: link.theme.unwrap_or(prefs.theme),
            ..prefs
        })),
        Action::View(ViewAction::SetLang(lang)),
        Action::View(ViewAction::Present {
            embed: link.embed,
            viewer: link.mode == Some(Mode::View),
            bottom: link.orient,
            analysis: link.mode == Some(Mode::Analysis),
        }),
    ];
    let state = actions
        .into_iter()
        .fold(State::default(), |state, action| state.reduce(action).0);
    // The board editor is open from the first render (its position is
    // asked of the worker once it starts).
    #[cfg(feature = "study")]
    if let Some(open) = open_editor(&link) {
        return state.reduce(open).0;
    }
    #[cfg(feature = "study")]
    if link.mode == Some(Mode::Builder) {
        let solution = link.solution.clone();
        return state
            .reduce(Action::Builder(BuilderAction::Open { solution }))
            .0;
    }
    #[cfg(feature = "study")]
    if link.mode == Some(Mode::Puzzle) {
        return state.reduce(open_puzzles(&link)).0;
    }
    // (A game with a friend kept from before is opened instead.)
    #[cfg(feature = "study")]
    if link.mode == Some(Mode::Friend) && !storage::has_online_game() {
        use crate::web::state::{friend::Stage, FriendAction};
        return state
            .reduce(Action::Friend(FriendAction::Stage(Stage::Setup)))
            .0;
    }
    state
}

/// The action that opens the puzzle board for a `mode=puzzle` link: its
/// own puzzle (`solution=`, from `fen=` or the start), else the set's
/// (`puzzle=`, or the next of the link's game), with the player's record.
#[cfg(feature = "study")]
fn open_puzzles(link: &Link) -> Action {
    use crate::web::state::puzzle::{of_link, Filter, Progress, PuzzleBoard};
    let variant = link.variant.clone().unwrap_or_else(|| "mansindam".into());
    let single = (!link.solution.is_empty()).then(|| {
        let start = crate::web::starts::start_fen(&variant)
            .unwrap_or_default()
            .to_string();
        of_link(
            &variant,
            link.fen.as_deref().unwrap_or(&start),
            &link.solution,
        )
    });
    let (progress, damaged) = match storage::load_progress() {
        Ok(p) => (p, None),
        Err(e) => (Progress::default(), Some(e)),
    };
    let filter = Filter {
        variant: link.variant.clone(),
        theme: None,
    };
    let mut board = PuzzleBoard::new(single, link.puzzle.clone(), filter, progress);
    board.damaged = damaged;
    Action::Puzzle(PuzzleAction::Open(Box::new(board)))
}

/// The action that opens the board editor on the link's position, if the
/// link asks for the editor.
#[cfg(feature = "study")]
fn open_editor(link: &Link) -> Option<Action> {
    (link.mode == Some(Mode::Editor)).then(|| {
        Action::Edit(crate::web::state::Edit::Open {
            variant: link.variant.clone().unwrap_or_else(|| "mansindam".into()),
            fen: link.fen.clone(),
        })
    })
}

/// Once, when the page opens, the first game (`start_first_game`), in a
/// task of its own after the first render: starting the worker and reading
/// the saved game do not lengthen the page's first task (what Lighthouse
/// counts as blocking time). The worker stops with the page.
#[hook]
pub fn use_first_game(store: &Store, worker: &WorkerHandle) {
    let worker = worker.clone();
    let store = store.clone();
    use_effect_with((), move |_| {
        let start = {
            let worker = worker.clone();
            Timeout::new(0, move || start_first_game(&store, &worker))
        };
        move || {
            drop(start);
            worker.stop();
        }
    });
}

/// The link's problems and the first game: the link's, else the saved one,
/// else a new one. An embedded game and a game to look at are the link's
/// alone: they neither resume nor replace the saved game.
fn start_first_game(dispatch: &Store, worker: &WorkerHandle) {
    // (The settings, the language and the layout are the state's from its
    // start, `first_state`.) The worker refuses a bad link in the page's
    // language, so it learns it before the game.
    let (link, problems) = storage::link();
    worker.set_lang(storage::language(link.lang, &storage::load_prefs()));
    // A game to look at or to analyse stays in the address: a reload shows
    // it again.
    let shown = matches!(
        link.mode,
        Some(Mode::View | Mode::Analysis | Mode::Editor | Mode::Builder)
    );
    dispatch.dispatch(Action::Dialog(DialogAction::LinkProblems(problems)));
    #[cfg(feature = "study")]
    if open_friends_link(dispatch, worker) {
        return;
    }
    #[cfg(feature = "study")]
    if link.mode == Some(Mode::Puzzle) {
        // The variant's start stands in until the puzzle is set up (the
        // saved game is left as it is).
        worker.new_game(
            NewGame {
                variant: link.variant.clone().unwrap_or_else(|| "mansindam".into()),
                players: [crate::protocol::Player::Human; 2],
                ..NewGame::default()
            },
            false,
        );
        return;
    }
    #[cfg(feature = "study")]
    if let Some(open) = open_editor(&link) {
        // The editor's worker has no game of its own: the variant's start
        // stands in (the saved game is left as it is).
        worker.new_game(
            NewGame {
                variant: link.variant.clone().unwrap_or_else(|| "mansindam".into()),
                ..NewGame::default()
            },
            false,
        );
        dispatch.dispatch(open);
        return;
    }
    let first = if link.embed || shown {
        link.new_game()
    } else if link.has_game() && link.mode != Some(Mode::Friend) {
        // (A friend's invitation is made over the saved game, and its
        // address, `ice=` included, stays for the links it makes.)
        storage::drop_game_from_url(&link);
        link.new_game()
    } else {
        saved_game(dispatch).unwrap_or_default()
    };
    worker.new_game(first, false);
}

/// A friend's link in the address (`#rtc=`), else a game with a friend
/// kept from an earlier visit: `true` when the board is the friend's game
/// (an invitation's, or the one kept); a reply or reconnect link goes to
/// the tab that waits for it, the saved game behind.
#[cfg(feature = "study")]
fn open_friends_link(dispatch: &Store, worker: &WorkerHandle) -> bool {
    match crate::web::friend::opened_link() {
        Some(fragment) => crate::web::friend::open_link(&fragment, dispatch, worker),
        None => crate::web::friend::restore(dispatch, worker),
    }
}

/// The game saved in storage, with its clock (told to the page): `None`
/// when there is none, or when it cannot be read (the page then says so).
pub fn saved_game(dispatch: &Store) -> Option<NewGame> {
    match storage::load()? {
        Ok(mut saved) => {
            if let Some(line) = saved.clock {
                // The computer's time, should it be its turn.
                let clock = line.clock(saved.game.id);
                saved.game.clock = clock.computer_time(saved.game.players, js_sys::Date::now());
                dispatch.dispatch(Action::Clock(ClockAction::Resume(line)));
            }
            Some(saved.game)
        }
        Err(damage) => {
            dispatch.dispatch(Action::Dialog(DialogAction::Notify(Notice::SavedGameLost(
                damage,
            ))));
            None
        }
    }
}
