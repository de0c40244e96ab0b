//! The move being made: the piece picked up, the promotion question, the
//! question before a move that loses by repetition, and the keyboard
//! cursor; and what a gesture means, given the snapshot's legal moves.
//! While the computer thinks, the player's gestures choose a premove
//! instead ([`Premove`]): any piece of theirs and any square, as the page
//! knows no rules; it is played when the reply leaves it legal.

#[cfg(feature = "study")]
use crate::protocol::Player;
use crate::protocol::{human_side, MoveSpec, MoveView, Side};

use super::{PlayAction, State};

/// Where a move starts: a square, or a kind in the hand of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    Square(u8),
    Hand(u8),
}

/// What the player touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Square(u8),
    Hand(Side, u8),
}

/// A move that may be played with or without promotion: the player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromotionChoice {
    pub to: u8,
    pub promote: MoveSpec,
    pub stay: MoveSpec,
    /// The letters shown on the two buttons: the promoted kind and the piece's own kind.
    pub promoted_kind: u8,
    pub kind: u8,
}

/// A move chosen while the computer thinks: a piece of the player's (on the
/// board or in hand) and a square. Nothing checks it until the computer's
/// reply comes; then it is played if the new position has such a legal move
/// (promoting when it may), and forgotten otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Premove {
    pub from: Origin,
    pub to: u8,
}

/// What the player did on the board or a hand, as the board reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// Pressed a piece they may move (it is picked up at once, for a drag).
    Pick(Origin),
    /// Tapped a square or a hand slot (or pressed Enter or Space on it).
    Tap(Target),
    /// Put the piece down: tapped it again, or tapped beside the promotion
    /// question.
    Deselect,
    /// Dragged a piece to a square.
    Drop(Origin, u8),
    /// Answered the promotion question.
    Promote(bool),
    /// Moved the keyboard cursor to a square.
    Focus(u8),
    /// Pressed the right button on the board: a premove is given up.
    Cancel,
}

/// The move being made.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gesture {
    pub selected: Option<Origin>,
    pub promotion: Option<PromotionChoice>,
    pub confirm: Option<MoveView>,
    /// The square the keyboard cursor is on.
    pub focus: u8,
}

impl Gesture {
    /// The move being made is given up (the cursor stays).
    pub fn clear(&mut self) {
        *self = Gesture {
            focus: self.focus,
            ..Gesture::default()
        };
    }
}

impl State {
    /// The legal moves from an origin.
    pub fn moves_from(&self, origin: Origin) -> impl Iterator<Item = &MoveView> + '_ {
        let moves = match (&self.snapshot, self.can_move()) {
            (Some(s), true) => s.moves.as_slice(),
            _ => &[],
        };
        moves.iter().filter(move |m| match origin {
            Origin::Square(sq) => m.spec.from == Some(sq),
            Origin::Hand(k) => m.spec.drop == Some(k),
        })
    }

    /// The squares the selected piece may go to, by square index.
    pub fn destinations(&self) -> [bool; 81] {
        let mut to = [false; 81];
        if let Some(o) = self.gesture.selected {
            for m in self.moves_from(o) {
                if let Some(t) = to.get_mut(m.spec.to as usize) {
                    *t = true;
                }
            }
        }
        to
    }

    /// Whether a piece stands on `origin` that the player may pick up (to
    /// move it, or for a premove).
    pub fn can_pick(&self, origin: Origin) -> bool {
        let (Some(snap), Some(side)) = (self.snapshot.as_ref(), self.movable()) else {
            return false;
        };
        match origin {
            Origin::Square(sq) => snap.piece(sq).is_some_and(|p| p.side == side),
            Origin::Hand(k) => snap.hand(side, k) > 0,
        }
    }

    /// Picks up a piece (or puts it down): the promotion question closes,
    /// and picking up starts another premove.
    pub(super) fn select(&mut self, origin: Option<Origin>) {
        self.gesture.selected = origin;
        self.gesture.promotion = None;
        if origin.is_some() {
            self.premove = None;
        }
    }

    /// Sets the premove (only while the computer thinks) or gives it up; the
    /// piece picked up for it is put down.
    pub(super) fn set_premove(&mut self, premove: Option<Premove>) {
        self.gesture.selected = None;
        self.premove = premove.filter(|_| self.premover().is_some());
    }

    /// The player's side while the computer thinks in a game against it:
    /// their gestures then choose a premove. `None` at any other time
    /// (between two players there is no premove).
    pub fn premover(&self) -> Option<Side> {
        let snap = self.snapshot.as_ref()?;
        let side = human_side(snap.players)?;
        // The computer thinks, or the friend on another device is to move.
        #[cfg(feature = "study")]
        let awaited = snap.thinking || snap.players[snap.to_move.index()] == Player::Friend;
        #[cfg(not(feature = "study"))]
        let awaited = snap.thinking;
        let thinking = awaited && snap.ending.is_none() && snap.to_move != side;
        (thinking && !self.waiting && !self.view.viewer && self.review.viewing.is_none())
            .then_some(side)
    }

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

    /// The legal move a premove stands for in the position now, if any: a
    /// move from its origin to its square, promoting when it may (as
    /// lichess queens a premoved pawn: there is no time to ask).
    pub fn premove_move(&self, premove: Premove) -> Option<MoveView> {
        self.moves_from(premove.from)
            .filter(|m| m.spec.to == premove.to)
            .max_by_key(|m| m.spec.promotes)
            .copied()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_given_up_leaves_the_keyboard_cursor_where_it_was() {
        let mut g = Gesture {
            selected: Some(Origin::Square(4)),
            focus: 40,
            ..Gesture::default()
        };
        g.clear();
        assert_eq!(
            g,
            Gesture {
                focus: 40,
                ..Gesture::default()
            }
        );
    }
}
