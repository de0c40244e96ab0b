//! What the board's input means, given the snapshot's legal moves: a tap,
//! a drag, a promotion answer or a key becomes the play action it asks for
//! (or none), and while the computer thinks, a premove.

use super::{BoardInput, Origin, PlayAction, Premove, PromotionChoice, State, Target};
use crate::protocol::{MoveView, Side};

impl State {
    /// A tap while the computer thinks: a piece of the player's is picked
    /// up (or put down again), any other square is the premove's
    /// destination; with nothing picked up, a tap elsewhere gives up the
    /// premove. (A premove onto the player's own piece, to take back there
    /// after a capture, is made by dragging: a tap on it picks it up.)
    fn premove_tap(&self, side: Side, target: Target) -> Option<PlayAction> {
        let selected = self.gesture.selected;
        let origin = match target {
            Target::Square(sq) => Origin::Square(sq),
            Target::Hand(owner, k) if owner == side => Origin::Hand(k),
            Target::Hand(..) => return self.cancel_premove(),
        };
        if self.can_pick(origin) {
            return if selected == Some(origin) {
                Some(PlayAction::Deselect)
            } else {
                Some(PlayAction::Select(origin))
            };
        }
        match (selected, target) {
            (Some(from), Target::Square(to)) => Some(PlayAction::Premove(Premove { from, to })),
            _ => self.cancel_premove(),
        }
    }

    /// Gives up the premove or the piece picked up for one, if any.
    fn cancel_premove(&self) -> Option<PlayAction> {
        if self.premove.is_some() || self.gesture.selected.is_some() {
            Some(PlayAction::CancelPremove)
        } else {
            None
        }
    }

    /// What the board's input means now.
    pub fn intent(&self, input: BoardInput) -> Option<PlayAction> {
        if let Some(side) = self.premover() {
            return match input {
                BoardInput::Tap(target) => self.premove_tap(side, target),
                BoardInput::Drop(from, to) if from != Origin::Square(to) => {
                    Some(PlayAction::Premove(Premove { from, to }))
                }
                BoardInput::Drop(..) | BoardInput::Promote(_) => None,
                BoardInput::Cancel => self.cancel_premove(),
                BoardInput::Pick(origin) => Some(PlayAction::Select(origin)),
                BoardInput::Deselect => Some(PlayAction::Deselect),
                BoardInput::Focus(square) => Some(PlayAction::Focus(square)),
            };
        }
        match input {
            BoardInput::Pick(origin) => Some(PlayAction::Select(origin)),
            BoardInput::Cancel => None,
            BoardInput::Tap(target) => self.tap(target),
            BoardInput::Deselect => Some(PlayAction::Deselect),
            BoardInput::Drop(origin, to) => self.move_to(origin, to),
            BoardInput::Promote(promote) => self.choose_promotion(promote),
            BoardInput::Focus(square) => Some(PlayAction::Focus(square)),
        }
    }

    /// A tap on a square or a hand slot.
    pub fn tap(&self, target: Target) -> Option<PlayAction> {
        let selected = self.gesture.selected;
        if let (Some(from), Target::Square(to)) = (selected, target) {
            let intent = self.move_to(from, to);
            if intent.is_some() {
                return intent;
            }
        }
        let origin = match target {
            Target::Square(sq) => Origin::Square(sq),
            Target::Hand(side, k) => match &self.snapshot {
                Some(s) if s.to_move == side => Origin::Hand(k),
                _ => return self.deselect(),
            },
        };
        if self.can_pick(origin) && selected != Some(origin) {
            Some(PlayAction::Select(origin))
        } else {
            self.deselect()
        }
    }

    fn deselect(&self) -> Option<PlayAction> {
        if self.gesture.selected.is_some() {
            Some(PlayAction::Deselect)
        } else {
            None
        }
    }

    /// The piece from `from` put on square `to` (a tap on a destination, or the
    /// end of a drag). `Nothing` when no legal move does that.
    pub fn move_to(&self, from: Origin, to: u8) -> Option<PlayAction> {
        let mut plain = None;
        let mut promoting = None;
        for m in self.moves_from(from).filter(|m| m.spec.to == to) {
            if m.spec.promotes {
                promoting = Some(*m);
            } else {
                plain = Some(*m);
            }
        }
        match (plain, promoting) {
            (Some(stay), Some(promote)) => {
                let snap = self.snapshot.as_ref().expect("moves come from a snapshot");
                let kind = match from {
                    Origin::Square(sq) => snap.piece(sq).map_or(0, |p| p.kind),
                    Origin::Hand(k) => k,
                };
                let promoted_kind = snap.kind(kind).and_then(|k| k.promotes_to).unwrap_or(kind);
                Some(PlayAction::AskPromotion(PromotionChoice {
                    to,
                    promote: promote.spec,
                    stay: stay.spec,
                    promoted_kind,
                    kind,
                }))
            }
            (Some(m), None) | (None, Some(m)) => resolve(m),
            (None, None) => None,
        }
    }

    /// The move behind a promotion dialog's answer.
    pub fn choose_promotion(&self, promote: bool) -> Option<PlayAction> {
        let choice = self.gesture.promotion?;
        let spec = if promote { choice.promote } else { choice.stay };
        match self
            .snapshot
            .as_ref()
            .and_then(|s| s.moves.iter().find(|m| m.spec == spec))
        {
            Some(m) => resolve(*m),
            None => Some(PlayAction::Deselect),
        }
    }
}

/// A chosen legal move: played, or first confirmed when it ends the game
/// by repetition.
fn resolve(m: MoveView) -> Option<PlayAction> {
    if m.ends_game.is_some() {
        Some(PlayAction::Confirm(m))
    } else {
        Some(PlayAction::Move(m.spec))
    }
}
