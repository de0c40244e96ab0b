//! The Share dialog: the link to the game as it is seen now.

use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::i18n::Texts;

use super::{CopyField, Modal};

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub lang: Lang,
    pub link: AttrValue,
    /// The embed builder for the same game.
    #[prop_or_default]
    pub builder: Option<AttrValue>,
    pub on_close: Callback<()>,
}

/// The link to the game as it is seen now, copied at once.
#[function_component(ShareDialog)]
pub fn share_dialog(props: &ShareProps) -> Html {
    let t = props.lang.text();
    html! {
        <Modal title={t.share.share_title} lang={props.lang} on_close={props.on_close.clone()}>
            <p class="note">{ t.share.share_text }</p>
            <CopyField lang={props.lang} label={t.share.link_label} value={Some(props.link.clone())}
                testid="share-link" copy_at_once=true />
            <div class="dialog-buttons">
                if let Some(builder) = &props.builder {
                    <a class="button" href={builder.clone()} data-testid="open-builder">{ t.share.embed_in_post }</a>
                }
                <button type="button" class="button" onclick={props.on_close.reform(|_| ())}>{ t.play.close }</button>
            </div>
        </Modal>
    }
}
