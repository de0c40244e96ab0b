//! The page: board, hands, status and dialogs, wired to the worker.
//!
//! Moving works by tapping a piece (or a hand slot) and then a square, or by
//! dragging, with pointer events (mouse, pen and touch alike). The gesture is
//! turned into an [`Intent`] by the state, which knows the legal moves from
//! the last snapshot; only legal moves are sent to the worker.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, PointerEvent};
use yew::prelude::*;

use crate::protocol::{
    parse_square, square_name, Load, NewGame, Player, Request, Response, Side, Snapshot,
    DEFAULT_LEVEL,
};
use crate::web::bridge::Engine;
use crate::web::clock::Clock;
use crate::web::components::board::{board, bottom_side, screen_position, screen_square};
use crate::web::components::dialogs::{
    NewGameDialog, Question, RecordDialog, Settings, SettingsDialog, ShareDialog, Start,
};
use crate::web::components::hand::hand;
use crate::web::components::panel;
use crate::web::components::piece::tile;
use crate::web::components::rules::RulesDialog;
use crate::web::embed::{self, HostCommand, HostEvent};
use crate::web::i18n::{fill, Lang, Text};
use crate::web::link::{Link, Mode};
use crate::web::offline;
use crate::web::prefs::Prefs;
use crate::web::sound;
use crate::web::state::{Action, Dialog, Intent, Notice, Origin, Sound, State, Target};
use crate::web::storage;

/// A pointer pressed on the board or a hand.
struct Press {
    pointer: i32,
    x: i32,
    y: i32,
    /// The piece picked up, if the press was on one the player may move.
    origin: Option<Origin>,
    /// What a tap (no drag) means, decided when the press began.
    tap: Intent,
    dragging: bool,
}

/// How long the page waits for an answer it is owed before it replaces the
/// worker (the computer thinks at most 4 s; a new worker starts in well
/// under a second).
const WORKER_PATIENCE_MS: u32 = 10_000;

/// Moving this far (in CSS pixels) turns a press into a drag.
const DRAG_THRESHOLD: i32 = 6;

