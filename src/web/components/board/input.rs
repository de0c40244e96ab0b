//! The board's input, as chessground's: a press picks up a piece, a drag
//! carries it under the ghost, a release drops or taps, the right button
//! (or a finger held still) draws arrows and circles, and the keyboard moves
//! a cursor over the squares. What the player did goes out as a
//! [`BoardInput`].

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, PointerEvent};
use yew::prelude::*;

use crate::protocol::{parse_square, square_name, Side};
use crate::web::state::{BoardInput, Origin, Target};

use super::drawing::{screen_position, screen_square};
use super::props::{BoardProps, Shape};

/// Moving this far (in CSS pixels) turns a press into a drag.
const DRAG_THRESHOLD: i32 = 6;

/// A finger held this long on a square starts drawing there.
const LONG_PRESS_MS: u32 = 500;

/// A pointer pressed on the board or a hand.
struct Press {
    pointer: i32,
    x: i32,
    y: i32,
    target: Target,
    /// The piece picked up, if the press was on one the player may move,
    /// and whether it was already selected.
    origin: Option<Origin>,
    was_selected: bool,
    dragging: bool,
    /// Drawing an arrow or a circle (a right-button press, or a long press
    /// of a finger on a square with no piece of the player's).
    drawing: bool,
    /// The long press's timer (a finger's press that has not moved yet).
    long_press: Option<Timeout>,
}

/// The arrows and circles the player drew: cleared when `position` (the
/// game and its length) changes; the callback adds a shape, takes the same
/// shape away again, or (`None`) clears them all.
#[hook]
pub(super) fn use_drawn(
    position: Option<(u32, usize)>,
) -> (UseStateHandle<Vec<Shape>>, Callback<Option<Shape>>) {
    let drawn = use_state(Vec::<Shape>::new);
    {
        let drawn = drawn.clone();
        use_effect_with(position, move |_| drawn.set(Vec::new()));
    }
    let on_draw = {
        let drawn = drawn.clone();
        Callback::from(move |shape: Option<Shape>| {
            let mut shapes = (*drawn).clone();
            match shape {
                // The same shape again takes it away.
                Some(shape) => match shapes.iter().position(|s| *s == shape) {
                    Some(i) => {
                        shapes.remove(i);
                    }
                    None => shapes.push(shape),
                },
                None => shapes.clear(),
            }
            if shapes != *drawn {
                drawn.set(shapes);
            }
        })
    };
    (drawn, on_draw)
}

/// The board's and hands' event handlers.
pub(super) struct Handlers {
    pub(super) down: Callback<PointerEvent>,
    pub(super) moved: Callback<PointerEvent>,
    pub(super) up: Callback<PointerEvent>,
    pub(super) cancel: Callback<PointerEvent>,
    pub(super) key: Callback<KeyboardEvent>,
}

/// The player's input on the board and hands: a press picks up a piece the
/// player may move, a drag carries it (the ghost follows the pointer) and
/// its release puts it on a square; a press and release without a drag is
/// a tap; the right button (or a finger held still) draws arrows and
/// circles. The keyboard moves the cursor and taps.
#[hook]
pub(super) fn use_input(
    props: &BoardProps,
    area: &NodeRef,
    ghost: &NodeRef,
    dragged: &Rc<RefCell<bool>>,
    armed: &Rc<RefCell<bool>>,
    on_draw: Callback<Option<Shape>>,
) -> Handlers {
    let shared = Shared {
        press: use_mut_ref(|| None),
        area: area.clone(),
        ghost: ghost.clone(),
        dragged: dragged.clone(),
        armed: armed.clone(),
        premoving: premoving(props),
        input: props.on_input.clone(),
        on_draw,
    };
    Handlers {
        down: pointer_down(
            shared.clone(),
            pickable(props),
            props.selection,
            props.promotion.is_some(),
        ),
        moved: pointer_move(shared.clone()),
        up: pointer_up(shared.clone()),
        cancel: pointer_cancel(shared),
        key: keys(props.on_input.clone(), props.flipped),
    }
}

