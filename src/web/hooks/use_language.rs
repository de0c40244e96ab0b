use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::bridge::WorkerHandle;
use crate::web::i18n::Texts;

/// The page's language: on `<html lang>`, in the document's title, and in
/// the worker's refusals.
#[hook]
pub fn use_language(lang: Lang, worker: &WorkerHandle) {
    let worker = worker.clone();
    use_effect_with(lang, move |lang| {
        worker.set_lang(*lang);
        let t = lang.text();
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        document.set_title(&format!("{} & {}", t.play.mansindam, t.play.pandemonium));
        if let Some(root) = document.document_element() {
            let _ = root.set_attribute("lang", lang.id());
        }
    });
}
