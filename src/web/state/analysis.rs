//! The analysis board: the moves explored as a tree (the game's moves are
//! its main line, every other move a variation), the position being looked
//! at, the engine's lines for it, and the game's review.
//!
//! The worker's game is always the path from the start to the position
//! being looked at, played by two humans, so the board offers the legal
//! moves there; a second worker (the analyser, `web::hooks::use_analyser`)
//! runs [`AnalysisBoard::job`]: the lines of the position, or the review.

use std::rc::Rc;

#[cfg(feature = "study")]
use crate::protocol::Request;
use crate::protocol::{
    Analyse, Analysis, Eval, GameReview, MoveMark, NewGame, Player, ReviewGame, ReviewProgress,
    Side, Snapshot, ANALYSIS_LINES,
};

#[cfg(feature = "study")]
use super::{Review, State};

/// The side that made the move from a position `ply` moves after a start
/// where `first` was to move.
fn mover(first: Side, ply: usize) -> Side {
    if ply.is_multiple_of(2) {
        first
    } else {
        first.flip()
    }
}

/// The side to move in a start position (its FEN's second field).
pub fn first_mover(start_fen: &str) -> Side {
    if start_fen.split_whitespace().nth(1) == Some("b") {
        Side::Black
    } else {
        Side::White
    }
}

/// How a start position numbers the moves made from it: who moves first,
/// and the number of that move (the FEN's move number, so that a puzzle or
/// a position set up at move 14 goes on from 14, as a record does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    pub first: Side,
    pub from: usize,
}

impl Numbering {
    pub fn of(start_fen: &str) -> Numbering {
        let from = start_fen
            .split_whitespace()
            .nth(5)
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .unwrap_or(1);
        Numbering {
            first: first_mover(start_fen),
            from,
        }
    }

    /// The side that made the move from the position `ply` moves on.
    pub fn mover(self, ply: usize) -> Side {
        mover(self.first, ply)
    }

    /// The number of the move made from `ply`, which is White's or (with
    /// Black to move at the start) the row's second.
    pub fn at(self, ply: usize) -> usize {
        // Moves are counted from White's: a start with Black to move is
        // White's move of that number already made.
        let offset = usize::from(self.first == Side::Black);
        (ply + offset) / 2 + self.from
    }

    /// A move's number as a line writes it before the move made from
    /// `ply`: `3.` before White's move, `3…` before Black's when it opens a
    /// line.
    pub fn number(self, ply: usize, opens: bool) -> Option<String> {
        let n = self.at(ply);
        match self.mover(ply) {
            Side::White => Some(format!("{n}.")),
            Side::Black if opens => Some(format!("{n}…")),
            Side::Black => None,
        }
    }
}

/// A node of the tree: the move that leads to it (none for the start).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub uci: String,
    pub san: String,
    pub parent: usize,
    /// The first child continues this node's line; the others are
    /// variations.
    pub children: Vec<usize>,
}

/// The moves explored, from the start position (node 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree {
            nodes: vec![Node::default()],
        }
    }
}

impl Tree {
    pub const ROOT: usize = 0;

