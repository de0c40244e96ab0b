//! The analysis board's parts: the evaluation bar, the engine's best lines,
//! the moves as a tree with their variations, and the review (its button
//! and progress, the evaluation graph and each side's summary).

use yew::prelude::*;

use crate::protocol::{Eval, KindView, Mark, MoveSpec, Side, Snapshot};
use crate::web::commands::Commands;
use crate::web::components::controls::ToolButton;
use crate::web::hooks::Store;
use crate::web::i18n::{fill, notation, Text};
use crate::web::prefs::PieceSet;
use crate::web::state::analysis::Numbering;
#[cfg(feature = "study")]
use crate::web::state::AnalysisAction;
use crate::web::state::{Action, AnalysisBoard, ReviewRun, State, Tree, ViewAction};

/// The evaluation bar: White's share of the expected score, as a strip
/// beside the board (across it on narrow screens), White's end nearest
/// White's side of the board. Drawn as SVG attributes: the page's CSP
/// allows no inline style.
pub fn eval_bar(eval: Option<Eval>, flipped: bool, t: &Text) -> Html {
    let share = eval.map_or(500, Eval::white_share).min(1000);
    let text = eval.map(Eval::text).unwrap_or_default();
    let label = fill(t.analysis.evaluation, &[("eval", &text)]);
    // Across: White from the left (from the right when Black is at the
    // bottom). Beside: White from the bottom (from the top when flipped).
    let (across_x, beside_y) = if flipped {
        (1000 - share, 0)
    } else {
        (0, 1000 - share)
    };
    html! {
        <div class="eval-bar" role="img" aria-label={label} data-testid="eval-bar"
            data-share={share.to_string()} data-eval={text.clone()}>
            <svg viewBox="0 0 1000 1000" preserveAspectRatio="none" aria-hidden="true">
                <rect class="black-share" x="0" y="0" width="1000" height="1000" />
                <rect class="white-share across" x={across_x.to_string()} y="0"
                    width={share.to_string()} height="1000" />
                <rect class="white-share beside" x="0" y={beside_y.to_string()}
                    width="1000" height={share.to_string()} />
                <line class="middle across" x1="500" y1="0" x2="500" y2="1000" />
                <line class="middle beside" x1="0" y1="500" x2="1000" y2="500" />
            </svg>
            <span class="eval-text" aria-hidden="true">{ text }</span>
        </div>
    }
}

/// What the lines panel calls back.
pub struct LinesActions {
    pub engine: Callback<bool>,
    pub play: Callback<MoveSpec>,
}

/// The engine's switch, its depth, and its best lines for the position on
/// the board (a line's first move is played by choosing the line).
pub fn lines(
    board: &AnalysisBoard,
    snap: &Snapshot,
    t: &Text,
    set: PieceSet,
    actions: LinesActions,
) -> Html {
    let a = board.analysis.as_ref();
    let reviewing = board.reviewing();
    let status = match (board.engine, a) {
        _ if reviewing => String::new(),
        (false, _) => t.analysis.engine_off.to_string(),
        (true, None) => t.analysis.engine_starting.to_string(),
        (true, Some(a)) if a.over.is_some() => t.analysis.game_over_here.to_string(),
        (true, Some(a)) => fill(
            if a.done {
                t.analysis.depth_done
            } else {
                t.analysis.depth
            },
            &[("depth", &a.depth.to_string())],
        ),
    };
    let numbering = Numbering::of(&board.start_fen);
    let ply = board.tree.ply(board.at);
    let line = |i: usize, l: &crate::protocol::LineView| {
        let moves =
            written_line(&l.san, numbering, ply, &snap.kinds, set).map(|(number, written)| {
                html! {
                    <>
                        if let Some(n) = number {
                            <span class="move-number">{ n }</span>
                        }
                        <span class="line-move">{ written }</span>
                    </>
                }
            });
        let spec = l.first;
        let play = actions.play.clone();
        html! {
            <li key={i as u64}>
                <button type="button" class="line" data-testid="line" data-eval={l.eval.text()}
                    onclick={Callback::from(move |_: MouseEvent| play.emit(spec))}>
                    <span class={classes!("line-eval", eval_class(l.eval))}>{ l.eval.text() }</span>
                    <span class="line-moves">{ for moves }</span>
                </button>
            </li>
        }
    };
    let engine = board.engine;
    let toggle = actions.engine.clone();
    html! {
        <section class="engine-lines" aria-label={t.analysis.best_lines} data-testid="engine-lines">
            <div class="engine-head">
                <button type="button" role="switch" class="engine-switch" data-testid="engine"
                    aria-checked={engine.to_string()} title={t.analysis.engine_title}
                    disabled={reviewing}
                    onclick={Callback::from(move |_: MouseEvent| toggle.emit(!engine))}>
                    <span class="knob" aria-hidden="true"></span>{ t.analysis.engine }
                </button>
                <span class="engine-status" data-testid="engine-status" aria-live="off">{ status }</span>
            </div>
            if board.engine && !reviewing {
                if let Some(a) = a.filter(|a| !a.lines.is_empty()) {
                    <ol class="lines" data-depth={a.depth.to_string()}>
                        { for a.lines.iter().enumerate().map(|(i, l)| line(i, l)) }
                    </ol>
                }
            }
        </section>
    }
}

