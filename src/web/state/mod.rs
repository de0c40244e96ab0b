//! The page's state: the latest snapshot from the worker, and what the
//! player is doing with it, split by concern: the move being made
//! ([`gesture`]), looking back ([`review`]), dialogs and records
//! ([`dialogs`]), the clock ([`clock`]) and the presentation ([`view`]).
//!
//! [`State::reduce`] is the one way it changes: it returns the new state
//! and the requests the worker must hear. Plain Rust, tested natively. It
//! never decides a rule: a tap becomes a move only when the snapshot lists
//! that move as legal.

pub mod analysis;
#[cfg(feature = "study")]
pub mod builder;
pub mod clock;
pub mod dialogs;
#[cfg(feature = "study")]
pub mod editor;
#[cfg(feature = "study")]
pub mod friend;
pub mod gesture;
#[cfg(feature = "study")]
pub mod puzzle;
pub mod review;
pub mod view;

use std::rc::Rc;

use crate::protocol::Lang;
use crate::protocol::{
    human_side, EndReason, Hint, MoveSpec, MoveView, NewGame, Player, Request, Side, Snapshot,
};
#[cfg(feature = "study")]
use crate::protocol::{Analysis, GameReview, ReviewProgress};
use crate::web::clock::{ClockLine, TimeControl};
use crate::web::i18n::{Text, Texts};
use crate::web::link::Problem;
use crate::web::prefs::Prefs;

pub use analysis::{AnalysisBoard, Job, ReviewRun, Tree};
#[cfg(feature = "study")]
pub use builder::{Builder, Choose};
pub use clock::ClockState;
pub use dialogs::{Dialog, Dialogs, Notice, Records};
#[cfg(feature = "study")]
pub use editor::{Edit, Editor};
#[cfg(feature = "study")]
pub use friend::{FriendAction, FriendBoard};
pub use gesture::{BoardInput, Gesture, Intent, Origin, Premove, PromotionChoice, Target};
#[cfg(feature = "study")]
pub use puzzle::{PuzzleBoard, Solve};
pub use review::Review;
pub use view::View;

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

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The worker's answer: the game as it stands.
    Snapshot(Rc<Snapshot>),
    // The move being made.
    Select(Origin),
    Deselect,
    /// The keyboard cursor moved to a square.
    Focus(u8),
    AskPromotion(PromotionChoice),
    /// A move that ends the game by repetition: asked before it is sent.
    Confirm(MoveView),
    /// A legal move, sent to the worker.
    Play(MoveSpec),
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
    // Looking back.
    /// Show the position after this many moves (the last one: the game).
    ShowPly(usize),
    /// A past position of the game, to look at.
    Past(Rc<Snapshot>),
    // The computer's advice.
    AskHint,
    Hint(Hint),
    // Dialogs and records.
    Open(Dialog),
    CloseDialog,
    /// The record dialog opens and asks for the game as PGN, dated so.
    OpenRecord {
        date: String,
    },
    /// The game as PGN.
    Record(String),
    /// A pasted record went to the worker.
    Loading,
    /// The answer to "Resign?".
    Resign(bool),
    /// The game that has ended may be taken back (`true`), or not again.
    Reopen(bool),
    Error(String),
    /// The worker failed again and again: the page gave up on it.
    EngineStopped,
    Notify(Notice),
    /// The worker was replaced: what was asked of the old one is not coming.
    Restarted,
    DismissError,
    /// A new version of the site waits (the service worker installed it).
    UpdateReady,
    LinkProblems(Vec<Problem>),
    // The clock.
    /// A new game was asked for, with this side at the bottom and this
    /// clock.
    Starting(Side, Option<TimeControl>),
    /// The clock follows the snapshot just shown, at this time.
    ClockFollow(f64),
    /// The game being resumed had this clock.
    ResumeClock(ClockLine),
    /// The clock's display moves on (and a fallen flag is told).
    Tick(f64),
    // Presentation.
    Flip,
    SetLang(Lang),
    /// New preferences (a language chosen in them is shown at once).
    SetPrefs(Prefs),
    /// How the page's link asks for the game to be shown: compact for an
    /// iframe, as a game to look at rather than play, and with this side at
    /// the bottom of its first game.
    Present {
        embed: bool,
        viewer: bool,
        bottom: Option<Side>,
        /// The link's game is to be shown on the analysis board.
        analysis: bool,
    },
    // The analysis board.
    /// Opens it on the game shown (the command then sets its first position
    /// up in the worker), with `lines` best lines and the engine on or off.
    #[cfg(feature = "study")]
    OpenAnalysis {
        lines: u8,
        engine: bool,
    },
    /// Shows this node of the tree.
    #[cfg(feature = "study")]
    GoTo(usize),
    /// The engine on or off.
    #[cfg(feature = "study")]
    Engine(bool),
    /// The analyser's lines for a position.
    #[cfg(feature = "study")]
    Lines(Analysis),
    #[cfg(feature = "study")]
    StartReview,
    #[cfg(feature = "study")]
    CancelReview,
    #[cfg(feature = "study")]
    ReviewProgress(ReviewProgress),
    /// A finished review (or one saved earlier for this game).
    #[cfg(feature = "study")]
    Reviewed(Rc<GameReview>),
    /// The board editor ([`Edit::Open`] opens it).
    #[cfg(feature = "study")]
    Edit(Edit),
    /// Opens the embed builder with the page's own choices (and the
    /// puzzle's line, when it comes from a puzzle).
    #[cfg(feature = "study")]
    OpenBuilder {
        solution: Vec<String>,
    },
    /// A choice on the embed builder.
    #[cfg(feature = "study")]
    Build(Choose),
    /// Opens the puzzle board.
    #[cfg(feature = "study")]
    OpenPuzzles(Box<PuzzleBoard>),
    /// On the puzzle board.
    #[cfg(feature = "study")]
    Solve(Solve),
    /// Playing a friend on another device.
    #[cfg(feature = "study")]
    Friend(FriendAction),
}

