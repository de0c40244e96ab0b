//! Playing the game: the move being made (taps, the move field, the
//! promotion and confirmation questions, premoves), the computer's advice,
//! resigning, reopening an ended game and what Take back and Rematch ask.

use crate::protocol::{
    human_side, EndReason, Hint, MoveSpec, MoveView, NewGame, Player, Request, Side, Snapshot,
};
use crate::web::clock::TimeControl;

use super::{Origin, Premove, PromotionChoice, State};

/// The move field: its text, whether that text went to the worker as a
/// move, and why the worker refused it (shown beside the field, which keeps
/// the text to be corrected; it empties once the move is played).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Typed {
    pub text: String,
    pub sent: bool,
    pub error: Option<String>,
}

/// A game to start, the side the player wants at the bottom, and a clock.
pub type Start = (NewGame, Side, Option<TimeControl>);

#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    Select(Origin),
    Deselect,
    /// The keyboard cursor moved to a square.
    Focus(u8),
    AskPromotion(PromotionChoice),
    /// A move that ends the game by repetition: asked before it is sent.
    Confirm(MoveView),
    /// A legal move, sent to the worker.
    Move(MoveSpec),
    /// The move field's text changed.
    EditTyped(String),
    /// A move typed by the player, sent to the worker to read and play.
    TypeMove(String),
    /// The move being made is given up: the promotion and confirmation
    /// questions close, the piece picked up is put down and a premove is
    /// forgotten.
    CancelMove,
    /// While the computer thinks: this move is to be played after its reply.
    Premove(Premove),
    /// The premove, and the piece picked up for one, are given up.
    CancelPremove,
    /// The computer's advice is asked for, and comes.
    AskHint,
    Hint(Hint),
    /// The answer to "Resign?".
    Resign(bool),
    /// The game that has ended may be taken back (`true`), or not again.
    Reopen(bool),
}

impl State {
    /// Playing: returns the requests the worker must hear.
    pub(super) fn reduce_play(&mut self, action: PlayAction) -> Vec<Request> {
        let mut requests = Vec::new();
        match action {
            PlayAction::Select(o) => self.select(Some(o)),
            PlayAction::Deselect => self.select(None),
            PlayAction::Focus(sq) => self.gesture.focus = sq.min(80),
            PlayAction::AskPromotion(choice) => self.gesture.promotion = Some(choice),
            PlayAction::Confirm(m) => {
                self.gesture.promotion = None;
                self.gesture.confirm = Some(m);
                self.waiting = false;
            }
            PlayAction::Move(spec) => {
                self.gesture.clear();
                self.waiting = true;
                requests.extend(self.computer_time());
                requests.push(Request::Play(spec));
            }
            PlayAction::EditTyped(text) => {
                self.typed = Typed {
                    text,
                    ..Typed::default()
                };
            }
            PlayAction::TypeMove(text) if !text.trim().is_empty() => {
                self.gesture.clear();
                self.waiting = true;
                self.typed = Typed {
                    text: text.clone(),
                    sent: true,
                    error: None,
                };
                requests.extend(self.computer_time());
                requests.push(Request::PlayTyped(text));
            }
            PlayAction::TypeMove(_) => {}
            PlayAction::CancelMove => {
                self.gesture.clear();
                self.premove = None;
            }
            PlayAction::Premove(premove) => self.set_premove(Some(premove)),
            PlayAction::CancelPremove => self.set_premove(None),
            PlayAction::AskHint => {
                self.hint = None;
                self.hint_pending = true;
                requests.push(Request::Hint);
            }
            PlayAction::Hint(hint) => {
                let current = self.snapshot.as_ref().is_some_and(|snap| {
                    snap.game_id == hint.game_id && snap.san.len() == hint.ply as usize
                });
                if current {
                    self.hint = Some(hint);
                    self.hint_pending = false;
                }
            }
            PlayAction::Resign(yes) => {
                self.dialogs.close();
                if let (true, Some(side)) = (yes, self.resigner()) {
                    requests.push(Request::Resign(side));
                }
            }
            PlayAction::Reopen(on) => self.reopened = on && self.can_reopen(),
        }
        requests
    }

