//! The board's properties (what its host gives it) and the shapes the
//! player draws on it, shared by the component and its parts.

use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::{Lang, Side, Snapshot};
use crate::web::components::hand::ClockFace;
use crate::web::prefs::PieceSet;
use crate::web::state::{BoardInput, Origin, Premove, PromotionChoice};

/// An arrow the player drew on the board, or a circle (an arrow from
/// nowhere); shown until the position changes or a click clears them.
pub type Shape = (Option<u8>, u8);

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position shown; `None` while the first one is coming (the board
    /// and hands are drawn empty, at their final size).
    pub snap: Option<Rc<Snapshot>>,
    /// The side whose pieces the player may pick up now, if any.
    pub movable: Option<Side>,
    pub selection: Option<Origin>,
    /// The squares the selected piece may go to, by square index.
    pub destinations: [bool; 81],
    pub promotion: Option<PromotionChoice>,
    /// A move chosen while the computer thinks, marked on its squares (and
    /// hand slot) until it is played or given up.
    pub premove: Option<Premove>,
    /// A move to draw as an arrow (from a square, or a drop: a ring).
    pub arrow: Option<(Option<u8>, u8)>,
    /// The move a review found better than the one just played.
    #[prop_or_default]
    pub better: Option<(Option<u8>, u8)>,
    /// The evaluation bar of the analysis board, between the opponent's
    /// hand and the board.
    #[prop_or_default]
    pub bar: Option<Html>,
    /// Black at the bottom.
    pub flipped: bool,
    /// The square the keyboard cursor is on.
    pub focus: u8,
    pub pieces: PieceSet,
    pub lang: Lang,
    /// The clocks shown in each side's hand, White's then Black's.
    pub clocks: [Option<ClockFace>; 2],
    pub on_input: Callback<BoardInput>,
}