/// What the board's input handlers share.
#[derive(Clone)]
struct Shared {
    /// The pointer pressed now, if any.
    press: Rc<RefCell<Option<Press>>>,
    area: NodeRef,
    ghost: NodeRef,
    /// The last move was dragged (it is not to slide in, see `use_motion`).
    dragged: Rc<RefCell<bool>>,
    /// The promotion question may be answered by a click (see `board`).
    armed: Rc<RefCell<bool>>,
    /// The player's pieces are picked up for a premove (the computer is to
    /// move): a drag leaves the piece where it was.
    premoving: bool,
    input: Callback<BoardInput>,
    on_draw: Callback<Option<Shape>>,
}

/// Whether the pieces the player may pick up are not the side to move's:
/// the computer thinks and a move made now is a premove.
fn premoving(props: &BoardProps) -> bool {
    props
        .snap
        .as_ref()
        .zip(props.movable)
        .is_some_and(|(s, side)| s.to_move != side)
}

/// What a press on a target picks up, if anything: a piece of the side
/// that may move, on the board or in its hand.
fn pickable(props: &BoardProps) -> impl Fn(Target) -> Option<Origin> + 'static {
    let snap = props.snap.clone();
    let movable = props.movable;
    move |target: Target| -> Option<Origin> {
        let (snap, side) = (snap.as_ref()?, movable?);
        match target {
            Target::Square(sq) => snap
                .piece(sq)
                .filter(|p| p.side == side)
                .map(|_| Origin::Square(sq)),
            Target::Hand(owner, k) => {
                (owner == side && snap.hand(side, k) > 0).then_some(Origin::Hand(k))
            }
        }
    }
}

/// A press: picks up a piece (a drag may follow), taps, or (the right
/// button, or a finger held still) starts drawing.
fn pointer_down(
    shared: Shared,
    pickable: impl Fn(Target) -> Option<Origin> + 'static,
    selection: Option<Origin>,
    promotion: bool,
) -> Callback<PointerEvent> {
    let Shared {
        press,
        area,
        dragged,
        armed,
        input,
        ..
    } = shared;
    Callback::from(move |e: PointerEvent| {
        let Some(target) = target_of(e.target()) else {
            return;
        };
        *armed.borrow_mut() = false;
        let capture = || {
            // Yew delegates events from the document root: capture on
            // the area itself, so that the moves and the release come here.
            if let Some(el) = area.cast::<Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
        };
        let new_press = |target, origin, drawing, long_press| Press {
            pointer: e.pointer_id(),
            x: e.client_x(),
            y: e.client_y(),
            target,
            origin,
            was_selected: origin.is_some() && selection == origin,
            dragging: false,
            drawing,
            long_press,
        };
        // The right button draws, from a square, and gives up a premove.
        if e.button() == 2 {
            input.emit(BoardInput::Cancel);
            if let Target::Square(_) = target {
                e.prevent_default();
                capture();
                *press.borrow_mut() = Some(new_press(target, None, true, None));
            }
            return;
        }
        if e.button() != 0 {
            return;
        }
        *dragged.borrow_mut() = false;
        if promotion {
            // A tap beside the promotion question takes the move back.
            input.emit(BoardInput::Deselect);
            return;
        }
        let origin = pickable(target);
        if let Some(o) = origin {
            e.prevent_default();
            if selection != origin {
                input.emit(BoardInput::Pick(o));
            }
            capture();
        }
        // A finger held still on a square starts drawing there (on a
        // piece of the player's too: the piece it picked up is put down
        // again, unless it was picked up before).
        let long_press =
            (e.pointer_type() == "touch" && matches!(target, Target::Square(_))).then(|| {
                capture();
                let (press, pointer, input) = (press.clone(), e.pointer_id(), input.clone());
                Timeout::new(LONG_PRESS_MS, move || {
                    let mut guard = press.borrow_mut();
                    let Some(p) = guard.as_mut().filter(|p| p.pointer == pointer) else {
                        return;
                    };
                    p.drawing = true;
                    let put_down = p.origin.is_some() && !p.was_selected;
                    drop(guard);
                    if put_down {
                        input.emit(BoardInput::Deselect);
                    }
                })
            });
        *press.borrow_mut() = Some(new_press(target, origin, false, long_press));
    })
}

