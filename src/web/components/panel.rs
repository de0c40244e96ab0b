//! Beside the board: whose turn it is, the result, the buttons and the moves.

use yew::prelude::*;

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;

use crate::protocol::{square_name, Ending, Player, Side, Snapshot};
use crate::web::i18n::{capitalised, fill, notation, Text};
use crate::web::prefs::PieceSet;
use crate::web::state::analysis::Numbering;
use crate::web::state::{Origin, Premove, State, Typed};

/// Whose turn it is, or the result; `instead`, when the player looks back
/// at an earlier move, takes the line's place (so nothing below it moves and
/// it never says "Your move" over a position of the past).
pub fn status(snap: Option<&Snapshot>, t: &Text, instead: Html) -> Html {
    let Some(snap) = snap else {
        return html! {
            <div class="status" data-testid="status" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>{ t.play.loading }
            </div>
        };
    };
    let dot = match snap.ending {
        Some(e) => e.winner.id(),
        None => snap.to_move.id(),
    };
    let class = classes!(
        "status",
        snap.ending.is_some().then_some("over"),
        (snap.check.is_some() && snap.ending.is_none()).then_some("in-check"),
    );
    let looking_back = instead != Html::default();
    let class = classes!(class, looking_back.then_some("looking-back"));
    html! {
        <div {class} data-testid="status" data-to-move={snap.to_move.id()}
            data-thinking={snap.thinking.to_string()} data-plies={snap.san.len().to_string()}>
            if looking_back {
                { instead }
            } else {
                <span class={classes!("turn-dot", dot)} aria-hidden="true"></span>
                <span class="status-text">{ t.status(snap) }</span>
                if snap.thinking {
                    <span class="spinner" aria-hidden="true"></span>
                }
            }
        </div>
    }
}

/// What a screen reader hears after each change: the last move, by the
/// side not to move now, and the status line.
pub fn announcement(snap: &Snapshot, t: &Text) -> String {
    let status = t.status(snap);
    match snap.san.last() {
        Some(san) => fill(
            t.play.move_announced,
            &[
                ("side", t.side(snap.to_move.flip())),
                ("san", san),
                ("status", &status),
            ],
        ),
        None => status,
    }
}

/// What a screen reader hears once a premove is chosen: `Premove: e3–e4`
/// (a drop: `Premove: R@e5`).
pub fn premove_announcement(premove: Premove, snap: &Snapshot, t: &Text) -> String {
    let from = match premove.from {
        Origin::Square(sq) => format!("{}–", square_name(sq)),
        Origin::Hand(k) => snap
            .kind(k)
            .map_or_else(String::new, |k| format!("{}@", k.letter)),
    };
    let to = square_name(premove.to);
    fill(t.play.premove, &[("move", &format!("{from}{to}"))])
}

/// The computer's advice, once asked for: the move, its evaluation for the
/// player and the line it expects (the board shows the move as an arrow).
pub fn hint(state: &State) -> Html {
    let t = state.text();
    if state.hint_pending {
        return html! {
            <div class="hint" data-testid="hint-text" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>{ t.play.hint_searching }
            </div>
        };
    }
    let (Some(hint), Some(snap)) = (&state.hint, state.snapshot.as_deref()) else {
        return Html::default();
    };
    // In the player's piece set: the move for the side to move, then the
    // line, one side after the other.
    let set = state.view.prefs.pieces;
    let written = |i: usize, san: &str| {
        let mover = if i.is_multiple_of(2) {
            snap.to_move
        } else {
            snap.to_move.flip()
        };
        notation(san, mover, &snap.kinds, set)
    };
    let line: Vec<String> = hint
        .line
        .iter()
        .enumerate()
        .map(|(i, san)| written(i, san))
        .collect();
    html! {
        <div class="hint" data-testid="hint-text" aria-live="polite" data-move={hint.san.clone()}>
            <div>
                { t.play.hint_label }<strong>{ written(0, &hint.san) }</strong>
                <span class="hint-score" title={t.play.hint_score_title}>
                    { format!(" ({})", hint.score) }</span>
            </div>
            if line.len() > 1 {
                <div class="hint-line">{ fill(t.play.hint_line, &[
                    ("line", &line.join(" ")),
                    ("depth", &hint.depth.to_string()),
                ]) }</div>
            }
        </div>
    }
}

