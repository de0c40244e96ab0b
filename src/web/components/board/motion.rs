//! The board's motion: the move that leads to the position shown slides in
//! (a drop grows in), with the Web Animations API.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use crate::protocol::{square_name, Snapshot};

/// How long a move slides (as chessground's, 150–250 ms).
const SLIDE_MS: f64 = 200.0;

/// Motion: the move that leads to the position shown slides from its square
/// (a drop grows in where it lands), so that the computer's reply is seen.
/// Only one move forward (a new move, or a step forward through the game),
/// or two when the player's move and the computer's reply come in one
/// render; not a move the player dragged (the piece is already there), and
/// not with `prefers-reduced-motion`.
#[hook]
pub(super) fn use_motion(snap: Option<&Rc<Snapshot>>, area: &NodeRef, dragged: &Rc<RefCell<bool>>) {
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
