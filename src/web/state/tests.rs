//! The page state's reducer, tested natively: taps, premoves, the clock,
//! resigning and reopening, against the real engine's snapshots.

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
use crate::protocol::{parse_square, Lang, MoveSpec, NewGame, Player, Request, Side};
use crate::web::clock::TimeControl;
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

fn play(session: &mut Session, state: &State, intent: Option<PlayAction>) -> State {
    match intent {
        Some(PlayAction::Move(spec)) => {
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
    let (sent, requests) = state.reduce(Action::Play(PlayAction::Move(e3e4)));
    assert_eq!(requests, [Request::Play(e3e4)]);
    assert!(
        sent.waiting && !sent.can_move(),
        "no second move before the answer"
    );
    let (typed, requests) = state.reduce(Action::Play(PlayAction::TypeMove("Pe4".into())));
    assert_eq!(requests, [Request::PlayTyped("Pe4".into())]);
    assert!(typed.waiting);
    assert_eq!(
        state
            .reduce(Action::Play(PlayAction::TypeMove("  ".into())))
            .1,
        []
    );
    assert_eq!(
        state.reduce(Action::Play(PlayAction::AskHint)).1,
        [Request::Hint]
    );
    let date = "2026.11.23".to_string();
    let (record, requests) = state.reduce(Action::Dialog(DialogAction::OpenRecord {
        date: date.clone(),
    }));
    assert_eq!(requests, [Request::Record { date }]);
    assert_eq!(record.dialogs.open, Some(Dialog::Record));
    // Looking back asks the worker; the last move is the game itself.
    for m in ["e3e4", "e7e6"] {
        testing::play(&mut session, m);
    }
    let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
    let (asked, requests) = state.reduce(Action::Review(ReviewAction::ShowPly(1)));
    assert_eq!(
        (requests, asked.review.asked_ply),
        (vec![Request::ShowMove(1)], Some(1))
    );
    assert_eq!(asked.reduce(Action::Review(ReviewAction::ShowPly(2))).1, []);
    assert_eq!(
        asked
            .reduce(Action::Review(ReviewAction::ShowPly(2)))
            .0
            .review,
        Review::default()
    );
    // Resigning: only the side to move, and only when the player says yes.
    assert_eq!(state.reduce(Action::Play(PlayAction::Resign(false))).1, []);
    let (closed, requests) = state.reduce(Action::Play(PlayAction::Resign(true)));
    assert_eq!(requests, [Request::Resign(Side::White)]);
    assert_eq!(closed.dialogs.open, None);
}

#[test]
fn a_fallen_flag_is_told_to_the_worker_once() {
    let (_, state) = state_for("mansindam", None);
    let state = state.apply(Action::Clock(ClockAction::Start(
        Side::White,
        Some(TimeControl::fischer(1, 0)),
    )));
    let mut fresh = state.snapshot.as_ref().unwrap().as_ref().clone();
    fresh.game_id += 1;
    let state = state
        .apply(Action::Snapshot(Rc::new(fresh)))
        .apply(Action::Clock(ClockAction::Follow(0.0)));
    assert!(state.clock.clock.is_some(), "a one-minute clock");
    assert_eq!(
        state.reduce(Action::Clock(ClockAction::Tick(59_000.0))).1,
        []
    );
    let (fallen, requests) = state.reduce(Action::Clock(ClockAction::Tick(60_500.0)));
    assert_eq!(requests, [Request::Flag(Side::White)]);
    assert_eq!(
        fallen.reduce(Action::Clock(ClockAction::Tick(61_000.0))).1,
        [],
        "told once"
    );
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
    assert!(!state
        .apply(Action::Play(PlayAction::Reopen(true)))
        .can_take_back());
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
    let state = state.apply(Action::Play(PlayAction::Reopen(true)));
    assert!(state.reopened && state.can_take_back());
    assert!(
        !state
            .apply(Action::Play(PlayAction::Reopen(false)))
            .can_take_back(),
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
    let state = state.apply(Action::Play(PlayAction::Reopen(true)));
    assert!(state.reopened);
    // The same game again (a restarted worker) keeps it; another drops it.
    let same = state.snapshot.clone().unwrap();
    assert!(state.apply(Action::Snapshot(same.clone())).reopened);
    let mut other = same.as_ref().clone();
    other.game_id += 1;
    let state = state.apply(Action::Snapshot(Rc::new(other)));
    assert!(!state.reopened && !state.can_take_back() && state.can_reopen());
    // A game to look at is not played: nothing to reopen.
    let viewer = state.apply(Action::View(ViewAction::Present {
        embed: false,
        viewer: true,
        bottom: None,
        analysis: false,
    }));
    assert!(!viewer.can_reopen());
    assert!(
        !viewer
            .apply(Action::Play(PlayAction::Reopen(true)))
            .reopened
    );
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
        .apply(Action::Clock(ClockAction::Start(
            Side::Black,
            Some(TimeControl::fischer(5, 2)),
        )))
        .apply(Action::Snapshot(Rc::new(session.snapshot())));
    assert!(state.view.flipped && state.clock.clock.is_some());
    testing::play(&mut session, "c6c7+");
    session.ask(Request::Resign(Side::Black)).unwrap();
    let state = state
        .apply(Action::Snapshot(Rc::new(session.snapshot())))
        .apply(Action::Play(PlayAction::Reopen(true)));
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
        .apply(Action::Clock(ClockAction::Start(bottom, clock)))
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
    let state = state.apply(Action::View(ViewAction::Flip));
    let (game, bottom, _) = state.rematch(true).unwrap();
    assert_eq!((game.players, bottom), ([Computer, Human], Side::Black));
    let state = state.apply(Action::View(ViewAction::Flip));
    let (_, bottom, _) = state.rematch(true).unwrap();
    assert_eq!(bottom, Side::Black);
}

#[test]
fn tap_tap_plays_a_move_and_illegal_taps_do_nothing() {
    let (mut session, state) = state_for("mansindam", None);
    // An empty square without selection: nothing.
    assert_eq!(state.tap(Target::Square(sq("e5"))), None);
    // An enemy piece cannot be picked.
    assert_eq!(state.tap(Target::Square(sq("e7"))), None);
    let intent = state.tap(Target::Square(sq("e3")));
    assert_eq!(intent, Some(PlayAction::Select(Origin::Square(sq("e3")))));
    let state = state.apply(Action::Play(PlayAction::Select(Origin::Square(sq("e3")))));
    assert!(state.destinations()[sq("e4") as usize]);
    assert_eq!(state.destinations().iter().filter(|&&d| d).count(), 1);
    // Illegal destination: the selection goes away, nothing is played.
    assert_eq!(
        state.tap(Target::Square(sq("e6"))),
        Some(PlayAction::Deselect)
    );
    // Tapping the selected piece again deselects it.
    assert_eq!(
        state.tap(Target::Square(sq("e3"))),
        Some(PlayAction::Deselect)
    );
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
    let state = state.apply(Action::Play(PlayAction::Select(e3)));
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
    assert_eq!(state.tap(Target::Hand(Side::Black, 2)), None);
    // ... not even a kind White holds too.
    let (_, both) = state_for("pandemonium", Some("4k4/9/9/9/9/9/9/9/4K4[Rr] w - - 0 1"));
    assert_eq!(both.tap(Target::Hand(Side::Black, rook)), None);
    assert_eq!(
        state.tap(Target::Hand(Side::White, 0)),
        None,
        "no Pawn in hand"
    );
    assert_eq!(
        state.tap(Target::Hand(Side::White, rook)),
        Some(PlayAction::Select(Origin::Hand(rook)))
    );
    let state = state.apply(Action::Play(PlayAction::Select(Origin::Hand(rook))));
    assert_eq!(state.destinations().iter().filter(|&&d| d).count(), 79);
    // A drag from the hand onto an occupied square does nothing.
    assert_eq!(state.move_to(Origin::Hand(rook), sq("e9")), None);
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
    let state = state.apply(Action::Play(PlayAction::Select(Origin::Square(sq("a6")))));
    let Some(PlayAction::AskPromotion(choice)) = state.tap(Target::Square(sq("a7"))) else {
        panic!("no promotion dialog");
    };
    let state = state.apply(Action::Play(PlayAction::AskPromotion(choice)));
    assert_eq!(choice.kind, 0);
    let snap = state.snapshot.clone().unwrap();
    assert_eq!(snap.kinds[choice.promoted_kind as usize].letter, 'G');
    assert!(matches!(state.choose_promotion(true), Some(PlayAction::Move(m)) if m.promotes));
    assert!(matches!(state.choose_promotion(false), Some(PlayAction::Move(m)) if !m.promotes));

    let (_, state) = state_for("mansindam", Some("4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1"));
    let state = state.apply(Action::Play(PlayAction::Select(Origin::Square(sq("a6")))));
    assert!(matches!(state.tap(Target::Square(sq("a7"))), Some(PlayAction::Move(m)) if m.promotes));
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
    let state = state.apply(Action::Play(PlayAction::Select(Origin::Square(sq("d9")))));
    let Some(PlayAction::Confirm(m)) = state.tap(Target::Square(sq("e9"))) else {
        panic!("no warning before a losing repetition");
    };
    assert_eq!(m.ends_game.map(|e| e.winner), Some(Side::White));
    // Another move is played without a question.
    assert!(matches!(
        state.tap(Target::Square(sq("c9"))),
        Some(PlayAction::Move(_))
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
        Some(PlayAction::Select(e7))
    );
    assert!(!state.can_move());
    assert_eq!(
        state
            .apply(Action::Play(PlayAction::Select(e7)))
            .destinations(),
        [false; 81]
    );
    assert_eq!(state.move_to(e7, sq("e6")), None);
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
        .reduce(Action::Clock(ClockAction::Follow(0.0)))
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
        Some(PlayAction::Select(from))
    );
    let state = state.apply(Action::Play(PlayAction::Select(from)));
    let premove = Premove { from, to: sq(to) };
    assert_eq!(
        state.intent(BoardInput::Tap(Target::Square(sq(to)))),
        Some(PlayAction::Premove(premove))
    );
    let state = state.apply(Action::Play(PlayAction::Premove(premove)));
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
        .apply(Action::Clock(ClockAction::Start(
            Side::White,
            Some(TimeControl::fischer(5, 3)),
        )))
        .apply(against_computer(&session))
        .apply(Action::Clock(ClockAction::Follow(0.0)));
    testing::play(&mut session, "e1d1");
    let (state, _) = arrive(&state, &session);
    let premove = Premove {
        from: Origin::Square(sq("a1")),
        to: sq("a5"),
    };
    let state = state.apply(Action::Play(PlayAction::Premove(premove)));
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
    assert_eq!(tap(&state, "e5"), Some(PlayAction::CancelPremove));
    let gone = state.apply(Action::Play(PlayAction::CancelPremove));
    assert_eq!((gone.premove, tap(&gone, "e5")), (None, None));
    // The right button, Escape (or Take back), a new game: given up.
    assert_eq!(
        state.intent(BoardInput::Cancel),
        Some(PlayAction::CancelPremove)
    );
    assert_eq!(
        state.apply(Action::Play(PlayAction::CancelMove)).premove,
        None
    );
    assert_eq!(
        state
            .apply(Action::Clock(ClockAction::Start(Side::White, None)))
            .premove,
        None
    );
    // Picking up a piece starts another one; a drag onto the player's
    // own piece is one too (a tap there picks that piece up).
    let rook = Origin::Square(sq("a1"));
    assert_eq!(tap(&state, "a1"), Some(PlayAction::Select(rook)));
    assert_eq!(
        state.apply(Action::Play(PlayAction::Select(rook))).premove,
        None
    );
    assert_eq!(
        state.intent(BoardInput::Drop(rook, sq("d1"))),
        Some(PlayAction::Premove(Premove {
            from: rook,
            to: sq("d1")
        }))
    );
    assert_eq!(state.intent(BoardInput::Drop(rook, sq("a1"))), None);
    // From the hand: White's Rook in hand, not Black's hand.
    let hand = Origin::Hand(3);
    assert!(state.can_pick(hand));
    assert_eq!(
        state.intent(BoardInput::Tap(Target::Hand(Side::White, 3))),
        Some(PlayAction::Select(hand))
    );
    assert_eq!(
        state.intent(BoardInput::Tap(Target::Hand(Side::Black, 3))),
        Some(PlayAction::CancelPremove)
    );
    let state = state
        .apply(Action::Play(PlayAction::Select(hand)))
        .apply(Action::Play(PlayAction::Premove(Premove {
            from: hand,
            to: sq("e5"),
        })));
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
            .apply(Action::Play(PlayAction::Premove(Premove {
                from: Origin::Square(sq("e4")),
                to: sq("e5")
            })))
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
    let Some(PlayAction::Select(o)) = state.tap(origin) else {
        panic!("{uci}: cannot pick the piece up");
    };
    let state = state.apply(Action::Play(PlayAction::Select(o)));
    let intent = match state.tap(Target::Square(to)) {
        Some(PlayAction::AskPromotion(c)) => state
            .apply(Action::Play(PlayAction::AskPromotion(c)))
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
    let state = state.apply(Action::Play(PlayAction::AskHint));
    assert!(state.hint_pending && !state.can_hint());
    let hint = testing::hint(&mut session).expect("a hint");
    // A hint for another position (a move was played since) is dropped.
    let stale = Hint {
        ply: 1,
        ..hint.clone()
    };
    assert_eq!(
        state.apply(Action::Play(PlayAction::Hint(stale))).hint,
        None
    );
    let state = state.apply(Action::Play(PlayAction::Hint(hint.clone())));
    assert_eq!(state.hint.as_ref(), Some(&hint));
    assert!(!state.hint_pending && state.can_hint());
    // The same position again (a refused request) keeps it; a move clears it.
    let state = state.apply(Action::Snapshot(Rc::new(session.snapshot())));
    assert_eq!(state.hint.as_ref(), Some(&hint));
    let state = play(&mut session, &state, Some(PlayAction::Move(hint.spec)));
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
    let asked = state.apply(Action::Review(ReviewAction::ShowPly(2)));
    assert_eq!(asked.step("ArrowLeft"), Some(1));
    let asked = asked.apply(Action::Review(ReviewAction::ShowPly(1)));
    // The answer for 2 comes; 1 is still owed, and steps go on from it.
    let asked = asked.apply(Action::Review(ReviewAction::Past(Rc::new(
        testing::past(&mut session, 2).unwrap(),
    ))));
    assert_eq!((asked.shown_ply(), asked.step("ArrowLeft")), (2, Some(0)));
    let viewing = asked.apply(Action::Review(ReviewAction::Past(past.clone())));
    assert_eq!(viewing.review.asked_ply, None);
    assert_eq!(viewing.shown_ply(), 1);
    assert!(!viewing.can_move(), "no moves while looking back");
    assert_eq!(viewing.step("ArrowLeft"), Some(0));
    assert_eq!(viewing.step("ArrowRight"), Some(2));
    assert_eq!(viewing.step("End"), Some(3));
    // A position that is not of this game, or not in the past, is refused.
    assert_eq!(
        state
            .apply(Action::Review(ReviewAction::Past(Rc::new(
                session.snapshot()
            ))))
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
    let back = still.apply(Action::Review(ReviewAction::ShowPly(usize::MAX)));
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
        .apply(Action::View(ViewAction::Flip));
    let played = state.snapshot.clone().unwrap();
    let state = state.apply(Action::Analysis(AnalysisAction::Open {
        lines: 3,
        engine: true,
    }));
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
    let (back, requests) = state.reduce(Action::Analysis(AnalysisAction::GoTo(Tree::ROOT)));
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
        .apply(Action::View(ViewAction::Present {
            embed: false,
            viewer: false,
            bottom: None,
            analysis: true,
        }))
        .apply(Action::Snapshot(first.clone()))
        .apply(Action::Analysis(AnalysisAction::Engine(false)));
    let old = state.analysis.clone().expect("opened");
    // The pasted game comes as a new game with its moves.
    let mut pasted = testing::game("mansindam", None);
    for m in ["e3e4", "e7e6"] {
        testing::play(&mut pasted, m);
    }
    let mut snap = pasted.snapshot();
    snap.game_id = first.game_id + 1;
    let snap = Rc::new(snap);
    let loading = state.apply(Action::Dialog(DialogAction::Loading));
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
        .apply(Action::Play(PlayAction::EditTyped("e3e9".into())))
        .reduce(Action::Play(PlayAction::TypeMove("e3e9".into())));
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
    let editing = refused.apply(Action::Play(PlayAction::EditTyped("e3e4".into())));
    assert_eq!(
        (editing.typed.text.as_str(), editing.typed.error.as_ref()),
        ("e3e4", None)
    );
    let sent = editing.apply(Action::Play(PlayAction::TypeMove("e3e4".into())));
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
    assert!(state
        .apply(Action::Play(PlayAction::AskHint))
        .awaiting_worker());
    let moved = state.apply(Action::Play(PlayAction::TypeMove("e3e4".into())));
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
    let present = |embed, viewer, analysis| {
        Action::View(ViewAction::Present {
            embed,
            viewer,
            bottom: None,
            analysis,
        })
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
    let puzzles = state.apply(Action::Puzzle(PuzzleAction::Open(Box::default())));
    assert!(puzzles.puzzling() && !puzzles.keeps_game());
}

#[test]
fn an_error_goes_to_the_record_being_loaded_else_to_a_notice() {
    let state = State::default();
    let loading = state.apply(Action::Dialog(DialogAction::Loading));
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
    let present = |embed| {
        Action::View(ViewAction::Present {
            embed,
            viewer: false,
            bottom: None,
            analysis: true,
        })
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
