//! The puzzle board's parts: the status line (whose move, right or wrong,
//! solved), and the panel (the puzzle's name and rating, its buttons, the
//! player's rating and streak, the filters, the line played).

use yew::prelude::*;

use crate::protocol::puzzle::Theme;
use crate::protocol::Snapshot;
use crate::web::components::builder::value;
use crate::web::components::controls::ToolButton;
use crate::web::components::panel;
use crate::web::hooks::Store;
use crate::web::i18n::{fill, Text};
use crate::web::state::puzzle::{Damage, Filter, Phase, Problem};
#[cfg(feature = "study")]
use crate::web::state::PuzzleAction;
use crate::web::state::{Action, Dialog, DialogAction, PuzzleBoard, ReviewAction, Solve, State};

/// The status line: what the player is to do, or how it went (with the
/// game's side to move and move count, as the game's status line has).
pub fn status(board: &PuzzleBoard, snap: Option<&Snapshot>, t: &Text) -> Html {
    let pz = t.puzzles;
    if let Some(problem) = &board.problem {
        let text = match problem {
            Problem::Unavailable(detail) => fill(pz.load_failed, &[("detail", detail)]),
            Problem::Unknown(id) => fill(pz.no_such_puzzle, &[("id", id)]),
            Problem::NoneFits => pz.none_fits.to_string(),
        };
        return html! {
            <div class="status puzzle-status problem" role="alert" data-testid="status" data-phase="problem">
                { text }
            </div>
        };
    }
    let side = board.solver().map_or("", |s| t.side(s));
    let (text, class) = match board.phase {
        Phase::Loading => (pz.loading.to_string(), "loading"),
        Phase::Solving | Phase::Wrong if board.wrong.is_some() => (
            fill(
                pz.wrong_move,
                &[("move", board.wrong.as_deref().unwrap_or(""))],
            ),
            "wrong",
        ),
        Phase::Solving if board.done > board.setting() => (pz.right_move.to_string(), "right"),
        Phase::Solving => (fill(pz.your_move, &[("side", side)]), "solving"),
        Phase::Wrong => (String::new(), "wrong"),
        Phase::Reply => (pz.right_move.to_string(), "right"),
        Phase::Solved => (pz.solved.to_string(), "solved"),
        Phase::Showing | Phase::Shown => (pz.failed.to_string(), "failed"),
    };
    let mark = match class {
        "right" | "solved" => "✓ ",
        "wrong" | "failed" => "✗ ",
        _ => "",
    };
    html! {
        <div class={classes!("status", "puzzle-status", class)} role="status"
            data-testid="status" data-phase={class}
            data-to-move={snap.map(|s| s.to_move.id())} data-plies={snap.map(|s| s.san.len().to_string())}>
            if board.phase == Phase::Loading { <span class="spinner" aria-hidden="true"></span> }
            <span class="puzzle-mark" aria-hidden="true">{ mark }</span>
            { text }
        </div>
    }
}

/// The buttons: the solution while solving, Try again and Next puzzle once
/// it is over (Next also while solving: a puzzle may be skipped, and then
/// counts as failed only if a move was tried).
pub fn buttons(board: &PuzzleBoard, store: &Store, t: &Text, compact: bool) -> Html {
    let pz = t.puzzles;
    let solving = matches!(board.phase, Phase::Solving | Phase::Wrong | Phase::Reply);
    html! {
        <>
            if solving {
                <ToolButton testid="puzzle-solution" label={pz.show_solution} icon="💡" {compact}
                    onclick={store.dispatching(Action::Puzzle(PuzzleAction::Solve(Solve::ShowSolution)))} />
            }
            if board.finished() || board.rated {
                <ToolButton testid="puzzle-retry" label={pz.retry} icon="↺" {compact}
                    disabled={board.phase == Phase::Showing}
                    onclick={store.dispatching(Action::Puzzle(PuzzleAction::Solve(Solve::Retry)))} />
            }
            if !board.single {
                <ToolButton testid="puzzle-next" label={pz.next} icon="→" {compact}
                    disabled={board.set.is_none()}
                    onclick={store.dispatching(Action::Puzzle(PuzzleAction::Solve(Solve::Next)))} />
            }
        </>
    }
}

