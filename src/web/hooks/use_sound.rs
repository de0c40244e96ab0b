use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::Snapshot;
use crate::web::sound::{self, Sound};

/// A sound for each move, unless the player turned them off.
#[hook]
pub fn use_sound(snap: Option<Rc<Snapshot>>, on: bool) {
    let previous: Rc<RefCell<Option<Rc<Snapshot>>>> = use_mut_ref(|| None);
    use_effect_with(snap, move |snap| {
        let before = previous.replace(snap.clone());
        if let (Some(before), Some(now), true) = (before, snap, on) {
            if let Some(s) = Sound::between(&before, now) {
                sound::play(s);
            }
        }
    });
}