    pub fn node(&self, n: usize) -> &Node {
        &self.nodes[n.min(self.nodes.len() - 1)]
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The nodes from the first move to `n`.
    pub fn path(&self, n: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = n.min(self.nodes.len() - 1);
        while at != Tree::ROOT {
            path.push(at);
            at = self.nodes[at].parent;
        }
        path.reverse();
        path
    }

    /// The moves (UCI) from the start to `n`.
    pub fn moves(&self, n: usize) -> Vec<String> {
        self.path(n)
            .into_iter()
            .map(|i| self.nodes[i].uci.clone())
            .collect()
    }

    /// How many moves lead to `n`.
    pub fn ply(&self, n: usize) -> usize {
        self.path(n).len()
    }

    /// The node the moves `uci` (with their SAN) lead to from the start,
    /// added where the tree does not have them yet (as the last variation).
    pub fn follow(&mut self, uci: &[String], san: &[String]) -> usize {
        let mut at = Tree::ROOT;
        for (i, m) in uci.iter().enumerate() {
            let known = self.nodes[at]
                .children
                .iter()
                .copied()
                .find(|&c| self.nodes[c].uci == *m);
            at = match known {
                Some(c) => c,
                None => {
                    let id = self.nodes.len();
                    self.nodes.push(Node {
                        uci: m.clone(),
                        san: san.get(i).cloned().unwrap_or_else(|| m.clone()),
                        parent: at,
                        children: Vec::new(),
                    });
                    self.nodes[at].children.push(id);
                    id
                }
            };
        }
        at
    }

    /// The line `n` is on, continued to its end by first children.
    pub fn line_end(&self, n: usize) -> usize {
        let mut at = n.min(self.nodes.len() - 1);
        while let Some(&c) = self.nodes[at].children.first() {
            at = c;
        }
        at
    }

    /// The main line: the first child of every node from the start.
    pub fn main_line(&self) -> Vec<usize> {
        self.path(self.line_end(Tree::ROOT))
    }

    /// Whether `n` is on the main line (the start is).
    pub fn on_main_line(&self, n: usize) -> bool {
        self.path(n)
            .iter()
            .all(|&i| self.nodes[self.nodes[i].parent].children.first() == Some(&i))
    }
}

/// Where the game's review stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ReviewRun {
    #[default]
    None,
    /// Positions searched so far, of all, in the main line as it was when
    /// the review began.
    Running {
        done: u32,
        total: u32,
        moves: Vec<String>,
    },
    Done(Rc<GameReview>),
}

/// What the analyser is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    Analyse(Analyse),
    Review(ReviewGame),
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisBoard {
    pub variant: String,
    pub start_fen: String,
    pub tree: Tree,
    /// The node on the board.
    pub at: usize,
    /// The engine runs (the player's toggle).
    pub engine: bool,
    /// Lines at most (3 on the page, 1 in an embed).
    pub lines: u8,
    /// The engine's last answer for the position on the board.
    pub analysis: Option<Analysis>,
    pub review: ReviewRun,
    /// The number of the analyser's current job: answers to an earlier one
    /// are dropped.
    pub job_id: u32,
    /// The game the board was opened from, to go back to.
    pub from_game: Option<NewGame>,
    /// The worker game's number, kept for every position of the tree.
    pub game_id: u32,
    pub players: [Player; 2],
    pub level: u8,
}

impl AnalysisBoard {
    /// A board for `snap`'s game: its moves are the main line, and its last
    /// position is on the board.
    pub fn of(snap: &Snapshot, from_game: Option<NewGame>) -> AnalysisBoard {
        let mut tree = Tree::default();
        let at = tree.follow(&snap.uci, &snap.san);
        AnalysisBoard {
            variant: snap.variant.clone(),
            start_fen: snap.start_fen.clone(),
            tree,
            at,
            engine: true,
            lines: ANALYSIS_LINES,
            analysis: None,
            review: ReviewRun::None,
            job_id: 1,
            from_game,
            game_id: snap.game_id.wrapping_add(1),
            players: snap.players,
            level: snap.level,
        }
    }

    /// The worker's game for node `n`: the path to it, two humans playing.
    pub fn game_at(&self, n: usize) -> NewGame {
        NewGame {
            id: self.game_id,
            variant: self.variant.clone(),
            fen: Some(self.start_fen.clone()),
            moves: self.tree.moves(n),
            players: [Player::Human, Player::Human],
            level: self.level,
            from_link: false,
            clock: None,
        }
    }

    /// The worker showed this position: it is on the board (a move played
    /// on the board joins the tree).
    pub fn follow(&mut self, snap: &Snapshot) {
        if snap.game_id != self.game_id {
            return;
        }
        let at = self.tree.follow(&snap.uci, &snap.san);
        if at != self.at {
            self.at = at;
            // (A review goes on whatever the board shows.)
            if !self.reviewing() {
                self.renew();
            }
        }
    }