/// The panel beside the board.
pub fn panel(board: &PuzzleBoard, state: &State, store: &Store) -> Html {
    let t = state.text();
    let pz = t.puzzles;
    let p = board.puzzle.as_deref();
    let about = p.filter(|_| !board.single).map(|p| {
        fill(
            pz.puzzle_rated,
            &[("id", &p.id), ("rating", &p.rating.to_string())],
        )
    });
    // The themes tell the answer: shown once it is over.
    let themes = p.filter(|_| board.finished()).map(|p| {
        p.themes
            .iter()
            .map(|&th| match (th, p.mate_in()) {
                (Theme::Mate, Some(n)) => fill(pz.mate_in, &[("n", &n.to_string())]),
                _ => pz.theme(th).to_string(),
            })
            .collect::<Vec<_>>()
    });
    let progress = &board.progress;
    let change = board
        .change
        .map(|c| format!(" ({c:+})"))
        .unwrap_or_default();
    let filter = board.filter.clone();
    let on_game = {
        let filter = filter.clone();
        store.reform(move |e: Event| {
            let v = value(&e);
            Action::Puzzle(PuzzleAction::Solve(Solve::Filter(Filter {
                variant: (!v.is_empty()).then_some(v),
                ..filter.clone()
            })))
        })
    };
    let on_theme = store.reform(move |e: Event| {
        Action::Puzzle(PuzzleAction::Solve(Solve::Filter(Filter {
            theme: Theme::parse(&value(&e)),
            ..filter.clone()
        })))
    });
    html! {
        <>
            <h2 class="panel-title">{ pz.title }</h2>
            if let Some(about) = about { <p class="puzzle-about" data-testid="puzzle-about">{ about }</p> }
            if let Some(themes) = themes {
                <ul class="puzzle-themes" data-testid="puzzle-themes">
                    { for themes.into_iter().map(|th| html! { <li>{ th }</li> }) }
                </ul>
            }
            <div class="toolbar">
                { buttons(board, store, t, false) }
                <ToolButton testid="share" label={t.share.share} icon="↗" disabled={board.puzzle.is_none()}
                    onclick={store.dispatching(Action::Dialog(DialogAction::Open(Dialog::Share)))} />
            </div>
            if let Some(damage) = &board.damaged {
                <p class="puzzle-damaged" role="alert" data-testid="puzzle-damaged">{ damaged(damage, t) }</p>
            }
            if !board.single {
                <p class="puzzle-rating" data-testid="puzzle-rating">
                    { fill(pz.your_rating, &[("rating", &progress.rating.to_string())]) }{ change }
                </p>
                <p class="puzzle-record" data-testid="puzzle-record">{ fill(pz.streak, &[
                    ("streak", &progress.streak.to_string()),
                    ("best", &progress.best_streak.to_string()),
                    ("solved", &progress.solved.len().to_string()),
                ]) }</p>
                <div class="puzzle-filter">
                    <label>{ pz.game }
                        <select data-testid="puzzle-game" onchange={on_game}>
                            <option value="" selected={board.filter.variant.is_none()}>{ pz.both_games }</option>
                            { for ["mansindam", "pandemonium"].into_iter().map(|v| html! {
                                <option value={v} selected={board.filter.variant.as_deref() == Some(v)}>{ t.variant(v) }</option>
                            }) }
                        </select>
                    </label>
                    <label>{ pz.theme }
                        <select data-testid="puzzle-theme" onchange={on_theme}>
                            <option value="" selected={board.filter.theme.is_none()}>{ pz.any_theme }</option>
                            { for Theme::ALL.into_iter().map(|th| html! {
                                <option value={th.id()} selected={board.filter.theme == Some(th)}>{ pz.theme(th) }</option>
                            }) }
                        </select>
                    </label>
                </div>
            }
            { state.snapshot.as_deref().filter(|_| board.phase != Phase::Loading)
                .map(|s| panel::moves(s, t, state.view.prefs.pieces, state.shown_ply(), store.reform(|v| Action::Review(ReviewAction::ShowPly(v)))))
                .unwrap_or_default() }
        </>
    }
}

/// What is wrong with the stored record, in the page's language.
fn damaged(damage: &Damage, t: &Text) -> String {
    let pz = t.puzzles;
    let detail = match damage {
        Damage::NotARecord => pz.not_a_record.to_string(),
        Damage::NotANumber { field, value } => {
            fill(pz.not_a_number, &[("field", field), ("value", value)])
        }
        Damage::UnknownLine(line) => fill(pz.unknown_line, &[("line", line)]),
    };
    fill(pz.record_unreadable, &[("detail", &detail)])
}
