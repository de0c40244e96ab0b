//! Reading a QR code with the camera, where the browser can: its own
//! `BarcodeDetector` (no decoder of ours is shipped), fed the frames of a
//! `<video>` that shows the camera. Used to take the friend's reply link
//! from their screen.

use std::cell::Cell;
use std::rc::Rc;

use gloo::timers::callback::Interval;
use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlVideoElement, MediaStream, MediaStreamConstraints, MediaStreamTrack};

/// How often a frame is looked at.
const EVERY_MS: u32 = 250;

/// The browser reads QR codes and has a camera API.
pub fn available() -> bool {
    web_sys::window().is_some_and(|w| {
        Reflect::has(&w, &"BarcodeDetector".into()).unwrap_or(false)
            && Reflect::has(&w.navigator(), &"mediaDevices".into()).unwrap_or(false)
    })
}

/// The camera on, its frames looked at until a code is found or it is
/// stopped.
pub struct Scanner {
    stream: MediaStream,
    video: HtmlVideoElement,
    _timer: Interval,
}

impl Scanner {
    /// Turns the back camera on in `video` and looks for a QR code whose
    /// text `accept`s; `found` is given the first.
    pub async fn start(
        video: HtmlVideoElement,
        accept: fn(&str) -> bool,
        found: impl Fn(String) + 'static,
    ) -> Result<Scanner, JsValue> {
        let window = web_sys::window().ok_or("no window")?;
        let devices = window.navigator().media_devices()?;
        let constraints = MediaStreamConstraints::new();
        let camera = Object::new();
        Reflect::set(&camera, &"facingMode".into(), &"environment".into())?;
        constraints.set_video(&camera);
        let stream: MediaStream =
            JsFuture::from(devices.get_user_media_with_constraints(&constraints)?)
                .await?
                .dyn_into()?;
        video.set_src_object(Some(&stream));
        let _ = JsFuture::from(video.play()?).await;
        let detector = detector(&window)?;
        let detect: Function = Reflect::get(&detector, &"detect".into())?.dyn_into()?;
        let busy = Rc::new(Cell::new(false));
        let found = Rc::new(found);
        let frames = video.clone();
        let timer = Interval::new(EVERY_MS, move || {
            if busy.replace(true) {
                return;
            }
            let Ok(promise) = detect.call1(&detector, &frames) else {
                return busy.set(false);
            };
            let (busy, found) = (busy.clone(), found.clone());
            wasm_bindgen_futures::spawn_local(async move {
                // A frame not ready yet is refused: the next one is tried.
                let codes = JsFuture::from(js_sys::Promise::from(promise)).await;
                let text = codes.ok().and_then(|codes| {
                    Array::from(&codes).iter().find_map(|code| {
                        let text = Reflect::get(&code, &"rawValue".into()).ok()?.as_string()?;
                        accept(&text).then_some(text)
                    })
                });
                match text {
                    Some(text) => found(text),
                    None => busy.set(false),
                }
            });
        });
        Ok(Scanner {
            stream,
            video,
            _timer: timer,
        })
    }

    /// The camera off.
    pub fn stop(self) {
        for track in self.stream.get_tracks().iter() {
            if let Ok(track) = track.dyn_into::<MediaStreamTrack>() {
                track.stop();
            }
        }
        self.video.set_src_object(None);
    }
}

/// A `BarcodeDetector` for QR codes.
fn detector(window: &web_sys::Window) -> Result<JsValue, JsValue> {
    let class: Function = Reflect::get(window, &"BarcodeDetector".into())?.dyn_into()?;
    let options = Object::new();
    Reflect::set(&options, &"formats".into(), &Array::of1(&"qr_code".into()))?;
    Reflect::construct(&class, &Array::of1(&options))
}