/// An engine line's moves as the page writes them, from the position `ply`
/// moves after the start: each with its number where a line needs one (the
/// first move always).
fn written_line<'a>(
    san: &'a [String],
    numbering: Numbering,
    ply: usize,
    kinds: &'a [KindView],
    set: PieceSet,
) -> impl Iterator<Item = (Option<String>, String)> + 'a {
    san.iter().enumerate().map(move |(k, san)| {
        let p = ply + k;
        (
            numbering.number(p, k == 0),
            notation(san, numbering.mover(p), kinds, set),
        )
    })
}

/// Hundredths of a pawn in pawns, as the evaluations are written: `2.47`.
fn pawns(centipawns: u32) -> String {
    format!("{}.{:02}", centipawns / 100, centipawns % 100)
}

/// `good` for White's advantage, `bad` for Black's, by the sign.
fn eval_class(e: Eval) -> &'static str {
    match e.for_side(Side::White) {
        0 => "even",
        v if v > 0 => "white-ahead",
        _ => "black-ahead",
    }
}

/// The moves as a tree: the main line, each variation in brackets after
/// the move it replaces, as lichess writes them. Marks of a review follow
/// their moves.
pub fn tree(
    board: &AnalysisBoard,
    kinds: &[KindView],
    t: &Text,
    set: PieceSet,
    on_go: Callback<usize>,
) -> Html {
    let ctx = TreeView {
        board,
        kinds,
        set,
        numbering: Numbering::of(&board.start_fen),
        on_go,
        t,
    };
    html! {
        <section class="moves analysis-moves" aria-label={t.analysis.moves}>
            <h2>{ t.analysis.moves }</h2>
            if board.tree.is_empty() {
                <p class="no-moves">{ t.play.no_moves }</p>
            } else {
                <div class="tree" data-testid="tree">{ ctx.line(Tree::ROOT, 0, true) }</div>
            }
        </section>
    }
}

struct TreeView<'a> {
    board: &'a AnalysisBoard,
    kinds: &'a [KindView],
    set: PieceSet,
    numbering: Numbering,
    on_go: Callback<usize>,
    t: &'a Text,
}

impl TreeView<'_> {
    /// The line that continues from node `from` (at `ply` moves): its first
    /// children one after the other, each followed by its alternatives.
    fn line(&self, from: usize, ply: usize, opens: bool) -> Html {
        let tree = &self.board.tree;
        let mut out = Vec::new();
        let (mut at, mut p, mut opens) = (from, ply, opens);
        while let Some((&main, others)) = tree.node(at).children.split_first() {
            out.push(self.entry(main, p, opens));
            opens = !others.is_empty();
            for &v in others {
                out.push(html! {
                    <span class="variation" data-testid="variation"
                        aria-label={self.t.analysis.variation}>
                        { self.entry(v, p, true) }
                        { self.line(v, p + 1, false) }
                    </span>
                });
            }
            at = main;
            p += 1;
        }
        html! { <>{ for out }</> }
    }

    /// One move: its number where a line needs it, the move, and its mark.
    fn entry(&self, n: usize, ply: usize, opens: bool) -> Html {
        let node = self.board.tree.node(n);
        let written = notation(&node.san, self.numbering.mover(ply), self.kinds, self.set);
        let mark = self.board.mark_of(n).and_then(|m| m.mark);
        let current = n == self.board.at;
        let go = self.on_go.clone();
        let label = mark.map(|m| format!("{written}, {}", self.t.analysis.mark_one[m as usize]));
        html! {
            <>
                if let Some(number) = self.numbering.number(ply, opens) {
                    <span class="move-number">{ number }</span>
                }
                <button type="button" class={classes!("move", current.then_some("current"), mark.map(Mark::id))}
                    data-node={n.to_string()} data-ply={(ply + 1).to_string()}
                    data-mark={mark.map(Mark::id)} aria-label={label}
                    aria-current={current.then_some("step")}
                    onclick={Callback::from(move |_: MouseEvent| go.emit(n))}>
                    { written }{ mark.map(Mark::suffix).unwrap_or_default() }
                </button>
            </>
        }
    }
}

