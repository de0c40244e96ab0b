//! The board editor (`mode=editor`): a position being set up, piece by
//! piece, and the rules' judgement of it. The page only places and removes
//! pieces and counts hands; the worker writes the FEN and says what is
//! wrong ([`SetupJudged`]), so the page never decides a rule here either.
//! Nothing leaves the editor (Play, Analyse, Share) unless the latest
//! judgement is of the position shown and found nothing wrong.

use std::rc::Rc;

use crate::protocol::{
    KindView, PieceView, Player, Request, SetupJudged, SetupRequest, SetupView, Side, Snapshot,
    DEFAULT_LEVEL,
};

use super::State;

/// The most pieces of a kind the hand steppers count to (the rules then
/// say how many the set has).
pub const MAX_IN_HAND: u8 = 40;

/// What the player does on the editor.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Opens the editor on a position of a variant (the link's, or the
    /// game's); `None`: the variant's start.
    Open {
        variant: String,
        fen: Option<String>,
    },
    /// The palette piece that taps on empty squares place (`None`: taps
    /// only remove).
    Brush(Option<PieceView>),
    /// A square tapped: a piece there is removed, else the brush's placed.
    Tap(u8),
    /// One more (`+1`) or one fewer (`-1`) of a hand kind.
    Hand(Side, u8, i8),
    ToMove(Side),
    /// Empties the board and both hands.
    Clear,
    /// The variant's start position (of `variant`, which may be the other
    /// game).
    Start(String),
    /// A FEN typed or pasted in.
    ReadFen(String),
    /// The worker's answer.
    Judged(Result<Rc<SetupJudged>, String>),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Editor {
    /// The position as the player has set it up.
    pub setup: SetupView,
    /// The latest judgement the worker sent (of `setup`, or of the
    /// position before the last edit while the next one comes).
    pub judged: Option<Rc<SetupJudged>>,
    pub brush: Option<PieceView>,
    /// A FEN was sent to be read and its answer has not come.
    pub reading: bool,
    /// Why the FEN typed last could not be read (the position is unchanged).
    pub fen_error: Option<String>,
}

impl Editor {
    /// The editor after `edit`, and what the worker must hear.
    pub fn reduce(&self, edit: Edit) -> (Editor, Option<Request>) {
        let mut e = self.clone();
        let read = |e: &mut Editor, variant: String, fen: String| {
            e.reading = true;
            e.fen_error = None;
            Some(Request::Setup(SetupRequest::Read { variant, fen }))
        };
        let request = match edit {
            Edit::Open { variant, fen } => {
                e = Editor::default();
                let variant = known(&variant);
                e.setup.variant.clone_from(&variant);
                let fen = fen.unwrap_or_else(|| start_fen(&variant));
                read(&mut e, variant, fen)
            }
            Edit::Start(variant) => {
                let fen = start_fen(&variant);
                read(&mut e, variant, fen)
            }
            Edit::ReadFen(fen) if fen.trim().is_empty() => None,
            Edit::ReadFen(fen) => {
                let variant = e.setup.variant.clone();
                read(&mut e, variant, fen)
            }
            Edit::Brush(brush) => {
                e.brush = brush;
                None
            }
            Edit::Judged(Ok(judged)) => {
                if e.reading || judged.setup == e.setup {
                    e.setup = judged.setup.clone();
                    e.reading = false;
                    // A brush of the other game's pieces is put down.
                    if judged.kinds != e.kinds() {
                        e.brush = None;
                    }
                    e.judged = Some(judged);
                }
                None
            }
            Edit::Judged(Err(why)) => {
                e.reading = false;
                e.fen_error = Some(why);
                // A link's position that cannot be read: the editor starts
                // from the variant's start, the message beside it.
                e.judged.is_none().then(|| {
                    let variant = known(&e.setup.variant);
                    let fen = start_fen(&variant);
                    e.reading = true;
                    Request::Setup(SetupRequest::Read { variant, fen })
                })
            }
            // Edits of the position wait until there is one.
            _ if e.judged.is_none() => None,
            Edit::Tap(square) => {
                let Some(slot) = e.setup.board.get_mut(square as usize) else {
                    return (e, None);
                };
                match (*slot, e.brush) {
                    (Some(_), _) => *slot = None,
                    (None, Some(brush)) => *slot = Some(brush),
                    (None, None) => return (e, None),
                }
                e.judge()
            }
            Edit::Hand(side, kind, delta) => {
                let Some(count) = e.setup.hands[side.index()].get_mut(kind as usize) else {
                    return (e, None);
                };
                let next = count.saturating_add_signed(delta).min(MAX_IN_HAND);
                if next == *count {
                    return (e, None);
                }
                *count = next;
                e.judge()
            }
            Edit::ToMove(side) if side == e.setup.to_move => None,
            Edit::ToMove(side) => {
                e.setup.to_move = side;
                e.judge()
            }
            Edit::Clear => {
                e.setup.board.iter_mut().for_each(|s| *s = None);
                e.setup.hands.iter_mut().flatten().for_each(|n| *n = 0);
                e.judge()
            }
        };
        (e, request)
    }

