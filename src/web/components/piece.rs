//! A piece as a round tile with its letter: light tiles for White, dark tiles
//! for Black, promoted letters in red.

use yew::prelude::*;

use crate::protocol::{KindView, Side};

pub fn tile(side: Side, kind: &KindView) -> Html {
    let class = classes!("piece", side.id(), kind.promoted.then_some("promoted"));
    html! {
        <span {class} aria-hidden="true">
            <span class="letter">{ kind.letter }</span>
        </span>
    }
}

/// "White Pawn", "Black Guard".
pub fn piece_name(side: Side, kind: &KindView) -> String {
    format!("{} {}", side.name(), kind.name)
}
