//! A labelled text to read and copy to the clipboard (a link, a FEN, a
//! PGN, a code).

use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::i18n::Texts;

/// Copies a text to the clipboard. Refused (no permission, an insecure
/// page, a frame without the right): the text is still on screen to select.
fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

#[derive(Properties, PartialEq)]
pub struct CopyFieldProps {
    pub lang: Lang,
    pub label: AttrValue,
    pub value: Option<AttrValue>,
    /// A textarea of this many rows (a one-line input when 0).
    #[prop_or_default]
    pub rows: u32,
    pub testid: AttrValue,
    /// Copied as soon as it is shown (the Share button).
    #[prop_or_default]
    pub copy_at_once: bool,
}

/// A labelled text to read and copy, with its Copy button.
#[function_component(CopyField)]
pub fn copy_field(props: &CopyFieldProps) -> Html {
    let t = props.lang.text();
    let copied = use_state(|| false);
    {
        let value = props.value.clone();
        let copied = copied.clone();
        let at_once = props.copy_at_once;
        use_effect_with(value, move |value| {
            copied.set(false);
            if let (true, Some(v)) = (at_once, value) {
                copy_to_clipboard(v);
                copied.set(true);
            }
        });
    }
    let copy = {
        let copied = copied.clone();
        let value = props.value.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(v) = &value {
                copy_to_clipboard(v);
                copied.set(true);
            }
        })
    };
    let value = props.value.clone().unwrap_or_default();
    let testid = props.testid.clone();
    let select_all = Callback::from(|e: FocusEvent| {
        if let Some(field) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            field.select();
        }
    });
    let button = html! {
        <button type="button" class="button" data-testid={format!("copy-{testid}")}
            disabled={props.value.is_none()} onclick={copy}>
            { if *copied { t.share.copied } else { t.share.copy } }
        </button>
    };
    html! {
        <label class="field">
            <span class="field-label">{ props.label.clone() }</span>
            if props.rows == 0 {
                <span class="field-row">
                    <input type="text" readonly=true {value} data-testid={testid} spellcheck="false"
                        onfocus={select_all} />
                    { button }
                </span>
            } else {
                <textarea readonly=true rows={props.rows.to_string()} data-testid={testid}
                    spellcheck="false" {value} />
                <span class="field-row end">{ button }</span>
            }
        </label>
    }
}
