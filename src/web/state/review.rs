//! Looking back: an earlier position of the game on the board, and the one
//! asked of the worker and not shown yet.

use std::rc::Rc;

use crate::protocol::{Request, Snapshot};

use super::State;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Review {
    /// A past position of the game being looked at (the board shows it and
    /// takes no moves until the player is back at the last move).
    pub viewing: Option<Rc<Snapshot>>,
    /// A past position asked of the worker and not shown yet: steps go on
    /// from it (keys pressed faster than the worker answers all count).
    pub asked_ply: Option<usize>,
}

impl Review {
    /// The game moved on to `live`: looking back goes on while the game
    /// only grows (the computer moved); a new game, or a take-back to or
    /// before the position looked at, ends it, and a position asked for
    /// that the game no longer has will not come.
    pub fn follow(&mut self, live: &Snapshot, new_game: bool) {
        if new_game {
            self.asked_ply = None;
        }
        if self
            .viewing
            .as_ref()
            .is_some_and(|past| !is_past_of(past, live))
        {
            self.viewing = None;
        }
        if self.asked_ply.is_some_and(|ply| ply >= live.san.len()) {
            self.asked_ply = None;
        }
    }

    /// A past position came; it is shown if it is one of `live`'s.
    pub fn show(&mut self, past: Rc<Snapshot>, live: Option<&Snapshot>) -> bool {
        if self.asked_ply == Some(past.san.len()) {
            self.asked_ply = None;
        }
        let shown = live.is_some_and(|live| is_past_of(&past, live));
        if shown {
            self.viewing = Some(past);
        }
        shown
    }
}

/// Whether `past` is an earlier position of the game `live`.
fn is_past_of(past: &Snapshot, live: &Snapshot) -> bool {
    live.game_id == past.game_id
        && past.san.len() < live.san.len()
        && live.san.starts_with(&past.san)
}

#[derive(Clone, Debug, PartialEq)]
pub enum ReviewAction {
    /// Show the position after this many moves (the last one: the game).
    ShowPly(usize),
    /// A past position of the game, to look at.
    Past(Rc<Snapshot>),
}

impl State {
    /// Looking back: returns the position asked of the worker.
    pub(super) fn reduce_review(&mut self, action: ReviewAction) -> Option<Request> {
        match action {
            ReviewAction::ShowPly(ply) => {
                let last = self.snapshot.as_ref().map_or(0, |s| s.san.len());
                if ply >= last {
                    self.review = Review::default();
                } else {
                    self.review.asked_ply = Some(ply);
                    return Some(Request::ShowMove(ply as u32));
                }
            }
            ReviewAction::Past(past) => {
                if self.review.show(past, self.snapshot.as_deref()) {
                    self.gesture.clear();
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::testing;

    #[test]
    fn a_position_asked_for_is_awaited_while_the_game_still_has_it() {
        let mut session = testing::game("mansindam", None);
        testing::play(&mut session, "e3e4");
        let live = session.snapshot();
        let mut review = Review {
            asked_ply: Some(0),
            ..Review::default()
        };
        review.follow(&live, false);
        assert_eq!(review.asked_ply, Some(0), "the start is still the game's");
        review.asked_ply = Some(1);
        review.follow(&live, false);
        assert_eq!(review.asked_ply, None, "the position now is not a past one");
    }
}