    /// The request that judges the position as it now is.
    fn judge(&mut self) -> Option<Request> {
        self.fen_error = None;
        Some(Request::Setup(SetupRequest::Judge(self.setup.clone())))
    }

    /// The variant's pieces (none before the first judgement).
    pub fn kinds(&self) -> &[KindView] {
        self.judged.as_ref().map_or(&[], |j| &j.kinds)
    }

    /// The judgement of the position shown, once it has come.
    pub fn current(&self) -> Option<&SetupJudged> {
        self.judged
            .as_deref()
            .filter(|j| j.setup == self.setup && !self.reading)
    }

    /// The position's FEN, when it may be played, analysed or shared: the
    /// rules allow it and the game is not over there.
    pub fn playable(&self) -> Option<&str> {
        self.current()
            .filter(|j| j.problem.is_none() && j.ending.is_none())
            .map(|j| j.fen.as_str())
    }

    /// The position as the board draws it (no moves: the editor's taps are
    /// not moves).
    pub fn snapshot(&self) -> Option<Snapshot> {
        let judged = self.judged.as_ref()?;
        let current = self.current();
        Some(Snapshot {
            game_id: 0,
            variant: self.setup.variant.clone(),
            kinds: judged.kinds.clone(),
            hand_kinds: judged.hand_kinds,
            board: self.setup.board.clone(),
            hands: self.setup.hands.clone(),
            to_move: self.setup.to_move,
            moves: Vec::new(),
            last_move: None,
            check: current.and_then(|j| j.check),
            san: Vec::new(),
            ending: current.and_then(|j| j.ending),
            players: [Player::Human; 2],
            level: DEFAULT_LEVEL,
            thinking: false,
            fen: judged.fen.clone(),
            start_fen: judged.fen.clone(),
            uci: Vec::new(),
        })
    }
}

/// The variant of this name, Mansindam for one the engine does not know
/// (a link's variant is one of the two already).
fn known(variant: &str) -> String {
    crate::web::starts::known_variant(variant).to_string()
}

/// A variant's start position.
fn start_fen(variant: &str) -> String {
    crate::web::starts::start_fen(&known(variant))
        .unwrap_or_default()
        .to_string()
}

