//! Beside the board: whose turn it is, the result, the buttons and the moves.

use yew::prelude::*;

use crate::protocol::{Player, Snapshot};
use crate::web::state::{status_text, State};

pub fn status(snap: Option<&Snapshot>) -> Html {
    let Some(snap) = snap else {
        return html! {
            <div class="status" data-testid="status" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>{ "Starting the game engine…" }
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
    html! {
        <div {class} data-testid="status" aria-live="polite" data-to-move={snap.to_move.id()}
            data-thinking={snap.thinking.to_string()} data-plies={snap.san.len().to_string()}>
            <span class={classes!("turn-dot", dot)} aria-hidden="true"></span>
            <span class="status-text">{ status_text(snap) }</span>
            if snap.thinking {
                <span class="spinner" aria-hidden="true"></span>
            }
        </div>
    }
}

/// The computer's advice, once asked for: the move, its evaluation for the
/// player and the line it expects (the board shows the move as an arrow).
pub fn hint(state: &State) -> Html {
    if state.hint_pending {
        return html! {
            <div class="hint" data-testid="hint-text" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>{ "Looking for a good move…" }
            </div>
        };
    }
    let Some(hint) = &state.hint else {
        return Html::default();
    };
    html! {
        <div class="hint" data-testid="hint-text" aria-live="polite" data-move={hint.san.clone()}>
            <div>
                { "Hint: " }<strong>{ hint.san.clone() }</strong>
                <span class="hint-score" title="The evaluation for you: + is good, # is a forced mate">
                    { format!(" ({})", hint.score) }</span>
            </div>
            if hint.line.len() > 1 {
                <div class="hint-line">{ format!("Expected: {} (depth {})", hint.line.join(" "), hint.depth) }</div>
            }
        </div>
    }
}

/// The end of the game, in words.
pub fn result(snap: &Snapshot, on_new_game: Callback<()>) -> Html {
    let Some(ending) = snap.ending else {
        return Html::default();
    };
    let vs_computer = snap.players.contains(&Player::Computer);
    let headline = if vs_computer {
        if snap.players[ending.winner.index()] == Player::Human {
            "You won!".to_string()
        } else {
            "The computer won".to_string()
        }
    } else {
        format!("{} won", ending.winner.name())
    };
    let reason = ending.reason.words();
    let mut chars = reason.chars();
    let reason = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect::<String>())
        .unwrap_or_default();
    html! {
        <div class="result" data-testid="result" data-winner={ending.winner.id()} data-reason={ending.reason.words()}>
            <div class="result-title">{ headline }</div>
            <div class="result-reason">{ format!("{reason}. {}", ending.reason.explanation()) }</div>
            <button type="button" class="button primary" onclick={on_new_game.reform(|_| ())}>{ "New game" }</button>
        </div>
    }
}

pub fn moves(snap: &Snapshot) -> Html {
    let rows = snap.san.chunks(2).enumerate().map(|(i, pair)| {
        html! {
            <li key={i as u64}>
                <span class="move-number">{ format!("{}.", i + 1) }</span>
                <span class="move">{ pair[0].clone() }</span>
                <span class="move">{ pair.get(1).cloned().unwrap_or_default() }</span>
            </li>
        }
    });
    html! {
        <div class="moves">
            <h3>{ format!("{} · moves", snap.variant_name) }</h3>
            if snap.san.is_empty() {
                <p class="no-moves">{ "No moves yet." }</p>
            } else {
                <ol data-testid="moves">{ for rows }</ol>
            }
        </div>
    }
}
