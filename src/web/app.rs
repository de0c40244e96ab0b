//! The page's layout: the top bar, the board with its hands, the panel
//! beside it (or the compact bar of an iframe), and the dialogs. The
//! effects are named hooks (`web::hooks`), what buttons and gestures do is
//! in `web::commands`, the board owns its own input, and the parts of the
//! page are components (`web::components::play`, `overlays`).

use yew::prelude::*;

use crate::web::commands::Commands;
use crate::web::components::board::Board;
use crate::web::components::controls::TopBar;
use crate::web::components::overlays::overlays;
use crate::web::components::play::{self, EmbedBar};
use crate::web::hooks::{first_state, use_page_effects, use_store, use_worker};
use crate::web::link::{Link, Mode, Shown};
use crate::web::prefs::Prefs;
use crate::web::state::{Action, Dialog, DialogAction, State};
use crate::web::storage;
use crate::web::study;

#[function_component(App)]
pub fn app() -> Html {
    let store = use_store(first_state);
    let worker = use_worker(&store);
    store.connect(&worker);
    let state = store.get();
    let commands = Commands::new(&store, &worker);
    use_page_effects(&store, &worker, &state);
    study::use_study(&store);
    let board = state.analysis.as_ref();
    let study_panel = study::panel(&state, &store, &commands);
    let editor = study::editor(&state, &store);
    let builder_page = study::builder(&state, &store);
    let puzzle = study::puzzle(&state, &store);
    let friend = study::friend(&state, &commands);

    let t = state.text();
    let snap = state.snapshot.clone();
    let thinking = snap.as_ref().is_some_and(|s| s.thinking);
    let shared = share_link(&state);
    let share_url = shared.as_ref().map(storage::url_of);
    let builder_url = shared.as_ref().map(|l| builder_url(&state, l));
    let title = snap.as_ref().map_or_else(
        || format!("{} · {}", t.play.mansindam, t.play.pandemonium),
        |s| t.variant(&s.variant).to_string(),
    );
    let steps = play::steps(&state, &store);
    let on_input = match &editor {
        Some(e) => e.on_input.clone(),
        None => commands.with(Commands::board_input),
    };
    let status = match (&editor, &puzzle) {
        (Some(e), _) => e.status.clone(),
        (None, Some(p)) => p.status.clone(),
        (None, None) => play::status(&state, &store),
    };
    let prefs = state.view.prefs;

    html! {
        <div class={classes!("app", format!("theme-{}", state.view.prefs.theme.id()), state.view.embed.then_some("embed"), state.view.viewer.then_some("viewer"), board.map(|_| "analysing"))}
            data-ready={snap.is_some().to_string()} data-thinking={thinking.to_string()}
            data-lang={state.view.lang.id()}>
            if !state.view.embed {
                <TopBar lang={state.view.lang}
                    title={title.clone()}
                    on_lang={commands.with(move |c, lang| c.set_prefs(Prefs { lang: Some(lang), ..prefs }))}
                    on_settings={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Settings)))}
                    on_new_game={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::NewGame)))} />
            }
            if let Some(page) = builder_page {
                <main class="builder-page">{ page }</main>
            } else {
            <main class="play">
                if state.view.embed {
                    // The frame's page has a title too, for screen readers.
                    <h1 class="sr-only">{ title }</h1>
                } else {
                    <div class="status-area">{ status.clone() }</div>
                }
                { play::link_problems(&state, &store) }
                if let Some(editor) = editor {
                    <Board snap={editor.snap} movable={None} selection={None} destinations={[false; 81]}
                        promotion={None} premove={None} arrow={None} flipped={state.view.flipped}
                        focus={state.gesture.focus} pieces={state.view.prefs.pieces} lang={state.view.lang}
                        clocks={[None, None]} on_input={on_input.clone()} />
                    <aside class="panel editor" data-testid="editor">
                        { editor.panel }
                    </aside>
                } else {
                { play::game_board(&state, on_input) }
                if state.view.embed {
                    { play::embed_bar(&state, &store, &commands, EmbedBar {
                        status,
                        steps,
                        puzzle: puzzle.map(|p| p.bar),
                        share_url: share_url.clone(),
                    }) }
                } else if let Some(p) = puzzle {
                    <aside class="panel puzzle" data-testid="puzzles">
                        { p.panel }
                    </aside>
                } else if let Some(panel) = study_panel {
                    <aside class="panel analysis" data-testid="analysis">
                        { steps }
                        { panel }
                    </aside>
                } else {
                    { play::game_panel(&state, &store, &commands, friend.as_ref().map(|f| f.section.clone()), steps) }
                }
                }
            </main>
            }
            { overlays(&state, &store, &commands, share_url.as_deref(), builder_url) }
            if let Some(f) = friend { { f.dialog } }
        </div>
    }
}

/// The link to the game as it is seen now (Share, and "open the full game"
/// from an iframe), written only where it is shown: it holds every move of
/// the game.
fn share_link(state: &State) -> Option<Link> {
    let shown = state.view.embed || state.dialogs.open == Some(Dialog::Share);
    if state.editing() {
        // The position set up, to play from.
        return study::position_link(state, None).filter(|_| shown);
    }
    if state.puzzling() {
        return study::puzzle_link(state, false).filter(|_| shown);
    }
    let snap = state.snapshot.as_deref().filter(|_| shown)?;
    let view = &state.view;
    let shown = match (&state.analysis, view.viewer) {
        (Some(_), _) => Shown::Analysed,
        (None, true) => Shown::Viewed,
        (None, false) => Shown::Played,
    };
    Some(Link::of_game(snap, view.bottom(), shown, view.prefs.pieces))
}

/// The embed builder for the game (or position, or puzzle) shared.
fn builder_url(state: &State, shared: &Link) -> String {
    // A puzzle's frame carries its line (a post needs no set).
    let shared = &study::puzzle_link(state, true).unwrap_or_else(|| shared.clone());
    storage::url_of(&Link {
        mode: Some(Mode::Builder),
        lang: Some(state.view.lang),
        level: None,
        players: [None, None],
        ..shared.clone()
    })
}
