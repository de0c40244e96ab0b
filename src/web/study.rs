//! The analysis board's place in the page. It is built into the study
//! bundle (`src/bin/study.rs`, the `study` feature) and not into the play
//! page's wasm, so a first visit does not download it: the play page opens
//! the board by loading the study bundle ([`load`]), which then runs the
//! whole page with the board in it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::web::commands::Commands;
use crate::web::hooks::Store;
use crate::web::state::State;

/// The analysis board's panel, when it is open.
#[cfg(feature = "study")]
pub fn panel(state: &State, store: &Store, commands: &Commands) -> Option<Html> {
    let board = state.analysis.as_ref()?;
    Some(crate::web::components::analysis::panel(
        state, board, store, commands,
    ))
}

#[cfg(not(feature = "study"))]
pub fn panel(_: &State, _: &Store, _: &Commands) -> Option<Html> {
    None
}

/// The evaluation bar, when the board is open.
#[cfg(feature = "study")]
pub fn bar(state: &State) -> Option<Html> {
    let board = state.analysis.as_ref()?;
    Some(crate::web::components::analysis::eval_bar(
        board.eval(),
        state.view.flipped,
        state.text(),
    ))
}

#[cfg(not(feature = "study"))]
pub fn bar(_: &State) -> Option<Html> {
    None
}

/// In a frame, the best line instead of the status, when the board is open.
#[cfg(feature = "study")]
pub fn embed_line(state: &State) -> Option<Html> {
    let board = state.analysis.as_ref()?;
    let snap = state.snapshot.as_deref()?;
    Some(crate::web::components::analysis::embed_line(
        board,
        snap,
        state.text(),
        state.view.prefs.pieces,
    ))
}

#[cfg(not(feature = "study"))]
pub fn embed_line(_: &State) -> Option<Html> {
    None
}

/// The analyser (a second worker), while the board is open.
#[cfg(feature = "study")]
#[hook]
pub fn use_study(store: &Store) {
    crate::web::hooks::use_analyser(store);
}

#[cfg(not(feature = "study"))]
#[hook]
pub fn use_study(_store: &Store) {}

/// Whether the page's link asks for the analysis board (the play page then
/// loads the study bundle instead of starting).
pub fn wanted() -> bool {
    crate::web::storage::link().0.mode == Some(crate::web::link::Mode::Analysis)
}

/// Loads the study bundle: its wasm-bindgen glue, then the loader that
/// starts it (`static/study-loader.js`), both with the build id, so that a
/// cached old bundle never runs with a new page. Said on the page if it
/// cannot be loaded (offline before it was ever kept).
pub fn load() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(head) = document.head() else { return };
    let id = crate::web::bridge::build_id();
    for file in ["study.js", "study-loader.js"] {
        let Ok(script) = document.create_element("script") else {
            return;
        };
        let _ = script.set_attribute("src", &format!("./{file}?v={id}"));
        // Inserted scripts run in the order they were added.
        let _ = js_sys::Reflect::set(&script, &"async".into(), &false.into());
        let failed = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(status) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".status").ok().flatten())
            {
                status.set_text_content(Some(
                    "The analysis board could not be loaded: connect once to keep it for offline play.",
                ));
            }
        });
        let _ = script.add_event_listener_with_callback("error", failed.unchecked_ref());
        let _ = head.append_child(&script);
    }
}