    /// The position changed, or the engine was turned on: a new job.
    pub fn renew(&mut self) {
        self.job_id = self.job_id.wrapping_add(1);
        self.analysis = None;
    }

    /// What the analyser must do now: the review while it runs, else the
    /// lines of the position on the board while the engine is on.
    pub fn job(&self) -> Option<Job> {
        let game = |moves: Vec<String>| Analyse {
            id: self.job_id,
            variant: self.variant.clone(),
            fen: self.start_fen.clone(),
            moves,
            lines: self.lines,
            nodes: None,
        };
        match &self.review {
            ReviewRun::Running { moves, .. } => Some(Job::Review(ReviewGame {
                game: game(moves.clone()),
                players: self.players,
                level: self.level,
                // (Dated by the page when it sends the job.)
                date: String::new(),
            })),
            _ if self.engine => Some(Job::Analyse(game(self.tree.moves(self.at)))),
            _ => None,
        }
    }

    /// The main line's moves (UCI).
    pub fn main_moves(&self) -> Vec<String> {
        self.tree.moves(self.tree.line_end(Tree::ROOT))
    }

    pub fn reviewing(&self) -> bool {
        matches!(self.review, ReviewRun::Running { .. })
    }

    /// The engine's answer, if it is for the current job.
    pub fn take_analysis(&mut self, a: Analysis) {
        if a.id == self.job_id && !self.reviewing() {
            self.analysis = Some(a);
        }
    }

    /// Reviews the main line as it is now.
    pub fn start_review(&mut self) {
        let moves = self.main_moves();
        self.review = ReviewRun::Running {
            done: 0,
            total: moves.len() as u32 + 1,
            moves,
        };
        self.renew();
    }

    pub fn cancel_review(&mut self) {
        if self.reviewing() {
            self.review = ReviewRun::None;
            self.renew();
        }
    }

    pub fn take_progress(&mut self, p: ReviewProgress) {
        if let (ReviewRun::Running { done, total, .. }, true) =
            (&mut self.review, p.id == self.job_id)
        {
            (*done, *total) = (p.done, p.total);
        }
    }

    /// A finished review: the one running, or one saved earlier of the main
    /// line as it is. Whether it was taken.
    pub fn take_review(&mut self, review: Rc<GameReview>) -> bool {
        let taken = match &self.review {
            ReviewRun::Running { moves, .. } => review.id == self.job_id && review.moves == *moves,
            _ => review.moves == self.main_moves(),
        };
        if taken {
            self.review = ReviewRun::Done(review);
            self.renew();
        }
        taken
    }

    /// The review, while the main line starts with the game it reviewed
    /// (moves played on from its end leave it standing).
    pub fn done_review(&self) -> Option<&GameReview> {
        match &self.review {
            ReviewRun::Done(r) if self.main_moves().starts_with(&r.moves) => Some(r),
            _ => None,
        }
    }

    /// The review's judgement of the move that leads to `n`, when `n` is on
    /// the reviewed main line.
    pub fn mark_of(&self, n: usize) -> Option<&MoveMark> {
        let review = self.done_review()?;
        if n == Tree::ROOT || !self.tree.on_main_line(n) {
            return None;
        }
        review.marks.get(self.tree.ply(n) - 1)
    }

    /// The evaluation of the position on the board: the engine's, else the
    /// review's (on the reviewed main line).
    pub fn eval(&self) -> Option<Eval> {
        let engine = self
            .analysis
            .as_ref()
            .and_then(|a| a.over.or(a.lines.first().map(|l| l.eval)));
        engine.or_else(|| {
            let review = self.done_review()?;
            if !self.tree.on_main_line(self.at) {
                return None;
            }
            review.evals.get(self.tree.ply(self.at)).copied()
        })
    }

