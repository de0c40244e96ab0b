//! The rules help: each game's special rules in words, and every piece with
//! a diagram of its moves drawn from the engine's move data, paired with
//! what it promotes to.

use yew::prelude::*;

use crate::protocol::Lang;
use crate::protocol::{KindView, Side, Snapshot};
use crate::web::i18n::{piece_name, Texts};
use crate::web::move_grid::{move_grid, Mark};
use crate::web::prefs::PieceSet;

use super::dialogs::Modal;
use super::piece::tile;

#[derive(Properties, PartialEq)]
pub struct RulesProps {
    pub lang: Lang,
    pub pieces: PieceSet,
    /// The game whose rules are shown (its variant and piece kinds).
    pub snap: std::rc::Rc<Snapshot>,
    pub on_close: Callback<()>,
}

#[function_component(RulesDialog)]
pub fn rules_dialog(props: &RulesProps) -> Html {
    let t = props.lang.text();
    let snap = &props.snap;
    let pandemonium = snap.variant == "pandemonium";
    let (points, link) = if pandemonium {
        (
            t.rules.rules_pandemonium,
            "https://www.chessvariants.com/invention/pandemonium",
        )
    } else {
        (
            t.rules.rules_mansindam,
            "https://www.chessvariants.com/rules/mansindam",
        )
    };
    let one = |kind: &KindView| {
        let grid = move_grid(kind.atoms);
        html! {
            <div class="piece-rule">
                <span class="rule-tile">{ tile(Side::White, kind, props.pieces) }</span>
                <span class="rule-name">
                    { piece_name(props.lang, kind) }
                    <span class="rule-betza">{ format!("{} · {}", kind.letter, kind.betza) }</span>
                </span>
                <span class="diagram" aria-hidden="true">
                    { for grid.iter().flatten().map(|m| html! { <span class={mark_class(*m)}></span> }) }
                </span>
            </div>
        }
    };
    // The pieces one starts with or drops, each with what it promotes to.
    let cards = snap.kinds.iter().filter(|k| !k.promoted).map(|k| {
        let promoted = k.promotes_to.and_then(|p| snap.kind(p));
        html! {
            <li class="rule-card" data-piece={k.letter.to_string()}>
                { one(k) }
                if let Some(p) = promoted {
                    <span class="promotes" aria-label={t.rules.promotes_to}>{ "⇒" }</span>
                    { one(p) }
                }
            </li>
        }
    });
    html! {
        <Modal title={format!("{} · {}", t.rules.rules_title, t.variant(&snap.variant))} lang={props.lang} on_close={props.on_close.clone()}>
            <div class="rules" data-testid="rules-help">
                <ul class="rule-points">
                    { for points.iter().map(|p| html! { <li>{ *p }</li> }) }
                </ul>
                <p class="legend">
                    <span class="mark-step"></span>{ t.rules.legend_step }
                    <span class="mark-leap"></span>{ t.rules.legend_leap }
                    <span class="mark-slide"></span>{ t.rules.legend_slide }
                </p>
                <ul class="rule-cards">{ for cards }</ul>
                <p class="rules-link">
                    <a href={link} target="_blank" rel="noopener noreferrer">{ t.rules.inventor_page }</a>
                </p>
            </div>
            <div class="dialog-buttons">
                <button type="button" class="button primary" data-testid="rules-close"
                    onclick={props.on_close.reform(|_| ())}>{ t.play.close }</button>
            </div>
        </Modal>
    }
}

fn mark_class(m: Mark) -> &'static str {
    match m {
        Mark::None => "mark-none",
        Mark::Piece => "mark-piece",
        Mark::Step => "mark-step",
        Mark::Leap => "mark-leap",
        Mark::Slide => "mark-slide",
    }
}
