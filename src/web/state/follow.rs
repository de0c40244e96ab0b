//! What the worker tells the page on its own: a new snapshot of the game
//! (every concern follows it), an error, a worker that stopped or was
//! replaced.

use std::rc::Rc;

use crate::protocol::{Player, Request, Side, Snapshot};

#[cfg(feature = "study")]
use super::puzzle;
use super::{AnalysisBoard, Notice, State, Typed};

impl State {
    /// The worker's snapshot: the page follows it; returns the requests the
    /// puzzle board makes of it.
    pub(super) fn take_snapshot(&mut self, snap: Rc<Snapshot>) -> Vec<Request> {
        self.follow(snap.clone());
        #[cfg(feature = "study")]
        return self.follow_puzzle(&snap);
        #[cfg(not(feature = "study"))]
        return Vec::new();
    }

    /// The worker refused or failed: the error is named beside the record
    /// being loaded, beside the move field, or in a notice.
    pub(super) fn take_error(&mut self, e: String) {
        if self.dialogs.records.loading {
            self.dialogs.records.load_error = Some(e);
            self.dialogs.records.loading = false;
        } else if self.typed.sent {
            // Named beside the field, whose text stays to be corrected.
            self.typed.sent = false;
            self.typed.error = Some(e);
            self.waiting = false;
        } else {
            self.dialogs.notice = Some(Notice::Said(e));
            self.waiting = false;
            self.hint_pending = false;
        }
    }

    /// The worker failed again and again (`stopped`), or was replaced: what
    /// was asked of it is not coming.
    pub(super) fn lose_worker(&mut self, stopped: bool) {
        if stopped {
            self.dialogs.notice = Some(Notice::EngineStopped);
        }
        self.waiting = false;
        self.hint_pending = false;
    }

    /// A new snapshot of the game.
    fn follow(&mut self, snap: Rc<Snapshot>) {
        let old = self.snapshot.as_ref();
        let new_game = old.is_none_or(|old| old.game_id != snap.game_id);
        let moved_on = old.is_none_or(|old| old.game_id != snap.game_id || old.san != snap.san);
        // The same position again (a replaced worker resumes the game): a
        // piece the player is choosing a square for stays chosen.
        let same_position = !moved_on && old.is_some_and(|old| old.ending == snap.ending);
        // A record pasted on the analysis board is analysed there.
        let loaded_on_board = new_game && self.dialogs.records.loading && self.analysis.is_some();
        if new_game {
            if self.dialogs.records.loading {
                // A pasted record was read: it is the game now.
                self.dialogs.close();
            }
            // The chosen side at the bottom, else the human's (White when
            // both or neither are human).
            let human_black = snap.players[1] == Player::Human && snap.players[0] != Player::Human;
            let bottom = self.view.bottom_wish.take().unwrap_or(if human_black {
                Side::Black
            } else {
                Side::White
            });
            self.view.flipped = bottom == Side::Black;
            self.clock.new_game(&snap);
            self.premove = None;
        }
        if moved_on {
            if self.typed.sent {
                // The typed move was played: the field empties.
                self.typed = Typed::default();
            }
            self.hint = None;
            self.hint_pending = false;
        }
        if new_game || snap.ending.is_none() {
            self.reopened = false;
        }
        self.review.follow(&snap, new_game);
        if new_game && (std::mem::take(&mut self.view.analysis_link) || loaded_on_board) {
            // The link's game (or the pasted one), set up by the worker for
            // two players: the analysis board's from its first position. A
            // pasted game keeps the way back to the game played before.
            let before = self.analysis.take();
            let mut board =
                AnalysisBoard::of(&snap, before.as_ref().and_then(|b| b.from_game.clone()));
            board.game_id = snap.game_id;
            if let Some(before) = before {
                board.job_id = before.job_id.wrapping_add(1);
                board.lines = before.lines;
                board.engine = before.engine;
            }
            if self.view.embed {
                board.lines = 1;
            }
            self.analysis = Some(board);
        } else if let Some(board) = self.analysis.as_mut() {
            // A later game (the one played before, a new one) closes the
            // board; a game from before it was opened is not its business.
            if (snap.game_id.wrapping_sub(board.game_id) as i32) > 0 {
                self.analysis = None;
            } else {
                board.follow(&snap);
            }
        }
        self.snapshot = Some(snap);
        if !same_position {
            self.gesture.clear();
        }
        self.waiting = false;
    }

    /// The puzzle board follows a snapshot: closed by a later game (a new
    /// one started from the menu), else told what was played. A puzzle
    /// starts with its solver at the bottom.
    #[cfg(feature = "study")]
    fn follow_puzzle(&mut self, snap: &Snapshot) -> Vec<Request> {
        let Some(board) = self.puzzle.as_mut() else {
            return Vec::new();
        };
        let later = (snap.game_id.wrapping_sub(board.game_id) as i32) > 0;
        if board.game_id != 0 && later {
            self.puzzle = None;
            return Vec::new();
        }
        let before = board.phase;
        let requests = board.follow(snap);
        if before == puzzle::Phase::Loading && board.phase == puzzle::Phase::Solving {
            self.view.flipped = board.solver() == Some(Side::Black);
        }
        requests
    }
}