    /// The engine's best move on the board, as an arrow (a drop: a ring).
    pub fn best_arrow(&self) -> Option<(Option<u8>, u8)> {
        let a = self.analysis.as_ref().filter(|_| self.engine)?;
        a.lines.first().map(|l| (l.first.from, l.first.to))
    }

    /// The move the review found better than the one that led here.
    pub fn better_arrow(&self) -> Option<(Option<u8>, u8)> {
        let m = self.mark_of(self.at).filter(|m| m.mark.is_some())?;
        m.better.map(|b| (b.from, b.to))
    }

    /// The main line's node after `ply` moves (the start for 0, the last
    /// for more than it has).
    pub fn main_node(&self, ply: usize) -> usize {
        match ply.checked_sub(1) {
            None => Tree::ROOT,
            Some(i) => {
                let line = self.tree.main_line();
                line.get(i).or(line.last()).copied().unwrap_or(Tree::ROOT)
            }
        }
    }

    /// The keys that step through the tree.
    pub const STEP_KEYS: [&str; 6] = [
        "Home",
        "ArrowLeft",
        "ArrowRight",
        "End",
        "ArrowUp",
        "ArrowDown",
    ];

    /// The node a step key leads to: ← the move before, → the next move of
    /// this line, ↑/Home the start, ↓/End the end of this line.
    pub fn step(&self, key: &str) -> Option<usize> {
        let node = self.tree.node(self.at);
        let to = match key {
            // (The start is its own parent: no step back from it.)
            "ArrowLeft" => node.parent,
            "ArrowRight" => *node.children.first()?,
            "Home" | "ArrowUp" => Tree::ROOT,
            "End" | "ArrowDown" => self.tree.line_end(self.at),
            _ => return None,
        };
        (to != self.at).then_some(to)
    }
}

/// On the analysis board (in the study bundle only).
#[cfg(feature = "study")]
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisAction {
    /// Opens it on the game shown (the command then sets its first position
    /// up in the worker), with `lines` best lines and the engine on or off.
    Open {
        lines: u8,
        engine: bool,
    },
    /// Shows this node of the tree.
    GoTo(usize),
    /// The engine on or off.
    Engine(bool),
    /// The analyser's lines for a position.
    Lines(Analysis),
    StartReview,
    CancelReview,
    Progress(ReviewProgress),
    /// A finished review (or one saved earlier for this game).
    Reviewed(Rc<GameReview>),
}