#[function_component(App)]
pub fn app() -> Html {
    // The layout (the page's, a frame's, a game to look at), the language
    // and the settings are the link's and the player's from the first render
    // on, so that nothing changes under the eyes when the game comes.
    let state = use_reducer(|| {
        let (link, _) = storage::link();
        let prefs = storage::load_prefs();
        let lang = storage::language(link.lang, &prefs);
        State::default()
            .apply(Action::SetPrefs(Prefs {
                pieces: link.pieces.unwrap_or(prefs.pieces),
                ..prefs
            }))
            .apply(Action::SetLang(lang))
            .apply(Action::Present {
                embed: link.embed,
                viewer: link.mode == Some(Mode::View),
                bottom: link.orient,
            })
    });
    let press: Rc<RefCell<Option<Press>>> = use_mut_ref(|| None);
    let ghost = use_node_ref();
    let play_area = use_node_ref();
    let resign_open = use_state(|| false);

    // The worker, started once; the first game comes from the URL, the saved
    // game, or the default.
    let engine = {
        let dispatch = state.dispatcher();
        use_memo((), move |_| {
            let stopped = dispatch.clone();
            // In a frame, every snapshot is told to the page around the game
            // as it comes (renders may skip some).
            let last: RefCell<Option<Rc<Snapshot>>> = RefCell::new(None);
            Engine::new(
                Callback::from(move |r: Response| match r {
                    Response::Ready => {}
                    Response::Snapshot(snap) => {
                        let snap: Rc<Snapshot> = Rc::from(snap);
                        let before = last.replace(Some(snap.clone()));
                        for event in embed::events_between(before.as_deref(), &snap) {
                            embed::post(&event);
                        }
                        dispatch.dispatch(Action::Snapshot(snap));
                        dispatch.dispatch(Action::ClockFollow(js_sys::Date::now()));
                    }
                    Response::Hint(hint) => dispatch.dispatch(Action::Hint(hint)),
                    Response::Past(past) => dispatch.dispatch(Action::Past(Rc::from(past))),
                    Response::Record(pgn) => dispatch.dispatch(Action::Record(pgn)),
                    Response::Parsed(spec) => dispatch.dispatch(Action::Parsed(spec)),
                    Response::Error(e) => {
                        embed::post(&HostEvent::Error { message: e.clone() });
                        dispatch.dispatch(Action::Error(e));
                    }
                }),
                Callback::from(move |()| stopped.dispatch(Action::EngineStopped)),
            )
        })
    };
    {
        let engine = engine.clone();
        let dispatch = state.dispatcher();
        // (The settings, the language and the layout are the state's from
        // its start, above.)
        let lang = state.lang;
        use_effect_with((), move |_| {
            let (link, problems) = storage::link();
            engine.set_lang(lang);
            let viewer = link.mode == Some(Mode::View);
            dispatch.dispatch(Action::LinkProblems(problems));
            // An embedded game and a game to look at are the link's alone:
            // they neither resume nor replace the saved game.
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
            engine.new_game(first, false);
            move || engine.stop()
        });
    }

    // The page's language: on <html lang>, and in the worker's refusals.
    let engine_lang = engine.clone();
    use_effect_with(state.lang, move |lang| {
        engine_lang.set_lang(*lang);
        let t = lang.text();
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            d.set_title(&format!("{} & {}", t.mansindam, t.pandemonium));
        }
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", lang.id());
        }
    });
    let set_prefs = {
        let state = state.clone();
        Callback::from(move |prefs: Prefs| {
            storage::save_prefs(&prefs);
            state.dispatch(Action::SetPrefs(prefs));
        })
    };
    let switch_lang = {
        let set_prefs = set_prefs.clone();
        let prefs = state.prefs;
        let next = if state.lang == Lang::En {
            Lang::Ko
        } else {
            Lang::En
        };
        Callback::from(move |_: MouseEvent| {
            set_prefs.emit(Prefs {
                lang: Some(next),
                ..prefs
            })
        })
    };

    // A sound for each move, unless the player turned them off.
    {
        let previous: Rc<RefCell<Option<Rc<Snapshot>>>> = use_mut_ref(|| None);
        let snap = state.snapshot.clone();
        let on = state.prefs.sound;
        use_effect_with(snap, move |snap| {
            let before = previous.replace(snap.clone());
            if let (Some(before), Some(now), true) = (before, snap, on) {
                if let Some(s) = Sound::between(&before, now) {
                    sound::play(s);
                }
            }
        });
    }
    // Commands from the page around the game: one listener for the page's
    // life, reading the game as it stands when a command comes.
    {
        let latest: Rc<RefCell<Option<Rc<Snapshot>>>> = use_mut_ref(|| None);
        latest.replace(state.snapshot.clone());
        let engine = engine.clone();
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
                    engine.new_game(
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

    // Offline play: the service worker is registered once the game is on
    // the board (not to slow its first load down).
    {
        let dispatch = state.dispatcher();
        use_effect_with(state.snapshot.is_some(), move |ready| {
            if *ready {
                offline::register(Callback::from(move |()| {
                    dispatch.dispatch(Action::UpdateReady)
                }));
            }
        });
    }

    // Keep the game across reloads (where storage is allowed), unless it is
    // an embedded one or one to look at.
    {
        let keep = !state.embed && !state.viewer;
        let clock = state.clock.as_ref().and_then(Clock::line);
        use_effect_with(
            (state.snapshot.clone(), clock, keep),
            |(snap, clock, keep)| {
                if let (Some(s), true) = (snap, keep) {
                    storage::save(s, clock.as_ref());
                }
            },
        );
    }

    let send = {
        let engine = engine.clone();
        Callback::from(move |r: Request| engine.send(r))
    };
    // The computer is searching: a new game or a take back cannot wait for
    // it, so they go to a new worker.
    let thinking = state.snapshot.as_ref().is_some_and(|s| s.thinking);

    let act = {
        let state = state.clone();
        let send = send.clone();
        Callback::from(move |intent: Intent| match intent {
            Intent::Select(o) => state.dispatch(Action::Select(o)),
            Intent::Deselect => state.dispatch(Action::Deselect),
            Intent::Play(spec) => {
                send.emit(Request::Play(spec));
                state.dispatch(Action::Sent);
            }
            Intent::AskPromotion(c) => state.dispatch(Action::AskPromotion(c)),
            Intent::Confirm(m) => state.dispatch(Action::Confirm(m)),
            Intent::Nothing => {}
        })
    };

    // A worker that owes an answer and gives none for this long (the longest
    // level thinks 4 s) has hung or was stopped from outside: replace it.
    {
        let engine = engine.clone();
        let dispatch = state.dispatcher();
        let due = state.awaiting_worker();
        let key = (due, state.snapshot.clone());
        use_effect_with(key, move |(due, _)| {
            let timer = due.then(|| {
                gloo::timers::callback::Timeout::new(WORKER_PATIENCE_MS, move || {
                    dispatch.dispatch(Action::Restarted);
                    engine.recover();
                })
            });
            move || drop(timer)
        });
    }

    // The clock ticks while it runs; a side whose time is up loses.
    {
        let dispatch = state.dispatcher();
        let running = state.clock.as_ref().and_then(|c| c.running());
        use_effect_with(running, move |running| {
            let interval = running.map(|_| {
                gloo::timers::callback::Interval::new(100, move || {
                    dispatch.dispatch(Action::Tick(js_sys::Date::now()))
                })
            });
            move || drop(interval)
        });
    }
    {
        let send = send.clone();
        use_effect_with(state.flag, move |flag| {
            if let Some(side) = *flag {
                send.emit(Request::Flag(side));
            }
        });
    }

    // A typed move the worker found legal is played like a tapped one.
    {
        let send = send.clone();
        let dispatch = state.dispatcher();
        use_effect_with(state.typed, move |typed| {
            if let Some(spec) = *typed {
                send.emit(Request::Play(spec));
                dispatch.dispatch(Action::Sent);
            }
        });
    }
    let on_move_typed = {
        let send = send.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|form| form.query_selector("input").ok().flatten())
                .and_then(|i| i.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                return;
            };
            let text = input.value();
            if !text.trim().is_empty() {
                send.emit(Request::Parse(text));
                input.set_value("");
            }
        })
    };

    // The keyboard on the board: the arrows move a cursor over the squares
    // (as they are on screen), Enter or Space taps the square or hand slot
    // that has the focus.
    let on_key = {
        let state = state.clone();
        let act = act.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(target) = target_of(e.target()) else {
                return;
            };
            let key = e.key();
            if key == "Enter" || key == " " {
                e.prevent_default();
                act.emit(state.tap(target));
                return;
            }
            let Target::Square(sq) = target else {
                return;
            };
            let (row, col) = screen_position(sq, state.flipped);
            let (row, col) = match key.as_str() {
                "ArrowUp" => (row.saturating_sub(1), col),
                "ArrowDown" => ((row + 1).min(8), col),
                "ArrowLeft" => (row, col.saturating_sub(1)),
                "ArrowRight" => (row, (col + 1).min(8)),
                _ => return,
            };
            e.prevent_default();
            let to = screen_square(row, col, state.flipped);
            state.dispatch(Action::Focus(to));
            focus_square(to);
        })
    };

    let on_pointer_down = {
        let state = state.clone();
        let press = press.clone();
        let play_area = play_area.clone();
        Callback::from(move |e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            let Some(target) = target_of(e.target()) else {
                return;
            };
            if state.promotion.is_some() {
                // A tap beside the promotion question takes the move back.
                state.dispatch(Action::Deselect);
                return;
            }
            let origin = match target {
                Target::Square(sq) => Some(Origin::Square(sq)),
                Target::Hand(side, k) => state
                    .snapshot
                    .as_ref()
                    .filter(|s| s.to_move == side)
                    .map(|_| Origin::Hand(k)),
            }
            .filter(|&o| state.can_pick(o));
            let was_selected = origin.is_some() && state.selected == origin;
            let tap = match origin {
                Some(_) if was_selected => Intent::Deselect,
                Some(_) => Intent::Nothing,
                None => state.tap(target),
            };
            if let Some(o) = origin {
                e.prevent_default();
                if !was_selected {
                    state.dispatch(Action::Select(o));
                }
                // Yew delegates events from the document root: capture on the
                // table itself, so that the moves and the release come here.
                if let Some(el) = play_area.cast::<Element>() {
                    let _ = el.set_pointer_capture(e.pointer_id());
                }
            }
            *press.borrow_mut() = Some(Press {
                pointer: e.pointer_id(),
                x: e.client_x(),
                y: e.client_y(),
                origin,
                tap,
                dragging: false,
            });
        })
    };

    let on_pointer_move = {
        let press = press.clone();
        let ghost = ghost.clone();
        let play_area = play_area.clone();
        Callback::from(move |e: PointerEvent| {
            let mut guard = press.borrow_mut();
            let Some(p) = guard
                .as_mut()
                .filter(|p| p.pointer == e.pointer_id() && p.origin.is_some())
            else {
                return;
            };
            let (dx, dy) = (e.client_x() - p.x, e.client_y() - p.y);
            if !p.dragging && dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD {
                p.dragging = true;
                set_class(&play_area, "dragging", true);
            }
            if p.dragging {
                e.prevent_default();
                move_ghost(&ghost, Some((e.client_x(), e.client_y())));
            }
        })
    };

    let on_pointer_up = {
        let state = state.clone();
        let press = press.clone();
        let ghost = ghost.clone();
        let play_area = play_area.clone();
        let act = act.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(p) = press
                .borrow_mut()
                .take()
                .filter(|p| p.pointer == e.pointer_id())
            else {
                return;
            };
            if p.dragging {
                move_ghost(&ghost, None);
                set_class(&play_area, "dragging", false);
                let to = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.element_from_point(e.client_x() as f32, e.client_y() as f32))
                    .and_then(|el| el.closest("[data-square]").ok().flatten())
                    .and_then(|el| el.get_attribute("data-square"))
                    .and_then(|s| parse_square(&s));
                if let (Some(origin), Some(to)) = (p.origin, to) {
                    act.emit(state.move_to(origin, to));
                }
            } else {
                act.emit(p.tap);
            }
        })
    };

    let on_pointer_cancel = {
        let press = press.clone();
        let ghost = ghost.clone();
        let play_area = play_area.clone();
        Callback::from(move |_: PointerEvent| {
            press.borrow_mut().take();
            move_ghost(&ghost, None);
            set_class(&play_area, "dragging", false);
        })
    };

    let on_promote = {
        let state = state.clone();
        let act = act.clone();
        Callback::from(move |promote: bool| act.emit(state.choose_promotion(promote)))
    };

    let on_confirm = {
        let state = state.clone();
        let act = act.clone();
        Callback::from(move |yes: bool| match (yes, state.confirm) {
            (true, Some(m)) => act.emit(Intent::Play(m.spec)),
            _ => state.dispatch(Action::CancelMove),
        })
    };

    let open_new_game = dispatching(&state, Action::Open(Dialog::NewGame));
    let close_dialog = dispatching(&state, Action::CloseDialog);
    let start_game = {
        let state = state.clone();
        let engine = engine.clone();
        Callback::from(move |(g, bottom, clock): Start| {
            storage::forget();
            engine.new_game(g, thinking);
            state.dispatch(Action::Starting(bottom, clock));
        })
    };
    let flip = dispatching(&state, Action::Flip);
    let take_back = {
        let send = send.clone();
        let state = state.clone();
        let engine = engine.clone();
        Callback::from(move |_: MouseEvent| {
            match state.snapshot.as_ref().filter(|s| s.thinking) {
                Some(snap) => {
                    if let Some(game) = snap.taken_back() {
                        engine.resume(game, true);
                    }
                }
                None => send.emit(Request::TakeBack),
            }
            state.dispatch(Action::CancelMove);
        })
    };
    // Looking back: the position after `ply` moves (the last one is the game).
    let show_ply = {
        let send = send.clone();
        let state = state.clone();
        Callback::from(move |ply: usize| {
            let last = state.snapshot.as_ref().map_or(0, |s| s.san.len());
            if ply >= last {
                state.dispatch(Action::Live);
            } else {
                state.dispatch(Action::AskPast(ply));
                send.emit(Request::ShowMove(ply as u32));
            }
        })
    };
    // ←/→/Home/End step through the moves, unless a dialog or a text field
    // has the keys.
    {
        let show_ply = show_ply.clone();
        let busy = state.dialog.is_some() || state.confirm.is_some();
        let state = state.clone();
        use_effect_with(
            (
                state.shown_ply(),
                state.asked_ply,
                state.snapshot.clone(),
                busy,
            ),
            move |_| {
                let listener = web_sys::window().map(|w| {
                    gloo::events::EventListener::new(&w, "keydown", move |e| {
                        let Some(key) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                            return;
                        };
                        let typing = key
                            .target()
                            .and_then(|t| t.dyn_into::<Element>().ok())
                            .is_some_and(|el| {
                                // Text fields keep their keys, the board's
                                // cursor its arrows.
                                let on_board =
                                    el.closest("[data-square],[data-hand]").ok().flatten();
                                matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                                    || (on_board.is_some() && key.key().starts_with("Arrow"))
                            });
                        if busy || typing || key.alt_key() || key.ctrl_key() || key.meta_key() {
                            return;
                        }
                        if let Some(ply) = state.step(&key.key()) {
                            key.prevent_default();
                            show_ply.emit(ply);
                        }
                    })
                });
                move || drop(listener)
            },
        );
    }
    let open_record = {
        let send = send.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Open(Dialog::Record));
            let date = js_sys::Date::new_0();
            send.emit(Request::Record {
                date: format!(
                    "{:04}.{:02}.{:02}",
                    date.get_full_year(),
                    date.get_month() + 1,
                    date.get_date()
                ),
            });
        })
    };
    let load_record = {
        let state = state.clone();
        let engine = engine.clone();
        Callback::from(move |text: String| {
            let Some(snap) = state.snapshot.as_ref() else {
                return;
            };
            state.dispatch(Action::Loading);
            engine.load(
                Load {
                    id: 0,
                    text,
                    variant: snap.variant.clone(),
                    players: snap.players,
                    level: snap.level,
                },
                snap.thinking,
            );
        })
    };
    let ask_hint = {
        let send = send.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            send.emit(Request::Hint);
            state.dispatch(Action::AskHint);
        })
    };
    let resign_side = state.snapshot.as_ref().and_then(|s| resigner(s));
    let ask_resign = {
        let resign_open = resign_open.clone();
        Callback::from(move |_: MouseEvent| resign_open.set(true))
    };
    let on_resign = {
        let resign_open = resign_open.clone();
        let send = send.clone();
        Callback::from(move |yes: bool| {
            resign_open.set(false);
            if let (true, Some(side)) = (yes, resign_side) {
                send.emit(Request::Resign(side));
            }
        })
    };
    let dismiss_error = dispatching(&state, Action::DismissError);

    // Escape closes whatever question is open and drops the selected piece.
    {
        let state = state.clone();
        let resign_open = resign_open.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo::events::EventListener::new(&w, "keydown", move |e| {
                    let key = e
                        .dyn_ref::<web_sys::KeyboardEvent>()
                        .map(|k| k.key())
                        .unwrap_or_default();
                    if key == "Escape" {
                        state.dispatch(Action::CancelMove);
                        state.dispatch(Action::CloseDialog);
                        resign_open.set(false);
                    }
                })
            });
            move || drop(listener)
        });
    }

    let snap = state.snapshot.clone();
    let bottom = bottom_side(state.flipped);
    let table = match state.shown() {
        Some(s) => html! {
            <>
                { hand(&state, s, bottom.flip(), "top") }
                <div class="board-wrap">
                    { board(&state, s, on_promote) }
                </div>
                { hand(&state, s, bottom, "bottom") }
            </>
        },
        // Until the worker's first snapshot: empty hands and board at their
        // final size (as index.html paints them before the app starts), so
        // that nothing moves when the game comes.
        None => html! {
            <>
                <div class="hand top placeholder" aria-hidden="true"></div>
                <div class="board-wrap loading">
                    <div class="board skeleton" aria-hidden="true"></div>
                </div>
                <div class="hand bottom placeholder" aria-hidden="true"></div>
            </>
        },
    };
    let ghost_piece = match (&snap, state.selected) {
        (Some(s), Some(Origin::Square(sq))) => s
            .piece(sq)
            .and_then(|p| Some(tile(p.side, s.kind(p.kind)?, state.prefs.pieces))),
        (Some(s), Some(Origin::Hand(k))) => s
            .kind(k)
            .map(|kind| tile(s.to_move, kind, state.prefs.pieces)),
        _ => None,
    };
    let can_take_back = snap
        .as_ref()
        .is_some_and(|s| !s.san.is_empty() && s.players.contains(&Player::Human));
    // The link to the game as it is seen now (Share, and "open the full
    // game" from an iframe), written only where it is shown: it holds every
    // move of the game.
    let shown_link = state.embed || state.dialog == Some(Dialog::Share);
    let share_url = snap
        .as_deref()
        .filter(|_| shown_link)
        .map(|s| storage::url_of(&Link::of_game(s, bottom, state.viewer, state.prefs.pieces)));
    let open_share = dispatching(&state, Action::Open(Dialog::Share));
    // Step buttons through the moves (a game to look at, and the iframe).
    let step = |key: &'static str,
                icon: &'static str,
                label: &'static str,
                testid: &'static str| {
        let to = state.step(key);
        let show_ply = show_ply.clone();
        html! {
            <button type="button" class="button icon" data-testid={testid} title={label}
                aria-label={label} disabled={to.is_none()}
                onclick={Callback::from(move |_: MouseEvent| to.into_iter().for_each(|p| show_ply.emit(p)))}>
                { icon }
            </button>
        }
    };
    let t = state.text();
    let steps = html! {
        <div class="steps" role="group" aria-label={t.moves}>
            { step("Home", "«", t.step_first, "step-first") }
            { step("ArrowLeft", "‹", t.step_back, "step-back") }
            { step("ArrowRight", "›", t.step_forward, "step-forward") }
            { step("End", "»", t.step_last, "step-last") }
        </div>
    };
    let playing = !state.viewer;
    // A game to look at tells the position shown; a game played, the game.
    let status = panel::status(
        if state.viewer {
            state.shown().map(|s| &**s)
        } else {
            snap.as_deref()
        },
        t,
    );
    let settings = snap.as_ref().map_or(
        Settings {
            pandemonium: false,
            side: Side::White,
            computer: true,
            level: DEFAULT_LEVEL,
        },
        |s| Settings {
            pandemonium: s.variant == "pandemonium",
            side: if s.players == [Player::Computer, Player::Human] {
                Side::Black
            } else {
                Side::White
            },
            computer: s.players.contains(&Player::Computer),
            level: s.level,
        },
    );

    let open_rules = dispatching(&state, Action::Open(Dialog::Rules));
    let open_settings = dispatching(&state, Action::Open(Dialog::Settings));
    let other_lang = if state.lang == Lang::En {
        Lang::Ko
    } else {
        Lang::En
    };
    let title = snap.as_ref().map_or_else(
        || format!("{} · {}", t.mansindam, t.pandemonium),
        |s| t.variant(&s.variant).to_string(),
    );
    html! {
        <div class={classes!("app", format!("theme-{}", state.prefs.theme.id()), state.embed.then_some("embed"), state.viewer.then_some("viewer"))}
            data-ready={snap.is_some().to_string()} data-thinking={thinking.to_string()}
            data-lang={state.lang.id()}>
            if !state.embed {
            <header class="topbar">
                <div class="brand">
                    <span class="logo" aria-hidden="true">{ "K" }</span>
                    <div>
                        <h1>{ title.clone() }</h1>
                        <p class="tagline">{ t.tagline }</p>
                    </div>
                </div>
                <div class="topbar-buttons">
                    // Named by what it shows (the language's name, or its
                    // short form on a narrow screen), as speech input needs.
                    <button type="button" class="button" data-testid="language" onclick={switch_lang}
                        lang={other_lang.id()} title={t.language}>
                        <span class="wide-only">{ other_lang.name() }</span>
                        <span class="narrow-only">{ other_lang.short_name() }</span>
                    </button>
                    <button type="button" class="button icon" data-testid="settings" title={t.settings}
                        aria-label={t.settings} onclick={open_settings}>{ "⚙" }</button>
                    <button type="button" class="button primary" data-testid="new-game"
                        onclick={open_new_game.reform(|_: MouseEvent| ())}>{ t.new_game }</button>
                </div>
            </header>
            }
            <main class="play">
                if state.embed {
                    // The frame's page has a title too, for screen readers.
                    <h1 class="sr-only">{ title }</h1>
                } else {
                <div class="status-area">
                { status.clone() }
                if let (Some(past), Some(live)) = (&state.viewing, &snap) {
                    <div class="viewing" data-testid="viewing" data-ply={past.san.len().to_string()}>
                        <span>{ if past.san.is_empty() {
                            t.viewing_start.to_string()
                        } else {
                            fill(t.viewing, &[
                                ("n", &past.san.len().to_string()),
                                ("total", &live.san.len().to_string()),
                            ])
                        } }</span>
                        if playing {
                            <button type="button" class="button" data-testid="live"
                                onclick={show_ply.reform(|_: MouseEvent| usize::MAX)}>{ t.back_to_game }</button>
                        }
                    </div>
                }
                </div>
                }
                if !state.link_problems.is_empty() {
                    <div class="link-problems" role="alert" data-testid="link-problems">
                        <ul>{ for state.link_problems.iter().map(|p| html! { <li>{ t.link_problem(p) }</li> }) }</ul>
                        <button type="button" class="button" onclick={dispatching(&state, Action::LinkProblems(Vec::new()))}>{ t.ok }</button>
                    </div>
                }
                <section class="table" ref={play_area.clone()} onkeydown={on_key}
                    onpointerdown={on_pointer_down} onpointermove={on_pointer_move}
                    onpointerup={on_pointer_up} onpointercancel={on_pointer_cancel}>
                    { table }
                </section>
                if state.embed {
                    <nav class="embed-bar">
                        { status }
                        if state.viewer { { steps } }
                        <button type="button" class="button icon" data-testid="flip" onclick={flip}
                            title={t.flip_title} aria-label={t.flip}>{ "⇅" }</button>
                        if playing {
                            <button type="button" class="button icon" data-testid="take-back" onclick={take_back}
                                disabled={!can_take_back} title={t.take_back} aria-label={t.take_back}>{ "↶" }</button>
                        }
                        <a class="button icon" data-testid="open-full" href={share_url.clone().unwrap_or_default()}
                            target="_blank" rel="noopener" title={t.open_full} aria-label={t.open_full}>{ "↗" }</a>
                    </nav>
                } else {
                <aside class="panel">
                    { snap.as_deref().map(|s| panel::result(s, t, open_new_game.clone())).unwrap_or_default() }
                    if state.viewer { { steps } }
                    <div class="toolbar">
                        <button type="button" class="button" data-testid="flip" onclick={flip}
                            title={t.flip_title}>{ t.flip }</button>
                        if playing {
                            <button type="button" class="button" data-testid="take-back" onclick={take_back}
                                disabled={!can_take_back}>{ t.take_back }</button>
                            <button type="button" class="button" data-testid="hint" onclick={ask_hint}
                                disabled={!state.can_hint()} title={t.hint_title}>{ t.hint }</button>
                        }
                        <button type="button" class="button" data-testid="rules" onclick={open_rules}
                            disabled={snap.is_none()}>{ t.rules }</button>
                        <button type="button" class="button" data-testid="record" onclick={open_record}
                            disabled={snap.is_none()}>{ t.record }</button>
                        <button type="button" class="button" data-testid="share" onclick={open_share}
                            disabled={snap.is_none()}>{ t.share }</button>
                        if playing {
                            <button type="button" class="button danger" data-testid="resign" onclick={ask_resign}
                                disabled={resign_side.is_none()}>{ t.resign }</button>
                        }
                    </div>
                    if playing {
                        <form class="move-form" onsubmit={on_move_typed}>
                            <input type="text" data-testid="move-input" aria-label={t.type_move}
                                placeholder={t.type_move} autocomplete="off" autocapitalize="off"
                                spellcheck="false" disabled={!state.can_move()} />
                        </form>
                        { panel::hint(&state) }
                    }
                    { snap.as_deref().map(|s| panel::moves(s, t, state.shown_ply(), show_ply.clone())).unwrap_or_default() }
                </aside>
                }
            </main>
            <div class="ghost" ref={ghost} aria-hidden="true">{ ghost_piece }</div>
            <div class="sr-only" aria-live="polite" data-testid="announce">
                { snap.as_deref().map(|s| panel::announcement(s, t)).unwrap_or_default() }
            </div>
            if let Some(m) = state.confirm {
                <Question title={t.repetition}
                    text={repetition_warning(snap.as_deref(), m.ends_game, t)}
                    yes={t.play_anyway} no={t.take_it_back} testid="repetition-warning"
                    on_answer={on_confirm} />
            }
            if *resign_open {
                <Question title={t.resign_question}
                    text={fill(t.resign_text, &[("side", resign_side.map_or("", |s| t.side(s)))])}
                    yes={t.resign} no={t.play_on} testid="resign-question" on_answer={on_resign} />
            }
            if let (Some(Dialog::Record), Some(s)) = (state.dialog, &snap) {
                <RecordDialog lang={state.lang} fen={s.fen.clone()} pgn={state.pgn.clone().map(AttrValue::from)}
                    loading={state.loading} error={state.load_error.clone().map(AttrValue::from)}
                    on_load={load_record} on_close={close_dialog.clone()} />
            }
            if let (Some(Dialog::Rules), Some(s)) = (state.dialog, &snap) {
                <RulesDialog lang={state.lang} pieces={state.prefs.pieces} snap={s.clone()}
                    on_close={close_dialog.clone()} />
            }
            if state.dialog == Some(Dialog::Settings) {
                <SettingsDialog prefs={state.prefs} lang={state.lang} on_change={set_prefs.clone()}
                    on_close={close_dialog.clone()} />
            }
            if let (Some(Dialog::Share), Some(url)) = (state.dialog, &share_url) {
                <ShareDialog lang={state.lang} link={url.clone()} on_close={close_dialog.clone()} />
            }
            if state.dialog == Some(Dialog::NewGame) {
                <NewGameDialog initial={settings} lang={state.lang} on_start={start_game} on_close={close_dialog.clone()} />
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
                    <button type="button" class="button" onclick={dismiss_error}>{ t.ok }</button>
                </div>
            }
        </div>
    }
}

