//! The page's state: the latest snapshot from the worker, and what the
//! player is doing with it, split by concern. Each concern's module holds
//! its state, its actions and their reducer: playing ([`play`], with the
//! move being made in [`gesture`]), looking back ([`review`]), dialogs and
//! notices ([`dialogs`]), the clock ([`clock`]), the presentation and
//! settings ([`view`]), the analysis board ([`analysis`]), and in the study
//! bundle the editor, the embed builder, the puzzles and friend games. What
//! the worker says on its own (a snapshot, an error) is in [`follow`].
//!
//! [`State::reduce`] is the one way it changes: it routes an action to its
//! concern and returns the new state and the requests the worker must hear.
//! Plain Rust, tested natively. It never decides a rule: a tap becomes a
//! move only when the snapshot lists that move as legal.

pub mod analysis;
#[cfg(feature = "study")]
pub mod builder;
pub mod clock;
pub mod dialogs;
#[cfg(feature = "study")]
pub mod editor;
mod follow;
#[cfg(feature = "study")]
pub mod friend;
pub mod gesture;
mod input;
pub mod play;
#[cfg(feature = "study")]
pub mod puzzle;
pub mod review;
pub mod view;

use std::rc::Rc;

use crate::protocol::{Hint, Request, Snapshot};
use crate::web::i18n::{Text, Texts};

#[cfg(feature = "study")]
pub use analysis::AnalysisAction;
pub use analysis::{AnalysisBoard, Job, ReviewRun, Tree};
#[cfg(feature = "study")]
pub use builder::{Builder, BuilderAction, Choose};
pub use clock::{ClockAction, ClockState};
pub use dialogs::{Dialog, DialogAction, Dialogs, Notice, Records};
#[cfg(feature = "study")]
pub use editor::{Edit, Editor};
#[cfg(feature = "study")]
pub use friend::{FriendAction, FriendBoard};
pub use gesture::{BoardInput, Gesture, Origin, Premove, PromotionChoice, Target};
pub use play::{PlayAction, Start, Typed};
#[cfg(feature = "study")]
pub use puzzle::{PuzzleAction, PuzzleBoard, Solve};
pub use review::{Review, ReviewAction};
pub use view::{View, ViewAction};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    /// The game as the worker last showed it.
    pub snapshot: Option<Rc<Snapshot>>,
    /// A move was sent and its answer has not come back yet.
    pub waiting: bool,
    /// The move field's text, and why the move typed there was refused.
    pub typed: Typed,
    pub gesture: Gesture,
    /// A move chosen while the computer thinks, to play after its reply.
    pub premove: Option<Premove>,
    pub review: Review,
    /// The computer's advice for the position on the board, and whether one
    /// was asked for and has not come yet.
    pub hint: Option<Hint>,
    pub hint_pending: bool,
    pub dialogs: Dialogs,
    pub clock: ClockState,
    pub view: View,
    /// The player reopened the game that has ended, so that Take back may
    /// undo its end (until the game is open again or another one is shown).
    pub reopened: bool,
    /// The analysis board, when it is open (the worker's game is then the
    /// position on it).
    pub analysis: Option<AnalysisBoard>,
    /// The board editor, when it is open (`mode=editor`; in the study
    /// bundle only).
    #[cfg(feature = "study")]
    pub editor: Option<Editor>,
    /// The embed builder, when it is open (`mode=builder`; in the study
    /// bundle only).
    #[cfg(feature = "study")]
    pub builder: Option<Builder>,
    /// The puzzle board, when it is open (`mode=puzzle`; in the study
    /// bundle only).
    #[cfg(feature = "study")]
    pub puzzle: Option<PuzzleBoard>,
    /// A game against a friend on another device, from its invitation on
    /// (in the study bundle only).
    #[cfg(feature = "study")]
    pub friend: Option<FriendBoard>,
}

/// What changes the page's state: one variant a concern, and what the
/// worker says on its own.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The worker's answer: the game as it stands.
    Snapshot(Rc<Snapshot>),
    /// The worker refused or failed (its words).
    Error(String),
    /// The worker failed again and again: the page gave up on it.
    EngineStopped,
    /// The worker was replaced: what was asked of the old one is not coming.
    Restarted,
    Play(PlayAction),
    Review(ReviewAction),
    Dialog(DialogAction),
    Clock(ClockAction),
    View(ViewAction),
    #[cfg(feature = "study")]
    Analysis(AnalysisAction),
    /// The board editor ([`Edit::Open`] opens it).
    #[cfg(feature = "study")]
    Edit(Edit),
    #[cfg(feature = "study")]
    Builder(BuilderAction),
    #[cfg(feature = "study")]
    Puzzle(PuzzleAction),
    /// Playing a friend on another device.
    #[cfg(feature = "study")]
    Friend(FriendAction),
}