impl State {
    /// The board editor ([`Edit::Open`] opens it): returns the position
    /// the worker must judge.
    pub(super) fn reduce_editor(&mut self, edit: Edit) -> Option<Request> {
        let editor = match (&edit, &self.editor) {
            (Edit::Open { .. }, _) => Editor::default(),
            (_, Some(editor)) => editor.clone(),
            (_, None) => return None,
        };
        let (editor, request) = editor.reduce(edit);
        self.editor = Some(editor);
        request
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{parse_square, Lang, Response};
    use crate::worker::Session;

    /// The editor and the worker that answers it, as on the page.
    struct Desk {
        editor: Editor,
        worker: Session,
    }

    impl Desk {
        fn new() -> Desk {
            Desk {
                editor: Editor::default(),
                worker: Session::new(),
            }
        }

        /// Does `edit`, and gives the editor the worker's answer, if any.
        fn edit(&mut self, edit: Edit) -> &Editor {
            let (editor, request) = self.editor.reduce(edit);
            self.editor = editor;
            if let Some(request) = request {
                for response in self.worker.handle(request, &|| 0.0) {
                    if let Response::Setup(answer) = response {
                        self.edit(Edit::Judged(answer.map(|j| Rc::new(*j))));
                    }
                }
            }
            &self.editor
        }

        fn fen(&self) -> &str {
            &self.editor.current().expect("judged").fen
        }

        fn problem(&self) -> Option<&str> {
            self.editor.current().expect("judged").problem.as_deref()
        }
    }

    fn sq(s: &str) -> u8 {
        parse_square(s).unwrap()
    }

    fn piece(side: Side, kind: u8) -> Option<PieceView> {
        Some(PieceView { side, kind })
    }

    const KING: u8 = 8; // Mansindam's King (after its 8 hand kinds)

    #[test]
    fn edits_that_change_nothing_ask_the_worker_nothing() {
        // Before a position is judged, edits of it wait.
        for edit in [Edit::Clear, Edit::ToMove(Side::Black)] {
            assert_eq!(Editor::default().reduce(edit), (Editor::default(), None));
        }
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "mansindam".into(),
            fen: None,
        });
        // An empty FEN is not read; the side already to move is not set again.
        let (e, request) = d.editor.reduce(Edit::ReadFen("  ".into()));
        assert_eq!((request, e.reading), (None, false));
        assert_eq!(d.editor.reduce(Edit::ToMove(Side::White)).1, None);
        assert!(d.editor.reduce(Edit::ToMove(Side::Black)).1.is_some());
    }

    #[test]
    fn pieces_are_placed_removed_and_counted_in_hand() {
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "mansindam".into(),
            fen: None,
        });
        assert_eq!(d.fen(), crate::engine::Variant::Mansindam.start_fen());
        assert_eq!(d.editor.playable(), Some(d.fen()));
        d.edit(Edit::Clear);
        assert_eq!(d.fen(), "9/9/9/9/9/9/9/9/9[] w - - 0 1");
        assert_eq!(d.problem(), Some("White has no King"));
        assert_eq!(d.editor.playable(), None);
        // Without a brush a tap on an empty square does nothing.
        assert_eq!(d.editor.reduce(Edit::Tap(sq("e1"))).1, None);
        d.edit(Edit::Brush(piece(Side::White, KING)));
        d.edit(Edit::Tap(sq("e1")));
        d.edit(Edit::Brush(piece(Side::Black, KING)));
        d.edit(Edit::Tap(sq("e9")));
        assert_eq!(d.fen(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(d.problem(), None);
        // A second Black King, then taken off again.
        d.edit(Edit::Tap(sq("a5")));
        assert_eq!(
            d.problem(),
            Some("Black has 2 Kings; a side has exactly one")
        );
        d.edit(Edit::Tap(sq("a5")));
        assert_eq!(d.problem(), None);
        // Two Pawns for White's hand, one taken back; a Rook for Black's.
        d.edit(Edit::Hand(Side::White, 0, 1));
        d.edit(Edit::Hand(Side::White, 0, 1));
        d.edit(Edit::Hand(Side::White, 0, -1));
        d.edit(Edit::Hand(Side::Black, 3, 1));
        d.edit(Edit::ToMove(Side::Black));
        assert_eq!(d.fen(), "4k4/9/9/9/9/9/9/9/4K4[Pr] b - - 0 1");
        assert_eq!(
            d.editor.playable(),
            Some("4k4/9/9/9/9/9/9/9/4K4[Pr] b - - 0 1")
        );
        // Below none and past the last kind, nothing changes.
        assert_eq!(d.editor.reduce(Edit::Hand(Side::Black, 0, -1)).1, None);
        assert_eq!(d.editor.reduce(Edit::Hand(Side::Black, 9, 1)).1, None);
    }

    #[test]
    fn what_is_wrong_is_said_and_nothing_illegal_leaves() {
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "mansindam".into(),
            fen: Some("4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1".into()),
        });
        // A White Rook on e5 checks Black's King, but it is White's move.
        d.edit(Edit::Brush(piece(Side::White, 3)));
        d.edit(Edit::Tap(sq("e5")));
        assert_eq!(
            d.problem(),
            Some("Black is in check but it is not Black's move")
        );
        assert_eq!(d.editor.playable(), None);
        d.edit(Edit::ToMove(Side::Black));
        assert_eq!(
            (d.problem(), d.editor.current().unwrap().check),
            (None, Some(sq("e9")))
        );
        // In Korean.
        d.worker.handle(Request::SetLang(Lang::Ko), &|| 0.0);
        d.edit(Edit::Hand(Side::White, 0, 19));
        assert_eq!(
            d.problem(),
            Some("백 보유 말에 보병이(가) 19개 있습니다. 한 벌에는 18개뿐입니다")
        );
        // A King that has camped: the game is over there.
        d.edit(Edit::ReadFen("K8/9/9/9/9/9/9/9/8k[] b - - 0 1".into()));
        let j = d.editor.current().unwrap();
        assert_eq!(
            (j.problem.as_deref(), j.ending.map(|e| e.winner)),
            (None, Some(Side::White))
        );
        assert_eq!(d.editor.playable(), None);
    }

    #[test]
    fn a_fen_that_cannot_be_read_leaves_the_position() {
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "pandemonium".into(),
            fen: None,
        });
        let before = d.editor.setup.clone();
        d.edit(Edit::ReadFen("4k4/9/9 w".into()));
        assert_eq!(
            d.editor.fen_error.as_deref(),
            Some("the board has 3 ranks; it needs 9, separated by '/'")
        );
        assert_eq!(d.editor.setup, before);
        assert!(d.editor.playable().is_some());
        // The next edit clears the message.
        d.edit(Edit::ToMove(Side::Black));
        assert_eq!(d.editor.fen_error, None);
    }

    /// A link's FEN that cannot be read: the editor opens on the start
    /// position and says why.
    #[test]
    fn an_unreadable_first_position_falls_back_to_the_start() {
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "pandemonium".into(),
            fen: Some("rnbqkbnr1/9 w".into()),
        });
        assert_eq!(d.fen(), crate::engine::Variant::Pandemonium.start_fen());
        assert_eq!(
            d.editor.fen_error.as_deref(),
            Some("the board has 2 ranks; it needs 9, separated by '/'")
        );
        // An unknown game is Mansindam.
        d.edit(Edit::Open {
            variant: "chess".into(),
            fen: None,
        });
        assert_eq!(d.fen(), crate::engine::Variant::Mansindam.start_fen());
        assert_eq!(d.editor.fen_error, None);
    }

    #[test]
    fn a_late_judgement_of_an_older_position_is_not_shown_as_current() {
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "mansindam".into(),
            fen: None,
        });
        let (first, request) = d.editor.reduce(Edit::Tap(sq("e1")));
        assert!(request.is_some());
        // The answer has not come: the position shown has no judgement.
        assert_eq!(first.current(), None);
        assert_eq!(first.playable(), None);
        let (second, _) = first.reduce(Edit::Tap(sq("e9")));
        // The first edit's answer, late, is kept but not taken as current.
        let answer = match d.worker.handle(request.unwrap(), &|| 0.0).pop() {
            Some(Response::Setup(Ok(j))) => Rc::new(*j),
            other => panic!("{other:?}"),
        };
        let later = second.reduce(Edit::Judged(Ok(answer))).0;
        assert_eq!(later.current(), None);
        assert_eq!(later.snapshot().unwrap().board[sq("e1") as usize], None);
    }

    #[test]
    fn switching_games_puts_the_brush_down() {
        let mut d = Desk::new();
        d.edit(Edit::Open {
            variant: "mansindam".into(),
            fen: None,
        });
        d.edit(Edit::Brush(piece(Side::White, 2)));
        d.edit(Edit::Start("pandemonium".into()));
        assert_eq!(d.editor.brush, None);
        assert_eq!(d.fen(), crate::engine::Variant::Pandemonium.start_fen());
        assert_eq!(d.editor.kinds().len(), 19);
        let snap = d.editor.snapshot().unwrap();
        assert_eq!(
            (snap.variant.as_str(), snap.moves.len()),
            ("pandemonium", 0)
        );
    }
}
