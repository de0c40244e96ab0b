//! Where the inviting player gives the page the friend's reply link when
//! it could not come by itself (a chat app opened it in its own browser):
//! pasted into the field, read from the clipboard with one tap, or scanned
//! from the friend's screen with the camera where the browser reads QR
//! codes (`BarcodeDetector`).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::friend::scan::{self, Scanner};
use crate::web::i18n::{Text, Texts};

#[derive(Properties, PartialEq)]
pub struct ReplyProps {
    pub lang: Lang,
    pub on_reply: Callback<String>,
}

/// A text that holds a reply link (the field or the clipboard may hold
/// anything).
fn is_link(text: &str) -> bool {
    text.contains("#rtc=")
}

#[function_component(ReplyField)]
pub fn reply_field(props: &ReplyProps) -> Html {
    let t = props.lang.text();
    let field = use_node_ref();
    // What the paste or the camera could not do, said below the field.
    let note = use_state(|| None::<&'static str>);
    let scanner = use_mut_ref(|| None::<Scanner>);
    let scanning = use_state(|| false);
    let video = use_node_ref();
    let connect = {
        let (field, on_reply) = (field.clone(), props.on_reply.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = field.cast::<web_sys::HtmlInputElement>() {
                on_reply.emit(input.value());
            }
        })
    };
    let paste = paste(field.clone(), note.clone(), props.on_reply.clone(), t);
    let scan = scan(
        Camera {
            scanner: scanner.clone(),
            scanning: scanning.clone(),
            video: video.clone(),
        },
        note.clone(),
        props.on_reply.clone(),
        t,
    );
    // The camera stops when the field goes (the game began, the dialog
    // closed).
    {
        let scanner = scanner.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(s) = scanner.borrow_mut().take() {
                    s.stop();
                }
            }
        });
    }
    html! {
        <div class="reply-box" data-testid="reply-box">
            <div class="reply-field">
                <label class="field">
                    <span class="field-label">{ t.friend.paste_reply }</span>
                    <input type="text" ref={field} data-testid="reply-paste" spellcheck="false"
                        autocomplete="off" placeholder={t.friend.paste_reply_help} />
                </label>
                <button type="button" class="button" data-testid="reply-connect" onclick={connect}>
                    { t.friend.use_reply }
                </button>
            </div>
            <div class="reply-ways">
                <button type="button" class="button" data-testid="reply-from-clipboard" onclick={paste}>
                    { t.friend.paste_button }
                </button>
                if scan::available() {
                    <button type="button" class="button" data-testid="reply-scan" onclick={scan}
                        aria-pressed={(*scanning).to_string()}>
                        { if *scanning { t.friend.scan_stop } else { t.friend.scan_button } }
                    </button>
                }
            </div>
            <video ref={video} class="reply-camera" data-testid="reply-camera" hidden={!*scanning}
                muted=true playsinline=true aria-label={t.friend.scan_button}></video>
            if let Some(note) = *note {
                <p class="note" role="alert" data-testid="reply-note">{ note }</p>
            }
        </div>
    }
}

/// The clipboard button: reads a reply link from the clipboard, puts it
/// in the field and sends it (or says why it could not).
fn paste(
    field: NodeRef,
    note: UseStateHandle<Option<&'static str>>,
    on_reply: Callback<String>,
    t: &'static Text,
) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let read = window.navigator().clipboard().read_text();
        let (field, on_reply, note) = (field.clone(), on_reply.clone(), note.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let text = JsFuture::from(read).await.ok().and_then(|v| v.as_string());
            match text {
                Some(text) if is_link(&text) => {
                    if let Some(input) = field.cast::<web_sys::HtmlInputElement>() {
                        input.set_value(text.trim());
                    }
                    note.set(None);
                    on_reply.emit(text);
                }
                Some(_) => note.set(Some(t.friend.paste_not_link)),
                None => note.set(Some(t.friend.paste_refused)),
            }
        });
    })
}

/// The camera of the field: the scanner while it runs, whether it does,
/// and the video it shows.
struct Camera {
    scanner: Rc<RefCell<Option<Scanner>>>,
    scanning: UseStateHandle<bool>,
    video: NodeRef,
}

/// The camera button: starts scanning for a reply link's QR code (sent as
/// soon as it is read), or stops the scan under way.
fn scan(
    camera: Camera,
    note: UseStateHandle<Option<&'static str>>,
    on_reply: Callback<String>,
    t: &'static Text,
) -> Callback<MouseEvent> {
    let Camera {
        scanner,
        scanning,
        video,
    } = camera;
    Callback::from(move |_: MouseEvent| {
        if let Some(old) = scanner.borrow_mut().take() {
            old.stop();
            scanning.set(false);
            return;
        }
        scanning.set(true);
        let (scanner, scanning, video) = (scanner.clone(), scanning.clone(), video.clone());
        let (on_reply, note) = (on_reply.clone(), note.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let found = {
                let (scanner, scanning) = (scanner.clone(), scanning.clone());
                move |text: String| {
                    if let Some(s) = scanner.borrow_mut().take() {
                        s.stop();
                    }
                    scanning.set(false);
                    on_reply.emit(text);
                }
            };
            let Some(element) = video.cast::<web_sys::HtmlVideoElement>() else {
                return;
            };
            match Scanner::start(element, is_link, found).await {
                Ok(s) => *scanner.borrow_mut() = Some(s),
                Err(_) => {
                    scanning.set(false);
                    note.set(Some(t.friend.scan_refused));
                }
            }
        });
    })
}
