//! The modal every dialog is drawn in: a centred box over a dimmed page.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::i18n::Texts;

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    pub title: AttrValue,
    pub lang: Lang,
    pub on_close: Callback<()>,
    pub children: Html,
}

/// A centred dialog over a dimmed page. It closes by its button at the top
/// (which stays in view as the dialog scrolls, as does the row of buttons
/// at its foot), by a tap outside it, or by Escape (`use_keys`).
#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    // A click on the backdrop itself, not on the dialog (Yew hands events
    // over from the document's root, so the target is compared with the
    // backdrop's element, not with `currentTarget`).
    let backdrop = use_node_ref();
    let on_backdrop = {
        let (on_close, backdrop) = (props.on_close.clone(), backdrop.clone());
        Callback::from(move |e: MouseEvent| {
            let on_it = e
                .target()
                .zip(backdrop.get())
                .is_some_and(|(target, el)| target.dyn_ref::<web_sys::Node>() == Some(&el));
            if on_it {
                on_close.emit(());
            }
        })
    };
    let t = props.lang.text();
    html! {
        <div class="backdrop" ref={backdrop} onclick={on_backdrop}>
            <div class="dialog" role="dialog" aria-modal="true" aria-label={props.title.clone()}>
                <div class="dialog-head">
                    <h2>{ props.title.clone() }</h2>
                    <button type="button" class="button icon dialog-close" data-testid="dialog-close"
                        aria-label={t.play.close} title={t.play.close}
                        onclick={props.on_close.reform(|_| ())}>{ "✕" }</button>
                </div>
                { props.children.clone() }
            </div>
        </div>
    }
}
