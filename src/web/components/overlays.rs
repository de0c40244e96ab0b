//! Over the page: what a screen reader hears, the questions before a move
//! or resigning, the dialogs and the messages.

use yew::prelude::*;

use crate::web::commands::Commands;
use crate::web::components::dialogs::{
    NewGameDialog, Question, RecordDialog, Settings, SettingsDialog, ShareDialog,
};
use crate::web::components::panel;
use crate::web::components::rules::RulesDialog;
use crate::web::hooks::Store;
use crate::web::i18n::fill;
use crate::web::offline;
use crate::web::state::{Action, Dialog, DialogAction, PlayAction, State};

/// Over the page: what a screen reader hears, the questions, the dialogs
/// and the messages.
pub fn overlays(
    state: &State,
    store: &Store,
    commands: &Commands,
    share_url: Option<&str>,
    builder_url: Option<String>,
) -> Html {
    let t = state.text();
    let snap = &state.snapshot;
    let resign_side = state.resigner();
    html! {
        <>
    <div class="sr-only" aria-live="polite" data-testid="announce">
        { snap.as_deref().map(|s| match state.premove {
            Some(p) => panel::premove_announcement(p, s, t),
            None => panel::announcement(s, t),
        }).unwrap_or_default() }
    </div>
    if let Some(m) = state.gesture.confirm {
        <Question title={t.play.repetition}
            text={panel::repetition_warning(snap.as_deref(), m.ends_game, t)}
            yes={t.play.play_anyway} no={t.play.take_it_back} testid="repetition-warning"
            lang={state.view.lang} no_by_default=true
            on_answer={commands.with(Commands::confirm)} />
    }
    if state.dialogs.open == Some(Dialog::Resign) {
        <Question title={t.play.resign_confirm}
            text={fill(t.play.resign_confirm_text, &[("side", resign_side.map_or("", |s| t.side(s)))])}
            yes={t.play.resign} no={t.play.play_on} testid="resign-question" lang={state.view.lang}
            on_answer={store.reform(|v| Action::Play(PlayAction::Resign(v)))} />
    }
    if let (Some(Dialog::Record), Some(s)) = (state.dialogs.open, &snap) {
        <RecordDialog lang={state.view.lang} fen={s.fen.clone()} pgn={state.dialogs.records.pgn.clone().map(AttrValue::from)}
            loading={state.dialogs.records.loading} error={state.dialogs.records.load_error.clone().map(AttrValue::from)}
            on_load={commands.with(Commands::load_record)}
            on_close={store.dispatching(Action::Dialog(DialogAction::Close))} />
    }
    if let (Some(Dialog::Rules), Some(s)) = (state.dialogs.open, &snap) {
        <RulesDialog lang={state.view.lang} pieces={state.view.prefs.pieces} snap={s.clone()}
            on_close={store.dispatching(Action::Dialog(DialogAction::Close))} />
    }
    if state.dialogs.open == Some(Dialog::Settings) {
        <SettingsDialog prefs={state.view.prefs} lang={state.view.lang}
            on_change={commands.with(Commands::set_prefs)}
            on_close={store.dispatching(Action::Dialog(DialogAction::Close))} />
    }
    if let (Some(Dialog::Share), Some(url)) = (state.dialogs.open, &share_url) {
        <ShareDialog lang={state.view.lang} link={url.to_string()} builder={builder_url.map(AttrValue::from)}
            on_close={store.dispatching(Action::Dialog(DialogAction::Close))} />
    }
    if state.dialogs.open == Some(Dialog::NewGame) {
        <NewGameDialog initial={Settings::of(snap.as_deref())} clock={state.clock.started} lang={state.view.lang}
            on_start={commands.with(Commands::start)}
            on_editor={commands.on(Commands::open_editor)}
            on_puzzles={commands.with(Commands::open_puzzles)}
            on_friend={commands.on(Commands::open_friend)}
            on_close={store.dispatching(Action::Dialog(DialogAction::Close))} />
    }
    if state.dialogs.update_ready && !state.view.embed {
        <div class="toast update" role="status" data-testid="update">
            <span>{ t.play.update_ready }</span>
            <button type="button" class="button primary" data-testid="reload"
                onclick={Callback::from(|_: MouseEvent| offline::take_over())}>{ t.play.reload }</button>
        </div>
    }
    if let Some(e) = &state.dialogs.notice {
        <div class="toast" role="alert" data-testid="error">
            <span>{ e.text(t) }</span>
            <button type="button" class="button" onclick={store.dispatching(Action::Dialog(DialogAction::DismissNotice))}>{ t.play.ok }</button>
        </div>
    }
        </>
    }
}