impl State {
    /// The state after `action`, and the requests the worker must hear.
    pub fn reduce(&self, action: Action) -> (State, Vec<Request>) {
        let mut s = self.clone();
        let mut requests = Vec::new();
        match action {
            Action::Snapshot(snap) => {
                s.follow(snap.clone());
                #[cfg(feature = "study")]
                requests.extend(s.follow_puzzle(&snap));
            }
            Action::Select(o) => s.select(Some(o)),
            Action::Deselect => s.select(None),
            Action::Focus(sq) => s.gesture.focus = sq.min(80),
            Action::AskPromotion(choice) => s.gesture.promotion = Some(choice),
            Action::Confirm(m) => {
                s.gesture.promotion = None;
                s.gesture.confirm = Some(m);
                s.waiting = false;
            }
            Action::Play(spec) => {
                s.gesture.clear();
                s.waiting = true;
                requests.extend(self.computer_time());
                requests.push(Request::Play(spec));
            }
            Action::EditTyped(text) => {
                s.typed = Typed {
                    text,
                    ..Typed::default()
                };
            }
            Action::TypeMove(text) if !text.trim().is_empty() => {
                s.gesture.clear();
                s.waiting = true;
                s.typed = Typed {
                    text: text.clone(),
                    sent: true,
                    error: None,
                };
                requests.extend(self.computer_time());
                requests.push(Request::PlayTyped(text));
            }
            Action::TypeMove(_) => {}
            Action::CancelMove => {
                s.gesture.clear();
                s.premove = None;
            }
            Action::Premove(premove) => s.set_premove(Some(premove)),
            Action::CancelPremove => s.set_premove(None),
            Action::ShowPly(ply) => {
                let last = self.snapshot.as_ref().map_or(0, |s| s.san.len());
                if ply >= last {
                    s.review = Review::default();
                } else {
                    s.review.asked_ply = Some(ply);
                    requests.push(Request::ShowMove(ply as u32));
                }
            }
            Action::Past(past) => {
                if s.review.show(past, self.snapshot.as_deref()) {
                    s.gesture.clear();
                }
            }
            Action::AskHint => {
                s.hint = None;
                s.hint_pending = true;
                requests.push(Request::Hint);
            }
            Action::Hint(hint) => {
                let current = self.snapshot.as_ref().is_some_and(|snap| {
                    snap.game_id == hint.game_id && snap.san.len() == hint.ply as usize
                });
                if current {
                    s.hint = Some(hint);
                    s.hint_pending = false;
                }
            }
            Action::Open(dialog) => s.dialogs.open(dialog),
            Action::CloseDialog => s.dialogs.close(),
            Action::OpenRecord { date } => {
                s.dialogs.open(Dialog::Record);
                requests.push(Request::Record { date });
            }
            Action::Record(pgn) => s.dialogs.records.pgn = Some(pgn),
            Action::Loading => {
                s.dialogs.records.loading = true;
                s.dialogs.records.load_error = None;
            }
            Action::Resign(yes) => {
                s.dialogs.close();
                if let (true, Some(side)) = (yes, self.resigner()) {
                    requests.push(Request::Resign(side));
                }
            }
            Action::Reopen(on) => s.reopened = on && self.can_reopen(),
            Action::Error(e) if s.dialogs.records.loading => {
                s.dialogs.records.load_error = Some(e);
                s.dialogs.records.loading = false;
            }
            Action::Error(e) if s.typed.sent => {
                // Named beside the field, whose text stays to be corrected.
                s.typed.sent = false;
                s.typed.error = Some(e);
                s.waiting = false;
            }
            Action::Error(e) => {
                s.dialogs.notice = Some(Notice::Said(e));
                s.waiting = false;
                s.hint_pending = false;
            }
            Action::EngineStopped => {
                s.dialogs.notice = Some(Notice::EngineStopped);
                s.waiting = false;
                s.hint_pending = false;
            }
            Action::Notify(notice) => s.dialogs.notice = Some(notice),
            Action::Restarted => {
                s.waiting = false;
                s.hint_pending = false;
            }
            Action::DismissError => s.dialogs.notice = None,
            Action::UpdateReady => s.dialogs.update_ready = true,
            Action::LinkProblems(problems) => s.dialogs.link_problems = problems,
            Action::Starting(side, clock) => {
                s.clock.wish = clock;
                s.view.bottom_wish = Some(side);
                s.dialogs.open = None;
                s.premove = None;
                // A game started here is played, whatever the link said.
                s.view.viewer = false;
            }
            Action::ClockFollow(now) => {
                s.clock.follow(self.snapshot.as_deref(), now);
                // The premove goes once the clock has followed the reply, so
                // that the computer's time sent with it is right.
                requests.extend(s.play_premove());
            }
            Action::ResumeClock(line) => s.clock.saved = Some(line),
            #[cfg(feature = "study")]
            Action::Tick(now) if self.befriended() => {
                if s.clock.out(now) {
                    requests.push(Request::Friend(
                        crate::protocol::friend::FriendRequest::Tick,
                    ));
                }
            }
            Action::Tick(now) => {
                let players = self
                    .snapshot
                    .as_ref()
                    .map_or([Player::Human; 2], |s| s.players);
                requests.extend(s.clock.tick(now, players).map(Request::Flag));
            }
            Action::Flip => s.view.flipped = !s.view.flipped,
            Action::SetLang(lang) => s.view.lang = lang,
            Action::SetPrefs(prefs) => {
                s.view.lang = prefs.lang.unwrap_or(s.view.lang);
                s.view.prefs = prefs;
            }
            #[cfg(feature = "study")]
            Action::OpenBuilder { solution } => {
                let v = &self.view;
                let bottom = v.bottom_wish.unwrap_or(v.bottom());
                s.builder = Some(Builder::new(
                    bottom,
                    v.prefs.pieces,
                    v.prefs.theme,
                    v.lang,
                    solution,
                ));
            }
            #[cfg(feature = "study")]
            Action::Build(choice) => {
                if let Some(b) = &self.builder {
                    s.builder = Some(b.choose(choice));
                }
            }
            #[cfg(feature = "study")]
            Action::OpenPuzzles(board) => s.puzzle = Some(*board),
            #[cfg(feature = "study")]
            Action::Solve(solve) => {
                if let Some(b) = &self.puzzle {
                    let (board, r) = b.reduce(solve, self.snapshot.as_deref());
                    s.puzzle = Some(board);
                    s.gesture.clear();
                    requests.extend(r);
                }
            }
            #[cfg(feature = "study")]
            Action::Friend(action) => {
                s.friend = match (&self.friend, action) {
                    (_, FriendAction::Stage(stage)) if self.friend.is_none() => {
                        Some(FriendBoard::at(stage))
                    }
                    (Some(board), action) => board.reduce(action),
                    (None, _) => None,
                };
                let plies = self.snapshot.as_ref().map_or(0, |snap| snap.san.len());
                if let Some(game) = s.friend.as_ref().and_then(|b| b.game.as_ref()) {
                    s.clock.follow_friend(game, plies);
                }
            }
            #[cfg(feature = "study")]
            Action::Edit(edit) => {
                let editor = match (&edit, &self.editor) {
                    (Edit::Open { .. }, _) => Editor::default(),
                    (_, Some(editor)) => editor.clone(),
                    (_, None) => return (s, requests),
                };
                let (editor, request) = editor.reduce(edit);
                s.editor = Some(editor);
                requests.extend(request);
            }
            Action::Present {
                embed,
                viewer,
                bottom,
                analysis,
            } => {
                s.view.embed = embed;
                s.view.viewer = viewer;
                s.view.analysis_link = analysis;
                s.view.bottom_wish = bottom.or(s.view.bottom_wish);
            }
            #[cfg(feature = "study")]
            Action::OpenAnalysis { lines, engine } => {
                if let Some(snap) = &self.snapshot {
                    let mut board = AnalysisBoard::of(snap, Some(snap.resume()));
                    board.lines = lines;
                    board.engine = engine;
                    s.analysis = Some(board);
                    // The board keeps its side at the bottom.
                    s.view.bottom_wish = Some(self.view.bottom());
                    s.view.viewer = false;
                    s.dialogs.close();
                    s.review = Review::default();
                    s.hint = None;
                    s.premove = None;
                }
            }
            #[cfg(feature = "study")]
            Action::GoTo(node) => {
                if let Some(board) = &self.analysis {
                    s.gesture.clear();
                    requests.push(Request::NewGame(board.game_at(node)));
                }
            }
            #[cfg(feature = "study")]
            Action::Engine(on) => {
                if let Some(board) = s.analysis.as_mut() {
                    board.engine = on;
                    board.renew();
                }
            }
            #[cfg(feature = "study")]
            Action::Lines(a) => {
                if let Some(board) = s.analysis.as_mut() {
                    board.take_analysis(a);
                }
            }
            #[cfg(feature = "study")]
            Action::StartReview => {
                if let Some(board) = s.analysis.as_mut() {
                    board.start_review();
                }
            }
            #[cfg(feature = "study")]
            Action::CancelReview => {
                if let Some(board) = s.analysis.as_mut() {
                    board.cancel_review();
                }
            }
            #[cfg(feature = "study")]
            Action::ReviewProgress(p) => {
                if let Some(board) = s.analysis.as_mut() {
                    board.take_progress(p);
                }
            }
            #[cfg(feature = "study")]
            Action::Reviewed(review) => {
                if let Some(board) = s.analysis.as_mut() {
                    board.take_review(review);
                }
            }
        }
        (s, requests)
    }

