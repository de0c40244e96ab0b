//! The page's state: the latest snapshot from the worker, and what the player
//! is doing with it (a selected piece, an open dialog, the board's
//! orientation).
//!
//! The logic is plain Rust and tested natively; on wasm32 [`State`] is a Yew
//! `Reducible`. It never decides a rule: a tap becomes a move only when the
//! snapshot lists that move as legal.

use std::rc::Rc;

use crate::protocol::Lang;
use crate::protocol::{Hint, MoveSpec, MoveView, Player, Side, Snapshot};
use crate::web::clock::{Clock, ClockLine};
use crate::web::i18n::{fill, Text, Texts};
use crate::web::link::Problem;
use crate::web::prefs::Prefs;
use crate::web::saved::Damage;

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
}

/// What a gesture means, given the snapshot's legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    Select(Origin),
    Deselect,
    Focus(u8),
    Play(MoveSpec),
    AskPromotion(PromotionChoice),
    /// Pandemonium: the move ends the game by repetition; ask first.
    Confirm(MoveView),
    Nothing,
}

/// The dialogs over the board (one at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialog {
    NewGame,
    Settings,
    /// FEN and PGN to copy, a record to paste.
    Record,
    Rules,
    Share,
    /// "Resign?"
    Resign,
}

/// A message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// As the worker said it.
    Said(String),
    EngineStopped,
    /// The saved game could not be read (what was wrong); a new one started.
    SavedGameLost(Damage),
}

