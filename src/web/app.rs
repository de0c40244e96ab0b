//! The page's layout: the top bar, the board with its hands, the panel
//! beside it (or the compact bar of an iframe), and the dialogs. The
//! effects are named hooks (`web::hooks`), what buttons and gestures do is
//! in `web::commands`, and the board owns its own input.

use yew::prelude::*;

use crate::protocol::Side;
use crate::web::clock;
use crate::web::commands::Commands;
use crate::web::components::board::Board;
use crate::web::components::controls::{Steps, ToolButton, TopBar};
use crate::web::components::dialogs::{
    NewGameDialog, Question, RecordDialog, Settings, SettingsDialog, ShareDialog,
};
use crate::web::components::hand::ClockFace;
use crate::web::components::panel;
use crate::web::components::rules::RulesDialog;
use crate::web::hooks::{
    first_state, use_clock, use_first_game, use_follow_moves, use_host, use_keys, use_language,
    use_offline, use_persist, use_sound, use_store, use_worker, Store,
};
use crate::web::i18n::fill;
use crate::web::link::{Link, Mode, Shown};
use crate::web::offline;
use crate::web::prefs::Prefs;
#[cfg(feature = "study")]
use crate::web::state::AnalysisAction;
use crate::web::state::{
    Action, Dialog, DialogAction, PlayAction, ReviewAction, State, ViewAction, STEP_KEYS,
};
use crate::web::storage;
use crate::web::study;

