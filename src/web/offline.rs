//! Offline play: registers the service worker (`static/sw.js`) and tells the
//! page when a new version of the site has been installed beside the one
//! running, so that the player can switch to it with one tap. Until then the
//! page keeps running on its own build's files.

use gloo::events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};
use yew::Callback;

fn container() -> Option<ServiceWorkerContainer> {
    let window = web_sys::window()?;
    let navigator = window.navigator();
    // Service workers need a secure page (https or localhost) and a browser
    // that has them; without, the game simply needs the network.
    let has =
        js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false);
    (window.is_secure_context() && has).then(|| navigator.service_worker())
}

/// Registers the service worker; `on_update` is called once a new version
/// is installed and waits for [`take_over`].
pub fn register(on_update: Callback<()>) {
    let Some(container) = container() else { return };
    spawn_local(async move {
        let Ok(registration) = JsFuture::from(container.register("sw.js")).await else {
            return;
        };
        let registration: ServiceWorkerRegistration = registration.unchecked_into();
        // A page that was already served by a service worker is an old
        // version when another one is waiting or being installed. (On a
        // first visit there is no controller: the new worker is the only one.)
        let updated = {
            let container = container.clone();
            move || container.controller().is_some()
        };
        if registration.waiting().is_some() && updated() {
            on_update.emit(());
        }
        let watch = move |worker: ServiceWorker| {
            let on_update = on_update.clone();
            let updated = updated.clone();
            let target = worker.clone();
            EventListener::new(&target, "statechange", move |_| {
                if worker.state() == ServiceWorkerState::Installed && updated() {
                    on_update.emit(());
                }
            })
            .forget();
        };
        if let Some(installing) = registration.installing() {
            watch(installing.clone());
        }
        let found = registration.clone();
        EventListener::new(&registration, "updatefound", move |_| {
            if let Some(installing) = found.installing() {
                watch(installing);
            }
        })
        .forget();
    });
}

/// Switches to the waiting new version: it takes over, and the page reloads
/// with the new build's files (the game in progress is saved).
pub fn take_over() {
    let Some(container) = container() else { return };
    EventListener::once(&container, "controllerchange", |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    })
    .forget();
    spawn_local(async move {
        let Ok(registration) = JsFuture::from(container.get_registration()).await else {
            return;
        };
        let Some(registration) = registration.dyn_into::<ServiceWorkerRegistration>().ok() else {
            return;
        };
        if let Some(waiting) = registration.waiting() {
            let _ = waiting.post_message(&JsValue::from_str("take-over"));
        }
    });
}
