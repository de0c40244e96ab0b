//! The choice button the dialogs share: one of a group, pressed when on.

use yew::prelude::*;

/// One of a group of choices (pressed when `on`), with an optional note.
pub fn choice_button(
    testid: String,
    title: &'static str,
    note: &'static str,
    on: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button type="button" class={classes!("choice", on.then_some("on"))} data-testid={testid}
            aria-pressed={on.to_string()} {onclick}>
            <span class="choice-title">{ title }</span>
            if !note.is_empty() {
                <span class="choice-note">{ note }</span>
            }
        </button>
    }
}
