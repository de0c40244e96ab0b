//! The board editor's parts: the verdict on the position, the palette of
//! pieces to place, the hands' steppers, the side to move, the FEN, and the
//! ways out (Play, Analyse, Share). The board itself is the game's
//! [`super::board::Board`], drawing the position being set up.

use std::cell::Cell;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::protocol::{KindView, PieceView, Side};
use crate::web::components::controls::ToolButton;
use crate::web::components::piece::tile;
use crate::web::hooks::Store;
use crate::web::i18n::{capitalised, fill, piece_name, Text};
use crate::web::link::Mode;
use crate::web::prefs::PieceSet;
use crate::web::state::{Action, Dialog, DialogAction, Edit, Editor, ViewAction};

/// What the rules say of the position: playable (whose move), over, or
/// what is wrong.
pub fn status(editor: &Editor, t: &Text) -> Html {
    let (class, text) = match editor.current() {
        None => ("status", t.editor.checking_position.to_string()),
        Some(j) => match (&j.problem, j.ending) {
            (Some(problem), _) => ("status problem", capitalised(problem)),
            (None, Some(ending)) => (
                "status over",
                fill(
                    t.editor.game_over_here,
                    &[(
                        "ending",
                        &fill(
                            t.play.wins_by,
                            &[
                                ("side", t.side(ending.winner)),
                                ("reason", t.reason(ending.reason)),
                            ],
                        ),
                    )],
                ),
            ),
            (None, None) => (
                "status",
                fill(
                    t.editor.legal_position,
                    &[("side", t.side(j.setup.to_move))],
                ),
            ),
        },
    };
    let problem = class.ends_with("problem");
    html! {
        <div {class} data-testid="editor-verdict" role={problem.then_some("alert")}
            aria-live={(!problem).then_some("polite")}>
            <span class={classes!("turn-dot", editor.setup.to_move.id())} aria-hidden="true"></span>
            <span class="status-text">{ text }</span>
        </div>
    }
}

thread_local! {
    /// The palette piece pressed with a mouse or a pen, until it is let go.
    static DRAGGED: Cell<Option<PieceView>> = const { Cell::new(None) };
}

/// A palette piece dragged with a mouse or a pen and let go over a square
/// is placed there (on whatever stood there), and becomes the brush. Let go
/// anywhere else, it is the click it was.
#[hook]
pub fn use_palette_drag(store: &Store) {
    let store = store.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "pointerup", move |event| {
                let Some(piece) = DRAGGED.take() else {
                    return;
                };
                let Some(e) = event.dyn_ref::<web_sys::PointerEvent>() else {
                    return;
                };
                let square = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.element_from_point(e.client_x() as f32, e.client_y() as f32))
                    .and_then(|el| el.closest("[data-square]").ok().flatten())
                    .and_then(|sq| sq.get_attribute("data-square"))
                    .and_then(|name| crate::protocol::parse_square(&name));
                let Some(square) = square else {
                    return;
                };
                let Some(editor) = store.get().editor.clone() else {
                    return;
                };
                store.dispatch(Action::Edit(Edit::Brush(Some(piece))));
                if editor
                    .setup
                    .board
                    .get(usize::from(square))
                    .copied()
                    .flatten()
                    .is_some()
                {
                    // Tapping takes off what stands there; the next tap places.
                    store.dispatch(Action::Edit(Edit::Tap(square)));
                }
                store.dispatch(Action::Edit(Edit::Tap(square)));
            })
        });
        move || drop(listener)
    });
}

/// Where the editor's ways out lead.
pub struct Exits {
    /// Opens the position in a mode (Play, Analyse).
    pub open: Callback<Mode>,
}

/// The panel beside the board.
pub fn panel(editor: &Editor, store: &Store, t: &Text, set: PieceSet, exits: Exits) -> Html {
    html! {
        <>
            <h2 class="panel-title">{ t.editor.title }</h2>
            { ways_out(editor, store, t, &exits) }
            <section class="palette" aria-label={t.editor.pieces_to_place}>
                <p class="note">{ t.editor.palette_help }</p>
                { palette_row(editor, store, t, set, Side::White) }
                { palette_row(editor, store, t, set, Side::Black) }
            </section>
            { hand(editor, store, t, set, Side::White) }
            { hand(editor, store, t, set, Side::Black) }
            { to_move_row(editor, store, t) }
            { game_row(editor, store, t) }
            { fen_form(editor, store, t) }
        </>
    }
}