impl Notice {
    pub fn text(&self, t: &Text) -> String {
        match self {
            Notice::Said(s) => fill(t.refused, &[("detail", s)]),
            Notice::EngineStopped => t.engine_stopped.to_string(),
            Notice::SavedGameLost(damage) => {
                fill(t.saved_game_lost, &[("damage", &damage.text(t))])
            }
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    pub snapshot: Option<Rc<Snapshot>>,
    pub selected: Option<Origin>,
    pub promotion: Option<PromotionChoice>,
    pub confirm: Option<MoveView>,
    /// Black at the bottom.
    pub flipped: bool,
    /// The dialog open over the board, if any.
    pub dialog: Option<Dialog>,
    /// A move was sent and its snapshot has not come back yet.
    pub waiting: bool,
    /// The side the player chose for the bottom of a game being started.
    pub bottom_wish: Option<Side>,
    pub error: Option<Notice>,
    /// The computer's advice for the position on the board.
    pub hint: Option<Hint>,
    /// A hint was asked for and has not come yet.
    pub hint_pending: bool,
    /// The language shown (from the URL, the preferences or the browser).
    pub lang: Lang,
    pub prefs: Prefs,
    /// A past position of the game being looked at (the board shows it and
    /// takes no moves until the player is back at the last move).
    pub viewing: Option<Rc<Snapshot>>,
    /// A past position asked of the worker and not shown yet: steps go on
    /// from it (keys pressed faster than the worker answers all count).
    pub asked_ply: Option<usize>,
    /// The record dialog: the game as PGN once the worker wrote it, a
    /// pasted record being read, and why it could not be.
    pub pgn: Option<String>,
    pub loading: bool,
    pub load_error: Option<String>,
    /// The square the keyboard cursor is on.
    pub focus: u8,
    /// A clock for the game (two players at one device), the clock asked
    /// for the game being started, the time of the last tick, and a side
    /// whose time ran out (told to the worker once).
    pub clock: Option<Clock>,
    pub clock_wish: Option<(u32, u32)>,
    /// The clock saved with the game being resumed, for its first snapshot.
    pub clock_saved: Option<ClockLine>,
    pub now: f64,
    pub flag: Option<Side>,
    /// The compact layout for an iframe (`embed=1`).
    pub embed: bool,
    /// A game to look at (`mode=view`): step buttons, no moves.
    pub viewer: bool,
    /// A new version of the site is installed and waits for a reload.
    pub update_ready: bool,
    /// Parameters of the page's link that were ignored (shown above the
    /// board until dismissed).
    pub link_problems: Vec<Problem>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Snapshot(Rc<Snapshot>),
    Select(Origin),
    Deselect,
    AskPromotion(PromotionChoice),
    Confirm(MoveView),
    /// A move went to the worker.
    Sent,
    /// The move being made is given up: the promotion and confirmation
    /// questions close and the piece picked up is put down.
    CancelMove,
    Flip,
    Open(Dialog),
    CloseDialog,
    /// A new game was asked for, with this side at the bottom.
    Starting(Side, Option<(u32, u32)>),
    /// The clock follows the snapshot just shown, at this time.
    ClockFollow(f64),
    /// The game being resumed had this clock.
    ResumeClock(ClockLine),
    /// The clock's display moves on (and a fallen flag is seen).
    Tick(f64),
    Error(String),
    /// The worker failed again and again: the page gave up on it.
    EngineStopped,
    Notify(Notice),
    /// The worker was replaced: what was asked of the old one is not coming.
    Restarted,
    DismissError,
    AskHint,
    Hint(Hint),
    SetLang(Lang),
    /// New preferences (a language chosen in them is shown at once).
    SetPrefs(Prefs),
    /// The position after this many moves was asked of the worker.
    AskPast(usize),
    /// A past position of the game, to look at.
    Past(Rc<Snapshot>),
    /// Back to the position being played.
    Live,
    /// The game as PGN.
    Record(String),
    /// A pasted record went to the worker.
    Loading,
    /// The keyboard cursor moved to a square.
    Focus(u8),
    /// How the page's link asks for the game to be shown: compact for an
    /// iframe, as a game to look at rather than play, and with this side at
    /// the bottom of its first game.
    Present {
        embed: bool,
        viewer: bool,
        bottom: Option<Side>,
    },
    /// A new version of the site waits (the service worker installed it).
    UpdateReady,
    LinkProblems(Vec<Problem>),
}

impl State {
    pub fn apply(&self, action: Action) -> State {
        let mut s = self.clone();
        match action {
            Action::Snapshot(snap) => {
                let new_game = self
                    .snapshot
                    .as_ref()
                    .is_none_or(|old| old.game_id != snap.game_id);
                if new_game && s.loading {
                    // A pasted record was read: it is the game now.
                    s.loading = false;
                    s.dialog = None;
                }
                if new_game {
                    // The chosen side at the bottom, else the human's (White
                    // when both or neither are human).
                    let bottom = s.bottom_wish.take().unwrap_or(
                        if snap.players == [Player::Computer, Player::Human] {
                            Side::Black
                        } else {
                            Side::White
                        },
                    );
                    s.flipped = bottom == Side::Black;
                    s.asked_ply = None;
                    s.clock = match (s.clock_wish.take(), s.clock_saved.take()) {
                        (Some((minutes, increment)), _) => Some(Clock::new(minutes, increment)),
                        (None, Some(line)) => Clock::resume(&line, &snap),
                        (None, None) => None,
                    };
                    s.flag = None;
                }
                let moved_on = self
                    .snapshot
                    .as_ref()
                    .is_none_or(|old| old.game_id != snap.game_id || old.san != snap.san);
                if moved_on {
                    s.hint = None;
                    s.hint_pending = false;
                }
                // Looking back goes on while the game only grows (the
                // computer moved); a new game, or a take-back to or before
                // the position looked at, ends it.
                if let Some(past) = &s.viewing {
                    if past.game_id != snap.game_id
                        || past.san.len() >= snap.san.len()
                        || !snap.san.starts_with(&past.san)
                    {
                        s.viewing = None;
                    }
                }
                // A position asked for that the game no longer has (taken
                // back) will not come.
                if s.asked_ply.is_some_and(|ply| ply >= snap.san.len()) {
                    s.asked_ply = None;
                }
                s.snapshot = Some(snap);
                s.selected = None;
                s.promotion = None;
                s.confirm = None;
                s.waiting = false;
            }
            Action::Select(o) => {
                s.selected = Some(o);
                s.promotion = None;
            }
            Action::Deselect => {
                s.selected = None;
                s.promotion = None;
            }
            Action::AskPromotion(choice) => s.promotion = Some(choice),
            Action::Confirm(m) => {
                s.promotion = None;
                s.confirm = Some(m);
                s.waiting = false;
            }
            Action::Sent => {
                s.selected = None;
                s.promotion = None;
                s.confirm = None;
                s.waiting = true;
            }
            Action::CancelMove => {
                s.promotion = None;
                s.confirm = None;
                s.selected = None;
            }
            Action::Flip => s.flipped = !s.flipped,
            Action::Open(dialog) => {
                s.dialog = Some(dialog);
                if dialog == Dialog::Record {
                    s.pgn = None;
                    s.load_error = None;
                }
            }
            Action::CloseDialog => {
                s.dialog = None;
                s.loading = false;
            }
            Action::Starting(side, clock) => {
                s.clock_wish = clock;
                s.bottom_wish = Some(side);
                s.dialog = None;
                // A game started here is played, whatever the link said.
                s.viewer = false;
            }
            Action::Error(e) if s.loading => {
                s.load_error = Some(e);
                s.loading = false;
            }
            Action::Error(e) => {
                s.error = Some(Notice::Said(e));
                s.waiting = false;
                s.hint_pending = false;
            }
            Action::EngineStopped => {
                s.error = Some(Notice::EngineStopped);
                s.waiting = false;
                s.hint_pending = false;
            }
            Action::Notify(notice) => s.error = Some(notice),
            Action::Restarted => {
                s.waiting = false;
                s.hint_pending = false;
            }
            Action::DismissError => s.error = None,
            Action::SetLang(lang) => s.lang = lang,
            Action::SetPrefs(prefs) => {
                s.lang = prefs.lang.unwrap_or(s.lang);
                s.prefs = prefs;
            }
            Action::AskPast(ply) => s.asked_ply = Some(ply),
            Action::Past(past) => {
                if s.asked_ply == Some(past.san.len()) {
                    s.asked_ply = None;
                }
                let of_this_game = self.snapshot.as_ref().is_some_and(|live| {
                    live.game_id == past.game_id
                        && past.san.len() < live.san.len()
                        && live.san.starts_with(&past.san)
                });
                if of_this_game {
                    s.viewing = Some(past);
                    s.selected = None;
                    s.promotion = None;
                    s.confirm = None;
                }
            }
            Action::Live => {
                s.viewing = None;
                s.asked_ply = None;
            }
            Action::Record(pgn) => s.pgn = Some(pgn),
            Action::Focus(sq) => s.focus = sq.min(80),
            Action::ClockFollow(now) => {
                s.now = now;
                if let (Some(clock), Some(snap)) = (s.clock.as_mut(), self.snapshot.as_ref()) {
                    clock.follow(snap, now);
                }
            }
            Action::ResumeClock(line) => s.clock_saved = Some(line),
            Action::Tick(now) => {
                s.now = now;
                if s.flag.is_none() {
                    s.flag = s.clock.as_ref().and_then(|c| c.flagged(now));
                }
            }
            Action::UpdateReady => s.update_ready = true,
            Action::LinkProblems(problems) => s.link_problems = problems,
            Action::Present {
                embed,
                viewer,
                bottom,
            } => {
                s.embed = embed;
                s.viewer = viewer;
                s.bottom_wish = bottom.or(s.bottom_wish);
            }
            Action::Loading => {
                s.loading = true;
                s.load_error = None;
            }
            Action::AskHint => {
                s.hint = None;
                s.hint_pending = true;
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
        }
        s
    }

    /// The texts in the page's language.
    pub fn text(&self) -> &'static Text {
        self.lang.text()
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
            && !self.viewer
            && self.viewing.is_none()
            && self.snapshot.as_ref().is_some_and(|s| s.human_to_move())
    }

    /// The position on the board: a past one being looked at, or the game's.
    pub fn shown(&self) -> Option<&Rc<Snapshot>> {
        self.viewing.as_ref().or(self.snapshot.as_ref())
    }

    /// The number of moves behind the position on the board.
    pub fn shown_ply(&self) -> usize {
        self.shown().map_or(0, |s| s.san.len())
    }

    /// The position a step key leads to (`ArrowLeft`, `ArrowRight`, `Home`,
    /// `End`), as a number of moves; `None` for another key or no change.
    pub fn step(&self, key: &str) -> Option<usize> {
        let last = self.snapshot.as_ref()?.san.len();
        let now = self.asked_ply.unwrap_or_else(|| self.shown_ply());
        let to = match key {
            "ArrowLeft" => now.checked_sub(1)?,
            "ArrowRight" => (now + 1).min(last),
            "Home" => 0,
            "End" => last,
            _ => return None,
        };
        (to != now).then_some(to)
    }

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
        if let Some(o) = self.selected {
            for m in self.moves_from(o) {
                if let Some(t) = to.get_mut(m.spec.to as usize) {
                    *t = true;
                }
            }
        }
        to
    }

    /// Whether a piece stands on `origin` that the player may pick up.
    pub fn can_pick(&self, origin: Origin) -> bool {
        let Some(snap) = self.snapshot.as_ref().filter(|_| self.can_move()) else {
            return false;
        };
        match origin {
            Origin::Square(sq) => snap.piece(sq).is_some_and(|p| p.side == snap.to_move),
            Origin::Hand(k) => snap.hand(snap.to_move, k) > 0,
        }
    }

    /// What the board's input means now.
    pub fn intent(&self, input: BoardInput) -> Intent {
        match input {
            BoardInput::Pick(origin) => Intent::Select(origin),
            BoardInput::Tap(target) => self.tap(target),
            BoardInput::Deselect => Intent::Deselect,
            BoardInput::Drop(origin, to) => self.move_to(origin, to),
            BoardInput::Promote(promote) => self.choose_promotion(promote),
            BoardInput::Focus(square) => Intent::Focus(square),
        }
    }

    /// A tap on a square or a hand slot.
    pub fn tap(&self, target: Target) -> Intent {
        if let (Some(from), Target::Square(to)) = (self.selected, target) {
            let intent = self.move_to(from, to);
            if intent != Intent::Nothing {
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
        if self.can_pick(origin) && self.selected != Some(origin) {
            Intent::Select(origin)
        } else {
            self.deselect()
        }
    }

    fn deselect(&self) -> Intent {
        if self.selected.is_some() {
            Intent::Deselect
        } else {
            Intent::Nothing
        }
    }

    /// The piece from `from` put on square `to` (a tap on a destination, or the
    /// end of a drag). `Nothing` when no legal move does that.
    pub fn move_to(&self, from: Origin, to: u8) -> Intent {
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
                Intent::AskPromotion(PromotionChoice {
                    to,
                    promote: promote.spec,
                    stay: stay.spec,
                    promoted_kind,
                    kind,
                })
            }
            (Some(m), None) | (None, Some(m)) => self.resolve(m),
            (None, None) => Intent::Nothing,
        }
    }

    /// A chosen legal move: played, or first confirmed when it ends the game
    /// by repetition.
    pub fn resolve(&self, m: MoveView) -> Intent {
        if m.ends_game.is_some() {
            Intent::Confirm(m)
        } else {
            Intent::Play(m.spec)
        }
    }

    /// The move behind a promotion dialog's answer.
    pub fn choose_promotion(&self, promote: bool) -> Intent {
        let Some(choice) = self.promotion else {
            return Intent::Nothing;
        };
        let spec = if promote { choice.promote } else { choice.stay };
        match self
            .snapshot
            .as_ref()
            .and_then(|s| s.moves.iter().find(|m| m.spec == spec))
        {
            Some(m) => self.resolve(*m),
            None => Intent::Deselect,
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Variant};
    use crate::protocol::{parse_square, NewGame, Request};
    use crate::worker::testing::{self, Ask};
    use crate::worker::Session;

    fn sq(s: &str) -> u8 {
        parse_square(s).unwrap()
    }

    fn state_for(variant: &str, fen: Option<&str>) -> (Session, State) {
        let mut session = Session::new();
        session
            .ask(Request::NewGame(NewGame {
                variant: variant.into(),
                fen: fen.map(str::to_string),
                players: [Player::Human, Player::Human],
                ..NewGame::default()
            }))
            .unwrap();
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
        assert_eq!(state.selected, None);
        assert_eq!(snap.last_move, Some((Some(sq("e3")), sq("e4"))));
    }

    #[test]
    fn drops_from_the_hand() {
        let (mut session, state) =
            state_for("pandemonium", Some("4k4/9/9/9/9/9/9/9/4K4[Rb] w - - 0 1"));
        let rook = 3; // Pandemonium's hand order: P N B R ...
                      // Black's hand cannot be picked by White.
        assert_eq!(state.tap(Target::Hand(Side::Black, 2)), Intent::Nothing);
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
        assert!(state.flipped, "the human plays Black: Black at the bottom");
        assert_eq!(state.tap(Target::Square(sq("e7"))), Intent::Nothing);
        assert_eq!(
            state.text().status(state.snapshot.as_ref().unwrap()),
            "White (computer) is thinking…"
        );
        assert_eq!(
            Lang::Ko.text().status(state.snapshot.as_ref().unwrap()),
            "백 (컴퓨터) 생각하는 중…"
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
        let text = include_str!("../../tests/browser/games.txt");
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
        session.ask(Request::TakeBack).unwrap();
        assert!(session.snapshot().ending.is_none());
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
        let asked = state.apply(Action::AskPast(2));
        assert_eq!(asked.step("ArrowLeft"), Some(1));
        let asked = asked.apply(Action::AskPast(1));
        // The answer for 2 comes; 1 is still owed, and steps go on from it.
        let asked = asked.apply(Action::Past(Rc::new(
            testing::past(&mut session, 2).unwrap(),
        )));
        assert_eq!((asked.shown_ply(), asked.step("ArrowLeft")), (2, Some(0)));
        let viewing = asked.apply(Action::Past(past.clone()));
        assert_eq!(viewing.asked_ply, None);
        assert_eq!(viewing.shown_ply(), 1);
        assert!(!viewing.can_move(), "no moves while looking back");
        assert_eq!(viewing.step("ArrowLeft"), Some(0));
        assert_eq!(viewing.step("ArrowRight"), Some(2));
        assert_eq!(viewing.step("End"), Some(3));
        // A position that is not of this game, or not in the past, is refused.
        assert_eq!(
            state
                .apply(Action::Past(Rc::new(session.snapshot())))
                .viewing,
            None
        );
        assert!(testing::past(&mut session, 4).is_none());
        // The game goes on (another move): still looking back.
        tap_uci(&mut session, state.clone(), "e6e5");
        let still = viewing.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(still.shown_ply(), 1);
        // Back to the game: moves can be made again.
        let back = still.apply(Action::Live);
        assert!(back.can_move() && back.shown_ply() == 4);
        // Taking back to the position looked at ends looking back.
        session.ask(Request::TakeBack).unwrap();
        session.ask(Request::TakeBack).unwrap();
        let two = still.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!(two.shown_ply(), 1, "two moves left: still in the past");
        session.ask(Request::TakeBack).unwrap();
        let one = two.apply(Action::Snapshot(Rc::new(session.snapshot())));
        assert_eq!((one.viewing.clone(), one.shown_ply()), (None, 1));
    }
}
