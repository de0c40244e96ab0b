//! The Record dialog: the game as FEN and PGN to copy, and a field to
//! paste one to play from.

use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::i18n::{fill, Texts};

use super::{CopyField, Modal};

#[derive(Properties, PartialEq)]
pub struct RecordProps {
    pub lang: Lang,
    /// The position on the board as FEN.
    pub fen: AttrValue,
    /// The game as PGN (`None` until the worker has written it).
    pub pgn: Option<AttrValue>,
    pub loading: bool,
    pub error: Option<AttrValue>,
    /// Play on from a pasted text.
    pub on_load: Callback<String>,
    pub on_close: Callback<()>,
}

/// The game as FEN and PGN to copy, and a field to paste one to play from.
#[function_component(RecordDialog)]
pub fn record_dialog(props: &RecordProps) -> Html {
    let t = props.lang.text();
    let paste = use_node_ref();
    let load = {
        let paste = paste.clone();
        let on_load = props.on_load.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = paste.cast::<web_sys::HtmlTextAreaElement>() {
                on_load.emit(area.value());
            }
        })
    };
    html! {
        <Modal title={t.share.record_title} lang={props.lang} on_close={props.on_close.clone()}>
            <CopyField lang={props.lang} label={t.share.fen_label} value={Some(props.fen.clone())} testid="fen" />
            <CopyField lang={props.lang} label={t.share.pgn_label} value={props.pgn.clone()} rows={5} testid="pgn" />
            <label class="field">
                <span class="field-label">{ t.share.paste_label }</span>
                <textarea rows="4" data-testid="paste" ref={paste} spellcheck="false"
                    placeholder="[Variant \"Mansindam\"] 1. Pe4 … / rnbakqcnm/9/…[] w - - 0 1" />
            </label>
            if let Some(e) = &props.error {
                <p class="load-error" role="alert" data-testid="load-error">
                    { fill(t.share.bad_record, &[("error", e)]) }</p>
            }
            <div class="dialog-buttons">
                <button type="button" class="button" onclick={props.on_close.reform(|_| ())}>{ t.play.close }</button>
                <button type="button" class="button primary" data-testid="load" onclick={load}
                    disabled={props.loading}>{ t.share.play_from_record }</button>
            </div>
        </Modal>
    }
}
