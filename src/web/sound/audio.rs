//! The sounds' notes, played with Web Audio.

use std::cell::RefCell;

use web_sys::{AudioContext, AudioContextState, OscillatorType};

use super::Sound;

thread_local! {
    /// Made on the first sound (browsers allow audio after a user gesture,
    /// and the first sound follows the player's first move).
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// A note: frequency (Hz), start and length (s) from now, loudness.
type Note = (f32, f64, f64, f32);

fn notes(sound: Sound) -> &'static [Note] {
    match sound {
        Sound::Move => &[(440.0, 0.0, 0.07, 0.22)],
        Sound::Capture => &[(520.0, 0.0, 0.05, 0.25), (330.0, 0.05, 0.09, 0.25)],
        Sound::Check => &[(880.0, 0.0, 0.08, 0.16), (880.0, 0.12, 0.08, 0.16)],
        Sound::End => &[
            (523.3, 0.0, 0.16, 0.16),
            (659.3, 0.16, 0.16, 0.16),
            (784.0, 0.32, 0.36, 0.16),
        ],
    }
}

/// Plays a sound, and marks it on `<html data-sound>` (for tests). Any
/// failure (no Web Audio, a blocked context) is silent.
pub fn play(sound: Sound) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-sound", sound.id());
    }
    let _ = CONTEXT.with(|cell| -> Result<(), wasm_bindgen::JsValue> {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = Some(AudioContext::new()?);
        }
        let ctx = cell.as_ref().expect("made above");
        if ctx.state() == AudioContextState::Suspended {
            let _ = ctx.resume();
        }
        let now = ctx.current_time();
        for &(freq, start, length, loudness) in notes(sound) {
            let osc = ctx.create_oscillator()?;
            osc.set_type(OscillatorType::Triangle);
            osc.frequency().set_value(freq);
            let gain = ctx.create_gain()?;
            let (t0, t1) = (now + start, now + start + length);
            gain.gain().set_value_at_time(loudness, t0)?;
            gain.gain().exponential_ramp_to_value_at_time(0.001, t1)?;
            osc.connect_with_audio_node(&gain)?;
            gain.connect_with_audio_node(&ctx.destination())?;
            osc.start_with_when(t0)?;
            osc.stop_with_when(t1)?;
        }
        Ok(())
    });
}
