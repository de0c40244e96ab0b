//! The puzzle board (`mode=puzzle`): a puzzle of the set (`puzzles.tsv`,
//! loaded when the board opens) or a link's own, played in the worker as a
//! game for two players of which the page moves the opponent. The page
//! never decides a rule here either: a move is the solution's when the
//! worker's record of it is the solution's move, or when the worker says
//! it won the game (another mate is as good).
//!
//! The player's puzzle rating, streak and the puzzles solved are kept in
//! storage ([`Progress`]).

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::protocol::puzzle::{Puzzle, Theme};
use crate::protocol::{NewGame, Player, Request, Side, Snapshot};
use crate::web::link::{Link, Mode};

use super::State;

/// A new player's puzzle rating.
pub const FIRST_RATING: i32 = 1000;
/// How far one puzzle moves the rating (Elo's K).
pub const K: f64 = 32.0;

/// What the player does on the puzzle board, and what comes to it.
#[derive(Clone, Debug, PartialEq)]
pub enum Solve {
    /// The set came (or could not be loaded or read: what is wrong).
    Loaded(Result<Rc<Vec<Puzzle>>, String>),
    /// The next puzzle of the filter, nearest the player's rating.
    Next,
    /// The current puzzle again from its start.
    Retry,
    /// The solution is played out on the board (the puzzle counts as failed).
    ShowSolution,
    /// The page's timer: the opponent's reply, the next move of the solution
    /// shown, or the wrong move taken back.
    Step,
    /// Only puzzles of this game and this theme.
    Filter(Filter),
}

/// Which puzzles come next.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub variant: Option<String>,
    pub theme: Option<Theme>,
}

impl Filter {
    pub fn admits(&self, p: &Puzzle) -> bool {
        self.variant.as_ref().is_none_or(|v| *v == p.variant)
            && self.theme.is_none_or(|t| p.themes.contains(&t))
    }
}

/// Why no puzzle is on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The set could not be loaded (offline before it was kept), or read
    /// (what is wrong in it).
    Unavailable(String),
    /// The link names a puzzle the set does not have.
    Unknown(String),
    /// No puzzle of the set has the filter's game and theme.
    NoneFits,
}

/// Where the puzzle stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// The set or the puzzle's position is on its way.
    #[default]
    Loading,
    /// The solver's move.
    Solving,
    /// A wrong move is on the board; the timer takes it back.
    Wrong,
    /// The solver's move was right; the timer plays the opponent's reply.
    Reply,
    Solved,
    /// The solution is being played out by the timer.
    Showing,
    /// The solution was shown to its end.
    Shown,
}

/// What is wrong with a stored record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    NotARecord,
    /// A field (`rating`, `streak`, `best`) that is not a number.
    NotANumber {
        field: &'static str,
        value: String,
    },
    UnknownLine(String),
}

/// The player's record, kept in storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub rating: i32,
    pub streak: u32,
    pub best_streak: u32,
    /// Puzzles solved without a mistake.
    pub solved: BTreeSet<String>,
    /// Puzzles tried (solved or not).
    pub seen: BTreeSet<String>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            rating: FIRST_RATING,
            streak: 0,
            best_streak: 0,
            solved: BTreeSet::new(),
            seen: BTreeSet::new(),
        }
    }
}

impl Progress {
    /// The record after a puzzle of `rating`, solved or not; the change of
    /// the player's rating.
    pub fn rate(&mut self, id: &str, rating: u32, solved: bool) -> i32 {
        let expected =
            1.0 / (1.0 + 10f64.powf((f64::from(rating) - f64::from(self.rating)) / 400.0));
        let score = if solved { 1.0 } else { 0.0 };
        let change = (K * (score - expected)).round() as i32;
        self.rating = (self.rating + change).clamp(100, 3500);
        self.seen.insert(id.to_string());
        if solved {
            self.solved.insert(id.to_string());
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        change
    }

    /// As kept in storage: `puzzles 1`, then a line per field.
    pub fn write(&self) -> String {
        let list = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(",");
        format!(
            "puzzles 1\nrating {}\nstreak {}\nbest {}\nsolved {}\nseen {}\n",
            self.rating,
            self.streak,
            self.best_streak,
            list(&self.solved),
            list(&self.seen)
        )
    }

    /// Reads what [`Progress::write`] wrote; what cannot be read is named.
    pub fn read(text: &str) -> Result<Progress, Damage> {
        let mut lines = text.lines();
        if lines.next() != Some("puzzles 1") {
            return Err(Damage::NotARecord);
        }
        let mut p = Progress::default();
        for line in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let number = |field: &'static str| {
                value.parse::<u32>().map_err(|_| Damage::NotANumber {
                    field,
                    value: value.chars().take(20).collect(),
                })
            };
            let ids = || {
                value
                    .split(',')
                    .filter(|i| !i.is_empty())
                    .map(str::to_string)
                    .collect()
            };
            match key {
                "rating" => p.rating = number("rating")?.clamp(100, 3500) as i32,
                "streak" => p.streak = number("streak")?,
                "best" => p.best_streak = number("best")?,
                "solved" => p.solved = ids(),
                "seen" => p.seen = ids(),
                _ => return Err(Damage::UnknownLine(key.chars().take(20).collect())),
            }
        }
        Ok(p)
    }
}