/// A pointer moving: a press on a piece becomes a drag (the ghost follows);
/// a finger that moves before its long press draws nothing.
fn pointer_move(shared: Shared) -> Callback<PointerEvent> {
    let Shared {
        press, area, ghost, ..
    } = shared;
    Callback::from(move |e: PointerEvent| {
        let mut guard = press.borrow_mut();
        let Some(p) = guard.as_mut().filter(|p| p.pointer == e.pointer_id()) else {
            return;
        };
        let (dx, dy) = (e.client_x() - p.x, e.client_y() - p.y);
        let moved = dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD;
        if moved && !p.drawing {
            // Moved before the long press: no drawing.
            p.long_press = None;
        }
        if p.origin.is_none() || p.drawing {
            return;
        }
        if !p.dragging && moved {
            p.dragging = true;
            set_class(&area, "dragging", true);
        }
        if p.dragging {
            e.prevent_default();
            move_ghost(&ghost, Some((e.client_x(), e.client_y())));
        }
    })
}

/// A release: draws (an arrow, or a circle where the press began), drops
/// a dragged piece, or taps.
fn pointer_up(shared: Shared) -> Callback<PointerEvent> {
    let Shared {
        press,
        area,
        ghost,
        dragged,
        premoving,
        input,
        on_draw,
        ..
    } = shared;
    Callback::from(move |e: PointerEvent| {
        let Some(p) = press
            .borrow_mut()
            .take()
            .filter(|p| p.pointer == e.pointer_id())
        else {
            return;
        };
        if p.drawing {
            if let (Target::Square(from), Some(to)) =
                (p.target, square_under(e.client_x(), e.client_y()))
            {
                on_draw.emit(Some(if from == to {
                    (None, to)
                } else {
                    (Some(from), to)
                }));
            }
            return;
        }
        // Any other press (a click, a tap, a drag) clears what was drawn.
        on_draw.emit(None);
        let event = match p.origin {
            Some(origin) if p.dragging => {
                move_ghost(&ghost, None);
                set_class(&area, "dragging", false);
                // (A premove stays where it was: the reply and the premove
                // slide as any move does.)
                *dragged.borrow_mut() = !premoving;
                square_under(e.client_x(), e.client_y()).map(|to| BoardInput::Drop(origin, to))
            }
            Some(_) => p.was_selected.then_some(BoardInput::Deselect),
            None => Some(BoardInput::Tap(p.target)),
        };
        if let Some(event) = event {
            input.emit(event);
        }
    })
}

fn pointer_cancel(shared: Shared) -> Callback<PointerEvent> {
    let Shared {
        press, area, ghost, ..
    } = shared;
    Callback::from(move |_: PointerEvent| {
        press.borrow_mut().take();
        move_ghost(&ghost, None);
        set_class(&area, "dragging", false);
    })
}

/// The keyboard: the arrows move a cursor over the squares (as they are on
/// screen), Enter or Space taps the square or hand slot in focus.
fn keys(input: Callback<BoardInput>, flipped: bool) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let Some(target) = target_of(e.target()) else {
            return;
        };
        let key = e.key();
        if key == "Enter" || key == " " {
            e.prevent_default();
            input.emit(BoardInput::Tap(target));
            return;
        }
        let Target::Square(sq) = target else {
            return;
        };
        if let Some(to) = cursor_step(sq, &key, flipped) {
            e.prevent_default();
            input.emit(BoardInput::Focus(to));
            focus_square(to);
        }
    })
}

/// The square an arrow key moves the cursor to from `square`, as the board
/// is on screen; `None` for another key.
fn cursor_step(square: u8, key: &str, flipped: bool) -> Option<u8> {
    let (row, col) = screen_position(square, flipped);
    let (row, col) = match key {
        "ArrowUp" => (row.saturating_sub(1), col),
        "ArrowDown" => ((row + 1).min(8), col),
        "ArrowLeft" => (row, col.saturating_sub(1)),
        "ArrowRight" => (row, (col + 1).min(8)),
        _ => return None,
    };
    Some(screen_square(row, col, flipped))
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

/// The square under a point of the window (where a drag ends).
fn square_under(x: i32, y: i32) -> Option<u8> {
    web_sys::window()?
        .document()?
        .element_from_point(x as f32, y as f32)?
        .closest("[data-square]")
        .ok()??
        .get_attribute("data-square")
        .and_then(|s| parse_square(&s))
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
