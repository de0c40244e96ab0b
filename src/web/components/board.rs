//! The 9×9 board: squares with coordinates, pieces, and the marks for the
//! selected piece, its legal destinations, the last move and a King in check.

use yew::prelude::*;

use crate::protocol::{square_name, Side, Snapshot};
use crate::web::i18n::piece_name;
use crate::web::state::{Origin, PromotionChoice, State};

use super::piece::tile;

/// Squares in screen order, top-left first.
pub fn screen_squares(flipped: bool) -> impl Iterator<Item = u8> {
    (0..81u8).map(move |i| screen_square(i / 9, i % 9, flipped))
}

/// The square at a row and column on screen (the inverse of [`screen_position`]).
pub fn screen_square(row: u8, col: u8, flipped: bool) -> u8 {
    if flipped {
        row * 9 + (8 - col)
    } else {
        (8 - row) * 9 + col
    }
}

/// Row and column (0–8, top-left 0) of a square on screen.
pub fn screen_position(square: u8, flipped: bool) -> (u8, u8) {
    let (file, rank) = (square % 9, square / 9);
    if flipped {
        (rank, 8 - file)
    } else {
        (8 - rank, file)
    }
}

pub fn board(state: &State, snap: &Snapshot, on_promote: Callback<bool>) -> Html {
    let t = state.text();
    let dest = state.destinations();
    let selected = match state.selected {
        Some(Origin::Square(sq)) => Some(sq),
        _ => None,
    };
    let (last_from, last_to) = match snap.last_move {
        Some((from, to)) => (from, Some(to)),
        None => (None, None),
    };
    let mut squares = screen_squares(state.flipped).map(|sq| {
        let (row, col) = screen_position(sq, state.flipped);
        let piece = snap.piece(sq);
        let kind = piece.and_then(|p| snap.kind(p.kind));
        let label = match (piece, kind) {
            (Some(p), Some(k)) => format!(
                "{}, {}",
                square_name(sq),
                t.piece(&snap.variant, p.side, k)
            ),
            _ => format!("{}, {}", square_name(sq), t.empty),
        };
        let class = classes!(
            "sq",
            if (sq % 9 + sq / 9) % 2 == 0 { "dark" } else { "light" },
            (last_from == Some(sq) || last_to == Some(sq)).then_some("last"),
            (selected == Some(sq)).then_some("selected"),
            dest[sq as usize].then_some(if piece.is_some() { "capture" } else { "dest" }),
            (snap.check == Some(sq)).then_some("check"),
        );
        // The coordinates along the edges are drawn by CSS from data-coord
        // (not text of the square: its name, "e4, White Pawn", says it).
        let file_label = (row == 8).then(|| html! {
            <span class="coord file" data-coord={((b'a' + sq % 9) as char).to_string()}></span>
        });
        let rank_label = (col == 0).then(|| html! {
            <span class="coord rank" data-coord={(sq / 9 + 1).to_string()}></span>
        });
        html! {
            <div key={sq as u64} {class} data-square={square_name(sq)} aria-label={label} role="gridcell"
                tabindex={if sq == state.focus { "0" } else { "-1" }}>
                { rank_label }
                { file_label }
                { match (piece, kind) {
                    (Some(p), Some(k)) => tile(p.side, k, state.prefs.pieces),
                    _ => Html::default(),
                } }
            </div>
        }
    });
    // Each rank on screen is a row of the grid, for screen readers; the rows
    // are `display: contents`, so the squares stay the board's grid items.
    let rows = (0..9u8).map(|row| {
        html! {
            <div key={u64::from(row)} class="board-rank" role="row">{ for squares.by_ref().take(9) }</div>
        }
    });
    let promotion = state
        .promotion
        .map(|choice| promotion_dialog(snap, choice, state, on_promote));
    let hint = state
        .hint
        .as_ref()
        .filter(|_| state.viewing.is_none())
        .map(|h| hint_arrow(h.spec.from, h.spec.to, state.flipped));
    html! {
        <div class="board" role="grid" aria-label={t.board}>
            { for rows }
            { hint }
            { promotion }
        </div>
    }
}

/// The hinted move over the board: an arrow from its square, or a ring on
/// the square a piece is to be dropped on.
fn hint_arrow(from: Option<u8>, to: u8, flipped: bool) -> Html {
    // The board in units of one square; a square's centre is at +0.5.
    let centre = |sq: u8| {
        let (row, col) = screen_position(sq, flipped);
        (f32::from(col) + 0.5, f32::from(row) + 0.5)
    };
    let (x2, y2) = centre(to);
    let mark = match from {
        Some(from) => {
            let (x1, y1) = centre(from);
            // Stop short of the centre, so the head does not hide the piece.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(0.01);
            let (ex, ey) = (x2 - dx / len * 0.3, y2 - dy / len * 0.3);
            html! {
                <line x1={x1.to_string()} y1={y1.to_string()} x2={ex.to_string()} y2={ey.to_string()}
                    marker-end="url(#hint-head)" />
            }
        }
        None => html! { <circle cx={x2.to_string()} cy={y2.to_string()} r="0.42" /> },
    };
    html! {
        <svg class="hint-arrow" viewBox="0 0 9 9" aria-hidden="true" data-testid="hint-arrow">
            <defs>
                <marker id="hint-head" viewBox="0 0 4 4" refX="1" refY="2"
                    markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0,0 L4,2 L0,4 z" />
                </marker>
            </defs>
            { mark }
        </svg>
    }
}

/// The promotion question, on the destination square.
fn promotion_dialog(
    snap: &Snapshot,
    choice: PromotionChoice,
    state: &State,
    on_promote: Callback<bool>,
) -> Html {
    let t = state.text();
    let (row, col) = screen_position(choice.to, state.flipped);
    let side = snap.to_move;
    // Open towards the middle of the board so it never leaves it.
    let top = if row <= 4 {
        row as f32
    } else {
        row as f32 - 1.0
    };
    let style = format!("left: calc({col} * 100% / 9); top: calc({top} * 100% / 9);");
    let button = |promote: bool, kind: u8, text: &'static str| {
        let on_promote = on_promote.clone();
        let label = snap
            .kind(kind)
            .map(|k| format!("{text}: {}", piece_name(t.lang, &snap.variant, k)))
            .unwrap_or_default();
        html! {
            <button
                class="promo-choice"
                data-testid={if promote { "promote-yes" } else { "promote-no" }}
                aria-label={label.clone()}
                title={label}
                onclick={Callback::from(move |_| on_promote.emit(promote))}
            >
                { snap.kind(kind).map(|k| tile(side, k, state.prefs.pieces)).unwrap_or_default() }
            </button>
        }
    };
    let (first, second) = if row <= 4 {
        (
            button(true, choice.promoted_kind, t.promote),
            button(false, choice.kind, t.stay),
        )
    } else {
        (
            button(false, choice.kind, t.stay),
            button(true, choice.promoted_kind, t.promote),
        )
    };
    html! {
        <div class="promotion" {style} role="dialog" aria-label={t.promote_question} data-testid="promotion">
            { first }
            { second }
        </div>
    }
}

/// Which side sits at the bottom of the screen.
pub fn bottom_side(flipped: bool) -> Side {
    if flipped {
        Side::Black
    } else {
        Side::White
    }
}
