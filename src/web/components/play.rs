//! The play page's parts around the board: the status line (or what stands
//! in its place), the board as the game shows it with the clocks in its
//! hands, the panel beside it with its toolbar, the compact bar of an
//! iframe, and the notice of a link's problems.

use yew::prelude::*;

use crate::protocol::Side;
use crate::web::clock;
use crate::web::commands::Commands;
use crate::web::components::board::Board;
use crate::web::components::controls::{Steps, ToolButton};
use crate::web::components::hand::ClockFace;
use crate::web::components::panel;
use crate::web::hooks::Store;
use crate::web::i18n::fill;
#[cfg(feature = "study")]
use crate::web::state::AnalysisAction;
use crate::web::state::{
    Action, BoardInput, Dialog, DialogAction, PlayAction, ReviewAction, State, ViewAction,
    STEP_KEYS,
};
use crate::web::study;

/// The status line of a game: a game to look at tells the position shown;
/// a game played, the game.
pub fn status(state: &State, store: &Store) -> Html {
    let t = state.text();
    let show_ply = store.reform(|v| Action::Review(ReviewAction::ShowPly(v)));
    panel::status(
        if state.view.viewer {
            state.shown().map(|s| &**s)
        } else {
            state.snapshot.as_deref()
        },
        t,
        // (A game to look at tells the position it shows instead.)
        if state.view.viewer || state.view.embed {
            Html::default()
        } else {
            panel::looking_back(state, show_ply.reform(|_| usize::MAX))
        },
    )
}

/// The buttons that step through the game. (On the analysis board they
/// step through the tree.)
pub fn steps(state: &State, store: &Store) -> Html {
    match state.analysis.as_ref() {
        #[cfg(feature = "study")]
        Some(b) => html! {
            <Steps lang={state.view.lang} on_show={store.reform(|v| Action::Analysis(AnalysisAction::GoTo(v)))}
                targets={STEP_KEYS.map(|k| b.step(k))} />
        },
        _ => html! {
            <Steps lang={state.view.lang} on_show={store.reform(|v| Action::Review(ReviewAction::ShowPly(v)))}
                targets={STEP_KEYS.map(|k| state.step(k))} />
        },
    }
}

/// The Flip button (`compact` in an iframe's bar).
pub fn flip_button(state: &State, store: &Store, compact: bool) -> Html {
    let t = state.text();
    html! {
        <ToolButton testid="flip" label={t.play.flip} icon="⇅" title={t.play.flip_title} {compact}
            onclick={store.dispatching(Action::View(ViewAction::Flip))} />
    }
}

/// The Take back button (`compact` in an iframe's bar).
pub fn take_back_button(state: &State, commands: &Commands, compact: bool) -> Html {
    let t = state.text();
    html! {
        <ToolButton testid="take-back" label={t.play.take_back} icon="↶" {compact}
            disabled={!state.can_take_back()} onclick={commands.on(Commands::take_back)} />
    }
}

/// What was wrong with the link the page was opened from, until the player
/// dismisses it.
pub fn link_problems(state: &State, store: &Store) -> Html {
    let t = state.text();
    if state.dialogs.link_problems.is_empty() {
        return Html::default();
    }
    html! {
        <div class="link-problems" role="alert" data-testid="link-problems">
            <ul>{ for state.dialogs.link_problems.iter().map(|p| html! { <li>{ t.link_problem(p) }</li> }) }</ul>
            <button type="button" class="button" onclick={store.dispatching(Action::Dialog(DialogAction::LinkProblems(Vec::new())))}>{ t.play.ok }</button>
        </div>
    }
}

/// The board as the game (or the analysis board) shows it, with its marks
/// and the clocks in the hands.
pub fn game_board(state: &State, on_input: Callback<BoardInput>) -> Html {
    let board = state.analysis.as_ref();
    html! {
        <Board snap={state.shown().cloned()} movable={state.movable()} selection={state.gesture.selected}
            destinations={state.destinations()} promotion={state.gesture.promotion}
            premove={state.premove.filter(|_| state.review.viewing.is_none())}
            arrow={match board {
                Some(b) => b.best_arrow(),
                None => state.hint.as_ref().filter(|_| state.review.viewing.is_none()).map(|h| (h.spec.from, h.spec.to)),
            }}
            better={board.and_then(|b| b.better_arrow())}
            bar={study::bar(state)}
            flipped={state.view.flipped} focus={state.gesture.focus} pieces={state.view.prefs.pieces}
            lang={state.view.lang} clocks={clock_faces(state)} {on_input} />
    }
}

