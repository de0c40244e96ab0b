//! The board and the two hands: it draws the position it is given and owns
//! its input, as chessground does. Taps, drags (with the ghost piece under
//! the pointer) and the keyboard cursor are the board's; the host hears
//! only what the player did ([`BoardInput`]) and decides what it means (the
//! host knows the legal moves; the board never decides a rule).
//!
//! This component composes the parts that live beside it: `input.rs`
//! (taps, drags and keys), `motion.rs` (the move that slides in),
//! `drawing.rs` (squares, pieces, marks and the promotion question) and
//! `props.rs` (what the host gives it).
//!
//! [`BoardInput`]: crate::web::state::BoardInput

mod drawing;
mod input;
mod motion;
mod props;

use yew::prelude::*;

use crate::protocol::Side;
use crate::web::components::hand::Hand;
use crate::web::i18n::Texts;
use crate::web::state::Origin;

use drawing::{ghost_piece, marks, placeholder, promotion_dialog, ranks};
use input::{use_drawn, use_input};
use motion::use_motion;

pub use props::BoardProps;

#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let area = use_node_ref();
    let ghost = use_node_ref();
    let dragged = use_mut_ref(|| false);
    let (drawn, on_draw) = use_drawn(props.snap.as_ref().map(|s| (s.game_id, s.san.len())));
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
                <div class="board" role="grid" aria-label={t.play.board}>
                    { for ranks(props, snap) }
                    { marks(props.arrow.as_slice(), props.flipped, "hint-arrow") }
                    { marks(props.better.as_slice(), props.flipped, "better-arrow") }
                    { marks(&drawn, props.flipped, "drawn") }
                    { props.promotion.map(|choice| promotion_dialog(props, snap, choice, &armed)) }
                </div>
            </div>
        },
        None => placeholder(),
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
            <div class="ghost" ref={ghost} aria-hidden="true">{ ghost_piece(props) }</div>
        </section>
    }
}