#[function_component(App)]
pub fn app() -> Html {
    let store = use_store(first_state);
    let worker = use_worker(&store);
    store.connect(&worker);
    let state = store.get();
    let commands = Commands::new(&store, &worker);
    use_first_game(&store, &worker);
    use_language(state.view.lang, &worker);
    use_sound(state.snapshot.clone(), state.view.prefs.sound);
    use_host(&store, &worker);
    use_offline(&store);
    use_persist(&state);
    use_clock(&store);
    use_keys(&store);
    use_follow_moves(&state);
    study::use_study(&store);
    let board = state.analysis.as_ref();
    let study_panel = study::panel(&state, &store, &commands);
    let editor = study::editor(&state, &store);
    let builder_page = study::builder(&state, &store);
    let puzzle = study::puzzle(&state, &store);
    let friend = study::friend(&state, &commands);
    let befriended = state.befriended();
    let show_ply = store.reform(|v| Action::Review(ReviewAction::ShowPly(v)));

    let t = state.text();
    let snap = state.snapshot.clone();
    let thinking = snap.as_ref().is_some_and(|s| s.thinking);
    let playing = !state.view.viewer;
    let can_take_back = state.can_take_back();
    let shared = share_link(&state);
    let share_url = shared.as_ref().map(storage::url_of);
    let builder_url = shared.as_ref().map(|l| builder_url(&state, l));
    let title = snap.as_ref().map_or_else(
        || format!("{} · {}", t.mansindam, t.pandemonium),
        |s| t.variant(&s.variant).to_string(),
    );
    // A game to look at tells the position shown; a game played, the game.
    let status = panel::status(
        if state.view.viewer {
            state.shown().map(|s| &**s)
        } else {
            snap.as_deref()
        },
        t,
        // (A game to look at tells the position it shows instead.)
        if state.view.viewer || state.view.embed {
            Html::default()
        } else {
            panel::looking_back(&state, show_ply.reform(|_| usize::MAX))
        },
    );
    // (On the analysis board they step through the tree.)
    let steps = match board {
        #[cfg(feature = "study")]
        Some(b) => html! {
            <Steps lang={state.view.lang} on_show={store.reform(|v| Action::Analysis(AnalysisAction::GoTo(v)))}
                targets={STEP_KEYS.map(|k| b.step(k))} />
        },
        _ => html! {
            <Steps lang={state.view.lang} on_show={show_ply.clone()}
                targets={STEP_KEYS.map(|k| state.step(k))} />
        },
    };
    let flip = |compact: bool| {
        html! {
            <ToolButton testid="flip" label={t.flip} icon="⇅" title={t.flip_title} {compact}
                onclick={store.dispatching(Action::View(ViewAction::Flip))} />
        }
    };
    let take_back = |compact: bool| {
        html! {
            <ToolButton testid="take-back" label={t.take_back} icon="↶" {compact}
                disabled={!can_take_back} onclick={commands.on(Commands::take_back)} />
        }
    };
    let on_input = match &editor {
        Some(e) => e.on_input.clone(),
        None => commands.with(Commands::board_input),
    };
    let status = match (&editor, &puzzle) {
        (Some(e), _) => e.status.clone(),
        (None, Some(p)) => p.status.clone(),
        (None, None) => status,
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
                if !state.dialogs.link_problems.is_empty() {
                    <div class="link-problems" role="alert" data-testid="link-problems">
                        <ul>{ for state.dialogs.link_problems.iter().map(|p| html! { <li>{ t.link_problem(p) }</li> }) }</ul>
                        <button type="button" class="button" onclick={store.dispatching(Action::Dialog(DialogAction::LinkProblems(Vec::new())))}>{ t.ok }</button>
                    </div>
                }
                if let Some(editor) = editor {
                    <Board snap={editor.snap} movable={None} selection={None} destinations={[false; 81]}
                        promotion={None} premove={None} arrow={None} flipped={state.view.flipped}
                        focus={state.gesture.focus} pieces={state.view.prefs.pieces} lang={state.view.lang}
                        clocks={[None, None]} on_input={on_input.clone()} />
                    <aside class="panel editor" data-testid="editor">
                        { editor.panel }
                    </aside>
                } else {
                <Board snap={state.shown().cloned()} movable={state.movable()} selection={state.gesture.selected}
                    destinations={state.destinations()} promotion={state.gesture.promotion}
                    premove={state.premove.filter(|_| state.review.viewing.is_none())}
                    arrow={match board {
                        Some(b) => b.best_arrow(),
                        None => state.hint.as_ref().filter(|_| state.review.viewing.is_none()).map(|h| (h.spec.from, h.spec.to)),
                    }}
                    better={board.and_then(|b| b.better_arrow())}
                    bar={study::bar(&state)}
                    flipped={state.view.flipped} focus={state.gesture.focus} pieces={state.view.prefs.pieces}
                    lang={state.view.lang} clocks={clock_faces(&state)} {on_input} />
                if state.view.embed {
                    <nav class="embed-bar">
                        if let Some(line) = study::embed_line(&state) {
                            { line }
                        } else {
                            { status }
                        }
                        if state.view.viewer || board.is_some() { { steps.clone() } }
                        if let Some(p) = &puzzle { { p.bar.clone() } }
                        { flip(true) }
                        if playing && board.is_none() && puzzle.is_none() { { take_back(true) } }
                        <a class="button icon" data-testid="open-full" href={share_url.clone().unwrap_or_default()}
                            target="_blank" rel="noopener" title={t.open_full} aria-label={t.open_full}>{ "↗" }</a>
                    </nav>
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
                    <aside class="panel">
                        if let Some(f) = &friend { { f.section.clone() } }
                        if state.view.viewer { { steps } }
                        <div class="toolbar">
                            { flip(false) }
                            if playing {
                                { take_back(false) }
                                if !befriended {
                                    <ToolButton testid="hint" label={t.hint} icon="?" title={t.hint_title}
                                        disabled={!state.can_hint()} onclick={store.dispatching(Action::Play(PlayAction::AskHint))} />
                                }
                            }
                            <ToolButton testid="rules" label={t.rules} icon="i" disabled={snap.is_none()}
                                onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Rules)))} />
                            <ToolButton testid="record" label={t.record} icon="≡" disabled={snap.is_none()}
                                onclick={commands.on(Commands::open_record)} />
                            <ToolButton testid="share" label={t.share} icon="↗" disabled={snap.is_none()}
                                onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Share)))} />
                            <ToolButton testid="analyse" label={t.analyse} icon="⌕" title={t.analyse_title}
                                disabled={snap.is_none() || (befriended && snap.as_ref().is_some_and(|s| s.ending.is_none()))}
                                onclick={commands.on(Commands::open_analysis)} />
                            if playing {
                                <ToolButton testid="resign" label={t.resign} icon="⚑" danger=true
                                    disabled={state.resigner().is_none()}
                                    onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Resign)))} />
                            }
                        </div>
                        // Below the buttons, so that they stay where they
                        // were when the game ends.
                        { panel::result(&state, panel::ResultActions {
                            new_game: store.dispatching(Action::Dialog(DialogAction::Open(Dialog::NewGame))),
                            rematch: commands.with(Commands::rematch),
                            reopen: store.reform(|v| Action::Play(PlayAction::Reopen(v))),
                        }) }
                        if playing {
                            { panel::move_input(t, state.can_move(), &state.typed,
                                store.reform(|v| Action::Play(PlayAction::EditTyped(v))), store.reform(|v| Action::Play(PlayAction::TypeMove(v)))) }
                        }
                        { snap.as_deref().map(|s| panel::moves(s, t, state.view.prefs.pieces, state.shown_ply(), show_ply.clone())).unwrap_or_default() }
                        // (Below the moves, which it would push down.)
                        if playing { { panel::hint(&state) } }
                    </aside>
                }
                }
            </main>
            }
            { overlays(&state, &store, &commands, share_url.as_deref(), builder_url) }
            if let Some(f) = friend { { f.dialog } }
        </div>
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
                    t.byoyomi_left,
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

/// Over the page: what a screen reader hears, the questions, the dialogs
/// and the messages.
fn overlays(
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
        <Question title={t.repetition}
            text={panel::repetition_warning(snap.as_deref(), m.ends_game, t)}
            yes={t.play_anyway} no={t.take_it_back} testid="repetition-warning"
            lang={state.view.lang} no_by_default=true
            on_answer={commands.with(Commands::confirm)} />
    }
    if state.dialogs.open == Some(Dialog::Resign) {
        <Question title={t.resign_question}
            text={fill(t.resign_text, &[("side", resign_side.map_or("", |s| t.side(s)))])}
            yes={t.resign} no={t.play_on} testid="resign-question" lang={state.view.lang}
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
            <span>{ t.update_ready }</span>
            <button type="button" class="button primary" data-testid="reload"
                onclick={Callback::from(|_: MouseEvent| offline::take_over())}>{ t.reload }</button>
        </div>
    }
    if let Some(e) = &state.dialogs.notice {
        <div class="toast" role="alert" data-testid="error">
            <span>{ e.text(t) }</span>
            <button type="button" class="button" onclick={store.dispatching(Action::Dialog(DialogAction::DismissNotice))}>{ t.ok }</button>
        </div>
    }
        </>
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