/// What the review panel calls back.
pub struct ReviewActions {
    pub start: Callback<MouseEvent>,
    pub cancel: Callback<MouseEvent>,
    /// Shows the main line's position after this many moves.
    pub go_ply: Callback<usize>,
}

/// The review: its button, its progress while it runs, then the graph of
/// the whole game, each side's summary and, for a marked move on the
/// board, the move that was better.
pub fn review(board: &AnalysisBoard, t: &Text, actions: ReviewActions) -> Html {
    match &board.review {
        ReviewRun::Running { done, total, .. } => {
            let label = fill(
                t.analysis.reviewing,
                &[("done", &done.to_string()), ("total", &total.to_string())],
            );
            html! {
                <section class="review running" data-testid="review-progress">
                    <label class="review-label">
                        { label.clone() }
                        <progress max={total.to_string()} value={done.to_string()}>{ label }</progress>
                    </label>
                    <button type="button" class="button" data-testid="review-cancel"
                        onclick={actions.cancel}>{ t.analysis.cancel }</button>
                </section>
            }
        }
        _ => match board.done_review() {
            None => html! {
                <button type="button" class="button review-start" data-testid="review"
                    title={t.analysis.review_title} disabled={board.tree.main_line().is_empty()}
                    onclick={actions.start}>{ t.analysis.review }</button>
            },
            Some(r) => {
                let ply = board
                    .tree
                    .on_main_line(board.at)
                    .then(|| board.tree.ply(board.at));
                let better = board
                    .mark_of(board.at)
                    .filter(|m| m.mark.is_some())
                    .and_then(|m| m.better_san.clone());
                html! {
                    <section class="review done" data-testid="review">
                        <h2>{ t.analysis.review_heading }</h2>
                        { graph(&r.evals, ply, t, actions.go_ply) }
                        if let Some(better) = better {
                            <p class="better" data-testid="better">{ fill(t.analysis.was_best, &[("move", &better)]) }</p>
                        }
                        { summary(r, t) }
                    </section>
                }
            }
        },
    }
}

/// Both sides' marks and average loss.
fn summary(r: &crate::protocol::GameReview, t: &Text) -> Html {
    let row = |mark: Mark| {
        html! {
            <tr data-mark={mark.id()}>
                <th scope="row">{ t.analysis.marks[mark as usize] }<span class="suffix">{ mark.suffix() }</span></th>
                <td>{ r.summary[0].count(mark) }</td>
                <td>{ r.summary[1].count(mark) }</td>
            </tr>
        }
    };
    html! {
        <table class="review-summary" data-testid="review-summary">
            <thead>
                <tr><td></td><th scope="col">{ t.play.white }</th><th scope="col">{ t.play.black }</th></tr>
            </thead>
            <tbody>
                { for Mark::ALL.into_iter().map(row) }
                <tr data-mark="loss">
                    <th scope="row">{ t.analysis.average_loss }</th>
                    <td>{ pawns(r.summary[0].average_loss) }</td>
                    <td>{ pawns(r.summary[1].average_loss) }</td>
                </tr>
            </tbody>
        </table>
    }
}