/// The puzzle board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleBoard {
    /// The set, once loaded (a link's own puzzle needs none).
    pub set: Option<Rc<Vec<Puzzle>>>,
    pub puzzle: Option<Rc<Puzzle>>,
    /// The worker's game number for the puzzles (one for all of them).
    pub game_id: u32,
    /// How many moves of the puzzle's line are on the board.
    pub done: usize,
    pub phase: Phase,
    /// The last wrong move, as the record writes it (`Nf3`).
    pub wrong: Option<String>,
    /// This puzzle's result went into the rating (once per puzzle).
    pub rated: bool,
    /// The change of the rating it made.
    pub change: Option<i32>,
    pub filter: Filter,
    pub progress: Progress,
    /// The link's own puzzle: not rated, no next one.
    pub single: bool,
    /// No puzzle can be shown, and why.
    pub problem: Option<Problem>,
    /// The link's puzzle id, until the set comes.
    pub wanted: Option<String>,
    /// The record kept in storage could not be read (what is wrong): a new
    /// one started.
    pub damaged: Option<Damage>,
}

impl PuzzleBoard {
    /// The board for a link: its own puzzle (`single`), else the set's
    /// puzzle `wanted` or the next one of `filter` once the set comes.
    pub fn new(
        single: Option<Puzzle>,
        wanted: Option<String>,
        filter: Filter,
        progress: Progress,
    ) -> PuzzleBoard {
        PuzzleBoard {
            single: single.is_some(),
            puzzle: single.map(Rc::new),
            wanted,
            filter,
            progress,
            ..PuzzleBoard::default()
        }
    }

    /// The side that solves: the other side than the one to move in the
    /// FEN when the line starts with the opponent's move (an even number of
    /// moves), else the side to move.
    pub fn solver(&self) -> Option<Side> {
        let p = self.puzzle.as_ref()?;
        let to_move = crate::web::state::analysis::first_mover(&p.fen);
        Some(if p.moves.len().is_multiple_of(2) {
            to_move.flip()
        } else {
            to_move
        })
    }

    /// Moves of the line that are the opponent's setting move (0 or 1).
    pub fn setting(&self) -> usize {
        self.puzzle.as_ref().map_or(0, |p| 1 - p.moves.len() % 2)
    }

    /// Whether the player may move now (and only the solver's pieces).
    pub fn lets_move(&self, snap: &Snapshot) -> bool {
        self.phase == Phase::Solving
            && snap.game_id == self.game_id
            && Some(snap.to_move) == self.solver()
    }

    /// The puzzle over (solved, failed to its end or shown).
    pub fn finished(&self) -> bool {
        matches!(self.phase, Phase::Solved | Phase::Shown)
    }

    /// The game that shows the puzzle with its first `moves` moves played.
    fn game(&self, moves: usize) -> Option<NewGame> {
        let p = self.puzzle.as_ref()?;
        Some(NewGame {
            id: self.game_id,
            variant: p.variant.clone(),
            fen: Some(p.fen.clone()),
            moves: p.moves[..moves.min(p.moves.len())].to_vec(),
            players: [Player::Human, Player::Human],
            level: 1,
            from_link: false,
            clock: None,
        })
    }

    /// Sets `puzzle` up in the worker (as soon as it has shown a game, so
    /// that the puzzles' number follows the page's games).
    fn start(&mut self, puzzle: Rc<Puzzle>, snap: Option<&Snapshot>) -> Vec<Request> {
        self.puzzle = Some(puzzle);
        self.phase = Phase::Loading;
        self.done = 0;
        self.wrong = None;
        self.rated = false;
        self.change = None;
        match snap {
            Some(s) => {
                if self.game_id == 0 || s.game_id != self.game_id {
                    self.game_id = s.game_id.wrapping_add(1);
                }
                self.game(self.setting())
                    .map(Request::NewGame)
                    .into_iter()
                    .collect()
            }
            None => Vec::new(),
        }
    }

