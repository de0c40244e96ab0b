//! Short sounds for a move, a capture, a check and the end of a game: which
//! one a change of the game makes ([`Sound::between`], tested natively), and
//! the notes, synthesised with Web Audio so the site ships no sound files.

use crate::protocol::Snapshot;

#[cfg(target_arch = "wasm32")]
mod audio;
#[cfg(target_arch = "wasm32")]
pub use audio::play;

/// A sound for what happened between two snapshots of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    Move,
    Capture,
    Check,
    End,
}

impl Sound {
    pub const fn id(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Check => "check",
            Sound::End => "end",
        }
    }

    /// What `next` sounds like after `prev`: nothing unless exactly one move
    /// was added to the same game; the end of the game over a check over a
    /// capture (a piece went to a hand) over a plain move.
    pub fn between(prev: &Snapshot, next: &Snapshot) -> Option<Sound> {
        if prev.game_id != next.game_id
            || next.san.len() != prev.san.len() + 1
            || next.san[..prev.san.len()] != prev.san[..]
        {
            return None;
        }
        let in_hands =
            |s: &Snapshot| -> u32 { s.hands.iter().flatten().map(|&c| u32::from(c)).sum() };
        Some(if next.ending.is_some() {
            Sound::End
        } else if next.check.is_some() {
            Sound::Check
        } else if in_hands(next) > in_hands(prev) {
            Sound::Capture
        } else {
            Sound::Move
        })
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::protocol::{Request, Side};
    use crate::worker::testing::{self, play, Ask};
    use crate::worker::Session;

    #[test]
    fn sounds_follow_single_moves() {
        let mut session = testing::game(
            "pandemonium",
            Some("4k4/9/9/4p4/4P4/9/9/9/4K4[R] w - - 0 1"),
        );
        let snap = |s: &Session| Rc::new(s.snapshot());
        let start = snap(&session);
        play(&mut session, "e5e6");
        let captured = snap(&session);
        assert_eq!(Sound::between(&start, &captured), Some(Sound::Capture));
        play(&mut session, "e9d9");
        let moved = snap(&session);
        assert_eq!(Sound::between(&captured, &moved), Some(Sound::Move));
        play(&mut session, "R@d1");
        let checked = snap(&session);
        assert_eq!(Sound::between(&moved, &checked), Some(Sound::Check));
        // No sound for the same snapshot, a take-back or a resignation.
        assert_eq!(Sound::between(&moved, &moved), None);
        assert_eq!(Sound::between(&moved, &start), None);
        session.ask(Request::Resign(Side::Black)).unwrap();
        assert_eq!(Sound::between(&checked, &snap(&session)), None);
        // A mate ends the game with its own sound.
        let mut session = testing::game("mansindam", Some("4k4/9/4K4/9/9/9/9/9/R8[] w - - 0 1"));
        let before = snap(&session);
        play(&mut session, "a1a9+");
        assert_eq!(Sound::between(&before, &snap(&session)), Some(Sound::End));
    }
}