#[cfg(feature = "study")]
impl State {
    /// The analysis board: returns the position the worker must set up.
    pub(super) fn reduce_analysis(&mut self, action: AnalysisAction) -> Option<Request> {
        if let AnalysisAction::Open { lines, engine } = action {
            let snap = self.snapshot.clone()?;
            let mut board = AnalysisBoard::of(&snap, Some(snap.resume()));
            board.lines = lines;
            board.engine = engine;
            self.analysis = Some(board);
            // The board keeps its side at the bottom.
            self.view.bottom_wish = Some(self.view.bottom());
            self.view.viewer = false;
            self.dialogs.close();
            self.review = Review::default();
            self.hint = None;
            self.premove = None;
            return None;
        }
        let board = self.analysis.as_mut()?;
        match action {
            AnalysisAction::Open { .. } => {}
            AnalysisAction::GoTo(node) => {
                let game = board.game_at(node);
                self.gesture.clear();
                return Some(Request::NewGame(game));
            }
            AnalysisAction::Engine(on) => {
                board.engine = on;
                board.renew();
            }
            AnalysisAction::Lines(a) => board.take_analysis(a),
            AnalysisAction::StartReview => board.start_review(),
            AnalysisAction::CancelReview => board.cancel_review(),
            AnalysisAction::Progress(p) => board.take_progress(p),
            AnalysisAction::Reviewed(review) => {
                board.take_review(review);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{LineView, Mark, MoveSpec, SideSummary};
    use crate::worker::Session;

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|m| m.to_string()).collect()
    }

    fn tree() -> (Tree, [usize; 4]) {
        let mut t = Tree::default();
        let main = t.follow(
            &strings(&["e3e4", "e7e6", "d3d4"]),
            &strings(&["Pe4", "Pe6", "Pd4"]),
        );
        let side = t.follow(&strings(&["e3e4", "d7d6"]), &strings(&["Pe4", "Pd6"]));
        let deeper = t.follow(
            &strings(&["e3e4", "d7d6", "c3c4"]),
            &strings(&["Pe4", "Pd6", "Pc4"]),
        );
        let first = t.follow(&strings(&["e3e4"]), &[]);
        (t, [main, side, deeper, first])
    }

    #[test]
    fn moves_played_grow_a_tree_with_variations() {
        let (t, [main, side, deeper, first]) = tree();
        // The start, three main-line moves, a variation of two.
        assert_eq!(t.len(), 6);
        assert_eq!(t.moves(main), strings(&["e3e4", "e7e6", "d3d4"]));
        assert_eq!(t.moves(deeper), strings(&["e3e4", "d7d6", "c3c4"]));
        assert_eq!(t.node(deeper).san, "Pc4");
        assert_eq!(t.node(first).children.len(), 2);
        assert_eq!(t.node(first).children[1], side);
        assert_eq!(t.main_line().len(), 3);
        assert_eq!(t.line_end(Tree::ROOT), main);
        assert_eq!(t.line_end(side), deeper);
        assert!(t.on_main_line(main) && t.on_main_line(Tree::ROOT));
        assert!(!t.on_main_line(side) && !t.on_main_line(deeper));
        assert_eq!((t.ply(deeper), t.ply(Tree::ROOT)), (3, 0));
        assert!(!t.is_empty() && Tree::default().is_empty());
        // A node past the tree (a stale index) reads as its last one.
        let last = t.len() - 1;
        assert_eq!(
            (t.node(last + 7), t.path(last + 7)),
            (t.node(last), t.path(last))
        );
        assert_eq!(t.line_end(last + 7), t.line_end(last));
    }

    fn board() -> AnalysisBoard {
        let (tree, [main, ..]) = tree();
        AnalysisBoard {
            variant: "mansindam".into(),
            start_fen: "start".into(),
            tree,
            at: main,
            engine: true,
            lines: 3,
            analysis: None,
            review: ReviewRun::None,
            job_id: 5,
            from_game: None,
            game_id: 9,
            players: [Player::Human, Player::Computer],
            level: 2,
        }
    }

    fn analysis(id: u32) -> Analysis {
        Analysis {
            id,
            depth: 3,
            nodes: 100,
            lines: vec![LineView {
                eval: Eval::Cp(20),
                first: MoveSpec {
                    from: Some(1),
                    drop: None,
                    to: 10,
                    promotes: false,
                },
                san: strings(&["Nb2"]),
            }],
            over: None,
            done: false,
        }
    }

    #[test]
    fn steps_walk_the_line_on_the_board() {
        let (_, [main, side, deeper, first]) = tree();
        let mut b = board();
        assert_eq!(b.step("ArrowRight"), None);
        assert_eq!(b.step("ArrowLeft"), Some(b.tree.node(main).parent));
        assert_eq!(b.step("Home"), Some(Tree::ROOT));
        b.at = side;
        assert_eq!(b.step("ArrowLeft"), Some(first));
        assert_eq!(b.step("ArrowRight"), Some(deeper));
        assert_eq!(b.step("End"), Some(deeper));
        b.at = Tree::ROOT;
        assert_eq!(b.step("ArrowLeft"), None);
        assert_eq!(b.step("ArrowRight"), Some(first));
        assert_eq!(b.step("x"), None);
    }

    #[test]
    fn the_engine_follows_the_position_and_drops_stale_lines() {
        let mut b = board();
        let Some(Job::Analyse(a)) = b.job() else {
            panic!()
        };
        assert_eq!((a.id, a.moves.len(), a.lines), (5, 3, 3));
        b.take_analysis(analysis(4));
        assert_eq!(b.analysis, None);
        b.take_analysis(analysis(5));
        assert_eq!(b.analysis, Some(analysis(5)));
        // A move on the board: a new job, the old lines gone, and an answer
        // to the old job is not shown.
        let snap = Snapshot {
            game_id: 9,
            uci: strings(&["e3e4", "e7e6", "d3d4", "e6e5"]),
            san: strings(&["Pe4", "Pe6", "Pd4", "Pe5"]),
            ..Session::new().snapshot()
        };
        b.follow(&snap);
        assert_eq!(b.tree.ply(b.at), 4);
        assert_eq!(b.analysis, None);
        b.take_analysis(analysis(5));
        assert_eq!(b.analysis, None);
        let Some(Job::Analyse(a)) = b.job() else {
            panic!()
        };
        assert_eq!((a.id, a.moves), (6, snap.uci.clone()));
        // Another game's snapshot is not this board's.
        let other = Snapshot {
            game_id: 3,
            ..snap.clone()
        };
        let at = b.at;
        b.follow(&Snapshot {
            uci: Vec::new(),
            ..other
        });
        assert_eq!(b.at, at);
        b.engine = false;
        assert_eq!(b.job(), None);
    }

    fn review(id: u32, moves: &[&str]) -> Rc<GameReview> {
        Rc::new(GameReview {
            id,
            moves: strings(moves),
            evals: vec![Eval::Cp(0); moves.len() + 1],
            marks: moves
                .iter()
                .map(|_| MoveMark {
                    mark: None,
                    better: None,
                    better_san: None,
                    loss: 0,
                })
                .collect(),
            summary: [SideSummary::default(); 2],
            pgn: String::new(),
        })
    }

    #[test]
    fn a_review_runs_instead_of_the_lines_and_belongs_to_the_main_line() {
        let (_, [main, side, ..]) = tree();
        let mut b = board();
        b.engine = true;
        b.start_review();
        let moves = strings(&["e3e4", "e7e6", "d3d4"]);
        assert_eq!(
            b.review,
            ReviewRun::Running {
                done: 0,
                total: 4,
                moves: moves.clone()
            }
        );
        let Some(Job::Review(r)) = b.job() else {
            panic!()
        };
        assert_eq!(r.game.moves, strings(&["e3e4", "e7e6", "d3d4"]));
        assert_eq!((r.game.id, r.level), (6, 2));
        // Lines that come meanwhile are not shown.
        b.take_analysis(analysis(6));
        assert_eq!(b.analysis, None);
        b.take_progress(ReviewProgress {
            id: 6,
            done: 2,
            total: 4,
        });
        assert!(matches!(
            b.review,
            ReviewRun::Running {
                done: 2,
                total: 4,
                ..
            }
        ));
        // Moving on the board does not restart it.
        b.follow(&Snapshot {
            game_id: 9,
            uci: strings(&["e3e4", "d7d6"]),
            san: strings(&["Pe4", "Pd6"]),
            ..Session::new().snapshot()
        });
        assert_eq!(b.job_id, 6);
        b.at = main;
        // Another game's review is not this one's.
        assert!(!b.take_review(review(6, &["e3e4"])));
        // Nor is an earlier job's, even of the same moves.
        assert!(!b.take_review(review(5, &["e3e4", "e7e6", "d3d4"])));
        assert!(b.take_review(review(6, &["e3e4", "e7e6", "d3d4"])));
        assert!(b.done_review().is_some());
        // The lines again, for a new job.
        assert!(matches!(b.job(), Some(Job::Analyse(a)) if a.id == 7));
        assert!(b.mark_of(main).is_some());
        assert!(b.mark_of(side).is_none() && b.mark_of(Tree::ROOT).is_none());
        // Cancelled: nothing left of it.
        b.start_review();
        b.cancel_review();
        assert_eq!(b.review, ReviewRun::None);
    }

    #[test]
    fn a_saved_review_is_taken_when_it_is_of_this_game() {
        let mut b = board();
        assert!(!b.take_review(review(0, &["e3e4", "e7e6"])));
        let mut r = (*review(0, &["e3e4", "e7e6", "d3d4"])).clone();
        r.evals[3] = Eval::Cp(-250);
        r.marks[2].mark = Some(Mark::Mistake);
        r.marks[2].better = Some(MoveSpec {
            from: Some(3),
            drop: None,
            to: 30,
            promotes: false,
        });
        assert!(b.take_review(Rc::new(r)));
        // The review's judgement of the position on the board, until the
        // engine says more.
        assert_eq!(b.eval(), Some(Eval::Cp(-250)));
        assert_eq!(b.better_arrow(), Some((Some(3), 30)));
        b.take_analysis(analysis(b.job_id));
        assert_eq!(b.eval(), Some(Eval::Cp(20)));
        assert_eq!(b.best_arrow(), Some((Some(1), 10)));
        b.engine = false;
        assert_eq!(b.best_arrow(), None);
        assert_eq!(b.main_node(3), b.at);
        assert_eq!((b.main_node(0), b.main_node(9)), (Tree::ROOT, b.at));
        // The main line grows: the review holds for the moves it has.
        let snap = Snapshot {
            game_id: 9,
            uci: strings(&["e3e4", "e7e6", "d3d4", "e6e5"]),
            san: strings(&["Pe4", "Pe6", "Pd4", "Pe5"]),
            ..Session::new().snapshot()
        };
        b.follow(&snap);
        assert_eq!(b.done_review().map(|r| r.marks.len()), Some(3));
        assert!(b.mark_of(b.at).is_none());
        // A variation made the main line: not the reviewed game.
        b.tree = Tree::default();
        b.tree.follow(&strings(&["e3e4"]), &strings(&["Pe4"]));
        assert!(b.done_review().is_none());
    }

    #[test]
    fn lines_are_numbered_as_records_number_them() {
        let w = Numbering::of("9/9[] w - - 0 1");
        assert_eq!(
            w,
            Numbering {
                first: Side::White,
                from: 1
            }
        );
        assert_eq!(w.number(0, false).as_deref(), Some("1."));
        assert_eq!(w.number(1, false), None);
        assert_eq!(w.number(1, true).as_deref(), Some("1…"));
        assert_eq!(w.number(4, true).as_deref(), Some("3."));
        // Black to move at the start: White's first move is behind.
        let b = Numbering::of("9/9[] b - - 0 1");
        assert_eq!(b.number(0, true).as_deref(), Some("1…"));
        assert_eq!(b.number(1, false).as_deref(), Some("2."));
        assert_eq!(b.mover(1), Side::White);
        // From the FEN's move number: a puzzle from move 14.
        let later = Numbering::of("9/9[p] b - - 3 14");
        assert_eq!(later.number(0, true).as_deref(), Some("14…"));
        assert_eq!(later.number(1, false).as_deref(), Some("15."));
        assert_eq!(
            Numbering::of("9/9[] w - - 0 10")
                .number(2, false)
                .as_deref(),
            Some("11.")
        );
        // No number, or a nonsense one: from 1.
        assert_eq!(Numbering::of("9/9 w - 1").from, 1);
        assert_eq!(Numbering::of("9/9[] w - - 0 x").from, 1);
        assert_eq!(Numbering::of("9/9[] w - - 0 0").from, 1);
        assert_eq!(first_mover("9/9 b - 1"), Side::Black);
        assert_eq!(first_mover("9/9 w - 1"), Side::White);
    }
}