    /// The puzzle of the set to play next: the one the link names, else one
    /// of the filter not seen yet (else not solved yet, else any), nearest
    /// the player's rating; never the current one while another is left.
    fn pick(&self) -> Result<Rc<Puzzle>, Problem> {
        let set = self.set.as_ref().ok_or(Problem::NoneFits)?;
        if let Some(id) = &self.wanted {
            return set
                .iter()
                .find(|p| p.id == *id)
                .cloned()
                .map(Rc::new)
                .ok_or_else(|| Problem::Unknown(id.clone()));
        }
        let current = self.puzzle.as_ref().map(|p| p.id.as_str());
        let of_filter: Vec<&Puzzle> = set.iter().filter(|p| self.filter.admits(p)).collect();
        let nearest = |keep: &dyn Fn(&Puzzle) -> bool| {
            of_filter
                .iter()
                .filter(|p| keep(p) && Some(p.id.as_str()) != current)
                .min_by_key(|p| (i64::from(p.rating) - i64::from(self.progress.rating)).abs())
                .map(|p| Rc::new((*p).clone()))
        };
        let progress = &self.progress;
        nearest(&|p| !progress.seen.contains(&p.id))
            .or_else(|| nearest(&|p| !progress.solved.contains(&p.id)))
            .or_else(|| nearest(&|_| true))
            .or_else(|| of_filter.first().map(|p| Rc::new((*p).clone())))
            .ok_or(Problem::NoneFits)
    }

    /// The state after `solve`, and the requests for the worker; `snap` is
    /// the page's latest snapshot.
    pub fn reduce(&self, solve: Solve, snap: Option<&Snapshot>) -> (PuzzleBoard, Vec<Request>) {
        let mut b = self.clone();
        let mut requests = Vec::new();
        match solve {
            Solve::Loaded(Ok(set)) => {
                b.set = Some(set);
                requests = b.next(snap);
                b.wanted = None;
            }
            Solve::Loaded(Err(e)) => b.problem = Some(Problem::Unavailable(e)),
            Solve::Next => requests = b.next(snap),
            Solve::Retry => {
                if let Some(p) = b.puzzle.clone() {
                    requests = b.start(p, snap);
                    // (A puzzle tried again is not rated again.)
                    b.rated = self.rated;
                }
            }
            Solve::ShowSolution => {
                if matches!(b.phase, Phase::Solving | Phase::Wrong | Phase::Reply) {
                    b.fail();
                    b.phase = Phase::Showing;
                    b.wrong = None;
                    if self.phase == Phase::Wrong {
                        // The wrong move goes first.
                        requests.extend(b.game(b.done).map(Request::NewGame));
                    }
                }
            }
            Solve::Filter(filter) => {
                b.filter = filter;
                requests = b.next(snap);
            }
            Solve::Step => requests = b.step(),
        }
        (b, requests)
    }

    /// The set's next puzzle set up ([`PuzzleBoard::pick`]), or why there
    /// is none. A link's own puzzle has no next one.
    fn next(&mut self, snap: Option<&Snapshot>) -> Vec<Request> {
        if self.single {
            return Vec::new();
        }
        match self.pick() {
            Ok(p) => {
                self.problem = None;
                self.start(p, snap)
            }
            Err(e) => {
                self.problem = Some(e);
                Vec::new()
            }
        }
    }