/// The ways out: play the position (with the computer or a friend on this
/// device), analyse it, or share it; only once it is playable.
fn ways_out(editor: &Editor, store: &Store, t: &Text, exits: &Exits) -> Html {
    let playable = editor.playable().is_some();
    let exit = |mode: Mode| exits.open.reform(move |_: MouseEvent| mode);
    html! {
        <div class="editor-actions">
            <button type="button" class="button primary" data-testid="editor-play" disabled={!playable}
                onclick={exit(Mode::Ai)}>{ t.editor.play_computer }</button>
            <button type="button" class="button" data-testid="editor-local" disabled={!playable}
                onclick={exit(Mode::Local)}>{ t.editor.play_friend }</button>
            <button type="button" class="button" data-testid="editor-analyse" disabled={!playable}
                onclick={exit(Mode::Analysis)}>{ t.editor.analyse }</button>
            <button type="button" class="button" data-testid="editor-share" disabled={!playable}
                onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Share)))}>{ t.editor.share }</button>
        </div>
    }
}

/// One side's pieces to place: a tap chooses the brush, a mouse or a pen
/// may drag one onto the board.
fn palette_row(editor: &Editor, store: &Store, t: &Text, set: PieceSet, side: Side) -> Html {
    let edit = |e: Edit| store.dispatching::<MouseEvent>(Action::Edit(e));
    let label = fill(t.editor.pieces_of, &[("side", t.side(side))]);
    html! {
        <div class="palette-row" role="group" aria-label={label}>
            { for editor.kinds().iter().enumerate().map(|(k, kind)| {
                let piece = PieceView { side, kind: k as u8 };
                let chosen = editor.brush == Some(piece);
                let name = t.piece(side, kind);
                html! {
                    <button type="button" class={classes!("palette-piece", chosen.then_some("chosen"))}
                        aria-pressed={chosen.to_string()} aria-label={name.clone()} title={name}
                        data-testid={format!("brush-{}-{}", side.id(), kind.letter)}
                        onclick={edit(Edit::Brush((!chosen).then_some(piece)))}
                        onpointerdown={Callback::from(move |e: PointerEvent| {
                            // A mouse or a pen may drag it onto the board
                            // (a finger scrolls the panel).
                            if e.pointer_type() != "touch" {
                                DRAGGED.set(Some(piece));
                            }
                        })}>
                        { tile(side, kind, set) }
                    </button>
                }
            }) }
        </div>
    }
}

/// One side's hand: a stepper for each kind a hand may hold.
fn hand(editor: &Editor, store: &Store, t: &Text, set: PieceSet, side: Side) -> Html {
    let label = fill(t.editor.hand_of, &[("side", t.side(side))]);
    let hand_kinds = editor.kinds().iter().take(usize::from(
        editor.judged.as_ref().map_or(0, |j| j.hand_kinds),
    ));
    html! {
        <fieldset class="hand-steppers">
            <legend>{ label }</legend>
            <div class="steppers">
                { for hand_kinds.enumerate().map(|(k, kind)| {
                    stepper(editor, store, t, set, side, k as u8, kind)
                }) }
            </div>
        </fieldset>
    }
}

/// The side to move, and the Flip button.
fn to_move_row(editor: &Editor, store: &Store, t: &Text) -> Html {
    let to_move = |side: Side| {
        let on = editor.setup.to_move == side;
        html! {
            <button type="button" class={classes!("button", on.then_some("chosen"))}
                aria-pressed={on.to_string()} data-testid={format!("to-move-{}", side.id())}
                onclick={store.dispatching(Action::Edit(Edit::ToMove(side)))}>{ t.side(side) }</button>
        }
    };
    html! {
        <div class="editor-row">
            <span class="label">{ t.editor.to_move }</span>
            { to_move(Side::White) }
            { to_move(Side::Black) }
            <ToolButton testid="flip" label={t.play.flip} icon="⇅" title={t.play.flip_title}
                compact={false} onclick={store.dispatching(Action::View(ViewAction::Flip))} />
        </div>
    }
}

