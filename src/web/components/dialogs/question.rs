//! A yes/no question before a move that loses by repetition or before
//! resigning.

use yew::prelude::*;

use crate::protocol::Lang;

use super::Modal;

#[derive(Properties, PartialEq)]
pub struct QuestionProps {
    pub title: AttrValue,
    pub text: AttrValue,
    pub yes: AttrValue,
    pub no: AttrValue,
    pub testid: AttrValue,
    pub lang: Lang,
    /// "No" is the answer Enter gives and the one set out as the main
    /// button (where "yes" would lose the game).
    #[prop_or_default]
    pub no_by_default: bool,
    pub on_answer: Callback<bool>,
}

/// A yes/no question; the default answer has the focus.
#[function_component(Question)]
pub fn question(props: &QuestionProps) -> Html {
    let answer = |yes: bool| props.on_answer.reform(move |_| yes);
    let (yes_ref, no_ref) = (use_node_ref(), use_node_ref());
    {
        let default = if props.no_by_default {
            no_ref.clone()
        } else {
            yes_ref.clone()
        };
        use_effect_with((), move |_| {
            if let Some(button) = default.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    let class = |yes: bool| classes!("button", (yes != props.no_by_default).then_some("primary"));
    html! {
        <Modal title={props.title.clone()} lang={props.lang} on_close={props.on_answer.reform(|_| false)}>
            <p class="question" data-testid={props.testid.clone()}>{ props.text.clone() }</p>
            <div class="dialog-buttons">
                <button type="button" class={class(false)} data-testid="answer-no" ref={no_ref}
                    onclick={answer(false)}>
                    { props.no.clone() }
                </button>
                <button type="button" class={class(true)} data-testid="answer-yes" ref={yes_ref}
                    onclick={answer(true)}>
                    { props.yes.clone() }
                </button>
            </div>
        </Modal>
    }
}