    /// Before a human's move in a timed game against the computer: the
    /// computer's time for its reply.
    pub(super) fn computer_time(&self) -> Option<Request> {
        let players = self.snapshot.as_ref()?.players;
        self.clock.computer_time(players).map(Request::ComputerTime)
    }

    /// The premove, once the computer has replied: played if it is legal
    /// now (first asked about when it would lose by repetition), else
    /// forgotten. Kept while the computer still thinks (a worker that was
    /// replaced answers with the same position first).
    pub(super) fn play_premove(&mut self) -> Vec<Request> {
        if self.snapshot.as_ref().is_some_and(|s| s.thinking) {
            return Vec::new();
        }
        let Some(m) = self.premove.take().and_then(|p| self.premove_move(p)) else {
            return Vec::new();
        };
        if m.ends_game.is_some() {
            self.gesture.confirm = Some(m);
            return Vec::new();
        }
        self.waiting = true;
        self.computer_time()
            .into_iter()
            .chain([Request::Play(m.spec)])
            .collect()
    }

    /// Whether the player may ask for a hint now.
    pub fn can_hint(&self) -> bool {
        self.can_move() && !self.hint_pending
    }

    /// Whether the player may move now.
    pub fn can_move(&self) -> bool {
        !self.waiting
            && !self.friend_out_of_reach()
            && !self.view.viewer
            && self.review.viewing.is_none()
            && self.snapshot.as_ref().is_some_and(|s| s.human_to_move())
            && self.puzzle_lets_move()
    }

    /// On the puzzle board, only the solver's moves, in their turn.
    fn puzzle_lets_move(&self) -> bool {
        #[cfg(feature = "study")]
        if let Some(board) = &self.puzzle {
            return self.snapshot.as_ref().is_some_and(|s| board.lets_move(s));
        }
        true
    }

    /// The side whose pieces the player may pick up now, if any: to move
    /// them, or (while the computer thinks) for a premove.
    pub fn movable(&self) -> Option<Side> {
        self.snapshot
            .as_ref()
            .filter(|_| self.can_move())
            .map(|s| s.to_move)
            .or_else(|| self.premover())
    }

    /// Whether Take back may be pressed: a human plays, a move was made, and
    /// the game goes on or the player reopened it.
    pub fn can_take_back(&self) -> bool {
        !self.by_letter()
            && !self.friend_out_of_reach()
            && self
                .snapshot
                .as_ref()
                .is_some_and(|s| has_human_moves(s) && (s.ending.is_none() || self.reopened))
    }

    /// Whether the game that has ended may be reopened for a take-back: one
    /// that a human plays and did not lose on time (that stays lost).
    pub fn can_reopen(&self) -> bool {
        !self.view.viewer
            && !self.befriended()
            && self.snapshot.as_ref().is_some_and(|s| {
                has_human_moves(s) && s.ending.is_some_and(|e| e.reason != EndReason::Time)
            })
    }

    /// What Take back asks of the worker.
    pub fn take_back(&self) -> Request {
        Request::TakeBack {
            reopened: self.reopened,
        }
    }

    /// The game shown, to play again from its start: the same variant,
    /// start position, players, level and clock, the colours exchanged when
    /// `swap`. The human's side goes to the bottom; between two players, the
    /// side at the bottom now, or (swapping) the other one.
    pub fn rematch(&self, swap: bool) -> Option<Start> {
        let game = self.snapshot.as_ref()?.rematch(swap);
        let bottom = human_side(game.players).unwrap_or(if swap {
            self.view.bottom().flip()
        } else {
            self.view.bottom()
        });
        Some((game, bottom, self.clock.started))
    }

    /// The side a Resign button gives up for: the human against the
    /// computer, the side to move between two players; only on that side's
    /// turn, and none once the game is over.
    pub fn resigner(&self) -> Option<Side> {
        if self.by_letter() || self.friend_out_of_reach() {
            return None;
        }
        let snap = self.snapshot.as_ref().filter(|s| s.ending.is_none())?;
        match (human_side(snap.players), snap.players) {
            (Some(side), _) => Some(side),
            (None, [Player::Human, Player::Human]) => Some(snap.to_move),
            _ => None,
        }
        .filter(|&side| side == snap.to_move)
    }
}

/// A game with moves to take back, played by a human.
fn has_human_moves(s: &Snapshot) -> bool {
    !s.san.is_empty() && s.players.contains(&Player::Human)
}