/// What the result card's buttons do: open the New game dialog, start the
/// game again (`true`: the colours exchanged), reopen it for a take-back.
pub struct ResultActions {
    pub new_game: Callback<()>,
    pub rematch: Callback<bool>,
    pub reopen: Callback<bool>,
}

/// The end of the game, in words, with what may follow it: the same game
/// again (in a game played; also with the colours exchanged), a new game,
/// and reopening this one so that Take back may undo its end.
pub fn result(state: &State, on: ResultActions) -> Html {
    let Some((snap, ending)) = state
        .snapshot
        .as_deref()
        .and_then(|s| s.ending.map(|e| (s, e)))
    else {
        return Html::default();
    };
    let t = state.text();
    let headline = if snap.players.contains(&Player::Computer) {
        if snap.players[ending.winner.index()] == Player::Human {
            t.play.you_won.to_string()
        } else {
            t.play.computer_won.to_string()
        }
    } else if state.befriended() {
        friend_result(snap.players[ending.winner.index()], t).to_string()
    } else {
        fill(t.play.side_won, &[("side", t.side(ending.winner))])
    };
    let reason = capitalised(t.reason(ending.reason));
    let reopened = state.reopened;
    html! {
        <div class="result" data-testid="result" data-winner={ending.winner.id()} data-reason={ending.reason.id()}>
            <div class="result-title">{ headline }</div>
            <div class="result-reason">{ format!("{reason}. {}", claim_explanation(state, t)
                .map_or_else(|| t.ending_explanation(ending, snap.players), str::to_string)) }</div>
            <div class="result-actions">
                if !state.view.viewer && !state.by_letter() && !state.friend_out_of_reach() {
                    <button type="button" class="button primary" data-testid="rematch"
                        onclick={on.rematch.reform(|_| false)}>{ t.play.rematch }</button>
                    if !state.befriended() {
                        <button type="button" class="button" data-testid="swap-sides"
                            onclick={on.rematch.reform(|_| true)}>{ t.play.swap_sides }</button>
                    }
                }
                <button type="button" class={classes!("button", state.view.viewer.then_some("primary"))}
                    data-testid="result-new-game" onclick={on.new_game.reform(|_| ())}>{ t.play.new_game }</button>
            </div>
            if state.can_reopen() {
                <button type="button" class="button reopen" data-testid="reopen"
                    aria-pressed={reopened.to_string()}
                    onclick={on.reopen.reform(move |_| !reopened)}>{ t.play.reopen }</button>
            }
        </div>
    }
}

/// "You won" or "Your friend won".
#[cfg(feature = "study")]
fn friend_result(winner: Player, t: &Text) -> &'static str {
    if winner == Player::Human {
        t.play.you_won
    } else {
        t.friend.friend_won
    }
}

#[cfg(not(feature = "study"))]
fn friend_result(_: Player, t: &Text) -> &'static str {
    t.play.you_won
}

/// A game with a friend won by a claim while the channel was down: who
/// was away, who claimed.
#[cfg(feature = "study")]
fn claim_explanation(state: &State, t: &Text) -> Option<&'static str> {
    let game = state.friend.as_ref()?.game.as_deref()?;
    let by = game.claimed_by?;
    Some(if by == game.me {
        t.friend.you_claimed
    } else {
        t.friend.friend_claimed
    })
}

#[cfg(not(feature = "study"))]
fn claim_explanation(_: &State, _: &Text) -> Option<&'static str> {
    None
}

