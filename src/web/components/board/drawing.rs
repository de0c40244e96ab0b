//! The board's drawing: the squares with their pieces and marks, the
//! arrows and circles over them, the promotion question, the ghost piece
//! under a drag and the empty board shown before the first position; and
//! where each square is on screen.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::{square_name, Snapshot};
use crate::web::components::piece::tile;
use crate::web::i18n::{piece_name, Texts};
use crate::web::state::{BoardInput, Origin, PromotionChoice};

use super::props::{BoardProps, Shape};

/// The board's ranks as they are on screen: each a row of the grid, for
/// screen readers (`display: contents`, so the squares stay the board's
/// grid items).
pub(super) fn ranks(props: &BoardProps, snap: &Snapshot) -> Vec<Html> {
    let mut squares = squares(props, snap);
    (0..9u8)
        .map(|row| {
            html! {
                <div key={u64::from(row)} class="board-rank" role="row">{ for squares.by_ref().take(9) }</div>
            }
        })
        .collect()
}

/// The 81 squares in screen order, with their pieces and marks.
fn squares<'a>(props: &'a BoardProps, snap: &'a Snapshot) -> impl Iterator<Item = Html> + 'a {
    let t = props.lang.text();
    let selected = match props.selection {
        Some(Origin::Square(sq)) => Some(sq),
        _ => None,
    };
    let premove = |sq: u8| {
        props
            .premove
            .is_some_and(|p| p.to == sq || p.from == Origin::Square(sq))
    };
    let (last_from, last_to) = match snap.last_move {
        Some((from, to)) => (from, Some(to)),
        None => (None, None),
    };
    screen_squares(props.flipped).map(move |sq| {
        let (row, col) = screen_position(sq, props.flipped);
        let piece = snap.piece(sq);
        let kind = piece.and_then(|p| snap.kind(p.kind));
        let label = match (piece, kind) {
            (Some(p), Some(k)) => format!("{}, {}", square_name(sq), t.piece(p.side, k)),
            _ => format!("{}, {}", square_name(sq), t.play.empty_square),
        };
        let class = classes!(
            "sq",
            if (sq % 9 + sq / 9) % 2 == 0 { "dark" } else { "light" },
            (last_from == Some(sq) || last_to == Some(sq)).then_some("last"),
            (selected == Some(sq)).then_some("selected"),
            props.destinations[sq as usize].then_some(if piece.is_some() { "capture" } else { "dest" }),
            (snap.check == Some(sq)).then_some("check"),
            premove(sq).then_some("premove"),
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
                tabindex={if sq == props.focus { "0" } else { "-1" }}>
                { rank_label }
                { file_label }
                { match (piece, kind) {
                    (Some(p), Some(k)) => tile(p.side, k, props.pieces),
                    _ => Html::default(),
                } }
            </div>
        }
    })
}

/// Moves over the board: an arrow from a square, or a ring on a square
/// (a drop, or a circle the player drew). `class` names the layer: the
/// hint's (`hint-arrow`) or the player's drawings (`drawn`).
pub(super) fn marks(shapes: &[Shape], flipped: bool, class: &'static str) -> Html {
    if shapes.is_empty() {
        return Html::default();
    }
    // The board in hundredths of a square (whole numbers, so the page needs
    // no float formatting); a square's centre is at +50.
    let centre = |sq: u8| {
        let (row, col) = screen_position(sq, flipped);
        (i32::from(col) * 100 + 50, i32::from(row) * 100 + 50)
    };
    let head = format!("{class}-head");
    let shape = |&(from, to): &Shape| {
        let (x2, y2) = centre(to);
        match from {
            Some(from) => {
                let (x1, y1) = centre(from);
                // Stop short of the centre, so the head does not hide the piece.
                let (dx, dy) = (x2 - x1, y2 - y1);
                let len = f64::from(dx * dx + dy * dy).sqrt().max(1.0);
                let short = |d: i32| (f64::from(d) * 30.0 / len).round() as i32;
                let (ex, ey) = (x2 - short(dx), y2 - short(dy));
                html! {
                    <line x1={x1.to_string()} y1={y1.to_string()} x2={ex.to_string()} y2={ey.to_string()}
                        marker-end={format!("url(#{head})")} />
                }
            }
            None => html! { <circle cx={x2.to_string()} cy={y2.to_string()} r="42" /> },
        }
    };
    html! {
        <svg {class} viewBox="0 0 900 900" aria-hidden="true" data-testid={class}>
            <defs>
                <marker id={head.clone()} viewBox="0 0 4 4" refX="1" refY="2"
                    markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0,0 L4,2 L0,4 z" />
                </marker>
            </defs>
            { for shapes.iter().map(shape) }
        </svg>
    }
}