/// The evaluation through the game, White's share from the bottom: a
/// column per position to choose it (its evaluation as its name, for
/// screen readers and keyboards), the position on the board marked.
fn graph(evals: &[Eval], at: Option<usize>, t: &Text, go_ply: Callback<usize>) -> Html {
    let n = evals.len().max(2);
    // Hundredths of the width per position, whole numbers: no float
    // formatting in the page.
    let width = 100 * (n - 1);
    let x = |i: usize| i * 100;
    let y = |e: Eval| 1000 - e.white_share() as usize;
    let points: Vec<String> = evals
        .iter()
        .enumerate()
        .map(|(i, &e)| format!("{},{}", x(i), y(e)))
        .collect();
    let area = format!(
        "0,1000 {} {},1000",
        points.join(" "),
        x(evals.len().saturating_sub(1))
    );
    let column = |(i, e): (usize, &Eval)| {
        let go = go_ply.clone();
        // Centred on the position's point (the first starts left of 0).
        let left = x(i) as i64 - 50;
        html! {
            <rect class="pick" x={left.to_string()} y="0" width="100" height="1000"
                data-ply={i.to_string()} role="button" tabindex="-1"
                aria-label={format!("{i}: {}", e.text())}
                onclick={Callback::from(move |_: MouseEvent| go.emit(i))} />
        }
    };
    html! {
        <figure class="graph" data-testid="graph">
            <svg viewBox={format!("-50 0 {} 1000", width + 100)} preserveAspectRatio="none"
                role="group" aria-label={t.analysis.graph_help}>
                <polygon class="white-area" points={area} />
                <line class="middle" x1="-50" y1="500" x2={(width + 50).to_string()} y2="500" />
                if let Some(at) = at.filter(|&a| a < evals.len()) {
                    <line class="at" data-testid="graph-at" x1={x(at).to_string()} y1="0"
                        x2={x(at).to_string()} y2="1000" />
                }
                { for evals.iter().enumerate().map(column) }
            </svg>
        </figure>
    }
}

/// The analysis board's panel (below its step buttons): back to the game,
/// the engine's lines, the review, and the moves as a tree.
pub fn panel(state: &State, board: &AnalysisBoard, store: &Store, commands: &Commands) -> Html {
    let t = state.text();
    let Some(snap) = state.snapshot.as_deref() else {
        return Html::default();
    };
    let pieces = state.view.prefs.pieces;
    let go_ply = {
        let store = store.clone();
        Callback::from(move |ply: usize| {
            if let Some(b) = store.get().analysis.as_ref() {
                store.dispatch(Action::Analysis(AnalysisAction::GoTo(b.main_node(ply))));
            }
        })
    };
    html! {
        <>
            <div class="toolbar">
                <ToolButton testid="back-to-game" label={t.analysis.back_to_game} icon="↩"
                    onclick={commands.on(Commands::back_to_game)} />
                <ToolButton testid="flip" label={t.play.flip} icon="⇅" title={t.play.flip_title}
                    onclick={store.dispatching(Action::View(ViewAction::Flip))} />
                <ToolButton testid="record" label={t.share.record} icon="≡"
                    onclick={commands.on(Commands::open_record)} />
            </div>
            { lines(board, snap, t, pieces, LinesActions {
                engine: store.reform(|v| Action::Analysis(AnalysisAction::Engine(v))),
                play: commands.with(Commands::play_line),
            }) }
            { review(board, t, ReviewActions {
                start: store.dispatching(Action::Analysis(AnalysisAction::StartReview)),
                cancel: store.dispatching(Action::Analysis(AnalysisAction::CancelReview)),
                go_ply,
            }) }
            { tree(board, &snap.kinds, t, pieces, store.reform(|v| Action::Analysis(AnalysisAction::GoTo(v)))) }
        </>
    }
}

/// In a frame: the best line with its evaluation, in one line (the whole
/// line for screen readers and as the title).
pub fn embed_line(board: &AnalysisBoard, snap: &Snapshot, t: &Text, set: PieceSet) -> Html {
    let numbering = Numbering::of(&board.start_fen);
    let ply = board.tree.ply(board.at);
    let (eval, moves, depth) = match &board.analysis {
        Some(a) => match (a.over, a.lines.first()) {
            (Some(over), _) => (over.text(), t.analysis.game_over_here.to_string(), a.depth),
            (None, Some(l)) => {
                let moves: Vec<String> = written_line(&l.san, numbering, ply, &snap.kinds, set)
                    .map(|(n, written)| format!("{}{written}", n.unwrap_or_default()))
                    .collect();
                (l.eval.text(), moves.join(" "), a.depth)
            }
            (None, None) => (String::new(), t.analysis.engine_starting.to_string(), 0),
        },
        None => (String::new(), t.analysis.engine_starting.to_string(), 0),
    };
    let depth = fill(t.analysis.depth, &[("depth", &depth.to_string())]);
    html! {
        <div class="status embed-line" data-testid="embed-line" title={format!("{eval} {moves}")}>
            <span class="line-eval">{ eval }</span>
            <span class="status-text">{ moves }</span>
            <span class="sr-only">{ depth }</span>
        </div>
    }
}