    /// Before a human's move in a timed game against the computer: the
    /// computer's time for its reply.
    fn computer_time(&self) -> Option<Request> {
        let players = self.snapshot.as_ref()?.players;
        self.clock.computer_time(players).map(Request::ComputerTime)
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

    /// The premove, once the computer has replied: played if it is legal
    /// now (first asked about when it would lose by repetition), else
    /// forgotten. Kept while the computer still thinks (a worker that was
    /// replaced answers with the same position first).
    fn play_premove(&mut self) -> Vec<Request> {
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

/// A game with moves to take back, played by a human.
fn has_human_moves(s: &Snapshot) -> bool {
    !s.san.is_empty() && s.players.contains(&Player::Human)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state after an action (the requests it sends are checked where
    /// they matter).
    trait Apply {
        fn apply(&self, action: Action) -> State;
    }

    impl Apply for State {
        fn apply(&self, action: Action) -> State {
            self.reduce(action).0
        }
    }
    use crate::engine::{Game, Variant};
    use crate::protocol::{parse_square, NewGame, Request};
    use crate::worker::testing::{self, Ask};
    use crate::worker::Session;

    fn sq(s: &str) -> u8 {
        parse_square(s).unwrap()
    }

    fn state_for(variant: &str, fen: Option<&str>) -> (Session, State) {
        let session = testing::game(variant, fen);
        let state = State::default().apply(Action::Snapshot(Rc::new(session.snapshot())));
        (session, state)
    }

    fn play(session: &mut Session, state: &State, intent: Intent) -> State {
        match intent {
            Intent::Play(spec) => {
                session.ask(Request::Play(spec)).unwrap();
                state.apply(Action::Snapshot(Rc::new(session.snapshot())))
            }
            other => panic!("expected a move, got {other:?}"),
        }
    }

    #[test]
    fn the_reducer_returns_the_requests_to_send() {
        let (mut session, state) = state_for("mansindam", None);
        let e3e4 = state.snapshot.as_ref().unwrap().moves[0].spec;
        let (sent, requests) = state.reduce(Action::Play(e3e4));
        assert_eq!(requests, [Request::Play(e3e4)]);
        assert!(
            sent.waiting && !sent.can_move(),
            "no second move before the answer"
        );
        let (typed, requests) = state.reduce(Action::TypeMove("Pe4".into()));
        assert_eq!(requests, [Request::PlayTyped("Pe4".into())]);
        assert!(typed.waiting);
        assert_eq!(state.reduce(Action::TypeMove("  ".into())).1, []);
        assert_eq!(state.reduce(Action::AskHint).1, [Request::Hint]);
        let date = "2026.11.23".to_string();
        let (record, requests) = state.reduce(Action::OpenRecord { date: date.clone() });
        assert_eq!(requests, [Request::Record { date }]);
        assert_eq!(record.dialogs.open, Some(Dialog::Record));
        // Looking back asks the worker; the last move is the game itself.
        for m in ["e3e4", "e7e6"] {
            testing::play(&mut session, m);
        }
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        let (asked, requests) = state.reduce(Action::ShowPly(1));
        assert_eq!(
            (requests, asked.review.asked_ply),
            (vec![Request::ShowMove(1)], Some(1))
        );
        assert_eq!(asked.reduce(Action::ShowPly(2)).1, []);
        assert_eq!(asked.reduce(Action::ShowPly(2)).0.review, Review::default());
        // Resigning: only the side to move, and only when the player says yes.
        assert_eq!(state.reduce(Action::Resign(false)).1, []);
        let (closed, requests) = state.reduce(Action::Resign(true));
        assert_eq!(requests, [Request::Resign(Side::White)]);
        assert_eq!(closed.dialogs.open, None);
    }

    #[test]
    fn a_fallen_flag_is_told_to_the_worker_once() {
        let (_, state) = state_for("mansindam", None);
        let state = state.apply(Action::Starting(
            Side::White,
            Some(TimeControl::fischer(1, 0)),
        ));
        let mut fresh = state.snapshot.as_ref().unwrap().as_ref().clone();
        fresh.game_id += 1;
        let state = state
            .apply(Action::Snapshot(Rc::new(fresh)))
            .apply(Action::ClockFollow(0.0));
        assert!(state.clock.clock.is_some(), "a one-minute clock");
        assert_eq!(state.reduce(Action::Tick(59_000.0)).1, []);
        let (fallen, requests) = state.reduce(Action::Tick(60_500.0));
        assert_eq!(requests, [Request::Flag(Side::White)]);
        assert_eq!(fallen.reduce(Action::Tick(61_000.0)).1, [], "told once");
    }

    #[test]
    fn no_take_back_after_a_loss_on_time() {
        let (mut session, state) = state_for("mansindam", None);
        assert!(!state.can_take_back(), "no move yet");
        testing::play(&mut session, "e3e4");
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert!(state.can_take_back());
        session.ask(Request::Flag(Side::Black)).unwrap();
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert!(!state.can_take_back(), "lost on time");
        // And it stays lost: there is no reopening it.
        assert!(!state.can_reopen());
        assert!(!state.apply(Action::Reopen(true)).can_take_back());
    }

    /// The browser tests' Mansindam mate, played to its end.
    fn mated() -> (Session, State) {
        let (mut session, mut state) = state_for("mansindam", None);
        for uci in ["c1a2", "d9b8", "b3b4", "g9f8", "a2f7+"] {
            state = tap_uci(&mut session, state, uci);
        }
        (session, state)
    }

    #[test]
    fn take_back_is_off_after_the_end_until_the_game_is_reopened() {
        let (mut session, state) = mated();
        assert!(state.snapshot.as_ref().unwrap().ending.is_some());
        assert!(!state.can_take_back(), "the game has ended");
        assert!(state.can_reopen());
        assert!(session.ask(state.take_back()).is_err(), "the worker agrees");
        let state = state.apply(Action::Reopen(true));
        assert!(state.reopened && state.can_take_back());
        assert!(
            !state.apply(Action::Reopen(false)).can_take_back(),
            "closed again"
        );
        session.ask(state.take_back()).unwrap();
        // The game is open again: Take back stays on without reopening.
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert!(!state.reopened && state.can_take_back());
        assert_eq!(state.snapshot.as_ref().unwrap().san.len(), 4);
        // A new end closes it again.
        let state = tap_uci(&mut session, state, "a2f7+");
        assert!(!state.can_take_back() && state.can_reopen());
    }

    #[test]
    fn reopening_belongs_to_one_game() {
        let (_, state) = mated();
        let state = state.apply(Action::Reopen(true));
        assert!(state.reopened);
        // The same game again (a restarted worker) keeps it; another drops it.
        let same = state.snapshot.clone().unwrap();
        assert!(state.apply(Action::Snapshot(same.clone())).reopened);
        let mut other = same.as_ref().clone();
        other.game_id += 1;
        let state = state.apply(Action::Snapshot(Rc::new(other)));
        assert!(!state.reopened && !state.can_take_back() && state.can_reopen());
        // A game to look at is not played: nothing to reopen.
        let viewer = state.apply(Action::Present {
            embed: false,
            viewer: true,
            bottom: None,
            analysis: false,
        });
        assert!(!viewer.can_reopen());
        assert!(!viewer.apply(Action::Reopen(true)).reopened);
    }

    #[test]
    fn resign_only_on_the_players_own_turn() {
        let (mut session, state) = state_for("mansindam", None);
        assert_eq!(state.resigner(), Some(Side::White));
        testing::play(&mut session, "e3e4");
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(state.resigner(), Some(Side::Black));
        // Against the computer: only on the human's turn.
        let mut thinking = session.snapshot();
        thinking.players = [Player::Human, Player::Computer];
        let state = state.apply(Action::Snapshot(Rc::new(thinking)));
        assert_eq!(state.resigner(), None, "Black (the computer) is to move");
        testing::play(&mut session, "e7e6");
        let mut human_to_move = session.snapshot();
        human_to_move.players = [Player::Human, Player::Computer];
        let state = state.apply(Action::Snapshot(Rc::new(human_to_move)));
        assert_eq!(
            state.resigner(),
            Some(Side::White),
            "White (the human) is to move"
        );
    }

    #[test]
    fn a_rematch_is_the_same_game_and_a_swap_exchanges_the_colours() {
        use Player::{Computer, Human};
        // Two players with a clock, Black at the bottom.
        let fen = "3k5/9/9/2P6/9/9/9/9/4K4[R] w - - 0 1";
        let mut session = testing::game("pandemonium", Some(fen));
        let state = State::default()
            .apply(Action::Starting(
                Side::Black,
                Some(TimeControl::fischer(5, 2)),
            ))
            .apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert!(state.view.flipped && state.clock.clock.is_some());
        testing::play(&mut session, "c6c7+");
        session.ask(Request::Resign(Side::Black)).unwrap();
        let state = state
            .apply(Action::Snapshot(Rc::new(session.snapshot())))
            .apply(Action::Reopen(true));
        let (game, bottom, clock) = state.rematch(false).unwrap();
        assert_eq!(game, session.snapshot().rematch(false));
        assert_eq!((game.fen.as_deref(), game.moves.len()), (Some(fen), 0));
        assert_eq!(
            (bottom, clock),
            (Side::Black, Some(TimeControl::fischer(5, 2)))
        );
        let (swapped, bottom, clock) = state.rematch(true).unwrap();
        assert_eq!(swapped.players, [Human, Human]);
        assert_eq!(
            (bottom, clock),
            (Side::White, Some(TimeControl::fischer(5, 2))),
            "turned around"
        );
        // Started as the New game dialog starts a game: the same game anew.
        session
            .ask(Request::NewGame(NewGame { id: 1, ..swapped }))
            .unwrap();
        let again = state
            .apply(Action::Starting(bottom, clock))
            .apply(Action::Snapshot(Rc::new(session.snapshot())));
        let snap = again.snapshot.as_ref().unwrap();
        assert_eq!((snap.start_fen.as_str(), snap.san.len()), (fen, 0));
        assert!(!again.view.flipped && again.clock.clock.is_some());
        assert!(!again.reopened);
        // Against the computer the human takes the other colour, and it goes
        // to the bottom (whichever way the board was turned).
        let mut snap = session.snapshot();
        snap.players = [Human, Computer];
        let state = again.apply(Action::Snapshot(Rc::new(snap)));
        let (game, bottom, _) = state.rematch(false).unwrap();
        assert_eq!((game.players, bottom), ([Human, Computer], Side::White));
        let state = state.apply(Action::Flip);
        let (game, bottom, _) = state.rematch(true).unwrap();
        assert_eq!((game.players, bottom), ([Computer, Human], Side::Black));
        let state = state.apply(Action::Flip);
        let (_, bottom, _) = state.rematch(true).unwrap();
        assert_eq!(bottom, Side::Black);
    }

    #[test]
    fn tap_tap_plays_a_move_and_illegal_taps_do_nothing() {
        let (mut session, state) = state_for("mansindam", None);
        // An empty square without selection: nothing.
        assert_eq!(state.tap(Target::Square(sq("e5"))), Intent::Nothing);
        // An enemy piece cannot be picked.
        assert_eq!(state.tap(Target::Square(sq("e7"))), Intent::Nothing);
        let intent = state.tap(Target::Square(sq("e3")));
        assert_eq!(intent, Intent::Select(Origin::Square(sq("e3"))));
        let state = state.apply(Action::Select(Origin::Square(sq("e3"))));
        assert!(state.destinations()[sq("e4") as usize]);
        assert_eq!(state.destinations().iter().filter(|&&d| d).count(), 1);
        // Illegal destination: the selection goes away, nothing is played.
        assert_eq!(state.tap(Target::Square(sq("e6"))), Intent::Deselect);
        // Tapping the selected piece again deselects it.
        assert_eq!(state.tap(Target::Square(sq("e3"))), Intent::Deselect);
        let state = play(&mut session, &state, state.tap(Target::Square(sq("e4"))));
        let snap = state.snapshot.as_ref().unwrap();
        assert_eq!(snap.san, vec!["Pe4"]);
        assert_eq!(snap.to_move, Side::Black);
        assert_eq!(state.gesture.selected, None);
        assert_eq!(snap.last_move, Some((Some(sq("e3")), sq("e4"))));
    }

    #[test]
    fn the_player_s_side_is_at_the_bottom_against_the_computer_or_a_friend() {
        let (session, _) = state_for("mansindam", None);
        let bottom = |players: [Player; 2]| {
            let mut snap = session.snapshot();
            snap.players = players;
            State::default()
                .apply(Action::Snapshot(Rc::new(snap)))
                .view
                .flipped
        };
        assert!(bottom([Player::Computer, Player::Human]));
        assert!(bottom([Player::Friend, Player::Human]));
        assert!(!bottom([Player::Human, Player::Friend]));
        assert!(!bottom([Player::Human, Player::Human]));
    }

    #[test]
    fn the_same_position_again_keeps_the_piece_chosen() {
        // A replaced worker resumes the game and sends its position again
        // while the player has a piece picked up: the piece stays picked.
        let (mut session, state) = state_for("mansindam", None);
        let e3 = Origin::Square(sq("e3"));
        let state = state.apply(Action::Select(e3));
        let again = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(again.gesture.selected, Some(e3));
        assert!(again.destinations()[sq("e4") as usize]);
        // A move played (here from elsewhere) does drop it.
        let moves = &state.snapshot.as_ref().unwrap().moves;
        let d3d4 = moves.iter().find(|m| m.spec.from == Some(sq("d3")));
        session.ask(Request::Play(d3d4.unwrap().spec)).unwrap();
        let moved = again.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(moved.gesture.selected, None);
    }

    #[test]
    fn drops_from_the_hand() {
        let (mut session, state) =
            state_for("pandemonium", Some("4k4/9/9/9/9/9/9/9/4K4[Rb] w - - 0 1"));
        let rook = 3; // Pandemonium's hand order: P N B R ...
                      // Black's hand cannot be picked by White.
        assert_eq!(state.tap(Target::Hand(Side::Black, 2)), Intent::Nothing);
        // ... not even a kind White holds too.
        let (_, both) = state_for("pandemonium", Some("4k4/9/9/9/9/9/9/9/4K4[Rr] w - - 0 1"));
        assert_eq!(both.tap(Target::Hand(Side::Black, rook)), Intent::Nothing);
        assert_eq!(
            state.tap(Target::Hand(Side::White, 0)),
            Intent::Nothing,
            "no Pawn in hand"
        );
        assert_eq!(
            state.tap(Target::Hand(Side::White, rook)),
            Intent::Select(Origin::Hand(rook))
        );
        let state = state.apply(Action::Select(Origin::Hand(rook)));
        assert_eq!(state.destinations().iter().filter(|&&d| d).count(), 79);
        // A drag from the hand onto an occupied square does nothing.
        assert_eq!(state.move_to(Origin::Hand(rook), sq("e9")), Intent::Nothing);
        let state = play(
            &mut session,
            &state,
            state.move_to(Origin::Hand(rook), sq("e5")),
        );
        let snap = state.snapshot.as_ref().unwrap();
        assert_eq!(snap.hand(Side::White, rook), 0);
        assert_eq!(snap.piece(sq("e5")).map(|p| p.kind), Some(rook));
        assert_eq!(snap.san, vec!["R@e5+"]);
        assert_eq!(snap.check, Some(sq("e9")));
    }

    #[test]
    fn pandemonium_offers_promotion_and_mansindam_does_not() {
        let (_, state) = state_for("pandemonium", Some("4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1"));
        let state = state.apply(Action::Select(Origin::Square(sq("a6"))));
        let Intent::AskPromotion(choice) = state.tap(Target::Square(sq("a7"))) else {
            panic!("no promotion dialog");
        };
        let state = state.apply(Action::AskPromotion(choice));
        assert_eq!(choice.kind, 0);
        let snap = state.snapshot.clone().unwrap();
        assert_eq!(snap.kinds[choice.promoted_kind as usize].letter, 'G');
        assert!(matches!(state.choose_promotion(true), Intent::Play(m) if m.promotes));
        assert!(matches!(state.choose_promotion(false), Intent::Play(m) if !m.promotes));

        let (_, state) = state_for("mansindam", Some("4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1"));
        let state = state.apply(Action::Select(Origin::Square(sq("a6"))));
        assert!(matches!(state.tap(Target::Square(sq("a7"))), Intent::Play(m) if m.promotes));
    }

    #[test]
    fn a_move_that_loses_by_repetition_asks_first() {
        // Pandemonium: Kings shuffle until the start position would come a third time.
        let fen = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
        let mut game = Game::from_fen(Variant::Pandemonium, fen).unwrap();
        for m in ["e1d1", "e9d9", "d1e1", "d9e9", "e1d1", "e9d9", "d1e1"] {
            game.play_str(m).unwrap();
        }
        let mut session = Session::new();
        session
            .ask(Request::NewGame(NewGame {
                variant: "pandemonium".into(),
                fen: Some(fen.into()),
                moves: game.uci_moves(),
                players: [Player::Human, Player::Human],
                ..NewGame::default()
            }))
            .unwrap();
        let state = State::default().apply(Action::Snapshot(Rc::new(session.snapshot())));
        let state = state.apply(Action::Select(Origin::Square(sq("d9"))));
        let Intent::Confirm(m) = state.tap(Target::Square(sq("e9"))) else {
            panic!("no warning before a losing repetition");
        };
        assert_eq!(m.ends_game.map(|e| e.winner), Some(Side::White));
        // Another move is played without a question.
        assert!(matches!(
            state.tap(Target::Square(sq("c9"))),
            Intent::Play(_)
        ));
    }

    #[test]
    fn nothing_moves_while_the_computer_thinks_or_after_the_end() {
        let mut session = Session::new();
        session
            .ask(Request::NewGame(NewGame {
                players: [Player::Computer, Player::Human],
                ..NewGame::default()
            }))
            .unwrap();
        let snap = session.snapshot();
        assert!(snap.thinking && snap.moves.is_empty());
        let state = State::default().apply(Action::Snapshot(Rc::new(snap)));
        assert!(
            state.view.flipped,
            "the human plays Black: Black at the bottom"
        );
        // A piece is picked up only for a premove: it has nowhere to go now.
        let e7 = Origin::Square(sq("e7"));
        assert_eq!(
            state.intent(BoardInput::Tap(Target::Square(sq("e7")))),
            Intent::Select(e7)
        );
        assert!(!state.can_move());
        assert_eq!(state.apply(Action::Select(e7)).destinations(), [false; 81]);
        assert_eq!(state.move_to(e7, sq("e6")), Intent::Nothing);
        assert_eq!(
            state.text().status(state.snapshot.as_ref().unwrap()),
            "Computer is thinking…"
        );
        assert_eq!(
            Lang::Ko.text().status(state.snapshot.as_ref().unwrap()),
            "컴퓨터가 생각하는 중…"
        );
    }

    /// The session's game as the page sees it against the computer (White
    /// the human): while Black is to move the computer thinks, and the
    /// snapshot lists no moves. (The session is a two-player one, so that the
    /// test chooses the computer's reply.)
    fn against_computer(session: &Session) -> Action {
        let mut snap = session.snapshot();
        snap.players = [Player::Human, Player::Computer];
        snap.thinking = snap.to_move == Side::Black && snap.ending.is_none();
        if snap.thinking {
            snap.moves.clear();
        }
        Action::Snapshot(Rc::new(snap))
    }

    /// A snapshot of the session's game against the computer as the page
    /// takes it (the clock follows it), and the requests that sends.
    fn arrive(state: &State, session: &Session) -> (State, Vec<Request>) {
        state
            .apply(against_computer(session))
            .reduce(Action::ClockFollow(0.0))
    }

    #[test]
    fn premoves_only_while_the_computer_thinks_in_a_game_going_on() {
        let premover = |session: &Session, thinking: bool| {
            let mut snap = session.snapshot();
            snap.players = [Player::Human, Player::Computer];
            snap.thinking = thinking;
            State::default()
                .apply(Action::Snapshot(Rc::new(snap)))
                .premover()
        };
        let mut session = testing::game("mansindam", None);
        testing::play(&mut session, "e3e4");
        assert_eq!(premover(&session, true), Some(Side::White));
        assert_eq!(premover(&session, false), None, "not thinking yet");
        // Black, the computer, is mated: it has nothing to think about.
        let mated = testing::game("pandemonium", Some("k8/RR7/9/9/9/9/9/9/4K4[] b - - 0 1"));
        assert!(mated.snapshot().ending.is_some());
        assert_eq!(premover(&mated, true), None, "the game is over");
    }

    /// A premove from `from` to `to` chosen by two taps while the computer
    /// thinks after the player's `first` move.
    fn premoved(fen: &str, first: &str, from: &str, to: &str) -> (Session, State) {
        let mut session = testing::game("pandemonium", Some(fen));
        let state = State::default().apply(against_computer(&session));
        assert_eq!(state.premover(), None, "the player's own turn");
        testing::play(&mut session, first);
        let state = state.apply(against_computer(&session));
        assert_eq!(state.premover(), Some(Side::White));
        let from = Origin::Square(sq(from));
        assert_eq!(
            state.intent(BoardInput::Tap(Target::Square(sq(&from_name(from))))),
            Intent::Select(from)
        );
        let state = state.apply(Action::Select(from));
        let premove = Premove { from, to: sq(to) };
        assert_eq!(
            state.intent(BoardInput::Tap(Target::Square(sq(to)))),
            Intent::Premove(premove)
        );
        let state = state.apply(Action::Premove(premove));
        assert_eq!(
            (state.premove, state.gesture.selected),
            (Some(premove), None)
        );
        (session, state)
    }

    fn from_name(origin: Origin) -> String {
        match origin {
            Origin::Square(sq) => crate::protocol::square_name(sq),
            Origin::Hand(_) => unreachable!(),
        }
    }

    /// White: a Rook on a1, the King on e1, a Pawn on a6; Black: the King on
    /// e9, a Rook on i3.
    const PREMOVE_FEN: &str = "4k4/9/9/P8/9/9/8r/9/R3K4[] w - - 0 1";

    #[test]
    fn a_premove_is_played_when_the_reply_leaves_it_legal() {
        let (mut session, state) = premoved(PREMOVE_FEN, "e1d1", "a1", "a5");
        let snap = state.snapshot.clone().unwrap();
        assert_eq!(
            snap.piece(sq("a1")).map(|p| p.side),
            Some(Side::White),
            "not moved yet"
        );
        assert_eq!(snap.piece(sq("a5")), None);
        // The computer still thinking (a replaced worker shows the position
        // again): the premove waits.
        let (again, requests) = arrive(&state, &session);
        assert_eq!((again.premove, requests), (state.premove, vec![]));
        testing::play(&mut session, "e9f9");
        let (played, requests) = arrive(&state, &session);
        let a1a5 = MoveSpec {
            from: Some(sq("a1")),
            drop: None,
            to: sq("a5"),
            promotes: false,
        };
        assert_eq!(requests, [Request::Play(a1a5)]);
        assert!(played.waiting && played.premove.is_none());
        session.ask(requests[0].clone()).unwrap();
        let played = played.apply(against_computer(&session));
        assert_eq!(played.snapshot.as_ref().unwrap().san.last().unwrap(), "Ra5");
    }

    #[test]
    fn a_premove_that_became_illegal_is_dropped() {
        let (mut session, state) = premoved(PREMOVE_FEN, "e1d1", "a1", "a5");
        // The Rook comes between: a1–a5 is no move now.
        testing::play(&mut session, "i3a3");
        let (after, requests) = arrive(&state, &session);
        assert_eq!(requests, []);
        assert!(after.premove.is_none() && !after.waiting && after.can_move());
        assert_eq!(after.snapshot.as_ref().unwrap().to_move, Side::White);
        // A premove that was never a move (a Rook's knight jump) goes so too.
        let (mut session, state) = premoved(PREMOVE_FEN, "e1d1", "a1", "b3");
        testing::play(&mut session, "e9f9");
        let (after, requests) = arrive(&state, &session);
        assert_eq!((after.premove, requests), (None, vec![]));
    }

    #[test]
    fn a_premove_in_a_timed_game_tells_the_computer_its_time() {
        let mut session = testing::game("pandemonium", Some(PREMOVE_FEN));
        let state = State::default()
            .apply(Action::Starting(
                Side::White,
                Some(TimeControl::fischer(5, 3)),
            ))
            .apply(against_computer(&session))
            .apply(Action::ClockFollow(0.0));
        testing::play(&mut session, "e1d1");
        let (state, _) = arrive(&state, &session);
        let premove = Premove {
            from: Origin::Square(sq("a1")),
            to: sq("a5"),
        };
        let state = state.apply(Action::Premove(premove));
        testing::play(&mut session, "e9f9");
        let (_, requests) = arrive(&state, &session);
        assert!(
            matches!(requests.as_slice(),
                [Request::ComputerTime(t), Request::Play(m)] if m.to == sq("a5") && t.increment_ms == 3_000),
            "{requests:?}"
        );
    }

    #[test]
    fn a_premove_onto_the_last_ranks_promotes() {
        let (mut session, state) = premoved(PREMOVE_FEN, "e1d1", "a6", "a7");
        testing::play(&mut session, "e9f9");
        let (_, requests) = arrive(&state, &session);
        assert!(
            matches!(requests.as_slice(), [Request::Play(m)] if m.promotes && m.to == sq("a7")),
            "{requests:?}"
        );
    }

    #[test]
    fn premoves_by_drag_and_from_the_hand_and_what_gives_them_up() {
        let fen = "4k4/9/9/9/9/9/8r/9/R3K4[R] w - - 0 1";
        let (mut session, state) = premoved(fen, "e1d1", "a1", "a5");
        // A tap on an empty square with nothing picked up: given up.
        let tap = |s: &State, at: &str| s.intent(BoardInput::Tap(Target::Square(sq(at))));
        assert_eq!(tap(&state, "e5"), Intent::CancelPremove);
        let gone = state.apply(Action::CancelPremove);
        assert_eq!((gone.premove, tap(&gone, "e5")), (None, Intent::Nothing));
        // The right button, Escape (or Take back), a new game: given up.
        assert_eq!(state.intent(BoardInput::Cancel), Intent::CancelPremove);
        assert_eq!(state.apply(Action::CancelMove).premove, None);
        assert_eq!(
            state.apply(Action::Starting(Side::White, None)).premove,
            None
        );
        // Picking up a piece starts another one; a drag onto the player's
        // own piece is one too (a tap there picks that piece up).
        let rook = Origin::Square(sq("a1"));
        assert_eq!(tap(&state, "a1"), Intent::Select(rook));
        assert_eq!(state.apply(Action::Select(rook)).premove, None);
        assert_eq!(
            state.intent(BoardInput::Drop(rook, sq("d1"))),
            Intent::Premove(Premove {
                from: rook,
                to: sq("d1")
            })
        );
        assert_eq!(
            state.intent(BoardInput::Drop(rook, sq("a1"))),
            Intent::Nothing
        );
        // From the hand: White's Rook in hand, not Black's hand.
        let hand = Origin::Hand(3);
        assert!(state.can_pick(hand));
        assert_eq!(
            state.intent(BoardInput::Tap(Target::Hand(Side::White, 3))),
            Intent::Select(hand)
        );
        assert_eq!(
            state.intent(BoardInput::Tap(Target::Hand(Side::Black, 3))),
            Intent::CancelPremove
        );
        let state = state
            .apply(Action::Select(hand))
            .apply(Action::Premove(Premove {
                from: hand,
                to: sq("e5"),
            }));
        testing::play(&mut session, "e9f9");
        let (after, requests) = arrive(&state, &session);
        assert!(
            matches!(requests.as_slice(), [Request::Play(m)] if m.drop == Some(3) && m.to == sq("e5"))
        );
        assert!(after.waiting);
    }

    #[test]
    fn no_premove_between_two_players_or_on_the_players_turn() {
        let (mut session, state) = state_for("mansindam", None);
        testing::play(&mut session, "e3e4");
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(state.premover(), None);
        assert_eq!(
            state
                .apply(Action::Premove(Premove {
                    from: Origin::Square(sq("e4")),
                    to: sq("e5")
                }))
                .premove,
            None
        );
    }

    /// Plays a UCI move as the browser tests do: tap the origin (square or
    /// hand slot), tap the destination, answer a promotion question.
    fn tap_uci(session: &mut Session, state: State, uci: &str) -> State {
        let snap = state.snapshot.clone().unwrap();
        let (origin, to) = match uci.split_once('@') {
            Some((letter, to)) => {
                let kind = snap
                    .kinds
                    .iter()
                    .position(|k| k.letter.to_string() == letter)
                    .unwrap() as u8;
                (Target::Hand(snap.to_move, kind), sq(to))
            }
            None => (Target::Square(sq(&uci[0..2])), sq(&uci[2..4])),
        };
        let Intent::Select(o) = state.tap(origin) else {
            panic!("{uci}: cannot pick the piece up");
        };
        let state = state.apply(Action::Select(o));
        let intent = match state.tap(Target::Square(to)) {
            Intent::AskPromotion(c) => state
                .apply(Action::AskPromotion(c))
                .choose_promotion(uci.ends_with('+')),
            other => other,
        };
        play(session, &state, intent)
    }

    #[test]
    fn the_browser_tests_scripted_games_end_as_they_say() {
        let text = include_str!("../../../tests/browser/games.txt");
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        assert!(lines.len() >= 2);
        for line in lines {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let fen = (f[1] != "start").then_some(f[1]);
            let (mut session, mut state) = state_for(f[0], fen);
            for uci in f[2].split_whitespace() {
                state = tap_uci(&mut session, state, uci);
            }
            assert_eq!(
                state.text().status(state.snapshot.as_ref().unwrap()),
                f[3],
                "{line}"
            );
        }
    }

    #[test]
    fn status_names_the_winner_and_the_reason() {
        let (mut session, _) = state_for("mansindam", None);
        session.ask(Request::Resign(Side::White)).unwrap();
        assert_eq!(
            Lang::En.text().status(&session.snapshot()),
            "Black wins by resignation"
        );
        assert_eq!(Lang::Ko.text().status(&session.snapshot()), "흑 승리: 기권");
        // Taking back a resignation keeps the moves and goes on.
        session.ask(Request::TakeBack { reopened: true }).unwrap();
        assert!(session.snapshot().ending.is_none());
    }

    #[test]
    fn the_move_list_ends_with_the_result() {
        let (_, state) = mated();
        let snap = state.snapshot.clone().unwrap();
        assert_eq!(
            Lang::En.text().result_line(&snap).as_deref(),
            Some("1-0 · White wins by checkmate")
        );
        assert_eq!(
            Lang::Ko.text().result_line(&snap).as_deref(),
            Some("1-0 · 백 승리: 외통수")
        );
        let (_, state) = state_for("mansindam", None);
        let snap = state.snapshot.clone().unwrap();
        assert_eq!(Lang::En.text().result_line(&snap), None, "not over");
        let mut s = testing::two_players(1);
        s.ask(Request::Resign(Side::White)).unwrap();
        assert_eq!(
            Lang::En.text().result_line(&s.snapshot()).as_deref(),
            Some("0-1 · Black wins by resignation")
        );
    }

    #[test]
    fn a_hint_belongs_to_the_position_it_was_asked_for() {
        let (mut session, state) = state_for("mansindam", None);
        assert!(state.can_hint());
        let state = state.apply(Action::AskHint);
        assert!(state.hint_pending && !state.can_hint());
        let hint = testing::hint(&mut session).expect("a hint");
        // A hint for another position (a move was played since) is dropped.
        let stale = Hint {
            ply: 1,
            ..hint.clone()
        };
        assert_eq!(state.apply(Action::Hint(stale)).hint, None);
        let state = state.apply(Action::Hint(hint.clone()));
        assert_eq!(state.hint.as_ref(), Some(&hint));
        assert!(!state.hint_pending && state.can_hint());
        // The same position again (a refused request) keeps it; a move clears it.
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(state.hint.as_ref(), Some(&hint));
        let state = play(&mut session, &state, Intent::Play(hint.spec));
        assert_eq!(state.hint, None);
    }

    #[test]
    fn looking_back_through_the_moves() {
        let (mut session, mut state) = state_for("mansindam", None);
        for uci in ["e3e4", "e7e6", "d3d4"] {
            state = tap_uci(&mut session, state, uci);
        }
        assert_eq!(state.step("End"), None, "already at the last move");
        assert_eq!(state.step("ArrowRight"), None);
        assert_eq!(state.step("ArrowLeft"), Some(2));
        assert_eq!(state.step("Home"), Some(0));
        assert_eq!(state.step("x"), None);
        let past = Rc::new(testing::past(&mut session, 1).unwrap());
        assert!(past.moves.is_empty() && !past.thinking);
        assert_eq!(past.san, vec!["Pe4"]);
        let e4 = parse_square("e4").unwrap();
        let e3 = parse_square("e3").unwrap();
        assert_eq!(past.last_move, Some((Some(e3), e4)));
        // Two steps back asked before the worker answers the first: the
        // second goes on from the first.
        let asked = state.apply(Action::ShowPly(2));
        assert_eq!(asked.step("ArrowLeft"), Some(1));
        let asked = asked.apply(Action::ShowPly(1));
        // The answer for 2 comes; 1 is still owed, and steps go on from it.
        let asked = asked.apply(Action::Past(Rc::new(
            testing::past(&mut session, 2).unwrap(),
        )));
        assert_eq!((asked.shown_ply(), asked.step("ArrowLeft")), (2, Some(0)));
        let viewing = asked.apply(Action::Past(past.clone()));
        assert_eq!(viewing.review.asked_ply, None);
        assert_eq!(viewing.shown_ply(), 1);
        assert!(!viewing.can_move(), "no moves while looking back");
        assert_eq!(viewing.step("ArrowLeft"), Some(0));
        assert_eq!(viewing.step("ArrowRight"), Some(2));
        assert_eq!(viewing.step("End"), Some(3));
        // A position that is not of this game, or not in the past, is refused.
        assert_eq!(
            state
                .apply(Action::Past(Rc::new(session.snapshot())))
                .review
                .viewing,
            None
        );
        assert!(testing::past(&mut session, 4).is_none());
        // The game goes on (another move): still looking back.
        tap_uci(&mut session, state.clone(), "e6e5");
        let still = viewing.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(still.shown_ply(), 1);
        // Back to the game: moves can be made again.
        let back = still.apply(Action::ShowPly(usize::MAX));
        assert!(back.can_move() && back.shown_ply() == 4);
        // Taking back to the position looked at ends looking back.
        session.ask(Request::TakeBack { reopened: false }).unwrap();
        session.ask(Request::TakeBack { reopened: false }).unwrap();
        let two = still.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(two.shown_ply(), 1, "two moves left: still in the past");
        session.ask(Request::TakeBack { reopened: false }).unwrap();
        let one = two.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!((one.review.viewing.clone(), one.shown_ply()), (None, 1));
    }

    #[test]
    fn the_analysis_board_opens_on_the_game_and_grows_with_the_moves_played() {
        let mut session = testing::game("mansindam", None);
        session
            .ask(Request::Play(session.snapshot().moves[0].spec))
            .unwrap();
        let state = State::default()
            .apply(Action::Snapshot(Rc::new(session.snapshot())))
            .apply(Action::Flip);
        let played = state.snapshot.clone().unwrap();
        let state = state.apply(Action::OpenAnalysis {
            lines: 3,
            engine: true,
        });
        let board = state.analysis.clone().expect("open");
        assert_eq!(board.from_game, Some(played.resume()));
        assert_eq!(
            (board.tree.ply(board.at), board.game_id),
            (1, played.game_id + 1)
        );
        // The worker sets the board's position up for two players.
        let game = board.game_at(board.at);
        assert_eq!(game.players, [Player::Human, Player::Human]);
        session.ask(Request::NewGame(game)).unwrap();
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        // Black was at the bottom, and stays there; Black may move.
        assert!(state.view.flipped);
        assert_eq!(state.movable(), Some(Side::Black));
        assert!(state.analysis.is_some());
        // A move on the board: the tree grows, the engine's job follows.
        let job = state.analysis.as_ref().unwrap().job();
        session
            .ask(Request::Play(session.snapshot().moves[3].spec))
            .unwrap();
        let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
        let board = state.analysis.clone().unwrap();
        assert_eq!((board.tree.len(), board.tree.ply(board.at)), (3, 2));
        assert_ne!(board.job(), job);
        // Back to the start: the worker is asked for it.
        let (back, requests) = state.reduce(Action::GoTo(Tree::ROOT));
        assert_eq!(requests, [Request::NewGame(board.game_at(Tree::ROOT))]);
        // A later game (the one played before, started again) closes it.
        let mut again = played.as_ref().clone();
        again.game_id = board.game_id + 1;
        assert!(back
            .apply(Action::Snapshot(Rc::new(again)))
            .analysis
            .is_none());
        // An answer of the game before it does not.
        assert!(back
            .apply(Action::Snapshot(played.clone()))
            .analysis
            .is_some());
    }

    #[test]
    fn a_record_pasted_on_the_analysis_board_is_analysed_there() {
        let session = testing::game("mansindam", None);
        let first = Rc::new(session.snapshot());
        let state = State::default()
            .apply(Action::Present {
                embed: false,
                viewer: false,
                bottom: None,
                analysis: true,
            })
            .apply(Action::Snapshot(first.clone()))
            .apply(Action::Engine(false));
        let old = state.analysis.clone().expect("opened");
        // The pasted game comes as a new game with its moves.
        let mut pasted = testing::game("mansindam", None);
        for m in ["e3e4", "e7e6"] {
            testing::play(&mut pasted, m);
        }
        let mut snap = pasted.snapshot();
        snap.game_id = first.game_id + 1;
        let snap = Rc::new(snap);
        let loading = state.apply(Action::Loading);
        let board = loading
            .apply(Action::Snapshot(snap.clone()))
            .analysis
            .expect("still on the board");
        assert_eq!(board.game_id, snap.game_id);
        assert_eq!(board.tree.moves(board.at), ["e3e4", "e7e6"]);
        assert_eq!((board.engine, board.job_id), (false, old.job_id + 1));
        assert_eq!(board.from_game, old.from_game);
        // A record that could not be read leaves the board as it was, and
        // a later game still closes it.
        let refused = loading.apply(Action::Error("no".into()));
        assert_eq!(refused.analysis, Some(old));
        assert!(refused.apply(Action::Snapshot(snap)).analysis.is_none());
    }

    #[test]
    fn a_refused_typed_move_is_named_beside_the_field_which_keeps_it_until_played() {
        let (mut session, state) = state_for("mansindam", None);
        let (sent, requests) = state
            .apply(Action::EditTyped("e3e9".into()))
            .reduce(Action::TypeMove("e3e9".into()));
        assert_eq!(requests, [Request::PlayTyped("e3e9".into())]);
        let why = session
            .ask(Request::PlayTyped("e3e9".into()))
            .expect_err("not legal");
        let refused = sent.apply(Action::Error(why.clone()));
        assert_eq!(
            refused.typed,
            Typed {
                text: "e3e9".into(),
                sent: false,
                error: Some(why),
            }
        );
        // Beside the field, not over the board; and a move may be typed again.
        assert_eq!(refused.dialogs.notice, None);
        assert!(!refused.waiting);
        // Editing the text takes the complaint away; a move played empties it.
        let editing = refused.apply(Action::EditTyped("e3e4".into()));
        assert_eq!(
            (editing.typed.text.as_str(), editing.typed.error.as_ref()),
            ("e3e4", None)
        );
        let sent = editing.apply(Action::TypeMove("e3e4".into()));
        session.ask(Request::PlayTyped("e3e4".into())).unwrap();
        let played = sent.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(played.typed, Typed::default());
        // Another error, with no typed move waiting, is a notice as before.
        let other = played.apply(Action::Error("no".into()));
        assert_eq!(other.dialogs.notice, Some(Notice::Said("no".into())));
        assert_eq!(other.typed, Typed::default());
    }

    #[test]
    fn the_worker_owes_an_answer_to_a_move_a_hint_and_for_the_computer() {
        let snap = testing::game("mansindam", None).snapshot();
        let state = State::default().apply(Action::Snapshot(Rc::new(snap.clone())));
        assert!(!state.awaiting_worker());
        assert!(state.apply(Action::AskHint).awaiting_worker());
        let moved = state.apply(Action::TypeMove("e3e4".into()));
        assert!(moved.waiting && !moved.hint_pending && moved.awaiting_worker());
        let thinking = Snapshot {
            thinking: true,
            ..snap
        };
        let state = state.apply(Action::Snapshot(Rc::new(thinking)));
        assert!(!state.waiting && state.awaiting_worker());
    }

    #[test]
    fn only_the_players_own_game_is_kept() {
        let state = State::default();
        assert!(state.keeps_game());
        let present = |embed, viewer, analysis| Action::Present {
            embed,
            viewer,
            bottom: None,
            analysis,
        };
        assert!(!state.apply(present(true, false, false)).keeps_game());
        assert!(!state.apply(present(false, true, false)).keeps_game());
        let snap = Rc::new(testing::game("mansindam", None).snapshot());
        let analysed = state
            .apply(present(false, false, true))
            .apply(Action::Snapshot(snap));
        assert!(analysed.analysis.is_some() && !analysed.keeps_game());
        let edit = Edit::Open {
            variant: "mansindam".into(),
            fen: None,
        };
        let editing = state.apply(Action::Edit(edit));
        assert!(editing.editing() && !editing.keeps_game());
        let puzzles = state.apply(Action::OpenPuzzles(Box::default()));
        assert!(puzzles.puzzling() && !puzzles.keeps_game());
    }

    #[test]
    fn an_error_goes_to_the_record_being_loaded_else_to_a_notice() {
        let state = State::default();
        let loading = state.apply(Action::Loading);
        let refused = loading.apply(Action::Error("no result".into()));
        let records = &refused.dialogs.records;
        assert_eq!(
            (records.loading, records.load_error.as_deref()),
            (false, Some("no result"))
        );
        assert_eq!(refused.dialogs.notice, None);
        let said = state.apply(Action::Error("no result".into()));
        assert_eq!(said.dialogs.records.load_error, None);
        assert_eq!(said.dialogs.notice, Some(Notice::Said("no result".into())));
    }

    #[test]
    fn a_link_to_the_analysis_board_opens_it_on_its_game() {
        let present = |embed| Action::Present {
            embed,
            viewer: false,
            bottom: None,
            analysis: true,
        };
        let session = testing::game("pandemonium", None);
        let snap = Rc::new(session.snapshot());
        let state = State::default()
            .apply(present(false))
            .apply(Action::Snapshot(snap.clone()));
        let board = state.analysis.clone().expect("opened");
        assert_eq!(
            (board.game_id, board.lines, board.engine),
            (snap.game_id, 3, true)
        );
        assert_eq!(board.from_game, None);
        // Once: a new game later is not opened on it.
        let mut next = snap.as_ref().clone();
        next.game_id += 1;
        assert!(state
            .apply(Action::Snapshot(Rc::new(next)))
            .analysis
            .is_none());
        // In a frame, one line.
        let framed = State::default()
            .apply(present(true))
            .apply(Action::Snapshot(snap));
        assert_eq!(framed.analysis.map(|b| b.lines), Some(1));
    }
}