impl State {
    /// The state after `action`, and the requests the worker must hear.
    pub fn reduce(&self, action: Action) -> (State, Vec<Request>) {
        let mut s = self.clone();
        let requests = match action {
            Action::Snapshot(snap) => s.take_snapshot(snap),
            Action::Error(e) => {
                s.take_error(e);
                Vec::new()
            }
            Action::EngineStopped => {
                s.lose_worker(true);
                Vec::new()
            }
            Action::Restarted => {
                s.lose_worker(false);
                Vec::new()
            }
            Action::Play(a) => s.reduce_play(a),
            Action::Review(a) => s.reduce_review(a).into_iter().collect(),
            Action::Dialog(a) => s.dialogs.reduce(a).into_iter().collect(),
            Action::Clock(a) => s.reduce_clock(a),
            Action::View(a) => {
                s.view.reduce(a);
                Vec::new()
            }
            #[cfg(feature = "study")]
            Action::Analysis(a) => s.reduce_analysis(a).into_iter().collect(),
            #[cfg(feature = "study")]
            Action::Edit(edit) => s.reduce_editor(edit).into_iter().collect(),
            #[cfg(feature = "study")]
            Action::Builder(a) => {
                s.reduce_builder(a);
                Vec::new()
            }
            #[cfg(feature = "study")]
            Action::Puzzle(a) => s.reduce_puzzle(a),
            #[cfg(feature = "study")]
            Action::Friend(a) => {
                s.reduce_friend(a);
                Vec::new()
            }
        };
        (s, requests)
    }

    /// A game against a friend on another device is being set up or
    /// played (it is saved as such, not as the page's own game).
    pub fn befriended(&self) -> bool {
        #[cfg(feature = "study")]
        return self.friend.is_some();
        #[cfg(not(feature = "study"))]
        return false;
    }

    /// The puzzle board is open.
    pub fn puzzling(&self) -> bool {
        #[cfg(feature = "study")]
        return self.puzzle.is_some();
        #[cfg(not(feature = "study"))]
        return false;
    }

    /// The texts in the page's language.
    pub fn text(&self) -> &'static Text {
        self.view.lang.text()
    }

    /// The board editor is open.
    pub fn editing(&self) -> bool {
        #[cfg(feature = "study")]
        return self.editor.is_some();
        #[cfg(not(feature = "study"))]
        return false;
    }

    /// The game on the board is the player's own, to keep across reloads:
    /// not an embedded game, one to look at, the analysis board (its
    /// positions are not the game), the editor or a puzzle.
    pub fn keeps_game(&self) -> bool {
        !self.befriended()
            && !self.view.embed
            && !self.view.viewer
            && self.analysis.is_none()
            && !self.editing()
            && !self.puzzling()
    }

    /// Whether an answer from the worker is due (a move, a hint, the
    /// computer's reply).
    pub fn awaiting_worker(&self) -> bool {
        self.waiting || self.hint_pending || self.snapshot.as_ref().is_some_and(|s| s.thinking)
    }

    /// A game by link (correspondence) is on the board: only moves travel
    /// (no take-back, no resignation, no rematch).
    pub fn by_letter(&self) -> bool {
        #[cfg(feature = "study")]
        return self.friend.as_ref().is_some_and(|b| b.letter.is_some());
        #[cfg(not(feature = "study"))]
        return false;
    }

    /// A game with a friend online whose channel is not open (the friend
    /// is away, or the pages are still comparing their games): nothing can
    /// reach the friend, so no move, take-back or resignation is offered.
    pub fn friend_out_of_reach(&self) -> bool {
        #[cfg(feature = "study")]
        return self
            .friend
            .as_ref()
            .is_some_and(|b| b.game.is_some() && !b.connected());
        #[cfg(not(feature = "study"))]
        return false;
    }

    /// The position on the board: a past one being looked at, or the game's.
    pub fn shown(&self) -> Option<&Rc<Snapshot>> {
        self.review.viewing.as_ref().or(self.snapshot.as_ref())
    }

    /// The number of moves behind the position on the board.
    pub fn shown_ply(&self) -> usize {
        self.shown().map_or(0, |s| s.san.len())
    }

    /// The position a step key ([`STEP_KEYS`]) leads to, as a number of
    /// moves; `None` for another key or no change.
    pub fn step(&self, key: &str) -> Option<usize> {
        let last = self.snapshot.as_ref()?.san.len();
        let now = self.review.asked_ply.unwrap_or_else(|| self.shown_ply());
        let to = match key {
            "ArrowLeft" => now.checked_sub(1)?,
            "ArrowRight" => (now + 1).min(last),
            "Home" => 0,
            "End" => last,
            _ => return None,
        };
        (to != now).then_some(to)
    }
}

/// The step keys and buttons: first, back, forward, last.
pub const STEP_KEYS: [&str; 4] = ["Home", "ArrowLeft", "ArrowRight", "End"];

#[cfg(test)]
mod tests;
