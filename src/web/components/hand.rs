//! A player's hand: one fixed slot per hand kind of the game, in the engine's
//! order, each with a count badge; the owner's name and clock above it.
//! Its input is the board's ([`super::board::Board`] reads the slots'
//! `data-hand` and `data-kind`).

use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::{Lang, Player, Side, Snapshot};
use crate::web::components::piece::tile;
use crate::web::i18n::{fill, one_player_here, piece_name, Texts};
use crate::web::prefs::PieceSet;
use crate::web::state::Origin;

/// A clock as a hand shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockFace {
    /// The time left, as shown (`4:59`, `0:09.3`): the main time, then in
    /// byoyomi the period's.
    pub text: String,
    /// With byoyomi: the periods left and their length (`3×30 s`).
    pub byoyomi: Option<String>,
    /// In byoyomi now (the main time is spent).
    pub in_byoyomi: bool,
    pub running: bool,
    /// Running, under ten seconds before a period or the game is lost.
    pub low: bool,
}

#[derive(Properties, PartialEq)]
pub struct HandProps {
    pub snap: Rc<Snapshot>,
    pub side: Side,
    /// `top` or `bottom` (the CSS places them).
    pub position: &'static str,
    pub lang: Lang,
    pub pieces: PieceSet,
    /// The slot picked up, if this hand's player is moving (or choosing a
    /// premove).
    pub selected: Option<Origin>,
    /// The kind a premove drops from this hand.
    pub premove: Option<u8>,
    /// The player may drop from this hand now.
    pub movable: bool,
    pub clock: Option<ClockFace>,
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let (snap, side, t) = (&props.snap, props.side, props.lang.text());
    let to_move = snap.ending.is_none() && snap.to_move == side;
    let slots = (0..snap.hand_kinds).filter_map(|k| {
        let kind = snap.kind(k)?;
        let count = snap.hand(side, k);
        let selected = props.movable && props.selected == Some(Origin::Hand(k));
        let pickable = props.movable && count > 0;
        let class = classes!(
            "hand-slot",
            (count == 0).then_some("empty"),
            selected.then_some("selected"),
            pickable.then_some("pickable"),
            (props.premove == Some(k)).then_some("premove"),
        );
        let label = fill(
            t.play.hand_slot,
            &[
                ("side", t.side(side)),
                ("count", &count.to_string()),
                ("piece", &piece_name(t.lang, kind)),
            ],
        );
        // The name begins with the text the slot shows (the letter of an
        // international piece, the count once there is one), so that speech
        // input can name it too.
        let shown: Vec<String> = [
            (props.pieces == PieceSet::International).then(|| kind.letter.to_string()),
            (count > 0).then(|| count.to_string()),
        ]
        .into_iter()
        .flatten()
        .collect();
        let label = if shown.is_empty() {
            label
        } else {
            format!("{}, {label}", shown.join(" "))
        };
        Some(html! {
            <div key={k as u64} {class} data-hand={side.id()} data-piece={kind.letter.to_string()} data-kind={k.to_string()}
                data-count={count.to_string()} aria-label={label} role="button"
                tabindex={if count > 0 { "0" } else { "-1" }}>
                { tile(side, kind, props.pieces) }
                if count > 0 {
                    { " " }
                    <span class="count" aria-hidden="true">{ count }</span>
                }
            </div>
        })
    });
    let class = classes!(
        "hand",
        props.position,
        side.id(),
        to_move.then_some("to-move")
    );
    html! {
        <div {class} aria-label={fill(t.play.hand, &[("side", t.side(side))])}>
            <div class="hand-owner">
                <span class={classes!("turn-dot", side.id())}></span>
                // Who plays this side: "You" and "Computer" with its level
                // against the computer, "You" and "Friend" against a friend
                // on another device, the side's name between two players at
                // one device (the dot shows the colour).
                <span class="hand-name" data-testid={format!("player-{}", side.id())}>
                    if one_player_here(snap.players) {
                        { t.player(snap.players, side) }
                        if snap.players[side.index()] == Player::Computer {
                            <span class="hand-level">{ fill(t.play.level_number, &[("n", &snap.level.to_string())]) }</span>
                        }
                    } else {
                        { t.side(side) }
                    }
                </span>
                if let Some(clock) = &props.clock {
                    <span class={classes!("clock", clock.running.then_some("running"), clock.low.then_some("low"),
                        clock.in_byoyomi.then_some("byoyomi"))}
                        data-testid={format!("clock-{}", side.id())} role="timer">
                        <span class="clock-time">{ clock.text.clone() }</span>
                        if let Some(periods) = &clock.byoyomi {
                            <span class="clock-periods" data-testid={format!("periods-{}", side.id())}>
                                { periods.clone() }
                            </span>
                        }
                    </span>
                }
            </div>
            <div class="hand-slots">{ for slots }</div>
        </div>
    }
}
