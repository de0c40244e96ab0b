//! The board and the two hands: it draws the position it is given and owns
//! its input, as chessground does. Taps, drags (with the ghost piece under
//! the pointer) and the keyboard cursor are handled here; the host hears
//! only what the player did ([`BoardInput`]) and decides what it means (the
//! host knows the legal moves; the board never decides a rule).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, PointerEvent};
use yew::prelude::*;

use crate::protocol::{parse_square, square_name, Lang, Side, Snapshot};
use crate::web::components::hand::{ClockFace, Hand};
use crate::web::components::piece::tile;
use crate::web::i18n::{piece_name, Texts};
use crate::web::prefs::PieceSet;
use crate::web::state::{BoardInput, Origin, Premove, PromotionChoice, Target};

/// Moving this far (in CSS pixels) turns a press into a drag.
const DRAG_THRESHOLD: i32 = 6;

/// A finger held this long on a square starts drawing there.
const LONG_PRESS_MS: u32 = 500;

/// An arrow the player drew on the board, or a circle (an arrow from
/// nowhere); shown until the position changes or a click clears them.
type Shape = (Option<u8>, u8);

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position shown; `None` while the first one is coming (the board
    /// and hands are drawn empty, at their final size).
    pub snap: Option<Rc<Snapshot>>,
    /// The side whose pieces the player may pick up now, if any.
    pub movable: Option<Side>,
    pub selection: Option<Origin>,
    /// The squares the selected piece may go to, by square index.
    pub destinations: [bool; 81],
    pub promotion: Option<PromotionChoice>,
    /// A move chosen while the computer thinks, marked on its squares (and
    /// hand slot) until it is played or given up.
    pub premove: Option<Premove>,
    /// A move to draw as an arrow (from a square, or a drop: a ring).
    pub arrow: Option<(Option<u8>, u8)>,
    /// The move a review found better than the one just played.
    #[prop_or_default]
    pub better: Option<(Option<u8>, u8)>,
    /// The evaluation bar of the analysis board, between the opponent's
    /// hand and the board.
    #[prop_or_default]
    pub bar: Option<Html>,
    /// Black at the bottom.
    pub flipped: bool,
    /// The square the keyboard cursor is on.
    pub focus: u8,
    pub pieces: PieceSet,
    pub lang: Lang,
    /// The clocks shown in each side's hand, White's then Black's.
    pub clocks: [Option<ClockFace>; 2],
    pub on_input: Callback<BoardInput>,
}

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

#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let area = use_node_ref();
    let ghost = use_node_ref();
    let dragged = use_mut_ref(|| false);
    let drawn = use_state(Vec::<Shape>::new);
    {
        let drawn = drawn.clone();
        let position = props.snap.as_ref().map(|s| (s.game_id, s.san.len()));
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
    // Whether the promotion question may be answered by a click: not
    // before a press on it. On a touch screen the tap that asks the
    // question is followed by a click where the finger was, which now lands
    // on one of its buttons; that click must not answer for the player. A
    // press on a square or a hand disarms it; a click from the keyboard
    // (Enter or Space on a button: `detail` 0) always answers.
    let armed = use_mut_ref(|| false);
    let input = use_input(props, &area, &ghost, &dragged, &armed, on_draw);
    use_motion(props.snap.as_ref(), &area, &dragged);
    let t = props.lang.text();

    let bottom = if props.flipped {
        Side::Black
    } else {
        Side::White
    };
    let hand = |side: Side, position: &'static str| match &props.snap {
        Some(snap) => html! {
            <Hand snap={snap.clone()} {side} {position} lang={props.lang} pieces={props.pieces}
                selected={props.selection}
                premove={props.premove.and_then(|p| match p.from {
                    Origin::Hand(k) if props.movable == Some(side) => Some(k),
                    _ => None,
                })}
                movable={props.movable == Some(side)}
                clock={props.clocks[side.index()].clone()} />
        },
        None => Html::default(),
    };
    let table = match &props.snap {
        Some(snap) => html! {
            <div class="board-wrap">
                <div class="board" role="grid" aria-label={t.board}>
                    { for ranks(props, snap) }
                    { marks(props.arrow.as_slice(), props.flipped, "hint-arrow") }
                    { marks(props.better.as_slice(), props.flipped, "better-arrow") }
                    { marks(&drawn, props.flipped, "drawn") }
                    { props.promotion.map(|choice| promotion_dialog(props, snap, choice, &armed)) }
                </div>
            </div>
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
    let ghost_piece = match (&props.snap, props.selection) {
        (Some(s), Some(Origin::Square(sq))) => s
            .piece(sq)
            .and_then(|p| Some(tile(p.side, s.kind(p.kind)?, props.pieces))),
        (Some(s), Some(Origin::Hand(k))) => s
            .kind(k)
            .map(|kind| tile(props.movable.unwrap_or(s.to_move), kind, props.pieces)),
        _ => None,
    };
    html! {
        <section class="table" ref={area} onkeydown={input.key}
            oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}
            onpointerdown={input.down} onpointermove={input.moved}
            onpointerup={input.up} onpointercancel={input.cancel}>
            { hand(bottom.flip(), "top") }
            { props.bar.clone().unwrap_or_default() }
            { table }
            { hand(bottom, "bottom") }
            <div class="ghost" ref={ghost} aria-hidden="true">{ ghost_piece }</div>
        </section>
    }
}

