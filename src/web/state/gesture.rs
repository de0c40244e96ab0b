//! The move being made: the piece picked up, the promotion question, the
//! question before a move that loses by repetition, and the keyboard
//! cursor; the moves a piece picked up has. What a gesture means is read
//! in [`super::input`]. While the computer thinks, the player's gestures choose a premove
//! instead ([`Premove`]): any piece of theirs and any square, as the page
//! knows no rules; it is played when the reply leaves it legal.

#[cfg(feature = "study")]
use crate::protocol::Player;
use crate::protocol::{human_side, MoveSpec, MoveView, Side};

use super::State;

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

    /// The legal move a premove stands for in the position now, if any: a
    /// move from its origin to its square, promoting when it may (as
    /// lichess queens a premoved pawn: there is no time to ask).
    pub fn premove_move(&self, premove: Premove) -> Option<MoveView> {
        self.moves_from(premove.from)
            .filter(|m| m.spec.to == premove.to)
            .max_by_key(|m| m.spec.promotes)
            .copied()
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