    /// The timer's move: the next move of the line (the opponent's reply,
    /// or the solution shown), or the wrong move taken back.
    fn step(&mut self) -> Vec<Request> {
        let Some(p) = self.puzzle.clone() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Reply | Phase::Showing => p
                .moves
                .get(self.done)
                .map(|m| Request::PlayTyped(m.clone()))
                .into_iter()
                .collect(),
            Phase::Wrong => self
                .game(self.done)
                .map(Request::NewGame)
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The puzzle counts as failed (once).
    fn fail(&mut self) {
        self.rate(false);
    }

    fn rate(&mut self, solved: bool) {
        if self.rated || self.single {
            return;
        }
        if let Some(p) = &self.puzzle {
            self.change = Some(self.progress.rate(&p.id, p.rating, solved));
            self.rated = true;
        }
    }

    /// The worker showed a game: if it is the puzzle's, what was played.
    /// Returns the requests it calls for (the puzzle set up, once the
    /// worker has shown its first game).
    pub fn follow(&mut self, snap: &Snapshot) -> Vec<Request> {
        let Some(p) = self.puzzle.clone() else {
            return Vec::new();
        };
        if self.phase == Phase::Loading && snap.game_id != self.game_id {
            // The worker's first game (a stand-in): now the puzzle.
            return self.start(p, Some(snap));
        }
        // Another game of the worker. (A late snapshot of the puzzle
        // before has moves that are not this one's.)
        if snap.game_id != self.game_id || snap.uci.len() > p.moves.len() {
            return Vec::new();
        }
        let n = snap.uci.len();
        let on_line = |k: usize| snap.uci[..k] == p.moves[..k];
        match self.phase {
            Phase::Loading if n == self.setting() && on_line(n) => {
                self.done = n;
                self.phase = Phase::Solving;
            }
            Phase::Solving if n == self.done + 1 && on_line(self.done) => {
                let won = snap.ending.is_some_and(|e| Some(e.winner) == self.solver());
                if snap.uci[self.done] == p.moves[self.done] || won {
                    self.done += 1;
                    self.wrong = None;
                    if self.done >= p.moves.len() || snap.ending.is_some() {
                        self.phase = Phase::Solved;
                        self.rate(true);
                    } else {
                        self.phase = Phase::Reply;
                    }
                } else {
                    self.wrong = snap.san.get(self.done).cloned();
                    self.phase = Phase::Wrong;
                    self.fail();
                }
            }
            Phase::Reply if n == self.done + 1 && on_line(n) => {
                self.done = n;
                self.phase = Phase::Solving;
            }
            Phase::Wrong if n == self.done && on_line(n) => self.phase = Phase::Solving,
            Phase::Showing if n == self.done + 1 && on_line(n) => {
                self.done = n;
                if n >= p.moves.len() {
                    self.phase = Phase::Shown;
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// The timer has something to do.
    pub fn waits_for_timer(&self) -> bool {
        matches!(self.phase, Phase::Wrong | Phase::Reply | Phase::Showing)
    }
}

impl PuzzleBoard {
    /// The link to the puzzle on the board: a puzzle of the set by its
    /// name, a link's own by its line; `own` always by its line (for the
    /// embed builder: a post's frame needs no set).
    pub fn link(&self, own: bool) -> Option<Link> {
        let p = self.puzzle.as_ref()?;
        let orient = self.solver().filter(|&s| s == Side::Black);
        Some(if self.single || own {
            Link {
                variant: Some(p.variant.clone()),
                fen: Some(p.fen.clone()),
                solution: p.moves.clone(),
                mode: Some(Mode::Puzzle),
                orient,
                ..Link::default()
            }
        } else {
            Link {
                puzzle: Some(p.id.clone()),
                mode: Some(Mode::Puzzle),
                orient,
                ..Link::default()
            }
        })
    }
}

/// A link's own puzzle: `fen` and `solution` (UCI moves from the FEN; when
/// there is an even number, the first is the opponent's move that sets the
/// puzzle).
pub fn of_link(variant: &str, fen: &str, solution: &[String]) -> Puzzle {
    Puzzle {
        id: String::new(),
        variant: variant.to_string(),
        fen: fen.to_string(),
        moves: solution.to_vec(),
        rating: 0,
        themes: Vec::new(),
        source: String::new(),
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// Opens the puzzle board.
    Open(Box<PuzzleBoard>),
    /// On the puzzle board.
    Solve(Solve),
}

impl State {
    /// The puzzle board: returns the requests it makes of the worker.
    pub(super) fn reduce_puzzle(&mut self, action: PuzzleAction) -> Vec<Request> {
        match action {
            PuzzleAction::Open(board) => self.puzzle = Some(*board),
            PuzzleAction::Solve(solve) => {
                if let Some(b) = &self.puzzle {
                    let (board, requests) = b.reduce(solve, self.snapshot.as_deref());
                    self.puzzle = Some(board);
                    self.gesture.clear();
                    return requests;
                }
            }
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::puzzle::read_set;
    use crate::web::state::{Action, PlayAction, State, ViewAction};
    use crate::worker::testing::{self, Ask};
    use crate::worker::Session;

    /// Two puzzles: a Mansindam mate in 2 ending with a drop (White
    /// solves, after Black's Bd9-f7), and a made-up Pandemonium one.
    const SET: &str = "id\tvariant\tfen\tmoves\trating\tthemes\tsource
m1\tmansindam\tr2akqcnm/1b7/ppp1p1ppp/3pnp3/4A4/5PQ2/PPPPP1PPP/2MN5/2C1K1BNR[] b - - 11 6\td9f7 e5f7 g9f7 A@c8\t800\tmate,dropMate\ttest
p1\tpandemonium\trnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/9/4V4/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] w - - 0 1\ta3a4 a7a6\t1500\tadvantage,short\ttest
";

    fn set() -> Rc<Vec<Puzzle>> {
        Rc::new(read_set(SET).unwrap())
    }

    /// The page and its worker: every request the page sends is answered,
    /// and every answer is shown.
    struct Page {
        state: State,
        worker: Session,
    }

    impl Page {
        fn open(board: PuzzleBoard) -> Page {
            let worker = testing::game("mansindam", None);
            let state = State::default()
                .reduce(Action::Puzzle(PuzzleAction::Open(Box::new(board))))
                .0;
            let mut page = Page { state, worker };
            page.show();
            page
        }

        /// The board opened on the test set, on the puzzle named or the
        /// next one, with the set loaded.
        fn loaded(wanted: Option<&str>) -> Page {
            let mut page = Page::open(PuzzleBoard::new(
                None,
                wanted.map(str::to_string),
                Filter::default(),
                Progress::default(),
            ));
            page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Loaded(
                Ok(set()),
            ))));
            page
        }

        /// The worker's game on the page.
        fn show(&mut self) {
            let snap = Rc::new(self.worker.snapshot());
            self.act(Action::Snapshot(snap));
        }

        fn act(&mut self, action: Action) {
            let (state, requests) = self.state.reduce(action);
            self.state = state;
            for r in requests {
                self.worker.ask(r).unwrap();
                self.show();
            }
        }

        fn board(&self) -> &PuzzleBoard {
            self.state.puzzle.as_ref().unwrap()
        }

        fn play(&mut self, uci: &str) {
            self.act(Action::Play(PlayAction::TypeMove(uci.into())));
        }

        fn uci(&self) -> Vec<String> {
            self.state.snapshot.as_ref().unwrap().uci.clone()
        }
    }

    #[test]
    fn a_puzzle_is_solved_with_a_wrong_move_on_the_way() {
        let mut page = Page::open(PuzzleBoard::new(
            None,
            None,
            Filter::default(),
            Progress::default(),
        ));
        assert_eq!(page.board().phase, Phase::Loading);
        let stand_in = page.worker.snapshot().game_id;
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Loaded(
            Ok(set()),
        ))));
        // Nearest the first rating (1000): m1 (800) before p1 (1500).
        let b = page.board();
        // The puzzle's game is the next after the worker's stand-in...
        assert_eq!(b.game_id, stand_in + 1);
        assert_eq!(b.puzzle.as_ref().unwrap().id, "m1");
        assert_eq!(
            (b.phase, b.done, b.solver()),
            (Phase::Solving, 1, Some(Side::White))
        );
        assert_eq!(page.uci(), ["d9f7"], "Black's move is played");
        assert!(!page.state.view.flipped && page.state.can_move());

        // A wrong move: named, rated as a failure once, taken back by the
        // timer (with the board as the player turned it).
        page.act(Action::View(ViewAction::Flip));
        page.play("e5d4");
        let b = page.board();
        assert_eq!((b.phase, b.wrong.as_deref()), (Phase::Wrong, Some("Ad4")));
        assert_eq!(
            (b.change, b.progress.rating, b.progress.streak),
            (Some(-24), 976, 0)
        );
        assert!(!page.state.can_move());
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Step)));
        assert_eq!(
            (page.board().phase, page.uci()),
            (Phase::Solving, vec!["d9f7".to_string()])
        );
        assert!(page.state.view.flipped);
        page.act(Action::View(ViewAction::Flip));

        // The right moves; the opponent's reply comes with the timer.
        page.play("e5f7");
        assert_eq!(page.board().phase, Phase::Reply);
        assert!(!page.state.can_move(), "the opponent's turn is the page's");
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Step)));
        assert_eq!(page.uci(), ["d9f7", "e5f7", "g9f7"]);
        assert_eq!(page.board().wrong, None);
        page.play("A@c8");
        let b = page.board();
        assert_eq!(b.phase, Phase::Solved);
        assert!(page.state.snapshot.as_ref().unwrap().ending.is_some());
        assert_eq!(b.progress.rating, 976, "rated once, as failed");
        assert!(b.progress.seen.contains("m1") && !b.progress.solved.contains("m1"));

        // The next one: p1, Black at the bottom, in the same game's number
        // (the worker's last game was the puzzle's).
        let before = page.board().game_id;
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Next)));
        let b = page.board();
        assert_eq!(b.game_id, before);
        assert_eq!(
            (b.puzzle.as_ref().unwrap().id.as_str(), b.phase),
            ("p1", Phase::Solving)
        );
        assert!(page.state.view.flipped);
        page.play("a7a6");
        let b = page.board();
        assert_eq!(
            (b.phase, b.progress.streak, b.change),
            (Phase::Solved, 1, Some(31))
        );
        assert_eq!(b.progress.solved.iter().collect::<Vec<_>>(), ["p1"]);
    }

    #[test]
    fn the_solver_moves_only_in_the_puzzles_game_on_their_turn() {
        let page = Page::loaded(None);
        let snap = page.worker.snapshot();
        let board = page.board().clone();
        assert!(board.lets_move(&snap) && !board.finished());
        let other_game = Snapshot {
            game_id: snap.game_id + 1,
            ..snap.clone()
        };
        assert!(!board.lets_move(&other_game));
        let their_turn = Snapshot {
            to_move: Side::Black,
            ..snap.clone()
        };
        assert!(!board.lets_move(&their_turn));
        let shown = PuzzleBoard {
            phase: Phase::Showing,
            ..board
        };
        assert!(!shown.lets_move(&snap));
    }

    /// `snap` with other moves (the worker's snapshots carry their moves;
    /// the board reads only those, the game's number and its ending).
    fn with_moves(snap: &Snapshot, game_id: u32, uci: &[&str]) -> Snapshot {
        let moves: Vec<String> = uci.iter().map(|m| m.to_string()).collect();
        Snapshot {
            game_id,
            uci: moves.clone(),
            san: moves,
            ending: None,
            ..snap.clone()
        }
    }

    #[test]
    fn the_next_puzzle_is_unseen_then_unsolved_nearest_the_rating() {
        // Four copies of m1 at four ratings.
        let line = SET.lines().nth(1).unwrap();
        let mut text = SET.lines().next().unwrap().to_string();
        for (id, rating) in [("m2", 900), ("m3", 1000), ("m4", 1300), ("m5", 700)] {
            text += &format!(
                "\n{}",
                line.replacen("m1", id, 1)
                    .replace("\t800\t", &format!("\t{rating}\t"))
            );
        }
        let set = Rc::new(read_set(&text).unwrap());
        let board = |current: Option<&str>, seen: &[&str], solved: &[&str]| PuzzleBoard {
            set: Some(set.clone()),
            puzzle: current.map(|id| Rc::new(set.iter().find(|p| p.id == id).unwrap().clone())),
            progress: Progress {
                rating: 1120,
                seen: seen.iter().map(|s| s.to_string()).collect(),
                solved: solved.iter().map(|s| s.to_string()).collect(),
                ..Progress::default()
            },
            ..PuzzleBoard::default()
        };
        let pick = |b: PuzzleBoard| b.pick().unwrap().id.clone();
        // Nearest 1120: m3 (1000), then m4 (1300), m2 (900), m5 (700).
        assert_eq!(pick(board(None, &[], &[])), "m3");
        assert_eq!(
            pick(board(Some("m3"), &[], &[])),
            "m4",
            "not the current one"
        );
        assert_eq!(pick(board(None, &["m3", "m4"], &[])), "m2", "not seen yet");
        let all = ["m2", "m3", "m4", "m5"];
        assert_eq!(
            pick(board(None, &all, &["m3", "m4"])),
            "m2",
            "not solved yet"
        );
        assert_eq!(
            pick(board(Some("m3"), &all, &all)),
            "m4",
            "any but the current"
        );
    }

    #[test]
    fn a_puzzle_started_after_another_game_takes_the_next_number() {
        let puzzle = Rc::new(set()[0].clone());
        let snap = with_moves(&testing::game("mansindam", None).snapshot(), 7, &[]);
        let mut b = PuzzleBoard {
            game_id: 5,
            ..PuzzleBoard::default()
        };
        let requests = b.start(puzzle, Some(&snap));
        assert_eq!(b.game_id, 8);
        assert!(matches!(&requests[..], [Request::NewGame(g)] if g.id == 8));
    }

    #[test]
    fn late_or_foreign_snapshots_change_nothing() {
        let mut page = Page::loaded(Some("m1"));
        let snap = page.worker.snapshot();
        let id = snap.game_id;
        // Each phase, and snapshots it must ignore: the position before,
        // the same again, a move off the puzzle's line before the move
        // awaited, another game's, more moves than the puzzle has.
        let ignores = |board: &PuzzleBoard, snaps: &[Snapshot]| {
            for s in snaps {
                let mut b = board.clone();
                assert_eq!(b.follow(s), []);
                assert_eq!((b.phase, b.done), (board.phase, board.done), "{:?}", s.uci);
            }
        };
        let solving = page.board().clone();
        assert_eq!((solving.phase, solving.done), (Phase::Solving, 1));
        ignores(
            &solving,
            &[
                with_moves(&snap, id, &[]),
                with_moves(&snap, id, &["d9f7"]),
                with_moves(&snap, id, &["d9e8", "e5f7"]),
                with_moves(&snap, id + 1, &["d9f7", "e5f7"]),
                with_moves(&snap, id, &["d9f7", "e5f7", "g9f7", "A@c8", "e9e8"]),
            ],
        );
        // Another move that wins at once solves it too; one that loses
        // (by repetition) does not.
        let ended = |winner| Snapshot {
            ending: Some(crate::protocol::Ending {
                winner,
                reason: crate::protocol::EndReason::Checkmate,
            }),
            ..with_moves(&snap, id, &["d9f7", "e5e6"])
        };
        let mut won = solving.clone();
        won.follow(&ended(Side::White));
        assert_eq!((won.phase, won.done), (Phase::Solved, 2));
        let mut lost = solving.clone();
        lost.follow(&ended(Side::Black));
        assert_eq!(lost.phase, Phase::Wrong);
        let mut loading = PuzzleBoard {
            phase: Phase::Loading,
            done: 0,
            ..solving.clone()
        };
        ignores(
            &loading,
            &[with_moves(&snap, id, &["d9e8"]), with_moves(&snap, id, &[])],
        );
        loading.follow(&with_moves(&snap, id, &["d9f7"]));
        assert_eq!((loading.phase, loading.done), (Phase::Solving, 1));
        page.play("e5f7");
        let reply = page.board().clone();
        assert_eq!((reply.phase, reply.done), (Phase::Reply, 2));
        ignores(
            &reply,
            &[
                with_moves(&snap, id, &["d9f7", "e5f7"]),
                with_moves(&snap, id, &["d9f7", "e5f7", "g9g8"]),
            ],
        );
        let showing = PuzzleBoard {
            phase: Phase::Showing,
            ..reply.clone()
        };
        ignores(
            &showing,
            &[with_moves(&snap, id, &["d9f7", "e5f7", "g9g8"])],
        );
        let wrong = PuzzleBoard {
            phase: Phase::Wrong,
            done: 1,
            ..reply
        };
        ignores(
            &wrong,
            &[
                with_moves(&snap, id, &["d9f7", "e5d4"]),
                with_moves(&snap, id, &["d9e8"]),
            ],
        );
    }

    #[test]
    fn a_later_game_closes_the_puzzle_board() {
        let mut page = Page::loaded(None);
        let mut snap = page.worker.snapshot();
        assert_eq!(snap.game_id, page.board().game_id);
        page.act(Action::Snapshot(Rc::new(snap.clone())));
        assert!(page.state.puzzling(), "the puzzle's own game");
        snap.game_id += 1;
        page.act(Action::Snapshot(Rc::new(snap)));
        assert!(!page.state.puzzling(), "a game started from the menu");
    }

    #[test]
    fn the_solution_is_shown_move_by_move_and_counts_as_failed() {
        let mut page = Page::loaded(Some("m1"));
        // From a wrong move, the position before it is set up again first.
        let snap = page.worker.snapshot();
        let solving = page.board().clone();
        assert_eq!(solving.reduce(Solve::ShowSolution, Some(&snap)).1, []);
        let wrong = PuzzleBoard {
            phase: Phase::Wrong,
            ..solving
        };
        let (_, requests) = wrong.reduce(Solve::ShowSolution, Some(&snap));
        assert!(matches!(&requests[..], [Request::NewGame(g)] if g.moves.len() == 1));
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::ShowSolution)));
        assert_eq!(
            (page.board().phase, page.board().progress.streak),
            (Phase::Showing, 0)
        );
        assert_eq!(page.board().change, Some(-24));
        for moves in 2..=4 {
            page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Step)));
            assert_eq!(page.uci().len(), moves);
        }
        assert_eq!(page.board().phase, Phase::Shown);
        assert!(page.board().finished());
        // Tried again: from the start, not rated again.
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Retry)));
        let b = page.board();
        assert_eq!(
            (b.phase, b.done, b.progress.rating),
            (Phase::Solving, 1, 976)
        );
        page.play("e5f7");
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Step)));
        page.play("A@c8");
        assert_eq!(page.board().progress.rating, 976);
    }

    #[test]
    fn a_links_own_puzzle_needs_no_set_and_is_not_rated() {
        // Without the opponent's move: an odd number of moves, the side to
        // move solves.
        let p = of_link(
            "pandemonium",
            "rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/9/4V4/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] w - - 0 1",
            &["e3e4".to_string()],
        );
        let mut page = Page::open(PuzzleBoard::new(
            Some(p),
            None,
            Filter::default(),
            Progress::default(),
        ));
        let b = page.board();
        assert_eq!(
            (b.phase, b.done, b.solver()),
            (Phase::Solving, 0, Some(Side::White))
        );
        page.play("e3e4");
        assert_eq!(page.board().phase, Phase::Solved);
        assert_eq!(page.board().progress, Progress::default());
        // (No next puzzle without a set.)
        assert_eq!(
            page.state
                .reduce(Action::Puzzle(PuzzleAction::Solve(Solve::Next)))
                .1,
            []
        );
    }

    #[test]
    fn a_filter_or_a_name_that_finds_nothing_is_said() {
        let mut page = Page::loaded(Some("m99"));
        assert_eq!(page.board().problem, Some(Problem::Unknown("m99".into())));
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Filter(Filter {
            variant: Some("pandemonium".into()),
            theme: Some(Theme::Mate),
        }))));
        assert_eq!(page.board().problem, Some(Problem::NoneFits));
        page.act(Action::Puzzle(PuzzleAction::Solve(Solve::Filter(Filter {
            variant: Some("pandemonium".into()),
            theme: None,
        }))));
        assert_eq!(page.board().problem, None);
        assert_eq!(page.board().puzzle.as_ref().unwrap().id, "p1");
        let mut failed = PuzzleBoard::default();
        failed = failed
            .reduce(
                Solve::Loaded(Err("line 3: unknown theme \"pin\"".into())),
                None,
            )
            .0;
        assert_eq!(
            failed.problem,
            Some(Problem::Unavailable("line 3: unknown theme \"pin\"".into()))
        );
    }

    #[test]
    fn a_puzzle_is_shared_by_its_name_and_put_in_a_post_by_its_line() {
        let page = Page::loaded(Some("p1"));
        let b = page.board();
        assert_eq!(
            b.link(false).unwrap().query(),
            "mode=puzzle&orient=black&puzzle=p1"
        );
        let own = b.link(true).unwrap();
        assert_eq!(
            (own.variant.as_deref(), own.mode, own.orient),
            (Some("pandemonium"), Some(Mode::Puzzle), Some(Side::Black))
        );
        assert_eq!(
            (own.fen.as_deref(), own.solution.clone(), own.puzzle.clone()),
            (
                Some(set()[1].fen.as_str()),
                vec!["a3a4".to_string(), "a7a6".to_string()],
                None
            )
        );
        assert_eq!(Link::parse(&own.query()), (own, vec![]));
    }

    #[test]
    fn the_timer_runs_after_a_wrong_move_for_a_reply_and_while_showing() {
        let waits = |phase| {
            PuzzleBoard {
                phase,
                ..PuzzleBoard::default()
            }
            .waits_for_timer()
        };
        for phase in [Phase::Wrong, Phase::Reply, Phase::Showing] {
            assert!(waits(phase), "{phase:?}");
        }
        for phase in [Phase::Loading, Phase::Solving, Phase::Solved, Phase::Shown] {
            assert!(!waits(phase), "{phase:?}");
        }
    }

    #[test]
    fn the_record_reads_back_and_a_damaged_one_is_named() {
        let mut p = Progress::default();
        assert_eq!(p.rate("m1", 1000, true), 16);
        assert_eq!(p.rate("p7", 1400, false), -3);
        assert_eq!(Progress::read(&p.write()), Ok(p.clone()));
        assert_eq!((p.rating, p.streak, p.best_streak), (1013, 0, 1));
        assert_eq!(
            Progress::read("puzzles 1\nrating high\n"),
            Err(Damage::NotANumber {
                field: "rating",
                value: "high".into()
            })
        );
        assert_eq!(Progress::read("{}"), Err(Damage::NotARecord));
        assert_eq!(
            Progress::read("puzzles 1\nfavourite m1\n"),
            Err(Damage::UnknownLine("favourite".into()))
        );
    }
}
