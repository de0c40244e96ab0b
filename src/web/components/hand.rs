//! A player's hand: one fixed slot per hand kind of the game, in the engine's
//! order, each with a count badge.

use yew::prelude::*;

use crate::protocol::{Side, Snapshot};
use crate::web::clock::format as format_clock;
use crate::web::i18n::{fill, piece_name};
use crate::web::prefs::PieceSet;
use crate::web::state::{Origin, State};

use super::piece::tile;

pub fn hand(state: &State, snap: &Snapshot, side: Side, position: &'static str) -> Html {
    let t = state.text();
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
        let label = fill(
            t.hand_slot,
            &[
                ("side", t.side(side)),
                ("count", &count.to_string()),
                ("piece", &piece_name(t.lang, &snap.variant, kind)),
            ],
        );
        // The name begins with the text the slot shows (the letter of an
        // international piece, the count once there is one), so that speech
        // input can name it too.
        let label = match (state.prefs.pieces, count) {
            (PieceSet::International, 0) => format!("{}, {label}", kind.letter),
            (PieceSet::International, _) => format!("{} {count}, {label}", kind.letter),
            (PieceSet::Traditional, 0) => label,
            (PieceSet::Traditional, _) => format!("{count}, {label}"),
        };
        Some(html! {
            <div key={k as u64} {class} data-hand={side.id()} data-piece={kind.letter.to_string()} data-kind={k.to_string()}
                data-count={count.to_string()} aria-label={label} role="button"
                tabindex={if count > 0 { "0" } else { "-1" }}>
                { tile(side, kind, state.prefs.pieces) }
                if count > 0 {
                    { " " }
                    <span class="count" aria-hidden="true">{ count }</span>
                }
            </div>
        })
    });
    let class = classes!("hand", position, side.id(), to_move.then_some("to-move"));
    html! {
        <div {class} aria-label={fill(t.hand, &[("side", t.side(side))])}>
            <div class="hand-owner">
                <span class={classes!("turn-dot", side.id())}></span>
                <span class="hand-name">{ format!("{} · {}", t.side(side), t.player(snap.players, side)) }</span>
                if let Some(clock) = &state.clock {
                    <span class={classes!(
                            "clock",
                            (clock.running() == Some(side)).then_some("running"),
                            (clock.left(side, state.now) < 10_000.0).then_some("low"),
                        )}
                        data-testid={format!("clock-{}", side.id())} role="timer">
                        { format_clock(clock.left(side, state.now)) }
                    </span>
                }
            </div>
            <div class="hand-slots">{ for slots }</div>
        </div>
    }
}