/// The game whose pieces are placed, its start position, and an empty
/// board.
fn game_row(editor: &Editor, store: &Store, t: &Text) -> Html {
    let edit = |e: Edit| store.dispatching::<MouseEvent>(Action::Edit(e));
    let variant = editor.setup.variant.clone();
    let on_game = store.reform(|e: Event| {
        let value = e
            .target_dyn_into::<web_sys::HtmlSelectElement>()
            .map(|s| s.value())
            .unwrap_or_default();
        Action::Edit(Edit::Start(value))
    });
    html! {
        <div class="editor-row">
            <label class="label" for="editor-game">{ t.editor.game }</label>
            <select id="editor-game" data-testid="editor-game" onchange={on_game}>
                { for ["mansindam", "pandemonium"].map(|v| html! {
                    <option value={v} selected={v == variant}>{ t.variant(v) }</option>
                }) }
            </select>
            <button type="button" class="button" data-testid="editor-start"
                onclick={edit(Edit::Start(variant.clone()))}>{ t.editor.start_position }</button>
            <button type="button" class="button" data-testid="editor-clear"
                onclick={edit(Edit::Clear)}>{ t.editor.clear }</button>
        </div>
    }
}

/// The position as FEN, to read or to replace by a typed one.
fn fen_form(editor: &Editor, store: &Store, t: &Text) -> Html {
    let on_fen = store.reform(|e: SubmitEvent| {
        e.prevent_default();
        let fen = e
            .target_dyn_into::<web_sys::Element>()
            .and_then(|form| form.query_selector("input[name=fen]").ok().flatten())
            .and_then(|i| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(i).ok())
            .map(|i| i.value())
            .unwrap_or_default();
        Action::Edit(Edit::ReadFen(fen))
    });
    let fen = editor
        .judged
        .as_ref()
        .map(|j| j.fen.clone())
        .unwrap_or_default();
    html! {
        <form class="fen-form" onsubmit={on_fen}>
            <label class="label" for="editor-fen">{ "FEN" }</label>
            // Keyed by the FEN, so that a new position replaces what was typed.
            <input key={fen.clone()} id="editor-fen" name="fen" type="text" value={fen.clone()}
                data-testid="editor-fen" autocomplete="off" spellcheck="false"
                aria-describedby="editor-fen-help" />
            <button type="submit" class="button">{ t.editor.set_up_from_fen }</button>
            <p class="note" id="editor-fen-help">{ t.editor.fen_help }</p>
            if let Some(why) = &editor.fen_error {
                <p class="problem" role="alert" data-testid="editor-fen-error">{ capitalised(why) }</p>
            }
        </form>
    }
}

/// One hand kind's count with its − and + buttons.
fn stepper(
    editor: &Editor,
    store: &Store,
    t: &Text,
    set: PieceSet,
    side: Side,
    kind: u8,
    view: &KindView,
) -> Html {
    let count = editor.setup.hands[side.index()]
        .get(usize::from(kind))
        .copied()
        .unwrap_or(0);
    let name = piece_name(t.lang, view);
    let words = [("piece", name.as_str()), ("side", t.side(side))];
    let id = format!("hand-{}-{}", side.id(), view.letter);
    html! {
        <span class={classes!("stepper", (count == 0).then_some("none"))} data-testid={id.clone()}
            data-count={count.to_string()}>
            <button type="button" class="button" aria-label={fill(t.editor.one_more_in_hand, &words)}
                data-testid={format!("{id}-plus")}
                onclick={store.dispatching(Action::Edit(Edit::Hand(side, kind, 1)))}>{ "+" }</button>
            <span class="stepper-tile">
                { tile(side, view, set) }
                <span class="count" aria-hidden="true">{ count }</span>
            </span>
            <button type="button" class="button" aria-label={fill(t.editor.one_fewer_in_hand, &words)}
                data-testid={format!("{id}-minus")} disabled={count == 0}
                onclick={store.dispatching(Action::Edit(Edit::Hand(side, kind, -1)))}>{ "−" }</button>
        </span>
    }
}