/// The moves in SAN, numbered; each one shows the position after it; then
/// the result, once the game has ended. `snap` is the game (not a past
/// position looked at); `shown`: the number of moves behind the position
/// on the board.
pub fn moves(
    snap: &Snapshot,
    t: &Text,
    set: PieceSet,
    shown: usize,
    on_show: Callback<usize>,
) -> Html {
    // Who made each move: the start position's side to move made the first.
    // A start with Black to move leaves White's half of the first row
    // empty, as a record writes `1… Pe6`.
    let numbering = Numbering::of(&snap.start_fen);
    let first = numbering.first;
    let offset = usize::from(first == Side::Black);
    let entry = |ply: usize| {
        let Some(san) = ply.checked_sub(1).and_then(|i| snap.san.get(i)) else {
            return html! { <span class="move-gap">{ if ply == 0 { "…" } else { "" } }</span> };
        };
        let mover = if ply % 2 == 1 { first } else { first.flip() };
        let san = notation(san, mover, &snap.kinds, set);
        let current = ply == shown;
        html! {
            <button type="button" class={classes!("move", current.then_some("current"))}
                data-ply={ply.to_string()} aria-current={current.then_some("step")}
                onclick={on_show.reform(move |_: MouseEvent| ply)}>{ san }</button>
        }
    };
    let rows = (0..(snap.san.len() + offset).div_ceil(2)).map(|i| {
        // The row's two slots, as plies (0: the empty slot before Black's first).
        let slot = |j: usize| (2 * i + j + 1).saturating_sub(offset);
        html! {
            <li key={i as u64}>
                <span class="move-number">{ format!("{}.", i + numbering.from) }</span>
                { entry(slot(0)) }
                { entry(slot(1)) }
            </li>
        }
    });
    html! {
        <div class="moves">
            <h2>{ fill(t.play.moves_heading, &[("game", t.variant(&snap.variant))]) }</h2>
            if snap.san.is_empty() {
                <p class="no-moves">{ t.play.no_moves }</p>
            } else {
                <ol data-testid="moves">{ for rows }</ol>
            }
            if let Some(line) = t.result_line(snap) {
                <p class="move-result" data-testid="move-result">{ line }</p>
            }
        </div>
    }
}

/// While an earlier position is on the board: which one, and a button back
/// to the game.
pub fn looking_back(state: &State, back_to_game: Callback<MouseEvent>) -> Html {
    let (Some(past), Some(live)) = (&state.review.viewing, &state.snapshot) else {
        return Html::default();
    };
    let t = state.text();
    let where_ = if past.san.is_empty() {
        t.play.viewing_start.to_string()
    } else {
        fill(
            t.play.viewing_move,
            &[
                ("n", &past.san.len().to_string()),
                ("total", &live.san.len().to_string()),
            ],
        )
    };
    html! {
        <div class="viewing" data-testid="viewing" data-ply={past.san.len().to_string()}>
            <span>{ where_ }</span>
            <button type="button" class="button" data-testid="live" onclick={back_to_game}>{ t.play.back_to_game }</button>
        </div>
    }
}

/// The field where a move can be typed (`e3e4`, `P@e5`, SAN), and below
/// it why the worker refused the last one (the text stays, to correct).
pub fn move_input(
    t: &Text,
    enabled: bool,
    typed: &Typed,
    on_edit: Callback<String>,
    on_move: Callback<String>,
) -> Html {
    let text = typed.text.clone();
    let onsubmit = Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        on_move.emit(text.clone());
    });
    let oninput = Callback::from(move |e: InputEvent| {
        let input = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok());
        if let Some(input) = input {
            on_edit.emit(input.value());
        }
    });
    let error = typed.error.as_deref();
    html! {
        <form class="move-form" {onsubmit}>
            <input type="text" data-testid="move-input" aria-label={t.play.type_move}
                placeholder={t.play.type_move} autocomplete="off" autocapitalize="off"
                spellcheck="false" disabled={!enabled} value={typed.text.clone()} {oninput}
                aria-invalid={error.map(|_| "true")}
                aria-describedby={error.map(|_| "move-error")} />
            if let Some(error) = error {
                // (As the worker says it: it starts with the move typed.)
                <p class="move-error" id="move-error" role="alert" data-testid="move-error">
                    { error.to_string() }
                </p>
            }
        </form>
    }
}

/// The question before a move that ends the game by repetition.
pub fn repetition_warning(snap: Option<&Snapshot>, ending: Option<Ending>, t: &Text) -> String {
    let (Some(snap), Some(e)) = (snap, ending) else {
        return String::new();
    };
    fill(
        t.play.repetition_warning,
        &[
            ("mover", t.side(snap.to_move)),
            ("winner", t.side(e.winner)),
            ("reason", t.reason(e.reason)),
        ],
    )
}
