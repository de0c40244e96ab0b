//! The page's layout: the top bar, the board with its hands, the panel
//! beside it (or the compact bar of an iframe), and the dialogs. The
//! effects are named hooks (`web::hooks`), what buttons and gestures do is
//! in `web::commands`, and the board owns its own input.

use yew::prelude::*;

use crate::protocol::{Player, Side};
use crate::web::clock;
use crate::web::commands::{resigner, Commands};
use crate::web::components::board::Board;
use crate::web::components::controls::{Steps, ToolButton, TopBar};
use crate::web::components::dialogs::{
    NewGameDialog, Question, RecordDialog, Settings, SettingsDialog, ShareDialog,
};
use crate::web::components::hand::ClockFace;
use crate::web::components::panel;
use crate::web::components::rules::RulesDialog;
use crate::web::hooks::{
    use_clock, use_first_game, use_host, use_keys, use_language, use_offline, use_persist,
    use_sound, use_worker,
};
use crate::web::i18n::fill;
use crate::web::link::Link;
use crate::web::offline;
use crate::web::prefs::Prefs;
use crate::web::state::{Action, Dialog, State};
use crate::web::storage;

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::default);
    let worker = use_worker(&state);
    let commands = Commands::new(&state, &worker);
    use_first_game(&state, &worker);
    use_language(state.lang, &worker);
    use_sound(state.snapshot.clone(), state.prefs.sound);
    use_host(&state, &worker);
    use_offline(&state);
    use_persist(&state);
    use_clock(&state, &worker);
    let show_ply = Callback::from({
        let commands = commands.clone();
        move |ply: usize| commands.show_ply(ply)
    });
    use_keys(&state, show_ply.clone());

    let t = state.text();
    let snap = state.snapshot.clone();
    let thinking = snap.as_ref().is_some_and(|s| s.thinking);
    let playing = !state.viewer;
    let can_take_back = snap
        .as_ref()
        .is_some_and(|s| !s.san.is_empty() && s.players.contains(&Player::Human));
    let resign_side = snap.as_deref().and_then(resigner);
    // The link to the game as it is seen now (Share, and "open the full
    // game" from an iframe), written only where it is shown: it holds every
    // move of the game.
    let shown_link = state.embed || state.dialog == Some(Dialog::Share);
    let share_url = snap.as_deref().filter(|_| shown_link).map(|s| {
        let link = Link::of_game(s, bottom_side(&state), state.viewer, state.prefs.pieces);
        storage::url_of(&link)
    });
    // A game to look at tells the position shown; a game played, the game.
    let status = panel::status(
        if state.viewer {
            state.shown().map(|s| &**s)
        } else {
            snap.as_deref()
        },
        t,
    );
    let steps = html! {
        <Steps lang={state.lang} on_show={show_ply.clone()}
            targets={["Home", "ArrowLeft", "ArrowRight", "End"].map(|k| state.step(k))} />
    };
    let flip = |compact: bool| {
        html! {
            <ToolButton testid="flip" label={t.flip} icon="⇅" title={t.flip_title} {compact}
                onclick={commands.dispatching(Action::Flip)} />
        }
    };
    let take_back = |compact: bool| {
        html! {
            <ToolButton testid="take-back" label={t.take_back} icon="↶" {compact}
                disabled={!can_take_back} onclick={commands.on(Commands::take_back)} />
        }
    };
    let on_input = Callback::from({
        let commands = commands.clone();
        move |input| commands.board_input(input)
    });

    html! {
        <div class={classes!("app", format!("theme-{}", state.prefs.theme.id()), state.embed.then_some("embed"), state.viewer.then_some("viewer"))}
            data-ready={snap.is_some().to_string()} data-thinking={thinking.to_string()}
            data-lang={state.lang.id()}>
            if !state.embed {
                <TopBar lang={state.lang}
                    title={snap.as_ref().map_or_else(
                        || format!("{} · {}", t.mansindam, t.pandemonium),
                        |s| t.variant(&s.variant).to_string(),
                    )}
                    on_lang={Callback::from({
                        let (commands, prefs) = (commands.clone(), state.prefs);
                        move |lang| commands.set_prefs(Prefs { lang: Some(lang), ..prefs })
                    })}
                    on_settings={commands.dispatching(Action::Open(Dialog::Settings))}
                    on_new_game={commands.dispatching(Action::Open(Dialog::NewGame))} />
            }
            <main class="play">
                if !state.embed {
                    <div class="status-area">
                        { status.clone() }
                        { panel::looking_back(&state, playing.then(|| show_ply.reform(|_| usize::MAX))) }
                    </div>
                }
                if !state.link_problems.is_empty() {
                    <div class="link-problems" role="alert" data-testid="link-problems">
                        <ul>{ for state.link_problems.iter().map(|p| html! { <li>{ t.link_problem(p) }</li> }) }</ul>
                        <button type="button" class="button" onclick={commands.dispatching(Action::LinkProblems(Vec::new()))}>{ t.ok }</button>
                    </div>
                }
                <Board snap={state.shown().cloned()} movable={movable(&state)} selection={state.selected}
                    destinations={state.destinations()} promotion={state.promotion}
                    arrow={state.hint.as_ref().filter(|_| state.viewing.is_none()).map(|h| (h.spec.from, h.spec.to))}
                    flipped={state.flipped} focus={state.focus} pieces={state.prefs.pieces}
                    lang={state.lang} clocks={clock_faces(&state)} {on_input} />
                if state.embed {
                    <nav class="embed-bar">
                        { status }
                        if state.viewer { { steps } }
                        { flip(true) }
                        if playing { { take_back(true) } }
                        <a class="button icon" data-testid="open-full" href={share_url.clone().unwrap_or_default()}
                            target="_blank" rel="noopener" title={t.open_full} aria-label={t.open_full}>{ "↗" }</a>
                    </nav>
                } else {
                    <aside class="panel">
                        { snap.as_deref().map(|s| panel::result(s, t, commands.dispatching(Action::Open(Dialog::NewGame)))).unwrap_or_default() }
                        if state.viewer { { steps } }
                        <div class="toolbar">
                            { flip(false) }
                            if playing {
                                { take_back(false) }
                                <ToolButton testid="hint" label={t.hint} icon="?" title={t.hint_title}
                                    disabled={!state.can_hint()} onclick={commands.on(Commands::ask_hint)} />
                            }
                            <ToolButton testid="rules" label={t.rules} icon="i" disabled={snap.is_none()}
                                onclick={commands.dispatching(Action::Open(Dialog::Rules))} />
                            <ToolButton testid="record" label={t.record} icon="≡" disabled={snap.is_none()}
                                onclick={commands.on(Commands::open_record)} />
                            <ToolButton testid="share" label={t.share} icon="↗" disabled={snap.is_none()}
                                onclick={commands.dispatching(Action::Open(Dialog::Share))} />
                            if playing {
                                <ToolButton testid="resign" label={t.resign} icon="⚑" danger=true
                                    disabled={resign_side.is_none()}
                                    onclick={commands.dispatching(Action::Open(Dialog::Resign))} />
                            }
                        </div>
                        if playing {
                            { panel::move_input(t, state.can_move(), Callback::from({
                                let commands = commands.clone();
                                move |text| commands.type_move(text)
                            })) }
                            { panel::hint(&state) }
                        }
                        { snap.as_deref().map(|s| panel::moves(s, t, state.shown_ply(), show_ply.clone())).unwrap_or_default() }
                    </aside>
                }
            </main>
            <div class="sr-only" aria-live="polite" data-testid="announce">
                { snap.as_deref().map(|s| panel::announcement(s, t)).unwrap_or_default() }
            </div>
            if let Some(m) = state.confirm {
                <Question title={t.repetition}
                    text={panel::repetition_warning(snap.as_deref(), m.ends_game, t)}
                    yes={t.play_anyway} no={t.take_it_back} testid="repetition-warning"
                    on_answer={Callback::from({ let c = commands.clone(); move |yes| c.confirm(yes) })} />
            }
            if state.dialog == Some(Dialog::Resign) {
                <Question title={t.resign_question}
                    text={fill(t.resign_text, &[("side", resign_side.map_or("", |s| t.side(s)))])}
                    yes={t.resign} no={t.play_on} testid="resign-question"
                    on_answer={Callback::from({ let c = commands.clone(); move |yes| c.resign(yes) })} />
            }
            if let (Some(Dialog::Record), Some(s)) = (state.dialog, &snap) {
                <RecordDialog lang={state.lang} fen={s.fen.clone()} pgn={state.pgn.clone().map(AttrValue::from)}
                    loading={state.loading} error={state.load_error.clone().map(AttrValue::from)}
                    on_load={Callback::from({ let c = commands.clone(); move |text| c.load_record(text) })}
                    on_close={commands.dispatching(Action::CloseDialog)} />
            }
            if let (Some(Dialog::Rules), Some(s)) = (state.dialog, &snap) {
                <RulesDialog lang={state.lang} pieces={state.prefs.pieces} snap={s.clone()}
                    on_close={commands.dispatching(Action::CloseDialog)} />
            }
            if state.dialog == Some(Dialog::Settings) {
                <SettingsDialog prefs={state.prefs} lang={state.lang}
                    on_change={Callback::from({ let c = commands.clone(); move |p| c.set_prefs(p) })}
                    on_close={commands.dispatching(Action::CloseDialog)} />
            }
            if let (Some(Dialog::Share), Some(url)) = (state.dialog, &share_url) {
                <ShareDialog lang={state.lang} link={url.clone()} on_close={commands.dispatching(Action::CloseDialog)} />
            }
            if state.dialog == Some(Dialog::NewGame) {
                <NewGameDialog initial={Settings::of(snap.as_deref())} lang={state.lang}
                    on_start={Callback::from({ let c = commands.clone(); move |s| c.start(s) })}
                    on_close={commands.dispatching(Action::CloseDialog)} />
            }
            if state.update_ready && !state.embed {
                <div class="toast update" role="status" data-testid="update">
                    <span>{ t.update_ready }</span>
                    <button type="button" class="button primary" data-testid="reload"
                        onclick={Callback::from(|_: MouseEvent| offline::take_over())}>{ t.reload }</button>
                </div>
            }
            if let Some(e) = &state.error {
                <div class="toast" role="alert" data-testid="error">
                    <span>{ e.text(t) }</span>
                    <button type="button" class="button" onclick={commands.dispatching(Action::DismissError)}>{ t.ok }</button>
                </div>
            }
        </div>
    }
}

/// Which side sits at the bottom of the screen.
fn bottom_side(state: &State) -> Side {
    if state.flipped {
        Side::Black
    } else {
        Side::White
    }
}

/// The side whose pieces the player may pick up now, if any.
fn movable(state: &State) -> Option<Side> {
    state
        .snapshot
        .as_ref()
        .filter(|_| state.can_move())
        .map(|s| s.to_move)
}

/// The clocks as the hands show them, White's then Black's.
fn clock_faces(state: &State) -> [Option<ClockFace>; 2] {
    Side::BOTH.map(|side| {
        state.clock.as_ref().map(|c| {
            let left = c.left(side, state.now);
            ClockFace {
                text: clock::format(left),
                running: c.running() == Some(side),
                low: left < 10_000.0,
            }
        })
    })
}