/// A callback that dispatches one action, whatever the event.
fn dispatching<E: 'static>(state: &UseReducerHandle<State>, action: Action) -> Callback<E> {
    let dispatcher = state.dispatcher();
    Callback::from(move |_: E| dispatcher.dispatch(action.clone()))
}

/// The side a Resign button gives up for: the human against the computer,
/// the side to move between two players; none once the game is over.
fn resigner(snap: &Snapshot) -> Option<Side> {
    if snap.ending.is_some() {
        return None;
    }
    match snap.players {
        [Player::Human, Player::Computer] => Some(Side::White),
        [Player::Computer, Player::Human] => Some(Side::Black),
        [Player::Human, Player::Human] => Some(snap.to_move),
        _ => None,
    }
}

fn repetition_warning(
    snap: Option<&Snapshot>,
    ending: Option<crate::protocol::Ending>,
    t: &Text,
) -> String {
    let (Some(snap), Some(e)) = (snap, ending) else {
        return String::new();
    };
    fill(
        t.repetition_warning,
        &[
            ("mover", t.side(snap.to_move)),
            ("winner", t.side(e.winner)),
            ("reason", t.reason(e.reason)),
        ],
    )
}

/// Gives the keyboard focus to a square's element.
fn focus_square(sq: u8) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("[data-square=\"{}\"]", square_name(sq)))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<HtmlElement>().ok());
    if let Some(el) = element {
        let _ = el.focus();
    }
}

/// The square or hand slot under an event target.
fn target_of(target: Option<web_sys::EventTarget>) -> Option<Target> {
    let el = target?.dyn_into::<Element>().ok()?;
    let el = el.closest("[data-square],[data-hand]").ok()??;
    if let Some(sq) = el.get_attribute("data-square") {
        return parse_square(&sq).map(Target::Square);
    }
    let side = Side::parse(&el.get_attribute("data-hand")?)?;
    let kind = el.get_attribute("data-kind")?.parse().ok()?;
    Some(Target::Hand(side, kind))
}

fn move_ghost(ghost: &NodeRef, at: Option<(i32, i32)>) {
    let Some(el) = ghost.cast::<HtmlElement>() else {
        return;
    };
    let style = el.style();
    match at {
        Some((x, y)) => {
            let _ = style.set_property("transform", &format!("translate({x}px, {y}px)"));
            let _ = style.set_property("display", "block");
        }
        None => {
            let _ = style.set_property("display", "none");
        }
    }
}

fn set_class(node: &NodeRef, class: &str, on: bool) {
    if let Some(el) = node.cast::<Element>() {
        let list = el.class_list();
        let _ = if on {
            list.add_1(class)
        } else {
            list.remove_1(class)
        };
    }
}
