use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use crate::web::state::State;

/// The move lists follow play, as lichess's do: whenever the move shown
/// changes (a move played, a step back, a click in the tree), each list
/// that scrolls (`.moves`: the game's, the puzzle's, the analysis tree)
/// brings its current move into view, and shows its top at the start
/// position. Only then: a list the player scrolled by hand stays where they
/// put it until the move shown changes.
#[hook]
pub fn use_follow_moves(state: &State) {
    let key = (
        state.snapshot.as_ref().map(|s| (s.game_id, s.san.len())),
        state.shown_ply(),
        state.analysis.as_ref().map(|b| b.at),
    );
    use_effect_with(key, |_| follow_moves());
}

/// Scrolls each move list (and only it, never the page) to its current move.
fn follow_moves() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(lists) = document.query_selector_all(".moves") else {
        return;
    };
    for i in 0..lists.length() {
        let Some(list) = lists.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) else {
            continue;
        };
        match list.query_selector(".move.current").ok().flatten() {
            Some(current) => bring_into_view(&list, &current),
            None => list.set_scroll_top(0),
        }
    }
}

/// Scrolls `list` by the least that shows `item` whole (with a margin).
fn bring_into_view(list: &HtmlElement, item: &Element) {
    const MARGIN: f64 = 8.0;
    let (outer, inner) = (
        list.get_bounding_client_rect(),
        item.get_bounding_client_rect(),
    );
    let by = if inner.top() < outer.top() + MARGIN {
        inner.top() - outer.top() - MARGIN
    } else if inner.bottom() > outer.bottom() - MARGIN {
        inner.bottom() - outer.bottom() + MARGIN
    } else {
        return;
    };
    list.set_scroll_top(list.scroll_top() + by.round() as i32);
}