/// The promotion question, on the destination square.
pub(super) fn promotion_dialog(
    props: &BoardProps,
    snap: &Snapshot,
    choice: PromotionChoice,
    armed: &Rc<RefCell<bool>>,
) -> Html {
    let t = props.lang.text();
    let (row, col) = screen_position(choice.to, props.flipped);
    let side = snap.to_move;
    // Over the destination, open towards the middle of the board so it
    // never leaves it; placed by classes (the page's CSP allows no inline
    // style).
    let top = if row <= 4 { row } else { row - 1 };
    let class = classes!("promotion", format!("col-{col}"), format!("top-{top}"));
    let button = |promote: bool, kind: u8, text: &'static str| {
        let input = props.on_input.clone();
        let label = snap
            .kind(kind)
            .map(|k| format!("{text}: {}", piece_name(t.lang, k)))
            .unwrap_or_default();
        let armed = armed.clone();
        let onclick = Callback::from(move |e: MouseEvent| {
            if e.detail() == 0 || *armed.borrow() {
                input.emit(BoardInput::Promote(promote));
            }
        });
        html! {
            <button
                class="promo-choice"
                data-testid={if promote { "promote-yes" } else { "promote-no" }}
                aria-label={label.clone()}
                title={label}
                {onclick}
            >
                { snap.kind(kind).map(|k| tile(side, k, props.pieces)).unwrap_or_default() }
            </button>
        }
    };
    let (first, second) = if row <= 4 {
        (
            button(true, choice.promoted_kind, t.play.promote),
            button(false, choice.kind, t.play.dont_promote),
        )
    } else {
        (
            button(false, choice.kind, t.play.dont_promote),
            button(true, choice.promoted_kind, t.play.promote),
        )
    };
    let arm = {
        let armed = armed.clone();
        Callback::from(move |_: PointerEvent| *armed.borrow_mut() = true)
    };
    html! {
        <div {class} role="dialog" aria-label={t.play.promote_confirm} data-testid="promotion"
            onpointerdown={arm}>
            { first }
            { second }
        </div>
    }
}

/// Squares in screen order, top-left first.
pub(super) fn screen_squares(flipped: bool) -> impl Iterator<Item = u8> {
    (0..81u8).map(move |i| screen_square(i / 9, i % 9, flipped))
}

/// The square at a row and column on screen (the inverse of [`screen_position`]).
pub(super) fn screen_square(row: u8, col: u8, flipped: bool) -> u8 {
    if flipped {
        row * 9 + (8 - col)
    } else {
        (8 - row) * 9 + col
    }
}

/// Row and column (0–8, top-left 0) of a square on screen.
pub(super) fn screen_position(square: u8, flipped: bool) -> (u8, u8) {
    let (file, rank) = (square % 9, square / 9);
    if flipped {
        (rank, 8 - file)
    } else {
        (8 - rank, file)
    }
}

/// The piece under a drag (the one selected), drawn in the ghost that
/// follows the pointer.
pub(super) fn ghost_piece(props: &BoardProps) -> Option<Html> {
    match (&props.snap, props.selection) {
        (Some(s), Some(Origin::Square(sq))) => s
            .piece(sq)
            .and_then(|p| Some(tile(p.side, s.kind(p.kind)?, props.pieces))),
        (Some(s), Some(Origin::Hand(k))) => s
            .kind(k)
            .map(|kind| tile(props.movable.unwrap_or(s.to_move), kind, props.pieces)),
        _ => None,
    }
}

/// Until the worker's first snapshot: empty hands and board at their final
/// size (as index.html paints them before the app starts), so that nothing
/// moves when the game comes.
pub(super) fn placeholder() -> Html {
    html! {
        <>
            <div class="hand top placeholder" aria-hidden="true"></div>
            <div class="board-wrap loading">
                <div class="board skeleton" aria-hidden="true"></div>
            </div>
            <div class="hand bottom placeholder" aria-hidden="true"></div>
        </>
    }
}