/// The board's and hands' event handlers.
struct Handlers {
    down: Callback<PointerEvent>,
    moved: Callback<PointerEvent>,
    up: Callback<PointerEvent>,
    cancel: Callback<PointerEvent>,
    key: Callback<KeyboardEvent>,
}

/// The player's input on the board and hands: a press picks up a piece the
/// player may move, a drag carries it (the ghost follows the pointer) and
/// its release puts it on a square; a press and release without a drag is
/// a tap; the right button (or a finger held still) draws arrows and
/// circles. The keyboard moves the cursor and taps.
#[hook]
fn use_input(
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

/// How long a move slides (as chessground's, 150–250 ms).
const SLIDE_MS: f64 = 200.0;

/// Motion: the move that leads to the position shown slides from its square
/// (a drop grows in where it lands), so that the computer's reply is seen.
/// Only one move forward (a new move, or a step forward through the game),
/// or two when the player's move and the computer's reply come in one
/// render; not a move the player dragged (the piece is already there), and
/// not with `prefers-reduced-motion`.
#[hook]
fn use_motion(snap: Option<&Rc<Snapshot>>, area: &NodeRef, dragged: &Rc<RefCell<bool>>) {
    let shown = snap.map(|s| (s.game_id, s.san.len(), s.last_move));
    let before = use_mut_ref(|| None);
    let (area, dragged) = (area.clone(), dragged.clone());
    use_effect_with(shown, move |&shown| {
        let was = before.replace(shown);
        let dragged = dragged.replace(false);
        if let (Some((game, plies, _)), Some((g, p, Some((from, to))))) = (was, shown) {
            // Yew may render the player's move and the computer's quick
            // reply at once (it yields to the browser between renders): the
            // reply still slides, as it is the move to be seen.
            let stepped = p == plies + 1 && !dragged || p == plies + 2;
            if g == game && stepped && !reduced_motion() {
                slide(&area, from, to);
            }
        }
    });
}

fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Animates the piece on `to` from `from`'s square (or, for a drop, in from
/// nothing), with the Web Animations API (the page's CSP allows no inline
/// style, and needs none for this).
fn slide(area: &NodeRef, from: Option<u8>, to: u8) {
    let Some(area) = area.cast::<Element>() else {
        return;
    };
    let square = |sq: u8| {
        area.query_selector(&format!("[data-square=\"{}\"]", square_name(sq)))
            .ok()
            .flatten()
    };
    let Some(target) = square(to) else {
        return;
    };
    let Some(piece) = target.query_selector(".piece").ok().flatten() else {
        return;
    };
    // In whole pixels (the page formats no floats), from the squares' places
    // on the board; above the other pieces.
    let place = |sq: &Element| {
        sq.dyn_ref::<HtmlElement>()
            .map_or((0, 0), |e| (e.offset_left(), e.offset_top()))
    };
    let frames = match from.and_then(square) {
        Some(origin) => {
            let ((x1, y1), (x2, y2)) = (place(&origin), place(&target));
            let (dx, dy) = (x1 - x2, y1 - y2);
            format!(
                r#"[{{"transform":"translate({dx}px,{dy}px)","zIndex":"3","easing":"ease-out"}},{{"transform":"none","zIndex":"3"}}]"#
            )
        }
        None => r#"[{"transform":"scale(0.5)","opacity":"0","easing":"ease-out"},{"transform":"none","opacity":"1"}]"#.to_string(),
    };
    // Element.animate(keyframes, duration) (web-sys has it only among its
    // unstable APIs).
    let animate = js_sys::Reflect::get(&piece, &"animate".into());
    if let (Ok(frames), Ok(animate)) = (js_sys::JSON::parse(&frames), animate) {
        if let Some(animate) = animate.dyn_ref::<js_sys::Function>() {
            let _ = animate.call2(&piece, &frames, &SLIDE_MS.into());
        }
    }
}

/// The board's ranks as they are on screen: each a row of the grid, for
/// screen readers (`display: contents`, so the squares stay the board's
/// grid items).
fn ranks(props: &BoardProps, snap: &Snapshot) -> Vec<Html> {
    let mut squares = squares(props, snap);
    (0..9u8)
        .map(|row| {
            html! {
                <div key={u64::from(row)} class="board-rank" role="row">{ for squares.by_ref().take(9) }</div>
            }
        })
        .collect()
}

/// The 81 squares in screen order, with their pieces and marks.
fn squares<'a>(props: &'a BoardProps, snap: &'a Snapshot) -> impl Iterator<Item = Html> + 'a {
    let t = props.lang.text();
    let selected = match props.selection {
        Some(Origin::Square(sq)) => Some(sq),
        _ => None,
    };
    let premove = |sq: u8| {
        props
            .premove
            .is_some_and(|p| p.to == sq || p.from == Origin::Square(sq))
    };
    let (last_from, last_to) = match snap.last_move {
        Some((from, to)) => (from, Some(to)),
        None => (None, None),
    };
    screen_squares(props.flipped).map(move |sq| {
        let (row, col) = screen_position(sq, props.flipped);
        let piece = snap.piece(sq);
        let kind = piece.and_then(|p| snap.kind(p.kind));
        let label = match (piece, kind) {
            (Some(p), Some(k)) => format!("{}, {}", square_name(sq), t.piece(p.side, k)),
            _ => format!("{}, {}", square_name(sq), t.empty),
        };
        let class = classes!(
            "sq",
            if (sq % 9 + sq / 9) % 2 == 0 { "dark" } else { "light" },
            (last_from == Some(sq) || last_to == Some(sq)).then_some("last"),
            (selected == Some(sq)).then_some("selected"),
            props.destinations[sq as usize].then_some(if piece.is_some() { "capture" } else { "dest" }),
            (snap.check == Some(sq)).then_some("check"),
            premove(sq).then_some("premove"),
        );
        // The coordinates along the edges are drawn by CSS from data-coord
        // (not text of the square: its name, "e4, White Pawn", says it).
        let file_label = (row == 8).then(|| html! {
            <span class="coord file" data-coord={((b'a' + sq % 9) as char).to_string()}></span>
        });
        let rank_label = (col == 0).then(|| html! {
            <span class="coord rank" data-coord={(sq / 9 + 1).to_string()}></span>
        });
        html! {
            <div key={sq as u64} {class} data-square={square_name(sq)} aria-label={label} role="gridcell"
                tabindex={if sq == props.focus { "0" } else { "-1" }}>
                { rank_label }
                { file_label }
                { match (piece, kind) {
                    (Some(p), Some(k)) => tile(p.side, k, props.pieces),
                    _ => Html::default(),
                } }
            </div>
        }
    })
}

/// Moves over the board: an arrow from a square, or a ring on a square
/// (a drop, or a circle the player drew). `class` names the layer: the
/// hint's (`hint-arrow`) or the player's drawings (`drawn`).
fn marks(shapes: &[Shape], flipped: bool, class: &'static str) -> Html {
    if shapes.is_empty() {
        return Html::default();
    }
    // The board in hundredths of a square (whole numbers, so the page needs
    // no float formatting); a square's centre is at +50.
    let centre = |sq: u8| {
        let (row, col) = screen_position(sq, flipped);
        (i32::from(col) * 100 + 50, i32::from(row) * 100 + 50)
    };
    let head = format!("{class}-head");
    let shape = |&(from, to): &Shape| {
        let (x2, y2) = centre(to);
        match from {
            Some(from) => {
                let (x1, y1) = centre(from);
                // Stop short of the centre, so the head does not hide the piece.
                let (dx, dy) = (x2 - x1, y2 - y1);
                let len = f64::from(dx * dx + dy * dy).sqrt().max(1.0);
                let short = |d: i32| (f64::from(d) * 30.0 / len).round() as i32;
                let (ex, ey) = (x2 - short(dx), y2 - short(dy));
                html! {
                    <line x1={x1.to_string()} y1={y1.to_string()} x2={ex.to_string()} y2={ey.to_string()}
                        marker-end={format!("url(#{head})")} />
                }
            }
            None => html! { <circle cx={x2.to_string()} cy={y2.to_string()} r="42" /> },
        }
    };
    html! {
        <svg {class} viewBox="0 0 900 900" aria-hidden="true" data-testid={class}>
            <defs>
                <marker id={head.clone()} viewBox="0 0 4 4" refX="1" refY="2"
                    markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0,0 L4,2 L0,4 z" />
                </marker>
            </defs>
            { for shapes.iter().map(shape) }
        </svg>
    }
}

/// The promotion question, on the destination square.
fn promotion_dialog(
    props: &BoardProps,
    snap: &Snapshot,
    choice: PromotionChoice,
    armed: &Rc<RefCell<bool>>,
) -> Html {
    let t = props.lang.text();
    let (row, col) = screen_position(choice.to, props.flipped);
    let side = snap.to_move;
    // Over the destination, open towards the middle of the board so it
    // never leaves it; placed by classes (the page's CSP allows no inline
    // style).
    let top = if row <= 4 { row } else { row - 1 };
    let class = classes!("promotion", format!("col-{col}"), format!("top-{top}"));
    let button = |promote: bool, kind: u8, text: &'static str| {
        let input = props.on_input.clone();
        let label = snap
            .kind(kind)
            .map(|k| format!("{text}: {}", piece_name(t.lang, k)))
            .unwrap_or_default();
        let armed = armed.clone();
        let onclick = Callback::from(move |e: MouseEvent| {
            if e.detail() == 0 || *armed.borrow() {
                input.emit(BoardInput::Promote(promote));
            }
        });
        html! {
            <button
                class="promo-choice"
                data-testid={if promote { "promote-yes" } else { "promote-no" }}
                aria-label={label.clone()}
                title={label}
                {onclick}
            >
                { snap.kind(kind).map(|k| tile(side, k, props.pieces)).unwrap_or_default() }
            </button>
        }
    };
    let (first, second) = if row <= 4 {
        (
            button(true, choice.promoted_kind, t.promote),
            button(false, choice.kind, t.stay),
        )
    } else {
        (
            button(false, choice.kind, t.stay),
            button(true, choice.promoted_kind, t.promote),
        )
    };
    let arm = {
        let armed = armed.clone();
        Callback::from(move |_: PointerEvent| *armed.borrow_mut() = true)
    };
    html! {
        <div {class} role="dialog" aria-label={t.promote_question} data-testid="promotion"
            onpointerdown={arm}>
            { first }
            { second }
        </div>
    }
}

/// Squares in screen order, top-left first.
pub fn screen_squares(flipped: bool) -> impl Iterator<Item = u8> {
    (0..81u8).map(move |i| screen_square(i / 9, i % 9, flipped))
}

/// The square at a row and column on screen (the inverse of [`screen_position`]).
pub fn screen_square(row: u8, col: u8, flipped: bool) -> u8 {
    if flipped {
        row * 9 + (8 - col)
    } else {
        (8 - row) * 9 + col
    }
}

/// Row and column (0–8, top-left 0) of a square on screen.
pub fn screen_position(square: u8, flipped: bool) -> (u8, u8) {
    let (file, rank) = (square % 9, square / 9);
    if flipped {
        (rank, 8 - file)
    } else {
        (8 - rank, file)
    }
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
