//! A piece, in the player's piece set: a round tile with its SAN letter
//! (light for White, dark for Black), a shogi-style pentagon tile with its
//! Chinese character pointing at the opponent, or a chess figure. Promoted
//! pieces are red in every set, and ringed (international, figurine) or
//! drawn on a darker tile (traditional), so colour is never the only sign.

use yew::prelude::*;

use crate::protocol::{KindView, Side};
use crate::web::i18n::character;
use crate::web::prefs::PieceSet;

/// The characters, drawn from a font's outlines so that they look the same
/// on every device (`static/pieces/kanji.svg`, made by `tools/glyphs.py`).
const SPRITE: &str = "pieces/kanji.svg";

/// The chess figures, one symbol per way of moving (`f-` and the Betza
/// notation: `f-RN` for a Rook and Knight), so that the same figure draws
/// a piece that moves alike in both games (`static/pieces/figurine.svg`,
/// made by `tools/figurines.py`). Loaded only when the set is chosen.
const FIGURES: &str = "pieces/figurine.svg";

pub fn tile(side: Side, kind: &KindView, set: PieceSet) -> Html {
    let class = classes!(
        "piece",
        side.id(),
        kind.promoted.then_some("promoted"),
        (set == PieceSet::Traditional).then_some("kanji"),
        (set == PieceSet::Figurine).then_some("figurine"),
    );
    match set {
        PieceSet::International => html! {
            <span {class} aria-hidden="true">
                <span class="letter">{ kind.letter }</span>
            </span>
        },
        PieceSet::Traditional => {
            let glyph = format!("{SPRITE}#k-{:X}", u32::from(character(side, kind)));
            html! {
                <span {class} aria-hidden="true">
                    <svg viewBox="0 0 100 100">
                        <polygon class="tile-body" points="50,2 84,15 93,97 7,97 16,15" />
                        <use class="glyph" href={glyph} x="17" y="24" width="66" height="66" />
                    </svg>
                </span>
            }
        }
        PieceSet::Figurine => html! {
            <span {class} aria-hidden="true">
                <svg viewBox="0 0 100 100">
                    <use href={format!("{FIGURES}#f-{}", kind.betza)} />
                </svg>
            </span>
        },
    }
}
