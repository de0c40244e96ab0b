//! A player's hand: one fixed slot per hand kind of the game, in the engine's
//! order, each with a count badge.

use yew::prelude::*;

use crate::protocol::{Side, Snapshot};
use crate::web::state::{Origin, State};

use super::piece::tile;

pub fn hand(state: &State, snap: &Snapshot, side: Side, position: &'static str) -> Html {
    let to_move = snap.ending.is_none() && snap.to_move == side;
    let slots = (0..snap.hand_kinds).filter_map(|k| {
        let kind = snap.kind(k)?;
        let count = snap.hand(side, k);
        let selected = to_move && state.selected == Some(Origin::Hand(k));
        let pickable = to_move && count > 0 && state.can_pick(Origin::Hand(k));
        let class = classes!(
            "hand-slot",
            (count == 0).then_some("empty"),
            selected.then_some("selected"),
            pickable.then_some("pickable"),
        );
        let label = format!("{}'s hand: {} {}", side.name(), count, kind.name);
        Some(html! {
            <div key={k as u64} {class} data-hand={side.id()} data-piece={kind.letter.to_string()} data-kind={k.to_string()}
                data-count={count.to_string()} aria-label={label} role="button">
                { tile(side, kind) }
                if count > 0 {
                    <span class="count" aria-hidden="true">{ count }</span>
                }
            </div>
        })
    });
    let class = classes!("hand", position, side.id(), to_move.then_some("to-move"));
    html! {
        <div {class} aria-label={format!("{}'s hand", side.name())}>
            <div class="hand-owner">
                <span class={classes!("turn-dot", side.id())}></span>
                <span class="hand-name">{ player_label(snap, side) }</span>
            </div>
            <div class="hand-slots">{ for slots }</div>
        </div>
    }
}

/// "White · You", "Black · Computer".
fn player_label(snap: &Snapshot, side: Side) -> String {
    use crate::protocol::Player;
    let vs_computer = snap.players.contains(&Player::Computer);
    let who = match (snap.players[side.index()], vs_computer) {
        (Player::Computer, _) => "Computer",
        (Player::Human, true) => "You",
        (Player::Human, false) => "Player",
    };
    format!("{} · {}", side.name(), who)
}