/// The clocks as the hands show them, White's then Black's.
fn clock_faces(state: &State) -> [Option<ClockFace>; 2] {
    let t = state.text();
    Side::BOTH.map(|side| {
        state.clock.clock.as_ref().map(|c| {
            let reading = c.reading(side, state.clock.now);
            let byoyomi = (c.control.periods > 0).then(|| {
                let n = |n: u32| n.to_string();
                fill(
                    t.play.byoyomi_left,
                    &[("p", &n(reading.periods)), ("b", &n(c.control.byoyomi_s))],
                )
            });
            ClockFace {
                text: clock::format(reading.shown()),
                byoyomi,
                in_byoyomi: reading.period.is_some(),
                running: c.running() == Some(side),
                low: c.running() == Some(side) && reading.low(),
            }
        })
    })
}

/// What an iframe's compact bar holds besides its fixed buttons.
pub struct EmbedBar {
    pub status: Html,
    pub steps: Html,
    /// The puzzle's buttons, when a puzzle is shown.
    pub puzzle: Option<Html>,
    /// The link to open the full game.
    pub share_url: Option<String>,
}

/// The compact bar of an iframe, under the board: the status (or the
/// analysis board's line), the steps, and the buttons.
pub fn embed_bar(state: &State, store: &Store, commands: &Commands, bar: EmbedBar) -> Html {
    let t = state.text();
    let board = state.analysis.as_ref();
    let playing = !state.view.viewer;
    let puzzle = bar.puzzle.is_some();
    html! {
        <nav class="embed-bar">
            if let Some(line) = study::embed_line(state) {
                { line }
            } else {
                { bar.status }
            }
            if state.view.viewer || board.is_some() { { bar.steps } }
            if let Some(p) = bar.puzzle { { p } }
            { flip_button(state, store, true) }
            if playing && board.is_none() && !puzzle { { take_back_button(state, commands, true) } }
            <a class="button icon" data-testid="open-full" href={bar.share_url.unwrap_or_default()}
                target="_blank" rel="noopener" title={t.share.open_full} aria-label={t.share.open_full}>{ "↗" }</a>
        </nav>
    }
}

/// The panel beside the board in a game: the friend game's part, the steps
/// of a game to look at, the toolbar, the result, the move typed, the moves
/// and the hint.
pub fn game_panel(
    state: &State,
    store: &Store,
    commands: &Commands,
    friend: Option<Html>,
    steps: Html,
) -> Html {
    let t = state.text();
    let snap = &state.snapshot;
    let playing = !state.view.viewer;
    let befriended = state.befriended();
    html! {
        <aside class="panel">
            if let Some(f) = friend { { f } }
            if state.view.viewer { { steps } }
            <div class="toolbar">
                { flip_button(state, store, false) }
                if playing {
                    { take_back_button(state, commands, false) }
                    if !befriended {
                        <ToolButton testid="hint" label={t.play.hint} icon="?" title={t.play.hint_title}
                            disabled={!state.can_hint()} onclick={store.dispatching(Action::Play(PlayAction::AskHint))} />
                    }
                }
                <ToolButton testid="rules" label={t.rules.rules} icon="i" disabled={snap.is_none()}
                    onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Rules)))} />
                <ToolButton testid="record" label={t.share.record} icon="≡" disabled={snap.is_none()}
                    onclick={commands.on(Commands::open_record)} />
                <ToolButton testid="share" label={t.share.share} icon="↗" disabled={snap.is_none()}
                    onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Share)))} />
                <ToolButton testid="analyse" label={t.play.analyse} icon="⌕" title={t.play.analyse_title}
                    disabled={snap.is_none() || (befriended && snap.as_ref().is_some_and(|s| s.ending.is_none()))}
                    onclick={commands.on(Commands::open_analysis)} />
                if playing {
                    <ToolButton testid="resign" label={t.play.resign} icon="⚑" danger=true
                        disabled={state.resigner().is_none()}
                        onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Resign)))} />
                }
            </div>
            // Below the buttons, so that they stay where they
            // were when the game ends.
            { panel::result(state, panel::ResultActions {
                new_game: store.dispatching(Action::Dialog(DialogAction::Open(Dialog::NewGame))),
                rematch: commands.with(Commands::rematch),
                reopen: store.reform(|v| Action::Play(PlayAction::Reopen(v))),
            }) }
            if playing {
                { panel::move_input(t, state.can_move(), &state.typed,
                    store.reform(|v| Action::Play(PlayAction::EditTyped(v))), store.reform(|v| Action::Play(PlayAction::TypeMove(v)))) }
            }
            { snap.as_deref().map(|s| panel::moves(s, t, state.view.prefs.pieces, state.shown_ply(), store.reform(|v| Action::Review(ReviewAction::ShowPly(v))))).unwrap_or_default() }
            // (Below the moves, which it would push down.)
            if playing { { panel::hint(state) } }
        </aside>
    }
}
